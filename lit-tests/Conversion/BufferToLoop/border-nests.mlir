// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

// Which border nests a windowed kernel builds: the grouped border rows and the clipped columns
// of interior rows with unrolled rows are built only when they take over enough
// multiply-accumulates to pay for their bytes (depthwise: 5,000 and 16,000 per inference).
// A 3x3 SAME depthwise over 6x6: border rows 0 and 5 (two valid tap rows each), interior
// columns 1-4, clipped columns 0 and 5.

// 4 channels: 192 multiply-accumulates in the border rows' interior columns, 192 in the
// interior rows' clipped columns. Neither nest pays: one loop over all rows; interior rows
// compute their interior columns as a group (y taps constant), border rows nothing there; then
// one nest takes the clipped columns of interior rows and every column of border rows, both tap
// ranges from the tables (a border row reads entry 0 of the column list, unused, so the loads
// stay inside it).
// CHECK-LABEL: func.func @few_channels
// CHECK:      %[[COLUMNS:.*]] = buffer.get_global @window_columns
// CHECK:      loop.for %{{.*}} = %c0 to %c1 step %c1 {
// CHECK-NEXT:   loop.for %[[OY:.*]] = %c0 to %c6 step %c1 {
// CHECK-NEXT:     %[[FROM:.*]] = arith.subi %[[OY]], %c1 : index
// CHECK-NEXT:     %[[INSIDE:.*]] = arith.cmpi ult, %[[FROM]], %c4 : index
// CHECK-NEXT:     loop.if %[[INSIDE]] {
// CHECK:            loop.for %{{.*}} = %c0 to %c1 step %c1 {
// CHECK-NOT:      } else {
// CHECK:          %[[BORDER:.*]] = arith.xori %[[INSIDE]], %true : i1
// CHECK-NEXT:     %[[COUNT:.*]] = arith.select %[[BORDER]], %c6, %c2 : index
// CHECK-NEXT:     loop.for %[[K:.*]] = %c0 to %[[COUNT]] step %c1 {
// CHECK-NEXT:       %[[ENTRY:.*]] = arith.select %[[BORDER]], %c0, %[[K]] : index
// CHECK-NEXT:       %[[LISTED:.*]] = loop.load %[[COLUMNS]][%[[ENTRY]]]
// CHECK-NEXT:       %[[LISTEDI:.*]] = arith.index_cast %[[LISTED]] : i32 to index
// CHECK-NEXT:       arith.select %[[BORDER]], %[[K]], %[[LISTEDI]] : index
// CHECK:            loop.for %{{.*}} = %c0 to %c4 step %c1 {
// CHECK-NEXT:         loop.for %{{.*}} = %{{.*}} to %{{.*}} step %c1 iter_args
// CHECK:                loop.for %{{.*}} = %{{.*}} to %{{.*}} step %c1 iter_args
func.func @few_channels(%x: !buffer<1x6x6x4xf32>, %w: !buffer<1x3x3x4xf32>, %y: !buffer<1x6x6x4xf32>) {
  buffer.kernel depthwise_conv_2d ins(%x, %w : !buffer<1x6x6x4xf32>, !buffer<1x3x3x4xf32>) outs(%y : !buffer<1x6x6x4xf32>) {depth_multiplier = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", padding = "SAME", stride_h = 1 : i64, stride_w = 1 : i64}
  return
}

// -----

// 128 channels: 6,144 multiply-accumulates in the border rows' interior columns (their grouped
// nest pays: border rows get it, y taps from the table), 6,144 in the clipped columns of
// interior rows (which still share the nest with the border rows' clipped columns).
// CHECK-LABEL: func.func @border_groups
// CHECK:      loop.for %[[OY:.*]] = %c0 to %c6 step %c1 {
// CHECK:        %[[INSIDE:.*]] = arith.cmpi ult, %{{.*}}, %c4 : index
// CHECK-NEXT:   loop.if %[[INSIDE]] {
// CHECK:          loop.for %{{.*}} = %c0 to %c128 step %c1 {
// CHECK-NOT:        loop.for
// CHECK:        } else {
// CHECK:          loop.load %{{.*}}[%[[OY]]] : !buffer<6xi32>
// CHECK:          loop.for %{{.*}} = %c0 to %c1 step %c1 {
// CHECK:            loop.for %{{.*}} = %c0 to %c128 step %c1 {
// CHECK-NEXT:         loop.for %{{.*}} = %{{.*}} to %{{.*}} step %c1 iter_args({{.*}}) -> (f32, f32, f32, f32) {
// CHECK:        loop.for %{{.*}} = %c0 to %c2 step %c1 {
// CHECK:          loop.for %{{.*}} = %c0 to %c128 step %c1 {
// CHECK-NEXT:       loop.for %{{.*}} = %{{.*}} to %{{.*}} step %c1 iter_args
// CHECK:              loop.for %{{.*}} = %{{.*}} to %{{.*}} step %c1 iter_args
func.func @border_groups(%x: !buffer<1x6x6x128xf32>, %w: !buffer<1x3x3x128xf32>, %y: !buffer<1x6x6x128xf32>) {
  buffer.kernel depthwise_conv_2d ins(%x, %w : !buffer<1x6x6x128xf32>, !buffer<1x3x3x128xf32>) outs(%y : !buffer<1x6x6x128xf32>) {depth_multiplier = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", padding = "SAME", stride_h = 1 : i64, stride_w = 1 : i64}
  return
}

// -----

// 512 channels: 24,576 multiply-accumulates each, both nests pay: border rows in one nest over
// the two sides (their groups, then their clipped columns), the interior rows in the first
// side's turn, with their clipped columns' three rows unrolled (a loop over the x taps only).
// CHECK-LABEL: func.func @both_nests
// CHECK:      loop.for %[[SIDE:.*]] = %c0 to %c2 step %c1 {
// CHECK:        loop.for %{{.*}} = %{{.*}} to %{{.*}} step %c1 {
// CHECK:          loop.for %{{.*}} = %c0 to %c512 step %c1 {
// CHECK-NEXT:       loop.for %{{.*}} = %{{.*}} to %{{.*}} step %c1 iter_args({{.*}}) -> (f32, f32, f32, f32) {
// CHECK:        arith.cmpi eq, %[[SIDE]], %c0 : index
// CHECK-NEXT:   loop.if
// CHECK-NEXT:     loop.for %{{.*}} = %c1 to %c5 step %c1 {
// CHECK:            loop.for %{{.*}} = %c0 to %c2 step %c1 {
// CHECK:              loop.for %{{.*}} = %c0 to %c512 step %c1 {
// CHECK-NEXT:           loop.for %{{.*}} = %{{.*}} to %{{.*}} step %c1 iter_args
// CHECK-NOT:              loop.for
// CHECK:                loop.for %{{.*}} = %{{.*}} to %{{.*}} step %c1 iter_args
// CHECK-NOT:              loop.for
// CHECK:                loop.for %{{.*}} = %{{.*}} to %{{.*}} step %c1 iter_args
func.func @both_nests(%x: !buffer<1x6x6x512xf32>, %w: !buffer<1x3x3x512xf32>, %y: !buffer<1x6x6x512xf32>) {
  buffer.kernel depthwise_conv_2d ins(%x, %w : !buffer<1x6x6x512xf32>, !buffer<1x3x3x512xf32>) outs(%y : !buffer<1x6x6x512xf32>) {depth_multiplier = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", padding = "SAME", stride_h = 1 : i64, stride_w = 1 : i64}
  return
}

// -----

// border_nests = "shared" overrides the cost model: the 512 channels share the nests as the 4
// channels do.
// CHECK-LABEL: func.func @shared
// CHECK:      loop.for %[[OY:.*]] = %c0 to %c6 step %c1 {
// CHECK:        %[[INSIDE:.*]] = arith.cmpi ult, %{{.*}}, %c4 : index
// CHECK-NEXT:   loop.if %[[INSIDE]] {
// CHECK-NOT:    } else {
// CHECK:        arith.select %{{.*}}, %c6, %c2 : index
func.func @shared(%x: !buffer<1x6x6x512xf32>, %w: !buffer<1x3x3x512xf32>, %y: !buffer<1x6x6x512xf32>) {
  buffer.kernel depthwise_conv_2d ins(%x, %w : !buffer<1x6x6x512xf32>, !buffer<1x3x3x512xf32>) outs(%y : !buffer<1x6x6x512xf32>) {depth_multiplier = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", padding = "SAME", stride_h = 1 : i64, stride_w = 1 : i64, border_nests = "shared"}
  return
}
