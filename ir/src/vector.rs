//! The one-dimensional fixed-length vectors the `vector` dialect computes on (`vector<16xi8>`,
//! `vector<4xi32>`): builtin `vector` types with one non-scalable dimension.

use crate::context::Context;
use crate::types::{Type, TypeKind};

impl Context {
    /// The vector type of `lanes` elements of the scalar type `element`.
    pub fn vector_type(&mut self, lanes: i64, element: Type) -> Type {
        self.intern_type(TypeKind::Vector { shape: vec![lanes], scalable: vec![false], element })
    }

    /// Lanes and element type of a one-dimensional fixed-length vector type.
    pub fn vector_parts(&self, ty: Type) -> Option<(i64, Type)> {
        match self.type_kind(ty) {
            TypeKind::Vector { shape, scalable, element } if shape.len() == 1 && scalable == &[false] => {
                Some((shape[0], *element))
            }
            _ => None,
        }
    }
}
