//! A small `test` dialect and IR-building fixture shared by the rewrite drivers' unit tests.

use crate::printer::{PrintOptions, op_to_string};
use crate::{
    Attribute, BlockId, Builder, Context, Dialect, FoldResult, Folded, InsertPoint, OpId, Type, Value, define_op,
};

define_op! {
    /// A constant integer.
    pub struct ConstantOp = "test.constant" {
        summary: "a constant",
        traits: [PURE, CONSTANT_LIKE],
        operands: [],
        results: [result],
        attributes: [value: Any],
    }
}

define_op! {
    /// Integer addition, folding constant + constant and x + 0.
    pub struct AddOp = "test.add" {
        summary: "addition",
        traits: [PURE, COMMUTATIVE, SAME_OPERANDS_AND_RESULT_TYPE],
        operands: [lhs, rhs],
        results: [result],
        attributes: [],
        fold: fold_add,
    }
}

define_op! {
    /// Negation, with no fold: `neg(neg(x))` is simplified by a pattern.
    pub struct NegOp = "test.neg" {
        summary: "negation",
        traits: [PURE],
        operands: [input],
        results: [result],
        attributes: [],
    }
}

define_op! {
    /// Consumes values with a side effect, keeping them alive.
    pub struct UseOp = "test.use" {
        summary: "a side-effecting use",
        traits: [],
        operands: variadic,
        results: [],
        attributes: [],
    }
}

define_op! {
    /// A pure op with a region that is not isolated from above.
    pub struct PureRegionOp = "test.pure_region" {
        summary: "a pure op with a region",
        traits: [PURE],
        operands: [],
        results: variadic,
        attributes: [],
        regions: 1,
    }
}

define_op! {
    /// A function-like op: its region is isolated from above.
    pub struct IsolatedOp = "test.isolated" {
        summary: "an isolated-from-above op",
        traits: [ISOLATED_FROM_ABOVE],
        operands: [],
        results: [],
        attributes: [],
        regions: 1,
    }
}

define_op! {
    /// A branch.
    pub struct BrOp = "test.br" {
        summary: "a branch",
        traits: [TERMINATOR],
        operands: variadic,
        results: [],
        attributes: [],
        successors: variadic,
    }
}

define_op! {
    /// The source op of the conversion tests.
    pub struct AOp = "test.a" {
        summary: "conversion source",
        traits: [],
        operands: variadic,
        results: variadic,
        attributes: [],
    }
}

define_op! {
    /// The target op of the conversion tests.
    pub struct BOp = "test.b" {
        summary: "conversion target",
        traits: [],
        operands: variadic,
        results: variadic,
        attributes: [],
    }
}

define_op! {
    /// An op no pattern converts.
    pub struct COp = "test.c" {
        summary: "never converted",
        traits: [],
        operands: variadic,
        results: variadic,
        attributes: [],
    }
}

define_op! {
    /// Addition in a dialect without a constant materializer.
    pub struct OtherAddOp = "other.add" {
        summary: "addition without a materializer",
        traits: [PURE],
        operands: [lhs, rhs],
        results: [result],
        attributes: [],
        fold: fold_add,
    }
}

define_op! {
    /// A constant of a dialect without a materializer.
    pub struct OtherConstantOp = "other.constant" {
        summary: "a constant without a materializer",
        traits: [PURE, CONSTANT_LIKE],
        operands: [],
        results: [result],
        attributes: [value: Any],
    }
}

define_op! {
    /// Folds a constant operand to two results, the second of which no dialect can materialize.
    pub struct SplitOp = "test.split" {
        summary: "a fold that cannot be fully materialized",
        traits: [PURE],
        operands: [input],
        results: [first, second],
        attributes: [],
        fold: fold_split,
    }
}

/// Folds to the operand's constant and a string, which has no type and so no constant op.
fn fold_split(ctx: &mut Context, _op: OpId, constants: &[Option<Attribute>]) -> Folded {
    match constants {
        [Some(value)] => Folded::Results(vec![FoldResult::Attr(*value), FoldResult::Attr(ctx.string_attr("x"))]),
        _ => Folded::Unchanged,
    }
}

/// Folds constant + constant to their sum and x + 0 to x.
fn fold_add(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Folded {
    let ty = ctx.operation(op).result_type(0);
    let values: Vec<Option<i128>> = constants.iter().map(|c| c.and_then(|c| ctx.integer_value(c))).collect();
    match values.as_slice() {
        [Some(a), Some(b)] => Folded::Results(vec![FoldResult::Attr(ctx.integer_attr(a.wrapping_add(*b), ty))]),
        [_, Some(0)] => Folded::Results(vec![FoldResult::Value(ctx.operation(op).operand(0))]),
        _ => Folded::Unchanged,
    }
}

/// Builds `test.constant` for typed attributes of the requested type.
fn materialize_constant(builder: &mut Builder<'_>, value: Attribute, ty: Type) -> Option<OpId> {
    if builder.ctx.attr_type(value) != Some(ty) {
        return None;
    }
    Some(builder.create(ConstantOp::NAME, &[], &[ty], vec![("value".to_string(), value)], Vec::new()))
}

/// A module holding one `test.isolated` op with one empty block, in a context knowing the test ops.
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
        let mut ctx = Context::new();
        ctx.register_dialect(Dialect {
            name: "test",
            ops: vec![
                ConstantOp::def(),
                AddOp::def(),
                NegOp::def(),
                UseOp::def(),
                PureRegionOp::def(),
                IsolatedOp::def(),
                BrOp::def(),
                AOp::def(),
                BOp::def(),
                COp::def(),
                SplitOp::def(),
            ],
            materialize_constant: Some(materialize_constant),
        });
        ctx.register_dialect(Dialect {
            name: "other",
            ops: vec![OtherAddOp::def(), OtherConstantOp::def()],
            materialize_constant: None,
        });
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
