//! One small model per supported operator and element type, built with the writer: the inputs
//! of the per-op tests (`ops.rs`), of the never-panic sweep (`errors.rs`) and of the fuzzer's
//! seed corpus ([`SAMPLES`]).
//!
//! Shapes and quantization parameters are chosen so that each model verifies: biases are
//! quantized with scale = input scale × weight scale (powers of two, exact in f32), and the
//! fixed output quantizations TFLite's softmax/logistic/tanh kernels require are respected.

use crate::support::*;
use mc_tflite::writer::ModelBuilder;
use mc_tflite::*;

/// Builds one sample.
pub type Build = fn() -> ModelBuilder;

/// Every sample: its name and builder.
pub const SAMPLES: &[(&str, Build)] = &[
    ("conv_2d_f32", conv_2d_f32),
    ("conv_2d_i8_per_channel", conv_2d_i8_per_channel),
    ("conv_2d_i16x8", conv_2d_i16x8),
    ("conv_2d_without_bias", conv_2d_without_bias),
    ("depthwise_conv_2d_f32", depthwise_conv_2d_f32),
    ("depthwise_conv_2d_i8_per_channel", depthwise_conv_2d_i8_per_channel),
    ("depthwise_conv_2d_i16x8", depthwise_conv_2d_i16x8),
    ("transpose_conv_i8", transpose_conv_i8),
    ("transpose_conv_i16x8_i16_bias", transpose_conv_i16x8_i16_bias),
    ("fully_connected_f32_keep_num_dims", fully_connected_f32_keep_num_dims),
    ("fully_connected_i8", fully_connected_i8),
    ("fully_connected_i16x8", fully_connected_i16x8),
    ("batch_matmul_f32_adj_y", batch_matmul_f32_adj_y),
    ("add_f32_broadcast", add_f32_broadcast),
    ("add_i8_constant_rhs", add_i8_constant_rhs),
    ("sub_i8_broadcast", sub_i8_broadcast),
    ("mul_i16_broadcast", mul_i16_broadcast),
    ("maximum_i16_broadcast", maximum_i16_broadcast),
    ("minimum_f32_scalar", minimum_f32_scalar),
    ("neg_f32", neg_f32),
    ("abs_i8", abs_i8),
    ("rsqrt_f32", rsqrt_f32),
    ("round_f32", round_f32),
    ("elu_i8", elu_i8),
    ("div_i32_broadcast", div_i32_broadcast),
    ("squared_difference_i16", squared_difference_i16),
    ("add_n_f32", add_n_f32),
    ("greater_i8_two_scales", greater_i8_two_scales),
    ("equal_bool_broadcast", equal_bool_broadcast),
    ("logical_and_broadcast", logical_and_broadcast),
    ("logical_not", logical_not),
    ("select_v2_f32_broadcast", select_v2_f32_broadcast),
    ("arg_max_f32_axis_operand", arg_max_f32_axis_operand),
    ("arg_min_i8", arg_min_i8),
    ("cast_f32_to_bool", cast_f32_to_bool),
    ("avg_pool_2d_i8", avg_pool_2d_i8),
    ("max_pool_2d_f32", max_pool_2d_f32),
    ("max_pool_2d_i16", max_pool_2d_i16),
    ("l2_pool_2d_f32", l2_pool_2d_f32),
    ("reshape_shape_operand", reshape_shape_operand),
    ("reshape_new_shape_option", reshape_new_shape_option),
    ("reshape_i16_inferred_dim", reshape_i16_inferred_dim),
    ("transpose_i8", transpose_i8),
    ("softmax_f32", softmax_f32),
    ("softmax_i8", softmax_i8),
    ("softmax_i8_to_i16", softmax_i8_to_i16),
    ("softmax_i16", softmax_i16),
    ("log_softmax_f32", log_softmax_f32),
    ("l2_normalization_f32", l2_normalization_f32),
    ("logistic_i8", logistic_i8),
    ("logistic_i16", logistic_i16),
    ("tanh_i8", tanh_i8),
    ("tanh_f32", tanh_f32),
    ("relu_i8", relu_i8),
    ("relu6_f32", relu6_f32),
    ("relu_n1_to_1_i16", relu_n1_to_1_i16),
    ("leaky_relu_i16", leaky_relu_i16),
    ("leaky_relu_f32", leaky_relu_f32),
    ("prelu_i8_per_channel", prelu_i8_per_channel),
    ("prelu_i16", prelu_i16),
    ("hard_swish_i8", hard_swish_i8),
    ("mean_i8_keep_dims", mean_i8_keep_dims),
    ("mean_f32", mean_f32),
    ("sum_i16_keep_dims", sum_i16_keep_dims),
    ("cumsum_i8_exclusive_reverse", cumsum_i8_exclusive_reverse),
    ("reduce_max_i8_keep_dims", reduce_max_i8_keep_dims),
    ("reduce_min_f32", reduce_min_f32),
    ("reduce_all_bool_keep_dims", reduce_all_bool_keep_dims),
    ("pad_i8", pad_i8),
    ("resize_bilinear_i8_half_pixel", resize_bilinear_i8_half_pixel),
    ("resize_nearest_neighbor_i16_aligned", resize_nearest_neighbor_i16_aligned),
    ("depth_to_space_f32", depth_to_space_f32),
    ("space_to_depth_i8", space_to_depth_i8),
    ("space_to_batch_nd_f32", space_to_batch_nd_f32),
    ("batch_to_space_nd_i8_3d", batch_to_space_nd_i8_3d),
    ("concatenation_i8", concatenation_i8),
    ("concatenation_f32", concatenation_f32),
    ("strided_slice_f32", strided_slice_f32),
    ("strided_slice_i16", strided_slice_i16),
    ("squeeze_i8", squeeze_i8),
    ("expand_dims_f32", expand_dims_f32),
    ("shape_i16", shape_i16),
    ("pack_i32_keras_shape", pack_i32_keras_shape),
    ("split_f32_unused_piece", split_f32_unused_piece),
    ("split_v_i8", split_v_i8),
    ("unpack_i16", unpack_i16),
    ("broadcast_to_bool_i64_shape", broadcast_to_bool_i64_shape),
    ("broadcast_args_i32", broadcast_args_i32),
    ("embedding_lookup_i8_to_f32", embedding_lookup_i8_to_f32),
    ("dynamic_update_slice_f32_i64", dynamic_update_slice_f32_i64),
    ("quantize_f32_to_i8", quantize_f32_to_i8),
    ("quantize_i8_to_i16", quantize_i8_to_i16),
    ("dequantize_i8", dequantize_i8),
    ("dequantize_i16", dequantize_i16),
    ("variables", variables),
    ("svdf_i8", svdf_i8),
    ("lstm_f32", lstm_f32),
    ("several_subgraphs", several_subgraphs),
];

fn model(inputs: &[i32], outputs: &[i32], b: &mut ModelBuilder) {
    b.set_inputs(inputs);
    b.set_outputs(outputs);
}

fn conv_options(
    padding: Padding,
    stride: (i32, i32),
    dilation: (i32, i32),
    act: Activation,
) -> BuiltinOptions<'static> {
    BuiltinOptions::Conv2D(Conv2DOptions {
        padding,
        stride_h: stride.0,
        stride_w: stride.1,
        fused_activation: act,
        dilation_h_factor: dilation.0,
        dilation_w_factor: dilation.1,
        quantized_bias_type: None,
    })
}

fn depthwise_options(padding: Padding, multiplier: i32, act: Activation) -> BuiltinOptions<'static> {
    BuiltinOptions::DepthwiseConv2D(DepthwiseConv2DOptions {
        padding,
        stride_h: 1,
        stride_w: 1,
        depth_multiplier: multiplier,
        fused_activation: act,
        dilation_h_factor: 1,
        dilation_w_factor: 1,
    })
}

fn fc_options(keep_num_dims: bool, act: Activation) -> BuiltinOptions<'static> {
    BuiltinOptions::FullyConnected(FullyConnectedOptions {
        fused_activation: act,
        keep_num_dims,
        ..FullyConnectedOptions::default()
    })
}

fn pool_options(padding: Padding, filter: i32, stride: i32) -> BuiltinOptions<'static> {
    BuiltinOptions::Pool2D(Pool2DOptions {
        padding,
        stride_h: stride,
        stride_w: stride,
        filter_height: filter,
        filter_width: filter,
        fused_activation: Activation::None,
    })
}

fn add_sub(act: Activation) -> AddSubOptions {
    AddSubOptions { fused_activation: act, pot_scale_int16: false }
}

/// f32 CONV_2D, SAME, stride 2×1, RELU6: [1,5,4,2] * [3,3,3,2] + [3] -> [1,3,4,3].
pub fn conv_2d_f32() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[1, 5, 4, 2], DType::Float32);
    let w = b.add_constant("filter", &[3, 3, 3, 2], DType::Float32, &zeros(54 * 4));
    let bias = b.add_constant("bias", &[3], DType::Float32, &f32s(&[0.5, -1.0, 2.0]));
    let y = b.add_tensor("conv", &[1, 3, 4, 3], DType::Float32);
    b.add_op(BuiltinOp::Conv2D, &[x, w, bias], &[y], conv_options(Padding::Same, (2, 1), (1, 1), Activation::Relu6));
    model(&[x], &[y], &mut b);
    b
}

