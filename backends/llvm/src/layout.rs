//! Where a buffer's elements are: the address arithmetic of loads and stores, from the buffer
//! type alone (mirroring the Cranelift backend's `memory` module, so both backends address the
//! same bytes).
//!
//! Element `(i0, ..., in)` of a `!buffer<shape x elem, strides, offset>` is at byte
//! `(offset + Σ ik · strides[k]) · element_size` from the buffer's pointer. Constant indices fold
//! into one constant byte offset (and are checked against their dimension at compile time); the
//! others each add `ik · strides[k] · element_size`.

use mc_ir::buffer::verify_buffer;
use mc_ir::{BufferType, Context, Type};

/// The static layout of a memory operand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoryLayout {
    /// Shape, element type as written, strides and offset in elements.
    pub buffer: BufferType,
    /// Bytes per element of its storage type (`i1` takes one byte).
    pub element_size: i64,
}

/// An index of an access: known at compile time, or a run-time value (`T`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Index<T> {
    /// A constant.
    Constant(i64),
    /// A run-time value.
    Dynamic(T),
}

/// An element's address relative to the buffer pointer: a constant byte offset plus a sum of
/// run-time indices each scaled by a byte stride.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ElementAddress<T> {
    /// Bytes from the pointer, from the layout's offset and the constant indices.
    pub constant_bytes: i64,
    /// `(index, bytes per step)` of each run-time index.
    pub terms: Vec<(T, i64)>,
}

impl MemoryLayout {
    /// The layout of a memory-typed value of type `ty`, `None` if `ty` is not a valid buffer
    /// type.
    pub fn of(ctx: &Context, ty: Type) -> Option<MemoryLayout> {
        let buffer = ctx.buffer(ty)?;
        verify_buffer(ctx, buffer).ok()?;
        let element_size = i64::try_from(ctx.buffer_element_bytes(ty)?).ok()?;
        Some(MemoryLayout { buffer: buffer.clone(), element_size })
    }

    /// Bytes the storage must have for every element to be inside it; `None` on overflow.
    pub fn byte_span(&self) -> Option<i64> {
        self.buffer.storage_elements().checked_mul(self.element_size)
    }

    /// The address of the element at `indices` (one per dimension). Errors name the problem: a
    /// wrong number of indices, or a constant index outside its dimension.
    pub fn element_address<T>(&self, indices: Vec<Index<T>>) -> Result<ElementAddress<T>, String> {
        if indices.len() != self.buffer.rank() {
            return Err(format!("{} indices for a buffer of rank {}", indices.len(), self.buffer.rank()));
        }
        let mut address = ElementAddress { constant_bytes: self.buffer.offset * self.element_size, terms: Vec::new() };
        for (dim, (index, (&size, &stride))) in
            indices.into_iter().zip(self.buffer.shape.iter().zip(&self.buffer.strides)).enumerate()
        {
            let scale = stride * self.element_size;
            match index {
                Index::Constant(c) if c < 0 || c >= size => {
                    return Err(format!("index {c} is out of bounds for dimension {dim} of size {size}"));
                }
                Index::Constant(c) => address.constant_bytes += c * scale,
                Index::Dynamic(value) => address.terms.push((value, scale)),
            }
        }
        Ok(address)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The layout of `shape x i<width>` with `strides` and `offset`.
    fn layout(ctx: &mut Context, shape: &[i64], width: u32, strides: &[i64], offset: i64) -> MemoryLayout {
        let element = ctx.integer_type(width);
        let ty = ctx.strided_buffer_type(shape.to_vec(), element, strides.to_vec(), offset);
        MemoryLayout::of(ctx, ty).unwrap()
    }

    #[test]
    fn constant_and_dynamic_indices_scale_by_stride_and_element_size() {
        let mut ctx = Context::new();
        // Row-major 4x8 of i32: element (i, j) at (8 i + j) * 4.
        let dense = layout(&mut ctx, &[4, 8], 32, &[8, 1], 0);
        let address = dense.element_address(vec![Index::Dynamic('i'), Index::Constant(3)]).unwrap();
        assert_eq!(address, ElementAddress { constant_bytes: 12, terms: vec![('i', 32)] });
        // A transposed view with an offset: element (i, j) at (5 + i + 4 j) * 2.
        let view = layout(&mut ctx, &[4, 3], 16, &[1, 4], 5);
        let address = view.element_address(vec![Index::Constant(2), Index::Dynamic('j')]).unwrap();
        assert_eq!(address, ElementAddress { constant_bytes: 14, terms: vec![('j', 8)] });
        assert_eq!(view.byte_span(), Some((5 + 3 + 4 * 2 + 1) * 2));
        // Rank 0: just the offset.
        let scalar = layout(&mut ctx, &[], 32, &[], 0);
        assert_eq!(scalar.element_address::<char>(vec![]).unwrap().constant_bytes, 0);
    }

    #[test]
    fn bad_indices_are_errors() {
        let mut ctx = Context::new();
        let dense = layout(&mut ctx, &[4, 8], 8, &[8, 1], 0);
        let error = dense.element_address::<char>(vec![Index::Constant(0), Index::Constant(8)]).unwrap_err();
        assert_eq!(error, "index 8 is out of bounds for dimension 1 of size 8");
        assert!(dense.element_address::<char>(vec![Index::Constant(0)]).unwrap_err().contains("rank 2"));
    }
}
