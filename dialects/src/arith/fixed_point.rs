//! TFLite's fixed-point requantization, emitted as plain `arith` sequences.
//!
//! TFLite Micro's int8 kernels rescale 32-bit accumulators with
//! `MultiplyByQuantizedMultiplier(x, multiplier, shift)`: a left shift, gemmlowp's
//! `SaturatingRoundingDoublingHighMul` (SRDHM) and `RoundingDivideByPOT` (RDBPOT). mc has no op
//! for them: the functions here *build* the equivalent `i32`/`i64` `arith` ops (ext, mul, add,
//! shifts, and, compare, select, min), so every backend and folder already knows their meaning and
//! no new semantics exist to keep in sync. Operands may be constants or run-time values (per-channel
//! multipliers loaded from a buffer); a constant shift selects the shorter sequence at build time.
//!
//! The sequences are bit-exact with the [`reference`] functions, which follow TFLite Micro's
//! double-rounding implementation (the one it builds by default), including its edge cases:
//! `SRDHM(INT32_MIN, INT32_MIN)` saturates to `INT32_MAX`, ties round as gemmlowp does (half up
//! in SRDHM, half away from zero in RDBPOT), and negative shifts divide.
//!
//! SRDHM uses the identity `(ab + nudge) / 2^31` (C division, towards zero) `= (ab + 2^30) >> 31`
//! (arithmetic shift) for both of gemmlowp's nudges, so it needs no division and no branch:
//!
//! ```text
//! srdhm(a, b)  = trunci(minsi((extsi(a) * extsi(b) + 2^30) >>s 31, INT32_MAX))
//! rdbpot(x, e) = (x >>s e) + ((x & mask) > (mask >> 1) + (x >>u 31) ? 1 : 0)    mask = 2^e - 1
//! mbqm(x, m, s) = rdbpot(srdhm(x << max(s, 0), m), max(-s, 0))
//! ```

use super::build::{binary, cmpi, constant_int, constant_int_value, select, unary};
use mc_ir::{Builder, Value};

/// `SaturatingRoundingDoublingHighMul(a, b)` on `i32` values: the high 32 bits of `2·a·b`,
/// rounded, saturating the one overflowing case (`INT32_MIN · INT32_MIN`).
pub fn saturating_rounding_doubling_high_mul(b: &mut Builder<'_>, lhs: Value, rhs: Value) -> Value {
    let (i32, i64) = (b.ctx.integer_type(32), b.ctx.integer_type(64));
    let product = wide_product(b, lhs, rhs);
    let nudge = constant_int(b, 1 << 30, i64);
    let nudged = binary(b, "arith.addi", product, nudge);
    let shift = constant_int(b, 31, i64);
    let high = binary(b, "arith.shrsi", nudged, shift);
    let max = constant_int(b, i128::from(i32::MAX), i64);
    let saturated = binary(b, "arith.minsi", high, max);
    unary(b, "arith.trunci", saturated, i32)
}

/// The exact `i64` product of two `i32` values.
fn wide_product(b: &mut Builder<'_>, lhs: Value, rhs: Value) -> Value {
    let i64 = b.ctx.integer_type(64);
    let wide_lhs = unary(b, "arith.extsi", lhs, i64);
    let wide_rhs = unary(b, "arith.extsi", rhs, i64);
    binary(b, "arith.muli", wide_lhs, wide_rhs)
}

