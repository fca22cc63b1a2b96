//! `squared_difference`: `(x - y)²` elementwise with numpy broadcasting (up to rank 4 for
//! operands of different shapes, TFLM's `BroadcastBinaryFunction4DSlow`; any rank for equal
//! shapes), as TFLite Micro's `squared_difference.cc` computes it.
//!
//! - `f32` and `i32`: `d = x - y; d * d` (`i32` wraps, as the C++ does in practice).
//! - int8 and int16 (`SquaredDifference(x, y, params)`): each input offset by its zero point,
//!   shifted left by `left_shift` (7 for int8, 0 for int16) and rescaled by
//!   `MultiplyByQuantizedMultiplierSmallerThanOneExp` with `scale / (2 · max scale)`; the
//!   difference squared in `int32`, rescaled by `(2 · max scale)² / (2^(2 · left_shift) ·
//!   output scale)` (`QuantizeMultiplier`), offset, clamped to the storage range. The
//!   multipliers are `PrepareQuantized`'s, in `double`.
//!
//! Each quantized input is rescaled at the outermost loop level where its element is known
//! (once for a scalar operand). Buffers may be strided, and the output may be an input.

use super::broadcast::broadcast_nest;
use super::division::{BINARY_FUNCTION_BROADCAST_RANK, check_broadcast_rank};
use super::emitter::{ElementKind, KernelEmitter};
use super::quantization::{INT8_RANGE, INT16_RANGE, Scale, quantize_multiplier, requantize};
use mc_ir::Diagnostic;

/// The compile-time parameters of the quantized kernel (TFLM's `PrepareQuantized`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct QuantizedParams {
    /// `-zero_point` of each input.
    input_offsets: [i32; 2],
    /// Both inputs are multiplied by `2^left_shift` before rescaling.
    left_shift: i32,
    /// `(multiplier, shift)` of each input.
    input_multipliers: [(i32, i32); 2],
    /// `(multiplier, shift)` of the squared difference.
    output_multiplier: (i32, i32),
    /// The output zero point.
    output_offset: i32,
}

impl QuantizedParams {
    /// The parameters for inputs `(scale, zero_point)` ×2, the output's, and `left_shift`.
    fn new(inputs: [(f32, i32); 2], output: (f32, i32), left_shift: i32) -> QuantizedParams {
        let twice_max_input_scale = 2.0 * f64::from(inputs[0].0.max(inputs[1].0));
        let input_multiplier = |(scale, _): (f32, i32)| quantize_multiplier(f64::from(scale) / twice_max_input_scale);
        // `(1 << left_shift * 2) * output_scale` is an int times a float: a float product.
        let denominator = f64::from((1i32 << (left_shift * 2)) as f32 * output.0);
        QuantizedParams {
            input_offsets: [-inputs[0].1, -inputs[1].1],
            left_shift,
            input_multipliers: [input_multiplier(inputs[0]), input_multiplier(inputs[1])],
            output_multiplier: quantize_multiplier(twice_max_input_scale * twice_max_input_scale / denominator),
            output_offset: output.1,
        }
    }
}

/// Lowers `squared_difference`.
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (lhs, rhs, out) = (e.inputs[0], e.inputs[1], e.output);
    check_broadcast_rank(e, BINARY_FUNCTION_BROADCAST_RANK)?;
    let output = e.shape(out);
    let kind = e.kind(out);
    if e.kind(lhs) != kind || e.kind(rhs) != kind {
        return Err(e.unsupported(format!(
            "operand types {}, {} -> {}",
            e.type_text(lhs),
            e.type_text(rhs),
            e.type_text(out)
        )));
    }
    let quantized = match kind {
        ElementKind::F32 | ElementKind::Int32 => None,
        ElementKind::Int8 => Some((7, INT8_RANGE, 8)),
        ElementKind::Int16 => Some((0, INT16_RANGE, 16)),
        _ => return Err(e.unsupported(format!("'{}' (f32, i32, int8 and int16 are lowered)", e.type_text(out)))),
    };
    let inputs = [lhs, rhs];
    let Some((left_shift, range, width)) = quantized else {
        let (sub, mul) =
            if kind == ElementKind::F32 { ("arith.subf", "arith.mulf") } else { ("arith.subi", "arith.muli") };
        return broadcast_nest(
            e,
            &output,
            &inputs,
            &mut |e, _, buffer, indices| Ok(e.load(buffer, indices)),
            &mut |e, ivs, xs| {
                let difference = e.binary(sub, xs[0], xs[1]);
                let square = e.binary(mul, difference, difference);
                e.store(square, out, ivs);
                Ok(())
            },
        );
    };
    let quant = |v| e.per_tensor(v).map(|(s, z)| (s as f32, z as i32));
    let params = QuantizedParams::new([quant(lhs)?, quant(rhs)?], quant(out)?, left_shift);
    broadcast_nest(
        e,
        &output,
        &inputs,
        &mut |e, k, buffer, indices| {
            let x = e.load(buffer, indices);
            let x = e.extsi_i32(x);
            let offset = e.i32(params.input_offsets[k]);
            let centered = e.addi(x, offset);
            let factor = e.i32(1 << params.left_shift);
            let shifted = e.muli(centered, factor);
            let scale = Scale::constant(e, params.input_multipliers[k]);
            Ok(scale.apply(e, shifted))
        },
        &mut |e, ivs, xs| {
            let difference = e.binary("arith.subi", xs[0], xs[1]);
            let square = e.muli(difference, difference);
            let scale = Scale::constant(e, params.output_multiplier);
            let value = requantize(e, square, scale, params.output_offset, range, width);
            e.store(value, out, ivs);
            Ok(())
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multipliers_are_prepares() {
        // Equal input scales: each input is halved; the output multiplier is (2s)² / (2^14 so).
        let p = QuantizedParams::new([(0.5, 3), (0.5, -2)], (0.25, 7), 7);
        assert_eq!(p.input_multipliers, [(1 << 30, 0), (1 << 30, 0)]);
        assert_eq!(p.input_offsets, [-3, 2]);
        assert_eq!(p.output_multiplier, quantize_multiplier(1.0 / (16384.0 * 0.25)));
        assert_eq!(p.output_offset, 7);
    }
}
