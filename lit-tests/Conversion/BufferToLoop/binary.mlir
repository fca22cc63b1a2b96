// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

!qa = !quant.uniform<i8:f32, 5.000000e-01:-3>
!qb = !quant.uniform<i8:f32, 2.500000e-01:7>
!qc = !quant.uniform<i8:f32, 1.000000e+00:-128>

// int8 add/sub rescale each input through a 256-entry table of its values (a constant global),
// then requantize the sum once per element.
// Tables are shared by kernels with the same quantization.
// CHECK: buffer.global @rescaled_input {role = "constant"} : !buffer<256xi32>
// CHECK: buffer.global @rescaled_input_0 {role = "constant"} : !buffer<256xi32>
// CHECK-NOT: buffer.global

// A per-channel operand broadcast over rows: both loads inside the nest, each by its own index.
// CHECK-LABEL: func.func @add_i8
// CHECK-DAG: %[[T0:.*]] = buffer.get_global @rescaled_input
// CHECK-DAG: %[[T1:.*]] = buffer.get_global @rescaled_input_0
// CHECK: loop.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK:   loop.for %[[J:.*]] = %{{.*}} to %{{.*}} step
// CHECK:     %[[A:.*]] = loop.load %arg0[%[[I]], %[[J]]]
// CHECK:     %[[SA:.*]] = loop.load %[[T0]][
// CHECK:     %[[B:.*]] = loop.load %arg1[%[[J]]]
// CHECK:     %[[SB:.*]] = loop.load %[[T1]][
// CHECK:     %[[SUM:.*]] = arith.addi %[[SA]], %[[SB]] : i32
// The output rescale (multiplier 2^30, shift -19: one rounded 64-bit sum, its high word
// shifted right by 18) and the RELU clamp at the zero point -128.
// CHECK:     arith.extsi %[[SUM]] : i32 to i64
// CHECK:     arith.muli
// CHECK:     arith.shrsi %{{.*}}, %c32_i64 : i64
// CHECK:     arith.trunci %{{.*}} : i64 to i32
// CHECK:     arith.shrsi %{{.*}}, %c18_i32 : i32
// CHECK:     arith.maxsi %{{.*}}, %c-128_i32 : i32
// CHECK:     %[[CLAMP:.*]] = arith.minsi %{{.*}}, %c127_i32 : i32
// CHECK:     %[[OUT:.*]] = arith.trunci %[[CLAMP]] : i32 to i8
// CHECK:     loop.store %[[OUT]], %arg2[%[[I]], %[[J]]]
func.func @add_i8(%a: !buffer<2x3x!qa>, %b: !buffer<3x!qb>, %c: !buffer<2x3x!qc>) {
  buffer.kernel add ins(%a, %b : !buffer<2x3x!qa>, !buffer<3x!qb>) outs(%c : !buffer<2x3x!qc>) {fused_activation = "RELU"}
  return
}

// sub subtracts the scaled inputs; in place, the output is the first input.
// CHECK-LABEL: func.func @sub_i8_in_place
// CHECK: buffer.get_global @rescaled_input :
// CHECK: buffer.get_global @rescaled_input_0 :
// CHECK: loop.for %[[I:.*]] =
// CHECK:   %[[A:.*]] = loop.load %arg0[%[[I]]]
// CHECK:   arith.subi
// CHECK:   loop.store %{{.*}}, %arg0[%[[I]]]
func.func @sub_i8_in_place(%a: !buffer<4x!qa>, %b: !buffer<4x!qb>) {
  buffer.kernel sub ins(%a, %b : !buffer<4x!qa>, !buffer<4x!qb>) outs(%a : !buffer<4x!qa>) {fused_activation = "NONE"}
  return
}

