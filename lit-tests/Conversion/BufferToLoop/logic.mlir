// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

!q = !quant.uniform<i8:f32, 5.000000e-01:-3>

// logical_and of a row with a column, and logical_not as xori with true.
// CHECK-LABEL: func.func @and_not
// CHECK: loop.for %[[I:.*]] =
// CHECK:   %[[A:.*]] = loop.load %arg0[%[[I]], %{{.*}}] : !buffer<2x1xi1>
// CHECK:   loop.for %[[J:.*]] =
// CHECK:     %[[B:.*]] = loop.load %arg1[%[[J]]] : !buffer<3xi1>
// CHECK:     %[[R:.*]] = arith.andi %[[A]], %[[B]] : i1
// CHECK:     loop.store %[[R]], %arg2[%[[I]], %[[J]]]
// CHECK: %[[X:.*]] = loop.load %arg2
// CHECK: arith.xori %[[X]], %{{.*}} : i1
func.func @and_not(%a: !buffer<2x1xi1>, %b: !buffer<3xi1>, %c: !buffer<2x3xi1>, %d: !buffer<2x3xi1>) {
  buffer.kernel logical_and ins(%a, %b : !buffer<2x1xi1>, !buffer<3xi1>) outs(%c : !buffer<2x3xi1>)
  buffer.kernel logical_not ins(%c : !buffer<2x3xi1>) outs(%d : !buffer<2x3xi1>)
  return
}

// select_v2: a per-row condition, a scalar x, a full y; one arith.select of stored values.
// CHECK-LABEL: func.func @select_i8
// CHECK: %[[X:.*]] = loop.load %arg1[] : !buffer<!quant.uniform
// CHECK: loop.for %[[I:.*]] =
// CHECK:   %[[C:.*]] = loop.load %arg0[%[[I]], %{{.*}}] : !buffer<2x1xi1>
// CHECK:   loop.for %[[J:.*]] =
// CHECK:     %[[Y:.*]] = loop.load %arg2[%[[I]], %[[J]]]
// CHECK:     %[[R:.*]] = arith.select %[[C]], %[[X]], %[[Y]] : i8
// CHECK:     loop.store %[[R]], %arg3[%[[I]], %[[J]]]
func.func @select_i8(%c: !buffer<2x1xi1>, %x: !buffer<!q>, %y: !buffer<2x3x!q>, %z: !buffer<2x3x!q>) {
  buffer.kernel select_v2 ins(%c, %x, %y : !buffer<2x1xi1>, !buffer<!q>, !buffer<2x3x!q>) outs(%z : !buffer<2x3x!q>)
  return
}

// One-element operands of different ranks: one select, whatever the shapes.
// CHECK-LABEL: func.func @select_one_element
// CHECK-NOT: loop.for
// CHECK: %[[C:.*]] = loop.load %arg0[%{{.*}}, %{{.*}}] : !buffer<1x1xi1>
// CHECK: %[[X:.*]] = loop.load %arg1[] : !buffer<f32>
// CHECK: %[[Y:.*]] = loop.load %arg2[%{{.*}}] : !buffer<1xf32>
// CHECK: %[[R:.*]] = arith.select %[[C]], %[[X]], %[[Y]] : f32
// CHECK: loop.store %[[R]], %arg3[] : !buffer<f32>
func.func @select_one_element(%c: !buffer<1x1xi1>, %x: !buffer<f32>, %y: !buffer<1xf32>, %z: !buffer<f32>) {
  buffer.kernel select_v2 ins(%c, %x, %y : !buffer<1x1xi1>, !buffer<f32>, !buffer<1xf32>) outs(%z : !buffer<f32>)
  return
}
