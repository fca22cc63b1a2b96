//! TFLite Micro's compile-time quantization parameters (activation ranges, multipliers), derived
//! as its `Prepare` functions derive them, and the requantization every int8, int16 and 16x8
//! kernel ends with.
//!
//! TFLM computes these once per model in `Prepare`; mc computes them at compile time, so they
//! become constants (or constant tables) in the loop nest. The float arithmetic is TFLM's own,
//! to the precision it uses (`float` where it uses `float`), so the integers match bit for bit.

use super::emitter::KernelEmitter;
use mc_dialects::arith::fixed_point::{
    Downscale, WideScale, multiply_by_quantized_multiplier, multiply_by_quantized_multiplier_down,
    multiply_by_wide_scale, reference,
};
use mc_dialects::graph::Activation;
use mc_ir::{Diagnostic, Value};

/// TFLite's `QuantizeMultiplier`: `(multiplier, shift)` with `real = multiplier · 2^shift / 2^31`.
pub fn quantize_multiplier(real: f64) -> (i32, i32) {
    reference::quantize_multiplier(real)
}

/// TFLite's `QuantizeMultiplierSmallerThanOneExp`: a multiplier below one (shift ≤ 0), as the
/// quantized `what` (`add/sub`, `CUMSUM`) requires.
pub fn quantize_multiplier_smaller_than_one(what: &str, real: f64) -> Result<(i32, i32), String> {
    let (multiplier, shift) = quantize_multiplier(real);
    if shift > 0 {
        return Err(format!("rescaling by {real} is not below one, which TFLite's quantized {what} requires"));
    }
    Ok((multiplier, shift))
}

/// TFLite's `GetQuantizedConvolutionMultipler` without a bias (per-tensor fully connected layers,
/// batch matrix products): the input and weight scales multiplied in `float`, divided by the
/// output scale in `double`, as `(multiplier, shift)`.
pub fn product_multiplier(input_scale: f64, weight_scale: f64, output_scale: f64) -> (i32, i32) {
    let product = input_scale as f32 * weight_scale as f32;
    quantize_multiplier(f64::from(product) / f64::from(output_scale as f32))
}

/// The effective scale of each output channel, as TFLM's `PopulateConvolutionQuantizationParams`
/// computes it: `(double)input_scale · (double)filter_scale / (double)output_scale` with the
/// scales the model stores as `float`, one filter scale broadcast to every channel.
pub fn channel_multipliers(
    input_scale: f64,
    filter_scales: &[f64],
    output_scale: f64,
    channels: usize,
) -> Vec<(i32, i32)> {
    let single = |s: f64| f64::from(s as f32);
    (0..channels)
        .map(|c| {
            let filter = if filter_scales.len() == 1 { filter_scales[0] } else { filter_scales[c] };
            quantize_multiplier(single(input_scale) * single(filter) / single(output_scale))
        })
        .collect()
}

/// `bias + input_offset · filter_sum` per channel in `i32` arithmetic (wrapping, as the kernel's
/// accumulator).
pub fn fold_input_offset(bias: Option<&[i64]>, input_offset: i32, filter_sums: &[i64]) -> Vec<i64> {
    filter_sums
        .iter()
        .enumerate()
        .map(|(c, &sum)| {
            let bias = bias.map_or(0, |b| b[c] as i32);
            i64::from(bias.wrapping_add(input_offset.wrapping_mul(sum as i32)))
        })
        .collect()
}

/// TFLite's `CheckedLog2(float x, int* log2_result)`: `round(log2(x))` and whether `x` is a power
/// of two to within 10^-3 in the log domain, in `float` as TFLite computes it
/// (`logf(x) · (1 / logf(2))`, rounded half away from zero).
pub fn checked_log2(x: f32) -> (i32, bool) {
    let log2 = x.ln() * (1.0 / 2f32.ln());
    let rounded = log2.round();
    (rounded as i32, (log2 - rounded).abs() < 1e-3)
}

/// TFLite's `Quantize(scale, zero_point, f)` as `CalculateActivationRangeQuantized` uses it:
/// `zero_point + round(f / scale)`, the division in `float`, rounding half away from zero.
fn quantize_f32(scale: f32, zero_point: i32, value: f32) -> i32 {
    zero_point.saturating_add((value / scale).round() as i32)
}

