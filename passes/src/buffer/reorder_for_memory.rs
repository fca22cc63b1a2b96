//! `buffer-reorder-for-memory`: runs a function's operators in the legal order whose peak — the
//! most bytes of scratch buffers live at one step — is least (Serenity, MLSys 2020): where a
//! graph has independent branches, running first the branch that frees more lowers the
//! planned pools.
//!
//! It works on buffer kernels, after in-place reuse and before the lowering to loops: every
//! inter-operator tensor is a `buffer.alloc` of known size by then, in-place kernels already
//! share their input's buffer, and a kernel is still one op (one step of `usmp`'s liveness,
//! which counts a buffer live from the step of its first user to the step of its last). The
//! row orders and overlap hints, which depend on which kernel reads a buffer last, are then
//! derived from the new order; the search counts the bytes a kernel's output may share with its
//! first input where the order makes it that input's last reader (the allowance
//! `buffer-to-loop` would state, see `conversion::buffer_to_loop::overlap`), as `usmp`'s lower
//! bound does. Kernel workspaces, which appear only when kernels become loops, are not counted.
//!
//! The steps are the top-level ops of a function's body but its terminator and the ops that
//! only name storage (`buffer.alloc`, `buffer.view`, `buffer.get_global`); those are moved
//! just before their first user. An order is legal when it keeps:
//!
//! - every use of a value before it is defined;
//! - the order of two steps touching overlapping bytes of one buffer (through any views) when
//!   one of them may write them (a kernel writes its outputs, a copy its target; any other op,
//!   and any op with regions, is assumed to write every buffer it or its regions use);
//! - the relative order of every step with side effects beyond its operands: ops with regions
//!   (`IF`, `WHILE`, `CALL_ONCE`), ops other than kernels and copies, and steps touching a
//!   persistent buffer (variables, operator state).
//!
//! The search ([`crate::schedule::search`]) is exact for segments of up to 128 operators within
//! its state limit, greedy beyond; a function keeps its order unless the new one has a strictly
//! lower peak. A reordered function records both peaks in its `operator_order` attribute
//! (`{original_peak, peak}`, bytes), which the residency report prints.
//!
//! ```mlir
//! buffer.kernel conv_2d ins(%x, ...) outs(%small : ...)    // branch 1: small output
//! buffer.kernel conv_2d ins(%x, ...) outs(%big : ...)      // branch 2: big, then shrunk
//! buffer.kernel max_pool_2d ins(%big) outs(%shrunk : ...)
//! buffer.kernel concatenation ins(%small, %shrunk) outs(%out : ...)
//! // becomes (%big is gone before %small exists)
//! buffer.kernel conv_2d ins(%x, ...) outs(%big : ...)
//! buffer.kernel max_pool_2d ins(%big) outs(%shrunk : ...)
//! buffer.kernel conv_2d ins(%x, ...) outs(%small : ...)
//! buffer.kernel concatenation ins(%small, %shrunk) outs(%out : ...)
//! ```

use crate::conversion::buffer_to_loop::overlap;
use crate::schedule::problem::{ScheduleProblem, ScheduledBuffer, SharedBytes};
use crate::schedule::search::{Schedule, SearchLimits, best_order};
use crate::usmp::overlap::saving;
use mc_dialects::buffer::{AllocOp, CopyOp, GetGlobalOp, KernelOp, Role, ViewOp, root_buffer};
use mc_dialects::func::FuncOp;
use mc_ir::pass::{AnalysisManager, OptionSet, Pass};
use mc_ir::{BlockId, Context, Failure, InsertPoint, OpId, Value};
use rustc_hash::{FxHashMap, FxHashSet};
use std::ops::Range;

/// The attribute of a reordered function holding the peaks of its given and chosen orders.
pub const OPERATOR_ORDER: &str = "operator_order";

mc_ir::pass_options! {
    /// Options of `buffer-reorder-for-memory`.
    pub struct ReorderOptions {
        /// Sets of run operators the exact search may memoise per segment before the greedy
        /// order replaces it.
        exact_states: i64 = SearchLimits::default().exact_states as i64,
    }
}

