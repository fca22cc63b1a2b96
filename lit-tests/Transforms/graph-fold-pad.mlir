// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(graph-fold-pad))' --verify-each | FileCheck %s

// PyTorch's stride-2 convolution: PAD (0, 1, 0, 1) on H and W, then VALID. The convolution
// reads the unpadded input with explicit, asymmetric amounts; the PAD is gone.
!q = !quant.uniform<i8:f32, 5.000000e-02:-3>
!qw = !quant.uniform<i8<-127:127>:f32:0, {1.000000e-02, 2.000000e-02}>
!qo = !quant.uniform<i8:f32, 1.000000e-01:4>
// CHECK-LABEL: func.func @conv_asymmetric
// CHECK-NOT: graph.pad
// CHECK: "graph.conv_2d"(%arg0, %{{.*}}) <{dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", pad = array<i64: 0, 1, 0, 1>, stride_h = 2 : i64, stride_w = 2 : i64}> {folded_pad = "p1"} : (tensor<1x8x8x2x!quant.uniform<i8:f32, 5.000000e-02:-3>>, {{.*}}) -> tensor<1x4x4x2x
func.func @conv_asymmetric(%x: tensor<1x8x8x2x!q>) -> tensor<1x4x4x2x!qo> {
  %w = "graph.const"() <{value = dense<1> : tensor<2x3x3x2xi8>}> : () -> tensor<2x3x3x2x!qw>
  %p = "graph.pad"(%x) <{paddings = array<i64: 0, 0, 0, 1, 0, 1, 0, 0>}> : (tensor<1x8x8x2x!q>) -> tensor<1x9x9x2x!q> loc("p1")
  %c = "graph.conv_2d"(%p, %w) <{stride_h = 2 : i64, stride_w = 2 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<1x9x9x2x!q>, tensor<2x3x3x2x!qw>) -> tensor<1x4x4x2x!qo>
  return %c : tensor<1x4x4x2x!qo>
}

// -----

// Symmetric (1, 1) before a stride-1 depthwise convolution, the pad a constant operand; PADV2
// whose value is the zero point folds the same way.
!q = !quant.uniform<i8:f32, 5.000000e-02:-3>
!qw = !quant.uniform<i8<-127:127>:f32:3, {1.000000e-02, 2.000000e-02}>
// CHECK-LABEL: func.func @depthwise_symmetric
// CHECK-NOT: graph.pad
// CHECK: "graph.depthwise_conv_2d"(%arg0, %{{.*}}) <{depth_multiplier = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "RELU6", pad = array<i64: 1, 1, 1, 1>, stride_h = 1 : i64, stride_w = 1 : i64}> {folded_pad = "p2"}
// CHECK-SAME: -> tensor<1x6x5x2x
func.func @depthwise_symmetric(%x: tensor<1x6x5x2x!q>) -> tensor<1x6x5x2x!q> {
  %w = "graph.const"() <{value = dense<1> : tensor<1x3x3x2xi8>}> : () -> tensor<1x3x3x2x!qw>
  %paddings = "graph.const"() <{value = dense<[[0, 0], [1, 1], [1, 1], [0, 0]]> : tensor<4x2xi32>}> : () -> tensor<4x2xi32>
  %value = "graph.const"() <{value = dense<-3> : tensor<i8>}> : () -> tensor<!q>
  %p = "graph.padv2"(%x, %value, %paddings) : (tensor<1x6x5x2x!q>, tensor<!q>, tensor<4x2xi32>) -> tensor<1x8x7x2x!q> loc("p2")
  %c = "graph.depthwise_conv_2d"(%p, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, depth_multiplier = 1 : i64, padding = "VALID", fused_activation = "RELU6"}> : (tensor<1x8x7x2x!q>, tensor<1x3x3x2x!qw>) -> tensor<1x6x5x2x!q>
  return %c : tensor<1x6x5x2x!q>
}

// -----

