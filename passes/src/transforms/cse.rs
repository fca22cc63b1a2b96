//! `cse`: eliminates common subexpressions — pure ops equal to an earlier op that dominates them.
//!
//! Two ops are equal when they have the same name, operands (in any order for `COMMUTATIVE` ops),
//! result types, attributes and properties, no regions, and the `PURE` trait. An op is replaced by
//! an equal op that dominates it: an earlier op in the same block, one in a block that dominates
//! its block, or one visible from an enclosing block (nested regions of registered,
//! non-isolated ops see their parents' ops). Isolated-from-above ops and unregistered ops with
//! regions (which might be isolated) start from an empty scope, as in MLIR. Equal ops in sibling
//! blocks, neither dominating the other, are not merged. Like MLIR's, the pass also erases the
//! trivially dead ops it meets.
//!
//! ```mlir
//! %0 = "arith.addi"(%a, %b) : (i32, i32) -> i32
//! %1 = "arith.addi"(%b, %a) : (i32, i32) -> i32   // uses of %1 become uses of %0
//! ```

use mc_ir::pass::{AnalysisManager, Pass};
use mc_ir::rewrite::fold::is_op_trivially_dead;
use mc_ir::{Attribute, BlockId, Context, Failure, OpId, OpName, RegionId, Traits, Type, Value};
use rustc_hash::{FxHashMap, FxHashSet};

/// What makes two pure ops interchangeable.
#[derive(Clone, PartialEq, Eq, Hash)]
struct OpKey {
    name: OpName,
    operands: Vec<Value>,
    result_types: Vec<Type>,
    attrs: Attribute,
    props: Option<Attribute>,
}

/// Known pure ops by key, visible at the current point of the walk.
type Table = FxHashMap<OpKey, OpId>;

/// Replaces duplicate pure ops under `root` and erases dead ones; returns how many ops were erased.
pub fn eliminate_common_subexpressions(ctx: &mut Context, root: OpId) -> usize {
    let mut erased = 0;
    // Each isolated op starts an empty scope: values from outside are not visible in it.
    let mut scope_roots = vec![root];
    while let Some(scope_root) = scope_roots.pop() {
        let mut table = Table::default();
        for region in ctx.operation(scope_root).regions().to_vec() {
            erased += cse_region(ctx, region, &mut table, &mut scope_roots);
        }
    }
    erased
}

/// Processes the blocks of `region` with the ops visible from above in `table`, each block seeing
/// the ops of the blocks that dominate it; leaves `table` as it found it.
fn cse_region(ctx: &mut Context, region: RegionId, table: &mut Table, scope_roots: &mut Vec<OpId>) -> usize {
    let blocks = ctx.region_blocks(region).to_vec();
    let mut erased = 0;
    let children = match blocks.len() {
        0 => return 0,
        1 => FxHashMap::default(),
        _ => dominator_tree_children(ctx, &blocks),
    };
    // Walk the dominator tree from the entry block; a block's keys leave the table with it.
    enum Step {
        Enter(BlockId),
        Exit(Vec<OpKey>),
    }
    let mut stack = vec![Step::Enter(blocks[0])];
    let mut visited = FxHashSet::default();
    while let Some(step) = stack.pop() {
        match step {
            Step::Enter(block) => {
                visited.insert(block);
                let (count, added) = cse_block(ctx, block, table, scope_roots);
                erased += count;
                stack.push(Step::Exit(added));
                for &child in children.get(&block).into_iter().flatten().rev() {
                    stack.push(Step::Enter(child));
                }
            }
            Step::Exit(added) => {
                for key in added {
                    table.remove(&key);
                }
            }
        }
    }
    // Blocks unreachable from the entry see only the ops visible from above.
    for &block in blocks.iter().filter(|block| !visited.contains(block)) {
        let (count, added) = cse_block(ctx, block, table, scope_roots);
        erased += count;
        for key in added {
            table.remove(&key);
        }
    }
    erased
}

