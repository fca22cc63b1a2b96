//! Quantized element types across the border. Upstream memrefs hold the storage integers (what
//! loads return), so the quantization of a buffer travels beside it as the discardable attribute
//! `mc.quant`, on the op whose single result is the buffer, on a `memref.global`, or in a
//! function's `arg_attrs` / `res_attrs`: upstream's own `!quant.uniform` type (built and read
//! through MLIR's quant C API, so MLIR checks it), spelled as a string. A type attribute would
//! name the quant dialect, which tools that do not load it (`mlir-translate --mlir-to-llvmir`,
//! reading arguments' attributes that the lowering kept) reject.
//!
//! ```text
//! %w = buffer.get_global @w : !buffer<4x!quant.uniform<i8:f32, 5.000000e-01>>
//! %w = memref.get_global @w {mc.quant = "!quant.uniform<i8:f32, 5.000000e-01>"} : memref<4xi8>
//! ```

use crate::carried::QUANT;
use crate::types::{export_type, import_type};
use mc_ir::quant::{QuantParams, QuantizedType, verify_quantized};
use mc_ir::{Context, Type, TypeKind};
use melior::Context as MlirContext;
use melior::ir::attribute::{AttributeLike, StringAttribute};
use melior::ir::r#type::IntegerType;
use melior::ir::{Attribute as MlirAttribute, Type as MlirType, TypeLike};

/// The quantized element type of the buffer or tensor type `ty`, if it has one.
pub fn quantized_element(ctx: &Context, ty: Type) -> Option<&QuantizedType> {
    let element = match ctx.type_kind(ty) {
        TypeKind::Buffer(buffer) => buffer.element,
        TypeKind::Tensor { element, .. } => *element,
        _ => return None,
    };
    match ctx.type_kind(element) {
        TypeKind::Quantized(q) => Some(q),
        _ => None,
    }
}

/// The `mc.quant` value for a buffer of type `ty`: upstream's `!quant.uniform` type of its
/// element, or `None` when the element is not quantized.
///
/// # Errors
///
/// A message when the expressed type has no upstream counterpart.
pub fn export_quant_attr<'c>(
    ctx: &Context,
    mlir: &'c MlirContext,
    ty: Type,
) -> Result<Option<MlirAttribute<'c>>, String> {
    let Some(q) = quantized_element(ctx, ty) else { return Ok(None) };
    let storage = IntegerType::new(mlir, q.storage_width).into();
    let expressed = export_type(ctx, mlir, q.expressed)?;
    let flags = if q.signed { unsafe { mlir_sys::mlirQuantizedTypeGetSignedFlag() } } else { 0 };
    // SAFETY: the storage and expressed types belong to `mlir`, which owns the new type; the
    // per-axis arrays hold as many elements as the count passed with them (MLIR copies them).
    let raw = unsafe {
        match &q.params {
            QuantParams::PerTensor { scale_bits, zero_point } => mlir_sys::mlirUniformQuantizedTypeGet(
                flags,
                MlirType::to_raw(&storage),
                expressed.to_raw(),
                f64::from_bits(*scale_bits),
                *zero_point,
                q.storage_min,
                q.storage_max,
            ),
            QuantParams::PerAxis { axis, scale_bits, zero_points } => {
                let mut scales: Vec<f64> = scale_bits.iter().map(|&b| f64::from_bits(b)).collect();
                let mut zero_points = zero_points.clone();
                mlir_sys::mlirUniformQuantizedPerAxisTypeGet(
                    flags,
                    MlirType::to_raw(&storage),
                    expressed.to_raw(),
                    scales.len() as isize,
                    scales.as_mut_ptr(),
                    zero_points.as_mut_ptr(),
                    *axis,
                    q.storage_min,
                    q.storage_max,
                )
            }
            QuantParams::SubChannel { .. } => {
                return Err("sub-channel quantization is not exported to upstream MLIR".to_string());
            }
        }
    };
    // SAFETY: MLIR just returned this type, owned by `mlir`.
    let ty = unsafe { MlirType::from_raw(raw) };
    Ok(Some(StringAttribute::new(mlir, &ty.to_string()).into()))
}

