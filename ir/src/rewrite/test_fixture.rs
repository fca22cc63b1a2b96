//! The IR-building fixture shared by the rewrite drivers' unit tests, on the `test` dialect.

use crate::printer::{PrintOptions, op_to_string};
use crate::test_dialect::{self, ConstantOp, IsolatedOp};
use crate::{BlockId, Builder, Context, InsertPoint, OpId, Type, Value};

/// A module holding one `test.isolated` op with one empty block, in a context knowing the `test`
/// and `other` dialects.
pub struct Fixture {
    /// The context.
    pub ctx: Context,
    /// The `test.isolated` op.
    pub func: OpId,
    /// Its entry block.
    pub body: BlockId,
    /// `i32`, the type of every value built by the fixture.
    pub i32: Type,
}

impl Fixture {
    pub fn new() -> Self {
        let mut ctx = test_dialect::context();
        ctx.register_dialect(test_dialect::other_dialect());
        let i32 = ctx.integer_type(32);
        let loc = ctx.unknown_loc();
        let module = crate::builtin::ModuleOp::build(&mut ctx, loc);
        let ip = module.body_end(&ctx);
        let mut builder = Builder::at(&mut ctx, ip, loc);
        let (region, body) = builder.region_with_block(&[]);
        let func = builder.create(IsolatedOp::NAME, &[], &[], Vec::new(), vec![region]);
        Fixture { ctx, func, body, i32 }
    }

    /// Appends an op to `block` with `results` results of type `i32`.
    pub fn op(&mut self, block: BlockId, name: &str, operands: &[Value], results: usize) -> OpId {
        let loc = self.ctx.unknown_loc();
        let types = vec![self.i32; results];
        Builder::at(&mut self.ctx, InsertPoint::end(block), loc).create(name, operands, &types, Vec::new(), Vec::new())
    }

    /// Appends `test.constant value : i32` to `block`.
    pub fn constant(&mut self, block: BlockId, value: i128) -> Value {
        self.dialect_constant(block, ConstantOp::NAME, value)
    }

    /// Appends the constant op `name` (`test.constant` or `other.constant`) with `value : i32` to `block`.
    pub fn dialect_constant(&mut self, block: BlockId, name: &str, value: i128) -> Value {
        let loc = self.ctx.unknown_loc();
        let attr = self.ctx.integer_attr(value, self.i32);
        let mut builder = Builder::at(&mut self.ctx, InsertPoint::end(block), loc);
        builder.create(name, &[], &[self.i32], vec![("value".to_string(), attr)], Vec::new()).result(0)
    }

    /// Appends an op named `name` with one region holding one block, which is returned.
    pub fn region_op(&mut self, block: BlockId, name: &str, results: usize) -> (OpId, BlockId) {
        let loc = self.ctx.unknown_loc();
        let types = vec![self.i32; results];
        let mut builder = Builder::at(&mut self.ctx, InsertPoint::end(block), loc);
        let (region, inner) = builder.region_with_block(&[]);
        (builder.create(name, &[], &types, Vec::new(), vec![region]), inner)
    }

    /// The generic form of the `test.isolated` op.
    pub fn print(&self) -> String {
        op_to_string(&self.ctx, self.func, PrintOptions { generic: true, debug_info: false })
    }

    /// The names of the ops of `block`, in order.
    pub fn names(&self, block: BlockId) -> Vec<&str> {
        self.ctx.block_ops(block).map(|op| self.ctx.op_name_of(op)).collect()
    }
}
