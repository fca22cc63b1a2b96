//! `log_softmax` over the last dimension, each row on its own ([`rows`](super::rows)), as
//! TFLite Micro's `reference_ops::LogSoftmax` computes it.
//!
//! Float: the row's `max` (from the lowest float), the sum of `exp(x - max)` from `0.f`, its
//! `log`, then `(x - max) - log_sum` per element.
//!
//! ```text
//! loop.for %row ... {
//!   %max = loop.for %c ... iter_args(lowest)  maximumf
//!   %sum = loop.for %c ... iter_args(0.0)     addf(exp(x - max))
//!   %log = math.log %sum
//!   loop.for %c ... { loop.store (x - max) - log, %out[%row, %c] }
//! }
//! ```
//!
//! Int8 (`LogSoftmaxQuantized<int8_t>`; output scale 16/256 and zero point 127, the only ones
//! `LogSoftmaxPrepare` accepts): the parameters are `PreprocessLogSoftmaxScalingExp`'s for beta 1
//! (the input multiplier and left shift into Q5.26, `diff_min`, and the reverse scaling divisor
//! and shift). A difference `d = max - x` lies in `0..=255`, so its Q5.26 rescaling and its
//! Q12.19 exp term (0 past `-diff_min`, where TFLM skips the element) are compile-time tables
//! indexed by `d`. Per row, at run time:
//!
//! ```text
//! max = max_c x[c]                                     (from -128)
//! sum = Σ_c exp_term[max - x[c]]                        (Q12.19, wrapping as TFLM's adds)
//! log = log_x_for_x_greater_than_or_equal_to_1(sum)     (Q5.26)
//! adjusted_diff_min = max(diff_min - 1, MBQM(log + i32::MIN, divisor, reverse_shift))
//! y[c] = x[c] - max > adjusted_diff_min
//!      ? clamp(RoundingDivideByPOT(diff_q5[max - x[c]] - log, 22) + 127, -128, 127)
//!      : -128
//! ```
//!
//! Each element is read before its output is written, so the kernel also runs in place.

use super::emitter::{ElementKind, KernelEmitter};
use super::gemmlowp::log_x_for_x_greater_than_or_equal_to_1;
use super::quantization::{Scale, quantize_multiplier_smaller_than_one};
use super::rows::for_each_row;
use super::softmax::{ACCUMULATION_INTEGER_BITS, Int8Params, MAX_INT8_DEPTH, SCALED_DIFF_INTEGER_BITS};
use mc_dialects::arith::build::{cmpi, select};
use mc_dialects::arith::fixed_point::reference::{multiply_by_quantized_multiplier, rounding_divide_by_pot};
use mc_dialects::arith::fixed_point::rounding_divide_by_pot as rounding_divide_by_pot_ir;
use mc_ir::Diagnostic;

/// `kOutputIntegerBits`: the output is rescaled from Q5.26 by `31 - 5 - 4` bits.
const OUTPUT_INTEGER_BITS: i32 = 4;

/// The output scale `LogSoftmaxPrepare` requires (`16.0 / 256`, compared as `float`).
const OUTPUT_SCALE: f32 = 16.0 / 256.0;

/// The output zero point `LogSoftmaxPrepare` requires.
const OUTPUT_ZERO_POINT: i64 = 127;

/// Lowers `log_softmax` (float32 or int8).
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    match (e.kind(input), e.kind(output)) {
        (ElementKind::F32, ElementKind::F32) => lower_f32(e),
        (ElementKind::Int8, ElementKind::Int8) => lower_int8(e),
        _ => Err(e.unsupported_types("TFLite Micro's kernel takes float32 or int8")),
    }
}

/// Float log softmax, TFLM's three passes per row.
fn lower_f32(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    for_each_row(e, |e, row| {
        let lowest = e.f32(f32::MIN);
        let max = row.reduce(e, input, lowest, |e, carried, x| e.binary("arith.maximumf", carried, x))?;
        let zero = e.f32(0.0);
        let f32 = e.b.ctx.value_type(zero);
        let sum = row.reduce(e, input, zero, |e, carried, x| {
            let difference = e.binary("arith.subf", x, max);
            let exp = e.unary("math.exp", difference, f32);
            e.binary("arith.addf", carried, exp)
        })?;
        let log_sum = e.unary("math.log", sum, f32);
        row.map(e, input, output, |e, x| {
            let difference = e.binary("arith.subf", x, max);
            e.binary("arith.subf", difference, log_sum)
        })
    })
}

/// TFLM's int8 log softmax parameters (`LogSoftmaxPrepare`) and tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Int8LogSoftmax {
    /// The input multiplier, left shift and `diff_min` (as softmax's for beta 1).
    pub params: Int8Params,
    /// `(reverse_scaling_divisor, reverse_scaling_left_shift)` (the shift is at most 0).
    pub reverse_scaling: (i32, i32),
}

impl Int8LogSoftmax {
    /// `PreprocessLogSoftmaxScalingExp(1.0, input_scale, 5, ...)`; an error where TFLM's checks
    /// fail (an input scale below 2^-26, or a reverse scaling that is not below one).
    pub fn new(input_scale: f32) -> Result<Int8LogSoftmax, String> {
        let params = Int8Params::new(1.0, input_scale)?;
        let real_reverse = (1i64 << (31 - params.left_shift)) as f64 / f64::from(params.multiplier);
        let reverse_scaling = quantize_multiplier_smaller_than_one("LOG_SOFTMAX", real_reverse)?;
        Ok(Int8LogSoftmax { params, reverse_scaling })
    }

