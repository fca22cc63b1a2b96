//! `mean` over the `axes` attribute, keeping them as 1s with `keep_dims`: TFLite Micro's MEAN
//! (`reduce_common.cc`).
//!
//! For int8 and int16, TFLM takes one path whatever the scales, zero points and axes:
//! `QuantizedMeanOrSum<T>` sums the stored values in `int32` (wrapping), subtracts
//! `input_zero_point · count`, and requantizes with the multiplier of `input_scale /
//! output_scale` rescaled by `1 / count` (in integers, see [`mean_multiplier`]); the result is
//! clamped to `T`'s range (MEAN has no fused activation). Float
//! sums in row-major order and divides by the count. The nest is one loop per kept dimension
//! around one loop per reduced dimension:
//!
//! ```text
//! for each kept index k:
//!   acc = init + Σ input[k ∪ r] over reduced indices r (innermost dimension last)
//!   out[k] = finish(acc)       int8/int16: clamp(MBQM(acc, m, s) + output_zp); float: acc / count
//! ```
//!
//! The integer accumulator starts at `-input_zero_point · count` (wrapped to `int32` as TFLM's
//! subtraction wraps), so the subtraction costs nothing per output.

use super::emitter::{ElementKind, KernelEmitter};
use super::quantization::{INT8_RANGE, INT16_RANGE, Scale, quantize_multiplier, requantize};
use mc_ir::{Diagnostic, Value};

/// Lowers `mean`.
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let shape = e.shape(input);
    let reduced = reduced_dims(&e.list_attr("axes")?, shape.len()).map_err(|m| e.unsupported(m))?;
    let keep_dims = e.bool_attr("keep_dims");
    let expected = output_shape(&shape, &reduced, keep_dims);
    if e.shape(output) != expected {
        return Err(e.unsupported(format!(
            "output '{}' is not the mean of '{}' over {reduced:?} (expected shape {expected:?})",
            e.type_text(output),
            e.type_text(input)
        )));
    }
    let count: i64 = reduced.iter().map(|&d| shape[d]).product();
    if count == 0 {
        // TFLM divides by the count (and shifts by its logarithm): nothing to average is no mean.
        return Err(
            e.unsupported(format!("a mean over no elements ('{}' is empty along {reduced:?})", e.type_text(input)))
        );
    }
    let kept: Vec<usize> = (0..shape.len()).filter(|d| !reduced.contains(d)).collect();
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
    let arithmetic = match storage {
        None => Arithmetic::F32 { count: count as f32 },
        Some((bits, range)) => {
            let (input_scale, input_zero_point) = e.per_tensor(input)?;
            let (output_scale, output_zero_point) = e.per_tensor(output)?;
            let (multiplier, shift) = mean_multiplier(input_scale, output_scale, count);
            Arithmetic::Quantized {
                init: (-input_zero_point).wrapping_mul(count) as i32,
                multiplier,
                shift,
                output_zero_point: output_zero_point as i32,
                bits,
                range,
            }
        }
    };
    let init = match arithmetic {
        Arithmetic::F32 { .. } => e.f32(0.0),
        Arithmetic::Quantized { init, .. } => e.i32(init),
    };
    let kept_sizes: Vec<i64> = kept.iter().map(|&d| shape[d]).collect();
    e.nest(&kept_sizes, |e, ivs| {
        let zero = e.index(0);
        let mut indices = vec![zero; shape.len()];
        for (&d, &iv) in kept.iter().zip(ivs) {
            indices[d] = iv;
        }
        let acc = sum(e, input, &shape, &mut indices, &reduced, arithmetic, init)?;
        let value = match arithmetic {
            Arithmetic::F32 { count } => {
                let count = e.f32(count);
                e.binary("arith.divf", acc, count)
            }
            Arithmetic::Quantized { multiplier, shift, output_zero_point, bits, range, .. } => {
                let scale = Scale::constant(e, (multiplier, shift));
                requantize(e, acc, scale, output_zero_point, range, bits)
            }
        };
        // The output index: the kept indices, with 0 for each reduced dimension kept as a 1.
        let out_indices: Vec<Value> =
            if keep_dims { indices_with_zeros(&indices, &reduced, zero) } else { ivs.to_vec() };
        e.store(value, output, &out_indices);
        Ok(())
    })
}

