// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vectorize-unrolled-dot-products,canonicalize,cse))' | FileCheck %s
// Unrolled int8 dot products (chains of acc + sext(load) * sext(load)) become one
// vector.widening_dot per run of 8 to 16 terms reading consecutive storage elements of both
// factors, each factor a (masked) load from a flat view; loads are shared between the chains
// of a block; shorter runs and chains with a write in between stay scalar.

// A 1x3 window over three input channels for two filters: each chain is one run of 9 elements
// (kx, c row-major in both buffers); the input's masked load is shared by both chains.
// CHECK-LABEL: func.func @window
// CHECK-SAME: (%[[X:.*]]: !buffer<1x4x4x3xi8>, %[[W:.*]]: !buffer<2x1x3x3xi8>, %[[A:.*]]: i32, %[[B:.*]]: i32, %[[OY:.*]]: index, %[[OX:.*]]: index)
// CHECK-DAG: %[[C12:.*]] = arith.constant 12 : index
// CHECK-DAG: %[[C9:.*]] = arith.constant 9 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[WF:.*]] = buffer.view %[[W]] : !buffer<2x1x3x3xi8> to !buffer<18xi8>
// CHECK-NEXT: %[[MASK:.*]] = vector.create_mask %[[C9]] : vector<16xi1>
// CHECK-NEXT: %[[ZERO:.*]] = vector.broadcast %{{.*}} : i8 to vector<16xi8>
// CHECK-NEXT: %[[W0:.*]] = vector.maskedload %[[WF]][%[[C0]]], %[[MASK]], %[[ZERO]] : !buffer<18xi8>, vector<16xi1>, vector<16xi8> into vector<16xi8>
// CHECK-NEXT: %[[XF:.*]] = buffer.view %[[X]] : !buffer<1x4x4x3xi8> to !buffer<48xi8>
// CHECK-NEXT: %[[ROW:.*]] = arith.muli %[[OY]], %[[C12]] : index
// CHECK-NEXT: %[[COL:.*]] = arith.muli %[[OX]], %[[C3]] : index
// CHECK-NEXT: %[[AT:.*]] = arith.addi %[[ROW]], %[[COL]] : index
// CHECK-NEXT: %[[XV:.*]] = vector.maskedload %[[XF]][%[[AT]]], %[[MASK]], %[[ZERO]]
// CHECK-NEXT: %[[D0:.*]] = vector.widening_dot %[[W0]], %[[XV]], %[[A]] : vector<16xi8>, vector<16xi8> into i32
// CHECK-NEXT: %[[W1:.*]] = vector.maskedload %[[WF]][%[[C9]]], %[[MASK]], %[[ZERO]]
// CHECK-NEXT: %[[D1:.*]] = vector.widening_dot %[[W1]], %[[XV]], %[[B]]
// CHECK-NEXT: return %[[D0]], %[[D1]] : i32, i32
func.func @window(%x: !buffer<1x4x4x3xi8>, %w: !buffer<2x1x3x3xi8>, %a: i32, %b: i32, %oy: index, %ox: index) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %col1 = arith.addi %ox, %c1 : index
  %col2 = arith.addi %ox, %c2 : index
  %x00 = loop.load %x[%c0, %oy, %ox, %c0] : !buffer<1x4x4x3xi8>
  %xe00 = arith.extsi %x00 : i8 to i32
  %x01 = loop.load %x[%c0, %oy, %ox, %c1] : !buffer<1x4x4x3xi8>
  %xe01 = arith.extsi %x01 : i8 to i32
  %x02 = loop.load %x[%c0, %oy, %ox, %c2] : !buffer<1x4x4x3xi8>
  %xe02 = arith.extsi %x02 : i8 to i32
  %x10 = loop.load %x[%c0, %oy, %col1, %c0] : !buffer<1x4x4x3xi8>
  %xe10 = arith.extsi %x10 : i8 to i32
  %x11 = loop.load %x[%c0, %oy, %col1, %c1] : !buffer<1x4x4x3xi8>
  %xe11 = arith.extsi %x11 : i8 to i32
  %x12 = loop.load %x[%c0, %oy, %col1, %c2] : !buffer<1x4x4x3xi8>
  %xe12 = arith.extsi %x12 : i8 to i32
  %x20 = loop.load %x[%c0, %oy, %col2, %c0] : !buffer<1x4x4x3xi8>
  %xe20 = arith.extsi %x20 : i8 to i32
  %x21 = loop.load %x[%c0, %oy, %col2, %c1] : !buffer<1x4x4x3xi8>
  %xe21 = arith.extsi %x21 : i8 to i32
  %x22 = loop.load %x[%c0, %oy, %col2, %c2] : !buffer<1x4x4x3xi8>
  %xe22 = arith.extsi %x22 : i8 to i32
  %w0_00 = loop.load %w[%c0, %c0, %c0, %c0] : !buffer<2x1x3x3xi8>
  %we0_00 = arith.extsi %w0_00 : i8 to i32
  %p0_00 = arith.muli %we0_00, %xe00 : i32
  %s0_00 = arith.addi %a, %p0_00 : i32
  %w0_01 = loop.load %w[%c0, %c0, %c0, %c1] : !buffer<2x1x3x3xi8>
  %we0_01 = arith.extsi %w0_01 : i8 to i32
  %p0_01 = arith.muli %we0_01, %xe01 : i32
  %s0_01 = arith.addi %s0_00, %p0_01 : i32
  %w0_02 = loop.load %w[%c0, %c0, %c0, %c2] : !buffer<2x1x3x3xi8>
  %we0_02 = arith.extsi %w0_02 : i8 to i32
  %p0_02 = arith.muli %we0_02, %xe02 : i32
  %s0_02 = arith.addi %s0_01, %p0_02 : i32
  %w0_10 = loop.load %w[%c0, %c0, %c1, %c0] : !buffer<2x1x3x3xi8>
  %we0_10 = arith.extsi %w0_10 : i8 to i32
  %p0_10 = arith.muli %we0_10, %xe10 : i32
  %s0_10 = arith.addi %s0_02, %p0_10 : i32
  %w0_11 = loop.load %w[%c0, %c0, %c1, %c1] : !buffer<2x1x3x3xi8>
  %we0_11 = arith.extsi %w0_11 : i8 to i32
  %p0_11 = arith.muli %we0_11, %xe11 : i32
  %s0_11 = arith.addi %s0_10, %p0_11 : i32
  %w0_12 = loop.load %w[%c0, %c0, %c1, %c2] : !buffer<2x1x3x3xi8>
  %we0_12 = arith.extsi %w0_12 : i8 to i32
  %p0_12 = arith.muli %we0_12, %xe12 : i32
  %s0_12 = arith.addi %s0_11, %p0_12 : i32
  %w0_20 = loop.load %w[%c0, %c0, %c2, %c0] : !buffer<2x1x3x3xi8>
  %we0_20 = arith.extsi %w0_20 : i8 to i32
  %p0_20 = arith.muli %we0_20, %xe20 : i32
  %s0_20 = arith.addi %s0_12, %p0_20 : i32
  %w0_21 = loop.load %w[%c0, %c0, %c2, %c1] : !buffer<2x1x3x3xi8>
  %we0_21 = arith.extsi %w0_21 : i8 to i32
  %p0_21 = arith.muli %we0_21, %xe21 : i32
  %s0_21 = arith.addi %s0_20, %p0_21 : i32
  %w0_22 = loop.load %w[%c0, %c0, %c2, %c2] : !buffer<2x1x3x3xi8>
  %we0_22 = arith.extsi %w0_22 : i8 to i32
  %p0_22 = arith.muli %we0_22, %xe22 : i32
  %s0_22 = arith.addi %s0_21, %p0_22 : i32
  %w1_00 = loop.load %w[%c1, %c0, %c0, %c0] : !buffer<2x1x3x3xi8>
  %we1_00 = arith.extsi %w1_00 : i8 to i32
  %p1_00 = arith.muli %we1_00, %xe00 : i32
  %s1_00 = arith.addi %b, %p1_00 : i32
  %w1_01 = loop.load %w[%c1, %c0, %c0, %c1] : !buffer<2x1x3x3xi8>
  %we1_01 = arith.extsi %w1_01 : i8 to i32
  %p1_01 = arith.muli %we1_01, %xe01 : i32
  %s1_01 = arith.addi %s1_00, %p1_01 : i32
  %w1_02 = loop.load %w[%c1, %c0, %c0, %c2] : !buffer<2x1x3x3xi8>
  %we1_02 = arith.extsi %w1_02 : i8 to i32
  %p1_02 = arith.muli %we1_02, %xe02 : i32
  %s1_02 = arith.addi %s1_01, %p1_02 : i32
  %w1_10 = loop.load %w[%c1, %c0, %c1, %c0] : !buffer<2x1x3x3xi8>
  %we1_10 = arith.extsi %w1_10 : i8 to i32
  %p1_10 = arith.muli %we1_10, %xe10 : i32
  %s1_10 = arith.addi %s1_02, %p1_10 : i32
  %w1_11 = loop.load %w[%c1, %c0, %c1, %c1] : !buffer<2x1x3x3xi8>
  %we1_11 = arith.extsi %w1_11 : i8 to i32
  %p1_11 = arith.muli %we1_11, %xe11 : i32
  %s1_11 = arith.addi %s1_10, %p1_11 : i32
  %w1_12 = loop.load %w[%c1, %c0, %c1, %c2] : !buffer<2x1x3x3xi8>
  %we1_12 = arith.extsi %w1_12 : i8 to i32
  %p1_12 = arith.muli %we1_12, %xe12 : i32
  %s1_12 = arith.addi %s1_11, %p1_12 : i32
  %w1_20 = loop.load %w[%c1, %c0, %c2, %c0] : !buffer<2x1x3x3xi8>
  %we1_20 = arith.extsi %w1_20 : i8 to i32
  %p1_20 = arith.muli %we1_20, %xe20 : i32
  %s1_20 = arith.addi %s1_12, %p1_20 : i32
  %w1_21 = loop.load %w[%c1, %c0, %c2, %c1] : !buffer<2x1x3x3xi8>
  %we1_21 = arith.extsi %w1_21 : i8 to i32
  %p1_21 = arith.muli %we1_21, %xe21 : i32
  %s1_21 = arith.addi %s1_20, %p1_21 : i32
  %w1_22 = loop.load %w[%c1, %c0, %c2, %c2] : !buffer<2x1x3x3xi8>
  %we1_22 = arith.extsi %w1_22 : i8 to i32
  %p1_22 = arith.muli %we1_22, %xe22 : i32
  %s1_22 = arith.addi %s1_21, %p1_22 : i32
  return %s0_22, %s1_22 : i32, i32
}

