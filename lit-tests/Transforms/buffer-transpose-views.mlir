// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(graph-to-buffer,buffer-transpose-views)' --verify-each | FileCheck %s
// The TRANSPOSE of a model input becomes a strided view of the caller's buffer when every reader
// takes strided buffers (conv_2d and depthwise_conv_2d at their input, elementwise kernels); the
// TRANSPOSE of a model output goes when its producer may write a strided output, which then
// writes the caller's buffer through the inverse view. Where a transpose must stay a copy, its
// alloc's `not_a_view` says which op needs row-major data.

// PyTorch's NCHW input read by the first convolution: no copy, the convolution reads %arg0.
// CHECK-LABEL: func.func @input_to_conv(
// CHECK-NEXT: %[[W:.*]] = buffer.get_global
// CHECK-NEXT: %[[V:.*]] = buffer.view %arg0 : !buffer<1x3x8x8xf32> to !buffer<1x8x8x3xf32, strides: [192, 8, 1, 64], offset: 0>
// CHECK-NOT: buffer.copy
// CHECK-NEXT: buffer.kernel conv_2d ins(%[[V]], %[[W]] : !buffer<1x8x8x3xf32, strides: [192, 8, 1, 64], offset: 0>, !buffer<4x3x3x3xf32>) outs(%arg1 : !buffer<1x8x8x4xf32>)
// CHECK-NEXT: return
func.func @input_to_conv(%x: tensor<1x3x8x8xf32>) -> tensor<1x8x8x4xf32> {
  %w = "graph.const"() <{value = dense<0.5> : tensor<4x3x3x3xf32>}> : () -> tensor<4x3x3x3xf32>
  %t = "graph.transpose"(%x) <{perm = array<i64: 0, 2, 3, 1>}> : (tensor<1x3x8x8xf32>) -> tensor<1x8x8x3xf32> loc("x_nhwc")
  %c = "graph.conv_2d"(%t, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>) -> tensor<1x8x8x4xf32>
  return %c : tensor<1x8x8x4xf32>
}

// -----

// An int8 input read by a depthwise convolution with a folded PAD (explicit amounts) and by an
// elementwise kernel: both read the view.
!q = !quant.uniform<i8:f32, 5.000000e-02:-3>
!qw = !quant.uniform<i8<-127:127>:f32:3, {1.000000e-02, 2.000000e-02}>
// CHECK-LABEL: func.func @input_to_depthwise_and_relu(
// CHECK: %[[V:.*]] = buffer.view %arg0 : {{.*}} to !buffer<1x6x6x2x!quant.uniform<i8:f32, 5.000000e-02:-3>, strides: [72, 6, 1, 36], offset: 0>
// CHECK-NOT: buffer.copy
// CHECK: buffer.kernel depthwise_conv_2d ins(%[[V]], %{{.*}} : !buffer<1x6x6x2x{{.*}}, strides: [72, 6, 1, 36], offset: 0>, {{.*}}) outs(%arg1 : {{.*}}) {{{.*}}pad = array<i64: 0, 1, 0, 1>
// CHECK: buffer.kernel relu ins(%[[V]] : {{.*}}) outs(%arg2 :
func.func @input_to_depthwise_and_relu(%x: tensor<1x2x6x6x!q>) -> (tensor<1x3x3x2x!q>, tensor<1x6x6x2x!q>) {
  %w = "graph.const"() <{value = dense<1> : tensor<1x3x3x2xi8>}> : () -> tensor<1x3x3x2x!qw>
  %t = "graph.transpose"(%x) <{perm = array<i64: 0, 2, 3, 1>}> : (tensor<1x2x6x6x!q>) -> tensor<1x6x6x2x!q> loc("x_nhwc")
  %c = "graph.depthwise_conv_2d"(%t, %w) <{stride_h = 2 : i64, stride_w = 2 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, depth_multiplier = 1 : i64, pad = array<i64: 0, 1, 0, 1>, fused_activation = "RELU6"}> : (tensor<1x6x6x2x!q>, tensor<1x3x3x2x!qw>) -> tensor<1x3x3x2x!q>
  %r = "graph.relu"(%t) : (tensor<1x6x6x2x!q>) -> tensor<1x6x6x2x!q>
  return %c, %r : tensor<1x3x3x2x!q>, tensor<1x6x6x2x!q>
}

// -----

// A model output's TRANSPOSE (NHWC to NCHW) after a convolution: the convolution writes the
// caller's NCHW buffer through the inverse view; no alloc, no copy.
// CHECK-LABEL: func.func @conv_to_output(
// CHECK-NOT: buffer.alloc
// CHECK: %[[O:.*]] = buffer.view %arg1 : !buffer<1x4x8x8xf32> to !buffer<1x8x8x4xf32, strides: [256, 8, 1, 64], offset: 0>
// CHECK-NEXT: buffer.kernel conv_2d ins(%arg0, %{{.*}} : !buffer<1x8x8x3xf32>, !buffer<4x3x3x3xf32>) outs(%[[O]] : !buffer<1x8x8x4xf32, strides: [256, 8, 1, 64], offset: 0>)
// CHECK-NOT: buffer.copy
// CHECK: return
func.func @conv_to_output(%x: tensor<1x8x8x3xf32>) -> tensor<1x4x8x8xf32> {
  %w = "graph.const"() <{value = dense<0.5> : tensor<4x3x3x3xf32>}> : () -> tensor<4x3x3x3xf32>
  %c = "graph.conv_2d"(%x, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>) -> tensor<1x8x8x4xf32> loc("y")
  %t = "graph.transpose"(%c) <{perm = array<i64: 0, 3, 1, 2>}> : (tensor<1x8x8x4xf32>) -> tensor<1x4x8x8xf32> loc("y_nchw")
  return %t : tensor<1x4x8x8xf32>
}