/// `RoundingDivideByPOT(x, exponent)` on `i32` values: `x / 2^exponent` rounded to nearest,
/// ties away from zero; `exponent` must be in `0..=31`.
pub fn rounding_divide_by_pot(b: &mut Builder<'_>, x: Value, exponent: Value) -> Value {
    let i32 = b.ctx.integer_type(32);
    let (mask, half_mask) = match constant_int_value(b.ctx, exponent) {
        Some(0) => return x,
        Some(e) => {
            let mask = (1i64 << e) - 1;
            (constant_int(b, i128::from(mask), i32), constant_int(b, i128::from(mask >> 1), i32))
        }
        None => {
            let one = constant_int(b, 1, i32);
            let power = binary(b, "arith.shli", one, exponent);
            let mask = binary(b, "arith.subi", power, one);
            let half_mask = binary(b, "arith.shrsi", mask, one);
            (mask, half_mask)
        }
    };
    let remainder = binary(b, "arith.andi", x, mask);
    let sign_shift = constant_int(b, 31, i32);
    let is_negative = binary(b, "arith.shrui", x, sign_shift);
    let threshold = binary(b, "arith.addi", half_mask, is_negative);
    let round_up = cmpi(b, "sgt", remainder, threshold);
    let increment = unary(b, "arith.extui", round_up, i32);
    let quotient = binary(b, "arith.shrsi", x, exponent);
    binary(b, "arith.addi", quotient, increment)
}

/// TFLite's `MultiplyByQuantizedMultiplier(int32 x, int32 multiplier, int shift)` (double
/// rounding): `x · multiplier · 2^shift / 2^31`, rounded; all three values are `i32`, `shift` in
/// `-31..=30`. A constant `shift` builds only the shift it needs; constants that
/// [`Downscale::new`] accepts build the shorter [`multiply_by_quantized_multiplier_down`].
pub fn multiply_by_quantized_multiplier(b: &mut Builder<'_>, x: Value, multiplier: Value, shift: Value) -> Value {
    let i32 = b.ctx.integer_type(32);
    let constants = constant_int_value(b.ctx, multiplier).zip(constant_int_value(b.ctx, shift));
    if let Some(down) = constants.and_then(|(m, s)| Downscale::new(m as i32, s as i32)) {
        let (rounding, shift) =
            (constant_int(b, i128::from(down.rounding), i32), constant_int(b, i128::from(down.shift), i32));
        return multiply_by_quantized_multiplier_down(b, x, multiplier, rounding, shift);
    }
    let (left, right) = match constant_int_value(b.ctx, shift) {
        Some(s) => {
            let left = (s > 0).then(|| constant_int(b, s, i32));
            (left, constant_int(b, (-s).max(0), i32))
        }
        None => {
            let zero = constant_int(b, 0, i32);
            let left = binary(b, "arith.maxsi", shift, zero);
            let negated = binary(b, "arith.subi", zero, shift);
            (Some(left), binary(b, "arith.maxsi", negated, zero))
        }
    };
    let shifted = match left {
        Some(left) => binary(b, "arith.shli", x, left),
        None => x,
    };
    let high = saturating_rounding_doubling_high_mul(b, shifted, multiplier);
    rounding_divide_by_pot(b, high, right)
}

/// The parameters of a [`multiply_by_quantized_multiplier_down`] equal to
/// `MultiplyByQuantizedMultiplier(x, multiplier, shift)` for every `x`: a non-negative multiplier
/// (as `QuantizeMultiplier` makes) and a right shift of at least 2 (`shift ≤ -2`), the case of
/// nearly every convolution and fully connected layer.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Downscale {
    /// `2^(right - 2)` for the right shift `right = -shift`.
    pub rounding: i32,
    /// `right - 1`.
    pub shift: i32,
}

impl Downscale {
    /// The parameters for `(multiplier, shift)`, `None` outside the case they cover.
    pub fn new(multiplier: i32, shift: i32) -> Option<Downscale> {
        let right = shift.checked_neg()?;
        ((2..=31).contains(&right) && multiplier >= 0)
            .then(|| Downscale { rounding: 1 << (right - 2), shift: right - 1 })
    }
}

