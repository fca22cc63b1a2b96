// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s
// Every convolution here asks for all the specialized border nests (border_nests = "all"),
// whatever they cost; border-nests.mlir shows the cost model's choice.

!qi = !quant.uniform<i8:f32, 5.000000e-02:-3>
!qo = !quant.uniform<i8:f32, 1.000000e-01:5>
!qw = !quant.uniform<i8:f32:0, {0.01, 0.02}>
!qb = !quant.uniform<i32:f32:0, {5.000000e-04, 1.000000e-03}>
!qz = !quant.uniform<i8:f32, 5.000000e-02:0>
!qt = !quant.uniform<i8:f32, 1.000000e-02>

// Per-channel multipliers with the roundings and right shifts of their shifts -7 and -6
// (2^(7-2), 7 - 1; 2^(6-2), 6 - 1), the bias with the input offset folded in
// (10 + 3 · 18, -20 + 3 · 18: the filter is all ones), the valid taps per output row/column of
// a SAME, stride-2 window over 5 elements (padding 1), and the clipped columns are constant
// tables.
// CHECK: buffer.global @conv_multiplier {role = "constant"} : !buffer<2xi32> = dense<[1374389504, 1374389504]>
// CHECK: buffer.global @conv_rounding {role = "constant"} : !buffer<2xi32> = dense<[32, 16]>
// CHECK: buffer.global @conv_shift {role = "constant"} : !buffer<2xi32> = dense<[6, 5]>
// CHECK: buffer.global @conv_folded_bias {role = "constant"} : !buffer<2xi32> = dense<[64, 34]>
// CHECK: buffer.global @window_tap_lo {role = "constant"} : !buffer<3xi32> = dense<[1, 0, 0]>
// CHECK: buffer.global @window_tap_hi {role = "constant"} : !buffer<3xi32> = dense<[3, 3, 2]>
// CHECK: buffer.global @window_columns {role = "constant"} : !buffer<2xi32> = dense<[0, 2]>
buffer.global @w {role = "constant"} : !buffer<2x3x3x2x!qw> = dense<1> : tensor<2x3x3x2xi8>
buffer.global @b {role = "constant"} : !buffer<2x!qb> = dense<[10, -20]> : tensor<2xi32>

