// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

// Int8 softmax: the exps of every difference max - x TFLM counts are a compile-time table
// (scale 1 -> diff_min -15: 16 entries and a trailing 0 for the skipped differences). Per row:
// the max, the Q12.19 sum of the rescaled table entries, the reciprocal (count leading zeros,
// Newton-Raphson), then each output from its table entry.
// CHECK: buffer.global @softmax_exp {role = "constant"} : !buffer<17xi32> = dense<[2147483647, 790015308, {{.*}}, 0]>
// CHECK: buffer.global @softmax_exp_0 {role = "constant"} : !buffer<256xi32>
// CHECK-LABEL: func.func @softmax_i8
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: !buffer<2x10x{{.*}}>, %[[Y:[a-z0-9_]+]]: !buffer<2x10x{{.*}}>)
// CHECK: %[[EXP:[a-z0-9_]+]] = buffer.get_global @softmax_exp : !buffer<17xi32>
// CHECK: loop.for %[[R:[a-z0-9_]+]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:   %[[MAX:[a-z0-9_]+]] = loop.for %[[C:[a-z0-9_]+]] = {{.*}} iter_args(%[[M:[a-z0-9_]+]] = %{{.*}}) -> (i32) {
// CHECK:     %[[V:[a-z0-9_]+]] = loop.load %[[X]][%[[R]], %[[C]]]
// CHECK:     %[[W:[a-z0-9_]+]] = arith.extsi %[[V]] : i8 to i32
// CHECK:     arith.maxsi %[[M]], %[[W]] : i32
// CHECK:   %[[SUM:[a-z0-9_]+]] = loop.for %[[C2:[a-z0-9_]+]] = {{.*}} iter_args(%[[S:[a-z0-9_]+]] = %{{.*}}) -> (i32) {
// CHECK:     loop.load %[[X]][%[[R]], %[[C2]]]
// CHECK:     %[[D:[a-z0-9_]+]] = arith.subi %[[MAX]], %{{.*}} : i32
// CHECK:     %[[CLIPPED:[a-z0-9_]+]] = arith.minsi %[[D]], %{{.*}} : i32
// CHECK:     %[[I:[a-z0-9_]+]] = arith.index_cast %[[CLIPPED]] : i32 to index
// CHECK:     %[[E:[a-z0-9_]+]] = loop.load %[[EXP]][%[[I]]] : !buffer<17xi32>
// CHECK:     arith.shrsi %[[E]], %{{.*}} : i32
// CHECK:     arith.addi %[[S]], %{{.*}} : i32
// CHECK:   arith.cmpi ult, %[[SUM]], %{{.*}} : i32
// CHECK:   arith.divsi
// CHECK:   loop.for %[[C3:[a-z0-9_]+]] = {{.*}} {
// CHECK:     loop.load %[[EXP]]
// CHECK:     arith.muli {{.*}} : i64
// CHECK:     %[[Q:[a-z0-9_]+]] = arith.trunci %{{.*}} : i32 to i8
// CHECK:     loop.store %[[Q]], %[[Y]][%[[R]], %[[C3]]]
// CHECK-NOT: buffer.kernel
func.func @softmax_i8(%x: !buffer<2x10x!quant.uniform<i8:f32, 1.0:3>>, %y: !buffer<2x10x!quant.uniform<i8:f32, 0.00390625:-128>>) {
  buffer.kernel softmax ins(%x : !buffer<2x10x!quant.uniform<i8:f32, 1.0:3>>) outs(%y : !buffer<2x10x!quant.uniform<i8:f32, 0.00390625:-128>>) {beta = 1.000000e+00 : f32}
  return
}

// A small input scale counts all 256 differences (the table @softmax_exp_0 above): no trailing
// 0 entry, no clamp of the index.
// CHECK-LABEL: func.func @softmax_i8_small_scale
// CHECK-NOT: arith.minsi
// CHECK: loop.load %{{.*}} : !buffer<256xi32>
func.func @softmax_i8_small_scale(%x: !buffer<1x12x!quant.uniform<i8:f32, 0.01:0>>, %y: !buffer<1x12x!quant.uniform<i8:f32, 0.00390625:-128>>) {
  buffer.kernel softmax ins(%x : !buffer<1x12x!quant.uniform<i8:f32, 0.01:0>>) outs(%y : !buffer<1x12x!quant.uniform<i8:f32, 0.00390625:-128>>) {beta = 1.000000e+00 : f32}
  return
}

// Float softmax: max, exp((x - max) * beta) stored and summed, then divided by the sum.
// CHECK-LABEL: func.func @softmax_f32
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: !buffer<3x5xf32>, %[[Y:[a-z0-9_]+]]: !buffer<3x5xf32>)
// CHECK: loop.for %[[R:[a-z0-9_]+]] = {{.*}} {
// CHECK:   %[[MAX:[a-z0-9_]+]] = loop.for {{.*}} -> (f32) {
// CHECK:     arith.maximumf
// CHECK:   %[[SUM:[a-z0-9_]+]] = loop.for %[[C:[a-z0-9_]+]] = {{.*}} -> (f32) {
// CHECK:     %[[V:[a-z0-9_]+]] = loop.load %[[X]][%[[R]], %[[C]]]
// CHECK:     %[[D:[a-z0-9_]+]] = arith.subf %[[V]], %[[MAX]] : f32
// CHECK:     %[[B:[a-z0-9_]+]] = arith.mulf %[[D]], %{{.*}} : f32
// CHECK:     %[[E:[a-z0-9_]+]] = math.exp %[[B]] : f32
// CHECK:     loop.store %[[E]], %[[Y]][%[[R]], %[[C]]]
// CHECK:     arith.addf
// CHECK:   loop.for %[[C2:[a-z0-9_]+]] = {{.*}} {
// CHECK:     %[[E2:[a-z0-9_]+]] = loop.load %[[Y]][%[[R]], %[[C2]]]
// CHECK:     %[[Q:[a-z0-9_]+]] = arith.divf %[[E2]], %[[SUM]] : f32
// CHECK:     loop.store %[[Q]], %[[Y]][%[[R]], %[[C2]]]
func.func @softmax_f32(%x: !buffer<3x5xf32>, %y: !buffer<3x5xf32>) {
  buffer.kernel softmax ins(%x : !buffer<3x5xf32>) outs(%y : !buffer<3x5xf32>) {beta = 5.000000e-01 : f32}
  return
}
