// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

// Logical and over axes [1, 2] with keep_dims: loops over the kept dimensions around loops over
// the reduced ones, carrying an i1 from true (ReduceGeneric<bool>'s initial value) through andi;
// a store at index 0 of each kept unit dimension.
// CHECK-LABEL: func.func @all_keep_dims
// CHECK-SAME: (%[[X:.*]]: !buffer<2x3x4x5xi1>, %[[Y:.*]]: !buffer<2x1x1x5xi1>)
// CHECK-DAG: %[[TRUE:.*]] = arith.constant true
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: loop.for %[[N:.*]] = %{{.*}} to %{{.*}} step
// CHECK:   loop.for %[[C:.*]] = %{{.*}} to %{{.*}} step
// CHECK:     %[[ACC:.*]] = loop.for %[[H:.*]] = {{.*}} iter_args(%{{.*}} = %[[TRUE]]) -> (i1) {
// CHECK:       loop.for %[[W:.*]] = {{.*}} iter_args(%[[S:.*]] = %{{.*}}) -> (i1) {
// CHECK:         %[[V:.*]] = loop.load %[[X]][%[[N]], %[[H]], %[[W]], %[[C]]]
// CHECK:         arith.andi %[[S]], %[[V]] : i1
// CHECK:     loop.store %[[ACC]], %[[Y]][%[[N]], %[[C0]], %[[C0]], %[[C]]]
// CHECK-NOT: buffer.kernel
func.func @all_keep_dims(%x: !buffer<2x3x4x5xi1>, %y: !buffer<2x1x1x5xi1>) {
  buffer.kernel reduce_all ins(%x : !buffer<2x3x4x5xi1>) outs(%y : !buffer<2x1x1x5xi1>) {axes = array<i64: 1, 2>, keep_dims = true}
  return
}

// A whole vector without keep_dims: one loop over the input into a 0-D output.
// CHECK-LABEL: func.func @all_of_a_vector
// CHECK-SAME: (%[[X:.*]]: !buffer<7xi1>, %[[Y:.*]]: !buffer<i1>)
// CHECK: %[[ACC:.*]] = loop.for %[[I:.*]] = {{.*}} iter_args(%[[S:.*]] = %{{.*}}) -> (i1) {
// CHECK:   %[[V:.*]] = loop.load %[[X]][%[[I]]]
// CHECK:   arith.andi %[[S]], %[[V]] : i1
// CHECK: loop.store %[[ACC]], %[[Y]][]
func.func @all_of_a_vector(%x: !buffer<7xi1>, %y: !buffer<i1>) {
  buffer.kernel reduce_all ins(%x : !buffer<7xi1>) outs(%y : !buffer<i1>) {axes = array<i64: -1>, keep_dims = false}
  return
}
