// shape_cast, bitcast, fma and constant_mask in upstream's custom and generic forms: mc prints
// what mlir-opt-22 prints, and each reads the other's output.
// RUN: mc-opt %s | FileCheck %s
// RUN: mc-opt %s | mc-opt | FileCheck %s
// RUN: mlir-opt-22 %s | FileCheck %s
// RUN: mc-opt %s | mlir-opt-22 | FileCheck %s
// RUN: mc-opt --print-generic %s | mc-opt | FileCheck %s
// RUN: mlir-opt-22 --mlir-print-op-generic %s | mc-opt | FileCheck %s

// CHECK-LABEL: func.func @ops2(
// CHECK-NEXT: %0 = vector.shape_cast %arg0 : vector<4x2xf32> to vector<8xf32>
// CHECK-NEXT: %1 = vector.shape_cast %arg2 : vector<4x[2]xf32> to vector<[8]xf32>
// CHECK-NEXT: %2 = vector.shape_cast %arg3 : vector<f32> to vector<1xf32>
// CHECK-NEXT: %3 = vector.bitcast %arg0 : vector<4x2xf32> to vector<4x4xi16>
// CHECK-NEXT: %4 = vector.bitcast %arg3 : vector<f32> to vector<i32>
// CHECK-NEXT: %5 = vector.bitcast %arg4 : vector<2xindex> to vector<4xi32>
// CHECK-NEXT: %6 = vector.fma %arg1, %arg1, %arg1 : vector<8xf32>
// CHECK-NEXT: %7 = vector.constant_mask [3, 2] : vector<4x3xi1>
// CHECK-NEXT: %8 = vector.constant_mask [0, 0] : vector<4x[3]xi1>
// CHECK-NEXT: %9 = vector.constant_mask [1] : vector<i1>
// CHECK-NEXT: %10 = vector.constant_mask [2, 3] {foo} : vector<4x[3]xi1>
func.func @ops2(%v: vector<4x2xf32>, %a: vector<8xf32>, %s: vector<4x[2]xf32>, %z: vector<f32>, %i: vector<2xindex>) {
  %0 = vector.shape_cast %v : vector<4x2xf32> to vector<8xf32>
  %1 = vector.shape_cast %s : vector<4x[2]xf32> to vector<[8]xf32>
  %2 = vector.shape_cast %z : vector<f32> to vector<1xf32>
  %3 = vector.bitcast %v : vector<4x2xf32> to vector<4x4xi16>
  %4 = vector.bitcast %z : vector<f32> to vector<i32>
  %5 = vector.bitcast %i : vector<2xindex> to vector<4xi32>
  %6 = vector.fma %a, %a, %a : vector<8xf32>
  %7 = vector.constant_mask [3, 2] : vector<4x3xi1>
  %8 = vector.constant_mask [0, 0] : vector<4x[3]xi1>
  %9 = vector.constant_mask [1] : vector<i1>
  %10 = vector.constant_mask [2, 3] {foo} : vector<4x[3]xi1>
  return
}
