//! Elementwise math functions of one operand: absolute value, roots, exponential and logarithm,
//! square, trigonometry and rounding.
//!
//! | op | operands | attributes | result | TFLite builtin |
//! |---|---|---|---|---|
//! | `graph.abs` | `input` | — | the input's shape | `ABS` (101) |
//! | `graph.rsqrt` | `input` | — | the input's shape | `RSQRT` (76) |
//! | `graph.sqrt` / `graph.exp` / `graph.log` / `graph.square` | `input` | — | the input's shape | `SQRT` (75) / `EXP` (47) / `LOG` (73) / `SQUARE` (92) |
//! | `graph.sin` / `graph.cos` | `input` | — | the input's shape | `SIN` (66) / `COS` (108) |
//! | `graph.floor` / `graph.ceil` / `graph.round` | `input` | — | the input's shape | `FLOOR` (8) / `CEIL` (104) / `ROUND` (116) |
//! | `graph.elu` | `input` | — | the input's shape | `ELU` (111) |
//!
//! Element types are TFLite Micro's (`elementwise.cc`, `exp.cc`, `floor.cc`, `ceil.cc`,
//! `round.cc`, `elu.cc`): every op takes `f32`; `abs` also takes int8 (any scales and zero points), int16
//! quantized with zero points 0, and plain `i16`; `rsqrt` also takes int8 (`PrepareAbsRsqrt`
//! refuses int16), whose input zero point must leave some input value at or above it (TFLM's
//! `Eval` fails on a value below the zero point, the square root of a negative number); `elu`
//! also takes int8 (any scales and zero points: TFLM tabulates it in `Prepare`). Input
//! and result have one element type kind; quantized ones are per tensor.
//!
//! On a constant `f32` operand (a `dense` attribute) every op folds to the constant TFLite Micro
//! would compute (`round` with TFLM's `RoundToNearest`, see [`round_to_nearest`]); the
//! elementwise family's `f32` arithmetic folds through [`fold_f32_elementwise`] too.

use super::{OpEntry, op_entry};
use crate::graph::shape_inference::same_as_input;
use crate::graph::verify::{Checker, Checks, F32, Kind, Q8, Q16, verify_op};
use mc_ir::{AttrKind, Attribute, Context, FoldResult, Folded, OpId};

/// Plain (not quantized) `i16`, which TFLite Micro's `ABS` takes too.
const I16: Kind = Kind::Int(16);