/// TFLite's `CalculateActivationRangeQuantized`: the clamp bounds of a fused `activation` for an
/// output of `(scale, zero_point)` stored in `[qmin, qmax]`.
///
/// # Errors
///
/// A message for activations TFLite's quantized kernels do not fuse (`TANH`, `SIGN_BIT`).
pub fn activation_range_quantized(
    activation: Activation,
    scale: f64,
    zero_point: i64,
    (qmin, qmax): (i32, i32),
) -> Result<(i32, i32), String> {
    let scale = scale as f32;
    let zero_point = zero_point as i32;
    let q = |value: f32| quantize_f32(scale, zero_point, value);
    match activation {
        Activation::None => Ok((qmin, qmax)),
        Activation::Relu => Ok((qmin.max(q(0.0)), qmax)),
        Activation::Relu6 => Ok((qmin.max(q(0.0)), qmax.min(q(6.0)))),
        Activation::ReluN1To1 => Ok((qmin.max(q(-1.0)), qmax.min(q(1.0)))),
        Activation::Tanh | Activation::SignBit => Err(format!("fused activation {activation} on a quantized output")),
    }
}

/// TFLite's `CalculateActivationRange` for `float`: `(lowest, max)` without an activation.
///
/// # Errors
///
/// A message for activations TFLite's float kernels do not fuse (`TANH`, `SIGN_BIT`).
pub fn activation_range_f32(activation: Activation) -> Result<(f32, f32), String> {
    match activation {
        Activation::None => Ok((f32::MIN, f32::MAX)),
        Activation::Relu => Ok((0.0, f32::MAX)),
        Activation::Relu6 => Ok((0.0, 6.0)),
        Activation::ReluN1To1 => Ok((-1.0, 1.0)),
        Activation::Tanh | Activation::SignBit => Err(format!("fused activation {activation} on a float output")),
    }
}

/// The clamp bounds of a fused activation on a plain `i32` output (TFLite's
/// `CalculateActivationRange` on `int32_t`); a message for `TANH` and `SIGN_BIT`.
pub fn activation_range_i32(activation: Activation) -> Result<(i32, i32), String> {
    match activation {
        Activation::None => Ok((i32::MIN, i32::MAX)),
        Activation::Relu => Ok((0, i32::MAX)),
        Activation::Relu6 => Ok((0, 6)),
        Activation::ReluN1To1 => Ok((-1, 1)),
        Activation::Tanh | Activation::SignBit => Err(format!("fused activation {activation} on an i32 output")),
    }
}

/// The storage range `[qmin, qmax]` of an int8 buffer.
pub const INT8_RANGE: (i32, i32) = (-128, 127);

/// The storage range `[qmin, qmax]` of an int16 buffer.
pub const INT16_RANGE: (i32, i32) = (-32768, 32767);

/// The clamp bounds of the kernel's fused activation for its quantized `output` (within the
/// range of its storage, as TFLite takes `qmin`/`qmax` from the output's type), as an
/// unsupported error where TFLite has no such kernel.
pub fn fused_range_quantized(e: &KernelEmitter<'_>, output: Value) -> Result<(i32, i32), Diagnostic> {
    let (scale, zero_point) = e.per_tensor(output)?;
    let activation = e.activation()?;
    let Some((_, storage)) = e.kind(output).storage() else {
        return Err(e.unsupported(format!("a fused activation on {}", e.type_text(output))));
    };
    activation_range_quantized(activation, scale, zero_point, storage).map_err(|m| e.unsupported(m))
}

/// The clamp bounds of the kernel's fused activation for a float output.
pub fn fused_range_f32(e: &KernelEmitter<'_>) -> Result<(f32, f32), Diagnostic> {
    activation_range_f32(e.activation()?).map_err(|m| e.unsupported(m))
}

/// One channel's `MultiplyByQuantizedMultiplier` parameters as the nest holds them (constants,
/// or loads from per-channel tables).
#[derive(Copy, Clone, Debug)]
pub enum Scale {
    /// TFLite's `(multiplier, shift)` (`i32`).
    General(Value, Value),
    /// [`Downscale`]'s form of them: `(multiplier, rounding, shift)` (`i32`).
    Down(Value, Value, Value),
    /// [`WideScale`]'s `(reduced, rounding, shift)` (`i64`), for the `int64` accumulators of the
    /// 16x8 kernels.
    Wide(Value, Value, Value),
}