/// The `buffer-reorder-for-memory` pass.
#[derive(Default)]
pub struct BufferReorderForMemory {
    options: ReorderOptions,
}

impl Pass for BufferReorderForMemory {
    fn argument(&self) -> &str {
        "buffer-reorder-for-memory"
    }

    fn summary(&self) -> &str {
        "Run independent branches in the order that keeps the fewest scratch bytes live"
    }

    fn description(&self) -> &str {
        "Reorders the top-level ops of every function so that the most bytes of scratch \
         buffer.allocs live at one step (each live from its first user to its last) is least: \
         an exact memoised search over the sets of run operators between operators whose step \
         is forced, a greedy order beyond `exact-states` sets. Uses before definitions, \
         conflicting accesses to overlapping bytes and ops with side effects (regions, \
         persistent buffers, ops other than kernels and copies) keep their order. A function \
         keeps its order unless the peak strictly drops; a reordered one gets \
         `operator_order = {original_peak, peak}`."
    }

    fn anchor(&self) -> Option<&str> {
        Some("builtin.module")
    }

    fn options(&self) -> Option<&dyn OptionSet> {
        Some(&self.options)
    }

    fn options_mut(&mut self) -> Option<&mut dyn OptionSet> {
        Some(&mut self.options)
    }

    fn run(&mut self, ctx: &mut Context, op: OpId, analyses: &mut AnalysisManager) -> Result<(), Failure> {
        let limits = SearchLimits { exact_states: usize::try_from(self.options.exact_states).unwrap_or(0) };
        let functions: Vec<FuncOp> = ctx.walk_preorder(op).into_iter().filter_map(|o| FuncOp::cast(ctx, o)).collect();
        let mut changed = false;
        for func in functions {
            if let Some(body) = func.entry_block(ctx) {
                changed |= reorder_function(ctx, func.op(), body, limits).is_some();
            }
        }
        if !changed {
            analyses.mark_all_preserved();
        }
        Ok(())
    }
}

/// Reorders `body` (of `func`) when a better order exists; returns the schedule applied.
pub fn reorder_function(ctx: &mut Context, func: OpId, body: BlockId, limits: SearchLimits) -> Option<Schedule> {
    let (ops, terminator) = ctx.ops_and_terminator(body);
    let steps: Vec<OpId> = ops.iter().copied().filter(|&op| !names_storage(ctx, op)).collect();
    let problem = schedule_problem(ctx, body, &steps);
    let schedule = best_order(&problem, limits);
    if schedule.peak >= schedule.original_peak {
        return None;
    }
    let mut placed: FxHashSet<OpId> = FxHashSet::default();
    let mut sequence = Vec::with_capacity(ops.len());
    for &step in &schedule.order {
        for value in values_used(ctx, steps[step]) {
            place_definitions(ctx, body, value, &mut placed, &mut sequence);
        }
        sequence.push(steps[step]);
    }
    sequence.extend(ops.iter().copied().filter(|op| names_storage(ctx, *op) && !placed.contains(op)));
    for op in sequence {
        ctx.move_op(op, InsertPoint { block: body, before: terminator });
    }
    let i64_type = ctx.integer_type(64);
    let peaks = [("original_peak", schedule.original_peak), ("peak", schedule.peak)]
        .map(|(name, bytes)| (name.to_string(), ctx.integer_attr(i128::from(bytes), i64_type)));
    let attr = ctx.dictionary_attr(peaks.to_vec());
    ctx.set_attr(func, OPERATOR_ORDER, Some(attr));
    Some(schedule)
}

/// The most scratch bytes live at one step of `body` in its present order (as the search counts
/// them: kernel workspaces left out, a kernel's output sharing bytes with the input it reads last
/// where it allows).
pub fn peak_in_order(ctx: &Context, body: BlockId) -> u64 {
    let (ops, _) = ctx.ops_and_terminator(body);
    let steps: Vec<OpId> = ops.into_iter().filter(|&op| !names_storage(ctx, op)).collect();
    let problem = schedule_problem(ctx, body, &steps);
    problem.peak(&(0..steps.len()).collect::<Vec<_>>())
}

