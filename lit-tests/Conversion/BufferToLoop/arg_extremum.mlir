// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

// arg_max along the last axis: the first element leads, later ones replace it only when
// strictly greater (the first index on ties), the index is stored as i32.
// CHECK-LABEL: func.func @arg_max_f32
// CHECK: loop.for %[[O:.*]] =
// CHECK:   %[[FIRST:.*]] = loop.load %arg0[%[[O]], %{{.*}}] : !buffer<2x5xf32>
// CHECK:   %{{.*}}:2 = loop.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[B:.*]] = %[[FIRST]], %[[K:.*]] = %{{.*}}) -> (f32, i32)
// CHECK:     %[[X:.*]] = loop.load %arg0[%[[O]], %[[I]]]
// CHECK:     %[[W:.*]] = arith.cmpf ogt, %[[X]], %[[B]] : f32
// CHECK:     arith.index_cast %[[I]] : index to i32
// CHECK:     arith.select %[[W]]
// CHECK:   loop.store %{{.*}}#1, %arg1[%[[O]]] : !buffer<2xi32>
func.func @arg_max_f32(%a: !buffer<2x5xf32>, %b: !buffer<2xi32>) {
  buffer.kernel arg_max ins(%a : !buffer<2x5xf32>) outs(%b : !buffer<2xi32>) {axis = array<i64: -1>}
  return
}

// arg_min of int8 along axis 0: signed less-than of stored values.
// CHECK-LABEL: func.func @arg_min_i8
// CHECK: arith.cmpi slt, %{{.*}}, %{{.*}} : i8
func.func @arg_min_i8(%a: !buffer<3x4xi8>, %b: !buffer<4xi32>) {
  buffer.kernel arg_min ins(%a : !buffer<3x4xi8>) outs(%b : !buffer<4xi32>) {axis = array<i64: 0>}
  return
}