// A SAME consumer pads again: the amounts add. 5x5 padded by (2, 0) rows and (0, 1) columns
// to 7x6; SAME 3x3 stride 1 over that pads 1 on every side: (3, 1) rows, (1, 2) columns. Float.
// CHECK-LABEL: func.func @same_adds
// CHECK: "graph.conv_2d"(%arg0, %{{.*}}) <{dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", pad = array<i64: 3, 1, 1, 2>, stride_h = 1 : i64, stride_w = 1 : i64}> {folded_pad = "p3"}
// CHECK-SAME: -> tensor<1x7x6x1xf32>
func.func @same_adds(%x: tensor<1x5x5x1xf32>) -> tensor<1x7x6x1xf32> {
  %w = "graph.const"() <{value = dense<0.5> : tensor<1x3x3x1xf32>}> : () -> tensor<1x3x3x1xf32>
  %p = "graph.pad"(%x) <{paddings = array<i64: 0, 0, 2, 0, 0, 1, 0, 0>}> : (tensor<1x5x5x1xf32>) -> tensor<1x7x6x1xf32> loc("p3")
  %c = "graph.conv_2d"(%p, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x7x6x1xf32>, tensor<1x3x3x1xf32>) -> tensor<1x7x6x1xf32>
  return %c : tensor<1x7x6x1xf32>
}

// -----

// Max pool: PADV2 with -128 (the lowest int8) folds; PyTorch's float -inf folds too.
!q = !quant.uniform<i8:f32, 5.000000e-02:-3>
// CHECK-LABEL: func.func @max_pool
// CHECK-NOT: graph.pad
// CHECK: "graph.max_pool_2d"(%arg0) <{filter_h = 3 : i64, filter_w = 3 : i64, fused_activation = "NONE", pad = array<i64: 1, 1, 1, 1>, stride_h = 2 : i64, stride_w = 2 : i64}> {folded_pad = "p4"}
// CHECK: "graph.max_pool_2d"(%arg1) <{filter_h = 2 : i64, filter_w = 2 : i64, fused_activation = "NONE", pad = array<i64: 0, 1, 0, 1>, stride_h = 2 : i64, stride_w = 2 : i64}> {folded_pad = "p5"}
func.func @max_pool(%x: tensor<1x8x8x2x!q>, %f: tensor<1x5x5x1xf32>) -> (tensor<1x4x4x2x!q>, tensor<1x3x3x1xf32>) {
  %lowest = "graph.const"() <{value = dense<-128> : tensor<i8>}> : () -> tensor<!q>
  %p = "graph.padv2"(%x, %lowest) <{paddings = array<i64: 0, 0, 1, 1, 1, 1, 0, 0>}> : (tensor<1x8x8x2x!q>, tensor<!q>) -> tensor<1x10x10x2x!q> loc("p4")
  %m = "graph.max_pool_2d"(%p) <{filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 2 : i64, stride_w = 2 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<1x10x10x2x!q>) -> tensor<1x4x4x2x!q>
  %inf = "graph.const"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
  %pf = "graph.padv2"(%f, %inf) <{paddings = array<i64: 0, 0, 0, 1, 0, 1, 0, 0>}> : (tensor<1x5x5x1xf32>, tensor<f32>) -> tensor<1x6x6x1xf32> loc("p5")
  %mf = "graph.max_pool_2d"(%pf) <{filter_h = 2 : i64, filter_w = 2 : i64, stride_h = 2 : i64, stride_w = 2 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<1x6x6x1xf32>) -> tensor<1x3x3x1xf32>
  return %m, %mf : tensor<1x4x4x2x!q>, tensor<1x3x3x1xf32>
}

// -----

// Several users, all convolutions: each reads the input with the pad folded in.
// CHECK-LABEL: func.func @two_convs
// CHECK-NOT: graph.pad
// CHECK: "graph.conv_2d"(%arg0, %{{.*}}) <{{{.*}}pad = array<i64: 1, 1, 1, 1>{{.*}}}> {folded_pad = "p6"}
// CHECK: "graph.depthwise_conv_2d"(%arg0, %{{.*}}) <{{{.*}}pad = array<i64: 1, 1, 1, 1>{{.*}}}> {folded_pad = "p6"}
func.func @two_convs(%x: tensor<1x4x4x1xf32>) -> (tensor<1x4x4x1xf32>, tensor<1x4x4x1xf32>) {
  %w = "graph.const"() <{value = dense<0.5> : tensor<1x3x3x1xf32>}> : () -> tensor<1x3x3x1xf32>
  %p = "graph.pad"(%x) <{paddings = array<i64: 0, 0, 1, 1, 1, 1, 0, 0>}> : (tensor<1x4x4x1xf32>) -> tensor<1x6x6x1xf32> loc("p6")
  %a = "graph.conv_2d"(%p, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<1x6x6x1xf32>, tensor<1x3x3x1xf32>) -> tensor<1x4x4x1xf32>
  %b = "graph.depthwise_conv_2d"(%p, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, depth_multiplier = 1 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<1x6x6x1xf32>, tensor<1x3x3x1xf32>) -> tensor<1x4x4x1xf32>
  return %a, %b : tensor<1x4x4x1xf32>, tensor<1x4x4x1xf32>
}

