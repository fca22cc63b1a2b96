// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

!q = !quant.uniform<i8:f32, 0.05:-3>

// Int8 maximum over axes [1, 2] with keep_dims: loops over the kept dimensions (batch, channel)
// around loops over the reduced ones, carrying the stored type from -128 (TFLM's lowest int8);
// no requantization (the output is quantized as the input), a store at index 0 of each kept
// unit dimension.
// CHECK-LABEL: func.func @int8_max_keep_dims
// CHECK-SAME: (%[[X:.*]]: !buffer<1x5x5x8x{{.*}}>, %[[Y:.*]]: !buffer<1x1x1x8x{{.*}}>)
// CHECK-DAG: %[[INIT:.*]] = arith.constant -128 : i8
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: loop.for %[[N:.*]] = %{{.*}} to %{{.*}} step
// CHECK:   loop.for %[[C:.*]] = %{{.*}} to %{{.*}} step
// CHECK:     %[[ACC:.*]] = loop.for %[[H:.*]] = {{.*}} iter_args(%{{.*}} = %[[INIT]]) -> (i8) {
// CHECK:       loop.for %[[W:.*]] = {{.*}} iter_args(%[[S:.*]] = %{{.*}}) -> (i8) {
// CHECK:         %[[V:.*]] = loop.load %[[X]][%[[N]], %[[H]], %[[W]], %[[C]]]
// CHECK:         arith.maxsi %[[S]], %[[V]] : i8
// CHECK:     loop.store %[[ACC]], %[[Y]][%[[N]], %[[C0]], %[[C0]], %[[C]]]
// CHECK-NOT: buffer.kernel
func.func @int8_max_keep_dims(%x: !buffer<1x5x5x8x!q>, %y: !buffer<1x1x1x8x!q>) {
  buffer.kernel reduce_max ins(%x : !buffer<1x5x5x8x!q>) outs(%y : !buffer<1x1x1x8x!q>) {axes = array<i64: 1, 2>, keep_dims = true}
  return
}

// Int8 minimum over the last axis: from 127 (TFLM's highest int8) with minsi.
// CHECK-LABEL: func.func @int8_min_last_axis
// CHECK-DAG: %[[INIT:.*]] = arith.constant 127 : i8
// CHECK: loop.for
// CHECK:   loop.for
// CHECK:     %[[ACC:.*]] = loop.for {{.*}} iter_args(%[[S:.*]] = %[[INIT]]) -> (i8) {
// CHECK:       %[[V:.*]] = loop.load
// CHECK:       arith.minsi %[[S]], %[[V]] : i8
// CHECK:     loop.store %[[ACC]]
func.func @int8_min_last_axis(%x: !buffer<2x3x6x!q>, %y: !buffer<2x3x!q>) {
  buffer.kernel reduce_min ins(%x : !buffer<2x3x6x!q>) outs(%y : !buffer<2x3x!q>) {axes = array<i64: -1>, keep_dims = false}
  return
}

// Float maximum over the whole tensor: from -FLT_MAX (not -inf), the element replacing the
// accumulator only when `in > acc` (ordered: a NaN never wins), as TFLM's ReduceGeneric.
// CHECK-LABEL: func.func @float_max_all
// CHECK-DAG: %[[INIT:.*]] = arith.constant -3.40282347E+38 : f32
// CHECK: loop.for {{.*}} iter_args(%{{.*}} = %[[INIT]]) -> (f32) {
// CHECK:   loop.for {{.*}} iter_args(%[[S:.*]] = %{{.*}}) -> (f32) {
// CHECK:     %[[V:.*]] = loop.load
// CHECK:     %[[GT:.*]] = arith.cmpf ogt, %[[V]], %[[S]] : f32
// CHECK:     arith.select %[[GT]], %[[V]], %[[S]] : f32
// CHECK: loop.store
func.func @float_max_all(%x: !buffer<3x4xf32>, %y: !buffer<f32>) {
  buffer.kernel reduce_max ins(%x : !buffer<3x4xf32>) outs(%y : !buffer<f32>) {axes = array<i64: 0, 1>, keep_dims = false}
  return
}

// Float minimum: from FLT_MAX with `in < acc`.
// CHECK-LABEL: func.func @float_min
// CHECK-DAG: %[[INIT:.*]] = arith.constant 3.40282347E+38 : f32
// CHECK: arith.cmpf olt
// CHECK: arith.select
func.func @float_min(%x: !buffer<3x4xf32>, %y: !buffer<3x1xf32>) {
  buffer.kernel reduce_min ins(%x : !buffer<3x4xf32>) outs(%y : !buffer<3x1xf32>) {axes = array<i64: 1>, keep_dims = true}
  return
}
