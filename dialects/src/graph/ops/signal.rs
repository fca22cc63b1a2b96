//! Signal processing: TFLite Micro's signal library (`signal/micro/kernels`), the audio front
//! ends streaming models run as custom operators.
//!
//! | op | operands | attributes | results | TFLite operator |
//! |---|---|---|---|---|
//! | `graph.signal_window` | `input` `[..., N]` i16, `weights` `[N]` i16 | `shift` (0 to 31) | `input`'s shape, i16 | custom `SignalWindow` |
//! | `graph.signal_fft_auto_scale` | `input` `[N]` i16 | — | `output` `[N]` i16, `scale_bits` `[]` i32 | custom `SignalFftAutoScale` |
//! | `graph.signal_rfft` | `input` `[..., L]` i16, i32 or f32, `L <= fft_length` | `fft_length` (a power of two, 4 to 32768) | `[..., fft_length + 2]` of the input's type: `fft_length / 2 + 1` (real, imaginary) pairs | custom `SignalRfft` |
//! | `graph.signal_irfft` | `input` `[..., fft_length + 2]` i16, i32 or f32: `fft_length / 2 + 1` (real, imaginary) pairs | `fft_length` (a power of two, 4 to 32768) | `[..., fft_length]` of the input's type | custom `SignalIrfft` |
//! | `graph.signal_energy` | `input` `[2 N]` i16 ((real, imaginary) pairs) | `start_index`, `end_index` (`0 <= start <= end <= N`) | `[N]` ui32 | custom `SignalEnergy` |
//! | `graph.signal_filter_bank` | `input` `[M]` ui32, `weights` `[W]` i16, `unweights` `[W]` i16, `channel_frequency_starts`, `channel_weight_starts`, `channel_widths` `[C + 1]` i16 | — | `[C]` ui64 | custom `SignalFilterBank` |
//! | `graph.signal_filter_bank_square_root` | `input` `[C]` ui64, `scale_bits` `[]` i32 | — | `[C]` ui32 | custom `SignalFilterBankSquareRoot` |
//! | `graph.signal_filter_bank_spectral_subtraction` | `input` `[C]` ui32, `noise_estimate` `[C]` ui32 (the state) | [`SPECTRAL_SUBTRACTION_ATTRS`] | `output` `[C]` ui32, `noise_estimate` `[C]` ui32 (the next state) | custom `SignalFilterBankSpectralSubtraction` |
//! | `graph.signal_pcan` | `input` `[C]` ui32, `noise_estimate` `[C]` ui32, `gain_lut` `[L]` i16, `L >= 125` | `snr_shift` (0 to 63) | `[C]` ui32 | custom `SignalPCAN` |
//! | `graph.signal_delay` | `input` `[..., N]` i16, `state` `[..., D]` i16 (the last `D` samples of each row, `D >= 1`) | — | `output` `input`'s shape, `next_state` `state`'s | custom `SignalDelay` |
//! | `graph.signal_framer` | `input` `[..., N]` i16 (`N` a multiple of `frame_step`), `state` `[..., frame_size - frame_step]` i16 | `frame_size`, `frame_step` (1 to `frame_size - 1`) | `output` `[..., N / frame_step, frame_size]` i16, `valid` `[]` i1, `next_state` `state`'s | custom `SignalFramer` (`prefill` true) |
//! | `graph.signal_stacker` | `input` `[C]` i16 (one frame of `C` channels), `state` `[1 + (2 K - 1) · C]` i16 ([`signal_stacker_state_length`], `K = left_context + right_context + 1`) | `left_context`, `right_context` (0 or more), `step` (1 to `K`) | `output` `[K · C]` i16, `valid` `[]` i1, `next_state` `state`'s | custom `SignalStacker` |
//! | `graph.signal_overlap_add` | `input` `[..., F, S]` i16 or f32 (`F` frames of `S` samples), `state` `[..., S]` of the same type (each row's tail) | `frame_step` (1 to `S`) | `output` `[..., F · frame_step]`, `next_state` `state`'s | custom `SignalOverlapAdd` |
//! | `graph.signal_filter_bank_log` | `input` `[C]` ui32 | `input_correction_bits` (0 to 31), `output_scale` (0 or more) | `[C]` i16 | custom `SignalFilterBankLog` |
//!
//! What TFLite Micro's kernels take, and so these ops: plain (unquantized) 16-bit samples. The
//! window multiplies each row of `N` samples by the weights and shifts the products right by
//! `shift`, saturating to 16 bits. The FFT auto scale shifts the whole frame left by as many bits
//! as its largest magnitude leaves free, and returns that count. The real FFT transforms each row,
//! zero-padded to `fft_length`, with kissfft's arithmetic of the input's type (TFLite Micro's
//! `SignalRfft`: 16-bit or 32-bit fixed point, or float); the inverse real FFT takes such spectra
//! back to rows of `fft_length` samples (kissfft's `kiss_fftri`, which scales by `fft_length / 2`
//! in fixed point; the float kernel divides by `fft_length`).
//!
//! The filter bank chain after the FFT works on unsigned integers, as TFLite Micro's does: the
//! energy (squared magnitude) of each bin in `[start_index, end_index)` (the other elements of the
//! result are left as they were, as TFLite Micro leaves them), the mel filter bank's weighted
//! sums in 64 bits (channel `i` sums `channel_widths[i]` bins from
//! `channel_frequency_starts[i]`, with weights from `channel_weight_starts[i]`; each channel's
//! unweighted part carries into the next, channel 0 is scratch), their rounded square roots
//! shifted right by `scale_bits`, the spectral subtraction of a smoothed noise estimate, the PCAN
//! gain control driven by that estimate and a lookup table, and a fixed-point natural log.
//!
//! The delay outputs each row's stream `D` samples late: the state's `D` samples then the first
//! `N - D` of the input, keeping the last `D` for the next invocation (zeros at first).
//!
//! The framer cuts each row's stream into frames of `frame_size` samples every `frame_step`: the
//! stream is the state (the last `frame_size - frame_step` samples of the previous invocation,
//! zeros at first, as TFLite Micro's prefilled circular buffer) followed by the input, and every
//! frame is valid.
//!
//! The stacker stacks `K` frames every `step`: each invocation appends its frame to the stream
//! (the first one `1 + left_context` times, as TFLite Micro pads the left context), and once the
//! stream holds `K` frames it outputs them, valid, and drops the first `step`. Otherwise the
//! output is not valid and repeats the last stack (zeros before the first): TFLite Micro leaves
//! the output tensor as it was. The state holds, in order, one more than the number of frames
//! stored (0 before the first frame), the up to `K - 1` frames stored, oldest first, and the
//! last stack.
//!
//! The overlap-add sums each row's frames into its stream, frame `f` starting `f · frame_step`
//! samples in, onto the state (the tail the previous invocation left, zeros at first): int16
//! sums saturate after each frame, as TFLite Micro's do. It outputs `frame_step` finished
//! samples per frame and keeps the unfinished `S` for the next invocation.
//!
//! The spectral subtraction, the delay, the framer, the stacker and the overlap-add carry state from one
//! invocation to the next (TFLite Micro keeps it in a persistent buffer, zeroed at `Prepare` and
//! `Reset`): the op is pure, its second operand the state before the step and its last result
//! the one after, which the importer reads from and assigns back to a variable (as SVDF's
//! state).