/// int8 CONV_2D with per-channel filter and bias, VALID, dilation 2×1, RELU:
/// [1,4,4,2] * [3,2,2,2] -> [1,2,3,3].
pub fn conv_2d_i8_per_channel() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[1, 4, 4, 2], DType::Int8);
    per_tensor(&mut b, x, 0.5, -1);
    let w = b.add_constant("filter", &[3, 2, 2, 2], DType::Int8, &zeros(24));
    per_channel(&mut b, w, &[0.25, 0.125, 0.5], 0);
    let bias = b.add_constant("bias", &[3], DType::Int32, &i32s(&[1, 2, 3]));
    per_channel(&mut b, bias, &[0.125, 0.0625, 0.25], 0);
    let y = b.add_tensor("conv", &[1, 2, 3, 3], DType::Int8);
    per_tensor(&mut b, y, 0.75, 3);
    b.add_op(BuiltinOp::Conv2D, &[x, w, bias], &[y], conv_options(Padding::Valid, (1, 1), (2, 1), Activation::Relu));
    model(&[x], &[y], &mut b);
    b
}

/// 16x8 CONV_2D: int16 activations (zero points 0), int8 per-channel filter, plain int64 bias.
pub fn conv_2d_i16x8() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[1, 3, 3, 1], DType::Int16);
    per_tensor(&mut b, x, 0.5, 0);
    let w = b.add_constant("filter", &[2, 1, 1, 1], DType::Int8, &i8s(&[1, -1]));
    per_channel(&mut b, w, &[0.25, 0.5], 0);
    let bias = b.add_constant("bias", &[2], DType::Int64, &i64s(&[7, -7]));
    let y = b.add_tensor("conv", &[1, 3, 3, 2], DType::Int16);
    per_tensor(&mut b, y, 1.0, 0);
    b.add_op(BuiltinOp::Conv2D, &[x, w, bias], &[y], conv_options(Padding::Same, (1, 1), (1, 1), Activation::None));
    model(&[x], &[y], &mut b);
    b
}

/// f32 CONV_2D whose optional bias is absent (`-1`).
pub fn conv_2d_without_bias() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[1, 2, 2, 1], DType::Float32);
    let w = b.add_constant("filter", &[1, 1, 1, 1], DType::Float32, &f32s(&[2.0]));
    let y = b.add_tensor("conv", &[1, 2, 2, 1], DType::Float32);
    b.add_op(BuiltinOp::Conv2D, &[x, w, -1], &[y], conv_options(Padding::Valid, (1, 1), (1, 1), Activation::None));
    model(&[x], &[y], &mut b);
    b
}

/// int8 TRANSPOSE_CONV, per-channel filter and bias, SAME, stride 2, RELU: [1,2,3,2] with a
/// [3,3,3,2] filter -> the constant output_shape [1,4,6,3].
pub fn transpose_conv_i8() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let shape = b.add_constant("output_shape", &[4], DType::Int32, &i32s(&[1, 4, 6, 3]));
    let w = b.add_constant("filter", &[3, 3, 3, 2], DType::Int8, &zeros(54));
    per_channel(&mut b, w, &[0.25, 0.125, 0.5], 0);
    let x = b.add_tensor("input", &[1, 2, 3, 2], DType::Int8);
    per_tensor(&mut b, x, 0.5, -1);
    let bias = b.add_constant("bias", &[3], DType::Int32, &i32s(&[1, 2, 3]));
    per_channel(&mut b, bias, &[0.125, 0.0625, 0.25], 0);
    let y = b.add_tensor("deconv", &[1, 4, 6, 3], DType::Int8);
    per_tensor(&mut b, y, 0.75, 3);
    let options = TransposeConvOptions {
        padding: Padding::Same,
        stride_w: 2,
        stride_h: 2,
        fused_activation: Activation::Relu,
        quantized_bias_type: None,
    };
    b.add_op(BuiltinOp::TransposeConv, &[shape, w, x, bias], &[y], BuiltinOptions::TransposeConv(options));
    model(&[x], &[y], &mut b);
    b
}

/// 16x8 TRANSPOSE_CONV with an int16 bias (TFLite Micro widens it to int64), VALID, stride 1:
/// [1,2,2,1] with a [2,2,2,1] filter -> [1,3,3,2].
pub fn transpose_conv_i16x8_i16_bias() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let shape = b.add_constant("output_shape", &[4], DType::Int32, &i32s(&[1, 3, 3, 2]));
    let w = b.add_constant("filter", &[2, 2, 2, 1], DType::Int8, &zeros(8));
    per_tensor(&mut b, w, 0.25, 0);
    let x = b.add_tensor("input", &[1, 2, 2, 1], DType::Int16);
    per_tensor(&mut b, x, 0.5, 0);
    let bias = b.add_constant("bias", &[2], DType::Int16, &[7, 0, 249, 255]);
    per_tensor(&mut b, bias, 0.125, 0);
    let y = b.add_tensor("deconv", &[1, 3, 3, 2], DType::Int16);
    per_tensor(&mut b, y, 1.0, 0);
    let options = TransposeConvOptions {
        padding: Padding::Valid,
        stride_w: 1,
        stride_h: 1,
        fused_activation: Activation::None,
        quantized_bias_type: None,
    };
    b.add_op(BuiltinOp::TransposeConv, &[shape, w, x, bias], &[y], BuiltinOptions::TransposeConv(options));
    model(&[x], &[y], &mut b);
    b
}

/// f32 BATCH_MATMUL of two activations, the right one transposed (adj_y) and broadcast over the
/// left one's batch: [2,3,4] x [5,4]ᵀ -> [2,3,5].
pub fn batch_matmul_f32_adj_y() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let lhs = b.add_tensor("lhs", &[2, 3, 4], DType::Float32);
    let rhs = b.add_tensor("rhs", &[5, 4], DType::Float32);
    let y = b.add_tensor("product", &[2, 3, 5], DType::Float32);
    let options = BatchMatMulOptions { adj_x: false, adj_y: true, asymmetric_quantize_inputs: false };
    b.add_op(BuiltinOp::BatchMatMul, &[lhs, rhs], &[y], BuiltinOptions::BatchMatMul(options));
    model(&[lhs, rhs], &[y], &mut b);
    b
}

/// f32 DEPTHWISE_CONV_2D, depth multiplier 2: [1,4,4,2] * [1,3,3,4] -> [1,2,2,4].
pub fn depthwise_conv_2d_f32() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[1, 4, 4, 2], DType::Float32);
    let w = b.add_constant("filter", &[1, 3, 3, 4], DType::Float32, &zeros(36 * 4));
    let bias = b.add_constant("bias", &[4], DType::Float32, &zeros(16));
    let y = b.add_tensor("dw", &[1, 2, 2, 4], DType::Float32);
    b.add_op(BuiltinOp::DepthwiseConv2D, &[x, w, bias], &[y], depthwise_options(Padding::Valid, 2, Activation::Relu));
    model(&[x], &[y], &mut b);
    b
}

/// int8 DEPTHWISE_CONV_2D, depth multiplier 2, filter quantized per channel along axis 3.
pub fn depthwise_conv_2d_i8_per_channel() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[1, 4, 4, 2], DType::Int8);
    per_tensor(&mut b, x, 0.5, -128);
    let w = b.add_constant("filter", &[1, 3, 3, 4], DType::Int8, &zeros(36));
    per_channel(&mut b, w, &[0.25, 0.5, 0.125, 1.0], 3);
    let bias = b.add_constant("bias", &[4], DType::Int32, &zeros(16));
    per_channel(&mut b, bias, &[0.125, 0.25, 0.0625, 0.5], 0);
    let y = b.add_tensor("dw", &[1, 4, 4, 4], DType::Int8);
    per_tensor(&mut b, y, 0.25, 5);
    b.add_op(BuiltinOp::DepthwiseConv2D, &[x, w, bias], &[y], depthwise_options(Padding::Same, 2, Activation::None));
    model(&[x], &[y], &mut b);
    b
}

/// 16x8 DEPTHWISE_CONV_2D, depth multiplier 2, plain int64 bias.
pub fn depthwise_conv_2d_i16x8() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[1, 3, 3, 1], DType::Int16);
    per_tensor(&mut b, x, 0.5, 0);
    let w = b.add_constant("filter", &[1, 1, 1, 2], DType::Int8, &i8s(&[3, 4]));
    per_channel(&mut b, w, &[0.25, 0.5], 3);
    let bias = b.add_constant("bias", &[2], DType::Int64, &zeros(16));
    let y = b.add_tensor("dw", &[1, 3, 3, 2], DType::Int16);
    per_tensor(&mut b, y, 0.125, 0);
    b.add_op(BuiltinOp::DepthwiseConv2D, &[x, w, bias], &[y], depthwise_options(Padding::Valid, 2, Activation::Relu6));
    model(&[x], &[y], &mut b);
    b
}

