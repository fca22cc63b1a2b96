// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

// Each input is copied by its own nest into its slab: the second at column offset 3 (axis -1).
// CHECK-LABEL: func.func @concat_last_axis
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: loop.for %[[I:.*]] =
// CHECK:   loop.for %[[J:.*]] =
// CHECK:     %[[X:.*]] = loop.load %arg0[%[[I]], %[[J]]] : !buffer<2x3xf32>
// CHECK:     loop.store %[[X]], %arg2[%[[I]], %[[J]]] : !buffer<2x4xf32>
// CHECK: loop.for %[[I:.*]] =
// CHECK:   loop.for %[[J:.*]] =
// CHECK:     %[[Y:.*]] = loop.load %arg1[%[[I]], %[[J]]] : !buffer<2x1xf32>
// CHECK:     %[[O:.*]] = arith.addi %[[J]], %[[C3]] : index
// CHECK:     loop.store %[[Y]], %arg2[%[[I]], %[[O]]] : !buffer<2x4xf32>
func.func @concat_last_axis(%a: !buffer<2x3xf32>, %b: !buffer<2x1xf32>, %y: !buffer<2x4xf32>) {
  buffer.kernel concatenation ins(%a, %b : !buffer<2x3xf32>, !buffer<2x1xf32>) outs(%y : !buffer<2x4xf32>) {axis = -1 : i64, fused_activation = "NONE"}
  return
}

!q = !quant.uniform<i8:f32, 5.000000e-01:-3>
// Three int8 inputs along axis 0: offsets 0, 1 and 3; the bytes move unchanged.
// CHECK-LABEL: func.func @concat_three
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: loop.store %{{.*}}, %arg3[%{{.*}}, %{{.*}}]
// CHECK: arith.addi %{{.*}}, %[[C1]] : index
// CHECK: arith.addi %{{.*}}, %[[C3]] : index
// CHECK-NOT: arith.extsi
func.func @concat_three(%a: !buffer<1x2x!q>, %b: !buffer<2x2x!q>, %c: !buffer<1x2x!q>, %y: !buffer<4x2x!q>) {
  buffer.kernel concatenation ins(%a, %b, %c : !buffer<1x2x!q>, !buffer<2x2x!q>, !buffer<1x2x!q>) outs(%y : !buffer<4x2x!q>) {axis = 0 : i64, fused_activation = "NONE"}
  return
}