// -----

// Copies that stay: an input read by an average pool and one read by a PAD (row-major readers);
// an output transposed from a PAD (which writes row-major output only), and two from kernels
// whose output something else reads too (the convolution, a relu). Each alloc says why.
// CHECK-LABEL: func.func @kept(
// CHECK: buffer.alloc() {not_a_view = "TRANSPOSE 'x_nhwc' of the model input is a copy: 'pool' (avg_pool_2d) reads row-major input #0 only", role = "scratch"}
// CHECK-NEXT: buffer.copy
// CHECK-NEXT: buffer.alloc() {not_a_view = "TRANSPOSE 'pool_nchw' to the model output is a copy: 'y' (conv_2d) reads the untransposed tensor too", role = "scratch"}
// CHECK: buffer.alloc() {not_a_view = "TRANSPOSE 'x2_nhwc' of the model input is a copy: 'padded' (pad) reads row-major input #0 only", role = "scratch"}
// CHECK-NEXT: buffer.copy
// CHECK-NEXT: buffer.alloc() {not_a_view = "TRANSPOSE 'padded_nchw' to the model output is a copy: 'padded' (pad) writes row-major output only", role = "scratch"}
// CHECK: buffer.alloc() {not_a_view = "TRANSPOSE 'y_nchw' to the model output is a copy: 'r' (relu) reads the untransposed tensor too", role = "scratch"}
// CHECK-COUNT-2: buffer.copy
func.func @kept(%x: tensor<1x3x4x4xf32>, %x2: tensor<1x3x4x4xf32>) -> (tensor<1x3x4x4xf32>, tensor<1x3x6x6xf32>, tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<1x4x4x3xf32>) {
  %t = "graph.transpose"(%x) <{perm = array<i64: 0, 2, 3, 1>}> : (tensor<1x3x4x4xf32>) -> tensor<1x4x4x3xf32> loc("x_nhwc")
  %a = "graph.avg_pool_2d"(%t) <{filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 1 : i64, stride_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32> loc("pool")
  %t2 = "graph.transpose"(%x2) <{perm = array<i64: 0, 2, 3, 1>}> : (tensor<1x3x4x4xf32>) -> tensor<1x4x4x3xf32> loc("x2_nhwc")
  %p = "graph.pad"(%t2) <{paddings = array<i64: 0, 0, 1, 1, 1, 1, 0, 0>}> : (tensor<1x4x4x3xf32>) -> tensor<1x6x6x3xf32> loc("padded")
  %pt = "graph.transpose"(%p) <{perm = array<i64: 0, 3, 1, 2>}> : (tensor<1x6x6x3xf32>) -> tensor<1x3x6x6xf32> loc("padded_nchw")
  %at = "graph.transpose"(%a) <{perm = array<i64: 0, 3, 1, 2>}> : (tensor<1x4x4x3xf32>) -> tensor<1x3x4x4xf32> loc("pool_nchw")
  %w = "graph.const"() <{value = dense<0.5> : tensor<3x1x1x3xf32>}> : () -> tensor<3x1x1x3xf32>
  %c = "graph.conv_2d"(%a, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<1x4x4x3xf32>, tensor<3x1x1x3xf32>) -> tensor<1x4x4x3xf32> loc("y")
  %ct = "graph.transpose"(%c) <{perm = array<i64: 0, 3, 1, 2>}> : (tensor<1x4x4x3xf32>) -> tensor<1x3x4x4xf32> loc("y_nchw")
  %r = "graph.relu"(%c) : (tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32> loc("r")
  return %at, %pt, %at, %ct, %r : tensor<1x3x4x4xf32>, tensor<1x3x6x6xf32>, tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<1x4x4x3xf32>
}

// -----

// An inner transpose (of a kernel's output, read by a convolution) is left to graph-to-buffer:
// a copy, without a note.
// CHECK-LABEL: func.func @inner(
// CHECK: buffer.copy
// CHECK-NOT: not_a_view
func.func @inner(%x: tensor<1x3x4x4xf32>) -> tensor<1x4x4x3xf32> {
  %r = "graph.relu"(%x) : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %t = "graph.transpose"(%r) <{perm = array<i64: 0, 2, 3, 1>}> : (tensor<1x3x4x4xf32>) -> tensor<1x4x4x3xf32>
  %w = "graph.const"() <{value = dense<0.5> : tensor<3x1x1x3xf32>}> : () -> tensor<3x1x1x3xf32>
  %c = "graph.conv_2d"(%t, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<1x4x4x3xf32>, tensor<3x1x1x3xf32>) -> tensor<1x4x4x3xf32>
  return %c : tensor<1x4x4x3xf32>
}
