//! Builtin `vector` types as the `vector` dialect uses them: the one-dimensional fixed-length
//! vectors mc's kernels compute on (`vector<16xi8>`, `vector<4xi32>`) and the shape of any
//! vector type (n-D, scalable `[n]` dims) that MLIR's ops of the dialect verify against.

use crate::context::Context;
use crate::types::{Type, TypeKind};

impl Context {
    /// The vector type of `lanes` elements of the scalar type `element`.
    pub fn vector_type(&mut self, lanes: i64, element: Type) -> Type {
        self.intern_type(TypeKind::Vector { shape: vec![lanes], scalable: vec![false], element })
    }

    /// Lanes and element type of a one-dimensional fixed-length vector type.
    pub fn vector_parts(&self, ty: Type) -> Option<(i64, Type)> {
        match self.vector_shape(ty) {
            Some((shape, scalable, element)) if shape.len() == 1 && scalable == [false] => Some((shape[0], element)),
            _ => None,
        }
    }

    /// Dimensions, scalable flags and element type of any vector type (rank 0 included).
    pub fn vector_shape(&self, ty: Type) -> Option<(&[i64], &[bool], Type)> {
        match self.type_kind(ty) {
            TypeKind::Vector { shape, scalable, element } => Some((shape, scalable, *element)),
            _ => None,
        }
    }
}
