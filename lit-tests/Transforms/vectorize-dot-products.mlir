// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vectorize-dot-products,canonicalize))' | FileCheck %s
// Innermost int8 dot-product loops (chains of acc + sext(load) * sext(load) along the innermost
// unit-stride dimension, T terms per step) become 16-lane vector loops with one masked step for
// the remainder; loops of any other shape stay as they are.

// Two accumulators sharing the input run, four terms per step over 10 steps: 40 elements, two
// full vectors then a masked step over the last 8. The filter rows start at `oc`, the input at
// `first + 4` (a grouped convolution's channel offset plus a constant).
// CHECK-LABEL: func.func @two_channels_with_tail
// CHECK-SAME: (%[[X:.*]]: !buffer<1x48xi8>, %[[W:.*]]: !buffer<2x40xi8>, %[[A:.*]]: i32, %[[B:.*]]: i32, %[[FIRST:.*]]: index)
// CHECK-DAG: %[[C36:.*]] = arith.constant 36 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[XBASE:.*]] = arith.addi %[[FIRST]], %[[C4]] : index
// CHECK: %[[R:.*]]:2 = loop.for %[[V:.*]] = %[[C0]] to %[[C32]] step %[[C16]] iter_args(%[[ACC0:.*]] = %[[A]], %[[ACC1:.*]] = %[[B]]) -> (i32, i32) {
// CHECK-NEXT: %[[W0:.*]] = vector.load %[[W]][%[[C0]], %[[V]]] : !buffer<2x40xi8>, vector<16xi8>
// CHECK-NEXT: %[[XI:.*]] = arith.addi %[[XBASE]], %[[V]] : index
// CHECK-NEXT: %[[XV:.*]] = vector.load %[[X]][%[[C0]], %[[XI]]] : !buffer<1x48xi8>, vector<16xi8>
// CHECK-NEXT: %[[W1:.*]] = vector.load %[[W]][%[[C1]], %[[V]]] : !buffer<2x40xi8>, vector<16xi8>
// CHECK-NEXT: %[[D0:.*]] = vector.widening_dot %[[W0]], %[[XV]], %[[ACC0]] : vector<16xi8>, vector<16xi8> into i32
// CHECK-NEXT: %[[D1:.*]] = vector.widening_dot %[[W1]], %[[XV]], %[[ACC1]] : vector<16xi8>, vector<16xi8> into i32
// CHECK-NEXT: loop.yield %[[D0]], %[[D1]] : i32, i32
// CHECK: %[[MASK:.*]] = vector.create_mask %[[C8]] : vector<16xi1>
// CHECK-NEXT: %[[ZERO:.*]] = vector.broadcast %{{.*}} : i8 to vector<16xi8>
// CHECK-NEXT: %[[WT0:.*]] = vector.maskedload %[[W]][%[[C0]], %[[C32]]], %[[MASK]], %[[ZERO]] : !buffer<2x40xi8>, vector<16xi1>, vector<16xi8> into vector<16xi8>
// CHECK-NEXT: %[[XTI:.*]] = arith.addi %[[FIRST]], %[[C36]] : index
// CHECK-NEXT: %[[XT:.*]] = vector.maskedload %[[X]][%[[C0]], %[[XTI]]], %[[MASK]], %[[ZERO]]
// CHECK-NEXT: %[[WT1:.*]] = vector.maskedload %[[W]][%[[C1]], %[[C32]]], %[[MASK]], %[[ZERO]]
// CHECK-NEXT: %[[E0:.*]] = vector.widening_dot %[[WT0]], %[[XT]], %[[R]]#0
// CHECK-NEXT: %[[E1:.*]] = vector.widening_dot %[[WT1]], %[[XT]], %[[R]]#1
// CHECK-NEXT: return %[[E0]], %[[E1]] : i32, i32
func.func @two_channels_with_tail(%x: !buffer<1x48xi8>, %w: !buffer<2x40xi8>, %a: i32, %b: i32, %first: index) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  %r:2 = loop.for %q = %c0 to %c10 step %c1 iter_args(%acc0 = %a, %acc1 = %b) -> (i32, i32) {
    %i0 = arith.muli %q, %c4 : index
    %i1 = arith.addi %i0, %c1 : index
    %i2 = arith.addi %i0, %c2 : index
    %i3 = arith.addi %i0, %c3 : index
    %g0 = arith.addi %first, %i0 : index
    %j0 = arith.addi %g0, %c4 : index
    %j1 = arith.addi %j0, %c1 : index
    %j2 = arith.addi %j0, %c2 : index
    %j3 = arith.addi %j0, %c3 : index
    %x0 = loop.load %x[%c0, %j0] : !buffer<1x48xi8>
    %x1 = loop.load %x[%c0, %j1] : !buffer<1x48xi8>
    %x2 = loop.load %x[%c0, %j2] : !buffer<1x48xi8>
    %x3 = loop.load %x[%c0, %j3] : !buffer<1x48xi8>
    %e0 = arith.extsi %x0 : i8 to i32
    %e1 = arith.extsi %x1 : i8 to i32
    %e2 = arith.extsi %x2 : i8 to i32
    %e3 = arith.extsi %x3 : i8 to i32
    %w00 = loop.load %w[%c0, %i0] : !buffer<2x40xi8>
    %f00 = arith.extsi %w00 : i8 to i32
    %p00 = arith.muli %f00, %e0 : i32
    %s00 = arith.addi %acc0, %p00 : i32
    %w01 = loop.load %w[%c0, %i1] : !buffer<2x40xi8>
    %f01 = arith.extsi %w01 : i8 to i32
    %p01 = arith.muli %e1, %f01 : i32
    %s01 = arith.addi %p01, %s00 : i32
    %w02 = loop.load %w[%c0, %i2] : !buffer<2x40xi8>
    %f02 = arith.extsi %w02 : i8 to i32
    %p02 = arith.muli %f02, %e2 : i32
    %s02 = arith.addi %s01, %p02 : i32
    %w03 = loop.load %w[%c0, %i3] : !buffer<2x40xi8>
    %f03 = arith.extsi %w03 : i8 to i32
    %p03 = arith.muli %f03, %e3 : i32
    %s03 = arith.addi %s02, %p03 : i32
    %w10 = loop.load %w[%c1, %i0] : !buffer<2x40xi8>
    %f10 = arith.extsi %w10 : i8 to i32
    %p10 = arith.muli %f10, %e0 : i32
    %s10 = arith.addi %acc1, %p10 : i32
    %w11 = loop.load %w[%c1, %i1] : !buffer<2x40xi8>
    %f11 = arith.extsi %w11 : i8 to i32
    %p11 = arith.muli %f11, %e1 : i32
    %s11 = arith.addi %s10, %p11 : i32
    %w12 = loop.load %w[%c1, %i2] : !buffer<2x40xi8>
    %f12 = arith.extsi %w12 : i8 to i32
    %p12 = arith.muli %f12, %e2 : i32
    %s12 = arith.addi %s11, %p12 : i32
    %w13 = loop.load %w[%c1, %i3] : !buffer<2x40xi8>
    %f13 = arith.extsi %w13 : i8 to i32
    %p13 = arith.muli %f13, %e3 : i32
    %s13 = arith.addi %s12, %p13 : i32
    loop.yield %s03, %s13 : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// -----

// One term per step over 8 elements: no full vector, only the masked step.
// CHECK-LABEL: func.func @short
// CHECK-NOT: loop.for
// CHECK: vector.create_mask
// CHECK: vector.maskedload
// CHECK: vector.maskedload
// CHECK: vector.widening_dot
func.func @short(%x: !buffer<8xi8>, %w: !buffer<8xi8>, %a: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r = loop.for %i = %c0 to %c8 step %c1 iter_args(%acc = %a) -> (i32) {
    %x0 = loop.load %x[%i] : !buffer<8xi8>
    %w0 = loop.load %w[%i] : !buffer<8xi8>
    %e = arith.extsi %x0 : i8 to i32
    %f = arith.extsi %w0 : i8 to i32
    %p = arith.muli %e, %f : i32
    %s = arith.addi %acc, %p : i32
    loop.yield %s : i32
  }
  return %r : i32
}

// -----

// Not vectorized: the factors read different positions of their runs (x[i] * w[i + 1]), the
// elements are a channel stride apart (not the innermost dimension), the innermost stride is
// not 1, the loop stores, an intermediate sum is used twice, the step is not 1.
// CHECK-LABEL: func.func @kept
// CHECK-NOT: vector.
// CHECK-COUNT-6: loop.for
// CHECK-NOT: vector.
func.func @kept(%x: !buffer<32xi8>, %w: !buffer<33xi8>, %m: !buffer<32x2xi8>, %s: !buffer<32xi8, strides: [2]>, %o: !buffer<32xi32>, %a: i32) -> (i32, i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  %r0 = loop.for %i = %c0 to %c32 step %c1 iter_args(%acc = %a) -> (i32) {
    %j = arith.addi %i, %c1 : index
    %x0 = loop.load %x[%i] : !buffer<32xi8>
    %w0 = loop.load %w[%j] : !buffer<33xi8>
    %e = arith.extsi %x0 : i8 to i32
    %f = arith.extsi %w0 : i8 to i32
    %p = arith.muli %e, %f : i32
    %n = arith.addi %acc, %p : i32
    loop.yield %n : i32
  }
  %r1 = loop.for %i = %c0 to %c32 step %c1 iter_args(%acc = %a) -> (i32) {
    %x0 = loop.load %m[%i, %c0] : !buffer<32x2xi8>
    %w0 = loop.load %x[%i] : !buffer<32xi8>
    %e = arith.extsi %x0 : i8 to i32
    %f = arith.extsi %w0 : i8 to i32
    %p = arith.muli %e, %f : i32
    %n = arith.addi %acc, %p : i32
    loop.yield %n : i32
  }
  %r2 = loop.for %i = %c0 to %c32 step %c1 iter_args(%acc = %a) -> (i32) {
    %x0 = loop.load %s[%i] : !buffer<32xi8, strides: [2]>
    %w0 = loop.load %x[%i] : !buffer<32xi8>
    %e = arith.extsi %x0 : i8 to i32
    %f = arith.extsi %w0 : i8 to i32
    %p = arith.muli %e, %f : i32
    %n = arith.addi %acc, %p : i32
    loop.yield %n : i32
  }
  %r3 = loop.for %i = %c0 to %c32 step %c1 iter_args(%acc = %a) -> (i32) {
    %x0 = loop.load %x[%i] : !buffer<32xi8>
    %w0 = loop.load %x[%i] : !buffer<32xi8>
    %e = arith.extsi %x0 : i8 to i32
    %f = arith.extsi %w0 : i8 to i32
    %p = arith.muli %e, %f : i32
    %n = arith.addi %acc, %p : i32
    loop.store %n, %o[%i] : !buffer<32xi32>
    loop.yield %n : i32
  }
  %r4 = loop.for %i = %c0 to %c32 step %c1 iter_args(%acc = %a) -> (i32) {
    %x0 = loop.load %x[%i] : !buffer<32xi8>
    %w0 = loop.load %x[%i] : !buffer<32xi8>
    %e = arith.extsi %x0 : i8 to i32
    %f = arith.extsi %w0 : i8 to i32
    %p = arith.muli %e, %f : i32
    %n = arith.addi %acc, %p : i32
    %n2 = arith.addi %n, %p : i32
    %t = arith.addi %n2, %n : i32
    loop.yield %t : i32
  }
  %r5 = loop.for %i = %c0 to %c32 step %c2 iter_args(%acc = %a) -> (i32) {
    %x0 = loop.load %x[%i] : !buffer<32xi8>
    %w0 = loop.load %x[%i] : !buffer<32xi8>
    %e = arith.extsi %x0 : i8 to i32
    %f = arith.extsi %w0 : i8 to i32
    %p = arith.muli %e, %f : i32
    %n = arith.addi %acc, %p : i32
    loop.yield %n : i32
  }
  return %r0, %r1, %r2, %r3, %r4, %r5 : i32, i32, i32, i32, i32, i32
}

// -----

// The border of a convolution: the input plus its negated zero point (128) times the filter,
// two pixels sharing the filter run over 36 channels. Each chain is a dot product of the runs,
// and 128 · Σ w is -Σ w · (-128): one more widening_dot on the filter run against -128 in every
// lane, its accumulator from 0 shared by both chains and subtracted from each at the end.
// CHECK-LABEL: func.func @input_offset
// CHECK-SAME: (%[[X:.*]]: !buffer<2x36xi8>, %[[W:.*]]: !buffer<36xi8>, %[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[MINUS:.*]] = arith.constant -128 : i8
// CHECK: %[[NEG:.*]] = vector.broadcast %[[MINUS]] : i8 to vector<16xi8>
// CHECK: %[[R:.*]]:3 = loop.for %[[V:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[S0:.*]] = %[[A]], %[[S1:.*]] = %[[B]], %[[C:.*]] = %[[ZERO]]) -> (i32, i32, i32) {
// CHECK-NEXT: %[[WV:.*]] = vector.load %[[W]][%[[V]]] : !buffer<36xi8>, vector<16xi8>
// CHECK-NEXT: %[[X0:.*]] = vector.load %[[X]][%{{.*}}, %[[V]]] : !buffer<2x36xi8>, vector<16xi8>
// CHECK-NEXT: %[[X1:.*]] = vector.load %[[X]][%{{.*}}, %[[V]]] : !buffer<2x36xi8>, vector<16xi8>
// CHECK-NEXT: %[[D0:.*]] = vector.widening_dot %[[WV]], %[[X0]], %[[S0]]
// CHECK-NEXT: %[[D1:.*]] = vector.widening_dot %[[WV]], %[[X1]], %[[S1]]
// CHECK-NEXT: %[[DC:.*]] = vector.widening_dot %[[WV]], %[[NEG]], %[[C]]
// CHECK-NEXT: loop.yield %[[D0]], %[[D1]], %[[DC]] : i32, i32, i32
// CHECK: vector.create_mask
// CHECK: %[[T0:.*]] = vector.widening_dot %{{.*}}, %{{.*}}, %[[R]]#0
// CHECK-NEXT: %[[T1:.*]] = vector.widening_dot %{{.*}}, %{{.*}}, %[[R]]#1
// CHECK-NEXT: %[[TC:.*]] = vector.widening_dot %{{.*}}, %[[NEG]], %[[R]]#2
// CHECK-NEXT: %[[E0:.*]] = arith.subi %[[T0]], %[[TC]] : i32
// CHECK-NEXT: %[[E1:.*]] = arith.subi %[[T1]], %[[TC]] : i32
// CHECK-NEXT: return %[[E0]], %[[E1]] : i32, i32
func.func @input_offset(%x: !buffer<2x36xi8>, %w: !buffer<36xi8>, %a: i32, %b: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c36 = arith.constant 36 : index
  %c128 = arith.constant 128 : i32
  %r:2 = loop.for %i = %c0 to %c36 step %c1 iter_args(%acc0 = %a, %acc1 = %b) -> (i32, i32) {
    %x0 = loop.load %x[%c0, %i] : !buffer<2x36xi8>
    %x1 = loop.load %x[%c1, %i] : !buffer<2x36xi8>
    %w0 = loop.load %w[%i] : !buffer<36xi8>
    %e0 = arith.extsi %x0 : i8 to i32
    %o0 = arith.addi %e0, %c128 : i32
    %e1 = arith.extsi %x1 : i8 to i32
    %o1 = arith.addi %c128, %e1 : i32
    %f = arith.extsi %w0 : i8 to i32
    %p0 = arith.muli %f, %o0 : i32
    %s0 = arith.addi %acc0, %p0 : i32
    %p1 = arith.muli %o1, %f : i32
    %s1 = arith.addi %acc1, %p1 : i32
    loop.yield %s0, %s1 : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// -----

// Not vectorized: both factors carry a constant; the terms of one chain add different
// constants; a constant whose negation is no i8 (129).
// CHECK-LABEL: func.func @offsets_kept
// CHECK-NOT: vector.
// CHECK-COUNT-3: loop.for
// CHECK-NOT: vector.
func.func @offsets_kept(%x: !buffer<32xi8>, %w: !buffer<32xi8>, %a: i32) -> (i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c3_i32 = arith.constant 3 : i32
  %c5_i32 = arith.constant 5 : i32
  %c129 = arith.constant 129 : i32
  %r0 = loop.for %i = %c0 to %c32 step %c1 iter_args(%acc = %a) -> (i32) {
    %x0 = loop.load %x[%i] : !buffer<32xi8>
    %w0 = loop.load %w[%i] : !buffer<32xi8>
    %e = arith.extsi %x0 : i8 to i32
    %f = arith.extsi %w0 : i8 to i32
    %eo = arith.addi %e, %c3_i32 : i32
    %fo = arith.addi %f, %c3_i32 : i32
    %p = arith.muli %fo, %eo : i32
    %n = arith.addi %acc, %p : i32
    loop.yield %n : i32
  }
  %r1 = loop.for %i = %c0 to %c16 step %c1 iter_args(%acc = %a) -> (i32) {
    %i0 = arith.muli %i, %c2 : index
    %i1 = arith.addi %i0, %c1 : index
    %x0 = loop.load %x[%i0] : !buffer<32xi8>
    %x1 = loop.load %x[%i1] : !buffer<32xi8>
    %w0 = loop.load %w[%i0] : !buffer<32xi8>
    %w1 = loop.load %w[%i1] : !buffer<32xi8>
    %e0 = arith.extsi %x0 : i8 to i32
    %e1 = arith.extsi %x1 : i8 to i32
    %f0 = arith.extsi %w0 : i8 to i32
    %f1 = arith.extsi %w1 : i8 to i32
    %o0 = arith.addi %e0, %c3_i32 : i32
    %o1 = arith.addi %e1, %c5_i32 : i32
    %p0 = arith.muli %f0, %o0 : i32
    %p1 = arith.muli %f1, %o1 : i32
    %n0 = arith.addi %acc, %p0 : i32
    %n1 = arith.addi %n0, %p1 : i32
    loop.yield %n1 : i32
  }
  %r2 = loop.for %i = %c0 to %c32 step %c1 iter_args(%acc = %a) -> (i32) {
    %x0 = loop.load %x[%i] : !buffer<32xi8>
    %w0 = loop.load %w[%i] : !buffer<32xi8>
    %e = arith.extsi %x0 : i8 to i32
    %f = arith.extsi %w0 : i8 to i32
    %eo = arith.addi %e, %c129 : i32
    %p = arith.muli %f, %eo : i32
    %n = arith.addi %acc, %p : i32
    loop.yield %n : i32
  }
  return %r0, %r1, %r2 : i32, i32, i32
}
