//! gemmlowp's fixed-point transcendental functions (`fixedpoint.h`), as TFLite Micro's int8
//! softmax, logistic and tanh kernels evaluate them: [`reference`](mod@reference) holds bit-exact Rust versions,
//! which the lowerings run at compile time to fill lookup tables (an int8 input has only 256
//! values), and the builders here emit, as plain `arith` ops, the pieces that depend on
//! run-time data: softmax's per-row reciprocal (TFLite's `GetReciprocal`), log softmax's
//! per-row logarithm (TFLite's `log_x_for_x_greater_than_or_equal_to_1`) and L2
//! normalization's per-row inverse square root (TFLite's `GetInvSqrtQuantizedMultiplierExp`).
//!
//! A gemmlowp `FixedPoint<int32, k>` is an `i32` holding `value · 2^(31 - k)`; products are
//! `SaturatingRoundingDoublingHighMul` (SRDHM), rescalings `SaturatingRoundingMultiplyByPOT`.
//! Additions wrap, as gemmlowp's plain `int32` additions do on every target TFLM runs on.

use mc_dialects::arith::build::{binary, cmpi, constant_int, select, unary};
use mc_dialects::arith::fixed_point::saturating_rounding_doubling_high_mul;
use mc_ir::{Builder, Value};

/// gemmlowp's `1/3`, `exp(-1/8)`, `48/17`, `-32/17` and the barrel shifter's `exp(-2^e)`
/// multipliers, as the raw values `fixedpoint.h` spells out.
mod constants {
    /// `exp(-1/8)` in Q0.31.
    pub const EXP_MINUS_ONE_EIGHTH: i32 = 1_895_147_668;
    /// `1/3` in Q0.31.
    pub const ONE_THIRD: i32 = 715_827_883;
    /// `48/17` in Q2.29.
    pub const FORTY_EIGHT_SEVENTEENTHS: i32 = 1_515_870_810;
    /// `-32/17` in Q2.29.
    pub const MINUS_THIRTY_TWO_SEVENTEENTHS: i32 = -1_010_580_540;
    /// `(e, exp(-2^e) in Q0.31)` for the barrel shifter of `exp_on_negative_values`.
    pub const EXP_BARREL: [(i32, i32); 7] = [
        (-2, 1_672_461_947),
        (-1, 1_302_514_674),
        (0, 790_015_084),
        (1, 290_630_308),
        (2, 39_332_535),
        (3, 720_401),
        (4, 242),
    ];
    /// `log(2)` in Q0.31.
    pub const LOG_2: i32 = 1_488_522_236;
    /// `sqrt(sqrt(1/2))` in Q0.31.
    pub const SQRT_SQRT_HALF: i32 = 1_805_811_301;
    /// `sqrt(1/2)` in Q0.31.
    pub const SQRT_HALF: i32 = 1_518_500_250;
    /// `1/4` in Q0.31.
    pub const ONE_QUARTER: i32 = 536_870_912;
    /// The Padé coefficients of `log_x_for_x_greater_than_or_equal_to_1_impl` in Q0.31:
    /// `11/240 · 2^(1/4)`, `1/20 · 2^(1/4)`, `2 / 2^(1/4) - 2^(1/4)` and `1/4 · 2^(1/4)`.
    pub const LOG_ALPHA_N: i32 = 117_049_297;
    pub const LOG_ALPHA_D: i32 = 127_690_142;
    pub const LOG_ALPHA_I: i32 = 1_057_819_769;
    pub const LOG_ALPHA_F: i32 = 638_450_708;
}

/// gemmlowp's `RoundingHalfSum(a, b)` on `i32` values: `(a + b + sign) / 2` in 64 bits,
/// the division truncating.
pub fn rounding_half_sum(b: &mut Builder<'_>, lhs: Value, rhs: Value) -> Value {
    let (i32, i64) = (b.ctx.integer_type(32), b.ctx.integer_type(64));
    let wide_lhs = unary(b, "arith.extsi", lhs, i64);
    let wide_rhs = unary(b, "arith.extsi", rhs, i64);
    let sum = binary(b, "arith.addi", wide_lhs, wide_rhs);
    let zero = constant_int(b, 0, i64);
    let non_negative = cmpi(b, "sge", sum, zero);
    let (one, minus_one) = (constant_int(b, 1, i64), constant_int(b, -1, i64));
    let sign = select(b, non_negative, one, minus_one);
    let nudged = binary(b, "arith.addi", sum, sign);
    let two = constant_int(b, 2, i64);
    let half = binary(b, "arith.divsi", nudged, two);
    unary(b, "arith.trunci", half, i32)
}

