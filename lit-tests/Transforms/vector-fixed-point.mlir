// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vector-fixed-point,canonicalize))' | FileCheck %s
// TFLite's requantization on i32 vectors, written with 64-bit lanes, becomes the vector
// dialect's fixed-point ops: SaturatingRoundingDoublingHighMul one
// vector.rounding_doubling_high_mul; the merged MultiplyByQuantizedMultiplier (rounding
// 2^(shift-1) in every lane) that op, then a rounding shift by shift + 1 of h + (h >> 31).
// Sequences whose rounding is not 2^(shift-1), or not known to be, stay.

buffer.global @rounding {role = "constant"} : !buffer<4xi32> = dense<[1, 2, 4, 536870912]> : tensor<4xi32>
buffer.global @shift {role = "constant"} : !buffer<4xi32> = dense<[1, 2, 3, 30]> : tensor<4xi32>
buffer.global @bad_rounding {role = "constant"} : !buffer<4xi32> = dense<[1, 2, 5, 536870912]> : tensor<4xi32>

// Per-lane tables read at the same position.
// CHECK-LABEL: func.func @merged_tables
// CHECK-SAME: (%[[X:.*]]: vector<4xi32>, %[[M:.*]]: vector<4xi32>, %[[I:.*]]: index)
// CHECK-DAG: %[[C31:.*]] = arith.constant 31 : i32
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i32
// CHECK: vector.load %{{.*}}[%[[I]]] : !buffer<4xi32>, vector<4xi32>
// CHECK: %[[S:.*]] = vector.load %{{.*}}[%[[I]]] : !buffer<4xi32>, vector<4xi32>
// CHECK: %[[H:.*]] = vector.rounding_doubling_high_mul %[[X]], %[[M]] : vector<4xi32>
// CHECK-DAG: %[[B31:.*]] = vector.broadcast %[[C31]] : i32 to vector<4xi32>
// CHECK-DAG: %[[B1:.*]] = vector.broadcast %[[C1]] : i32 to vector<4xi32>
// CHECK: %[[SIGN:.*]] = arith.shrsi %[[H]], %[[B31]] : vector<4xi32>
// CHECK: %[[T:.*]] = arith.addi %[[H]], %[[SIGN]] : vector<4xi32>
// CHECK: %[[R:.*]] = arith.addi %[[S]], %[[B1]] : vector<4xi32>
// CHECK: %[[Q:.*]] = vector.rounding_shift_right %[[T]], %[[R]] : vector<4xi32>
// CHECK: return %[[Q]] : vector<4xi32>
// CHECK-NOT: vector<4xi64>
func.func @merged_tables(%x: vector<4xi32>, %m: vector<4xi32>, %i: index) -> vector<4xi32> {
  %rt = buffer.get_global @rounding : !buffer<4xi32>
  %st = buffer.get_global @shift : !buffer<4xi32>
  %rounding = vector.load %rt[%i] : !buffer<4xi32>, vector<4xi32>
  %shift = vector.load %st[%i] : !buffer<4xi32>, vector<4xi32>
  %c0 = arith.constant 0 : i32
  %zero = vector.broadcast %c0 : i32 to vector<4xi32>
  %negative = arith.cmpi slt, %x, %zero : vector<4xi32>
  %cd = arith.constant -1073741824 : i32
  %cu = arith.constant 1073741824 : i32
  %down = vector.broadcast %cd : i32 to vector<4xi32>
  %up = vector.broadcast %cu : i32 to vector<4xi32>
  %nudge = arith.select %negative, %down, %up : vector<4xi1>, vector<4xi32>
  %wx = arith.extsi %x : vector<4xi32> to vector<4xi64>
  %wm = arith.extsi %m : vector<4xi32> to vector<4xi64>
  %product = arith.muli %wx, %wm : vector<4xi64>
  %wn = arith.extsi %nudge : vector<4xi32> to vector<4xi64>
  %nudged = arith.addi %product, %wn : vector<4xi64>
  %c32 = arith.constant 32 : i64
  %b32 = vector.broadcast %c32 : i64 to vector<4xi64>
  %wr = arith.extui %rounding : vector<4xi32> to vector<4xi64>
  %hr = arith.shli %wr, %b32 : vector<4xi64>
  %sum = arith.addi %nudged, %hr : vector<4xi64>
  %high = arith.shrsi %sum, %b32 : vector<4xi64>
  %narrow = arith.trunci %high : vector<4xi64> to vector<4xi32>
  %q = arith.shrsi %narrow, %shift : vector<4xi32>
  return %q : vector<4xi32>
}

