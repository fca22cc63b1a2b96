// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

!qi = !quant.uniform<i8:f32, 0.05:-3>
!qo = !quant.uniform<i8:f32, 0.5:10>

// Int8 sum over axis 1 without keep_dims: the mean's nest and accumulator (from -input_zero_point
// · count = 3 · 4 = 12), requantized by input_scale / output_scale alone (TFLM's compute_sum
// keeps the multiplier of PrepareMeanOrSum: the float scales divided in double, 0.100000001...,
// give (1717986944, -3)), then the output zero point and the int8 clamp.
// CHECK-LABEL: func.func @int8_sum
// CHECK-SAME: (%[[X:.*]]: !buffer<2x4x3x{{.*}}>, %[[Y:.*]]: !buffer<2x3x{{.*}}>)
// CHECK-DAG: %[[INIT:.*]] = arith.constant 12 : i32
// CHECK-DAG: %[[ZP:.*]] = arith.constant 10 : i32
// CHECK-DAG: %[[SHIFT:.*]] = arith.constant -3 : i32
// CHECK-DAG: %[[M:.*]] = arith.constant 1717986944 : i32
// CHECK: loop.for %[[N:.*]] = %{{.*}} to %{{.*}} step
// CHECK:   loop.for %[[C:.*]] = %{{.*}} to %{{.*}} step
// CHECK:     %[[ACC:.*]] = loop.for %[[H:.*]] = {{.*}} iter_args(%[[S:.*]] = %[[INIT]]) -> (i32) {
// CHECK:       %[[V:.*]] = loop.load %[[X]][%[[N]], %[[H]], %[[C]]]
// CHECK:       %[[VI:.*]] = arith.extsi %[[V]] : i8 to i32
// CHECK:       arith.addi %[[S]], %[[VI]] : i32
// CHECK:     arith.extsi %[[M]] : i32 to i64
// CHECK:     arith.addi %{{.*}}, %[[ZP]] : i32
// CHECK:     arith.maxsi
// CHECK:     arith.minsi
// CHECK:     %[[Q:.*]] = arith.trunci %{{.*}} : i32 to i8
// CHECK:     loop.store %[[Q]], %[[Y]][%[[N]], %[[C]]]
// CHECK-NOT: buffer.kernel
func.func @int8_sum(%x: !buffer<2x4x3x!qi>, %y: !buffer<2x3x!qo>) {
  buffer.kernel sum ins(%x : !buffer<2x4x3x!qi>) outs(%y : !buffer<2x3x!qo>) {axes = array<i64: 1>, keep_dims = false}
  return
}

// Float sum over every axis with keep_dims: addf from 0.0 in row-major order, no division.
// CHECK-LABEL: func.func @float_sum
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: loop.for {{.*}} iter_args(%{{.*}} = %[[ZERO]]) -> (f32) {
// CHECK:   loop.for {{.*}} -> (f32) {
// CHECK:     arith.addf
// CHECK-NOT: arith.divf
// CHECK: loop.store
func.func @float_sum(%x: !buffer<3x5xf32>, %y: !buffer<1x1xf32>) {
  buffer.kernel sum ins(%x : !buffer<3x5xf32>) outs(%y : !buffer<1x1xf32>) {axes = array<i64: 0, -1>, keep_dims = true}
  return
}
