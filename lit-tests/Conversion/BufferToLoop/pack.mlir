// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics | FileCheck %s

// Each input is copied by its own nest into its index along the new axis (1 here).
// CHECK-LABEL: func.func @pack_middle
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: loop.for %[[I:.*]] =
// CHECK:   loop.for %[[J:.*]] =
// CHECK:     %[[X:.*]] = loop.load %arg0[%[[I]], %[[J]]] : !buffer<2x3xf32>
// CHECK:     loop.store %[[X]], %arg2[%[[I]], %[[C0]], %[[J]]] : !buffer<2x2x3xf32>
// CHECK: loop.for %[[I:.*]] =
// CHECK:   loop.for %[[J:.*]] =
// CHECK:     %[[Y:.*]] = loop.load %arg1[%[[I]], %[[J]]] : !buffer<2x3xf32>
// CHECK:     loop.store %[[Y]], %arg2[%[[I]], %[[C1]], %[[J]]] : !buffer<2x2x3xf32>
func.func @pack_middle(%a: !buffer<2x3xf32>, %b: !buffer<2x3xf32>, %y: !buffer<2x2x3xf32>) {
  buffer.kernel pack ins(%a, %b : !buffer<2x3xf32>, !buffer<2x3xf32>) outs(%y : !buffer<2x2x3xf32>) {axis = 1 : i64}
  return
}

// -----

// Scalars stacked along axis -1 (the only one): one store each, no loop.
// CHECK-LABEL: func.func @pack_scalars
// CHECK-NOT: loop.for
// CHECK: %[[X:.*]] = loop.load %arg0[] : !buffer<i64>
// CHECK: loop.store %[[X]], %arg2[%{{.*}}] : !buffer<2xi64>
// CHECK: %[[Y:.*]] = loop.load %arg1[] : !buffer<i64>
// CHECK: loop.store %[[Y]], %arg2[%{{.*}}] : !buffer<2xi64>
func.func @pack_scalars(%a: !buffer<i64>, %b: !buffer<i64>, %y: !buffer<2xi64>) {
  buffer.kernel pack ins(%a, %b : !buffer<i64>, !buffer<i64>) outs(%y : !buffer<2xi64>) {axis = -1 : i64}
  return
}

// -----

// int16 elements move as they are, as TFLite Micro's PACK copies them.
!q16 = !quant.uniform<i16:f32, 5.000000e-01>
// CHECK-LABEL: func.func @pack_int16
// CHECK: loop.for %[[I:.*]] =
// CHECK:   %[[X:.*]] = loop.load %arg0[%[[I]]] : !buffer<3x!quant.uniform<i16:f32, 5.000000e-01>>
// CHECK:   loop.store %[[X]], %arg1[%{{.*}}, %[[I]]] : !buffer<1x3x!quant.uniform<i16:f32, 5.000000e-01>>
func.func @pack_int16(%a: !buffer<3x!q16>, %y: !buffer<1x3x!q16>) {
  buffer.kernel pack ins(%a : !buffer<3x!q16>) outs(%y : !buffer<1x3x!q16>) {axis = 0 : i64}
  return
}

// -----

// TFLite Micro's PACK has no uint8 kernel: the kernel's operand check (the graph op's) refuses it.
!q = !quant.uniform<u8:f32, 5.000000e-01:128>
func.func @pack_uint8(%a: !buffer<3x!q>, %y: !buffer<1x3x!q>) {
  // expected-error@+1 {{'buffer.kernel' op pack: result element type must be f32, quantized i8, i8, quantized i16, i16, i32 or i64, but got '!quant.uniform<u8:f32, 5.000000e-01:128>'}}
  buffer.kernel pack ins(%a : !buffer<3x!q>) outs(%y : !buffer<1x3x!q>) {axis = 0 : i64}
  return
}
