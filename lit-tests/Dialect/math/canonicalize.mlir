// RUN: mc-opt %s --canonicalize | FileCheck %s
// Constants fold in the operand's precision, with the same results as upstream MLIR's folders.
// RUN: mlir-opt-22 %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @fold_f32(
// CHECK-DAG:     %[[ABS:.*]] = arith.constant 2.500000e+00 : f32
// CHECK-DAG:     %[[CEIL:.*]] = arith.constant -2.000000e+00 : f32
// CHECK-DAG:     %[[FLOOR:.*]] = arith.constant -3.000000e+00 : f32
// CHECK-DAG:     %[[SQRT:.*]] = arith.constant 3.000000e+00 : f32
// CHECK-DAG:     %[[EXP:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         return %[[ABS]], %[[CEIL]], %[[FLOOR]], %[[CEIL]], %[[CEIL]], %[[SQRT]], %[[EXP]], %[[ZERO]], %[[ZERO]]
func.func @fold_f32() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %a = arith.constant -2.5 : f32
  %nine = arith.constant 9.0 : f32
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %0 = math.absf %a : f32
  %1 = math.ceil %a : f32
  %2 = math.floor %a : f32
  // Away from zero versus to even.
  %3 = math.roundeven %a : f32
  %4 = math.ceil %a : f32
  %5 = math.sqrt %nine : f32
  %6 = math.exp %zero : f32
  %7 = math.log %one : f32
  %8 = math.tanh %zero : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : f32, f32, f32, f32, f32, f32, f32, f32, f32
}

// CHECK-LABEL: func.func @fold_round(
// CHECK-DAG:     %[[R:.*]] = arith.constant -3.000000e+00 : f64
// CHECK-DAG:     %[[E:.*]] = arith.constant -2.000000e+00 : f64
// CHECK:         return %[[R]], %[[E]]
func.func @fold_round() -> (f64, f64) {
  %a = arith.constant -2.5 : f64
  %0 = math.round %a : f64
  %1 = math.roundeven %a : f64
  return %0, %1 : f64, f64
}

// CHECK-LABEL: func.func @fold_absi(
// CHECK-DAG:     %[[A:.*]] = arith.constant 7 : i32
// CHECK-DAG:     %[[M:.*]] = arith.constant -128 : i8
// CHECK:         return %[[A]], %[[M]]
func.func @fold_absi() -> (i32, i8) {
  %a = arith.constant -7 : i32
  %m = arith.constant -128 : i8
  %0 = math.absi %a : i32
  %1 = math.absi %m : i8
  return %0, %1 : i32, i8
}
