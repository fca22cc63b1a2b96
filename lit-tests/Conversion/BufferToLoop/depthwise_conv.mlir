// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s
// Every convolution here asks for all the specialized border nests (border_nests = "all"),
// whatever they cost; border-nests.mlir shows the cost model's choice.

!qi = !quant.uniform<i8:f32, 5.000000e-02:-128>
!qo = !quant.uniform<i8:f32, 1.000000e-01:-128>
!qw = !quant.uniform<i8:f32:3, {0.01, 0.02, 0.03, 0.04}>

// Depth multiplier 2 over 2 channels: per-channel multipliers, the input offset (128) folded
// with the filter sums (each channel's nine taps are all 2: 128 · 18 = 2304, no bias), the taps
// of a SAME 3x3 window over 4 elements (padding 1), and the clipped columns.
// CHECK-DAG: buffer.global @conv_multiplier {role = "constant"} : !buffer<4xi32>
// CHECK-DAG: buffer.global @conv_shift {role = "constant"} : !buffer<4xi32>
// CHECK-DAG: buffer.global @conv_folded_bias {role = "constant"} : !buffer<4xi32> = dense<[2304, 2304, 2304, 2304]>
// CHECK-DAG: buffer.global @window_tap_lo {role = "constant"} : !buffer<4xi32> = dense<[1, 0, 0, 0]>
// CHECK-DAG: buffer.global @window_tap_hi {role = "constant"} : !buffer<4xi32> = dense<[3, 3, 3, 2]>
// CHECK-DAG: buffer.global @window_columns {role = "constant"} : !buffer<2xi32> = dense<[0, 3]>
buffer.global @dw {role = "constant"} : !buffer<1x3x3x4x!qw> = dense<2> : tensor<1x3x3x4xi8>

