// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vectorize-store-groups,canonicalize,cse))' | FileCheck %s
// Four consecutive scalar stores whose values are computed alike (a register-blocked
// convolution's requantization of four accumulators, each with its channel's multiplier,
// rounding and shift) get one computation on vector<4xi32> lanes before the first store: the
// differing leaves gathered with vector.from_elements, the shared constants broadcast, the
// 64-bit lanes of the fixed-point multiply turned into MVE's ops, each store taking its lane.

buffer.global @multiplier {role = "constant"} : !buffer<2xi32> = dense<[1276000000, 1500000000]> : tensor<2xi32>
buffer.global @rounding {role = "constant"} : !buffer<2xi32> = dense<[16, 64]> : tensor<2xi32>
buffer.global @shift {role = "constant"} : !buffer<2xi32> = dense<[5, 7]> : tensor<2xi32>

// CHECK-LABEL: func.func @requantize_block
// CHECK-SAME: (%[[OUT:.*]]: !buffer<2x2xi8>, %[[A0:.*]]: i32, %[[A1:.*]]: i32, %[[A2:.*]]: i32, %[[A3:.*]]: i32)
// CHECK-DAG: %[[MT:.*]] = buffer.get_global @multiplier
// CHECK-DAG: %[[ST:.*]] = buffer.get_global @shift
// CHECK-DAG: %[[M0:.*]] = loop.load %[[MT]][%c0] : !buffer<2xi32>
// CHECK-DAG: %[[S0:.*]] = loop.load %[[ST]][%c0] : !buffer<2xi32>
// CHECK-DAG: %[[M1:.*]] = loop.load %[[MT]][%c1] : !buffer<2xi32>
// CHECK-DAG: %[[S1:.*]] = loop.load %[[ST]][%c1] : !buffer<2xi32>
// CHECK: %[[ACC:.*]] = vector.from_elements %[[A0]], %[[A1]], %[[A2]], %[[A3]] : vector<4xi32>
// CHECK: %[[M:.*]] = vector.from_elements %[[M0]], %[[M1]], %[[M0]], %[[M1]] : vector<4xi32>
// CHECK: %[[S:.*]] = vector.from_elements %[[S0]], %[[S1]], %[[S0]], %[[S1]] : vector<4xi32>
// CHECK: %[[H:.*]] = vector.rounding_doubling_high_mul %[[ACC]], %[[M]] : vector<4xi32>
// CHECK: vector.rounding_shift_right
// CHECK: arith.maxsi %{{.*}} : vector<4xi32>
// CHECK: %[[Y:.*]] = arith.trunci %{{.*}} : vector<4xi32> to vector<4xi8>
// CHECK: %[[Y0:.*]] = vector.extract %[[Y]][0] : i8 from vector<4xi8>
// CHECK: %[[Y1:.*]] = vector.extract %[[Y]][1] : i8 from vector<4xi8>
// CHECK: %[[Y2:.*]] = vector.extract %[[Y]][2] : i8 from vector<4xi8>
// CHECK: %[[Y3:.*]] = vector.extract %[[Y]][3] : i8 from vector<4xi8>
// CHECK: loop.store %[[Y0]], %[[OUT]][%c0, %c0]
// CHECK: loop.store %[[Y1]], %[[OUT]][%c0, %c1]
// CHECK: loop.store %[[Y2]], %[[OUT]][%c1, %c0]
// CHECK: loop.store %[[Y3]], %[[OUT]][%c1, %c1]
// CHECK-NOT: i64
func.func @requantize_block(%out: !buffer<2x2xi8>, %a0: i32, %a1: i32, %a2: i32, %a3: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %mt = buffer.get_global @multiplier : !buffer<2xi32>
  %rt = buffer.get_global @rounding : !buffer<2xi32>
  %st = buffer.get_global @shift : !buffer<2xi32>
  %m0 = loop.load %mt[%c0] : !buffer<2xi32>
  %r0 = loop.load %rt[%c0] : !buffer<2xi32>
  %s0 = loop.load %st[%c0] : !buffer<2xi32>
  %m1 = loop.load %mt[%c1] : !buffer<2xi32>
  %r1 = loop.load %rt[%c1] : !buffer<2xi32>
  %s1 = loop.load %st[%c1] : !buffer<2xi32>
  %zero = arith.constant 0 : i32
  %down = arith.constant -1073741824 : i32
  %up = arith.constant 1073741824 : i32
  %c32 = arith.constant 32 : i64
  %zp = arith.constant -128 : i32
  %min = arith.constant -128 : i32
  %max = arith.constant 127 : i32
  %neg0 = arith.cmpi slt, %a0, %zero : i32
  %nudge0 = arith.select %neg0, %down, %up : i32
  %wa0 = arith.extsi %a0 : i32 to i64
  %wm0 = arith.extsi %m0 : i32 to i64
  %p0 = arith.muli %wa0, %wm0 : i64
  %wn0 = arith.extsi %nudge0 : i32 to i64
  %n0 = arith.addi %p0, %wn0 : i64
  %wr0 = arith.extui %r0 : i32 to i64
  %hr0 = arith.shli %wr0, %c32 : i64
  %sum0 = arith.addi %n0, %hr0 : i64
  %high0 = arith.shrsi %sum0, %c32 : i64
  %narrow0 = arith.trunci %high0 : i64 to i32
  %q0 = arith.shrsi %narrow0, %s0 : i32
  %z0 = arith.addi %q0, %zp : i32
  %lo0 = arith.maxsi %z0, %min : i32
  %hi0 = arith.minsi %lo0, %max : i32
  %y0 = arith.trunci %hi0 : i32 to i8
  loop.store %y0, %out[%c0, %c0] : !buffer<2x2xi8>
  %neg1 = arith.cmpi slt, %a1, %zero : i32
  %nudge1 = arith.select %neg1, %down, %up : i32
  %wa1 = arith.extsi %a1 : i32 to i64
  %wm1 = arith.extsi %m1 : i32 to i64
  %p1 = arith.muli %wa1, %wm1 : i64
  %wn1 = arith.extsi %nudge1 : i32 to i64
  %n1 = arith.addi %p1, %wn1 : i64
  %wr1 = arith.extui %r1 : i32 to i64
  %hr1 = arith.shli %wr1, %c32 : i64
  %sum1 = arith.addi %n1, %hr1 : i64
  %high1 = arith.shrsi %sum1, %c32 : i64
  %narrow1 = arith.trunci %high1 : i64 to i32
  %q1 = arith.shrsi %narrow1, %s1 : i32
  %z1 = arith.addi %q1, %zp : i32
  %lo1 = arith.maxsi %z1, %min : i32
  %hi1 = arith.minsi %lo1, %max : i32
  %y1 = arith.trunci %hi1 : i32 to i8
  loop.store %y1, %out[%c0, %c1] : !buffer<2x2xi8>
  %neg2 = arith.cmpi slt, %a2, %zero : i32
  %nudge2 = arith.select %neg2, %down, %up : i32
  %wa2 = arith.extsi %a2 : i32 to i64
  %wm2 = arith.extsi %m0 : i32 to i64
  %p2 = arith.muli %wa2, %wm2 : i64
  %wn2 = arith.extsi %nudge2 : i32 to i64
  %n2 = arith.addi %p2, %wn2 : i64
  %wr2 = arith.extui %r0 : i32 to i64
  %hr2 = arith.shli %wr2, %c32 : i64
  %sum2 = arith.addi %n2, %hr2 : i64
  %high2 = arith.shrsi %sum2, %c32 : i64
  %narrow2 = arith.trunci %high2 : i64 to i32
  %q2 = arith.shrsi %narrow2, %s0 : i32
  %z2 = arith.addi %q2, %zp : i32
  %lo2 = arith.maxsi %z2, %min : i32
  %hi2 = arith.minsi %lo2, %max : i32
  %y2 = arith.trunci %hi2 : i32 to i8
  loop.store %y2, %out[%c1, %c0] : !buffer<2x2xi8>
  %neg3 = arith.cmpi slt, %a3, %zero : i32
  %nudge3 = arith.select %neg3, %down, %up : i32
  %wa3 = arith.extsi %a3 : i32 to i64
  %wm3 = arith.extsi %m1 : i32 to i64
  %p3 = arith.muli %wa3, %wm3 : i64
  %wn3 = arith.extsi %nudge3 : i32 to i64
  %n3 = arith.addi %p3, %wn3 : i64
  %wr3 = arith.extui %r1 : i32 to i64
  %hr3 = arith.shli %wr3, %c32 : i64
  %sum3 = arith.addi %n3, %hr3 : i64
  %high3 = arith.shrsi %sum3, %c32 : i64
  %narrow3 = arith.trunci %high3 : i64 to i32
  %q3 = arith.shrsi %narrow3, %s1 : i32
  %z3 = arith.addi %q3, %zp : i32
  %lo3 = arith.maxsi %z3, %min : i32
  %hi3 = arith.minsi %lo3, %max : i32
  %y3 = arith.trunci %hi3 : i32 to i8
  loop.store %y3, %out[%c1, %c1] : !buffer<2x2xi8>
  return
}