use super::{OpEntry, op_entry};
use crate::graph::builders::{int_attr, int_attrs};
use crate::graph::shape_inference::{Inference, Inferred, ShapeQuery, same_as_input};
use crate::graph::verify::{BOOL, Checker, Checks, F32, I16, I32, Kind, Tensor, U32, U64, verify_op};
use mc_ir::{Builder, OpId, Type, Value, define_op};

/// The largest `fft_length` of `graph.signal_rfft` and `graph.signal_irfft` (kissfft's 16-bit twiddles gain nothing from
/// longer transforms; the 32-bit and float ones' work areas would exceed a microcontroller's RAM).
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
    /// TFLite Micro's `SignalRfft` (int16, int32 or float): the real FFT of each row, zero-padded to
    /// `fft_length`, as `fft_length / 2 + 1` interleaved (real, imaginary) pairs.
    pub struct SignalRfftOp = "graph.signal_rfft" {
        summary: "Real FFT of 16-bit, 32-bit or float rows (kissfft)",
        traits: [PURE],
        operands: [input],
        results: [output],
        attributes: [fft_length: Integer],
        verify: verify_op,
    }
}

/// The integer attributes of `graph.signal_filter_bank_spectral_subtraction` (TFLite Micro's
/// `SpectralSubtractionConfig`), with `clamping` (bool) besides: the smoothing coefficients of even
/// and odd channels and one minus them, the floor as a fraction of the signal (all scaled by
/// `2^spectral_subtraction_bits`), and the extra fractional bits of the estimate.
pub const SPECTRAL_SUBTRACTION_ATTRS: [&str; 7] = [
    "smoothing",
    "one_minus_smoothing",
    "alternate_smoothing",
    "alternate_one_minus_smoothing",
    "min_signal_remaining",
    "smoothing_bits",
    "spectral_subtraction_bits",
];

/// The entries of the PCAN gain lookup table TFLite Micro's `WideDynamicFunction` may read: up to
/// `4 · 32 - 6 + 2` for inputs whose most significant bit is bit 31.
pub const PCAN_GAIN_LUT_MIN_LENGTH: i64 = 125;

define_op! {
    /// TFLite Micro's `SignalEnergy`: `real² + imag²` of the bins in `[start_index, end_index)`.
    pub struct SignalEnergyOp = "graph.signal_energy" {
        summary: "Energy of spectrum bins (16-bit complex to 32-bit unsigned)",
        traits: [PURE],
        operands: [input],
        results: [output],
        attributes: [start_index: Integer, end_index: Integer],
        verify: verify_op,
    }
}

