//! Regions: ordered lists of blocks owned by an operation.

use crate::block::BlockId;
use crate::context::Context;
use crate::operation::OpId;

/// Names a region stored in a [`Context`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct RegionId(pub(crate) u32);

/// Storage of one region.
#[derive(Clone, Debug)]
pub struct Region {
    pub(crate) blocks: Vec<BlockId>,
    pub(crate) parent: Option<OpId>,
}

impl Context {
    /// The storage of `region`.
    pub fn region(&self, region: RegionId) -> &Region {
        self.regions[region.0 as usize].as_ref().expect("use of an erased region")
    }

    pub(crate) fn region_mut(&mut self, region: RegionId) -> &mut Region {
        self.regions[region.0 as usize].as_mut().expect("use of an erased region")
    }

    /// Creates an empty region, to be attached to an op through [`crate::OperationState::regions`].
    pub fn create_region(&mut self) -> RegionId {
        let id = RegionId(u32::try_from(self.regions.len()).expect("more than 2^32 regions"));
        self.regions.push(Some(Region { blocks: Vec::new(), parent: None }));
        id
    }

    /// The blocks of `region` in order; the first is the entry block.
    pub fn region_blocks(&self, region: RegionId) -> &[BlockId] {
        &self.region(region).blocks
    }

    /// The entry block of `region`.
    pub fn entry_block(&self, region: RegionId) -> Option<BlockId> {
        self.region(region).blocks.first().copied()
    }

    /// The operation owning `region`.
    pub fn region_parent_op(&self, region: RegionId) -> Option<OpId> {
        self.region(region).parent
    }

    /// Appends a detached block to `region`.
    pub fn append_block(&mut self, region: RegionId, block: BlockId) {
        self.block_mut(block).parent = Some(region);
        self.region_mut(region).blocks.push(block);
    }

    /// Removes `block` from its region and destroys it and its ops.
    pub fn erase_block(&mut self, block: BlockId) {
        if let Some(region) = self.block(block).parent {
            self.region_mut(region).blocks.retain(|&b| b != block);
        }
        self.destroy_block(block);
    }

    /// Moves all blocks of `from` to the end of `to`.
    pub fn take_region_blocks(&mut self, from: RegionId, to: RegionId) {
        let blocks = std::mem::take(&mut self.region_mut(from).blocks);
        for block in blocks {
            self.append_block(to, block);
        }
    }

    /// The op of `region`'s single block, for single-block regions such as a module body.
    pub fn single_block(&self, region: RegionId) -> Option<BlockId> {
        match self.region(region).blocks.as_slice() {
            [block] => Some(*block),
            _ => None,
        }
    }

    pub(crate) fn destroy_region(&mut self, region: RegionId) {
        // Drop all uses nested in the region before freeing anything: a block
        // may use values defined in a later block of the same region.
        let blocks = self.region(region).blocks.clone();
        for &block in &blocks {
            let ops: Vec<OpId> = self.block_ops(block).collect();
            for op in ops {
                self.drop_all_uses_within(op);
            }
        }
        for block in blocks {
            self.destroy_block(block);
        }
        self.regions[region.0 as usize] = None;
    }

    /// Unlinks every operand of `op` and of everything nested in it.
    fn drop_all_uses_within(&mut self, op: OpId) {
        let nested = self.walk_preorder(op);
        for op in nested {
            let n = self.operation(op).num_operands();
            for index in 0..n {
                self.unlink_use(crate::value::Use { user: op, index: index as u32 });
            }
            self.operation_mut(op).operands.clear();
        }
    }
}
