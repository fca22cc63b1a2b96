//! `softmax` over the last dimension, each row on its own, as TFLite Micro computes it
//! (`reference_ops::Softmax`; int16 inputs in [`softmax_int16`](super::softmax_int16)).
//!
//! Float: `max` of the row, `exp((x - max) · beta)` stored into the output and summed, then
//! each output divided by the sum (TFLM's order of operations).
//!
//! Int8 input, int8 output (scale 1/256, zero point -128) or int16 output (scale 1/65536, zero
//! point -32768), the only ones TFLM accepts: TFLM's gemmlowp path. A difference `x - max` lies
//! in `[-255, 0]`, so `exp_on_negative_values` of the rescaled difference (Q5.26, parameters from
//! `PreprocessSoftmaxScaling`) is computed at compile time into a table indexed by `max - x`,
//! with 0 past `-diff_min` (TFLM skips those elements: they add nothing to the sum and come out
//! as the output's minimum, as a 0 entry does). Per row, at run time (`bits` = 8 or 16, `min` =
//! -2^(bits-1)):
//!
//! ```text
//! max = max_c x[c]                                  (i32)
//! sum = Σ_c RoundingDivideByPOT(exp[max - x[c]], 12)  (Q12.19, wrapping as TFLM's int32 adds)
//! (scale, over) = GetReciprocal(sum, 12)
//! y[c] = clamp(RDBPOT(SRDHM(scale, exp[max - x[c]]), over + 31 - bits) + min, min, -min - 1)
//! ```
//!
//! Each element is read before its output is written, so the kernel also runs in place.

use super::emitter::{ElementKind, KernelEmitter};
use super::gemmlowp::{self, reference};
use super::quantization::quantize_multiplier;
use super::rows::at;
use super::softmax_int16;
use mc_dialects::arith::fixed_point::{self, rounding_divide_by_pot, saturating_rounding_doubling_high_mul};
use mc_ir::{Diagnostic, Value};

/// `kScaledDiffIntegerBits`: the exp input is Q5.26.
pub(super) const SCALED_DIFF_INTEGER_BITS: i32 = 5;

/// `kAccumulationIntegerBits`: the sum of exps is Q12.19.
pub(super) const ACCUMULATION_INTEGER_BITS: i32 = 12;

/// The longest row whose sum of exps cannot overflow Q12.19 (each term is at most 2^19).
pub(super) const MAX_INT8_DEPTH: i64 = (1 << ACCUMULATION_INTEGER_BITS) - 1;

/// Lowers `softmax` (float or int8).
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let shape = e.shape(output);
    if shape.is_empty() {
        return Err(e.unsupported("a rank-0 operand (softmax needs a last dimension)"));
    }
    let beta = e.float_attr("beta")?;
    match (e.kind(input), e.kind(output)) {
        (ElementKind::F32, ElementKind::F32) => lower_f32(e, &shape, beta),
        (ElementKind::Int8, ElementKind::Int8) => lower_int8(e, &shape, beta, Int8Output::Int8),
        (ElementKind::Int8, ElementKind::Int16) => lower_int8(e, &shape, beta, Int8Output::Int16),
        (ElementKind::Int16, ElementKind::Int16) => softmax_int16::lower(e, &shape, beta),
        _ => Err(e.unsupported(format!("softmax from '{}' to '{}'", e.type_text(input), e.type_text(output)))),
    }
}

/// Float softmax, TFLM's three passes per row.
fn lower_f32(e: &mut KernelEmitter<'_>, shape: &[i64], beta: f32) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let (rows, depth) = (&shape[..shape.len() - 1], shape[shape.len() - 1]);
    e.nest(rows, |e, row| {
        let lowest = e.f32(f32::MIN);
        let max = e.for_range(0, depth, &[lowest], |e, c, carried| {
            let x = e.load(input, &at(row, c));
            Ok(vec![e.binary("arith.maximumf", carried[0], x)])
        })?[0];
        let zero = e.f32(0.0);
        let beta = e.f32(beta);
        let f32 = e.b.ctx.value_type(zero);
        let sum = e.for_range(0, depth, &[zero], |e, c, carried| {
            let x = e.load(input, &at(row, c));
            let difference = e.binary("arith.subf", x, max);
            let scaled = e.binary("arith.mulf", difference, beta);
            let exp = e.unary("math.exp", scaled, f32);
            e.store(exp, output, &at(row, c));
            Ok(vec![e.binary("arith.addf", carried[0], exp)])
        })?[0];
        e.for_range(0, depth, &[], |e, c, _| {
            let exp = e.load(output, &at(row, c));
            let y = e.binary("arith.divf", exp, sum);
            e.store(y, output, &at(row, c));
            Ok(Vec::new())
        })?;
        Ok(())
    })
}