// -----

// Sixteen consecutive terms are one unmasked load of each factor; a seventeenth term (the
// next element) starts a run of its own, too short, so it stays a scalar multiply-add after
// the vector step.
// CHECK-LABEL: func.func @full_vector_and_rest
// CHECK-SAME: (%[[X:.*]]: !buffer<17xi8>, %[[W:.*]]: !buffer<17xi8>, %[[A:.*]]: i32)
// CHECK: %[[P:.*]] = arith.muli %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: %[[WV:.*]] = vector.load %[[W]][%{{.*}}] : !buffer<17xi8>, vector<16xi8>
// CHECK-NEXT: %[[XV:.*]] = vector.load %[[X]][%{{.*}}] : !buffer<17xi8>, vector<16xi8>
// CHECK-NEXT: %[[D:.*]] = vector.widening_dot %[[WV]], %[[XV]], %[[A]]
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[D]], %[[P]] : i32
// CHECK-NEXT: return %[[S]] : i32
func.func @full_vector_and_rest(%x: !buffer<17xi8>, %w: !buffer<17xi8>, %a: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %c11 = arith.constant 11 : index
  %c12 = arith.constant 12 : index
  %c13 = arith.constant 13 : index
  %c14 = arith.constant 14 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %x0 = loop.load %x[%c0] : !buffer<17xi8>
  %xe0 = arith.extsi %x0 : i8 to i32
  %w0 = loop.load %w[%c0] : !buffer<17xi8>
  %we0 = arith.extsi %w0 : i8 to i32
  %p0 = arith.muli %we0, %xe0 : i32
  %s0 = arith.addi %a, %p0 : i32
  %x1 = loop.load %x[%c1] : !buffer<17xi8>
  %xe1 = arith.extsi %x1 : i8 to i32
  %w1 = loop.load %w[%c1] : !buffer<17xi8>
  %we1 = arith.extsi %w1 : i8 to i32
  %p1 = arith.muli %we1, %xe1 : i32
  %s1 = arith.addi %s0, %p1 : i32
  %x2 = loop.load %x[%c2] : !buffer<17xi8>
  %xe2 = arith.extsi %x2 : i8 to i32
  %w2 = loop.load %w[%c2] : !buffer<17xi8>
  %we2 = arith.extsi %w2 : i8 to i32
  %p2 = arith.muli %we2, %xe2 : i32
  %s2 = arith.addi %s1, %p2 : i32
  %x3 = loop.load %x[%c3] : !buffer<17xi8>
  %xe3 = arith.extsi %x3 : i8 to i32
  %w3 = loop.load %w[%c3] : !buffer<17xi8>
  %we3 = arith.extsi %w3 : i8 to i32
  %p3 = arith.muli %we3, %xe3 : i32
  %s3 = arith.addi %s2, %p3 : i32
  %x4 = loop.load %x[%c4] : !buffer<17xi8>
  %xe4 = arith.extsi %x4 : i8 to i32
  %w4 = loop.load %w[%c4] : !buffer<17xi8>
  %we4 = arith.extsi %w4 : i8 to i32
  %p4 = arith.muli %we4, %xe4 : i32
  %s4 = arith.addi %s3, %p4 : i32
  %x5 = loop.load %x[%c5] : !buffer<17xi8>
  %xe5 = arith.extsi %x5 : i8 to i32
  %w5 = loop.load %w[%c5] : !buffer<17xi8>
  %we5 = arith.extsi %w5 : i8 to i32
  %p5 = arith.muli %we5, %xe5 : i32
  %s5 = arith.addi %s4, %p5 : i32
  %x6 = loop.load %x[%c6] : !buffer<17xi8>
  %xe6 = arith.extsi %x6 : i8 to i32
  %w6 = loop.load %w[%c6] : !buffer<17xi8>
  %we6 = arith.extsi %w6 : i8 to i32
  %p6 = arith.muli %we6, %xe6 : i32
  %s6 = arith.addi %s5, %p6 : i32
  %x7 = loop.load %x[%c7] : !buffer<17xi8>
  %xe7 = arith.extsi %x7 : i8 to i32
  %w7 = loop.load %w[%c7] : !buffer<17xi8>
  %we7 = arith.extsi %w7 : i8 to i32
  %p7 = arith.muli %we7, %xe7 : i32
  %s7 = arith.addi %s6, %p7 : i32
  %x8 = loop.load %x[%c8] : !buffer<17xi8>
  %xe8 = arith.extsi %x8 : i8 to i32
  %w8 = loop.load %w[%c8] : !buffer<17xi8>
  %we8 = arith.extsi %w8 : i8 to i32
  %p8 = arith.muli %we8, %xe8 : i32
  %s8 = arith.addi %s7, %p8 : i32
  %x9 = loop.load %x[%c9] : !buffer<17xi8>
  %xe9 = arith.extsi %x9 : i8 to i32
  %w9 = loop.load %w[%c9] : !buffer<17xi8>
  %we9 = arith.extsi %w9 : i8 to i32
  %p9 = arith.muli %we9, %xe9 : i32
  %s9 = arith.addi %s8, %p9 : i32
  %x10 = loop.load %x[%c10] : !buffer<17xi8>
  %xe10 = arith.extsi %x10 : i8 to i32
  %w10 = loop.load %w[%c10] : !buffer<17xi8>
  %we10 = arith.extsi %w10 : i8 to i32
  %p10 = arith.muli %we10, %xe10 : i32
  %s10 = arith.addi %s9, %p10 : i32
  %x11 = loop.load %x[%c11] : !buffer<17xi8>
  %xe11 = arith.extsi %x11 : i8 to i32
  %w11 = loop.load %w[%c11] : !buffer<17xi8>
  %we11 = arith.extsi %w11 : i8 to i32
  %p11 = arith.muli %we11, %xe11 : i32
  %s11 = arith.addi %s10, %p11 : i32
  %x12 = loop.load %x[%c12] : !buffer<17xi8>
  %xe12 = arith.extsi %x12 : i8 to i32
  %w12 = loop.load %w[%c12] : !buffer<17xi8>
  %we12 = arith.extsi %w12 : i8 to i32
  %p12 = arith.muli %we12, %xe12 : i32
  %s12 = arith.addi %s11, %p12 : i32
  %x13 = loop.load %x[%c13] : !buffer<17xi8>
  %xe13 = arith.extsi %x13 : i8 to i32
  %w13 = loop.load %w[%c13] : !buffer<17xi8>
  %we13 = arith.extsi %w13 : i8 to i32
  %p13 = arith.muli %we13, %xe13 : i32
  %s13 = arith.addi %s12, %p13 : i32
  %x14 = loop.load %x[%c14] : !buffer<17xi8>
  %xe14 = arith.extsi %x14 : i8 to i32
  %w14 = loop.load %w[%c14] : !buffer<17xi8>
  %we14 = arith.extsi %w14 : i8 to i32
  %p14 = arith.muli %we14, %xe14 : i32
  %s14 = arith.addi %s13, %p14 : i32
  %x15 = loop.load %x[%c15] : !buffer<17xi8>
  %xe15 = arith.extsi %x15 : i8 to i32
  %w15 = loop.load %w[%c15] : !buffer<17xi8>
  %we15 = arith.extsi %w15 : i8 to i32
  %p15 = arith.muli %we15, %xe15 : i32
  %s15 = arith.addi %s14, %p15 : i32
  %x16 = loop.load %x[%c16] : !buffer<17xi8>
  %xe16 = arith.extsi %x16 : i8 to i32
  %w16 = loop.load %w[%c16] : !buffer<17xi8>
  %we16 = arith.extsi %w16 : i8 to i32
  %p16 = arith.muli %we16, %xe16 : i32
  %s16 = arith.addi %s15, %p16 : i32
  return %s16 : i32
}

