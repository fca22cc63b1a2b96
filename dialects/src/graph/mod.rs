//! The `graph` dialect: value-semantics tensor ops with TFLite's semantics.
//!
//! The TFLite importer produces it; later passes lower it to the `buffer` dialect. Tensors are
//! statically shaped `tensor<...>` values of `f32`, of quantized `!quant.uniform<...>` elements
//! (per tensor, or per axis for weights and biases), or of plain integers (`i32`, `i64`, used by
//! shape-like operands and integer arithmetic). Layouts are TFLite's: activations NHWC,
//! convolution filters OHWI, depthwise filters `[1, KH, KW, C × multiplier]`, fully connected
//! weights `[units, depth]`.
//!
//! # Ops
//!
//! Operands in order; `?` marks an optional trailing operand. Integer attributes are `i64`,
//! lists are `array<i64: ...>`, `padding` is `"SAME"`/`"VALID"`, `fused_activation` is one of
//! TFLite's `"NONE"`, `"RELU"`, `"RELU_N1_TO_1"`, `"RELU6"` (`"TANH"` and `"SIGN_BIT"` parse but
//! no TFLite kernel fuses them, so the verifier rejects them).
//!
//! | op | operands | attributes | result | TFLite builtin |
//! |---|---|---|---|---|
//!
//! All ops but the three variable ops are `PURE`; `add` and `mul` are `COMMUTATIVE`.
//!
//! # Windows and padding
//!
//! Output sizes follow TFLite's `ComputeOutSize`: `SAME` gives `ceil(in / stride)`, `VALID` gives
//! `ceil((in - ((k - 1) · dilation + 1) + 1) / stride)`; `SAME` pads `total / 2` before and the odd
//! element after ([`shapes::compute_padding`]). Convolutions may be grouped (input
//! channels a multiple of the filter's, TFLite's reference kernels' `groups`).
//!
//! # Quantization rules
//!
//! | op | rule |
//! |---|---|
//! | pools, reshape, transpose, pad, concatenation | result quantization = input's (every input's, for concatenation) |
//!
//! The checks, with TFLite's reasons, are in [`verify`]; the shape rules in [`shape_inference`].
//! Which TFLite operators and element-type variants mc compiles is the table in [`support`].
//!
//! # Folding and canonicalization
//!
//! `graph.const` is `CONSTANT_LIKE` and the dialect materializes folded constants as
//! `graph.const`. `reshape`, `transpose` and `pad` fold away when they do nothing, and a reshape
//! of a constant folds to a constant (the `fold` module). Patterns registered as the ops'
//! `canonicalize` hooks shorten reshape and transpose chains and turn constant shape-like operands
//! (`shape`, `perm`, `axes`, `paddings`, `begin`/`end`/`strides`) into attributes (the
//! `canonicalize` module); `canonicalize` and `graph-canonicalize` apply both.

pub mod attributes;
mod builders;
mod canonicalize;
mod fold;
mod ops;
pub mod shape_inference;
pub mod shapes;
pub mod signature;
pub mod support;
pub mod verify;

#[cfg(test)]
mod tests;

pub use attributes::{Activation, Padding, is_resource_type, resource_type};
pub use builders::fused_activation;
pub use ops::*;
pub use shape_inference::{infer, infer_result_types};
pub use signature::{Shaped, Signature, first_list_operand, list_attributes, op_name, op_shape};

use mc_ir::{AttrKind, Attribute, Builder, Dialect, OpId, OperationState, Type};

/// The `graph` dialect.
pub fn dialect() -> Dialect {
    Dialect { name: "graph", ops: signature::all_defs(), materialize_constant: Some(materialize_constant) }
}

/// Builds `graph.const` for a folded elements attribute of type `ty` (or of its storage type).
fn materialize_constant(builder: &mut Builder<'_>, value: Attribute, ty: Type) -> Option<OpId> {
    if !matches!(builder.ctx.attr_kind(value), AttrKind::DenseElements { .. } | AttrKind::DenseResource { .. }) {
        return None;
    }
    let value_type = builder.ctx.attr_type(value)?;
    let storage_ok = builder.ctx.quantization(ty).is_some_and(|q| {
        let width = q.storage_width;
        match (builder.ctx.tensor_parts(value_type), builder.ctx.tensor_parts(ty)) {
            (Some((vs, ve)), Some((ts, _))) => vs == ts && builder.ctx.integer_width(ve) == Some(width),
            _ => false,
        }
    });
    if value_type != ty && !storage_ok {
        return None;
    }
    let mut state = OperationState::new(builder.ctx.op_name(ConstOp::NAME), builder.loc);
    state.attrs = vec![("value".to_string(), value)];
    state.result_types = vec![ty];
    Some(builder.insert(state))
}
