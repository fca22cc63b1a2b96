// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

!qi = !quant.uniform<i8:f32, 0.05:-3>
!qw = !quant.uniform<i8:f32, 0.02>
!qc = !quant.uniform<i8:f32:0, {0.02, 0.03, 0.01}>
!qb = !quant.uniform<i32:f32, 0.001>
!qo = !quant.uniform<i8:f32, 0.1:5>

// Constant weights and bias fold `bias + input_offset · Σ w` into a per-unit table (input
// offset 3: 10 + 3·10, 20 + 3·26, 30 + 3·(-10)).
// CHECK: buffer.global @fc_base {role = "constant"} : !buffer<3xi32> = dense<[40, 98, 0]>
// Per-channel multipliers and shifts are tables too.
// CHECK: buffer.global @fc_multiplier {role = "constant"} : !buffer<3xi32>
// CHECK: buffer.global @fc_shift {role = "constant"} : !buffer<3xi32>
buffer.global @w {role = "constant"} : !buffer<3x4x!qw> = dense<[[1, 2, 3, 4], [5, 6, 7, 8], [-1, -2, -3, -4]]> : tensor<3x4xi8>
buffer.global @wc {role = "constant"} : !buffer<3x4x!qc> = dense<[[1, 2, 3, 4], [5, 6, 7, 8], [-1, -2, -3, -4]]> : tensor<3x4xi8>
buffer.global @b {role = "constant"} : !buffer<3x!qb> = dense<[10, 20, 30]> : tensor<3xi32>

// A rank-3 input is read as a [batches, depth] view. Per unit: the folded base is loaded once
// and starts the accumulator; each step of the inner loop adds four consecutive terms, each a
// multiply-add of the stored values (the shape LLVM turns into two smlad on a Cortex-M4); then
// TFLite's requantization (a 64-bit high multiply and a rounding shift), the output zero point,
// the RELU clamp [5, 127], and the int8 store.
// CHECK-LABEL: func.func @int8_constant_weights
// CHECK-SAME: (%[[X:.*]]: !buffer<2x1x4x{{.*}}>, %[[Y:.*]]: !buffer<2x3x{{.*}}>)
// CHECK: %[[W:.*]] = buffer.get_global @w
// CHECK-DAG: %[[LOW:.*]] = arith.constant 5 : i32
// CHECK-DAG: %[[HIGH:.*]] = arith.constant 127 : i32
// CHECK: %[[ROWS:.*]] = buffer.view %[[X]] : !buffer<2x1x4x{{.*}}> to !buffer<2x4x{{.*}}>
// CHECK: %[[BASES:.*]] = buffer.get_global @fc_base : !buffer<3xi32>
// CHECK: loop.for %[[B:.*]] = %{{.*}} to %{{.*}} step
// CHECK:   loop.for %[[U:.*]] = %{{.*}} to %{{.*}} step
// CHECK:     %[[BASE:.*]] = loop.load %[[BASES]][%[[U]]]
// CHECK:     %[[ACC:.*]] = loop.for %[[Q:.*]] = %c0 to %c1 step %c1 iter_args(%[[SUM:.*]] = %[[BASE]]) -> (i32) {
// CHECK:       %[[D:.*]] = arith.muli %[[Q]], %c4 : index
// CHECK:       %[[XV:.*]] = loop.load %[[ROWS]][%[[B]], %[[D]]]
// CHECK-COUNT-3: loop.load %[[ROWS]][%[[B]], %{{.*}}]
// CHECK:       %[[XI:.*]] = arith.extsi %[[XV]] : i8 to i32
// CHECK:       %[[WV:.*]] = loop.load %[[W]][%[[U]], %[[D]]]
// CHECK:       %[[WI:.*]] = arith.extsi %[[WV]] : i8 to i32
// CHECK:       %[[P:.*]] = arith.muli %[[WI]], %[[XI]] : i32
// CHECK:       %[[NEXT:.*]] = arith.addi %[[SUM]], %[[P]] : i32
// CHECK-COUNT-3: arith.addi %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:  loop.yield %{{.*}} : i32
// CHECK:     arith.extsi %[[ACC]] : i32 to i64
// CHECK:     arith.shrsi {{.*}} : i64
// CHECK:     %[[R:.*]] = arith.maxsi %{{.*}}, %[[LOW]] : i32
// CHECK:     %[[C:.*]] = arith.minsi %[[R]], %[[HIGH]] : i32
// CHECK:     %[[Q:.*]] = arith.trunci %[[C]] : i32 to i8
// CHECK:     loop.store %[[Q]], %[[Y]][%[[B]], %[[U]]]
// CHECK-NOT: buffer.kernel
func.func @int8_constant_weights(%x: !buffer<2x1x4x!qi>, %y: !buffer<2x3x!qo>) {
  %w = buffer.get_global @w : !buffer<3x4x!qw>
  %b = buffer.get_global @b : !buffer<3x!qb>
  buffer.kernel fully_connected ins(%x, %w, %b : !buffer<2x1x4x!qi>, !buffer<3x4x!qw>, !buffer<3x!qb>) outs(%y : !buffer<2x3x!qo>) {fused_activation = "RELU", keep_num_dims = false}
  return
}

