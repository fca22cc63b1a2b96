// RUN: mc-opt %s --pass-pipeline='builtin.module(func.func(vectorize-channels{lanes=8},canonicalize))' | FileCheck %s
// With `lanes=8` (256-bit vectors: the host's LLVM engine with AVX2) a channel loop takes eight
// channels per step, one i32 lane each: 20 channels are two full steps and a masked step of 4.

// CHECK-LABEL: func.func @twenty_channels
// CHECK-SAME: (%[[X:.*]]: !buffer<3x20xi8>, %[[W:.*]]: !buffer<3x20xi8>, %[[Y:.*]]: !buffer<20xi8>)
// CHECK: loop.for %[[V:.*]] = %c0 to %c16 step %c8 {
// CHECK: %[[ZERO:.*]] = vector.broadcast %{{.*}} : i32 to vector<8xi32>
// CHECK: loop.for %[[T:.*]] = %c0 to %c3 step %c1 iter_args(%{{.*}} = %[[ZERO]]) -> (vector<8xi32>) {
// CHECK: vector.load %[[X]][%[[T]], %[[V]]] : !buffer<3x20xi8>, vector<8xi8>
// CHECK: vector.load %[[W]][%[[T]], %[[V]]] : !buffer<3x20xi8>, vector<8xi8>
// CHECK: arith.muli %{{.*}}, %{{.*}} : vector<8xi32>
// CHECK: vector.store %{{.*}}, %[[Y]][%[[V]]] : !buffer<20xi8>, vector<8xi8>
// CHECK: %[[MASK:.*]] = vector.create_mask %c4 : vector<8xi1>
// CHECK: vector.maskedstore %[[Y]][%c16], %[[MASK]], %{{.*}} : !buffer<20xi8>, vector<8xi1>, vector<8xi8>
// CHECK: return
func.func @twenty_channels(%x: !buffer<3x20xi8>, %w: !buffer<3x20xi8>, %y: !buffer<20xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c20 = arith.constant 20 : index
  %zero = arith.constant 0 : i32
  %lo = arith.constant -128 : i32
  %hi = arith.constant 127 : i32
  loop.for %c = %c0 to %c20 step %c1 {
    %sum = loop.for %t = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> (i32) {
      %xv = loop.load %x[%t, %c] : !buffer<3x20xi8>
      %wv = loop.load %w[%t, %c] : !buffer<3x20xi8>
      %x32 = arith.extsi %xv : i8 to i32
      %w32 = arith.extsi %wv : i8 to i32
      %prod = arith.muli %x32, %w32 : i32
      %next = arith.addi %acc, %prod : i32
      loop.yield %next : i32
    }
    %low = arith.maxsi %sum, %lo : i32
    %clamped = arith.minsi %low, %hi : i32
    %out = arith.trunci %clamped : i32 to i8
    loop.store %out, %y[%c] : !buffer<20xi8>
  }
  return
}

// Seven channels, fewer than a step of 8: the loop stays scalar.
// CHECK-LABEL: func.func @seven_channels
// CHECK-NOT: vector.
// CHECK: return
func.func @seven_channels(%x: !buffer<7xi8>, %y: !buffer<7xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  loop.for %c = %c0 to %c7 step %c1 {
    %xv = loop.load %x[%c] : !buffer<7xi8>
    loop.store %xv, %y[%c] : !buffer<7xi8>
  }
  return
}