/// f32 FULLY_CONNECTED with `keep_num_dims`: [2,3,4] x [5,4]ᵀ + [5] -> [2,3,5].
pub fn fully_connected_f32_keep_num_dims() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[2, 3, 4], DType::Float32);
    let w = b.add_constant("weights", &[5, 4], DType::Float32, &zeros(80));
    let bias = b.add_constant("bias", &[5], DType::Float32, &zeros(20));
    let y = b.add_tensor("fc", &[2, 3, 5], DType::Float32);
    b.add_op(BuiltinOp::FullyConnected, &[x, w, bias], &[y], fc_options(true, Activation::ReluN1To1));
    model(&[x], &[y], &mut b);
    b
}

/// int8 FULLY_CONNECTED, per-tensor weights, without `keep_num_dims`: [2,3,4] -> [6,5].
pub fn fully_connected_i8() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[2, 3, 4], DType::Int8);
    per_tensor(&mut b, x, 0.5, 2);
    let w = b.add_constant("weights", &[5, 4], DType::Int8, &zeros(20));
    per_tensor(&mut b, w, 0.25, 0);
    let bias = b.add_constant("bias", &[5], DType::Int32, &zeros(20));
    per_tensor(&mut b, bias, 0.125, 0);
    let y = b.add_tensor("fc", &[6, 5], DType::Int8);
    per_tensor(&mut b, y, 2.0, -3);
    b.add_op(BuiltinOp::FullyConnected, &[x, w, bias], &[y], fc_options(false, Activation::Relu));
    model(&[x], &[y], &mut b);
    b
}

/// 16x8 FULLY_CONNECTED: int16 activations, int8 per-tensor weights, plain int64 bias.
pub fn fully_connected_i16x8() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[1, 4], DType::Int16);
    per_tensor(&mut b, x, 0.5, 0);
    let w = b.add_constant("weights", &[3, 4], DType::Int8, &zeros(12));
    per_tensor(&mut b, w, 0.25, 0);
    let bias = b.add_constant("bias", &[3], DType::Int64, &zeros(24));
    let y = b.add_tensor("fc", &[1, 3], DType::Int16);
    per_tensor(&mut b, y, 1.0, 0);
    b.add_op(BuiltinOp::FullyConnected, &[x, w, bias], &[y], fc_options(false, Activation::None));
    model(&[x], &[y], &mut b);
    b
}

/// f32 ADD with broadcasting on both sides: [1,2,1,3] + [1,1,4,3] -> [1,2,4,3], RELU.
pub fn add_f32_broadcast() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("lhs", &[1, 2, 1, 3], DType::Float32);
    let y = b.add_tensor("rhs", &[1, 1, 4, 3], DType::Float32);
    let z = b.add_tensor("sum", &[1, 2, 4, 3], DType::Float32);
    b.add_op(BuiltinOp::Add, &[x, y], &[z], BuiltinOptions::Add(add_sub(Activation::Relu)));
    model(&[x, y], &[z], &mut b);
    b
}

/// int16 MAXIMUM of [4,1] and [1,3] (both broadcast), one quantization throughout, no options
/// table (its defaults: MaximumMinimumOptions has no fields).
pub fn maximum_i16_broadcast() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("lhs", &[4, 1], DType::Int16);
    per_tensor(&mut b, x, 0.5, 3);
    let y = b.add_tensor("rhs", &[1, 3], DType::Int16);
    per_tensor(&mut b, y, 0.5, 3);
    let z = b.add_tensor("larger", &[4, 3], DType::Int16);
    per_tensor(&mut b, z, 0.5, 3);
    b.add_op(BuiltinOp::Maximum, &[x, y], &[z], BuiltinOptions::None);
    model(&[x, y], &[z], &mut b);
    b
}

/// f32 MINIMUM of a [2,3] input and a scalar, with its (empty) options table.
pub fn minimum_f32_scalar() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("lhs", &[2, 3], DType::Float32);
    let y = b.add_tensor("rhs", &[], DType::Float32);
    let z = b.add_tensor("smaller", &[2, 3], DType::Float32);
    b.add_op(BuiltinOp::Minimum, &[x, y], &[z], BuiltinOptions::MaximumMinimum);
    model(&[x, y], &[z], &mut b);
    b
}

/// f32 NEG (TFLite Micro's only type), with its (empty) options table.
pub fn neg_f32() -> ModelBuilder {
    unary(BuiltinOp::Neg, BuiltinOptions::Neg, &[2, 3], (DType::Float32, None), (DType::Float32, None))
}

/// int8 ABS with different input and output quantizations, with its (empty) options table.
pub fn abs_i8() -> ModelBuilder {
    unary(
        BuiltinOp::Abs,
        BuiltinOptions::Abs,
        &[2, 3],
        (DType::Int8, Some((0.5, -3))),
        (DType::Int8, Some((0.25, -128))),
    )
}

/// f32 RSQRT (no options table).
pub fn rsqrt_f32() -> ModelBuilder {
    unary(BuiltinOp::Rsqrt, BuiltinOptions::None, &[4], (DType::Float32, None), (DType::Float32, None))
}

/// f32 ROUND (no options table).
pub fn round_f32() -> ModelBuilder {
    unary(BuiltinOp::Round, BuiltinOptions::None, &[1, 2, 3], (DType::Float32, None), (DType::Float32, None))
}

/// int8 ELU (no options table), input and output quantized apart.
pub fn elu_i8() -> ModelBuilder {
    unary(BuiltinOp::Elu, BuiltinOptions::None, &[2, 4], (DType::Int8, Some((0.1, 5))), (DType::Int8, Some((0.05, 20))))
}

/// int32 DIV of a [2,3] input by a [3] one, fused RELU.
pub fn div_i32_broadcast() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("lhs", &[2, 3], DType::Int32);
    let y = b.add_tensor("rhs", &[3], DType::Int32);
    let z = b.add_tensor("quotient", &[2, 3], DType::Int32);
    b.add_op(BuiltinOp::Div, &[x, y], &[z], BuiltinOptions::Div(DivOptions { fused_activation: Activation::Relu }));
    model(&[x, y], &[z], &mut b);
    b
}

/// int16 SQUARED_DIFFERENCE (zero points 0) of [4,1] and [1,3].
pub fn squared_difference_i16() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("lhs", &[4, 1], DType::Int16);
    per_tensor(&mut b, x, 0.5, 0);
    let y = b.add_tensor("rhs", &[1, 3], DType::Int16);
    per_tensor(&mut b, y, 0.25, 0);
    let z = b.add_tensor("squared", &[4, 3], DType::Int16);
    per_tensor(&mut b, z, 2.0, 0);
    b.add_op(BuiltinOp::SquaredDifference, &[x, y], &[z], BuiltinOptions::SquaredDifference);
    model(&[x, y], &[z], &mut b);
    b
}

/// f32 ADD_N of three [2,2] inputs.
pub fn add_n_f32() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let inputs: Vec<i32> = (0..3).map(|i| b.add_tensor(&format!("x{i}"), &[2, 2], DType::Float32)).collect();
    let z = b.add_tensor("sum", &[2, 2], DType::Float32);
    b.add_op(BuiltinOp::AddN, &inputs, &[z], BuiltinOptions::AddN);
    model(&inputs, &[z], &mut b);
    b
}

/// int8 GREATER of a [2,3] input and a scalar, each with its own scale (TFLM rescales both).
pub fn greater_i8_two_scales() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("lhs", &[2, 3], DType::Int8);
    per_tensor(&mut b, x, 0.5, 1);
    let y = b.add_tensor("rhs", &[], DType::Int8);
    per_tensor(&mut b, y, 0.25, -3);
    let z = b.add_tensor("above", &[2, 3], DType::Bool);
    b.add_op(BuiltinOp::Greater, &[x, y], &[z], BuiltinOptions::Greater);
    model(&[x, y], &[z], &mut b);
    b
}

/// bool EQUAL of a [2,3] input and a [3] one.
pub fn equal_bool_broadcast() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("lhs", &[2, 3], DType::Bool);
    let y = b.add_tensor("rhs", &[3], DType::Bool);
    let z = b.add_tensor("same", &[2, 3], DType::Bool);
    b.add_op(BuiltinOp::Equal, &[x, y], &[z], BuiltinOptions::None);
    model(&[x, y], &[z], &mut b);
    b
}

/// LOGICAL_AND of a [2,1] input and a [3] one.
pub fn logical_and_broadcast() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("lhs", &[2, 1], DType::Bool);
    let y = b.add_tensor("rhs", &[3], DType::Bool);
    let z = b.add_tensor("both", &[2, 3], DType::Bool);
    b.add_op(BuiltinOp::LogicalAnd, &[x, y], &[z], BuiltinOptions::LogicalAnd);
    model(&[x, y], &[z], &mut b);
    b
}

/// LOGICAL_NOT, with its (empty) options table.
pub fn logical_not() -> ModelBuilder {
    unary(BuiltinOp::LogicalNot, BuiltinOptions::LogicalNot, &[4], (DType::Bool, None), (DType::Bool, None))
}

