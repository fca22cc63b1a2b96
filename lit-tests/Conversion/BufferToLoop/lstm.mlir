// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics | FileCheck %s

// Float, batch major (1 batch, 2 steps, 3 inputs, 2 units), cell clip 0.5, all three results
// with the final states in the state operands themselves (in place, as graph-to-buffer makes
// them): no copies in; per step and unit the four gates (forget, input, cell, output), each
// the input's dot product from 0.0 plus the bias, plus the hidden state's dot product plus 0.0,
// each sum clamped to the float range; the cell state forget · c + input · cell gate, clipped
// with min then max, stored back into the cell state; the next hidden state tanh(c) · output,
// copied to the hidden state and the output row (b, t). One workspace: the next hidden state.
// CHECK-LABEL: func.func @lstm_f32
// CHECK-SAME: %[[X:arg0]]: !buffer<1x2x3xf32>
// CHECK-SAME: %[[H0:arg13]]: !buffer<1x2xf32>, %[[C0:arg14]]: !buffer<1x2xf32>, %[[Y:arg15]]: !buffer<1x2x2xf32>
// CHECK: %[[NEXT:.*]] = buffer.alloc() {kernel = "lstm", role = "scratch"} : !buffer<2xf32>
// CHECK-NOT: buffer.alloc
// CHECK: loop.for %[[B:.*]] = %c0 to %c1
// CHECK-NEXT:   loop.for %[[T:.*]] = %c0 to %c2
// CHECK:     loop.for %[[S:.*]] = %c0 to %c2
// CHECK:       loop.for {{.*}} iter_args(%{{.*}} = %cst_6) -> (f32)
// CHECK:         loop.load %[[X]][%[[B]], %[[T]], %{{.*}}]
// CHECK:         loop.load %arg1[%[[S]], %{{.*}}]
// CHECK:       loop.load %arg9[%[[S]]]
// CHECK:       arith.maximumf
// CHECK:       arith.minimumf
// CHECK:       loop.for {{.*}} -> (f32)
// CHECK:         loop.load %[[H0]][%[[B]], %{{.*}}]
// CHECK:         loop.load %arg5[%[[S]], %{{.*}}]
// CHECK:       arith.addf %{{.*}}, %cst_6 : f32
// CHECK:       math.exp
// CHECK:       loop.load %arg2[%[[S]], %{{.*}}]
// CHECK:       loop.load %arg3[%[[S]], %{{.*}}]
// CHECK:       math.tanh
// CHECK:       loop.load %arg4[%[[S]], %{{.*}}]
// CHECK:       %[[OLD:.*]] = loop.load %[[C0]][%[[B]], %[[S]]]
// CHECK:       arith.mulf %{{.*}}, %[[OLD]] : f32
// CHECK:       %[[ABOVE:.*]] = arith.cmpf olt, %cst_0, %{{.*}} : f32
// CHECK:       %[[LOW:.*]] = arith.select %[[ABOVE]], %cst_0, %{{.*}} : f32
// CHECK:       %[[BELOW:.*]] = arith.cmpf olt, %[[LOW]], %cst : f32
// CHECK:       %[[NEW:.*]] = arith.select %[[BELOW]], %cst, %[[LOW]] : f32
// CHECK:       loop.store %[[NEW]], %[[C0]][%[[B]], %[[S]]]
// CHECK:       %[[TANH:.*]] = math.tanh %[[NEW]] : f32
// CHECK:       arith.mulf %[[TANH]], %{{.*}} : f32
// CHECK:       loop.store %{{.*}}, %[[NEXT]][%[[S]]]
// CHECK:     loop.for %[[S2:.*]] = %c0 to %c2
// CHECK:       %[[V:.*]] = loop.load %[[NEXT]][%[[S2]]]
// CHECK:       loop.store %[[V]], %[[H0]][%[[B]], %[[S2]]]
// CHECK:       loop.store %[[V]], %[[Y]][%[[B]], %[[T]], %[[S2]]]
func.func @lstm_f32(%a0: !buffer<1x2x3xf32>, %a1: !buffer<2x3xf32>, %a2: !buffer<2x3xf32>, %a3: !buffer<2x3xf32>, %a4: !buffer<2x3xf32>, %a5: !buffer<2x2xf32>, %a6: !buffer<2x2xf32>, %a7: !buffer<2x2xf32>, %a8: !buffer<2x2xf32>, %a9: !buffer<2xf32>, %a10: !buffer<2xf32>, %a11: !buffer<2xf32>, %a12: !buffer<2xf32>, %a13: !buffer<1x2xf32>, %a14: !buffer<1x2xf32>, %y: !buffer<1x2x2xf32>) {
  buffer.kernel lstm ins(%a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11, %a12, %a13, %a14 : !buffer<1x2x3xf32>, !buffer<2x3xf32>, !buffer<2x3xf32>, !buffer<2x3xf32>, !buffer<2x3xf32>, !buffer<2x2xf32>, !buffer<2x2xf32>, !buffer<2x2xf32>, !buffer<2x2xf32>, !buffer<2xf32>, !buffer<2xf32>, !buffer<2xf32>, !buffer<2xf32>, !buffer<1x2xf32>, !buffer<1x2xf32>) outs(%y, %a13, %a14 : !buffer<1x2x2xf32>, !buffer<1x2xf32>, !buffer<1x2xf32>) {cell_clip = 0.5 : f32, fused_activation = "TANH", results = array<i64: 0, 1, 2>, time_major = false}
  return
}

