// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

// float: the rank-2 rhs broadcast over the batch, read transposed under adj_y (rhs[j, k]); the
// sum from 0.0 over k ascending, as TFLM's.
// CHECK-LABEL: func.func @f32_broadcast_adj_y
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: loop.for %[[B:.*]] = %c0 to %c2
// CHECK:   loop.for %[[I:.*]] = %c0 to %c3
// CHECK:     loop.for %[[J:.*]] = %c0 to %c5
// CHECK:       %[[S:.*]] = loop.for %[[K:.*]] = %c0 to %c4 step %c1 iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (f32)
// CHECK:         %[[L:.*]] = loop.load %arg0[%[[B]], %[[I]], %[[K]]]
// CHECK:         %[[R:.*]] = loop.load %arg1[%[[J]], %[[K]]]
// CHECK:         %[[P:.*]] = arith.mulf %[[L]], %[[R]] : f32
// CHECK:         arith.addf %[[ACC]], %[[P]] : f32
// CHECK:       loop.store %[[S]], %arg2[%[[B]], %[[I]], %[[J]]]
func.func @f32_broadcast_adj_y(%a: !buffer<2x3x4xf32>, %b: !buffer<5x4xf32>, %y: !buffer<2x3x5xf32>) {
  buffer.kernel batch_matmul ins(%a, %b : !buffer<2x3x4xf32>, !buffer<5x4xf32>) outs(%y : !buffer<2x3x5xf32>) {adj_x = false, adj_y = true}
  return
}

// int8 under adj_x: the lhs batch of 1 is read at index 0, transposed (lhs[0, k, i]); both zero
// points subtracted (-128 and 7), an i32 sum, TFLM's multiplier (0.05 · 0.02 in float, / 0.1 in
// double), the output zero point, int8's range.
!ql = !quant.uniform<i8:f32, 5.000000e-02:-128>
!qr = !quant.uniform<i8:f32, 2.000000e-02:7>
!qo = !quant.uniform<i8:f32, 1.000000e-01:3>
// CHECK-LABEL: func.func @int8_adj_x
// CHECK: loop.for %[[B:.*]] = %c0 to %c2
// CHECK:   loop.for %[[I:.*]] = %c0 to %c3
// CHECK:     loop.for %[[J:.*]] = %c0 to %c5
// CHECK:       loop.for %[[K:.*]] = %c0 to %c4 step %c1 iter_args(%{{.*}} = %c0_i32) -> (i32)
// CHECK:         loop.load %arg0[%c0, %[[K]], %[[I]]]
// CHECK:         loop.load %arg1[%[[B]], %[[K]], %[[J]]]
// CHECK:         arith.addi %{{.*}}, %c128_i32 : i32
// CHECK:         arith.addi %{{.*}}, %c-7_i32 : i32
// CHECK:       arith.extsi %c1374389580_i32 : i32 to i64
// CHECK:       arith.addi %{{.*}}, %c3_i32 : i32
// CHECK:       arith.maxsi %{{.*}}, %c-128_i32 : i32
// CHECK:       arith.minsi %{{.*}}, %c127_i32 : i32
func.func @int8_adj_x(%a: !buffer<1x4x3x!ql>, %b: !buffer<2x4x5x!qr>, %y: !buffer<2x3x5x!qo>) {
  buffer.kernel batch_matmul ins(%a, %b : !buffer<1x4x3x!ql>, !buffer<2x4x5x!qr>) outs(%y : !buffer<2x3x5x!qo>) {adj_x = true, adj_y = false}
  return
}

// int16: an i64 sum (TFLM's int64_t AccumT) and the int64 requantization.
!q16 = !quant.uniform<i16:f32, 1.000000e-03>
// CHECK-LABEL: func.func @int16
// CHECK: loop.for {{.*}} iter_args(%{{.*}} = %c0_i64) -> (i64)
// CHECK:   arith.muli %{{.*}}, %{{.*}} : i32
// CHECK:   arith.extsi %{{.*}} : i32 to i64
// CHECK: arith.muli %{{.*}}, %c16777_i64 : i64
// CHECK: arith.trunci %{{.*}} : i32 to i16
func.func @int16(%a: !buffer<3x4x!q16>, %b: !buffer<4x5x!q16>, %y: !buffer<3x5x!q16>) {
  buffer.kernel batch_matmul ins(%a, %b : !buffer<3x4x!q16>, !buffer<4x5x!q16>) outs(%y : !buffer<3x5x!q16>) {adj_x = false, adj_y = false}
  return
}
