//! Builtin types: integers, floats, index, none, functions, tensors, quantized types (see
//! [`crate::quant`]), buffers (see [`crate::buffer`]), MLIR's vectors, memrefs, tuples and
//! complex numbers, and opaque dialect types.

use crate::attributes::Attribute;
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
    /// x87 extended precision (15 exponent bits, 64-bit significand with an explicit integer bit).
    F80,
    /// IEEE quad precision.
    F128,
    /// NVIDIA's TensorFloat-32 (8 exponent, 10 mantissa bits).
    TF32,
    /// 8-bit float, 5 exponent and 2 mantissa bits, IEEE specials.
    F8E5M2,
    /// 8-bit float, 4 exponent and 3 mantissa bits, IEEE specials.
    F8E4M3,
    /// 8-bit float, 4 exponent and 3 mantissa bits, no infinities, NaN all ones.
    F8E4M3FN,
    /// 8-bit float, 5 exponent and 2 mantissa bits, NaN as negative zero.
    F8E5M2FNUZ,
    /// 8-bit float, 4 exponent and 3 mantissa bits, NaN as negative zero.
    F8E4M3FNUZ,
    /// 8-bit float, 4 exponent and 3 mantissa bits, bias 11, NaN as negative zero.
    F8E4M3B11FNUZ,
    /// 8-bit float, 3 exponent and 4 mantissa bits, IEEE specials.
    F8E3M4,
    /// 8-bit unsigned power of two (OCP MX scale), NaN all ones.
    F8E8M0FNU,
    /// 6-bit float, 2 exponent and 3 mantissa bits, finite only.
    F6E2M3FN,
    /// 6-bit float, 3 exponent and 2 mantissa bits, finite only.
    F6E3M2FN,
    /// 4-bit float, 2 exponent and 1 mantissa bit, finite only.
    F4E2M1FN,
}

/// Every float format, for keyword lookup.
const FLOAT_KINDS: [FloatKind; 18] = [
    FloatKind::F16,
    FloatKind::BF16,
    FloatKind::F32,
    FloatKind::F64,
    FloatKind::F80,
    FloatKind::F128,
    FloatKind::TF32,
    FloatKind::F8E5M2,
    FloatKind::F8E4M3,
    FloatKind::F8E4M3FN,
    FloatKind::F8E5M2FNUZ,
    FloatKind::F8E4M3FNUZ,
    FloatKind::F8E4M3B11FNUZ,
    FloatKind::F8E3M4,
    FloatKind::F8E8M0FNU,
    FloatKind::F6E2M3FN,
    FloatKind::F6E3M2FN,
    FloatKind::F4E2M1FN,
];

impl FloatKind {
    /// Width in bits.
    pub fn width(self) -> u32 {
        match self {
            FloatKind::F16 | FloatKind::BF16 => 16,
            FloatKind::F32 => 32,
            FloatKind::F64 => 64,
            FloatKind::F80 => 80,
            FloatKind::F128 => 128,
            FloatKind::TF32 => 19,
            FloatKind::F6E2M3FN | FloatKind::F6E3M2FN => 6,
            FloatKind::F4E2M1FN => 4,
            _ => 8,
        }
    }

    /// The format spelled `keyword` (`f32`, `f8E4M3FN`, ...).
    pub fn from_keyword(keyword: &str) -> Option<FloatKind> {
        FLOAT_KINDS.into_iter().find(|kind| kind.keyword() == keyword)
    }

