//! Fixed-length one-dimensional vector types (`vector<16xi8>`, `vector<4xi32>`), spelled as MLIR's
//! builtin `vector` type: the minimum the `vector` dialect needs (no scalable or multi-dimensional
//! vectors), kept in this file (and `parser/vector.rs`) so that it can be reconciled with a fuller
//! builtin vector type.

use crate::context::Context;
use crate::types::{Type, TypeKind};
use std::fmt::Write;

impl Context {
    /// The vector type of `lanes` elements of the scalar type `element`.
    pub fn vector_type(&mut self, lanes: i64, element: Type) -> Type {
        self.intern_type(TypeKind::Vector { lanes, element })
    }

    /// Lanes and element type of a vector type.
    pub fn vector_parts(&self, ty: Type) -> Option<(i64, Type)> {
        match self.type_kind(ty) {
            TypeKind::Vector { lanes, element } => Some((*lanes, *element)),
            _ => None,
        }
    }
}

/// Appends `vector<16xi8>` for a vector of `lanes` elements of type `element`.
pub(crate) fn write_vector(ctx: &Context, lanes: i64, element: Type, out: &mut String) {
    let _ = write!(out, "vector<{lanes}x");
    crate::printer::attributes::write_type(ctx, element, out);
    out.push('>');
}
