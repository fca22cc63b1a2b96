//! `dense_resource` blobs across the border: a `buffer.global`'s blob becomes an upstream
//! `dense_resource` under the same key (MLIR owns a copy and prints it in the module's
//! `{-# dialect_resources #-}` section), and an upstream blob comes back into mc's resource table.
//!
//! MLIR's C API builds such blobs (`mlirUnmanagedDenseResourceElementsAttrGet`) but has no call
//! that returns a blob's key or bytes, or says whether the blob is there at all (its typed element
//! getters read a missing blob through an empty optional). So the import reads both from MLIR's
//! own printing: the key from the attribute, the bytes from the resource section of the printed
//! module, parsed by mc's parser (the same `{-# dialect_resources #-}` syntax).
//!
//! MLIR keeps blob keys per context and renames a key that is taken (`w` becomes `w_1`): a
//! [`Session`](crate::Session) that translates the same blobs twice hands out renamed keys.

use mc_ir::Context;
use mc_ir::diagnostics::source::SourceBuffer;
use mc_ir::parser::lexer::{Lexer, TokenKind};
use mc_ir::resources::{Blob, ResourceTable};
use melior::ir::attribute::AttributeLike;
use melior::ir::{Attribute as MlirAttribute, Type as MlirType, TypeLike};
use std::alloc::Layout;
use std::ffi::c_void;

/// An upstream `dense_resource<name> : ty` holding a copy of `bytes`, aligned to `alignment`.
///
/// # Errors
///
/// A message when `alignment` is not a power of two.
pub fn export_dense_resource<'c>(
    ty: MlirType<'c>,
    name: &str,
    bytes: &[u8],
    alignment: u32,
) -> Result<MlirAttribute<'c>, String> {
    let layout = Layout::from_size_align(bytes.len().max(1), alignment as usize)
        .map_err(|_| format!("resource blob '{name}': alignment {alignment} is not a power of two"))?;
    // SAFETY: `layout` has a non-zero size; the copy fits in it; MLIR calls `free_blob` with the
    // pointer, length and alignment given here once no attribute needs the bytes any more.
    unsafe {
        let data = std::alloc::alloc(layout);
        if data.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        std::ptr::copy_nonoverlapping(bytes.as_ptr(), data, bytes.len());
        let raw = mlir_sys::mlirUnmanagedDenseResourceElementsAttrGet(
            ty.to_raw(),
            melior::StringRef::new(name).to_raw(),
            data.cast(),
            bytes.len(),
            alignment as usize,
            false,
            Some(free_blob),
            std::ptr::null_mut(),
        );
        Ok(MlirAttribute::from_raw(raw))
    }
}

/// Frees a blob [`export_dense_resource`] allocated.
unsafe extern "C" fn free_blob(_: *mut c_void, data: *const c_void, size: usize, align: usize) {
    // SAFETY: `data` was allocated with this size (at least 1) and alignment.
    unsafe { std::alloc::dealloc(data.cast_mut().cast(), Layout::from_size_align_unchecked(size.max(1), align)) }
}

/// True if `attr` is an upstream `dense_resource`.
pub fn is_dense_resource(attr: MlirAttribute<'_>) -> bool {
    // SAFETY: a type check on a live attribute.
    unsafe { mlir_sys::mlirAttributeIsADenseResourceElements(attr.to_raw()) }
}

/// The key of the upstream `dense_resource` `attr`, as MLIR prints it.
pub fn resource_key(attr: MlirAttribute<'_>) -> Option<String> {
    let text = attr.to_string();
    let mut lexer = Lexer::new(&text);
    let (head, open, key) = (lexer.next_token(), lexer.next_token(), lexer.next_token());
    if head.text(&text) != "dense_resource" || open.kind != TokenKind::Less {
        return None;
    }
    match key.kind {
        TokenKind::BareIdentifier => Some(key.text(&text).to_string()),
        TokenKind::String => String::from_utf8(key.string_value(&text)?.into_owned()).ok(),
        _ => None,
    }
}

/// The blobs of the printed upstream module `printed` (its trailing resource section).
///
/// # Errors
///
/// mc's parse error, should the section MLIR printed not parse.
pub fn printed_blobs(printed: &str) -> Result<ResourceTable, String> {
    let mut scratch = Context::new();
    let Some(start) = printed.rfind("{-#") else { return Ok(ResourceTable::default()) };
    let section = SourceBuffer::new("<resources>", printed[start..].to_string(), 1);
    mc_ir::parser::parse_source(&mut scratch, &section).map_err(|d| d.message.clone())?;
    Ok(std::mem::take(&mut scratch.resources))
}

/// Adds `blob` to `ctx`'s resources under `key`, or under a fresh name when `key` holds other
/// bytes; returns the name used.
pub fn insert_blob(ctx: &mut Context, key: &str, blob: &Blob) -> String {
    match ctx.resources.get(key) {
        Some(existing) if existing == blob => key.to_string(),
        Some(_) => {
            let name = ctx.resources.unique_name(key);
            ctx.resources.insert(&name, blob.clone());
            name
        }
        None => {
            ctx.resources.insert(key, blob.clone());
            key.to_string()
        }
    }
}