// -----

// TRANSPOSE_CONV crops its output (padding from the output size), so only a zero-point pad after
// the input folds: those rows add nothing, the consumer reads the unpadded input and keeps its
// SAME padding. A pad before the input (top or left) would shift every output row by
// stride · top: it stays, as does a PADV2 whose value is not the zero point.
!q = !quant.uniform<i8:f32, 5.000000e-02:-3>
!qw = !quant.uniform<i8<-127:127>:f32:0, {1.000000e-02, 2.000000e-02}>
!qo = !quant.uniform<i8:f32, 1.000000e-01:4>
// CHECK-LABEL: func.func @transpose_conv
// CHECK: "graph.transpose_conv"(%arg0, %{{.*}}) <{fused_activation = "NONE", output_shape = array<i64: 1, 8, 8, 2>, padding = "SAME", stride_h = 2 : i64, stride_w = 2 : i64}> {folded_pad = "p7"} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK: %[[TOP:.*]] = "graph.pad"(%arg0) <{paddings = array<i64: 0, 0, 1, 0, 0, 0, 0, 0>}>
// CHECK: "graph.transpose_conv"(%[[TOP]], %{{.*}}) <{{.*}}padding = "SAME"
// CHECK: %[[LEFT:.*]] = "graph.pad"(%arg0) <{paddings = array<i64: 0, 0, 0, 1, 1, 1, 0, 0>}>
// CHECK: "graph.transpose_conv"(%[[LEFT]], %{{.*}}) <{{.*}}padding = "VALID"
// CHECK: %[[V2:.*]] = "graph.padv2"(%arg0
// CHECK: "graph.transpose_conv"(%[[V2]], %{{.*}}) <{{.*}}padding = "SAME"
// CHECK-NOT: folded_pad
func.func @transpose_conv(%x: tensor<1x4x4x2x!q>) -> (tensor<1x8x8x2x!qo>, tensor<1x8x8x2x!qo>, tensor<1x9x11x2x!qo>, tensor<1x8x8x2x!qo>) {
  %w = "graph.const"() <{value = dense<1> : tensor<2x3x3x2xi8>}> : () -> tensor<2x3x3x2x!qw>
  %p = "graph.pad"(%x) <{paddings = array<i64: 0, 0, 0, 1, 0, 1, 0, 0>}> : (tensor<1x4x4x2x!q>) -> tensor<1x5x5x2x!q> loc("p7")
  %a = "graph.transpose_conv"(%p, %w) <{output_shape = array<i64: 1, 8, 8, 2>, stride_h = 2 : i64, stride_w = 2 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x5x5x2x!q>, tensor<2x3x3x2x!qw>) -> tensor<1x8x8x2x!qo>
  %top = "graph.pad"(%x) <{paddings = array<i64: 0, 0, 1, 0, 0, 0, 0, 0>}> : (tensor<1x4x4x2x!q>) -> tensor<1x5x4x2x!q>
  %b = "graph.transpose_conv"(%top, %w) <{output_shape = array<i64: 1, 8, 8, 2>, stride_h = 2 : i64, stride_w = 2 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x5x4x2x!q>, tensor<2x3x3x2x!qw>) -> tensor<1x8x8x2x!qo>
  %left = "graph.pad"(%x) <{paddings = array<i64: 0, 0, 0, 1, 1, 1, 0, 0>}> : (tensor<1x4x4x2x!q>) -> tensor<1x5x6x2x!q>
  %c = "graph.transpose_conv"(%left, %w) <{output_shape = array<i64: 1, 9, 11, 2>, stride_h = 2 : i64, stride_w = 2 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<1x5x6x2x!q>, tensor<2x3x3x2x!qw>) -> tensor<1x9x11x2x!qo>
  %zero = "graph.const"() <{value = dense<0> : tensor<i8>}> : () -> tensor<!q>
  %v2 = "graph.padv2"(%x, %zero) <{paddings = array<i64: 0, 0, 0, 1, 0, 1, 0, 0>}> : (tensor<1x4x4x2x!q>, tensor<!q>) -> tensor<1x5x5x2x!q>
  %d = "graph.transpose_conv"(%v2, %w) <{output_shape = array<i64: 1, 8, 8, 2>, stride_h = 2 : i64, stride_w = 2 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x5x5x2x!q>, tensor<2x3x3x2x!qw>) -> tensor<1x8x8x2x!qo>
  return %a, %b, %c, %d : tensor<1x8x8x2x!qo>, tensor<1x8x8x2x!qo>, tensor<1x9x11x2x!qo>, tensor<1x8x8x2x!qo>
}

