//! Elementwise arithmetic on two operands, with numpy broadcasting, and on one.
//!
//! | op | operands | attributes | result | TFLite builtin |
//! |---|---|---|---|---|
//! | `graph.add` / `graph.sub` / `graph.mul` | `lhs`, `rhs` | `fused_activation` | broadcast shape (numpy rules, rank ≤ 6) | `ADD` (0) / `SUB` (41) / `MUL` (18) |
//!
//! | `graph.maximum` / `graph.minimum` | `lhs`, `rhs` | — | broadcast shape (numpy rules, rank ≤ 6) | `MAXIMUM` (55) / `MINIMUM` (57) |
//! | `graph.neg` | `input` | — | the input's shape | `NEG` (59) |
//!
//! `add` and `mul` are `COMMUTATIVE`; `maximum` and `minimum` are not: TFLite takes
//! `lhs > rhs ? lhs : rhs`, so with a NaN or with `-0.0` and `0.0` the order decides.
//!
//! Quantization: operands and result of one kind (`f32`, quantized `i8`/`i16`, `i32`, `i64`), per
//! tensor; add/sub/mul scales free, int16 `mul` needs zero points 0. `maximum` and `minimum`
//! compare stored values, so their operands and result must share one scale and zero point.
//! `neg` takes `f32` only, as TFLite Micro's kernel (its int8 case is a TODO there).

use super::{OpEntry, op_entry};
use crate::graph::attributes::Activation;
use crate::graph::builders::unary_ops;
use crate::graph::shape_arithmetic::{fold_add, fold_mul, fold_sub};
use crate::graph::shape_inference::{Inference, ShapeQuery, same_as_input};
use crate::graph::shapes::broadcast_shapes;
use crate::graph::verify::{Checker, Checks, F32, I32, I64, Kind, Q8, Q16, verify_op};
use mc_ir::{Builder, OpId, Type, Value, define_op};

