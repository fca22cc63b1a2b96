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
//! The ops are grouped by operator family, as MLIR's TOSA specification groups its operators:
//! one module per family under `graph/ops/` holds its ops' definitions, typed attributes and
//! builders, the verifier's checks and the shape rules, and documents each op (operands,
//! attributes, result, TFLite builtin, quantization rules).
//!
//! | family | ops | TFLite builtins |
//! |---|---|---|
//! | `constant` | `const` | constant buffers |
//! | `conv` | `conv_2d`, `depthwise_conv_2d`, `transpose_conv`, `fully_connected` | `CONV_2D`, `DEPTHWISE_CONV_2D`, `TRANSPOSE_CONV`, `FULLY_CONNECTED` |
//! | `matmul` | `batch_matmul` | `BATCH_MATMUL` |
//! | `elementwise` | `add`, `sub`, `mul`, `maximum`, `minimum`, `neg` | `ADD`, `SUB`, `MUL`, `MAXIMUM`, `MINIMUM`, `NEG` |
//! | `comparison` | `equal`, `not_equal`, `less`, `less_equal`, `greater`, `greater_equal` | `EQUAL`, `NOT_EQUAL`, `LESS`, `LESS_EQUAL`, `GREATER`, `GREATER_EQUAL` |
//! | `logic` | `logical_and`, `logical_or`, `logical_not`, `select_v2` | `LOGICAL_AND`, `LOGICAL_OR`, `LOGICAL_NOT`, `SELECT_V2` |
//! | `activation` | `relu`, `relu6`, `relu_n1_to_1`, `leaky_relu`, `prelu`, `hard_swish`, `logistic`, `tanh`, `softmax`, `log_softmax`, `l2_normalization` | `RELU`, `RELU6`, `RELU_N1_TO_1`, `LEAKY_RELU`, `PRELU`, `HARD_SWISH`, `LOGISTIC`, `TANH`, `SOFTMAX`, `LOG_SOFTMAX`, `L2_NORMALIZATION` |
//! | `pool` | `avg_pool_2d`, `max_pool_2d`, `l2_pool_2d` | `AVERAGE_POOL_2D`, `MAX_POOL_2D`, `L2_POOL_2D` |
//! | `reduction` | `mean`, `sum`, `reduce_max`, `reduce_min`, `reduce_all`, `cumsum` | `MEAN`, `SUM`, `REDUCE_MAX`, `REDUCE_MIN`, `REDUCE_ALL`, `CUMSUM` |
//! | `math` | `abs`, `rsqrt`, `sqrt`, `exp`, `log`, `square`, `sin`, `cos`, `floor`, `ceil`, `round`, `elu` | `ABS`, `RSQRT`, `SQRT`, `EXP`, `LOG`, `SQUARE`, `SIN`, `COS`, `FLOOR`, `CEIL`, `ROUND`, `ELU` |
//! | `data_movement` | `reshape`, `transpose`, `pad`, `concatenation`, `squeeze`, `expand_dims`, `pack`, `broadcast_to` | `RESHAPE`, `TRANSPOSE`, `PAD`, `CONCATENATION`, `SQUEEZE`, `EXPAND_DIMS`, `PACK`, `BROADCAST_TO` |
//! | `arg_extremum` | `arg_max`, `arg_min` | `ARG_MAX`, `ARG_MIN` |
//! | `split` | `split`, `split_v`, `unpack` (several results) | `SPLIT`, `SPLIT_V`, `UNPACK` |
//! | `slice` | `strided_slice`, `slice`, `dynamic_update_slice` | `STRIDED_SLICE`, `SLICE`, `DYNAMIC_UPDATE_SLICE` |
//! | `shape` | `shape`, `zeros_like`, `fill`, `broadcast_args` | `SHAPE`, `ZEROS_LIKE`, `FILL`, `BROADCAST_ARGS` |
//! | `spatial` | `resize_bilinear`, `resize_nearest_neighbor`, `depth_to_space`, `space_to_depth`, `space_to_batch_nd`, `batch_to_space_nd` | `RESIZE_BILINEAR`, `RESIZE_NEAREST_NEIGHBOR`, `DEPTH_TO_SPACE`, `SPACE_TO_DEPTH`, `SPACE_TO_BATCH_ND`, `BATCH_TO_SPACE_ND` |
//! | `quantization` | `quantize`, `dequantize` | `QUANTIZE`, `DEQUANTIZE` |
//! | `cast` | `cast` | `CAST` |
//! | `compression` | `decode` (folds to a constant) | custom `TFLM_DECODE` |
//! | `variable` | `var_handle`, `read_variable`, `assign_variable` | `VAR_HANDLE`, `READ_VARIABLE`, `ASSIGN_VARIABLE` |
//! | `control_flow` | `if`, `while`, `call_once`, `yield` (regions holding subgraphs) | `IF`, `WHILE`, `CALL_ONCE` |
//! | `sequence` | `svdf_state`, `svdf`, `lstm` (three results) | `SVDF`, `UNIDIRECTIONAL_SEQUENCE_LSTM` (with variables for their states) |
//! | `detection` | `detection_postprocess` (four results) | custom `TFLite_Detection_PostProcess` |
//! | `signal` | `signal_window`, `signal_fft_auto_scale` (two results), `signal_rfft`, `signal_irfft`, `signal_energy`, `signal_filter_bank`, `signal_filter_bank_square_root`, `signal_filter_bank_spectral_subtraction` (two results), `signal_pcan`, `signal_filter_bank_log`, `signal_delay` (two results), `signal_framer` (three results), `signal_stacker` (three results), `signal_overlap_add` (two results) | custom `SignalWindow`, `SignalFftAutoScale`, `SignalRfft`, `SignalIrfft`, `SignalEnergy`, `SignalFilterBank`, `SignalFilterBankSquareRoot`, `SignalFilterBankSpectralSubtraction`, `SignalPCAN`, `SignalFilterBankLog`, `SignalDelay`, `SignalFramer`, `SignalStacker`, `SignalOverlapAdd` (TFLite Micro's signal library) |
//!
//! In the families' op tables, operands are in order and `?` marks an optional trailing operand.
//! Integer attributes are `i64`, lists are `array<i64: ...>`, `padding` is `"SAME"`/`"VALID"`,
//! `fused_activation` is one of TFLite's `"NONE"`, `"RELU"`, `"RELU_N1_TO_1"`, `"RELU6"`
//! (`"TANH"` and `"SIGN_BIT"` parse but no TFLite kernel fuses them, so the verifier rejects
//! them, except `"TANH"` on `svdf`, whose float kernel applies it, and on the LSTM ops, whose cell
//! activation it is and must be). All ops but the three variable ops
//! and the control-flow ops are `PURE`.
//!
//! What the families share is in one place each: the checker their verifiers run on, element
//! kinds and scale comparisons in [`verify`]; the shape arithmetic of windows and broadcasting in
//! [`shapes`]; the inference driver in [`shape_inference`]; what a rule is applied to and the op
//! lookups by name in [`signature`]; attribute and builder helpers in `builders`. Which TFLite
//! operators and element-type variants mc compiles is the table in [`support`].
//!
//! # Folding and canonicalization
//!
//! `graph.const` is `CONSTANT_LIKE` and the dialect materializes folded constants as
//! `graph.const`. `reshape`, `transpose` and `pad` fold away when they do nothing, and a reshape
//! of a constant folds to a constant (the `fold` module; slices, gathers, reverses, splits and unpacks
//! of constants too); the `math` family's ops fold on `f32` constants; comparisons, logical ops, `select_v2`,
//! `cast`, `arg_max` and `arg_min` of constants fold to constants (`constant_fold`), and `decode`
//! to the constant it decodes (`decode_metadata`). Shape
//! arithmetic runs at compile time (the `shape_arithmetic` module): `shape` folds to its input's
//! dimensions, and `strided_slice`, `pack`, `concatenation`, `squeeze`, `expand_dims` and integer
//! `add`/`sub`/`mul` fold on constant integer operands, so the `SHAPE → STRIDED_SLICE → PACK →
//! RESHAPE` chain a dynamic batch leaves becomes one static reshape. Patterns registered as the ops'
//! `canonicalize` hooks shorten reshape and transpose chains and turn constant shape-like operands
//! (`shape`, `perm`, `axes`, `paddings`, `begin`/`end`/`strides`) into attributes (the
//! `canonicalize` module); `canonicalize` and `graph-canonicalize` apply both.

pub mod attributes;
mod builders;
mod canonicalize;
mod constant_fold;
pub mod decode_metadata;
mod fold;
mod ops;
mod shape_arithmetic;
pub mod shape_inference;
pub mod shapes;
pub mod signature;
pub mod support;
pub mod verify;

#[cfg(test)]
mod tests;

pub use attributes::{Activation, Padding, is_resource_type, resource_type};
pub use builders::{fused_activation, window_padding, window_padding_attr};
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