// -----

// int8, time major (2 steps, 1 batch), only the final cell state used, into another buffer: the
// cell state operand copied into it first, the hidden state kept in a one-row workspace (also
// filled from its operand), no output sequence. The input row is (t, b). The weights are run-time
// values here, so nothing folds: the four gates' sums over the input row run in one loop from
// their biases, each input term loaded once with the input offset 5 (zero point -5) added; the
// four over the hidden state from 0 with the hidden offset -3 (zero point 3); the weights' zero
// offsets are not added. Each sum is then requantized to int16 (1/128 · 1/64 / 2^-12 = 1/2:
// 2^30, shift 0).
// CHECK-LABEL: func.func @lstm_int8_cell
// CHECK: %[[H:.*]] = buffer.alloc() {kernel = "lstm", role = "scratch"} : !buffer<1x2x!quant.uniform<i8
// CHECK: %[[NEXT:.*]] = buffer.alloc() {kernel = "lstm", role = "scratch"} : !buffer<2x!quant.uniform<i8
// CHECK: loop.for %[[B:.*]] = %c0 to %c1
// CHECK:   loop.load %arg13[%[[B]], %{{.*}}]
// CHECK:   loop.store %{{.*}}, %[[H]][%c0, %{{.*}}]
// CHECK:   loop.load %arg14[%[[B]], %{{.*}}]
// CHECK:   loop.store %{{.*}}, %arg15[%[[B]], %{{.*}}]
// CHECK:   loop.for %[[T:.*]] = %c0 to %c2
// CHECK:     loop.for %[[S:.*]] = %c0 to %c2
// CHECK:       %[[B0:.*]] = loop.load %arg9[%[[S]]]
// CHECK:       %[[B1:.*]] = loop.load %arg10[%[[S]]]
// CHECK:       %[[B2:.*]] = loop.load %arg11[%[[S]]]
// CHECK:       %[[B3:.*]] = loop.load %arg12[%[[S]]]
// CHECK:       %[[IN:.*]]:4 = loop.for {{.*}} iter_args(%{{.*}} = %[[B0]], %{{.*}} = %[[B1]], %{{.*}} = %[[B2]], %{{.*}} = %[[B3]]) -> (i32, i32, i32, i32)
// CHECK:         %[[XV:.*]] = loop.load %arg0[%[[T]], %[[B]], %{{.*}}]
// CHECK:         %[[XW:.*]] = arith.extsi %[[XV]] : i8 to i32
// CHECK:         %[[XO:.*]] = arith.addi %[[XW]], %c5_i32 : i32
// CHECK:         %[[WV:.*]] = loop.load %arg1[%[[S]], %{{.*}}]
// CHECK:         %[[WW:.*]] = arith.extsi %[[WV]] : i8 to i32
// CHECK:         arith.muli %[[WW]], %[[XO]] : i32
// CHECK-COUNT-3: arith.muli %{{.*}}, %[[XO]] : i32
// CHECK-NOT:     loop.load %arg0
// CHECK:       %[[REC:.*]]:4 = loop.for {{.*}} iter_args(%{{.*}} = %c0_i32, %{{.*}} = %c0_i32, %{{.*}} = %c0_i32, %{{.*}} = %c0_i32) -> (i32, i32, i32, i32)
// CHECK:         loop.load %[[H]][%c0, %{{.*}}]
// CHECK:         arith.addi %{{.*}}, %c-3_i32 : i32
// CHECK:         loop.load %arg5[%[[S]], %{{.*}}]
// CHECK:       arith.extsi %[[IN]]#0 : i32 to i64
// CHECK:       arith.maxsi %{{.*}}, %c-32768_i32 : i32
// CHECK:       arith.minsi %{{.*}}, %c32767_i32 : i32
// CHECK:       arith.extsi %[[REC]]#0 : i32 to i64
// CHECK:       arith.extsi %[[IN]]#3 : i32 to i64
// CHECK:       loop.load %arg15[%[[B]], %[[S]]]
// CHECK:       loop.store %{{.*}}, %arg15[%[[B]], %[[S]]]
// CHECK:     loop.for %[[S2:[^ ]*]] = %c0 to %c2 step %c1 {
// CHECK-NEXT:  %[[V:.*]] = loop.load %[[NEXT]][%[[S2]]]
// CHECK-NEXT:  loop.store %[[V]], %[[H]][%c0, %[[S2]]]
// CHECK-NEXT:  }
!qx = !quant.uniform<i8:f32, 0.015625:-5>
!qw = !quant.uniform<i8:f32, 0.0078125>
!qb = !quant.uniform<i32:f32, 0.0001220703125>
!qh = !quant.uniform<i8:f32, 0.0078125:3>
!qc = !quant.uniform<i16:f32, 0.00048828125>
func.func @lstm_int8_cell(%a0: !buffer<2x1x3x!qx>, %a1: !buffer<2x3x!qw>, %a2: !buffer<2x3x!qw>, %a3: !buffer<2x3x!qw>, %a4: !buffer<2x3x!qw>, %a5: !buffer<2x2x!qw>, %a6: !buffer<2x2x!qw>, %a7: !buffer<2x2x!qw>, %a8: !buffer<2x2x!qw>, %a9: !buffer<2x!qb>, %a10: !buffer<2x!qb>, %a11: !buffer<2x!qb>, %a12: !buffer<2x!qb>, %a13: !buffer<1x2x!qh>, %a14: !buffer<1x2x!qc>, %y: !buffer<1x2x!qc>) {
  buffer.kernel lstm ins(%a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11, %a12, %a13, %a14 : !buffer<2x1x3x!qx>, !buffer<2x3x!qw>, !buffer<2x3x!qw>, !buffer<2x3x!qw>, !buffer<2x3x!qw>, !buffer<2x2x!qw>, !buffer<2x2x!qw>, !buffer<2x2x!qw>, !buffer<2x2x!qw>, !buffer<2x!qb>, !buffer<2x!qb>, !buffer<2x!qb>, !buffer<2x!qb>, !buffer<1x2x!qh>, !buffer<1x2x!qc>) outs(%y : !buffer<1x2x!qc>) {cell_clip = 0.0 : f32, fused_activation = "TANH", results = array<i64: 2>, time_major = true}
  return
}

