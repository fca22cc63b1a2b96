//! Folders of the graph ops: ops that do nothing, and reshapes of constants.
//!
//! | op | folds to |
//! |---|---|
//! | `graph.reshape` | its input when the result type equals the input type; a constant of the result's shape when the input is a constant (same bytes: `dense<...>` data or the same `dense_resource` blob) |
//! | `graph.transpose` | its input when `perm` is `0, 1, ..., rank - 1` and the types are equal |
//! | `graph.pad` | its input when every padding is 0 and the types are equal |
//!
//! A fold to the input needs the exact same type (quantization included): a value's type never
//! changes under its users. `perm` and `paddings` are read from the attribute or from a constant
//! operand.

use super::attributes::{i64_array, int_elements};
use mc_ir::{AttrKind, Attribute, Context, FoldResult, Folded, OpId};

/// The op's operand `index`, as a fold result.
fn operand(ctx: &Context, op: OpId, index: usize) -> Folded {
    Folded::Results(vec![FoldResult::Value(ctx.operation(op).operand(index))])
}

/// True if the op's first operand has the type of its result.
fn same_type_as_input(ctx: &Context, op: OpId) -> bool {
    let operation = ctx.operation(op);
    ctx.value_type(operation.operand(0)) == operation.result_type(0)
}

/// A list given as constant operand `index` (its value in `constants`) or as attribute `attr`.
fn list(ctx: &Context, op: OpId, constants: &[Option<Attribute>], index: usize, attr: &str) -> Option<Vec<i64>> {
    match constants.len() > index {
        true => int_elements(ctx, constants[index]?),
        false => i64_array(ctx, ctx.attr(op, attr)?),
    }
}

/// `reshape(x)` → `x` for equal types; `reshape(constant)` → the constant in the result's shape.
pub(super) fn fold_reshape(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Folded {
    if same_type_as_input(ctx, op) {
        return operand(ctx, op, 0);
    }
    let Some(input) = constants.first().copied().flatten() else { return Folded::Unchanged };
    let Some((shape, _)) = ctx.tensor_parts(ctx.operation(op).result_type(0)) else { return Folded::Unchanged };
    let shape = shape.to_vec();
    // The value keeps its own element type (the storage type of a quantized constant, or the
    // quantized type itself); the materializer checks it against the result type.
    let reshaped = match ctx.attr_kind(input).clone() {
        AttrKind::DenseElements { ty, splat, data } => {
            let ty = ctx.tensor_type(shape, ctx.element_type(ty));
            AttrKind::DenseElements { ty, splat, data }
        }
        AttrKind::DenseResource { name, ty } => {
            let ty = ctx.tensor_type(shape, ctx.element_type(ty));
            AttrKind::DenseResource { name, ty }
        }
        _ => return Folded::Unchanged,
    };
    Folded::Results(vec![FoldResult::Attr(ctx.intern_attr(reshaped))])
}

/// `transpose(x, perm = identity)` → `x`.
pub(super) fn fold_transpose(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Folded {
    if !same_type_as_input(ctx, op) {
        return Folded::Unchanged;
    }
    match list(ctx, op, constants, 1, "perm") {
        Some(perm) if perm.iter().enumerate().all(|(i, &p)| p == i as i64) => operand(ctx, op, 0),
        _ => Folded::Unchanged,
    }
}

/// `pad(x, paddings = 0)` → `x`.
pub(super) fn fold_pad(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Folded {
    if !same_type_as_input(ctx, op) {
        return Folded::Unchanged;
    }
    match list(ctx, op, constants, 1, "paddings") {
        Some(paddings) if paddings.iter().all(|&p| p == 0) => operand(ctx, op, 0),
        _ => Folded::Unchanged,
    }
}
