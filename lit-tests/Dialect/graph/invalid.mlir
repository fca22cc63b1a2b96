// RUN: mc-opt %s --split-input-file --verify-diagnostics
// One case per verifier message of the graph dialect (dialects/src/graph/verify.rs and
// the shape rules of shape_inference.rs).

// Tensors only.
"func.func"() <{function_type = (f32) -> (), sym_name = "f0"}> ({
^bb0(%x: f32):
  // expected-error@+1 {{'graph.relu' op input must be a tensor, but got 'f32'}}
  %0 = "graph.relu"(%x) : (f32) -> tensor<1xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Ranks are checked.
"func.func"() <{function_type = (tensor<8x8x3xf32>, tensor<4x3x3x3xf32>) -> (), sym_name = "f1"}> ({
^bb0(%x: tensor<8x8x3xf32>, %w: tensor<4x3x3x3xf32>):
  // expected-error@+1 {{'graph.conv_2d' op input must have rank 4, but has rank 3}}
  %0 = "graph.conv_2d"(%x, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<8x8x3xf32>, tensor<4x3x3x3xf32>) -> tensor<1x8x8x4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Strides and dilations are at least 1.
"func.func"() <{function_type = (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>) -> (), sym_name = "f2"}> ({
^bb0(%x: tensor<1x8x8x3xf32>, %w: tensor<4x3x3x3xf32>):
  // expected-error@+1 {{'graph.conv_2d' op 'stride_w' must be at least 1, but is 0}}
  %0 = "graph.conv_2d"(%x, %w) <{stride_h = 1 : i64, stride_w = 0 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>) -> tensor<1x8x8x4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Padding is SAME or VALID.
"func.func"() <{function_type = (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>) -> (), sym_name = "f3"}> ({
^bb0(%x: tensor<1x8x8x3xf32>, %w: tensor<4x3x3x3xf32>):
  // expected-error@+1 {{'graph.conv_2d' op 'padding' must be "SAME" or "VALID", but is "same"}}
  %0 = "graph.conv_2d"(%x, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "same", fused_activation = "NONE"}> : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>) -> tensor<1x8x8x4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Explicit padding: four amounts (top, bottom, left, right), none negative.
"func.func"() <{function_type = (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>) -> (), sym_name = "f3_pad_count"}> ({
^bb0(%x: tensor<1x8x8x3xf32>, %w: tensor<4x3x3x3xf32>):
  // expected-error@+1 {{'graph.conv_2d' op 'pad' must be 4 non-negative amounts (top, bottom, left, right), but is [1, 1, 1]}}
  %0 = "graph.conv_2d"(%x, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, pad = array<i64: 1, 1, 1>, fused_activation = "NONE"}> : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>) -> tensor<1x8x8x4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (tensor<1x8x8x3xf32>, tensor<1x3x3x3xf32>) -> (), sym_name = "f3_pad_negative"}> ({
^bb0(%x: tensor<1x8x8x3xf32>, %w: tensor<1x3x3x3xf32>):
  // expected-error@+1 {{'graph.depthwise_conv_2d' op 'pad' must be 4 non-negative amounts (top, bottom, left, right), but is [0, -1, 1, 1]}}
  %0 = "graph.depthwise_conv_2d"(%x, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, depth_multiplier = 1 : i64, pad = array<i64: 0, -1, 1, 1>, fused_activation = "NONE"}> : (tensor<1x8x8x3xf32>, tensor<1x3x3x3xf32>) -> tensor<1x7x8x3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// A windowed op has a padding mode or explicit amounts: exactly one.
"func.func"() <{function_type = (tensor<1x8x8x3xf32>) -> (), sym_name = "f3_pad_both"}> ({
^bb0(%x: tensor<1x8x8x3xf32>):
  // expected-error@+1 {{'graph.max_pool_2d' op takes 'padding' or 'pad', not both}}
  %0 = "graph.max_pool_2d"(%x) <{filter_h = 2 : i64, filter_w = 2 : i64, stride_h = 2 : i64, stride_w = 2 : i64, padding = "VALID", pad = array<i64: 0, 0, 0, 0>, fused_activation = "NONE"}> : (tensor<1x8x8x3xf32>) -> tensor<1x4x4x3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (tensor<1x8x8x3xf32>) -> (), sym_name = "f3_pad_none"}> ({
^bb0(%x: tensor<1x8x8x3xf32>):
  // expected-error@+1 {{'graph.avg_pool_2d' op requires a 'padding' or a 'pad' attribute}}
  %0 = "graph.avg_pool_2d"(%x) <{filter_h = 2 : i64, filter_w = 2 : i64, stride_h = 2 : i64, stride_w = 2 : i64, fused_activation = "NONE"}> : (tensor<1x8x8x3xf32>) -> tensor<1x4x4x3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Explicit amounts set the output size: VALID over the padded input (8 + 0 + 1 = 9 rows, 3
// taps, stride 2: 4 rows, not 5).
"func.func"() <{function_type = (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>) -> (), sym_name = "f3_pad_shape"}> ({
^bb0(%x: tensor<1x8x8x3xf32>, %w: tensor<4x3x3x3xf32>):
  // expected-error@+1 {{'graph.conv_2d' op result shape [1, 5, 4, 4] does not match the inferred shape [1, 4, 4, 4]}}
  %0 = "graph.conv_2d"(%x, %w) <{stride_h = 2 : i64, stride_w = 2 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, pad = array<i64: 0, 1, 0, 1>, fused_activation = "NONE"}> : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>) -> tensor<1x5x4x4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// A window that does not fit the explicitly padded input.
"func.func"() <{function_type = (tensor<1x2x8x3xf32>) -> (), sym_name = "f3_pad_fit"}> ({
^bb0(%x: tensor<1x2x8x3xf32>):
  // expected-error@+1 {{'graph.max_pool_2d' op output height would be 0 (input 2, filter 4, stride 1, dilation 1, explicit [1, 0, 0, 0] padding)}}
  %0 = "graph.max_pool_2d"(%x) <{filter_h = 4 : i64, filter_w = 1 : i64, stride_h = 1 : i64, stride_w = 1 : i64, pad = array<i64: 1, 0, 0, 0>, fused_activation = "NONE"}> : (tensor<1x2x8x3xf32>) -> tensor<1x1x8x3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Activations are TFLite's.
"func.func"() <{function_type = (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>) -> (), sym_name = "f4"}> ({
^bb0(%x: tensor<1x8x8x3xf32>, %w: tensor<4x3x3x3xf32>):
  // expected-error@+1 {{'graph.conv_2d' op 'fused_activation' must be "NONE", "RELU", "RELU_N1_TO_1", "RELU6", "TANH" or "SIGN_BIT", but is "GELU"}}
  %0 = "graph.conv_2d"(%x, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "GELU"}> : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>) -> tensor<1x8x8x4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TANH and SIGN_BIT exist in the schema, but no TFLite kernel fuses them.
"func.func"() <{function_type = (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>) -> (), sym_name = "f5"}> ({
^bb0(%x: tensor<1x8x8x3xf32>, %w: tensor<4x3x3x3xf32>):
  // expected-error@+1 {{'graph.conv_2d' op fused activation "TANH" is not supported: TFLite fuses only "NONE", "RELU", "RELU_N1_TO_1" and "RELU6"}}
  %0 = "graph.conv_2d"(%x, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "TANH"}> : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>) -> tensor<1x8x8x4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// The result shape follows TFLite's ComputeOutSize (VALID, 8 - 3 + 1 = 6).
"func.func"() <{function_type = (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>) -> (), sym_name = "f6"}> ({
^bb0(%x: tensor<1x8x8x3xf32>, %w: tensor<4x3x3x3xf32>):
  // expected-error@+1 {{'graph.conv_2d' op result shape [1, 8, 8, 4] does not match the inferred shape [1, 6, 6, 4]}}
  %0 = "graph.conv_2d"(%x, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>) -> tensor<1x8x8x4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// A VALID window must fit.
"func.func"() <{function_type = (tensor<1x3x8x3xf32>, tensor<4x5x1x3xf32>) -> (), sym_name = "f7"}> ({
^bb0(%x: tensor<1x3x8x3xf32>, %w: tensor<4x5x1x3xf32>):
  // expected-error@+1 {{'graph.conv_2d' op output height would be -1 (input 3, filter 5, stride 1, dilation 1, VALID padding)}}
  %0 = "graph.conv_2d"(%x, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<1x3x8x3xf32>, tensor<4x5x1x3xf32>) -> tensor<1x1x8x4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Grouped convolution needs input channels divisible by the filter's.
"func.func"() <{function_type = (tensor<1x8x8x5xf32>, tensor<4x3x3x3xf32>) -> (), sym_name = "f8"}> ({
^bb0(%x: tensor<1x8x8x5xf32>, %w: tensor<4x3x3x3xf32>):
  // expected-error@+1 {{'graph.conv_2d' op input channels (5) must be a multiple of the filter's input channels (3)}}
  %0 = "graph.conv_2d"(%x, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x8x8x5xf32>, tensor<4x3x3x3xf32>) -> tensor<1x8x8x4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// And output channels divisible by the group count.
"func.func"() <{function_type = (tensor<1x8x8x6xf32>, tensor<5x3x3x3xf32>) -> (), sym_name = "f9"}> ({
^bb0(%x: tensor<1x8x8x6xf32>, %w: tensor<5x3x3x3xf32>):
  // expected-error@+1 {{'graph.conv_2d' op filter output channels (5) must be a multiple of the group count (2)}}
  %0 = "graph.conv_2d"(%x, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x8x8x6xf32>, tensor<5x3x3x3xf32>) -> tensor<1x8x8x5xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// One bias per output channel.
"func.func"() <{function_type = (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>, tensor<3xf32>) -> (), sym_name = "f10"}> ({
^bb0(%x: tensor<1x8x8x3xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<3xf32>):
  // expected-error@+1 {{'graph.conv_2d' op bias has 3 elements, but there are 4 output channels}}
  %0 = "graph.conv_2d"(%x, %w, %b) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>, tensor<3xf32>) -> tensor<1x8x8x4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Hybrid (float input, int8 filter) models are not supported, as in TFLite Micro.
"func.func"() <{function_type = (tensor<1x8x8x3xf32>, tensor<4x3x3x3x!quant.uniform<i8:f32:0, {0.01, 0.02, 0.03, 0.04}>>) -> (), sym_name = "f11"}> ({
^bb0(%x: tensor<1x8x8x3xf32>, %w: tensor<4x3x3x3x!quant.uniform<i8:f32:0, {0.01, 0.02, 0.03, 0.04}>>):
  // expected-error@+1 {{'graph.conv_2d' op filter element type must be f32, but got '!quant.uniform<i8:f32:0, {1.000000e-02,2.000000e-02,3.000000e-02,4.000000e-02}>'}}
  %0 = "graph.conv_2d"(%x, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x8x8x3xf32>, tensor<4x3x3x3x!quant.uniform<i8:f32:0, {0.01, 0.02, 0.03, 0.04}>>) -> tensor<1x8x8x4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Activations are f32 or quantized i8/i16.
"func.func"() <{function_type = (tensor<1x8x8x3xi8>, tensor<4x3x3x3x!quant.uniform<i8:f32:0, {0.01, 0.02, 0.03, 0.04}>>) -> (), sym_name = "f12"}> ({
^bb0(%x: tensor<1x8x8x3xi8>, %w: tensor<4x3x3x3x!quant.uniform<i8:f32:0, {0.01, 0.02, 0.03, 0.04}>>):
  // expected-error@+1 {{'graph.conv_2d' op input element type must be f32, quantized i8 or quantized i16, but got 'i8'}}
  %0 = "graph.conv_2d"(%x, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x8x8x3xi8>, tensor<4x3x3x3x!quant.uniform<i8:f32:0, {0.01, 0.02, 0.03, 0.04}>>) -> tensor<1x8x8x4x!quant.uniform<i8:f32, 0.5:-128>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Activations are quantized per tensor.
"func.func"() <{function_type = (tensor<1x8x8x3x!quant.uniform<i8:f32:3, {0.5, 0.5, 0.5}>>, tensor<4x3x3x3x!quant.uniform<i8:f32:0, {0.01, 0.02, 0.03, 0.04}>>) -> (), sym_name = "f13"}> ({
^bb0(%x: tensor<1x8x8x3x!quant.uniform<i8:f32:3, {0.5, 0.5, 0.5}>>, %w: tensor<4x3x3x3x!quant.uniform<i8:f32:0, {0.01, 0.02, 0.03, 0.04}>>):
  // expected-error@+1 {{'graph.conv_2d' op input must be quantized per tensor}}
  %0 = "graph.conv_2d"(%x, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x8x8x3x!quant.uniform<i8:f32:3, {0.5, 0.5, 0.5}>>, tensor<4x3x3x3x!quant.uniform<i8:f32:0, {0.01, 0.02, 0.03, 0.04}>>) -> tensor<1x8x8x4x!quant.uniform<i8:f32, 0.5:-128>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Conv filters are quantized along axis 0.
"func.func"() <{function_type = (tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-128>>, tensor<4x3x3x3x!quant.uniform<i8:f32:3, {0.1, 0.1, 0.1}>>) -> (), sym_name = "f14"}> ({
^bb0(%x: tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-128>>, %w: tensor<4x3x3x3x!quant.uniform<i8:f32:3, {0.1, 0.1, 0.1}>>):
  // expected-error@+1 {{'graph.conv_2d' op filter must be quantized per tensor or per channel along axis 0 with 4 scales}}
  %0 = "graph.conv_2d"(%x, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-128>>, tensor<4x3x3x3x!quant.uniform<i8:f32:3, {0.1, 0.1, 0.1}>>) -> tensor<1x8x8x4x!quant.uniform<i8:f32, 0.5:-128>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Weights are symmetric.
"func.func"() <{function_type = (tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-128>>, tensor<4x3x3x3x!quant.uniform<i8:f32, 0.1:1>>) -> (), sym_name = "f15"}> ({
^bb0(%x: tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-128>>, %w: tensor<4x3x3x3x!quant.uniform<i8:f32, 0.1:1>>):
  // expected-error@+1 {{'graph.conv_2d' op filter zero points must be 0}}
  %0 = "graph.conv_2d"(%x, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-128>>, tensor<4x3x3x3x!quant.uniform<i8:f32, 0.1:1>>) -> tensor<1x8x8x4x!quant.uniform<i8:f32, 0.5:-128>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Bias scale = input scale x filter scale, per channel.
"func.func"() <{function_type = (tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-128>>, tensor<4x3x3x3x!quant.uniform<i8:f32:0, {0.01, 0.02, 0.03, 0.04}>>, tensor<4x!quant.uniform<i32:f32:0, {0.005, 0.01, 0.02, 0.02}>>) -> (), sym_name = "f16"}> ({
^bb0(%x: tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-128>>, %w: tensor<4x3x3x3x!quant.uniform<i8:f32:0, {0.01, 0.02, 0.03, 0.04}>>, %b: tensor<4x!quant.uniform<i32:f32:0, {0.005, 0.01, 0.02, 0.02}>>):
  // expected-error@+1 {{'graph.conv_2d' op bias scale 0.02 (channel 2) does not match input scale × filter scale (0.5 × 0.03 = 0.015)}}
  %0 = "graph.conv_2d"(%x, %w, %b) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-128>>, tensor<4x3x3x3x!quant.uniform<i8:f32:0, {0.01, 0.02, 0.03, 0.04}>>, tensor<4x!quant.uniform<i32:f32:0, {0.005, 0.01, 0.02, 0.02}>>) -> tensor<1x8x8x4x!quant.uniform<i8:f32, 0.5:-128>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Bias zero points are 0.
"func.func"() <{function_type = (tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-128>>, tensor<4x3x3x3x!quant.uniform<i8:f32:0, {0.01, 0.02, 0.03, 0.04}>>, tensor<4x!quant.uniform<i32:f32, 0.005:1>>) -> (), sym_name = "f17"}> ({
^bb0(%x: tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-128>>, %w: tensor<4x3x3x3x!quant.uniform<i8:f32:0, {0.01, 0.02, 0.03, 0.04}>>, %b: tensor<4x!quant.uniform<i32:f32, 0.005:1>>):
  // expected-error@+1 {{'graph.conv_2d' op bias zero points must be 0}}
  %0 = "graph.conv_2d"(%x, %w, %b) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-128>>, tensor<4x3x3x3x!quant.uniform<i8:f32:0, {0.01, 0.02, 0.03, 0.04}>>, tensor<4x!quant.uniform<i32:f32, 0.005:1>>) -> tensor<1x8x8x4x!quant.uniform<i8:f32, 0.5:-128>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// A per-channel bias is quantized along axis 0 with one scale per channel.
"func.func"() <{function_type = (tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-128>>, tensor<4x3x3x3x!quant.uniform<i8:f32:0, {0.01, 0.02, 0.03, 0.04}>>, tensor<4x!quant.uniform<i32:f32:0, {0.005, 0.01}>>) -> (), sym_name = "f18"}> ({
^bb0(%x: tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-128>>, %w: tensor<4x3x3x3x!quant.uniform<i8:f32:0, {0.01, 0.02, 0.03, 0.04}>>, %b: tensor<4x!quant.uniform<i32:f32:0, {0.005, 0.01}>>):
  // expected-error@+1 {{'graph.conv_2d' op bias must be quantized per tensor or per channel along axis 0 with 4 scales}}
  %0 = "graph.conv_2d"(%x, %w, %b) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-128>>, tensor<4x3x3x3x!quant.uniform<i8:f32:0, {0.01, 0.02, 0.03, 0.04}>>, tensor<4x!quant.uniform<i32:f32:0, {0.005, 0.01}>>) -> tensor<1x8x8x4x!quant.uniform<i8:f32, 0.5:-128>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// An int8 convolution has an i32 bias.
"func.func"() <{function_type = (tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-128>>, tensor<4x3x3x3x!quant.uniform<i8:f32:0, {0.01, 0.02, 0.03, 0.04}>>, tensor<4xi64>) -> (), sym_name = "f19"}> ({
^bb0(%x: tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-128>>, %w: tensor<4x3x3x3x!quant.uniform<i8:f32:0, {0.01, 0.02, 0.03, 0.04}>>, %b: tensor<4xi64>):
  // expected-error@+1 {{'graph.conv_2d' op bias element type must be quantized i32 or i32, but got 'i64'}}
  %0 = "graph.conv_2d"(%x, %w, %b) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-128>>, tensor<4x3x3x3x!quant.uniform<i8:f32:0, {0.01, 0.02, 0.03, 0.04}>>, tensor<4xi64>) -> tensor<1x8x8x4x!quant.uniform<i8:f32, 0.5:-128>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// The result has the input's storage type.
"func.func"() <{function_type = (tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-128>>, tensor<4x3x3x3x!quant.uniform<i8:f32:0, {0.01, 0.02, 0.03, 0.04}>>) -> (), sym_name = "f20"}> ({
^bb0(%x: tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-128>>, %w: tensor<4x3x3x3x!quant.uniform<i8:f32:0, {0.01, 0.02, 0.03, 0.04}>>):
  // expected-error@+1 {{'graph.conv_2d' op result element type must be quantized i8, but got '!quant.uniform<i16:f32, 1.000000e-03>'}}
  %0 = "graph.conv_2d"(%x, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-128>>, tensor<4x3x3x3x!quant.uniform<i8:f32:0, {0.01, 0.02, 0.03, 0.04}>>) -> tensor<1x8x8x4x!quant.uniform<i16:f32, 0.001>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLite's 16x8 convolution kernel ignores zero points: they must be 0.
"func.func"() <{function_type = (tensor<1x8x8x3x!quant.uniform<i16:f32, 0.001:5>>, tensor<4x3x3x3x!quant.uniform<i8:f32:0, {0.01, 0.02, 0.03, 0.04}>>, tensor<4xi64>) -> (), sym_name = "f21"}> ({
^bb0(%x: tensor<1x8x8x3x!quant.uniform<i16:f32, 0.001:5>>, %w: tensor<4x3x3x3x!quant.uniform<i8:f32:0, {0.01, 0.02, 0.03, 0.04}>>, %b: tensor<4xi64>):
  // expected-error@+1 {{'graph.conv_2d' op input of an int16 op must have zero point 0, but has 5}}
  %0 = "graph.conv_2d"(%x, %w, %b) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x8x8x3x!quant.uniform<i16:f32, 0.001:5>>, tensor<4x3x3x3x!quant.uniform<i8:f32:0, {0.01, 0.02, 0.03, 0.04}>>, tensor<4xi64>) -> tensor<1x8x8x4x!quant.uniform<i16:f32, 0.001>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Depthwise filters are [1, KH, KW, C * multiplier].
"func.func"() <{function_type = (tensor<1x8x8x3xf32>, tensor<2x3x3x6xf32>) -> (), sym_name = "f22"}> ({
^bb0(%x: tensor<1x8x8x3xf32>, %w: tensor<2x3x3x6xf32>):
  // expected-error@+1 {{'graph.depthwise_conv_2d' op filter dimension 0 must be 1, but is 2}}
  %0 = "graph.depthwise_conv_2d"(%x, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "NONE", depth_multiplier = 2 : i64}> : (tensor<1x8x8x3xf32>, tensor<2x3x3x6xf32>) -> tensor<1x8x8x6xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// The depth multiplier is consistent with the shapes.
"func.func"() <{function_type = (tensor<1x8x8x6xf32>, tensor<1x3x3x6xf32>) -> (), sym_name = "f23"}> ({
^bb0(%x: tensor<1x8x8x6xf32>, %w: tensor<1x3x3x6xf32>):
  // expected-error@+1 {{'graph.depthwise_conv_2d' op filter channels (6) must equal input channels (6) × depth_multiplier (2)}}
  %0 = "graph.depthwise_conv_2d"(%x, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "NONE", depth_multiplier = 2 : i64}> : (tensor<1x8x8x6xf32>, tensor<1x3x3x6xf32>) -> tensor<1x8x8x6xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// The input has at least one dimension.
"func.func"() <{function_type = (tensor<f32>, tensor<3x4xf32>) -> (), sym_name = "f24"}> ({
^bb0(%x: tensor<f32>, %w: tensor<3x4xf32>):
  // expected-error@+1 {{'graph.fully_connected' op input must have rank at least 1}}
  %0 = "graph.fully_connected"(%x, %w) <{fused_activation = "NONE", keep_num_dims = false}> : (tensor<f32>, tensor<3x4xf32>) -> tensor<1x3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// One bias per unit.
"func.func"() <{function_type = (tensor<1x4xf32>, tensor<3x4xf32>, tensor<4xf32>) -> (), sym_name = "f25"}> ({
^bb0(%x: tensor<1x4xf32>, %w: tensor<3x4xf32>, %b: tensor<4xf32>):
  // expected-error@+1 {{'graph.fully_connected' op bias has 4 elements, but the weights have 3 units}}
  %0 = "graph.fully_connected"(%x, %w, %b) <{fused_activation = "NONE", keep_num_dims = false}> : (tensor<1x4xf32>, tensor<3x4xf32>, tensor<4xf32>) -> tensor<1x3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// The input flattens to rows of the weights' depth.
"func.func"() <{function_type = (tensor<2x5xf32>, tensor<3x4xf32>) -> (), sym_name = "f26"}> ({
^bb0(%x: tensor<2x5xf32>, %w: tensor<3x4xf32>):
  // expected-error@+1 {{'graph.fully_connected' op input has 10 elements, which is not a multiple of the weights' input depth 4}}
  %0 = "graph.fully_connected"(%x, %w) <{fused_activation = "NONE", keep_num_dims = false}> : (tensor<2x5xf32>, tensor<3x4xf32>) -> tensor<1x3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// keep_num_dims keeps the input's dimensions: its last one is the depth.
"func.func"() <{function_type = (tensor<2x2x2xf32>, tensor<3x4xf32>) -> (), sym_name = "f27"}> ({
^bb0(%x: tensor<2x2x2xf32>, %w: tensor<3x4xf32>):
  // expected-error@+1 {{'graph.fully_connected' op with keep_num_dims the input's last dimension (2) must equal the weights' input depth (4)}}
  %0 = "graph.fully_connected"(%x, %w) <{fused_activation = "NONE", keep_num_dims = true}> : (tensor<2x2x2xf32>, tensor<3x4xf32>) -> tensor<2x3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Without keep_num_dims the result is [batch, units].
"func.func"() <{function_type = (tensor<2x1x4xf32>, tensor<3x4xf32>) -> (), sym_name = "f28"}> ({
^bb0(%x: tensor<2x1x4xf32>, %w: tensor<3x4xf32>):
  // expected-error@+1 {{'graph.fully_connected' op result shape [2, 1, 3] does not match the inferred shape [2, 3]}}
  %0 = "graph.fully_connected"(%x, %w) <{fused_activation = "NONE", keep_num_dims = false}> : (tensor<2x1x4xf32>, tensor<3x4xf32>) -> tensor<2x1x3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// A 16x8 fully connected layer (per-channel weights, as TFLite Micro takes them) has an i64 or
// i32 bias.
"func.func"() <{function_type = (tensor<1x4x!quant.uniform<i16:f32, 0.001>>, tensor<3x4x!quant.uniform<i8:f32:0, {0.1, 0.2, 0.3}>>, tensor<3xi16>) -> (), sym_name = "f29"}> ({
^bb0(%x: tensor<1x4x!quant.uniform<i16:f32, 0.001>>, %w: tensor<3x4x!quant.uniform<i8:f32:0, {0.1, 0.2, 0.3}>>, %b: tensor<3xi16>):
  // expected-error@+1 {{'graph.fully_connected' op bias element type must be i64, quantized i32 or i32, but got 'i16'}}
  %0 = "graph.fully_connected"(%x, %w, %b) <{fused_activation = "NONE", keep_num_dims = false}> : (tensor<1x4x!quant.uniform<i16:f32, 0.001>>, tensor<3x4x!quant.uniform<i8:f32:0, {0.1, 0.2, 0.3}>>, tensor<3xi16>) -> tensor<1x3x!quant.uniform<i16:f32, 0.001>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Operands broadcast like numpy.
"func.func"() <{function_type = (tensor<2x3xf32>, tensor<4x3xf32>) -> (), sym_name = "f30"}> ({
^bb0(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>):
  // expected-error@+1 {{'graph.add' op operand shapes [2, 3] and [4, 3] are not broadcast-compatible}}
  %0 = "graph.add"(%a, %b) <{fused_activation = "NONE"}> : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// The result has the broadcast shape.
"func.func"() <{function_type = (tensor<2x3xf32>, tensor<3xf32>) -> (), sym_name = "f31"}> ({
^bb0(%a: tensor<2x3xf32>, %b: tensor<3xf32>):
  // expected-error@+1 {{'graph.sub' op result shape [3] does not match the inferred shape [2, 3]}}
  %0 = "graph.sub"(%a, %b) <{fused_activation = "NONE"}> : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLite broadcasts up to 6 dimensions.
"func.func"() <{function_type = (tensor<1x1x1x1x1x1x2xf32>, tensor<2xf32>) -> (), sym_name = "f32"}> ({
^bb0(%a: tensor<1x1x1x1x1x1x2xf32>, %b: tensor<2xf32>):
  // expected-error@+1 {{'graph.mul' op broadcasting supports at most 6 dimensions, but an operand has rank 7}}
  %0 = "graph.mul"(%a, %b) <{fused_activation = "NONE"}> : (tensor<1x1x1x1x1x1x2xf32>, tensor<2xf32>) -> tensor<1x1x1x1x1x1x2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Both operands have the same element kind.
"func.func"() <{function_type = (tensor<4x!quant.uniform<i8:f32, 0.5:-128>>, tensor<4xf32>) -> (), sym_name = "f33"}> ({
^bb0(%a: tensor<4x!quant.uniform<i8:f32, 0.5:-128>>, %b: tensor<4xf32>):
  // expected-error@+1 {{'graph.add' op rhs element type must be quantized i8, but got 'f32'}}
  %0 = "graph.add"(%a, %b) <{fused_activation = "NONE"}> : (tensor<4x!quant.uniform<i8:f32, 0.5:-128>>, tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.5:-128>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// int16 mul needs zero points 0 (TFLite).
"func.func"() <{function_type = (tensor<4x!quant.uniform<i16:f32, 0.001:2>>, tensor<4x!quant.uniform<i16:f32, 0.001>>) -> (), sym_name = "f34"}> ({
^bb0(%a: tensor<4x!quant.uniform<i16:f32, 0.001:2>>, %b: tensor<4x!quant.uniform<i16:f32, 0.001>>):
  // expected-error@+1 {{'graph.mul' op operands and result of an int16 mul must have zero point 0}}
  %0 = "graph.mul"(%a, %b) <{fused_activation = "NONE"}> : (tensor<4x!quant.uniform<i16:f32, 0.001:2>>, tensor<4x!quant.uniform<i16:f32, 0.001>>) -> tensor<4x!quant.uniform<i16:f32, 0.001>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Pooling keeps the quantization.
"func.func"() <{function_type = (tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-128>>) -> (), sym_name = "f35"}> ({
^bb0(%x: tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-128>>):
  // expected-error@+1 {{'graph.max_pool_2d' op result element type '!quant.uniform<i8:f32, 2.500000e-01:3>' must match the input element type '!quant.uniform<i8:f32, 5.000000e-01:-128>'}}
  %0 = "graph.max_pool_2d"(%x) <{filter_h = 2 : i64, filter_w = 2 : i64, stride_h = 2 : i64, stride_w = 2 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-128>>) -> tensor<1x4x4x3x!quant.uniform<i8:f32, 0.25:3>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Pooling windows are at least 1x1.
"func.func"() <{function_type = (tensor<1x8x8x3xf32>) -> (), sym_name = "f36"}> ({
^bb0(%x: tensor<1x8x8x3xf32>):
  // expected-error@+1 {{'graph.avg_pool_2d' op 'filter_h' must be at least 1, but is 0}}
  %0 = "graph.avg_pool_2d"(%x) <{filter_h = 0 : i64, filter_w = 2 : i64, stride_h = 2 : i64, stride_w = 2 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<1x8x8x3xf32>) -> tensor<1x4x4x3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Reshape keeps the element count.
"func.func"() <{function_type = (tensor<2x3xf32>) -> (), sym_name = "f37"}> ({
^bb0(%x: tensor<2x3xf32>):
  // expected-error@+1 {{'graph.reshape' op result has 5 elements, but the input has 6}}
  %0 = "graph.reshape"(%x) : (tensor<2x3xf32>) -> tensor<5xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// The shape operand is a 1-D integer tensor.
"func.func"() <{function_type = (tensor<2x3xf32>, tensor<2xf32>) -> (), sym_name = "f38"}> ({
^bb0(%x: tensor<2x3xf32>, %s: tensor<2xf32>):
  // expected-error@+1 {{'graph.reshape' op shape operand must be a 1-D tensor of i32 or i64, but got 'tensor<2xf32>'}}
  %0 = "graph.reshape"(%x, %s) : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// A constant shape operand determines the result shape.
"func.func"() <{function_type = (tensor<2x3xf32>) -> (), sym_name = "f39"}> ({
^bb0(%x: tensor<2x3xf32>):
  %s = "graph.const"() <{value = dense<[1, 6]> : tensor<2xi32>}> : () -> tensor<2xi32>
  // expected-error@+1 {{'graph.reshape' op result shape [6, 1] does not match the inferred shape [1, 6]}}
  %0 = "graph.reshape"(%x, %s) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<6x1xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// At most one -1.
"func.func"() <{function_type = (tensor<2x3xf32>) -> (), sym_name = "f40"}> ({
^bb0(%x: tensor<2x3xf32>):
  // expected-error@+1 {{'graph.reshape' op new shape [-1, -1] has more than one -1 dimension}}
  %0 = "graph.reshape"(%x) <{new_shape = array<i64: -1, -1>}> : (tensor<2x3xf32>) -> tensor<6x1xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// No other negative dimension.
"func.func"() <{function_type = (tensor<2x3xf32>) -> (), sym_name = "f41"}> ({
^bb0(%x: tensor<2x3xf32>):
  // expected-error@+1 {{'graph.reshape' op new shape [-2, -3] has a negative dimension}}
  %0 = "graph.reshape"(%x) <{new_shape = array<i64: -2, -3>}> : (tensor<2x3xf32>) -> tensor<6xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// -1 must resolve exactly.
"func.func"() <{function_type = (tensor<2x3xf32>) -> (), sym_name = "f42"}> ({
^bb0(%x: tensor<2x3xf32>):
  // expected-error@+1 {{'graph.reshape' op cannot resolve the -1 dimension of new shape [4, -1] for 6 elements}}
  %0 = "graph.reshape"(%x) <{new_shape = array<i64: 4, -1>}> : (tensor<2x3xf32>) -> tensor<6xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// new_shape has the input's element count.
"func.func"() <{function_type = (tensor<2x3xf32>) -> (), sym_name = "f43"}> ({
^bb0(%x: tensor<2x3xf32>):
  // expected-error@+1 {{'graph.reshape' op new shape [7] has 7 elements, but the input has 6}}
  %0 = "graph.reshape"(%x) <{new_shape = array<i64: 7>}> : (tensor<2x3xf32>) -> tensor<6xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Reshape keeps the quantization.
"func.func"() <{function_type = (tensor<2x3x!quant.uniform<i8:f32, 0.5:-128>>) -> (), sym_name = "f44"}> ({
^bb0(%x: tensor<2x3x!quant.uniform<i8:f32, 0.5:-128>>):
  // expected-error@+1 {{'graph.reshape' op result element type 'i8' must match the input element type '!quant.uniform<i8:f32, 5.000000e-01:-128>'}}
  %0 = "graph.reshape"(%x) : (tensor<2x3x!quant.uniform<i8:f32, 0.5:-128>>) -> tensor<6xi8>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// perm is an operand or an attribute, not both.
"func.func"() <{function_type = (tensor<2x3xf32>, tensor<2xi32>) -> (), sym_name = "f45"}> ({
^bb0(%x: tensor<2x3xf32>, %p: tensor<2xi32>):
  // expected-error@+1 {{'graph.transpose' op takes 'perm' as an operand or as an attribute, not both}}
  %0 = "graph.transpose"(%x, %p) <{perm = array<i64: 1, 0>}> : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<3x2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// perm is required.
"func.func"() <{function_type = (tensor<2x3xf32>) -> (), sym_name = "f46"}> ({
^bb0(%x: tensor<2x3xf32>):
  // expected-error@+1 {{'graph.transpose' op requires a perm operand or a 'perm' attribute}}
  %0 = "graph.transpose"(%x) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// One perm entry per dimension.
"func.func"() <{function_type = (tensor<2x3xf32>, tensor<3xi32>) -> (), sym_name = "f47"}> ({
^bb0(%x: tensor<2x3xf32>, %p: tensor<3xi32>):
  // expected-error@+1 {{'graph.transpose' op perm operand has 3 elements, but the input has rank 2}}
  %0 = "graph.transpose"(%x, %p) : (tensor<2x3xf32>, tensor<3xi32>) -> tensor<3x2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// perm is a permutation.
"func.func"() <{function_type = (tensor<2x3xf32>) -> (), sym_name = "f48"}> ({
^bb0(%x: tensor<2x3xf32>):
  // expected-error@+1 {{'graph.transpose' op perm [0, 0] is not a permutation of the input's 2 dimensions}}
  %0 = "graph.transpose"(%x) <{perm = array<i64: 0, 0>}> : (tensor<2x3xf32>) -> tensor<2x2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLite transposes up to 6 dimensions.
"func.func"() <{function_type = (tensor<1x1x1x1x1x1x2xf32>) -> (), sym_name = "f49"}> ({
^bb0(%x: tensor<1x1x1x1x1x1x2xf32>):
  // expected-error@+1 {{'graph.transpose' op transpose supports inputs of rank at most 6, but the input has rank 7}}
  %0 = "graph.transpose"(%x) <{perm = array<i64: 6, 0, 1, 2, 3, 4, 5>}> : (tensor<1x1x1x1x1x1x2xf32>) -> tensor<2x1x1x1x1x1x1xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Softmax works along the last dimension: at least one.
"func.func"() <{function_type = (tensor<f32>) -> (), sym_name = "f50"}> ({
^bb0(%x: tensor<f32>):
  // expected-error@+1 {{'graph.softmax' op input must have rank at least 1}}
  %0 = "graph.softmax"(%x) <{beta = 1.0 : f32}> : (tensor<f32>) -> tensor<f32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// int8 softmax outputs 1/256 with zero point -128.
"func.func"() <{function_type = (tensor<1x10x!quant.uniform<i8:f32, 0.5:-128>>) -> (), sym_name = "f51"}> ({
^bb0(%x: tensor<1x10x!quant.uniform<i8:f32, 0.5:-128>>):
  // expected-error@+1 {{'graph.softmax' op int8 softmax result must have scale 1/256 and zero point -128, but has scale 0.00390625 and zero point 0}}
  %0 = "graph.softmax"(%x) <{beta = 1.0 : f32}> : (tensor<1x10x!quant.uniform<i8:f32, 0.5:-128>>) -> tensor<1x10x!quant.uniform<i8:f32, 0.00390625>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// int8 to int16 softmax outputs 1/65536 with zero point -32768.
"func.func"() <{function_type = (tensor<1x10x!quant.uniform<i8:f32, 0.5:-128>>) -> (), sym_name = "f52"}> ({
^bb0(%x: tensor<1x10x!quant.uniform<i8:f32, 0.5:-128>>):
  // expected-error@+1 {{'graph.softmax' op int16 softmax result of an int8 input must have scale 1/65536 (within 0.1%) and zero point -32768, but has scale 0.001 and zero point 0}}
  %0 = "graph.softmax"(%x) <{beta = 1.0 : f32}> : (tensor<1x10x!quant.uniform<i8:f32, 0.5:-128>>) -> tensor<1x10x!quant.uniform<i16:f32, 0.001>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// int16 softmax outputs 1/32768 with zero point 0.
"func.func"() <{function_type = (tensor<1x10x!quant.uniform<i16:f32, 0.001>>) -> (), sym_name = "f53"}> ({
^bb0(%x: tensor<1x10x!quant.uniform<i16:f32, 0.001>>):
  // expected-error@+1 {{'graph.softmax' op int16 softmax result must have scale 1/32768 (within 0.1%) and zero point 0, but has scale 0.001 and zero point 0}}
  %0 = "graph.softmax"(%x) <{beta = 1.0 : f32}> : (tensor<1x10x!quant.uniform<i16:f32, 0.001>>) -> tensor<1x10x!quant.uniform<i16:f32, 0.001>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// int8 logistic outputs 1/256 with zero point -128.
"func.func"() <{function_type = (tensor<4x!quant.uniform<i8:f32, 0.5:-128>>) -> (), sym_name = "f54"}> ({
^bb0(%x: tensor<4x!quant.uniform<i8:f32, 0.5:-128>>):
  // expected-error@+1 {{'graph.logistic' op int8 logistic result must have scale 1/256 and zero point -128, but has scale 0.5 and zero point -128}}
  %0 = "graph.logistic"(%x) : (tensor<4x!quant.uniform<i8:f32, 0.5:-128>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:-128>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// An int8 tanh's result (of any scale and zero point) is quantized per tensor.
"func.func"() <{function_type = (tensor<4x!quant.uniform<i8:f32, 0.5:-128>>) -> (), sym_name = "f55"}> ({
^bb0(%x: tensor<4x!quant.uniform<i8:f32, 0.5:-128>>):
  // expected-error@+1 {{'graph.tanh' op result must be quantized per tensor}}
  %0 = "graph.tanh"(%x) : (tensor<4x!quant.uniform<i8:f32, 0.5:-128>>) -> tensor<4x!quant.uniform<i8:f32:0, {0.0078125:1, 0.0078125:1, 0.0078125:1, 0.0078125:1}>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// int16 logistic outputs 1/32768.
"func.func"() <{function_type = (tensor<4x!quant.uniform<i16:f32, 0.001>>) -> (), sym_name = "f56"}> ({
^bb0(%x: tensor<4x!quant.uniform<i16:f32, 0.001>>):
  // expected-error@+1 {{'graph.logistic' op int16 logistic result must have scale 2^-15 and zero point 0, but has scale 0.001 and zero point 0}}
  %0 = "graph.logistic"(%x) : (tensor<4x!quant.uniform<i16:f32, 0.001>>) -> tensor<4x!quant.uniform<i16:f32, 0.001>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Unary ops keep the shape.
"func.func"() <{function_type = (tensor<4xf32>) -> (), sym_name = "f57"}> ({
^bb0(%x: tensor<4xf32>):
  // expected-error@+1 {{'graph.relu6' op result shape [5] does not match the inferred shape [4]}}
  %0 = "graph.relu6"(%x) : (tensor<4xf32>) -> tensor<5xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Relu keeps the storage type.
"func.func"() <{function_type = (tensor<4x!quant.uniform<i8:f32, 0.5:-128>>) -> (), sym_name = "f58"}> ({
^bb0(%x: tensor<4x!quant.uniform<i8:f32, 0.5:-128>>):
  // expected-error@+1 {{'graph.relu' op result element type must be quantized i8, but got 'f32'}}
  %0 = "graph.relu"(%x) : (tensor<4x!quant.uniform<i8:f32, 0.5:-128>>) -> tensor<4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Axes are a 0-D or 1-D integer tensor.
"func.func"() <{function_type = (tensor<2x3xf32>, tensor<1x1xi32>) -> (), sym_name = "f59_axes_rank"}> ({
^bb0(%x: tensor<2x3xf32>, %axes: tensor<1x1xi32>):
  // expected-error@+1 {{'graph.reduce_max' op axes operand must be a 0-D or 1-D tensor of i32 (TFLite Micro reads int32 only), but got 'tensor<1x1xi32>'}}
  %0 = "graph.reduce_max"(%x, %axes) <{keep_dims = false}> : (tensor<2x3xf32>, tensor<1x1xi32>) -> tensor<2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Axes are in range.
"func.func"() <{function_type = (tensor<2x3xf32>) -> (), sym_name = "f59"}> ({
^bb0(%x: tensor<2x3xf32>):
  // expected-error@+1 {{'graph.mean' op axis 2 is out of range for rank 2}}
  %0 = "graph.mean"(%x) <{axes = array<i64: 2>, keep_dims = false}> : (tensor<2x3xf32>) -> tensor<2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// paddings is an operand or an attribute, not both.
"func.func"() <{function_type = (tensor<2x3xf32>, tensor<2x2xi32>) -> (), sym_name = "f60"}> ({
^bb0(%x: tensor<2x3xf32>, %p: tensor<2x2xi32>):
  // expected-error@+1 {{'graph.pad' op takes 'paddings' as an operand or as an attribute, not both}}
  %0 = "graph.pad"(%x, %p) <{paddings = array<i64: 0, 0, 0, 0>}> : (tensor<2x3xf32>, tensor<2x2xi32>) -> tensor<2x3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// paddings is required.
"func.func"() <{function_type = (tensor<2x3xf32>) -> (), sym_name = "f61"}> ({
^bb0(%x: tensor<2x3xf32>):
  // expected-error@+1 {{'graph.pad' op requires a paddings operand or a 'paddings' attribute}}
  %0 = "graph.pad"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// The paddings operand is [rank, 2].
"func.func"() <{function_type = (tensor<2x3xf32>, tensor<3x2xi32>) -> (), sym_name = "f62"}> ({
^bb0(%x: tensor<2x3xf32>, %p: tensor<3x2xi32>):
  // expected-error@+1 {{'graph.pad' op paddings operand must be a 2x2 tensor of i32 (TFLite Micro's PAD reads int32 paddings only), but got 'tensor<3x2xi32>'}}
  %0 = "graph.pad"(%x, %p) : (tensor<2x3xf32>, tensor<3x2xi32>) -> tensor<2x3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLite Micro's PadPrepare reads the paddings as int32 whatever their type: int64 ones would be
// misread, so pad and padv2 refuse them (mirror_pad, whose kernel reads both, takes them).
"func.func"() <{function_type = (tensor<2x3xf32>, tensor<2x2xi64>) -> (), sym_name = "pad_i64_paddings"}> ({
^bb0(%x: tensor<2x3xf32>, %p: tensor<2x2xi64>):
  // expected-error@+1 {{'graph.pad' op paddings operand must be a 2x2 tensor of i32 (TFLite Micro's PAD reads int32 paddings only), but got 'tensor<2x2xi64>'}}
  %0 = "graph.pad"(%x, %p) : (tensor<2x3xf32>, tensor<2x2xi64>) -> tensor<2x3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (tensor<2x3xf32>, tensor<f32>, tensor<2x2xi64>) -> (), sym_name = "padv2_i64_paddings"}> ({
^bb0(%x: tensor<2x3xf32>, %v: tensor<f32>, %p: tensor<2x2xi64>):
  // expected-error@+1 {{'graph.padv2' op paddings operand must be a 2x2 tensor of i32 (TFLite Micro's PAD reads int32 paddings only), but got 'tensor<2x2xi64>'}}
  %0 = "graph.padv2"(%x, %v, %p) : (tensor<2x3xf32>, tensor<f32>, tensor<2x2xi64>) -> tensor<2x3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// One pair per dimension.
"func.func"() <{function_type = (tensor<2x3xf32>) -> (), sym_name = "f63"}> ({
^bb0(%x: tensor<2x3xf32>):
  // expected-error@+1 {{'graph.pad' op paddings has 1 rows, but the input has rank 2}}
  %0 = "graph.pad"(%x) <{paddings = array<i64: 0, 0>}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// The attribute holds pairs.
"func.func"() <{function_type = (tensor<2x3xf32>) -> (), sym_name = "f64"}> ({
^bb0(%x: tensor<2x3xf32>):
  // expected-error@+1 {{'graph.pad' op paddings must hold pairs, but has 3 values}}
  %0 = "graph.pad"(%x) <{paddings = array<i64: 0, 0, 1>}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Paddings are non-negative.
"func.func"() <{function_type = (tensor<2x3xf32>) -> (), sym_name = "f65"}> ({
^bb0(%x: tensor<2x3xf32>):
  // expected-error@+1 {{'graph.pad' op paddings of dimension 1 must be non-negative, but are [-1, 0]}}
  %0 = "graph.pad"(%x) <{paddings = array<i64: 0, 0, -1, 0>}> : (tensor<2x3xf32>) -> tensor<2x2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLite pads up to 5 dimensions.
"func.func"() <{function_type = (tensor<1x1x1x1x1x2xf32>) -> (), sym_name = "f66"}> ({
^bb0(%x: tensor<1x1x1x1x1x2xf32>):
  // expected-error@+1 {{'graph.pad' op pad supports inputs of rank at most 5, but the input has rank 6}}
  %0 = "graph.pad"(%x) <{paddings = array<i64: 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>}> : (tensor<1x1x1x1x1x2xf32>) -> tensor<1x1x1x1x1x2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Concatenation needs an input.
"func.func"() <{function_type = () -> (), sym_name = "f67"}> ({
^bb0():
  // expected-error@+1 {{'graph.concatenation' op requires at least one input}}
  %0 = "graph.concatenation"() <{axis = 0 : i64, fused_activation = "NONE"}> : () -> tensor<2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLite's concatenation fuses no activation.
"func.func"() <{function_type = (tensor<2xf32>) -> (), sym_name = "f68"}> ({
^bb0(%a: tensor<2xf32>):
  // expected-error@+1 {{'graph.concatenation' op fused activation must be "NONE", but is "RELU" (TFLite's concatenation fuses none)}}
  %0 = "graph.concatenation"(%a, %a) <{axis = 0 : i64, fused_activation = "RELU"}> : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Inputs have equal ranks.
"func.func"() <{function_type = (tensor<2xf32>, tensor<2x1xf32>) -> (), sym_name = "f69"}> ({
^bb0(%a: tensor<2xf32>, %b: tensor<2x1xf32>):
  // expected-error@+1 {{'graph.concatenation' op input #1 has rank 2, but input #0 has rank 1}}
  %0 = "graph.concatenation"(%a, %b) <{axis = 0 : i64, fused_activation = "NONE"}> : (tensor<2xf32>, tensor<2x1xf32>) -> tensor<4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Inputs agree outside the axis.
"func.func"() <{function_type = (tensor<2x3xf32>, tensor<2x4xf32>) -> (), sym_name = "f70"}> ({
^bb0(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>):
  // expected-error@+1 {{'graph.concatenation' op input #1 has shape [2, 4], which differs from input #0 ([2, 3]) outside axis 0}}
  %0 = "graph.concatenation"(%a, %b) <{axis = 0 : i64, fused_activation = "NONE"}> : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Inputs are quantized like the result (TFLite copies bytes).
"func.func"() <{function_type = (tensor<2x!quant.uniform<i8:f32, 0.5:-128>>, tensor<2x!quant.uniform<i8:f32, 0.25:3>>) -> (), sym_name = "f71"}> ({
^bb0(%a: tensor<2x!quant.uniform<i8:f32, 0.5:-128>>, %b: tensor<2x!quant.uniform<i8:f32, 0.25:3>>):
  // expected-error@+1 {{'graph.concatenation' op input #1 element type '!quant.uniform<i8:f32, 2.500000e-01:3>' must match the result element type '!quant.uniform<i8:f32, 5.000000e-01:-128>'}}
  %0 = "graph.concatenation"(%a, %b) <{axis = 0 : i64, fused_activation = "NONE"}> : (tensor<2x!quant.uniform<i8:f32, 0.5:-128>>, tensor<2x!quant.uniform<i8:f32, 0.25:3>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:-128>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// begin, end and strides come together.
"func.func"() <{function_type = (tensor<4xf32>, tensor<1xi32>) -> (), sym_name = "f72"}> ({
^bb0(%x: tensor<4xf32>, %b: tensor<1xi32>):
  // expected-error@+1 {{'graph.strided_slice' op requires begin, end and strides, all as operands or all as attributes}}
  %0 = "graph.strided_slice"(%x, %b) <{begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64, offset = false}> : (tensor<4xf32>, tensor<1xi32>) -> tensor<4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Index operands are 1-D integer tensors.
"func.func"() <{function_type = (tensor<4xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1x1xi32>) -> (), sym_name = "f73"}> ({
^bb0(%x: tensor<4xf32>, %b: tensor<1xi32>, %e: tensor<1xi32>, %s: tensor<1x1xi32>):
  // expected-error@+1 {{'graph.strided_slice' op strides operand must be a 1-D tensor of i32 (TFLite Micro reads int32 only), but got 'tensor<1x1xi32>'}}
  %0 = "graph.strided_slice"(%x, %b, %e, %s) <{begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64, offset = false}> : (tensor<4xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1x1xi32>) -> tensor<4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Index operands have one length.
"func.func"() <{function_type = (tensor<4xf32>, tensor<1xi32>, tensor<2xi32>, tensor<1xi32>) -> (), sym_name = "f74"}> ({
^bb0(%x: tensor<4xf32>, %b: tensor<1xi32>, %e: tensor<2xi32>, %s: tensor<1xi32>):
  // expected-error@+1 {{'graph.strided_slice' op begin, end and strides operands must have the same length, but have 1, 2 and 1}}
  %0 = "graph.strided_slice"(%x, %b, %e, %s) <{begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64, offset = false}> : (tensor<4xf32>, tensor<1xi32>, tensor<2xi32>, tensor<1xi32>) -> tensor<4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Index attributes have one length.
"func.func"() <{function_type = (tensor<4xf32>) -> (), sym_name = "f75"}> ({
^bb0(%x: tensor<4xf32>):
  // expected-error@+1 {{'graph.strided_slice' op begin, end and strides must have the same length, but have 1, 2 and 1}}
  %0 = "graph.strided_slice"(%x) <{begin = array<i64: 0>, end = array<i64: 1, 2>, strides = array<i64: 1>, begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64, offset = false}> : (tensor<4xf32>) -> tensor<1xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Strides are non-zero.
"func.func"() <{function_type = (tensor<4xf32>) -> (), sym_name = "f76"}> ({
^bb0(%x: tensor<4xf32>):
  // expected-error@+1 {{'graph.strided_slice' op stride of dimension 0 must be non-zero}}
  %0 = "graph.strided_slice"(%x) <{begin = array<i64: 0>, end = array<i64: 1>, strides = array<i64: 0>, begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64, offset = false}> : (tensor<4xf32>) -> tensor<1xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Masks are non-negative.
"func.func"() <{function_type = (tensor<4xf32>) -> (), sym_name = "f77"}> ({
^bb0(%x: tensor<4xf32>):
  // expected-error@+1 {{'graph.strided_slice' op 'end_mask' must be at least 0, but is -1}}
  %0 = "graph.strided_slice"(%x) <{begin = array<i64: 0>, end = array<i64: 1>, strides = array<i64: 1>, begin_mask = 0 : i64, end_mask = -1 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64, offset = false}> : (tensor<4xf32>) -> tensor<1xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Shrunk axes disappear: [1:3:1, 2] of 4x5 is [2].
"func.func"() <{function_type = (tensor<4x5xf32>) -> (), sym_name = "f78"}> ({
^bb0(%x: tensor<4x5xf32>):
  // expected-error@+1 {{'graph.strided_slice' op result shape [2, 1] does not match the inferred shape [2]}}
  %0 = "graph.strided_slice"(%x) <{begin = array<i64: 1, 2>, end = array<i64: 3, 3>, strides = array<i64: 1, 1>, begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 2 : i64, offset = false}> : (tensor<4x5xf32>) -> tensor<2x1xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLite slices up to 5 dimensions.
"func.func"() <{function_type = (tensor<1x1x1x1x1x1xf32>) -> (), sym_name = "f79"}> ({
^bb0(%x: tensor<1x1x1x1x1x1xf32>):
  // expected-error@+1 {{'graph.strided_slice' op strided_slice supports inputs of rank at most 5, but the input has rank 6}}
  %0 = "graph.strided_slice"(%x) <{begin = array<i64: 0>, end = array<i64: 1>, strides = array<i64: 1>, begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64, offset = false}> : (tensor<1x1x1x1x1x1xf32>) -> tensor<1x1x1x1x1x1xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// New axes count towards the 5 dimensions.
"func.func"() <{function_type = (tensor<1x1x1x1x2xf32>) -> (), sym_name = "f80"}> ({
^bb0(%x: tensor<1x1x1x1x2xf32>):
  // expected-error@+1 {{'graph.strided_slice' op strided_slice supports at most 5 dimensions including new axes, but needs 6}}
  %0 = "graph.strided_slice"(%x) <{begin = array<i64: 0>, end = array<i64: 1>, strides = array<i64: 1>, begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 1 : i64, shrink_axis_mask = 0 : i64, offset = false}> : (tensor<1x1x1x1x2xf32>) -> tensor<1x1x1x1x1x2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Quantize produces a quantized type.
"func.func"() <{function_type = (tensor<4xf32>) -> (), sym_name = "f81"}> ({
^bb0(%x: tensor<4xf32>):
  // expected-error@+1 {{'graph.quantize' op result element type must be quantized i8, quantized u8, quantized i16 or quantized i32, but got 'f32'}}
  %0 = "graph.quantize"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Only TFLite Micro's conversions.
"func.func"() <{function_type = (tensor<4xf32>) -> (), sym_name = "f82"}> ({
^bb0(%x: tensor<4xf32>):
  // expected-error@+1 {{'graph.quantize' op cannot quantize f32 to quantized i32}}
  %0 = "graph.quantize"(%x) : (tensor<4xf32>) -> tensor<4x!quant.uniform<i32:f32, 0.5>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Quantize produces a per-tensor quantization.
"func.func"() <{function_type = (tensor<4xf32>) -> (), sym_name = "f83"}> ({
^bb0(%x: tensor<4xf32>):
  // expected-error@+1 {{'graph.quantize' op result must be quantized per tensor}}
  %0 = "graph.quantize"(%x) : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32:0, {0.5, 0.5, 0.5, 0.5}>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Dequantize produces f32.
"func.func"() <{function_type = (tensor<4x!quant.uniform<i8:f32, 0.5:-128>>) -> (), sym_name = "f84"}> ({
^bb0(%x: tensor<4x!quant.uniform<i8:f32, 0.5:-128>>):
  // expected-error@+1 {{'graph.dequantize' op result element type must be f32, but got 'f16'}}
  %0 = "graph.dequantize"(%x) : (tensor<4x!quant.uniform<i8:f32, 0.5:-128>>) -> tensor<4xf16>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// A constant has its value's type.
"func.func"() <{function_type = () -> (), sym_name = "f85"}> ({
^bb0():
  // expected-error@+1 {{'graph.const' op value type 'tensor<2xi32>' does not match result type 'tensor<2xi8>'}}
  %0 = "graph.const"() <{value = dense<[1, 2]> : tensor<2xi32>}> : () -> tensor<2xi8>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// A quantized constant's value has the storage type.
"func.func"() <{function_type = () -> (), sym_name = "f86"}> ({
^bb0():
  // expected-error@+1 {{'graph.const' op value type 'tensor<2xi16>' does not match result type 'tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-128>>'}}
  %0 = "graph.const"() <{value = dense<[1, 2]> : tensor<2xi16>}> : () -> tensor<2x!quant.uniform<i8:f32, 0.5:-128>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// A resource blob holds the tensor's bytes.
"func.func"() <{function_type = () -> (), sym_name = "f87"}> ({
^bb0():
  // expected-error@+1 {{'graph.const' op resource 'blob' holds 3 bytes, but 'tensor<4xi8>' needs 4}}
  %0 = "graph.const"() <{value = dense_resource<blob> : tensor<4xi8>}> : () -> tensor<4xi8>
  "func.return"() : () -> ()
}) : () -> ()

{-#
  dialect_resources: {
    builtin: {
      blob: "0x04000000010203"
    }
  }
#-}

// -----

// Handles are !graph.resource.
"func.func"() <{function_type = () -> (), sym_name = "f88"}> ({
^bb0():
  // expected-error@+1 {{'graph.var_handle' op result must be of type '!graph.resource', but got 'i32'}}
  %0 = "graph.var_handle"() <{container = "", shared_name = "v", value_type = tensor<4xf32>}> : () -> i32
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Variables hold tensors.
"func.func"() <{function_type = () -> (), sym_name = "f89"}> ({
^bb0():
  // expected-error@+1 {{'graph.var_handle' op 'value_type' must be a tensor type, but is 'f32'}}
  %0 = "graph.var_handle"() <{container = "", shared_name = "v", value_type = f32}> : () -> !graph.resource
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Reads return the variable's type.
"func.func"() <{function_type = () -> (), sym_name = "f90"}> ({
^bb0():
  %h = "graph.var_handle"() <{container = "", shared_name = "v", value_type = tensor<4xf32>}> : () -> !graph.resource
  // expected-error@+1 {{'graph.read_variable' op result type 'tensor<5xf32>' does not match the variable's type 'tensor<4xf32>'}}
  %0 = "graph.read_variable"(%h) : (!graph.resource) -> tensor<5xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Assignments store the variable's type.
"func.func"() <{function_type = (tensor<4xi8>) -> (), sym_name = "f91"}> ({
^bb0(%x: tensor<4xi8>):
  %h = "graph.var_handle"() <{container = "", shared_name = "v", value_type = tensor<4xf32>}> : () -> !graph.resource
  // expected-error@+1 {{'graph.assign_variable' op value type 'tensor<4xi8>' does not match the variable's type 'tensor<4xf32>'}}
  "graph.assign_variable"(%h, %x) : (!graph.resource, tensor<4xi8>) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Reads take a handle.
"func.func"() <{function_type = (tensor<4xf32>) -> (), sym_name = "f92"}> ({
^bb0(%x: tensor<4xf32>):
  // expected-error@+1 {{'graph.read_variable' op handle must be of type '!graph.resource', but got 'tensor<4xf32>'}}
  %0 = "graph.read_variable"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Optional operands are counted.
"func.func"() <{function_type = (tensor<1x4xf32>, tensor<3x4xf32>) -> (), sym_name = "f93"}> ({
^bb0(%x: tensor<1x4xf32>, %w: tensor<3x4xf32>):
  // expected-error@+1 {{'graph.fully_connected' op requires 2 to 3 operands, but found 4}}
  %0 = "graph.fully_connected"(%x, %w, %x, %x) <{fused_activation = "NONE", keep_num_dims = false}> : (tensor<1x4xf32>, tensor<3x4xf32>, tensor<1x4xf32>, tensor<1x4xf32>) -> tensor<1x3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// List attributes are dense arrays.
"func.func"() <{function_type = (tensor<2x3xf32>) -> (), sym_name = "f94"}> ({
^bb0(%x: tensor<2x3xf32>):
  // expected-error@+1 {{'graph.transpose' op attribute 'perm' failed to satisfy constraint: dense array attribute}}
  %0 = "graph.transpose"(%x) <{perm = [1, 0]}> : (tensor<2x3xf32>) -> tensor<3x2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Leaky relu needs its alpha.
"func.func"() <{function_type = (tensor<4xf32>) -> (), sym_name = "f95"}> ({
^bb0(%x: tensor<4xf32>):
  // expected-error@+1 {{'graph.leaky_relu' op requires attribute 'alpha'}}
  %0 = "graph.leaky_relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Leaky relu keeps the storage type.
"func.func"() <{function_type = (tensor<4x!quant.uniform<i8:f32, 0.5:-128>>) -> (), sym_name = "f96"}> ({
^bb0(%x: tensor<4x!quant.uniform<i8:f32, 0.5:-128>>):
  // expected-error@+1 {{'graph.leaky_relu' op result element type must be quantized i8, but got '!quant.uniform<i16:f32, 5.000000e-01>'}}
  %0 = "graph.leaky_relu"(%x) <{alpha = 0.2 : f32}> : (tensor<4x!quant.uniform<i8:f32, 0.5:-128>>) -> tensor<4x!quant.uniform<i16:f32, 0.5>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLite Micro's HARD_SWISH takes no int16.
"func.func"() <{function_type = (tensor<4x!quant.uniform<i16:f32, 0.5>>) -> (), sym_name = "f97"}> ({
^bb0(%x: tensor<4x!quant.uniform<i16:f32, 0.5>>):
  // expected-error@+1 {{'graph.hard_swish' op input element type must be f32 or quantized i8, but got '!quant.uniform<i16:f32, 5.000000e-01>'}}
  %0 = "graph.hard_swish"(%x) : (tensor<4x!quant.uniform<i16:f32, 0.5>>) -> tensor<4x!quant.uniform<i16:f32, 0.5>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// HardSwishPrepare needs (input scale / 128) / output scale below 1: 1/128 over 1/256 is 2.
"func.func"() <{function_type = (tensor<4x!quant.uniform<i8:f32, 1.0>>) -> (), sym_name = "f98"}> ({
^bb0(%x: tensor<4x!quant.uniform<i8:f32, 1.0>>):
  // expected-error@+1 {{'graph.hard_swish' op int8 hard_swish result scale 0.00390625 must exceed the input scale 1 / 128 (TFLite Micro's output multiplier must be below 1)}}
  %0 = "graph.hard_swish"(%x) : (tensor<4x!quant.uniform<i8:f32, 1.0>>) -> tensor<4x!quant.uniform<i8:f32, 0.00390625>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Leaky relu's alpha is finite.
"func.func"() <{function_type = (tensor<4xf32>) -> (), sym_name = "f99"}> ({
^bb0(%x: tensor<4xf32>):
  // expected-error@+1 {{'graph.leaky_relu' op 'alpha' must be finite, but is inf}}
  %0 = "graph.leaky_relu"(%x) <{alpha = 0x7F800000 : f32}> : (tensor<4xf32>) -> tensor<4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLM's REDUCE_MAX keeps the input's quantization.
"func.func"() <{function_type = (tensor<2x3x!quant.uniform<i8:f32, 0.5:1>>) -> (), sym_name = "f100"}> ({
^bb0(%x: tensor<2x3x!quant.uniform<i8:f32, 0.5:1>>):
  // expected-error@+1 {{'graph.reduce_max' op result element type '!quant.uniform<i8:f32, 2.500000e-01:1>' must match the input element type '!quant.uniform<i8:f32, 5.000000e-01:1>'}}
  %0 = "graph.reduce_max"(%x) <{axes = array<i64: 1>, keep_dims = false}> : (tensor<2x3x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:1>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLM's REDUCE_MIN takes float32 and int8 only.
"func.func"() <{function_type = (tensor<2x3x!quant.uniform<i16:f32, 0.5>>) -> (), sym_name = "f101"}> ({
^bb0(%x: tensor<2x3x!quant.uniform<i16:f32, 0.5>>):
  // expected-error@+1 {{'graph.reduce_min' op input element type must be f32 or quantized i8, but got '!quant.uniform<i16:f32, 5.000000e-01>'}}
  %0 = "graph.reduce_min"(%x) <{axes = array<i64: 1>, keep_dims = false}> : (tensor<2x3x!quant.uniform<i16:f32, 0.5>>) -> tensor<2x!quant.uniform<i16:f32, 0.5>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// The result shape is the reduced input's.
"func.func"() <{function_type = (tensor<2x3xf32>) -> (), sym_name = "f102"}> ({
^bb0(%x: tensor<2x3xf32>):
  // expected-error@+1 {{'graph.reduce_min' op}}
  %0 = "graph.reduce_min"(%x) <{axes = array<i64: 1>, keep_dims = true}> : (tensor<2x3xf32>) -> tensor<2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// maximum and minimum compare stored values, of any quantizations, each per tensor.
"func.func"() <{function_type = (tensor<4x!quant.uniform<i8:f32, 0.5:1>>, tensor<4x!quant.uniform<i8:f32:0, {0.5:2, 0.5:2, 0.5:2, 0.5:2}>>) -> (), sym_name = "f103"}> ({
^bb0(%a: tensor<4x!quant.uniform<i8:f32, 0.5:1>>, %b: tensor<4x!quant.uniform<i8:f32:0, {0.5:2, 0.5:2, 0.5:2, 0.5:2}>>):
  // expected-error@+1 {{'graph.maximum' op rhs must be quantized per tensor}}
  %0 = "graph.maximum"(%a, %b) : (tensor<4x!quant.uniform<i8:f32, 0.5:1>>, tensor<4x!quant.uniform<i8:f32:0, {0.5:2, 0.5:2, 0.5:2, 0.5:2}>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:1>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Both operands and the result have one element kind.
"func.func"() <{function_type = (tensor<4xi32>, tensor<4xf32>) -> (), sym_name = "f105"}> ({
^bb0(%a: tensor<4xi32>, %b: tensor<4xf32>):
  // expected-error@+1 {{'graph.minimum' op rhs element type must be i32, but got 'f32'}}
  %0 = "graph.minimum"(%a, %b) : (tensor<4xi32>, tensor<4xf32>) -> tensor<4xi32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLite Micro's NEG takes f32 only.
"func.func"() <{function_type = (tensor<4x!quant.uniform<i8:f32, 0.5:1>>) -> (), sym_name = "f106"}> ({
^bb0(%a: tensor<4x!quant.uniform<i8:f32, 0.5:1>>):
  // expected-error@+1 {{'graph.neg' op input element type must be f32, but got '!quant.uniform<i8:f32, 5.000000e-01:1>'}}
  %0 = "graph.neg"(%a) : (tensor<4x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:1>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// SUM's axes are in range: an out-of-range axis is an error at the operator.
"func.func"() <{function_type = (tensor<2x3xf32>) -> (), sym_name = "f107"}> ({
^bb0(%x: tensor<2x3xf32>):
  // expected-error@+1 {{'graph.sum' op axis -3 is out of range for rank 2}}
  %0 = "graph.sum"(%x) <{axes = array<i64: 0, -3>, keep_dims = false}> : (tensor<2x3xf32>) -> tensor<3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLM's SUM takes float32, int8 and int16.
"func.func"() <{function_type = (tensor<2x3xi32>) -> (), sym_name = "f108"}> ({
^bb0(%x: tensor<2x3xi32>):
  // expected-error@+1 {{'graph.sum' op input element type must be}}
  %0 = "graph.sum"(%x) <{axes = array<i64: 1>, keep_dims = false}> : (tensor<2x3xi32>) -> tensor<2xi32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLM's int16 PRELU takes an int8 alpha.
"func.func"() <{function_type = (tensor<2x3x!quant.uniform<i16:f32, 0.001>>, tensor<3x!quant.uniform<i16:f32, 0.001>>) -> (), sym_name = "f109"}> ({
^bb0(%x: tensor<2x3x!quant.uniform<i16:f32, 0.001>>, %a: tensor<3x!quant.uniform<i16:f32, 0.001>>):
  // expected-error@+1 {{'graph.prelu' op alpha element type must be}}
  %0 = "graph.prelu"(%x, %a) : (tensor<2x3x!quant.uniform<i16:f32, 0.001>>, tensor<3x!quant.uniform<i16:f32, 0.001>>) -> tensor<2x3x!quant.uniform<i16:f32, 0.001>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// A float PRELU has a float alpha.
"func.func"() <{function_type = (tensor<2x3xf32>, tensor<3x!quant.uniform<i8:f32, 0.5>>) -> (), sym_name = "f110"}> ({
^bb0(%x: tensor<2x3xf32>, %a: tensor<3x!quant.uniform<i8:f32, 0.5>>):
  // expected-error@+1 {{'graph.prelu' op alpha element type must be}}
  %0 = "graph.prelu"(%x, %a) : (tensor<2x3xf32>, tensor<3x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// PRELU's alpha broadcasts against the input.
"func.func"() <{function_type = (tensor<2x3xf32>, tensor<4xf32>) -> (), sym_name = "f111"}> ({
^bb0(%x: tensor<2x3xf32>, %a: tensor<4xf32>):
  // expected-error@+1 {{'graph.prelu' op}}
  %0 = "graph.prelu"(%x, %a) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLM reads one scale of PRELU's alpha: a per-channel alpha is refused.
"func.func"() <{function_type = (tensor<2x3x!quant.uniform<i8:f32, 0.5>>, tensor<3x!quant.uniform<i8:f32:0, {0.1, 0.2, 0.3}>>) -> (), sym_name = "f112"}> ({
^bb0(%x: tensor<2x3x!quant.uniform<i8:f32, 0.5>>, %a: tensor<3x!quant.uniform<i8:f32:0, {0.1, 0.2, 0.3}>>):
  // expected-error@+1 {{'graph.prelu' op alpha}}
  %0 = "graph.prelu"(%x, %a) : (tensor<2x3x!quant.uniform<i8:f32, 0.5>>, tensor<3x!quant.uniform<i8:f32:0, {0.1, 0.2, 0.3}>>) -> tensor<2x3x!quant.uniform<i8:f32, 0.5>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLM's L2_POOL_2D takes float32 only.
"func.func"() <{function_type = (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5>>) -> (), sym_name = "f113"}> ({
^bb0(%x: tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5>>):
  // expected-error@+1 {{'graph.l2_pool_2d' op input element type must be f32}}
  %0 = "graph.l2_pool_2d"(%x) <{filter_h = 2 : i64, filter_w = 2 : i64, stride_h = 2 : i64, stride_w = 2 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x2x2x2x!quant.uniform<i8:f32, 0.5>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TRANSPOSE_CONV: the input's channels are the filter's dimension 3.
"func.func"() <{function_type = (tensor<1x4x4x3xf32>, tensor<2x3x3x2xf32>) -> (), sym_name = "f107"}> ({
^bb0(%x: tensor<1x4x4x3xf32>, %w: tensor<2x3x3x2xf32>):
  // expected-error@+1 {{'graph.transpose_conv' op input channels (3) must equal the filter's input channels (2, its dimension 3)}}
  %0 = "graph.transpose_conv"(%x, %w) <{output_shape = array<i64: 1, 8, 8, 2>, stride_h = 2 : i64, stride_w = 2 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x4x4x3xf32>, tensor<2x3x3x2xf32>) -> tensor<1x8x8x2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// The output_shape's channels are the filter's output channels.
"func.func"() <{function_type = (tensor<1x4x4x3xf32>, tensor<2x3x3x3xf32>) -> (), sym_name = "f108"}> ({
^bb0(%x: tensor<1x4x4x3xf32>, %w: tensor<2x3x3x3xf32>):
  // expected-error@+1 {{'graph.transpose_conv' op 'output_shape' [1, 8, 8, 4] must have the input's batch (1) and the filter's output channels (2), not 1 and 4}}
  %0 = "graph.transpose_conv"(%x, %w) <{output_shape = array<i64: 1, 8, 8, 4>, stride_h = 2 : i64, stride_w = 2 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x4x4x3xf32>, tensor<2x3x3x3xf32>) -> tensor<1x8x8x4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// The result has the output_shape.
"func.func"() <{function_type = (tensor<1x4x4x3xf32>, tensor<2x3x3x3xf32>) -> (), sym_name = "f109"}> ({
^bb0(%x: tensor<1x4x4x3xf32>, %w: tensor<2x3x3x3xf32>):
  // expected-error@+1 {{'graph.transpose_conv' op result shape [1, 8, 7, 2] does not match the inferred shape [1, 8, 8, 2]}}
  %0 = "graph.transpose_conv"(%x, %w) <{output_shape = array<i64: 1, 8, 8, 2>, stride_h = 2 : i64, stride_w = 2 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x4x4x3xf32>, tensor<2x3x3x3xf32>) -> tensor<1x8x7x2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLite Micro's 16x8 TRANSPOSE_CONV reads an i32 bias as int64_t: refused.
"func.func"() <{function_type = (tensor<1x4x4x3x!quant.uniform<i16:f32, 0.001>>, tensor<2x3x3x3x!quant.uniform<i8:f32, 0.01>>, tensor<2xi32>) -> (), sym_name = "f110"}> ({
^bb0(%x: tensor<1x4x4x3x!quant.uniform<i16:f32, 0.001>>, %w: tensor<2x3x3x3x!quant.uniform<i8:f32, 0.01>>, %b: tensor<2xi32>):
  // expected-error@+1 {{'graph.transpose_conv' op bias element type must be i64, quantized i16 or i16, but got 'i32'}}
  %0 = "graph.transpose_conv"(%x, %w, %b) <{output_shape = array<i64: 1, 8, 8, 2>, stride_h = 2 : i64, stride_w = 2 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x4x4x3x!quant.uniform<i16:f32, 0.001>>, tensor<2x3x3x3x!quant.uniform<i8:f32, 0.01>>, tensor<2xi32>) -> tensor<1x8x8x2x!quant.uniform<i16:f32, 0.001>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// BATCH_MATMUL: the inner dimensions must agree (lhs' last, rhs' first of its matrix).
"func.func"() <{function_type = (tensor<2x3x4xf32>, tensor<5x6xf32>) -> (), sym_name = "f111"}> ({
^bb0(%a: tensor<2x3x4xf32>, %b: tensor<5x6xf32>):
  // expected-error@+1 {{'graph.batch_matmul' op the inner dimensions differ: lhs [2, 3, 4] has 4 (dimension 2), rhs [5, 6] has 5 (dimension 0)}}
  %0 = "graph.batch_matmul"(%a, %b) <{adj_x = false, adj_y = false}> : (tensor<2x3x4xf32>, tensor<5x6xf32>) -> tensor<2x3x6xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Under adj_x the left operand's inner dimension is its second to last.
"func.func"() <{function_type = (tensor<2x3x4xf32>, tensor<4x6xf32>) -> (), sym_name = "f112"}> ({
^bb0(%a: tensor<2x3x4xf32>, %b: tensor<4x6xf32>):
  // expected-error@+1 {{'graph.batch_matmul' op the inner dimensions differ: lhs [2, 3, 4] has 3 (dimension 1, adj_x), rhs [4, 6] has 4 (dimension 0)}}
  %0 = "graph.batch_matmul"(%a, %b) <{adj_x = true, adj_y = false}> : (tensor<2x3x4xf32>, tensor<4x6xf32>) -> tensor<2x4x6xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Batch dimensions broadcast or agree.
"func.func"() <{function_type = (tensor<2x3x4xf32>, tensor<3x4x6xf32>) -> (), sym_name = "f113"}> ({
^bb0(%a: tensor<2x3x4xf32>, %b: tensor<3x4x6xf32>):
  // expected-error@+1 {{'graph.batch_matmul' op batch dimensions of lhs [2, 3, 4] and rhs [3, 4, 6] do not broadcast (2 against 3)}}
  %0 = "graph.batch_matmul"(%a, %b) <{adj_x = false, adj_y = false}> : (tensor<2x3x4xf32>, tensor<3x4x6xf32>) -> tensor<2x3x6xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Ranks 2 to 5, as TFLite Micro's kernel.
"func.func"() <{function_type = (tensor<1x1x1x1x3x4xf32>, tensor<4x6xf32>) -> (), sym_name = "f114"}> ({
^bb0(%a: tensor<1x1x1x1x3x4xf32>, %b: tensor<4x6xf32>):
  // expected-error@+1 {{'graph.batch_matmul' op lhs must have rank 2 to 5, but has rank 6}}
  %0 = "graph.batch_matmul"(%a, %b) <{adj_x = false, adj_y = false}> : (tensor<1x1x1x1x3x4xf32>, tensor<4x6xf32>) -> tensor<1x1x1x1x3x6xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// One element kind throughout (TFLM has no hybrid BATCH_MATMUL).
"func.func"() <{function_type = (tensor<3x4xf32>, tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>) -> (), sym_name = "f115"}> ({
^bb0(%a: tensor<3x4xf32>, %b: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>):
  // expected-error@+1 {{'graph.batch_matmul' op rhs element type must be f32, but got '!quant.uniform<i8:f32, 5.000000e-01:1>'}}
  %0 = "graph.batch_matmul"(%a, %b) <{adj_x = false, adj_y = false}> : (tensor<3x4xf32>, tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<3x6xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// int16 operands and result have zero points 0.
"func.func"() <{function_type = (tensor<3x4x!quant.uniform<i16:f32, 0.5:1>>, tensor<4x6x!quant.uniform<i16:f32, 0.5>>) -> (), sym_name = "f116"}> ({
^bb0(%a: tensor<3x4x!quant.uniform<i16:f32, 0.5:1>>, %b: tensor<4x6x!quant.uniform<i16:f32, 0.5>>):
  // expected-error@+1 {{'graph.batch_matmul' op lhs of an int16 op must have zero point 0, but has 1}}
  %0 = "graph.batch_matmul"(%a, %b) <{adj_x = false, adj_y = false}> : (tensor<3x4x!quant.uniform<i16:f32, 0.5:1>>, tensor<4x6x!quant.uniform<i16:f32, 0.5>>) -> tensor<3x6x!quant.uniform<i16:f32, 0.5>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLite Micro's SQRT (and EXP, LOG, SQUARE, SIN, COS, FLOOR, CEIL, ROUND) take f32 only.
"func.func"() <{function_type = (tensor<4x!quant.uniform<i8:f32, 0.5:1>>) -> (), sym_name = "f107"}> ({
^bb0(%a: tensor<4x!quant.uniform<i8:f32, 0.5:1>>):
  // expected-error@+1 {{'graph.sqrt' op input element type must be f32, but got '!quant.uniform<i8:f32, 5.000000e-01:1>'}}
  %0 = "graph.sqrt"(%a) : (tensor<4x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:1>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLite Micro's RSQRT takes f32 and int8, not int16.
"func.func"() <{function_type = (tensor<4x!quant.uniform<i16:f32, 0.5>>) -> (), sym_name = "f108"}> ({
^bb0(%a: tensor<4x!quant.uniform<i16:f32, 0.5>>):
  // expected-error@+1 {{'graph.rsqrt' op input element type must be f32 or quantized i8, but got '!quant.uniform<i16:f32, 5.000000e-01>'}}
  %0 = "graph.rsqrt"(%a) : (tensor<4x!quant.uniform<i16:f32, 0.5>>) -> tensor<4x!quant.uniform<i16:f32, 0.5>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLite Micro's ELU takes f32 and int8 ("ELU only supports float32 and int8"), not int16.
"func.func"() <{function_type = (tensor<4x!quant.uniform<i16:f32, 0.5>>) -> (), sym_name = "f108_elu"}> ({
^bb0(%a: tensor<4x!quant.uniform<i16:f32, 0.5>>):
  // expected-error@+1 {{'graph.elu' op input element type must be f32 or quantized i8, but got '!quant.uniform<i16:f32, 5.000000e-01>'}}
  %0 = "graph.elu"(%a) : (tensor<4x!quant.uniform<i16:f32, 0.5>>) -> tensor<4x!quant.uniform<i16:f32, 0.5>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// A quantized int16 ABS needs zero points 0.
"func.func"() <{function_type = (tensor<4x!quant.uniform<i16:f32, 0.5:3>>) -> (), sym_name = "f109"}> ({
^bb0(%a: tensor<4x!quant.uniform<i16:f32, 0.5:3>>):
  // expected-error@+1 {{'graph.abs' op int16 input and result must have zero point 0}}
  %0 = "graph.abs"(%a) : (tensor<4x!quant.uniform<i16:f32, 0.5:3>>) -> tensor<4x!quant.uniform<i16:f32, 0.5:3>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// ABS keeps the element kind.
"func.func"() <{function_type = (tensor<4xf32>) -> (), sym_name = "f110"}> ({
^bb0(%a: tensor<4xf32>):
  // expected-error@+1 {{'graph.abs' op result element type must be f32, but got 'i16'}}
  %0 = "graph.abs"(%a) : (tensor<4xf32>) -> tensor<4xi16>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLite Micro's DIV takes f32, int8 and i32, not int16.
"func.func"() <{function_type = (tensor<4x!quant.uniform<i16:f32, 0.5>>) -> (), sym_name = "f111"}> ({
^bb0(%a: tensor<4x!quant.uniform<i16:f32, 0.5>>):
  // expected-error@+1 {{'graph.div' op lhs element type must be f32, quantized i8 or i32, but got '!quant.uniform<i16:f32, 5.000000e-01>'}}
  %0 = "graph.div"(%a, %a) <{fused_activation = "NONE"}> : (tensor<4x!quant.uniform<i16:f32, 0.5>>, tensor<4x!quant.uniform<i16:f32, 0.5>>) -> tensor<4x!quant.uniform<i16:f32, 0.5>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLite Micro's FLOOR_DIV takes f32 only.
"func.func"() <{function_type = (tensor<4xi32>) -> (), sym_name = "f112"}> ({
^bb0(%a: tensor<4xi32>):
  // expected-error@+1 {{'graph.floor_div' op lhs element type must be f32, but got 'i32'}}
  %0 = "graph.floor_div"(%a, %a) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// An int16 SQUARED_DIFFERENCE needs zero points 0.
"func.func"() <{function_type = (tensor<4x!quant.uniform<i16:f32, 0.5:1>>) -> (), sym_name = "f113"}> ({
^bb0(%a: tensor<4x!quant.uniform<i16:f32, 0.5:1>>):
  // expected-error@+1 {{'graph.squared_difference' op int16 operands and result must have zero point 0}}
  %0 = "graph.squared_difference"(%a, %a) : (tensor<4x!quant.uniform<i16:f32, 0.5:1>>, tensor<4x!quant.uniform<i16:f32, 0.5:1>>) -> tensor<4x!quant.uniform<i16:f32, 0.5:1>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// ADD_N sums tensors of one shape.
"func.func"() <{function_type = (tensor<4xf32>, tensor<2x4xf32>) -> (), sym_name = "f114"}> ({
^bb0(%a: tensor<4xf32>, %b: tensor<2x4xf32>):
  // expected-error@+1 {{add_n input #1 has shape [2, 4], but input #0 has [4]}}
  %0 = "graph.add_n"(%a, %b) : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLite Micro's int8 ADD_N needs every input quantized alike.
"func.func"() <{function_type = (tensor<4x!quant.uniform<i8:f32, 0.5:1>>, tensor<4x!quant.uniform<i8:f32, 0.5:2>>) -> (), sym_name = "f115"}> ({
^bb0(%a: tensor<4x!quant.uniform<i8:f32, 0.5:1>>, %b: tensor<4x!quant.uniform<i8:f32, 0.5:2>>):
  // expected-error@+1 {{'graph.add_n' op input #1 of an int8 add_n must have input #0's scale and zero point}}
  %0 = "graph.add_n"(%a, %b) : (tensor<4x!quant.uniform<i8:f32, 0.5:1>>, tensor<4x!quant.uniform<i8:f32, 0.5:2>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:1>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLite Micro's ADD_N sums at least two tensors.
"func.func"() <{function_type = (tensor<4xf32>) -> (), sym_name = "f116"}> ({
^bb0(%a: tensor<4xf32>):
  // expected-error@+1 {{'graph.add_n' op requires at least two inputs (TFLite Micro's ADD_N), but has 1}}
  %0 = "graph.add_n"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// svdf_state: the state holds whole memories of the weights' filters.
"func.func"() <{function_type = (tensor<1x7xf32>, tensor<1x3xf32>, tensor<4x3xf32>) -> (), sym_name = "f114"}> ({
^bb0(%s: tensor<1x7xf32>, %x: tensor<1x3xf32>, %wf: tensor<4x3xf32>):
  // expected-error@+1 {{'graph.svdf_state' op state row of 7 is not a memory of 4 filters}}
  %0 = "graph.svdf_state"(%s, %x, %wf) : (tensor<1x7xf32>, tensor<1x3xf32>, tensor<4x3xf32>) -> tensor<1x7xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// svdf_state: the feature weights take the input's size.
"func.func"() <{function_type = (tensor<1x8xf32>, tensor<1x5xf32>, tensor<4x3xf32>) -> (), sym_name = "f115"}> ({
^bb0(%s: tensor<1x8xf32>, %x: tensor<1x5xf32>, %wf: tensor<4x3xf32>):
  // expected-error@+1 {{'graph.svdf_state' op weights_feature takes 3 inputs, but the input has 5}}
  %0 = "graph.svdf_state"(%s, %x, %wf) : (tensor<1x8xf32>, tensor<1x5xf32>, tensor<4x3xf32>) -> tensor<1x8xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// svdf_state: TFLite Micro's integer SVDF keeps an int16 or int8 state, not int32.
"func.func"() <{function_type = (tensor<1x8x!quant.uniform<i32:f32, 0.5>>, tensor<1x3x!quant.uniform<i8:f32, 0.5>>, tensor<4x3x!quant.uniform<i8:f32, 0.5>>) -> (), sym_name = "f116"}> ({
^bb0(%s: tensor<1x8x!quant.uniform<i32:f32, 0.5>>, %x: tensor<1x3x!quant.uniform<i8:f32, 0.5>>, %wf: tensor<4x3x!quant.uniform<i8:f32, 0.5>>):
  // expected-error@+1 {{'graph.svdf_state' op state element type must be quantized i16 or quantized i8, but got '!quant.uniform<i32:f32, 5.000000e-01>'}}
  %0 = "graph.svdf_state"(%s, %x, %wf) : (tensor<1x8x!quant.uniform<i32:f32, 0.5>>, tensor<1x3x!quant.uniform<i8:f32, 0.5>>, tensor<4x3x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x8x!quant.uniform<i32:f32, 0.5>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// svdf: the filters split into units of the rank.
"func.func"() <{function_type = (tensor<1x6xf32>, tensor<3x2xf32>, tensor<1xf32>) -> (), sym_name = "f117"}> ({
^bb0(%s: tensor<1x6xf32>, %wt: tensor<3x2xf32>, %b: tensor<1xf32>):
  // expected-error@+1 {{'graph.svdf' op weights_time has 3 filters, which is not a multiple of the rank 2}}
  %0 = "graph.svdf"(%s, %wt, %b) <{rank = 2 : i64, fused_activation = "NONE"}> : (tensor<1x6xf32>, tensor<3x2xf32>, tensor<1xf32>) -> tensor<1x1xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// svdf: SIGN_BIT is refused (TFLite Micro returns the sign bit of NaNs too).
"func.func"() <{function_type = (tensor<1x6xf32>, tensor<3x2xf32>, tensor<3xf32>) -> (), sym_name = "f118"}> ({
^bb0(%s: tensor<1x6xf32>, %wt: tensor<3x2xf32>, %b: tensor<3xf32>):
  // expected-error@+1 {{'graph.svdf' op fused activation "SIGN_BIT" is not supported on an SVDF}}
  %0 = "graph.svdf"(%s, %wt, %b) <{rank = 1 : i64, fused_activation = "SIGN_BIT"}> : (tensor<1x6xf32>, tensor<3x2xf32>, tensor<3xf32>) -> tensor<1x3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// svdf: the integer bias scale is state scale × time-weight scale (to TFLite Micro's 1e-5).
"func.func"() <{function_type = (tensor<1x6x!quant.uniform<i16:f32, 0.5>>, tensor<3x2x!quant.uniform<i16:f32, 0.25>>, tensor<3x!quant.uniform<i32:f32, 0.5>>) -> (), sym_name = "f119"}> ({
^bb0(%s: tensor<1x6x!quant.uniform<i16:f32, 0.5>>, %wt: tensor<3x2x!quant.uniform<i16:f32, 0.25>>, %b: tensor<3x!quant.uniform<i32:f32, 0.5>>):
  // expected-error@+1 {{'graph.svdf' op bias scale 0.5 does not match state scale × weights_time scale (0.5 × 0.25 = 0.125)}}
  %0 = "graph.svdf"(%s, %wt, %b) <{rank = 1 : i64, fused_activation = "NONE"}> : (tensor<1x6x!quant.uniform<i16:f32, 0.5>>, tensor<3x2x!quant.uniform<i16:f32, 0.25>>, tensor<3x!quant.uniform<i32:f32, 0.5>>) -> tensor<1x3x!quant.uniform<i8:f32, 0.5>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// svdf: the time weights share the state's storage (TFLM reads both as one type).
"func.func"() <{function_type = (tensor<1x6x!quant.uniform<i16:f32, 0.5>>, tensor<3x2x!quant.uniform<i8:f32, 0.25>>, tensor<3x!quant.uniform<i32:f32, 0.125>>) -> (), sym_name = "f120"}> ({
^bb0(%s: tensor<1x6x!quant.uniform<i16:f32, 0.5>>, %wt: tensor<3x2x!quant.uniform<i8:f32, 0.25>>, %b: tensor<3x!quant.uniform<i32:f32, 0.125>>):
  // expected-error@+1 {{'graph.svdf' op weights_time element type must be quantized i16, but got '!quant.uniform<i8:f32, 2.500000e-01>'}}
  %0 = "graph.svdf"(%s, %wt, %b) <{rank = 1 : i64, fused_activation = "NONE"}> : (tensor<1x6x!quant.uniform<i16:f32, 0.5>>, tensor<3x2x!quant.uniform<i8:f32, 0.25>>, tensor<3x!quant.uniform<i32:f32, 0.125>>) -> tensor<1x3x!quant.uniform<i8:f32, 0.5>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// A slice's begin lies inside the input (TFLite Micro's GetValidatedBeginAndSizeVectors).
"func.func"() <{function_type = (tensor<4x5xf32>) -> (), sym_name = "f107"}> ({
^bb0(%x: tensor<4x5xf32>):
  // expected-error@+1 {{'graph.slice' op begin 5 of dimension 0 is outside [0, 4]}}
  %0 = "graph.slice"(%x) <{begin = array<i64: 5, 0>, size = array<i64: -1, 5>}> : (tensor<4x5xf32>) -> tensor<1x5xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// A slice's size fits what remains after begin.
"func.func"() <{function_type = (tensor<4x5xf32>) -> (), sym_name = "f108"}> ({
^bb0(%x: tensor<4x5xf32>):
  // expected-error@+1 {{'graph.slice' op size 5 of dimension 1 does not fit: 4 elements remain after begin 1}}
  %0 = "graph.slice"(%x) <{begin = array<i64: 0, 1>, size = array<i64: 4, 5>}> : (tensor<4x5xf32>) -> tensor<4x5xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// begin and size come together, of one element type.
"func.func"() <{function_type = (tensor<4xf32>, tensor<1xi32>, tensor<1xi64>) -> (), sym_name = "f109"}> ({
^bb0(%x: tensor<4xf32>, %b: tensor<1xi32>, %s: tensor<1xi64>):
  // expected-error@+1 {{'graph.slice' op begin and size operands must have the same element type}}
  %0 = "graph.slice"(%x, %b, %s) : (tensor<4xf32>, tensor<1xi32>, tensor<1xi64>) -> tensor<4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// A constant index of a gather lies inside its dimension.
"func.func"() <{function_type = (tensor<4x5xf32>) -> (), sym_name = "f110"}> ({
^bb0(%x: tensor<4x5xf32>):
  %i = "graph.const"() <{value = dense<[1, 5]> : tensor<2xi32>}> : () -> tensor<2xi32>
  // expected-error@+1 {{'graph.gather' op constant indices hold 5 at position 1, outside [0, 5) of the params}}
  %0 = "graph.gather"(%x, %i) <{axis = 1 : i64, batch_dims = 0 : i64}> : (tensor<4x5xf32>, tensor<2xi32>) -> tensor<4x2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// A gather's batch dimensions come before its axis (TFLite Micro's GatherPrepare).
"func.func"() <{function_type = (tensor<2x4x5xf32>, tensor<2x3xi32>) -> (), sym_name = "f111"}> ({
^bb0(%x: tensor<2x4x5xf32>, %i: tensor<2x3xi32>):
  // expected-error@+1 {{'graph.gather' op batch_dims 1 must not exceed axis 0}}
  %0 = "graph.gather"(%x, %i) <{axis = 0 : i64, batch_dims = 1 : i64}> : (tensor<2x4x5xf32>, tensor<2x3xi32>) -> tensor<2x3x4x5xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Gather indices are integers.
"func.func"() <{function_type = (tensor<4xf32>, tensor<2xf32>) -> (), sym_name = "f112"}> ({
^bb0(%x: tensor<4xf32>, %i: tensor<2xf32>):
  // expected-error@+1 {{'graph.gather' op indices element type must be i32 or i64, but got 'f32'}}
  %0 = "graph.gather"(%x, %i) <{axis = 0 : i64, batch_dims = 0 : i64}> : (tensor<4xf32>, tensor<2xf32>) -> tensor<2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// A constant index tuple of gather_nd lies inside the params, entry by entry.
"func.func"() <{function_type = (tensor<4x5xf32>) -> (), sym_name = "f113"}> ({
^bb0(%x: tensor<4x5xf32>):
  %i = "graph.const"() <{value = dense<[[3, 4], [4, 0]]> : tensor<2x2xi32>}> : () -> tensor<2x2xi32>
  // expected-error@+1 {{'graph.gather_nd' op constant indices hold 4 at position 2, outside [0, 4) of the params}}
  %0 = "graph.gather_nd"(%x, %i) : (tensor<4x5xf32>, tensor<2x2xi32>) -> tensor<2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// gather_nd's index tuples are no longer than the params' rank.
"func.func"() <{function_type = (tensor<4x5xf32>, tensor<2x3xi32>) -> (), sym_name = "f114"}> ({
^bb0(%x: tensor<4x5xf32>, %i: tensor<2x3xi32>):
  // expected-error@+1 {{'graph.gather_nd' op index tuples of length 3 must be at most the params' rank 2 and 5}}
  %0 = "graph.gather_nd"(%x, %i) : (tensor<4x5xf32>, tensor<2x3xi32>) -> tensor<2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// reverse_v2 moves stored values: other scales and zero points, never another storage.
"func.func"() <{function_type = (tensor<4x5x!quant.uniform<i8:f32, 0.5:1>>) -> (), sym_name = "reverse_v2_storage"}> ({
^bb0(%x: tensor<4x5x!quant.uniform<i8:f32, 0.5:1>>):
  // expected-error@+1 {{'graph.reverse_v2' op result element type '!quant.uniform<i16:f32, 5.000000e-01>' must match the input element type '!quant.uniform<i8:f32, 5.000000e-01:1>'}}
  %0 = "graph.reverse_v2"(%x) <{axes = array<i64: 1>}> : (tensor<4x5x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<4x5x!quant.uniform<i16:f32, 0.5>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// reverse_v2 names each dimension once.
"func.func"() <{function_type = (tensor<4x5xf32>) -> (), sym_name = "f115"}> ({
^bb0(%x: tensor<4x5xf32>):
  // expected-error@+1 {{'graph.reverse_v2' op axes [1, -1] name dimension 1 twice}}
  %0 = "graph.reverse_v2"(%x) <{axes = array<i64: 1, -1>}> : (tensor<4x5xf32>) -> tensor<4x5xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// padv2's constant_values is one element of the input's type.
"func.func"() <{function_type = (tensor<4xf32>, tensor<2xf32>) -> (), sym_name = "f116"}> ({
^bb0(%x: tensor<4xf32>, %v: tensor<2xf32>):
  // expected-error@+1 {{'graph.padv2' op constant_values must hold one element, but has shape [2]}}
  %0 = "graph.padv2"(%x, %v) <{paddings = array<i64: 1, 1>}> : (tensor<4xf32>, tensor<2xf32>) -> tensor<6xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// padv2's constant_values is quantized as the result (TFLite Micro's PadPrepare).
"func.func"() <{function_type = (tensor<4x!quant.uniform<i8:f32, 0.5:2>>, tensor<1x!quant.uniform<i8:f32, 0.5:2>>) -> (), sym_name = "f117"}> ({
^bb0(%x: tensor<4x!quant.uniform<i8:f32, 0.5:2>>, %v: tensor<1x!quant.uniform<i8:f32, 0.5:2>>):
  // expected-error@+1 {{'graph.padv2' op constant_values element type '!quant.uniform<i8:f32, 5.000000e-01:2>' must match the result element type '!quant.uniform<i8:f32, 5.000000e-01:1>'}}
  %0 = "graph.padv2"(%x, %v) <{paddings = array<i64: 1, 1>}> : (tensor<4x!quant.uniform<i8:f32, 0.5:2>>, tensor<1x!quant.uniform<i8:f32, 0.5:2>>) -> tensor<6x!quant.uniform<i8:f32, 0.5:1>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// pad copies stored values: the result's quantization may differ, its storage may not.
"func.func"() <{function_type = (tensor<4x!quant.uniform<i8:f32, 0.5:1>>) -> (), sym_name = "f117_pad_storage"}> ({
^bb0(%x: tensor<4x!quant.uniform<i8:f32, 0.5:1>>):
  // expected-error@+1 {{'graph.pad' op result element type '!quant.uniform<i16:f32, 5.000000e-01>' must match the input element type '!quant.uniform<i8:f32, 5.000000e-01:1>'}}
  %0 = "graph.pad"(%x) <{paddings = array<i64: 1, 1>}> : (tensor<4x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<6x!quant.uniform<i16:f32, 0.5>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// mirror_pad keeps the input's quantization.
"func.func"() <{function_type = (tensor<4x!quant.uniform<i8:f32, 0.5:1>>) -> (), sym_name = "f117_mirror_quant"}> ({
^bb0(%x: tensor<4x!quant.uniform<i8:f32, 0.5:1>>):
  // expected-error@+1 {{'graph.mirror_pad' op result element type '!quant.uniform<i8:f32, 2.500000e-01:1>' must match the input element type '!quant.uniform<i8:f32, 5.000000e-01:1>'}}
  %0 = "graph.mirror_pad"(%x) <{mode = "REFLECT", paddings = array<i64: 1, 1>}> : (tensor<4x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<6x!quant.uniform<i8:f32, 0.25:1>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// A REFLECT mirror image is one element shorter than its dimension.
"func.func"() <{function_type = (tensor<4xf32>) -> (), sym_name = "f118"}> ({
^bb0(%x: tensor<4xf32>):
  // expected-error@+1 {{'graph.mirror_pad' op paddings [4, 0] of dimension 0 exceed its size 4 minus 1 for a mirror image}}
  %0 = "graph.mirror_pad"(%x) <{mode = "REFLECT", paddings = array<i64: 4, 0>}> : (tensor<4xf32>) -> tensor<8xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// mirror_pad's modes are TFLite's.
"func.func"() <{function_type = (tensor<4xf32>) -> (), sym_name = "f119"}> ({
^bb0(%x: tensor<4xf32>):
  // expected-error@+1 {{'graph.mirror_pad' op 'mode' must be "REFLECT" or "SYMMETRIC", but is "WRAP"}}
  %0 = "graph.mirror_pad"(%x) <{mode = "WRAP", paddings = array<i64: 1, 0>}> : (tensor<4xf32>) -> tensor<5xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLite Micro's SHAPE writes int32 only.
"func.func"() <{function_type = (tensor<2x3xf32>) -> (), sym_name = "shape_int64"}> ({
^bb0(%a: tensor<2x3xf32>):
  // expected-error@+1 {{'graph.shape' op result element type must be i32 (TFLite Micro's SHAPE writes int32 only), but got 'i64'}}
  %0 = "graph.shape"(%a) : (tensor<2x3xf32>) -> tensor<2xi64>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// SHAPE's result has one element per dimension.
"func.func"() <{function_type = (tensor<2x3xf32>) -> (), sym_name = "shape_length"}> ({
^bb0(%a: tensor<2x3xf32>):
  // expected-error@+1 {{'graph.shape' op result shape [3] does not match the inferred shape [2]}}
  %0 = "graph.shape"(%a) : (tensor<2x3xf32>) -> tensor<3xi32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLite Micro's PACK stacks f32, int8, int16, int32 and int64, not uint8.
"func.func"() <{function_type = (tensor<3x!quant.uniform<u8:f32, 0.5:128>>) -> (), sym_name = "pack_uint8"}> ({
^bb0(%a: tensor<3x!quant.uniform<u8:f32, 0.5:128>>):
  // expected-error@+1 {{'graph.pack' op result element type must be f32, quantized i8, i8, quantized i16, i16, i32 or i64, but got '!quant.uniform<u8:f32, 5.000000e-01:128>'}}
  %0 = "graph.pack"(%a, %a) <{axis = 0 : i64}> : (tensor<3x!quant.uniform<u8:f32, 0.5:128>>, tensor<3x!quant.uniform<u8:f32, 0.5:128>>) -> tensor<2x3x!quant.uniform<u8:f32, 0.5:128>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// PACK's inputs share one shape.
"func.func"() <{function_type = (tensor<3xi32>, tensor<2xi32>) -> (), sym_name = "pack_shapes"}> ({
^bb0(%a: tensor<3xi32>, %b: tensor<2xi32>):
  // expected-error@+1 {{'graph.pack' op input #1 has shape [2], but input #0 has shape [3]}}
  %0 = "graph.pack"(%a, %b) <{axis = 0 : i64}> : (tensor<3xi32>, tensor<2xi32>) -> tensor<2x3xi32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// PACK's axis counts in the result's rank (here 2).
"func.func"() <{function_type = (tensor<3xi32>) -> (), sym_name = "pack_axis"}> ({
^bb0(%a: tensor<3xi32>):
  // expected-error@+1 {{'graph.pack' op axis -3 is out of range for rank 2}}
  %0 = "graph.pack"(%a, %a) <{axis = -3 : i64}> : (tensor<3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// SQUEEZE removes dimensions of size 1 only.
"func.func"() <{function_type = (tensor<1x3xf32>) -> (), sym_name = "squeeze_not_one"}> ({
^bb0(%a: tensor<1x3xf32>):
  // expected-error@+1 {{'graph.squeeze' op squeeze_dims names dimension -1, of size 3, not 1}}
  %0 = "graph.squeeze"(%a) <{squeeze_dims = array<i64: -1>}> : (tensor<1x3xf32>) -> tensor<1xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// SQUEEZE's dimensions are in range.
"func.func"() <{function_type = (tensor<1x3xf32>) -> (), sym_name = "squeeze_range"}> ({
^bb0(%a: tensor<1x3xf32>):
  // expected-error@+1 {{'graph.squeeze' op squeeze_dims: axis 2 is out of range for rank 2}}
  %0 = "graph.squeeze"(%a) <{squeeze_dims = array<i64: 2>}> : (tensor<1x3xf32>) -> tensor<3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLite Micro's EXPAND_DIMS reads an int32 axis only.
"func.func"() <{function_type = (tensor<3xf32>, tensor<i64>) -> (), sym_name = "expand_dims_int64_axis"}> ({
^bb0(%a: tensor<3xf32>, %axis: tensor<i64>):
  // expected-error@+1 {{'graph.expand_dims' op axis operand must hold one i32 (TFLite Micro's EXPAND_DIMS reads an int32 axis only), but got 'tensor<i64>'}}
  %0 = "graph.expand_dims"(%a, %axis) : (tensor<3xf32>, tensor<i64>) -> tensor<1x3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// EXPAND_DIMS's axis counts in the result's rank (here 2); a constant one is checked.
"func.func"() <{function_type = (tensor<3xf32>) -> (), sym_name = "expand_dims_axis"}> ({
^bb0(%a: tensor<3xf32>):
  %axis = "graph.const"() <{value = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  // expected-error@+1 {{'graph.expand_dims' op axis 2 is out of range for rank 2}}
  %0 = "graph.expand_dims"(%a, %axis) : (tensor<3xf32>, tensor<1xi32>) -> tensor<3x1xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLite Micro's EXPAND_DIMS copies f32, int8 and int16 only.
"func.func"() <{function_type = (tensor<3xi32>, tensor<i32>) -> (), sym_name = "expand_dims_int32"}> ({
^bb0(%a: tensor<3xi32>, %axis: tensor<i32>):
  // expected-error@+1 {{'graph.expand_dims' op input element type must be f32, quantized i8, i8, quantized i16 or i16, but got 'i32'}}
  %0 = "graph.expand_dims"(%a, %axis) : (tensor<3xi32>, tensor<i32>) -> tensor<1x3xi32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// FILL's value is a scalar.
"func.func"() <{function_type = (tensor<1xf32>) -> (), sym_name = "fill_vector_value"}> ({
^bb0(%v: tensor<1xf32>):
  %dims = "graph.const"() <{value = dense<[2]> : tensor<1xi32>}> : () -> tensor<1xi32>
  // expected-error@+1 {{'graph.fill' op value must be a scalar, but has rank 1}}
  %0 = "graph.fill"(%v, %dims) : (tensor<1xf32>, tensor<1xi32>) -> tensor<2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLite Micro's ZEROS_LIKE zeroes f32, int8, int32 and int64 only.
"func.func"() <{function_type = (tensor<3x!quant.uniform<i16:f32, 0.5>>) -> (), sym_name = "zeros_like_int16"}> ({
^bb0(%a: tensor<3x!quant.uniform<i16:f32, 0.5>>):
  // expected-error@+1 {{'graph.zeros_like' op input element type must be f32, quantized i8, i8, i32 or i64, but got '!quant.uniform<i16:f32, 5.000000e-01>'}}
  %0 = "graph.zeros_like"(%a) : (tensor<3x!quant.uniform<i16:f32, 0.5>>) -> tensor<3x!quant.uniform<i16:f32, 0.5>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLite Micro's RESIZE_BILINEAR refuses align_corners with half_pixel_centers.
"func.func"() <{function_type = (tensor<1x2x2x1xf32>) -> (), sym_name = "f107"}> ({
^bb0(%x: tensor<1x2x2x1xf32>):
  // expected-error@+1 {{'graph.resize_bilinear' op 'half_pixel_centers' requires 'align_corners' to be false (as TFLite Micro's RESIZE_BILINEAR)}}
  %0 = "graph.resize_bilinear"(%x) <{align_corners = true, half_pixel_centers = true, size = array<i64: 4, 4>}> : (tensor<1x2x2x1xf32>) -> tensor<1x4x4x1xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLite Micro's RESIZE_BILINEAR takes float32 and int8, not int16.
"func.func"() <{function_type = (tensor<1x2x2x1x!quant.uniform<i16:f32, 0.5>>) -> (), sym_name = "f108"}> ({
^bb0(%x: tensor<1x2x2x1x!quant.uniform<i16:f32, 0.5>>):
  // expected-error@+1 {{'graph.resize_bilinear' op input element type must be f32 or quantized i8, but got '!quant.uniform<i16:f32, 5.000000e-01>'}}
  %0 = "graph.resize_bilinear"(%x) <{align_corners = false, half_pixel_centers = false, size = array<i64: 4, 4>}> : (tensor<1x2x2x1x!quant.uniform<i16:f32, 0.5>>) -> tensor<1x4x4x1x!quant.uniform<i16:f32, 0.5>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (tensor<1x2x2x1xf32>) -> (), sym_name = "f109"}> ({
^bb0(%x: tensor<1x2x2x1xf32>):
  // expected-error@+1 {{'graph.resize_nearest_neighbor' op size must be two positive values, but is [0, 4]}}
  %0 = "graph.resize_nearest_neighbor"(%x) <{align_corners = false, half_pixel_centers = false, size = array<i64: 0, 4>}> : (tensor<1x2x2x1xf32>) -> tensor<1x0x4x1xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (tensor<1x2x2x1xf32>, tensor<3xi32>) -> (), sym_name = "f110"}> ({
^bb0(%x: tensor<1x2x2x1xf32>, %s: tensor<3xi32>):
  // expected-error@+1 {{'graph.resize_nearest_neighbor' op size operand must have 2 elements, but has 3}}
  %0 = "graph.resize_nearest_neighbor"(%x, %s) <{align_corners = false, half_pixel_centers = false}> : (tensor<1x2x2x1xf32>, tensor<3xi32>) -> tensor<1x4x4x1xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// The depth must split into block_size² parts.
"func.func"() <{function_type = (tensor<1x2x2x6xf32>) -> (), sym_name = "f111"}> ({
^bb0(%x: tensor<1x2x2x6xf32>):
  // expected-error@+1 {{'graph.depth_to_space' op input depth 6 is not a multiple of block size² (4)}}
  %0 = "graph.depth_to_space"(%x) <{block_size = 2 : i64}> : (tensor<1x2x2x6xf32>) -> tensor<1x4x4x1xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (tensor<1x3x4x1xf32>) -> (), sym_name = "f112"}> ({
^bb0(%x: tensor<1x3x4x1xf32>):
  // expected-error@+1 {{'graph.space_to_depth' op 'block_size' must be at least 1, but is 0}}
  %0 = "graph.space_to_depth"(%x) <{block_size = 0 : i64}> : (tensor<1x3x4x1xf32>) -> tensor<1x3x4x1xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (tensor<1x3x4x1x!quant.uniform<i16:f32, 0.5>>) -> (), sym_name = "f113"}> ({
^bb0(%x: tensor<1x3x4x1x!quant.uniform<i16:f32, 0.5>>):
  // expected-error@+1 {{'graph.space_to_depth' op input element type must be f32, quantized i8 or i8, but got '!quant.uniform<i16:f32, 5.000000e-01>'}}
  %0 = "graph.space_to_depth"(%x) <{block_size = 1 : i64}> : (tensor<1x3x4x1x!quant.uniform<i16:f32, 0.5>>) -> tensor<1x3x4x1x!quant.uniform<i16:f32, 0.5>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Crops larger than the tensor.
"func.func"() <{function_type = (tensor<4x1x1x2xf32>) -> (), sym_name = "f114"}> ({
^bb0(%x: tensor<4x1x1x2xf32>):
  // expected-error@+1 {{'graph.batch_to_space_nd' op crops [2, 1] of spatial dimension 0 are larger than its size 2}}
  %0 = "graph.batch_to_space_nd"(%x) <{block_shape = array<i64: 2, 2>, crops = array<i64: 2, 1, 0, 0>}> : (tensor<4x1x1x2xf32>) -> tensor<1x1x2x2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (tensor<3x1x1x2xf32>) -> (), sym_name = "f115"}> ({
^bb0(%x: tensor<3x1x1x2xf32>):
  // expected-error@+1 {{'graph.batch_to_space_nd' op input batch 3 is not a multiple of the block shape's product 4}}
  %0 = "graph.batch_to_space_nd"(%x) <{block_shape = array<i64: 2, 2>, crops = array<i64: 0, 0, 0, 0>}> : (tensor<3x1x1x2xf32>) -> tensor<1x2x2x2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (tensor<1x5x4x2xf32>) -> (), sym_name = "f116"}> ({
^bb0(%x: tensor<1x5x4x2xf32>):
  // expected-error@+1 {{'graph.space_to_batch_nd' op padded spatial dimension 0 (5) is not a multiple of its block size 2}}
  %0 = "graph.space_to_batch_nd"(%x) <{block_shape = array<i64: 2, 2>, paddings = array<i64: 0, 0, 0, 0>}> : (tensor<1x5x4x2xf32>) -> tensor<4x2x2x2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (tensor<1x4x4x2xf32>) -> (), sym_name = "f117"}> ({
^bb0(%x: tensor<1x4x4x2xf32>):
  // expected-error@+1 {{'graph.space_to_batch_nd' op paddings of spatial dimension 1 must be non-negative, but are [-1, 1]}}
  %0 = "graph.space_to_batch_nd"(%x) <{block_shape = array<i64: 2, 2>, paddings = array<i64: 0, 0, -1, 1>}> : (tensor<1x4x4x2xf32>) -> tensor<4x2x2x2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// A 3-D input takes one block size.
"func.func"() <{function_type = (tensor<1x4x2xf32>) -> (), sym_name = "f118"}> ({
^bb0(%x: tensor<1x4x2xf32>):
  // expected-error@+1 {{'graph.space_to_batch_nd' op a rank-3 input takes 1 block sizes and 1 paddings pairs, but has 2 and 1}}
  %0 = "graph.space_to_batch_nd"(%x) <{block_shape = array<i64: 2, 2>, paddings = array<i64: 0, 0>}> : (tensor<1x4x2xf32>) -> tensor<2x2x2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (tensor<1x4x4x4x2xf32>) -> (), sym_name = "f119"}> ({
^bb0(%x: tensor<1x4x4x4x2xf32>):
  // expected-error@+1 {{'graph.space_to_batch_nd' op input must have rank 3 or 4, but has rank 5}}
  %0 = "graph.space_to_batch_nd"(%x) <{block_shape = array<i64: 2, 2, 2>, paddings = array<i64: 0, 0, 0, 0, 0, 0>}> : (tensor<1x4x4x4x2xf32>) -> tensor<8x2x2x2x2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (tensor<1x4x4x2xf32>, tensor<2xi32>) -> (), sym_name = "f120"}> ({
^bb0(%x: tensor<1x4x4x2xf32>, %b: tensor<2xi32>):
  // expected-error@+1 {{'graph.space_to_batch_nd' op requires 'block_shape' and 'paddings', both as operands or both as attributes}}
  %0 = "graph.space_to_batch_nd"(%x, %b) <{paddings = array<i64: 0, 0, 0, 0>}> : (tensor<1x4x4x2xf32>, tensor<2xi32>) -> tensor<4x2x2x2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Comparisons give i1.
"func.func"() <{function_type = (tensor<4xf32>) -> (), sym_name = "cmp0"}> ({
^bb0(%a: tensor<4xf32>):
  // expected-error@+1 {{'graph.less' op result element type must be i1, but got 'f32'}}
  %0 = "graph.less"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLite Micro compares booleans for equality only.
"func.func"() <{function_type = (tensor<4xi1>) -> (), sym_name = "cmp1"}> ({
^bb0(%a: tensor<4xi1>):
  // expected-error@+1 {{'graph.greater' op lhs element type must be f32, quantized i8, i32 or i64, but got 'i1'}}
  %0 = "graph.greater"(%a, %a) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// The installed TFLite Micro leaves int16 GREATER's rescaling unset: refused.
"func.func"() <{function_type = (tensor<4x!quant.uniform<i16:f32, 0.001>>) -> (), sym_name = "cmp2"}> ({
^bb0(%a: tensor<4x!quant.uniform<i16:f32, 0.001>>):
  // expected-error@+1 {{'graph.greater' op lhs element type must be f32, quantized i8, i32 or i64, but got '!quant.uniform<i16:f32, 1.000000e-03>'}}
  %0 = "graph.greater"(%a, %a) : (tensor<4x!quant.uniform<i16:f32, 0.001>>, tensor<4x!quant.uniform<i16:f32, 0.001>>) -> tensor<4xi1>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Quantized comparison operands are rescaled by their scale, which must be below 1.
"func.func"() <{function_type = (tensor<4x!quant.uniform<i8:f32, 0.5:1>>, tensor<4x!quant.uniform<i8:f32, 2.0:1>>) -> (), sym_name = "cmp3"}> ({
^bb0(%a: tensor<4x!quant.uniform<i8:f32, 0.5:1>>, %b: tensor<4x!quant.uniform<i8:f32, 2.0:1>>):
  // expected-error@+1 {{'graph.equal' op rhs scale must be below 1 (TFLite Micro rescales compared values by their scale with QuantizeMultiplierSmallerThanOneExp), but is 2}}
  %0 = "graph.equal"(%a, %b) : (tensor<4x!quant.uniform<i8:f32, 0.5:1>>, tensor<4x!quant.uniform<i8:f32, 2.0:1>>) -> tensor<4xi1>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Both operands of one kind.
"func.func"() <{function_type = (tensor<4xi32>, tensor<4xi64>) -> (), sym_name = "cmp4"}> ({
^bb0(%a: tensor<4xi32>, %b: tensor<4xi64>):
  // expected-error@+1 {{'graph.not_equal' op rhs element type must be i32, but got 'i64'}}
  %0 = "graph.not_equal"(%a, %b) : (tensor<4xi32>, tensor<4xi64>) -> tensor<4xi1>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Comparisons broadcast: the result has the broadcast shape.
"func.func"() <{function_type = (tensor<2x4xf32>, tensor<4xf32>) -> (), sym_name = "cmp5"}> ({
^bb0(%a: tensor<2x4xf32>, %b: tensor<4xf32>):
  // expected-error@+1 {{'graph.greater_equal' op result shape [4] does not match the inferred shape [2, 4]}}
  %0 = "graph.greater_equal"(%a, %b) : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<4xi1>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLite Micro's logical operators read booleans: i1 only.
"func.func"() <{function_type = (tensor<4xi8>, tensor<4xi1>) -> (), sym_name = "logic0"}> ({
^bb0(%a: tensor<4xi8>, %b: tensor<4xi1>):
  // expected-error@+1 {{'graph.logical_and' op lhs element type must be i1, but got 'i8'}}
  %0 = "graph.logical_and"(%a, %b) : (tensor<4xi8>, tensor<4xi1>) -> tensor<4xi1>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (tensor<4xi1>) -> (), sym_name = "logic1"}> ({
^bb0(%a: tensor<4xi1>):
  // expected-error@+1 {{'graph.logical_not' op result element type must be i1, but got 'f32'}}
  %0 = "graph.logical_not"(%a) : (tensor<4xi1>) -> tensor<4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// SELECT_V2's condition is boolean.
"func.func"() <{function_type = (tensor<4xf32>) -> (), sym_name = "select0"}> ({
^bb0(%a: tensor<4xf32>):
  // expected-error@+1 {{'graph.select_v2' op condition element type must be i1, but got 'f32'}}
  %0 = "graph.select_v2"(%a, %a, %a) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLite Micro's SELECT_V2 takes f32, int8 and int16, and copies stored values: x, y and the
// result share one type.
"func.func"() <{function_type = (tensor<4xi1>, tensor<4x!quant.uniform<i8:f32, 0.5:1>>, tensor<4x!quant.uniform<i8:f32, 0.25:1>>) -> (), sym_name = "select1"}> ({
^bb0(%c: tensor<4xi1>, %a: tensor<4x!quant.uniform<i8:f32, 0.5:1>>, %b: tensor<4x!quant.uniform<i8:f32, 0.25:1>>):
  // expected-error@+1 {{'graph.select_v2' op y element type '!quant.uniform<i8:f32, 2.500000e-01:1>' must match the x element type '!quant.uniform<i8:f32, 5.000000e-01:1>'}}
  %0 = "graph.select_v2"(%c, %a, %b) : (tensor<4xi1>, tensor<4x!quant.uniform<i8:f32, 0.5:1>>, tensor<4x!quant.uniform<i8:f32, 0.25:1>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:1>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (tensor<4xi1>, tensor<4xi32>) -> (), sym_name = "select2"}> ({
^bb0(%c: tensor<4xi1>, %a: tensor<4xi32>):
  // expected-error@+1 {{'graph.select_v2' op x element type must be f32, quantized i8 or quantized i16, but got 'i32'}}
  %0 = "graph.select_v2"(%c, %a, %a) : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// ARG_MAX's axis must name a dimension.
"func.func"() <{function_type = (tensor<2x3xf32>) -> (), sym_name = "arg0"}> ({
^bb0(%a: tensor<2x3xf32>):
  // expected-error@+1 {{'graph.arg_max' op axis 2 is out of range for rank 2}}
  %0 = "graph.arg_max"(%a) <{axis = array<i64: 2>}> : (tensor<2x3xf32>) -> tensor<2xi32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLite Micro writes int32 indices only.
"func.func"() <{function_type = (tensor<2x3xf32>) -> (), sym_name = "arg1"}> ({
^bb0(%a: tensor<2x3xf32>):
  // expected-error@+1 {{'graph.arg_min' op result element type must be i32, but got 'i64'}}
  %0 = "graph.arg_min"(%a) <{axis = array<i64: 1>}> : (tensor<2x3xf32>) -> tensor<2xi64>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLite Micro reads an int32 axis only.
"func.func"() <{function_type = (tensor<2x3xf32>, tensor<1xi64>) -> (), sym_name = "arg2"}> ({
^bb0(%a: tensor<2x3xf32>, %axis: tensor<1xi64>):
  // expected-error@+1 {{'graph.arg_max' op axis operand must be a tensor of one i32 (TFLite Micro reads int32 axes only), but got 'tensor<1xi64>'}}
  %0 = "graph.arg_max"(%a, %axis) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2xi32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLite Micro's ARG_MAX takes float32 and int8.
"func.func"() <{function_type = (tensor<2x3xi32>) -> (), sym_name = "arg3"}> ({
^bb0(%a: tensor<2x3xi32>):
  // expected-error@+1 {{'graph.arg_max' op input element type must be f32, quantized i8 or i8, but got 'i32'}}
  %0 = "graph.arg_max"(%a) <{axis = array<i64: 1>}> : (tensor<2x3xi32>) -> tensor<2xi32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLite Micro's CAST has no int64.
"func.func"() <{function_type = (tensor<4xi64>) -> (), sym_name = "cast0"}> ({
^bb0(%a: tensor<4xi64>):
  // expected-error@+1 {{'graph.cast' op input element type must be f32, i8, quantized i8, i16, quantized i16, i32 or i1, but got 'i64'}}
  %0 = "graph.cast"(%a) : (tensor<4xi64>) -> tensor<4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (tensor<4xf32>) -> (), sym_name = "cast1"}> ({
^bb0(%a: tensor<4xf32>):
  // expected-error@+1 {{'graph.cast' op result shape [2, 2] does not match the inferred shape [4]}}
  %0 = "graph.cast"(%a) : (tensor<4xf32>) -> tensor<2x2xi1>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// One-element operands select into any one-element result (TFLite Micro keeps the model's
// shape), but not into more.
"func.func"() <{function_type = (tensor<1xi1>, tensor<f32>) -> (), sym_name = "select3"}> ({
^bb0(%c: tensor<1xi1>, %a: tensor<f32>):
  %ok = "graph.select_v2"(%c, %a, %a) : (tensor<1xi1>, tensor<f32>, tensor<f32>) -> tensor<1x1xf32>
  // expected-error@+1 {{'graph.select_v2' op the result of one-element operands must hold one element}}
  %0 = "graph.select_v2"(%c, %a, %a) : (tensor<1xi1>, tensor<f32>, tensor<f32>) -> tensor<2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// CUMSUM's axis must lie within the input's rank (TFLM: "CUMSUM Invalid axis").
"func.func"() <{function_type = (tensor<2x3xf32>) -> (), sym_name = "f114"}> ({
^bb0(%x: tensor<2x3xf32>):
  // expected-error@+1 {{'graph.cumsum' op axis -3 is out of range for rank 2}}
  %0 = "graph.cumsum"(%x) <{axis = array<i64: -3>, exclusive = false, reverse = false}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// One axis only.
"func.func"() <{function_type = (tensor<2x3xf32>) -> (), sym_name = "f115"}> ({
^bb0(%x: tensor<2x3xf32>):
  // expected-error@+1 {{'graph.cumsum' op 'axis' must hold one value, but holds 2}}
  %0 = "graph.cumsum"(%x) <{axis = array<i64: 0, 1>, exclusive = false, reverse = false}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLM's CUMSUM takes float32 and int8 only.
"func.func"() <{function_type = (tensor<2x3x!quant.uniform<i16:f32, 0.001>>) -> (), sym_name = "f116"}> ({
^bb0(%x: tensor<2x3x!quant.uniform<i16:f32, 0.001>>):
  // expected-error@+1 {{'graph.cumsum' op input element type must be}}
  %0 = "graph.cumsum"(%x) <{axis = array<i64: 1>, exclusive = false, reverse = false}> : (tensor<2x3x!quant.uniform<i16:f32, 0.001>>) -> tensor<2x3x!quant.uniform<i16:f32, 0.001>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// The axis operand holds one int32 (TFLM: NumElements(axis) == 1, type int32).
"func.func"() <{function_type = (tensor<2x3xf32>, tensor<2xi32>) -> (), sym_name = "f117"}> ({
^bb0(%x: tensor<2x3xf32>, %a: tensor<2xi32>):
  // expected-error@+1 {{'graph.cumsum' op axis operand must hold one i32 (0-D or 1-D), but got 'tensor<2xi32>'}}
  %0 = "graph.cumsum"(%x, %a) <{exclusive = false, reverse = false}> : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// The result has the input's shape.
"func.func"() <{function_type = (tensor<2x3xf32>) -> (), sym_name = "f118"}> ({
^bb0(%x: tensor<2x3xf32>):
  // expected-error@+1 {{'graph.cumsum' op result shape [3, 2] does not match the inferred shape [2, 3]}}
  %0 = "graph.cumsum"(%x) <{axis = array<i64: 0>, exclusive = false, reverse = false}> : (tensor<2x3xf32>) -> tensor<3x2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLM's int8 LOG_SOFTMAX requires the output scale 16/256 and zero point 127.
"func.func"() <{function_type = (tensor<2x5x!quant.uniform<i8:f32, 0.1:-2>>) -> (), sym_name = "f119"}> ({
^bb0(%x: tensor<2x5x!quant.uniform<i8:f32, 0.1:-2>>):
  // expected-error@+1 {{'graph.log_softmax' op int8 log_softmax result must have scale 16/256 and zero point 127}}
  %0 = "graph.log_softmax"(%x) : (tensor<2x5x!quant.uniform<i8:f32, 0.1:-2>>) -> tensor<2x5x!quant.uniform<i8:f32, 0.0625:0>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLM's LOG_SOFTMAX takes float32 and int8 only.
"func.func"() <{function_type = (tensor<2x5x!quant.uniform<i16:f32, 0.001>>) -> (), sym_name = "f120"}> ({
^bb0(%x: tensor<2x5x!quant.uniform<i16:f32, 0.001>>):
  // expected-error@+1 {{'graph.log_softmax' op input element type must be}}
  %0 = "graph.log_softmax"(%x) : (tensor<2x5x!quant.uniform<i16:f32, 0.001>>) -> tensor<2x5x!quant.uniform<i16:f32, 0.001>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// A softmax needs a last dimension.
"func.func"() <{function_type = (tensor<f32>) -> (), sym_name = "f121"}> ({
^bb0(%x: tensor<f32>):
  // expected-error@+1 {{'graph.log_softmax' op input must have rank at least 1}}
  %0 = "graph.log_softmax"(%x) : (tensor<f32>) -> tensor<f32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLM's L2_NORMALIZATION takes no fused activation.
"func.func"() <{function_type = (tensor<2x5xf32>) -> (), sym_name = "f122"}> ({
^bb0(%x: tensor<2x5xf32>):
  // expected-error@+1 {{'graph.l2_normalization' op takes no fused activation (TFLite Micro's L2_NORMALIZATION), but has "RELU"}}
  %0 = "graph.l2_normalization"(%x) <{fused_activation = "RELU"}> : (tensor<2x5xf32>) -> tensor<2x5xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Rank 1 to 4 (L2Prepare: NumDimensions(input) <= 4).
"func.func"() <{function_type = (tensor<1x2x2x2x5xf32>) -> (), sym_name = "f123"}> ({
^bb0(%x: tensor<1x2x2x2x5xf32>):
  // expected-error@+1 {{'graph.l2_normalization' op input must have rank 1 to 4, but has rank 5}}
  %0 = "graph.l2_normalization"(%x) <{fused_activation = "NONE"}> : (tensor<1x2x2x2x5xf32>) -> tensor<1x2x2x2x5xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Float32 and int8 only.
"func.func"() <{function_type = (tensor<2x5x!quant.uniform<i16:f32, 0.001>>) -> (), sym_name = "f124"}> ({
^bb0(%x: tensor<2x5x!quant.uniform<i16:f32, 0.001>>):
  // expected-error@+1 {{'graph.l2_normalization' op input element type must be}}
  %0 = "graph.l2_normalization"(%x) <{fused_activation = "NONE"}> : (tensor<2x5x!quant.uniform<i16:f32, 0.001>>) -> tensor<2x5x!quant.uniform<i16:f32, 0.001>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// The final hidden state is of the hidden state's type (only the output sequence may differ).
"func.func"() <{function_type = (tensor<1x2x3x!quant.uniform<i8:f32, 0.015625:-5>>, tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<1x4x!quant.uniform<i8:f32, 0.0078125:3>>, tensor<1x4x!quant.uniform<i16:f32, 0.00048828125>>) -> (), sym_name = "lstm_int8_final_hidden_quantized_apart"}> ({
^bb0(%a0: tensor<1x2x3x!quant.uniform<i8:f32, 0.015625:-5>>, %a1: tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, %a2: tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, %a3: tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, %a4: tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, %a5: tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, %a6: tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, %a7: tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, %a8: tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, %a9: tensor<4xi32>, %a10: tensor<4xi32>, %a11: tensor<4xi32>, %a12: tensor<4xi32>, %a13: tensor<1x4x!quant.uniform<i8:f32, 0.0078125:3>>, %a14: tensor<1x4x!quant.uniform<i16:f32, 0.00048828125>>):
  // expected-error@+1 {{'graph.lstm' op final_hidden_state element type '!quant.uniform<i8:f32, 3.125000e-02:-9>' must match the hidden_state element type '!quant.uniform<i8:f32, 7.812500e-03:3>'}}
  %0:3 = "graph.lstm"(%a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11, %a12, %a13, %a14) <{fused_activation = "TANH", cell_clip = 0.0 : f32, time_major = false}> : (tensor<1x2x3x!quant.uniform<i8:f32, 0.015625:-5>>, tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<1x4x!quant.uniform<i8:f32, 0.0078125:3>>, tensor<1x4x!quant.uniform<i16:f32, 0.00048828125>>) -> (tensor<1x2x4x!quant.uniform<i8:f32, 0.03125:-9>>, tensor<1x4x!quant.uniform<i8:f32, 0.03125:-9>>, tensor<1x4x!quant.uniform<i16:f32, 0.00048828125>>)
  "func.return"() : () -> ()
}) : () -> ()

// -----

// An int8 LSTM's output sequence is int8.
"func.func"() <{function_type = (tensor<1x2x3x!quant.uniform<i8:f32, 0.015625:-5>>, tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<1x4x!quant.uniform<i8:f32, 0.0078125:3>>, tensor<1x4x!quant.uniform<i16:f32, 0.00048828125>>) -> (), sym_name = "lstm_int8_int16_output"}> ({
^bb0(%a0: tensor<1x2x3x!quant.uniform<i8:f32, 0.015625:-5>>, %a1: tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, %a2: tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, %a3: tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, %a4: tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, %a5: tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, %a6: tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, %a7: tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, %a8: tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, %a9: tensor<4xi32>, %a10: tensor<4xi32>, %a11: tensor<4xi32>, %a12: tensor<4xi32>, %a13: tensor<1x4x!quant.uniform<i8:f32, 0.0078125:3>>, %a14: tensor<1x4x!quant.uniform<i16:f32, 0.00048828125>>):
  // expected-error@+1 {{'graph.lstm' op output element type must be}}
  %0:3 = "graph.lstm"(%a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11, %a12, %a13, %a14) <{fused_activation = "TANH", cell_clip = 0.0 : f32, time_major = false}> : (tensor<1x2x3x!quant.uniform<i8:f32, 0.015625:-5>>, tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<1x4x!quant.uniform<i8:f32, 0.0078125:3>>, tensor<1x4x!quant.uniform<i16:f32, 0.00048828125>>) -> (tensor<1x2x4x!quant.uniform<i16:f32, 0.03125>>, tensor<1x4x!quant.uniform<i8:f32, 0.0078125:3>>, tensor<1x4x!quant.uniform<i16:f32, 0.00048828125>>)
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLM's LSTM computes its cell gate with TANH only.
"func.func"() <{function_type = (tensor<1x2x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<1x4xf32>, tensor<1x4xf32>) -> (), sym_name = "lstm_relu"}> ({
^bb0(%a0: tensor<1x2x3xf32>, %a1: tensor<4x3xf32>, %a2: tensor<4x3xf32>, %a3: tensor<4x3xf32>, %a4: tensor<4x3xf32>, %a5: tensor<4x4xf32>, %a6: tensor<4x4xf32>, %a7: tensor<4x4xf32>, %a8: tensor<4x4xf32>, %a9: tensor<4xf32>, %a10: tensor<4xf32>, %a11: tensor<4xf32>, %a12: tensor<4xf32>, %a13: tensor<1x4xf32>, %a14: tensor<1x4xf32>):
  // expected-error@+1 {{'graph.lstm' op fused activation "RELU" is not supported on an LSTM}}
  %0:3 = "graph.lstm"(%a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11, %a12, %a13, %a14) <{fused_activation = "RELU", cell_clip = 0.0 : f32, time_major = false}> : (tensor<1x2x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<1x4xf32>, tensor<1x4xf32>) -> (tensor<1x2x4xf32>, tensor<1x4xf32>, tensor<1x4xf32>)
  "func.return"() : () -> ()
}) : () -> ()

// -----

// A negative cell clip (TFLM: cell_clip >= 0).
"func.func"() <{function_type = (tensor<1x2x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<1x4xf32>, tensor<1x4xf32>) -> (), sym_name = "lstm_clip"}> ({
^bb0(%a0: tensor<1x2x3xf32>, %a1: tensor<4x3xf32>, %a2: tensor<4x3xf32>, %a3: tensor<4x3xf32>, %a4: tensor<4x3xf32>, %a5: tensor<4x4xf32>, %a6: tensor<4x4xf32>, %a7: tensor<4x4xf32>, %a8: tensor<4x4xf32>, %a9: tensor<4xf32>, %a10: tensor<4xf32>, %a11: tensor<4xf32>, %a12: tensor<4xf32>, %a13: tensor<1x4xf32>, %a14: tensor<1x4xf32>):
  // expected-error@+1 {{'graph.lstm' op 'cell_clip' must be at least 0}}
  %0:3 = "graph.lstm"(%a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11, %a12, %a13, %a14) <{fused_activation = "TANH", cell_clip = -1.0 : f32, time_major = false}> : (tensor<1x2x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<1x4xf32>, tensor<1x4xf32>) -> (tensor<1x2x4xf32>, tensor<1x4xf32>, tensor<1x4xf32>)
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Recurrent weights are [units, units].
"func.func"() <{function_type = (tensor<1x2x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x4xf32>, tensor<4x3xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<1x4xf32>, tensor<1x4xf32>) -> (), sym_name = "lstm_recurrent_shape"}> ({
^bb0(%a0: tensor<1x2x3xf32>, %a1: tensor<4x3xf32>, %a2: tensor<4x3xf32>, %a3: tensor<4x3xf32>, %a4: tensor<4x3xf32>, %a5: tensor<4x4xf32>, %a6: tensor<4x3xf32>, %a7: tensor<4x4xf32>, %a8: tensor<4x4xf32>, %a9: tensor<4xf32>, %a10: tensor<4xf32>, %a11: tensor<4xf32>, %a12: tensor<4xf32>, %a13: tensor<1x4xf32>, %a14: tensor<1x4xf32>):
  // expected-error@+1 {{'graph.lstm' op recurrent_to_forget_weights must have shape [4, 4], but has [4, 3]}}
  %0:3 = "graph.lstm"(%a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11, %a12, %a13, %a14) <{fused_activation = "TANH", cell_clip = 0.0 : f32, time_major = false}> : (tensor<1x2x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x4xf32>, tensor<4x3xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<1x4xf32>, tensor<1x4xf32>) -> (tensor<1x2x4xf32>, tensor<1x4xf32>, tensor<1x4xf32>)
  "func.return"() : () -> ()
}) : () -> ()

// -----

// The output is [batches, steps, units] (batch major).
"func.func"() <{function_type = (tensor<1x2x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<1x4xf32>, tensor<1x4xf32>) -> (), sym_name = "lstm_output_shape"}> ({
^bb0(%a0: tensor<1x2x3xf32>, %a1: tensor<4x3xf32>, %a2: tensor<4x3xf32>, %a3: tensor<4x3xf32>, %a4: tensor<4x3xf32>, %a5: tensor<4x4xf32>, %a6: tensor<4x4xf32>, %a7: tensor<4x4xf32>, %a8: tensor<4x4xf32>, %a9: tensor<4xf32>, %a10: tensor<4xf32>, %a11: tensor<4xf32>, %a12: tensor<4xf32>, %a13: tensor<1x4xf32>, %a14: tensor<1x4xf32>):
  // expected-error@+1 {{'graph.lstm' op result shape [2, 1, 4] does not match the inferred shape [1, 2, 4]}}
  %0:3 = "graph.lstm"(%a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11, %a12, %a13, %a14) <{fused_activation = "TANH", cell_clip = 0.0 : f32, time_major = false}> : (tensor<1x2x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<1x4xf32>, tensor<1x4xf32>) -> (tensor<2x1x4xf32>, tensor<1x4xf32>, tensor<1x4xf32>)
  "func.return"() : () -> ()
}) : () -> ()

// -----

// A float LSTM's cell state is float.
"func.func"() <{function_type = (tensor<1x2x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<1x4xf32>, tensor<1x4xf16>) -> (), sym_name = "lstm_cell_type"}> ({
^bb0(%a0: tensor<1x2x3xf32>, %a1: tensor<4x3xf32>, %a2: tensor<4x3xf32>, %a3: tensor<4x3xf32>, %a4: tensor<4x3xf32>, %a5: tensor<4x4xf32>, %a6: tensor<4x4xf32>, %a7: tensor<4x4xf32>, %a8: tensor<4x4xf32>, %a9: tensor<4xf32>, %a10: tensor<4xf32>, %a11: tensor<4xf32>, %a12: tensor<4xf32>, %a13: tensor<1x4xf32>, %a14: tensor<1x4xf16>):
  // expected-error@+1 {{'graph.lstm' op cell_state element type must be f32}}
  %0:3 = "graph.lstm"(%a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11, %a12, %a13, %a14) <{fused_activation = "TANH", cell_clip = 0.0 : f32, time_major = false}> : (tensor<1x2x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<1x4xf32>, tensor<1x4xf16>) -> (tensor<1x2x4xf32>, tensor<1x4xf32>, tensor<1x4xf16>)
  "func.return"() : () -> ()
}) : () -> ()

// -----

// The final cell state is of the cell state's shape.
"func.func"() <{function_type = (tensor<1x2x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<1x4xf32>, tensor<1x4xf32>) -> (), sym_name = "lstm_cell_result"}> ({
^bb0(%a0: tensor<1x2x3xf32>, %a1: tensor<4x3xf32>, %a2: tensor<4x3xf32>, %a3: tensor<4x3xf32>, %a4: tensor<4x3xf32>, %a5: tensor<4x4xf32>, %a6: tensor<4x4xf32>, %a7: tensor<4x4xf32>, %a8: tensor<4x4xf32>, %a9: tensor<4xf32>, %a10: tensor<4xf32>, %a11: tensor<4xf32>, %a12: tensor<4xf32>, %a13: tensor<1x4xf32>, %a14: tensor<1x4xf32>):
  // expected-error@+1 {{'graph.lstm' op result shape [1, 2, 4] does not match the inferred shape [1, 4]}}
  %0:3 = "graph.lstm"(%a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11, %a12, %a13, %a14) <{fused_activation = "TANH", cell_clip = 0.0 : f32, time_major = false}> : (tensor<1x2x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<1x4xf32>, tensor<1x4xf32>) -> (tensor<1x2x4xf32>, tensor<1x4xf32>, tensor<1x2x4xf32>)
  "func.return"() : () -> ()
}) : () -> ()

// -----

// One op computes the output sequence and both final states: three results.
"func.func"() <{function_type = (tensor<1x2x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<1x4xf32>, tensor<1x4xf32>) -> (), sym_name = "lstm_cell_result"}> ({
^bb0(%a0: tensor<1x2x3xf32>, %a1: tensor<4x3xf32>, %a2: tensor<4x3xf32>, %a3: tensor<4x3xf32>, %a4: tensor<4x3xf32>, %a5: tensor<4x4xf32>, %a6: tensor<4x4xf32>, %a7: tensor<4x4xf32>, %a8: tensor<4x4xf32>, %a9: tensor<4xf32>, %a10: tensor<4xf32>, %a11: tensor<4xf32>, %a12: tensor<4xf32>, %a13: tensor<1x4xf32>, %a14: tensor<1x4xf32>):
  // expected-error@+1 {{'graph.lstm' op requires 3 results, but found 1}}
  %0 = "graph.lstm"(%a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11, %a12, %a13, %a14) <{fused_activation = "TANH", cell_clip = 0.0 : f32, time_major = false}> : (tensor<1x2x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<1x4xf32>, tensor<1x4xf32>) -> tensor<1x2x4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// SPLIT's axis must be within the input's rank.
"func.func"() <{function_type = (tensor<2x4xf32>) -> (), sym_name = "f125"}> ({
^bb0(%x: tensor<2x4xf32>):
  // expected-error@+1 {{'graph.split' op axis 2 is out of range for rank 2}}
  %0:2 = "graph.split"(%x) <{axis = array<i64: 2>, num_splits = 2 : i64}> : (tensor<2x4xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>)
  "func.return"() : () -> ()
}) : () -> ()
// -----

// SPLIT's pieces are equal: the dimension must divide.
"func.func"() <{function_type = (tensor<2x5xf32>) -> (), sym_name = "f126"}> ({
^bb0(%x: tensor<2x5xf32>):
  // expected-error@+1 {{'graph.split' op dimension 1 of the input [2, 5] (size 5) does not split into 2 equal pieces}}
  %0:2 = "graph.split"(%x) <{axis = array<i64: -1>, num_splits = 2 : i64}> : (tensor<2x5xf32>) -> (tensor<2x2xf32>, tensor<2x3xf32>)
  "func.return"() : () -> ()
}) : () -> ()
// -----

// num_splits is the number of results.
"func.func"() <{function_type = (tensor<2x4xf32>) -> (), sym_name = "f127"}> ({
^bb0(%x: tensor<2x4xf32>):
  // expected-error@+1 {{'graph.split' op 'num_splits' is 3, but the op has 2 results}}
  %0:2 = "graph.split"(%x) <{axis = array<i64: 1>, num_splits = 3 : i64}> : (tensor<2x4xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>)
  "func.return"() : () -> ()
}) : () -> ()
// -----

// Every piece has the input's element type.
"func.func"() <{function_type = (tensor<2x4xf32>) -> (), sym_name = "f128"}> ({
^bb0(%x: tensor<2x4xf32>):
  // expected-error@+1 {{'graph.split' op result #1 element type 'i32' must match the input element type 'f32'}}
  %0:2 = "graph.split"(%x) <{axis = array<i64: 1>, num_splits = 2 : i64}> : (tensor<2x4xf32>) -> (tensor<2x2xf32>, tensor<2x2xi32>)
  "func.return"() : () -> ()
}) : () -> ()
// -----

// TFLite Micro splits f32, int8, int16 and int32 only.
"func.func"() <{function_type = (tensor<2x4xi64>) -> (), sym_name = "f129"}> ({
^bb0(%x: tensor<2x4xi64>):
  // expected-error@+1 {{'graph.split' op input element type must be f32, quantized i8, i8, quantized i16, i16, quantized i32 or i32, but got 'i64'}}
  %0:2 = "graph.split"(%x) <{axis = array<i64: 1>, num_splits = 2 : i64}> : (tensor<2x4xi64>) -> (tensor<2x2xi64>, tensor<2x2xi64>)
  "func.return"() : () -> ()
}) : () -> ()
// -----

// The axis is one i32.
"func.func"() <{function_type = (tensor<2x4xf32>, tensor<2xi32>) -> (), sym_name = "f130"}> ({
^bb0(%x: tensor<2x4xf32>, %a: tensor<2xi32>):
  // expected-error@+1 {{'graph.split' op axis operand must hold one i32 (0-D or 1-D), but got 'tensor<2xi32>'}}
  %0:2 = "graph.split"(%x, %a) <{num_splits = 2 : i64}> : (tensor<2x4xf32>, tensor<2xi32>) -> (tensor<2x2xf32>, tensor<2x2xf32>)
  "func.return"() : () -> ()
}) : () -> ()
// -----

// The pieces' shapes are the inferred ones.
"func.func"() <{function_type = (tensor<2x4xf32>) -> (), sym_name = "f131"}> ({
^bb0(%x: tensor<2x4xf32>):
  // expected-error@+1 {{'graph.split' op result shape [1, 4] does not match the inferred shape [2, 2]}}
  %0:2 = "graph.split"(%x) <{axis = array<i64: 1>, num_splits = 2 : i64}> : (tensor<2x4xf32>) -> (tensor<1x4xf32>, tensor<1x4xf32>)
  "func.return"() : () -> ()
}) : () -> ()
// -----

// SPLIT_V's sizes sum to the dimension.
"func.func"() <{function_type = (tensor<7x2xf32>) -> (), sym_name = "f132"}> ({
^bb0(%x: tensor<7x2xf32>):
  // expected-error@+1 {{'graph.split_v' op size_splits [2, 2] does not sum to dimension 0 of the input [7, 2] (size 7)}}
  %0:2 = "graph.split_v"(%x) <{size_splits = array<i64: 2, 2>, axis = array<i64: 0>, num_splits = 2 : i64}> : (tensor<7x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>)
  "func.return"() : () -> ()
}) : () -> ()
// -----

// SPLIT_V takes one -1.
"func.func"() <{function_type = (tensor<7x2xf32>) -> (), sym_name = "f133"}> ({
^bb0(%x: tensor<7x2xf32>):
  // expected-error@+1 {{'graph.split_v' op size_splits may hold one -1, but holds 2}}
  %0:2 = "graph.split_v"(%x) <{size_splits = array<i64: -1, -1>, axis = array<i64: 0>, num_splits = 2 : i64}> : (tensor<7x2xf32>) -> (tensor<3x2xf32>, tensor<4x2xf32>)
  "func.return"() : () -> ()
}) : () -> ()
// -----

// SPLIT_V's pieces are never empty (TFLite Micro refuses empty tensors).
"func.func"() <{function_type = (tensor<7x2xf32>) -> (), sym_name = "f134"}> ({
^bb0(%x: tensor<7x2xf32>):
  // expected-error@+1 {{'graph.split_v' op piece 1 of size_splits [7, -1] would be empty}}
  %0:2 = "graph.split_v"(%x) <{size_splits = array<i64: 7, -1>, axis = array<i64: 0>, num_splits = 2 : i64}> : (tensor<7x2xf32>) -> (tensor<7x2xf32>, tensor<0x2xf32>)
  "func.return"() : () -> ()
}) : () -> ()
// -----

// SPLIT_V's lists are both operands or both attributes.
"func.func"() <{function_type = (tensor<7x2xf32>) -> (), sym_name = "f135"}> ({
^bb0(%x: tensor<7x2xf32>):
  // expected-error@+1 {{'graph.split_v' op requires size_splits and axis, both as operands or both as attributes}}
  %0:2 = "graph.split_v"(%x) <{size_splits = array<i64: 3, 4>, num_splits = 2 : i64}> : (tensor<7x2xf32>) -> (tensor<3x2xf32>, tensor<4x2xf32>)
  "func.return"() : () -> ()
}) : () -> ()
// -----

// UNPACK's num is the dimension's size.
"func.func"() <{function_type = (tensor<2x3xf32>) -> (), sym_name = "f136"}> ({
^bb0(%x: tensor<2x3xf32>):
  // expected-error@+1 {{'graph.unpack' op num is 2, but dimension 1 of the input [2, 3] has size 3}}
  %0:2 = "graph.unpack"(%x) <{axis = 1 : i64, num = 2 : i64}> : (tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  "func.return"() : () -> ()
}) : () -> ()
// -----

// UNPACK's axis is within the input's rank.
"func.func"() <{function_type = (tensor<2x3xf32>) -> (), sym_name = "f137"}> ({
^bb0(%x: tensor<2x3xf32>):
  // expected-error@+1 {{'graph.unpack' op axis -3 is out of range for rank 2}}
  %0:2 = "graph.unpack"(%x) <{axis = -3 : i64, num = 2 : i64}> : (tensor<2x3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  "func.return"() : () -> ()
}) : () -> ()

// -----

// BROADCAST_TO: each input dimension is 1 or the shape's (aligned at the end).
"func.func"() <{function_type = (tensor<3x2xf32>) -> (), sym_name = "f125"}> ({
^bb0(%x: tensor<3x2xf32>):
  %s = "graph.const"() <{value = dense<[3, 4]> : tensor<2xi32>}> : () -> tensor<2xi32>
  // expected-error@+1 {{'graph.broadcast_to' op input shape [3, 2] cannot be broadcast to [3, 4]: dimension 1 is 2}}
  %0 = "graph.broadcast_to"(%x, %s) : (tensor<3x2xf32>, tensor<2xi32>) -> tensor<3x4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// BROADCAST_TO: ranks up to 5 (TFLite Micro's kMaxDims).
"func.func"() <{function_type = (tensor<2xi8>) -> (), sym_name = "f126"}> ({
^bb0(%x: tensor<2xi8>):
  // expected-error@+1 {{'graph.broadcast_to' op broadcasts at most rank 5 (TFLite Micro's BROADCAST_TO), but the input has rank 1 and the shape 6}}
  %0 = "graph.broadcast_to"(%x) <{shape = array<i64: 1, 1, 1, 1, 1, 2>}> : (tensor<2xi8>) -> tensor<1x1x1x1x1x2xi8>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// BROADCAST_TO: not to a lower rank.
"func.func"() <{function_type = (tensor<2x3xf32>) -> (), sym_name = "f127"}> ({
^bb0(%x: tensor<2x3xf32>):
  // expected-error@+1 {{'graph.broadcast_to' op input of rank 2 cannot be broadcast to the lower rank 1}}
  %0 = "graph.broadcast_to"(%x) <{shape = array<i64: 3>}> : (tensor<2x3xf32>) -> tensor<3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// BROADCAST_TO keeps the element type.
"func.func"() <{function_type = (tensor<3xf32>) -> (), sym_name = "f128"}> ({
^bb0(%x: tensor<3xf32>):
  // expected-error@+1 {{'graph.broadcast_to' op result element type}}
  %0 = "graph.broadcast_to"(%x) <{shape = array<i64: 2, 3>}> : (tensor<3xf32>) -> tensor<2x3xi32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// BROADCAST_ARGS: constant shapes that do not broadcast (TFLite Micro aborts on them).
"func.func"() <{function_type = () -> (), sym_name = "f129"}> ({
  %a = "graph.const"() <{value = dense<[2, 3]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %b = "graph.const"() <{value = dense<[4]> : tensor<1xi32>}> : () -> tensor<1xi32>
  // expected-error@+1 {{'graph.broadcast_args' op constant shapes [2, 3] and [4] do not broadcast}}
  %0 = "graph.broadcast_args"(%a, %b) : (tensor<2xi32>, tensor<1xi32>) -> tensor<2xi32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// BROADCAST_ARGS: int32 or int64 shapes, both of one type.
"func.func"() <{function_type = (tensor<2xi32>, tensor<2xi64>) -> (), sym_name = "f130"}> ({
^bb0(%a: tensor<2xi32>, %b: tensor<2xi64>):
  // expected-error@+1 {{'graph.broadcast_args' op rhs element type must be i32, but got 'i64'}}
  %0 = "graph.broadcast_args"(%a, %b) : (tensor<2xi32>, tensor<2xi64>) -> tensor<2xi32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// BROADCAST_ARGS: the result is as long as the longer shape.
"func.func"() <{function_type = (tensor<2xi32>, tensor<3xi32>) -> (), sym_name = "f131"}> ({
^bb0(%a: tensor<2xi32>, %b: tensor<3xi32>):
  // expected-error@+1 {{'graph.broadcast_args' op}}
  %0 = "graph.broadcast_args"(%a, %b) : (tensor<2xi32>, tensor<3xi32>) -> tensor<2xi32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// EMBEDDING_LOOKUP: a constant id outside the table's rows.
"func.func"() <{function_type = (tensor<4x3xf32>) -> (), sym_name = "f132"}> ({
^bb0(%t: tensor<4x3xf32>):
  %ids = "graph.const"() <{value = dense<[1, 4]> : tensor<2xi32>}> : () -> tensor<2xi32>
  // expected-error@+1 {{'graph.embedding_lookup' op constant indices hold 4 at position 1, outside [0, 4) of the params}}
  %0 = "graph.embedding_lookup"(%t, %ids) : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// EMBEDDING_LOOKUP: 1-D ids (TFLite Micro's EmbeddingLookUpPrepare).
"func.func"() <{function_type = (tensor<4x3xf32>, tensor<2x1xi32>) -> (), sym_name = "f133"}> ({
^bb0(%t: tensor<4x3xf32>, %ids: tensor<2x1xi32>):
  // expected-error@+1 {{'graph.embedding_lookup' op ids must be 1-D (TFLite Micro's EMBEDDING_LOOKUP), but have rank 2}}
  %0 = "graph.embedding_lookup"(%t, %ids) : (tensor<4x3xf32>, tensor<2x1xi32>) -> tensor<2x1x3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// EMBEDDING_LOOKUP into f32: TFLite Micro dequantizes with zero point 0 only.
"func.func"() <{function_type = (tensor<4x3x!quant.uniform<i8:f32, 0.5:2>>, tensor<2xi32>) -> (), sym_name = "f134"}> ({
^bb0(%t: tensor<4x3x!quant.uniform<i8:f32, 0.5:2>>, %ids: tensor<2xi32>):
  // expected-error@+1 {{'graph.embedding_lookup' op value zero points must be 0 for an f32 result, but are [2]}}
  %0 = "graph.embedding_lookup"(%t, %ids) : (tensor<4x3x!quant.uniform<i8:f32, 0.5:2>>, tensor<2xi32>) -> tensor<2x3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// EMBEDDING_LOOKUP: float32 or int8 tables (TFLite Micro refuses int16).
"func.func"() <{function_type = (tensor<4x3x!quant.uniform<i16:f32, 0.5>>, tensor<2xi32>) -> (), sym_name = "f135"}> ({
^bb0(%t: tensor<4x3x!quant.uniform<i16:f32, 0.5>>, %ids: tensor<2xi32>):
  // expected-error@+1 {{'graph.embedding_lookup' op value element type must be}}
  %0 = "graph.embedding_lookup"(%t, %ids) : (tensor<4x3x!quant.uniform<i16:f32, 0.5>>, tensor<2xi32>) -> tensor<2x3x!quant.uniform<i16:f32, 0.5>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// DYNAMIC_UPDATE_SLICE: the update fits in the operand (TFLite Micro's Prepare).
"func.func"() <{function_type = (tensor<4x5xf32>, tensor<2x6xf32>, tensor<2xi32>) -> (), sym_name = "f136"}> ({
^bb0(%x: tensor<4x5xf32>, %u: tensor<2x6xf32>, %s: tensor<2xi32>):
  // expected-error@+1 {{'graph.dynamic_update_slice' op update shape [2, 6] must have the operand's rank and fit in its shape [4, 5]}}
  %0 = "graph.dynamic_update_slice"(%x, %u, %s) : (tensor<4x5xf32>, tensor<2x6xf32>, tensor<2xi32>) -> tensor<4x5xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// DYNAMIC_UPDATE_SLICE: one start index per dimension.
"func.func"() <{function_type = (tensor<4x5xf32>, tensor<2x3xf32>, tensor<3xi32>) -> (), sym_name = "f137"}> ({
^bb0(%x: tensor<4x5xf32>, %u: tensor<2x3xf32>, %s: tensor<3xi32>):
  // expected-error@+1 {{'graph.dynamic_update_slice' op start_indices must hold 2 indices (one per dimension), but hold 3}}
  %0 = "graph.dynamic_update_slice"(%x, %u, %s) : (tensor<4x5xf32>, tensor<2x3xf32>, tensor<3xi32>) -> tensor<4x5xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// DYNAMIC_UPDATE_SLICE: the update has the operand's element type.
"func.func"() <{function_type = (tensor<4x5xf32>, tensor<2x3xi32>, tensor<2xi32>) -> (), sym_name = "f138"}> ({
^bb0(%x: tensor<4x5xf32>, %u: tensor<2x3xi32>, %s: tensor<2xi32>):
  // expected-error@+1 {{'graph.dynamic_update_slice' op update element type}}
  %0 = "graph.dynamic_update_slice"(%x, %u, %s) : (tensor<4x5xf32>, tensor<2x3xi32>, tensor<2xi32>) -> tensor<4x5xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// IF: the condition is a bool tensor of one element.
func.func @if_condition(%c: tensor<2xi1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'graph.if' op condition must be a bool tensor of one element, but got 'tensor<2xi1>'}}
  %r = "graph.if"(%c) ({
    "graph.yield"(%x) : (tensor<4xf32>) -> ()
  }, {
    "graph.yield"(%x) : (tensor<4xf32>) -> ()
  }) : (tensor<2xi1>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// IF: both branches yield the results' types.
func.func @if_branches_disagree(%c: tensor<i1>, %x: tensor<4xf32>, %y: tensor<4xi32>) -> tensor<4xf32> {
  // expected-error@+1 {{'graph.if' op the 'else' block yields 'tensor<4xi32>' as result #0, which is 'tensor<4xf32>'}}
  %r = "graph.if"(%c) ({
    "graph.yield"(%x) : (tensor<4xf32>) -> ()
  }, {
    "graph.yield"(%y) : (tensor<4xi32>) -> ()
  }) : (tensor<i1>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// WHILE: the body keeps every carried value's type and shape.
func.func @while_body_changes_shape(%x: tensor<4xf32>, %c: tensor<i1>, %y: tensor<8xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'graph.while' op the 'body' block yields 'tensor<8xf32>' as carried value #0, which is 'tensor<4xf32>'}}
  %r = "graph.while"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    "graph.yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<4xf32>):
    "graph.yield"(%y) : (tensor<8xf32>) -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// WHILE: the cond block yields one condition.
func.func @while_cond_yields_data(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'graph.while' op the 'cond' block must yield one bool tensor of one element}}
  %r = "graph.while"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    "graph.yield"(%a) : (tensor<4xf32>) -> ()
  }, {
  ^bb0(%a: tensor<4xf32>):
    "graph.yield"(%a) : (tensor<4xf32>) -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// WHILE: the blocks take the carried values.
func.func @while_block_arguments(%x: tensor<4xf32>, %c: tensor<i1>) -> tensor<4xf32> {
  // expected-error@+1 {{'graph.while' op the 'cond' block's arguments () must be (tensor<4xf32>)}}
  %r = "graph.while"(%x) ({
    "graph.yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<4xf32>):
    "graph.yield"(%a) : (tensor<4xf32>) -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A yield ends a control-flow region only.
func.func @yield_outside(%c: i1, %x: tensor<4xf32>) {
  "loop.if"(%c) ({
    // expected-error@+1 {{'graph.yield' op expects parent op to be one of 'graph.if, graph.while, graph.call_once'}}
    "graph.yield"(%x) : (tensor<4xf32>) -> ()
  }, {
  }) : (i1) -> ()
  return
}

// -----

// TFLite Micro reads the axes of its reductions, the axes of REVERSE_V2, the begin/end/strides
// of STRIDED_SLICE, the size of RESIZE_* and the block shape and paddings of SPACE_TO_BATCH_ND
// as int32 only (it refuses or misreads int64 ones): mc refuses int64 there.
"func.func"() <{function_type = (tensor<2x3xf32>, tensor<1xi64>) -> (), sym_name = "mean_i64_axes"}> ({
^bb0(%x: tensor<2x3xf32>, %a: tensor<1xi64>):
  // expected-error@+1 {{'graph.mean' op axes operand must be a 0-D or 1-D tensor of i32 (TFLite Micro reads int32 only), but got 'tensor<1xi64>'}}
  %0 = "graph.mean"(%x, %a) <{keep_dims = false}> : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (tensor<2x3xf32>, tensor<1xi64>) -> (), sym_name = "reverse_i64_axes"}> ({
^bb0(%x: tensor<2x3xf32>, %a: tensor<1xi64>):
  // expected-error@+1 {{'graph.reverse_v2' op axes operand must be a 1-D tensor of i32 (TFLite Micro reads int32 only), but got 'tensor<1xi64>'}}
  %0 = "graph.reverse_v2"(%x, %a) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2x3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (tensor<4x3xf32>, tensor<2xi64>, tensor<2xi32>) -> (), sym_name = "strided_slice_i64"}> ({
^bb0(%x: tensor<4x3xf32>, %b: tensor<2xi64>, %e: tensor<2xi32>):
  // expected-error@+1 {{'graph.strided_slice' op begin operand must be a 1-D tensor of i32 (TFLite Micro reads int32 only), but got 'tensor<2xi64>'}}
  %0 = "graph.strided_slice"(%x, %b, %e, %e) <{begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64, offset = false}> : (tensor<4x3xf32>, tensor<2xi64>, tensor<2xi32>, tensor<2xi32>) -> tensor<1x1xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (tensor<1x2x2x1xf32>, tensor<2xi64>) -> (), sym_name = "resize_i64_size"}> ({
^bb0(%x: tensor<1x2x2x1xf32>, %s: tensor<2xi64>):
  // expected-error@+1 {{'graph.resize_nearest_neighbor' op size operand must be a 1-D tensor of i32 (TFLite Micro reads int32 only), but got 'tensor<2xi64>'}}
  %0 = "graph.resize_nearest_neighbor"(%x, %s) <{align_corners = false, half_pixel_centers = false}> : (tensor<1x2x2x1xf32>, tensor<2xi64>) -> tensor<1x4x4x1xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (tensor<1x4x4x1xf32>, tensor<2xi64>, tensor<2x2xi64>) -> (), sym_name = "space_to_batch_i64"}> ({
^bb0(%x: tensor<1x4x4x1xf32>, %b: tensor<2xi64>, %p: tensor<2x2xi64>):
  // expected-error@+2 {{'graph.space_to_batch_nd' op block shape operand must be a 1-D tensor of i32 (TFLite Micro reads int32 only), but got 'tensor<2xi64>'}}
  // expected-error@+1 {{'graph.space_to_batch_nd' op paddings operand must be a 2x2 tensor of i32 (TFLite Micro reads int32 only), but got 'tensor<2x2xi64>'}}
  %0 = "graph.space_to_batch_nd"(%x, %b, %p) : (tensor<1x4x4x1xf32>, tensor<2xi64>, tensor<2x2xi64>) -> tensor<4x2x2x1xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// TFLM's REDUCE_ALL reduces bool only.
"func.func"() <{function_type = (tensor<2x3xf32>) -> (), sym_name = "reduce_all_f32"}> ({
^bb0(%x: tensor<2x3xf32>):
  // expected-error@+2 {{'graph.reduce_all' op input element type must be i1, but got 'f32'}}
  // expected-error@+1 {{'graph.reduce_all' op result element type must be i1, but got 'f32'}}
  %0 = "graph.reduce_all"(%x) <{axes = array<i64: 1>, keep_dims = false}> : (tensor<2x3xf32>) -> tensor<2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// The result shape is the reduced input's.
"func.func"() <{function_type = (tensor<2x3xi1>) -> (), sym_name = "reduce_all_shape"}> ({
^bb0(%x: tensor<2x3xi1>):
  // expected-error@+1 {{'graph.reduce_all' op}}
  %0 = "graph.reduce_all"(%x) <{axes = array<i64: 1>, keep_dims = true}> : (tensor<2x3xi1>) -> tensor<2xi1>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// The axes come once, as an operand or an attribute.
"func.func"() <{function_type = (tensor<2x3xi1>) -> (), sym_name = "reduce_all_no_axes"}> ({
^bb0(%x: tensor<2x3xi1>):
  // expected-error@+1 {{'graph.reduce_all' op requires a axes operand or a 'axes' attribute}}
  %0 = "graph.reduce_all"(%x) <{keep_dims = false}> : (tensor<2x3xi1>) -> tensor<3xi1>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Only int8 is dequantized per channel (TFLite Micro reads its first channel's parameters).
"func.func"() <{function_type = (tensor<2x3x!quant.uniform<i16:f32:0, {0.5, 0.25}>>) -> (), sym_name = "dequantize_int16_per_channel"}> ({
^bb0(%x: tensor<2x3x!quant.uniform<i16:f32:0, {0.5, 0.25}>>):
  // expected-error@+1 {{'graph.dequantize' op input must be quantized per tensor}}
  %0 = "graph.dequantize"(%x) : (tensor<2x3x!quant.uniform<i16:f32:0, {0.5, 0.25}>>) -> tensor<2x3xf32>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// A reshape may change a per-tensor quantization, not the storage type.
"func.func"() <{function_type = (tensor<2x3x!quant.uniform<i8:f32, 0.5>>) -> (), sym_name = "reshape_storage"}> ({
^bb0(%x: tensor<2x3x!quant.uniform<i8:f32, 0.5>>):
  // expected-error@+1 {{'graph.reshape' op result element type '!quant.uniform<i16:f32, 5.000000e-01>' must match the input element type '!quant.uniform<i8:f32, 5.000000e-01>'}}
  %0 = "graph.reshape"(%x) <{new_shape = array<i64: 6>}> : (tensor<2x3x!quant.uniform<i8:f32, 0.5>>) -> tensor<6x!quant.uniform<i16:f32, 0.5>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Nor a per-channel quantization.
"func.func"() <{function_type = (tensor<2x3x!quant.uniform<i8:f32:0, {0.5, 0.25}>>) -> (), sym_name = "reshape_per_channel"}> ({
^bb0(%x: tensor<2x3x!quant.uniform<i8:f32:0, {0.5, 0.25}>>):
  // expected-error@+1 {{'graph.reshape' op result element type '!quant.uniform<i8:f32:0, {2.500000e-01,5.000000e-01}>' must match the input element type '!quant.uniform<i8:f32:0, {5.000000e-01,2.500000e-01}>'}}
  %0 = "graph.reshape"(%x) <{new_shape = array<i64: 2, 3>}> : (tensor<2x3x!quant.uniform<i8:f32:0, {0.5, 0.25}>>) -> tensor<2x3x!quant.uniform<i8:f32:0, {0.25, 0.5}>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// INT4 weights are for int8 convolutions and fully connected layers only: not a transposed
// convolution's filter, not under int16 activations.
"func.func"() <{function_type = (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5:-3>>, tensor<1x4x4x2x!quant.uniform<i16:f32, 0.5>>) -> (), sym_name = "int4_elsewhere"}> ({
^bb0(%x: tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5:-3>>, %x16: tensor<1x4x4x2x!quant.uniform<i16:f32, 0.5>>):
  %w = "graph.const"() <{value = dense<1> : tensor<2x1x1x2xi4>}> : () -> tensor<2x1x1x2x!quant.uniform<i4:f32, 0.5>>
  // expected-error@+1 {{'graph.transpose_conv' op filter element type must be quantized i8, but got '!quant.uniform<i4:f32, 5.000000e-01>'}}
  %0 = "graph.transpose_conv"(%x, %w) <{output_shape = array<i64: 1, 4, 4, 2>, stride_h = 1 : i64, stride_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5:-3>>, tensor<2x1x1x2x!quant.uniform<i4:f32, 0.5>>) -> tensor<1x4x4x2x!quant.uniform<i8:f32, 0.25:1>>
  // expected-error@+1 {{'graph.conv_2d' op filter element type must be quantized i8, but got '!quant.uniform<i4:f32, 5.000000e-01>'}}
  %1 = "graph.conv_2d"(%x16, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x4x4x2x!quant.uniform<i16:f32, 0.5>>, tensor<2x1x1x2x!quant.uniform<i4:f32, 0.5>>) -> tensor<1x4x4x2x!quant.uniform<i16:f32, 0.25>>
  "func.return"() : () -> ()
}) : () -> ()

// -----

// A fully connected layer takes INT4 weights with one scale per tensor only, as TFLite Micro.
"func.func"() <{function_type = (tensor<1x3x!quant.uniform<i8:f32, 0.5:-3>>) -> (), sym_name = "int4_per_channel_fc"}> ({
^bb0(%x: tensor<1x3x!quant.uniform<i8:f32, 0.5:-3>>):
  %w = "graph.const"() <{value = dense<1> : tensor<2x3xi4>}> : () -> tensor<2x3x!quant.uniform<i4:f32:0, {0.5, 0.25}>>
  // expected-error@+1 {{'graph.fully_connected' op weights must be quantized per tensor}}
  %0 = "graph.fully_connected"(%x, %w) <{fused_activation = "NONE", keep_num_dims = false}> : (tensor<1x3x!quant.uniform<i8:f32, 0.5:-3>>, tensor<2x3x!quant.uniform<i4:f32:0, {0.5, 0.25}>>) -> tensor<1x2x!quant.uniform<i8:f32, 0.25:1>>
  "func.return"() : () -> ()
}) : () -> ()