// int8 mul: offsets, an i32 product, one requantization.
// CHECK-LABEL: func.func @mul_i8
// CHECK-NOT: buffer.get_global
// CHECK: loop.for
// CHECK:   %[[X:.*]] = arith.addi %{{.*}}, %c3_i32
// CHECK:   %[[Y:.*]] = arith.addi %{{.*}}, %c-7_i32
// CHECK:   arith.muli %[[X]], %[[Y]] : i32
// CHECK:   arith.trunci %{{.*}} : i32 to i8
func.func @mul_i8(%a: !buffer<4x!qa>, %b: !buffer<4x!qb>, %c: !buffer<4x!qc>) {
  buffer.kernel mul ins(%a, %b : !buffer<4x!qa>, !buffer<4x!qb>) outs(%c : !buffer<4x!qc>) {fused_activation = "NONE"}
  return
}

// A broadcast operand is loaded at the outermost level where its index is known: a column
// once per row, a scalar before the nest. Float results are clamped to the activation range.
// CHECK-LABEL: func.func @mul_f32
// CHECK: loop.for %[[I:.*]] =
// CHECK:   %[[COL:.*]] = loop.load %arg1[%[[I]], %c0]
// CHECK:   loop.for %[[J:.*]] =
// CHECK:     %[[X:.*]] = loop.load %arg0[%[[I]], %[[J]]]
// CHECK:     %[[P:.*]] = arith.mulf %[[X]], %[[COL]] : f32
// CHECK:     %[[LO:.*]] = arith.maximumf %[[P]], %cst{{.*}} : f32
// CHECK:     %[[HI:.*]] = arith.minimumf %[[LO]], %cst{{.*}} : f32
// CHECK:     loop.store %[[HI]], %arg2[%[[I]], %[[J]]]
func.func @mul_f32(%a: !buffer<2x3xf32>, %b: !buffer<2x1xf32>, %c: !buffer<2x3xf32>) {
  buffer.kernel mul ins(%a, %b : !buffer<2x3xf32>, !buffer<2x1xf32>) outs(%c : !buffer<2x3xf32>) {fused_activation = "RELU6"}
  return
}

// CHECK-LABEL: func.func @add_scalar_f32
// CHECK: %[[S:.*]] = loop.load %arg1[] : !buffer<f32>
// CHECK: loop.for
// CHECK:   loop.for
// CHECK:     arith.addf %{{.*}}, %[[S]] : f32
func.func @add_scalar_f32(%a: !buffer<2x3xf32, strides: [1, 2], offset: 0>, %b: !buffer<f32>, %c: !buffer<2x3xf32>) {
  buffer.kernel add ins(%a, %b : !buffer<2x3xf32, strides: [1, 2], offset: 0>, !buffer<f32>) outs(%c : !buffer<2x3xf32>) {fused_activation = "NONE"}
  return
}

// int16 add/sub rescale in the nest (no table): left_shift 15, then each input's multiplier.
// The input of the larger scale (0.5) is halved, which is a shift by 14; the other (0.25,
// zero point 100) is offset, shifted by 15 and multiplied by 0.5 · 2^-1 (SRDHM, RDBPOT by 1).
// The output rescale (2 · 0.5 / (2^15 · 1), multiplier 2^30, shift -14), then the RELU clamp
// in the int16 range.
// CHECK-LABEL: func.func @add_i16
// CHECK-NOT: buffer.get_global
// CHECK: loop.for %[[I:.*]] =
// CHECK:   loop.for %[[J:.*]] =
// CHECK:     %[[A:.*]] = loop.load %arg0[%[[I]], %[[J]]]
// CHECK:     %[[AW:.*]] = arith.extsi %[[A]] : i16 to i32
// CHECK:     %[[AO:.*]] = arith.addi %[[AW]], %c0_i32 : i32
// CHECK:     %[[SA:.*]] = arith.shli %[[AO]], %c14_i32 : i32
// CHECK:     %[[B:.*]] = loop.load %arg1[%[[J]]]
// CHECK:     %[[BW:.*]] = arith.extsi %[[B]] : i16 to i32
// CHECK:     %[[BO:.*]] = arith.addi %[[BW]], %c-100_i32 : i32
// CHECK:     %[[BS:.*]] = arith.shli %[[BO]], %c15_i32 : i32
// CHECK:     arith.extsi %[[BS]] : i32 to i64
// CHECK:     arith.shrsi %{{.*}}, %c31_i64 : i64
// CHECK:     %[[SUM:.*]] = arith.addi %[[SA]], %{{.*}} : i32
// CHECK:     arith.extsi %[[SUM]] : i32 to i64
// CHECK:     arith.shrsi %{{.*}}, %c13_i32 : i32
// CHECK:     arith.maxsi %{{.*}}, %c0_i32 : i32
// CHECK:     %[[CLAMP:.*]] = arith.minsi %{{.*}}, %c32767_i32 : i32
// CHECK:     %[[OUT:.*]] = arith.trunci %[[CLAMP]] : i32 to i16
// CHECK:     loop.store %[[OUT]], %arg2[%[[I]], %[[J]]]
!q16a = !quant.uniform<i16:f32, 5.000000e-01>
!q16b = !quant.uniform<i16:f32, 2.500000e-01:100>
!q16c = !quant.uniform<i16:f32, 1.000000e+00>
func.func @add_i16(%a: !buffer<2x3x!q16a>, %b: !buffer<3x!q16b>, %c: !buffer<2x3x!q16c>) {
  buffer.kernel add ins(%a, %b : !buffer<2x3x!q16a>, !buffer<3x!q16b>) outs(%c : !buffer<2x3x!q16c>) {fused_activation = "RELU"}
  return
}

