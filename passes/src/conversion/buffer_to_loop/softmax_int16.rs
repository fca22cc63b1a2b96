//! `softmax` from int16 to int16 (output scale 1/32768, zero point 0, the only one TFLM accepts),
//! as TFLite Micro's `reference_ops::SoftmaxInt16` computes it with the two [`lut`] tables its
//! `SoftmaxPrepare` fills: `exp` over `[-10, 0]` and `1 / (1 + x)` over `[0, 1]`, both Q0.15.
//! The input zero point must be 0 (TFLM checks it); `beta · scale` is folded into the
//! multiplier that maps a difference of -65535 onto -10 (`QuantizeMultiplier(scale · beta /
//! (10 / 65535))`, in double from the `float` values). Per row, at run time:
//!
//! ```text
//! max = max_c x[c]
//! exp[c] = LUT_exp(clamp(MBQM(x[c] - max, multiplier, shift) + 32767, -32768, 32767))  (stored in y[c])
//! sum = Σ_c exp[c]                                           (i32, Q16.15)
//! headroom = clz(sum)
//! normalized = ((sum << (headroom - 1)) + 2^13) >>u 14       (in [2^16, 2^17]: sum in Q1.16 after the shift)
//! reciprocal = LUT_recip(min(normalized - 3 · 2^15, 32767))  (1 / (1 + x) of the fraction x = sum' - 1)
//! right = 31 - headroom
//! y[c] = clamp((exp[c] · reciprocal + 2^(right - 1)) >> right, 0, 32767)
//! ```
//!
//! TFLM caches each row's exps in the output, as mc does; each input element is read before its
//! output is written, so the kernel also runs in place. All of it fits `i32`: `sum` stays below
//! 2^31 for rows up to [`MAX_INT16_DEPTH`], and `exp · reciprocal + round < 2^31`.

use super::emitter::KernelEmitter;
use super::gemmlowp;
use super::lut;
use super::quantization::{Scale, quantize_multiplier};
use super::rows::at;
use mc_ir::{Diagnostic, Value};

/// The longest row whose sum of exps (each at most 32767) fits TFLM's `int32_t`.
const MAX_INT16_DEPTH: i64 = i32::MAX as i64 / i16::MAX as i64;

/// The largest left shift of TFLM's input multiplier for which no difference (down to -65535)
/// overflows `int32_t` when `MultiplyByQuantizedMultiplier` shifts it.
const MAX_LEFT_SHIFT: i32 = 15;

/// TFLM's int16 softmax parameters (`CalculateSoftmaxParams` and the tables of
/// `SoftmaxPrepare`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Int16Params {
    /// `input_multiplier`: `QuantizeMultiplier(scale · beta / (10 / 65535))`.
    pub multiplier: i32,
    /// `input_left_shift` (TFLite's shift: positive shifts left).
    pub shift: i32,
    /// `exp_lut`: `exp` over `[-10, 0]` in Q0.15.
    pub exp_table: Vec<i16>,
    /// `one_over_one_plus_x_lut`: `1 / (1 + x)` over `[0, 1]` in Q0.15.
    pub reciprocal_table: Vec<i16>,
}

impl Int16Params {
    /// The parameters for `beta` and the input scale; an error where differences could overflow
    /// TFLM's `int32_t` arithmetic (`beta · scale · 6553.5` of 2^15 or more, `beta · scale` about 5).
    pub fn new(beta: f32, input_scale: f32) -> Result<Int16Params, String> {
        let real = f64::from(input_scale) * f64::from(beta) / (10.0 / 65535.0);
        let (multiplier, shift) = if real.is_finite() { quantize_multiplier(real) } else { (0, i32::MAX) };
        if shift > MAX_LEFT_SHIFT {
            return Err(format!(
                "beta {beta} times int16 input scale {input_scale} (TFLite Micro's rescaled differences overflow int32 once beta · scale · 65535 / 10 reaches 2^15)"
            ));
        }
        // SoftmaxPrepare's tables, spelled as TFLM spells them: a `(scale, zero point)` pair per
        // side over the int16 range (`range` = 65535). Older TFLM spelled them as `gen_lut` over
        // [-10, 0] and [0, 1] into [-1, 1]; both give the same entries. `f32::exp` is the
        // platform's `expf`, as TFLM's `std::exp(float)` is.
        let range = f32::from(u16::MAX);
        let exp_table = lut::populate_int16((10.0 / range, i32::from(i16::MAX)), (2.0 / range, 0), f32::exp);
        let reciprocal_table =
            lut::populate_int16((1.0 / range, i32::from(i16::MIN)), (2.0 / range, 0), |x| 1.0 / (1.0 + x));
        Ok(Int16Params { multiplier, shift, exp_table, reciprocal_table })
    }
}

