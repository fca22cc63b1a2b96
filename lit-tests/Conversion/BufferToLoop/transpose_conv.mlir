// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

!qi = !quant.uniform<i8:f32, 5.000000e-02:-3>
!qo = !quant.uniform<i8:f32, 1.000000e-01:5>
!qw = !quant.uniform<i8:f32:0, {0.01, 0.02}>
!qb = !quant.uniform<i32:f32:0, {5.000000e-04, 1.000000e-03}>
buffer.global @w {role = "constant"} : !buffer<2x3x3x2x!qw> = dense<1> : tensor<2x3x3x2xi8>
buffer.global @b {role = "constant"} : !buffer<2x!qb> = dense<[10, -20]> : tensor<2xi32>

// int8, SAME, stride 2, 2x2 -> 4x4 (padding 0): per output pixel, the input rows and columns
// whose taps reach it, [max(0, (o + 1) / 2 - 1), min(2, o / 2 + 1)); per channel the bias, then
// (x + 3) · f over those taps in TFLM's order (rows, columns, channels), requantized per
// channel, clamped at the zero point by the fused RELU. No workspace: sums stay in registers.
// CHECK-LABEL: func.func @int8_same_stride2
// CHECK-SAME: (%[[X:.*]]: !buffer<1x2x2x2x{{.*}}>, %[[Y:.*]]: !buffer<1x4x4x2x{{.*}}>)
// CHECK-NOT: buffer.alloc
// CHECK: loop.for %[[N:.*]] = %c0 to %c1
// CHECK:   loop.for %[[OY:.*]] = %c0 to %c4
// CHECK:     loop.for %[[OX:.*]] = %c0 to %c4
// CHECK:       %[[A:.*]] = arith.addi %[[OY]], %c1 : index
// CHECK:       %[[D:.*]] = arith.divui %[[A]], %c2 : index
// CHECK:       %[[L:.*]] = arith.addi %[[D]], %c-1 : index
// CHECK:       %[[YLO:.*]] = arith.maxsi %[[L]], %c0 : index
// CHECK:       %[[R:.*]] = arith.divui %[[OY]], %c2 : index
// CHECK:       %[[H:.*]] = arith.addi %[[R]], %c1 : index
// CHECK:       %[[YHI:.*]] = arith.minsi %[[H]], %c2 : index
// CHECK:       loop.for %[[OC:.*]] = %c0 to %c2
// CHECK:         %[[BIAS:.*]] = loop.load %{{.*}}[%[[OC]]] : !buffer<2x!quant.uniform<i32
// CHECK:         loop.for %[[IY:.*]] = %[[YLO]] to %[[YHI]] step %c1 iter_args(%{{.*}} = %[[BIAS]]) -> (i32)
// CHECK:           %[[S:.*]] = arith.muli %[[IY]], %c2 : index
// CHECK:           %[[FY:.*]] = arith.subi %[[OY]], %[[S]] : index
// CHECK:           loop.for %[[IX:.*]] = {{.*}} iter_args
// CHECK:             loop.for %[[IC:.*]] = %c0 to %c2
// CHECK:               loop.load %[[X]][%[[N]], %[[IY]], %[[IX]], %[[IC]]]
// CHECK:               loop.load %{{.*}}[%[[OC]], %[[FY]], %{{.*}}, %[[IC]]]
// CHECK:               arith.addi %{{.*}}, %c3_i32 : i32
// CHECK:         arith.maxsi %{{.*}}, %c5_i32 : i32
// CHECK:         loop.store %{{.*}}, %[[Y]][%[[N]], %[[OY]], %[[OX]], %[[OC]]]
func.func @int8_same_stride2(%x: !buffer<1x2x2x2x!qi>, %y: !buffer<1x4x4x2x!qo>) {
  %w = buffer.get_global @w : !buffer<2x3x3x2x!qw>
  %b = buffer.get_global @b : !buffer<2x!qb>
  buffer.kernel transpose_conv ins(%x, %w, %b : !buffer<1x2x2x2x!qi>, !buffer<2x3x3x2x!qw>, !buffer<2x!qb>) outs(%y : !buffer<1x4x4x2x!qo>) {output_shape = array<i64: 1, 4, 4, 2>, stride_h = 2 : i64, stride_w = 2 : i64, padding = "SAME", fused_activation = "RELU"}
  return
}

// float, VALID, stride 3 over a 2x2 filter: the sum starts at 0.0 and the bias (none here) comes
// last, as in TFLM; rows 2 and 5 of the output are reached by no tap (an empty range).
// CHECK-LABEL: func.func @f32_valid_stride3
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: arith.addi %{{.*}}, %c4 : index
// CHECK: arith.divui %{{.*}}, %c3 : index
// CHECK: loop.for %{{.*}} = %{{.*}} to %{{.*}} step %c1 iter_args(%{{.*}} = %[[ZERO]]) -> (f32)
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @f32_valid_stride3(%x: !buffer<1x2x2x1xf32>, %w: !buffer<1x2x2x1xf32>, %y: !buffer<1x5x5x1xf32>) {
  buffer.kernel transpose_conv ins(%x, %w : !buffer<1x2x2x1xf32>, !buffer<1x2x2x1xf32>) outs(%y : !buffer<1x5x5x1xf32>) {output_shape = array<i64: 1, 5, 5, 1>, stride_h = 3 : i64, stride_w = 3 : i64, padding = "VALID", fused_activation = "NONE"}
  return
}

// 16x8 with an int16 bias: widened to the int64 accumulator, as TFLM copies it into an int64
// buffer; int64 requantization.
!q16 = !quant.uniform<i16:f32, 1.000000e-03>
!q16w = !quant.uniform<i8:f32, 1.000000e-02>
// CHECK-LABEL: func.func @int16x8_i16_bias
// CHECK: %[[B16:.*]] = loop.load %arg2[%{{.*}}] : !buffer<2xi16>
// CHECK: %[[B64:.*]] = arith.extsi %[[B16]] : i16 to i64
// CHECK: loop.for {{.*}} iter_args(%{{.*}} = %[[B64]]) -> (i64)
// CHECK: arith.extsi %{{.*}} : i32 to i64
// CHECK: arith.muli %{{.*}}, %c20972_i64 : i64
// CHECK: arith.trunci %{{.*}} : i32 to i16
func.func @int16x8_i16_bias(%x: !buffer<1x2x2x1x!q16>, %w: !buffer<2x2x2x1x!q16w>, %b: !buffer<2xi16>, %y: !buffer<1x3x3x2x!q16>) {
  buffer.kernel transpose_conv ins(%x, %w, %b : !buffer<1x2x2x1x!q16>, !buffer<2x2x2x1x!q16w>, !buffer<2xi16>) outs(%y : !buffer<1x3x3x2x!q16>) {output_shape = array<i64: 1, 3, 3, 2>, stride_h = 1 : i64, stride_w = 1 : i64, padding = "VALID", fused_activation = "NONE"}
  return
}