    /// The largest difference `max - x` TFLM counts (and the index of the trailing 0 exp term
    /// standing for every larger one, unless all 256 differences count).
    fn counted(&self) -> i32 {
        (-self.params.diff_min).min(255)
    }

    /// The Q12.19 exp terms `Rescale<12>(exp_on_negative_values(...))` indexed by `max - x`.
    pub fn exp_terms(&self) -> Vec<i64> {
        self.params
            .exp_table()
            .into_iter()
            .map(|exp| i64::from(rounding_divide_by_pot(exp as i32, ACCUMULATION_INTEGER_BITS)))
            .collect()
    }

    /// The Q5.26 differences `MultiplyByQuantizedMultiplier(x - max, multiplier, left_shift)`
    /// indexed by `max - x`, as long as [`exp_terms`](Self::exp_terms) (the trailing entry
    /// is never used: its elements come out as -128).
    pub fn differences(&self) -> Vec<i64> {
        let Int8Params { multiplier, left_shift, .. } = self.params;
        let len = self.exp_terms().len() as i32;
        (0..len).map(|d| i64::from(multiply_by_quantized_multiplier(-d, multiplier, left_shift))).collect()
    }
}

/// Int8 log softmax through the compile-time tables.
fn lower_int8(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let (input_scale, _) = e.per_tensor(input)?;
    let (output_scale, output_zero_point) = e.per_tensor(output)?;
    if output_scale as f32 != OUTPUT_SCALE || output_zero_point != OUTPUT_ZERO_POINT {
        return Err(e.unsupported(format!(
            "int8 output quantization scale {output_scale}, zero point {output_zero_point} (TFLite Micro requires 16/256, 127)"
        )));
    }
    let depth = e.shape(output).last().copied().unwrap_or(0);
    if depth > MAX_INT8_DEPTH {
        return Err(e.unsupported(format!(
            "rows of {depth} int8 elements (the Q12.19 sum of exps overflows past {MAX_INT8_DEPTH})"
        )));
    }
    let kernel = Int8LogSoftmax::new(input_scale as f32).map_err(|m| e.unsupported(m))?;
    let exp_terms = kernel.exp_terms();
    let last = (exp_terms.len() < 256).then_some(kernel.counted() + 1);
    let exp_table = e.table("log_softmax_exp", 32, &exp_terms);
    let difference_table = e.table("log_softmax_difference", 32, &kernel.differences());
    let index_ty = e.b.ctx.index_type();
    let (low, high) = (i32::from(i8::MIN), i32::from(i8::MAX));
    for_each_row(e, |e, row| {
        let lowest = e.i32(low);
        let max = row.reduce(e, input, lowest, |e, carried, x| {
            let x = e.extsi_i32(x);
            e.binary("arith.maxsi", carried, x)
        })?;
        // The table index of `max - x` (clamped onto the trailing entry), and `max - x` itself.
        let index_of = |e: &mut KernelEmitter<'_>, x| {
            let x = e.extsi_i32(x);
            let d = e.binary("arith.subi", max, x);
            let clamped = match last {
                Some(last) => {
                    let last = e.i32(last);
                    e.binary("arith.minsi", d, last)
                }
                None => d,
            };
            (e.unary("arith.index_cast", clamped, index_ty), d)
        };
        let zero = e.i32(0);
        let sum = row.reduce(e, input, zero, |e, carried, x| {
            let (index, _) = index_of(e, x);
            let term = e.load(exp_table, &[index]);
            e.addi(carried, term)
        })?;
        let log_sum =
            log_x_for_x_greater_than_or_equal_to_1(&mut e.b, sum, ACCUMULATION_INTEGER_BITS, SCALED_DIFF_INTEGER_BITS);
        let min = e.i32(i32::MIN);
        let shifted = e.addi(log_sum, min);
        let reverse = Scale::constant(e, kernel.reverse_scaling);
        let rescaled = reverse.apply(e, shifted);
        let floor = e.i32(kernel.params.diff_min - 1);
        let adjusted_diff_min = e.binary("arith.maxsi", floor, rescaled);
        let output_shift = e.i32(31 - SCALED_DIFF_INTEGER_BITS - OUTPUT_INTEGER_BITS);
        row.map(e, input, output, |e, x| {
            let (index, d) = index_of(e, x);
            let zero = e.i32(0);
            let difference = e.binary("arith.subi", zero, d);
            let counted = cmpi(&mut e.b, "sgt", difference, adjusted_diff_min);
            let in_q5 = e.load(difference_table, &[index]);
            let centered = e.binary("arith.subi", in_q5, log_sum);
            let rescaled = rounding_divide_by_pot_ir(&mut e.b, centered, output_shift);
            let top = e.i32(high);
            let shifted = e.addi(rescaled, top);
            let bottom = e.i32(low);
            let clamped = e.clamp_si(shifted, bottom, top);
            let y = select(&mut e.b, counted, clamped, bottom);
            e.trunci(y, 8)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_follow_tflm() {
        // Scale 1/16: input multiplier 2^30, shift 23, radius 248; reverse scaling
        // 2^8 / 2^30 = 2^-22 -> divisor 2^30, shift -21.
        let kernel = Int8LogSoftmax::new(1.0 / 16.0).unwrap();
        assert_eq!(kernel.params.diff_min, -248);
        assert_eq!(kernel.reverse_scaling, (1 << 30, -21));
        assert_eq!(kernel.exp_terms().len(), 250);
        assert_eq!(kernel.exp_terms()[0], 1 << 19);
        assert_eq!(kernel.differences()[1], -(1 << 22));
        assert!(Int8LogSoftmax::new(1e-9).is_err());
    }
}
