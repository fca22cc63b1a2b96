// math.trunc, exp2, log2, log10, log1p, tan, atan, asin, acos, sinh and cosh: their custom form,
// and their folders, which fold f32 and f64 constants only and leave logarithms of negative
// values (log1p below -1) unfolded, as upstream's do.
// RUN: mc-opt %s --canonicalize | FileCheck %s
// RUN: mlir-opt-22 %s --canonicalize | FileCheck %s
// RUN: mc-opt %s | mlir-opt-22 --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @fold_more(
// CHECK-DAG:     %[[COSH:.*]] = arith.constant 1.12762594 : f32
// CHECK-DAG:     %[[SINH:.*]] = arith.constant 1.3440585709080678E+43 : f64
// CHECK-DAG:     %[[ACOS:.*]] = arith.constant 0x7FF8000000000000 : f64
// CHECK-DAG:     %[[ASIN:.*]] = arith.constant 0.52359879 : f32
// CHECK-DAG:     %[[ATAN:.*]] = arith.constant 1.5607966601082315 : f64
// CHECK-DAG:     %[[TAN:.*]] = arith.constant 0.546302497 : f32
// CHECK-DAG:     %[[LOG10:.*]] = arith.constant 2.000000e+00 : f64
// CHECK-DAG:     %[[EXP2:.*]] = arith.constant 1.41421354 : f32
// CHECK-DAG:     %[[TRUNC:.*]] = arith.constant -2.000000e+00 : f32
// CHECK-DAG:     %[[NEG:.*]] = arith.constant -2.500000e+00 : f32
// CHECK-DAG:     %[[LOG2:.*]] = math.log2 %[[NEG]] : f32
// CHECK-DAG:     %[[LOG1P:.*]] = math.log1p %[[NEG]] fastmath<fast> : f32
// CHECK-DAG:     %[[HALF:.*]] = math.log2 %arg0 : f16
// CHECK:         return %[[TRUNC]], %[[EXP2]], %[[LOG10]], %[[LOG2]], %[[LOG1P]], %[[TAN]], %[[ATAN]], %[[ASIN]], %[[ACOS]], %[[SINH]], %[[COSH]], %[[HALF]]
func.func @fold_more(%x: f16) -> (f32, f32, f64, f32, f32, f32, f64, f32, f64, f64, f32, f16) {
  %h = arith.constant 0.5 : f32
  %n = arith.constant -2.5 : f32
  %d = arith.constant 100.0 : f64
  %0 = math.trunc %n : f32
  %1 = math.exp2 %h : f32
  %2 = math.log10 %d : f64
  %3 = math.log2 %n : f32
  %4 = math.log1p %n fastmath<fast> : f32
  %5 = math.tan %h : f32
  %6 = math.atan %d : f64
  %7 = math.asin %h : f32
  %8 = math.acos %d : f64
  %9 = math.sinh %d : f64
  %10 = math.cosh %h : f32
  %11 = math.log2 %x : f16
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : f32, f32, f64, f32, f32, f32, f64, f32, f64, f64, f32, f16
}
