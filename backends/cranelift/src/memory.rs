//! Where a memory operand's elements are: the one place that reads buffer types.
//!
//! A memory value is a pointer to its underlying memory plus a static layout taken from its
//! type: shape, strides and offset in elements, and the element's storage size. Element
//! `(i0, ..., in)` is at byte `(offset + Σ ik · strides[k]) · element_size` from the pointer.
//! When the buffer type changes (another spelling, dynamic sizes), only this module changes.

use mc_ir::{Context, Type, TypeKind};

/// The static layout of a memory operand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoryLayout {
    /// Dimension sizes.
    pub shape: Vec<i64>,
    /// Stride of each dimension, in elements.
    pub strides: Vec<i64>,
    /// Offset of the first element, in elements.
    pub offset: i64,
    /// The element type as written (a quantized type for quantized buffers).
    pub element: Type,
    /// Bytes per element (of its storage type).
    pub element_size: i64,
}

impl MemoryLayout {
    /// Bytes the underlying memory must have for every element to be inside it; `None` if the
    /// layout reaches below its pointer or overflows.
    pub fn byte_span(&self) -> Option<i64> {
        let layout = mc_ir::BufferLayout {
            shape: self.shape.clone(),
            element: self.element,
            strides: self.strides.clone(),
            offset: self.offset,
        };
        layout.span()?.checked_mul(self.element_size)
    }
}

/// The layout of a memory-typed value of type `ty`, `None` if `ty` is not a memory type (or its
/// element has no known size).
pub fn layout_of(ctx: &Context, ty: Type) -> Option<MemoryLayout> {
    let layout = ctx.buffer_layout(ty)?;
    let element_size = match ctx.type_kind(layout.element) {
        // `i1` elements take one byte; the others their storage width.
        TypeKind::Integer { .. } | TypeKind::Float(_) | TypeKind::Index | TypeKind::Quantized(_) => {
            ctx.scalar_byte_size(layout.element)? as i64
        }
        _ => return None,
    };
    Some(MemoryLayout {
        shape: layout.shape,
        strides: layout.strides,
        offset: layout.offset,
        element: layout.element,
        element_size,
    })
}

/// True if values of type `ty` are memory (lowered to pointers).
pub fn is_memory(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_kind(ty), TypeKind::Buffer { .. })
}
