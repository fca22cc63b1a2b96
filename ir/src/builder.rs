//! Builders: create operations and blocks at an insertion point.

use crate::attributes::Attribute;
use crate::block::{BlockId, InsertPoint};
use crate::context::Context;
use crate::location::Location;
use crate::operation::{OpId, OperationState};
use crate::region::RegionId;
use crate::types::Type;
use crate::value::Value;

/// Creates ops at an insertion point with a current location.
pub struct Builder<'c> {
    /// The context everything is created in.
    pub ctx: &'c mut Context,
    /// Where new ops go; `None` leaves them detached.
    pub ip: Option<InsertPoint>,
    /// Location given to new ops.
    pub loc: Location,
}

impl<'c> Builder<'c> {
    /// A builder with no insertion point.
    pub fn new(ctx: &'c mut Context, loc: Location) -> Self {
        Builder { ctx, ip: None, loc }
    }

    /// A builder inserting at `ip`.
    pub fn at(ctx: &'c mut Context, ip: InsertPoint, loc: Location) -> Self {
        Builder { ctx, ip: Some(ip), loc }
    }

    /// Creates an op from a state and inserts it.
    pub fn insert(&mut self, state: OperationState) -> OpId {
        let op = self.ctx.create_operation(state);
        if let Some(ip) = self.ip {
            self.ctx.insert_op(op, ip);
        }
        op
    }

    /// Creates and inserts an op from its parts.
    pub fn create(
        &mut self,
        name: &str,
        operands: &[Value],
        result_types: &[Type],
        attrs: Vec<(String, Attribute)>,
        regions: Vec<RegionId>,
    ) -> OpId {
        let mut state = OperationState::new(self.ctx.op_name(name), self.loc);
        state.operands = operands.to_vec();
        state.result_types = result_types.to_vec();
        state.attrs = attrs;
        state.regions = regions;
        self.insert(state)
    }

    /// Creates a region with one block with the given argument types (at the builder's location).
    pub fn region_with_block(&mut self, arg_types: &[Type]) -> (RegionId, BlockId) {
        let region = self.ctx.create_region();
        let args: Vec<(Type, Location)> = arg_types.iter().map(|&t| (t, self.loc)).collect();
        let block = self.ctx.create_block(&args);
        self.ctx.append_block(region, block);
        (region, block)
    }

    /// Moves the insertion point to the end of `block`.
    pub fn set_insertion_point_to_end(&mut self, block: BlockId) {
        self.ip = Some(InsertPoint::end(block));
    }

    /// Moves the insertion point before `op`.
    pub fn set_insertion_point_before(&mut self, op: OpId) {
        self.ip = Some(InsertPoint::before(self.ctx, op));
    }

    /// Moves the insertion point after `op`.
    pub fn set_insertion_point_after(&mut self, op: OpId) {
        self.ip = Some(InsertPoint::after(self.ctx, op));
    }
}
