//! `hard_swish`: `x · relu6(x + 3) / 6`, as TFLite Micro's `reference_ops::HardSwish` computes it
//! (float and int8; TFLM has no int16 kernel).
//!
//! Float follows the reference's order of operations: `in · min(6, max(0, in + 3)) / 6`, with
//! `std::max`/`std::min`'s comparisons (a NaN `in + 3` gives 0).
//!
//! An int8 result depends on nothing but the input byte, so mc runs TFLM's 16-bit fixed-point
//! arithmetic ([`HardSwishParams::evaluate`]) for all 256 input values at compile time and the
//! nest is one table load per element, as for int8 `logistic`. The parameters are
//! `HardSwishPrepare`'s: the input rescaled to a "hires" scale `in_scale / 128`, an output
//! multiplier `hires / out_scale` and a "relu-ish" multiplier `hires / (3 / 32768)`, each from
//! `QuantizeMultiplier` (ratios in `float`) narrowed to 16 bits (`DownScaleInt32ToInt16Multiplier`).
//! TFLM refuses an output multiplier of 1 or more (`output_multiplier_exponent <= 0`); so does mc.

use super::activation::{cmpf, elementwise};
use super::emitter::{ElementKind, KernelEmitter};
use super::lut::lookup_int8;
use super::quantization::quantize_multiplier;
use mc_dialects::arith::build::select;
use mc_ir::Diagnostic;

/// Lowers a `hard_swish` kernel.
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    match (e.kind(input), e.kind(output)) {
        (ElementKind::F32, ElementKind::F32) => lower_f32(e),
        (ElementKind::Int8, ElementKind::Int8) => lower_int8(e),
        _ => Err(e.unsupported_types("TFLite Micro's HARD_SWISH takes float32 and int8")),
    }
}

/// `reference_ops::HardSwish<float>`: `in * min(6, max(0, in + 3)) / 6`.
fn lower_f32(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    elementwise(e, |e, x| {
        let (zero, three, six) = (e.f32(0.0), e.f32(3.0), e.f32(6.0));
        let shifted = e.binary("arith.addf", x, three);
        // std::max(0, v) is `0 < v ? v : 0`; std::min(6, m) is `m < 6 ? m : 6`.
        let positive = cmpf(e, "olt", zero, shifted);
        let low = select(&mut e.b, positive, shifted, zero);
        let below_six = cmpf(e, "olt", low, six);
        let relu6 = select(&mut e.b, below_six, low, six);
        let product = e.binary("arith.mulf", x, relu6);
        e.binary("arith.divf", product, six)
    })
}

/// `reference_ops::HardSwish<int8_t>` as a 256-entry table indexed by `x + 128`.
fn lower_int8(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let (input_scale, input_zero_point) = e.per_tensor(input)?;
    let (output_scale, output_zero_point) = e.per_tensor(output)?;
    let params = HardSwishParams::prepare(
        (input_scale as f32, input_zero_point as i32),
        (output_scale as f32, output_zero_point as i32),
    )
    .map_err(|m| e.unsupported(m))?;
    let values: Vec<i64> = (-128..=127).map(|x| i64::from(params.evaluate(x))).collect();
    lookup_int8(e, "hard_swish_table", &values)
}

/// `HardSwishParams` as TFLM's `HardSwishPrepare` fills them for an int8 input.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct HardSwishParams {
    /// The input zero point.
    pub input_zero_point: i32,
    /// The output zero point.
    pub output_zero_point: i32,
    /// `output_multiplier_fixedpoint_int16`: `hires / out_scale` in Q0.15.
    pub output_multiplier: i16,
    /// `output_multiplier_exponent` (never positive).
    pub output_exponent: i32,
    /// `reluish_multiplier_fixedpoint_int16`: `hires / (3 / 32768)` in Q0.15.
    pub reluish_multiplier: i16,
    /// `reluish_multiplier_exponent`.
    pub reluish_exponent: i32,
}

impl HardSwishParams {
    /// The parameters for an int8 input of `(scale, zero_point)` and output of `(scale,
    /// zero_point)`, every ratio in `float` as `HardSwishPrepare` computes it.
    ///
    /// # Errors
    ///
    /// A message where TFLM fails (`hires / out_scale` of 1 or more) or where its arithmetic
    /// would shift an `int` by 31 or more bits (an input scale above about 2.5e7).
    pub fn prepare(
        (input_scale, input_zero_point): (f32, i32),
        (output_scale, output_zero_point): (f32, i32),
    ) -> Result<HardSwishParams, String> {
        let hires_input_scale = (1.0f32 / 128.0) * input_scale;
        let reluish_scale = 3.0f32 / 32768.0;
        let (output_multiplier, output_exponent) = quantize_multiplier(f64::from(hires_input_scale / output_scale));
        if output_exponent > 0 {
            return Err(format!(
                "input scale {input_scale} / 128 over output scale {output_scale} is 1 or more (TFLite Micro requires less)"
            ));
        }
        let (reluish_multiplier, reluish_exponent) = quantize_multiplier(f64::from(hires_input_scale / reluish_scale));
        if reluish_exponent > 31 {
            return Err(format!("input scale {input_scale} out of TFLite Micro's range"));
        }
        Ok(HardSwishParams {
            input_zero_point,
            output_zero_point,
            output_multiplier: down_scale_to_int16(output_multiplier),
            output_exponent,
            reluish_multiplier: down_scale_to_int16(reluish_multiplier),
            reluish_exponent,
        })
    }

