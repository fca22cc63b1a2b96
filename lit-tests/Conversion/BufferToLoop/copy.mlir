// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

// A copy out of a transposed view becomes a nest over the target's shape: each element is
// read through the view's strides and written row-major.
// CHECK-LABEL: func.func @transpose_copy
// CHECK-SAME: (%[[SRC:.*]]: !buffer<2x3xf32>, %[[DST:.*]]: !buffer<3x2xf32>)
// CHECK: %[[VIEW:.*]] = buffer.view %[[SRC]]
// CHECK: loop.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:   loop.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:     %[[X:.*]] = loop.load %[[VIEW]][%[[I]], %[[J]]] : !buffer<3x2xf32, strides: [1, 3], offset: 0>
// CHECK:     loop.store %[[X]], %[[DST]][%[[I]], %[[J]]] : !buffer<3x2xf32>
// CHECK-NOT: buffer.copy
func.func @transpose_copy(%src: !buffer<2x3xf32>, %dst: !buffer<3x2xf32>) {
  %t = buffer.view %src : !buffer<2x3xf32> to !buffer<3x2xf32, strides: [1, 3], offset: 0>
  buffer.copy %t, %dst : !buffer<3x2xf32, strides: [1, 3], offset: 0>, !buffer<3x2xf32>
  return
}

// A rank-0 copy is a single load and store.
// CHECK-LABEL: func.func @scalar
// CHECK-NOT: loop.for
// CHECK: %[[X:.*]] = loop.load %arg0[] : !buffer<i8>
// CHECK: loop.store %[[X]], %arg1[] : !buffer<i8>
func.func @scalar(%a: !buffer<i8>, %b: !buffer<i8>) {
  buffer.copy %a, %b : !buffer<i8>, !buffer<i8>
  return
}
