//! Types between mc and upstream MLIR: integers, floats, `index` and function types are the same;
//! `!buffer` is a `memref` with a strided layout; a quantized element type becomes its storage
//! integer (the loop level only loads and stores the storage).

use mc_ir::printer::attributes::type_to_string;
use mc_ir::{Context, FloatKind, Signedness, Type, TypeKind};
use melior::Context as MlirContext;
use melior::ir::attribute::AttributeLike;
use melior::ir::attribute::StridedLayoutAttribute;
use melior::ir::r#type::{FunctionType, IntegerType, MemRefType, RankedTensorType, ShapedTypeLike};
use melior::ir::{Attribute, Type as MlirType, TypeLike};

/// The upstream type of the mc type `ty`.
///
/// # Errors
///
/// A message naming the type when it has no upstream counterpart (tensors, opaque types).
pub fn export_type<'c>(ctx: &Context, mlir: &'c MlirContext, ty: Type) -> Result<MlirType<'c>, String> {
    Ok(match ctx.type_kind(ty) {
        TypeKind::Integer { width, signedness: Signedness::Signless } => IntegerType::new(mlir, *width).into(),
        TypeKind::Integer { width, signedness: Signedness::Signed } => IntegerType::signed(mlir, *width).into(),
        TypeKind::Integer { width, signedness: Signedness::Unsigned } => IntegerType::unsigned(mlir, *width).into(),
        TypeKind::Float(FloatKind::F16) => MlirType::float16(mlir),
        TypeKind::Float(FloatKind::BF16) => MlirType::bfloat16(mlir),
        TypeKind::Float(FloatKind::F32) => MlirType::float32(mlir),
        TypeKind::Float(FloatKind::F64) => MlirType::float64(mlir),
        TypeKind::Index => MlirType::index(mlir),
        TypeKind::None => MlirType::none(mlir),
        TypeKind::Quantized(q) => IntegerType::new(mlir, q.storage_width).into(),
        TypeKind::Function { inputs, results } => {
            let inputs = inputs.iter().map(|&t| export_type(ctx, mlir, t)).collect::<Result<Vec<_>, _>>()?;
            let results = results.iter().map(|&t| export_type(ctx, mlir, t)).collect::<Result<Vec<_>, _>>()?;
            FunctionType::new(mlir, &inputs, &results).into()
        }
        TypeKind::Buffer(buffer) => {
            let element = export_type(ctx, mlir, buffer.element)?;
            // An identity layout stays implicit, as upstream prints it (and as globals require).
            let layout = (!buffer.is_identity_layout())
                .then(|| StridedLayoutAttribute::new(mlir, buffer.offset, &buffer.strides).into());
            MemRefType::new(element, &buffer.shape, layout, None).into()
        }
        TypeKind::Vector { lanes, element } => MlirType::vector(&[*lanes as u64], export_type(ctx, mlir, *element)?),
        TypeKind::Tensor { .. } | TypeKind::Opaque(_) => {
            return Err(format!(
                "type '{}' has no upstream MLIR counterpart at the loop level",
                type_to_string(ctx, ty)
            ));
        }
    })
}

/// The tensor type `tensor<shape x element>` that types a global's dense data upstream.
pub fn export_tensor_type<'c>(mlir_element: MlirType<'c>, shape: &[i64]) -> MlirType<'c> {
    let dims: Vec<u64> = shape.iter().map(|&d| d as u64).collect();
    RankedTensorType::new(&dims, mlir_element, None).into()
}

/// The mc type of the upstream type `ty`.
///
/// # Errors
///
/// A message naming the type when mc cannot represent it (vectors, tensors, dynamic shapes,
/// memory spaces, layouts other than strided).
pub fn import_type(ctx: &mut Context, ty: MlirType<'_>) -> Result<Type, String> {
    let unsupported = || format!("type '{ty}' cannot be represented in mc");
    if ty.is_index() {
        return Ok(ctx.index_type());
    }
    if let Ok(int) = IntegerType::try_from(ty) {
        let signedness = if int.is_signed() {
            Signedness::Signed
        } else if int.is_unsigned() {
            Signedness::Unsigned
        } else {
            Signedness::Signless
        };
        return Ok(ctx.intern_type(TypeKind::Integer { width: int.width(), signedness }));
    }
    let float = if ty.is_f16() {
        Some(FloatKind::F16)
    } else if ty.is_bf16() {
        Some(FloatKind::BF16)
    } else if ty.is_f32() {
        Some(FloatKind::F32)
    } else if ty.is_f64() {
        Some(FloatKind::F64)
    } else {
        None
    };
    if let Some(kind) = float {
        return Ok(ctx.float_type(kind));
    }
    if let Ok(function) = FunctionType::try_from(ty) {
        let inputs = (0..function.input_count())
            .map(|i| import_type(ctx, function.input(i).map_err(|e| e.to_string())?))
            .collect::<Result<Vec<_>, _>>()?;
        let results = (0..function.result_count())
            .map(|i| import_type(ctx, function.result(i).map_err(|e| e.to_string())?))
            .collect::<Result<Vec<_>, _>>()?;
        return Ok(ctx.function_type(inputs, results));
    }
    if let Ok(memref) = MemRefType::try_from(ty) {
        if memref.memory_space().is_some() {
            return Err(format!("type '{ty}': memory spaces cannot be represented in mc"));
        }
        let shape = (0..memref.rank())
            .map(|i| match memref.dim_size(i) {
                Ok(melior::ir::r#type::DimSize::Static(size)) => Ok(size as i64),
                _ => Err(format!("type '{ty}': dynamic sizes cannot be represented in mc")),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let layout: Attribute<'_> = memref.layout();
        if !(layout.is_strided_layout() || layout.is_affine_map()) {
            return Err(unsupported());
        }
        let (strides, offset) = memref.strides_and_offset();
        if strides.iter().chain([&offset]).any(|&v| MemRefType::is_dynamic_stride_or_offset(v)) {
            return Err(format!("type '{ty}': dynamic strides or offsets cannot be represented in mc"));
        }
        let element = import_type(ctx, memref.element())?;
        return Ok(ctx.strided_buffer_type(shape, element, strides, offset));
    }
    Err(unsupported())
}
