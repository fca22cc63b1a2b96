//! `l2_normalization` over the last dimension, each row on its own, as TFLite Micro's float
//! `reference_ops::L2Normalization` computes it (with the `epsilon` of 1e-6 its kernel passes):
//! the sum of squares from `0.f`, its square root raised to at least `epsilon`, then each element
//! divided by it.
//!
//! ```text
//! loop.for %row ... {
//!   %sum = loop.for %c ... iter_args(0.0)   addf(x · x)
//!   %norm = maximumf(sqrt(%sum), 1e-6)
//!   loop.for %c ... { loop.store x / %norm, %out[%row, %c] }
//! ```
//!
//! TFLM's int8 kernel (`reference_integer_ops::L2Normalization`, an inverse square root per row)
//! has no lowering yet: the support table lists float32 only, so an int8 kernel is refused by
//! name. Each element is read before its output is written, so the kernel also runs in place.

use super::emitter::{ElementKind, KernelEmitter};
use super::softmax::at;
use mc_ir::Diagnostic;

/// The `epsilon` TFLite Micro's kernel passes (`const float epsilon = 1e-6f`).
const EPSILON: f32 = 1e-6;

/// Lowers `l2_normalization` (float32).
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let shape = e.shape(output);
    if shape.is_empty()
        || e.shape(input) != shape
        || (e.kind(input), e.kind(output)) != (ElementKind::F32, ElementKind::F32)
    {
        return Err(e.unsupported(format!(
            "from '{}' to '{}' (float32 of rank 1 or more, to the same shape)",
            e.type_text(input),
            e.type_text(output)
        )));
    }
    let (rows, depth) = (&shape[..shape.len() - 1], shape[shape.len() - 1]);
    e.nest(rows, |e, row| {
        let zero = e.f32(0.0);
        let f32 = e.b.ctx.value_type(zero);
        let sum = e.for_range(0, depth, &[zero], |e, c, carried| {
            let x = e.load(input, &at(row, c));
            let square = e.binary("arith.mulf", x, x);
            Ok(vec![e.binary("arith.addf", carried[0], square)])
        })?[0];
        let root = e.unary("math.sqrt", sum, f32);
        let epsilon = e.f32(EPSILON);
        let norm = e.binary("arith.maximumf", root, epsilon);
        e.for_range(0, depth, &[], |e, c, _| {
            let x = e.load(input, &at(row, c));
            let y = e.binary("arith.divf", x, norm);
            e.store(y, output, &at(row, c));
            Ok(Vec::new())
        })?;
        Ok(())
    })
}