// CHECK-LABEL: func.func @multiplier_2
// CHECK-SAME: (%[[X:.*]]: !buffer<1x4x4x2x{{.*}}>, %[[Y:.*]]: !buffer<1x4x4x4x{{.*}}>)
// CHECK: %[[W:.*]] = buffer.get_global @dw
// CHECK: %[[FOLDED:.*]] = buffer.get_global @conv_folded_bias
// CHECK: %[[YLO:.*]] = buffer.get_global @window_tap_lo
// CHECK: %[[YHI:.*]] = buffer.get_global @window_tap_hi
// CHECK: %[[XLO:.*]] = buffer.get_global @window_tap_lo
// CHECK: %[[XHI:.*]] = buffer.get_global @window_tap_hi
// CHECK: %[[COLUMNS:.*]] = buffer.get_global @window_columns
// CHECK: loop.for %[[N:.*]] = {{.*}} {
// Border rows 0 and 3 in one nest, a loop over the two sides (rows [3 · side, 3 · side + 1)),
// their columns split as in interior rows: interior columns 1 and 2 as one group sharing each
// filter load, the valid rows (from the row's table entry) in a loop, the three columns of each
// unrolled; from 0 (no bias: the folded bias holds taps a border row lacks), the offset added
// per tap.
// CHECK:   loop.for %[[SIDE:.*]] = %c0 to %c2 step %c1 {
// CHECK:     loop.for %[[BY:.*]] = %{{.*}} to %{{.*}} step %c1 {
// CHECK:       %[[BLO:.*]] = loop.load %[[YLO]][%[[BY]]]
// CHECK:       %[[BLOI:.*]] = arith.index_cast %[[BLO]] : i32 to index
// CHECK:       %[[BHI:.*]] = loop.load %[[YHI]][%[[BY]]]
// CHECK:       %[[BHII:.*]] = arith.index_cast %[[BHI]] : i32 to index
// CHECK:       loop.for %[[BG:.*]] = %c0 to %c1 step %c1 {
// CHECK:         %[[BGX:.*]] = arith.muli %[[BG]], %c2 : index
// CHECK:         %[[BX0:.*]] = arith.addi %[[BGX]], %c1 : index
// CHECK:         %[[BX1:.*]] = arith.addi %[[BX0]], %c1 : index
// CHECK:         loop.for %[[BIC:.*]] = %c0 to %c2 step %c1 {
// CHECK:           loop.for %{{.*}} = %c0 to %c2 step %c1 {
// CHECK:             %[[BOC:.*]] = arith.addi
// CHECK:             %[[BACC:.*]]:2 = loop.for %[[BFY:.*]] = %[[BLOI]] to %[[BHII]] step %c1 iter_args(%{{.*}} = %c0_i32, %{{.*}} = %c0_i32) -> (i32, i32) {
// CHECK-NOT:           loop.for
// CHECK:               loop.load %[[W]][%c0, %[[BFY]], %c0, %[[BOC]]]
// CHECK:               loop.load %[[X]][%[[N]], %{{.*}}, %{{.*}}, %[[BIC]]]
// CHECK:               arith.addi %{{.*}}, %c128_i32 : i32
// CHECK:               loop.load %[[X]][%[[N]], %{{.*}}, %{{.*}}, %[[BIC]]]
// CHECK-NOT:           loop.load %[[W]]
// CHECK:               arith.addi %{{.*}}, %c128_i32 : i32
// CHECK:               loop.load %[[W]][%c0, %[[BFY]], %c1, %[[BOC]]]
// CHECK-COUNT-2:       loop.load %[[X]]
// CHECK:               loop.load %[[W]][%c0, %[[BFY]], %c2, %[[BOC]]]
// CHECK-COUNT-2:       loop.load %[[X]]
// CHECK-NOT:           loop.load
// CHECK:               loop.yield
// CHECK:             loop.store %{{.*}}, %[[Y]][%[[N]], %[[BY]], %[[BX0]], %[[BOC]]]
// CHECK:             loop.store %{{.*}}, %[[Y]][%[[N]], %[[BY]], %[[BX1]], %[[BOC]]]
// Their clipped columns (0 and 3): both tap ranges from the tables, in loops.
// CHECK:       loop.for %[[BK:.*]] = %c0 to %c2 step %c1 {
// CHECK:         loop.load %[[COLUMNS]][%[[BK]]]
// CHECK:         loop.load %[[XLO]]
// CHECK:         loop.load %[[XHI]]
// CHECK:         loop.for %{{.*}} = %[[BLOI]] to %[[BHII]] step %c1 iter_args
// CHECK:           loop.for %{{.*}} = %{{.*}} to %{{.*}} step %c1 iter_args
// Interior rows 1 and 2: interior columns 1 and 2 as one group as wide as the interior (two
// pixels sharing each filter load); channel ic, multiplier index m, output channel ic · 2 + m;
// nine unrolled taps. They run in the first side's turn, after row 0.
// CHECK: arith.cmpi eq, %[[SIDE]], %c0 : index
// CHECK: loop.if
// CHECK: loop.for %[[OY:.*]] = %c1 to %c3 step %c1 {
// CHECK:   loop.for %[[G:.*]] = %c0 to %c1 step %c1 {
// CHECK:     %[[GX:.*]] = arith.muli %[[G]], %c2 : index
// CHECK:     %[[OX0:.*]] = arith.addi %[[GX]], %c1 : index
// CHECK:     %[[OX1:.*]] = arith.addi %[[OX0]], %c1 : index
// CHECK:     loop.for %[[IC:.*]] = %c0 to %c2 step %c1 {
// CHECK:       loop.for %[[M:.*]] = %c0 to %c2 step %c1 {
// CHECK:         %[[BASE:.*]] = arith.muli %[[IC]], %c2 : index
// CHECK:         %[[OC:.*]] = arith.addi %[[BASE]], %[[M]] : index
// CHECK:         %[[INIT:.*]] = loop.load %[[FOLDED]][%[[OC]]]
// CHECK-NOT:     loop.for
// CHECK:         %[[FV:.*]] = loop.load %[[W]][%c0, %c0, %c0, %[[OC]]]
// CHECK:         %[[X0:.*]] = loop.load %[[X]][%[[N]], %{{.*}}, %{{.*}}, %[[IC]]]
// CHECK:         %[[X032:.*]] = arith.extsi %[[X0]] : i8 to i32
// CHECK:         %[[F32:.*]] = arith.extsi %[[FV]] : i8 to i32
// CHECK:         %[[P0:.*]] = arith.muli %[[F32]], %[[X032]] : i32
// CHECK:         arith.addi %[[INIT]], %[[P0]] : i32
// CHECK:         loop.load %[[X]][%[[N]], %{{.*}}, %{{.*}}, %[[IC]]]
// CHECK-NOT:     loop.load %[[W]]
// CHECK:         arith.addi %[[INIT]], %{{.*}} : i32
// CHECK-COUNT-8: loop.load %[[W]]
// CHECK:         loop.store %{{.*}}, %[[Y]][%[[N]], %[[OY]], %[[OX0]], %[[OC]]]
// CHECK:         loop.store %{{.*}}, %[[Y]][%[[N]], %[[OY]], %[[OX1]], %[[OC]]]
// Their clipped columns (0 and 3): the three rows unrolled, each a loop over the valid columns
// (from the tables), the offset added per tap, from 0 (no bias).
// CHECK:   loop.for %[[K:.*]] = %c0 to %c2 step %c1 {
// CHECK:     loop.load %[[COLUMNS]][%[[K]]]
// CHECK:     %[[CLO:.*]] = loop.load %[[XLO]]
// CHECK:     %[[CLOI:.*]] = arith.index_cast %[[CLO]] : i32 to index
// CHECK:     %[[CHI:.*]] = loop.load %[[XHI]]
// CHECK:     %[[CHII:.*]] = arith.index_cast %[[CHI]] : i32 to index
// CHECK:     loop.for %[[IC2:.*]] = %c0 to %c2 step %c1 {
// CHECK:       loop.for %{{.*}} = %c0 to %c2 step %c1 {
// CHECK:         %[[ROW0:.*]] = loop.for %{{.*}} = %[[CLOI]] to %[[CHII]] step %c1 iter_args(%{{.*}} = %c0_i32) -> (i32) {
// CHECK:           loop.load %[[X]][%[[N]], %{{.*}}, %{{.*}}, %[[IC2]]]
// CHECK:           arith.addi %{{.*}}, %c128_i32 : i32
// CHECK:         %[[ROW1:.*]] = loop.for %{{.*}} = %[[CLOI]] to %[[CHII]] step %c1 iter_args(%{{.*}} = %[[ROW0]]) -> (i32) {
// CHECK:         loop.for %{{.*}} = %[[CLOI]] to %[[CHII]] step %c1 iter_args(%{{.*}} = %[[ROW1]]) -> (i32) {
// No second border nest.
// CHECK-NOT: loop.for %{{.*}} = %c0 to %c4 step %c1 {
// CHECK-NOT: buffer.kernel
func.func @multiplier_2(%x: !buffer<1x4x4x2x!qi>, %y: !buffer<1x4x4x4x!qo>) {
  %w = buffer.get_global @dw : !buffer<1x3x3x4x!qw>
  buffer.kernel depthwise_conv_2d ins(%x, %w : !buffer<1x4x4x2x!qi>, !buffer<1x3x3x4x!qw>) outs(%y : !buffer<1x4x4x4x!qo>) {depth_multiplier = 2 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "RELU6", padding = "SAME", stride_h = 1 : i64, stride_w = 1 : i64, border_nests = "all"}
  return
}

