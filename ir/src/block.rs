//! Blocks: argument lists and ordered operation lists, with insertion points.

use crate::context::Context;
use crate::location::Location;
use crate::operation::OpId;
use crate::region::RegionId;
use crate::types::Type;
use crate::value::{ArgSlot, Value, ValueSlot};

/// Names a block stored in a [`Context`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct BlockId(pub(crate) u32);

/// Storage of one block.
#[derive(Clone, Debug)]
pub struct Block {
    pub(crate) args: Vec<ArgSlot>,
    pub(crate) first: Option<OpId>,
    pub(crate) last: Option<OpId>,
    pub(crate) parent: Option<RegionId>,
}

/// A position in a block: before `before`, or at the end when `before` is `None`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct InsertPoint {
    /// The block.
    pub block: BlockId,
    /// The op to insert before; `None` appends.
    pub before: Option<OpId>,
}

impl InsertPoint {
    /// At the end of `block`.
    pub fn end(block: BlockId) -> Self {
        InsertPoint { block, before: None }
    }

    /// Before `op`, which must be in a block.
    pub fn before(ctx: &Context, op: OpId) -> Self {
        let block = ctx.operation(op).parent.expect("op is not in a block");
        InsertPoint { block, before: Some(op) }
    }

    /// Right after `op`, which must be in a block.
    pub fn after(ctx: &Context, op: OpId) -> Self {
        let operation = ctx.operation(op);
        InsertPoint { block: operation.parent.expect("op is not in a block"), before: operation.next }
    }
}

impl Context {
    /// The storage of `block`.
    pub fn block(&self, block: BlockId) -> &Block {
        self.blocks[block.0 as usize].as_ref().expect("use of an erased block")
    }

    pub(crate) fn block_mut(&mut self, block: BlockId) -> &mut Block {
        self.blocks[block.0 as usize].as_mut().expect("use of an erased block")
    }

    /// Creates a detached block with the given argument types and locations.
    pub fn create_block(&mut self, args: &[(Type, Location)]) -> BlockId {
        let id = BlockId(u32::try_from(self.blocks.len()).expect("more than 2^32 blocks"));
        self.blocks.push(Some(Block {
            args: args.iter().map(|&(ty, loc)| ArgSlot { slot: ValueSlot { ty, first_use: None }, loc }).collect(),
            first: None,
            last: None,
            parent: None,
        }));
        id
    }

    /// Appends an argument to `block` and returns it.
    pub fn add_block_arg(&mut self, block: BlockId, ty: Type, loc: Location) -> Value {
        let b = self.block_mut(block);
        b.args.push(ArgSlot { slot: ValueSlot { ty, first_use: None }, loc });
        Value::Arg { block, index: (b.args.len() - 1) as u32 }
    }

    /// Drops the arguments of `block` from `len` on (a function losing trailing parameters).
    /// They must have no uses left.
    pub fn truncate_block_args(&mut self, block: BlockId, len: usize) {
        let b = self.block_mut(block);
        debug_assert!(b.args.iter().skip(len).all(|a| a.slot.first_use.is_none()), "a dropped block argument is used");
        b.args.truncate(len);
    }

    /// Changes the location of a block argument.
    pub fn set_block_arg_loc(&mut self, block: BlockId, index: usize, loc: Location) {
        self.block_mut(block).args[index].loc = loc;
    }

    /// Number of arguments of `block`.
    pub fn num_block_args(&self, block: BlockId) -> usize {
        self.block(block).args.len()
    }

    /// Argument `index` of `block`.
    pub fn block_arg(&self, block: BlockId, index: usize) -> Value {
        debug_assert!(index < self.block(block).args.len());
        Value::Arg { block, index: index as u32 }
    }

    /// All arguments of `block`.
    pub fn block_args(&self, block: BlockId) -> Vec<Value> {
        (0..self.block(block).args.len()).map(|i| Value::Arg { block, index: i as u32 }).collect()
    }

    /// The ops of `block` in order.
    pub fn block_ops(&self, block: BlockId) -> BlockOps<'_> {
        BlockOps { ctx: self, next: self.block(block).first }
    }

    /// The first op of `block`.
    pub fn first_op(&self, block: BlockId) -> Option<OpId> {
        self.block(block).first
    }

    /// The last op of `block` (its terminator in a well-formed block).
    pub fn last_op(&self, block: BlockId) -> Option<OpId> {
        self.block(block).last
    }

    /// The ops of `block` but a trailing terminator, and that terminator (`None` when the last
    /// op is not one): what a lowering walks op by op before handling the block's exit.
    pub fn ops_and_terminator(&self, block: BlockId) -> (Vec<OpId>, Option<OpId>) {
        let mut ops: Vec<OpId> = self.block_ops(block).collect();
        let terminator = ops.last().copied().filter(|&op| self.has_trait(op, crate::Traits::TERMINATOR));
        if terminator.is_some() {
            ops.pop();
        }
        (ops, terminator)
    }

    /// The region holding `block`.
    pub fn block_parent_region(&self, block: BlockId) -> Option<RegionId> {
        self.block(block).parent
    }

    /// The operation owning the region that holds `block`.
    pub fn block_parent_op(&self, block: BlockId) -> Option<OpId> {
        self.region(self.block(block).parent?).parent
    }

    /// Destroys a block (detached from its region) and all ops in it.
    pub(crate) fn destroy_block(&mut self, block: BlockId) {
        // Results of ops in the block may be used later in the same block:
        // drop every use inside first, then free the storage.
        let ops: Vec<OpId> = self.block_ops(block).collect();
        for &op in ops.iter().rev() {
            self.detach_op(op);
            self.destroy_op(op);
        }
        self.blocks[block.0 as usize] = None;
    }
}

/// Iterator over the ops of a block.
pub struct BlockOps<'a> {
    ctx: &'a Context,
    next: Option<OpId>,
}

impl Iterator for BlockOps<'_> {
    type Item = OpId;

    fn next(&mut self) -> Option<OpId> {
        let current = self.next?;
        self.next = self.ctx.operation(current).next;
        Some(current)
    }
}