// -----

// Any lane-wise arith: the shared constant is broadcast; two groups of four in one block, then
// one of two (each value in two lanes), the eleventh store left alone.
// CHECK-LABEL: func.func @two_groups
// CHECK-COUNT-2: vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK: %[[PAIR:.*]] = vector.from_elements %[[X:.*]], %[[Y:.*]], %[[X]], %[[Y]] : vector<4xi32>
// CHECK: vector.extract %{{.*}}[0] : i16 from vector<4xi16>
// CHECK-NEXT: vector.extract %{{.*}}[1] : i16 from vector<4xi16>
// CHECK-NEXT: loop.store
// CHECK-NEXT: loop.store
// CHECK-NOT: vector.from_elements
// CHECK: arith.addi %arg2, %c3_i32 : i32
func.func @two_groups(%out: !buffer<11xi16>, %a: vector<10xi32>, %b: i32) {
  %c3 = arith.constant 3 : i32
  %c0 = arith.constant 0 : i32
  %a0 = vector.extract %a[0] : i32 from vector<10xi32>
  %a1 = vector.extract %a[1] : i32 from vector<10xi32>
  %a2 = vector.extract %a[2] : i32 from vector<10xi32>
  %a3 = vector.extract %a[3] : i32 from vector<10xi32>
  %a4 = vector.extract %a[4] : i32 from vector<10xi32>
  %a5 = vector.extract %a[5] : i32 from vector<10xi32>
  %a6 = vector.extract %a[6] : i32 from vector<10xi32>
  %a7 = vector.extract %a[7] : i32 from vector<10xi32>
  %a8 = vector.extract %a[8] : i32 from vector<10xi32>
  %a9 = vector.extract %a[9] : i32 from vector<10xi32>
  %s0 = arith.addi %a0, %c3 : i32
  %m0 = arith.maxsi %s0, %c0 : i32
  %y0 = arith.trunci %m0 : i32 to i16
  %i0 = arith.constant 0 : index
  loop.store %y0, %out[%i0] : !buffer<11xi16>
  %s1 = arith.addi %a1, %c3 : i32
  %m1 = arith.maxsi %s1, %c0 : i32
  %y1 = arith.trunci %m1 : i32 to i16
  %i1 = arith.constant 1 : index
  loop.store %y1, %out[%i1] : !buffer<11xi16>
  %s2 = arith.addi %a2, %c3 : i32
  %m2 = arith.maxsi %s2, %c0 : i32
  %y2 = arith.trunci %m2 : i32 to i16
  %i2 = arith.constant 2 : index
  loop.store %y2, %out[%i2] : !buffer<11xi16>
  %s3 = arith.addi %a3, %c3 : i32
  %m3 = arith.maxsi %s3, %c0 : i32
  %y3 = arith.trunci %m3 : i32 to i16
  %i3 = arith.constant 3 : index
  loop.store %y3, %out[%i3] : !buffer<11xi16>
  %s4 = arith.addi %a4, %c3 : i32
  %m4 = arith.maxsi %s4, %c0 : i32
  %y4 = arith.trunci %m4 : i32 to i16
  %i4 = arith.constant 4 : index
  loop.store %y4, %out[%i4] : !buffer<11xi16>
  %s5 = arith.addi %a5, %c3 : i32
  %m5 = arith.maxsi %s5, %c0 : i32
  %y5 = arith.trunci %m5 : i32 to i16
  %i5 = arith.constant 5 : index
  loop.store %y5, %out[%i5] : !buffer<11xi16>
  %s6 = arith.addi %a6, %c3 : i32
  %m6 = arith.maxsi %s6, %c0 : i32
  %y6 = arith.trunci %m6 : i32 to i16
  %i6 = arith.constant 6 : index
  loop.store %y6, %out[%i6] : !buffer<11xi16>
  %s7 = arith.addi %a7, %c3 : i32
  %m7 = arith.maxsi %s7, %c0 : i32
  %y7 = arith.trunci %m7 : i32 to i16
  %i7 = arith.constant 7 : index
  loop.store %y7, %out[%i7] : !buffer<11xi16>
  %s8 = arith.addi %a8, %c3 : i32
  %m8 = arith.maxsi %s8, %c0 : i32
  %y8 = arith.trunci %m8 : i32 to i16
  %i8 = arith.constant 8 : index
  loop.store %y8, %out[%i8] : !buffer<11xi16>
  %s9 = arith.addi %a9, %c3 : i32
  %m9 = arith.maxsi %s9, %c0 : i32
  %y9 = arith.trunci %m9 : i32 to i16
  %i9 = arith.constant 9 : index
  loop.store %y9, %out[%i9] : !buffer<11xi16>
  %s10 = arith.addi %b, %c3 : i32
  %y10 = arith.trunci %s10 : i32 to i16
  %i10 = arith.constant 10 : index
  loop.store %y10, %out[%i10] : !buffer<11xi16>
  return
}

