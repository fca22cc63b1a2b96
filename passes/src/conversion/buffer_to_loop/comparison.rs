//! `equal`, `not_equal`, `less`, `less_equal`, `greater`, `greater_equal`: TFLite Micro's
//! `comparisons.cc`, `reference_ops::ComparisonImpl`/`ComparisonWithScaling` and their
//! broadcasting versions (`BroadcastBinaryOpSimple`), numpy broadcasting up to the graph's rank 6.
//!
//! - `f32`: the ordered IEEE comparison (`oeq`, `olt`, ...: false with a NaN) except
//!   `not_equal`, which is true with a NaN (`une`), as C++'s `!=`.
//! - `i32`, `i64`, `i1`: signed comparison of the stored values (`i1` only for equality).
//! - quantized `i8`: each operand is rescaled as `ComparisonsPrepare` sets it up,
//!   `MultiplyByQuantizedMultiplierSmallerThanOneExp((x - zero_point) << 8, QuantizeMultiplierSmallerThanOneExp(scale))`,
//!   and the rescaled `i32` values are compared signed; two operands of different scales are
//!   compared in their common real scale up to that rounding.
//!
//! ```text
//! loop.for %i ... {
//!   %x = loop.load %lhs[...]  -> rescaled     // at the outermost level where its index is known
//!   loop.for %j ... {
//!     %y = loop.load %rhs[...] -> rescaled
//!     %c = arith.cmpi slt, %x, %y            // cmpf olt for f32
//!     loop.store %c, %out[%i, %j] : !buffer<...xi1>
//! ```
//!
//! Buffers may be strided; the output is one byte per element (`i1`).

use super::activation::cmpf;
use super::broadcast::broadcast_nest;
use super::emitter::{ElementKind, KernelEmitter};
use super::quantization::{Scale, quantize_multiplier};
use mc_dialects::arith::build::cmpi;
use mc_ir::{Diagnostic, Value};

/// TFLM's `kLeftShift`: rescaled operands are shifted left by 8 first.
const LEFT_SHIFT: i32 = 8;

/// Which comparison, as `arith.cmpf` and signed `arith.cmpi` predicates.
fn predicates(name: &str) -> Option<(&'static str, &'static str)> {
    Some(match name {
        "equal" => ("oeq", "eq"),
        "not_equal" => ("une", "ne"),
        "less" => ("olt", "slt"),
        "less_equal" => ("ole", "sle"),
        "greater" => ("ogt", "sgt"),
        "greater_equal" => ("oge", "sge"),
        _ => return None,
    })
}

/// TFLite's `QuantizeMultiplierSmallerThanOneExp(scale)`: `(multiplier, shift ≤ 0)`.
fn scale_multiplier(scale: f64) -> Result<(i32, i32), String> {
    let (multiplier, shift) = quantize_multiplier(scale);
    if shift > 0 {
        return Err(format!("scale {scale} is not below 1 (TFLite Micro's comparison rescaling needs one below 1)"));
    }
    Ok((multiplier, shift))
}

/// Lowers a comparison (by `e.name`).
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let Some((float_predicate, int_predicate)) = predicates(&e.name) else {
        return Err(e.unsupported(format!("'{}' is not a comparison", e.name)));
    };
    let (lhs, rhs, out) = (e.inputs[0], e.inputs[1], e.output);
    let output = e.shape(out);
    let kind = e.kind(lhs);
    let quantized = e.quantization(lhs).is_some();
    let supported = e.kind(rhs) == kind
        && e.kind(out) == ElementKind::Bool
        && match kind {
            ElementKind::F32 | ElementKind::Int32 | ElementKind::Int64 | ElementKind::Bool => !quantized,
            ElementKind::Int8 => quantized,
            _ => false,
        };
    if !supported {
        return Err(e.unsupported(format!(
            "operand types {}, {} -> {}",
            e.type_text(lhs),
            e.type_text(rhs),
            e.type_text(out)
        )));
    }
    // Per operand: (-zero_point, multiplier, shift) when rescaled.
    let mut rescale = [None; 2];
    if quantized {
        for (k, operand) in [lhs, rhs].into_iter().enumerate() {
            let (scale, zero_point) = e.per_tensor(operand)?;
            let (multiplier, shift) = scale_multiplier(scale).map_err(|m| e.unsupported(m))?;
            rescale[k] = Some((-(zero_point as i32), multiplier, shift));
        }
    }
    let mut load = |e: &mut KernelEmitter<'_>, k: usize, buffer: Value, indices: &[Value]| {
        let x = e.load(buffer, indices);
        let Some((offset, multiplier, shift)) = rescale[k] else { return Ok(x) };
        let x = e.extsi_i32(x);
        let offset = e.i32(offset);
        let centered = e.addi(x, offset);
        let left_shift = e.i32(LEFT_SHIFT);
        let shifted = e.binary("arith.shli", centered, left_shift);
        Ok(Scale::constant(e, (multiplier, shift)).apply(e, shifted))
    };
    broadcast_nest(e, &output, &[lhs, rhs], &mut load, &mut |e, ivs, xs| {
        let result = if kind == ElementKind::F32 {
            cmpf(e, float_predicate, xs[0], xs[1])
        } else {
            cmpi(&mut e.b, int_predicate, xs[0], xs[1])
        };
        e.store(result, out, ivs);
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use mc_dialects::arith::fixed_point::reference;

    /// TFLM's rescaled value of stored `x` (zero point `z`) for `scale`.
    fn rescaled(x: i32, z: i32, scale: f64) -> i32 {
        let (m, s) = scale_multiplier(scale).unwrap();
        reference::multiply_by_quantized_multiplier((x - z) * (1 << LEFT_SHIFT), m, s)
    }

    #[test]
    fn operands_are_rescaled_by_their_own_scale() {
        // scale 0.5: (x - z) · 256 · 0.5.
        assert_eq!(rescaled(10, 2, 0.5), 1024);
        // Two scales: 3 at 0.5 and 6 at 0.25 are both 1.5 (384).
        assert_eq!(rescaled(3, 0, 0.5), rescaled(6, 0, 0.25));
        // Extremes of int8 with extreme zero points.
        assert_eq!(rescaled(127, -128, 0.5), 255 * 128);
        // Scales of 1 and above have no rescaling below one.
        assert!(scale_multiplier(1.0).is_err());
        assert!(scale_multiplier(0.999).is_ok());
    }
}