// int16 mul: an i32 product of the (zero point 0) values, one requantization by 0.01 · 0.02 /
// 0.001 = 0.2, the RELU_N1_TO_1 clamp at ±1 / 0.001, truncated to i16.
// CHECK-LABEL: func.func @mul_i16
// CHECK: loop.for
// CHECK:   arith.extsi %{{.*}} : i16 to i32
// CHECK:   arith.extsi %{{.*}} : i16 to i32
// CHECK:   arith.muli %{{.*}}, %{{.*}} : i32
// CHECK:   arith.maxsi %{{.*}}, %c-1000_i32 : i32
// CHECK:   arith.minsi %{{.*}}, %c1000_i32 : i32
// CHECK:   arith.trunci %{{.*}} : i32 to i16
!q16x = !quant.uniform<i16:f32, 0.01>
!q16y = !quant.uniform<i16:f32, 0.02>
!q16z = !quant.uniform<i16:f32, 0.001>
func.func @mul_i16(%a: !buffer<4x!q16x>, %b: !buffer<4x!q16y>, %c: !buffer<4x!q16z>) {
  buffer.kernel mul ins(%a, %b : !buffer<4x!q16x>, !buffer<4x!q16y>) outs(%c : !buffer<4x!q16z>) {fused_activation = "RELU_N1_TO_1"}
  return
}

// i32 add wraps and ignores its fused activation, as TFLite Micro's EvalAdd does; i32 sub and
// mul clamp to the activation's integer range.
// CHECK-LABEL: func.func @add_i32
// CHECK: loop.for
// CHECK:   %[[S:.*]] = arith.addi %{{.*}}, %{{.*}} : i32
// CHECK-NOT: arith.maxsi
// CHECK:   loop.store %[[S]]
func.func @add_i32(%a: !buffer<4xi32>, %b: !buffer<4xi32>, %c: !buffer<4xi32>) {
  buffer.kernel add ins(%a, %b : !buffer<4xi32>, !buffer<4xi32>) outs(%c : !buffer<4xi32>) {fused_activation = "RELU6"}
  return
}

// CHECK-LABEL: func.func @sub_i32
// CHECK: loop.for
// CHECK:   %[[D:.*]] = arith.subi %{{.*}}, %{{.*}} : i32
// CHECK:   arith.maxsi %[[D]], %c0_i32 : i32
// CHECK:   arith.minsi %{{.*}}, %c6_i32 : i32
func.func @sub_i32(%a: !buffer<4xi32>, %b: !buffer<4xi32>, %c: !buffer<4xi32>) {
  buffer.kernel sub ins(%a, %b : !buffer<4xi32>, !buffer<4xi32>) outs(%c : !buffer<4xi32>) {fused_activation = "RELU6"}
  return
}