define_op! {
    /// TFLite Micro's `SignalFilterBank`: weighted sums of bins per (mel) channel in 64 bits.
    pub struct SignalFilterBankOp = "graph.signal_filter_bank" {
        summary: "Triangular filter bank over energies (32-bit to 64-bit unsigned)",
        traits: [PURE],
        operands: [input, weights, unweights, channel_frequency_starts, channel_weight_starts, channel_widths],
        results: [output],
        attributes: [],
        verify: verify_op,
    }
}

define_op! {
    /// TFLite Micro's `SignalFilterBankSquareRoot`: `Sqrt64(input[i]) >> scale_bits`.
    pub struct SignalFilterBankSquareRootOp = "graph.signal_filter_bank_square_root" {
        summary: "Rounded integer square roots of filter bank channels, shifted right",
        traits: [PURE],
        operands: [input, scale_bits],
        results: [output],
        attributes: [],
        verify: verify_op,
    }
}

define_op! {
    /// TFLite Micro's `SignalFilterBankSpectralSubtraction`, one step: the channels less their
    /// smoothed noise estimate, and the estimate after the step.
    pub struct SignalFilterBankSpectralSubtractionOp = "graph.signal_filter_bank_spectral_subtraction" {
        summary: "Spectral subtraction of a running noise estimate",
        traits: [PURE],
        operands: [input, noise_estimate],
        results: [output, next_noise_estimate],
        attributes: [
            smoothing: Integer,
            one_minus_smoothing: Integer,
            alternate_smoothing: Integer,
            alternate_one_minus_smoothing: Integer,
            min_signal_remaining: Integer,
            smoothing_bits: Integer,
            spectral_subtraction_bits: Integer,
            clamping: Bool
        ],
        verify: verify_op,
    }
}

define_op! {
    /// TFLite Micro's `SignalPCAN`: per-channel automatic gain control (PCAN) of filter bank
    /// channels by their noise estimate.
    pub struct SignalPcanOp = "graph.signal_pcan" {
        summary: "Per-channel amplitude normalization of filter bank channels",
        traits: [PURE],
        operands: [input, noise_estimate, gain_lut],
        results: [output],
        attributes: [snr_shift: Integer],
        verify: verify_op,
    }
}

define_op! {
    /// TFLite Micro's `SignalFilterBankLog`: `min(Log32(input[i] << input_correction_bits,
    /// output_scale), 32767)`, 0 where the shifted input is 0 or 1.
    pub struct SignalFilterBankLogOp = "graph.signal_filter_bank_log" {
        summary: "Fixed-point natural log of filter bank channels",
        traits: [PURE],
        operands: [input],
        results: [output],
        attributes: [input_correction_bits: Integer, output_scale: Integer],
        verify: verify_op,
    }
}

define_op! {
    /// TFLite Micro's `SignalDelay`, one step: each row delayed by the state's length, and the
    /// state after the step.
    pub struct SignalDelayOp = "graph.signal_delay" {
        summary: "Delay of 16-bit rows by a number of samples kept between invocations",
        traits: [PURE],
        operands: [input, state],
        results: [output, next_state],
        attributes: [],
        verify: verify_op,
    }
}

define_op! {
    /// TFLite Micro's `SignalFramer` with `prefill`, one step: each row's frames, whether they
    /// are valid (always), and the state after the step.
    pub struct SignalFramerOp = "graph.signal_framer" {
        summary: "Frames of 16-bit rows, the samples they overlap kept between invocations",
        traits: [PURE],
        operands: [input, state],
        results: [output, valid, next_state],
        attributes: [frame_size: Integer, frame_step: Integer],
        verify: verify_op,
    }
}

impl SignalFramerOp {
    /// Builds the op on `input` rows and the `state` before the step; its results (the frames,
    /// the valid flag, the next state) of types `results`.
    pub fn build(b: &mut Builder<'_>, input: Value, state: Value, [size, step]: [i64; 2], results: [Type; 3]) -> Self {
        let attrs = [("frame_size", size), ("frame_step", step)];
        SignalFramerOp(build_signal(b, Self::NAME, &[input, state], &attrs, &results))
    }
}

/// The length of `graph.signal_stacker`'s state stacking `frames` frames of `channels`: the
/// count, `frames - 1` frames stored and the last stack.
pub fn signal_stacker_state_length(channels: i64, frames: i64) -> i64 {
    1 + (2 * frames - 1) * channels
}

define_op! {
    /// TFLite Micro's `SignalStacker`, one step: the stack of the last `left_context + 1 +
    /// right_context` frames, whether it is new (valid), and the state after the step.
    pub struct SignalStackerOp = "graph.signal_stacker" {
        summary: "Stacks of consecutive 16-bit frames every step, the frames kept between invocations",
        traits: [PURE],
        operands: [input, state],
        results: [output, valid, next_state],
        attributes: [left_context: Integer, right_context: Integer, step: Integer],
        verify: verify_op,
    }
}

