//! The memref-like buffer type, spelled as a dialect type so upstream `mlir-opt
//! --allow-unregistered-dialect` reads it as an opaque `!buffer<...>`:
//!
//! | spelling | meaning |
//! |---|---|
//! | `!buffer<1x48x48x16xi8>` | identity layout: row-major strides, offset 0 |
//! | `!buffer<4x4xi8, strides: [8, 1], offset: 2>` | element `[i, j]` at storage element `2 + 8i + j` |
//! | `!buffer<1x96x96x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>` | quantized elements |
//! | `!buffer<f32>` | rank 0 (upstream prints it `!buffer.f32`; both parse) |
//!
//! Strides and the offset count elements, not bytes, and describe where each element sits in
//! the *underlying storage* (the allocation, argument or global the buffer is ultimately a view
//! of), as a memref's layout does: element `[i0, ..., in]` is storage element
//! `offset + Σ ik·stride_k`. Dimensions are static; strides and the offset are non-negative
//! (a zero stride repeats elements, which broadcasting views use). Element types are integers,
//! floats, `index` and quantized types.
//!
//! The layout is always stored: an identity-layout type has its row-major strides and offset 0,
//! so `!buffer<4xi8, strides: [1], offset: 0>` and `!buffer<4xi8>` are the same type and print
//! as the latter.

use crate::context::Context;
use crate::types::{FloatKind, Signedness, Type, TypeKind};

/// A buffer type: shape, element type and layout (strides and offset, in elements).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct BufferType {
    /// Dimension sizes, outermost first; empty for rank 0.
    pub shape: Vec<i64>,
    /// Element type: an integer, float, `index` or quantized type.
    pub element: Type,
    /// Distance in elements between neighbours along each dimension.
    pub strides: Vec<i64>,
    /// Storage element of the first element (index `[0, ..., 0]`).
    pub offset: i64,
}

/// Row-major strides of `shape`: the last dimension has stride 1, each other the product of the
/// dimensions after it (`[2, 3, 4]` → `[12, 4, 1]`).
pub fn row_major_strides(shape: &[i64]) -> Vec<i64> {
    let mut strides = vec![1i64; shape.len()];
    for i in (0..shape.len().saturating_sub(1)).rev() {
        strides[i] = strides[i + 1].saturating_mul(shape[i + 1].max(1));
    }
    strides
}

impl BufferType {
    /// A buffer with the identity layout (row-major, offset 0).
    pub fn identity(shape: Vec<i64>, element: Type) -> Self {
        let strides = row_major_strides(&shape);
        BufferType { shape, element, strides, offset: 0 }
    }

    /// Rank (number of dimensions).
    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    /// Number of elements (1 for rank 0).
    pub fn num_elements(&self) -> i64 {
        self.shape.iter().product()
    }

    /// True for row-major strides with offset 0: the buffer's elements fill its storage densely,
    /// in order, from the start.
    pub fn is_identity_layout(&self) -> bool {
        self.offset == 0 && self.has_row_major_strides()
    }

    /// True if the strides are exactly the row-major strides of the shape (any offset): the
    /// elements are dense and in order, starting at `offset`.
    pub fn has_row_major_strides(&self) -> bool {
        self.strides == row_major_strides(&self.shape)
    }

    /// True if the elements are dense and in row-major order (from `offset`), ignoring the strides
    /// of dimensions of size 1, which never move an index: `[1, 64, 1, 1]` with strides
    /// `[64, 1, 64, 64]` (a transpose that only moves unit dimensions) addresses exactly what
    /// strides `[64, 1, 1, 1]` do.
    pub fn is_row_major_contiguous(&self) -> bool {
        let expected = row_major_strides(&self.shape);
        self.shape.iter().zip(&self.strides).zip(&expected).all(|((&d, &s), &e)| d == 1 || s == e)
    }

    /// Number of storage elements from the first element to the last one, inclusive: `1 +
    /// Σ (dim - 1)·stride`; 0 for a buffer with no elements.
    pub fn extent(&self) -> i64 {
        if self.shape.contains(&0) {
            return 0;
        }
        1 + self.shape.iter().zip(&self.strides).map(|(&d, &s)| (d - 1) * s).sum::<i64>()
    }

