//! `maximum`, `minimum`: TFLite Micro's `reference_ops::MaximumMinimumBroadcastSlow` with its
//! `MaximumOp`/`MinimumOp` (`maximum_minimum.cc`), numpy broadcasting up to rank 5 (the
//! reference's `NdArrayDesc<5>`).
//!
//! TFLM has no `Prepare` for these operators: every element type (f32, int8, int16, int32, int64)
//! compares the stored values, `lhs > rhs ? lhs : rhs` (`<` for the minimum), with no
//! requantization and no check of the quantizations (when all three share one, this is the
//! larger or smaller real value; otherwise it is still TFLM's bytes). The order of the comparison is
//! kept for floats: a NaN `rhs` is taken, a NaN `lhs` is not, and of `-0.0` and `0.0` the `rhs`
//! wins.
//!
//! ```text
//! loop.for %i ... {
//!   %x = loop.load %lhs[...]
//!   loop.for %j ... {
//!     %y = loop.load %rhs[...]
//!     %c = arith.cmpf ogt, %x, %y         // cmpi sgt for integers; olt / slt for minimum
//!     %r = arith.select %c, %x, %y
//!     loop.store %r, %out[%i, %j]
//! ```
//!
//! Buffers may be strided, and the output may be an input (in place).

use super::activation::cmpf;
use super::broadcast::broadcast_nest;
use super::emitter::{ElementKind, KernelEmitter};
use mc_dialects::arith::build::{cmpi, select};
use mc_ir::Diagnostic;

/// The largest output rank TFLM's `MaximumMinimumBroadcastSlow` handles.
const MAX_RANK: usize = 5;

/// Lowers `maximum` or `minimum` (by `e.name`).
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let maximum = match e.name.as_str() {
        "maximum" => true,
        "minimum" => false,
        other => return Err(e.unsupported(format!("'{other}' is not maximum or minimum"))),
    };
    let (lhs, rhs, out) = (e.inputs[0], e.inputs[1], e.output);
    let output = e.shape(out);
    if output.len() > MAX_RANK {
        return Err(e.unsupported(format!(
            "rank {} (TFLite Micro's maximum/minimum broadcast handles up to {MAX_RANK})",
            output.len()
        )));
    }
    let predicate = match [e.kind(lhs), e.kind(rhs), e.kind(out)] {
        [ElementKind::F32, ElementKind::F32, ElementKind::F32] => {
            if maximum {
                "ogt"
            } else {
                "olt"
            }
        }
        [a, b, c]
            if a == b
                && b == c
                && matches!(a, ElementKind::Int8 | ElementKind::Int16 | ElementKind::Int32 | ElementKind::Int64) =>
        {
            if maximum {
                "sgt"
            } else {
                "slt"
            }
        }
        _ => {
            return Err(e.unsupported(format!(
                "operand types {}, {} -> {} (f32, int8, int16, int32 and int64 are lowered)",
                e.type_text(lhs),
                e.type_text(rhs),
                e.type_text(out)
            )));
        }
    };
    let float = e.kind(out) == ElementKind::F32;
    broadcast_nest(
        e,
        &output,
        &[lhs, rhs],
        &mut |e, _, buffer, indices| Ok(e.load(buffer, indices)),
        &mut |e, ivs, xs| {
            let taken = if float { cmpf(e, predicate, xs[0], xs[1]) } else { cmpi(&mut e.b, predicate, xs[0], xs[1]) };
            let value = select(&mut e.b, taken, xs[0], xs[1]);
            e.store(value, out, ivs);
            Ok(())
        },
    )
}