/// Declares one-operand math ops with a builder and a folder of `f32` constants that applies
/// `$f` to every element.
macro_rules! math_ops {
    ($($(#[$meta:meta])* $Op:ident = $name:literal, $summary:literal, $fold:ident, $f:expr;)*) => {
        $(
            mc_ir::define_op! {
                $(#[$meta])*
                pub struct $Op = $name {
                    summary: $summary,
                    traits: [PURE],
                    operands: [input],
                    results: [result],
                    attributes: [],
                    verify: verify_op,
                    fold: $fold,
                }
            }

            impl $Op {
                #[doc = concat!("Builds `", $name, "` of `input`.")]
                pub fn build(b: &mut mc_ir::Builder<'_>, input: mc_ir::Value, result: mc_ir::Type) -> Self {
                    $Op(b.create(Self::NAME, &[input], &[result], vec![], vec![]))
                }
            }

            fn $fold(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Folded {
                fold_f32(ctx, op, constants, $f)
            }
        )*
    };
}

math_ops! {
    /// `|x|` (TFLite `ABS`).
    AbsOp = "graph.abs", "elementwise absolute value", fold_abs, f32::abs;
    /// `1 / sqrt(x)` (TFLite `RSQRT`).
    RsqrtOp = "graph.rsqrt", "elementwise reciprocal square root", fold_rsqrt, |x: f32| 1.0 / x.sqrt();
    /// `sqrt(x)` (TFLite `SQRT`).
    SqrtOp = "graph.sqrt", "elementwise square root", fold_sqrt, f32::sqrt;
    /// `e^x` (TFLite `EXP`).
    ExpOp = "graph.exp", "elementwise exponential", fold_exp, f32::exp;
    /// `ln(x)` (TFLite `LOG`).
    LogOp = "graph.log", "elementwise natural logarithm", fold_log, f32::ln;
    /// `x · x` (TFLite `SQUARE`).
    SquareOp = "graph.square", "elementwise square", fold_square, |x: f32| x * x;
    /// `sin(x)` (TFLite `SIN`).
    SinOp = "graph.sin", "elementwise sine", fold_sin, f32::sin;
    /// `cos(x)` (TFLite `COS`).
    CosOp = "graph.cos", "elementwise cosine", fold_cos, f32::cos;
    /// `floor(x)` (TFLite `FLOOR`).
    FloorOp = "graph.floor", "elementwise floor", fold_floor, f32::floor;
    /// `ceil(x)` (TFLite `CEIL`).
    CeilOp = "graph.ceil", "elementwise ceiling", fold_ceil, f32::ceil;
    /// `x` rounded to the nearest integer, ties to even (TFLite `ROUND`).
    RoundOp = "graph.round", "elementwise rounding, ties to even", fold_round, round_to_nearest;
    /// `x < 0 ? e^x - 1 : x` (TFLite `ELU`, `expm1` below zero).
    EluOp = "graph.elu", "elementwise exponential linear unit", fold_elu, elu;
}

/// The family's ops.
pub(super) const OPS: &[OpEntry] = &[
    op_entry!(AbsOp, Checks::Signature(check_abs), Some(same_as_input)),
    op_entry!(RsqrtOp, Checks::Signature(check_rsqrt), Some(same_as_input)),
    op_entry!(SqrtOp, Checks::Signature(check_f32), Some(same_as_input)),
    op_entry!(ExpOp, Checks::Signature(check_f32), Some(same_as_input)),
    op_entry!(LogOp, Checks::Signature(check_f32), Some(same_as_input)),
    op_entry!(SquareOp, Checks::Signature(check_f32), Some(same_as_input)),
    op_entry!(SinOp, Checks::Signature(check_f32), Some(same_as_input)),
    op_entry!(CosOp, Checks::Signature(check_f32), Some(same_as_input)),
    op_entry!(FloorOp, Checks::Signature(check_f32), Some(same_as_input)),
    op_entry!(CeilOp, Checks::Signature(check_f32), Some(same_as_input)),
    op_entry!(RoundOp, Checks::Signature(check_f32), Some(same_as_input)),
    op_entry!(EluOp, Checks::Signature(check_elu), Some(same_as_input)),
];

/// TFLite's `RoundToNearest` (`reference/round.h`): `floor(x)`, plus one when the fraction is
/// above one half or exactly one half with an odd floor. Unlike `roundeven` it gives `+0.0` for
/// `-0.5 < x < 0` (`-1 + 1`).
pub fn round_to_nearest(x: f32) -> f32 {
    let floor = x.floor();
    let fraction = x - floor;
    // TFLM tests `static_cast<int>(floor) % 2 == 0`; a floor with a fraction of one half is small
    // enough for the cast, and halving it is exact.
    let even = (floor * 0.5).floor() * 2.0 == floor;
    if fraction < 0.5 || (fraction == 0.5 && even) { floor } else { floor + 1.0 }
}

/// TFLite's float `Elu` (`reference/elu.h`): `expm1(x)` below zero, `x` elsewhere (NaN too).
pub fn elu(x: f32) -> f32 {
    if x < 0.0 { x.exp_m1() } else { x }
}

/// Folds an op on a constant `dense` `f32` operand to the constant of `f` on every element.
fn fold_f32(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>], f: fn(f32) -> f32) -> Folded {
    let Some(input) = constants.first().copied().flatten() else { return Folded::Unchanged };
    let result_type = ctx.operation(op).result_type(0);
    let AttrKind::DenseElements { ty, splat, data } = ctx.attr_kind(input).clone() else { return Folded::Unchanged };
    let is_f32 = |ctx: &Context, t| ctx.tensor_parts(t).is_some_and(|(_, e)| Kind::of(ctx, e) == F32);
    if !is_f32(ctx, ty) || !is_f32(ctx, result_type) || data.len() % 4 != 0 {
        return Folded::Unchanged;
    }
    let data: Vec<u8> =
        data.chunks_exact(4).flat_map(|c| f(f32::from_le_bytes([c[0], c[1], c[2], c[3]])).to_le_bytes()).collect();
    let attr = ctx.intern_attr(AttrKind::DenseElements { ty: result_type, splat, data });
    Folded::Results(vec![FoldResult::Attr(attr)])
}

/// The shape and the `f32` elements (a splat expanded) of a `dense` attribute of `f32` elements.
fn dense_f32(ctx: &Context, attr: Attribute) -> Option<(Vec<i64>, Vec<f32>)> {
    let AttrKind::DenseElements { ty, splat, data } = ctx.attr_kind(attr) else { return None };
    let (shape, element) = ctx.tensor_parts(*ty)?;
    if Kind::of(ctx, element) != F32 {
        return None;
    }
    let values: Vec<f32> = data.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    let count = shape.iter().product::<i64>() as usize;
    match (splat, values.len()) {
        (true, 1) => Some((shape.to_vec(), vec![values[0]; count])),
        (false, n) if n == count => Some((shape.to_vec(), values)),
        _ => None,
    }
}

/// Folds an op whose operands are all constant `dense` `f32` tensors, broadcast to its `f32`
/// result (numpy's rules), to the constant of `f` on each result element's operand values.
pub(super) fn fold_f32_elementwise(
    ctx: &mut Context,
    op: OpId,
    constants: &[Option<Attribute>],
    f: impl Fn(&[f32]) -> f32,
) -> Folded {
    let Some(operands) = constants.iter().map(|c| c.and_then(|a| dense_f32(ctx, a))).collect::<Option<Vec<_>>>() else {
        return Folded::Unchanged;
    };
    let result_type = ctx.operation(op).result_type(0);
    let Some((shape, element)) = ctx.tensor_parts(result_type) else { return Folded::Unchanged };
    if Kind::of(ctx, element) != F32 || operands.is_empty() || operands.iter().any(|(s, _)| s.len() > shape.len()) {
        return Folded::Unchanged;
    }
    let shape = shape.to_vec();
    let count = shape.iter().product::<i64>() as usize;
    let mut values = Vec::with_capacity(operands.len());
    let mut data = Vec::with_capacity(count * 4);
    for flat in 0..count {
        // Each operand's element at this result index (aligned at the last dimension, size-1
        // dimensions broadcast).
        values.clear();
        for (operand_shape, elements) in &operands {
            let (mut rest, mut index, mut stride) = (flat, 0usize, 1usize);
            for (d, &size) in shape.iter().enumerate().rev() {
                let coordinate = rest % size as usize;
                rest /= size as usize;
                let Some(axis) = (d + operand_shape.len()).checked_sub(shape.len()) else { continue };
                let operand_size = operand_shape[axis] as usize;
                if operand_size != 1 {
                    index += coordinate * stride;
                }
                stride *= operand_size;
            }
            values.push(elements[index]);
        }
        data.extend(f(&values).to_le_bytes());
    }
    let attr = ctx.intern_attr(AttrKind::DenseElements { ty: result_type, splat: false, data });
    Folded::Results(vec![FoldResult::Attr(attr)])
}

/// Input and result of one kind out of `allowed`.
fn same_kind(c: &mut Checker<'_, '_>, allowed: &[Kind]) -> Option<Kind> {
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return None };
    let kind = c.kind("input", input, allowed)?;
    c.kind("result", result, &[kind])?;
    if matches!(kind, Kind::Quant { .. }) {
        let (i, r) = (c.per_tensor("input", input), c.per_tensor("result", result));
        if kind == Q16 && (i.is_some_and(|(_, z)| z != 0) || r.is_some_and(|(_, z)| z != 0)) {
            c.error("int16 input and result must have zero point 0");
        }
        if let (Some((_, z)), Q8) = (i, kind)
            && c.sig.name == RsqrtOp::NAME
            && z > 127
        {
            c.error(format!(
                "input zero point {z} is above every int8 value: rsqrt is undefined on all of them (negative reals)"
            ));
        }
    }
    Some(kind)
}

/// `sqrt`, `exp`, `log`, `square`, `sin`, `cos`, `floor`, `ceil`, `round`: f32 only.
fn check_f32(c: &mut Checker<'_, '_>) {
    same_kind(c, &[F32]);
    c.check_inferred();
}

/// `abs`: f32, int8, int16 (zero points 0) and plain i16.
fn check_abs(c: &mut Checker<'_, '_>) {
    same_kind(c, &[F32, Q8, Q16, I16]);
    c.check_inferred();
}

/// `rsqrt`: f32 and int8.
fn check_rsqrt(c: &mut Checker<'_, '_>) {
    same_kind(c, &[F32, Q8]);
    c.check_inferred();
}

/// `elu`: f32 and int8 (`ELU only supports float32 and int8`).
fn check_elu(c: &mut Checker<'_, '_>) {
    same_kind(c, &[F32, Q8]);
    c.check_inferred();
}

#[cfg(test)]
mod tests {
    use super::round_to_nearest;

    #[test]
    fn round_to_nearest_is_tflites() {
        for (x, expected) in [
            (0.5, 0.0),
            (1.5, 2.0),
            (2.5, 2.0),
            (-0.5, -0.0),
            (-1.5, -2.0),
            (-2.5, -2.0),
            (2.4, 2.0),
            (2.6, 3.0),
            (8_388_609.0, 8_388_609.0),
            (f32::INFINITY, f32::INFINITY),
        ] {
            assert_eq!(round_to_nearest(x), expected, "{x}");
        }
        // -1 + 1: a positive zero, where roundeven keeps the sign.
        assert!(round_to_nearest(-0.25).is_sign_positive());
        assert!(round_to_nearest(-0.5).is_sign_positive());
        assert!(round_to_nearest(-0.0).is_sign_negative());
        assert!(round_to_nearest(f32::NAN).is_nan());
    }
}