    /// The keyword spelling this format in the text format.
    pub fn keyword(self) -> &'static str {
        match self {
            FloatKind::F16 => "f16",
            FloatKind::BF16 => "bf16",
            FloatKind::F32 => "f32",
            FloatKind::F64 => "f64",
            FloatKind::F80 => "f80",
            FloatKind::F128 => "f128",
            FloatKind::TF32 => "tf32",
            FloatKind::F8E5M2 => "f8E5M2",
            FloatKind::F8E4M3 => "f8E4M3",
            FloatKind::F8E4M3FN => "f8E4M3FN",
            FloatKind::F8E5M2FNUZ => "f8E5M2FNUZ",
            FloatKind::F8E4M3FNUZ => "f8E4M3FNUZ",
            FloatKind::F8E4M3B11FNUZ => "f8E4M3B11FNUZ",
            FloatKind::F8E3M4 => "f8E3M4",
            FloatKind::F8E8M0FNU => "f8E8M0FNU",
            FloatKind::F6E2M3FN => "f6E2M3FN",
            FloatKind::F6E3M2FN => "f6E3M2FN",
            FloatKind::F4E2M1FN => "f4E2M1FN",
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
    /// A tensor with dynamic dimensions ([`DYNAMIC`]) and/or an encoding (`tensor<4x?xf32, "enc">`);
    /// static tensors without encoding are [`TypeKind::Tensor`].
    RankedTensor {
        /// Dimension sizes, [`DYNAMIC`] for `?`.
        shape: Vec<i64>,
        /// Element type.
        element: Type,
        /// The encoding attribute, if any.
        encoding: Option<Attribute>,
    },
    /// `tensor<*xf32>`.
    UnrankedTensor {
        /// Element type.
        element: Type,
    },
    /// `vector<2x[4]xf32>`: dimensions are positive; `scalable[i]` marks `[n]` dimensions.
    Vector {
        /// Dimension sizes.
        shape: Vec<i64>,
        /// Per dimension: true for a scalable dimension.
        scalable: Vec<bool>,
        /// Element type (integer, index or float).
        element: Type,
    },
    /// `memref<4x?xf32, layout, memory_space>`.
    MemRef(Box<MemRefType>),
    /// `memref<*xf32, memory_space>`.
    UnrankedMemRef {
        /// Element type.
        element: Type,
        /// The memory space, `None` for the default (integer 0).
        memory_space: Option<Attribute>,
    },
    /// `tuple<i32, f32>`.
    Tuple(Vec<Type>),
    /// `complex<f32>`.
    Complex(Type),
    /// A type of a dialect mc does not know (`!foo.bar<...>`), kept as its text without the `!`.
    Opaque(String),
}

/// The size of a dynamic (`?`) dimension, stride or offset, as in MLIR (`ShapedType::kDynamic`).
pub const DYNAMIC: i64 = i64::MIN;

/// A ranked memref type.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct MemRefType {
    /// Dimension sizes, [`DYNAMIC`] for `?`.
    pub shape: Vec<i64>,
    /// Element type.
    pub element: Type,
    /// A `strided<...>` or non-identity `affine_map<...>` layout; `None` for the identity.
    pub layout: Option<Attribute>,
    /// The memory space, `None` for the default (integer 0).
    pub memory_space: Option<Attribute>,
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

    /// True for signless integer types (`iN`).
    pub fn is_signless(&self, ty: Type) -> bool {
        matches!(self.type_kind(ty), TypeKind::Integer { signedness: Signedness::Signless, .. })
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

    /// Shape and element type of a statically shaped tensor or a vector (the types dense
    /// elements attributes have).
    pub fn static_shaped_parts(&self, ty: Type) -> Option<(&[i64], Type)> {
        match self.type_kind(ty) {
            TypeKind::Tensor { shape, element } | TypeKind::Vector { shape, element, .. } => Some((shape, *element)),
            _ => None,
        }
    }

    /// The scalar type inside a shaped type (tensor, vector, memref or buffer), or the type itself.
    pub fn element_type(&self, ty: Type) -> Type {
        match self.type_kind(ty) {
            TypeKind::Tensor { element, .. }
            | TypeKind::RankedTensor { element, .. }
            | TypeKind::UnrankedTensor { element }
            | TypeKind::Vector { element, .. }
            | TypeKind::UnrankedMemRef { element, .. } => *element,
            TypeKind::MemRef(memref) => memref.element,
            TypeKind::Buffer(buffer) => buffer.element,
            _ => ty,
        }
    }

    /// Storage size of one element of a scalar type in bytes (`i1` takes one byte), if known.
    pub fn scalar_byte_size(&self, ty: Type) -> Option<usize> {
        match self.type_kind(ty) {
            TypeKind::Integer { width, .. } => Some((*width as usize).div_ceil(8)),
            TypeKind::Float(kind) => Some((kind.width() as usize).div_ceil(8)),
            TypeKind::Index => Some(8),
            TypeKind::Quantized(q) => Some((q.storage_width as usize).div_ceil(8)),
            _ => None,
        }
    }

    /// Bytes one element of a dense elements attribute takes: a scalar's
    /// [`scalar_byte_size`](Context::scalar_byte_size), or for `complex<T>` the real then the
    /// imaginary part, each a `T`.
    pub fn dense_element_byte_size(&self, ty: Type) -> Option<usize> {
        match self.type_kind(ty) {
            TypeKind::Complex(part) => self.scalar_byte_size(*part).map(|size| 2 * size),
            _ => self.scalar_byte_size(ty),
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