/// `MultiplyByQuantizedMultiplier(x, multiplier, -right)` with TFLite's two roundings merged into
/// one 64-bit sum, for a `multiplier` in `[0, 2^31)` and `right ≥ 2` given as [`Downscale`]'s
/// `rounding = 2^(right-2)` and `shift = right - 1` (`i32` values: constants or per-channel
/// loads):
///
/// ```text
/// hi  = (extsi(x) · extsi(multiplier) + extsi(x < 0 ? -2^30 : 2^30) + (rounding << 32)) >>s 32
/// out = hi >>s shift
/// ```
///
/// Why it is exact: SRDHM is `h = ⌊(x·m + 2^30) / 2^31⌋` (the module's identity; it never
/// saturates, as `m ≠ INT32_MIN`), and `RoundingDivideByPOT(h, r)` for `r ≥ 1` is
/// `⌊(h + 2^(r-1) - [h < 0]) / 2^r⌋` (half away from zero; the same integers as gemmlowp's mask
/// test). `[h < 0]` may be replaced by `[x < 0]`: they differ only when `x < 0` and `h = 0`, where
/// both give 0. Nested floors of integer divisions merge, `⌊(⌊a / 2^31⌋ + c) / 2^r⌋ =
/// ⌊(a + c·2^31) / 2^(31+r)⌋` for integer `c`, so the result is
/// `⌊(x·m + 2^30 + 2^(30+r) - [x < 0]·2^31) / 2^(31+r)⌋`, and
/// `2^30 - [x < 0]·2^31 = x < 0 ? -2^30 : 2^30`, `2^(30+r) = rounding · 2^32`; the division by
/// `2^(31+r)` is `>> 32` then `>> (r - 1)`. The 64-bit sum cannot overflow (`|x·m| < 2^62`) and
/// `hi` fits `i32`. On a 32-bit core this is one multiply-accumulate into a register pair.
pub fn multiply_by_quantized_multiplier_down(
    b: &mut Builder<'_>,
    x: Value,
    multiplier: Value,
    rounding: Value,
    shift: Value,
) -> Value {
    let (i32, i64) = (b.ctx.integer_type(32), b.ctx.integer_type(64));
    let zero = constant_int(b, 0, i32);
    let negative = cmpi(b, "slt", x, zero);
    let (down, up) = (constant_int(b, -(1 << 30), i32), constant_int(b, 1 << 30, i32));
    let nudge = select(b, negative, down, up);
    let product = wide_product(b, x, multiplier);
    let wide_nudge = unary(b, "arith.extsi", nudge, i64);
    let nudged = binary(b, "arith.addi", product, wide_nudge);
    let thirty_two = constant_int(b, 32, i64);
    let wide_rounding = unary(b, "arith.extui", rounding, i64);
    let high_rounding = binary(b, "arith.shli", wide_rounding, thirty_two);
    let sum = binary(b, "arith.addi", nudged, high_rounding);
    let high = binary(b, "arith.shrsi", sum, thirty_two);
    let high = unary(b, "arith.trunci", high, i32);
    binary(b, "arith.shrsi", high, shift)
}

/// TFLite's `MultiplyByQuantizedMultiplier(int64 x, int32 multiplier, int shift)` (the 16-bit
/// activation kernels' variant): `x` is `i64` in `[-2^47, 2^47)`, `multiplier` and `shift` (in
/// `-31..=7`) are `i32`; the result is `i32`. The multiplier is reduced to 15 bits, rounded.
pub fn multiply_by_quantized_multiplier_i64(b: &mut Builder<'_>, x: Value, multiplier: Value, shift: Value) -> Value {
    let (i32, i64) = (b.ctx.integer_type(32), b.ctx.integer_type(64));
    let reduced = match constant_int_value(b.ctx, multiplier) {
        Some(m) => constant_int(b, i128::from(reference::reduce_multiplier(m as i32)), i64),
        None => {
            // m < 0x7FFF0000 ? (m + 2^15) >> 16 : 0x7FFF
            let limit = constant_int(b, 0x7FFF_0000, i32);
            let below = cmpi(b, "slt", multiplier, limit);
            let half = constant_int(b, 1 << 15, i32);
            let rounded = binary(b, "arith.addi", multiplier, half);
            let sixteen = constant_int(b, 16, i32);
            let shifted = binary(b, "arith.shrsi", rounded, sixteen);
            let max = constant_int(b, 0x7FFF, i32);
            let reduced = select(b, below, shifted, max);
            unary(b, "arith.extsi", reduced, i64)
        }
    };
    // total_shift = 15 - shift; x * reduced + 2^(total_shift - 1) >> total_shift
    let (total_shift, round) = match constant_int_value(b.ctx, shift) {
        Some(s) => {
            let total = 15 - s as i64;
            (constant_int(b, i128::from(total), i64), constant_int(b, 1i128 << (total - 1), i64))
        }
        None => {
            let wide_shift = unary(b, "arith.extsi", shift, i64);
            let fifteen = constant_int(b, 15, i64);
            let total = binary(b, "arith.subi", fifteen, wide_shift);
            let one = constant_int(b, 1, i64);
            let less = binary(b, "arith.subi", total, one);
            (total, binary(b, "arith.shli", one, less))
        }
    };
    multiply_by_wide_scale(b, x, reduced, round, total_shift)
}

