//! `signal_rfft`: TFLite Micro's `SignalRfft` (`RfftInt16Apply`, `RfftInt32Apply` and
//! `RfftFloatApply` of `signal/src/rfft_*.cc`), which is kissfft's `kiss_fftr` ([`super::kiss_fft`])
//! in 16-bit or 32-bit fixed point or in `float`: the row, zero-padded to `fft_length`, read as
//! `fft_length / 2` complex samples, transformed by `kiss_fft`, then split into the real signal's
//! spectrum:
//!
//! ```text
//! kiss_fftr's tail = bins 0 and N: (dc.r ± dc.i) / 2; bins k and N - k from
//!                    (X[k] ± conj(X[N - k])) / 2 and a super twiddle, halved: `>> 1` on the
//!                    C `int` sum (exact for 16 bits, wrapped for 32), `* 0.5f` in float
//! ```
//!
//! The scratch buffers are TFLM's: the zero-padded row (`work_area`) and kissfft's `tmpbuf`.

use super::super::emitter::KernelEmitter;
use super::kiss_fft::{
    Buffers, Complex, Op, Scalar, butterflies, fixdiv, half_of, load_complex, permuted_copy, store_pair,
    transform_operands, twiddled_pair, wrapping,
};
use mc_ir::{Diagnostic, Value};

/// Lowers `signal_rfft`.
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let (scalar, length, in_shape) = transform_operands(
        e,
        "TFLite Micro's real FFT takes i16, i32 or f32 rows of at most fft_length (a power of two from 4) and \
         writes fft_length + 2 values of the same type per row",
        |row, out_row, length| row <= length && out_row == length + 2,
    )?;
    let row = in_shape.last().copied().unwrap_or(0);
    let n = (length / 2) as usize;
    let element = e.element(input);
    let padded = e.workspace(vec![length], element);
    let (plan, permutation, buffers) = Buffers::new(e, "rfft", (scalar, element), n, false);
    let zero = match scalar {
        Scalar::Fixed(width) => e.int(0, width),
        Scalar::Float => e.f32(0.0),
    };
    e.nest(&in_shape[..in_shape.len() - 1], |e, ivs| {
        // RfftEval: the row into the work area, zero-padded.
        e.for_range(0, row, &[], |e, j, _| {
            let indices: Vec<Value> = ivs.iter().copied().chain([j]).collect();
            let sample = e.load(input, &indices);
            e.store(sample, padded, &[j]);
            Ok(Vec::new())
        })?;
        e.for_range(row, length, &[], |e, j, _| {
            e.store(zero, padded, &[j]);
            Ok(Vec::new())
        })?;
        permuted_copy(e, permutation, padded, buffers.data, n as i64)?;
        butterflies(e, &plan, &buffers)?;
        split(e, n as i64, &buffers, output, ivs)
    })
}

/// `kiss_fftr`'s tail: the `n + 1` bins of the real signal from the complex transform, into the
/// output row at `ivs`.
fn split(e: &mut KernelEmitter<'_>, n: i64, b: &Buffers, output: Value, ivs: &[Value]) -> Result<(), Diagnostic> {
    let s = b.scalar;
    let store_bin = |e: &mut KernelEmitter<'_>, bin: Value, value: Complex| store_pair(e, s, value, output, ivs, bin);
    let zero = e.index(0);
    let dc = load_complex(e, s, b.data, zero);
    let dc = fixdiv(e, s, dc, 2);
    let nothing = s.constant(e, 0);
    let sum = wrapping(e, s, Op::Add, dc.r, dc.i);
    store_bin(e, zero, Complex { r: sum, i: nothing });
    let difference = wrapping(e, s, Op::Sub, dc.r, dc.i);
    let last = e.index(n);
    store_bin(e, last, Complex { r: difference, i: nothing });
    e.for_range(1, n / 2 + 1, &[], |e, k, _| {
        let fpk = load_complex(e, s, b.data, k);
        let n_index = e.index(n);
        let mirror = e.binary("arith.subi", n_index, k);
        let fpnk = load_complex(e, s, b.data, mirror);
        let (f1k, tw) = twiddled_pair(e, s, (fpk, fpnk), b.super_twiddles, k);
        let low = Complex { r: half_of(e, s, Op::Add, f1k.r, tw.r), i: half_of(e, s, Op::Add, f1k.i, tw.i) };
        store_bin(e, k, low);
        let high = Complex { r: half_of(e, s, Op::Sub, f1k.r, tw.r), i: half_of(e, s, Op::Sub, tw.i, f1k.i) };
        store_bin(e, mirror, high);
        Ok(Vec::new())
    })?;
    Ok(())
}
