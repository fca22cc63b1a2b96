// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s
// TFLite's 16x8 kernels (int16 activations with zero points 0, int8 weights): the accumulator is
// TFLM's AccumScalar, i64 with an i64 bias (or without a bias), i32 with an i32 one; no offsets.

// conv_2d with an i64 bias: i64 accumulators from the bias, each i8 · i16 product (an i32)
// widened and added, then TFLite's int64 MultiplyByQuantizedMultiplier from per-channel tables
// of its compile-time parameters: the multipliers 0.001 · {0.01, 0.02} / 0.002 reduced to 15
// bits (both 0.671 · 2^15), the roundings 2^(s - 1) and the total right shifts s = 15 - shift
// (shifts -7 and -6). RELU clamps to [0, 32767] before the truncation to i16.
// CHECK: buffer.global @conv_reduced {role = "constant"} : !buffer<2xi64> = dense<[20972, 20972]>
// CHECK: buffer.global @conv_rounding {role = "constant"} : !buffer<2xi64> = dense<[2097152, 1048576]>
// CHECK: buffer.global @conv_shift {role = "constant"} : !buffer<2xi64> = dense<[22, 21]>
!q16 = !quant.uniform<i16:f32, 1.000000e-03>
!qo = !quant.uniform<i16:f32, 2.000000e-03>
!qw = !quant.uniform<i8:f32:0, {0.01, 0.02}>
buffer.global @w {role = "constant"} : !buffer<2x1x3x2x!qw> = dense<1> : tensor<2x1x3x2xi8>
buffer.global @b {role = "constant"} : !buffer<2xi64> = dense<[10, -20]> : tensor<2xi64>

// CHECK-LABEL: func.func @conv_i64_bias
// CHECK-SAME: (%[[X:.*]]: !buffer<1x1x4x2x{{.*}}>, %[[Y:.*]]: !buffer<1x1x2x2x{{.*}}>)
// CHECK: %[[W:.*]] = buffer.get_global @w
// CHECK: %[[B:.*]] = buffer.get_global @b
// CHECK: %[[REDUCED:.*]] = buffer.get_global @conv_reduced
// CHECK: %[[ROUNDING:.*]] = buffer.get_global @conv_rounding
// CHECK: %[[SHIFT:.*]] = buffer.get_global @conv_shift
// Batch, row, column, then the two output channels in one block; the 1x3 window of two input
// channels unrolled.
// CHECK: loop.for %[[N:.*]] = %c0 to %c1 step %c1 {
// CHECK: loop.for %[[OY:.*]] = %c0 to %c1 step %c1 {
// CHECK: loop.for %[[OX:.*]] = %c0 to %c2 step %c1 {
// CHECK: loop.for %[[OC:.*]] = %c0 to %c1 step %c1 {
// CHECK:   %[[OC0:.*]] = arith.muli %[[OC]], %c2 : index
// CHECK:   %[[INIT0:.*]] = loop.load %[[B]][%[[OC0]]] : !buffer<2xi64>
// CHECK:   %[[M0:.*]] = loop.load %[[REDUCED]][%[[OC0]]] : !buffer<2xi64>
// CHECK:   %[[R0:.*]] = loop.load %[[ROUNDING]][%[[OC0]]] : !buffer<2xi64>
// CHECK:   %[[S0:.*]] = loop.load %[[SHIFT]][%[[OC0]]] : !buffer<2xi64>
// CHECK:   %[[X0:.*]] = loop.load %[[X]]
// CHECK:   %[[F0:.*]] = loop.load %[[W]][%[[OC0]], %c0, %c0, %c0]
// CHECK:   %[[XW:.*]] = arith.extsi %[[X0]] : i16 to i32
// CHECK:   %[[FW:.*]] = arith.extsi %[[F0]] : i8 to i32
// CHECK:   %[[P:.*]] = arith.muli %[[FW]], %[[XW]] : i32
// CHECK:   %[[PW:.*]] = arith.extsi %[[P]] : i32 to i64
// CHECK:   %[[ACC:.*]] = arith.addi %[[INIT0]], %[[PW]] : i64
// CHECK:   %[[SCALED:.*]] = arith.muli %{{.*}}, %[[M0]] : i64
// CHECK:   %[[ROUNDED:.*]] = arith.addi %[[SCALED]], %[[R0]] : i64
// CHECK:   %[[SHIFTED:.*]] = arith.shrsi %[[ROUNDED]], %[[S0]] : i64
// CHECK:   %[[OUT:.*]] = arith.trunci %[[SHIFTED]] : i64 to i32
// CHECK:   %[[LOW:.*]] = arith.maxsi %[[OUT]], %c0_i32 : i32
// CHECK:   %[[HIGH:.*]] = arith.minsi %[[LOW]], %c32767_i32 : i32
// CHECK:   %[[Q:.*]] = arith.trunci %[[HIGH]] : i32 to i16
// CHECK:   loop.store %[[Q]], %[[Y]][%[[N]], %[[OY]], %[[OX]], %[[OC0]]]
func.func @conv_i64_bias(%x: !buffer<1x1x4x2x!q16>, %y: !buffer<1x1x2x2x!qo>) {
  %w = buffer.get_global @w : !buffer<2x1x3x2x!qw>
  %b = buffer.get_global @b : !buffer<2xi64>
  buffer.kernel conv_2d ins(%x, %w, %b : !buffer<1x1x4x2x!q16>, !buffer<2x1x3x2x!qw>, !buffer<2xi64>) outs(%y : !buffer<1x1x2x2x!qo>) {dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "RELU", padding = "VALID", stride_h = 1 : i64, stride_w = 1 : i64}
  return
}

// -----