    /// TFLM's `HardSwish<int8_t>` of one input `x`.
    pub fn evaluate(&self, x: i32) -> i8 {
        let input_value = (x - self.input_zero_point) as i16;
        let hires = (i32::from(input_value) * (1 << 7)) as i16;
        let preshift_output = saturating_rounding_doubling_high_mul(hires, self.output_multiplier);
        let mut reluish = hires;
        if self.reluish_exponent > 0 {
            reluish = saturating_left_shift(reluish, self.reluish_exponent - 1);
        }
        reluish = saturating_rounding_doubling_high_mul(reluish, self.reluish_multiplier);
        if self.reluish_exponent > 0 {
            reluish = saturating_left_shift(reluish, 1);
        }
        if self.reluish_exponent < 0 {
            reluish = rounding_divide_by_pot(reluish, -self.reluish_exponent);
        }
        // From [-1, 1] to [0, 1].
        let reluish = ((i32::from(reluish) + (1 << 15)) >> 1) as i16;
        let preshift = saturating_doubling_high_mul(reluish, preshift_output);
        let output = rounding_divide_by_pot(preshift, -self.output_exponent);
        // `output_value += output_zero_point` on an int16_t.
        let output = (i32::from(output) + self.output_zero_point) as i16;
        output.clamp(i16::from(i8::MIN), i16::from(i8::MAX)) as i8
    }
}

/// TFLite's `DownScaleInt32ToInt16Multiplier`: a Q0.31 multiplier rounded to Q0.15, saturating
/// near the top.
fn down_scale_to_int16(multiplier: i32) -> i16 {
    const ROUNDING_OFFSET: i32 = 1 << 15;
    if multiplier >= i32::MAX - ROUNDING_OFFSET {
        return i16::MAX;
    }
    ((multiplier + ROUNDING_OFFSET) >> 16) as i16
}

/// gemmlowp's `SaturatingRoundingDoublingHighMul` for `int16`.
fn saturating_rounding_doubling_high_mul(a: i16, b: i16) -> i16 {
    if a == b && a == i16::MIN {
        return i16::MAX;
    }
    let ab = i32::from(a) * i32::from(b);
    let nudge = if ab >= 0 { 1 << 14 } else { 1 - (1 << 14) };
    // C++ division truncates towards zero, as Rust's does.
    ((ab + nudge) / (1 << 15)) as i16
}

/// TFLite's `SaturatingDoublingHighMul` for `int16` (SQDMULH): as above, truncating instead of
/// rounding.
fn saturating_doubling_high_mul(a: i16, b: i16) -> i16 {
    if a == b && a == i16::MIN {
        return i16::MAX;
    }
    ((i32::from(a) * i32::from(b)) / (1 << 15)) as i16
}

/// TFLite's `SaturatingLeftShift` for `int16`: `value · 2^amount` clamped to the `int16` range
/// (`amount` below 31).
fn saturating_left_shift(value: i16, amount: i32) -> i16 {
    let shifted = i64::from(value) * i64::from(1i32 << amount);
    shifted.clamp(i64::from(i16::MIN), i64::from(i16::MAX)) as i16
}

/// gemmlowp's `RoundingDivideByPOT` for `int16`, every step in `int16` as the template does: for
/// exponents of 16 and more the mask wraps to all ones (TFLM's asserts are off).
fn rounding_divide_by_pot(x: i16, exponent: i32) -> i16 {
    let mask = ((1i64 << exponent) - 1) as i16;
    let remainder = x & mask;
    let threshold = ((mask >> 1) as i32 + i32::from(x < 0)) as i16;
    let quotient = (i32::from(x) >> exponent) as i16;
    (i32::from(quotient) + i32::from(remainder > threshold)) as i16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_point_helpers_follow_tflite() {
        assert_eq!(saturating_rounding_doubling_high_mul(i16::MIN, i16::MIN), i16::MAX);
        assert_eq!(saturating_rounding_doubling_high_mul(16384, 16384), 8192);
        assert_eq!(saturating_rounding_doubling_high_mul(-3, 16384), -1);
        assert_eq!(saturating_doubling_high_mul(-3, 16384), -1);
        assert_eq!(saturating_doubling_high_mul(-1, 16384), 0);
        assert_eq!(saturating_left_shift(20000, 1), i16::MAX);
        assert_eq!(saturating_left_shift(-20000, 3), i16::MIN);
        assert_eq!(rounding_divide_by_pot(5, 1), 3);
        assert_eq!(rounding_divide_by_pot(-5, 1), -3);
        assert_eq!(rounding_divide_by_pot(-4, 0), -4);
        assert_eq!(down_scale_to_int16(1 << 30), 1 << 14);
        assert_eq!(down_scale_to_int16(i32::MAX), i16::MAX);
    }

    #[test]
    fn results_approximate_hard_swish() {
        let (input_scale, output_scale) = (0.05f32, 0.03f32);
        let params = HardSwishParams::prepare((input_scale, -10), (output_scale, 5)).unwrap();
        for x in -128..=127 {
            let real = f64::from(input_scale) * f64::from(x + 10);
            let expected = real * (real + 3.0).clamp(0.0, 6.0) / 6.0;
            let got = f64::from(output_scale) * f64::from(i32::from(params.evaluate(x)) - 5);
            let saturated = expected / f64::from(output_scale) + 5.0 > 127.0;
            assert!(saturated || (got - expected).abs() <= 2.0 * f64::from(output_scale), "x = {x}");
        }
    }

    #[test]
    fn output_multipliers_of_one_or_more_are_refused() {
        assert!(HardSwishParams::prepare((1.0, 0), (1.0 / 256.0, 0)).is_err());
        assert!(HardSwishParams::prepare((1.0, 0), (1.0 / 64.0, 0)).is_ok());
    }
}
