//! `signal_window`: TFLite Micro's `SignalWindow` (`ApplyWindow` of `signal/src/window.cc`):
//! each sample times the weight of its position in the row, shifted right (arithmetic, the
//! `int32_t` product's `>>`), saturated to 16 bits.
//!
//! ```text
//! loop.for %i ... loop.for %n ... {
//!   %p = arith.muli (extsi in[%i, %n]), (extsi weights[%n]) : i32
//!   %r = arith.shrsi %p, shift
//!   loop.store (trunci (clamp %r to [-32768, 32767])), out[%i, %n]
//! ```

use super::super::emitter::{ElementKind, KernelEmitter};
use mc_ir::Diagnostic;

/// Lowers `signal_window`.
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, weights, output) = (e.inputs[0], e.inputs[1], e.output);
    let shape = e.shape(input);
    let int16 = [input, weights, output].iter().all(|&v| e.kind(v) == ElementKind::Int16);
    if !int16 || shape.is_empty() || e.shape(output) != shape {
        return Err(e.unsupported_types("TFLite Micro windows i16 samples with i16 weights into i16, same shape"));
    }
    let shift = e.int_attr("shift")?;
    let shift = e.i32(shift as i32);
    let (low, high) = (e.i32(i32::from(i16::MIN)), e.i32(i32::from(i16::MAX)));
    e.nest(&shape, |e, ivs| {
        let sample = e.load(input, ivs);
        let weight = e.load(weights, &ivs[ivs.len() - 1..]);
        let (sample, weight) = (e.extsi_i32(sample), e.extsi_i32(weight));
        let product = e.muli(sample, weight);
        let shifted = e.binary("arith.shrsi", product, shift);
        let saturated = e.clamp_si(shifted, low, high);
        let narrow = e.trunci(saturated, 16);
        e.store(narrow, output, ivs);
        Ok(())
    })
}
