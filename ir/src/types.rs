//! Builtin types: integers, floats, index, none, functions, tensors, quantized types (see
//! [`crate::quant`]), buffers (see [`crate::buffer`]), and opaque dialect types.

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
    /// A uniform quantized type (`!quant.uniform<...>`).
    Quantized(Box<crate::quant::QuantizedType>),
    /// A memref-like buffer with a layout (`!buffer<4x4xi8, strides: [8, 1], offset: 2>`).
    Buffer(crate::buffer::BufferType),
    /// A one-dimensional fixed-length vector `vector<16xi8>` (see [`crate::vector`]).
    Vector {
        /// Number of lanes, at least 1.
        lanes: i64,
        /// Element type: an integer, float or index.
        element: Type,
    },
    /// A type of a dialect mc does not know (`!foo.bar<...>`), kept as its text without the `!`.
    Opaque(String),
}

/// Largest integer width the text format accepts (MLIR's limit).
pub const MAX_INTEGER_WIDTH: u32 = (1 << 24) - 1;

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

    /// The scalar type inside a shaped type (tensor or buffer), or the type itself.
    pub fn element_type(&self, ty: Type) -> Type {
        match self.type_kind(ty) {
            TypeKind::Tensor { element, .. } => *element,
            TypeKind::Buffer(buffer) => buffer.element,
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
}