/// The parameters of `MultiplyByQuantizedMultiplier(int64 x, multiplier, shift)` computed at
/// compile time: `x · reduced + rounding`, shifted right by `shift` (see
/// [`multiply_by_wide_scale`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct WideScale {
    /// The multiplier reduced to 15 bits ([`reference::reduce_multiplier`]).
    pub reduced: i64,
    /// `2^(shift - 1)`.
    pub rounding: i64,
    /// The total right shift, `15 - shift` of TFLite's `shift`.
    pub shift: i64,
}

impl WideScale {
    /// The parameters for TFLite's `(multiplier, shift)`; `None` outside the range TFLite's
    /// function asserts (`multiplier ≥ 0`, `shift` in `-31..=7`).
    pub fn new(multiplier: i32, shift: i32) -> Option<WideScale> {
        if multiplier < 0 || !(-31..=7).contains(&shift) {
            return None;
        }
        let total = i64::from(15 - shift);
        Some(WideScale {
            reduced: i64::from(reference::reduce_multiplier(multiplier)),
            rounding: 1 << (total - 1),
            shift: total,
        })
    }
}

/// The arithmetic of `MultiplyByQuantizedMultiplier(int64 x, ...)` given its [`WideScale`]
/// parameters (`i64` values: constants or per-channel loads): `trunci((x · reduced + rounding)
/// >>s shift)` to `i32`, wrapping as TFLite's `int64_t` arithmetic and `int32_t` conversion do.
pub fn multiply_by_wide_scale(b: &mut Builder<'_>, x: Value, reduced: Value, rounding: Value, shift: Value) -> Value {
    let i32 = b.ctx.integer_type(32);
    let product = binary(b, "arith.muli", x, reduced);
    let rounded = binary(b, "arith.addi", product, rounding);
    let result = binary(b, "arith.shrsi", rounded, shift);
    unary(b, "arith.trunci", result, i32)
}

/// Plain Rust versions of TFLite Micro's fixed-point functions, written from their C++
/// definitions (gemmlowp's `fixedpoint.h`, TFLite's `common.cc` and `quantization_util.cc`):
/// the ground truth for the sequences above and for kernel tests.
pub mod reference {
    /// gemmlowp's `SaturatingRoundingDoublingHighMul` for `int32`.
    pub fn saturating_rounding_doubling_high_mul(a: i32, b: i32) -> i32 {
        let overflow = a == b && a == i32::MIN;
        let ab = i64::from(a) * i64::from(b);
        let nudge: i64 = if ab >= 0 { 1 << 30 } else { 1 - (1 << 30) };
        // C++ integer division truncates towards zero, as Rust's does.
        let high = ((ab + nudge) / (1i64 << 31)) as i32;
        if overflow { i32::MAX } else { high }
    }