// -----

// Seven consecutive terms are too few (the packed smlad dot products serve them): the chain
// stays.
// CHECK-LABEL: func.func @short_run
// CHECK-NOT: vector.
// CHECK: return
func.func @short_run(%x: !buffer<7xi8>, %w: !buffer<7xi8>, %a: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %x0 = loop.load %x[%c0] : !buffer<7xi8>
  %x1 = loop.load %x[%c1] : !buffer<7xi8>
  %x2 = loop.load %x[%c2] : !buffer<7xi8>
  %x3 = loop.load %x[%c3] : !buffer<7xi8>
  %x4 = loop.load %x[%c4] : !buffer<7xi8>
  %x5 = loop.load %x[%c5] : !buffer<7xi8>
  %x6 = loop.load %x[%c6] : !buffer<7xi8>
  %w0 = loop.load %w[%c0] : !buffer<7xi8>
  %w1 = loop.load %w[%c1] : !buffer<7xi8>
  %w2 = loop.load %w[%c2] : !buffer<7xi8>
  %w3 = loop.load %w[%c3] : !buffer<7xi8>
  %w4 = loop.load %w[%c4] : !buffer<7xi8>
  %w5 = loop.load %w[%c5] : !buffer<7xi8>
  %w6 = loop.load %w[%c6] : !buffer<7xi8>
  %xe0 = arith.extsi %x0 : i8 to i32
  %xe1 = arith.extsi %x1 : i8 to i32
  %xe2 = arith.extsi %x2 : i8 to i32
  %xe3 = arith.extsi %x3 : i8 to i32
  %xe4 = arith.extsi %x4 : i8 to i32
  %xe5 = arith.extsi %x5 : i8 to i32
  %xe6 = arith.extsi %x6 : i8 to i32
  %we0 = arith.extsi %w0 : i8 to i32
  %we1 = arith.extsi %w1 : i8 to i32
  %we2 = arith.extsi %w2 : i8 to i32
  %we3 = arith.extsi %w3 : i8 to i32
  %we4 = arith.extsi %w4 : i8 to i32
  %we5 = arith.extsi %w5 : i8 to i32
  %we6 = arith.extsi %w6 : i8 to i32
  %p0 = arith.muli %we0, %xe0 : i32
  %p1 = arith.muli %we1, %xe1 : i32
  %p2 = arith.muli %we2, %xe2 : i32
  %p3 = arith.muli %we3, %xe3 : i32
  %p4 = arith.muli %we4, %xe4 : i32
  %p5 = arith.muli %we5, %xe5 : i32
  %p6 = arith.muli %we6, %xe6 : i32
  %s0 = arith.addi %a, %p0 : i32
  %s1 = arith.addi %s0, %p1 : i32
  %s2 = arith.addi %s1, %p2 : i32
  %s3 = arith.addi %s2, %p3 : i32
  %s4 = arith.addi %s3, %p4 : i32
  %s5 = arith.addi %s4, %p5 : i32
  %s6 = arith.addi %s5, %p6 : i32
  return %s6 : i32
}

