//! `buffer-inplace-concat`: in-place concatenation (TVM's and ONNX Runtime's name). The kernels
//! producing the inputs of a `concatenation` or `pack` write straight into their slice of its
//! output, and the copy goes; what cannot is copied into its slice as before.
//!
//! A `concatenation` or `pack` kernel `K` is considered when its slices are contiguous: every
//! dimension of the output before the axis has size 1 (the axis is the outermost non-unit
//! dimension, so slice `i` is one run of storage at an offset; in NHWC that is a batch or row
//! concatenation, or a channel one only when `H = W = 1`), its output is row-major in a scratch
//! alloc or an output argument that nothing uses before `K`, and TFLite Micro concatenates it
//! (at most 10 inputs, rank ≤ 4: [`check_limits`]; otherwise the lowering reports the error).
//! Input `x` then takes its slice when:
//!
//! 1. **Written here**: `x` is a scratch `buffer.alloc` of the function (not a constant, an
//!    argument, a variable or a view of something else), written by kernels or copies before `K`
//!    only.
//! 2. **Read by then**: every use of `x` (and of views of it) is at or before `K`, so nothing
//!    needs `x` after the output takes over (a later in-place write over the output could
//!    clobber it).
//! 3. **Once**: `x` is not another input of `K` too (one slice each).
//!
//! `x`'s alloc is replaced by a view of the output's storage at the slice's offset (views of `x`
//! move along), so its producer writes there. If any input took its slice, `K` is replaced by a
//! `buffer.copy` of each other input into its slice; if none did, `K` stays. Liveness makes the
//! output live from its first producer on (readers and writers of a view are its root's); the
//! sum of the inputs' allocs and the output's becomes the output's alone.
//!
//! ```mlir
//! %a = buffer.alloc() {role = "scratch"} : !buffer<1x4xf32>
//! buffer.kernel relu ins(%x : !buffer<1x4xf32>) outs(%a : !buffer<1x4xf32>)
//! %b = buffer.alloc() {role = "scratch"} : !buffer<1x4xf32>
//! buffer.kernel tanh ins(%x : !buffer<1x4xf32>) outs(%b : !buffer<1x4xf32>)
//! %c = buffer.alloc() {role = "scratch"} : !buffer<2x4xf32>
//! buffer.kernel concatenation ins(%a, %b : ...) outs(%c : !buffer<2x4xf32>) {axis = 0 : i64}
//! // becomes
//! %c = buffer.alloc() {role = "scratch"} : !buffer<2x4xf32>
//! %a = buffer.view %c : !buffer<2x4xf32> to !buffer<1x4xf32>
//! buffer.kernel relu ins(%x : !buffer<1x4xf32>) outs(%a : !buffer<1x4xf32>)
//! %b = buffer.view %c {offset = 4 : i64} : !buffer<2x4xf32> to !buffer<1x4xf32, strides: [4, 1], offset: 4>
//! buffer.kernel tanh ins(%x : !buffer<1x4xf32>) outs(%b : ...)
//! ```

use super::{may_write, position_in, shift_views};
use crate::conversion::buffer_to_loop::concatenation::check_limits;
use mc_dialects::buffer::{AllocOp, CopyOp, KernelOp, Role, ViewOp, aliases, root_buffer};
use mc_ir::buffer::row_major_strides;
use mc_ir::pass::{AnalysisManager, Pass};
use mc_ir::{BlockId, BufferType, Builder, Context, Failure, InsertPoint, OpId, Value};
use rustc_hash::FxHashMap;

/// The `buffer-inplace-concat` pass.
#[derive(Default)]
pub struct BufferInplaceConcat;

impl Pass for BufferInplaceConcat {
    fn argument(&self) -> &str {
        "buffer-inplace-concat"
    }

    fn summary(&self) -> &str {
        "Let the producers of a contiguous concatenation or pack write into its output"
    }

