//! Liveness of a function's buffers: every `buffer.alloc` — inter-operator tensors and operator
//! workspaces alike — gets a live interval in one linear order of the function's top-level ops
//! (the steps). Ops nested in a step (a kernel's loops, the regions of a `loop.if` or
//! `loop.while` that a TFLite `IF`, `WHILE` or `CALL_ONCE` became) belong to that step, so a
//! workspace used inside a kernel's nest is live exactly at the kernel's step, together with the
//! kernel's inputs and output, and a buffer used inside a loop body lives across the whole loop
//! (the next iteration reads it again). `graph-to-buffer` hoists the allocs of such regions
//! before their op.
//!
//! A buffer is live from the first step using it (or a view of it) to the last; a persistent
//! buffer (a variable) for the whole function; an unused one at its own step. Function arguments
//! (the caller's input and output memory) are not planned.

use super::problem::{Interval, Problem, Request};
use mc_dialects::buffer::{AllocOp, Role, root_buffer};
use mc_ir::printer::attributes::type_to_string;
use mc_ir::{Context, Diagnostic, OpId};
use rustc_hash::FxHashMap;

/// One planned buffer.
#[derive(Clone, Debug)]
pub struct LiveBuffer {
    /// Its `buffer.alloc`.
    pub alloc: AllocOp,
    /// A name for reports: the alloc's `name`, else its location's name, else `"%<index>"`.
    pub name: String,
    /// The kernel writing it first or whose workspace it is (the alloc's `kernel`), if known.
    pub op: Option<String>,
    /// Its role.
    pub role: Role,
    /// What it needs: size, alignment and live interval.
    pub request: Request,
}

/// The buffers of one function in step order of their allocs.
#[derive(Clone, Debug, Default)]
pub struct Liveness {
    /// The buffers.
    pub buffers: Vec<LiveBuffer>,
    /// Number of steps (top-level ops).
    pub steps: u32,
}

impl Liveness {
    /// The buffers of `role` as a planning [`Problem`], and the index of each in `buffers`.
    pub fn problem(&self, role: Role) -> (Problem, Vec<usize>) {
        let indices: Vec<usize> = (0..self.buffers.len()).filter(|&i| self.buffers[i].role == role).collect();
        let requests = indices.iter().map(|&i| self.buffers[i].request.clone()).collect();
        (Problem::new(requests), indices)
    }
}

/// The liveness of the buffers allocated in `func`'s body (a function with one block).
///
/// # Errors
///
/// An alloc nested in a loop (its storage would be needed once per iteration) or of a type
/// without a size, at the alloc.
pub fn analyze(ctx: &Context, func: OpId) -> Result<Liveness, Diagnostic> {
    let Some(body) = ctx.operation(func).regions().first().and_then(|&r| ctx.entry_block(r)) else {
        return Ok(Liveness::default());
    };
    let top: Vec<OpId> = ctx.block_ops(body).collect();
    let steps = top.len() as u32;
    let mut buffers: Vec<LiveBuffer> = Vec::new();
    let mut index_of: FxHashMap<mc_ir::Value, usize> = FxHashMap::default();
    let mut uses: Vec<Option<Interval>> = Vec::new();
    for (step, &op) in top.iter().enumerate() {
        for nested in ctx.walk_preorder(op) {
            if let Some(alloc) = AllocOp::cast(ctx, nested) {
                if nested != op {
                    return Err(
                        ctx.op_error(nested, "a buffer.alloc inside a loop or region cannot be planned statically")
                    );
                }
                let ty = ctx.operation(op).result_type(0);
                let size = ctx.buffer_storage_bytes(ty).ok_or_else(|| {
                    ctx.op_error(op, format!("'{}' has no static size to plan", type_to_string(ctx, ty)))
                })?;
                let role = alloc.role_value(ctx).unwrap_or(Role::Scratch);
                let name = alloc
                    .name(ctx)
                    .and_then(|n| ctx.string_value(n))
                    .or_else(|| ctx.loc_name(ctx.operation(op).loc()))
                    .map_or_else(|| format!("%{}", buffers.len()), str::to_string);
                let live = Interval::new(step as u32, step as u32);
                index_of.insert(alloc.result(), buffers.len());
                uses.push(None);
                buffers.push(LiveBuffer {
                    alloc,
                    name,
                    op: alloc.kernel_value(ctx).map(str::to_string),
                    role,
                    request: Request { size, alignment: alloc.alignment_value(ctx), live },
                });
            }
            for operand in ctx.operation(nested).operands() {
                if let Some(&i) = index_of.get(&root_buffer(ctx, operand)) {
                    let step = step as u32;
                    uses[i] = Some(match uses[i] {
                        None => Interval::new(step, step),
                        Some(live) => Interval::new(live.start.min(step), live.end.max(step)),
                    });
                }
            }
        }
    }
    for (buffer, used) in buffers.iter_mut().zip(uses) {
        buffer.request.live = match (buffer.role, used) {
            (Role::Persistent, _) => Interval::new(0, steps.saturating_sub(1)),
            (_, Some(live)) => live,
            (_, None) => buffer.request.live,
        };
    }
    Ok(Liveness { buffers, steps })
}

/// The liveness of every function of a module (a pass-manager analysis, cached while passes
/// preserve it).
pub struct ModuleLiveness {
    /// Each `func.func` with a body and its liveness (or why it has none).
    pub functions: Vec<(OpId, Result<Liveness, Diagnostic>)>,
}

impl mc_ir::pass::Analysis for ModuleLiveness {
    fn compute(ctx: &Context, module: OpId) -> Self {
        let functions = ctx
            .nested_ops(module)
            .into_iter()
            .filter(|&op| mc_dialects::func::FuncOp::cast(ctx, op).is_some_and(|f| f.entry_block(ctx).is_some()))
            .map(|func| (func, analyze(ctx, func)))
            .collect();
        ModuleLiveness { functions }
    }
}
