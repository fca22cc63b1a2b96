// extract, insert, shuffle, transpose and reduction in upstream's custom and generic forms: mc
// prints what mlir-opt-22 prints, and each reads the other's output.
// RUN: mc-opt %s | FileCheck %s
// RUN: mc-opt %s | mc-opt | FileCheck %s
// RUN: mlir-opt-22 %s | FileCheck %s
// RUN: mc-opt %s | mlir-opt-22 | FileCheck %s
// RUN: mc-opt --print-generic %s | mc-opt | FileCheck %s
// RUN: mlir-opt-22 --mlir-print-op-generic %s | mc-opt | FileCheck %s

// CHECK-LABEL: func.func @ops(
// CHECK-NEXT: %0 = vector.extract %arg0[1, %arg2] : f32 from vector<2x3xf32>
// CHECK-NEXT: %1 = vector.extract %arg0[0] : vector<3xf32> from vector<2x3xf32>
// CHECK-NEXT: %2 = vector.extract %arg0[-1, 2] : f32 from vector<2x3xf32>
// CHECK-NEXT: %3 = vector.insert %arg1, %arg0 [1, 2] : f32 into vector<2x3xf32>
// CHECK-NEXT: %4 = vector.insert %1, %arg0 [%arg2] : vector<3xf32> into vector<2x3xf32>
// CHECK-NEXT: %5 = vector.transpose %arg0, [1, 0] : vector<2x3xf32> to vector<3x2xf32>
// CHECK-NEXT: %6 = vector.shuffle %arg3, %arg4 [0, 7, -1, 2, 4] : vector<4xf32>, vector<4xf32>
// CHECK-NEXT: %7 = vector.reduction <add>, %arg3 : vector<4xf32> into f32
// CHECK-NEXT: %8 = vector.reduction <maxsi>, %arg5, %arg6 : vector<8xi32> into i32
// CHECK-NEXT: %9 = vector.reduction <add>, %arg3 fastmath<fast> : vector<4xf32> into f32
// CHECK-NEXT: %10 = vector.reduction <mul>, %arg7, %arg1 fastmath<nnan,ninf> : vector<[4]xf32> into f32
// CHECK-NEXT: %11 = vector.shuffle %arg0, %arg0 [3, 0] : vector<2x3xf32>, vector<2x3xf32>
// CHECK-NEXT: %12 = vector.shuffle %arg8, %arg8 [0, 1] : vector<f32>, vector<f32>
// CHECK-NEXT: %13 = vector.extract %arg0[] : vector<2x3xf32> from vector<2x3xf32>
// CHECK-NEXT: %14 = vector.extract %arg8[] : f32 from vector<f32>
// CHECK-NEXT: %15 = vector.insert %arg1, %arg8 [] : f32 into vector<f32>
// CHECK-NEXT: %16 = vector.reduction <minimumf>, %arg8 : vector<f32> into f32
// CHECK-NEXT: %17 = vector.extract %arg0[0] {foo} : vector<3xf32> from vector<2x3xf32>
func.func @ops(%v: vector<2x3xf32>, %f: f32, %i: index, %a: vector<4xf32>, %b: vector<4xf32>, %w: vector<8xi32>, %acc: i32, %s: vector<[4]xf32>, %z: vector<f32>) -> f32 {
  %0 = vector.extract %v[1, %i] : f32 from vector<2x3xf32>
  %1 = vector.extract %v[0] : vector<3xf32> from vector<2x3xf32>
  %2 = vector.extract %v[-1, 2] : f32 from vector<2x3xf32>
  %3 = vector.insert %f, %v[1, 2] : f32 into vector<2x3xf32>
  %4 = vector.insert %1, %v[%i] : vector<3xf32> into vector<2x3xf32>
  %5 = vector.transpose %v, [1, 0] : vector<2x3xf32> to vector<3x2xf32>
  %6 = vector.shuffle %a, %b [0, 7, -1, 2, 4] : vector<4xf32>, vector<4xf32>
  %7 = vector.reduction <add>, %a : vector<4xf32> into f32
  %8 = vector.reduction <maxsi>, %w, %acc : vector<8xi32> into i32
  %9 = vector.reduction <add>, %a fastmath<fast> : vector<4xf32> into f32
  %10 = vector.reduction <mul>, %s, %f fastmath<nnan,ninf> : vector<[4]xf32> into f32
  %11 = vector.shuffle %v, %v [3, 0] : vector<2x3xf32>, vector<2x3xf32>
  %12 = vector.shuffle %z, %z [0, 1] : vector<f32>, vector<f32>
  %13 = vector.extract %v[] : vector<2x3xf32> from vector<2x3xf32>
  %14 = vector.extract %z[] : f32 from vector<f32>
  %15 = vector.insert %f, %z[] : f32 into vector<f32>
  %16 = vector.reduction <minimumf>, %z : vector<f32> into f32
  %17 = vector.extract %v[0] {foo} : vector<3xf32> from vector<2x3xf32>
  return %0 : f32
}