/// gemmlowp's `SaturatingRoundingMultiplyByPOT<exponent>(x)` on an `i32`: a left shift that
/// saturates for `exponent > 0`, a rounding right shift for `exponent < 0`.
pub fn saturating_rounding_multiply_by_pot(b: &mut Builder<'_>, x: Value, exponent: i32) -> Value {
    let i32 = b.ctx.integer_type(32);
    match exponent {
        0 => x,
        e if e < 0 => {
            let shift = constant_int(b, i128::from(-e), i32);
            mc_dialects::arith::fixed_point::rounding_divide_by_pot(b, x, shift)
        }
        e => {
            let threshold = (1i32 << (31 - e)) - 1;
            let shift = constant_int(b, i128::from(e), i32);
            let shifted = binary(b, "arith.shli", x, shift);
            let (high, low) =
                (constant_int(b, i128::from(threshold), i32), constant_int(b, i128::from(-threshold), i32));
            let (max, min) = (constant_int(b, i128::from(i32::MAX), i32), constant_int(b, i128::from(i32::MIN), i32));
            let above = cmpi(b, "sgt", x, high);
            let below = cmpi(b, "slt", x, low);
            let capped = select(b, above, max, shifted);
            select(b, below, min, capped)
        }
    }
}

/// TFLite's `SaturatingRoundingMultiplyByPOTParam(x, exponent)` on `i32` values, for a run-time
/// `exponent` in `0..=31`: `x << exponent`, saturated where `|x|` exceeds
/// `2^(31 - exponent) - 1` (`exponent` 0 leaves every value as it is, as TFLite's early return).
pub fn saturating_rounding_multiply_by_pot_param(b: &mut Builder<'_>, x: Value, exponent: Value) -> Value {
    let i32 = b.ctx.integer_type(32);
    let (one, thirty_one) = (constant_int(b, 1, i32), constant_int(b, 31, i32));
    let free_bits = binary(b, "arith.subi", thirty_one, exponent);
    let bound = binary(b, "arith.shli", one, free_bits);
    // 2^31 - 1 for exponent 0 (the shift wraps to i32::MIN), as 1 << 31 does in C.
    let high = binary(b, "arith.subi", bound, one);
    let zero = constant_int(b, 0, i32);
    let low = binary(b, "arith.subi", zero, high);
    let shifted = binary(b, "arith.shli", x, exponent);
    let (max, min) = (constant_int(b, i128::from(i32::MAX), i32), constant_int(b, i128::from(i32::MIN), i32));
    let above = cmpi(b, "sgt", x, high);
    let below = cmpi(b, "slt", x, low);
    let capped = select(b, above, max, shifted);
    select(b, below, min, capped)
}

/// TFLite's `SaturatingAddNonGemmlowp(a, b)` (`add`) or `SaturatingSub(a, b)` on `i32` values: the
/// sum or difference in 64 bits, clamped to the `i32` range.
fn saturating_add_or_sub(b: &mut Builder<'_>, op: &str, lhs: Value, rhs: Value) -> Value {
    let (i32, i64) = (b.ctx.integer_type(32), b.ctx.integer_type(64));
    let wide_lhs = unary(b, "arith.extsi", lhs, i64);
    let wide_rhs = unary(b, "arith.extsi", rhs, i64);
    let wide = binary(b, op, wide_lhs, wide_rhs);
    let (max, min) = (constant_int(b, i128::from(i32::MAX), i64), constant_int(b, i128::from(i32::MIN), i64));
    let capped = binary(b, "arith.minsi", wide, max);
    let clamped = binary(b, "arith.maxsi", capped, min);
    unary(b, "arith.trunci", clamped, i32)
}

