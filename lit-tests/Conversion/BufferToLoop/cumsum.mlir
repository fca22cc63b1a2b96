// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

!qi = !quant.uniform<i8:f32, 0.5:-3>
!qo = !quant.uniform<i8:f32, 0.5:7>

// Int8 running sum along axis 1, exclusive: a loop over the other dimension, the axis loop
// carrying the accumulator from what a stored 0 rescales to ((0 + 3) << 20, halved: 3 << 19 =
// 1572864), each input read from the 256-entry table of its rescaled values; the sum before
// the element is requantized by 2·s / (2^20·s) = 2^-19 ((1073741824, -18)), offset by the output
// zero point and clamped.
// CHECK-LABEL: func.func @int8_exclusive
// CHECK-SAME: (%[[X:.*]]: !buffer<2x5x{{.*}}>, %[[Y:.*]]: !buffer<2x5x{{.*}}>)
// CHECK-DAG: %[[TABLE:.*]] = buffer.get_global @rescaled_input
// CHECK-DAG: %[[INIT:.*]] = arith.constant 1572864 : i32
// CHECK: loop.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK:   loop.for %[[D:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (i32) {
// CHECK:     %[[V:.*]] = loop.load %[[X]][%[[I]], %[[D]]]
// CHECK:     %[[R:.*]] = loop.load %[[TABLE]][
// CHECK:     %[[NEXT:.*]] = arith.addi %[[ACC]], %[[R]] : i32
// CHECK:     arith.extsi %[[ACC]] : i32 to i64
// CHECK:     arith.maxsi
// CHECK:     arith.minsi
// CHECK:     %[[Q:.*]] = arith.trunci %{{.*}} : i32 to i8
// CHECK:     loop.store %[[Q]], %[[Y]][%[[I]], %[[D]]]
// CHECK:     loop.yield %[[NEXT]] : i32
// CHECK-NOT: buffer.kernel
func.func @int8_exclusive(%x: !buffer<2x5x!qi>, %y: !buffer<2x5x!qo>) {
  buffer.kernel cumsum ins(%x : !buffer<2x5x!qi>) outs(%y : !buffer<2x5x!qo>) {axis = array<i64: 1>, exclusive = true, reverse = false}
  return
}

// Float, reverse along axis -2 (0): the axis loop is outermost-but-inner, counts down, adds from
// 0.0 and stores the inclusive sum.
// CHECK-LABEL: func.func @float_reverse
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: loop.for
// CHECK:   loop.for %[[K:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (f32) {
// CHECK:     %[[D:.*]] = arith.subi %{{.*}}, %[[K]] : index
// CHECK:     %[[V:.*]] = loop.load %{{.*}}[%[[D]], %{{.*}}]
// CHECK:     %[[NEXT:.*]] = arith.addf %[[ACC]], %[[V]] : f32
// CHECK:     loop.store %[[NEXT]], %{{.*}}[%[[D]], %{{.*}}]
// CHECK:     loop.yield %[[NEXT]] : f32
func.func @float_reverse(%x: !buffer<4x3xf32>, %y: !buffer<4x3xf32>) {
  buffer.kernel cumsum ins(%x : !buffer<4x3xf32>) outs(%y : !buffer<4x3xf32>) {axis = array<i64: -2>, exclusive = false, reverse = true}
  return
}
