// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

// dynamic_update_slice: the operand is copied, each start index loaded once and clamped into
// [0, operand - update] (here [0, 2] and [0, 2]), then the update written from the starts.
// CHECK-LABEL: func.func @dynamic_update_slice
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-DAG: %[[TWO:.*]] = arith.constant 2 : i64
// CHECK: loop.for %[[I:.*]] =
// CHECK:   loop.for %[[J:.*]] =
// CHECK:     %[[X:.*]] = loop.load %arg0[%[[I]], %[[J]]] : !buffer<4x5xi8>
// CHECK:     loop.store %[[X]], %arg3[%[[I]], %[[J]]] : !buffer<4x5xi8>
// CHECK: %[[S0:.*]] = loop.load %arg2[%{{.*}}] : !buffer<2xi64>
// CHECK: %[[L0:.*]] = arith.maxsi %[[S0]], %[[ZERO]] : i64
// CHECK: %[[H0:.*]] = arith.minsi %[[L0]], %[[TWO]] : i64
// CHECK: %[[B0:.*]] = arith.index_cast %[[H0]] : i64 to index
// CHECK: %[[S1:.*]] = loop.load %arg2[%{{.*}}] : !buffer<2xi64>
// CHECK: %[[B1:.*]] = arith.index_cast
// CHECK: loop.for %[[K:.*]] =
// CHECK:   loop.for %[[L:.*]] =
// CHECK:     %[[U:.*]] = loop.load %arg1[%[[K]], %[[L]]] : !buffer<2x3xi8>
// CHECK:     %[[R:.*]] = arith.addi %[[B0]], %[[K]] : index
// CHECK:     %[[C:.*]] = arith.addi %[[B1]], %[[L]] : index
// CHECK:     loop.store %[[U]], %arg3[%[[R]], %[[C]]] : !buffer<4x5xi8>
func.func @dynamic_update_slice(%x: !buffer<4x5xi8>, %u: !buffer<2x3xi8>, %s: !buffer<2xi64>, %y: !buffer<4x5xi8>) {
  buffer.kernel dynamic_update_slice ins(%x, %u, %s : !buffer<4x5xi8>, !buffer<2x3xi8>, !buffer<2xi64>) outs(%y : !buffer<4x5xi8>)
  return
}