    fn description(&self) -> &str {
        "For a concatenation or pack buffer.kernel along the outermost non-unit dimension, \
         each input that is a scratch alloc written before it and read no later becomes a view \
         of its slice of the output, so its producer writes there; the kernel becomes copies \
         of the remaining inputs into their slices."
    }

    fn run(&mut self, ctx: &mut Context, op: OpId, analyses: &mut AnalysisManager) -> Result<(), Failure> {
        if concat_in_place(ctx, op) == 0 {
            analyses.mark_all_preserved();
        }
        Ok(())
    }
}

/// Makes the producers of every contiguous concatenation and pack under `root` write into its
/// output where the conditions allow; returns how many inputs now do.
pub fn concat_in_place(ctx: &mut Context, root: OpId) -> usize {
    let mut done = 0;
    for block in super::kernel_blocks(ctx, root) {
        let kernels: Vec<KernelOp> = ctx.block_ops(block).filter_map(|op| KernelOp::cast(ctx, op)).collect();
        for kernel in kernels {
            let Some(slices) = contiguous_slices(ctx, kernel) else { continue };
            let takers = takers(ctx, block, kernel, &slices);
            if takers.iter().any(|&t| t) {
                done += takers.iter().filter(|&&t| t).count();
                rewrite(ctx, kernel, &slices, &takers);
            }
        }
    }
    done
}

/// The element offset (relative to the output's) of each input's slice of the output of the
/// `concatenation` or `pack` `kernel`, if the slices are contiguous and the output may take them
/// (see the module docs).
pub fn contiguous_slices(ctx: &Context, kernel: KernelOp) -> Option<Vec<i64>> {
    let name = kernel.kernel_name(ctx).filter(|&n| n == "concatenation" || n == "pack")?;
    let inputs = kernel.inputs(ctx);
    let output = kernel.output(ctx);
    let out = ctx.buffer(ctx.value_type(output))?;
    let rank = out.rank();
    if !out.has_row_major_strides() || (name == "concatenation" && check_limits(inputs.len(), rank).is_err()) {
        return None;
    }
    let axis = ctx.attr(kernel.op(), "axis").and_then(|a| ctx.integer_value(a)).and_then(|v| i64::try_from(v).ok())?;
    let axis = usize::try_from(if axis < 0 { axis + rank as i64 } else { axis }).ok().filter(|&a| a < rank)?;
    if out.shape[..axis].iter().any(|&d| d != 1) {
        return None;
    }
    // The output's storage: a scratch alloc or an argument, used from the kernel on.
    let root = root_buffer(ctx, output);
    if ctx
        .defining_op(root)
        .is_some_and(|def| AllocOp::cast(ctx, def).is_none_or(|a| a.role_value(ctx) != Some(Role::Scratch)))
    {
        return None;
    }
    let inner: i64 = out.shape[axis + 1..].iter().product();
    let mut offsets = Vec::with_capacity(inputs.len());
    let mut along = 0;
    for (position, &input) in inputs.iter().enumerate() {
        offsets.push(along * inner);
        along = match name {
            "pack" => position as i64 + 1,
            _ => along + ctx.buffer(ctx.value_type(input))?.shape.get(axis).copied()?,
        };
    }
    Some(offsets)
}

/// Which inputs of `kernel` (a kernel of `block` whose slices are at `slices`) take their slice.
fn takers(ctx: &Context, block: BlockId, kernel: KernelOp, slices: &[i64]) -> Vec<bool> {
    let positions: FxHashMap<OpId, usize> = ctx.block_ops(block).enumerate().map(|(i, op)| (op, i)).collect();
    let inputs = kernel.inputs(ctx);
    let Some(here) = positions.get(&kernel.op()).copied() else { return vec![false; inputs.len()] };
    // Nothing but views touches the output's storage before the kernel.
    let root = root_buffer(ctx, kernel.output(ctx));
    let untouched = aliases(ctx, root).into_iter().all(|alias| {
        ctx.uses(alias)
            .filter(|u| ViewOp::cast(ctx, u.user).is_none())
            .all(|u| position_in(ctx, u.user, &positions).is_some_and(|p| p >= here))
    });
    if !untouched || slices.len() != inputs.len() {
        return vec![false; inputs.len()];
    }
    inputs
        .iter()
        .map(|&input| {
            inputs.iter().filter(|&&other| other == input).count() == 1 && takes_slice(ctx, input, here, &positions)
        })
        .collect()
}

