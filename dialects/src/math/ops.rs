//! `math` op definitions and folders.

use crate::arith::{verify_float_like, verify_integer_like};
use mc_ir::{AttrKind, Attribute, Context, FloatKind, FoldResult, Folded, OpDef, OpId, define_op, sign_extend};

/// Declares one-operand float ops `$operand (fastmath)? : type` whose folder applies `f32`/`f64`
/// functions.
macro_rules! float_unary_ops {
    ($($(#[$meta:meta])* $Op:ident = $name:literal, $summary:literal, $fold:ident, $f32:expr, $f64:expr;)*) => {
        $(
            define_op! {
                $(#[$meta])*
                pub struct $Op = $name {
                    summary: $summary,
                    traits: [PURE, SAME_OPERANDS_AND_RESULT_TYPE],
                    operands: [operand],
                    results: [result],
                    attributes: [],
                    optional_attributes: [fastmath: DialectAttr("arith.fastmath", "none")],
                    verify: verify_float_like,
                    fold: $fold,
                    format: "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)",
                }
            }

            fn $fold(ctx: &mut Context, op: OpId, c: &[Option<Attribute>]) -> Folded {
                fold_float_unary(ctx, op, c, $f32, $f64)
            }
        )*
    };
}

float_unary_ops! {
    /// Float absolute value.
    AbsFOp = "math.absf", "floating point absolute-value operation", fold_absf, f32::abs, f64::abs;
    /// Rounds up to an integral value.
    CeilOp = "math.ceil", "ceiling of the specified value", fold_ceil, f32::ceil, f64::ceil;
    /// Rounds down to an integral value.
    FloorOp = "math.floor", "floor of the specified value", fold_floor, f32::floor, f64::floor;
    /// Rounds to the nearest integral value, ties away from zero.
    RoundOp = "math.round", "round of the specified value", fold_round, f32::round, f64::round;
    /// Rounds to the nearest integral value, ties to even.
    RoundEvenOp = "math.roundeven", "round of the specified value with halfway cases to even", fold_roundeven, f32::round_ties_even, f64::round_ties_even;
    /// `e^x`.
    ExpOp = "math.exp", "base-e exponential of the specified value", fold_exp, f32::exp, f64::exp;
    /// `e^x - 1`, exact near zero (C's `expm1`).
    ExpM1Op = "math.expm1", "base-e exponential of the specified value minus 1", fold_expm1, f32::exp_m1, f64::exp_m1;
    /// Natural logarithm.
    LogOp = "math.log", "base-e logarithm of the specified value", fold_log, f32::ln, f64::ln;
    /// Square root.
    SqrtOp = "math.sqrt", "sqrt of the specified value", fold_sqrt, f32::sqrt, f64::sqrt;
    /// Reciprocal of the square root.
    RsqrtOp = "math.rsqrt", "reciprocal of sqrt (1 / sqrt of the specified value)", fold_rsqrt, |x: f32| 1.0 / x.sqrt(), |x: f64| 1.0 / x.sqrt();
    /// Sine.
    SinOp = "math.sin", "sine of the specified value", fold_sin, f32::sin, f64::sin;
    /// Cosine.
    CosOp = "math.cos", "cosine of the specified value", fold_cos, f32::cos, f64::cos;
    /// Hyperbolic tangent.
    TanhOp = "math.tanh", "hyperbolic tangent of the specified value", fold_tanh, f32::tanh, f64::tanh;
}

define_op! {
    /// Integer absolute value; the minimum value maps to itself.
    pub struct AbsIOp = "math.absi" {
        summary: "integer absolute-value operation",
        traits: [PURE, SAME_OPERANDS_AND_RESULT_TYPE],
        operands: [operand],
        results: [result],
        attributes: [],
        verify: verify_integer_like,
        fold: fold_absi,
        format: "$operand attr-dict `:` type($result)",
    }
}

/// Definitions of every math op.
pub(super) fn all_defs() -> Vec<OpDef> {
    vec![
        AbsFOp::def(),
        AbsIOp::def(),
        CeilOp::def(),
        FloorOp::def(),
        RoundOp::def(),
        RoundEvenOp::def(),
        ExpOp::def(),
        ExpM1Op::def(),
        LogOp::def(),
        SqrtOp::def(),
        RsqrtOp::def(),
        SinOp::def(),
        CosOp::def(),
        TanhOp::def(),
    ]
}

/// Folds a scalar float op on a constant: `f64` values with `on_f64`, others in single precision
/// with `on_f32` (then rounded to the result's format).
fn fold_float_unary(
    ctx: &mut Context,
    op: OpId,
    c: &[Option<Attribute>],
    on_f32: fn(f32) -> f32,
    on_f64: fn(f64) -> f64,
) -> Folded {
    let Some(value) = c[0].and_then(|a| ctx.float_value(a)) else { return Folded::Unchanged };
    let ty = ctx.operation(op).result_type(0);
    let result = match ctx.float_kind(ty) {
        Some(FloatKind::F64) => on_f64(value),
        Some(_) => f64::from(on_f32(value as f32)),
        None => return Folded::Unchanged,
    };
    let attr = ctx.float_attr(result, ty);
    Folded::Results(vec![FoldResult::Attr(attr)])
}

fn fold_absi(ctx: &mut Context, _op: OpId, c: &[Option<Attribute>]) -> Folded {
    let Some(&AttrKind::Integer { value, ty }) = c[0].map(|a| ctx.attr_kind(a)) else { return Folded::Unchanged };
    let width = match ctx.integer_width(ty) {
        Some(w) if w <= 64 => w,
        None if ctx.is_integer_like(ty) => 64,
        _ => return Folded::Unchanged,
    };
    let attr = ctx.integer_attr(sign_extend(sign_extend(value, width).wrapping_abs(), width), ty);
    Folded::Results(vec![FoldResult::Attr(attr)])
}