/// TFLite's `log_x_for_x_greater_than_or_equal_to_1<output_integer_bits>(x)` for a positive `x`
/// in Q`input_integer_bits` (an `i32`): `log(x)` in Q`output_integer_bits`, from the leading-bit
/// position of `x` (or of `x · sqrt(1/2)`, whichever leaves the smaller mantissa) times
/// `log(2)`, plus a Padé approximant of the mantissa's logarithm; every step as
/// `log_x_for_x_greater_than_or_equal_to_1_impl` takes it.
pub fn log_x_for_x_greater_than_or_equal_to_1(
    b: &mut Builder<'_>,
    x: Value,
    input_integer_bits: i32,
    output_integer_bits: i32,
) -> Value {
    use constants::*;
    let i32 = b.ctx.integer_type(32);
    let accumulator_bits = output_integer_bits + 1;
    let c = |b: &mut Builder<'_>, v: i32| constant_int(b, i128::from(v), i32);
    let mul = saturating_rounding_doubling_high_mul;
    let shifted_quarter = c(b, reference::rescale(ONE_QUARTER, 0, accumulator_bits));
    let input_bits = c(b, input_integer_bits);
    let one = c(b, 1);
    // z_a: x normalized (its headroom shifted out), times sqrt(1/2) and doubled.
    let z_a_headroom_plus_1 = count_leading_zeros(b, x);
    let z_a_shift = binary(b, "arith.subi", z_a_headroom_plus_1, one);
    let r_a_tmp = saturating_rounding_multiply_by_pot_param(b, x, z_a_shift);
    let sqrt_half = c(b, SQRT_HALF);
    let r_a_half = mul(b, r_a_tmp, sqrt_half);
    let r_a = saturating_rounding_multiply_by_pot(b, r_a_half, 1);
    let z_a_power = binary(b, "arith.subi", input_bits, z_a_headroom_plus_1);
    let z_a_power = saturating_rounding_multiply_by_pot(b, z_a_power, 31 - accumulator_bits);
    let z_a_pow_2_adj = saturating_add_or_sub(b, "arith.addi", z_a_power, shifted_quarter);
    // z_b: x · sqrt(1/2), normalized.
    let z_b = mul(b, x, sqrt_half);
    let z_b_leading_zeros = count_leading_zeros(b, z_b);
    let z_b_headroom = binary(b, "arith.subi", z_b_leading_zeros, one);
    let r_b = saturating_rounding_multiply_by_pot_param(b, x, z_b_headroom);
    let z_b_power = binary(b, "arith.subi", input_bits, z_b_headroom);
    let z_b_power = saturating_rounding_multiply_by_pot(b, z_b_power, 31 - accumulator_bits);
    let z_b_pow_2_adj = saturating_add_or_sub(b, "arith.subi", z_b_power, shifted_quarter);
    let r = binary(b, "arith.minsi", r_a, r_b);
    let z_pow_2_adj = binary(b, "arith.maxsi", z_a_pow_2_adj, z_b_pow_2_adj);
    // The Padé approximant around 2^(-1/4).
    let sqrt_sqrt_half = c(b, SQRT_SQRT_HALF);
    let p = rounding_half_sum(b, r, sqrt_sqrt_half);
    let q_half = binary(b, "arith.subi", r, sqrt_sqrt_half);
    let q = binary(b, "arith.addi", q_half, q_half);
    let common_sq = mul(b, q, q);
    let q_r = mul(b, q, r);
    let q_cubed = mul(b, q, common_sq);
    let alpha_n = c(b, LOG_ALPHA_N);
    let cubic = mul(b, q_cubed, alpha_n);
    let num = binary(b, "arith.addi", q_r, cubic);
    let (alpha_i, alpha_d, alpha_f) = (c(b, LOG_ALPHA_I), c(b, LOG_ALPHA_D), c(b, LOG_ALPHA_F));
    let i_plus_q = binary(b, "arith.addi", alpha_i, q);
    let d_sq = mul(b, alpha_d, common_sq);
    let factor = binary(b, "arith.addi", i_plus_q, d_sq);
    let p_factor = mul(b, p, factor);
    let f_q = mul(b, alpha_f, q);
    let denom_minus_one = binary(b, "arith.addi", p_factor, f_q);
    let recip_denom = one_over_one_plus_x_for_x_in_0_1(b, denom_minus_one);
    let num_scaled = saturating_rounding_multiply_by_pot(b, num, -accumulator_bits);
    let log_2 = c(b, LOG_2);
    let integer_part = mul(b, z_pow_2_adj, log_2);
    let fraction_part = mul(b, num_scaled, recip_denom);
    let sum = binary(b, "arith.addi", integer_part, fraction_part);
    saturating_rounding_multiply_by_pot(b, sum, accumulator_bits - output_integer_bits)
}

/// gemmlowp's `one_over_one_plus_x_for_x_in_0_1(a)`: `1 / (1 + a)` in Q0.31 for `a` in Q0.31,
/// by three Newton-Raphson steps in Q2.29.
pub fn one_over_one_plus_x_for_x_in_0_1(b: &mut Builder<'_>, a: Value) -> Value {
    let i32 = b.ctx.integer_type(32);
    let one_q0 = constant_int(b, i128::from(i32::MAX), i32);
    let half_denominator = rounding_half_sum(b, a, one_q0);
    let start = constant_int(b, i128::from(constants::FORTY_EIGHT_SEVENTEENTHS), i32);
    let slope = constant_int(b, i128::from(constants::MINUS_THIRTY_TWO_SEVENTEENTHS), i32);
    let product = saturating_rounding_doubling_high_mul(b, half_denominator, slope);
    let mut x = binary(b, "arith.addi", start, product);
    let one_q2 = constant_int(b, 1 << 29, i32);
    for _ in 0..3 {
        let half_denominator_times_x = saturating_rounding_doubling_high_mul(b, half_denominator, x);
        let one_minus = binary(b, "arith.subi", one_q2, half_denominator_times_x);
        let correction = saturating_rounding_doubling_high_mul(b, x, one_minus);
        let correction = saturating_rounding_multiply_by_pot(b, correction, 2);
        x = binary(b, "arith.addi", x, correction);
    }
    saturating_rounding_multiply_by_pot(b, x, 1)
}