impl Scale {
    /// Constant parameters `(multiplier, shift)` (the shorter form is chosen when it applies).
    pub fn constant(e: &mut KernelEmitter<'_>, (multiplier, shift): (i32, i32)) -> Scale {
        Scale::General(e.i32(multiplier), e.i32(shift))
    }

    /// `MultiplyByQuantizedMultiplier(acc, multiplier, shift)` on an `i32` accumulator (an
    /// `i64` one for [`Scale::Wide`]); the result is `i32`.
    pub fn apply(self, e: &mut KernelEmitter<'_>, acc: Value) -> Value {
        match self {
            Scale::Wide(reduced, rounding, shift) => multiply_by_wide_scale(&mut e.b, acc, reduced, rounding, shift),
            Scale::General(multiplier, shift) => multiply_by_quantized_multiplier(&mut e.b, acc, multiplier, shift),
            Scale::Down(multiplier, rounding, shift) => {
                multiply_by_quantized_multiplier_down(&mut e.b, acc, multiplier, rounding, shift)
            }
        }
    }
}

/// The requantization parameters of every output channel of a kernel, fixed at compile time:
/// constants when all channels share them, else per-channel `i32` tables — in [`Downscale`]'s
/// form (multiplier, rounding, shift) when every channel has one, which saves the run-time shift
/// selection and one of the two roundings per output. `i64` accumulators (16x8 kernels with an
/// `i64` bias) take [`WideScale`]'s parameters instead ([`ChannelScales::wide`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChannelScales {
    /// Every channel has this `(multiplier, shift)`.
    Uniform(i32, i32),
    /// Tables of multipliers, roundings and shifts ([`Downscale`]).
    Down(Value, Value, Value),
    /// Tables of TFLite's multipliers and shifts.
    General(Value, Value),
    /// Every channel of an `i64` accumulator has these parameters.
    UniformWide(WideScale),
    /// `i64` tables of [`WideScale`]'s reduced multipliers, roundings and shifts.
    Wide(Value, Value, Value),
}

impl ChannelScales {
    /// The parameters of `multipliers` (one `(multiplier, shift)` per channel); tables are named
    /// `<hint>_multiplier`, `<hint>_shift` (and `<hint>_rounding`).
    pub fn new(e: &mut KernelEmitter<'_>, hint: &str, multipliers: &[(i32, i32)]) -> ChannelScales {
        if let [first, rest @ ..] = multipliers
            && rest.iter().all(|m| m == first)
        {
            return ChannelScales::Uniform(first.0, first.1);
        }
        let mut table = |suffix: &str, values: &mut dyn Iterator<Item = i32>| {
            let values: Vec<i64> = values.map(i64::from).collect();
            e.table(&format!("{hint}_{suffix}"), 32, &values)
        };
        let multiplier = table("multiplier", &mut multipliers.iter().map(|m| m.0));
        let down: Option<Vec<Downscale>> = multipliers.iter().map(|&(m, s)| Downscale::new(m, s)).collect();
        match down {
            Some(down) => ChannelScales::Down(
                multiplier,
                table("rounding", &mut down.iter().map(|d| d.rounding)),
                table("shift", &mut down.iter().map(|d| d.shift)),
            ),
            None => ChannelScales::General(multiplier, table("shift", &mut multipliers.iter().map(|m| m.1))),
        }
    }

    /// The parameters of `multipliers` for `i64` accumulators (TFLite's
    /// `MultiplyByQuantizedMultiplier(int64_t, ...)`), tables named `<hint>_reduced`,
    /// `<hint>_rounding` and `<hint>_shift`.
    ///
    /// # Errors
    ///
    /// A message when a channel's `(multiplier, shift)` is outside the range that function
    /// asserts (a real multiplier of 128 or more).
    pub fn wide(e: &mut KernelEmitter<'_>, hint: &str, multipliers: &[(i32, i32)]) -> Result<ChannelScales, String> {
        let scales =
            multipliers.iter().map(|&(m, s)| WideScale::new(m, s)).collect::<Option<Vec<WideScale>>>().ok_or_else(
                || {
                    "a requantization multiplier of 128 or more on an int64 accumulator (TFLite's \
                 int64 MultiplyByQuantizedMultiplier asserts a shift of at most 7)"
                        .to_string()
                },
            )?;
        if let [first, rest @ ..] = &scales[..]
            && rest.iter().all(|s| s == first)
        {
            return Ok(ChannelScales::UniformWide(*first));
        }
        let mut table = |suffix: &str, part: fn(&WideScale) -> i64| {
            let values: Vec<i64> = scales.iter().map(part).collect();
            e.table(&format!("{hint}_{suffix}"), 64, &values)
        };
        Ok(ChannelScales::Wide(
            table("reduced", |s| s.reduced),
            table("rounding", |s| s.rounding),
            table("shift", |s| s.shift),
        ))
    }