// depthwise_conv_2d without a bias: i64 accumulators from 0 (TFLM's depthwise kernel is always
// int64), one per-tensor multiplier as constants.
!q16 = !quant.uniform<i16:f32, 1.000000e-03>
!qw = !quant.uniform<i8:f32, 1.000000e-02>
// CHECK-LABEL: func.func @depthwise_no_bias
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-DAG: %[[M:.*]] = arith.constant 20972 : i64
// CHECK-DAG: %[[R:.*]] = arith.constant 1048576 : i64
// CHECK-DAG: %[[S:.*]] = arith.constant 21 : i64
// CHECK: loop.for %[[C:.*]] = %c0 to %c2 step %c1 {
// CHECK:   arith.extsi %{{.*}} : i32 to i64
// CHECK:   arith.addi %[[ZERO]], %{{.*}} : i64
// CHECK:   %[[SCALED:.*]] = arith.muli %{{.*}}, %[[M]] : i64
// CHECK:   %[[ROUNDED:.*]] = arith.addi %[[SCALED]], %[[R]] : i64
// CHECK:   arith.shrsi %[[ROUNDED]], %[[S]] : i64
// CHECK:   arith.maxsi %{{.*}}, %c-32768_i32 : i32
// CHECK:   arith.trunci %{{.*}} : i32 to i16
func.func @depthwise_no_bias(%x: !buffer<1x3x3x2x!q16>, %w: !buffer<1x3x3x2x!qw>, %y: !buffer<1x1x1x2x!q16>) {
  buffer.kernel depthwise_conv_2d ins(%x, %w : !buffer<1x3x3x2x!q16>, !buffer<1x3x3x2x!qw>) outs(%y : !buffer<1x1x1x2x!q16>) {depth_multiplier = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", padding = "VALID", stride_h = 1 : i64, stride_w = 1 : i64}
  return
}

// -----

// fully_connected with a plain i32 bias: i32 accumulators from the bias, four units at a time sharing
// each input load, no input offset, then the int32 MultiplyByQuantizedMultiplier (0.001 · 0.01 /
// 0.002 = 0.005: multiplier 1374389560, shift -7, in its one-rounding form), RELU6 clamping to
// [0, 6 / 0.002], truncated to i16.
!qi = !quant.uniform<i16:f32, 1.000000e-03>
!qo = !quant.uniform<i16:f32, 2.000000e-03>
!qw = !quant.uniform<i8:f32, 1.000000e-02>
!qb = i32
// CHECK-LABEL: func.func @fc_i32_bias
// CHECK-SAME: (%[[X:.*]]: !buffer<2x3x{{.*}}>, %[[W:.*]]: !buffer<4x3x{{.*}}>, %[[B:.*]]: !buffer<4x{{.*}}>, %[[Y:.*]]: !buffer<2x4x{{.*}}>)
// CHECK: loop.for %[[N:.*]] = %c0 to %c2 step %c1 {
// CHECK:   loop.for %[[BLOCK:.*]] = %c0 to %c1 step %c1 {
// CHECK:     %[[U0:.*]] = arith.muli %[[BLOCK]], %c4 : index
// CHECK:     %[[U1:.*]] = arith.addi %[[U0]], %c1 : index
// CHECK:     %[[INIT0:.*]] = loop.load %[[B]][%[[U0]]]
// CHECK:     %[[INIT1:.*]] = loop.load %[[B]][%[[U1]]]
// CHECK:     %[[ACC:.*]]:4 = loop.for %[[D:.*]] = %c0 to %c3 step %c1 iter_args(%[[SUM0:.*]] = %[[INIT0]], %[[SUM1:.*]] = %[[INIT1]], %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (i32, i32, i32, i32) {
// CHECK:       %[[XV:.*]] = loop.load %[[X]][%[[N]], %[[D]]]
// CHECK:       %[[WV:.*]] = loop.load %[[W]][%[[U0]], %[[D]]]
// CHECK:       %[[XE:.*]] = arith.extsi %[[XV]] : i16 to i32
// CHECK:       %[[WE:.*]] = arith.extsi %[[WV]] : i8 to i32
// CHECK:       %[[P:.*]] = arith.muli %[[WE]], %[[XE]] : i32
// CHECK:       %[[NEXT0:.*]] = arith.addi %[[SUM0]], %[[P]] : i32
// CHECK:       loop.load %[[W]][%[[U1]], %[[D]]]
// CHECK-NOT:   loop.load %[[X]]
// CHECK:       loop.yield %[[NEXT0]], %{{.*}}, %{{.*}}, %{{.*}} : i32, i32, i32, i32
// CHECK:     arith.extsi %[[ACC]]#0 : i32 to i64
// CHECK:     %c1374389560_i32
// CHECK:     %[[HI:.*]] = arith.trunci %{{.*}} : i64 to i32
// CHECK:     %[[DOWN:.*]] = arith.shrsi %[[HI]], %c6_i32{{.*}} : i32
// CHECK:     %[[LOW:.*]] = arith.maxsi %[[DOWN]], %c0_i32 : i32
// CHECK:     %[[HIGH:.*]] = arith.minsi %[[LOW]], %c3000_i32 : i32
// CHECK:     %[[Q:.*]] = arith.trunci %[[HIGH]] : i32 to i16
// CHECK:     loop.store %[[Q]], %[[Y]][%[[N]], %[[U0]]]
func.func @fc_i32_bias(%x: !buffer<2x3x!qi>, %w: !buffer<4x3x!qw>, %b: !buffer<4x!qb>, %y: !buffer<2x4x!qo>) {
  buffer.kernel fully_connected ins(%x, %w, %b : !buffer<2x3x!qi>, !buffer<4x3x!qw>, !buffer<4x!qb>) outs(%y : !buffer<2x4x!qo>) {fused_activation = "RELU6", keep_num_dims = false}
  return
}
