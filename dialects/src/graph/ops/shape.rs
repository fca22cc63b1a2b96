//! Shapes as data: ops whose result describes their input's shape rather than its values.
//!
//! | op | operands | attributes | result | TFLite builtin |
//! |---|---|---|---|---|
//! | `graph.shape` | `input` (any element type) | — | 1-D i32 of the input's rank: its dimensions | `SHAPE` (77) |
//! | `graph.zeros_like` | `input` | — | the input's type, every element the stored 0 | `ZEROS_LIKE` (93) |
//! | `graph.fill` | `value` (a scalar), `dims`? (1-D i32/i64) | `dims`? (exactly one of the two) | shape `dims`, every element `value` | `FILL` (94) |
//! | `graph.broadcast_args` | `lhs`, `rhs` (1-D shapes, both i32 or both i64) | — | 1-D of the longer one's length: the shapes numpy-broadcast | `BROADCAST_ARGS` (145) |
//!
//! `FILL` lists `dims` first and `value` second; the graph op takes the data first, as every op
//! with a shape-like operand does. `zeros_like` takes what TFLite Micro's `ZEROS_LIKE` zeroes
//! (f32, int8, int32, int64), `fill` what its `FILL` fills (f32, int8, int32).
//!
//! `broadcast_args` of constant shapes folds (the usual case: its operands come from `SHAPE` or
//! the model's constants); constant shapes that do not broadcast are an error, as TFLite
//! Micro's `BroadcastArgs` aborts on them. Of run-time shapes its kernel computes the broadcast
//! shape; where two run-time dimensions differ and neither is 1 (TFLite Micro aborts), it writes
//! the first shape's dimension.
//!
//! mc compiles static shapes only, so `shape` always folds to a constant (the
//! `shape_arithmetic` folds); its kernel writes the same constants. TFLite Micro's `SHAPE`
//! writes int32 only (an `out_type` of int64 fails there), so the result must be i32.

use super::{OpEntry, op_entry};
use crate::graph::shape_arithmetic::{fold_broadcast_args, fold_fill, fold_shape, fold_zeros_like};
use crate::graph::shape_inference::{Inference, ShapeQuery, same_as_input};
use crate::graph::shapes::{broadcast_shapes, constant_ints};
use crate::graph::verify::{Checker, Checks, F32, I8, I32, I64, INT_LIST, Kind, Q8, verify_op};
use mc_ir::{Builder, Type, Value, define_op};

define_op! {
    /// The input's dimensions as a 1-D i32 tensor (TFLite `SHAPE`).
    pub struct ShapeOp = "graph.shape" {
        summary: "the input's shape",
        traits: [PURE],
        operands: [input],
        results: [result],
        attributes: [],
        verify: verify_op,
        fold: fold_shape,
    }
}

define_op! {
    /// Zeros of the input's type and shape: the stored integer 0, or `0.0` (TFLite `ZEROS_LIKE`).
    pub struct ZerosLikeOp = "graph.zeros_like" {
        summary: "zeros of the input's type",
        traits: [PURE],
        operands: [input],
        results: [result],
        attributes: [],
        verify: verify_op,
        fold: fold_zeros_like,
    }
}

define_op! {
    /// The scalar `value` in every element of a result of shape `dims` (TFLite `FILL`).
    pub struct FillOp = "graph.fill" {
        summary: "a tensor of one value",
        traits: [PURE],
        operands: [value],
        optional_operands: [dims_operand],
        results: [result],
        attributes: [],
        optional_attributes: [dims: DenseArray],
        verify: verify_op,
        fold: fold_fill,
    }
}

define_op! {
    /// The numpy broadcast of two shapes given as 1-D integer tensors (TFLite `BROADCAST_ARGS`).
    pub struct BroadcastArgsOp = "graph.broadcast_args" {
        summary: "the broadcast of two shapes",
        traits: [PURE],
        operands: [lhs, rhs],
        results: [result],
        attributes: [],
        verify: verify_op,
        fold: fold_broadcast_args,
    }
}

/// The family's ops.
pub(super) const OPS: &[OpEntry] = &[
    op_entry!(ShapeOp, Checks::Signature(check_shape), Some(infer_shape)),
    op_entry!(ZerosLikeOp, Checks::Signature(check_zeros_like), Some(same_as_input)),
    op_entry!(FillOp, Checks::Signature(check_fill), Some(infer_fill)).with_lists(1, &["dims"]),
    op_entry!(BroadcastArgsOp, Checks::Signature(check_broadcast_args), Some(infer_broadcast_args)),
];

