// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

// Int8 softmax: the exps of every difference max - x TFLM counts are a compile-time table
// (scale 1 -> diff_min -15: 16 entries and a trailing 0 for the skipped differences). Per row:
// the max, the Q12.19 sum of the rescaled table entries, the reciprocal (count leading zeros,
// Newton-Raphson), then each output from its table entry.
// CHECK: buffer.global @softmax_exp {role = "constant"} : !buffer<17xi32> = dense<[2147483647, 790015308, {{.*}}, 0]>
// CHECK: buffer.global @softmax_exp_0 {role = "constant"} : !buffer<256xi32>
// Int16 softmax: TFLM's two 513-entry Q0.15 tables, exp over [-10, 0] (from exp(-10) · 32768
// rounded and biased, 2, up to 32767 = 0x7FFF) and 1 / (1 + x) over [0, 1] (from 32767 down to
// 16384 = 0x4000).
// CHECK: buffer.global @softmax_exp_lut {role = "constant"} : !buffer<513xi16> = dense<"0x02000200{{[0-9A-F]*}}FF7F">
// CHECK: buffer.global @softmax_reciprocal_lut {role = "constant"} : !buffer<513xi16> = dense<"0xFF7FC07F{{[0-9A-F]*}}0040">
// CHECK-NOT: buffer.global
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

// An int8 input into an int16 output (scale 1/65536, zero point -32768): the int8 kernel with
// the same exp table (@softmax_exp above), the output exponent 15 higher and the int16 range,
// without the int8 output's cap of the exponent at 31.
// CHECK-LABEL: func.func @softmax_i8_to_i16
// CHECK-DAG: %[[MIN:[a-z0-9_-]+]] = arith.constant -32768 : i32
// CHECK-DAG: %[[MAX:[a-z0-9_-]+]] = arith.constant 32767 : i32
// CHECK-DAG: %[[OFFSET:[a-z0-9_-]+]] = arith.constant 15 : i32
// CHECK: buffer.get_global @softmax_exp : !buffer<17xi32>
// CHECK: arith.divsi
// CHECK: %[[EXPONENT:[a-z0-9_-]+]] = arith.addi %{{.*}}, %[[OFFSET]] : i32
// CHECK-NOT: arith.minsi %[[EXPONENT]]
// CHECK: loop.for
// CHECK:   %[[SHIFTED:[a-z0-9_-]+]] = arith.addi %{{.*}}, %[[MIN]] : i32
// CHECK:   %[[LOW:[a-z0-9_-]+]] = arith.maxsi %[[SHIFTED]], %[[MIN]] : i32
// CHECK:   %[[CLAMPED:[a-z0-9_-]+]] = arith.minsi %[[LOW]], %[[MAX]] : i32
// CHECK:   %[[Q:[a-z0-9_-]+]] = arith.trunci %[[CLAMPED]] : i32 to i16
// CHECK:   loop.store %[[Q]]
func.func @softmax_i8_to_i16(%x: !buffer<2x10x!quant.uniform<i8:f32, 1.0:3>>, %y: !buffer<2x10x!quant.uniform<i16:f32, 1.52587890625e-05:-32768>>) {
  buffer.kernel softmax ins(%x : !buffer<2x10x!quant.uniform<i8:f32, 1.0:3>>) outs(%y : !buffer<2x10x!quant.uniform<i16:f32, 1.52587890625e-05:-32768>>) {beta = 1.000000e+00 : f32}
  return
}

// Int16 softmax (input scale 0.001, beta 1: multiplier 0.001 · 65535 / 10 = 6.5535 as
// 1759191844 · 2^3 / 2^31). Per row: the max; each exp looked up (index (v >> 7) + 256, the
// next entry's slope times the low 7 bits), stored into the output and summed; the sum
// normalized by its leading zeros and its reciprocal looked up; then each stored exp scaled by
// it.
// CHECK-LABEL: func.func @softmax_i16
// CHECK-SAME: (%[[X:[a-z0-9_-]+]]: !buffer<2x10x{{.*}}>, %[[Y:[a-z0-9_-]+]]: !buffer<2x10x{{.*}}>)
// CHECK-DAG: %[[MUL:[a-z0-9_-]+]] = arith.constant 1759191844 : i32
// CHECK-DAG: %[[RECENTER:[a-z0-9_-]+]] = arith.constant -98304 : i32
// CHECK: %[[EXP:[a-z0-9_-]+]] = buffer.get_global @softmax_exp_lut : !buffer<513xi16>
// CHECK: %[[RECIP:[a-z0-9_-]+]] = buffer.get_global @softmax_reciprocal_lut : !buffer<513xi16>
// CHECK: loop.for %[[R:[a-z0-9_-]+]] =
// CHECK:   %[[MAX:[a-z0-9_-]+]] = loop.for %[[C:[a-z0-9_-]+]] = {{.*}} -> (i32) {
// CHECK:     loop.load %[[X]][%[[R]], %[[C]]]
// CHECK:     arith.maxsi
// CHECK:   %[[SUM:[a-z0-9_-]+]] = loop.for %[[C2:[a-z0-9_-]+]] = {{.*}} iter_args(%[[S:[a-z0-9_-]+]] = %{{.*}}) -> (i32) {
// CHECK:     %[[V:[a-z0-9_-]+]] = loop.load %[[X]][%[[R]], %[[C2]]]
// CHECK:     %[[W:[a-z0-9_-]+]] = arith.extsi %[[V]] : i16 to i32
// CHECK:     arith.subi %[[W]], %[[MAX]] : i32
// CHECK:     arith.extsi %[[MUL]] : i32 to i64
// CHECK:     loop.load %[[EXP]][%{{.*}}] : !buffer<513xi16>
// CHECK:     loop.load %[[EXP]][%{{.*}}] : !buffer<513xi16>
// CHECK:     arith.muli %{{.*}}, %{{.*}} : i32
// CHECK:     arith.shrsi
// CHECK-NEXT: %[[E:[a-z0-9_-]+]] = arith.addi %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: %[[E16:[a-z0-9_-]+]] = arith.trunci %[[E]] : i32 to i16
// CHECK:     loop.store %[[E16]], %[[Y]][%[[R]], %[[C2]]]
// CHECK:     arith.addi %[[S]], %[[E]] : i32
// CHECK:   arith.cmpi ult, %[[SUM]]
// CHECK:   arith.shrui
// CHECK:   arith.addi %{{.*}}, %[[RECENTER]] : i32
// CHECK:   loop.load %[[RECIP]][%{{.*}}] : !buffer<513xi16>
// CHECK:   loop.for %[[C3:[a-z0-9_-]+]] =
// CHECK:     %[[STORED:[a-z0-9_-]+]] = loop.load %[[Y]][%[[R]], %[[C3]]]
// CHECK:     arith.extsi %[[STORED]] : i16 to i32
// CHECK:     arith.muli
// CHECK:     arith.shrsi
// CHECK:     %[[Q:[a-z0-9_-]+]] = arith.trunci %{{.*}} : i32 to i16
// CHECK:     loop.store %[[Q]], %[[Y]][%[[R]], %[[C3]]]
func.func @softmax_i16(%x: !buffer<2x10x!quant.uniform<i16:f32, 0.001>>, %y: !buffer<2x10x!quant.uniform<i16:f32, 3.0517578125e-05>>) {
  buffer.kernel softmax ins(%x : !buffer<2x10x!quant.uniform<i16:f32, 0.001>>) outs(%y : !buffer<2x10x!quant.uniform<i16:f32, 3.0517578125e-05>>) {beta = 1.000000e+00 : f32}
  return
}