// Float, VALID, dilation 2: never clipped, so no tap tables and no branch; columns 0 to 3 as a
// group of 4 sharing each filter load, then columns 3 to 6 as one more group overlapping it
// (column 3 computed and stored twice, the same value: no single-pixel nest);
// depth multiplier 1: no multiplier loop; input columns step by 2 per tap; TFLite's
// `total + bias`, clamped (NONE still clamps to ±FLT_MAX).
// CHECK-LABEL: func.func @float_dilated
// CHECK-SAME: (%[[X:.*]]: !buffer<2x7x11x3xf32>, %[[W:.*]]: !buffer<1x3x3x3xf32>, %[[B:.*]]: !buffer<3xf32>, %[[Y:.*]]: !buffer<2x3x7x3xf32>)
// CHECK-NOT: loop.if
// CHECK-NOT: buffer.get_global
// CHECK: loop.for %[[N:.*]] = %c0 to %c2 step %c1 {
// CHECK: loop.for %[[OY:.*]] = %c0 to %c3 step %c1 {
// CHECK: loop.for %[[G:.*]] = %c0 to %c2 step %c1 {
// CHECK:   %[[GX:.*]] = arith.muli %[[G]], %c4 : index
// CHECK:   %[[BEFORE:.*]] = arith.cmpi slt, %[[GX]], %c3 : index
// CHECK:   %[[OX0:.*]] = arith.select %[[BEFORE]], %[[GX]], %c3 : index
// CHECK:   %[[OX1:.*]] = arith.addi %[[OX0]], %c1 : index
// CHECK:   %[[OX2:.*]] = arith.addi %[[OX0]], %c2 : index
// CHECK:   %[[OX3:.*]] = arith.addi %[[OX0]], %c3 : index
// CHECK:   loop.for %[[C:.*]] = %c0 to %c3 step %c1 {
// CHECK-NEXT: %[[BV:.*]] = loop.load %[[B]][%[[C]]]
// CHECK-NEXT: %[[FV:.*]] = loop.load %[[W]][%c0, %c0, %c0, %[[C]]]
// CHECK-NEXT: %[[X0:.*]] = loop.load %[[X]][%[[N]], %[[OY]], %[[OX0]], %[[C]]]
// CHECK-NEXT: arith.mulf %[[X0]], %[[FV]] : f32
// CHECK:      %[[X1:.*]] = loop.load %[[X]][%[[N]], %[[OY]], %[[OX1]], %[[C]]]
// CHECK-NEXT: arith.mulf %[[X1]], %[[FV]] : f32
// CHECK:      %[[X3:.*]] = loop.load %[[X]][%[[N]], %[[OY]], %[[OX3]], %[[C]]]
// CHECK-NEXT: arith.mulf %[[X3]], %[[FV]] : f32
// CHECK:      %[[IX:.*]] = arith.addi %[[OX0]], %c2 : index
// CHECK:      loop.load %[[W]][%c0, %c0, %c1, %[[C]]]
// CHECK-NEXT: loop.load %[[X]][%[[N]], %[[OY]], %[[IX]], %[[C]]]
// CHECK:      %[[T:.*]] = arith.addf %{{.*}}, %[[BV]] : f32
// CHECK-NEXT: %[[LO:.*]] = arith.maximumf %[[T]], %{{.*}} : f32
// CHECK-NEXT: %[[HI:.*]] = arith.minimumf %[[LO]], %{{.*}} : f32
// CHECK-NEXT: loop.store %[[HI]], %[[Y]][%[[N]], %[[OY]], %[[OX0]], %[[C]]]
// CHECK-NOT: loop.for %{{.*}} = %c4 to %c7 step %c1 {
func.func @float_dilated(%x: !buffer<2x7x11x3xf32>, %w: !buffer<1x3x3x3xf32>, %b: !buffer<3xf32>, %y: !buffer<2x3x7x3xf32>) {
  buffer.kernel depthwise_conv_2d ins(%x, %w, %b : !buffer<2x7x11x3xf32>, !buffer<1x3x3x3xf32>, !buffer<3xf32>) outs(%y : !buffer<2x3x7x3xf32>) {depth_multiplier = 1 : i64, dilation_h = 2 : i64, dilation_w = 2 : i64, fused_activation = "NONE", padding = "VALID", stride_h = 1 : i64, stride_w = 1 : i64, border_nests = "all"}
  return
}