/// True for the ops that only name storage, placed with their first user.
fn names_storage(ctx: &Context, op: OpId) -> bool {
    AllocOp::cast(ctx, op).is_some() || ViewOp::cast(ctx, op).is_some() || GetGlobalOp::cast(ctx, op).is_some()
}

/// Places the storage-naming op of `body` defining `value` (after those it uses) at the end of
/// `sequence`, unless placed already.
fn place_definitions(
    ctx: &Context,
    body: BlockId,
    value: Value,
    placed: &mut FxHashSet<OpId>,
    sequence: &mut Vec<OpId>,
) {
    let Some(op) = ctx.defining_op(value) else { return };
    if ctx.operation(op).parent_block() != Some(body) || !names_storage(ctx, op) || !placed.insert(op) {
        return;
    }
    for operand in ctx.operation(op).operands().collect::<Vec<_>>() {
        place_definitions(ctx, body, operand, placed, sequence);
    }
    sequence.push(op);
}

/// The operands of `op` and of every op nested in it.
fn values_used(ctx: &Context, op: OpId) -> Vec<Value> {
    ctx.walk_preorder(op).into_iter().flat_map(|nested| ctx.operation(nested).operands().collect::<Vec<_>>()).collect()
}

/// One access of a step to a buffer: the root storage, the storage elements touched, whether
/// it may write.
struct Access {
    root: Value,
    span: Option<Range<i64>>,
    writes: bool,
}

/// The accesses of `op` to buffers.
fn accesses(ctx: &Context, op: OpId) -> Vec<Access> {
    let access = |value: Value, writes: bool| {
        let span = ctx.buffer(ctx.value_type(value)).map(|buffer| buffer.span());
        ctx.is_buffer_type(ctx.value_type(value)).then(|| Access { root: root_buffer(ctx, value), span, writes })
    };
    if ctx.operation(op).regions().is_empty() {
        if let Some(kernel) = KernelOp::cast(ctx, op) {
            let reads = kernel.inputs(ctx).into_iter().filter_map(|v| access(v, false));
            return reads.chain(kernel.outputs(ctx).into_iter().filter_map(|v| access(v, true))).collect();
        }
        if let Some(copy) = CopyOp::cast(ctx, op) {
            return [access(copy.source(ctx), false), access(copy.target(ctx), true)].into_iter().flatten().collect();
        }
    }
    values_used(ctx, op).into_iter().filter_map(|v| access(v, true)).collect()
}

/// True if the step `op` must keep its order among the steps with side effects.
fn has_side_effects(ctx: &Context, op: OpId, accesses: &[Access]) -> bool {
    let plain = ctx.operation(op).regions().is_empty()
        && (KernelOp::cast(ctx, op).is_some() || CopyOp::cast(ctx, op).is_some());
    let persistent = |root: Value| {
        ctx.defining_op(root)
            .and_then(|def| AllocOp::cast(ctx, def))
            .is_some_and(|alloc| alloc.role_value(ctx) == Some(Role::Persistent))
    };
    !plain || accesses.iter().any(|a| persistent(a.root))
}