/// f32 SELECT_V2 of a [2,1] condition, a [2,3] x and a scalar y.
pub fn select_v2_f32_broadcast() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let c = b.add_tensor("condition", &[2, 1], DType::Bool);
    let x = b.add_tensor("x", &[2, 3], DType::Float32);
    let y = b.add_tensor("y", &[], DType::Float32);
    let z = b.add_tensor("selected", &[2, 3], DType::Float32);
    b.add_op(BuiltinOp::SelectV2, &[c, x, y], &[z], BuiltinOptions::SelectV2);
    model(&[c, x, y], &[z], &mut b);
    b
}

/// f32 ARG_MAX along a constant axis operand (-1), with its options table.
pub fn arg_max_f32_axis_operand() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("scores", &[2, 5], DType::Float32);
    let axis = b.add_constant("axis", &[1], DType::Int32, &(-1i32).to_le_bytes());
    let z = b.add_tensor("best", &[2], DType::Int32);
    let options = BuiltinOptions::ArgMax(ArgMinMaxOptions { output_type: DType::Int32 });
    b.add_op(BuiltinOp::ArgMax, &[x, axis], &[z], options);
    model(&[x], &[z], &mut b);
    b
}

/// int8 ARG_MIN along a scalar axis operand (0).
pub fn arg_min_i8() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("scores", &[3, 4], DType::Int8);
    per_tensor(&mut b, x, 0.5, 1);
    let axis = b.add_constant("axis", &[], DType::Int32, &0i32.to_le_bytes());
    let z = b.add_tensor("least", &[4], DType::Int32);
    b.add_op(BuiltinOp::ArgMin, &[x, axis], &[z], BuiltinOptions::None);
    model(&[x], &[z], &mut b);
    b
}

/// CAST of f32 to bool, with its options table.
pub fn cast_f32_to_bool() -> ModelBuilder {
    let options = BuiltinOptions::Cast(CastOptions { in_data_type: DType::Float32, out_data_type: DType::Bool });
    unary(BuiltinOp::Cast, options, &[2, 3], (DType::Float32, None), (DType::Bool, None))
}

/// int8 ADD of a [2,3] input and a [3] constant (rank broadcasting), each with its own scale.
pub fn add_i8_constant_rhs() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("lhs", &[2, 3], DType::Int8);
    per_tensor(&mut b, x, 0.5, 1);
    let c = b.add_constant("offset", &[3], DType::Int8, &i8s(&[1, 2, 3]));
    per_tensor(&mut b, c, 0.25, 0);
    let z = b.add_tensor("sum", &[2, 3], DType::Int8);
    per_tensor(&mut b, z, 1.0, -1);
    b.add_op(BuiltinOp::Add, &[x, c], &[z], BuiltinOptions::Add(add_sub(Activation::None)));
    model(&[x], &[z], &mut b);
    b
}

/// int8 SUB with broadcasting: [1,2,1,3] - [1,1,4,3].
pub fn sub_i8_broadcast() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("lhs", &[1, 2, 1, 3], DType::Int8);
    per_tensor(&mut b, x, 0.5, 0);
    let y = b.add_tensor("rhs", &[1, 1, 4, 3], DType::Int8);
    per_tensor(&mut b, y, 0.25, 4);
    let z = b.add_tensor("difference", &[1, 2, 4, 3], DType::Int8);
    per_tensor(&mut b, z, 1.0, -5);
    b.add_op(BuiltinOp::Sub, &[x, y], &[z], BuiltinOptions::Sub(add_sub(Activation::Relu6)));
    model(&[x, y], &[z], &mut b);
    b
}

/// int16 MUL (zero points 0) with broadcasting: [4,1] * [1,3] -> [4,3].
pub fn mul_i16_broadcast() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("lhs", &[4, 1], DType::Int16);
    per_tensor(&mut b, x, 0.5, 0);
    let y = b.add_tensor("rhs", &[1, 3], DType::Int16);
    per_tensor(&mut b, y, 0.25, 0);
    let z = b.add_tensor("product", &[4, 3], DType::Int16);
    per_tensor(&mut b, z, 0.125, 0);
    b.add_op(BuiltinOp::Mul, &[x, y], &[z], BuiltinOptions::Mul(MulOptions { fused_activation: Activation::None }));
    model(&[x, y], &[z], &mut b);
    b
}

/// int8 AVERAGE_POOL_2D 2×2, stride 2, VALID: [1,4,4,2] -> [1,2,2,2].
pub fn avg_pool_2d_i8() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[1, 4, 4, 2], DType::Int8);
    per_tensor(&mut b, x, 0.5, -128);
    let y = b.add_tensor("pool", &[1, 2, 2, 2], DType::Int8);
    per_tensor(&mut b, y, 0.5, -128);
    b.add_op(BuiltinOp::AveragePool2D, &[x], &[y], pool_options(Padding::Valid, 2, 2));
    model(&[x], &[y], &mut b);
    b
}

/// f32 MAX_POOL_2D 3×3, stride 2, SAME: [1,4,4,2] -> [1,2,2,2].
pub fn max_pool_2d_f32() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[1, 4, 4, 2], DType::Float32);
    let y = b.add_tensor("pool", &[1, 2, 2, 2], DType::Float32);
    b.add_op(BuiltinOp::MaxPool2D, &[x], &[y], pool_options(Padding::Same, 3, 2));
    model(&[x], &[y], &mut b);
    b
}

/// f32 L2_POOL_2D (TFLite Micro's only type), SAME padding with RELU.
pub fn l2_pool_2d_f32() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[1, 5, 5, 2], DType::Float32);
    let y = b.add_tensor("pool", &[1, 3, 3, 2], DType::Float32);
    let mut options = pool_options(Padding::Same, 3, 2);
    if let BuiltinOptions::Pool2D(o) = &mut options {
        o.fused_activation = Activation::Relu;
    }
    b.add_op(BuiltinOp::L2Pool2D, &[x], &[y], options);
    model(&[x], &[y], &mut b);
    b
}

/// int16 MAX_POOL_2D.
pub fn max_pool_2d_i16() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[1, 2, 2, 1], DType::Int16);
    per_tensor(&mut b, x, 0.5, 0);
    let y = b.add_tensor("pool", &[1, 1, 1, 1], DType::Int16);
    per_tensor(&mut b, y, 0.5, 0);
    b.add_op(BuiltinOp::MaxPool2D, &[x], &[y], pool_options(Padding::Valid, 2, 2));
    model(&[x], &[y], &mut b);
    b
}

/// f32 RESHAPE with a constant shape operand: [1,2,3] -> [3,2].
pub fn reshape_shape_operand() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[1, 2, 3], DType::Float32);
    let shape = b.add_constant("shape", &[2], DType::Int32, &i32s(&[3, 2]));
    let y = b.add_tensor("reshaped", &[3, 2], DType::Float32);
    let options = BuiltinOptions::Reshape(ReshapeOptions { new_shape: Some(vec![3, 2]) });
    b.add_op(BuiltinOp::Reshape, &[x, shape], &[y], options);
    model(&[x], &[y], &mut b);
    b
}

/// int8 RESHAPE with only the `new_shape` option: [2,3] -> [6].
pub fn reshape_new_shape_option() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[2, 3], DType::Int8);
    per_tensor(&mut b, x, 0.5, 7);
    let y = b.add_tensor("reshaped", &[6], DType::Int8);
    per_tensor(&mut b, y, 0.5, 7);
    let options = BuiltinOptions::Reshape(ReshapeOptions { new_shape: Some(vec![6]) });
    b.add_op(BuiltinOp::Reshape, &[x], &[y], options);
    model(&[x], &[y], &mut b);
    b
}

/// int16 RESHAPE whose `new_shape` has a `-1` to infer: [2,3,2] -> [-1,4] = [3,4].
pub fn reshape_i16_inferred_dim() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[2, 3, 2], DType::Int16);
    per_tensor(&mut b, x, 0.5, 0);
    let y = b.add_tensor("reshaped", &[3, 4], DType::Int16);
    per_tensor(&mut b, y, 0.5, 0);
    let options = BuiltinOptions::Reshape(ReshapeOptions { new_shape: Some(vec![-1, 4]) });
    b.add_op(BuiltinOp::Reshape, &[x], &[y], options);
    model(&[x], &[y], &mut b);
    b
}

/// int8 TRANSPOSE NHWC -> NCHW: [1,2,3,4] with perm [0,3,1,2] -> [1,4,2,3].
pub fn transpose_i8() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[1, 2, 3, 4], DType::Int8);
    per_tensor(&mut b, x, 0.5, 0);
    let perm = b.add_constant("perm", &[4], DType::Int32, &i32s(&[0, 3, 1, 2]));
    let y = b.add_tensor("transposed", &[1, 4, 2, 3], DType::Int8);
    per_tensor(&mut b, y, 0.5, 0);
    b.add_op(BuiltinOp::Transpose, &[x, perm], &[y], BuiltinOptions::Transpose);
    model(&[x], &[y], &mut b);
    b
}

fn unary(
    op: BuiltinOp,
    options: BuiltinOptions<'static>,
    shape: &[i32],
    input: (DType, Option<(f32, i64)>),
    output: (DType, Option<(f32, i64)>),
) -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", shape, input.0);
    if let Some((scale, zp)) = input.1 {
        per_tensor(&mut b, x, scale, zp);
    }
    let y = b.add_tensor("output", shape, output.0);
    if let Some((scale, zp)) = output.1 {
        per_tensor(&mut b, y, scale, zp);
    }
    b.add_op(op, &[x], &[y], options);
    model(&[x], &[y], &mut b);
    b
}