// -----

// int8 with constant weights and biases (as converters write them): the offsets fold into
// per-unit starts at compile time, Σ (x + o_x)(w + o_w) = Σ x · (w + o_w) + o_x · Σ (w + o_w).
// Input offset 5: the input, forget and cell gates' weights [1, 2, 3, 4] and [-1, -2, -3, -4]
// with the biases [100, 300] start at [100 + 5 · 10, 300 - 5 · 10]; the output gate's weights
// have zero point 2 (offset -2), so [3, 3, 3, 3] and [2, 2, 2, 2] count as [1, 1, 1, 1] and
// [0, 0, 0, 0]: [100 + 5 · 4, 300]. Hidden offset -3: the recurrent weights [1, 2] and [3, 4]
// start at [-3 · 3, -3 · 7]; the forget gate's [1, 1] and [1, 1] at -6 for both units (a
// constant, no table). The loops then read the raw values: no offset is added to an input term,
// only the output gate's weight offset to its weights. Each input term is loaded once for the
// four gates.
// CHECK-DAG: buffer.global @lstm_input_base {role = "constant"} : !buffer<2xi32> = dense<[150, 250]>
// CHECK-DAG: buffer.global @lstm_input_base_{{.*}} {role = "constant"} : !buffer<2xi32> = dense<[120, 300]>
// CHECK-DAG: buffer.global @lstm_recurrent_base {role = "constant"} : !buffer<2xi32> = dense<[-9, -21]>
// CHECK-LABEL: func.func @lstm_int8_folded
// CHECK-DAG: %[[WI:.*]] = buffer.get_global @wi
// CHECK-DAG: %[[WO:.*]] = buffer.get_global @wo
// CHECK-DAG: %[[IB:.*]] = buffer.get_global @lstm_input_base :
// CHECK-DAG: %[[OB:.*]] = buffer.get_global @lstm_input_base_{{.*}} :
// CHECK-DAG: %[[RB:.*]] = buffer.get_global @lstm_recurrent_base :
// CHECK:       %[[I0:.*]] = loop.load %[[IB]][%[[S:.*]]] : !buffer<2xi32>
// CHECK-NEXT:  %[[I1:.*]] = loop.load %{{.*}}[%[[S]]] : !buffer<2xi32>
// CHECK-NEXT:  %[[I2:.*]] = loop.load %{{.*}}[%[[S]]] : !buffer<2xi32>
// CHECK-NEXT:  %[[I3:.*]] = loop.load %[[OB]][%[[S]]] : !buffer<2xi32>
// CHECK:       %[[IN:.*]]:4 = loop.for %[[D:.*]] = %c0 to %c4 step %c1 iter_args(%{{.*}} = %[[I0]], %{{.*}} = %[[I1]], %{{.*}} = %[[I2]], %{{.*}} = %[[I3]]) -> (i32, i32, i32, i32)
// CHECK-NEXT:    %[[XV:.*]] = loop.load %arg0[%{{.*}}, %{{.*}}, %[[D]]]
// CHECK-NEXT:    %[[XI:.*]] = arith.extsi %[[XV]] : i8 to i32
// CHECK-NEXT:    %[[WV:.*]] = loop.load %[[WI]][%[[S]], %[[D]]]
// CHECK-NEXT:    %[[WW:.*]] = arith.extsi %[[WV]] : i8 to i32
// CHECK-NEXT:    arith.muli %[[WW]], %[[XI]] : i32
// CHECK-NOT:     loop.load %arg0
// CHECK:         %[[OV:.*]] = loop.load %[[WO]][%[[S]], %[[D]]]
// CHECK-NEXT:    %[[OW:.*]] = arith.extsi %[[OV]] : i8 to i32
// CHECK-NEXT:    %[[OO:.*]] = arith.addi %[[OW]], %c-2_i32 : i32
// CHECK-NEXT:    arith.muli %[[OO]], %[[XI]] : i32
// CHECK:       %[[R0:.*]] = loop.load %[[RB]][%[[S]]]
// CHECK:       %[[REC:.*]]:4 = loop.for %{{.*}} = %c0 to %c2 step %c1 iter_args(%{{.*}} = %[[R0]], %{{.*}} = %c-6_i32, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (i32, i32, i32, i32)
// CHECK:         %[[HV:.*]] = loop.load %{{.*}}[%c0, %{{.*}}]
// CHECK-NEXT:    %[[HI:.*]] = arith.extsi %[[HV]] : i8 to i32
// CHECK-NEXT:    loop.load
// CHECK-NEXT:    arith.extsi
// CHECK-NEXT:    arith.muli %{{.*}}, %[[HI]] : i32
// CHECK:       arith.extsi %[[IN]]#0 : i32 to i64
// CHECK:       arith.extsi %[[REC]]#0 : i32 to i64
!qx = !quant.uniform<i8:f32, 0.015625:-5>
!qw = !quant.uniform<i8:f32, 0.0078125>
!qz = !quant.uniform<i8:f32, 0.0078125:2>
!qb = !quant.uniform<i32:f32, 0.0001220703125>
!qh = !quant.uniform<i8:f32, 0.0078125:3>
!qc = !quant.uniform<i16:f32, 0.00048828125>
buffer.global @wi {role = "constant"} : !buffer<2x4x!qw> = dense<[[1, 2, 3, 4], [-1, -2, -3, -4]]> : tensor<2x4xi8>
buffer.global @wo {role = "constant"} : !buffer<2x4x!qz> = dense<[[3, 3, 3, 3], [2, 2, 2, 2]]> : tensor<2x4xi8>
buffer.global @r {role = "constant"} : !buffer<2x2x!qw> = dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>
buffer.global @r1 {role = "constant"} : !buffer<2x2x!qw> = dense<[[1, 1], [1, 1]]> : tensor<2x2xi8>
buffer.global @b {role = "constant"} : !buffer<2x!qb> = dense<[100, 300]> : tensor<2xi32>
func.func @lstm_int8_folded(%a0: !buffer<1x1x4x!qx>, %a13: !buffer<1x2x!qh>, %a14: !buffer<1x2x!qc>, %y: !buffer<1x2x!qc>) {
  %wi = buffer.get_global @wi : !buffer<2x4x!qw>
  %wo = buffer.get_global @wo : !buffer<2x4x!qz>
  %r = buffer.get_global @r : !buffer<2x2x!qw>
  %r1 = buffer.get_global @r1 : !buffer<2x2x!qw>
  %b = buffer.get_global @b : !buffer<2x!qb>
  buffer.kernel lstm ins(%a0, %wi, %wi, %wi, %wo, %r, %r1, %r, %r, %b, %b, %b, %b, %a13, %a14 : !buffer<1x1x4x!qx>, !buffer<2x4x!qw>, !buffer<2x4x!qw>, !buffer<2x4x!qw>, !buffer<2x4x!qz>, !buffer<2x2x!qw>, !buffer<2x2x!qw>, !buffer<2x2x!qw>, !buffer<2x2x!qw>, !buffer<2x!qb>, !buffer<2x!qb>, !buffer<2x!qb>, !buffer<2x!qb>, !buffer<1x2x!qh>, !buffer<1x2x!qc>) outs(%y : !buffer<1x2x!qc>) {cell_clip = 0.0 : f32, fused_activation = "TANH", results = array<i64: 2>, time_major = true}
  return
}

