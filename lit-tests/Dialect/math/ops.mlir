// RUN: mc-opt %s | FileCheck %s
// Printing is stable, in the custom and in the generic form, and both read back to the same IR.
// RUN: mc-opt %s > %t.1.mlir && mc-opt %t.1.mlir > %t.2.mlir && diff %t.1.mlir %t.2.mlir
// RUN: mc-opt --print-generic %s > %t.g1.mlir && mc-opt --print-generic %t.g1.mlir > %t.g2.mlir && diff %t.g1.mlir %t.g2.mlir
// RUN: mc-opt --print-generic %s | mc-opt | FileCheck %s
// RUN: mc-opt --print-generic %s | FileCheck %s --check-prefix=GENERIC
// Upstream MLIR prints this input the same way, byte for byte, and reads mc's custom form.
// RUN: mlir-opt-22 %s | FileCheck %s
// RUN: mc-opt %s | mlir-opt-22 | FileCheck %s
// RUN: mlir-opt-22 %t.1.mlir | diff -I '^$' %t.1.mlir -
// RUN: mlir-opt-22 %t.g1.mlir --mlir-print-op-generic | mc-opt | FileCheck %s

// CHECK-LABEL: func.func @float_unary(
// CHECK-SAME:      %[[X:.*]]: f32, %[[D:.*]]: f64, %[[T:.*]]: tensor<4xf32>) {
// CHECK-NEXT:    %{{.*}} = math.absf %[[X]] : f32
// CHECK-NEXT:    %{{.*}} = math.ceil %[[X]] : f32
// CHECK-NEXT:    %{{.*}} = math.floor %[[X]] : f32
// CHECK-NEXT:    %{{.*}} = math.round %[[X]] : f32
// CHECK-NEXT:    %{{.*}} = math.roundeven %[[X]] : f32
// CHECK-NEXT:    %{{.*}} = math.exp %[[X]] : f32
// CHECK-NEXT:    %{{.*}} = math.log %[[D]] : f64
// CHECK-NEXT:    %{{.*}} = math.sqrt %[[X]] : f32
// CHECK-NEXT:    %{{.*}} = math.rsqrt %[[X]] : f32
// CHECK-NEXT:    %{{.*}} = math.tanh %[[T]] : tensor<4xf32>
// CHECK-NEXT:    %{{.*}} = math.exp %[[X]] fastmath<fast> : f32
// CHECK-NEXT:    %{{.*}} = math.expm1 %[[X]] : f32
// CHECK-NEXT:    return
// GENERIC-LABEL: sym_name = "float_unary"
// GENERIC-NEXT:  ^bb0(%[[X:.*]]: f32, %{{.*}}: f64, %{{.*}}: tensor<4xf32>):
// GENERIC-NEXT:    %{{.*}} = "math.absf"(%[[X]]) : (f32) -> f32
// GENERIC:         %{{.*}} = "math.exp"(%[[X]]) <{fastmath = #arith.fastmath<fast>}> : (f32) -> f32
func.func @float_unary(%x: f32, %d: f64, %t: tensor<4xf32>) {
  %0 = math.absf %x : f32
  %1 = math.ceil %x : f32
  %2 = math.floor %x : f32
  %3 = math.round %x : f32
  %4 = math.roundeven %x : f32
  %5 = math.exp %x : f32
  %6 = math.log %d : f64
  %7 = math.sqrt %x : f32
  %8 = math.rsqrt %x : f32
  %9 = math.tanh %t : tensor<4xf32>
  %10 = math.exp %x fastmath<fast> : f32
  %11 = math.expm1 %x : f32
  return
}

// CHECK-LABEL: func.func @integer_abs(
// CHECK-SAME:      %[[A:.*]]: i32, %[[I:.*]]: index) {
// CHECK-NEXT:    %{{.*}} = math.absi %[[A]] : i32
// CHECK-NEXT:    %{{.*}} = math.absi %[[I]] : index
func.func @integer_abs(%a: i32, %i: index) {
  %0 = math.absi %a : i32
  %1 = math.absi %i : index
  return
}