/// Rust versions of TFLM's run-time steps, for tests.
#[cfg(test)]
impl Int16Params {
    /// `SoftMaxCalculateExp`: the Q0.15 exp of the difference `x - max` (non-positive).
    fn exp(&self, difference: i32) -> i16 {
        use mc_dialects::arith::fixed_point::reference::multiply_by_quantized_multiplier;
        let scaled = multiply_by_quantized_multiplier(difference, self.multiplier, self.shift);
        let centered = scaled.wrapping_add(i32::from(i16::MAX)).clamp(i32::from(i16::MIN), i32::from(i16::MAX));
        lut::lookup_reference(&self.exp_table, centered as i16)
    }

    /// `reference_ops::SoftmaxInt16` of one row.
    fn softmax(&self, row: &[i16]) -> Vec<i16> {
        let max = row.iter().copied().max().unwrap_or(i16::MIN);
        let exps: Vec<i32> = row.iter().map(|&x| i32::from(self.exp(i32::from(x) - i32::from(max)))).collect();
        let sum: i32 = exps.iter().sum();
        let headroom = (sum as u32).leading_zeros();
        let normalized = (((i64::from(sum) << (headroom - 1)) + (1 << 13)) >> 14) as i32;
        let centered = (normalized - 3 * (1 << 15)).clamp(i32::from(i16::MIN), i32::from(i16::MAX));
        let reciprocal = i32::from(lut::lookup_reference(&self.reciprocal_table, centered as i16));
        let right = 31 - headroom;
        exps.iter().map(|&exp| ((exp * reciprocal + (1 << (right - 1))) >> right).clamp(0, 32767) as i16).collect()
    }
}

/// Lowers an int16 `softmax` over rows of `shape`'s last dimension.
pub fn lower(e: &mut KernelEmitter<'_>, shape: &[i64], beta: f32) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let (input_scale, input_zero_point) = e.per_tensor(input)?;
    let (output_scale, output_zero_point) = e.per_tensor(output)?;
    // The installed TFLM (tflite-micro 0.dev20261023) requires it, although the differences
    // would cancel it: upstream's older SoftmaxPrepare did not check it.
    if input_zero_point != 0 {
        return Err(e.unsupported(format!("int16 input zero point {input_zero_point} (TFLite Micro requires 0)")));
    }
    // TF_LITE_ENSURE_NEAR(scale, 1/32768, 0.001/32768), in float.
    let unit = 1.0f32 / 32768.0;
    if (output_scale as f32 - unit).abs() > 0.001 * unit || output_zero_point != 0 {
        return Err(e.unsupported(format!(
            "int16 output quantization scale {output_scale}, zero point {output_zero_point} (TFLite Micro requires 1/32768, 0)"
        )));
    }
    let (rows, depth) = (&shape[..shape.len() - 1], shape[shape.len() - 1]);
    if depth > MAX_INT16_DEPTH {
        return Err(e.unsupported(format!(
            "rows of {depth} int16 elements (TFLite Micro's int32 sum of exps overflows past {MAX_INT16_DEPTH})"
        )));
    }
    let params = Int16Params::new(beta, input_scale as f32).map_err(|m| e.unsupported(m))?;
    let as_i64 = |table: &[i16]| table.iter().map(|&v| i64::from(v)).collect::<Vec<_>>();
    let exp_table = e.table("softmax_exp_lut", 16, &as_i64(&params.exp_table));
    let reciprocal_table = e.table("softmax_reciprocal_lut", 16, &as_i64(&params.reciprocal_table));
    let scale = Scale::constant(e, (params.multiplier, params.shift));
    e.nest(rows, |e, row| {
        let lowest = e.i32(i32::from(i16::MIN));
        let max = e.for_range(0, depth, &[lowest], |e, c, carried| {
            let x = e.load(input, &at(row, c));
            let x = e.extsi_i32(x);
            Ok(vec![e.binary("arith.maxsi", carried[0], x)])
        })?[0];
        let zero = e.i32(0);
        let sum = e.for_range(0, depth, &[zero], |e, c, carried| {
            let x = e.load(input, &at(row, c));
            let x = e.extsi_i32(x);
            let difference = e.binary("arith.subi", x, max);
            let scaled = scale.apply(e, difference);
            let exp = centered_lookup(e, exp_table, scaled, i32::from(i16::MAX));
            let stored = e.trunci(exp, 16);
            e.store(stored, output, &at(row, c));
            Ok(vec![e.addi(carried[0], exp)])
        })?[0];
        let headroom = gemmlowp::count_leading_zeros(&mut e.b, sum);
        let one = e.i32(1);
        let left = e.binary("arith.subi", headroom, one);
        let shifted = e.binary("arith.shli", sum, left);
        let half = e.i32(1 << 13);
        // shifted + 2^13 may pass 2^31 - 1 but not 2^32: an unsigned shift reads it right.
        let rounded = e.addi(shifted, half);
        let fourteen = e.i32(14);
        let normalized = e.binary("arith.shrui", rounded, fourteen);
        let reciprocal = centered_lookup(e, reciprocal_table, normalized, -3 * (1 << 15));
        let thirty_one = e.i32(31);
        let right = e.binary("arith.subi", thirty_one, headroom);
        let right_minus_one = e.binary("arith.subi", right, one);
        let round = e.binary("arith.shli", one, right_minus_one);
        e.for_range(0, depth, &[], |e, c, _| {
            let exp = e.load(output, &at(row, c));
            let exp = e.extsi_i32(exp);
            let product = e.muli(exp, reciprocal);
            let rounded = e.addi(product, round);
            let result = e.binary("arith.shrsi", rounded, right);
            let (low, high) = (e.i32(0), e.i32(i32::from(i16::MAX)));
            let clamped = e.clamp_si(result, low, high);
            let y = e.trunci(clamped, 16);
            e.store(y, output, &at(row, c));
            Ok(Vec::new())
        })?;
        Ok(())
    })
}