/// The number of leading zero bits of an `i32` read as unsigned (32 for 0), by a branchless
/// binary search (the loop dialect has no `ctlz`).
pub fn count_leading_zeros(b: &mut Builder<'_>, x: Value) -> Value {
    let i32 = b.ctx.integer_type(32);
    let mut count = constant_int(b, 0, i32);
    let mut value = x;
    for bits in [16, 8, 4, 2, 1] {
        let limit = constant_int(b, 1i128 << (32 - bits), i32);
        let small = cmpi(b, "ult", value, limit);
        let shift = constant_int(b, i128::from(bits), i32);
        let shifted = binary(b, "arith.shli", value, shift);
        value = select(b, small, shifted, value);
        let added = binary(b, "arith.addi", count, shift);
        count = select(b, small, added, count);
    }
    // Only 0 is still below 2^31 after every step; count it as 32.
    let zero = constant_int(b, 0, i32);
    let is_zero = cmpi(b, "eq", x, zero);
    let one = unary(b, "arith.extui", is_zero, i32);
    binary(b, "arith.addi", count, one)
}

/// TFLite's `CountLeadingSignBits(x)` on an `i32`: the sign bits after the first (31 for 0 and
/// -1, 0 for `i32::MIN`), as `clz(x ^ (x >> 31)) - 1`.
pub fn count_leading_sign_bits(b: &mut Builder<'_>, x: Value) -> Value {
    let i32 = b.ctx.integer_type(32);
    let sign_shift = constant_int(b, 31, i32);
    let sign = binary(b, "arith.shrsi", x, sign_shift);
    let magnitude = binary(b, "arith.xori", x, sign);
    let zeros = count_leading_zeros(b, magnitude);
    let one = constant_int(b, 1, i32);
    binary(b, "arith.subi", zeros, one)
}

/// TFLite's `GetReciprocal(x, x_integer_digits, &num_bits_over_unit)` on a positive `i32` in
/// Q`x_integer_digits`: returns `(1 / x` scaled into Q0.31, `num_bits_over_unit)`, both `i32`.
/// For `x = 0` the C++ shifts by 32; this takes the count modulo 32 as an x86-64 build does.
pub fn get_reciprocal(b: &mut Builder<'_>, x: Value, x_integer_digits: i32) -> (Value, Value) {
    let i32 = b.ctx.integer_type(32);
    let headroom_plus_one = count_leading_zeros(b, x);
    let digits = constant_int(b, i128::from(x_integer_digits), i32);
    let num_bits_over_unit = binary(b, "arith.subi", digits, headroom_plus_one);
    let mod_32 = constant_int(b, 31, i32);
    let shift = binary(b, "arith.andi", headroom_plus_one, mod_32);
    let shifted = binary(b, "arith.shli", x, shift);
    let one = constant_int(b, i128::from(i32::MIN), i32);
    let shifted_minus_one = binary(b, "arith.subi", shifted, one);
    (one_over_one_plus_x_for_x_in_0_1(b, shifted_minus_one), num_bits_over_unit)
}

