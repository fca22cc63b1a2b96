//! `select_v2`: TFLite Micro's `select.cc`, `reference_ops::Select` and `BroadcastSelect5DSlow`
//! (`BroadcastSelectSimple`): `condition ? x : y` with the three operands broadcast together (numpy
//! rules, up to the graph's rank 6), on f32, int8 and int16 stored values.
//!
//! ```text
//! loop.for %i ... {
//!   %c = loop.load %condition[...] : !buffer<...xi1>   // each at the outermost level where its
//!   %x = loop.load %x[...]                             // index is known
//!   loop.for %j ... {
//!     %y = loop.load %y[...]
//!     %r = arith.select %c, %x, %y
//!     loop.store %r, %out[%i, %j]
//! ```
//!
//! Operands of one element each are selected once whatever their ranks, as TFLM's `Select` does
//! (its `Prepare` keeps the model's one-element result shape). Buffers may be strided, and the
//! output may be `x` or `y` (in place).

use super::broadcast::broadcast_nest;
use super::emitter::{ElementKind, KernelEmitter};
use mc_dialects::arith::build::select;
use mc_ir::Diagnostic;

/// Lowers `select_v2`.
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (condition, x, y, out) = (e.inputs[0], e.inputs[1], e.inputs[2], e.output);
    let kind = e.kind(x);
    let supported = e.kind(condition) == ElementKind::Bool
        && matches!(kind, ElementKind::F32 | ElementKind::Int8 | ElementKind::Int16)
        && e.kind(y) == kind
        && e.kind(out) == kind;
    if !supported {
        return Err(e.unsupported(format!(
            "operand types {}, {}, {} -> {} (TFLite Micro selects f32, int8 and int16 of one type)",
            e.type_text(condition),
            e.type_text(x),
            e.type_text(y),
            e.type_text(out)
        )));
    }
    let output = e.shape(out);
    // TFLM's Select of one-element operands ignores their shapes (ranks may differ).
    let one_element = |e: &KernelEmitter<'_>, v| e.shape(v).iter().product::<i64>() == 1;
    if [condition, x, y, out].into_iter().all(|v| one_element(e, v)) {
        let first = |e: &mut KernelEmitter<'_>, v| {
            let zero = e.index(0);
            (vec![zero; e.shape(v).len()], v)
        };
        let loads: Vec<_> = [condition, x, y].into_iter().map(|v| first(e, v)).collect();
        let values: Vec<_> = loads.iter().map(|(indices, v)| e.load(*v, indices)).collect();
        let value = select(&mut e.b, values[0], values[1], values[2]);
        let (indices, _) = first(e, out);
        e.store(value, out, &indices);
        return Ok(());
    }
    broadcast_nest(
        e,
        &output,
        &[condition, x, y],
        &mut |e, _, buffer, indices| Ok(e.load(buffer, indices)),
        &mut |e, ivs, xs| {
            let value = select(&mut e.b, xs[0], xs[1], xs[2]);
            e.store(value, out, ivs);
            Ok(())
        },
    )
}
