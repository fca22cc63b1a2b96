//! Region simplification: erasing blocks that control flow cannot reach from their region's entry.
//!
//! This is the part of MLIR's `simplifyRegions` that mc implements; identical-block merging and
//! dead block-argument elimination are not done.

use crate::block::BlockId;
use crate::context::Context;
use crate::operation::OpId;
use crate::region::RegionId;
use rustc_hash::FxHashSet;

/// Erases the unreachable blocks of every region nested in `root`; returns true if any was erased.
///
/// A region is left alone if a value defined in one of its unreachable blocks is used from a
/// reachable place (invalid IR that erasing would leave dangling).
pub fn erase_unreachable_blocks(ctx: &mut Context, root: OpId) -> bool {
    let mut changed = false;
    for op in ctx.walk_preorder(root) {
        // Ops inside blocks erased earlier in this walk are gone.
        if !ctx.is_live(op) {
            continue;
        }
        for region in ctx.operation(op).regions().to_vec() {
            changed |= erase_unreachable_in(ctx, region);
        }
    }
    changed
}

fn erase_unreachable_in(ctx: &mut Context, region: RegionId) -> bool {
    let blocks = ctx.region_blocks(region);
    if blocks.len() < 2 {
        return false;
    }
    let mut reachable: FxHashSet<BlockId> = FxHashSet::default();
    let mut stack = vec![blocks[0]];
    while let Some(block) = stack.pop() {
        if reachable.insert(block)
            && let Some(terminator) = ctx.last_op(block)
        {
            stack.extend(ctx.operation(terminator).successors());
        }
    }
    let unreachable: Vec<BlockId> = blocks.iter().copied().filter(|b| !reachable.contains(b)).collect();
    if unreachable.is_empty() {
        return false;
    }
    let doomed: FxHashSet<OpId> = unreachable
        .iter()
        .flat_map(|&b| ctx.block_ops(b).collect::<Vec<_>>())
        .flat_map(|op| ctx.walk_preorder(op))
        .collect();
    let values =
        unreachable.iter().flat_map(|&b| ctx.block_args(b)).chain(doomed.iter().flat_map(|&op| ctx.results(op)));
    let used_outside = values.into_iter().any(|value| ctx.uses(value).any(|u| !doomed.contains(&u.user)));
    if used_outside {
        return false;
    }
    // Unreachable blocks may use each other's values in any order: unlink every use first.
    for &op in &doomed {
        ctx.set_operands(op, &[]);
    }
    for block in unreachable {
        ctx.erase_block(block);
    }
    true
}
