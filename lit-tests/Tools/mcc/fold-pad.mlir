// RUN: rm -rf %t && mcc %s --target cortex-m4 --emit=mlir-loop -o %t | FileCheck %s
// mcc lists each PAD graph-fold-pad folded into its consumer (the pad's tensor, the kernel and
// its output tensor); the PAD before the average pool stays.
// CHECK: flash constants
// CHECK-NEXT: folded PAD 'padded' into conv_2d 'y'
// CHECK-NOT: folded PAD
func.func @main(%x: tensor<1x8x8x2xf32>) -> (tensor<1x4x4x3xf32>, tensor<1x8x8x2xf32>) {
  %w = "graph.const"() <{value = dense<0.5> : tensor<3x3x3x2xf32>}> : () -> tensor<3x3x3x2xf32>
  %p = "graph.pad"(%x) <{paddings = array<i64: 0, 0, 0, 1, 0, 1, 0, 0>}> : (tensor<1x8x8x2xf32>) -> tensor<1x9x9x2xf32> loc("padded")
  %y = "graph.conv_2d"(%p, %w) <{stride_h = 2 : i64, stride_w = 2 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<1x9x9x2xf32>, tensor<3x3x3x2xf32>) -> tensor<1x4x4x3xf32> loc("y")
  %q = "graph.pad"(%x) <{paddings = array<i64: 0, 0, 1, 1, 1, 1, 0, 0>}> : (tensor<1x8x8x2xf32>) -> tensor<1x10x10x2xf32> loc("kept")
  %a = "graph.avg_pool_2d"(%q) <{filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 1 : i64, stride_w = 1 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<1x10x10x2xf32>) -> tensor<1x8x8x2xf32> loc("avg")
  return %y, %a : tensor<1x4x4x3xf32>, tensor<1x8x8x2xf32>
}
