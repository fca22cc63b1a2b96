//! `graph-prune`: erases the ops and tensors nothing reads.
//!
//! An op is erased when its results have no uses and erasing it changes nothing else: it is
//! `PURE`, not a terminator, not a symbol, and everything nested in it is pure (mc-ir's
//! `is_op_trivially_dead`). Erasing an op may leave its operands' definitions unused; they are
//! revisited, so whole dead subgraphs go, down to their `graph.const` weights. Kept:
//!
//! - ops that are not `PURE`: `graph.assign_variable` (state that outlives the call),
//!   `graph.var_handle` and `graph.read_variable`, calls, unregistered ops;
//! - function arguments, used or not: they are the model's inputs, in file order;
//! - ops outside the op the pass runs on.
//!
//! When the pass runs on a top-level op (the whole input, `builtin.module(graph-prune)` or
//! `mc-opt --graph-prune`), resource blobs that no attribute references any more are also
//! removed from the context (option `drop-blobs`); nested in a function, blobs are left alone,
//! since other functions may use them. (The printer never prints unreferenced blobs either way.)
//!
//! ```mlir
//! %w = "graph.const"() <{value = dense_resource<fc_w> : tensor<10x64xi8>}> : () -> tensor<10x64x!qw>
//! %y = "graph.fully_connected"(%x, %w) ... // no uses
//! "func.return"(%x) : (tensor<1x64x!q>) -> ()
//! // becomes
//! "func.return"(%x) : (tensor<1x64x!q>) -> ()    // and the blob `fc_w` is dropped
//! ```

use super::{drop_unreferenced_blobs, is_top_level};
use mc_ir::pass::{AnalysisManager, OptionSet, Pass};
use mc_ir::rewrite::fold::is_op_trivially_dead;
use mc_ir::{Context, Failure, OpId};

mc_ir::pass_options! {
    /// Options of `graph-prune`.
    pub struct GraphPruneOptions {
        /// On a top-level op, also remove the resource blobs nothing references any more.
        drop_blobs: bool = true,
    }
}

/// What [`prune`] removed.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Pruned {
    /// Ops erased, counting the ops nested in them.
    pub ops: usize,
    /// Resource blobs removed from the context.
    pub blobs: usize,
}

/// Erases the dead ops nested in `root` (never `root` itself), transitively; returns how many
/// ops were erased, counting nested ones.
pub fn prune_dead_ops(ctx: &mut Context, root: OpId) -> usize {
    // Popping from the end of a post-order visits users before the ops they read, so one sweep
    // erases a dead chain; erasing an op pushes its operands' definitions again anyway.
    let mut worklist = ctx.walk_postorder(root);
    let mut erased = 0;
    while let Some(op) = worklist.pop() {
        if op == root || !ctx.is_live(op) || !is_op_trivially_dead(ctx, op) {
            continue;
        }
        let operation = ctx.operation(op);
        let defs = operation.operands().filter_map(|value| ctx.defining_op(value));
        let defs: Vec<OpId> = defs.filter(|&def| def != op && ctx.is_ancestor(root, def)).collect();
        erased += ctx.walk_preorder(op).len();
        ctx.erase_op(op);
        worklist.extend(defs);
    }
    erased
}

/// Erases the dead ops under `root` and, if `drop_blobs` and `root` is top-level, the blobs no
/// longer referenced.
pub fn prune(ctx: &mut Context, root: OpId, drop_blobs: bool) -> Pruned {
    let ops = prune_dead_ops(ctx, root);
    let blobs = if drop_blobs && is_top_level(ctx, root) { drop_unreferenced_blobs(ctx, root) } else { 0 };
    Pruned { ops, blobs }
}

/// The `graph-prune` pass.
#[derive(Default)]
pub struct GraphPrune {
    options: GraphPruneOptions,
}

impl Pass for GraphPrune {
    fn argument(&self) -> &str {
        "graph-prune"
    }

    fn summary(&self) -> &str {
        "Remove ops and tensors nothing reads"
    }

    fn description(&self) -> &str {
        "Erases pure ops whose results are unused, transitively (dead constants included); keeps \
         side-effecting ops and function arguments. On a top-level op, also drops resource blobs \
         that nothing references any more."
    }

    fn options(&self) -> Option<&dyn OptionSet> {
        Some(&self.options)
    }

    fn options_mut(&mut self) -> Option<&mut dyn OptionSet> {
        Some(&mut self.options)
    }

