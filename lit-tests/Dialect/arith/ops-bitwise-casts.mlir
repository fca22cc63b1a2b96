// RUN: mc-opt %s | FileCheck %s
// The bitwise, shift, index-cast and float-resize ops kernels use, in MLIR's custom syntax.
// Printing is stable, in the custom and in the generic form; both read back to the same IR.
// RUN: mc-opt %s > %t.1.mlir && mc-opt %t.1.mlir > %t.2.mlir && diff %t.1.mlir %t.2.mlir
// RUN: mc-opt --print-generic %s > %t.g1.mlir && mc-opt --print-generic %t.g1.mlir > %t.g2.mlir && diff %t.g1.mlir %t.g2.mlir
// RUN: mc-opt --print-generic %s | mc-opt | FileCheck %s
// RUN: mc-opt --print-generic %s | FileCheck %s --check-prefix=GENERIC
// Upstream MLIR prints this input the same way, byte for byte, and reads mc's forms.
// RUN: mlir-opt-22 %s | FileCheck %s
// RUN: mc-opt %s | mlir-opt-22 | FileCheck %s
// RUN: mlir-opt-22 %t.1.mlir | diff -I '^$' %t.1.mlir -
// RUN: mlir-opt-22 %t.g1.mlir --mlir-print-op-generic | mc-opt | FileCheck %s

// CHECK-LABEL: func.func @bitwise(
// CHECK-SAME:      %[[A:.*]]: i32, %[[B:.*]]: i32, %[[I:.*]]: index, %[[T:.*]]: tensor<4xi8>) {
// CHECK-NEXT:    %{{.*}} = arith.andi %[[A]], %[[B]] : i32
// CHECK-NEXT:    %{{.*}} = arith.ori %[[A]], %[[B]] : i32
// CHECK-NEXT:    %{{.*}} = arith.xori %[[A]], %[[B]] : i32
// CHECK-NEXT:    %{{.*}} = arith.shli %[[A]], %[[B]] : i32
// CHECK-NEXT:    %{{.*}} = arith.shli %[[A]], %[[B]] overflow<nsw> : i32
// CHECK-NEXT:    %{{.*}} = arith.shrsi %[[A]], %[[B]] : i32
// CHECK-NEXT:    %{{.*}} = arith.shrui %[[I]], %[[I]] : index
// CHECK-NEXT:    %{{.*}} = arith.andi %[[T]], %[[T]] : tensor<4xi8>
// CHECK-NEXT:    return
// GENERIC-LABEL: sym_name = "bitwise"
// GENERIC-NEXT:  ^bb0(%[[A:.*]]: i32, %[[B:.*]]: i32, %{{.*}}: index, %{{.*}}: tensor<4xi8>):
// GENERIC-NEXT:    %{{.*}} = "arith.andi"(%[[A]], %[[B]]) : (i32, i32) -> i32
// GENERIC:         %{{.*}} = "arith.shli"(%[[A]], %[[B]]) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
func.func @bitwise(%a: i32, %b: i32, %i: index, %t: tensor<4xi8>) {
  %0 = arith.andi %a, %b : i32
  %1 = arith.ori %a, %b : i32
  %2 = arith.xori %a, %b : i32
  %3 = arith.shli %a, %b : i32
  %4 = arith.shli %a, %b overflow<nsw> : i32
  %5 = arith.shrsi %a, %b : i32
  %6 = arith.shrui %i, %i : index
  %7 = arith.andi %t, %t : tensor<4xi8>
  return
}

// CHECK-LABEL: func.func @casts(
// CHECK-SAME:      %[[A:.*]]: i32, %[[I:.*]]: index, %[[X:.*]]: f32, %[[D:.*]]: f64) {
// CHECK-NEXT:    %{{.*}} = arith.index_cast %[[A]] : i32 to index
// CHECK-NEXT:    %{{.*}} = arith.index_cast %[[I]] : index to i8
// CHECK-NEXT:    %{{.*}} = arith.index_castui %[[I]] : index to i64
// CHECK-NEXT:    %{{.*}} = arith.extf %[[X]] : f32 to f64
// CHECK-NEXT:    %{{.*}} = arith.truncf %[[D]] : f64 to f32
// CHECK-NEXT:    %{{.*}} = arith.extf %[[X]] fastmath<fast> : f32 to f64
// CHECK-NEXT:    %{{.*}} = arith.uitofp %[[A]] : i32 to f32
// CHECK-NEXT:    %{{.*}} = arith.fptoui %[[X]] : f32 to i8
// CHECK-NEXT:    %{{.*}} = arith.negf %[[X]] : f32
// CHECK-NEXT:    %{{.*}} = arith.negf %[[D]] fastmath<nnan> : f64
// CHECK-NEXT:    return
// GENERIC-LABEL: sym_name = "casts"
// GENERIC:         %{{.*}} = "arith.index_cast"(%{{.*}}) : (i32) -> index
func.func @casts(%a: i32, %i: index, %x: f32, %d: f64) {
  %0 = arith.index_cast %a : i32 to index
  %1 = arith.index_cast %i : index to i8
  %2 = arith.index_castui %i : index to i64
  %3 = arith.extf %x : f32 to f64
  %4 = arith.truncf %d : f64 to f32
  %5 = arith.extf %x fastmath<fast> : f32 to f64
  %6 = arith.uitofp %a : i32 to f32
  %7 = arith.fptoui %x : f32 to i8
  %8 = arith.negf %x : f32
  %9 = arith.negf %d fastmath<nnan> : f64
  return
}