// -----

// A leaf defined after the first store (a load that might read what it wrote) stays scalar.
// CHECK-LABEL: func.func @leaf_after_first_store
// CHECK-NOT: vector.
func.func @leaf_after_first_store(%out: !buffer<4xi32>, %x: i32) {
  %c3 = arith.constant 3 : i32
  %c0 = arith.constant 0 : i32
  %i0 = arith.constant 0 : index
  %a0 = loop.load %out[%i0] : !buffer<4xi32>
  %s0 = arith.addi %a0, %c3 : i32
  %m0 = arith.maxsi %s0, %c0 : i32
  %n0 = arith.muli %m0, %x : i32
  loop.store %n0, %out[%i0] : !buffer<4xi32>
  %i1 = arith.constant 1 : index
  %a1 = loop.load %out[%i1] : !buffer<4xi32>
  %s1 = arith.addi %a1, %c3 : i32
  %m1 = arith.maxsi %s1, %c0 : i32
  %n1 = arith.muli %m1, %x : i32
  loop.store %n1, %out[%i1] : !buffer<4xi32>
  %i2 = arith.constant 2 : index
  %a2 = loop.load %out[%i2] : !buffer<4xi32>
  %s2 = arith.addi %a2, %c3 : i32
  %m2 = arith.maxsi %s2, %c0 : i32
  %n2 = arith.muli %m2, %x : i32
  loop.store %n2, %out[%i2] : !buffer<4xi32>
  %i3 = arith.constant 3 : index
  %a3 = loop.load %out[%i3] : !buffer<4xi32>
  %s3 = arith.addi %a3, %c3 : i32
  %m3 = arith.maxsi %s3, %c0 : i32
  %n3 = arith.muli %m3, %x : i32
  loop.store %n3, %out[%i3] : !buffer<4xi32>
  return
}

