//! `quantize` and `dequantize`, elementwise, as TFLite Micro's reference kernels compute them.
//!
//! | kernel | types | TFLM | per element |
//! |---|---|---|---|
//! | `quantize` | f32 → int8/int16 | `AffineQuantize` | `clamp(round(x / scale) + zp)`: `float` division, rounding half away from zero |
//! | `quantize` | int8/int16 → int8/int16 | `Requantize` | `clamp(MultiplyByQuantizedMultiplier(x - zp_in, si/so) + zp_out)` |
//! | `dequantize` | int8/int16 → f32 | `Dequantize` | `scale · (float)(x - zp)` in `float` |
//!
//! Requantizing between equal scales multiplies by exactly one (TFLite's multiplier `2^30`,
//! shift 1), so only the zero points move: the nest then adds their difference and clamps.

use super::emitter::{ElementKind, KernelEmitter};
use super::quantization::quantize_multiplier;
use mc_dialects::arith::fixed_point::multiply_by_quantized_multiplier;
use mc_ir::{Diagnostic, FloatKind, Value};

/// The storage width and range of an int8 or int16 buffer, `None` for other kinds.
fn storage(kind: ElementKind) -> Option<(u32, (i32, i32))> {
    match kind {
        ElementKind::Int8 => Some((8, (i32::from(i8::MIN), i32::from(i8::MAX)))),
        ElementKind::Int16 => Some((16, (i32::from(i16::MIN), i32::from(i16::MAX)))),
        _ => None,
    }
}

/// Lowers `quantize`: f32 → int8/int16, or requantization between int8/int16 types.
pub fn lower_quantize(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let unsupported = |e: &KernelEmitter<'_>| {
        e.unsupported(format!("quantize from {} to {}", e.type_text(input), e.type_text(output)))
    };
    let Some((width, (qmin, qmax))) = storage(e.kind(output)) else { return Err(unsupported(e)) };
    let (output_scale, output_zero_point) = e.per_tensor(output)?;
    let output_zero_point = output_zero_point as i32;
    let shape = e.shape(output);
    match e.kind(input) {
        ElementKind::F32 => {
            // AffineQuantize: the scale is the tensor's float scale, the division in float.
            let scale = e.f32(output_scale as f32);
            // round(x / scale) is an integer: clamping it to [qmin - zp, qmax - zp] before the
            // conversion is TFLite's clamp after adding the zero point, without overflow.
            let low = e.f32((qmin - output_zero_point) as f32);
            let high = e.f32((qmax - output_zero_point) as f32);
            let zero_point = e.i32(output_zero_point);
            let (f32, i32) = (e.b.ctx.float_type(FloatKind::F32), e.b.ctx.integer_type(32));
            e.nest(&shape, |e, ivs| {
                let x = e.load(input, ivs);
                let scaled = e.binary("arith.divf", x, scale);
                let rounded = e.unary("math.round", scaled, f32);
                let raised = e.binary("arith.maximumf", rounded, low);
                let clamped = e.binary("arith.minimumf", raised, high);
                let q = e.unary("arith.fptosi", clamped, i32);
                let q = e.addi(q, zero_point);
                let q = e.trunci(q, width);
                e.store(q, output, ivs);
                Ok(())
            })
        }
        kind if storage(kind).is_some() => {
            let (input_scale, input_zero_point) = e.per_tensor(input)?;
            // QuantizeMultiplier(input_scale / output_scale), in double.
            let (multiplier, shift) = quantize_multiplier(input_scale / output_scale);
            let identity = (multiplier, shift) == (1 << 30, 1);
            let input_offset = e.i32(-(input_zero_point as i32));
            let (multiplier, shift) = (e.i32(multiplier), e.i32(shift));
            let zero_point = e.i32(output_zero_point);
            let (low, high) = (e.i32(qmin), e.i32(qmax));
            e.nest(&shape, |e, ivs| {
                let x = e.load(input, ivs);
                let x = e.extsi_i32(x);
                let x = e.addi(x, input_offset);
                let scaled =
                    if identity { x } else { multiply_by_quantized_multiplier(&mut e.b, x, multiplier, shift) };
                let q = e.addi(scaled, zero_point);
                let q = e.clamp_si(q, low, high);
                let q = e.trunci(q, width);
                e.store(q, output, ivs);
                Ok(())
            })
        }
        _ => Err(unsupported(e)),
    }
}

/// Lowers `dequantize`: int8/int16 → f32.
pub fn lower_dequantize(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    if storage(e.kind(input)).is_none() || e.kind(output) != ElementKind::F32 {
        return Err(e.unsupported(format!("dequantize from {} to {}", e.type_text(input), e.type_text(output))));
    }
    let (scale, zero_point) = e.per_tensor(input)?;
    // Dequantize: the double-held scale cast back to float, times the offset value as float.
    let scale = e.f32(scale as f32);
    let zero_point = e.i32(zero_point as i32);
    let f32 = e.b.ctx.float_type(FloatKind::F32);
    let shape = e.shape(output);
    e.nest(&shape, |e, ivs| {
        let x = e.load(input, ivs);
        let x = e.extsi_i32(x);
        let offset: Value = e.binary("arith.subi", x, zero_point);
        let value = e.unary("arith.sitofp", offset, f32);
        let value = e.binary("arith.mulf", scale, value);
        e.store(value, output, ivs);
        Ok(())
    })
}