impl BroadcastArgsOp {
    /// Builds `graph.broadcast_args` of the shapes `lhs` and `rhs`.
    pub fn build(b: &mut Builder<'_>, lhs: Value, rhs: Value, result: Type) -> Self {
        BroadcastArgsOp(b.create(Self::NAME, &[lhs, rhs], &[result], vec![], vec![]))
    }
}

fn check_broadcast_args(c: &mut Checker<'_, '_>) {
    let (Some(lhs), Some(rhs), Some(result)) = (c.operand("lhs", 0), c.operand("rhs", 1), c.result("result")) else {
        return;
    };
    let Some(kind) = c.kind("lhs", lhs, &[I32, I64]) else { return };
    if c.kind("rhs", rhs, &[kind]).is_none() || c.kind("result", result, &[kind]).is_none() {
        return;
    }
    for (what, t) in [("lhs", lhs), ("rhs", rhs), ("result", result)] {
        if !c.rank(what, t, 1) {
            return;
        }
    }
    if c.sig.has_own_operands() {
        let operand = |index| constant_ints(c.ctx, c.ctx.operation(c.op).operand(index));
        if let (Some(a), Some(b)) = (operand(0), operand(1))
            && let Err(message) = broadcast_shapes(&a, &b)
        {
            c.error(format!("constant shapes {a:?} and {b:?} do not broadcast: {message}"));
            return;
        }
    }
    c.check_inferred();
}

/// `[max(len(lhs), len(rhs))]`.
fn infer_broadcast_args(q: &ShapeQuery<'_>) -> Inference {
    let (lhs, rhs) = (q.shape(0)?, q.shape(1)?);
    match (lhs, rhs) {
        (&[a], &[b]) => q.one(Ok(vec![a.max(b)])),
        _ => q.one(Err("lhs and rhs must be 1-D shapes".into())),
    }
}

impl ZerosLikeOp {
    /// Builds `graph.zeros_like` of `input`.
    pub fn build(b: &mut Builder<'_>, input: Value, result: Type) -> Self {
        ZerosLikeOp(b.create(Self::NAME, &[input], &[result], vec![], vec![]))
    }
}

impl FillOp {
    /// Builds `graph.fill` of the scalar `value` with a `dims` operand.
    pub fn build(b: &mut Builder<'_>, value: Value, dims: Value, result: Type) -> Self {
        FillOp(b.create(Self::NAME, &[value, dims], &[result], vec![], vec![]))
    }
}

fn check_zeros_like(c: &mut Checker<'_, '_>) {
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    if c.kind("input", input, &[F32, Q8, I8, I32, I64]).is_some() {
        c.same_element("result", result, "input", input);
    }
    c.check_inferred();
}

fn check_fill(c: &mut Checker<'_, '_>) {
    let (Some(value), Some(result)) = (c.operand("value", 0), c.result("result")) else { return };
    if !value.shape.is_empty() {
        c.error(format!("value must be a scalar, but has rank {}", value.shape.len()));
    }
    if c.kind("value", value, &[F32, Q8, I8, I32]).is_some() {
        c.same_element("result", result, "value", value);
    }
    c.list_once("dims", "dims operand", INT_LIST);
    c.check_inferred();
}

/// The shape `dims`, when known.
fn infer_fill(q: &ShapeQuery<'_>) -> Inference {
    match q.list(1, "dims")? {
        Some(dims) if dims.iter().any(|&d| d < 0) => Err(q.error(format!("dims {dims:?} has a negative size"))),
        Some(dims) => q.one(Ok(dims)),
        None => Ok(None),
    }
}

impl ShapeOp {
    /// Builds `graph.shape` of `input`.
    pub fn build(b: &mut Builder<'_>, input: Value, result: Type) -> Self {
        ShapeOp(b.create(Self::NAME, &[input], &[result], vec![], vec![]))
    }
}

fn check_shape(c: &mut Checker<'_, '_>) {
    let (Some(_), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    if Kind::of(c.ctx, result.element) != I32 {
        let element = c.ty(result.element);
        c.error(format!(
            "result element type must be i32 (TFLite Micro's SHAPE writes int32 only), but got '{element}'"
        ));
        return;
    }
    c.check_inferred();
}

/// `[rank]`.
fn infer_shape(q: &ShapeQuery<'_>) -> Inference {
    q.one(Ok(vec![q.shape(0)?.len() as i64]))
}