// -----

// A run of 8, but a store between the loads and the chain's end could change what a moved
// load reads: the chain stays.
// CHECK-LABEL: func.func @store_in_between
// CHECK-NOT: vector.
// CHECK: return
func.func @store_in_between(%x: !buffer<8xi8>, %w: !buffer<8xi8>, %a: i32, %v: i8) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %x0 = loop.load %x[%c0] : !buffer<8xi8>
  %x1 = loop.load %x[%c1] : !buffer<8xi8>
  %x2 = loop.load %x[%c2] : !buffer<8xi8>
  %x3 = loop.load %x[%c3] : !buffer<8xi8>
  loop.store %v, %x[%c7] : !buffer<8xi8>
  %x4 = loop.load %x[%c4] : !buffer<8xi8>
  %x5 = loop.load %x[%c5] : !buffer<8xi8>
  %x6 = loop.load %x[%c6] : !buffer<8xi8>
  %x7 = loop.load %x[%c7] : !buffer<8xi8>
  %w0 = loop.load %w[%c0] : !buffer<8xi8>
  %w1 = loop.load %w[%c1] : !buffer<8xi8>
  %w2 = loop.load %w[%c2] : !buffer<8xi8>
  %w3 = loop.load %w[%c3] : !buffer<8xi8>
  %w4 = loop.load %w[%c4] : !buffer<8xi8>
  %w5 = loop.load %w[%c5] : !buffer<8xi8>
  %w6 = loop.load %w[%c6] : !buffer<8xi8>
  %w7 = loop.load %w[%c7] : !buffer<8xi8>
  %xe0 = arith.extsi %x0 : i8 to i32
  %xe1 = arith.extsi %x1 : i8 to i32
  %xe2 = arith.extsi %x2 : i8 to i32
  %xe3 = arith.extsi %x3 : i8 to i32
  %xe4 = arith.extsi %x4 : i8 to i32
  %xe5 = arith.extsi %x5 : i8 to i32
  %xe6 = arith.extsi %x6 : i8 to i32
  %xe7 = arith.extsi %x7 : i8 to i32
  %we0 = arith.extsi %w0 : i8 to i32
  %we1 = arith.extsi %w1 : i8 to i32
  %we2 = arith.extsi %w2 : i8 to i32
  %we3 = arith.extsi %w3 : i8 to i32
  %we4 = arith.extsi %w4 : i8 to i32
  %we5 = arith.extsi %w5 : i8 to i32
  %we6 = arith.extsi %w6 : i8 to i32
  %we7 = arith.extsi %w7 : i8 to i32
  %p0 = arith.muli %we0, %xe0 : i32
  %p1 = arith.muli %we1, %xe1 : i32
  %p2 = arith.muli %we2, %xe2 : i32
  %p3 = arith.muli %we3, %xe3 : i32
  %p4 = arith.muli %we4, %xe4 : i32
  %p5 = arith.muli %we5, %xe5 : i32
  %p6 = arith.muli %we6, %xe6 : i32
  %p7 = arith.muli %we7, %xe7 : i32
  %s0 = arith.addi %a, %p0 : i32
  %s1 = arith.addi %s0, %p1 : i32
  %s2 = arith.addi %s1, %p2 : i32
  %s3 = arith.addi %s2, %p3 : i32
  %s4 = arith.addi %s3, %p4 : i32
  %s5 = arith.addi %s4, %p5 : i32
  %s6 = arith.addi %s5, %p6 : i32
  %s7 = arith.addi %s6, %p7 : i32
  return %s7 : i32
}
