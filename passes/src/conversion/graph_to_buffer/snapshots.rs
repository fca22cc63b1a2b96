//! Which variable reads are copied out of their variable (snapshots), across regions.
//!
//! A `graph.read_variable` converts to the variable's persistent buffer itself unless an
//! assignment to the same variable can run after the read and before a use of the value read:
//! then the read copies the variable into a scratch buffer (a snapshot), as TFLite Micro's
//! READ_VARIABLE copies the resource into its output.
//!
//! Ops are ordered by their position in their own block. An assignment nested in a
//! region-carrying op counts, seen from the read's block, at the step of that op; inside a
//! region, by its order there, level by level. Two ops in different regions of one `IF` never
//! run in the same invocation; an assignment and a use both inside a `WHILE` the read is outside
//! of can run in either order (a later iteration uses the value after an earlier iteration
//! assigned). The operands of a region-carrying op are consumed before its regions run.

use mc_ir::{BlockId, Context, OpId, Traits};
use rustc_hash::FxHashMap;

/// The position of every op in its own block: the ops of `block` and of every region nested in
/// them.
pub fn block_positions(ctx: &Context, block: BlockId) -> FxHashMap<OpId, usize> {
    let mut positions = FxHashMap::default();
    let mut blocks = vec![block];
    while let Some(block) = blocks.pop() {
        for (index, op) in ctx.block_ops(block).enumerate() {
            positions.insert(op, index);
            for &region in ctx.operation(op).regions() {
                blocks.extend_from_slice(ctx.region_blocks(region));
            }
        }
    }
    positions
}

/// True if the value of the `graph.read_variable` `read` must be copied out of the variable:
/// one of the variable's assignments `assigns` can run after the read and before a use of the
/// value. `positions` are [`block_positions`] of a block holding them all.
pub fn read_needs_snapshot(ctx: &Context, read: OpId, assigns: &[OpId], positions: &FxHashMap<OpId, usize>) -> bool {
    let Some(block) = ctx.operation(read).parent_block() else { return false };
    let here = positions[&read];
    ctx.uses(read.result(0))
        .any(|u| assigns.iter().any(|&assign| runs_between(ctx, block, here, assign, u.user, positions)))
}

/// True if `assign` can run after the op at position `after` of `block` and before `user`, which
/// is nested in `block`.
fn runs_between(
    ctx: &Context,
    block: BlockId,
    after: usize,
    assign: OpId,
    user: OpId,
    positions: &FxHashMap<OpId, usize>,
) -> bool {
    // An assignment outside `block` runs before or after all of it.
    let (Some(assigned), Some(used)) = (ancestors_from(ctx, assign, block), ancestors_from(ctx, user, block)) else {
        return false;
    };
    if positions[&assigned[0]] <= after {
        return false;
    }
    for (&a, &u) in assigned.iter().zip(&used) {
        if a != u {
            // In one block, by order; in two regions of one IF (a WHILE returned below), never.
            let same_block = ctx.operation(a).parent_block() == ctx.operation(u).parent_block();
            return same_block && positions[&a] < positions[&u];
        }
        if a == assign || a == user {
            // The assignment's own operand, or an operand of the op the assignment is nested in.
            return false;
        }
        if ctx.has_trait(a, Traits::LOOP_LIKE) {
            return true;
        }
    }
    false
}

/// `op`'s ancestors from the one in `block` down to `op` itself; `None` if `op` is not nested in
/// `block`.
fn ancestors_from(ctx: &Context, op: OpId, block: BlockId) -> Option<Vec<OpId>> {
    let mut chain = vec![op];
    let mut current = op;
    while ctx.operation(current).parent_block() != Some(block) {
        current = ctx.parent_op(current)?;
        chain.push(current);
    }
    chain.reverse();
    Some(chain)
}

