// mc-translate --export-mlir of the vector dialect: load, maskedload, store, maskedstore, broadcast,
// create_mask, from_elements and extract are upstream's ops of the same names and operands; widening_dot becomes
// arith.extsi + arith.muli + vector.reduction <add> into the accumulator. Verified by MLIR and
// read back by upstream mlir-opt.

// RUN: mc-translate --export-mlir %s | mlir-opt-22 | FileCheck %s

// CHECK-LABEL: func.func @dot(%arg0: memref<2x40xi8>, %arg1: index, %arg2: i8, %arg3: i32) -> i32
// CHECK: %[[X:.*]] = vector.load %arg0[%{{.*}}, %{{.*}}] : memref<2x40xi8>, vector<16xi8>
// CHECK: %[[M:.*]] = vector.create_mask %arg1 : vector<16xi1>
// CHECK: %[[P:.*]] = vector.broadcast %arg2 : i8 to vector<16xi8>
// CHECK: %[[T:.*]] = vector.maskedload %arg0[%{{.*}}, %{{.*}}], %[[M]], %[[P]] : memref<2x40xi8>, vector<16xi1>, vector<16xi8> into vector<16xi8>
// CHECK: %[[WX:.*]] = arith.extsi %[[X]] : vector<16xi8> to vector<16xi32>
// CHECK: %[[WT:.*]] = arith.extsi %[[T]] : vector<16xi8> to vector<16xi32>
// CHECK: %[[PR:.*]] = arith.muli %[[WX]], %[[WT]] : vector<16xi32>
// CHECK: %[[R:.*]] = vector.reduction <add>, %[[PR]], %arg3 : vector<16xi32> into i32
// CHECK: vector.store %[[T]], %arg0[%{{.*}}, %{{.*}}] : memref<2x40xi8>, vector<16xi8>
// CHECK: vector.maskedstore %arg0[%{{.*}}, %{{.*}}], %[[M]], %[[X]] : memref<2x40xi8>, vector<16xi1>, vector<16xi8>
// CHECK: return %[[R]] : i32
func.func @dot(%b: !buffer<2x40xi8>, %n: index, %s: i8, %acc: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %x = vector.load %b[%c1, %c16] : !buffer<2x40xi8>, vector<16xi8>
  %m = vector.create_mask %n : vector<16xi1>
  %p = vector.broadcast %s : i8 to vector<16xi8>
  %t = vector.maskedload %b[%c0, %c16], %m, %p : !buffer<2x40xi8>, vector<16xi1>, vector<16xi8> into vector<16xi8>
  %r = vector.widening_dot %x, %t, %acc : vector<16xi8>, vector<16xi8> into i32
  vector.store %t, %b[%c1, %c0] : !buffer<2x40xi8>, vector<16xi8>
  vector.maskedstore %b[%c0, %c0], %m, %x : !buffer<2x40xi8>, vector<16xi1>, vector<16xi8>
  return %r : i32
}

// from_elements and extract are upstream's ops (extract's static position a property).
// CHECK-LABEL: func.func @lanes(%arg0: i32, %arg1: i32) -> i32
// CHECK: %[[V:.*]] = vector.from_elements %arg0, %arg1, %arg1, %arg0 : vector<4xi32>
// CHECK: %[[X:.*]] = vector.extract %[[V]][3] : i32 from vector<4xi32>
// CHECK: return %[[X]] : i32
func.func @lanes(%a: i32, %b: i32) -> i32 {
  %v = vector.from_elements %a, %b, %b, %a : vector<4xi32>
  %x = vector.extract %v[3] : i32 from vector<4xi32>
  return %x : i32
}
