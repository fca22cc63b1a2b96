//! Elementwise arithmetic on two operands, with numpy broadcasting, and on one.
//!
//! | op | operands | attributes | result | TFLite builtin |
//! |---|---|---|---|---|
//! | `graph.add` / `graph.sub` / `graph.mul` | `lhs`, `rhs` | `fused_activation` | broadcast shape (numpy rules, rank ≤ 6) | `ADD` (0) / `SUB` (41) / `MUL` (18) |
//!
//! | `graph.maximum` / `graph.minimum` | `lhs`, `rhs` | — | broadcast shape (numpy rules, rank ≤ 6) | `MAXIMUM` (55) / `MINIMUM` (57) |
//! | `graph.neg` | `input` | — | the input's shape | `NEG` (59) |
//! | `graph.div` | `lhs`, `rhs` | `fused_activation` | broadcast shape (numpy rules, rank ≤ 6) | `DIV` (42) |
//! | `graph.floor_div` / `graph.floor_mod` | `lhs`, `rhs` | — | broadcast shape (numpy rules, rank ≤ 6) | `FLOOR_DIV` (90) / `FLOOR_MOD` (95) |
//! | `graph.squared_difference` | `lhs`, `rhs` | — | broadcast shape (numpy rules, rank ≤ 6) | `SQUARED_DIFFERENCE` (99) |
//! | `graph.add_n` | `inputs` (at least two, equal shapes) | — | the inputs' shape | `ADD_N` (106) |
//!
//! `div`, `floor_div`, `floor_mod`, `squared_difference` and `add_n` fold on `f32` constants
//! (not `floor_div` by a zero, which TFLite Micro refuses).
//!
//! `add` and `mul` are `COMMUTATIVE`; `maximum` and `minimum` are not: TFLite takes
//! `lhs > rhs ? lhs : rhs`, so with a NaN or with `-0.0` and `0.0` the order decides.
//!
//! Quantization: operands and result of one kind (`f32`, quantized `i8`/`i16`, `i32`, `i64`), per
//! tensor; add/sub/mul scales free, int16 `mul` needs zero points 0. `maximum` and `minimum`
//! compare stored values, so their operands and result must share one scale and zero point.
//! `neg` takes `f32` only, as TFLite Micro's kernel (its int8 case is a TODO there).
//! TFLite Micro's other kernels: `div` takes f32, int8 (per tensor, any scales and zero points)
//! and plain i32; `floor_div` and `floor_mod` f32; `add_n` f32 and int8 (inputs of one scale and
//! zero point); `squared_difference` f32, plain i32, int8 and int16 (zero points 0).

use super::math::fold_f32_elementwise;
use super::{OpEntry, op_entry};
use crate::graph::attributes::Activation;
use crate::graph::builders::unary_ops;
use crate::graph::shape_arithmetic::{fold_add, fold_mul, fold_sub};
use crate::graph::shape_inference::{Inference, ShapeQuery, same_as_input};
use crate::graph::shapes::broadcast_shapes;
use crate::graph::verify::{Checker, Checks, F32, I32, I64, Kind, Q8, Q16, verify_op};
use mc_ir::{AttrKind, Attribute, Builder, Context, Folded, OpId, Type, Value, define_op};

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

define_op! {
    /// Elementwise `lhs / rhs` with broadcasting (TFLite `DIV`).
    pub struct DivOp = "graph.div" {
        summary: "elementwise division",
        traits: [PURE],
        operands: [lhs, rhs],
        results: [result],
        attributes: [fused_activation: String],
        verify: verify_op,
        fold: fold_div,
    }
}

