// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics | FileCheck %s

// TFLite Micro's CIRCULAR_BUFFER: 3 slots of [1, 2], the next slots written in place into the
// slots (oldest first, each read before it is overwritten), the input in the newest, the output
// copied from them; the count goes up by one and wraps to 0 on the valid (third) invocation.
// CHECK-LABEL: func.func @circular_buffer
// CHECK:      loop.for %[[S:.*]] = %c0 to %c2 step %c1 {
// CHECK:        loop.for %[[H:.*]] = %c0 to %c1 step %c1 {
// CHECK:          loop.for %[[W:.*]] = %c0 to %c2 step %c1 {
// CHECK:            %[[NEWER:.*]] = arith.addi %[[S]], %c1 : index
// CHECK:            %[[OLD:.*]] = loop.load %arg1[%c0, %[[NEWER]], %[[H]], %[[W]]] : !buffer<1x3x1x2xi8>
// CHECK:            loop.store %[[OLD]], %arg1[%c0, %[[S]], %[[H]], %[[W]]] : !buffer<1x3x1x2xi8>
// CHECK:      %[[IN:.*]] = loop.load %arg0[%c0, %c0, %{{.*}}, %{{.*}}]
// CHECK:      loop.store %[[IN]], %arg1[%c0, %c2, %{{.*}}, %{{.*}}] : !buffer<1x3x1x2xi8>
// CHECK:      %[[SLOT:.*]] = loop.load %arg1[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : !buffer<1x3x1x2xi8>
// CHECK:      loop.store %[[SLOT]], %arg3[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : !buffer<1x3x1x2x!quant.uniform<i8:f32, 2.500000e-01:-3>>
// CHECK:      %[[COUNT:.*]] = loop.load %arg2[%c0] : !buffer<1xui32>
// CHECK:      %[[COUNTED:.*]] = arith.addi %[[COUNT]], %c1_i32 : i32
// CHECK:      %[[VALID:.*]] = arith.cmpi eq, %[[COUNTED]], %c3_i32 : i32
// CHECK:      loop.store %[[VALID]], %arg4[%c0] : !buffer<1xi1>
// CHECK:      %[[NEXT:.*]] = arith.select %[[VALID]], %c0_i32, %[[COUNTED]] : i32
// CHECK:      loop.store %[[NEXT]], %arg5[%c0] : !buffer<1xui32>
func.func @circular_buffer(%x: !buffer<1x1x1x2x!quant.uniform<i8:f32, 0.25:-3>>, %s: !buffer<1x3x1x2xi8>, %c: !buffer<1xui32>, %y: !buffer<1x3x1x2x!quant.uniform<i8:f32, 0.25:-3>>, %v: !buffer<1xi1>, %n: !buffer<1xui32>) {
  buffer.kernel circular_buffer ins(%x, %s, %c : !buffer<1x1x1x2x!quant.uniform<i8:f32, 0.25:-3>>, !buffer<1x3x1x2xi8>, !buffer<1xui32>) outs(%y, %v, %s, %n : !buffer<1x3x1x2x!quant.uniform<i8:f32, 0.25:-3>>, !buffer<1xi1>, !buffer<1x3x1x2xi8>, !buffer<1xui32>) {cycles_max = 3 : i64, results = array<i64: 0, 1, 2, 3>}
  return
}

// -----

// The count is a ui32 (the kernel's verifier says so before the support table is read).
func.func @circular_buffer_count(%x: !buffer<1x1x1x2xi8>, %s: !buffer<1x3x1x2xi8>, %c: !buffer<1xi32>, %y: !buffer<1x3x1x2xi8>, %v: !buffer<1xi1>, %n: !buffer<1xi32>) {
  // expected-error@+1 {{circular_buffer: count element type must be ui32, but got 'i32'}}
  buffer.kernel circular_buffer ins(%x, %s, %c : !buffer<1x1x1x2xi8>, !buffer<1x3x1x2xi8>, !buffer<1xi32>) outs(%y, %v, %s, %n : !buffer<1x3x1x2xi8>, !buffer<1xi1>, !buffer<1x3x1x2xi8>, !buffer<1xi32>) {cycles_max = 3 : i64, results = array<i64: 0, 1, 2, 3>}
  return
}
