//! `broadcast_to`: TFLite Micro's `BROADCAST_TO` (`reference_ops::BroadcastTo<5>`), which copies
//! the input's bytes into every position of the result it broadcasts to: result element `i` is
//! the input element at `i`, the input's size-1 and missing leading dimensions read at 0. No
//! arithmetic, so every element type moves unchanged (a quantized result has the input's
//! quantization: the verifier checks). Ranks up to 5, as TFLM's `kMaxDims`; the target shape is
//! the result's, static.
//!
//! ```text
//! loop.for %i ... {
//!   %x = loop.load %input[%i, %c0]     // loaded once per row where dimension 1 is broadcast
//!   loop.for %j ... { loop.store %x, %out[%i, %j] }
//! ```

use super::broadcast::broadcast_nest;
use super::emitter::KernelEmitter;
use mc_dialects::graph::MAX_BROADCAST_TO_RANK;
use mc_ir::Diagnostic;

/// Lowers `broadcast_to`.
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, out) = (e.inputs[0], e.output);
    let output = e.shape(out);
    if output.len() > MAX_BROADCAST_TO_RANK {
        return Err(e.unsupported(format!(
            "rank {} (TFLite Micro broadcasts to at most rank {MAX_BROADCAST_TO_RANK})",
            output.len()
        )));
    }
    broadcast_nest(e, &output, &[input], &mut |e, _, buffer, indices| Ok(e.load(buffer, indices)), &mut |e, ivs, xs| {
        e.store(xs[0], out, ivs);
        Ok(())
    })
}