    /// The storage elements the buffer may touch: `offset .. offset + extent`.
    pub fn span(&self) -> std::ops::Range<i64> {
        self.offset..self.offset + self.extent()
    }

    /// Number of storage elements an allocation of this type needs: up to the end of the span
    /// (`offset + extent`), or 0 if the buffer has no elements.
    pub fn storage_elements(&self) -> i64 {
        if self.extent() == 0 { 0 } else { self.span().end }
    }

    /// The same shape and element type with the layout `strides` and `offset`.
    pub fn with_layout(&self, strides: Vec<i64>, offset: i64) -> Self {
        BufferType { shape: self.shape.clone(), element: self.element, strides, offset }
    }
}

impl Context {
    /// Interns a buffer type as given (call [`verify_buffer`] first for untrusted input).
    pub fn intern_buffer_type(&mut self, buffer: BufferType) -> Type {
        self.intern_type(TypeKind::Buffer(buffer))
    }

    /// `!buffer<shape x element>` with the identity layout.
    pub fn buffer_type(&mut self, shape: Vec<i64>, element: Type) -> Type {
        self.intern_buffer_type(BufferType::identity(shape, element))
    }

    /// `!buffer<shape x element, strides: [...], offset: n>`.
    pub fn strided_buffer_type(&mut self, shape: Vec<i64>, element: Type, strides: Vec<i64>, offset: i64) -> Type {
        self.intern_buffer_type(BufferType { shape, element, strides, offset })
    }

    /// The buffer type `ty`, if it is one.
    pub fn buffer(&self, ty: Type) -> Option<&BufferType> {
        match self.type_kind(ty) {
            TypeKind::Buffer(buffer) => Some(buffer),
            _ => None,
        }
    }

    /// True if `ty` is a buffer type.
    pub fn is_buffer_type(&self, ty: Type) -> bool {
        self.buffer(ty).is_some()
    }

    /// Shape and element type of a buffer type.
    pub fn buffer_parts(&self, ty: Type) -> Option<(&[i64], Type)> {
        self.buffer(ty).map(|b| (b.shape.as_slice(), b.element))
    }

    /// Bytes of one element of a buffer type (quantized types count their storage).
    pub fn buffer_element_bytes(&self, ty: Type) -> Option<u64> {
        self.scalar_byte_size(self.buffer(ty)?.element).map(|b| b as u64)
    }

    /// Bytes of the storage an allocation of the buffer type `ty` needs: from the storage start
    /// to the end of the buffer's span ([`BufferType::storage_elements`] × element bytes). For
    /// the identity layout this is elements × element bytes.
    pub fn buffer_storage_bytes(&self, ty: Type) -> Option<u64> {
        let elements = u64::try_from(self.buffer(ty)?.storage_elements()).ok()?;
        elements.checked_mul(self.buffer_element_bytes(ty)?)
    }

    /// Bytes of the buffer's span alone (its extent × element bytes), without the offset.
    pub fn buffer_span_bytes(&self, ty: Type) -> Option<u64> {
        let extent = u64::try_from(self.buffer(ty)?.extent()).ok()?;
        extent.checked_mul(self.buffer_element_bytes(ty)?)
    }
}

/// How a buffer's elements sit in memory, for code that exchanges them with the outside world
/// (`.npy` files, C headers, test tensors): a quantized type is its storage integer, signless
/// integers count as signed (as TFLite's tensors are), `i1` is a byte-sized boolean.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ElementStorage {
    /// `i1`, one byte per element.
    Bool,
    /// An integer of `width` bits.
    Int {
        /// False only for explicitly unsigned integers and unsigned quantized storage.
        signed: bool,
        /// Bits: 2 to 64 as the type says (callers choose which they support).
        width: u32,
    },
    /// A float.
    Float(FloatKind),
}

impl Context {
    /// The storage of elements of type `element` (quantized, integer or float); `None` for
    /// `index` and non-scalar types.
    pub fn element_storage(&self, element: Type) -> Option<ElementStorage> {
        match self.type_kind(element) {
            TypeKind::Integer { width: 1, .. } => Some(ElementStorage::Bool),
            TypeKind::Integer { width, signedness } => {
                Some(ElementStorage::Int { signed: *signedness != Signedness::Unsigned, width: *width })
            }
            TypeKind::Quantized(q) => Some(ElementStorage::Int { signed: q.signed, width: q.storage_width }),
            TypeKind::Float(kind) => Some(ElementStorage::Float(*kind)),
            _ => None,
        }
    }
}