/// Processes `block` with the ops visible at its start in `table`; returns how many ops were
/// erased and the keys it added to `table` (still there, for the blocks it dominates).
fn cse_block(ctx: &mut Context, block: BlockId, table: &mut Table, scope_roots: &mut Vec<OpId>) -> (usize, Vec<OpKey>) {
    let mut erased = 0;
    let mut added = Vec::new();
    let ops: Vec<OpId> = ctx.block_ops(block).collect();
    for op in ops {
        if is_op_trivially_dead(ctx, op) {
            ctx.erase_op(op);
            erased += 1;
            continue;
        }
        let operation = ctx.operation(op);
        if !operation.regions().is_empty() {
            // An unregistered op might be isolated from above: do not let its regions see ours.
            if ctx.op_def_of(op).is_none() || ctx.has_trait(op, Traits::ISOLATED_FROM_ABOVE) {
                scope_roots.push(op);
            } else {
                for region in operation.regions().to_vec() {
                    erased += cse_region(ctx, region, table, scope_roots);
                }
            }
            continue;
        }
        if !ctx.has_trait(op, Traits::PURE) {
            continue;
        }
        let mut operands: Vec<Value> = operation.operands().collect();
        if ctx.has_trait(op, Traits::COMMUTATIVE) {
            operands.sort_unstable();
        }
        let key = OpKey {
            name: operation.name(),
            operands,
            result_types: operation.result_types().collect(),
            attrs: operation.attr_dict(),
            props: operation.properties(),
        };
        match table.get(&key) {
            Some(&existing) => {
                let replacements = ctx.results(existing);
                ctx.replace_op(op, &replacements);
                erased += 1;
            }
            None => {
                added.push(key.clone());
                table.insert(key, op);
            }
        }
    }
    (erased, added)
}

/// The children of each block in the dominator tree of a multi-block region whose blocks are
/// `blocks` (entry first), in region order; unreachable blocks are not in the tree.
///
/// Uses the iterative algorithm of Cooper, Harvey and Kennedy ("A Simple, Fast Dominance
/// Algorithm") over a reverse post-order of the reachable blocks.
fn dominator_tree_children(ctx: &Context, blocks: &[BlockId]) -> FxHashMap<BlockId, Vec<BlockId>> {
    let successors = |block: BlockId| -> Vec<BlockId> {
        ctx.last_op(block).map(|last| ctx.operation(last).successors().to_vec()).unwrap_or_default()
    };
    // Post-order of the blocks reachable from the entry, without recursion.
    let mut post_order = Vec::new();
    let mut number: FxHashMap<BlockId, usize> = FxHashMap::default();
    let mut seen: FxHashSet<BlockId> = FxHashSet::default();
    let mut stack = vec![(blocks[0], successors(blocks[0]), 0usize)];
    seen.insert(blocks[0]);
    while let Some((block, succs, next)) = stack.last_mut() {
        if let Some(&succ) = succs.get(*next) {
            *next += 1;
            if seen.insert(succ) {
                let succ_succs = successors(succ);
                stack.push((succ, succ_succs, 0));
            }
        } else {
            number.insert(*block, post_order.len());
            post_order.push(*block);
            stack.pop();
        }
    }
    let mut predecessors: FxHashMap<BlockId, Vec<BlockId>> = FxHashMap::default();
    for &block in &post_order {
        for succ in successors(block) {
            predecessors.entry(succ).or_default().push(block);
        }
    }
    // idom by post-order number; the entry (numbered last) is its own dominator.
    let entry = post_order.len() - 1;
    let mut idom: Vec<Option<usize>> = vec![None; post_order.len()];
    idom[entry] = Some(entry);
    let intersect = |idom: &[Option<usize>], mut a: usize, mut b: usize| {
        while a != b {
            while a < b {
                a = idom[a].expect("processed");
            }
            while b < a {
                b = idom[b].expect("processed");
            }
        }
        a
    };
    let mut changed = true;
    while changed {
        changed = false;
        for index in (0..entry).rev() {
            let block = post_order[index];
            let mut new_idom = None;
            for pred in predecessors.get(&block).into_iter().flatten() {
                let p = number[pred];
                if idom[p].is_none() {
                    continue;
                }
                new_idom = Some(match new_idom {
                    None => p,
                    Some(current) => intersect(&idom, p, current),
                });
            }
            if new_idom.is_some() && idom[index] != new_idom {
                idom[index] = new_idom;
                changed = true;
            }
        }
    }
    let mut children: FxHashMap<BlockId, Vec<BlockId>> = FxHashMap::default();
    // Children in region order, so equal ops keep the first one in textual order where possible.
    for &block in blocks {
        if let Some(&index) = number.get(&block)
            && index != entry
        {
            let parent = post_order[idom[index].expect("reachable blocks have a dominator")];
            children.entry(parent).or_default().push(block);
        }
    }
    children
}

