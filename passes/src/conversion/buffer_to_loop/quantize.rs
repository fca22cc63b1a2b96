//! `quantize` and `dequantize`, elementwise, as TFLite Micro's reference kernels compute them
//! (`EvalQuantizeReference`, `DequantizeEval`).
//!
//! | kernel | types | TFLM | per element |
//! |---|---|---|---|
//! | `quantize` | f32 → int8/int16 | `AffineQuantize` | `clamp(round(x / scale) + zp)`: `float` division, rounding half away from zero |
//! | `quantize` | int8 → int8/uint8/int16/int32, uint8 → int8, int16 → int8/int16/int32, int32 → int8/int16 | `Requantize` | `clamp(MultiplyByQuantizedMultiplier(x - zp_in, si/so) + zp_out)` |
//! | `dequantize` | int8/uint8/int16 → f32 | `Dequantize` | `scale · (float)(x - zp)` in `float` |
//!
//! `DequantizePrepare` reads the input's per-tensor parameters, which TFLM's allocator sets to
//! the first channel's for a tensor quantized per channel: an int8 per-channel input is
//! dequantized with its first scale and zero point throughout, as TFLM does.
//!
//! `AffineQuantize` converts `round(x / scale)` to `int32` before its clamp, which C leaves
//! undefined beyond the int32 range: the installed (x86) interpreter then gets `INT32_MIN`
//! (so `1e9 / 3e-5` quantizes to -32768), Arm cores saturate. mc saturates, which is also the
//! clamp's intent; conformance inputs stay inside the int32 range.
//!
//! `Requantize` computes in `int32` whatever the types: `x - zp_in` and `+ zp_out` wrap as TFLM's
//! arithmetic does on int32 values, and the clamp is to the output type's range (none for int32).
//! Requantizing between equal scales multiplies by exactly one (TFLite's multiplier `2^30`,
//! shift 1): for 8- and 16-bit inputs the nest then only moves the zero points. An int32 input
//! keeps the multiplication, since TFLM's doubling inside it wraps for `|x - zp_in| ≥ 2^30`.
//! TFLM's int8 ↔ uint8 shortcut for equal scales and zero points 128 apart (`x ^ 0x80`) is the
//! general formula's result, so it needs no nest of its own.

use super::emitter::{ElementKind, KernelEmitter};
use super::quantization::quantize_multiplier;
use mc_dialects::arith::fixed_point::multiply_by_quantized_multiplier;
use mc_ir::quant::QuantParams;
use mc_ir::{Diagnostic, FloatKind, Value};

/// The largest shift of `MultiplyByQuantizedMultiplier` TFLM's double-rounding version computes
/// with: it shifts `x` left by `shift`, and by 31 or more is undefined in C.
const MAX_SHIFT: i32 = 30;

/// Lowers `quantize`: f32 → integer ([`AffineQuantize`](lower_affine)), or integer → integer
/// ([`Requantize`](lower_requantize)). Which pairs TFLM converts is the kernel verifier's rule
/// (`graph::ops::quantization`'s checks), so every integer pair that reaches here is one of them.
pub fn lower_quantize(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let (from, to) = (e.kind(input), e.kind(output));
    match (from, from.storage(), to.storage()) {
        (ElementKind::F32, _, Some(storage)) => lower_affine(e, storage),
        (_, Some(_), Some(storage)) => lower_requantize(e, from, storage),
        _ => Err(e.unsupported(format!("quantize from {} to {}", e.type_text(input), e.type_text(output)))),
    }
}

/// `AffineQuantize`: f32 to an output stored in `width` bits holding `[qmin, qmax]`.
fn lower_affine(e: &mut KernelEmitter<'_>, (width, (qmin, qmax)): (u32, (i32, i32))) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let (output_scale, output_zero_point) = e.per_tensor(output)?;
    let output_zero_point = output_zero_point as i32;
    let shape = e.shape(output);
    // The scale is the tensor's float scale, the division in float.
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

/// `Requantize` from an input of kind `from` to an output stored in `width` bits holding
/// `[qmin, qmax]`.
fn lower_requantize(
    e: &mut KernelEmitter<'_>,
    from: ElementKind,
    (width, (qmin, qmax)): (u32, (i32, i32)),
) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let (input_scale, input_zero_point) = e.per_tensor(input)?;
    let (output_scale, output_zero_point) = e.per_tensor(output)?;
    // QuantizeMultiplier((double)input_scale / (double)output_scale), as TFLM's Prepare.
    let effective_scale = input_scale / output_scale;
    let (multiplier, shift) = quantize_multiplier(effective_scale);
    if shift > MAX_SHIFT {
        return Err(e.unsupported(format!(
            "an effective scale of {effective_scale} (input scale / output scale): TFLite Micro's \
             MultiplyByQuantizedMultiplier cannot shift left by {shift}"
        )));
    }
    let identity = (multiplier, shift) == (1 << 30, 1) && from != ElementKind::Int32;
    // -zp_in in wrapping i32 arithmetic (an int32 zero point may be INT32_MIN).
    let input_offset = e.i32((input_zero_point as i32).wrapping_neg());
    let (multiplier, shift) = (e.i32(multiplier), e.i32(shift));
    let zero_point = e.i32(output_zero_point as i32);
    let clamp = (width < 32).then(|| (e.i32(qmin), e.i32(qmax)));
    let shape = e.shape(output);
    e.nest(&shape, |e, ivs| {
        let x = e.load(input, ivs);
        let x = e.extend_i32(x, from);
        let x = e.addi(x, input_offset);
        let scaled = if identity { x } else { multiply_by_quantized_multiplier(&mut e.b, x, multiplier, shift) };
        let mut q = e.addi(scaled, zero_point);
        if let Some((low, high)) = clamp {
            q = e.clamp_si(q, low, high);
        }
        let q = e.trunci(q, width);
        e.store(q, output, ivs);
        Ok(())
    })
}

/// Lowers `dequantize`: int8/uint8/int16 → f32.
pub fn lower_dequantize(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let from = e.kind(input);
    if !matches!(from, ElementKind::Int8 | ElementKind::UInt8 | ElementKind::Int16)
        || e.kind(output) != ElementKind::F32
    {
        return Err(e.unsupported(format!("dequantize from {} to {}", e.type_text(input), e.type_text(output))));
    }
    let (scale, zero_point) = match e.quantization(input) {
        Some(q) if from == ElementKind::Int8 && matches!(q.params, QuantParams::PerAxis { .. }) => {
            (q.scales()[0], q.zero_points()[0])
        }
        _ => e.per_tensor(input)?,
    };
    // Dequantize: the double-held scale cast back to float, times the offset value as float.
    let scale = e.f32(scale as f32);
    let zero_point = e.i32(zero_point as i32);
    let f32 = e.b.ctx.float_type(FloatKind::F32);
    let shape = e.shape(output);
    e.nest(&shape, |e, ivs| {
        let x = e.load(input, ivs);
        let x = e.extend_i32(x, from);
        let offset: Value = e.binary("arith.subi", x, zero_point);
        let value = e.unary("arith.sitofp", offset, f32);
        let value = e.binary("arith.mulf", scale, value);
        e.store(value, output, ivs);
        Ok(())
    })
}
