//! `fill` and `zeros_like`: TFLite Micro's `FILL` (`reference_ops::Fill`: every element of the
//! result is the scalar `value`, whose type is the result's) and `ZEROS_LIKE` (`resetZeros`:
//! every element is the stored integer 0, or `0.0`; a quantized int8 result holds 0, not its zero
//! point, as TFLM writes it). The result's shape is static; the input of `zeros_like` is never
//! read.
//!
//! ```text
//! %v = loop.load %value[]
//! loop.for %i ... { loop.store %v, %out[%i, ...] }
//! ```

use super::emitter::{ElementKind, KernelEmitter};
use mc_ir::{Diagnostic, Value};

/// Stores `value` at every index of the output.
fn store_everywhere(e: &mut KernelEmitter<'_>, value: Value) -> Result<(), Diagnostic> {
    let output = e.output;
    let shape = e.shape(output);
    e.nest(&shape, |e, ivs| {
        e.store(value, output, ivs);
        Ok(())
    })
}

/// Lowers `fill` (its one input is the scalar `value`; the `dims` are the result's shape).
pub fn lower_fill(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let value = e.load(e.inputs[0], &[]);
    store_everywhere(e, value)
}

/// Lowers `zeros_like`.
pub fn lower_zeros_like(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let output = e.output;
    let zero = match e.kind(output) {
        ElementKind::F32 => e.f32(0.0),
        ElementKind::Int64 => e.int(0, 64),
        kind => match kind.storage() {
            Some((width, _)) => e.int(0, width),
            None => return Err(e.unsupported(format!("result '{}'", e.type_text(output)))),
        },
    };
    store_everywhere(e, zero)
}
