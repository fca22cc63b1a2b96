//! Attributes between mc and upstream MLIR: the builtin kinds map one to one (dense arrays through
//! their common syntax); dense data goes as
//! raw little-endian storage bytes (quantized elements as their storage integers); `arith`'s
//! dialect attributes are only carried at their default (`none`), which both sides may omit.

use crate::types::{export_tensor_type, export_type};
use mc_ir::printer::attributes::attr_to_string;
use mc_ir::{AttrKind, Attribute, Context};
use melior::Context as MlirContext;
use melior::ir::attribute::AttributeLike;
use melior::ir::attribute::{
    ArrayAttribute, BoolAttribute, DenseElementsAttribute, DictionaryAttribute, FlatSymbolRefAttribute, FloatAttribute,
    IntegerAttribute, StringAttribute, TypeAttribute,
};
use melior::ir::{Attribute as MlirAttribute, Identifier};

/// The `arith` dialect attributes whose default value both sides leave out.
const DEFAULT_DIALECT_ATTRS: [&str; 2] = ["arith.fastmath<none>", "arith.overflow<none>"];

/// The upstream form of the named attribute `(name, attr)` of an mc op, or `None` when it is a
/// dialect attribute at its default (dropped: upstream reads its absence the same way).
///
/// # Errors
///
/// A message naming the attribute when it has no upstream counterpart.
pub fn export_named<'c>(
    ctx: &Context,
    mlir: &'c MlirContext,
    name: &str,
    attr: Attribute,
) -> Result<Option<(Identifier<'c>, MlirAttribute<'c>)>, String> {
    if let AttrKind::Opaque(text) = ctx.attr_kind(attr)
        && DEFAULT_DIALECT_ATTRS.contains(&text.as_str())
    {
        return Ok(None);
    }
    let value = export_attr(ctx, mlir, attr).map_err(|e| format!("attribute '{name}': {e}"))?;
    Ok(Some((Identifier::new(mlir, name), value)))
}

/// The upstream attribute of the mc attribute `attr`.
///
/// # Errors
///
/// A message naming the attribute when it has no upstream counterpart.
pub fn export_attr<'c>(ctx: &Context, mlir: &'c MlirContext, attr: Attribute) -> Result<MlirAttribute<'c>, String> {
    Ok(match ctx.attr_kind(attr) {
        AttrKind::Unit => MlirAttribute::unit(mlir),
        AttrKind::Bool(value) => BoolAttribute::new(mlir, *value).into(),
        AttrKind::Integer { value, ty } => {
            let value = i64::try_from(*value)
                .or_else(|_| u64::try_from(*value).map(|v| v as i64))
                .map_err(|_| format!("{} does not fit in 64 bits", attr_to_string(ctx, attr)))?;
            IntegerAttribute::new(export_type(ctx, mlir, *ty)?, value).into()
        }
        AttrKind::Float { bits, ty } => {
            FloatAttribute::new(mlir, export_type(ctx, mlir, *ty)?, f64::from_bits(*bits)).into()
        }
        AttrKind::String(text) => StringAttribute::new(mlir, text).into(),
        AttrKind::Type(ty) => TypeAttribute::new(export_type(ctx, mlir, *ty)?).into(),
        AttrKind::Array(elements) => {
            let elements = elements.iter().map(|&a| export_attr(ctx, mlir, a)).collect::<Result<Vec<_>, _>>()?;
            ArrayAttribute::new(mlir, &elements).into()
        }
        AttrKind::Dictionary(entries) => {
            let mut named = Vec::with_capacity(entries.len());
            for (name, value) in entries {
                named.extend(export_named(ctx, mlir, name, *value)?);
            }
            DictionaryAttribute::new(mlir, &named).into()
        }
        AttrKind::SymbolRef { root, nested } if nested.is_empty() => FlatSymbolRefAttribute::new(mlir, root).into(),
        AttrKind::DenseElements { ty, data, .. } => {
            let (shape, element) = ctx.tensor_parts(*ty).ok_or_else(|| unsupported(ctx, attr))?;
            let element = export_type(ctx, mlir, element)?;
            dense_bytes(export_tensor_type(element, shape), data)
        }
        // `array<i64: 1, 2>` is builtin syntax on both sides.
        AttrKind::DenseArray { .. } => {
            MlirAttribute::parse(mlir, &attr_to_string(ctx, attr)).ok_or_else(|| unsupported(ctx, attr))?
        }
        _ => return Err(unsupported(ctx, attr)),
    })
}

