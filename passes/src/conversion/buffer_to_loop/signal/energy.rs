//! `signal_energy`: TFLite Micro's `SignalEnergy` (`SpectrumToEnergy` of `signal/src/energy.cc`):
//! for each bin in `[start_index, end_index)`, `real² + imag²` of its (real, imaginary) pair, the
//! `int32_t` sum stored as `uint32_t` (the other output elements are not written, as in TFLM).
//!
//! ```text
//! loop.for %i = start to end {
//!   %re = extsi in[2 %i], %im = extsi in[2 %i + 1] : i32
//!   loop.store %re * %re + %im * %im, out[%i]
//! }
//! ```

use super::super::emitter::{ElementKind, KernelEmitter};
use mc_ir::Diagnostic;

/// Lowers `signal_energy`.
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let (start, end) = (e.int_attr("start_index")?, e.int_attr("end_index")?);
    let (pairs, bins) = (e.shape(input), e.shape(output));
    let kinds = e.kind(input) == ElementKind::Int16 && e.kind(output) == ElementKind::UInt32;
    let ranks = pairs.len() == 1 && bins.len() == 1;
    if !(kinds && ranks && 0 <= start && start <= end && end <= bins[0] && 2 * end <= pairs[0]) {
        return Err(e.unsupported_types(
            "TFLite Micro takes i16 (real, imaginary) pairs of rank 1 into ui32 of rank 1, bins inside both",
        ));
    }
    let (one, two) = (e.index(1), e.index(2));
    e.for_range(start, end, &[], |e, i, _| {
        let real_at = e.muli(i, two);
        let imag_at = e.addi(real_at, one);
        let real = e.load(input, &[real_at]);
        let imag = e.load(input, &[imag_at]);
        let (real, imag) = (e.extsi_i32(real), e.extsi_i32(imag));
        let (real2, imag2) = (e.muli(real, real), e.muli(imag, imag));
        let energy = e.addi(real2, imag2);
        e.store(energy, output, &[i]);
        Ok(Vec::new())
    })?;
    Ok(())
}