/// `LUTLookup(clamp(value + offset, -32768, 32767), table)`.
fn centered_lookup(e: &mut KernelEmitter<'_>, table: Value, value: Value, offset: i32) -> Value {
    let offset = e.i32(offset);
    let centered = e.addi(value, offset);
    let (low, high) = (e.i32(i32::from(i16::MIN)), e.i32(i32::from(i16::MAX)));
    let clamped = e.clamp_si(centered, low, high);
    lut::lookup(e, table, clamped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_follow_tflm() {
        // Scale 10/65535 with beta 1: the multiplier is exactly 1 (2^30 · 2^1 / 2^31).
        let p = Int16Params::new(1.0, 10.0 / 65535.0).unwrap();
        assert_eq!((p.multiplier, p.shift), (1 << 30, 1));
        // Beta scales like the input scale.
        let p = Int16Params::new(2.0, 5.0 / 65535.0).unwrap();
        assert_eq!((p.multiplier, p.shift), (1 << 30, 1));
        // Shift 15 is the last that cannot overflow: 5 · 6553.5 is just below 2^15, 5.001 above.
        assert_eq!(Int16Params::new(1.0, 5.0).unwrap().shift, 15);
        assert!(Int16Params::new(1.0, 5.001).is_err());
        assert!(Int16Params::new(f32::INFINITY, 1.0).is_err());
    }

    #[test]
    fn rows_approximate_softmax() {
        let scale = 1.0 / 4096.0;
        let p = Int16Params::new(1.0, scale).unwrap();
        let row: Vec<i16> = vec![0, 4096, -4096, 8192, 8192, -30000];
        let real: Vec<f64> = row.iter().map(|&x| (f64::from(x) * f64::from(scale)).exp()).collect();
        let total: f64 = real.iter().sum();
        for (y, r) in p.softmax(&row).iter().zip(&real) {
            assert!((f64::from(*y) / 32768.0 - r / total).abs() < 2e-3, "{y} vs {}", r / total);
        }
        // One element: probability 1 (32767); equal elements share it.
        assert_eq!(p.softmax(&[123]), vec![32767]);
        let halves = p.softmax(&[5, 5]);
        assert!(halves.iter().all(|&y| (16383..=16384).contains(&y)), "{halves:?}");
    }
}
