// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

!qi = !quant.uniform<i8:f32, 0.05:-3>
!qo = !quant.uniform<i8:f32, 0.02:10>

// Int8 over axes [1, 2] with keep_dims: loops over the kept dimensions (batch, channel) around
// loops over the reduced ones. The accumulator starts at -input_zero_point · count = 3 · 25 =
// 75; then TFLM's requantization by input_scale / output_scale / 25, the output zero point, the
// int8 clamp, and a store at index 0 of each kept unit dimension.
// CHECK-LABEL: func.func @int8_keep_dims
// CHECK-SAME: (%[[X:.*]]: !buffer<1x5x5x8x{{.*}}>, %[[Y:.*]]: !buffer<1x1x1x8x{{.*}}>)
// CHECK-DAG: %[[ZP:.*]] = arith.constant 10 : i32
// CHECK-DAG: %[[INIT:.*]] = arith.constant 75 : i32
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: loop.for %[[N:.*]] = %{{.*}} to %{{.*}} step
// CHECK:   loop.for %[[C:.*]] = %{{.*}} to %{{.*}} step
// CHECK:     %[[ACC:.*]] = loop.for %[[H:.*]] = {{.*}} iter_args(%{{.*}} = %[[INIT]]) -> (i32) {
// CHECK:       loop.for %[[W:.*]] = {{.*}} iter_args(%[[S:.*]] = %{{.*}}) -> (i32) {
// CHECK:         %[[V:.*]] = loop.load %[[X]][%[[N]], %[[H]], %[[W]], %[[C]]]
// CHECK:         %[[VI:.*]] = arith.extsi %[[V]] : i8 to i32
// CHECK:         arith.addi %[[S]], %[[VI]] : i32
// CHECK:     arith.extsi %[[ACC]] : i32 to i64
// CHECK:     arith.shrsi {{.*}} : i64
// CHECK:     arith.addi %{{.*}}, %[[ZP]] : i32
// CHECK:     arith.maxsi
// CHECK:     arith.minsi
// CHECK:     %[[Q:.*]] = arith.trunci %{{.*}} : i32 to i8
// CHECK:     loop.store %[[Q]], %[[Y]][%[[N]], %[[C0]], %[[C0]], %[[C]]]
// CHECK-NOT: buffer.kernel
func.func @int8_keep_dims(%x: !buffer<1x5x5x8x!qi>, %y: !buffer<1x1x1x8x!qo>) {
  buffer.kernel mean ins(%x : !buffer<1x5x5x8x!qi>) outs(%y : !buffer<1x1x1x8x!qo>) {axes = array<i64: 1, 2>, keep_dims = true}
  return
}

// Int16: the same arithmetic, clamped to the int16 range. init = 3 · 25 = 75; 0.001 / 0.002
// is (2^30, 0), which QuantizedMeanOrSum divides by 25 after a shift by floor(log2 25) = 4:
// (2^34 / 25 = 687194767, shift -4).
// CHECK-LABEL: func.func @int16_drop_dims
// CHECK-SAME: (%[[X:.*]]: !buffer<1x5x5x8x{{.*}}>, %[[Y:.*]]: !buffer<1x8x{{.*}}>)
// CHECK-DAG: %[[INIT:.*]] = arith.constant 75 : i32
// CHECK-DAG: %[[M:.*]] = arith.constant 687194767 : i32
// CHECK: loop.for %[[N:.*]] = %{{.*}} to %{{.*}} step
// CHECK:   loop.for %[[C:.*]] = %{{.*}} to %{{.*}} step
// CHECK:     %[[ACC:.*]] = loop.for %[[H:.*]] = {{.*}} iter_args(%{{.*}} = %[[INIT]]) -> (i32) {
// CHECK:       %[[V:.*]] = loop.load %[[X]][%[[N]], %[[H]], %{{.*}}, %[[C]]]
// CHECK:       arith.extsi %[[V]] : i16 to i32
// CHECK:     arith.extsi %[[M]] : i32 to i64
// CHECK:     arith.maxsi %{{.*}}, %c-32768_i32 : i32
// CHECK:     arith.minsi %{{.*}}, %c32767_i32 : i32
// CHECK:     %[[Q:.*]] = arith.trunci %{{.*}} : i32 to i16
// CHECK:     loop.store %[[Q]], %[[Y]][%[[N]], %[[C]]]
!qi16 = !quant.uniform<i16:f32, 0.001:-3>
!qo16 = !quant.uniform<i16:f32, 0.002:10>
func.func @int16_drop_dims(%x: !buffer<1x5x5x8x!qi16>, %y: !buffer<1x8x!qo16>) {
  buffer.kernel mean ins(%x : !buffer<1x5x5x8x!qi16>) outs(%y : !buffer<1x8x!qo16>) {axes = array<i64: 1, 2>, keep_dims = false}
  return
}

// Float over the negative axis -2 without keep_dims: the sum from 0.0 in order, divided by 3.
// CHECK-LABEL: func.func @float_one_axis
// CHECK-SAME: (%[[X:.*]]: !buffer<2x3x4xf32>, %[[Y:.*]]: !buffer<2x4xf32>)
// CHECK-DAG: %[[COUNT:.*]] = arith.constant 3.000000e+00 : f32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: loop.for %[[B:.*]] = %{{.*}} to %{{.*}} step
// CHECK:   loop.for %[[J:.*]] = %{{.*}} to %{{.*}} step
// CHECK:     %[[SUM:.*]] = loop.for %[[I:.*]] = {{.*}} iter_args(%[[S:.*]] = %[[ZERO]]) -> (f32) {
// CHECK:       %[[V:.*]] = loop.load %[[X]][%[[B]], %[[I]], %[[J]]]
// CHECK:       arith.addf %[[S]], %[[V]] : f32
// CHECK:     %[[M:.*]] = arith.divf %[[SUM]], %[[COUNT]] : f32
// CHECK:     loop.store %[[M]], %[[Y]][%[[B]], %[[J]]]
func.func @float_one_axis(%x: !buffer<2x3x4xf32>, %y: !buffer<2x4xf32>) {
  buffer.kernel mean ins(%x : !buffer<2x3x4xf32>) outs(%y : !buffer<2x4xf32>) {axes = array<i64: -2>, keep_dims = false}
  return
}