/// TFLite's `GetInvSqrtQuantizedMultiplierExp(input, reverse_shift, ...)` on an `i32`: `1 /
/// sqrt(input)` as `(multiplier, shift · reverse_shift)`, both `i32`, by five Newton-Raphson
/// steps in Q3.28 on the input normalized into `[2^27, 2^29)`; `(i32::MAX, 0)` for inputs up to 1
/// (negative ones too, as TFLM's `input <= 1` test).
pub fn inv_sqrt_quantized_multiplier_exp(b: &mut Builder<'_>, input: Value, reverse_shift: i32) -> (Value, Value) {
    let i32 = b.ctx.integer_type(32);
    let c = |b: &mut Builder<'_>, v: i32| constant_int(b, i128::from(v), i32);
    let one = c(b, 1);
    let at_most_one = cmpi(b, "sle", input, one);
    // An i32 at or above 2^29 takes one division by 4 (TFLM's loop ends there).
    let limit = c(b, 1 << 29);
    let large = cmpi(b, "sge", input, limit);
    let two = c(b, 2);
    let quartered = binary(b, "arith.shrsi", input, two);
    let reduced = select(b, large, quartered, input);
    let (twelve, eleven) = (c(b, 12), c(b, 11));
    let shift = select(b, large, twelve, eleven);
    let leading_zeros = count_leading_zeros(b, reduced);
    let max_left_shift_bits = binary(b, "arith.subi", leading_zeros, one);
    let max_pairs = binary(b, "arith.shrui", max_left_shift_bits, one);
    let pairs = binary(b, "arith.subi", max_pairs, one);
    let shift = binary(b, "arith.subi", shift, pairs);
    let pair_bits = binary(b, "arith.shli", pairs, one);
    let normalized = binary(b, "arith.shli", reduced, pair_bits);
    // Q3.28: the input halved, 1.5, and the iterate from 1.
    let fixed_input = binary(b, "arith.shrsi", normalized, one);
    let half_input = saturating_rounding_multiply_by_pot(b, fixed_input, -1);
    let half_three = c(b, (1 << 28) + (1 << 27));
    let mut x = c(b, 1 << 28);
    for _ in 0..5 {
        let x2 = saturating_rounding_doubling_high_mul(b, x, x);
        let x3 = saturating_rounding_doubling_high_mul(b, x2, x);
        let x3 = saturating_rounding_multiply_by_pot(b, x3, 6);
        let three_halves_x = saturating_rounding_doubling_high_mul(b, half_three, x);
        let half_input_x3 = saturating_rounding_doubling_high_mul(b, half_input, x3);
        let difference = binary(b, "arith.subi", three_halves_x, half_input_x3);
        x = saturating_rounding_multiply_by_pot(b, difference, 3);
    }
    let half_sqrt_2 = c(b, constants::SQRT_HALF);
    let inv_sqrt = saturating_rounding_doubling_high_mul(b, x, half_sqrt_2);
    // A negative shift moves into the multiplier.
    let zero = c(b, 0);
    let negative = cmpi(b, "slt", shift, zero);
    let negated = binary(b, "arith.subi", zero, shift);
    let left = select(b, negative, negated, zero);
    let inv_sqrt = binary(b, "arith.shli", inv_sqrt, left);
    let shift = select(b, negative, zero, shift);
    let reverse = c(b, reverse_shift);
    let shift = binary(b, "arith.muli", shift, reverse);
    let max = c(b, i32::MAX);
    (select(b, at_most_one, max, inv_sqrt), select(b, at_most_one, zero, shift))
}

/// Rust versions of gemmlowp's `fixedpoint.h` functions and TFLite's `GetReciprocal`, written
/// from their C++ definitions, bit for bit (the `int32` scalar instantiations).
pub mod reference {
    use super::constants;
    use mc_dialects::arith::fixed_point::reference::{rounding_divide_by_pot, saturating_rounding_doubling_high_mul};

    /// `a · b` of two fixed-point values (SRDHM).
    fn mul(a: i32, b: i32) -> i32 {
        saturating_rounding_doubling_high_mul(a, b)
    }

    /// `RoundingHalfSum(a, b)`.
    pub fn rounding_half_sum(a: i32, b: i32) -> i32 {
        let sum = i64::from(a) + i64::from(b);
        let sign = if sum >= 0 { 1 } else { -1 };
        ((sum + sign) / 2) as i32
    }

    /// `SaturatingRoundingMultiplyByPOT<exponent>(x)`.
    pub fn saturating_rounding_multiply_by_pot(x: i32, exponent: i32) -> i32 {
        match exponent {
            0 => x,
            e if e < 0 => rounding_divide_by_pot(x, -e),
            e => {
                let threshold = (1i32 << (31 - e)) - 1;
                if x > threshold {
                    i32::MAX
                } else if x < -threshold {
                    i32::MIN
                } else {
                    x.wrapping_shl(e as u32)
                }
            }
        }
    }

    /// TFLite's `SaturatingRoundingMultiplyByPOTParam(x, exponent)` for `exponent >= 0`.
    pub fn saturating_rounding_multiply_by_pot_param(x: i32, exponent: i32) -> i32 {
        saturating_rounding_multiply_by_pot(x, exponent)
    }

    /// TFLite's `SaturatingAddNonGemmlowp(a, b)`.
    fn saturating_add(a: i32, b: i32) -> i32 {
        a.saturating_add(b)
    }

    /// TFLite's `SaturatingSub(a, b)`.
    fn saturating_sub(a: i32, b: i32) -> i32 {
        a.saturating_sub(b)
    }

