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
//! | `graph.const` | — | `value` (dense elements or `dense_resource`) | the value's type | constant buffers |
//! | `graph.conv_2d` | `input` NHWC, `filter` OHWI, `bias`? `[O]` | `stride_h`, `stride_w`, `dilation_h`, `dilation_w`, `padding`, `fused_activation` | `[N, OH, OW, O]` | `CONV_2D` (3) |
//! | `graph.depthwise_conv_2d` | `input` NHWC, `filter` `[1, KH, KW, C·M]`, `bias`? `[C·M]` | as `conv_2d` + `depth_multiplier` (M) | `[N, OH, OW, C·M]` | `DEPTHWISE_CONV_2D` (4) |
//! | `graph.fully_connected` | `input`, `weights` `[U, D]`, `bias`? `[U]` | `fused_activation`, `keep_num_dims` (bool) | `[elements/D, U]`, or input shape with last dim `U` if `keep_num_dims` | `FULLY_CONNECTED` (9) |
//! | `graph.add` / `graph.sub` / `graph.mul` | `lhs`, `rhs` | `fused_activation` | broadcast shape (numpy rules, rank ≤ 6) | `ADD` (0) / `SUB` (41) / `MUL` (18) |
//! | `graph.avg_pool_2d` / `graph.max_pool_2d` | `input` NHWC | `filter_h`, `filter_w`, `stride_h`, `stride_w`, `padding`, `fused_activation` | `[N, OH, OW, C]` | `AVERAGE_POOL_2D` (1) / `MAX_POOL_2D` (17) |
//! | `graph.reshape` | `input`, `shape`? (1-D i32) | `new_shape`? | same element count; shape from constant `shape`, else `new_shape` (one `-1` allowed) | `RESHAPE` (22) |
//! | `graph.transpose` | `input`, `perm`? (1-D i32) | `perm`? (exactly one of the two) | `dim(i) = input.dim(perm[i])`, rank ≤ 6 | `TRANSPOSE` (39) |
//! | `graph.softmax` | `input` (rank ≥ 1) | `beta` (f32) | input shape; along the last dim | `SOFTMAX` (25) |
//! | `graph.logistic` / `graph.tanh` | `input` | — | input shape | `LOGISTIC` (14) / `TANH` (28) |
//! | `graph.relu` / `graph.relu6` / `graph.relu_n1_to_1` | `input` | — | input shape | `RELU` (19) / `RELU6` (21) / `RELU_N1_TO_1` (20) |
//! | `graph.mean` | `input`, `axes`? (1-D i32) | `axes`? (exactly one), `keep_dims` (bool) | reduced dims removed, or 1 with `keep_dims` | `MEAN` (40) |
//! | `graph.pad` | `input`, `paddings`? `[rank, 2]` i32 | `paddings`? flattened `[b0, a0, b1, a1, ...]` (exactly one) | `dim(i) + before(i) + after(i)`, rank ≤ 5 | `PAD` (34) |
//! | `graph.concatenation` | `inputs...` (≥ 1) | `axis` (negative counts from the end), `fused_activation` (`"NONE"`) | sum along `axis` | `CONCATENATION` (2) |
//! | `graph.strided_slice` | `input`, then `begin`, `end`, `strides` (1-D i32) as operands, or none | `begin_mask`, `end_mask`, `ellipsis_mask`, `new_axis_mask`, `shrink_axis_mask`, `offset` (bool); `begin`, `end`, `strides` if not operands | TFLite's `StridedSlice` shape, rank ≤ 5 | `STRIDED_SLICE` (45) |
//! | `graph.quantize` | `input` (f32 or quantized) | — | input shape, quantized | `QUANTIZE` (114) |
//! | `graph.dequantize` | `input` (quantized or f16) | — | input shape, f32 | `DEQUANTIZE` (6) |
//! | `graph.var_handle` | — | `container`, `shared_name` (strings), `value_type` (tensor type) | `!graph.resource` | `VAR_HANDLE` (142) |
//! | `graph.read_variable` | `handle` | — | the variable's `value_type` | `READ_VARIABLE` (143) |
//! | `graph.assign_variable` | `handle`, `value` (the variable's `value_type`) | — | — | `ASSIGN_VARIABLE` (144) |
//!
//! All ops but the three variable ops are `PURE`; `add` and `mul` are `COMMUTATIVE`.
//!
//! # Windows and padding
//!
//! Output sizes follow TFLite's `ComputeOutSize`: `SAME` gives `ceil(in / stride)`, `VALID` gives
//! `ceil((in - ((k - 1) · dilation + 1) + 1) / stride)`; `SAME` pads `total / 2` before and the odd
//! element after ([`shape_inference::compute_padding`]). Convolutions may be grouped (input
//! channels a multiple of the filter's, TFLite's reference kernels' `groups`).
//!
//! # Quantization rules
//!
//! | op | rule |
//! |---|---|
//! | conv, depthwise, fully connected | input/result per tensor, same storage (`i8`, or `i16` with `i8` weights: TFLite's 16x8); weights `i8`, zero points 0, per tensor or per output channel (axis 0; axis 3 for depthwise; per-channel fully connected only for int8); bias `i32` with zero points 0 and scale = input scale × weight scale per channel (relative tolerance 1e-6), or plain `i32`; 16x8 bias is plain `i64` (or `i32` for convolutions); 16x8 convolutions need zero points 0 |
//! | add, sub, mul | operands and result of one kind (`f32`, quantized `i8`/`i16`, `i32`, `i64`), per tensor, scales free; int16 `mul` needs zero points 0 |
//! | pools, reshape, transpose, pad, strided_slice, concatenation | result quantization = input's (every input's, for concatenation) |
//! | softmax | int8 → int8 result scale 1/256, zero point -128; int8 → int16 result 1/65536, -32768; int16 result 1/32768, 0 |
//! | logistic / tanh | int8 result 1/256, -128 (logistic) or 1/128, 0 (tanh); int16 zero points 0, result 1/32768 |
//! | relu family, mean | same storage, per tensor, scales free |
//! | quantize | f32 → i8/i16; i8 → i8/u8/i16/i32; u8 → i8; i16 → i8/i16/i32; i32 → i8/i16 (TFLite Micro's set); per-tensor result |
//! | dequantize | per-tensor `i8`/`u8`/`i16`, or `f16`, to `f32` |
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
mod canonicalize;
mod fold;
mod ops;
pub mod shape_inference;
pub mod signature;
pub mod support;
pub mod verify;

#[cfg(test)]
mod tests;

pub use attributes::{Activation, Padding, is_resource_type, resource_type};
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