/// Conditions 1 and 2 for `input` of the kernel at position `here`.
fn takes_slice(ctx: &Context, input: Value, here: usize, positions: &FxHashMap<OpId, usize>) -> bool {
    let Some(alloc) = ctx.defining_op(input).and_then(|op| AllocOp::cast(ctx, op)) else { return false };
    if alloc.role_value(ctx) != Some(Role::Scratch) || !positions.contains_key(&alloc.op()) {
        return false;
    }
    let mut written = false;
    for alias in aliases(ctx, input) {
        for u in ctx.uses(alias) {
            if ViewOp::cast(ctx, u.user).is_some() {
                continue;
            }
            let Some(p) = position_in(ctx, u.user, positions) else { return false };
            let writes = may_write(ctx, u.user, alias);
            let by_kernel_or_copy = KernelOp::cast(ctx, u.user).is_some() || CopyOp::cast(ctx, u.user).is_some();
            if p > here || (writes && (p == here || !by_kernel_or_copy)) {
                return false;
            }
            written |= writes;
        }
    }
    written
}

/// Points each taker's alloc at its slice of the kernel's output storage and replaces the kernel
/// by copies of the other inputs into their slices.
fn rewrite(ctx: &mut Context, kernel: KernelOp, slices: &[i64], takers: &[bool]) {
    let inputs = kernel.inputs(ctx);
    let output = kernel.output(ctx);
    let root = root_buffer(ctx, output);
    let out_offset = ctx.buffer(ctx.value_type(output)).map_or(0, |b| b.offset);
    let root_offset = ctx.buffer(ctx.value_type(root)).map_or(0, |b| b.offset);
    // The root alloc goes before every taker's alloc, so its slices' views can follow it.
    let first_taker =
        inputs.iter().zip(takers).filter(|&(_, &t)| t).filter_map(|(&input, _)| ctx.defining_op(input)).min_by_key(
            |&op| ctx.block_ops(ctx.operation(op).parent_block().expect("in a block")).position(|o| o == op),
        );
    if let (Some(root_alloc), Some(first)) = (ctx.defining_op(root), first_taker)
        && ctx.operation(first).parent_block() == ctx.operation(root_alloc).parent_block()
    {
        let block = ctx.operation(first).parent_block().expect("in a block");
        let position = |op: OpId| ctx.block_ops(block).position(|o| o == op);
        if position(root_alloc) > position(first) {
            ctx.move_op(root_alloc, InsertPoint::before(ctx, first));
        }
    }
    let loc = ctx.operation(kernel.op()).loc();
    for ((&input, &offset), &taker) in inputs.iter().zip(slices).zip(takers) {
        let layout = ctx.buffer(ctx.value_type(input)).expect("a buffer").clone();
        let at = out_offset + offset;
        let slice = BufferType { strides: row_major_strides(&layout.shape), offset: at, ..layout };
        let slice_type = ctx.intern_buffer_type(slice);
        if taker {
            let alloc = ctx.defining_op(input).expect("an alloc");
            let alloc_loc = ctx.operation(alloc).loc();
            let mut b = Builder::at(ctx, InsertPoint::before(ctx, alloc), alloc_loc);
            let view = ViewOp::build(&mut b, root, slice_type, at - root_offset).result();
            shift_views(ctx, input, at);
            ctx.replace_all_uses_with(input, view);
            ctx.erase_op(alloc);
        } else {
            let mut b = Builder::at(ctx, InsertPoint::before(ctx, kernel.op()), loc);
            let view = ViewOp::build(&mut b, output, slice_type, offset).result();
            CopyOp::build(&mut b, input, view);
        }
    }
    ctx.erase_op(kernel.op());
}
