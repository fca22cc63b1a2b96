//! `cumsum`: TFLite Micro's `CUMSUM`, `reference_ops::CumSum` along the `axis` attribute (one
//! value, negative counts from the end), `exclusive` (each output sums the elements before it)
//! and `reverse` (sums run from the end of the axis).
//!
//! - `f32`: the accumulator starts at `0.f` and adds the elements in the axis' order.
//! - int8 (TFLM's only quantized type, with its add-style requantization of `cumsum.cc`'s
//!   `CalculateOpData`): each element is offset by `-input_zero_point`, shifted left by 20 and
//!   rescaled by `QuantizeMultiplierSmallerThanOneExp(0.5)` (a 256-entry table of its byte);
//!   the accumulator starts at what a stored `0` rescales to (TFLM starts it from the input
//!   offset, not from zero), and every output is `clamp(MBQM(acc, 2·s_in / (2^20·s_out)) +
//!   output_zero_point)`.
//!
//! ```text
//! loop.for %i ... {                              // every dimension but the axis
//!   loop.for %d ... iter_args(%acc = init) {     // the axis, descending with `reverse`
//!     %x = loop.load %in[%i, %d, ...] -> rescaled
//!     %next = %acc + %x
//!     loop.store finish(exclusive ? %acc : %next), %out[%i, %d, ...]
//!     loop.yield %next
//! ```
//!
//! Each element is read before the element at its index is written.

use super::emitter::{ElementKind, KernelEmitter};
use super::quantization::{INT8_RANGE, Scale, quantize_multiplier_smaller_than_one, requantize};
use mc_dialects::arith::fixed_point::reference;
use mc_dialects::buffer::RowOrder;
use mc_dialects::graph::shapes::normalize_axis;
use mc_ir::{Diagnostic, Value};

/// TFLM's `kCumSumIntegerShift`: int8 values are shifted left by this before rescaling.
const LEFT_SHIFT: i32 = 20;

/// The int8 kernel's compile-time parameters, as `cumsum.cc`'s `CalculateOpData` derives them.
#[derive(Clone, Debug, PartialEq, Eq)]
struct QuantizedParams {
    /// What each stored input value -128..=127 contributes to the sum.
    rescaled_inputs: Vec<i64>,
    /// The accumulator's start: what a stored `0` contributes.
    init: i32,
    /// `(multiplier, shift)` rescaling the sum to the output scale.
    output_multiplier: (i32, i32),
    /// The output zero point.
    output_offset: i32,
}

impl QuantizedParams {
    /// The parameters for an input of `(scale, zero_point)` and an output of `(so, zo)`.
    fn new((s, z): (f32, i32), (so, zo): (f32, i32)) -> Result<QuantizedParams, String> {
        let twice_max = 2.0 * f64::from(s);
        let (multiplier, shift) = quantize_multiplier_smaller_than_one("CUMSUM", f64::from(s) / twice_max)?;
        let output_multiplier =
            quantize_multiplier_smaller_than_one("CUMSUM", twice_max / (f64::from(1 << LEFT_SHIFT) * f64::from(so)))?;
        let rescale =
            |x: i32| reference::multiply_by_quantized_multiplier((x - z) * (1 << LEFT_SHIFT), multiplier, shift);
        Ok(QuantizedParams {
            rescaled_inputs: (-128..=127).map(|x| i64::from(rescale(x))).collect(),
            init: rescale(0),
            output_multiplier,
            output_offset: zo,
        })
    }
}

/// Lowers `cumsum`.
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let shape = e.shape(output);
    let kinds = (e.kind(input), e.kind(output));
    if e.shape(input) != shape
        || !matches!(kinds, (ElementKind::F32, ElementKind::F32) | (ElementKind::Int8, ElementKind::Int8))
    {
        return Err(e.unsupported_types("TFLite Micro's CUMSUM takes float32 or int8, to the same shape"));
    }
    let axis = match e.list_attr("axis")?[..] {
        [axis] => normalize_axis(axis, shape.len()).map_err(|m| e.unsupported(format!("axis: {m}")))?,
        _ => return Err(e.unsupported("'axis' must hold exactly one value")),
    };
    let exclusive = e.bool_attr("exclusive");
    let order = if e.bool_attr("reverse") { RowOrder::Descending } else { RowOrder::Ascending };
    let quantized = match kinds.0 {
        ElementKind::Int8 => {
            let quant = |e: &KernelEmitter<'_>, v: Value| e.per_tensor(v).map(|(s, z)| (s as f32, z as i32));
            let (qi, qo) = (quant(e, input)?, quant(e, output)?);
            let p = QuantizedParams::new(qi, qo).map_err(|m| e.unsupported(m))?;
            let table = e.table("rescaled_input", 32, &p.rescaled_inputs);
            Some((p, table))
        }
        _ => None,
    };
    let depth = shape[axis];
    let mut others = shape.clone();
    others.remove(axis);
    e.nest(&others, |e, ivs| {
        let init = match &quantized {
            Some((p, _)) => e.i32(p.init),
            None => e.f32(0.0),
        };
        e.for_range_in(order, 0, depth, &[init], |e, d, carried| {
            let mut indices = ivs.to_vec();
            indices.insert(axis, d);
            let x = e.load(input, &indices);
            let (acc, value) = match &quantized {
                Some((p, table)) => {
                    let x = e.extsi_i32(x);
                    let bias = e.i32(128);
                    let entry = e.addi(x, bias);
                    let index_type = e.b.ctx.index_type();
                    let entry = e.unary("arith.index_cast", entry, index_type);
                    let rescaled = e.load(*table, &[entry]);
                    let next = e.addi(carried[0], rescaled);
                    let sum = if exclusive { carried[0] } else { next };
                    let scale = Scale::constant(e, p.output_multiplier);
                    (next, requantize(e, sum, scale, p.output_offset, INT8_RANGE, 8))
                }
                None => {
                    let next = e.binary("arith.addf", carried[0], x);
                    (next, if exclusive { carried[0] } else { next })
                }
            };
            e.store(value, output, &indices);
            Ok(vec![acc])
        })
        .map(drop)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_scales_halve_the_shifted_input_and_start_from_the_zero_point() {
        let p = QuantizedParams::new((0.5, -3), (0.5, 7)).unwrap();
        // (x + 3) << 20, halved.
        assert_eq!(p.rescaled_inputs[128], 3 << 19);
        assert_eq!(p.rescaled_inputs[0], -125 << 19);
        assert_eq!(p.init, 3 << 19);
        // 2·s / (2^20·s) = 2^-19.
        assert_eq!(p.output_multiplier, (1 << 30, -18));
        assert_eq!(p.output_offset, 7);
    }

    #[test]
    fn an_output_rescale_of_one_or_more_is_refused() {
        assert!(QuantizedParams::new((1.0, 0), (1.0 / f32::from(1u16 << 15) / 64.0, 0)).is_err());
    }
}