    /// gemmlowp's `RoundingDivideByPOT` for `int32`; `exponent` in `0..=31`.
    pub fn rounding_divide_by_pot(x: i32, exponent: i32) -> i32 {
        assert!((0..=31).contains(&exponent), "exponent {exponent} out of range");
        let mask = ((1i64 << exponent) - 1) as i32;
        let remainder = x & mask;
        let threshold = (mask >> 1) + i32::from(x < 0);
        (x >> exponent) + i32::from(remainder > threshold)
    }

    /// TFLite's double-rounding `MultiplyByQuantizedMultiplier(int32_t x, int32_t multiplier,
    /// int shift)`. The left shift wraps, as the C++ code does in practice.
    pub fn multiply_by_quantized_multiplier(x: i32, multiplier: i32, shift: i32) -> i32 {
        let left_shift = if shift > 0 { shift } else { 0 };
        let right_shift = if shift > 0 { 0 } else { -shift };
        rounding_divide_by_pot(
            saturating_rounding_doubling_high_mul(x.wrapping_mul(1i32.wrapping_shl(left_shift as u32)), multiplier),
            right_shift,
        )
    }

    /// [`super::multiply_by_quantized_multiplier_down`]'s formula, for
    /// `multiplier ≥ 0`, `rounding = 2^(right-2)` and `shift = right - 1`, `right ≥ 2`.
    pub fn multiply_by_quantized_multiplier_down(x: i32, multiplier: i32, rounding: i32, shift: i32) -> i32 {
        let nudge: i64 = if x < 0 { -(1 << 30) } else { 1 << 30 };
        let sum = i64::from(x) * i64::from(multiplier) + nudge + (i64::from(rounding) << 32);
        ((sum >> 32) as i32) >> shift
    }

    /// The 15-bit multiplier of the `int64` variant: `(m + 2^15) >> 16`, or `0x7FFF` near the top.
    pub fn reduce_multiplier(multiplier: i32) -> i32 {
        if multiplier < 0x7FFF_0000 { (multiplier + (1 << 15)) >> 16 } else { 0x7FFF }
    }

    /// TFLite's `MultiplyByQuantizedMultiplier(int64_t x, int32_t multiplier, int shift)`.
    pub fn multiply_by_quantized_multiplier_i64(x: i64, multiplier: i32, shift: i32) -> i32 {
        let reduced = i64::from(reduce_multiplier(multiplier));
        let total_shift = 15 - shift;
        let x = x * reduced + (1i64 << (total_shift - 1));
        (x >> total_shift) as i32
    }

    /// TFLite's `QuantizeMultiplier`: `real = multiplier · 2^shift / 2^31` with `multiplier` in
    /// `[2^30, 2^31)` (or 0), rounding half away from zero as `TfLiteRound` does.
    pub fn quantize_multiplier(real: f64) -> (i32, i32) {
        if real == 0.0 {
            return (0, 0);
        }
        let (fraction, mut shift) = frexp(real);
        let mut fixed = (fraction * (1i64 << 31) as f64).round() as i64;
        assert!(fixed <= 1i64 << 31, "QuantizeMultiplier: {real} out of range");
        if fixed == 1i64 << 31 {
            fixed /= 2;
            shift += 1;
        }
        if shift < -31 {
            // Every bit would be shifted out.
            return (0, 0);
        }
        (fixed as i32, shift)
    }

    /// C's `frexp`: `value = fraction · 2^exponent` with `|fraction|` in `[0.5, 1)`.
    pub fn frexp(value: f64) -> (f64, i32) {
        if value == 0.0 || !value.is_finite() {
            return (value, 0);
        }
        let bits = value.to_bits();
        let biased = ((bits >> 52) & 0x7FF) as i32;
        if biased == 0 {
            // Subnormal: scale into the normal range first.
            let (fraction, exponent) = frexp(value * 2f64.powi(64));
            return (fraction, exponent - 64);
        }
        let fraction = f64::from_bits((bits & !(0x7FFu64 << 52)) | (1022u64 << 52));
        (fraction, biased - 1022)
    }
}

#[cfg(test)]
mod tests;