// CHECK-LABEL: func.func @same_stride2
// CHECK-SAME: (%[[X:.*]]: !buffer<1x5x5x2x{{.*}}>, %[[Y:.*]]: !buffer<1x3x3x2x{{.*}}>)
// CHECK: %[[W:.*]] = buffer.get_global @w
// CHECK: %[[B:.*]] = buffer.get_global @b
// CHECK: %[[FOLDED:.*]] = buffer.get_global @conv_folded_bias
// CHECK: %[[YLO:.*]] = buffer.get_global @window_tap_lo
// CHECK: %[[YHI:.*]] = buffer.get_global @window_tap_hi
// CHECK: %[[XLO:.*]] = buffer.get_global @window_tap_lo
// CHECK: %[[XHI:.*]] = buffer.get_global @window_tap_hi
// CHECK: %[[COLUMNS:.*]] = buffer.get_global @window_columns
// CHECK: loop.for %[[N:.*]] = {{.*}} {
// The border rows above (row 0) and below (row 2) share one nest: a loop over the two sides,
// rows [2 · side, 2 · side + 1), whose first turn then runs the interior row.
// CHECK:   loop.for %[[SIDE:.*]] = %c0 to %c2 step %c1 {
// CHECK:     %[[LO0:.*]] = arith.muli %[[SIDE]], %c2 : index
// CHECK:     %[[HI00:.*]] = arith.muli %[[SIDE]], %c2 : index
// CHECK:     %[[HI0:.*]] = arith.addi %[[HI00]], %c1 : index
// A border row: its y taps from the tables, its columns split as an interior row's.
// CHECK:   loop.for %[[OY0:.*]] = %[[LO0]] to %[[HI0]] step %c1 {
// CHECK:     %[[RLO:.*]] = loop.load %[[YLO]][%[[OY0]]]
// CHECK:     %[[RLOI:.*]] = arith.index_cast %[[RLO]] : i32 to index
// CHECK:     %[[RHI:.*]] = loop.load %[[YHI]][%[[OY0]]]
// CHECK:     %[[RHII:.*]] = arith.index_cast %[[RHI]] : i32 to index
// Its interior column (1): both output channels form one block (two accumulators through one
// pass over the taps), the valid rows in a loop, the three columns of each unrolled (constant
// x taps), from the bias, with the input offset (3) added per tap.
// CHECK:     loop.for %[[K3:.*]] = %c0 to %c1 step %c1 {
// CHECK:       %[[OX3:.*]] = arith.addi %[[K3]], %c1 : index
// CHECK:       loop.for %[[BLK3:.*]] = %c0 to %c1 step %c1 {
// CHECK:         %[[OC3:.*]] = arith.muli %[[BLK3]], %c2 : index
// CHECK:         %[[OC3B:.*]] = arith.addi %[[OC3]], %c1 : index
// CHECK:         %[[BV3:.*]] = loop.load %[[B]][%[[OC3]]]
// CHECK:         %[[BV3B:.*]] = loop.load %[[B]][%[[OC3B]]]
// CHECK:         loop.for %[[FY3:.*]] = %[[RLOI]] to %[[RHII]] step %c1 iter_args(%{{.*}} = %[[BV3]], %{{.*}} = %[[BV3B]]) -> (i32, i32)
// CHECK-NOT:       loop.for
// CHECK:           loop.load %[[W]][%[[OC3]], %[[FY3]], %c0, %c0]
// CHECK:           arith.addi %{{.*}}, %c3_i32 : i32
// CHECK:           loop.load %[[W]][%[[OC3]], %[[FY3]], %c1, %c0]
// CHECK:           loop.load %[[W]][%[[OC3]], %[[FY3]], %c2, %c1]
// CHECK-NOT:       loop.for
// CHECK:           loop.yield
// CHECK:         loop.store %{{.*}}, %[[Y]][%[[N]], %[[OY0]], %[[OX3]], %[[OC3]]]
// CHECK:         loop.store %{{.*}}, %[[Y]][%[[N]], %[[OY0]], %[[OX3]], %[[OC3B]]]
// Its clipped columns (0 and 2): both tap ranges from the tables, in loops.
// CHECK:     loop.for %[[C3:.*]] = %c0 to %c2 step %c1 {
// CHECK:       loop.load %[[COLUMNS]][%[[C3]]]
// CHECK:       loop.for %{{.*}} = %c0 to %c1 step %c1 {
// CHECK:         loop.for %{{.*}} = %[[RLOI]] to %[[RHII]] step %c1 iter_args
// CHECK:           loop.for %{{.*}} = %{{.*}} to %{{.*}} step %c1 iter_args
// Row 1, the only interior row, after the rows above.
// CHECK:     %[[ABOVE:.*]] = arith.cmpi eq, %[[SIDE]], %c0 : index
// CHECK:     loop.if %[[ABOVE]] {
// CHECK:   loop.for %[[OY:.*]] = %c1 to %c2 step %c1 {
// Its interior column (1): the whole window unrolled, from the folded bias, no offset added.
// CHECK:     loop.for %[[K:.*]] = %c0 to %c1 step %c1 {
// CHECK:       %[[OX:.*]] = arith.addi %[[K]], %c1 : index
// CHECK:       loop.for %[[BLK:.*]] = %c0 to %c1 step %c1 {
// CHECK:         %[[OC:.*]] = arith.muli %[[BLK]], %c2 : index
// CHECK:         %[[OCB:.*]] = arith.addi %[[OC]], %c1 : index
// CHECK:         %[[INIT:.*]] = loop.load %[[FOLDED]][%[[OC]]]
// CHECK-NOT:     loop.for
// CHECK:         %[[XV:.*]] = loop.load %[[X]][%[[N]], %{{.*}}, %{{.*}}, %c0]
// CHECK:         %[[FV:.*]] = loop.load %[[W]][%[[OC]], %c0, %c0, %c0]
// CHECK:         %[[X32:.*]] = arith.extsi %[[XV]] : i8 to i32
// CHECK:         %[[F32:.*]] = arith.extsi %[[FV]] : i8 to i32
// CHECK:         %[[P:.*]] = arith.muli %[[F32]], %[[X32]] : i32
// CHECK:         arith.addi %[[INIT]], %[[P]] : i32
// CHECK:         loop.load %[[W]][%[[OCB]], %c0, %c0, %c0]
// CHECK-COUNT-35: arith.muli %{{.*}}, %{{.*}} : i32
// CHECK:         arith.trunci %{{.*}} : i32 to i8
// CHECK:         loop.store %{{.*}}, %[[Y]][%[[N]], %[[OY]], %[[OX]], %[[OC]]]
// CHECK:         loop.store %{{.*}}, %[[Y]][%[[N]], %[[OY]], %[[OX]], %[[OCB]]]
// Its clipped columns (0 and 2), listed in a table: the three rows unrolled (constant y taps),
// each a loop over the valid columns, from the bias, with the input offset (3) added per tap.
// CHECK:     loop.for %[[C:.*]] = %c0 to %c2 step %c1 {
// CHECK:       %[[COL:.*]] = loop.load %[[COLUMNS]][%[[C]]]
// CHECK:       %[[OX2:.*]] = arith.index_cast %[[COL]] : i32 to index
// CHECK:       %[[LO:.*]] = loop.load %[[XLO]][%[[OX2]]]
// CHECK:       %[[LOI:.*]] = arith.index_cast %[[LO]] : i32 to index
// CHECK:       %[[HI:.*]] = loop.load %[[XHI]][%[[OX2]]]
// CHECK:       %[[HII:.*]] = arith.index_cast %[[HI]] : i32 to index
// CHECK:       loop.for %[[BLK2:.*]] = %c0 to %c1 step %c1 {
// CHECK:         %[[OC2:.*]] = arith.muli %[[BLK2]], %c2 : index
// CHECK:         %[[OC2B:.*]] = arith.addi %[[OC2]], %c1 : index
// CHECK:         %[[BV:.*]] = loop.load %[[B]][%[[OC2]]]
// CHECK:         loop.load %{{.*}}[%[[OC2]]] : !buffer<2xi32>
// CHECK:         loop.load %{{.*}}[%[[OC2]]] : !buffer<2xi32>
// CHECK:         loop.load %{{.*}}[%[[OC2]]] : !buffer<2xi32>
// CHECK:         %[[BVB:.*]] = loop.load %[[B]][%[[OC2B]]]
// CHECK:         %[[ROW0:.*]]:2 = loop.for %{{.*}} = %[[LOI]] to %[[HII]] step %c1 iter_args(%{{.*}} = %[[BV]], %{{.*}} = %[[BVB]]) -> (i32, i32) {
// CHECK:           loop.load %[[W]][%[[OC2]], %c0, %{{.*}}, %c0]
// CHECK:           arith.addi %{{.*}}, %c3_i32 : i32
// The channels of a 2-channel filter are unrolled.
// CHECK-NOT:       loop.for
// CHECK:           loop.yield
// CHECK:         %[[ROW1:.*]]:2 = loop.for %{{.*}} = %[[LOI]] to %[[HII]] step %c1 iter_args(%{{.*}} = %[[ROW0]]#0, %{{.*}} = %[[ROW0]]#1) -> (i32, i32) {
// CHECK:           loop.load %[[W]][%[[OC2]], %c1, %{{.*}}, %c0]
// CHECK:         loop.for %{{.*}} = %[[LOI]] to %[[HII]] step %c1 iter_args(%{{.*}} = %[[ROW1]]#0, %{{.*}} = %[[ROW1]]#1) -> (i32, i32) {
// CHECK:           loop.load %[[W]][%[[OC2]], %c2, %{{.*}}, %c0]
// CHECK:         loop.store %{{.*}}, %[[Y]][%[[N]], %[[OY]], %[[OX2]], %[[OC2]]]
// CHECK:         loop.store %{{.*}}, %[[Y]][%[[N]], %[[OY]], %[[OX2]], %[[OC2B]]]
// No second border nest.
// CHECK-NOT: loop.load %[[YLO]]
// CHECK-NOT: buffer.kernel
func.func @same_stride2(%x: !buffer<1x5x5x2x!qi>, %y: !buffer<1x3x3x2x!qo>) {
  %w = buffer.get_global @w : !buffer<2x3x3x2x!qw>
  %b = buffer.get_global @b : !buffer<2x!qb>
  buffer.kernel conv_2d ins(%x, %w, %b : !buffer<1x5x5x2x!qi>, !buffer<2x3x3x2x!qw>, !buffer<2x!qb>) outs(%y : !buffer<1x3x3x2x!qo>) {dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "RELU", padding = "SAME", stride_h = 2 : i64, stride_w = 2 : i64, border_nests = "all"}
  return
}