// Per-channel weights: each unit's multiplier and shift are loaded once, outside the reduction.
// CHECK-LABEL: func.func @int8_per_channel
// CHECK-DAG: %[[MS:.*]] = buffer.get_global @fc_multiplier
// CHECK-DAG: %[[SS:.*]] = buffer.get_global @fc_shift
// CHECK: loop.for
// CHECK:   loop.for %[[U:.*]] = %{{.*}} to %{{.*}} step
// CHECK:     loop.load %[[MS]][%[[U]]]
// CHECK:     loop.load %[[SS]][%[[U]]]
// CHECK:     loop.for
func.func @int8_per_channel(%x: !buffer<2x4x!qi>, %y: !buffer<2x3x!qo>) {
  %w = buffer.get_global @wc : !buffer<3x4x!qc>
  buffer.kernel fully_connected ins(%x, %w : !buffer<2x4x!qi>, !buffer<3x4x!qc>) outs(%y : !buffer<2x3x!qo>) {fused_activation = "NONE", keep_num_dims = false}
  return
}

// Weights read at run time: the input offset is added per tap and the bias loaded per unit.
// CHECK-LABEL: func.func @int8_runtime_weights
// CHECK-SAME: (%[[X:.*]]: !buffer<2x4x{{.*}}>, %[[W:.*]]: !buffer<3x4x{{.*}}>, %[[BIAS:.*]]: !buffer<3x{{.*}}>, %{{.*}})
// CHECK-DAG: %[[OFFSET:.*]] = arith.constant 3 : i32
// CHECK: loop.for
// CHECK:   loop.for %[[U:.*]] = %{{.*}} to %{{.*}} step
// CHECK:     %[[BV:.*]] = loop.load %[[BIAS]][%[[U]]]
// CHECK:     loop.for {{.*}} iter_args(%{{.*}} = %[[BV]]) -> (i32) {
// CHECK:       %[[XV:.*]] = loop.load %[[X]]
// CHECK:       %[[XI:.*]] = arith.extsi %[[XV]] : i8 to i32
// CHECK:       arith.addi %[[XI]], %[[OFFSET]] : i32
func.func @int8_runtime_weights(%x: !buffer<2x4x!qi>, %w: !buffer<3x4x!qw>, %b: !buffer<3x!qb>, %y: !buffer<2x3x!qo>) {
  buffer.kernel fully_connected ins(%x, %w, %b : !buffer<2x4x!qi>, !buffer<3x4x!qw>, !buffer<3x!qb>) outs(%y : !buffer<2x3x!qo>) {fused_activation = "NONE", keep_num_dims = false}
  return
}

// Float: Σ x·w in order, plus the bias, clamped to RELU6's [0, 6]; keep_num_dims only changes
// the output's shape, which is viewed as rows too.
// CHECK-LABEL: func.func @float_keep_num_dims
// CHECK-SAME: (%[[X:.*]]: !buffer<2x3x4xf32>, %[[W:.*]]: !buffer<5x4xf32>, %[[BIAS:.*]]: !buffer<5xf32>, %[[Y:.*]]: !buffer<2x3x5xf32>)
// CHECK-DAG: %[[ROWS:.*]] = buffer.view %[[X]] : !buffer<2x3x4xf32> to !buffer<6x4xf32>
// CHECK-DAG: %[[OUT:.*]] = buffer.view %[[Y]] : !buffer<2x3x5xf32> to !buffer<6x5xf32>
// CHECK: loop.for %[[B:.*]] = %{{.*}} to %{{.*}} step
// CHECK:   loop.for %[[U:.*]] = %{{.*}} to %{{.*}} step
// CHECK:     %[[T:.*]] = loop.for {{.*}} -> (f32) {
// CHECK:       arith.mulf
// CHECK:       arith.addf
// CHECK:     %[[BV:.*]] = loop.load %[[BIAS]][%[[U]]]
// CHECK:     %[[S:.*]] = arith.addf %[[T]], %[[BV]] : f32
// CHECK:     %[[LO:.*]] = arith.maximumf %[[S]], %{{.*}} : f32
// CHECK:     %[[HI:.*]] = arith.minimumf %[[LO]], %{{.*}} : f32
// CHECK:     loop.store %[[HI]], %[[OUT]][%[[B]], %[[U]]]
func.func @float_keep_num_dims(%x: !buffer<2x3x4xf32>, %w: !buffer<5x4xf32>, %b: !buffer<5xf32>, %y: !buffer<2x3x5xf32>) {
  buffer.kernel fully_connected ins(%x, %w, %b : !buffer<2x3x4xf32>, !buffer<5x4xf32>, !buffer<5xf32>) outs(%y : !buffer<2x3x5xf32>) {fused_activation = "RELU6", keep_num_dims = true}
  return
}
