//! Builtin types: integers, floats, index, none, functions, tensors, and opaque dialect types.

use crate::context::Context;

/// A type interned in a [`Context`]: a cheap copyable handle; equal types have equal handles.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Type(pub(crate) u32);

/// Signedness semantics of an integer type (`i8`, `si8`, `ui8`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Signedness {
    /// `iN`: no sign semantics; operations decide.
    Signless,
    /// `siN`.
    Signed,
    /// `uiN`.
    Unsigned,
}

/// Floating-point formats.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum FloatKind {
    /// IEEE half precision.
    F16,
    /// bfloat16.
    BF16,
    /// IEEE single precision.
    F32,
    /// IEEE double precision.
    F64,
}

impl FloatKind {
    /// Width in bits.
    pub fn width(self) -> u32 {
        match self {
            FloatKind::F16 | FloatKind::BF16 => 16,
            FloatKind::F32 => 32,
            FloatKind::F64 => 64,
        }
    }

    /// The keyword spelling this format in the text format.
    pub fn keyword(self) -> &'static str {
        match self {
            FloatKind::F16 => "f16",
            FloatKind::BF16 => "bf16",
            FloatKind::F32 => "f32",
            FloatKind::F64 => "f64",
        }
    }
}

/// The structure of a type.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum TypeKind {
    /// An integer of `width` bits.
    Integer {
        /// Bit width, 1 to 2^24.
        width: u32,
        /// Sign semantics.
        signedness: Signedness,
    },
    /// A floating-point type.
    Float(FloatKind),
    /// The target's index type.
    Index,
    /// The unit type `none`.
    None,
    /// `(inputs) -> results`.
    Function {
        /// Argument types.
        inputs: Vec<Type>,
        /// Result types.
        results: Vec<Type>,
    },
    /// A statically shaped tensor `tensor<2x3xf32>`.
    Tensor {
        /// Dimension sizes, outermost first; empty for a scalar tensor.
        shape: Vec<i64>,
        /// Element type.
        element: Type,
    },
    /// A statically shaped memory buffer with a strided layout: `!buffer<2x3xi8>` (row-major) or
    /// `!buffer<4x4xi8, strides: [8, 1], offset: 2>`. Element `(i, j)` lives at element
    /// `offset + i * strides[0] + j * strides[1]` of the underlying memory.
    Buffer {
        /// Dimension sizes, outermost first; empty for a single element.
        shape: Vec<i64>,
        /// Element type (integer, float, index or quantized).
        element: Type,
        /// Strides in elements, one per dimension; `None` means row-major (contiguous).
        strides: Option<Vec<i64>>,
        /// Offset of element `(0, ..., 0)` in elements.
        offset: i64,
    },
    /// A uniform quantized type (`!quant.uniform<...>`).
    Quantized(Box<crate::quant::QuantizedType>),
    /// A type of a dialect mc does not know (`!foo.bar<...>`), kept as its text without the `!`.
    Opaque(String),
}

/// Largest integer width the text format accepts (MLIR's limit).
pub const MAX_INTEGER_WIDTH: u32 = 1 << 24;

impl Context {
    /// Interns `kind` and returns its handle.
    pub fn intern_type(&mut self, kind: TypeKind) -> Type {
        Type(self.types.intern(kind))
    }

    /// The structure of `ty`.
    pub fn type_kind(&self, ty: Type) -> &TypeKind {
        self.types.get(ty.0)
    }

    /// Signless integer type `iN`.
    pub fn integer_type(&mut self, width: u32) -> Type {
        self.intern_type(TypeKind::Integer { width, signedness: Signedness::Signless })
    }

    /// Float type of the given format.
    pub fn float_type(&mut self, kind: FloatKind) -> Type {
        self.intern_type(TypeKind::Float(kind))
    }

    /// The `index` type.
    pub fn index_type(&mut self) -> Type {
        self.intern_type(TypeKind::Index)
    }

    /// The `none` type.
    pub fn none_type(&mut self) -> Type {
        self.intern_type(TypeKind::None)
    }

    /// Function type `(inputs) -> results`.
    pub fn function_type(&mut self, inputs: Vec<Type>, results: Vec<Type>) -> Type {
        self.intern_type(TypeKind::Function { inputs, results })
    }

    /// Tensor type with a static shape.
    pub fn tensor_type(&mut self, shape: Vec<i64>, element: Type) -> Type {
        self.intern_type(TypeKind::Tensor { shape, element })
    }

    /// Buffer type `!buffer<shape x element>` with the row-major layout and no offset.
    pub fn buffer_type(&mut self, shape: Vec<i64>, element: Type) -> Type {
        self.intern_type(TypeKind::Buffer { shape, element, strides: None, offset: 0 })
    }

    /// Buffer type with explicit strides (in elements) and offset; see [`TypeKind::Buffer`].
    pub fn strided_buffer_type(&mut self, shape: Vec<i64>, element: Type, strides: Vec<i64>, offset: i64) -> Type {
        self.intern_type(TypeKind::Buffer { shape, element, strides: Some(strides), offset })
    }

    /// The memory layout of a buffer type: shape, element type, strides (row-major ones filled
    /// in when the type has none) and offset, all in elements.
    pub fn buffer_layout(&self, ty: Type) -> Option<BufferLayout> {
        match self.type_kind(ty) {
            TypeKind::Buffer { shape, element, strides, offset } => Some(BufferLayout {
                shape: shape.clone(),
                element: *element,
                strides: strides.clone().unwrap_or_else(|| row_major_strides(shape)),
                offset: *offset,
            }),
            _ => None,
        }
    }

