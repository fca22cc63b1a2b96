//! Where a memory operand's elements are: the one place that reads buffer types.
//!
//! A memory value is a pointer to its underlying storage plus a static layout taken from its
//! [`BufferType`]: shape, strides and offset in elements, and the element's storage size.
//! Element `(i0, ..., in)` is at byte `(offset + Σ ik · strides[k]) · element_size` from the
//! pointer. When the buffer type changes (dynamic sizes), only this module changes.

use mc_ir::buffer::verify_buffer;
use mc_ir::{BufferType, Context, Type};

/// The static layout of a memory operand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoryLayout {
    /// Shape, element type as written (a quantized type for quantized buffers), strides and
    /// offset in elements.
    pub buffer: BufferType,
    /// Bytes per element (of its storage type; `i1` takes one byte).
    pub element_size: i64,
}

impl MemoryLayout {
    /// Bytes the underlying storage must have for every element to be inside it (up to the end
    /// of the buffer's span, see [`BufferType::storage_elements`]); `None` on overflow.
    pub fn byte_span(&self) -> Option<i64> {
        self.buffer.storage_elements().checked_mul(self.element_size)
    }
}

/// The layout of a memory-typed value of type `ty`, `None` if `ty` is not a memory type (or not
/// a valid buffer type, whose elements could lie outside its storage).
pub fn layout_of(ctx: &Context, ty: Type) -> Option<MemoryLayout> {
    let buffer = ctx.buffer(ty)?;
    verify_buffer(ctx, buffer).ok()?;
    let element_size = i64::try_from(ctx.buffer_element_bytes(ty)?).ok()?;
    Some(MemoryLayout { buffer: buffer.clone(), element_size })
}

/// True if values of type `ty` are memory (lowered to pointers).
pub fn is_memory(ctx: &Context, ty: Type) -> bool {
    ctx.is_buffer_type(ty)
}
