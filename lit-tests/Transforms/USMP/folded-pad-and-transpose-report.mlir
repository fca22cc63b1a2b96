// RUN: mc-opt %s --pass-pipeline='builtin.module(func.func(graph-fold-pad),graph-to-buffer,buffer-transpose-views,buffer-to-loop,usmp{algorithm=exact residency-report=%t.json})' -o /dev/null
// RUN: FileCheck %s --input-file=%t.json
// The residency report shows what became of a PyTorch export's explicit padding and layout
// transposes: the buffer a convolution writes names the PAD folded into it (`folded_pad`), and
// the copy of an input TRANSPOSE that a pool reads says why it is no view (`not_a_view`). The
// transpose the convolution reads is a view of the caller's input: no buffer holds it.

// CHECK-NOT: "name": "x_nhwc"
// CHECK: "name": "y",
// CHECK: "op": "conv_2d",
// CHECK: "folded_pad": "padded"
// CHECK: "name": "x2_nhwc",
// CHECK: "not_a_view": "TRANSPOSE 'x2_nhwc' of the model input is a copy: 'pool' (avg_pool_2d) reads row-major input #0 only"
// CHECK-NOT: "name": "x_nhwc"
func.func @main(%x: tensor<1x2x8x8xf32>, %x2: tensor<1x2x8x8xf32>) -> (tensor<1x4x4x3xf32>, tensor<1x8x8x2xf32>) {
  %w = "graph.const"() <{value = dense<0.5> : tensor<3x3x3x2xf32>}> : () -> tensor<3x3x3x2xf32>
  %t = "graph.transpose"(%x) <{perm = array<i64: 0, 2, 3, 1>}> : (tensor<1x2x8x8xf32>) -> tensor<1x8x8x2xf32> loc("x_nhwc")
  %p = "graph.pad"(%t) <{paddings = array<i64: 0, 0, 0, 1, 0, 1, 0, 0>}> : (tensor<1x8x8x2xf32>) -> tensor<1x9x9x2xf32> loc("padded")
  %y = "graph.conv_2d"(%p, %w) <{stride_h = 2 : i64, stride_w = 2 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<1x9x9x2xf32>, tensor<3x3x3x2xf32>) -> tensor<1x4x4x3xf32> loc("y")
  %r = "graph.relu"(%y) : (tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32> loc("r")
  %t2 = "graph.transpose"(%x2) <{perm = array<i64: 0, 2, 3, 1>}> : (tensor<1x2x8x8xf32>) -> tensor<1x8x8x2xf32> loc("x2_nhwc")
  %a = "graph.avg_pool_2d"(%t2) <{filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 1 : i64, stride_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x8x8x2xf32>) -> tensor<1x8x8x2xf32> loc("pool")
  return %r, %a : tensor<1x4x4x3xf32>, tensor<1x8x8x2xf32>
}