    /// Width of an integer type, `None` for other types.
    pub fn integer_width(&self, ty: Type) -> Option<u32> {
        match self.type_kind(ty) {
            TypeKind::Integer { width, .. } => Some(*width),
            _ => None,
        }
    }

    /// True for `index` and every integer type.
    pub fn is_integer_like(&self, ty: Type) -> bool {
        matches!(self.type_kind(ty), TypeKind::Integer { .. } | TypeKind::Index)
    }

    /// The float format of `ty`, if it is a float type.
    pub fn float_kind(&self, ty: Type) -> Option<FloatKind> {
        match self.type_kind(ty) {
            TypeKind::Float(kind) => Some(*kind),
            _ => None,
        }
    }

    /// Inputs and results of a function type.
    pub fn function_signature(&self, ty: Type) -> Option<(&[Type], &[Type])> {
        match self.type_kind(ty) {
            TypeKind::Function { inputs, results } => Some((inputs, results)),
            _ => None,
        }
    }

    /// Shape and element type of a tensor type.
    pub fn tensor_parts(&self, ty: Type) -> Option<(&[i64], Type)> {
        match self.type_kind(ty) {
            TypeKind::Tensor { shape, element } => Some((shape, *element)),
            _ => None,
        }
    }

    /// The scalar type inside a shaped type, or the type itself.
    pub fn element_type(&self, ty: Type) -> Type {
        match self.type_kind(ty) {
            TypeKind::Tensor { element, .. } | TypeKind::Buffer { element, .. } => *element,
            _ => ty,
        }
    }

    /// Storage size of one element of a scalar type in bytes (`i1` takes one byte), if known.
    pub fn scalar_byte_size(&self, ty: Type) -> Option<usize> {
        match self.type_kind(ty) {
            TypeKind::Integer { width, .. } => Some((*width as usize).div_ceil(8)),
            TypeKind::Float(kind) => Some(kind.width() as usize / 8),
            TypeKind::Index => Some(8),
            TypeKind::Quantized(q) => Some((q.storage_width as usize).div_ceil(8)),
            _ => None,
        }
    }
}

/// Where the elements of a buffer live, in elements: see [`Context::buffer_layout`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BufferLayout {
    /// Dimension sizes, outermost first.
    pub shape: Vec<i64>,
    /// Element type.
    pub element: Type,
    /// Stride of each dimension.
    pub strides: Vec<i64>,
    /// Offset of the first element.
    pub offset: i64,
}

impl BufferLayout {
    /// Number of elements (the product of the shape).
    pub fn num_elements(&self) -> i64 {
        self.shape.iter().product()
    }

    /// One past the largest element offset the buffer reaches (`0` when it has no elements):
    /// how many elements the underlying memory must hold. `None` if a stride is negative and
    /// reaches below element 0, or on overflow.
    pub fn span(&self) -> Option<i64> {
        if self.shape.contains(&0) {
            return Some(0);
        }
        let (mut low, mut high) = (self.offset, self.offset);
        for (&dim, &stride) in self.shape.iter().zip(&self.strides) {
            let reach = (dim - 1).checked_mul(stride)?;
            if reach < 0 { low = low.checked_add(reach)? } else { high = high.checked_add(reach)? }
        }
        (low >= 0).then_some(high.checked_add(1)?)
    }
}

/// Row-major (contiguous) strides of `shape`, in elements.
pub fn row_major_strides(shape: &[i64]) -> Vec<i64> {
    let mut strides = vec![1; shape.len()];
    for i in (0..shape.len().saturating_sub(1)).rev() {
        strides[i] = strides[i + 1] * shape[i + 1].max(1);
    }
    strides
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_are_uniqued() {
        let mut ctx = Context::new();
        let i8a = ctx.integer_type(8);
        let i8b = ctx.integer_type(8);
        assert_eq!(i8a, i8b);
        let f32 = ctx.float_type(FloatKind::F32);
        let t1 = ctx.tensor_type(vec![1, 2], i8a);
        let t2 = ctx.tensor_type(vec![1, 2], i8b);
        assert_eq!(t1, t2);
        assert_ne!(t1, ctx.tensor_type(vec![2, 1], i8a));
        assert_eq!(ctx.tensor_parts(t1), Some((&[1i64, 2][..], i8a)));
        assert_eq!(ctx.element_type(t1), i8a);
        assert_eq!(ctx.float_kind(f32), Some(FloatKind::F32));
        let i1 = ctx.integer_type(1);
        assert_eq!(ctx.scalar_byte_size(i1), Some(1));
    }

    #[test]
    fn buffer_layouts() {
        let mut ctx = Context::new();
        let i8 = ctx.integer_type(8);
        let dense = ctx.buffer_type(vec![2, 3, 4], i8);
        let layout = ctx.buffer_layout(dense).expect("a buffer");
        assert_eq!((layout.strides.as_slice(), layout.offset, layout.span()), (&[12i64, 4, 1][..], 0, Some(24)));
        assert_eq!(ctx.element_type(dense), i8);
        let view = ctx.strided_buffer_type(vec![4, 4], i8, vec![8, 1], 2);
        assert_eq!(ctx.buffer_layout(view).and_then(|l| l.span()), Some(2 + 3 * 8 + 3 + 1));
        let reversed = ctx.strided_buffer_type(vec![4], i8, vec![-1], 2);
        assert_eq!(ctx.buffer_layout(reversed).and_then(|l| l.span()), None);
        let empty = ctx.buffer_type(vec![0, 5], i8);
        assert_eq!(ctx.buffer_layout(empty).and_then(|l| l.span()), Some(0));
        assert_ne!(dense, ctx.strided_buffer_type(vec![2, 3, 4], i8, vec![12, 4, 1], 0));
    }
}