// -----

// Not folded: PADV2 with a value other than the zero point before a convolution; PAD before a
// float max pool (0.0 is above some inputs); PAD before an average pool (TFLite divides by the
// taps inside the input); padding on the channels; a user that is not a consumer (the add).
!q = !quant.uniform<i8:f32, 5.000000e-02:-3>
!qw = !quant.uniform<i8<-127:127>:f32:0, {1.000000e-02}>
// CHECK-LABEL: func.func @kept
// CHECK-COUNT-5: graph.pad
// CHECK-NOT: folded_pad
func.func @kept(%x: tensor<1x4x4x1x!q>, %f: tensor<1x4x4x1xf32>) -> (tensor<1x4x4x1x!q>, tensor<1x4x4x1xf32>, tensor<1x4x4x1xf32>, tensor<1x4x4x1xf32>, tensor<1x4x4x1xf32>, tensor<1x6x6x1xf32>) {
  %w = "graph.const"() <{value = dense<1> : tensor<1x3x3x1xi8>}> : () -> tensor<1x3x3x1x!qw>
  %zero = "graph.const"() <{value = dense<0> : tensor<i8>}> : () -> tensor<!q>
  %p0 = "graph.padv2"(%x, %zero) <{paddings = array<i64: 0, 0, 1, 1, 1, 1, 0, 0>}> : (tensor<1x4x4x1x!q>, tensor<!q>) -> tensor<1x6x6x1x!q>
  %c0 = "graph.conv_2d"(%p0, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<1x6x6x1x!q>, tensor<1x3x3x1x!qw>) -> tensor<1x4x4x1x!q>
  %p1 = "graph.pad"(%f) <{paddings = array<i64: 0, 0, 1, 1, 1, 1, 0, 0>}> : (tensor<1x4x4x1xf32>) -> tensor<1x6x6x1xf32>
  %m1 = "graph.max_pool_2d"(%p1) <{filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 1 : i64, stride_w = 1 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<1x6x6x1xf32>) -> tensor<1x4x4x1xf32>
  %p2 = "graph.pad"(%f) <{paddings = array<i64: 0, 0, 1, 1, 1, 1, 0, 0>}> : (tensor<1x4x4x1xf32>) -> tensor<1x6x6x1xf32>
  %a2 = "graph.avg_pool_2d"(%p2) <{filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 1 : i64, stride_w = 1 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<1x6x6x1xf32>) -> tensor<1x4x4x1xf32>
  %wc = "graph.const"() <{value = dense<0.5> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
  %p3 = "graph.pad"(%f) <{paddings = array<i64: 0, 0, 0, 0, 0, 0, 1, 1>}> : (tensor<1x4x4x1xf32>) -> tensor<1x4x4x3xf32>
  %c3 = "graph.conv_2d"(%p3, %wc) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<1x4x4x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x4x1xf32>
  %wf = "graph.const"() <{value = dense<0.5> : tensor<1x3x3x1xf32>}> : () -> tensor<1x3x3x1xf32>
  %p4 = "graph.pad"(%f) <{paddings = array<i64: 0, 0, 1, 1, 1, 1, 0, 0>}> : (tensor<1x4x4x1xf32>) -> tensor<1x6x6x1xf32>
  %c4 = "graph.conv_2d"(%p4, %wf) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<1x6x6x1xf32>, tensor<1x3x3x1xf32>) -> tensor<1x4x4x1xf32>
  %s4 = "graph.add"(%p4, %p4) <{fused_activation = "NONE"}> : (tensor<1x6x6x1xf32>, tensor<1x6x6x1xf32>) -> tensor<1x6x6x1xf32>
  return %c0, %m1, %a2, %c3, %c4, %s4 : tensor<1x4x4x1x!q>, tensor<1x4x4x1xf32>, tensor<1x4x4x1xf32>, tensor<1x4x4x1xf32>, tensor<1x4x4x1xf32>, tensor<1x6x6x1xf32>
}