fn softmax(beta: f32) -> BuiltinOptions<'static> {
    BuiltinOptions::Softmax(SoftmaxOptions { beta })
}

pub fn softmax_f32() -> ModelBuilder {
    unary(BuiltinOp::Softmax, softmax(0.5), &[1, 10], (DType::Float32, None), (DType::Float32, None))
}

/// int8 SOFTMAX: the output must be 1/256, -128.
pub fn softmax_i8() -> ModelBuilder {
    let (i, o) = ((DType::Int8, Some((0.125, 3))), (DType::Int8, Some((1.0 / 256.0, -128))));
    unary(BuiltinOp::Softmax, softmax(1.0), &[1, 10], i, o)
}

/// int8 SOFTMAX to int16: the output must be 1/65536, -32768.
pub fn softmax_i8_to_i16() -> ModelBuilder {
    let (i, o) = ((DType::Int8, Some((0.125, 3))), (DType::Int16, Some((1.0 / 65536.0, -32768))));
    unary(BuiltinOp::Softmax, softmax(1.0), &[1, 10], i, o)
}

/// int16 SOFTMAX: the output must be 1/32768, 0.
pub fn softmax_i16() -> ModelBuilder {
    let (i, o) = ((DType::Int16, Some((0.001, 0))), (DType::Int16, Some((1.0 / 32768.0, 0))));
    unary(BuiltinOp::Softmax, softmax(1.0), &[2, 5], i, o)
}

/// int8 LOGISTIC: the output must be 1/256, -128.
pub fn logistic_i8() -> ModelBuilder {
    let (i, o) = ((DType::Int8, Some((0.1, -2))), (DType::Int8, Some((1.0 / 256.0, -128))));
    unary(BuiltinOp::Logistic, BuiltinOptions::None, &[1, 8], i, o)
}

/// int16 LOGISTIC: zero points 0, the output 1/32768.
pub fn logistic_i16() -> ModelBuilder {
    let (i, o) = ((DType::Int16, Some((0.001, 0))), (DType::Int16, Some((1.0 / 32768.0, 0))));
    unary(BuiltinOp::Logistic, BuiltinOptions::None, &[1, 8], i, o)
}

/// int8 TANH: the output must be 1/128, 0.
pub fn tanh_i8() -> ModelBuilder {
    let (i, o) = ((DType::Int8, Some((0.1, 0))), (DType::Int8, Some((1.0 / 128.0, 0))));
    unary(BuiltinOp::Tanh, BuiltinOptions::None, &[4], i, o)
}

pub fn tanh_f32() -> ModelBuilder {
    unary(BuiltinOp::Tanh, BuiltinOptions::None, &[4], (DType::Float32, None), (DType::Float32, None))
}

/// int8 RELU: input and output scales may differ.
pub fn relu_i8() -> ModelBuilder {
    let (i, o) = ((DType::Int8, Some((0.5, -3))), (DType::Int8, Some((0.25, -128))));
    unary(BuiltinOp::Relu, BuiltinOptions::None, &[1, 2, 2, 3], i, o)
}

pub fn relu6_f32() -> ModelBuilder {
    unary(BuiltinOp::Relu6, BuiltinOptions::None, &[1, 6], (DType::Float32, None), (DType::Float32, None))
}

pub fn relu_n1_to_1_i16() -> ModelBuilder {
    let (i, o) = ((DType::Int16, Some((0.5, 0))), (DType::Int16, Some((0.25, 0))));
    unary(BuiltinOp::ReluN1To1, BuiltinOptions::None, &[3, 3], i, o)
}

fn leaky(alpha: f32) -> BuiltinOptions<'static> {
    BuiltinOptions::LeakyRelu(LeakyReluOptions { alpha })
}

/// int16 LEAKY_RELU: any zero points, alpha of either sign.
pub fn leaky_relu_i16() -> ModelBuilder {
    let (i, o) = ((DType::Int16, Some((0.5, 7))), (DType::Int16, Some((0.25, -3))));
    unary(BuiltinOp::LeakyRelu, leaky(-0.375), &[2, 3], i, o)
}

pub fn leaky_relu_f32() -> ModelBuilder {
    unary(BuiltinOp::LeakyRelu, leaky(0.25), &[1, 5], (DType::Float32, None), (DType::Float32, None))
}

/// int8 HARD_SWISH: the output scale must exceed the input scale / 128.
pub fn hard_swish_i8() -> ModelBuilder {
    let (i, o) = ((DType::Int8, Some((0.5, -3))), (DType::Int8, Some((0.25, 10))));
    unary(BuiltinOp::HardSwish, BuiltinOptions::HardSwish, &[1, 2, 2, 3], i, o)
}

/// int8 MEAN over axes [1, 2] with `keep_dims`: [1,4,4,8] -> [1,1,1,8].
pub fn mean_i8_keep_dims() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[1, 4, 4, 8], DType::Int8);
    per_tensor(&mut b, x, 0.5, -1);
    let axes = b.add_constant("axes", &[2], DType::Int32, &i32s(&[1, 2]));
    let y = b.add_tensor("mean", &[1, 1, 1, 8], DType::Int8);
    per_tensor(&mut b, y, 0.25, -2);
    b.add_op(BuiltinOp::Mean, &[x, axes], &[y], BuiltinOptions::Reducer(ReducerOptions { keep_dims: true }));
    model(&[x], &[y], &mut b);
    b
}

/// f32 MEAN over axes [1, 2] without `keep_dims`: [1,4,4,8] -> [1,8].
pub fn mean_f32() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[1, 4, 4, 8], DType::Float32);
    let axes = b.add_constant("axes", &[2], DType::Int32, &i32s(&[1, 2]));
    let y = b.add_tensor("mean", &[1, 8], DType::Float32);
    b.add_op(BuiltinOp::Mean, &[x, axes], &[y], BuiltinOptions::Reducer(ReducerOptions { keep_dims: false }));
    model(&[x], &[y], &mut b);
    b
}

/// int8 PRELU with a per-channel alpha constant: [1,2,2,3] and [1,1,3] -> [1,2,2,3].
pub fn prelu_i8_per_channel() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[1, 2, 2, 3], DType::Int8);
    per_tensor(&mut b, x, 0.5, -3);
    let alpha = b.add_constant("alpha", &[1, 1, 3], DType::Int8, &[10, 0xF6, 127]);
    per_tensor(&mut b, alpha, 0.01, 2);
    let y = b.add_tensor("output", &[1, 2, 2, 3], DType::Int8);
    per_tensor(&mut b, y, 0.25, 5);
    b.add_op(BuiltinOp::Prelu, &[x, alpha], &[y], BuiltinOptions::None);
    model(&[x], &[y], &mut b);
    b
}

/// int16 PRELU with an int8 alpha input (TFLite Micro's int16 form): [2,3] and [3] -> [2,3].
pub fn prelu_i16() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[2, 3], DType::Int16);
    per_tensor(&mut b, x, 0.001, 0);
    let alpha = b.add_tensor("alpha", &[3], DType::Int8);
    per_tensor(&mut b, alpha, 0.02, -1);
    let y = b.add_tensor("output", &[2, 3], DType::Int16);
    per_tensor(&mut b, y, 0.002, 7);
    b.add_op(BuiltinOp::Prelu, &[x, alpha], &[y], BuiltinOptions::None);
    model(&[x, alpha], &[y], &mut b);
    b
}

/// int16 SUM over axes [1, 2] with `keep_dims`, rescaled: [1,4,4,8] -> [1,1,1,8].
pub fn sum_i16_keep_dims() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[1, 4, 4, 8], DType::Int16);
    per_tensor(&mut b, x, 0.001, 0);
    let axes = b.add_constant("axes", &[2], DType::Int32, &i32s(&[1, 2]));
    let y = b.add_tensor("sum", &[1, 1, 1, 8], DType::Int16);
    per_tensor(&mut b, y, 0.01, 3);
    b.add_op(BuiltinOp::Sum, &[x, axes], &[y], BuiltinOptions::Reducer(ReducerOptions { keep_dims: true }));
    model(&[x], &[y], &mut b);
    b
}

/// int8 CUMSUM along axis -1 (a 0-D constant, as TensorFlow's converter writes it), exclusive
/// and reversed: [2,3,4] -> [2,3,4].
pub fn cumsum_i8_exclusive_reverse() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[2, 3, 4], DType::Int8);
    per_tensor(&mut b, x, 0.05, -3);
    let axis = b.add_constant("axis", &[], DType::Int32, &i32s(&[-1]));
    let y = b.add_tensor("cumsum", &[2, 3, 4], DType::Int8);
    per_tensor(&mut b, y, 0.25, 4);
    let options = CumsumOptions { exclusive: true, reverse: true };
    b.add_op(BuiltinOp::Cumsum, &[x, axis], &[y], BuiltinOptions::Cumsum(options));
    model(&[x], &[y], &mut b);
    b
}