/// Declares broadcasting binary ops.
macro_rules! binary_ops {
    ($($(#[$meta:meta])* $Op:ident = $name:literal, $summary:literal, [$($tr:ident),*], $fold:path;)*) => {
        $(
            define_op! {
                $(#[$meta])*
                pub struct $Op = $name {
                    summary: $summary,
                    traits: [PURE $(, $tr)*],
                    operands: [lhs, rhs],
                    results: [result],
                    attributes: [fused_activation: String],
                    verify: verify_op,
                    fold: $fold,
                }
            }
        )*
    };
}

binary_ops! {
    /// Elementwise `lhs + rhs` with broadcasting (TFLite `ADD`).
    AddOp = "graph.add", "elementwise addition", [COMMUTATIVE], fold_add;
    /// Elementwise `lhs - rhs` with broadcasting (TFLite `SUB`).
    SubOp = "graph.sub", "elementwise subtraction", [], fold_sub;
    /// Elementwise `lhs * rhs` with broadcasting (TFLite `MUL`).
    MulOp = "graph.mul", "elementwise multiplication", [COMMUTATIVE], fold_mul;
}

define_op! {
    /// Elementwise larger of `lhs` and `rhs` with broadcasting (TFLite `MAXIMUM`).
    pub struct MaximumOp = "graph.maximum" {
        summary: "elementwise maximum",
        traits: [PURE],
        operands: [lhs, rhs],
        results: [result],
        attributes: [],
        verify: verify_op,
    }
}

define_op! {
    /// Elementwise smaller of `lhs` and `rhs` with broadcasting (TFLite `MINIMUM`).
    pub struct MinimumOp = "graph.minimum" {
        summary: "elementwise minimum",
        traits: [PURE],
        operands: [lhs, rhs],
        results: [result],
        attributes: [],
        verify: verify_op,
    }
}

unary_ops! {
    /// `-x` (TFLite `NEG`).
    NegOp = "graph.neg", "elementwise negation";
}

/// The family's ops.
pub(super) const OPS: &[OpEntry] = &[
    op_entry!(AddOp, Checks::Signature(check_binary), Some(infer_binary)),
    op_entry!(SubOp, Checks::Signature(check_binary), Some(infer_binary)),
    op_entry!(MulOp, Checks::Signature(check_binary), Some(infer_binary)),
    op_entry!(MaximumOp, Checks::Signature(check_min_max), Some(infer_binary)),
    op_entry!(MinimumOp, Checks::Signature(check_min_max), Some(infer_binary)),
    op_entry!(NegOp, Checks::Signature(check_neg), Some(same_as_input)),
];

/// Builds a binary op of `name`.
fn build_binary(b: &mut Builder<'_>, name: &str, lhs: Value, rhs: Value, act: Activation, result: Type) -> OpId {
    let attrs = vec![("fused_activation".to_string(), act.attr(b.ctx))];
    b.create(name, &[lhs, rhs], &[result], attrs, vec![])
}

impl AddOp {
    /// Builds `graph.add`.
    pub fn build(b: &mut Builder<'_>, lhs: Value, rhs: Value, fused_activation: Activation, result: Type) -> Self {
        AddOp(build_binary(b, Self::NAME, lhs, rhs, fused_activation, result))
    }
}

impl SubOp {
    /// Builds `graph.sub`.
    pub fn build(b: &mut Builder<'_>, lhs: Value, rhs: Value, fused_activation: Activation, result: Type) -> Self {
        SubOp(build_binary(b, Self::NAME, lhs, rhs, fused_activation, result))
    }
}

impl MulOp {
    /// Builds `graph.mul`.
    pub fn build(b: &mut Builder<'_>, lhs: Value, rhs: Value, fused_activation: Activation, result: Type) -> Self {
        MulOp(build_binary(b, Self::NAME, lhs, rhs, fused_activation, result))
    }
}

impl MaximumOp {
    /// Builds `graph.maximum`.
    pub fn build(b: &mut Builder<'_>, lhs: Value, rhs: Value, result: Type) -> Self {
        MaximumOp(b.create(Self::NAME, &[lhs, rhs], &[result], vec![], vec![]))
    }
}

impl MinimumOp {
    /// Builds `graph.minimum`.
    pub fn build(b: &mut Builder<'_>, lhs: Value, rhs: Value, result: Type) -> Self {
        MinimumOp(b.create(Self::NAME, &[lhs, rhs], &[result], vec![], vec![]))
    }
}

/// `maximum`, `minimum`: TFLite Micro compares the stored values (it has no `Prepare`), which
/// means the larger or smaller real value only when all three share their quantization.
fn check_min_max(c: &mut Checker<'_, '_>) {
    let (Some(lhs), Some(rhs), Some(result)) = (c.operand("lhs", 0), c.operand("rhs", 1), c.result("result")) else {
        return;
    };
    let Some(kind) = c.kind("lhs", lhs, &[F32, Q8, Q16, I32, I64]) else { return };
    let rhs_ok = c.kind("rhs", rhs, &[kind]).is_some();
    let result_ok = c.kind("result", result, &[kind]).is_some();
    if rhs_ok && result_ok && matches!(kind, Kind::Quant { .. }) {
        let params = [c.per_tensor("lhs", lhs), c.per_tensor("rhs", rhs), c.per_tensor("result", result)];
        if let [Some(l), Some(r), Some(o)] = params
            && (l != o || r != o)
        {
            c.error("operands and result of maximum/minimum must have the same scale and zero point");
        }
    }
    c.check_inferred();
}

/// `neg`: f32 in and out, as TFLite Micro's `NEG` (no other type).
fn check_neg(c: &mut Checker<'_, '_>) {
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    if c.kind("input", input, &[F32]).is_some() {
        c.kind("result", result, &[F32]);
    }
    c.check_inferred();
}

/// `add`, `sub`, `mul`.
fn check_binary(c: &mut Checker<'_, '_>) {
    c.activation();
    let (Some(lhs), Some(rhs), Some(result)) = (c.operand("lhs", 0), c.operand("rhs", 1), c.result("result")) else {
        return;
    };
    let Some(kind) = c.kind("lhs", lhs, &[F32, Q8, Q16, I32, I64]) else { return };
    let rhs_ok = c.kind("rhs", rhs, &[kind]).is_some();
    let result_ok = c.kind("result", result, &[kind]).is_some();
    if rhs_ok && result_ok && matches!(kind, Kind::Quant { .. }) {
        let params = [c.per_tensor("lhs", lhs), c.per_tensor("rhs", rhs), c.per_tensor("result", result)];
        if kind == Q16 && c.sig.name == MulOp::NAME && params.iter().flatten().any(|&(_, z)| z != 0) {
            c.error("operands and result of an int16 mul must have zero point 0");
        }
    }
    c.check_inferred();
}

/// The operands' broadcast shape.
fn infer_binary(q: &ShapeQuery<'_>) -> Inference {
    q.one(broadcast_shapes(q.shape(0)?, q.shape(1)?))
}
