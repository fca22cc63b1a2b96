// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics | FileCheck %s

// The input's dimensions, stored as int32 constants; the input is never read.
// CHECK-LABEL: func.func @shape
// CHECK-DAG: %[[D1:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[D5:.*]] = arith.constant 5 : i32
// CHECK-DAG: %[[D3:.*]] = arith.constant 3 : i32
// CHECK-NOT: loop.load
// CHECK: loop.store %[[D1]], %arg1[%{{.*}}] : !buffer<3xi32>
// CHECK: loop.store %[[D5]], %arg1[%{{.*}}] : !buffer<3xi32>
// CHECK: loop.store %[[D3]], %arg1[%{{.*}}] : !buffer<3xi32>
!q = !quant.uniform<i8:f32, 5.000000e-01:-3>
func.func @shape(%x: !buffer<1x5x3x!q>, %y: !buffer<3xi32>) {
  buffer.kernel shape ins(%x : !buffer<1x5x3x!q>) outs(%y : !buffer<3xi32>)
  return
}

// -----

// TFLite Micro's SHAPE writes int32 only.
func.func @shape_int64(%x: !buffer<2x3xf32>, %y: !buffer<2xi64>) {
  // expected-error@+1 {{'buffer.kernel' op shape: result element type must be i32 (TFLite Micro's SHAPE writes int32 only), but got 'i64'}}
  buffer.kernel shape ins(%x : !buffer<2x3xf32>) outs(%y : !buffer<2xi64>)
  return
}