/// TFLM's int8 softmax parameters (`CalculateSoftmaxParams`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Int8Params {
    /// `input_multiplier` of `PreprocessSoftmaxScaling`.
    pub multiplier: i32,
    /// `input_left_shift` (non-negative).
    pub left_shift: i32,
    /// `diff_min = -CalculateInputRadius(5, left_shift)`: smaller differences are skipped.
    pub diff_min: i32,
}

impl Int8Params {
    /// The parameters for `beta` and the input scale, in TFLM's double arithmetic (from the
    /// `float` values TFLite stores); an error where TFLM's `QuantizeMultiplierGreaterThanOne`
    /// check fails (`beta · scale · 2^26 <= 1`).
    pub fn new(beta: f32, input_scale: f32) -> Result<Int8Params, String> {
        let max_real_multiplier = f64::from(i32::MAX);
        let real = (f64::from(beta) * f64::from(input_scale) * f64::from(1 << (31 - SCALED_DIFF_INTEGER_BITS)))
            .min(max_real_multiplier);
        if real.is_nan() || real <= 1.0 {
            return Err(format!(
                "beta {beta} times input scale {input_scale} is too small (TFLite Micro requires beta · scale > 2^-26)"
            ));
        }
        let (multiplier, left_shift) = quantize_multiplier(real);
        let radius = (f64::from((1 << SCALED_DIFF_INTEGER_BITS) - 1)
            * (1i64 << (31 - SCALED_DIFF_INTEGER_BITS)) as f64
            / (1i64 << left_shift) as f64)
            .floor();
        Ok(Int8Params { multiplier, left_shift, diff_min: -(radius as i32) })
    }

    /// `exp_on_negative_values` (Q0.31) of the rescaled difference `-d`, for `d` in
    /// `0..=-diff_min`.
    fn exp_of_difference(&self, d: i32) -> i32 {
        let rescaled = if d == 0 {
            0
        } else {
            fixed_point::reference::saturating_rounding_doubling_high_mul(
                (-d).wrapping_shl(self.left_shift as u32),
                self.multiplier,
            )
        };
        reference::exp_on_negative_values(rescaled, SCALED_DIFF_INTEGER_BITS)
    }

    /// The table of exps indexed by `max - x`: one entry per difference TFLM does not skip,
    /// then a 0 entry standing for every skipped one (unless all 256 differences count).
    pub fn exp_table(&self) -> Vec<i64> {
        let counted = (-self.diff_min).min(255);
        let mut table: Vec<i64> = (0..=counted).map(|d| i64::from(self.exp_of_difference(d))).collect();
        if counted < 255 {
            table.push(0);
        }
        table
    }
}

/// The output of an int8 softmax, with the quantization TFLM requires of it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Int8Output {
    /// int8, scale 1/256 (exactly), zero point -128.
    Int8,
    /// int16, scale 1/65536 (to within 0.1%), zero point -32768.
    Int16,
}

impl Int8Output {
    /// The storage width.
    fn bits(self) -> u32 {
        match self {
            Int8Output::Int8 => 8,
            Int8Output::Int16 => 16,
        }
    }

    /// Whether `(scale, zero_point)` is what TFLM's `CalculateSoftmaxParams` accepts (in
    /// `float`: `scale == 1.f / 256`, or `TF_LITE_ENSURE_NEAR(scale, 1.f / 65536, 0.001f / 65536)`).
    fn accepts(self, scale: f32, zero_point: i64) -> bool {
        match self {
            Int8Output::Int8 => scale == 1.0 / 256.0 && zero_point == -128,
            Int8Output::Int16 => {
                let unit = 1.0f32 / 65536.0;
                (scale - unit).abs() <= 0.001 * unit && zero_point == -32768
            }
        }
    }
}

