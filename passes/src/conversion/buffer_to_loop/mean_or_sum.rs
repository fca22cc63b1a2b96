//! `mean` and `sum` over the `axes` attribute, keeping them as 1s with `keep_dims`: TFLite
//! Micro's MEAN and SUM (`reduce_common.cc`, `EvalMeanHelper` / `EvalSumHelper`).
//!
//! For int8 and int16, TFLM takes one path whatever the scales, zero points and axes:
//! `QuantizedMeanOrSum<T>` sums the stored values in `int32` (wrapping), subtracts
//! `input_zero_point · count`, and requantizes with the multiplier of `input_scale /
//! output_scale` (for MEAN rescaled by `1 / count`, in integers, see [`mean_multiplier`]; SUM
//! keeps it, its `compute_sum`); the result is clamped to `T`'s range (neither has a fused
//! activation). Float sums in row-major order (`ReduceGeneric` from `0.f` for SUM) and MEAN
//! divides by the count. The nest is [`AxesReduction`]'s: `finish(acc)` is `clamp(MBQM(acc, m,
//! s) + output_zp)` for int8/int16, `acc / count` (MEAN) or `acc` (SUM) for float.
//!
//! The integer accumulator starts at `-input_zero_point · count` (wrapped to `int32` as TFLM's
//! subtraction wraps), so the subtraction costs nothing per output.

use super::emitter::{ElementKind, KernelEmitter};
use super::quantization::{INT8_RANGE, INT16_RANGE, Scale, quantize_multiplier, requantize};
use super::reduce_axes::AxesReduction;
use mc_ir::Diagnostic;

/// What the reduction computes from its sum.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Reduce {
    /// The sum divided by the count (MEAN).
    Mean,
    /// The sum (SUM).
    Sum,
}

/// Lowers `mean`.
pub fn lower_mean(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    lower(e, Reduce::Mean)
}

/// Lowers `sum`.
pub fn lower_sum(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    lower(e, Reduce::Sum)
}

/// Lowers `mean` or `sum`.
fn lower(e: &mut KernelEmitter<'_>, reduce: Reduce) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let reduction = AxesReduction::of(e)?;
    let count = reduction.count();
    // TFLM's MEAN divides by the count (and shifts by its logarithm): nothing to average is no
    // mean. Its quantized SUM returns before requantizing when the input is empty, leaving zeros
    // rather than the output zero point: mc refuses that corner instead of guessing it. A float
    // SUM over nothing is 0, as `ReduceGeneric`'s initial value.
    if count == 0 && (reduce == Reduce::Mean || e.kind(input) != ElementKind::F32) {
        let what = if reduce == Reduce::Mean { "a mean" } else { "a quantized sum" };
        return Err(e.unsupported(format!(
            "{what} over no elements ('{}' is empty along {:?})",
            e.type_text(input),
            reduction.reduced
        )));
    }
    let storage = match (e.kind(input), e.kind(output)) {
        (ElementKind::F32, ElementKind::F32) => None,
        (ElementKind::Int8, ElementKind::Int8) => Some((8, INT8_RANGE)),
        (ElementKind::Int16, ElementKind::Int16) => Some((16, INT16_RANGE)),
        _ => {
            return Err(e.unsupported(format!(
                "input '{}' and output '{}' (float32, int8 or int16)",
                e.type_text(input),
                e.type_text(output)
            )));
        }
    };
    match storage {
        None => {
            let init = e.f32(0.0);
            reduction.emit(e, init, &|e, acc, loaded| e.binary("arith.addf", acc, loaded), &|e, acc| match reduce {
                Reduce::Mean => {
                    let count = e.f32(count as f32);
                    e.binary("arith.divf", acc, count)
                }
                Reduce::Sum => acc,
            })
        }
        Some((bits, range)) => {
            let (input_scale, input_zero_point) = e.per_tensor(input)?;
            let (output_scale, output_zero_point) = e.per_tensor(output)?;
            let (multiplier, shift) = match reduce {
                Reduce::Mean => mean_multiplier(input_scale, output_scale, count),
                Reduce::Sum => scale_multiplier(input_scale, output_scale),
            };
            let init = e.i32((-input_zero_point).wrapping_mul(count) as i32);
            let step = |e: &mut KernelEmitter<'_>, acc, loaded| {
                let value = e.extsi_i32(loaded);
                e.addi(acc, value)
            };
            reduction.emit(e, init, &step, &|e, acc| {
                let scale = Scale::constant(e, (multiplier, shift));
                requantize(e, acc, scale, output_zero_point as i32, range, bits)
            })
        }
    }
}

/// TFLM's `PrepareMeanOrSum` multiplier: `QuantizeMultiplier(input_scale / output_scale)`, the
/// `float` scales divided in `double`.
fn scale_multiplier(input_scale: f64, output_scale: f64) -> (i32, i32) {
    quantize_multiplier(f64::from(input_scale as f32) / f64::from(output_scale as f32))
}

/// TFLM's int8 and int16 mean multiplier: `QuantizeMultiplier(input_scale / output_scale)` (the `float`
/// scales divided in `double`), then, in `QuantizedMeanOrSum`, `shift = min(floor(log2(count)),
/// 32, 31 + exponent)`, `multiplier = (multiplier << shift) / count` and `exponent -= shift`.
fn mean_multiplier(input_scale: f64, output_scale: f64, count: i64) -> (i32, i32) {
    let (multiplier, exponent) = scale_multiplier(input_scale, output_scale);
    let log2 = 63 - (count as u64).leading_zeros() as i32;
    let shift = log2.min(32).min(31 + exponent);
    let multiplier = ((i64::from(multiplier) << shift) / count) as i32;
    (multiplier, exponent - shift)
}

#[cfg(test)]
mod tests {
    use super::*;
    use mc_dialects::arith::fixed_point::reference::multiply_by_quantized_multiplier;

    #[test]
    fn the_mean_multiplier_divides_by_the_count() {
        // Equal scales: the mean of 25 values summing to 250 is 10.
        let (m, s) = mean_multiplier(0.5, 0.5, 25);
        assert_eq!(multiply_by_quantized_multiplier(250, m, s), 10);
        // quantize_multiplier(1.0) = (2^30, 1); log2(25) = 4: (2^34 / 25, -3).
        assert_eq!((m, s), (((1i64 << 34) / 25) as i32, -3));
        // A count above 2^32 stops the shift at 32.
        assert_eq!(mean_multiplier(1.0, 1.0, 1 << 33).1, 1 - 32);
        // Halving scales: sum 100 over 4 -> 25 real units of 0.5 -> 50 at scale 0.25.
        let (m, s) = mean_multiplier(0.5, 0.25, 4);
        assert_eq!(multiply_by_quantized_multiplier(100, m, s), 50);
    }
}
