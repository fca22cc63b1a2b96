// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics | FileCheck %s

// fill: the scalar value is loaded once and stored at every index.
// CHECK-LABEL: func.func @fill
// CHECK: %[[V:.*]] = loop.load %arg0[] : !buffer<f32>
// CHECK: loop.for %[[I:.*]] =
// CHECK:   loop.for %[[J:.*]] =
// CHECK:     loop.store %[[V]], %arg1[%[[I]], %[[J]]] : !buffer<2x3xf32>
func.func @fill(%v: !buffer<f32>, %y: !buffer<2x3xf32>) {
  buffer.kernel fill ins(%v : !buffer<f32>) outs(%y : !buffer<2x3xf32>) {dims = array<i64: 2, 3>}
  return
}

// -----

// zeros_like of int8: the stored 0 (not the zero point -5); the input is never read.
// CHECK-LABEL: func.func @zeros_like_int8
// CHECK-DAG: %[[Z:.*]] = arith.constant 0 : i8
// CHECK-NOT: loop.load
// CHECK: loop.store %[[Z]], %arg1[%{{.*}}] : !buffer<4x!quant.uniform<i8:f32, 5.000000e-01:-5>>
!q = !quant.uniform<i8:f32, 5.000000e-01:-5>
func.func @zeros_like_int8(%x: !buffer<4x!q>, %y: !buffer<4x!q>) {
  buffer.kernel zeros_like ins(%x : !buffer<4x!q>) outs(%y : !buffer<4x!q>)
  return
}

// -----

// TFLite Micro's FILL has no int16 kernel.
!q16 = !quant.uniform<i16:f32, 5.000000e-01>
func.func @fill_int16(%v: !buffer<!q16>, %y: !buffer<3x!q16>) {
  // expected-error@+1 {{'buffer.kernel' op fill: value element type must be f32, quantized i8, i8 or i32, but got '!quant.uniform<i16:f32, 5.000000e-01>'}}
  buffer.kernel fill ins(%v : !buffer<!q16>) outs(%y : !buffer<3x!q16>) {dims = array<i64: 3>}
  return
}
