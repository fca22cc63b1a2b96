// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

// slice begin [1, 2] size [2, -1]: result index (i, j) reads (i + 1, j + 2).
// CHECK-LABEL: func.func @slice
// CHECK: loop.for %[[I:.*]] =
// CHECK:   loop.for %[[J:.*]] =
// CHECK:     %[[II:.*]] = arith.addi %[[I]], %c1 : index
// CHECK:     %[[JJ:.*]] = arith.addi %[[J]], %c2 : index
// CHECK:     %[[X:.*]] = loop.load %arg0[%[[II]], %[[JJ]]] : !buffer<4x5xi16>
// CHECK:     loop.store %[[X]], %arg1[%[[I]], %[[J]]] : !buffer<2x3xi16>
func.func @slice(%x: !buffer<4x5xi16>, %y: !buffer<2x3xi16>) {
  buffer.kernel slice ins(%x : !buffer<4x5xi16>) outs(%y : !buffer<2x3xi16>) {begin = array<i64: 1, 2>, size = array<i64: 2, -1>}
  return
}
