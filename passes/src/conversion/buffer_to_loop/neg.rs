//! `neg`: TFLite Micro's `NEG`, `reference_ops::Negate` on floats (`-x`, which flips the sign
//! bit: `0.0` becomes `-0.0`, a NaN stays a NaN). TFLM's kernel takes no other type (its int8
//! case is a TODO), so neither does this one.
//!
//! ```text
//! loop.for %i ... {
//!   %x = loop.load %in[%i, ...]
//!   %r = arith.negf %x
//!   loop.store %r, %out[%i, ...]
//! ```
//!
//! Buffers may be strided, and the kernel may run in place.

use super::activation::elementwise;
use super::emitter::{ElementKind, KernelEmitter};
use mc_ir::Diagnostic;

/// Lowers `neg`.
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    if e.shape(input) != e.shape(output) || e.kind(input) != ElementKind::F32 || e.kind(output) != ElementKind::F32 {
        return Err(e.unsupported_types("TFLite Micro negates f32 only, to the same shape"));
    }
    elementwise(e, |e, x| {
        let f32 = e.b.ctx.value_type(x);
        e.unary("arith.negf", x, f32)
    })
}
