//! Ops for the folder and the greedy driver: a constant op with a materializer, pure ops with and
//! without folders, and the `other` dialect, whose constants cannot be materialized.

use crate::{Attribute, Builder, Context, FoldResult, Folded, OpId, Type, define_op};

define_op! {
    /// A constant.
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
    /// Negation, with no folder: `neg(neg(x))` is left to patterns.
    pub struct NegOp = "test.neg" {
        summary: "negation",
        traits: [PURE],
        operands: [input],
        results: [result],
        attributes: [],
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

/// Folds to the operand's constant and a string, which has no type and so no constant op.
fn fold_split(ctx: &mut Context, _op: OpId, constants: &[Option<Attribute>]) -> Folded {
    match constants {
        [Some(value)] => Folded::Results(vec![FoldResult::Attr(*value), FoldResult::Attr(ctx.string_attr("x"))]),
        _ => Folded::Unchanged,
    }
}

/// Builds `test.constant` for typed attributes of the requested type.
pub(super) fn materialize_constant(builder: &mut Builder<'_>, value: Attribute, ty: Type) -> Option<OpId> {
    if builder.ctx.attr_type(value) != Some(ty) {
        return None;
    }
    Some(builder.create(ConstantOp::NAME, &[], &[ty], vec![("value".to_string(), value)], Vec::new()))
}
