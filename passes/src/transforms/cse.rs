//! `cse`: eliminates common subexpressions — pure ops equal to an earlier op that dominates them.
//!
//! Two ops are equal when they have the same name, operands, result types, attributes and
//! properties, no regions, and the `PURE` trait. An op is replaced by an equal op that dominates
//! it: an earlier op in the same block, or one visible from an enclosing block (nested regions
//! of non-isolated ops see their parents' ops). Blocks of a multi-block region each start from
//! the scope of the region's parent: equal ops in sibling blocks are not merged.
//!
//! ```mlir
//! %0 = "arith.addi"(%a, %b) : (i32, i32) -> i32
//! %1 = "arith.addi"(%a, %b) : (i32, i32) -> i32   // uses of %1 become uses of %0
//! ```

use mc_ir::pass::{AnalysisManager, Pass};
use mc_ir::{Attribute, BlockId, Context, Failure, OpId, OpName, Traits, Type, Value};
use rustc_hash::FxHashMap;

/// What makes two pure ops interchangeable.
#[derive(Clone, PartialEq, Eq, Hash)]
struct OpKey {
    name: OpName,
    operands: Vec<Value>,
    result_types: Vec<Type>,
    attrs: Attribute,
    props: Option<Attribute>,
}

/// Replaces duplicate pure ops under `root`; returns how many ops were erased.
pub fn eliminate_common_subexpressions(ctx: &mut Context, root: OpId) -> usize {
    let mut erased = 0;
    // Each isolated op starts an empty scope: values from outside are not visible in it.
    let mut scope_roots = vec![root];
    while let Some(scope_root) = scope_roots.pop() {
        let mut table: FxHashMap<OpKey, OpId> = FxHashMap::default();
        for &region in ctx.operation(scope_root).regions().to_vec().iter() {
            for block in ctx.region_blocks(region).to_vec() {
                erased += cse_block(ctx, block, &mut table, &mut scope_roots);
            }
        }
    }
    erased
}

/// Processes `block` with the ops visible from above in `table`; new entries stay local to it.
fn cse_block(
    ctx: &mut Context,
    block: BlockId,
    table: &mut FxHashMap<OpKey, OpId>,
    scope_roots: &mut Vec<OpId>,
) -> usize {
    let mut erased = 0;
    let mut added = Vec::new();
    let ops: Vec<OpId> = ctx.block_ops(block).collect();
    for op in ops {
        let operation = ctx.operation(op);
        if !operation.regions().is_empty() {
            if ctx.has_trait(op, Traits::ISOLATED_FROM_ABOVE) {
                scope_roots.push(op);
            } else {
                for region in operation.regions().to_vec() {
                    for nested in ctx.region_blocks(region).to_vec() {
                        erased += cse_block(ctx, nested, table, scope_roots);
                    }
                }
            }
            continue;
        }
        if !ctx.has_trait(op, Traits::PURE) {
            continue;
        }
        let key = OpKey {
            name: operation.name(),
            operands: operation.operands().collect(),
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
    // Forget this block's ops so sibling blocks and later regions do not see them.
    for key in added {
        table.remove(&key);
    }
    erased
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
