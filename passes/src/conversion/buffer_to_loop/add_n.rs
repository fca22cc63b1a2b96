//! `add_n`: the elementwise sum of two or more tensors of one shape, as TFLite Micro's
//! `reference_ops::AddN` computes it.
//!
//! - `f32`: `x = 0; x += input[j][i]` for the inputs in order (so the sum of `-0.0`s is `+0.0`).
//! - int8 (every input of one scale and zero point, which TFLM's `Prepare` requires): each input
//!   offset by the zero point, shifted left by 20 and rescaled by `1/2`
//!   (`QuantizeMultiplierSmallerThanOneExp(s / 2s)`), the rescaled values summed in `int32`,
//!   the sum rescaled by `2s / (2^20 · output scale)`, offset and clamped. TFLM's sum does not
//!   start at 0 but at the rescaled input offset (`x = input1_offset`, commented `x = 0`), and so
//!   does this one. A rescaled input depends on its byte alone: a 256-entry table (whose entry
//!   for the byte 0 is the starting value).
//!
//! ```text
//! loop.for %i ... {
//!   %s0 = arith.addf %zero, loop.load %in0[%i, ...]     // int8: table loads, addi, requantize
//!   %s1 = arith.addf %s0, loop.load %in1[%i, ...]
//!   loop.store %s1, %out[%i, ...]
//! ```
//!
//! Buffers may be strided, and the output may be one of the inputs (each element is read
//! before it is written).

use super::emitter::{ElementKind, KernelEmitter};
use super::quantization::{INT8_RANGE, Scale, quantize_multiplier, requantize};
use mc_dialects::arith::fixed_point::reference::multiply_by_quantized_multiplier;
use mc_ir::Diagnostic;

/// TFLM's `kAddNIntegerShift`.
const LEFT_SHIFT: i32 = 20;

/// Lowers `add_n`.
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (inputs, output) = (e.inputs.clone(), e.output);
    let shape = e.shape(output);
    let kind = e.kind(output);
    for &input in &inputs {
        if e.kind(input) != kind || e.shape(input) != shape || !matches!(kind, ElementKind::F32 | ElementKind::Int8) {
            return Err(e.unsupported(format!(
                "input '{}' for output '{}' (TFLite Micro sums f32 or int8 tensors of the output's shape)",
                e.type_text(input),
                e.type_text(output)
            )));
        }
    }
    if kind == ElementKind::Int8 {
        return lower_int8(e);
    }
    e.nest(&shape, |e, ivs| {
        let mut sum = e.f32(0.0);
        for &input in &inputs {
            let x = e.load(input, ivs);
            sum = e.binary("arith.addf", sum, x);
        }
        e.store(sum, output, ivs);
        Ok(())
    })
}

/// The compile-time parameters of the int8 sum: the rescaled value of every input byte
/// `-128..=127`, and the output's `(multiplier, shift)` and zero point.
fn int8_params(input: (f32, i32), output: (f32, i32)) -> Result<(Vec<i64>, (i32, i32)), String> {
    let twice_input_scale = 2.0 * f64::from(input.0);
    let input_multiplier = quantize_multiplier(f64::from(input.0) / twice_input_scale);
    let real_output = twice_input_scale / (f64::from(1i32 << LEFT_SHIFT) * f64::from(output.0));
    if real_output >= 1.0 {
        return Err(format!(
            "an add_n output scale of {} against input scale {} (TFLite Micro needs 2 × input scale / (2^20 × output scale) below 1)",
            output.0, input.0
        ));
    }
    let table = (-128..=127)
        .map(|x: i32| {
            let shifted = (x - input.1).wrapping_mul(1 << LEFT_SHIFT);
            i64::from(multiply_by_quantized_multiplier(shifted, input_multiplier.0, input_multiplier.1))
        })
        .collect();
    Ok((table, quantize_multiplier(real_output)))
}

/// The int8 sum ([`int8_params`]).
fn lower_int8(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (inputs, output) = (e.inputs.clone(), e.output);
    let shape = e.shape(output);
    let (input_scale, input_zero_point) = e.per_tensor(inputs[0])?;
    let (output_scale, output_zero_point) = e.per_tensor(output)?;
    let (table, output_multiplier) =
        int8_params((input_scale as f32, input_zero_point as i32), (output_scale as f32, output_zero_point as i32))
            .map_err(|m| e.unsupported(m))?;
    // TFLM's sum starts at the rescaled input offset: the table's entry for the byte 0.
    let start = table[128] as i32;
    let table = e.table("rescaled_input", 32, &table);
    let index_ty = e.b.ctx.index_type();
    e.nest(&shape, |e, ivs| {
        let mut sum = e.i32(start);
        for &input in &inputs {
            let x = e.load(input, ivs);
            let x = e.extsi_i32(x);
            let offset = e.i32(128);
            let shifted = e.addi(x, offset);
            let index = e.unary("arith.index_cast", shifted, index_ty);
            let rescaled = e.load(table, &[index]);
            sum = e.addi(sum, rescaled);
        }
        let scale = Scale::constant(e, output_multiplier);
        let value = requantize(e, sum, scale, output_zero_point as i32, INT8_RANGE, 8);
        e.store(value, output, ivs);
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn int8_rescaling_halves_the_shifted_offset_value() {
        let (table, (multiplier, shift)) = int8_params((0.5, -3), (0.25, 7)).unwrap();
        // (x + 3) << 20, halved.
        assert_eq!(table[128], 3 << 19);
        assert_eq!(table[0], (-128 + 3) << 19);
        assert_eq!((multiplier, shift), quantize_multiplier(1.0 / (f64::from(1 << 20) * 0.25)));
        assert!(int8_params((1.0, 0), (1e-7, 0)).is_err());
    }
}
