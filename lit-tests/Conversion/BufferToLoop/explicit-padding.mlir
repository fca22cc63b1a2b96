// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s
// Every convolution here asks for all the specialized border nests (border_nests = "all"),
// whatever they cost; border-nests.mlir shows the cost model's choice.
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
  buffer.kernel conv_2d ins(%x, %w : !buffer<1x8x8x2xf32>, !buffer<3x3x3x2xf32>) outs(%y : !buffer<1x4x4x3xf32>) {dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", pad = array<i64: 0, 1, 0, 1>, stride_h = 2 : i64, stride_w = 2 : i64, border_nests = "all"}
  return
}

// -----

// Asymmetric amounts on a depthwise convolution: 2 rows on top, 1 column left, 3 right.
// CHECK-LABEL: func.func @depthwise_explicit
// CHECK: loop.for
// CHECK-NOT: buffer.kernel
func.func @depthwise_explicit(%x: !buffer<1x5x5x2xf32>, %w: !buffer<1x3x3x2xf32>, %y: !buffer<1x5x7x2xf32>) {
  buffer.kernel depthwise_conv_2d ins(%x, %w : !buffer<1x5x5x2xf32>, !buffer<1x3x3x2xf32>) outs(%y : !buffer<1x5x7x2xf32>) {depth_multiplier = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", pad = array<i64: 2, 0, 1, 3>, stride_h = 1 : i64, stride_w = 1 : i64, border_nests = "all"}
  return
}

// -----

// PyTorch's stride-2 (0, 1, 0, 1) on a depthwise convolution in descending row order: the
// border row (5, its third tap row would read the padding) comes first and splits its columns
// as the interior rows do: interior columns 0 to 3 as a group of 4 sharing each filter load,
// then columns 1 to 4 as one more group overlapping it (no single-pixel nest); the valid rows
// from the row's table entry in a loop, the three columns of each unrolled. Then the clipped
// column 5 alone.
// CHECK-LABEL: func.func @depthwise_border_row_groups
// CHECK-SAME: (%[[X:.*]]: !buffer<1x12x12x2xf32>, %[[W:.*]]: !buffer<1x3x3x2xf32>, %[[Y:.*]]: !buffer<1x6x6x2xf32>)
// CHECK: %[[YLO:.*]] = buffer.get_global @window_tap_lo
// CHECK: %[[YHI:.*]] = buffer.get_global @window_tap_hi
// CHECK: %[[XLO:.*]] = buffer.get_global @window_tap_lo
// CHECK: loop.for %[[I:.*]] = %c5 to %c6 step %c1 {
// CHECK-NEXT: %[[OY:.*]] = arith.subi %c10, %[[I]] : index
// CHECK-NEXT: %[[IY:.*]] = arith.muli %[[OY]], %c2 : index
// CHECK-NEXT: %[[LO:.*]] = loop.load %[[YLO]][%[[OY]]]
// CHECK-NEXT: %[[LOI:.*]] = arith.index_cast %[[LO]] : i32 to index
// CHECK-NEXT: %[[HI:.*]] = loop.load %[[YHI]][%[[OY]]]
// CHECK-NEXT: %[[HII:.*]] = arith.index_cast %[[HI]] : i32 to index
// CHECK-NEXT: loop.for %[[G:.*]] = %c0 to %c2 step %c1 {
// CHECK-NEXT:   %[[GX:.*]] = arith.muli %[[G]], %c4 : index
// CHECK-NEXT:   %[[BEFORE:.*]] = arith.cmpi slt, %[[GX]], %c1 : index
// CHECK-NEXT:   %[[OX0:.*]] = arith.select %[[BEFORE]], %[[GX]], %c1 : index
// CHECK:        %[[OX3:.*]] = arith.addi %[[OX0]], %c3 : index
// CHECK:        loop.for %[[C:.*]] = %c0 to %c2 step %c1 {
// CHECK-NEXT:     loop.for %[[FY:.*]] = %[[LOI]] to %[[HII]] step %c1 iter_args({{.*}}) -> (f32, f32, f32, f32) {
// CHECK-NOT:        loop.for
// CHECK:            loop.load %[[W]][%c0, %[[FY]], %c0, %[[C]]]
// CHECK-COUNT-4:    loop.load %[[X]]
// CHECK-NOT:        loop.load
// CHECK:            loop.load %[[W]][%c0, %[[FY]], %c1, %[[C]]]
// CHECK-COUNT-4:    loop.load %[[X]]
// CHECK-NOT:        loop.load
// CHECK:            loop.load %[[W]][%c0, %[[FY]], %c2, %[[C]]]
// CHECK-COUNT-4:    loop.load %[[X]]
// CHECK-NOT:        loop.load
// CHECK:            loop.yield
// CHECK:          loop.store %{{.*}}, %[[Y]][%{{.*}}, %[[OY]], %[[OX0]], %[[C]]]
// CHECK:          loop.store %{{.*}}, %[[Y]][%{{.*}}, %[[OY]], %[[OX3]], %[[C]]]
// CHECK:      loop.for %[[K:.*]] = %c0 to %c1 step %c1 {
// CHECK-NEXT:   %[[CX:.*]] = arith.addi %[[K]], %c5 : index
// CHECK:        loop.load %[[XLO]][%[[CX]]]
// CHECK:        loop.for %{{.*}} = %[[LOI]] to %[[HII]] step %c1
// CHECK:          loop.for
// Then the interior rows 4 to 0, every tap unrolled.
// CHECK: loop.for %{{.*}} = %c0 to %c5 step %c1 {
// CHECK-NOT: buffer.kernel
func.func @depthwise_border_row_groups(%x: !buffer<1x12x12x2xf32>, %w: !buffer<1x3x3x2xf32>, %y: !buffer<1x6x6x2xf32>) {
  buffer.kernel depthwise_conv_2d ins(%x, %w : !buffer<1x12x12x2xf32>, !buffer<1x3x3x2xf32>) outs(%y : !buffer<1x6x6x2xf32>) {depth_multiplier = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", pad = array<i64: 0, 1, 0, 1>, row_order = "descending", stride_h = 2 : i64, stride_w = 2 : i64, border_nests = "all"}
  return
}
