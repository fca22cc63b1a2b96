// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

// Reversing axis 1 of 3: result index (i, j) reads (i, 4 - j).
// CHECK-LABEL: func.func @reverse_last
// CHECK-DAG: %[[CM1:.*]] = arith.constant -1 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK: loop.for %[[I:.*]] =
// CHECK:   loop.for %[[J:.*]] =
// CHECK:     %[[S:.*]] = arith.muli %[[J]], %[[CM1]] : index
// CHECK:     %[[JJ:.*]] = arith.addi %[[S]], %[[C4]] : index
// CHECK:     %[[X:.*]] = loop.load %arg0[%[[I]], %[[JJ]]] : !buffer<3x5xi64>
// CHECK:     loop.store %[[X]], %arg1[%[[I]], %[[J]]] : !buffer<3x5xi64>
func.func @reverse_last(%x: !buffer<3x5xi64>, %y: !buffer<3x5xi64>) {
  buffer.kernel reverse_v2 ins(%x : !buffer<3x5xi64>) outs(%y : !buffer<3x5xi64>) {axes = array<i64: -1>}
  return
}