// -----

// Too few alike ops for the gathers (one add per four gathered pairs) stays scalar.
// CHECK-LABEL: func.func @not_worth_it
// CHECK-NOT: vector.from_elements
func.func @not_worth_it(%out: !buffer<4xi32>, %a: vector<4xi32>, %b: vector<4xi32>) {
  %a0 = vector.extract %a[0] : i32 from vector<4xi32>
  %b0 = vector.extract %b[0] : i32 from vector<4xi32>
  %s0 = arith.addi %a0, %b0 : i32
  %i0 = arith.constant 0 : index
  loop.store %s0, %out[%i0] : !buffer<4xi32>
  %a1 = vector.extract %a[1] : i32 from vector<4xi32>
  %b1 = vector.extract %b[1] : i32 from vector<4xi32>
  %s1 = arith.addi %a1, %b1 : i32
  %i1 = arith.constant 1 : index
  loop.store %s1, %out[%i1] : !buffer<4xi32>
  %a2 = vector.extract %a[2] : i32 from vector<4xi32>
  %b2 = vector.extract %b[2] : i32 from vector<4xi32>
  %s2 = arith.addi %a2, %b2 : i32
  %i2 = arith.constant 2 : index
  loop.store %s2, %out[%i2] : !buffer<4xi32>
  %a3 = vector.extract %a[3] : i32 from vector<4xi32>
  %b3 = vector.extract %b[3] : i32 from vector<4xi32>
  %s3 = arith.addi %a3, %b3 : i32
  %i3 = arith.constant 3 : index
  loop.store %s3, %out[%i3] : !buffer<4xi32>
  return
}

