// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s
// Windowed kernels with explicit `pad = [top, bottom, left, right]` (what graph-fold-pad leaves):
// the windows start `top` rows and `left` columns before the input and are clipped to it, as
// for SAME; the amounts after only set the output size.

// Max pool, 2 rows on top, 1 column left: window rows from oy·2 − 2, columns from ox·2 − 1,
// clipped to [0, 4) and [0, 5); the max starts at -128.
!q = !quant.uniform<i8:f32, 0.05:-128>
// CHECK-LABEL: func.func @max_pool_explicit
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[LOWEST:.*]] = arith.constant -128 : i32
// CHECK: %[[ROW:.*]] = arith.muli %{{.*}}, %[[C2]] : index
// CHECK-NEXT: arith.subi %[[ROW]], %[[C2]] : index
// CHECK: %[[COL:.*]] = arith.muli %{{.*}}, %[[C2]] : index
// CHECK-NEXT: arith.subi %[[COL]], %[[C1]] : index
// CHECK: iter_args(%{{.*}} = %[[LOWEST]]) -> (i32)
// CHECK: arith.maxsi
// CHECK-NOT: buffer.kernel
func.func @max_pool_explicit(%x: !buffer<1x4x5x3x!q>, %y: !buffer<1x2x3x3x!q>) {
  buffer.kernel max_pool_2d ins(%x : !buffer<1x4x5x3x!q>) outs(%y : !buffer<1x2x3x3x!q>) {filter_h = 3 : i64, filter_w = 3 : i64, fused_activation = "NONE", pad = array<i64: 2, 0, 1, 1>, stride_h = 2 : i64, stride_w = 2 : i64}
  return
}

// -----

// PyTorch's stride-2 (0, 1, 0, 1): nothing before, so every window starts inside the input;
// the last row and column are clipped (their third tap would read the padding).
// CHECK-LABEL: func.func @conv_explicit
// CHECK: loop.for
// CHECK-NOT: buffer.kernel
func.func @conv_explicit(%x: !buffer<1x8x8x2xf32>, %w: !buffer<3x3x3x2xf32>, %y: !buffer<1x4x4x3xf32>) {
  buffer.kernel conv_2d ins(%x, %w : !buffer<1x8x8x2xf32>, !buffer<3x3x3x2xf32>) outs(%y : !buffer<1x4x4x3xf32>) {dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", pad = array<i64: 0, 1, 0, 1>, stride_h = 2 : i64, stride_w = 2 : i64}
  return
}

// -----

// Asymmetric amounts on a depthwise convolution: 2 rows on top, 1 column left, 3 right.
// CHECK-LABEL: func.func @depthwise_explicit
// CHECK: loop.for
// CHECK-NOT: buffer.kernel
func.func @depthwise_explicit(%x: !buffer<1x5x5x2xf32>, %w: !buffer<1x3x3x2xf32>, %y: !buffer<1x5x7x2xf32>) {
  buffer.kernel depthwise_conv_2d ins(%x, %w : !buffer<1x5x5x2xf32>, !buffer<1x3x3x2xf32>) outs(%y : !buffer<1x5x7x2xf32>) {depth_multiplier = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", pad = array<i64: 2, 0, 1, 3>, stride_h = 1 : i64, stride_w = 1 : i64}
  return
}
