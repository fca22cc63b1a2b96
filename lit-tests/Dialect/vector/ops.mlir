// RUN: mc-opt %s | FileCheck %s
// RUN: mc-opt %s | mc-opt | FileCheck %s
// RUN: mc-opt %s --print-generic | mc-opt | FileCheck %s
// The vector ops in their custom forms (MLIR's where MLIR has the op) round-trip through the
// custom and the generic form.

// CHECK-LABEL: func.func @ops
// CHECK: %[[MASK:.*]] = vector.create_mask %arg1 : vector<16xi1>
// CHECK: %[[PASS:.*]] = vector.broadcast %arg2 : i8 to vector<16xi8>
// CHECK: %[[TAIL:.*]] = vector.maskedload %arg0[%c0, %c0], %[[MASK]], %[[PASS]] : !buffer<4x40xi8>, vector<16xi1>, vector<16xi8> into vector<16xi8>
// CHECK: %[[FULL:.*]] = vector.load %arg0[%c0, %c0] : !buffer<4x40xi8>, vector<16xi8>
// CHECK: %[[DOT:.*]] = vector.widening_dot %[[TAIL]], %[[FULL]], %arg3 : vector<16xi8>, vector<16xi8> into i32
// CHECK: vector.store %[[TAIL]], %arg0[%c0, %c0] : !buffer<4x40xi8>, vector<16xi8>
// CHECK: vector.maskedstore %arg0[%c0, %c0], %[[MASK]], %[[FULL]] : !buffer<4x40xi8>, vector<16xi1>, vector<16xi8>
// CHECK: return %[[DOT]] : i32
func.func @ops(%b: !buffer<4x40xi8>, %n: index, %s: i8, %acc: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %m = vector.create_mask %n : vector<16xi1>
  %p = vector.broadcast %s : i8 to vector<16xi8>
  %v = vector.maskedload %b[%c0, %c0], %m, %p : !buffer<4x40xi8>, vector<16xi1>, vector<16xi8> into vector<16xi8>
  %w = vector.load %b[%c0, %c0] : !buffer<4x40xi8>, vector<16xi8>
  %r = vector.widening_dot %v, %w, %acc : vector<16xi8>, vector<16xi8> into i32
  vector.store %v, %b[%c0, %c0] : !buffer<4x40xi8>, vector<16xi8>
  vector.maskedstore %b[%c0, %c0], %m, %w : !buffer<4x40xi8>, vector<16xi1>, vector<16xi8>
  return %r : i32
}

// Quantized elements move their storage integers; a strided buffer whose innermost stride is 1
// is contiguous along the lanes; i16 lanes accumulate into i64.
// CHECK-LABEL: func.func @storage_and_strides
// CHECK: vector.load %arg0[%c0, %c0] : !buffer<2x16x!quant.uniform<i8:f32, 5.000000e-01:-3>, strides: [32, 1], offset: 0>, vector<16xi8>
// CHECK: vector.widening_dot %{{.*}}, %{{.*}}, %arg2 : vector<8xi16>, vector<8xi16> into i64
func.func @storage_and_strides(%q: !buffer<2x16x!quant.uniform<i8:f32, 0.5:-3>, strides: [32, 1]>, %h: !buffer<8xi16>, %acc: i64) -> (vector<16xi8>, i64) {
  %c0 = arith.constant 0 : index
  %v = vector.load %q[%c0, %c0] : !buffer<2x16x!quant.uniform<i8:f32, 0.5:-3>, strides: [32, 1], offset: 0>, vector<16xi8>
  %w = vector.load %h[%c0] : !buffer<8xi16>, vector<8xi16>
  %r = vector.widening_dot %w, %w, %acc : vector<8xi16>, vector<8xi16> into i64
  return %v, %r : vector<16xi8>, i64
}

// The fixed-point ops of requantization, and arith on vectors (lane by lane, as in MLIR).
// CHECK-LABEL: func.func @fixed_point
// CHECK: %[[H:.*]] = vector.rounding_doubling_high_mul %arg0, %arg1 : vector<4xi32>
// CHECK: %[[Q:.*]] = vector.rounding_shift_right %[[H]], %arg2 : vector<4xi32>
// CHECK: %[[N:.*]] = arith.cmpi slt, %[[Q]], %arg0 : vector<4xi32>
// CHECK: arith.select %[[N]], %[[Q]], %arg0 : vector<4xi1>, vector<4xi32>
func.func @fixed_point(%x: vector<4xi32>, %m: vector<4xi32>, %r: vector<4xi32>) -> vector<4xi32> {
  %h = vector.rounding_doubling_high_mul %x, %m : vector<4xi32>
  %q = vector.rounding_shift_right %h, %r : vector<4xi32>
  %n = arith.cmpi slt, %q, %x : vector<4xi32>
  %s = arith.select %n, %q, %x : vector<4xi1>, vector<4xi32>
  return %s : vector<4xi32>
}

