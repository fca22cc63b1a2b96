// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

// Float L2 normalization over the last dimension: per row the sum of squares from 0.0, its
// square root raised to TFLM's epsilon (1e-6), then each element divided by it.
// CHECK-LABEL: func.func @float_rows
// CHECK-SAME: (%[[X:.*]]: !buffer<2x3x4xf32>, %[[Y:.*]]: !buffer<2x3x4xf32>)
// CHECK-DAG: %[[EPS:.*]] = arith.constant 9.99999997E-7 : f32
// CHECK: loop.for %[[N:.*]] = %{{.*}} to %{{.*}} step
// CHECK:   loop.for %[[H:.*]] = %{{.*}} to %{{.*}} step
// CHECK:     %[[SUM:.*]] = loop.for {{.*}} -> (f32) {
// CHECK:       %[[V:.*]] = loop.load %[[X]]
// CHECK:       %[[SQ:.*]] = arith.mulf %[[V]], %[[V]] : f32
// CHECK:       arith.addf %{{.*}}, %[[SQ]] : f32
// CHECK:     %[[ROOT:.*]] = math.sqrt %[[SUM]] : f32
// CHECK:     %[[NORM:.*]] = arith.maximumf %[[ROOT]], %[[EPS]] : f32
// CHECK:     loop.for %[[C:.*]] =
// CHECK:       %[[W:.*]] = loop.load %[[X]][%[[N]], %[[H]], %[[C]]]
// CHECK:       %[[OUT:.*]] = arith.divf %[[W]], %[[NORM]] : f32
// CHECK:       loop.store %[[OUT]], %[[Y]][%[[N]], %[[H]], %[[C]]]
// CHECK-NOT: buffer.kernel
func.func @float_rows(%x: !buffer<2x3x4xf32>, %y: !buffer<2x3x4xf32>) {
  buffer.kernel l2_normalization ins(%x : !buffer<2x3x4xf32>) outs(%y : !buffer<2x3x4xf32>) {fused_activation = "NONE"}
  return
}

// -----

// Int8 L2 normalization: per row the int32 sum of squares of x - zp, its inverse square root
// (GetInvSqrtQuantizedMultiplierExp: inputs up to 1 give i32::MAX, a division by 4 at 2^29,
// the normalizing shift, five Newton-Raphson steps), then per element x - zp rescaled by it with
// 7 more bits, clamped to int8.
// CHECK-LABEL: func.func @int8_rows
// CHECK-SAME: (%[[X:.*]]: !buffer<3x5x{{.*}}>, %[[Y:.*]]: !buffer<3x5x{{.*}}>)
// CHECK: loop.for %[[R:.*]] = %{{.*}} to %{{.*}} step
// CHECK:   %[[SUM:.*]] = loop.for {{.*}} -> (i32) {
// CHECK:     arith.subi
// CHECK:     arith.muli
// CHECK:     arith.addi
// CHECK:   arith.cmpi sle, %[[SUM]]
// CHECK:   arith.cmpi sge, %[[SUM]]
// CHECK:   loop.for %[[C:.*]] =
// CHECK:     %[[V:.*]] = loop.load %[[X]][%[[R]], %[[C]]]
// CHECK:     %[[OUT:.*]] = arith.trunci %{{.*}} : i32 to i8
// CHECK:     loop.store %[[OUT]], %[[Y]][%[[R]], %[[C]]]
// CHECK-NOT: buffer.kernel
!qi = !quant.uniform<i8:f32, 0.1:-2>
!qo = !quant.uniform<i8:f32, 0.0078125>
func.func @int8_rows(%x: !buffer<3x5x!qi>, %y: !buffer<3x5x!qo>) {
  buffer.kernel l2_normalization ins(%x : !buffer<3x5x!qi>) outs(%y : !buffer<3x5x!qo>) {fused_activation = "NONE"}
  return
}
