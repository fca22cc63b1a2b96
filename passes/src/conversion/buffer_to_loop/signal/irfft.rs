//! `signal_irfft`: TFLite Micro's `SignalIrfft` (`IrfftInt16Apply`, `IrfftInt32Apply` and
//! `IrfftFloatApply` of `signal/src/irfft_*.cc`), which is kissfft's `kiss_fftri`
//! ([`super::kiss_fft`], its phases negated) in 16-bit or 32-bit fixed point or in `float`: the
//! `fft_length / 2 + 1` bins of each row merged into `fft_length / 2` complex samples, whose
//! inverse `kiss_fft` is the real signal (the float kernel then divides it by `fft_length`):
//!
//! ```text
//! tmp[0]     = C_FIXDIV((X[0].r + X[N].r, X[0].r - X[N].r), 2)
//! k = 1..N/2: fk = C_FIXDIV(X[k], 2), fnkc = C_FIXDIV(conj(X[N - k]), 2)
//!             fek = fk + fnkc, fok = (fk - fnkc) · super_twiddle[k - 1]
//!             tmp[k] = fek + fok, tmp[N - k] = conj(fek - fok)       // k = N/2: the second wins
//! out        = kiss_fft⁻¹(tmp) as (real, imaginary) pairs of samples
//! ```
//!
//! The scratch buffers are kissfft's `tmpbuf` and the transform's.

use super::super::emitter::KernelEmitter;
use super::kiss_fft::{
    Buffers, Complex, Op, Scalar, butterflies, complex_op, fixdiv, load_complex, negate, pair_at, permuted_copy,
    store_pair, transform_operands, twiddled_pair, widen, wrapping,
};
use mc_ir::{Diagnostic, Value};

/// Lowers `signal_irfft`.
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let (scalar, length, in_shape) = transform_operands(
        e,
        "TFLite Micro's inverse real FFT takes i16, i32 or f32 rows of fft_length + 2 values (fft_length a power \
         of two from 4) and writes fft_length of the same type per row",
        |row, out_row, length| row == length + 2 && out_row == length,
    )?;
    let n = length / 2;
    let element = e.element(input);
    let merged = e.workspace(vec![length], element);
    let (plan, permutation, buffers) = Buffers::new(e, "irfft", (scalar, element), n as usize, true);
    let s = scalar;
    e.nest(&in_shape[..in_shape.len() - 1], |e, ivs| {
        let bin = |e: &mut KernelEmitter<'_>, k: Value| {
            let [real_at, imaginary_at] = pair_at(e, k);
            let mut part = |at: Value| {
                let indices: Vec<Value> = ivs.iter().copied().chain([at]).collect();
                let value = e.load(input, &indices);
                widen(e, s, value)
            };
            Complex { r: part(real_at), i: part(imaginary_at) }
        };
        let store_merged =
            |e: &mut KernelEmitter<'_>, k: Value, value: Complex| store_pair(e, s, value, merged, &[], k);
        let (zero, last) = (e.index(0), e.index(n));
        let (dc, nyquist) = (bin(e, zero), bin(e, last));
        let first =
            Complex { r: wrapping(e, s, Op::Add, dc.r, nyquist.r), i: wrapping(e, s, Op::Sub, dc.r, nyquist.r) };
        let first = fixdiv(e, s, first, 2);
        store_merged(e, zero, first);
        e.for_range(1, n / 2 + 1, &[], |e, k, _| {
            let fk = bin(e, k);
            let n_index = e.index(n);
            let mirror = e.binary("arith.subi", n_index, k);
            let fnk = bin(e, mirror);
            let (fek, fok) = twiddled_pair(e, s, (fk, fnk), buffers.super_twiddles, k);
            let low = complex_op(e, s, Op::Add, fek, fok);
            store_merged(e, k, low);
            let high = complex_op(e, s, Op::Sub, fek, fok);
            let high = Complex { r: high.r, i: negate(e, s, high.i) };
            store_merged(e, mirror, high);
            Ok(Vec::new())
        })?;
        permuted_copy(e, permutation, merged, buffers.data, n)?;
        butterflies(e, &plan, &buffers)?;
        // The complex samples are the real signal's pairs; IrfftFloatApply divides by fft_length.
        e.for_range(0, n, &[], |e, i, _| {
            let mut sample = load_complex(e, s, buffers.data, i);
            if s == Scalar::Float {
                let divisor = e.f32(length as f32);
                sample = Complex {
                    r: e.binary("arith.divf", sample.r, divisor),
                    i: e.binary("arith.divf", sample.i, divisor),
                };
            }
            store_pair(e, s, sample, output, ivs, i);
            Ok(Vec::new())
        })?;
        Ok(())
    })
}