impl SignalStackerOp {
    /// Builds the op on a frame `input` and the `state` before the step, with `[left_context,
    /// right_context, step]`; its results (the stack, the valid flag, the next state) of types
    /// `results`.
    pub fn build(
        b: &mut Builder<'_>,
        input: Value,
        state: Value,
        [left, right, step]: [i64; 3],
        results: [Type; 3],
    ) -> Self {
        let attrs = [("left_context", left), ("right_context", right), ("step", step)];
        SignalStackerOp(build_signal(b, Self::NAME, &[input, state], &attrs, &results))
    }
}

define_op! {
    /// TFLite Micro's `SignalOverlapAdd`, one step: each row's frames overlap-added onto the
    /// state, `frame_step` samples out per frame, and the state after the step.
    pub struct SignalOverlapAddOp = "graph.signal_overlap_add" {
        summary: "Overlap-add of frames into a stream whose unfinished tail is kept between invocations",
        traits: [PURE],
        operands: [input, state],
        results: [output, next_state],
        attributes: [frame_step: Integer],
        verify: verify_op,
    }
}

impl SignalOverlapAddOp {
    /// Builds the op on `input` frames and the `state` before the step; its results (the
    /// stream, the next state) of types `results`.
    pub fn build(b: &mut Builder<'_>, input: Value, state: Value, frame_step: i64, results: [Type; 2]) -> Self {
        SignalOverlapAddOp(build_signal(b, Self::NAME, &[input, state], &[("frame_step", frame_step)], &results))
    }
}

impl SignalDelayOp {
    /// Builds the op on `input` and the `state` before the step; its results (the delayed rows,
    /// the next state) of types `results`.
    pub fn build(b: &mut Builder<'_>, input: Value, state: Value, results: [Type; 2]) -> Self {
        SignalDelayOp(build_signal(b, Self::NAME, &[input, state], &[], &results))
    }
}

/// A signal op `name` on `operands` with integer attributes `attrs`, its results of types
/// `results`.
fn build_signal(b: &mut Builder<'_>, name: &str, operands: &[Value], attrs: &[(&str, i64)], results: &[Type]) -> OpId {
    let attributes = int_attrs(b.ctx, attrs);
    b.create(name, operands, results, attributes, vec![])
}

impl SignalEnergyOp {
    /// Builds the op on `input` (interleaved pairs), its result of type `result`.
    pub fn build(b: &mut Builder<'_>, input: Value, start_index: i64, end_index: i64, result: Type) -> Self {
        let attrs = [("start_index", start_index), ("end_index", end_index)];
        SignalEnergyOp(build_signal(b, Self::NAME, &[input], &attrs, &[result]))
    }
}

impl SignalFilterBankOp {
    /// Builds the op on its six operands (in the operand table's order), its result of type
    /// `result`.
    pub fn build(b: &mut Builder<'_>, operands: [Value; 6], result: Type) -> Self {
        SignalFilterBankOp(build_signal(b, Self::NAME, &operands, &[], &[result]))
    }
}

impl SignalFilterBankSquareRootOp {
    /// Builds the op on `input` and `scale_bits`, its result of type `result`.
    pub fn build(b: &mut Builder<'_>, input: Value, scale_bits: Value, result: Type) -> Self {
        SignalFilterBankSquareRootOp(build_signal(b, Self::NAME, &[input, scale_bits], &[], &[result]))
    }
}

impl SignalFilterBankSpectralSubtractionOp {
    /// Builds the op on `input` and the `noise_estimate` before the step, with the values of
    /// [`SPECTRAL_SUBTRACTION_ATTRS`] in order and `clamping`; its results (the output, the next
    /// estimate) of types `results`.
    pub fn build(
        b: &mut Builder<'_>,
        input: Value,
        noise_estimate: Value,
        values: [i64; 7],
        clamping: bool,
        results: [Type; 2],
    ) -> Self {
        let attrs: Vec<(&str, i64)> = SPECTRAL_SUBTRACTION_ATTRS.into_iter().zip(values).collect();
        let op = build_signal(b, Self::NAME, &[input, noise_estimate], &attrs, &results);
        let clamping = b.ctx.bool_attr(clamping);
        b.ctx.set_attr(op, "clamping", Some(clamping));
        SignalFilterBankSpectralSubtractionOp(op)
    }
}

impl SignalPcanOp {
    /// Builds the op on `input`, `noise_estimate` and `gain_lut`, its result of type `result`.
    pub fn build(b: &mut Builder<'_>, operands: [Value; 3], snr_shift: i64, result: Type) -> Self {
        SignalPcanOp(build_signal(b, Self::NAME, &operands, &[("snr_shift", snr_shift)], &[result]))
    }
}

impl SignalFilterBankLogOp {
    /// Builds the op on `input`, its result of type `result`.
    pub fn build(
        b: &mut Builder<'_>,
        input: Value,
        input_correction_bits: i64,
        output_scale: i64,
        result: Type,
    ) -> Self {
        let attrs = [("input_correction_bits", input_correction_bits), ("output_scale", output_scale)];
        SignalFilterBankLogOp(build_signal(b, Self::NAME, &[input], &attrs, &[result]))
    }
}