/// f32 LOG_SOFTMAX over the last dimension: [2,3,5] -> [2,3,5].
pub fn log_softmax_f32() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[2, 3, 5], DType::Float32);
    let y = b.add_tensor("log_probs", &[2, 3, 5], DType::Float32);
    b.add_op(BuiltinOp::LogSoftmax, &[x], &[y], BuiltinOptions::LogSoftmax);
    model(&[x], &[y], &mut b);
    b
}

/// f32 L2_NORMALIZATION over the last dimension: [3,8] -> [3,8].
pub fn l2_normalization_f32() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[3, 8], DType::Float32);
    let y = b.add_tensor("normalized", &[3, 8], DType::Float32);
    let options = L2NormOptions { fused_activation: Activation::None };
    b.add_op(BuiltinOp::L2Normalization, &[x], &[y], BuiltinOptions::L2Norm(options));
    model(&[x], &[y], &mut b);
    b
}

/// int8 REDUCE_MAX over axes [1, 2] with `keep_dims`, quantized as its input: [1,4,4,8] ->
/// [1,1,1,8].
pub fn reduce_max_i8_keep_dims() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[1, 4, 4, 8], DType::Int8);
    per_tensor(&mut b, x, 0.5, -1);
    let axes = b.add_constant("axes", &[2], DType::Int32, &i32s(&[1, 2]));
    let y = b.add_tensor("max", &[1, 1, 1, 8], DType::Int8);
    per_tensor(&mut b, y, 0.5, -1);
    b.add_op(BuiltinOp::ReduceMax, &[x, axes], &[y], BuiltinOptions::Reducer(ReducerOptions { keep_dims: true }));
    model(&[x], &[y], &mut b);
    b
}

/// f32 REDUCE_MIN over the last axis without `keep_dims`: [2,3,5] -> [2,3].
pub fn reduce_min_f32() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[2, 3, 5], DType::Float32);
    let axes = b.add_constant("axes", &[1], DType::Int32, &i32s(&[-1]));
    let y = b.add_tensor("min", &[2, 3], DType::Float32);
    b.add_op(BuiltinOp::ReduceMin, &[x, axes], &[y], BuiltinOptions::Reducer(ReducerOptions { keep_dims: false }));
    model(&[x], &[y], &mut b);
    b
}

/// bool REDUCE_ALL over axes [0, -1] with `keep_dims`: [2,3,4] -> [1,3,1].
pub fn reduce_all_bool_keep_dims() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[2, 3, 4], DType::Bool);
    let axes = b.add_constant("axes", &[2], DType::Int32, &i32s(&[0, -1]));
    let y = b.add_tensor("all", &[1, 3, 1], DType::Bool);
    b.add_op(BuiltinOp::ReduceAll, &[x, axes], &[y], BuiltinOptions::Reducer(ReducerOptions { keep_dims: true }));
    model(&[x], &[y], &mut b);
    b
}

/// int8 PAD with a [4,2] paddings constant: [1,2,2,1] -> [1,4,4,1].
pub fn pad_i8() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[1, 2, 2, 1], DType::Int8);
    per_tensor(&mut b, x, 0.5, -128);
    let paddings = b.add_constant("paddings", &[4, 2], DType::Int32, &i32s(&[0, 0, 1, 1, 2, 0, 0, 0]));
    let y = b.add_tensor("padded", &[1, 4, 4, 1], DType::Int8);
    per_tensor(&mut b, y, 0.5, -128);
    b.add_op(BuiltinOp::Pad, &[x, paddings], &[y], BuiltinOptions::Pad);
    model(&[x], &[y], &mut b);
    b
}

/// A resize of a [1,2,2,1] input to `size` [3,4] with `options`.
fn resize_model(op: BuiltinOp, options: BuiltinOptions<'static>, dtype: DType, quant: (f32, i64)) -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[1, 2, 2, 1], dtype);
    per_tensor(&mut b, x, quant.0, quant.1);
    let size = b.add_constant("size", &[2], DType::Int32, &i32s(&[3, 4]));
    let y = b.add_tensor("resized", &[1, 3, 4, 1], dtype);
    per_tensor(&mut b, y, quant.0, quant.1);
    b.add_op(op, &[x, size], &[y], options);
    model(&[x], &[y], &mut b);
    b
}

/// int8 RESIZE_BILINEAR with half-pixel centres: [1,2,2,1] -> [1,3,4,1].
pub fn resize_bilinear_i8_half_pixel() -> ModelBuilder {
    let options = ResizeOptions { align_corners: false, half_pixel_centers: true };
    resize_model(BuiltinOp::ResizeBilinear, BuiltinOptions::ResizeBilinear(options), DType::Int8, (0.5, -3))
}

/// int16 RESIZE_NEAREST_NEIGHBOR with aligned corners: [1,2,2,1] -> [1,3,4,1].
pub fn resize_nearest_neighbor_i16_aligned() -> ModelBuilder {
    let options = ResizeOptions { align_corners: true, half_pixel_centers: false };
    let options = BuiltinOptions::ResizeNearestNeighbor(options);
    resize_model(BuiltinOp::ResizeNearestNeighbor, options, DType::Int16, (0.25, 0))
}

/// f32 DEPTH_TO_SPACE with block 2: [1,1,2,8] -> [1,2,4,2].
pub fn depth_to_space_f32() -> ModelBuilder {
    let options = BuiltinOptions::DepthToSpace(BlockSizeOptions { block_size: 2 });
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[1, 1, 2, 8], DType::Float32);
    let y = b.add_tensor("output", &[1, 2, 4, 2], DType::Float32);
    b.add_op(BuiltinOp::DepthToSpace, &[x], &[y], options);
    model(&[x], &[y], &mut b);
    b
}

/// int8 SPACE_TO_DEPTH with block 2: [1,2,4,1] -> [1,1,2,4].
pub fn space_to_depth_i8() -> ModelBuilder {
    let options = BuiltinOptions::SpaceToDepth(BlockSizeOptions { block_size: 2 });
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[1, 2, 4, 1], DType::Int8);
    per_tensor(&mut b, x, 0.5, 7);
    let y = b.add_tensor("output", &[1, 1, 2, 4], DType::Int8);
    per_tensor(&mut b, y, 0.5, 7);
    b.add_op(BuiltinOp::SpaceToDepth, &[x], &[y], options);
    model(&[x], &[y], &mut b);
    b
}

/// f32 SPACE_TO_BATCH_ND with block [2,2] and paddings [[1,0],[0,1]]: [1,3,3,1] -> [4,2,2,1].
pub fn space_to_batch_nd_f32() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[1, 3, 3, 1], DType::Float32);
    let block = b.add_constant("block_shape", &[2], DType::Int32, &i32s(&[2, 2]));
    let paddings = b.add_constant("paddings", &[2, 2], DType::Int32, &i32s(&[1, 0, 0, 1]));
    let y = b.add_tensor("batches", &[4, 2, 2, 1], DType::Float32);
    b.add_op(BuiltinOp::SpaceToBatchNd, &[x, block, paddings], &[y], BuiltinOptions::SpaceToBatchNd);
    model(&[x], &[y], &mut b);
    b
}

/// int8 BATCH_TO_SPACE_ND of a 3-D (NHC) input, block [3], crops [[1,0]]: [3,2,2] -> [1,5,2].
pub fn batch_to_space_nd_i8_3d() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[3, 2, 2], DType::Int8);
    per_tensor(&mut b, x, 0.5, -1);
    let block = b.add_constant("block_shape", &[1], DType::Int32, &i32s(&[3]));
    let crops = b.add_constant("crops", &[1, 2], DType::Int32, &i32s(&[1, 0]));
    let y = b.add_tensor("space", &[1, 5, 2], DType::Int8);
    per_tensor(&mut b, y, 0.5, -1);
    b.add_op(BuiltinOp::BatchToSpaceNd, &[x, block, crops], &[y], BuiltinOptions::BatchToSpaceNd);
    model(&[x], &[y], &mut b);
    b
}

/// int8 CONCATENATION of three inputs along axis -1: [1,2,3] ++ [1,2,1] ++ [1,2,2] -> [1,2,6].
pub fn concatenation_i8() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let mut inputs = Vec::new();
    for (name, width) in [("a", 3), ("b", 1), ("c", 2)] {
        let t = b.add_tensor(name, &[1, 2, width], DType::Int8);
        per_tensor(&mut b, t, 0.5, 1);
        inputs.push(t);
    }
    let y = b.add_tensor("joined", &[1, 2, 6], DType::Int8);
    per_tensor(&mut b, y, 0.5, 1);
    let options = ConcatenationOptions { axis: -1, fused_activation: Activation::None };
    b.add_op(BuiltinOp::Concatenation, &inputs, &[y], BuiltinOptions::Concatenation(options));
    model(&inputs, &[y], &mut b);
    b
}

