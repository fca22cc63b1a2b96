// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

// Float log softmax over the last dimension: per row the max from the lowest float, the sum of
// exp(x - max) from 0.0, its log, then (x - max) - log_sum stored per element.
// CHECK-LABEL: func.func @float_rows
// CHECK-SAME: (%[[X:.*]]: !buffer<3x5xf32>, %[[Y:.*]]: !buffer<3x5xf32>)
// CHECK: loop.for %[[R:.*]] = %{{.*}} to %{{.*}} step
// CHECK:   %[[MAX:.*]] = loop.for {{.*}} -> (f32) {
// CHECK:     arith.maximumf
// CHECK:   %[[SUM:.*]] = loop.for {{.*}} -> (f32) {
// CHECK:     %[[D:.*]] = arith.subf %{{.*}}, %[[MAX]] : f32
// CHECK:     math.exp %[[D]] : f32
// CHECK:     arith.addf
// CHECK:   %[[LOG:.*]] = math.log %[[SUM]] : f32
// CHECK:   loop.for %[[C:.*]] =
// CHECK:     %[[V:.*]] = loop.load %[[X]][%[[R]], %[[C]]]
// CHECK:     %[[D2:.*]] = arith.subf %[[V]], %[[MAX]] : f32
// CHECK:     %[[OUT:.*]] = arith.subf %[[D2]], %[[LOG]] : f32
// CHECK:     loop.store %[[OUT]], %[[Y]][%[[R]], %[[C]]]
// CHECK-NOT: buffer.kernel
func.func @float_rows(%x: !buffer<3x5xf32>, %y: !buffer<3x5xf32>) {
  buffer.kernel log_softmax ins(%x : !buffer<3x5xf32>) outs(%y : !buffer<3x5xf32>)
  return
}
