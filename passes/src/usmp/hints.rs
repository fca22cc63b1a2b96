//! `buffer.overlap` hints (emitted by `buffer-to-loop` in front of kernels whose output may
//! overlap their input) read from the IR and turned into planning [`Allowance`]s.
//!
//! A hint states that the kernel after it is the input's last reader and the output's first
//! user (`buffer-to-loop` checks that before emitting it, see
//! `conversion::buffer_to_loop::overlap`), so before the kernel the output's bytes hold nothing
//! and after it the input's are dead: sharing bytes is safe at every step both are live. It
//! becomes an allowance when both operands are whole scratch allocs of one problem (an alloc's
//! result, or a row-major view of all of it from its first byte: the allowance is between the
//! buffers' starts). A kernel lowered to several top-level loops spans several steps; the hint
//! covers them all. Every hint is erased, used or not: none reaches code generation.

use super::liveness::{LiveBuffer, Liveness};
use super::overlap::Allowance;
use super::problem::Problem;
use mc_dialects::buffer::{AllocOp, DeltaBound, OverlapOp, Role, root_buffer};
use mc_ir::{Context, OpId, Value};
use rustc_hash::FxHashMap;

/// One hint, on the allocs' results.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The output's alloc result.
    pub output: Value,
    /// The input's alloc result.
    pub input: Value,
    /// Where the output may start relative to the input.
    pub bound: DeltaBound,
}

/// Erases every `buffer.overlap` under `module` and returns the hints whose operands are whole
/// allocs (the others cannot become allowances), and whether any op was erased.
pub fn take(ctx: &mut Context, module: OpId) -> (Vec<Hint>, bool) {
    let ops: Vec<OverlapOp> = ctx.walk_preorder(module).into_iter().filter_map(|op| OverlapOp::cast(ctx, op)).collect();
    let mut hints = Vec::new();
    for &hint in &ops {
        let (output, input) = (whole_alloc(ctx, hint.output(ctx)), whole_alloc(ctx, hint.input(ctx)));
        if let (Some(output), Some(input), Some(bound)) = (output, input, hint.bound(ctx)) {
            hints.push(Hint { output, input, bound });
        }
        ctx.erase_op(hint.op());
    }
    (hints, !ops.is_empty())
}

/// The alloc `value` is the whole of: its root when that is a scratch `buffer.alloc` and
/// `value` is a row-major view of all its bytes from the first.
fn whole_alloc(ctx: &Context, value: Value) -> Option<Value> {
    let root = root_buffer(ctx, value);
    let alloc = ctx.defining_op(root).and_then(|op| AllocOp::cast(ctx, op))?;
    if alloc.role_value(ctx).unwrap_or(Role::Scratch) != Role::Scratch {
        return None;
    }
    let (ty, root_ty) = (ctx.value_type(value), ctx.value_type(root));
    let buffer = ctx.buffer(ty)?;
    let whole = buffer.offset == 0
        && buffer.is_row_major_contiguous()
        && ctx.buffer_storage_bytes(ty).is_some()
        && ctx.buffer_storage_bytes(ty) == ctx.buffer_storage_bytes(root_ty);
    whole.then_some(root)
}

/// The allowances `hints` give in a problem whose request `k` is `live.buffers[buffers[k]]`
/// (hints on buffers of other problems give none).
pub fn allowances(hints: &[Hint], live: &Liveness, buffers: &[usize]) -> Vec<Allowance> {
    let index: FxHashMap<Value, usize> =
        buffers.iter().enumerate().map(|(k, &i)| (live.buffers[i].alloc.result(), k)).collect();
    hints
        .iter()
        .filter_map(|hint| {
            let (&output, &input) = (index.get(&hint.output)?, index.get(&hint.input)?);
            (output != input).then_some(Allowance { output, input, bound: hint.bound })
        })
        .collect()
}

/// The lower bound of planning the scratch buffers of `live` that `keep` accepts into one pool:
/// the most bytes live at one step, less what `hints` let an output share with the input it
/// consumes there ([`Problem::lower_bound`]).
pub fn scratch_lower_bound(hints: &[Hint], live: &Liveness, keep: impl Fn(&LiveBuffer) -> bool) -> u64 {
    let buffers: Vec<usize> =
        (0..live.buffers.len()).filter(|&i| live.buffers[i].role == Role::Scratch && keep(&live.buffers[i])).collect();
    let requests = buffers.iter().map(|&i| live.buffers[i].request.clone()).collect();
    Problem::new(requests).with_allowances(allowances(hints, live, &buffers)).lower_bound()
}