// -----

// Broadcast constants: rounding 8 = 2^(4-1).
// CHECK-LABEL: func.func @merged_constants
// CHECK: vector.rounding_doubling_high_mul
// CHECK: vector.rounding_shift_right
// CHECK-NOT: vector<4xi64>
func.func @merged_constants(%x: vector<4xi32>, %m: vector<4xi32>) -> vector<4xi32> {
  %c8 = arith.constant 8 : i32
  %c4 = arith.constant 4 : i32
  %rounding = vector.broadcast %c8 : i32 to vector<4xi32>
  %shift = vector.broadcast %c4 : i32 to vector<4xi32>
  %c0 = arith.constant 0 : i32
  %zero = vector.broadcast %c0 : i32 to vector<4xi32>
  %negative = arith.cmpi slt, %x, %zero : vector<4xi32>
  %cd = arith.constant -1073741824 : i32
  %cu = arith.constant 1073741824 : i32
  %down = vector.broadcast %cd : i32 to vector<4xi32>
  %up = vector.broadcast %cu : i32 to vector<4xi32>
  %nudge = arith.select %negative, %down, %up : vector<4xi1>, vector<4xi32>
  %wx = arith.extsi %x : vector<4xi32> to vector<4xi64>
  %wm = arith.extsi %m : vector<4xi32> to vector<4xi64>
  %product = arith.muli %wx, %wm : vector<4xi64>
  %wn = arith.extsi %nudge : vector<4xi32> to vector<4xi64>
  %nudged = arith.addi %product, %wn : vector<4xi64>
  %c32 = arith.constant 32 : i64
  %b32 = vector.broadcast %c32 : i64 to vector<4xi64>
  %wr = arith.extui %rounding : vector<4xi32> to vector<4xi64>
  %hr = arith.shli %wr, %b32 : vector<4xi64>
  %sum = arith.addi %nudged, %hr : vector<4xi64>
  %high = arith.shrsi %sum, %b32 : vector<4xi64>
  %narrow = arith.trunci %high : vector<4xi64> to vector<4xi32>
  %q = arith.shrsi %narrow, %shift : vector<4xi32>
  return %q : vector<4xi32>
}

// -----

buffer.global @rounding {role = "constant"} : !buffer<4xi32> = dense<[1, 2, 4, 536870912]> : tensor<4xi32>
buffer.global @shift {role = "constant"} : !buffer<4xi32> = dense<[1, 2, 3, 30]> : tensor<4xi32>
buffer.global @bad_rounding {role = "constant"} : !buffer<4xi32> = dense<[1, 2, 5, 536870912]> : tensor<4xi32>

// Not rewritten: a rounding table entry that is no 2^(shift-1), tables read at different
// positions, a run-time rounding, and a masked load (whose pass-through lanes hold no entry).
// CHECK-LABEL: func.func @kept
// CHECK-NOT: vector.rounding
// CHECK: return
func.func @kept(%x: vector<4xi32>, %m: vector<4xi32>, %i: index, %j: index, %dynamic: vector<4xi32>, %mask: vector<4xi1>) -> (vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xi32>) {
  %bt = buffer.get_global @bad_rounding : !buffer<4xi32>
  %rt = buffer.get_global @rounding : !buffer<4xi32>
  %st = buffer.get_global @shift : !buffer<4xi32>
  %bad = vector.load %bt[%i] : !buffer<4xi32>, vector<4xi32>
  %shift = vector.load %st[%i] : !buffer<4xi32>, vector<4xi32>
  %elsewhere = vector.load %rt[%j] : !buffer<4xi32>, vector<4xi32>
  %c0_i32 = arith.constant 0 : i32
  %pass = vector.broadcast %c0_i32 : i32 to vector<4xi32>
  %masked_r = vector.maskedload %rt[%i], %mask, %pass : !buffer<4xi32>, vector<4xi1>, vector<4xi32> into vector<4xi32>
  %masked_s = vector.maskedload %st[%i], %mask, %pass : !buffer<4xi32>, vector<4xi1>, vector<4xi32> into vector<4xi32>
  %q1 = func.call @part(%x, %m, %bad, %shift) : (vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xi32>) -> vector<4xi32>
  %q2 = func.call @part(%x, %m, %elsewhere, %shift) : (vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xi32>) -> vector<4xi32>
  %q3 = func.call @part(%x, %m, %dynamic, %shift) : (vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xi32>) -> vector<4xi32>
  %q4 = func.call @part(%x, %m, %masked_r, %masked_s) : (vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xi32>) -> vector<4xi32>
  return %q1, %q2, %q3, %q4 : vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xi32>
}

