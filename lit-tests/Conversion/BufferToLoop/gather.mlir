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

// embedding_lookup of int8 rows into f32 (TFLite Micro's EvalHybrid): the id is loaded once per
// row and clamped into [0, 3]; each element converted and scaled by the first scale, 0.25 (the
// per-channel scales of the other rows are not read, as TFLite Micro).
// CHECK-LABEL: func.func @embedding_lookup_hybrid
// CHECK-DAG: %[[LAST:.*]] = arith.constant 3 : i32
// CHECK-DAG: %[[SCALE:.*]] = arith.constant 2.500000e-01 : f32
// CHECK: loop.for %[[I:.*]] =
// CHECK:   %[[K:.*]] = loop.load %arg1[%[[I]]] : !buffer<2xi32>
// CHECK:   arith.minsi %{{.*}}, %[[LAST]] : i32
// CHECK:   %[[ROW:.*]] = arith.index_cast
// CHECK:   loop.for %[[C:.*]] =
// CHECK:     %[[Q:.*]] = loop.load %arg0[%[[ROW]], %[[C]]] : !buffer<4x3x!quant.uniform<i8<-127:127>:f32:0, {2.500000e-01,5.000000e-01,1.000000e+00,2.000000e+00}>>
// CHECK:     %[[W:.*]] = arith.extsi %[[Q]] : i8 to i32
// CHECK:     %[[F:.*]] = arith.sitofp %[[W]] : i32 to f32
// CHECK:     %[[R:.*]] = arith.mulf %[[F]], %[[SCALE]] : f32
// CHECK:     loop.store %[[R]], %arg2[%[[I]], %[[C]]] : !buffer<2x3xf32>
!pc = !quant.uniform<i8<-127:127>:f32:0, {0.25, 0.5, 1.0, 2.0}>
func.func @embedding_lookup_hybrid(%v: !buffer<4x3x!pc>, %ids: !buffer<2xi32>, %y: !buffer<2x3xf32>) {
  buffer.kernel embedding_lookup ins(%v, %ids : !buffer<4x3x!pc>, !buffer<2xi32>) outs(%y : !buffer<2x3xf32>)
  return
}
