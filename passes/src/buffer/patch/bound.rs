//! The operator-at-a-time bound of a function about to be patched: the lower bound the memory
//! planner would prove for it unpatched, every operator producing its whole output before the
//! next starts. A copy of the module is lowered as the pipelines lower it after `buffer-patch`
//! ([`crate::pipelines::after_patch_to_loops`]: row orders, loop nests with their workspaces,
//! fusion), then the copy's scratch buffers give the bound as `usmp` computes its own
//! ([`scratch_lower_bound`]: the most bytes live at one step, less what a kernel's output may
//! share with the input it consumes), and the copy is erased. The residency report prints it
//! beside the bound of the patched schedule, so the saving is measured, not estimated.

use crate::usmp::hints::{scratch_lower_bound, take};
use crate::usmp::liveness::analyze;
use mc_ir::builtin::ModuleOp;
use mc_ir::pass::{PassManager, PassRegistry};
use mc_ir::rewrite::clone::clone_op;
use mc_ir::{Context, Diagnostic, OpId, SymbolTable};
use rustc_hash::FxHashMap;

/// The scratch lower bound of `func` (in `module`) lowered unpatched to loop nests.
///
/// # Errors
///
/// The lowering of the copy fails (it would fail the same way in the pipeline).
pub fn operator_at_a_time_bound(ctx: &mut Context, module: OpId, func: OpId) -> Result<u64, Diagnostic> {
    let name = ctx.symbol_name(func).unwrap_or_default().to_string();
    let copy = ModuleOp::build(ctx, ctx.operation(module).loc());
    for (key, value) in ctx.dictionary_entries(ctx.operation(module).attr_dict()).to_vec() {
        ctx.set_attr(copy.op(), &key, Some(value));
    }
    let mut map = FxHashMap::default();
    for op in ModuleOp::cast(ctx, module).expect("a module").ops(ctx) {
        let end = copy.body_end(ctx);
        clone_op(ctx, op, &mut map, end);
    }
    let bound = lowered_bound(ctx, copy.op(), &name);
    ctx.erase_op(copy.op());
    bound
}

/// Lowers `module` and returns the scratch lower bound of its function `name`.
fn lowered_bound(ctx: &mut Context, module: OpId, name: &str) -> Result<u64, Diagnostic> {
    let mut registry = PassRegistry::new();
    crate::register_all_passes(&mut registry);
    let pipeline = crate::pipelines::after_patch_to_loops();
    let mut passes = PassManager::parse(&pipeline, &registry).expect("the pipelines parse");
    passes.run(ctx, module).map_err(|failure| failure.0.into_iter().next().expect("a failure has a diagnostic"))?;
    let (hints, _) = take(ctx, module);
    let func = SymbolTable::new(ctx, module).lookup(name).expect("the copy has the function");
    Ok(scratch_lower_bound(&hints, &analyze(ctx, func)?, |_| true))
}