/// f32 CONCATENATION of an input and a constant along axis 1: [1,2] ++ [1,3] -> [1,5].
pub fn concatenation_f32() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("x", &[1, 2], DType::Float32);
    let c = b.add_constant("tail", &[1, 3], DType::Float32, &f32s(&[1.0, 2.0, 3.0]));
    let y = b.add_tensor("joined", &[1, 5], DType::Float32);
    let options = ConcatenationOptions { axis: 1, fused_activation: Activation::None };
    b.add_op(BuiltinOp::Concatenation, &[x, c], &[y], BuiltinOptions::Concatenation(options));
    model(&[x], &[y], &mut b);
    b
}

fn strided_slice_model(
    dtype: DType,
    quant: Option<(f32, i64)>,
    masks: StridedSliceOptions,
    out: &[i32],
) -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[1, 4, 4, 2], dtype);
    let begin = b.add_constant("begin", &[4], DType::Int32, &i32s(&[0, 1, 0, 0]));
    let end = b.add_constant("end", &[4], DType::Int32, &i32s(&[1, 3, 4, 2]));
    let strides = b.add_constant("strides", &[4], DType::Int32, &i32s(&[1, 1, 2, 1]));
    let y = b.add_tensor("slice", out, dtype);
    if let Some((scale, zp)) = quant {
        per_tensor(&mut b, x, scale, zp);
        per_tensor(&mut b, y, scale, zp);
    }
    b.add_op(BuiltinOp::StridedSlice, &[x, begin, end, strides], &[y], BuiltinOptions::StridedSlice(masks));
    model(&[x], &[y], &mut b);
    b
}

/// f32 STRIDED_SLICE with `shrink_axis_mask` 1: [1,4,4,2][0, 1:3, 0:4:2, 0:2] -> [2,2,2].
pub fn strided_slice_f32() -> ModelBuilder {
    let masks = StridedSliceOptions {
        begin_mask: 0,
        end_mask: 0,
        ellipsis_mask: 0,
        new_axis_mask: 0,
        shrink_axis_mask: 1,
        offset: false,
    };
    strided_slice_model(DType::Float32, None, masks, &[2, 2, 2])
}

/// int16 STRIDED_SLICE with `begin_mask` 2 and `end_mask` 2 (dimension 1 whole): -> [1,4,2,2].
pub fn strided_slice_i16() -> ModelBuilder {
    let masks = StridedSliceOptions {
        begin_mask: 2,
        end_mask: 2,
        ellipsis_mask: 0,
        new_axis_mask: 0,
        shrink_axis_mask: 0,
        offset: false,
    };
    strided_slice_model(DType::Int16, Some((0.5, 0)), masks, &[1, 4, 2, 2])
}

/// int8 SQUEEZE of dimension 0 given negatively: [1,4,1] -> [4,1].
pub fn squeeze_i8() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[1, 4, 1], DType::Int8);
    per_tensor(&mut b, x, 0.5, 1);
    let y = b.add_tensor("output", &[4, 1], DType::Int8);
    per_tensor(&mut b, y, 0.5, 1);
    b.add_op(BuiltinOp::Squeeze, &[x], &[y], BuiltinOptions::Squeeze(SqueezeOptions { squeeze_dims: vec![-3] }));
    model(&[x], &[y], &mut b);
    b
}

/// f32 EXPAND_DIMS at axis -1 (a scalar int32 constant): [2,3] -> [2,3,1].
pub fn expand_dims_f32() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[2, 3], DType::Float32);
    let axis = b.add_constant("axis", &[], DType::Int32, &i32s(&[-1]));
    let y = b.add_tensor("output", &[2, 3, 1], DType::Float32);
    b.add_op(BuiltinOp::ExpandDims, &[x, axis], &[y], BuiltinOptions::ExpandDims);
    model(&[x], &[y], &mut b);
    b
}

/// SHAPE of an int16 input: [2,3,4] -> int32 [3].
pub fn shape_i16() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[2, 3, 4], DType::Int16);
    per_tensor(&mut b, x, 0.5, 0);
    let y = b.add_tensor("dims", &[3], DType::Int32);
    b.add_op(BuiltinOp::Shape, &[x], &[y], BuiltinOptions::Shape(ShapeOptions { out_type: DType::Int32 }));
    model(&[x], &[y], &mut b);
    b
}

/// bool BROADCAST_TO of [3,1] to a constant int64 shape [2,3,4].
pub fn broadcast_to_bool_i64_shape() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[3, 1], DType::Bool);
    let shape = b.add_constant("shape", &[3], DType::Int64, &i64s(&[2, 3, 4]));
    let y = b.add_tensor("broadcast", &[2, 3, 4], DType::Bool);
    b.add_op(BuiltinOp::BroadcastTo, &[x, shape], &[y], BuiltinOptions::BroadcastTo);
    model(&[x], &[y], &mut b);
    b
}

/// BROADCAST_ARGS of two run-time int32 shapes of lengths 2 and 3 (no options table).
pub fn broadcast_args_i32() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let s0 = b.add_tensor("s0", &[2], DType::Int32);
    let s1 = b.add_tensor("s1", &[3], DType::Int32);
    let y = b.add_tensor("joined", &[3], DType::Int32);
    b.add_op(BuiltinOp::BroadcastArgs, &[s0, s1], &[y], BuiltinOptions::None);
    model(&[s0, s1], &[y], &mut b);
    b
}

/// EMBEDDING_LOOKUP of two run-time ids in a constant int8 [4,3] table, dequantized into f32.
pub fn embedding_lookup_i8_to_f32() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let ids = b.add_tensor("ids", &[2], DType::Int32);
    let table = b.add_constant("table", &[4, 3], DType::Int8, &[1; 12]);
    per_tensor(&mut b, table, 0.5, 0);
    let y = b.add_tensor("embeddings", &[2, 3], DType::Float32);
    b.add_op(BuiltinOp::EmbeddingLookup, &[ids, table], &[y], BuiltinOptions::None);
    model(&[ids], &[y], &mut b);
    b
}

/// f32 DYNAMIC_UPDATE_SLICE of a [4,5] operand with a [2,3] update at run-time int64 starts.
pub fn dynamic_update_slice_f32_i64() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("operand", &[4, 5], DType::Float32);
    let u = b.add_tensor("update", &[2, 3], DType::Float32);
    let s = b.add_tensor("starts", &[2], DType::Int64);
    let y = b.add_tensor("updated", &[4, 5], DType::Float32);
    b.add_op(BuiltinOp::DynamicUpdateSlice, &[x, u, s], &[y], BuiltinOptions::DynamicUpdateSlice);
    model(&[x, u, s], &[y], &mut b);
    b
}

/// Keras' dynamic batch: PACK of the batch STRIDED_SLICE takes from SHAPE and a -1, the shape
/// of a RESHAPE: [1,2,3] f32 -> [1,6].
pub fn pack_i32_keras_shape() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[1, 2, 3], DType::Float32);
    let dims = b.add_tensor("dims", &[3], DType::Int32);
    b.add_op(BuiltinOp::Shape, &[x], &[dims], BuiltinOptions::Shape(ShapeOptions { out_type: DType::Int32 }));
    let begin = b.add_constant("begin", &[1], DType::Int32, &i32s(&[0]));
    let end = b.add_constant("end", &[1], DType::Int32, &i32s(&[1]));
    let strides = b.add_constant("strides", &[1], DType::Int32, &i32s(&[1]));
    let batch = b.add_tensor("batch", &[], DType::Int32);
    let masks = StridedSliceOptions {
        begin_mask: 0,
        end_mask: 0,
        ellipsis_mask: 0,
        new_axis_mask: 0,
        shrink_axis_mask: 1,
        offset: false,
    };
    b.add_op(BuiltinOp::StridedSlice, &[dims, begin, end, strides], &[batch], BuiltinOptions::StridedSlice(masks));
    let rest = b.add_constant("rest", &[], DType::Int32, &i32s(&[-1]));
    let shape = b.add_tensor("shape", &[2], DType::Int32);
    b.add_op(BuiltinOp::Pack, &[batch, rest], &[shape], BuiltinOptions::Pack(PackOptions { values_count: 2, axis: 0 }));
    let y = b.add_tensor("flat", &[1, 6], DType::Float32);
    b.add_op(BuiltinOp::Reshape, &[x, shape], &[y], BuiltinOptions::Reshape(ReshapeOptions { new_shape: None }));
    model(&[x], &[y], &mut b);
    b
}

/// f32 SPLIT of a [2, 6] input into 3 along axis 1 (a 0-D constant, listed first as TFLite
/// does); the middle piece is no model output.
pub fn split_f32_unused_piece() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let axis = b.add_constant("axis", &[], DType::Int32, &i32s(&[1]));
    let x = b.add_tensor("input", &[2, 6], DType::Float32);
    let pieces: Vec<i32> = (0..3).map(|i| b.add_tensor(&format!("piece{i}"), &[2, 2], DType::Float32)).collect();
    b.add_op(BuiltinOp::Split, &[axis, x], &pieces, BuiltinOptions::Split(SplitOptions { num_splits: 3 }));
    model(&[x], &[pieces[0], pieces[2]], &mut b);
    b
}