/// The `cse` pass.
#[derive(Default)]
pub struct Cse;

impl Pass for Cse {
    fn argument(&self) -> &str {
        "cse"
    }

    fn summary(&self) -> &str {
        "Eliminate common sub-expressions"
    }

    fn name(&self) -> String {
        "CSE".to_string()
    }

    fn run(&mut self, ctx: &mut Context, op: OpId, analyses: &mut AnalysisManager) -> Result<(), Failure> {
        if eliminate_common_subexpressions(ctx, op) == 0 {
            analyses.mark_all_preserved();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mc_ir::test_dialect;

    /// Parses `text`, runs cse on the module, and prints it.
    fn cse(text: &str) -> (usize, String) {
        let mut ctx = Context::new();
        mc_dialects::register_all(&mut ctx);
        ctx.register_dialect(test_dialect::dialect());
        let module = test_dialect::parse(&mut ctx, text).expect("valid input");
        let erased = eliminate_common_subexpressions(&mut ctx, module);
        mc_ir::verifier::verify(&ctx, module).expect("cse keeps the IR valid");
        (erased, test_dialect::print_generic(&ctx, module))
    }

    #[test]
    fn regions_of_registered_non_isolated_ops_reuse_outer_values() {
        let (erased, printed) = cse(r#"
"func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
^bb0(%x: i32):
  %0 = "arith.addi"(%x, %x) : (i32, i32) -> i32
  "test.scope"() ({
    %1 = "arith.addi"(%x, %x) : (i32, i32) -> i32
    %2 = "arith.muli"(%1, %1) : (i32, i32) -> i32
    "test.use"(%1, %2) : (i32, i32) -> ()
  }) : () -> ()
  %3 = "arith.muli"(%0, %0) : (i32, i32) -> i32
  "test.use"(%3) : (i32) -> ()
  "func.return"() : () -> ()
}) : () -> ()
"#);
        assert_eq!(erased, 1, "{printed}");
        assert!(
            printed.contains(
                r#"  "test.scope"() ({
      %1 = "arith.muli"(%0, %0) : (i32, i32) -> i32
      "test.use"(%0, %1) : (i32, i32) -> ()
    }) : () -> ()
    %2 = "arith.muli"(%0, %0) : (i32, i32) -> i32"#
            ),
            "{printed}"
        );
    }

    #[test]
    fn dominator_tree_of_a_diamond_with_an_unreachable_block() {
        let (erased, printed) = cse(r#"
"func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
^bb0(%x: i32):
  "test.br"() [^bb1, ^bb2] : () -> ()
^bb1:
  %1 = "arith.addi"(%x, %x) : (i32, i32) -> i32
  "test.use"(%1) : (i32) -> ()
  "test.br"() [^bb3] : () -> ()
^bb2:
  %2 = "arith.addi"(%x, %x) : (i32, i32) -> i32
  "test.use"(%2) : (i32) -> ()
  "test.br"() [^bb3] : () -> ()
^bb3:
  %3 = "arith.addi"(%x, %x) : (i32, i32) -> i32
  "test.use"(%3) : (i32) -> ()
  "func.return"() : () -> ()
^bb4:
  "test.br"() [^bb3] : () -> ()
}) : () -> ()
"#);
        // Neither branch dominates the join, and the unreachable predecessor changes nothing.
        assert_eq!(erased, 0, "{printed}");
    }
}
