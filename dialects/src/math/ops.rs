//! `math` op definitions and folders.

use crate::arith::{verify_float_like, verify_integer_like};
use mc_ir::{AttrKind, Attribute, Context, FloatKind, FoldResult, Folded, OpDef, OpId, define_op, sign_extend};

/// Declares one-operand float ops `$operand (fastmath)? : type` whose folder (`$fold`, by way of
/// `$helper`) applies `f32`/`f64` functions.
macro_rules! float_unary_ops {
    ($($(#[$meta:meta])* $Op:ident = $name:literal, $summary:literal, $fold:ident = $helper:ident, $f32:expr, $f64:expr;)*) => {
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
                $helper(ctx, op, c, $f32, $f64)
            }
        )*
    };
}

float_unary_ops! {
    /// Float absolute value.
    AbsFOp = "math.absf", "floating point absolute-value operation", fold_absf = fold_float_unary, f32::abs, f64::abs;
    /// Rounds up to an integral value.
    CeilOp = "math.ceil", "ceiling of the specified value", fold_ceil = fold_float_unary, f32::ceil, f64::ceil;
    /// Rounds down to an integral value.
    FloorOp = "math.floor", "floor of the specified value", fold_floor = fold_float_unary, f32::floor, f64::floor;
    /// Rounds to the nearest integral value, ties away from zero.
    RoundOp = "math.round", "round of the specified value", fold_round = fold_float_unary, f32::round, f64::round;
    /// Rounds to the nearest integral value, ties to even.
    RoundEvenOp = "math.roundeven", "round of the specified value with halfway cases to even", fold_roundeven = fold_float_unary, f32::round_ties_even, f64::round_ties_even;
    /// `e^x`.
    ExpOp = "math.exp", "base-e exponential of the specified value", fold_exp = fold_float_unary, f32::exp, f64::exp;
    /// `e^x - 1`, exact near zero (C's `expm1`).
    ExpM1Op = "math.expm1", "base-e exponential of the specified value minus 1", fold_expm1 = fold_float_unary, f32::exp_m1, f64::exp_m1;
    /// Natural logarithm.
    LogOp = "math.log", "base-e logarithm of the specified value", fold_log = fold_float_unary, f32::ln, f64::ln;
    /// Square root.
    SqrtOp = "math.sqrt", "sqrt of the specified value", fold_sqrt = fold_float_unary, f32::sqrt, f64::sqrt;
    /// Reciprocal of the square root.
    RsqrtOp = "math.rsqrt", "reciprocal of sqrt (1 / sqrt of the specified value)", fold_rsqrt = fold_float_unary, |x: f32| 1.0 / x.sqrt(), |x: f64| 1.0 / x.sqrt();
    /// Sine.
    SinOp = "math.sin", "sine of the specified value", fold_sin = fold_float_unary, f32::sin, f64::sin;
    /// Cosine.
    CosOp = "math.cos", "cosine of the specified value", fold_cos = fold_float_unary, f32::cos, f64::cos;
    /// Hyperbolic tangent.
    TanhOp = "math.tanh", "hyperbolic tangent of the specified value", fold_tanh = fold_float_unary, f32::tanh, f64::tanh;
    /// Rounds toward zero to an integral value.
    TruncOp = "math.trunc", "trunc of the specified value", fold_trunc = fold_f32_or_f64_unary, f32::trunc, f64::trunc;
    /// `2^x`.
    Exp2Op = "math.exp2", "base-2 exponential of the specified value", fold_exp2 = fold_f32_or_f64_unary, f32::exp2, f64::exp2;
    /// Base-2 logarithm.
    Log2Op = "math.log2", "base-2 logarithm of the specified value", fold_log2 = fold_log_of_nonnegative, f32::log2, f64::log2;
    /// Base-10 logarithm.
    Log10Op = "math.log10", "base-10 logarithm of the specified value", fold_log10 = fold_log_of_nonnegative, f32::log10, f64::log10;
    /// `ln(1 + x)`, exact near zero (C's `log1p`).
    Log1pOp = "math.log1p", "Computes the natural logarithm of one plus the given value", fold_log1p = fold_log1p_from_minus_one, f32::ln_1p, f64::ln_1p;
    /// Tangent.
    TanOp = "math.tan", "tangent of the specified value", fold_tan = fold_f32_or_f64_unary, f32::tan, f64::tan;
    /// Arcus tangent.
    AtanOp = "math.atan", "arcus tangent of the given value", fold_atan = fold_f32_or_f64_unary, f32::atan, f64::atan;
    /// Arcus sine.
    AsinOp = "math.asin", "arcus sine of the given value", fold_asin = fold_f32_or_f64_unary, f32::asin, f64::asin;
    /// Arcus cosine.
    AcosOp = "math.acos", "arcus cosine of the given value", fold_acos = fold_f32_or_f64_unary, f32::acos, f64::acos;
    /// Hyperbolic sine.
    SinhOp = "math.sinh", "hyperbolic sine of the specified value", fold_sinh = fold_f32_or_f64_unary, f32::sinh, f64::sinh;
    /// Hyperbolic cosine.
    CoshOp = "math.cosh", "hyperbolic cosine of the specified value", fold_cosh = fold_f32_or_f64_unary, f32::cosh, f64::cosh;
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
        TruncOp::def(),
        Exp2Op::def(),
        Log2Op::def(),
        Log10Op::def(),
        Log1pOp::def(),
        TanOp::def(),
        AtanOp::def(),
        AsinOp::def(),
        AcosOp::def(),
        SinhOp::def(),
        CoshOp::def(),
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

/// [`fold_float_unary`] for `f32` and `f64` only, as upstream's folders of the ops that call the
/// host's math library (`math.tan`, `math.log2`, ...) fold.
fn fold_f32_or_f64_unary(
    ctx: &mut Context,
    op: OpId,
    c: &[Option<Attribute>],
    on_f32: fn(f32) -> f32,
    on_f64: fn(f64) -> f64,
) -> Folded {
    let ty = ctx.operation(op).result_type(0);
    match ctx.float_kind(ty) {
        Some(FloatKind::F32 | FloatKind::F64) => fold_float_unary(ctx, op, c, on_f32, on_f64),
        _ => Folded::Unchanged,
    }
}

/// [`fold_f32_or_f64_unary`] of a logarithm, unless the operand is negative (upstream leaves
/// those unfolded).
fn fold_log_of_nonnegative(
    ctx: &mut Context,
    op: OpId,
    c: &[Option<Attribute>],
    on_f32: fn(f32) -> f32,
    on_f64: fn(f64) -> f64,
) -> Folded {
    fold_logarithm_unless(ctx, op, c, |x| x.is_sign_negative(), on_f32, on_f64)
}

/// [`fold_f32_or_f64_unary`] of `ln(1 + x)`, unless `1 + x` is negative (upstream leaves those
/// unfolded).
fn fold_log1p_from_minus_one(
    ctx: &mut Context,
    op: OpId,
    c: &[Option<Attribute>],
    on_f32: fn(f32) -> f32,
    on_f64: fn(f64) -> f64,
) -> Folded {
    fold_logarithm_unless(ctx, op, c, |x| (x + 1.0).is_sign_negative(), on_f32, on_f64)
}

/// [`fold_f32_or_f64_unary`], unless the constant operand is one `outside_domain` says the
/// logarithm is not defined at.
fn fold_logarithm_unless(
    ctx: &mut Context,
    op: OpId,
    c: &[Option<Attribute>],
    outside_domain: fn(f64) -> bool,
    on_f32: fn(f32) -> f32,
    on_f64: fn(f64) -> f64,
) -> Folded {
    match c[0].and_then(|a| ctx.float_value(a)) {
        Some(value) if outside_domain(value) => Folded::Unchanged,
        _ => fold_f32_or_f64_unary(ctx, op, c, on_f32, on_f64),
    }
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
