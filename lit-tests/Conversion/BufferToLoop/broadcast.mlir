// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics | FileCheck %s

// broadcast_to: the input element is loaded at the outermost loop where its index is known
// (once per row, the broadcast column reading index 0 through the size-1 dimension) and stored
// at every position it broadcasts to.
// CHECK-LABEL: func.func @broadcast_to
// CHECK: loop.for %[[I:.*]] =
// CHECK:   %[[X:.*]] = loop.load %arg0[%[[I]], %{{.*}}] : !buffer<3x1xi1>
// CHECK:   loop.for %[[J:.*]] =
// CHECK:     loop.store %[[X]], %arg1[%[[I]], %[[J]]] : !buffer<3x4xi1>
func.func @broadcast_to(%x: !buffer<3x1xi1>, %y: !buffer<3x4xi1>) {
  buffer.kernel broadcast_to ins(%x : !buffer<3x1xi1>) outs(%y : !buffer<3x4xi1>) {shape = array<i64: 3, 4>}
  return
}

// -----

// broadcast_args of run-time shapes, unrolled from the last dimension: each result dimension
// selects the second shape's where the first's is 1; where the first shape is too short (its
// missing leading dimension is 1) the second's is stored as loaded.
// CHECK-LABEL: func.func @broadcast_args
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i64
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK:     %[[B2:.*]] = loop.load %arg1[%[[C2]]] : !buffer<3xi64>
// CHECK:     %[[A1:.*]] = loop.load %arg0[%[[C1]]] : !buffer<2xi64>
// CHECK:     %[[E:.*]] = arith.cmpi eq, %[[A1]], %[[ONE]] : i64
// CHECK:     %[[D:.*]] = arith.select %[[E]], %[[B2]], %[[A1]] : i64
// CHECK:     loop.store %[[D]], %arg2[%[[C2]]] : !buffer<3xi64>
// CHECK:     loop.store %{{.*}}, %arg2[%[[C1]]] : !buffer<3xi64>
// CHECK:     %[[B0:.*]] = loop.load %arg1[%[[C0]]] : !buffer<3xi64>
// CHECK-NOT: arith.select
// CHECK:     loop.store %[[B0]], %arg2[%[[C0]]] : !buffer<3xi64>
func.func @broadcast_args(%a: !buffer<2xi64>, %b: !buffer<3xi64>, %y: !buffer<3xi64>) {
  buffer.kernel broadcast_args ins(%a, %b : !buffer<2xi64>, !buffer<3xi64>) outs(%y : !buffer<3xi64>)
  return
}

// -----

// TFLite Micro's BROADCAST_ARGS takes int32 and int64 shapes only.
func.func @broadcast_args_i16(%a: !buffer<2xi16>, %b: !buffer<2xi16>, %y: !buffer<2xi16>) {
  // expected-error@+1 {{'buffer.kernel' op broadcast_args: lhs element type must be i32 or i64, but got 'i16'}}
  buffer.kernel broadcast_args ins(%a, %b : !buffer<2xi16>, !buffer<2xi16>) outs(%y : !buffer<2xi16>)
  return
}
