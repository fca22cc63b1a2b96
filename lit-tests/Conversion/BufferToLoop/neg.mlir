// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics | FileCheck %s

// f32 neg: one negf per element, at the same indices (in place here).
// CHECK-LABEL: func.func @neg_f32_in_place
// CHECK: loop.for %[[I:.*]] =
// CHECK:   loop.for %[[J:.*]] =
// CHECK:     %[[X:.*]] = loop.load %arg0[%[[I]], %[[J]]] : !buffer<2x3xf32>
// CHECK:     %[[N:.*]] = arith.negf %[[X]] : f32
// CHECK:     loop.store %[[N]], %arg0[%[[I]], %[[J]]]
func.func @neg_f32_in_place(%a: !buffer<2x3xf32>) {
  buffer.kernel neg ins(%a : !buffer<2x3xf32>) outs(%a : !buffer<2x3xf32>)
  return
}

// -----

// TFLite Micro's NEG has no int8 kernel: the kernel's operand check (the graph op's) refuses it.
!q = !quant.uniform<i8:f32, 5.000000e-01:-3>
func.func @neg_i8(%a: !buffer<4x!q>, %b: !buffer<4x!q>) {
  // expected-error@+1 {{'buffer.kernel' op neg: input element type must be f32, but got '!quant.uniform<i8:f32, 5.000000e-01:-3>'}}
  buffer.kernel neg ins(%a : !buffer<4x!q>) outs(%b : !buffer<4x!q>)
  return
}