/// Dense elements of tensor type `ty` holding `bytes` (little-endian storage; one element's bytes
/// make a splat).
pub fn dense_bytes<'c>(ty: melior::ir::Type<'c>, bytes: &[u8]) -> MlirAttribute<'c> {
    DenseElementsAttribute::raw_buffer(ty, bytes).into()
}

fn unsupported(ctx: &Context, attr: Attribute) -> String {
    format!("{} has no upstream MLIR counterpart", attr_to_string(ctx, attr))
}

/// The mc attribute of the upstream attribute `attr` (named `name`, for messages), or `None` for
/// an `arith` dialect attribute at its default.
///
/// # Errors
///
/// A message naming the attribute when mc cannot represent it.
pub fn import_attr(ctx: &mut Context, name: &str, attr: MlirAttribute<'_>) -> Result<Option<Attribute>, String> {
    let unsupported = || format!("attribute '{name}' = {attr} cannot be represented in mc");
    if attr.is_unit() {
        return Ok(Some(ctx.unit_attr()));
    }
    if let Ok(value) = BoolAttribute::try_from(attr) {
        return Ok(Some(ctx.bool_attr(value.value())));
    }
    if let Ok(value) = IntegerAttribute::try_from(attr) {
        let ty = crate::types::import_type(ctx, attr.r#type())?;
        let raw = i128::from(value.signed_value());
        let value = match ctx.integer_width(ty) {
            Some(width) if width < 64 => mc_ir::sign_extend(raw, width),
            _ => raw,
        };
        return Ok(Some(ctx.integer_attr(value, ty)));
    }
    if let Ok(value) = FloatAttribute::try_from(attr) {
        let ty = crate::types::import_type(ctx, attr.r#type())?;
        return Ok(Some(ctx.float_attr(value.value(), ty)));
    }
    if let Ok(value) = StringAttribute::try_from(attr) {
        return Ok(Some(ctx.string_attr(value.value())));
    }
    if let Ok(value) = TypeAttribute::try_from(attr) {
        let ty = crate::types::import_type(ctx, value.value())?;
        return Ok(Some(ctx.type_attr(ty)));
    }
    if let Ok(value) = FlatSymbolRefAttribute::try_from(attr) {
        return Ok(Some(ctx.symbol_ref_attr(value.value())));
    }
    if let Ok(array) = ArrayAttribute::try_from(attr) {
        let mut elements = Vec::with_capacity(array.len());
        for index in 0..array.len() {
            let element = array.element(index).map_err(|e| e.to_string())?;
            elements.push(import_attr(ctx, name, element)?.ok_or_else(unsupported)?);
        }
        return Ok(Some(ctx.array_attr(elements)));
    }
    if let Ok(dictionary) = DictionaryAttribute::try_from(attr) {
        let mut entries = Vec::with_capacity(dictionary.len());
        for index in 0..dictionary.len() {
            let (key, value) = dictionary.element(index).map_err(|e| e.to_string())?;
            let key = key.as_string_ref().as_str().map_err(|e| e.to_string())?.to_string();
            if let Some(value) = import_attr(ctx, &key, value)? {
                entries.push((key, value));
            }
        }
        return Ok(Some(ctx.dictionary_attr(entries)));
    }
    let text = attr.to_string();
    if DEFAULT_DIALECT_ATTRS.iter().any(|d| text.strip_prefix('#') == Some(*d)) {
        return Ok(None);
    }
    Err(unsupported())
}