/// The ancestor of `op` (or `op` itself) that is an op of `block`.
pub fn ancestor_in(ctx: &Context, op: OpId, block: BlockId) -> Option<OpId> {
    ancestors_from(ctx, op, block).map(|chain| chain[0])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::test_util::parse;
    use mc_dialects::func::FuncOp;
    use mc_dialects::graph::{AssignVariableOp, ReadVariableOp};

    /// For every read of the first function of `source`, in textual order: does it need a
    /// snapshot?
    fn snapshotted(source: &str) -> Vec<bool> {
        let (ctx, module) = parse(source);
        let func = FuncOp::cast(&ctx, ctx.nested_ops(module)[0]).expect("a function");
        let block = func.entry_block(&ctx).expect("a body");
        let positions = block_positions(&ctx, block);
        let all = ctx.walk_preorder(func.op());
        let assigns: Vec<OpId> = all.iter().copied().filter(|&o| AssignVariableOp::cast(&ctx, o).is_some()).collect();
        all.iter()
            .filter(|&&o| ReadVariableOp::cast(&ctx, o).is_some())
            .map(|&read| read_needs_snapshot(&ctx, read, &assigns, &positions))
            .collect()
    }

    const HANDLE: &str = r#"%h = "graph.var_handle"() <{container = "", shared_name = "v", value_type = tensor<4xf32>}> : () -> !graph.resource"#;

    fn function(body: &str) -> String {
        format!(
            "func.func @f(%c: tensor<i1>, %x: tensor<4xf32>) -> tensor<4xf32> {{\n{HANDLE}\n{body}\nreturn %x : tensor<4xf32>\n}}"
        )
    }

    #[test]
    fn snapshots_only_for_values_used_after_a_later_assignment() {
        let source = function(
            r#"%a = "graph.read_variable"(%h) : (!graph.resource) -> tensor<4xf32>
              %b = "graph.read_variable"(%h) : (!graph.resource) -> tensor<4xf32>
              %r = "graph.relu"(%a) : (tensor<4xf32>) -> tensor<4xf32>
              "graph.assign_variable"(%h, %b) : (!graph.resource, tensor<4xf32>) -> ()
              %t = "graph.tanh"(%b) : (tensor<4xf32>) -> tensor<4xf32>
              %d = "graph.read_variable"(%h) : (!graph.resource) -> tensor<4xf32>
              "graph.assign_variable"(%h, %d) : (!graph.resource, tensor<4xf32>) -> ()"#,
        );
        // %a is used before the assignment, %b after it; %d only by the assignment itself.
        assert_eq!(snapshotted(&source), [false, true, false]);
    }

    #[test]
    fn an_assignment_in_a_region_counts_at_the_region_carrying_op() {
        let source = function(
            r#"%a = "graph.read_variable"(%h) : (!graph.resource) -> tensor<4xf32>
              %b = "graph.read_variable"(%h) : (!graph.resource) -> tensor<4xf32>
              %r = "graph.if"(%c) ({
                "graph.assign_variable"(%h, %x) : (!graph.resource, tensor<4xf32>) -> ()
                "graph.yield"(%x) : (tensor<4xf32>) -> ()
              }, {
                "graph.yield"(%a) : (tensor<4xf32>) -> ()
              }) : (tensor<i1>) -> tensor<4xf32>
              %t = "graph.tanh"(%b) : (tensor<4xf32>) -> tensor<4xf32>"#,
        );
        // %a is only used in the branch that does not assign; %b after the IF.
        assert_eq!(snapshotted(&source), [false, true]);
    }

    #[test]
    fn inside_a_region_order_counts_level_by_level() {
        let source = function(
            r#"%a = "graph.read_variable"(%h) : (!graph.resource) -> tensor<4xf32>
              %r = "graph.if"(%c) ({
                %b = "graph.read_variable"(%h) : (!graph.resource) -> tensor<4xf32>
                %u = "graph.relu"(%a) : (tensor<4xf32>) -> tensor<4xf32>
                "graph.assign_variable"(%h, %x) : (!graph.resource, tensor<4xf32>) -> ()
                %s = "graph.if"(%c) ({
                  %e = "graph.read_variable"(%h) : (!graph.resource) -> tensor<4xf32>
                  "graph.yield"(%e) : (tensor<4xf32>) -> ()
                }, {
                  "graph.yield"(%b) : (tensor<4xf32>) -> ()
                }) : (tensor<i1>) -> tensor<4xf32>
                "graph.yield"(%s) : (tensor<4xf32>) -> ()
              }, {
                "graph.yield"(%x) : (tensor<4xf32>) -> ()
              }) : (tensor<i1>) -> tensor<4xf32>"#,
        );
        // %a is used in the IF before the assignment there; %b in a nested IF after it; %e has
        // no assignment after it.
        assert_eq!(snapshotted(&source), [false, true, false]);
    }

    #[test]
    fn a_while_that_assigns_changes_the_values_it_uses_from_outside() {
        let source = function(
            r#"%a = "graph.read_variable"(%h) : (!graph.resource) -> tensor<4xf32>
              %b = "graph.read_variable"(%h) : (!graph.resource) -> tensor<4xf32>
              %r = "graph.while"(%b) ({
              ^bb0(%y: tensor<4xf32>):
                "graph.yield"(%c) : (tensor<i1>) -> ()
              }, {
              ^bb0(%y: tensor<4xf32>):
                %n = "graph.add"(%y, %a) <{fused_activation = "NONE"}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
                %v = "graph.read_variable"(%h) : (!graph.resource) -> tensor<4xf32>
                %w = "graph.add"(%v, %n) <{fused_activation = "NONE"}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
                "graph.assign_variable"(%h, %w) : (!graph.resource, tensor<4xf32>) -> ()
                "graph.yield"(%n) : (tensor<4xf32>) -> ()
              }) : (tensor<4xf32>) -> tensor<4xf32>"#,
        );
        // %a is used in the body, before the assignment in the same iteration but after it in
        // the next; %b initialises the loop (consumed before it runs); %v is re-read each time.
        assert_eq!(snapshotted(&source), [true, false, false]);
    }
}
