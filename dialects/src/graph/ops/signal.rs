//! Signal processing: TFLite Micro's signal library (`signal/micro/kernels`), the audio front
//! ends streaming models run as custom operators.
//!
//! | op | operands | attributes | results | TFLite operator |
//! |---|---|---|---|---|
//! | `graph.signal_window` | `input` `[..., N]` i16, `weights` `[N]` i16 | `shift` (0 to 31) | `input`'s shape, i16 | custom `SignalWindow` |
//! | `graph.signal_fft_auto_scale` | `input` `[N]` i16 | — | `output` `[N]` i16, `scale_bits` `[]` i32 | custom `SignalFftAutoScale` |
//! | `graph.signal_rfft` | `input` `[..., L]` i16, `L <= fft_length` | `fft_length` (a power of two, 4 to 32768) | `[..., fft_length + 2]` i16: `fft_length / 2 + 1` (real, imaginary) pairs | custom `SignalRfft` |
//!
//! What TFLite Micro's kernels take, and so these ops: plain (unquantized) 16-bit samples. The
//! window multiplies each row of `N` samples by the weights and shifts the products right by
//! `shift`, saturating to 16 bits. The FFT auto scale shifts the whole frame left by as many bits
//! as its largest magnitude leaves free, and returns that count. The real FFT transforms each row,
//! zero-padded to `fft_length`, with kissfft's 16-bit fixed-point arithmetic (TFLite Micro's int16
//! `SignalRfft`).

use super::{OpEntry, op_entry};
use crate::graph::builders::int_attr;
use crate::graph::shape_inference::{Inference, Inferred, ShapeQuery, same_as_input};
use crate::graph::verify::{Checker, Checks, I16, I32, verify_op};
use mc_ir::{Builder, Type, Value, define_op};

/// The largest `fft_length` of `graph.signal_rfft` (kissfft's twiddles are 16-bit: longer
/// transforms gain nothing).
pub const SIGNAL_RFFT_MAX_LENGTH: i64 = 1 << 15;

/// The largest `shift` of `graph.signal_window`: TFLite Micro shifts an `int32_t` product.
pub const SIGNAL_WINDOW_MAX_SHIFT: i64 = 31;

define_op! {
    /// TFLite Micro's `SignalWindow`: `saturate_i16((input[i] * weights[i mod N]) >> shift)`.
    pub struct SignalWindowOp = "graph.signal_window" {
        summary: "Windowing of 16-bit frames with a right shift",
        traits: [PURE],
        operands: [input, weights],
        results: [output],
        attributes: [shift: Integer],
        verify: verify_op,
    }
}

define_op! {
    /// TFLite Micro's `SignalFftAutoScale`: the frame shifted left by the bits its largest
    /// magnitude leaves free, and that count.
    pub struct SignalFftAutoScaleOp = "graph.signal_fft_auto_scale" {
        summary: "Scaling of a 16-bit frame to its full range before an FFT",
        traits: [PURE],
        operands: [input],
        results: [output, scale_bits],
        attributes: [],
        verify: verify_op,
    }
}

define_op! {
    /// TFLite Micro's `SignalRfft` (int16): the real FFT of each row, zero-padded to
    /// `fft_length`, as `fft_length / 2 + 1` interleaved (real, imaginary) pairs.
    pub struct SignalRfftOp = "graph.signal_rfft" {
        summary: "Fixed-point real FFT of 16-bit rows (kissfft)",
        traits: [PURE],
        operands: [input],
        results: [output],
        attributes: [fft_length: Integer],
        verify: verify_op,
    }
}

impl SignalRfftOp {
    /// Builds the op on `input`, its result of type `result`.
    pub fn build(b: &mut Builder<'_>, input: Value, fft_length: i64, result: Type) -> Self {
        let attributes = vec![("fft_length".to_string(), int_attr(b.ctx, fft_length))];
        SignalRfftOp(b.create(Self::NAME, &[input], &[result], attributes, vec![]))
    }
}

impl SignalWindowOp {
    /// Builds the op on `input` and `weights`, its result of type `result`.
    pub fn build(b: &mut Builder<'_>, input: Value, weights: Value, shift: i64, result: Type) -> Self {
        let attributes = vec![("shift".to_string(), int_attr(b.ctx, shift))];
        SignalWindowOp(b.create(Self::NAME, &[input, weights], &[result], attributes, vec![]))
    }
}

