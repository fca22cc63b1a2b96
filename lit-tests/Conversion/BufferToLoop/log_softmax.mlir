// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

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

// -----

// Int8 log softmax (scale 1/16: diff_min -248, so 249 counted differences and a trailing 0 exp
// term; the tables' first entries 2^19 and 0, -2^22, -2^23 in little-endian hex): per row the max from -128, the sum of the Q12.19 exp terms of max - x, its logarithm
// (log_x_for_x_greater_than_or_equal_to_1: leading zeros, the Padé approximant), the adjusted
// diff_min, then per element the Q5.26 difference minus the logarithm, rounded by 2^22, plus
// 127, clamped, or -128 where the difference is not above the adjusted diff_min.
// CHECK-DAG: buffer.global @log_softmax_exp {role = "constant"} : !buffer<250xi32> = dense<"0x00000800EB830700
// CHECK-DAG: buffer.global @log_softmax_difference {role = "constant"} : !buffer<250xi32> = dense<"0x000000000000C0FF000080FF
// CHECK-LABEL: func.func @int8_rows
// CHECK-SAME: (%[[X:.*]]: !buffer<3x5x{{.*}}>, %[[Y:.*]]: !buffer<3x5x{{.*}}>)
// CHECK: loop.for %[[R:.*]] = %{{.*}} to %{{.*}} step
// CHECK:   %[[MAX:.*]] = loop.for {{.*}} -> (i32) {
// CHECK:     arith.maxsi
// CHECK:   %[[SUM:.*]] = loop.for {{.*}} -> (i32) {
// CHECK:     arith.subi %[[MAX]], %{{.*}} : i32
// CHECK:     arith.minsi %{{.*}}, %{{.*}} : i32
// CHECK:     loop.load %{{.*}}[%{{.*}}] : !buffer<250xi32>
// CHECK:     arith.addi
// CHECK:   arith.cmpi ult, %[[SUM]]
// CHECK:   arith.maxsi
// CHECK:   loop.for %[[C:.*]] =
// CHECK:     %[[V:.*]] = loop.load %[[X]][%[[R]], %[[C]]]
// CHECK:     arith.cmpi sgt
// CHECK:     loop.load %{{.*}}[%{{.*}}] : !buffer<250xi32>
// CHECK:     arith.select
// CHECK:     %[[OUT:.*]] = arith.trunci %{{.*}} : i32 to i8
// CHECK:     loop.store %[[OUT]], %[[Y]][%[[R]], %[[C]]]
// CHECK-NOT: buffer.kernel
!qi = !quant.uniform<i8:f32, 0.0625:-3>
!qo = !quant.uniform<i8:f32, 0.0625:127>
func.func @int8_rows(%x: !buffer<3x5x!qi>, %y: !buffer<3x5x!qo>) {
  buffer.kernel log_softmax ins(%x : !buffer<3x5x!qi>) outs(%y : !buffer<3x5x!qo>)
  return
}