/// The mc quantized type an `mc.quant` value `attr` names.
///
/// # Errors
///
/// A message when `attr` is not a `!quant.uniform` type (per tensor or per axis) mc can hold.
pub fn import_quant_attr(ctx: &mut Context, attr: MlirAttribute<'_>) -> Result<Type, String> {
    let not_uniform = || format!("'{QUANT}' = {attr} is not a !quant.uniform type mc can represent");
    let text = StringAttribute::try_from(attr).map_err(|_| not_uniform())?.value().to_string();
    // SAFETY: MLIR parses the text in the attribute's context (a null type when it does not
    // parse); every call below reads a type of the kind its guard checked.
    let quantized = unsafe {
        let raw = mlir_sys::mlirTypeParseGet(
            mlir_sys::mlirAttributeGetContext(attr.to_raw()),
            melior::StringRef::new(&text).to_raw(),
        );
        if raw.ptr.is_null() {
            return Err(not_uniform());
        }
        let per_tensor = mlir_sys::mlirTypeIsAUniformQuantizedType(raw);
        if !per_tensor && !mlir_sys::mlirTypeIsAUniformQuantizedPerAxisType(raw) {
            return Err(not_uniform());
        }
        let params = if per_tensor {
            QuantParams::PerTensor {
                scale_bits: mlir_sys::mlirUniformQuantizedTypeGetScale(raw).to_bits(),
                zero_point: mlir_sys::mlirUniformQuantizedTypeGetZeroPoint(raw),
            }
        } else {
            let count = mlir_sys::mlirUniformQuantizedPerAxisTypeGetNumDims(raw);
            QuantParams::PerAxis {
                axis: mlir_sys::mlirUniformQuantizedPerAxisTypeGetQuantizedDimension(raw),
                scale_bits: (0..count)
                    .map(|i| mlir_sys::mlirUniformQuantizedPerAxisTypeGetScale(raw, i).to_bits())
                    .collect(),
                zero_points: (0..count)
                    .map(|i| mlir_sys::mlirUniformQuantizedPerAxisTypeGetZeroPoint(raw, i))
                    .collect(),
            }
        };
        let expressed = MlirType::from_raw(mlir_sys::mlirQuantizedTypeGetExpressedType(raw));
        QuantizedType {
            storage_width: mlir_sys::mlirQuantizedTypeGetStorageTypeIntegralWidth(raw),
            signed: mlir_sys::mlirQuantizedTypeIsSigned(raw),
            storage_min: mlir_sys::mlirQuantizedTypeGetStorageTypeMin(raw),
            storage_max: mlir_sys::mlirQuantizedTypeGetStorageTypeMax(raw),
            expressed: import_type(ctx, expressed)?,
            params,
        }
    };
    verify_quantized(ctx, &quantized).map_err(|e| format!("'{QUANT}' = {attr}: {e}"))?;
    Ok(ctx.quantized_type(quantized))
}

/// The buffer or tensor type `ty` (of storage integers, as imported) with the quantized element
/// type `element` instead.
///
/// # Errors
///
/// A message when `ty` is neither, or its elements are not `element`'s storage integers.
pub fn with_quantized_element(ctx: &mut Context, ty: Type, element: Type) -> Result<Type, String> {
    let width = ctx.quantization(element).map(|q| q.storage_width);
    let mismatch = || {
        format!(
            "'{QUANT}' = {} does not quantize '{}'",
            mc_ir::printer::attributes::type_to_string(ctx, element),
            mc_ir::printer::attributes::type_to_string(ctx, ty)
        )
    };
    match ctx.type_kind(ty).clone() {
        TypeKind::Buffer(buffer) if width.is_some() && ctx.integer_width(buffer.element) == width => {
            Ok(ctx.strided_buffer_type(buffer.shape, element, buffer.strides, buffer.offset))
        }
        TypeKind::Tensor { shape, element: storage } if width.is_some() && ctx.integer_width(storage) == width => {
            Ok(ctx.tensor_type(shape, element))
        }
        _ => Err(mismatch()),
    }
}