/// True if `ty` may be a buffer's element type: an integer, float, `index` or quantized type.
pub fn is_valid_buffer_element(ctx: &Context, ty: Type) -> bool {
    matches!(
        ctx.type_kind(ty),
        TypeKind::Integer { .. } | TypeKind::Float(_) | TypeKind::Index | TypeKind::Quantized(_)
    )
}

/// Checks a buffer type's invariants; the error says what is wrong.
pub fn verify_buffer(ctx: &Context, buffer: &BufferType) -> Result<(), String> {
    if !is_valid_buffer_element(ctx, buffer.element) {
        return Err("buffer element type must be an integer, float, index or quantized type".to_string());
    }
    if let Some(&d) = buffer.shape.iter().find(|&&d| d < 0) {
        return Err(format!("buffer dimensions must be non-negative, but one is {d}"));
    }
    if buffer.strides.len() != buffer.shape.len() {
        return Err(format!(
            "buffer of rank {} needs {} strides, but has {}",
            buffer.shape.len(),
            buffer.shape.len(),
            buffer.strides.len()
        ));
    }
    if let Some(&s) = buffer.strides.iter().find(|&&s| s < 0) {
        return Err(format!("buffer strides must be non-negative, but one is {s}"));
    }
    if buffer.offset < 0 {
        return Err(format!("buffer offset must be non-negative, but is {}", buffer.offset));
    }
    // The span must be computable without overflow (and so must its size in bytes).
    let mut end = i128::from(buffer.offset) + 1;
    let mut count: i128 = 1;
    for (&d, &s) in buffer.shape.iter().zip(&buffer.strides) {
        end += i128::from(d.max(1) - 1) * i128::from(s);
        count *= i128::from(d);
        if end > i128::from(i64::MAX / 16) || count > i128::from(i64::MAX / 16) {
            return Err("buffer is too large".to_string());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::FloatKind;

    #[test]
    fn row_major_strides_are_products_of_later_dims() {
        assert_eq!(row_major_strides(&[2, 3, 4]), vec![12, 4, 1]);
        assert_eq!(row_major_strides(&[5]), vec![1]);
        assert_eq!(row_major_strides(&[]), Vec::<i64>::new());
        // A zero dimension does not zero the strides before it.
        assert_eq!(row_major_strides(&[2, 0, 3]), vec![3, 3, 1]);
    }

    #[test]
    fn identity_types_are_canonical_and_uniqued() {
        let mut ctx = Context::new();
        let i8 = ctx.integer_type(8);
        let a = ctx.buffer_type(vec![1, 48, 48, 16], i8);
        let b = ctx.strided_buffer_type(vec![1, 48, 48, 16], i8, vec![36864, 768, 16, 1], 0);
        assert_eq!(a, b);
        let buffer = ctx.buffer(a).expect("a buffer");
        assert!(buffer.is_identity_layout());
        assert_eq!(buffer.num_elements(), 36864);
        assert_eq!(ctx.buffer_storage_bytes(a), Some(36864));
        assert_eq!(ctx.buffer_element_bytes(a), Some(1));
        assert_eq!(ctx.buffer_parts(a), Some((&[1i64, 48, 48, 16][..], i8)));
        assert!(!ctx.is_buffer_type(i8));
    }

    #[test]
    fn strided_spans_and_storage_sizes() {
        let mut ctx = Context::new();
        let (i8, f32) = (ctx.integer_type(8), ctx.float_type(FloatKind::F32));
        // 4x4 window at offset 2 of rows of 8: last element at 2 + 3*8 + 3 = 29.
        let window = ctx.strided_buffer_type(vec![4, 4], i8, vec![8, 1], 2);
        let w = ctx.buffer(window).expect("a buffer").clone();
        assert!(!w.is_identity_layout() && !w.has_row_major_strides());
        assert_eq!((w.extent(), w.span(), w.storage_elements()), (28, 2..30, 30));
        assert_eq!(ctx.buffer_storage_bytes(window), Some(30));
        assert_eq!(ctx.buffer_span_bytes(window), Some(28));
        // A transposed 2x3 f32 buffer: same span as the original, 24 bytes.
        let transposed = ctx.strided_buffer_type(vec![3, 2], f32, vec![1, 3], 0);
        assert_eq!(ctx.buffer_storage_bytes(transposed), Some(24));
        // Rank 0: one element.
        let scalar = ctx.buffer_type(vec![], f32);
        assert_eq!(ctx.buffer_storage_bytes(scalar), Some(4));
        assert!(ctx.buffer(scalar).expect("a buffer").is_identity_layout());
        // No elements: no storage.
        let empty = ctx.buffer_type(vec![2, 0], f32);
        assert_eq!(ctx.buffer_storage_bytes(empty), Some(0));
        // Broadcast along a zero stride.
        let broadcast = ctx.strided_buffer_type(vec![4, 3], f32, vec![0, 1], 0);
        assert_eq!(ctx.buffer_storage_bytes(broadcast), Some(12));
    }

    #[test]
    fn unit_dimensions_do_not_break_contiguity() {
        let mut ctx = Context::new();
        let i8 = ctx.integer_type(8);
        let moved = BufferType { shape: vec![1, 64, 1, 1], element: i8, strides: vec![64, 1, 64, 64], offset: 0 };
        assert!(moved.is_row_major_contiguous() && !moved.is_identity_layout());
        let transposed = BufferType { shape: vec![2, 3], element: i8, strides: vec![1, 2], offset: 0 };
        assert!(!transposed.is_row_major_contiguous());
        let shifted = BufferType::identity(vec![2, 3], i8).with_layout(vec![3, 1], 6);
        assert!(shifted.has_row_major_strides() && !shifted.is_identity_layout());
    }

    #[test]
    fn invalid_buffers_are_rejected_with_a_reason() {
        let mut ctx = Context::new();
        let i8 = ctx.integer_type(8);
        let none = ctx.none_type();
        let tensor = ctx.tensor_type(vec![2], i8);
        let check = |ctx: &Context, b: BufferType| verify_buffer(ctx, &b).err();
        assert_eq!(check(&ctx, BufferType::identity(vec![2, 3], i8)), None);
        assert!(check(&ctx, BufferType::identity(vec![2], none)).unwrap().contains("element type"));
        assert!(check(&ctx, BufferType::identity(vec![2], tensor)).unwrap().contains("element type"));
        assert!(check(&ctx, BufferType::identity(vec![-1], i8)).unwrap().contains("non-negative"));
        let bad_rank = BufferType { shape: vec![2, 3], element: i8, strides: vec![1], offset: 0 };
        assert_eq!(check(&ctx, bad_rank).unwrap(), "buffer of rank 2 needs 2 strides, but has 1");
        let negative = BufferType { shape: vec![2], element: i8, strides: vec![-1], offset: 0 };
        assert!(check(&ctx, negative).unwrap().contains("strides must be non-negative"));
        let offset = BufferType { shape: vec![2], element: i8, strides: vec![1], offset: -3 };
        assert!(check(&ctx, offset).unwrap().contains("offset"));
        let huge = BufferType::identity(vec![1 << 40, 1 << 40], i8);
        assert_eq!(check(&ctx, huge).unwrap(), "buffer is too large");
    }

    #[test]
    fn element_storage_is_the_quantized_storage_and_signless_counts_as_signed() {
        let mut ctx = Context::new();
        let f32 = ctx.float_type(FloatKind::F32);
        let u8 = ctx.uniform_quantized_type(8, false, f32, 0.5, 3);
        let i8 = ctx.integer_type(8);
        let i1 = ctx.integer_type(1);
        let index = ctx.index_type();
        assert_eq!(ctx.element_storage(u8), Some(ElementStorage::Int { signed: false, width: 8 }));
        assert_eq!(ctx.element_storage(i8), Some(ElementStorage::Int { signed: true, width: 8 }));
        assert_eq!(ctx.element_storage(i1), Some(ElementStorage::Bool));
        assert_eq!(ctx.element_storage(f32), Some(ElementStorage::Float(FloatKind::F32)));
        assert_eq!(ctx.element_storage(index), None);
    }
}