    /// TFLite's `log_x_for_x_greater_than_or_equal_to_1_impl<output_integer_bits,
    /// input_integer_bits>(x)`.
    pub fn log_x_for_x_greater_than_or_equal_to_1(x: i32, input_integer_bits: i32, output_integer_bits: i32) -> i32 {
        let accumulator_bits = output_integer_bits + 1;
        let shifted_quarter = rescale(constants::ONE_QUARTER, 0, accumulator_bits);
        let z_a_headroom_plus_1 = (x as u32).leading_zeros() as i32;
        let r_a_tmp = saturating_rounding_multiply_by_pot_param(x, z_a_headroom_plus_1 - 1);
        let r_a = saturating_rounding_multiply_by_pot_param(mul(r_a_tmp, constants::SQRT_HALF), 1);
        let z_a_pow_2_adj = saturating_add(
            saturating_rounding_multiply_by_pot_param(input_integer_bits - z_a_headroom_plus_1, 31 - accumulator_bits),
            shifted_quarter,
        );
        let z_b = mul(x, constants::SQRT_HALF);
        let z_b_headroom = (z_b as u32).leading_zeros() as i32 - 1;
        let r_b = saturating_rounding_multiply_by_pot_param(x, z_b_headroom);
        let z_b_pow_2_adj = saturating_sub(
            saturating_rounding_multiply_by_pot_param(input_integer_bits - z_b_headroom, 31 - accumulator_bits),
            shifted_quarter,
        );
        let r = r_a.min(r_b);
        let z_pow_2_adj = z_a_pow_2_adj.max(z_b_pow_2_adj);
        let p = rounding_half_sum(r, constants::SQRT_SQRT_HALF);
        let q = r.wrapping_sub(constants::SQRT_SQRT_HALF);
        let q = q.wrapping_add(q);
        let common_sq = mul(q, q);
        let num = mul(q, r).wrapping_add(mul(mul(q, common_sq), constants::LOG_ALPHA_N));
        let denom_minus_one =
            mul(p, constants::LOG_ALPHA_I.wrapping_add(q).wrapping_add(mul(constants::LOG_ALPHA_D, common_sq)))
                .wrapping_add(mul(constants::LOG_ALPHA_F, q));
        let recip_denom = one_over_one_plus_x_for_x_in_0_1(denom_minus_one);
        let num_scaled = rescale(num, 0, accumulator_bits);
        let sum = mul(z_pow_2_adj, constants::LOG_2).wrapping_add(mul(num_scaled, recip_denom));
        rescale(sum, accumulator_bits, output_integer_bits)
    }

    /// `Rescale<dst_bits>(FixedPoint<int32, src_bits> x)`.
    pub fn rescale(x: i32, src_bits: i32, dst_bits: i32) -> i32 {
        saturating_rounding_multiply_by_pot(x, src_bits - dst_bits)
    }

    /// `exp_on_interval_between_negative_one_quarter_and_0_excl(a)`, Q0.31 in and out.
    fn exp_on_interval_between_negative_one_quarter_and_0_excl(a: i32) -> i32 {
        let constant_term = constants::EXP_MINUS_ONE_EIGHTH;
        let x = a.wrapping_add(1 << 28);
        let x2 = mul(x, x);
        let x3 = mul(x2, x);
        let x4 = mul(x2, x2);
        let x4_over_4 = saturating_rounding_multiply_by_pot(x4, -2);
        let sum = mul(x4_over_4.wrapping_add(x3), constants::ONE_THIRD).wrapping_add(x2);
        let x4_over_24_plus_x3_over_6_plus_x2_over_2 = saturating_rounding_multiply_by_pot(sum, -1);
        constant_term.wrapping_add(mul(constant_term, x.wrapping_add(x4_over_24_plus_x3_over_6_plus_x2_over_2)))
    }

    /// `exp_on_negative_values(FixedPoint<int32, integer_bits> a)`: `exp(a)` in Q0.31 for
    /// `a <= 0`.
    pub fn exp_on_negative_values(a: i32, integer_bits: i32) -> i32 {
        let fractional_bits = 31 - integer_bits;
        let one_quarter = 1i32 << (fractional_bits - 2);
        let mask = one_quarter - 1;
        let a_mod_quarter_minus_one_quarter = (a & mask) - one_quarter;
        let mut result = exp_on_interval_between_negative_one_quarter_and_0_excl(rescale(
            a_mod_quarter_minus_one_quarter,
            integer_bits,
            0,
        ));
        let remainder = a_mod_quarter_minus_one_quarter.wrapping_sub(a);
        for (exponent, multiplier) in constants::EXP_BARREL {
            if integer_bits > exponent {
                let shift = fractional_bits + exponent;
                if remainder & (1i32 << shift) != 0 {
                    result = mul(result, multiplier);
                }
            }
        }
        if integer_bits > 5 {
            let clamp = -(1i32 << (36 - integer_bits));
            if a < clamp {
                result = 0;
            }
        }
        if a == 0 { i32::MAX } else { result }
    }

