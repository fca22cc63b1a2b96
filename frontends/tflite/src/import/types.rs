//! TFLite tensor types as mc types: `tensor<1x96x96x3x!quant.uniform<i8:f32, s:zp>>` and friends.

use crate::{DType, Quantization, Tensor};
use mc_dialects::graph::attributes::resource_type;
use mc_ir::quant::{QuantParams, QuantizedType};
use mc_ir::{Context, FloatKind, Signedness, Type, TypeKind};

/// The mc type of a TFLite tensor, or why it has none.
pub(super) fn tensor_type(ctx: &mut Context, tensor: &Tensor<'_>) -> Result<Type, String> {
    if tensor.dtype() == DType::Resource {
        return Ok(resource_type(ctx));
    }
    let shape = tensor
        .shape()
        .iter()
        .map(|&d| if d >= 0 { Ok(d as i64) } else { Err(format!("dynamic dimension {d} is not supported")) })
        .collect::<Result<Vec<i64>, String>>()?;
    // TFLite Micro counts elements in an `int`; larger tensors cannot run on a microcontroller,
    // and the limit keeps shape arithmetic (element counts, window sizes) far from overflow.
    let elements = shape.iter().try_fold(1i64, |n, &d| n.checked_mul(d));
    if elements.is_none_or(|n| n > i64::from(i32::MAX)) {
        return Err(format!("shape {shape:?} has more than 2^31 - 1 elements"));
    }
    let element = element_type(ctx, tensor)?;
    Ok(ctx.tensor_type(shape, element))
}

/// The element type of `tensor`: a float, a plain integer (`INT4` is `i4`), or a quantized type
/// when the tensor has quantization parameters.
fn element_type(ctx: &mut Context, tensor: &Tensor<'_>) -> Result<Type, String> {
    let integer = |width: u32, signed: bool| (width, signed);
    let (width, signed) = match tensor.dtype() {
        DType::Float32 => return Ok(ctx.float_type(FloatKind::F32)),
        DType::Float16 => return Ok(ctx.float_type(FloatKind::F16)),
        DType::Float64 => return Ok(ctx.float_type(FloatKind::F64)),
        DType::BFloat16 => return Ok(ctx.float_type(FloatKind::BF16)),
        DType::Bool => return Ok(ctx.integer_type(1)),
        DType::Int4 => integer(4, true),
        DType::Int8 => integer(8, true),
        DType::Int16 => integer(16, true),
        DType::Int32 => integer(32, true),
        DType::Int64 => integer(64, true),
        DType::UInt8 => integer(8, false),
        DType::UInt16 => integer(16, false),
        DType::UInt32 => integer(32, false),
        DType::UInt64 => integer(64, false),
        other => return Err(format!("tensor type {} is not supported", other.name())),
    };
    let plain = |ctx: &mut Context| {
        let signedness = if signed { Signedness::Signless } else { Signedness::Unsigned };
        ctx.intern_type(TypeKind::Integer { width, signedness })
    };
    let Some(quantization) = tensor.quantization() else { return Ok(plain(ctx)) };
    if width > 32 {
        // 64-bit tensors (16x8 biases) carry scales TFLite does not use: they stay plain integers.
        return Ok(plain(ctx));
    }
    let params = match quantization {
        Quantization::PerTensor { scale, zero_point } => {
            QuantParams::PerTensor { scale_bits: (*scale as f64).to_bits(), zero_point: *zero_point }
        }
        Quantization::PerAxis { scales, zero_points, axis } => QuantParams::PerAxis {
            axis: i32::try_from(*axis).map_err(|_| format!("quantized dimension {axis} is out of range"))?,
            scale_bits: scales.iter().map(|&s| (s as f64).to_bits()).collect(),
            zero_points: zero_points.clone(),
        },
        Quantization::Custom(_) => return Err("custom quantization is not supported".to_string()),
    };
    let (storage_min, storage_max) = QuantizedType::default_range(width, signed);
    let expressed = ctx.float_type(FloatKind::F32);
    let quantized = QuantizedType { storage_width: width, signed, storage_min, storage_max, expressed, params };
    mc_ir::quant::verify_quantized(ctx, &quantized)?;
    Ok(ctx.quantized_type(quantized))
}
