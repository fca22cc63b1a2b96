// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(graph-canonicalize))' | FileCheck %s

// TensorFlow's SAME dilated 3x3 convolution, rate 2, of a 7x7 input: paddings [2, 3] (the (3−1)·2
// split, plus 1 to reach a multiple of 2), crops [0, 1]. One dilated convolution, no batches.
// CHECK-LABEL: func.func @same
// CHECK-NEXT: %[[W:.*]] = "graph.const"
// CHECK-NEXT: %[[B:.*]] = "graph.const"
// CHECK-NEXT: %[[Y:.*]] = "graph.conv_2d"(%arg0, %[[W]], %[[B]]) <{dilation_h = 2 : i64, dilation_w = 2 : i64, fused_activation = "RELU", padding = "SAME", stride_h = 1 : i64, stride_w = 1 : i64}> : (tensor<1x7x7x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>) -> tensor<1x7x7x3xf32>
// CHECK-NEXT: return %[[Y]]
func.func @same(%x: tensor<1x7x7x2xf32>) -> tensor<1x7x7x3xf32> {
  %block = "graph.const"() <{value = dense<2> : tensor<2xi32>}> : () -> tensor<2xi32>
  %paddings = "graph.const"() <{value = dense<[[2, 3], [2, 3]]> : tensor<2x2xi32>}> : () -> tensor<2x2xi32>
  %crops = "graph.const"() <{value = dense<[[0, 1], [0, 1]]> : tensor<2x2xi32>}> : () -> tensor<2x2xi32>
  %w = "graph.const"() <{value = dense<0.5> : tensor<3x3x3x2xf32>}> : () -> tensor<3x3x3x2xf32>
  %b = "graph.const"() <{value = dense<0.25> : tensor<3xf32>}> : () -> tensor<3xf32>
  %0 = "graph.space_to_batch_nd"(%x, %block, %paddings) : (tensor<1x7x7x2xf32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<4x6x6x2xf32>
  %1 = "graph.conv_2d"(%0, %w, %b) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "VALID", fused_activation = "RELU"}> : (tensor<4x6x6x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>) -> tensor<4x4x4x3xf32>
  %2 = "graph.batch_to_space_nd"(%1, %block, %crops) : (tensor<4x4x4x3xf32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<1x7x7x3xf32>
  return %2 : tensor<1x7x7x3xf32>
}

// -----

// VALID, depthwise, rates 3 and 2 (lists already attributes): no padding is read, so an int8
// input with a zero point other than 0 is rewritten too.
!q = !quant.uniform<i8:f32, 5.000000e-02:-3>
!qw = !quant.uniform<i8<-127:127>:f32:3, {1.000000e-02, 2.000000e-02}>
!qo = !quant.uniform<i8:f32, 1.000000e-01:4>
// CHECK-LABEL: func.func @valid_depthwise
// CHECK: %[[Y:.*]] = "graph.depthwise_conv_2d"(%arg0, %{{.*}}) <{depth_multiplier = 1 : i64, dilation_h = 3 : i64, dilation_w = 2 : i64, fused_activation = "NONE", padding = "VALID", stride_h = 1 : i64, stride_w = 1 : i64}> : ({{.*}}) -> tensor<1x6x3x2x!quant.uniform<i8:f32, 1.000000e-01:4>>
// CHECK-NOT: space_to_batch
// CHECK-NOT: batch_to_space
// CHECK: return %[[Y]]
func.func @valid_depthwise(%x: tensor<1x9x7x2x!q>) -> tensor<1x6x3x2x!qo> {
  %w = "graph.const"() <{value = dense<1> : tensor<1x2x3x2xi8>}> : () -> tensor<1x2x3x2x!qw>
  %0 = "graph.space_to_batch_nd"(%x) <{block_shape = array<i64: 3, 2>, paddings = array<i64: 0, 0, 0, 1>}> : (tensor<1x9x7x2x!q>) -> tensor<6x3x4x2x!q>
  %1 = "graph.depthwise_conv_2d"(%0, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, depth_multiplier = 1 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<6x3x4x2x!q>, tensor<1x2x3x2x!qw>) -> tensor<6x2x2x2x!qo>
  %2 = "graph.batch_to_space_nd"(%1) <{block_shape = array<i64: 3, 2>, crops = array<i64: 0, 0, 0, 1>}> : (tensor<6x2x2x2x!qo>) -> tensor<1x6x3x2x!qo>
  return %2 : tensor<1x6x3x2x!qo>
}

// -----

// SAME with an int8 zero point other than 0: TFLite Micro's chain reads its padding (the stored
// 0, not the zero point) where the dilated convolution would skip the tap. Left alone.
!q = !quant.uniform<i8:f32, 5.000000e-02:-3>
!qw = !quant.uniform<i8<-127:127>:f32:0, {1.000000e-02}>
!qo = !quant.uniform<i8:f32, 1.000000e-01:4>
// CHECK-LABEL: func.func @same_int8_zero_point
// CHECK: graph.space_to_batch_nd
// CHECK: graph.conv_2d
// CHECK: graph.batch_to_space_nd
func.func @same_int8_zero_point(%x: tensor<1x4x4x1x!q>) -> tensor<1x4x4x1x!qo> {
  %w = "graph.const"() <{value = dense<1> : tensor<1x3x3x1xi8>}> : () -> tensor<1x3x3x1x!qw>
  %0 = "graph.space_to_batch_nd"(%x) <{block_shape = array<i64: 2, 2>, paddings = array<i64: 2, 2, 2, 2>}> : (tensor<1x4x4x1x!q>) -> tensor<4x4x4x1x!q>
  %1 = "graph.conv_2d"(%0, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<4x4x4x1x!q>, tensor<1x3x3x1x!qw>) -> tensor<4x2x2x1x!qo>
  %2 = "graph.batch_to_space_nd"(%1) <{block_shape = array<i64: 2, 2>, crops = array<i64: 0, 0, 0, 0>}> : (tensor<4x2x2x1x!qo>) -> tensor<1x4x4x1x!qo>
  return %2 : tensor<1x4x4x1x!qo>
}

// -----

// Cases that must not be touched: a second user of the batches, a strided inner convolution,
// paddings that are neither SAME nor VALID, different block shapes.
// CHECK-LABEL: func.func @untouched
// CHECK: graph.space_to_batch_nd
// CHECK: graph.batch_to_space_nd
// CHECK: graph.space_to_batch_nd
// CHECK: graph.batch_to_space_nd
// CHECK: graph.space_to_batch_nd
// CHECK: graph.batch_to_space_nd
// CHECK: graph.space_to_batch_nd
// CHECK: graph.batch_to_space_nd
// CHECK-NOT: dilation_h = 2
func.func @untouched(%x: tensor<1x8x8x1xf32>) -> (tensor<4x4x4x1xf32>, tensor<1x4x4x1xf32>, tensor<1x4x4x1xf32>, tensor<1x9x9x1xf32>, tensor<1x16x4x1xf32>) {
  %w = "graph.const"() <{value = dense<0.5> : tensor<1x3x3x1xf32>}> : () -> tensor<1x3x3x1xf32>
  %w1 = "graph.const"() <{value = dense<0.5> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  // The batches are also returned.
  %0 = "graph.space_to_batch_nd"(%x) <{block_shape = array<i64: 2, 2>, paddings = array<i64: 0, 0, 0, 0>}> : (tensor<1x8x8x1xf32>) -> tensor<4x4x4x1xf32>
  %1 = "graph.conv_2d"(%0, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<4x4x4x1xf32>, tensor<1x3x3x1xf32>) -> tensor<4x2x2x1xf32>
  %2 = "graph.batch_to_space_nd"(%1) <{block_shape = array<i64: 2, 2>, crops = array<i64: 0, 0, 0, 0>}> : (tensor<4x2x2x1xf32>) -> tensor<1x4x4x1xf32>
  // Stride 2 inside.
  %3 = "graph.space_to_batch_nd"(%x) <{block_shape = array<i64: 2, 2>, paddings = array<i64: 2, 2, 2, 2>}> : (tensor<1x8x8x1xf32>) -> tensor<4x6x6x1xf32>
  %4 = "graph.conv_2d"(%3, %w) <{stride_h = 2 : i64, stride_w = 2 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<4x6x6x1xf32>, tensor<1x3x3x1xf32>) -> tensor<4x2x2x1xf32>
  %5 = "graph.batch_to_space_nd"(%4) <{block_shape = array<i64: 2, 2>, crops = array<i64: 0, 0, 0, 0>}> : (tensor<4x2x2x1xf32>) -> tensor<1x4x4x1xf32>
  // A 1x1 filter with padding on top: the result starts one row early (neither SAME nor VALID).
  %6 = "graph.space_to_batch_nd"(%x) <{block_shape = array<i64: 2, 2>, paddings = array<i64: 2, 0, 2, 0>}> : (tensor<1x8x8x1xf32>) -> tensor<4x5x5x1xf32>
  %7 = "graph.conv_2d"(%6, %w1) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<4x5x5x1xf32>, tensor<1x1x1x1xf32>) -> tensor<4x5x5x1xf32>
  %8 = "graph.batch_to_space_nd"(%7) <{block_shape = array<i64: 2, 2>, crops = array<i64: 0, 1, 0, 1>}> : (tensor<4x5x5x1xf32>) -> tensor<1x9x9x1xf32>
  // Block shapes that differ.
  %9 = "graph.space_to_batch_nd"(%x) <{block_shape = array<i64: 2, 2>, paddings = array<i64: 2, 2, 2, 2>}> : (tensor<1x8x8x1xf32>) -> tensor<4x6x6x1xf32>
  %10 = "graph.conv_2d"(%9, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<4x6x6x1xf32>, tensor<1x3x3x1xf32>) -> tensor<4x4x4x1xf32>
  %11 = "graph.batch_to_space_nd"(%10) <{block_shape = array<i64: 4, 1>, crops = array<i64: 0, 0, 0, 0>}> : (tensor<4x4x4x1xf32>) -> tensor<1x16x4x1xf32>
  return %0, %2, %5, %8, %11 : tensor<4x4x4x1xf32>, tensor<1x4x4x1xf32>, tensor<1x4x4x1xf32>, tensor<1x9x9x1xf32>, tensor<1x16x4x1xf32>
}