    /// The Newton-Raphson iteration of `one_over_one_plus_x_for_x_in_0_1` and
    /// `one_minus_x_over_one_plus_x_for_x_in_0_1`: about `1 / (1 + a)` in Q2.29.
    fn newton_reciprocal(a: i32) -> i32 {
        let half_denominator = rounding_half_sum(a, i32::MAX);
        let mut x = constants::FORTY_EIGHT_SEVENTEENTHS
            .wrapping_add(mul(half_denominator, constants::MINUS_THIRTY_TWO_SEVENTEENTHS));
        for _ in 0..3 {
            let half_denominator_times_x = mul(half_denominator, x);
            let one_minus = (1i32 << 29).wrapping_sub(half_denominator_times_x);
            x = x.wrapping_add(rescale(mul(x, one_minus), 4, 2));
        }
        x
    }

    /// `one_over_one_plus_x_for_x_in_0_1(a)`, Q0.31 in and out.
    pub fn one_over_one_plus_x_for_x_in_0_1(a: i32) -> i32 {
        rescale(newton_reciprocal(a), 1, 0)
    }

    /// `one_minus_x_over_one_plus_x_for_x_in_0_1(a)`, Q0.31 in and out.
    pub fn one_minus_x_over_one_plus_x_for_x_in_0_1(a: i32) -> i32 {
        rescale(newton_reciprocal(a).wrapping_sub(1 << 29), 2, 0)
    }

    /// `logistic(FixedPoint<int32, integer_bits> a)` in Q0.31.
    pub fn logistic(a: i32, integer_bits: i32) -> i32 {
        let positive = a > 0;
        let abs_input = if positive { a } else { a.wrapping_neg() };
        let result_if_positive =
            one_over_one_plus_x_for_x_in_0_1(exp_on_negative_values(abs_input.wrapping_neg(), integer_bits));
        let result_if_negative = i32::MAX.wrapping_sub(result_if_positive);
        if a == 0 {
            1 << 30
        } else if positive {
            result_if_positive
        } else {
            result_if_negative
        }
    }

    /// `tanh(FixedPoint<int32, integer_bits> a)` in Q0.31.
    pub fn tanh(a: i32, integer_bits: i32) -> i32 {
        let negative = a < 0;
        let n = if negative { a } else { a.wrapping_neg() };
        // neg_tanh_on_negative_values: exp of 2n, read with one more integer bit.
        let t = one_minus_x_over_one_plus_x_for_x_in_0_1(exp_on_negative_values(n, integer_bits + 1));
        if a == 0 {
            0
        } else if negative {
            t.wrapping_neg()
        } else {
            t
        }
    }

    /// TFLite's `GetReciprocal(x, x_integer_digits, &num_bits_over_unit)`:
    /// `(reciprocal in Q0.31, num_bits_over_unit)`.
    pub fn get_reciprocal(x: i32, x_integer_digits: i32) -> (i32, i32) {
        let headroom_plus_one = (x as u32).leading_zeros() as i32;
        let num_bits_over_unit = x_integer_digits - headroom_plus_one;
        let shifted = (x as u32).checked_shl(headroom_plus_one as u32).unwrap_or(0);
        let shifted_minus_one = shifted.wrapping_sub(1 << 31) as i32;
        (one_over_one_plus_x_for_x_in_0_1(shifted_minus_one), num_bits_over_unit)
    }

