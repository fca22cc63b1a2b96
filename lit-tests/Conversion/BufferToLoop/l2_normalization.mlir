// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

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
