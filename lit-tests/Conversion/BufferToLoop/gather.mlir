// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

// Gather along axis 1: the index is loaded once per (row, index) and clamped into [0, 4];
// the inner loop copies the slice.
// CHECK-LABEL: func.func @gather_axis1
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[LAST:.*]] = arith.constant 4 : i32
// CHECK: loop.for %[[I:.*]] =
// CHECK:   loop.for %[[J:.*]] =
// CHECK:     %[[K:.*]] = loop.load %arg1[%[[J]]] : !buffer<2xi32>
// CHECK:     %[[LOW:.*]] = arith.maxsi %[[K]], %[[ZERO]] : i32
// CHECK:     %[[HIGH:.*]] = arith.minsi %[[LOW]], %[[LAST]] : i32
// CHECK:     %[[X:.*]] = arith.index_cast %[[HIGH]] : i32 to index
// CHECK:     loop.for %[[R:.*]] =
// CHECK:       %[[V:.*]] = loop.load %arg0[%[[I]], %[[X]], %[[R]]] : !buffer<3x5x2xf32>
// CHECK:       loop.store %[[V]], %arg2[%[[I]], %[[J]], %[[R]]] : !buffer<3x2x2xf32>
func.func @gather_axis1(%x: !buffer<3x5x2xf32>, %i: !buffer<2xi32>, %y: !buffer<3x2x2xf32>) {
  buffer.kernel gather ins(%x, %i : !buffer<3x5x2xf32>, !buffer<2xi32>) outs(%y : !buffer<3x2x2xf32>) {axis = 1 : i64, batch_dims = 0 : i64}
  return
}

// gather_nd with pairs: both entries of a tuple are loaded before the copy of the row.
// CHECK-LABEL: func.func @gather_nd_pairs
// CHECK: loop.for %[[I:.*]] =
// CHECK:   loop.load %arg1[%[[I]], %c0]
// CHECK:   loop.load %arg1[%[[I]], %c1]
// CHECK:   loop.for %[[R:.*]] =
// CHECK:     loop.load %arg0[%{{.*}}, %{{.*}}, %[[R]]] : !buffer<2x3x4xi8>
// CHECK:     loop.store %{{.*}}, %arg2[%[[I]], %[[R]]] : !buffer<5x4xi8>
func.func @gather_nd_pairs(%x: !buffer<2x3x4xi8>, %i: !buffer<5x2xi32>, %y: !buffer<5x4xi8>) {
  buffer.kernel gather_nd ins(%x, %i : !buffer<2x3x4xi8>, !buffer<5x2xi32>) outs(%y : !buffer<5x4xi8>)
  return
}