    /// The parameters of output channel `channel` (an `index`): constants, or table loads.
    pub fn channel(&self, e: &mut KernelEmitter<'_>, channel: Value) -> Scale {
        match *self {
            ChannelScales::UniformWide(scale) => {
                Scale::Wide(e.int(scale.reduced, 64), e.int(scale.rounding, 64), e.int(scale.shift, 64))
            }
            ChannelScales::Wide(reduced, rounding, shift) => {
                Scale::Wide(e.load(reduced, &[channel]), e.load(rounding, &[channel]), e.load(shift, &[channel]))
            }
            ChannelScales::Uniform(m, s) => Scale::constant(e, (m, s)),
            ChannelScales::Down(multiplier, rounding, shift) => {
                Scale::Down(e.load(multiplier, &[channel]), e.load(rounding, &[channel]), e.load(shift, &[channel]))
            }
            ChannelScales::General(multiplier, shift) => {
                Scale::General(e.load(multiplier, &[channel]), e.load(shift, &[channel]))
            }
        }
    }
}

/// The tail of TFLite's int8 convolution-like kernels, on an `i32` accumulator:
/// `clamp(MultiplyByQuantizedMultiplier(acc, multiplier, shift) + output_offset, low, high)`,
/// truncated to `i8`.
pub fn requantize_to_i8(
    e: &mut KernelEmitter<'_>,
    acc: Value,
    scale: Scale,
    output_offset: i32,
    range: (i32, i32),
) -> Value {
    requantize(e, acc, scale, output_offset, range, 8)
}

/// The tail of TFLite's int8 and int16 kernels with an output zero point, on an `i32`
/// accumulator: `clamp(MultiplyByQuantizedMultiplier(acc, multiplier, shift) + output_offset,
/// low, high)`, truncated to `i<width>` (8 or 16).
pub fn requantize(
    e: &mut KernelEmitter<'_>,
    acc: Value,
    scale: Scale,
    output_offset: i32,
    range: (i32, i32),
    width: u32,
) -> Value {
    let scaled = scale.apply(e, acc);
    let offset = e.i32(output_offset);
    let shifted = e.addi(scaled, offset);
    clamp_to(e, shifted, range, width)
}

/// The tail of TFLite's 16x8 kernels (`int16` output, zero point 0), on an `i32` or `i64`
/// accumulator: `clamp(MultiplyByQuantizedMultiplier(acc, multiplier, shift), low, high)`,
/// truncated to `i16`.
pub fn requantize_to_i16(e: &mut KernelEmitter<'_>, acc: Value, scale: Scale, range: (i32, i32)) -> Value {
    let scaled = scale.apply(e, acc);
    clamp_to(e, scaled, range, 16)
}

/// An `i32` value clamped to `[low, high]` and truncated to `i<width>`.
pub fn clamp_to(e: &mut KernelEmitter<'_>, value: Value, (low, high): (i32, i32), width: u32) -> Value {
    let (low, high) = (e.i32(low), e.i32(high));
    let clamped = e.clamp_si(value, low, high);
    e.trunci(clamped, width)
}