define_op! {
    /// TFLite Micro's `SignalIrfft` (int16, int32 or float): the inverse real FFT of each row of
    /// `fft_length / 2 + 1` interleaved (real, imaginary) pairs, `fft_length` samples.
    pub struct SignalIrfftOp = "graph.signal_irfft" {
        summary: "Inverse real FFT of 16-bit, 32-bit or float spectra (kissfft)",
        traits: [PURE],
        operands: [input],
        results: [output],
        attributes: [fft_length: Integer],
        verify: verify_op,
    }
}

impl SignalIrfftOp {
    /// Builds the op on `input`, its result of type `result`.
    pub fn build(b: &mut Builder<'_>, input: Value, fft_length: i64, result: Type) -> Self {
        SignalIrfftOp(build_signal(b, Self::NAME, &[input], &[("fft_length", fft_length)], &[result]))
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
    op_entry!(SignalIrfftOp, Checks::Signature(check_irfft), Some(infer_irfft)),
    op_entry!(SignalEnergyOp, Checks::Signature(check_energy), None),
    op_entry!(SignalFilterBankOp, Checks::Signature(check_filter_bank), None),
    op_entry!(SignalFilterBankSquareRootOp, Checks::Signature(check_filter_bank_square_root), Some(same_as_input)),
    op_entry!(
        SignalFilterBankSpectralSubtractionOp,
        Checks::Signature(check_spectral_subtraction),
        Some(infer_spectral_subtraction)
    ),
    op_entry!(SignalPcanOp, Checks::Signature(check_pcan), Some(same_as_input)),
    op_entry!(SignalFilterBankLogOp, Checks::Signature(check_filter_bank_log), Some(same_as_input)),
    op_entry!(SignalDelayOp, Checks::Signature(check_delay), Some(infer_delay)),
    op_entry!(SignalFramerOp, Checks::Signature(check_framer), Some(infer_framer)),
    op_entry!(SignalStackerOp, Checks::Signature(check_stacker), Some(infer_stacker)),
    op_entry!(SignalOverlapAddOp, Checks::Signature(check_overlap_add), Some(infer_overlap_add)),
];

/// Operand `index` named `what`: of rank 1 and of kind `kind`, else an error and `None`.
fn vector<'a>(c: &mut Checker<'a, '_>, what: &str, index: usize, kind: Kind) -> Option<Tensor<'a>> {
    let t = c.operand(what, index)?;
    (c.kind(what, t, &[kind]).is_some() && c.rank(what, t, 1)).then_some(t)
}

/// Result `index` named `what`, when the signature has it: of rank 1 and of kind `kind`.
fn result_vector<'a>(c: &mut Checker<'a, '_>, what: &str, index: usize, kind: Kind) -> Option<Tensor<'a>> {
    let t = c.result_at(what, index)?;
    (c.kind(what, t, &[kind]).is_some() && c.rank(what, t, 1)).then_some(t)
}

/// An error unless `t` holds `length` elements (`what` says which).
fn length(c: &mut Checker<'_, '_>, what: &str, t: Tensor<'_>, length: i64, why: &str) {
    if t.shape[0] != length {
        c.error(format!("{what} holds {} elements, but {why} {length}", t.shape[0]));
    }
}

/// An error unless integer attribute `name` is at most `max` (at least 0 is `int_attr`'s).
fn at_most(c: &mut Checker<'_, '_>, name: &str, max: i64) -> Option<i64> {
    let value = c.int_attr(name, 0)?;
    if value > max {
        c.error(format!("'{name}' must be at most {max}, but is {value}"));
        return None;
    }
    Some(value)
}

/// `signal_energy` (TFLM's `EnergyPrepare`): i16 pairs of rank 1 in, ui32 of rank 1 out, the
/// bins `[start_index, end_index)` inside both.
fn check_energy(c: &mut Checker<'_, '_>) {
    let start = c.int_attr("start_index", 0);
    let end = c.int_attr("end_index", 0);
    let input = vector(c, "input", 0, I16);
    let output = result_vector(c, "output", 0, U32);
    let Some((start, end)) = start.zip(end) else { return };
    if start > end {
        c.error(format!("'start_index' ({start}) must be at most 'end_index' ({end})"));
    }
    if let Some(input) = input
        && 2 * end > input.shape[0]
    {
        c.error(format!("'end_index' is {end}, but the input holds {} (real, imaginary) pairs", input.shape[0] / 2));
    }
    if let Some(output) = output
        && end > output.shape[0]
    {
        c.error(format!("'end_index' is {end}, but the output holds {} elements", output.shape[0]));
    }
}

/// `signal_filter_bank` (TFLM's `FilterBankPrepare`): ui32 energies, i16 weights and channel
/// tables of rank 1, the tables one entry longer than the ui64 output (channel 0 is scratch).
fn check_filter_bank(c: &mut Checker<'_, '_>) {
    vector(c, "input", 0, U32);
    let weights = vector(c, "weights", 1, I16);
    let unweights = vector(c, "unweights", 2, I16);
    let tables = ["channel_frequency_starts", "channel_weight_starts", "channel_widths"]
        .into_iter()
        .enumerate()
        .map(|(i, what)| (what, vector(c, what, 3 + i, I16)))
        .collect::<Vec<_>>();
    if let (Some(weights), Some(unweights)) = (weights, unweights) {
        length(c, "unweights", unweights, weights.shape[0], "the weights hold");
    }
    let Some(output) = result_vector(c, "output", 0, U64) else { return };
    for (what, table) in tables {
        if let Some(table) = table {
            length(c, what, table, output.shape[0] + 1, "one more than the output's channels is");
        }
    }
}

/// `signal_filter_bank_square_root` (TFLM's `FilterBankSquareRootPrepare`): ui64 channels of
/// rank 1 and an i32 scalar in, ui32 channels out.
fn check_filter_bank_square_root(c: &mut Checker<'_, '_>) {
    vector(c, "input", 0, U64);
    if let Some(bits) = c.operand("scale_bits", 1)
        && c.kind("scale_bits", bits, &[I32]).is_some()
    {
        c.rank("scale_bits", bits, 0);
    }
    result_vector(c, "output", 0, U32);
    c.check_inferred();
}

/// `signal_filter_bank_spectral_subtraction` (TFLM's `Prepare`): ui32 channels of rank 1 in and
/// out, an estimate as long; coefficients that fit TFLM's `uint32_t`, shifts within its widths.
fn check_spectral_subtraction(c: &mut Checker<'_, '_>) {
    for name in &SPECTRAL_SUBTRACTION_ATTRS[..5] {
        at_most(c, name, i64::from(u32::MAX));
    }
    at_most(c, "smoothing_bits", 31);
    at_most(c, "spectral_subtraction_bits", 63);
    let input = vector(c, "input", 0, U32);
    let estimate = vector(c, "noise_estimate", 1, U32);
    if let (Some(input), Some(estimate)) = (input, estimate) {
        length(c, "noise_estimate", estimate, input.shape[0], "the input's channels are");
    }
    result_vector(c, "output", 0, U32);
    result_vector(c, "next_noise_estimate", 1, U32);
    c.check_inferred();
}

/// `signal_filter_bank_spectral_subtraction`: the input's shape, twice.
fn infer_spectral_subtraction(q: &ShapeQuery<'_>) -> Inference {
    let input = q.shape(0)?.to_vec();
    Ok(Some(vec![Inferred::Shape(input.clone()), Inferred::Shape(input)]))
}

/// `signal_pcan` (TFLM's `PcanPrepare`): ui32 channels and estimates of rank 1 and equal length,
/// an i16 gain table long enough for every input, `snr_shift` within 64 bits.
fn check_pcan(c: &mut Checker<'_, '_>) {
    at_most(c, "snr_shift", 63);
    let input = vector(c, "input", 0, U32);
    let estimate = vector(c, "noise_estimate", 1, U32);
    if let (Some(input), Some(estimate)) = (input, estimate) {
        length(c, "noise_estimate", estimate, input.shape[0], "the input's channels are");
    }
    if let Some(lut) = vector(c, "gain_lut", 2, I16)
        && lut.shape[0] < PCAN_GAIN_LUT_MIN_LENGTH
    {
        c.error(format!(
            "gain_lut holds {} entries, but TFLite Micro's WideDynamicFunction reads up to {PCAN_GAIN_LUT_MIN_LENGTH}",
            lut.shape[0]
        ));
    }
    result_vector(c, "output", 0, U32);
    c.check_inferred();
}

/// `signal_filter_bank_log` (TFLM's `FilterBankLogPrepare`): ui32 channels of rank 1 in, i16
/// out; the correction a shift of a 32-bit value.
fn check_filter_bank_log(c: &mut Checker<'_, '_>) {
    at_most(c, "input_correction_bits", 31);
    c.int_attr("output_scale", 0);
    vector(c, "input", 0, U32);
    result_vector(c, "output", 0, I16);
    c.check_inferred();
}

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

/// `signal_rfft` (TFLM's `RfftPrepare`): i16, i32 or f32 in and the same out, of the same rank,
/// rows no longer than `fft_length`, a power of two from 4 to 32768.
fn check_rfft(c: &mut Checker<'_, '_>) {
    if let Some((row, length)) = fft_rows(c)
        && row > length
    {
        c.error(format!("input rows hold {row} samples, more than 'fft_length' ({length})"));
    }
    c.check_inferred();
}

/// What the real FFTs check alike: `fft_length` a power of two from 4 to
/// [`SIGNAL_RFFT_MAX_LENGTH`], an i16, i32 or f32 input of rank 1 or more and an output of its
/// type; the input's row length and `fft_length`.
fn fft_rows(c: &mut Checker<'_, '_>) -> Option<(i64, i64)> {
    let length = c.int_attr("fft_length", 4);
    if let Some(length) = length
        && (length.count_ones() != 1 || length > SIGNAL_RFFT_MAX_LENGTH)
    {
        c.error(format!("'fft_length' must be a power of two from 4 to {SIGNAL_RFFT_MAX_LENGTH}, but is {length}"));
    }
    let input = c.operand("input", 0)?;
    let kind = c.kind("input", input, &[I16, I32, F32]);
    if let (Some(output), Some(kind)) = (c.result("output"), kind) {
        c.kind("output", output, &[kind]);
    }
    let Some(&row) = input.shape.last() else {
        c.error("input must have rank 1 or more");
        return None;
    };
    Some((row, length?))
}

/// `signal_irfft` (TFLM's irfft `Prepare`): i16, i32 or f32 spectra of `fft_length + 2` values
/// per row (kissfft reads `fft_length / 2 + 1` pairs) and the same type out, `fft_length` a power
/// of two from 4 to 32768.
fn check_irfft(c: &mut Checker<'_, '_>) {
    if let Some((row, length)) = fft_rows(c)
        && row != length + 2
    {
        c.error(format!(
            "input rows hold {row} values, but the {} (real, imaginary) pairs of 'fft_length' {length} are {}",
            length / 2 + 1,
            length + 2
        ));
    }
    c.check_inferred();
}

/// `signal_irfft`: the input's shape with rows of `fft_length` samples.
fn infer_irfft(q: &ShapeQuery<'_>) -> Inference {
    transformed_rows(q, 0)
}

/// `signal_rfft`: the input's shape with rows of `fft_length + 2` values.
fn infer_rfft(q: &ShapeQuery<'_>) -> Inference {
    transformed_rows(q, 2)
}

/// The input's shape with rows of `fft_length + extra` values.
fn transformed_rows(q: &ShapeQuery<'_>, extra: i64) -> Inference {
    let mut shape = q.shape(0)?.to_vec();
    let length = q.int_attr("fft_length")?;
    match shape.last_mut() {
        Some(row) => *row = length + extra,
        None => return Ok(None),
    }
    Ok(Some(vec![Inferred::Shape(shape)]))
}

/// `signal_delay` (TFLM's `DelayPrepare`): i16 rows in and out, a state of i16 rows of at least
/// one sample, with the input's leading dimensions.
fn check_delay(c: &mut Checker<'_, '_>) {
    let (Some(input), Some(state)) = (c.operand("input", 0), c.operand("state", 1)) else { return };
    c.kind("input", input, &[I16]);
    c.kind("state", state, &[I16]);
    for (index, what) in [(0, "output"), (1, "next_state")] {
        if let Some(result) = c.result_at(what, index) {
            c.kind(what, result, &[I16]);
        }
    }
    match (input.shape.split_last(), state.shape.split_last()) {
        (None, _) => c.error("input must have rank 1 or more"),
        (Some((_, rows)), Some((&delay, state_rows))) if rows == state_rows && delay >= 1 => {}
        _ => c.error(format!(
            "state must be the input's rows ({:?}) of 1 or more samples, but has shape {:?}",
            &input.shape[..input.shape.len() - 1],
            state.shape
        )),
    }
    c.check_inferred();
}

/// `signal_delay`: the input's shape and the state's.
fn infer_delay(q: &ShapeQuery<'_>) -> Inference {
    Ok(Some(vec![Inferred::Shape(q.shape(0)?.to_vec()), Inferred::Shape(q.shape(1)?.to_vec())]))
}

/// `signal_overlap_add` (TFLM's `OverlapAddPrepare`): frames `[..., F, S]` of i16 or f32, a
/// state of the rows' `S` samples, `frame_step` from 1 to `S` (TFLite Micro moves `S -
/// frame_step` samples of the state), results of the input's type.
fn check_overlap_add(c: &mut Checker<'_, '_>) {
    let (Some(input), Some(state)) = (c.operand("input", 0), c.operand("state", 1)) else { return };
    let Some(kind) = c.kind("input", input, &[I16, F32]) else { return };
    c.kind("state", state, &[kind]);
    for (index, what) in [(0, "output"), (1, "next_state")] {
        if let Some(result) = c.result_at(what, index) {
            c.kind(what, result, &[kind]);
        }
    }
    let Some(&[.., size]) = Some(input.shape).filter(|s| s.len() >= 2) else {
        c.error("input must be frames of rank 2 or more");
        return;
    };
    let rows = &input.shape[..input.shape.len() - 2];
    if state.shape.split_last() != Some((&size, rows)) {
        c.error(format!(
            "state must be the input's rows ({rows:?}) of its {size} frame samples, but has shape {:?}",
            state.shape
        ));
    }
    if let Some(step) = c.ctx.attr(c.op, "frame_step").and_then(|a| c.ctx.integer_value(a))
        && !(1..=i128::from(size)).contains(&step)
    {
        c.error(format!("'frame_step' must be from 1 to the frame size {size}, but is {step}"));
    }
    c.check_inferred();
}

/// `signal_overlap_add`: `frame_step` samples per frame of each row, and the state's shape.
fn infer_overlap_add(q: &ShapeQuery<'_>) -> Inference {
    let mut shape = q.shape(0)?.to_vec();
    let step = q.int_attr("frame_step")?;
    let (Some(_), Some(frames)) = (shape.pop(), shape.pop()) else { return Ok(None) };
    shape.push(frames * step);
    Ok(Some(vec![Inferred::Shape(shape), Inferred::Shape(q.shape(1)?.to_vec())]))
}

/// `signal_framer` (TFLM's framer `Prepare`, prefilled): i16 rows of a multiple of `frame_step`
/// samples, `frame_step` from 1 to `frame_size - 1`, a state of the rows' `frame_size -
/// frame_step` samples, i16 frames and a rank-0 i1 flag.
fn check_framer(c: &mut Checker<'_, '_>) {
    let (Some(input), Some(state)) = (c.operand("input", 0), c.operand("state", 1)) else { return };
    c.kind("input", input, &[I16]);
    c.kind("state", state, &[I16]);
    for (index, what) in [(0, "output"), (2, "next_state")] {
        if let Some(result) = c.result_at(what, index) {
            c.kind(what, result, &[I16]);
        }
    }
    if let Some(valid) = c.result_at("valid", 1) {
        c.kind("valid", valid, &[BOOL]);
        c.rank("valid", valid, 0);
    }
    let int = |name: &str| c.ctx.attr(c.op, name).and_then(|a| c.ctx.integer_value(a));
    let (Some(size), Some(step)) = (int("frame_size"), int("frame_step")) else { return };
    if !(1..size).contains(&step) {
        c.error(format!("'frame_step' must be from 1 to 'frame_size' - 1 ({}), but is {step}", size - 1));
        return;
    }
    let Some((&samples, rows)) = input.shape.split_last() else {
        c.error("input must have rank 1 or more");
        return;
    };
    if i128::from(samples) % step != 0 {
        c.error(format!("rows of {samples} samples are not a whole number of {step}-sample steps"));
    }
    let kept = (size - step) as i64;
    if state.shape.split_last() != Some((&kept, rows)) {
        c.error(format!(
            "state must be the input's rows ({rows:?}) of its {kept} samples the frames overlap, but has shape {:?}",
            state.shape
        ));
    }
    c.check_inferred();
}

/// `signal_framer`: `N / frame_step` frames of `frame_size` per row, a rank-0 flag, the state.
fn infer_framer(q: &ShapeQuery<'_>) -> Inference {
    let mut shape = q.shape(0)?.to_vec();
    let (size, step) = (q.int_attr("frame_size")?, q.int_attr("frame_step")?);
    let Some(samples) = shape.pop().filter(|_| step >= 1) else { return Ok(None) };
    shape.extend([samples / step, size]);
    Ok(Some(vec![Inferred::Shape(shape), Inferred::Shape(Vec::new()), Inferred::Shape(q.shape(1)?.to_vec())]))
}

/// `signal_stacker` (TFLM's stacker `Prepare` and `CircularBuffer` bounds): an i16 frame of rank
/// 1, `left_context` and `right_context` 0 or more, `step` from 1 to the stack's `K` frames
/// (TFLite Micro discards `step` frames of the `K` it holds), the state of
/// [`signal_stacker_state_length`], an i16 stack of `K` frames and a rank-0 i1 flag.
fn check_stacker(c: &mut Checker<'_, '_>) {
    let left = c.int_attr("left_context", 0);
    let right = c.int_attr("right_context", 0);
    let step = c.int_attr("step", 1);
    let input = vector(c, "input", 0, I16);
    let state = vector(c, "state", 1, I16);
    for (index, what) in [(0, "output"), (2, "next_state")] {
        result_vector(c, what, index, I16);
    }
    if let Some(valid) = c.result_at("valid", 1) {
        c.kind("valid", valid, &[BOOL]);
        c.rank("valid", valid, 0);
    }
    let (Some(left), Some(right), Some(step)) = (left, right, step) else { return };
    let frames = left + right + 1;
    if step > frames {
        c.error(format!("'step' must be from 1 to the {frames} frames stacked, but is {step}"));
    }
    if let (Some(input), Some(state)) = (input, state) {
        let expected = signal_stacker_state_length(input.shape[0], frames);
        length(c, "state", state, expected, "stacks of the input's frame need");
    }
    c.check_inferred();
}

/// `signal_stacker`: `K` frames of the input's length, a rank-0 flag, the state.
fn infer_stacker(q: &ShapeQuery<'_>) -> Inference {
    let frames = q.int_attr("left_context")? + q.int_attr("right_context")? + 1;
    let [channels] = q.shape(0)?[..] else { return Ok(None) };
    Ok(Some(vec![
        Inferred::Shape(vec![frames * channels]),
        Inferred::Shape(Vec::new()),
        Inferred::Shape(q.shape(1)?.to_vec()),
    ]))
}
