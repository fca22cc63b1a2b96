// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

// x[1, 4:0:-2]: the shrunk first axis reads the constant 1, the kept one 4 - 2·i.
// CHECK-LABEL: func.func @shrink_and_negative_stride
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[CM2:.*]] = arith.constant -2 : index
// CHECK: loop.for %[[I:.*]] =
// CHECK:   %[[S:.*]] = arith.muli %[[I]], %[[CM2]] : index
// CHECK:   %[[J:.*]] = arith.addi %[[S]], %[[C4]] : index
// CHECK:   %[[X:.*]] = loop.load %arg0[%[[C1]], %[[J]]] : !buffer<4x5xf32>
// CHECK:   loop.store %[[X]], %arg1[%[[I]]] : !buffer<2xf32>
// CHECK-NOT: loop.for
func.func @shrink_and_negative_stride(%x: !buffer<4x5xf32>, %y: !buffer<2xf32>) {
  buffer.kernel strided_slice ins(%x : !buffer<4x5xf32>) outs(%y : !buffer<2xf32>) {begin = array<i64: 1, 4>, end = array<i64: 2, 0>, strides = array<i64: 1, -2>, begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64, offset = false}
  return
}

// Masks: begin_mask on axis 0 starts at 0, end_mask on axis 1 runs to the end; unit strides
// from 0 index with the induction variable itself.
// CHECK-LABEL: func.func @masks
// CHECK: loop.for %[[I:.*]] =
// CHECK:   loop.for %[[J:.*]] =
// CHECK:     %[[JJ:.*]] = arith.addi %[[J]], %c1 : index
// CHECK:     loop.load %arg0[%[[I]], %[[JJ]]]
// CHECK:     loop.store %{{.*}}, %arg1[%[[I]], %[[J]]]
func.func @masks(%x: !buffer<4x5xi8>, %y: !buffer<2x4xi8>) {
  buffer.kernel strided_slice ins(%x : !buffer<4x5xi8>) outs(%y : !buffer<2x4xi8>) {begin = array<i64: 3, 1>, end = array<i64: 2, 0>, strides = array<i64: 1, 1>, begin_mask = 1 : i64, end_mask = 2 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64, offset = false}
  return
}