/// Clamps an `f32` value to `[low, high]` as TFLite's `ActivationFunctionWithMinMax` does
/// (`min(max(x, low), high)`).
pub fn clamp_f32(e: &mut KernelEmitter<'_>, value: Value, (low, high): (f32, f32)) -> Value {
    let (low, high) = (e.f32(low), e.f32(high));
    let raised = e.binary("arith.maximumf", value, low);
    e.binary("arith.minimumf", raised, high)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantized_activation_ranges_follow_tflite() {
        // Output zero point -128, scale 6/255: RELU6 clamps at round(6 / scale) - 128 = 127.
        let scale = f64::from(6.0f32 / 255.0);
        assert_eq!(activation_range_quantized(Activation::Relu6, scale, -128, INT8_RANGE), Ok((-128, 127)));
        // A zero point in the middle: RELU clamps below at the zero point.
        assert_eq!(activation_range_quantized(Activation::Relu, 0.1, 5, INT8_RANGE), Ok((5, 127)));
        // RELU_N1_TO_1 with scale 0.25: [-4, 4] around the zero point.
        assert_eq!(activation_range_quantized(Activation::ReluN1To1, 0.25, 0, INT8_RANGE), Ok((-4, 4)));
        // A bound past the storage range is cut to it.
        assert_eq!(activation_range_quantized(Activation::Relu6, 0.01, 0, INT8_RANGE), Ok((0, 127)));
        // Ties round away from zero, in float: 0.5 / 1.0 -> 1.
        assert_eq!(activation_range_quantized(Activation::ReluN1To1, 2.0, 0, INT8_RANGE), Ok((-1, 1)));
        assert!(activation_range_quantized(Activation::Tanh, 0.1, 0, INT8_RANGE).is_err());
    }

    #[test]
    fn checked_log2_accepts_near_powers_of_two() {
        assert_eq!(checked_log2(1.0 / 32768.0), (-15, true));
        assert_eq!(checked_log2(4096.0), (12, true));
        // Within 10^-3 in log2 (a factor of about 1.0007): still a power of two.
        assert_eq!(checked_log2(1.0003 / 4096.0), (-12, true));
        assert_eq!(checked_log2(1.001 / 4096.0), (-12, false));
        assert_eq!(checked_log2(0.001), (-10, false));
        assert_eq!(checked_log2(3.0), (2, false));
    }

    #[test]
    fn int16_activation_ranges_use_the_int16_storage() {
        assert_eq!(activation_range_quantized(Activation::None, 0.001, 0, INT16_RANGE), Ok((-32768, 32767)));
        // RELU6 at scale 1e-4: 60000 is cut to 32767.
        assert_eq!(activation_range_quantized(Activation::Relu6, 1e-4, 0, INT16_RANGE), Ok((0, 32767)));
        // RELU_N1_TO_1 at scale 1/2000: ±2000.
        assert_eq!(activation_range_quantized(Activation::ReluN1To1, 0.0005, 0, INT16_RANGE), Ok((-2000, 2000)));
        // Zero points at the ends: the range starts at the zero point.
        assert_eq!(activation_range_quantized(Activation::Relu6, 0.0005, -32768, INT16_RANGE), Ok((-32768, -20768)));
        assert_eq!(activation_range_quantized(Activation::Relu, 0.1, 32767, INT16_RANGE), Ok((32767, 32767)));
    }

    #[test]
    fn multipliers_use_double_products_of_float_scales() {
        // 0.5 · 0.25 / 0.125 = 1.0 = 2^30 · 2^1 / 2^31.
        assert_eq!(channel_multipliers(0.5, &[0.25], 0.125, 2), vec![(1 << 30, 1); 2]);
        // Per channel: one multiplier each.
        let m = channel_multipliers(0.5, &[0.25, 0.0625], 0.125, 2);
        assert_eq!(m, vec![(1 << 30, 1), (1 << 30, -1)]);
        // Scales are rounded to float first (as the model stores them).
        let s = 0.1f64;
        let exact = quantize_multiplier(f64::from(s as f32) * f64::from(s as f32) / f64::from(s as f32));
        assert_eq!(channel_multipliers(s, &[s], s, 1), vec![exact]);
    }

    #[test]
    fn folding_wraps_like_the_i32_accumulator() {
        assert_eq!(fold_input_offset(Some(&[10, -3]), 128, &[2, -1]), vec![266, -131]);
        assert_eq!(fold_input_offset(None, -1, &[5]), vec![-5]);
        // i32 overflow wraps.
        assert_eq!(fold_input_offset(Some(&[i64::from(i32::MAX)]), 1, &[1]), vec![i64::from(i32::MIN)]);
    }

    #[test]
    fn float_activation_ranges_follow_tflite() {
        assert_eq!(activation_range_f32(Activation::None), Ok((f32::MIN, f32::MAX)));
        assert_eq!(activation_range_f32(Activation::Relu6), Ok((0.0, 6.0)));
        assert!(activation_range_f32(Activation::SignBit).is_err());
    }
}
