// RUN: mc-opt %s --canonicalize | FileCheck %s
// Folds of the bitwise, shift and cast ops; upstream MLIR's canonicalize gives the same result.
// RUN: mlir-opt-22 %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @bitwise_constants(
// CHECK-DAG:     %[[AND:.*]] = arith.constant 8 : i32
// CHECK-DAG:     %[[OR:.*]] = arith.constant 14 : i32
// CHECK-DAG:     %[[XOR:.*]] = arith.constant 6 : i32
// CHECK-DAG:     %[[SHL:.*]] = arith.constant -2147483648 : i32
// CHECK-DAG:     %[[SHRS:.*]] = arith.constant -4 : i8
// CHECK-DAG:     %[[SHRU:.*]] = arith.constant 124 : i8
// CHECK:         return %[[AND]], %[[OR]], %[[XOR]], %[[SHL]], %[[SHRS]], %[[SHRU]]
func.func @bitwise_constants() -> (i32, i32, i32, i32, i8, i8) {
  %c12 = arith.constant 12 : i32
  %c10 = arith.constant 10 : i32
  %c1 = arith.constant 1 : i32
  %c31 = arith.constant 31 : i32
  %m8 = arith.constant -8 : i8
  %one = arith.constant 1 : i8
  %0 = arith.andi %c12, %c10 : i32
  %1 = arith.ori %c12, %c10 : i32
  %2 = arith.xori %c12, %c10 : i32
  %3 = arith.shli %c1, %c31 : i32
  %4 = arith.shrsi %m8, %one : i8
  %5 = arith.shrui %m8, %one : i8
  return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i32, i8, i8
}

// Shifting by the width or more is poison: left for run time.
// CHECK-LABEL: func.func @poison_shift(
// CHECK:         %[[S:.*]] = arith.shli %{{.*}}, %{{.*}} : i32
// CHECK:         return %[[S]]
func.func @poison_shift() -> i32 {
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %0 = arith.shli %c1, %c32 : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @bitwise_identities(
// CHECK-SAME:      %[[X:.*]]: i32)
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG:     %[[ONES:.*]] = arith.constant -1 : i32
// CHECK:         return %[[ZERO]], %[[X]], %[[X]], %[[ONES]], %[[ZERO]], %[[X]], %[[X]], %[[X]]
func.func @bitwise_identities(%x: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32) {
  %zero = arith.constant 0 : i32
  %ones = arith.constant -1 : i32
  %0 = arith.andi %x, %zero : i32
  %1 = arith.andi %x, %ones : i32
  %2 = arith.ori %x, %zero : i32
  %3 = arith.ori %x, %ones : i32
  %4 = arith.xori %x, %x : i32
  %5 = arith.shli %x, %zero : i32
  %6 = arith.shrsi %x, %zero : i32
  %7 = arith.andi %x, %x : i32
  return %0, %1, %2, %3, %4, %5, %6, %7 : i32, i32, i32, i32, i32, i32, i32, i32
}

// CHECK-LABEL: func.func @cast_constants(
// CHECK-DAG:     %[[TO_INDEX:.*]] = arith.constant -300 : index
// CHECK-DAG:     %[[TO_I8:.*]] = arith.constant -1 : i8
// CHECK-DAG:     %[[UI:.*]] = arith.constant 255 : index
// CHECK-DAG:     %[[EXT:.*]] = arith.constant 1.500000e+00 : f64
// CHECK-DAG:     %[[TRUNC:.*]] = arith.constant 2.500000e-01 : f32
// CHECK-DAG:     %[[INEXACT:.*]] = arith.constant 1.000000e-01 : f64
// CHECK-DAG:     %[[ROUNDED:.*]] = arith.truncf %[[INEXACT]] : f64 to f32
// CHECK-DAG:     %[[UITOFP:.*]] = arith.constant 2.550000e+02 : f32
// CHECK-DAG:     %[[FPTOUI:.*]] = arith.constant 3 : i8
// CHECK-DAG:     %[[NEG:.*]] = arith.constant -2.000000e+00 : f32
// CHECK:         return %[[TO_INDEX]], %[[TO_I8]], %[[UI]], %[[EXT]], %[[TRUNC]], %[[UITOFP]], %[[FPTOUI]], %[[NEG]], %[[ROUNDED]]
// Only exact narrowing folds (0.25 is exact in f32, 0.1 is not), as upstream.
func.func @cast_constants() -> (index, i8, index, f64, f32, f32, i8, f32, f32) {
  %a = arith.constant -300 : i32
  %i = arith.constant 511 : index
  %m1 = arith.constant -1 : i8
  %x = arith.constant 1.5 : f32
  %d = arith.constant 0.25 : f64
  %inexact = arith.constant 0.1 : f64
  %y = arith.constant 3.7 : f32
  %two = arith.constant 2.0 : f32
  %0 = arith.index_cast %a : i32 to index
  %1 = arith.index_cast %i : index to i8
  %2 = arith.index_castui %m1 : i8 to index
  %3 = arith.extf %x : f32 to f64
  %4 = arith.truncf %d : f64 to f32
  %5 = arith.uitofp %m1 : i8 to f32
  %6 = arith.fptoui %y : f32 to i8
  %7 = arith.negf %two : f32
  %8 = arith.truncf %inexact : f64 to f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : index, i8, index, f64, f32, f32, i8, f32, f32
}
