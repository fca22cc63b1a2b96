//! `signal_filter_bank_spectral_subtraction`: TFLite Micro's
//! `SignalFilterBankSpectralSubtraction` (`FilterbankSpectralSubtraction` of
//! `signal/src/filter_bank_spectral_subtraction.cc`), one step on `uint32_t` channels. Even
//! channels smooth with (`smoothing`, `one_minus_smoothing`), odd ones with the alternates:
//!
//! ```text
//! loop.for %i {
//!   %up   = in[%i] << smoothing_bits                                     (u32)
//!   %est  = trunci((extui %up * s + extui est_in[%i] * (1 - s)) >> spectral_subtraction_bits)
//!   %cap  = min_u(%est, %up); est_out[%i] = clamping ? %cap : %est
//!   %floor = trunci((extui in[%i] * min_signal_remaining) >> spectral_subtraction_bits)
//!   out[%i] = max_u((%up - %cap) >> smoothing_bits, %floor)
//! }
//! ```
//!
//! The estimate before the step is an operand and the one after a result (the importer keeps it
//! in a variable); each channel reads its old estimate before writing the new one, so the two may
//! share a buffer.

use super::super::emitter::{ElementKind, KernelEmitter};
use mc_dialects::arith::build::{cmpi, select};
use mc_dialects::graph::SPECTRAL_SUBTRACTION_ATTRS;
use mc_ir::Diagnostic;

/// Lowers `signal_filter_bank_spectral_subtraction`.
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, estimate) = (e.inputs[0], e.inputs[1]);
    let (output, next) = (e.result_output(0), e.result_output(1));
    let shape = e.shape(input);
    let vectors = [Some(input), Some(estimate), output, next];
    let ok = vectors.iter().flatten().all(|&v| e.kind(v) == ElementKind::UInt32 && e.shape(v) == shape);
    if !ok || shape.len() != 1 {
        return Err(e.unsupported_types("TFLite Micro subtracts ui32 channels of rank 1 and an estimate as long"));
    }
    let mut values = [0i64; 7];
    for (value, name) in values.iter_mut().zip(SPECTRAL_SUBTRACTION_ATTRS) {
        *value = e.int_attr(name)?;
    }
    let [smoothing, one_minus, alternate, alternate_one_minus, min_signal_remaining, smoothing_bits, subtraction_bits] =
        values;
    let clamping = e.bool_attr("clamping");
    let i64_type = e.b.ctx.integer_type(64);
    let (even, odd) =
        ((e.int(smoothing, 64), e.int(one_minus, 64)), (e.int(alternate, 64), e.int(alternate_one_minus, 64)));
    let floor_fraction = e.int(min_signal_remaining, 64);
    let (up_bits, down_bits) = (e.i32(smoothing_bits as i32), e.int(subtraction_bits, 64));
    let i32_type = e.b.ctx.integer_type(32);
    e.for_range(0, shape[0], &[], |e, i, _| {
        let channel = e.unary("arith.index_cast", i, i32_type);
        let (one, zero) = (e.i32(1), e.i32(0));
        let parity = e.binary("arith.andi", channel, one);
        let is_even = cmpi(&mut e.b, "eq", parity, zero);
        let s = select(&mut e.b, is_even, even.0, odd.0);
        let one_minus_s = select(&mut e.b, is_even, even.1, odd.1);
        let signal = e.load(input, &[i]);
        let up = e.binary("arith.shli", signal, up_bits);
        let old = e.load(estimate, &[i]);
        let (up_wide, old_wide) = (e.unary("arith.extui", up, i64_type), e.unary("arith.extui", old, i64_type));
        let (new_part, old_part) = (e.muli(up_wide, s), e.muli(old_wide, one_minus_s));
        let sum = e.addi(new_part, old_part);
        let smoothed = e.binary("arith.shrui", sum, down_bits);
        let smoothed = e.trunci(smoothed, 32);
        let capped = e.binary("arith.minui", smoothed, up);
        if let Some(next) = next {
            e.store(if clamping { capped } else { smoothed }, next, &[i]);
        }
        if let Some(output) = output {
            let signal_wide = e.unary("arith.extui", signal, i64_type);
            let floor = e.muli(signal_wide, floor_fraction);
            let floor = e.binary("arith.shrui", floor, down_bits);
            let floor = e.trunci(floor, 32);
            let left = e.binary("arith.subi", up, capped);
            let subtracted = e.binary("arith.shrui", left, up_bits);
            let kept = e.binary("arith.maxui", subtracted, floor);
            e.store(kept, output, &[i]);
        }
        Ok(Vec::new())
    })?;
    Ok(())
}