// A 1x1 VALID convolution with per-tensor scales and input zero point 0: no tap tables, no
// branch, the multiplier a constant; two adjacent output pixels and two output channels share
// each load (channel 2 of 3 is computed alone after the pair), and the channel reduction (8)
// stays a loop stepping over four consecutive input channels, whose four terms are added to
// each accumulator in a row.
// CHECK-LABEL: func.func @valid_1x1
// CHECK-SAME: (%[[X:.*]]: !buffer<{{.*}}>, %[[W:.*]]: !buffer<{{.*}}>, %[[Y:.*]]: !buffer<{{.*}}>)
// CHECK-NOT: buffer.get_global
// CHECK-NOT: loop.if
// CHECK: loop.for %[[N:.*]] = {{.*}} {
// CHECK: loop.for %[[OY:.*]] = {{.*}} {
// CHECK: loop.for %[[G:.*]] = %c0 to %c2 step %c1 {
// CHECK:   %[[OX0:.*]] = arith.muli %[[G]], %c2 : index
// CHECK:   %[[OX1:.*]] = arith.addi %[[OX0]], %c1 : index
// CHECK:   loop.for %[[BLK:.*]] = %c0 to %c1 step %c1 {
// CHECK:     %[[OC:.*]] = arith.muli %[[BLK]], %c2 : index
// CHECK:     %[[OCB:.*]] = arith.addi %[[OC]], %c1 : index
// CHECK:     %[[ACC:.*]]:4 = loop.for %[[Q:.*]] = %c0 to %c2 step %c1 iter_args(%[[A0:.*]] = %c0_i32, %[[A1:.*]] = %c0_i32, %[[A2:.*]] = %c0_i32, %[[A3:.*]] = %c0_i32) -> (i32, i32, i32, i32) {
// CHECK:       %[[IC:.*]] = arith.muli %[[Q]], %c4 : index
// CHECK:       %[[X0:.*]] = loop.load %[[X]][%[[N]], %[[OY]], %[[OX0]], %[[IC]]]
// CHECK-COUNT-3: loop.load %[[X]][%[[N]], %[[OY]], %[[OX0]], %{{.*}}]
// CHECK:       loop.load %[[X]][%[[N]], %[[OY]], %[[OX1]], %[[IC]]]
// CHECK-COUNT-3: loop.load %[[X]][%[[N]], %[[OY]], %[[OX1]], %{{.*}}]
// CHECK:       %[[FV:.*]] = loop.load %[[W]][%[[OC]], %c0, %c0, %[[IC]]]
// CHECK-COUNT-3: loop.load %[[W]][%[[OC]], %c0, %c0, %{{.*}}]
// CHECK-NOT:   loop.load
// CHECK:       %[[X032:.*]] = arith.extsi %[[X0]]
// CHECK:       %[[F32:.*]] = arith.extsi %[[FV]]
// CHECK:       %[[P0:.*]] = arith.muli %[[F32]], %[[X032]] : i32
// CHECK:       arith.addi %[[A0]], %[[P0]] : i32
// CHECK-COUNT-3: arith.addi %{{.*}}, %{{.*}} : i32
// CHECK:       arith.addi %[[A2]], %{{.*}} : i32
// CHECK:       loop.load %[[W]][%[[OCB]], %c0, %c0, %[[IC]]]
// CHECK:       arith.addi %[[A1]], %{{.*}} : i32
// CHECK:       arith.addi %[[A3]], %{{.*}} : i32
// CHECK:       loop.yield %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32, i32, i32, i32
// CHECK:     arith.extsi %[[ACC]]#0 : i32 to i64
// CHECK:     arith.muli %{{.*}}, %{{.*}} : i64
// CHECK:     loop.store %{{.*}}, %[[Y]][%[[N]], %[[OY]], %[[OX0]], %[[OC]]]
// CHECK:     arith.extsi %[[ACC]]#1 : i32 to i64
// CHECK:     loop.store %{{.*}}, %[[Y]][%[[N]], %[[OY]], %[[OX0]], %[[OCB]]]
// CHECK:     loop.store %{{.*}}, %[[Y]][%[[N]], %[[OY]], %[[OX1]], %[[OC]]]
// CHECK:     loop.store %{{.*}}, %[[Y]][%[[N]], %[[OY]], %[[OX1]], %[[OCB]]]
func.func @valid_1x1(%x: !buffer<1x4x4x8x!qz>, %w: !buffer<3x1x1x8x!qt>, %y: !buffer<1x4x4x3x!qo>) {
  buffer.kernel conv_2d ins(%x, %w : !buffer<1x4x4x8x!qz>, !buffer<3x1x1x8x!qt>) outs(%y : !buffer<1x4x4x3x!qo>) {dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", padding = "VALID", stride_h = 1 : i64, stride_w = 1 : i64, border_nests = "all"}
  return
}

// Float, grouped (4 input channels, filters of 2: 2 groups of 3 output channels): output
// channel oc reads input channels (oc / 3) · 2 + ic; TFLite's `total + bias`, then the RELU6
// clamp.
// CHECK-LABEL: func.func @float_grouped
// CHECK-SAME: (%[[X:.*]]: !buffer<1x6x6x4xf32>, %[[W:.*]]: !buffer<6x3x3x2xf32>, %[[B:.*]]: !buffer<6xf32>, %[[Y:.*]]: !buffer<1x4x4x6xf32>)
// CHECK: loop.for %[[OC:.*]] = %c0 to %c6 step %c1 {
// CHECK:   %[[G:.*]] = arith.divui %[[OC]], %c3 : index
// CHECK:   %[[FIRST:.*]] = arith.muli %[[G]], %c2 : index
// CHECK:   %[[BV:.*]] = loop.load %[[B]][%[[OC]]] : !buffer<6xf32>
// CHECK:   %[[XV:.*]] = loop.load %[[X]][%{{.*}}, %{{.*}}, %{{.*}}, %[[FIRST]]]
// CHECK:   %[[FV:.*]] = loop.load %[[W]][%[[OC]], %c0, %c0, %c0]
// CHECK:   %[[P:.*]] = arith.mulf %[[XV]], %[[FV]] : f32
// CHECK:   arith.addf %cst{{.*}}, %[[P]] : f32
// CHECK-COUNT-17: arith.mulf
// CHECK:   %[[T:.*]] = arith.addf %{{.*}}, %[[BV]] : f32
// CHECK:   %[[LO:.*]] = arith.maximumf %[[T]], %{{.*}} : f32
// CHECK:   %[[HI:.*]] = arith.minimumf %[[LO]], %{{.*}} : f32
// CHECK:   loop.store %[[HI]], %[[Y]][%{{.*}}, %{{.*}}, %{{.*}}, %[[OC]]] : !buffer<1x4x4x6xf32>
func.func @float_grouped(%x: !buffer<1x6x6x4xf32>, %w: !buffer<6x3x3x2xf32>, %b: !buffer<6xf32>, %y: !buffer<1x4x4x6xf32>) {
  buffer.kernel conv_2d ins(%x, %w, %b : !buffer<1x6x6x4xf32>, !buffer<6x3x3x2xf32>, !buffer<6xf32>) outs(%y : !buffer<1x4x4x6xf32>) {dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "RELU6", padding = "VALID", stride_h = 1 : i64, stride_w = 1 : i64, border_nests = "all"}
  return
}

// Output channels in pairs sharing each input load (three pairs of the 7 channels, then the
// one left over alone), for pairs of output pixels sharing each filter load (4 accumulators,
// then 2); the fifth column alone.
// CHECK-LABEL: func.func @channel_blocks
// CHECK-SAME: (%[[X:.*]]: !buffer<1x2x5x8xf32>, %[[W:.*]]: !buffer<7x1x1x8xf32>, %[[Y:.*]]: !buffer<1x2x5x7xf32>)
// CHECK: loop.for %[[N:.*]] = {{.*}} {
// CHECK: loop.for %[[OY:.*]] = {{.*}} {
// CHECK: loop.for %[[G:.*]] = %c0 to %c2 step %c1 {
// CHECK:   %[[OX0:.*]] = arith.muli %[[G]], %c2 : index
// CHECK:   %[[OX1:.*]] = arith.addi %[[OX0]], %c1 : index
// CHECK:   loop.for %[[BLOCK:.*]] = %c0 to %c3 step %c1 {
// CHECK:     %[[OC0:.*]] = arith.muli %[[BLOCK]], %c2 : index
// CHECK:     %[[OC1:.*]] = arith.addi %[[OC0]], %c1 : index
// CHECK:     %[[ACC:.*]]:4 = loop.for %[[IC:.*]] = %c0 to %c8 step %c1 iter_args({{.*}}) -> (f32, f32, f32, f32) {
// CHECK:       %[[X0:.*]] = loop.load %[[X]][%[[N]], %[[OY]], %[[OX0]], %[[IC]]]
// CHECK:       %[[X1:.*]] = loop.load %[[X]][%[[N]], %[[OY]], %[[OX1]], %[[IC]]]
// CHECK:       %[[F0:.*]] = loop.load %[[W]][%[[OC0]], %c0, %c0, %[[IC]]]
// CHECK:       arith.mulf %[[X0]], %[[F0]] : f32
// CHECK:       arith.mulf %[[X1]], %[[F0]] : f32
// CHECK:       %[[F1:.*]] = loop.load %[[W]][%[[OC1]], %c0, %c0, %[[IC]]]
// CHECK:       arith.mulf %[[X0]], %[[F1]] : f32
// CHECK:       arith.mulf %[[X1]], %[[F1]] : f32
// CHECK:       loop.yield
// CHECK:     loop.store %{{.*}}, %[[Y]][%[[N]], %[[OY]], %[[OX0]], %[[OC0]]]
// CHECK:     loop.store %{{.*}}, %[[Y]][%[[N]], %[[OY]], %[[OX0]], %[[OC1]]]
// CHECK:     loop.store %{{.*}}, %[[Y]][%[[N]], %[[OY]], %[[OX1]], %[[OC0]]]
// CHECK:     loop.store %{{.*}}, %[[Y]][%[[N]], %[[OY]], %[[OX1]], %[[OC1]]]
// CHECK:   loop.for %[[REST:.*]] = %c0 to %c1 step %c1 {
// CHECK:     %[[OC:.*]] = arith.addi %[[REST]], %c6 : index
// CHECK:     loop.for %{{.*}} = %c0 to %c8 step %c1 iter_args({{.*}}) -> (f32, f32) {
// CHECK:     loop.store %{{.*}}, %[[Y]][%[[N]], %[[OY]], %[[OX0]], %[[OC]]]
// CHECK:     loop.store %{{.*}}, %[[Y]][%[[N]], %[[OY]], %[[OX1]], %[[OC]]]
// CHECK: loop.for %[[OX4:.*]] = %c4 to %c5 step %c1 {
// CHECK:   loop.for %{{.*}} = %c0 to %c3 step %c1 {
// CHECK:     loop.for %{{.*}} = %c0 to %c8 step %c1 iter_args({{.*}}) -> (f32, f32) {
// CHECK:     loop.store %{{.*}}, %[[Y]][%[[N]], %[[OY]], %[[OX4]], %{{.*}}]
func.func @channel_blocks(%x: !buffer<1x2x5x8xf32>, %w: !buffer<7x1x1x8xf32>, %y: !buffer<1x2x5x7xf32>) {
  buffer.kernel conv_2d ins(%x, %w : !buffer<1x2x5x8xf32>, !buffer<7x1x1x8xf32>) outs(%y : !buffer<1x2x5x7xf32>) {dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", padding = "SAME", stride_h = 1 : i64, stride_w = 1 : i64, border_nests = "all"}
  return
}

// A filter that is not a constant (an argument): nothing to fold, so interior pixels add the
// input offset per tap as TFLite does, starting from the bias.
// CHECK-LABEL: func.func @runtime_filter
// CHECK-SAME: (%[[X:.*]]: !buffer<{{.*}}>, %[[W:.*]]: !buffer<{{.*}}>, %[[B:.*]]: !buffer<{{.*}}>, %[[Y:.*]]: !buffer<{{.*}}>)
// CHECK-NOT: conv_folded_bias
// The two output channels form one block.
// CHECK: %[[OC:.*]] = arith.muli %{{.*}}, %c2 : index
// CHECK:   %[[BV:.*]] = loop.load %[[B]][%[[OC]]]
// CHECK:   %[[XV:.*]] = loop.load %[[X]]
// CHECK:   %[[FV:.*]] = loop.load %[[W]][%[[OC]], %c0, %c0, %c0]
// CHECK:   %[[X32:.*]] = arith.extsi %[[XV]] : i8 to i32
// CHECK:   %[[F32:.*]] = arith.extsi %[[FV]] : i8 to i32
// CHECK:   %[[XO:.*]] = arith.addi %[[X32]], %c3_i32 : i32
// CHECK:   %[[P:.*]] = arith.muli %[[F32]], %[[XO]] : i32
// CHECK:   arith.addi %[[BV]], %[[P]] : i32
func.func @runtime_filter(%x: !buffer<1x3x3x2x!qi>, %w: !buffer<2x3x3x2x!qw>, %b: !buffer<2x!qb>, %y: !buffer<1x1x1x2x!qo>) {
  buffer.kernel conv_2d ins(%x, %w, %b : !buffer<1x3x3x2x!qi>, !buffer<2x3x3x2x!qw>, !buffer<2x!qb>) outs(%y : !buffer<1x1x1x2x!qo>) {dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", padding = "VALID", stride_h = 1 : i64, stride_w = 1 : i64, border_nests = "all"}
  return
}