    /// TFLite's `GetInvSqrtQuantizedMultiplierExp(input, reverse_shift, ...)`: `1 / sqrt(input)`
    /// as a multiplier and a shift (times `reverse_shift`), by five Newton-Raphson steps in
    /// `FixedPoint<int32, 3>`; inputs 0 and 1 give `(i32::MAX, 0)`.
    pub fn inv_sqrt_quantized_multiplier_exp(input: i32, reverse_shift: i32) -> (i32, i32) {
        if input <= 1 {
            return (i32::MAX, 0);
        }
        let (mut input, mut shift) = (input, 11);
        while input >= 1 << 29 {
            input /= 4;
            shift += 1;
        }
        let max_left_shift_bits = (input as u32).leading_zeros() as i32 - 1;
        let left_shift_bit_pairs = max_left_shift_bits / 2 - 1;
        shift -= left_shift_bit_pairs;
        input <<= 2 * left_shift_bit_pairs;
        // Q3.28 throughout: the input halved, 1.5, and the iterate starting at 1.
        let half_input = saturating_rounding_multiply_by_pot(input >> 1, -1);
        let half_three = (1 << 28) + (1 << 27);
        let mut x = 1 << 28;
        for _ in 0..5 {
            let x3 = rescale(mul(mul(x, x), x), 9, 3);
            x = rescale(mul(half_three, x).wrapping_sub(mul(half_input, x3)), 6, 3);
        }
        // sqrt(2) / 2 in Q0.31.
        let mut inv_sqrt = mul(x, 1_518_500_250);
        if shift < 0 {
            inv_sqrt <<= -shift;
            shift = 0;
        }
        (inv_sqrt, shift * reverse_shift)
    }
}

#[cfg(test)]
mod tests {
    use super::reference::*;

    fn real(raw: i32, integer_bits: i32) -> f64 {
        f64::from(raw) / 2f64.powi(31 - integer_bits)
    }

    #[test]
    fn exp_on_negative_values_approximates_exp() {
        for integer_bits in [4, 5, 6] {
            for k in 0..2000 {
                let a = -(k * 1_000_003 % (1 << 30));
                let got = real(exp_on_negative_values(a, integer_bits), 0);
                let want = real(a, integer_bits).exp();
                assert!((got - want).abs() < 1e-6, "exp({}) = {got}, want {want}", real(a, integer_bits));
            }
        }
        assert_eq!(exp_on_negative_values(0, 5), i32::MAX);
    }

    #[test]
    fn reciprocal_logistic_and_tanh_approximate_their_functions() {
        for k in 0..1000 {
            let x = k * 2_147_483;
            let got = real(one_over_one_plus_x_for_x_in_0_1(x), 0);
            assert!((got - 1.0 / (1.0 + real(x, 0))).abs() < 1e-7);
            let got = real(one_minus_x_over_one_plus_x_for_x_in_0_1(x), 0);
            let x_real = real(x, 0);
            assert!((got - (1.0 - x_real) / (1.0 + x_real)).abs() < 1e-7);
        }
        for k in -1000..1000 {
            let a = k * 2_000_000;
            let x = real(a, 4);
            assert!((real(logistic(a, 4), 0) - 1.0 / (1.0 + (-x).exp())).abs() < 1e-6, "logistic({x})");
            assert!((real(tanh(a, 4), 0) - x.tanh()).abs() < 1e-6, "tanh({x})");
        }
        assert_eq!(logistic(0, 4), 1 << 30);
        assert_eq!(tanh(0, 4), 0);
    }

    #[test]
    fn saturating_multiply_by_pot_saturates_and_rounds() {
        assert_eq!(saturating_rounding_multiply_by_pot(1 << 29, 2), i32::MAX);
        assert_eq!(saturating_rounding_multiply_by_pot(-(1 << 29), 2), i32::MIN);
        assert_eq!(saturating_rounding_multiply_by_pot(3, 2), 12);
        assert_eq!(saturating_rounding_multiply_by_pot(6, -2), 2);
        assert_eq!(saturating_rounding_multiply_by_pot(-6, -2), -2);
        assert_eq!(rounding_half_sum(3, 4), 4);
        assert_eq!(rounding_half_sum(-3, -4), -4);
    }

    #[test]
    fn log_approximates_the_natural_logarithm() {
        // Q12.19 in, Q5.26 out (log softmax's sums of exps and their logarithm).
        for k in 0..4000 {
            let x = (1 << 19) + k * 535_000;
            let got = real(log_x_for_x_greater_than_or_equal_to_1(x, 12, 5), 5);
            let want = real(x, 12).ln();
            assert!((got - want).abs() < 1e-6, "log({}) = {got}, want {want}", real(x, 12));
        }
        assert_eq!(log_x_for_x_greater_than_or_equal_to_1(1 << 19, 12, 5), 0);
    }

    #[test]
    fn reciprocal_of_the_accumulated_sum() {
        // 1.0 in Q12.19: headroom 12, no bits over one, reciprocal ~1.
        let (scale, bits) = get_reciprocal(1 << 19, 12);
        assert_eq!(bits, 0);
        assert!((real(scale, 0) - 1.0).abs() < 1e-8);
        // 3.0: one bit over one, 1.5 -> 2/3.
        let (scale, bits) = get_reciprocal(3 << 19, 12);
        assert_eq!(bits, 1);
        assert!((real(scale, 0) - 2.0 / 3.0).abs() < 1e-8);
    }
}
