//! Constants.
//!
//! | op | operands | attributes | result | TFLite builtin |
//! |---|---|---|---|---|
//! | `graph.const` | — | `value` (dense elements or `dense_resource`) | the value's type | constant buffers |
//!
//! `graph.const` is `PURE` and `CONSTANT_LIKE`; the dialect materializes folded constants as
//! `graph.const`.

use super::{OpEntry, op_entry};
use crate::graph::verify::{Checker, Checks, verify_op};
use mc_ir::{AttrKind, Attribute, Builder, Signedness, Type, TypeKind, define_op};

define_op! {
    /// A constant tensor: `value` holds dense elements or a `dense_resource` blob (weights).
    ///
    /// The value's type equals the result type; for a quantized result it may instead be the
    /// storage type (`dense<...> : tensor<4xi8>` for `tensor<4x!quant.uniform<i8:f32, ...>>`),
    /// since dense literals cannot carry quantized element types.
    pub struct ConstOp = "graph.const" {
        summary: "constant tensor",
        traits: [PURE, CONSTANT_LIKE],
        operands: [],
        results: [result],
        attributes: [value: Elements],
        verify: verify_op,
    }
}

/// The family's ops.
pub(super) const OPS: &[OpEntry] = &[op_entry!(ConstOp, Checks::Op(check_const), None)];

impl ConstOp {
    /// Builds a constant of `value`'s type.
    pub fn build(b: &mut Builder<'_>, value: Attribute) -> Self {
        let ty = b.ctx.attr_type(value).expect("graph.const needs a typed elements attribute");
        Self::build_typed(b, value, ty)
    }

    /// Builds a constant of type `result` (a quantized type whose storage matches `value`'s).
    pub fn build_typed(b: &mut Builder<'_>, value: Attribute, result: Type) -> Self {
        ConstOp(b.create(Self::NAME, &[], &[result], vec![("value".to_string(), value)], vec![]))
    }
}

fn check_const(c: &mut Checker<'_, '_>) {
    let (ctx, op) = (c.ctx, c.op);
    let result = c.result_type(0);
    if c.result("result").is_none() {
        return;
    }
    let value = ConstOp(op).value(ctx);
    let Some(value_type) = ctx.attr_type(value) else { return };
    let storage_matches = ctx.quantization(result).is_some_and(|q| {
        let (Some((vs, ve)), Some((rs, _))) = (ctx.tensor_parts(value_type), ctx.tensor_parts(result)) else {
            return false;
        };
        vs == rs
            && matches!(ctx.type_kind(ve), TypeKind::Integer { width, signedness: Signedness::Signless } if *width == q.storage_width)
    });
    if value_type != result && !storage_matches {
        c.error(format!("value type '{}' does not match result type '{}'", c.ty(value_type), c.ty(result)));
        return;
    }
    if let AttrKind::DenseResource { name, ty } = ctx.attr_kind(value)
        && let Some(blob) = ctx.resources.get(name)
    {
        let element_size = ctx.scalar_byte_size(ctx.element_type(*ty)).unwrap_or(0) as u64;
        let needed = ctx.num_elements(*ty).unwrap_or(0) * element_size;
        if blob.data.len() as u64 != needed {
            c.error(format!("resource '{name}' holds {} bytes, but '{}' needs {needed}", blob.data.len(), c.ty(*ty)));
        }
    }
}
