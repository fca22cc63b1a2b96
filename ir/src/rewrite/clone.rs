//! Deep copies of operations, as MLIR's `Operation::clone(IRMapping&)`: operands are remapped
//! through a value map, nested regions and blocks are copied along, and the map learns every
//! result and block argument the copy defines.

use crate::block::{BlockId, InsertPoint};
use crate::context::Context;
use crate::operation::{OpId, OperationState};
use crate::region::RegionId;
use crate::value::Value;
use rustc_hash::FxHashMap;

/// Copies `op` (with its regions) and inserts the copy at `ip`. Operands found in `map` are
/// replaced by their images, the others kept (values defined above the copy's position); the
/// copy's results, and the arguments of the blocks it contains, are added to `map` as the images
/// of the originals. Successors are kept as they are (region-local branches are remapped).
pub fn clone_op(ctx: &mut Context, op: OpId, map: &mut FxHashMap<Value, Value>, ip: InsertPoint) -> OpId {
    let copy = clone_detached(ctx, op, map, &mut FxHashMap::default());
    ctx.insert_op(copy, ip);
    copy
}

/// [`clone_op`] without inserting: the copy is detached; `blocks` maps the blocks copied so far.
fn clone_detached(
    ctx: &mut Context,
    op: OpId,
    map: &mut FxHashMap<Value, Value>,
    blocks: &mut FxHashMap<BlockId, BlockId>,
) -> OpId {
    let original = ctx.operation(op).clone();
    let regions: Vec<RegionId> =
        original.regions.iter().map(|&region| clone_region(ctx, region, map, blocks)).collect();
    let mut state = OperationState::new(original.name, original.loc);
    state.operands = original.operands().map(|value| map.get(&value).copied().unwrap_or(value)).collect();
    state.result_types = original.result_types().collect();
    state.attrs = ctx.dictionary_entries(original.attr_dict()).to_vec();
    state.props = original.props;
    state.regions = regions;
    state.successors = original.successors.iter().map(|block| blocks.get(block).copied().unwrap_or(*block)).collect();
    let copy = ctx.create_operation(state);
    for (index, result) in ctx.results(op).into_iter().enumerate() {
        map.insert(result, copy.result(index));
    }
    copy
}

/// A copy of `region`: its blocks (arguments mapped first, so branches between them resolve),
/// then their ops in order.
fn clone_region(
    ctx: &mut Context,
    region: RegionId,
    map: &mut FxHashMap<Value, Value>,
    blocks: &mut FxHashMap<BlockId, BlockId>,
) -> RegionId {
    let copy = ctx.create_region();
    let originals = ctx.region_blocks(region).to_vec();
    for &block in &originals {
        let args: Vec<_> = ctx.block(block).args.iter().map(|arg| (arg.slot.ty, arg.loc)).collect();
        let new_block = ctx.create_block(&args);
        for (old, new) in ctx.block_args(block).into_iter().zip(ctx.block_args(new_block)) {
            map.insert(old, new);
        }
        ctx.append_block(copy, new_block);
        blocks.insert(block, new_block);
    }
    for block in originals {
        let target = blocks[&block];
        let ops: Vec<OpId> = ctx.block_ops(block).collect();
        for op in ops {
            let op_copy = clone_detached(ctx, op, map, blocks);
            ctx.insert_op(op_copy, InsertPoint::end(target));
        }
    }
    copy
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rewrite::test_fixture::Fixture;

    #[test]
    fn a_copy_has_its_own_regions_and_remapped_operands() {
        // %x = def; region_op { %y = add(%x, %c); use(%y) }, copied with %x replaced by %z.
        let mut f = Fixture::new();
        let body = f.body;
        let x = f.op(body, "test.def", &[], 1).result(0);
        let z = f.op(body, "test.def", &[], 1).result(0);
        let (outer, inner) = f.region_op(body, "test.region", 1);
        let c = f.constant(inner, 7);
        let y = f.op(inner, "test.add", &[x, c], 1).result(0);
        f.op(inner, "test.use", &[y], 0);
        let mut map = FxHashMap::from_iter([(x, z)]);
        let ip = InsertPoint::after(&f.ctx, outer);
        let copy = clone_op(&mut f.ctx, outer, &mut map, ip);

        assert_eq!(f.names(body), ["test.def", "test.def", "test.region", "test.region"]);
        let copied_block = f.ctx.entry_block(f.ctx.operation(copy).regions()[0]).unwrap();
        assert_ne!(copied_block, inner);
        assert_eq!(f.names(copied_block), ["test.constant", "test.add", "test.use"]);
        let ops: Vec<OpId> = f.ctx.block_ops(copied_block).collect();
        // The copied add reads the copied constant and the replacement of %x; the copied use
        // reads the copied add; the map knows the copies.
        let add = f.ctx.operation(ops[1]);
        assert_eq!(add.operands().collect::<Vec<_>>(), [z, ops[0].result(0)]);
        assert_eq!(f.ctx.operation(ops[2]).operand(0), ops[1].result(0));
        assert_eq!(map[&y], ops[1].result(0));
        assert_eq!(map[&outer.result(0)], copy.result(0));
        // The original is untouched.
        assert_eq!(f.ctx.operation(f.ctx.block_ops(inner).nth(1).unwrap()).operand(0), x);
    }
}