    fn run(&mut self, ctx: &mut Context, op: OpId, analyses: &mut AnalysisManager) -> Result<(), Failure> {
        if prune(ctx, op, self.options.drop_blobs) == Pruned::default() {
            analyses.mark_all_preserved();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::test_util::{body_ops, parse, print};

    const MODEL: &str = r#"!q = !quant.uniform<i8:f32, 0.05:3>
!qw = !quant.uniform<i8<-127:127>:f32, 0.01>
!qb = !quant.uniform<i32:f32, 0.0005>
"func.func"() <{function_type = (tensor<1x4x!q>, tensor<1x4x!q>) -> tensor<1x4x!q>, sym_name = "f"}> ({
^bb0(%x: tensor<1x4x!q>, %unused: tensor<1x4x!q>):
  %w = "graph.const"() <{value = dense_resource<fc_w> : tensor<4x4xi8>}> : () -> tensor<4x4x!qw>
  %b = "graph.const"() <{value = dense<[1, 2, 3, 4]> : tensor<4xi32>}> : () -> tensor<4x!qb>
  %fc = "graph.fully_connected"(%x, %w, %b) <{fused_activation = "NONE", keep_num_dims = false}> : (tensor<1x4x!q>, tensor<4x4x!qw>, tensor<4x!qb>) -> tensor<1x4x!q>
  %r = "graph.relu"(%fc) : (tensor<1x4x!q>) -> tensor<1x4x!q>
  %h = "graph.var_handle"() <{container = "", shared_name = "state", value_type = tensor<1x4x!q>}> : () -> !graph.resource
  %old = "graph.read_variable"(%h) : (!graph.resource) -> tensor<1x4x!q>
  "graph.assign_variable"(%h, %x) : (!graph.resource, tensor<1x4x!q>) -> ()
  %kept = "graph.const"() <{value = dense_resource<kept> : tensor<4xi8>}> : () -> tensor<4x!q>
  %sum = "graph.add"(%x, %kept) <{fused_activation = "NONE"}> : (tensor<1x4x!q>, tensor<4x!q>) -> tensor<1x4x!q>
  "func.return"(%sum) : (tensor<1x4x!q>) -> ()
}) : () -> ()
{-#
  dialect_resources: {
    builtin: {
      fc_w: "0x1000000000000000000000000000000000000000",
      kept: "0x1000000001020304",
      orphan: "0x0100000007"
    }
  }
#-}"#;

    #[test]
    fn dead_subgraphs_go_with_their_constants_and_blobs() {
        let (mut ctx, module) = parse(MODEL);
        assert_eq!(ctx.resources.len(), 3);
        assert_eq!(prune(&mut ctx, module, true), Pruned { ops: 4, blobs: 2 });
        assert_eq!(
            body_ops(&ctx, module),
            [
                "graph.var_handle",
                "graph.read_variable",
                "graph.assign_variable",
                "graph.const",
                "graph.add",
                "func.return"
            ]
        );
        assert_eq!(ctx.resources.iter().map(|(name, _)| name).collect::<Vec<_>>(), ["kept"]);
        // Function arguments stay, used or not.
        assert!(print(&ctx, module).contains("^bb0(%arg0: tensor<1x4x"));
        assert_eq!(prune(&mut ctx, module, true), Pruned::default());
    }

    #[test]
    fn nested_runs_and_drop_blobs_false_keep_the_blobs() {
        let (mut ctx, module) = parse(MODEL);
        let func = ctx.nested_ops(module)[0];
        assert_eq!(prune(&mut ctx, func, true), Pruned { ops: 4, blobs: 0 });
        assert_eq!(ctx.resources.len(), 3);
        let (mut ctx, module) = parse(MODEL);
        assert_eq!(prune(&mut ctx, module, false), Pruned { ops: 4, blobs: 0 });
        assert_eq!(ctx.resources.len(), 3);
    }

    #[test]
    fn long_dead_chains_are_erased_in_one_sweep() {
        let mut body =
            String::from("^bb0(%x: tensor<8xf32>):\n  %v0 = \"graph.relu\"(%x) : (tensor<8xf32>) -> tensor<8xf32>\n");
        for i in 1..100 {
            body += &format!("  %v{i} = \"graph.relu\"(%v{}) : (tensor<8xf32>) -> tensor<8xf32>\n", i - 1);
        }
        let text = format!(
            "\"func.func\"() <{{function_type = (tensor<8xf32>) -> (), sym_name = \"f\"}}> ({{\n{body}  \"func.return\"() : () -> ()\n}}) : () -> ()"
        );
        let (mut ctx, module) = parse(&text);
        assert_eq!(prune_dead_ops(&mut ctx, module), 100);
        assert_eq!(body_ops(&ctx, module), ["func.return"]);
    }
}