/// How the mean is computed.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Arithmetic {
    /// `f32` sum divided by `count`.
    F32 { count: f32 },
    /// `i32` sum from `init`, requantized and clamped to the `range` of `bits`-bit storage.
    Quantized { init: i32, multiplier: i32, shift: i32, output_zero_point: i32, bits: u32, range: (i32, i32) },
}

/// `indices` with the `reduced` dimensions set to `zero`.
fn indices_with_zeros(indices: &[Value], reduced: &[usize], zero: Value) -> Vec<Value> {
    indices.iter().enumerate().map(|(d, &iv)| if reduced.contains(&d) { zero } else { iv }).collect()
}

/// `acc` plus every element of `input` at `indices` over the `reduced` dimensions (one loop
/// each, in order).
fn sum(
    e: &mut KernelEmitter<'_>,
    input: Value,
    shape: &[i64],
    indices: &mut Vec<Value>,
    reduced: &[usize],
    arithmetic: Arithmetic,
    acc: Value,
) -> Result<Value, Diagnostic> {
    let Some((&dim, rest)) = reduced.split_first() else {
        let loaded = e.load(input, indices);
        return Ok(match arithmetic {
            Arithmetic::F32 { .. } => e.binary("arith.addf", acc, loaded),
            Arithmetic::Quantized { .. } => {
                let value = e.extsi_i32(loaded);
                e.addi(acc, value)
            }
        });
    };
    let results = e.for_range(0, shape[dim], &[acc], |e, iv, carried| {
        indices[dim] = iv;
        Ok(vec![sum(e, input, shape, indices, rest, arithmetic, carried[0])?])
    })?;
    Ok(results[0])
}

/// The reduced dimensions of a rank-`rank` input: `axes` with negative values counted from the
/// end (as TFLite's `ResolveAxis`), without duplicates, in increasing order.
fn reduced_dims(axes: &[i64], rank: usize) -> Result<Vec<usize>, String> {
    let rank = rank as i64;
    let mut dims = Vec::new();
    for &axis in axes {
        let dim = if axis < 0 { axis + rank } else { axis };
        if !(0..rank).contains(&dim) {
            return Err(format!("axis {axis} out of range for rank {rank}"));
        }
        dims.push(dim as usize);
    }
    dims.sort_unstable();
    dims.dedup();
    Ok(dims)
}

/// The output shape of a mean of `shape` over `reduced`.
fn output_shape(shape: &[i64], reduced: &[usize], keep_dims: bool) -> Vec<i64> {
    (0..shape.len())
        .filter_map(|d| match (reduced.contains(&d), keep_dims) {
            (false, _) => Some(shape[d]),
            (true, true) => Some(1),
            (true, false) => None,
        })
        .collect()
}

/// TFLM's int8 and int16 mean multiplier: `QuantizeMultiplier(input_scale / output_scale)` (the `float`
/// scales divided in `double`), then, in `QuantizedMeanOrSum`, `shift = min(floor(log2(count)),
/// 32, 31 + exponent)`, `multiplier = (multiplier << shift) / count` and `exponent -= shift`.
fn mean_multiplier(input_scale: f64, output_scale: f64, count: i64) -> (i32, i32) {
    let real = f64::from(input_scale as f32) / f64::from(output_scale as f32);
    let (multiplier, exponent) = quantize_multiplier(real);
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
    fn axes_resolve_like_tflite() {
        assert_eq!(reduced_dims(&[2, 1], 4), Ok(vec![1, 2]));
        assert_eq!(reduced_dims(&[-1, 3], 4), Ok(vec![3]));
        assert!(reduced_dims(&[4], 4).is_err());
        assert!(reduced_dims(&[-5], 4).is_err());
    }

    #[test]
    fn output_shapes_keep_or_drop_reduced_dims() {
        assert_eq!(output_shape(&[1, 5, 5, 8], &[1, 2], true), vec![1, 1, 1, 8]);
        assert_eq!(output_shape(&[1, 5, 5, 8], &[1, 2], false), vec![1, 8]);
        assert_eq!(output_shape(&[2, 3], &[0, 1], false), Vec::<i64>::new());
    }

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