/// The steps of `body` as a scheduling problem: their precedences and the scratch allocs they
/// use.
fn schedule_problem(ctx: &Context, body: BlockId, steps: &[OpId]) -> ScheduleProblem {
    let index: FxHashMap<OpId, usize> = steps.iter().enumerate().map(|(i, &op)| (op, i)).collect();
    let mut predecessors: Vec<FxHashSet<usize>> = vec![FxHashSet::default(); steps.len()];
    let mut by_root: FxHashMap<Value, Vec<(usize, Option<Range<i64>>, bool)>> = FxHashMap::default();
    let mut last_effect: Option<usize> = None;
    for (step, &op) in steps.iter().enumerate() {
        for value in values_used(ctx, op) {
            for definer in defining_steps(ctx, body, value, &index) {
                predecessors[step].insert(definer);
            }
        }
        let accesses = accesses(ctx, op);
        for access in &accesses {
            let earlier = by_root.entry(access.root).or_default();
            for (other, span, writes) in earlier.iter() {
                let overlapping = match (span, &access.span) {
                    (Some(a), Some(b)) => a.start < b.end && b.start < a.end,
                    _ => true,
                };
                if (*writes || access.writes) && overlapping && *other != step {
                    predecessors[step].insert(*other);
                }
            }
            earlier.push((step, access.span.clone(), access.writes));
        }
        if has_side_effects(ctx, op, &accesses) {
            predecessors[step].extend(last_effect);
            last_effect = Some(step);
        }
    }
    let mut users: FxHashMap<Value, Vec<usize>> = FxHashMap::default();
    for (root, touches) in &by_root {
        let mut steps: Vec<usize> = touches.iter().map(|t| t.0).collect();
        steps.dedup();
        users.insert(*root, steps);
    }
    let mut roots: Vec<&Value> = users.keys().collect();
    roots.sort_by_key(|root| users[*root][0]);
    let mut buffer_of: FxHashMap<Value, usize> = FxHashMap::default();
    let mut buffers = Vec::new();
    for &root in roots {
        let Some(alloc) = ctx.defining_op(root).and_then(|def| AllocOp::cast(ctx, def)) else { continue };
        let Some(size) = ctx.buffer_storage_bytes(ctx.value_type(root)) else { continue };
        if alloc.role_value(ctx).unwrap_or(Role::Scratch) == Role::Scratch {
            buffer_of.insert(root, buffers.len());
            buffers.push(ScheduledBuffer { size, users: users[&root].clone() });
        }
    }
    let shared = steps
        .iter()
        .enumerate()
        .filter_map(|(step, &op)| {
            let (input, output, bytes) = shared_bytes(ctx, op, &buffer_of, &buffers)?;
            Some(SharedBytes { op: step, input, output, bytes })
        })
        .collect();
    let predecessors = predecessors.into_iter().map(|set| set.into_iter().collect()).collect();
    ScheduleProblem { predecessors, buffers, shared }
}

/// The buffers (indices into `buffers`, by root in `buffer_of`) of the first input and the
/// output of the kernel `op` and the bytes they may share when it reads that input last: both
/// whole scratch allocs, distinct, the input read through no other operand, and the kernel
/// allowing an overlap.
fn shared_bytes(
    ctx: &Context,
    op: OpId,
    buffer_of: &FxHashMap<Value, usize>,
    buffers: &[ScheduledBuffer],
) -> Option<(usize, usize, u64)> {
    let kernel = KernelOp::cast(ctx, op)?;
    let (inputs, outputs) = (kernel.inputs(ctx), kernel.outputs(ctx));
    let (&first, &[output]) = (inputs.first()?, outputs.as_slice()) else { return None };
    let (&input, &written) = (buffer_of.get(&first)?, buffer_of.get(&output)?);
    if input == written || inputs[1..].iter().any(|&other| root_buffer(ctx, other) == first) {
        return None;
    }
    let bound = overlap::allowance(ctx, op, kernel.kernel_name(ctx)?, &inputs, output)?;
    Some((input, written, saving(bound, buffers[written].size, buffers[input].size)))
}

/// The steps defining `value` directly or through the storage-naming ops it comes from (none
/// for a block argument or a value defined outside `body`).
fn defining_steps(ctx: &Context, body: BlockId, value: Value, index: &FxHashMap<OpId, usize>) -> Vec<usize> {
    let Some(op) = ctx.defining_op(value) else { return Vec::new() };
    if ctx.operation(op).parent_block() != Some(body) {
        return Vec::new();
    }
    match index.get(&op) {
        Some(&step) => vec![step],
        None => ctx.operation(op).operands().flat_map(|v| defining_steps(ctx, body, v, index)).collect(),
    }
}
