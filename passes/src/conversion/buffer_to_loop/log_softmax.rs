//! `log_softmax` over the last dimension, each row on its own, as TFLite Micro's float
//! `reference_ops::LogSoftmax` computes it: the row's `max` (from the lowest float), the sum of
//! `exp(x - max)` from `0.f`, its `log`, then `(x - max) - log_sum` per element.
//!
//! ```text
//! loop.for %row ... {
//!   %max = loop.for %c ... iter_args(lowest)  maximumf
//!   %sum = loop.for %c ... iter_args(0.0)     addf(exp(x - max))
//!   %log = math.log %sum
//!   loop.for %c ... { loop.store (x - max) - log, %out[%row, %c] }
//! ```
//!
//! TFLM's int8 kernel (gemmlowp fixed point, output scale 16/256 and zero point 127) has no
//! lowering yet: the support table lists float32 only, so an int8 kernel is refused by name.
//! Each element is read before its output is written, so the kernel also runs in place.

use super::emitter::{ElementKind, KernelEmitter};
use super::softmax::at;
use mc_ir::Diagnostic;

/// Lowers `log_softmax` (float32).
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
        let lowest = e.f32(f32::MIN);
        let max = e.for_range(0, depth, &[lowest], |e, c, carried| {
            let x = e.load(input, &at(row, c));
            Ok(vec![e.binary("arith.maximumf", carried[0], x)])
        })?[0];
        let zero = e.f32(0.0);
        let f32 = e.b.ctx.value_type(zero);
        let sum = e.for_range(0, depth, &[zero], |e, c, carried| {
            let x = e.load(input, &at(row, c));
            let difference = e.binary("arith.subf", x, max);
            let exp = e.unary("math.exp", difference, f32);
            Ok(vec![e.binary("arith.addf", carried[0], exp)])
        })?[0];
        let log_sum = e.unary("math.log", sum, f32);
        e.for_range(0, depth, &[], |e, c, _| {
            let x = e.load(input, &at(row, c));
            let difference = e.binary("arith.subf", x, max);
            let y = e.binary("arith.subf", difference, log_sum);
            e.store(y, output, &at(row, c));
            Ok(Vec::new())
        })?;
        Ok(())
    })
}