/// int8 SPLIT_V of a [5, 3] input into 2 and the rest (-1) along axis -2.
pub fn split_v_i8() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[5, 3], DType::Int8);
    per_tensor(&mut b, x, 0.5, -3);
    let sizes = b.add_constant("size_splits", &[2], DType::Int32, &i32s(&[2, -1]));
    let axis = b.add_constant("axis", &[], DType::Int32, &i32s(&[-2]));
    let (y0, y1) = (b.add_tensor("head", &[2, 3], DType::Int8), b.add_tensor("tail", &[3, 3], DType::Int8));
    per_tensor(&mut b, y0, 0.5, -3);
    per_tensor(&mut b, y1, 0.5, -3);
    b.add_op(BuiltinOp::SplitV, &[x, sizes, axis], &[y0, y1], BuiltinOptions::SplitV(SplitOptions { num_splits: 2 }));
    model(&[x], &[y0, y1], &mut b);
    b
}

/// int16 UNPACK of a [2, 3] input along axis -1 into three [2] rows.
pub fn unpack_i16() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[2, 3], DType::Int16);
    per_tensor(&mut b, x, 0.25, 0);
    let rows: Vec<i32> = (0..3)
        .map(|i| {
            let t = b.add_tensor(&format!("row{i}"), &[2], DType::Int16);
            per_tensor(&mut b, t, 0.25, 0);
            t
        })
        .collect();
    b.add_op(BuiltinOp::Unpack, &[x], &rows, BuiltinOptions::Unpack(UnpackOptions { num: 3, axis: -1 }));
    model(&[x], &rows, &mut b);
    b
}

pub fn quantize_f32_to_i8() -> ModelBuilder {
    let o = (DType::Int8, Some((0.5, 1)));
    unary(BuiltinOp::Quantize, BuiltinOptions::Quantize, &[1, 4], (DType::Float32, None), o)
}

/// Requantization int8 -> int16.
pub fn quantize_i8_to_i16() -> ModelBuilder {
    let (i, o) = ((DType::Int8, Some((0.5, 1))), (DType::Int16, Some((0.25, 0))));
    unary(BuiltinOp::Quantize, BuiltinOptions::Quantize, &[1, 4], i, o)
}

pub fn dequantize_i8() -> ModelBuilder {
    let i = (DType::Int8, Some((0.5, 1)));
    unary(BuiltinOp::Dequantize, BuiltinOptions::Dequantize, &[1, 4], i, (DType::Float32, None))
}

pub fn dequantize_i16() -> ModelBuilder {
    let i = (DType::Int16, Some((0.25, 0)));
    unary(BuiltinOp::Dequantize, BuiltinOptions::Dequantize, &[3], i, (DType::Float32, None))
}

/// A streaming state: VAR_HANDLE, READ_VARIABLE of the old state, ADD of the input, then
/// ASSIGN_VARIABLE of the new state.
pub fn variables() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[1, 4], DType::Int8);
    per_tensor(&mut b, x, 0.5, 0);
    let handle = b.add_tensor("state_handle", &[], DType::Resource);
    let old = b.add_tensor("old_state", &[1, 4], DType::Int8);
    per_tensor(&mut b, old, 0.5, 0);
    let new = b.add_tensor("new_state", &[1, 4], DType::Int8);
    per_tensor(&mut b, new, 0.5, 0);
    let options = VarHandleOptions { container: Some("streaming"), shared_name: Some("state") };
    b.add_op(BuiltinOp::VarHandle, &[], &[handle], BuiltinOptions::VarHandle(options));
    b.add_op(BuiltinOp::ReadVariable, &[handle], &[old], BuiltinOptions::ReadVariable);
    b.add_op(BuiltinOp::Add, &[old, x], &[new], BuiltinOptions::Add(add_sub(Activation::None)));
    b.add_op(BuiltinOp::AssignVariable, &[handle, new], &[], BuiltinOptions::AssignVariable);
    model(&[x], &[new], &mut b);
    b
}

/// int8 SVDF with an int16 state (a variable tensor), 2 batches, 3 inputs, 4 filters of memory 2,
/// rank 2; the bias scale is state × time-weight scale.
pub fn svdf_i8() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[2, 3], DType::Int8);
    per_tensor(&mut b, x, 0.5, -3);
    let wf = b.add_constant("weights_feature", &[4, 3], DType::Int8, &zeros(12));
    per_tensor(&mut b, wf, 0.25, 0);
    let wt = b.add_constant("weights_time", &[4, 2], DType::Int16, &zeros(16));
    per_tensor(&mut b, wt, 0.125, 0);
    let bias = b.add_constant("bias", &[2], DType::Int32, &zeros(8));
    per_tensor(&mut b, bias, 0.0625, 0);
    let state = b.add_tensor("state", &[2, 8], DType::Int16);
    per_tensor(&mut b, state, 0.5, 0);
    b.set_variable(state);
    let y = b.add_tensor("output", &[2, 2], DType::Int8);
    per_tensor(&mut b, y, 1.0, 4);
    let options = SvdfOptions { rank: 2, fused_activation: Activation::Relu, asymmetric_quantize_inputs: false };
    b.add_op(BuiltinOp::Svdf, &[x, wf, wt, bias, state], &[y], BuiltinOptions::Svdf(options));
    model(&[x], &[y], &mut b);
    b
}

/// A float UNIDIRECTIONAL_SEQUENCE_LSTM, batch major: 1 batch, 2 steps, 3 inputs, 2 units; its
/// hidden and cell states (inputs 18 and 19) are variable tensors, the variants' inputs absent.
pub fn lstm_f32() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    let x = b.add_tensor("input", &[1, 2, 3], DType::Float32);
    let mut inputs = vec![x];
    for i in 0..4 {
        inputs.push(b.add_constant(&format!("input_weights_{i}"), &[2, 3], DType::Float32, &zeros(24)));
    }
    for i in 0..4 {
        inputs.push(b.add_constant(&format!("recurrent_weights_{i}"), &[2, 2], DType::Float32, &zeros(16)));
    }
    inputs.extend([-1, -1, -1]);
    for i in 0..4 {
        inputs.push(b.add_constant(&format!("bias_{i}"), &[2], DType::Float32, &zeros(8)));
    }
    inputs.extend([-1, -1]);
    for name in ["hidden_state", "cell_state"] {
        let state = b.add_tensor(name, &[1, 2], DType::Float32);
        b.set_variable(state);
        inputs.push(state);
    }
    inputs.extend([-1, -1, -1, -1]);
    let y = b.add_tensor("output", &[1, 2, 2], DType::Float32);
    let options = SequenceLstmOptions {
        fused_activation: Activation::Tanh,
        cell_clip: 0.5,
        proj_clip: 0.0,
        time_major: false,
        asymmetric_quantize_inputs: false,
        diagonal_recurrent_tensors: false,
    };
    b.add_op(BuiltinOp::UnidirectionalSequenceLstm, &inputs, &[y], BuiltinOptions::SequenceLstm(options));
    model(&[x], &[y], &mut b);
    b
}

/// Four subgraphs: the entry (unnamed, so `@main`) with its inputs listed out of tensor order,
/// `helper`, an unnamed one and a second `helper`.
pub fn several_subgraphs() -> ModelBuilder {
    let mut b = ModelBuilder::new();
    b.subgraph().name = None;
    let x = b.add_tensor("x", &[2], DType::Float32);
    let y = b.add_tensor("y", &[2], DType::Float32);
    let z = b.add_tensor("z", &[2], DType::Float32);
    b.add_op(BuiltinOp::Sub, &[x, y], &[z], BuiltinOptions::Sub(add_sub(Activation::None)));
    model(&[y, x], &[z, x], &mut b);
    for name in [Some("helper"), None, Some("helper")] {
        let index = b.add_subgraph(name.unwrap_or(""));
        if name.is_none() {
            b.subgraph().name = None;
        }
        let a = b.add_tensor("a", &[3], DType::Int8);
        per_tensor(&mut b, a, 0.5, index as i64);
        let r = b.add_tensor("r", &[3], DType::Int8);
        per_tensor(&mut b, r, 0.5, index as i64);
        b.add_op(BuiltinOp::Relu, &[a], &[r], BuiltinOptions::None);
        model(&[a], &[r], &mut b);
    }
    b
}

/// The importer fuzzer's seed corpus, `fuzz/seeds/import_tflite`, holds every sample as built
/// today (a seed corpus that drifts from the samples stops covering what they cover). Run with
/// `MC_WRITE_FUZZ_SEEDS=1` to rewrite the corpus after changing a sample.
#[test]
fn fuzz_seeds_are_the_samples() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/seeds/import_tflite");
    let write = std::env::var_os("MC_WRITE_FUZZ_SEEDS").is_some();
    if write {
        std::fs::create_dir_all(&dir).unwrap();
    }
    let mut stale = Vec::new();
    for (name, build) in SAMPLES {
        let path = dir.join(format!("{name}.tflite"));
        let bytes = build().finish();
        if write {
            std::fs::write(&path, &bytes).unwrap();
        } else if std::fs::read(&path).ok().as_deref() != Some(&bytes[..]) {
            stale.push(name.to_string());
        }
    }
    assert!(
        stale.is_empty(),
        "fuzz seeds missing or out of date for {stale:?}: run `MC_WRITE_FUZZ_SEEDS=1 cargo test -p mc-tflite --test import fuzz_seeds_are_the_samples`"
    );
}