// -----

buffer.global @multiplier {role = "constant"} : !buffer<2xi32> = dense<[1276000000, 1500000000]> : tensor<2xi32>
buffer.global @rounding {role = "constant"} : !buffer<2xi32> = dense<[16, 63]> : tensor<2xi32>
buffer.global @shift {role = "constant"} : !buffer<2xi32> = dense<[5, 7]> : tensor<2xi32>

// A rounding table that is not 2^(shift-1) everywhere keeps the 64-bit lanes, which MVE lacks:
// the group stays scalar.
// CHECK-LABEL: func.func @wide_lanes_stay
func.func @wide_lanes_stay(%out: !buffer<2x2xi8>, %a0: i32, %a1: i32, %a2: i32, %a3: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %mt = buffer.get_global @multiplier : !buffer<2xi32>
  %rt = buffer.get_global @rounding : !buffer<2xi32>
  %st = buffer.get_global @shift : !buffer<2xi32>
  %m0 = loop.load %mt[%c0] : !buffer<2xi32>
  %r0 = loop.load %rt[%c0] : !buffer<2xi32>
  %s0 = loop.load %st[%c0] : !buffer<2xi32>
  %m1 = loop.load %mt[%c1] : !buffer<2xi32>
  %r1 = loop.load %rt[%c1] : !buffer<2xi32>
  %s1 = loop.load %st[%c1] : !buffer<2xi32>
  %zero = arith.constant 0 : i32
  %down = arith.constant -1073741824 : i32
  %up = arith.constant 1073741824 : i32
  %c32 = arith.constant 32 : i64
  %zp = arith.constant -128 : i32
  %min = arith.constant -128 : i32
  %max = arith.constant 127 : i32
  %neg0 = arith.cmpi slt, %a0, %zero : i32
  %nudge0 = arith.select %neg0, %down, %up : i32
  %wa0 = arith.extsi %a0 : i32 to i64
  %wm0 = arith.extsi %m0 : i32 to i64
  %p0 = arith.muli %wa0, %wm0 : i64
  %wn0 = arith.extsi %nudge0 : i32 to i64
  %n0 = arith.addi %p0, %wn0 : i64
  %wr0 = arith.extui %r0 : i32 to i64
  %hr0 = arith.shli %wr0, %c32 : i64
  %sum0 = arith.addi %n0, %hr0 : i64
  %high0 = arith.shrsi %sum0, %c32 : i64
  %narrow0 = arith.trunci %high0 : i64 to i32
  %q0 = arith.shrsi %narrow0, %s0 : i32
  %z0 = arith.addi %q0, %zp : i32
  %lo0 = arith.maxsi %z0, %min : i32
  %hi0 = arith.minsi %lo0, %max : i32
  %y0 = arith.trunci %hi0 : i32 to i8
  loop.store %y0, %out[%c0, %c0] : !buffer<2x2xi8>
  %neg1 = arith.cmpi slt, %a1, %zero : i32
  %nudge1 = arith.select %neg1, %down, %up : i32
  %wa1 = arith.extsi %a1 : i32 to i64
  %wm1 = arith.extsi %m1 : i32 to i64
  %p1 = arith.muli %wa1, %wm1 : i64
  %wn1 = arith.extsi %nudge1 : i32 to i64
  %n1 = arith.addi %p1, %wn1 : i64
  %wr1 = arith.extui %r1 : i32 to i64
  %hr1 = arith.shli %wr1, %c32 : i64
  %sum1 = arith.addi %n1, %hr1 : i64
  %high1 = arith.shrsi %sum1, %c32 : i64
  %narrow1 = arith.trunci %high1 : i64 to i32
  %q1 = arith.shrsi %narrow1, %s1 : i32
  %z1 = arith.addi %q1, %zp : i32
  %lo1 = arith.maxsi %z1, %min : i32
  %hi1 = arith.minsi %lo1, %max : i32
  %y1 = arith.trunci %hi1 : i32 to i8
  loop.store %y1, %out[%c0, %c1] : !buffer<2x2xi8>
  %neg2 = arith.cmpi slt, %a2, %zero : i32
  %nudge2 = arith.select %neg2, %down, %up : i32
  %wa2 = arith.extsi %a2 : i32 to i64
  %wm2 = arith.extsi %m0 : i32 to i64
  %p2 = arith.muli %wa2, %wm2 : i64
  %wn2 = arith.extsi %nudge2 : i32 to i64
  %n2 = arith.addi %p2, %wn2 : i64
  %wr2 = arith.extui %r0 : i32 to i64
  %hr2 = arith.shli %wr2, %c32 : i64
  %sum2 = arith.addi %n2, %hr2 : i64
  %high2 = arith.shrsi %sum2, %c32 : i64
  %narrow2 = arith.trunci %high2 : i64 to i32
  %q2 = arith.shrsi %narrow2, %s0 : i32
  %z2 = arith.addi %q2, %zp : i32
  %lo2 = arith.maxsi %z2, %min : i32
  %hi2 = arith.minsi %lo2, %max : i32
  %y2 = arith.trunci %hi2 : i32 to i8
  loop.store %y2, %out[%c1, %c0] : !buffer<2x2xi8>
  %neg3 = arith.cmpi slt, %a3, %zero : i32
  %nudge3 = arith.select %neg3, %down, %up : i32
  %wa3 = arith.extsi %a3 : i32 to i64
  %wm3 = arith.extsi %m1 : i32 to i64
  %p3 = arith.muli %wa3, %wm3 : i64
  %wn3 = arith.extsi %nudge3 : i32 to i64
  %n3 = arith.addi %p3, %wn3 : i64
  %wr3 = arith.extui %r1 : i32 to i64
  %hr3 = arith.shli %wr3, %c32 : i64
  %sum3 = arith.addi %n3, %hr3 : i64
  %high3 = arith.shrsi %sum3, %c32 : i64
  %narrow3 = arith.trunci %high3 : i64 to i32
  %q3 = arith.shrsi %narrow3, %s1 : i32
  %z3 = arith.addi %q3, %zp : i32
  %lo3 = arith.maxsi %z3, %min : i32
  %hi3 = arith.minsi %lo3, %max : i32
  %y3 = arith.trunci %hi3 : i32 to i8
  loop.store %y3, %out[%c1, %c1] : !buffer<2x2xi8>
  return
}