// -----

// The kernel's signature is checked as the graph op's: TANH only.
func.func @lstm_relu(%a0: !buffer<1x2x3xf32>, %a1: !buffer<2x3xf32>, %a2: !buffer<2x3xf32>, %a3: !buffer<2x3xf32>, %a4: !buffer<2x3xf32>, %a5: !buffer<2x2xf32>, %a6: !buffer<2x2xf32>, %a7: !buffer<2x2xf32>, %a8: !buffer<2x2xf32>, %a9: !buffer<2xf32>, %a10: !buffer<2xf32>, %a11: !buffer<2xf32>, %a12: !buffer<2xf32>, %a13: !buffer<1x2xf32>, %a14: !buffer<1x2xf32>, %y: !buffer<1x2xf32>) {
  // expected-error@+1 {{'buffer.kernel' op lstm: fused activation "RELU" is not supported on an LSTM}}
  buffer.kernel lstm ins(%a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11, %a12, %a13, %a14 : !buffer<1x2x3xf32>, !buffer<2x3xf32>, !buffer<2x3xf32>, !buffer<2x3xf32>, !buffer<2x3xf32>, !buffer<2x2xf32>, !buffer<2x2xf32>, !buffer<2x2xf32>, !buffer<2x2xf32>, !buffer<2xf32>, !buffer<2xf32>, !buffer<2xf32>, !buffer<2xf32>, !buffer<1x2xf32>, !buffer<1x2xf32>) outs(%y : !buffer<1x2xf32>) {cell_clip = 0.0 : f32, fused_activation = "RELU", results = array<i64: 1>, time_major = false}
  return
}