/// Declares broadcasting binary ops without attributes.
macro_rules! plain_binary_ops {
    ($($(#[$meta:meta])* $Op:ident = $name:literal, $summary:literal, $fold:ident;)*) => {
        $(
            define_op! {
                $(#[$meta])*
                pub struct $Op = $name {
                    summary: $summary,
                    traits: [PURE],
                    operands: [lhs, rhs],
                    results: [result],
                    attributes: [],
                    verify: verify_op,
                    fold: $fold,
                }
            }

            impl $Op {
                #[doc = concat!("Builds `", $name, "`.")]
                pub fn build(b: &mut Builder<'_>, lhs: Value, rhs: Value, result: Type) -> Self {
                    $Op(b.create(Self::NAME, &[lhs, rhs], &[result], vec![], vec![]))
                }
            }
        )*
    };
}

plain_binary_ops! {
    /// Elementwise `floor(lhs / rhs)` with broadcasting (TFLite `FLOOR_DIV`).
    FloorDivOp = "graph.floor_div", "elementwise floored division", fold_floor_div;
    /// Elementwise remainder of the floored division, the sign of `rhs` (TFLite `FLOOR_MOD`).
    FloorModOp = "graph.floor_mod", "elementwise floored remainder", fold_floor_mod;
    /// Elementwise `(lhs - rhs)^2` with broadcasting (TFLite `SQUARED_DIFFERENCE`).
    SquaredDifferenceOp = "graph.squared_difference", "elementwise squared difference", fold_squared_difference;
}

define_op! {
    /// The elementwise sum of its inputs, all of one shape (TFLite `ADD_N`).
    pub struct AddNOp = "graph.add_n" {
        summary: "elementwise sum of tensors",
        traits: [PURE],
        operands: variadic,
        results: [result],
        attributes: [],
        verify: verify_op,
        fold: fold_add_n,
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
    op_entry!(DivOp, Checks::Signature(check_div), Some(infer_binary)),
    op_entry!(FloorDivOp, Checks::Signature(check_floor_div_mod), Some(infer_binary)),
    op_entry!(FloorModOp, Checks::Signature(check_floor_div_mod), Some(infer_binary)),
    op_entry!(SquaredDifferenceOp, Checks::Signature(check_squared_difference), Some(infer_binary)),
    op_entry!(AddNOp, Checks::Signature(check_add_n), Some(infer_add_n)),
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

impl DivOp {
    /// Builds `graph.div`.
    pub fn build(b: &mut Builder<'_>, lhs: Value, rhs: Value, fused_activation: Activation, result: Type) -> Self {
        DivOp(build_binary(b, Self::NAME, lhs, rhs, fused_activation, result))
    }
}

impl AddNOp {
    /// Builds `graph.add_n` of `inputs`.
    pub fn build(b: &mut Builder<'_>, inputs: &[Value], result: Type) -> Self {
        AddNOp(b.create(Self::NAME, inputs, &[result], vec![], vec![]))
    }
}

/// `div` of `f32` constants: `x / y` clamped to the fused activation as
/// `ActivationFunctionWithMinMax` (`std::min(std::max(q, low), high)`).
fn fold_div(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Folded {
    let activation = ctx.attr(op, "fused_activation").and_then(|a| ctx.string_value(a)).and_then(Activation::parse);
    let (low, high) = match activation {
        Some(Activation::None) => (f32::MIN, f32::MAX),
        Some(Activation::Relu) => (0.0, f32::MAX),
        Some(Activation::Relu6) => (0.0, 6.0),
        Some(Activation::ReluN1To1) => (-1.0, 1.0),
        _ => return Folded::Unchanged,
    };
    fold_f32_elementwise(ctx, op, constants, |v| {
        let q = v[0] / v[1];
        let raised = if q < low { low } else { q };
        if high < raised { high } else { raised }
    })
}

/// `floor_div` of `f32` constants: `floor(double(x) / double(y))`, unless a divisor is zero
/// (TFLite Micro fails; the lowering reports it).
fn fold_floor_div(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Folded {
    if divisor_has_zero(ctx, constants) {
        return Folded::Unchanged;
    }
    fold_f32_elementwise(ctx, op, constants, |v| (f64::from(v[0]) / f64::from(v[1])).floor() as f32)
}

/// True if the constant divisor (operand 1) holds an `f32` zero.
fn divisor_has_zero(ctx: &Context, constants: &[Option<Attribute>]) -> bool {
    match constants.get(1).copied().flatten().map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::DenseElements { data, .. }) => {
            data.chunks_exact(4).any(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]) == 0.0)
        }
        _ => false,
    }
}

/// `floor_mod` of `f32` constants: TFLM's `FloorMod` (`fmod`, moved to the divisor's sign).
fn fold_floor_mod(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Folded {
    fold_f32_elementwise(ctx, op, constants, |v| {
        let remainder = v[0] % v[1];
        if remainder != 0.0 && ((v[1] < 0.0) != (remainder < 0.0)) { remainder + v[1] } else { remainder }
    })
}

/// `squared_difference` of `f32` constants.
fn fold_squared_difference(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Folded {
    fold_f32_elementwise(ctx, op, constants, |v| {
        let difference = v[0] - v[1];
        difference * difference
    })
}

/// `add_n` of `f32` constants: `0 + x0 + x1 + ...`.
fn fold_add_n(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Folded {
    fold_f32_elementwise(ctx, op, constants, |v| v.iter().fold(0.0, |sum, x| sum + x))
}

/// `lhs`, `rhs` and the result of one kind out of `allowed`, quantized ones per tensor; the
/// kind.
fn same_kind_binary(c: &mut Checker<'_, '_>, allowed: &[Kind]) -> Option<Kind> {
    let (lhs, rhs, result) = (c.operand("lhs", 0)?, c.operand("rhs", 1)?, c.result("result")?);
    let kind = c.kind("lhs", lhs, allowed)?;
    let rhs_ok = c.kind("rhs", rhs, &[kind]).is_some();
    let result_ok = c.kind("result", result, &[kind]).is_some();
    if !(rhs_ok && result_ok) {
        return None;
    }
    if matches!(kind, Kind::Quant { .. }) {
        let params = [c.per_tensor("lhs", lhs), c.per_tensor("rhs", rhs), c.per_tensor("result", result)];
        if kind == Q16 && params.iter().flatten().any(|&(_, z)| z != 0) {
            c.error("int16 operands and result must have zero point 0");
        }
    }
    Some(kind)
}

/// `div`: f32, int8 and plain i32 (TFLite Micro's `DivEval`).
fn check_div(c: &mut Checker<'_, '_>) {
    c.activation();
    same_kind_binary(c, &[F32, Q8, I32]);
    c.check_inferred();
}

/// `floor_div`, `floor_mod`: f32 only (TFLite Micro's kernels).
fn check_floor_div_mod(c: &mut Checker<'_, '_>) {
    same_kind_binary(c, &[F32]);
    c.check_inferred();
}

/// `squared_difference`: f32, plain i32, int8, int16 (zero points 0).
fn check_squared_difference(c: &mut Checker<'_, '_>) {
    same_kind_binary(c, &[F32, I32, Q8, Q16]);
    c.check_inferred();
}

/// `add_n`: at least two inputs (TFLite Micro's `Prepare` requires them), all f32 or all int8
/// with one scale and zero point (the result's are free).
fn check_add_n(c: &mut Checker<'_, '_>) {
    if c.num_operands() < 2 {
        c.error(format!("requires at least two inputs (TFLite Micro's ADD_N), but has {}", c.num_operands()));
        return;
    }
    let (Some(first), Some(result)) = (c.operand("input #0", 0), c.result("result")) else { return };
    let Some(kind) = c.kind("input #0", first, &[F32, Q8]) else { return };
    let first_params = c.per_tensor("input #0", first);
    for index in 1..c.num_operands() {
        let what = format!("input #{index}");
        if let Some(input) = c.operand(&what, index)
            && c.kind(&what, input, &[kind]).is_some()
            && kind == Q8
        {
            // TFLite Micro compares the float scales exactly.
            let params = c.per_tensor(&what, input);
            let key = |p: Option<(f64, i64)>| p.map(|(s, z)| (s as f32, z));
            if key(params) != key(first_params) {
                c.error(format!("{what} of an int8 add_n must have input #0's scale and zero point"));
            }
        }
    }
    if c.kind("result", result, &[kind]).is_some() && kind == Q8 {
        c.per_tensor("result", result);
    }
    c.check_inferred();
}

/// The inputs' one shape (TFLite Micro's `ADD_N` requires equal shapes).
fn infer_add_n(q: &ShapeQuery<'_>) -> Inference {
    let first = q.shape(0)?.to_vec();
    for index in 1..q.num_operands() {
        let shape = q.shape(index)?;
        if shape != first.as_slice() {
            return q.one(Err(format!("add_n input #{index} has shape {shape:?}, but input #0 has {first:?}")));
        }
    }
    q.one(Ok(first))
}

/// `maximum`, `minimum`: TFLite Micro compares the stored values (it has no `Prepare`), which
/// means the larger or smaller real value only when all three share their quantization; it
/// checks none, and neither does mc (the lowering compares the stored values too).
fn check_min_max(c: &mut Checker<'_, '_>) {
    let (Some(lhs), Some(rhs), Some(result)) = (c.operand("lhs", 0), c.operand("rhs", 1), c.result("result")) else {
        return;
    };
    let Some(kind) = c.kind("lhs", lhs, &[F32, Q8, Q16, I32, I64]) else { return };
    let rhs_ok = c.kind("rhs", rhs, &[kind]).is_some();
    let result_ok = c.kind("result", result, &[kind]).is_some();
    if rhs_ok && result_ok && matches!(kind, Kind::Quant { .. }) {
        c.per_tensor("lhs", lhs);
        c.per_tensor("rhs", rhs);
        c.per_tensor("result", result);
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