// As upstream: the memory ops on memrefs, n-D and scalable vectors, n-D masks and broadcasts
// of vectors.
// CHECK-LABEL: func.func @memref_nd
// CHECK: %[[M:.*]] = vector.create_mask %arg1, %arg2 : vector<4x8xi1>
// CHECK: %[[S:.*]] = vector.create_mask %arg1 : vector<[4]xi1>
// CHECK: %[[L:.*]] = vector.load %arg0[%arg1, %arg2] {nontemporal = true} : memref<200x100xf32>, vector<8xf32>
// CHECK: %[[B:.*]] = vector.broadcast %[[L]] : vector<8xf32> to vector<4x8xf32>
// CHECK: %[[ML:.*]] = vector.maskedload %arg0[%arg1, %arg2], %[[M]], %[[B]] : memref<200x100xf32>, vector<4x8xi1>, vector<4x8xf32> into vector<4x8xf32>
// CHECK: vector.maskedstore %arg0[%arg1, %arg2], %[[M]], %[[ML]] : memref<200x100xf32>, vector<4x8xi1>, vector<4x8xf32>
// CHECK: vector.store %[[ML]], %arg3[%arg1] : memref<?xvector<4x8xf32>, strided<[1], offset: ?>>, vector<4x8xf32>
func.func @memref_nd(%m: memref<200x100xf32>, %i: index, %j: index, %v: memref<?xvector<4x8xf32>, strided<[1], offset: ?>>) {
  %mask = vector.create_mask %i, %j : vector<4x8xi1>
  %scalable = vector.create_mask %i : vector<[4]xi1>
  %l = vector.load %m[%i, %j] {nontemporal = true} : memref<200x100xf32>, vector<8xf32>
  %b = vector.broadcast %l : vector<8xf32> to vector<4x8xf32>
  %ml = vector.maskedload %m[%i, %j], %mask, %b : memref<200x100xf32>, vector<4x8xi1>, vector<4x8xf32> into vector<4x8xf32>
  vector.maskedstore %m[%i, %j], %mask, %ml : memref<200x100xf32>, vector<4x8xi1>, vector<4x8xf32>
  vector.store %ml, %v[%i] : memref<?xvector<4x8xf32>, strided<[1], offset: ?>>, vector<4x8xf32>
  return
}

// Lanes gathered from scalars and taken out again (static positions, -1 for poison, or
// index operands).
// CHECK-LABEL: func.func @lanes
// CHECK: %[[V:.*]] = vector.from_elements %arg0, %arg1, %arg0, %arg1 : vector<4xi32>
// CHECK: %[[A:.*]] = vector.extract %[[V]][2] : i32 from vector<4xi32>
// CHECK: %[[M:.*]] = vector.from_elements %arg0, %arg1 : vector<1x2xi32>
// CHECK: %[[R:.*]] = vector.extract %[[M]][0] : vector<2xi32> from vector<1x2xi32>
// CHECK: %[[P:.*]] = vector.extract %[[M]][-1, 1] : i32 from vector<1x2xi32>
// CHECK: %[[D:.*]] = vector.extract %[[M]][%arg2, 1] : i32 from vector<1x2xi32>
// CHECK: return %[[A]], %[[R]], %[[P]], %[[D]] : i32, vector<2xi32>, i32, i32
func.func @lanes(%a: i32, %b: i32, %i: index) -> (i32, vector<2xi32>, i32, i32) {
  %v = vector.from_elements %a, %b, %a, %b : vector<4xi32>
  %x = vector.extract %v[2] : i32 from vector<4xi32>
  %m = vector.from_elements %a, %b : vector<1x2xi32>
  %r = vector.extract %m[0] : vector<2xi32> from vector<1x2xi32>
  %p = vector.extract %m[-1, 1] : i32 from vector<1x2xi32>
  %d = vector.extract %m[%i, 1] : i32 from vector<1x2xi32>
  return %x, %r, %p, %d : i32, vector<2xi32>, i32, i32
}