// -----

// Left alone: the four values need 64-bit lanes no fixed-point op replaces (a 64-bit product
// shifted by 31 and truncated, the int16 kernels' requantization shape), so the group is undone
// and exactly the ops it added go again; the stores keep their scalar values, each computed
// after the previous store.
// CHECK-LABEL: func.func @wide_lanes_undone
// CHECK-NOT: vector.
// CHECK-COUNT-4: arith.muli %{{.*}} : i64
// CHECK-NOT: vector.
func.func @wide_lanes_undone(%in: !buffer<4xi32>, %out: !buffer<4xi16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c31 = arith.constant 31 : i64
  %a0 = loop.load %in[%c0] : !buffer<4xi32>
  %a1 = loop.load %in[%c1] : !buffer<4xi32>
  %a2 = loop.load %in[%c2] : !buffer<4xi32>
  %a3 = loop.load %in[%c3] : !buffer<4xi32>
  %w0 = arith.extsi %a0 : i32 to i64
  %p0 = arith.muli %w0, %w0 : i64
  %s0 = arith.shrsi %p0, %c31 : i64
  %t0 = arith.trunci %s0 : i64 to i16
  loop.store %t0, %out[%c0] : !buffer<4xi16>
  %w1 = arith.extsi %a1 : i32 to i64
  %p1 = arith.muli %w1, %w1 : i64
  %s1 = arith.shrsi %p1, %c31 : i64
  %t1 = arith.trunci %s1 : i64 to i16
  loop.store %t1, %out[%c1] : !buffer<4xi16>
  %w2 = arith.extsi %a2 : i32 to i64
  %p2 = arith.muli %w2, %w2 : i64
  %s2 = arith.shrsi %p2, %c31 : i64
  %t2 = arith.trunci %s2 : i64 to i16
  loop.store %t2, %out[%c2] : !buffer<4xi16>
  %w3 = arith.extsi %a3 : i32 to i64
  %p3 = arith.muli %w3, %w3 : i64
  %s3 = arith.shrsi %p3, %c31 : i64
  %t3 = arith.trunci %s3 : i64 to i16
  loop.store %t3, %out[%c3] : !buffer<4xi16>
  return
}