// The sequence, on operands the pass cannot see through a call.
func.func private @part(%x: vector<4xi32>, %m: vector<4xi32>, %rounding: vector<4xi32>, %shift: vector<4xi32>) -> vector<4xi32> {
  %c0 = arith.constant 0 : i32
  %zero = vector.broadcast %c0 : i32 to vector<4xi32>
  %negative = arith.cmpi slt, %x, %zero : vector<4xi32>
  %cd = arith.constant -1073741824 : i32
  %cu = arith.constant 1073741824 : i32
  %down = vector.broadcast %cd : i32 to vector<4xi32>
  %up = vector.broadcast %cu : i32 to vector<4xi32>
  %nudge = arith.select %negative, %down, %up : vector<4xi1>, vector<4xi32>
  %wx = arith.extsi %x : vector<4xi32> to vector<4xi64>
  %wm = arith.extsi %m : vector<4xi32> to vector<4xi64>
  %product = arith.muli %wx, %wm : vector<4xi64>
  %wn = arith.extsi %nudge : vector<4xi32> to vector<4xi64>
  %nudged = arith.addi %product, %wn : vector<4xi64>
  %c32 = arith.constant 32 : i64
  %b32 = vector.broadcast %c32 : i64 to vector<4xi64>
  %wr = arith.extui %rounding : vector<4xi32> to vector<4xi64>
  %hr = arith.shli %wr, %b32 : vector<4xi64>
  %sum = arith.addi %nudged, %hr : vector<4xi64>
  %high = arith.shrsi %sum, %b32 : vector<4xi64>
  %narrow = arith.trunci %high : vector<4xi64> to vector<4xi32>
  %q = arith.shrsi %narrow, %shift : vector<4xi32>
  return %q : vector<4xi32>
}

// -----

// SaturatingRoundingDoublingHighMul on its own (the general MultiplyByQuantizedMultiplier).
// CHECK-LABEL: func.func @high_mul
// CHECK-SAME: (%[[A:.*]]: vector<4xi32>, %[[B:.*]]: vector<4xi32>)
// CHECK-NEXT: %[[H:.*]] = vector.rounding_doubling_high_mul %[[A]], %[[B]] : vector<4xi32>
// CHECK-NEXT: return %[[H]] : vector<4xi32>
func.func @high_mul(%a: vector<4xi32>, %b: vector<4xi32>) -> vector<4xi32> {
  %wa = arith.extsi %a : vector<4xi32> to vector<4xi64>
  %wb = arith.extsi %b : vector<4xi32> to vector<4xi64>
  %product = arith.muli %wa, %wb : vector<4xi64>
  %cn = arith.constant 1073741824 : i64
  %nudge = vector.broadcast %cn : i64 to vector<4xi64>
  %nudged = arith.addi %product, %nudge : vector<4xi64>
  %c31 = arith.constant 31 : i64
  %b31 = vector.broadcast %c31 : i64 to vector<4xi64>
  %high = arith.shrsi %nudged, %b31 : vector<4xi64>
  %cmax = arith.constant 2147483647 : i64
  %max = vector.broadcast %cmax : i64 to vector<4xi64>
  %saturated = arith.minsi %high, %max : vector<4xi64>
  %h = arith.trunci %saturated : vector<4xi64> to vector<4xi32>
  return %h : vector<4xi32>
}