/// Int8 softmax through the compile-time exp table, into int8 or int16.
fn lower_int8(e: &mut KernelEmitter<'_>, shape: &[i64], beta: f32, out: Int8Output) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let (input_scale, _) = e.per_tensor(input)?;
    let (output_scale, output_zero_point) = e.per_tensor(output)?;
    if !out.accepts(output_scale as f32, output_zero_point) {
        let required = match out {
            Int8Output::Int8 => "1/256, -128",
            Int8Output::Int16 => "1/65536, -32768",
        };
        return Err(e.unsupported(format!(
            "int{} output quantization scale {output_scale}, zero point {output_zero_point} (TFLite Micro requires {required})",
            out.bits()
        )));
    }
    let (rows, depth) = (&shape[..shape.len() - 1], shape[shape.len() - 1]);
    if depth > MAX_INT8_DEPTH {
        return Err(e.unsupported(format!(
            "rows of {depth} int8 elements (the Q12.19 sum of exps overflows past {MAX_INT8_DEPTH})"
        )));
    }
    let params = Int8Params::new(beta, input_scale as f32).map_err(|m| e.unsupported(m))?;
    let values = params.exp_table();
    let last = (values.len() < 256).then_some(values.len() as i32 - 1);
    let table = e.table("softmax_exp", 32, &values);
    let index_ty = e.b.ctx.index_type();
    let bits = out.bits();
    let output_min = -(1i32 << (bits - 1));
    e.nest(rows, |e, row| {
        let lowest = e.i32(i32::from(i8::MIN));
        let max = e.for_range(0, depth, &[lowest], |e, c, carried| {
            let x = e.load(input, &at(row, c));
            let x = e.extsi_i32(x);
            Ok(vec![e.binary("arith.maxsi", carried[0], x)])
        })?[0];
        // exp[max - x[c]] (the index clamped onto the trailing 0 entry).
        let exp_at = |e: &mut KernelEmitter<'_>, c: Value| {
            let x = e.load(input, &at(row, c));
            let x = e.extsi_i32(x);
            let mut d = e.binary("arith.subi", max, x);
            if let Some(last) = last {
                let last = e.i32(last);
                d = e.binary("arith.minsi", d, last);
            }
            let index = e.unary("arith.index_cast", d, index_ty);
            e.load(table, &[index])
        };
        let zero = e.i32(0);
        let twelve = e.i32(ACCUMULATION_INTEGER_BITS);
        let sum = e.for_range(0, depth, &[zero], |e, c, carried| {
            let exp = exp_at(e, c);
            let term = rounding_divide_by_pot(&mut e.b, exp, twelve);
            Ok(vec![e.addi(carried[0], term)])
        })?[0];
        let (scale, bits_over_unit) = gemmlowp::get_reciprocal(&mut e.b, sum, ACCUMULATION_INTEGER_BITS);
        let offset = e.i32(31 - bits as i32);
        let mut exponent = e.addi(bits_over_unit, offset);
        if out == Int8Output::Int8 {
            // TFLM checks exponent <= 31 (it aborts past it, when hundreds of elements are close
            // to the max); mc caps it there, where every output is within 1 of -128 anyway. An
            // int16 output's exponent stays below 31 - 16 + 12.
            let max_exponent = e.i32(31);
            exponent = e.binary("arith.minsi", exponent, max_exponent);
        }
        let (low, high) = (e.i32(output_min), e.i32(-output_min - 1));
        e.for_range(0, depth, &[], |e, c, _| {
            let exp = exp_at(e, c);
            let product = saturating_rounding_doubling_high_mul(&mut e.b, scale, exp);
            let unsaturated = rounding_divide_by_pot(&mut e.b, product, exponent);
            let shifted = e.addi(unsaturated, low);
            let clamped = e.clamp_si(shifted, low, high);
            let y = e.trunci(clamped, bits);
            e.store(y, output, &at(row, c));
            Ok(Vec::new())
        })?;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_follow_tflm() {
        // kws: scale 0.1446925..., beta 1: 0.1447 · 2^26 -> multiplier in [2^30, 2^31), shift 24.
        let p = Int8Params::new(1.0, 0.144_692_51).unwrap();
        assert_eq!(p.left_shift, 24);
        assert!(p.multiplier >= 1 << 30);
        // radius = floor(31 · 2^26 / 2^24) = 124.
        assert_eq!(p.diff_min, -124);
        // Scale 1/16, beta 1: 2^22 exactly -> multiplier 2^30, shift 23, radius 248.
        let p = Int8Params::new(1.0, 1.0 / 16.0).unwrap();
        assert_eq!(p, Int8Params { multiplier: 1 << 30, left_shift: 23, diff_min: -248 });
        // A huge scale caps the real multiplier at 2^31 - 1 (shift 31): only the max counts.
        let p = Int8Params::new(1.0, 100.0).unwrap();
        assert_eq!((p.multiplier, p.left_shift, p.diff_min), (i32::MAX, 31, 0));
        assert!(Int8Params::new(1.0, 1e-9).is_err());
    }

    #[test]
    fn exp_table_has_a_trailing_zero_for_skipped_differences() {
        let p = Int8Params::new(1.0, 1.0).unwrap();
        // 2^26 -> shift 27, radius floor(31 / 2) = 15.
        assert_eq!(p.diff_min, -15);
        let table = p.exp_table();
        assert_eq!(table.len(), 17);
        assert_eq!(table[0], i64::from(i32::MAX));
        assert_eq!(table[16], 0);
        // exp(-1) in Q0.31.
        assert!((table[1] as f64 / 2f64.powi(31) - (-1f64).exp()).abs() < 1e-6);
        // A small scale counts every difference: 256 entries, no trailing 0.
        assert_eq!(Int8Params::new(1.0, 0.01).unwrap().exp_table().len(), 256);
    }
}
