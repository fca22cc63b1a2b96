//! `pack`: TFLite Micro's `PACK` (`PackImpl` in `pack.cc`) as pure data movement. Input `i` is
//! copied by its own nest into result index `i` along the new dimension `axis`: result index
//! `(k..., i, j...)` = input `i`'s `(k..., j...)`. TFLM copies elements without requantization;
//! the verifier requires every input to have the result's element type (quantization included).
//!
//! ```text
//! loop.for %k ... { loop.for %j ... {
//!   %x = loop.load %in_i[%k, %j]
//!   loop.store %x, %out[%k, i, %j]
//! ```

use super::emitter::KernelEmitter;
use mc_ir::Diagnostic;

/// Lowers `pack` (attribute `axis`, negative counts from the end of the result).
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let output = e.output;
    let rank = e.shape(output).len() as i64;
    // The verifier of buffer.kernel checks that `axis` is in `[-rank, rank)` of the result.
    let axis = e.int_attr("axis")?;
    let axis = if axis < 0 { axis + rank } else { axis } as usize;
    let inputs = e.inputs.clone();
    for (position, input) in inputs.into_iter().enumerate() {
        let shape = e.shape(input);
        let at = e.index(position as i64);
        e.nest(&shape, |e, ivs| {
            let value = e.load(input, ivs);
            let mut indices = ivs.to_vec();
            indices.insert(axis, at);
            e.store(value, output, &indices);
            Ok(())
        })?;
    }
    Ok(())
}