impl SignalFftAutoScaleOp {
    /// Builds the op on `input`, its results (the scaled frame, the count) of types `results`.
    pub fn build(b: &mut Builder<'_>, input: Value, results: [Type; 2]) -> Self {
        SignalFftAutoScaleOp(b.create(Self::NAME, &[input], &results, vec![], vec![]))
    }
}

/// The family's ops.
pub(super) const OPS: &[OpEntry] = &[
    op_entry!(SignalWindowOp, Checks::Signature(check_window), Some(same_as_input)),
    op_entry!(SignalFftAutoScaleOp, Checks::Signature(check_fft_auto_scale), Some(infer_fft_auto_scale)),
    op_entry!(SignalRfftOp, Checks::Signature(check_rfft), Some(infer_rfft)),
];

/// `signal_window` (TFLM's `WindowPrepare`): i16 throughout, weights of rank 1 as long as the
/// input's rows, `shift` in `[0, 31]`.
fn check_window(c: &mut Checker<'_, '_>) {
    if let Some(shift) = c.int_attr("shift", 0)
        && shift > SIGNAL_WINDOW_MAX_SHIFT
    {
        c.error(format!("'shift' must be at most {SIGNAL_WINDOW_MAX_SHIFT}, but is {shift}"));
    }
    let (Some(input), Some(weights)) = (c.operand("input", 0), c.operand("weights", 1)) else { return };
    c.kind("input", input, &[I16]);
    c.kind("weights", weights, &[I16]);
    if let Some(output) = c.result("output") {
        c.kind("output", output, &[I16]);
    }
    if !c.rank("weights", weights, 1) {
        return;
    }
    match input.shape.last() {
        None => c.error("input must have rank 1 or more"),
        Some(&row) if row != weights.shape[0] => c.error(format!(
            "input rows hold {row} samples, but the weights {} (TFLite Micro windows whole rows)",
            weights.shape[0]
        )),
        Some(_) => {}
    }
    c.check_inferred();
}

/// `signal_fft_auto_scale` (TFLM's `FftAutoScalePrepare`): an i16 frame of rank 1 in and out, an
/// i32 scalar count.
fn check_fft_auto_scale(c: &mut Checker<'_, '_>) {
    let Some(input) = c.operand("input", 0) else { return };
    c.kind("input", input, &[I16]);
    c.rank("input", input, 1);
    if let Some(output) = c.result_at("output", 0) {
        c.kind("output", output, &[I16]);
    }
    if let Some(scale_bits) = c.result_at("scale_bits", 1) {
        c.kind("scale_bits", scale_bits, &[I32]);
    }
    c.check_inferred();
}

/// `signal_fft_auto_scale`: the input's shape and a scalar.
fn infer_fft_auto_scale(q: &ShapeQuery<'_>) -> Inference {
    let input = q.shape(0)?.to_vec();
    Ok(Some(vec![Inferred::Shape(input), Inferred::Shape(Vec::new())]))
}

/// `signal_rfft` (TFLM's `RfftPrepare`, int16): i16 in and out of the same rank, rows no longer
/// than `fft_length`, a power of two from 4 to 32768.
fn check_rfft(c: &mut Checker<'_, '_>) {
    let length = c.int_attr("fft_length", 4);
    if let Some(length) = length
        && (length.count_ones() != 1 || length > SIGNAL_RFFT_MAX_LENGTH)
    {
        c.error(format!("'fft_length' must be a power of two from 4 to {SIGNAL_RFFT_MAX_LENGTH}, but is {length}"));
    }
    let Some(input) = c.operand("input", 0) else { return };
    c.kind("input", input, &[I16]);
    if let Some(output) = c.result("output") {
        c.kind("output", output, &[I16]);
    }
    match (input.shape.last(), length) {
        (None, _) => c.error("input must have rank 1 or more"),
        (Some(&row), Some(length)) if row > length => {
            c.error(format!("input rows hold {row} samples, more than 'fft_length' ({length})"))
        }
        _ => {}
    }
    c.check_inferred();
}

/// `signal_rfft`: the input's shape with rows of `fft_length + 2` values.
fn infer_rfft(q: &ShapeQuery<'_>) -> Inference {
    let mut shape = q.shape(0)?.to_vec();
    let length = q.int_attr("fft_length")?;
    match shape.last_mut() {
        Some(row) => *row = length + 2,
        None => return Ok(None),
    }
    Ok(Some(vec![Inferred::Shape(shape)]))
}
