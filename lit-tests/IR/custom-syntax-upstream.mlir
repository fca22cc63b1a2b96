// Custom syntax is byte-compatible with upstream MLIR 22 for the builtin, func and arith ops:
// both tools print this file the same way (each input line is preceded by the line both print
// for it), each reads the other's output, and the generic forms interoperate.
//
// RUN: mlir-opt-22 %s | FileCheck %s
// RUN: mc-opt %s | FileCheck %s
// RUN: mc-opt %s | mlir-opt-22 | mc-opt | FileCheck %s
// RUN: mlir-opt-22 %s --mlir-print-op-generic | mc-opt | FileCheck %s
// RUN: mc-opt %s --print-generic | mlir-opt-22 | FileCheck %s
//
// Byte for byte (upstream ends its output with one more empty line):
// RUN: mc-opt %s -o %t.mc.mlir
// RUN: mlir-opt-22 %s -o %t.upstream.mlir
// RUN: diff -I '^$' %t.mc.mlir %t.upstream.mlir

// CHECK: module @m attributes {test.flag, test.value = 3 : i64} {
module @m attributes {test.flag, test.value = 3 : i64} {
  // CHECK-NEXT: func.func private @decl(i32 {test.arg = 1 : i64}, f32) -> (i32, f32) attributes {test.decl}
  func.func private @decl(i32 {test.arg = 1 : i64}, f32) -> (i32, f32) attributes {test.decl}
  // CHECK-NEXT: func.func nested @nested_decl() -> index
  func.func nested @nested_decl() -> index
  // CHECK-NEXT: func.func private @res_attr() -> (i32 {test.res})
  func.func private @res_attr() -> (i32 {test.res})
  // CHECK-NEXT: func.func private @fn_result() -> ((i32) -> i32)
  func.func private @fn_result() -> ((i32) -> i32)
  // CHECK-NEXT: func.func @ints(%arg0: i32, %arg1: i32, %arg2: i8) -> i32 {
  func.func @ints(%a: i32, %b: i32, %narrow: i8) -> i32 {
    // CHECK-NEXT: %c5_i32 = arith.constant 5 : i32
    %c5 = arith.constant 5 : i32
    // CHECK-NEXT: %c-1_i32 = arith.constant -1 : i32
    %cm1 = arith.constant -1 : i32
    // CHECK-NEXT: %c-1_i8 = arith.constant -1 : i8
    %c255 = arith.constant 255 : i8
    // CHECK-NEXT: %c7_i64 = arith.constant 7 : i64
    %c7 = arith.constant 7 : i64
    // CHECK-NEXT: %c3 = arith.constant 3 : index
    %idx = arith.constant 3 : index
    // CHECK-NEXT: %true = arith.constant true
    %t = arith.constant true
    // CHECK-NEXT: %false = arith.constant false
    %f = arith.constant false
    // CHECK-NEXT: %c5_i32_0 = arith.constant 5 : i32
    %again = arith.constant 5 : i32
    // CHECK-NEXT: %1 = arith.addi %arg0, %arg1 : i32
    %0 = arith.addi %a, %b : i32
    // CHECK-NEXT: %2 = arith.addi %arg0, %c5_i32 overflow<nsw> : i32
    %1 = arith.addi %a, %c5 overflow<nsw> : i32
    // CHECK-NEXT: %3 = arith.subi %2, %c-1_i32 overflow<nsw, nuw> : i32
    %2 = arith.subi %1, %cm1 overflow<nsw, nuw> : i32
    // CHECK-NEXT: %4 = arith.muli %3, %c5_i32_0 overflow<nuw> : i32
    %3 = arith.muli %2, %again overflow<nuw> : i32
    // CHECK-NEXT: %5 = arith.divsi %4, %arg0 : i32
    %4 = arith.divsi %3, %a : i32
    // CHECK-NEXT: %6 = arith.divui %5, %arg0 : i32
    %5 = arith.divui %4, %a : i32
    // CHECK-NEXT: %7 = arith.remsi %6, %arg1 : i32
    %6 = arith.remsi %5, %b : i32
    // CHECK-NEXT: %8 = arith.remui %7, %arg1 : i32
    %7 = arith.remui %6, %b : i32
    // CHECK-NEXT: %9 = arith.minsi %8, %arg0 : i32
    %8 = arith.minsi %7, %a : i32
    // CHECK-NEXT: %10 = arith.maxsi %9, %arg0 : i32
    %9 = arith.maxsi %8, %a : i32
    // CHECK-NEXT: %11 = arith.minui %10, %arg1 : i32
    %10 = arith.minui %9, %b : i32
    // CHECK-NEXT: %12 = arith.maxui %11, %arg1 {test.tag = "x"} : i32
    %11 = arith.maxui %10, %b {test.tag = "x"} : i32
    // CHECK-NEXT: %13 = arith.cmpi slt, %12, %arg0 : i32
    %12 = arith.cmpi slt, %11, %a : i32
    // CHECK-NEXT: %14 = arith.cmpi uge, %12, %arg1 : i32
    %13 = arith.cmpi uge, %11, %b : i32
    // CHECK-NEXT: %15 = arith.select %13, %12, %1 : i32
    %14 = arith.select %12, %11, %0 : i32
    // CHECK-NEXT: %16 = arith.extsi %arg2 : i8 to i32
    %15 = arith.extsi %narrow : i8 to i32
    // CHECK-NEXT: %17 = arith.extui %arg2 : i8 to i32
    %16 = arith.extui %narrow : i8 to i32
    // CHECK-NEXT: %18 = arith.trunci %15 : i32 to i8
    %17 = arith.trunci %14 : i32 to i8
    // CHECK-NEXT: %19 = arith.trunci %15 overflow<nsw> : i32 to i8
    %18 = arith.trunci %14 overflow<nsw> : i32 to i8
    // CHECK-NEXT: %20 = arith.addi %16, %17 : i32
    %19 = arith.addi %15, %16 : i32
    // CHECK-NEXT: return %20 : i32
    return %19 : i32
  // CHECK-NEXT: }
  }
  // CHECK-NEXT: func.func @floats(%arg0: f32, %arg1: f32, %arg2: i32) -> f32 {
  func.func @floats(%x: f32, %y: f32, %i: i32) -> f32 {
    // CHECK-NEXT: %1 = arith.addf %arg0, %arg1 : f32
    %0 = arith.addf %x, %y : f32
    // CHECK-NEXT: %2 = arith.subf %1, %arg1 fastmath<fast> : f32
    %1 = arith.subf %0, %y fastmath<fast> : f32
    // CHECK-NEXT: %3 = arith.mulf %2, %arg0 fastmath<nnan,ninf> : f32
    %2 = arith.mulf %1, %x fastmath<nnan,ninf> : f32
    // CHECK-NEXT: %4 = arith.divf %3, %arg1 : f32
    %3 = arith.divf %2, %y : f32
    // CHECK-NEXT: %5 = arith.minimumf %4, %arg0 : f32
    %4 = arith.minimumf %3, %x : f32
    // CHECK-NEXT: %6 = arith.maximumf %5, %arg1 : f32
    %5 = arith.maximumf %4, %y : f32
    // CHECK-NEXT: %7 = arith.cmpf olt, %6, %arg0 : f32
    %6 = arith.cmpf olt, %5, %x : f32
    // CHECK-NEXT: %8 = arith.cmpf une, %6, %arg1 fastmath<fast> : f32
    %7 = arith.cmpf une, %5, %y fastmath<fast> : f32
    // CHECK-NEXT: %9 = arith.select %8, %6, %arg0 : f32
    %8 = arith.select %7, %5, %x : f32
    // CHECK-NEXT: %10 = arith.sitofp %arg2 : i32 to f32
    %9 = arith.sitofp %i : i32 to f32
    // CHECK-NEXT: %11 = arith.fptosi %9 : f32 to i32
    %10 = arith.fptosi %8 : f32 to i32
    // CHECK-NEXT: %12 = arith.addf %9, %10 : f32
    %11 = arith.addf %8, %9 : f32
    // CHECK-NEXT: return %12 : f32
    return %11 : f32
  // CHECK-NEXT: }
  }
  // CHECK-NEXT: func.func @float_constants() -> (f32, f64, f16, bf16) {
  func.func @float_constants() -> (f32, f64, f16, bf16) {
    // CHECK-NEXT: %cst = arith.constant 1.500000e+00 : f32
    %0 = arith.constant 1.5 : f32
    // CHECK-NEXT: %cst_0 = arith.constant 1.000000e-01 : f64
    %1 = arith.constant 0.1 : f64
    // CHECK-NEXT: %cst_1 = arith.constant 3.14159265358979 : f64
    %2 = arith.constant 3.14159265358979 : f64
    // CHECK-NEXT: %cst_2 = arith.constant 1.000000e-01 : f32
    %3 = arith.constant 0.1 : f32
    // CHECK-NEXT: %cst_3 = arith.constant 0x7F800000 : f32
    %4 = arith.constant 0x7F800000 : f32
    // CHECK-NEXT: %cst_4 = arith.constant -0.000000e+00 : f64
    %5 = arith.constant -0.0 : f64
    // CHECK-NEXT: %cst_5 = arith.constant 6.550400e+04 : f16
    %6 = arith.constant 65504.0 : f16
    // CHECK-NEXT: %cst_6 = arith.constant 9.994500e-04 : bf16
    %7 = arith.constant 1.0e-3 : bf16
    // CHECK-NEXT: %cst_7 = arith.constant dense<[1.000000e+00, 2.500000e+00, -1.250000e-01]> : tensor<3xf32>
    %8 = arith.constant dense<[1.0, 2.5, -0.125]> : tensor<3xf32>
    // CHECK-NEXT: %cst_8 = arith.constant 0x419D6F3454000000 : f64
    %9 = arith.constant 123456789.0 : f64
    // CHECK-NEXT: %cst_9 = arith.constant 1.401300e-45 : f32
    %10 = arith.constant 1.0e-45 : f32
    // CHECK-NEXT: return %cst, %cst_0, %cst_5, %cst_6 : f32, f64, f16, bf16
    return %0, %1, %6, %7 : f32, f64, f16, bf16
  // CHECK-NEXT: }
  }
  // CHECK-NEXT: func.func @tensors(%arg0: tensor<4xi32>, %arg1: tensor<2x2xf32>) -> tensor<4xi32> {
  func.func @tensors(%t: tensor<4xi32>, %u: tensor<2x2xf32>) -> tensor<4xi32> {
    // CHECK-NEXT: %cst = arith.constant dense<1> : tensor<4xi32>
    %cst = arith.constant dense<1> : tensor<4xi32>
    // CHECK-NEXT: %cst_0 = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
    %cst2 = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
    // CHECK-NEXT: %1 = arith.addi %arg0, %cst : tensor<4xi32>
    %0 = arith.addi %t, %cst : tensor<4xi32>
    // CHECK-NEXT: %2 = arith.cmpi eq, %1, %cst_0 : tensor<4xi32>
    %1 = arith.cmpi eq, %0, %cst2 : tensor<4xi32>
    // CHECK-NEXT: %3 = arith.select %2, %1, %arg0 : tensor<4xi1>, tensor<4xi32>
    %2 = arith.select %1, %0, %t : tensor<4xi1>, tensor<4xi32>
    // CHECK-NEXT: %4 = arith.extsi %3 : tensor<4xi32> to tensor<4xi64>
    %3 = arith.extsi %2 : tensor<4xi32> to tensor<4xi64>
    // CHECK-NEXT: %5 = arith.trunci %4 : tensor<4xi64> to tensor<4xi32>
    %4 = arith.trunci %3 : tensor<4xi64> to tensor<4xi32>
    // CHECK-NEXT: return %5 : tensor<4xi32>
    return %4 : tensor<4xi32>
  // CHECK-NEXT: }
  }
  // CHECK-NEXT: func.func @calls(%arg0: i32, %arg1: f32) -> (i32, f32) {
  func.func @calls(%a: i32, %x: f32) -> (i32, f32) {
    // CHECK-NEXT: %1:2 = call @decl(%arg0, %arg1) : (i32, f32) -> (i32, f32)
    %0:2 = call @decl(%a, %x) : (i32, f32) -> (i32, f32)
    // CHECK-NEXT: %2 = arith.trunci %arg0 : i32 to i8
    %c = arith.trunci %a : i32 to i8
    // CHECK-NEXT: %3 = call @ints(%1#0, %arg0, %2) : (i32, i32, i8) -> i32
    %1 = call @ints(%0#0, %a, %c) : (i32, i32, i8) -> i32
    // CHECK-NEXT: call @none() : () -> ()
    call @none() : () -> ()
    // CHECK-NEXT: call @none() {test.call} : () -> ()
    func.call @none() {test.call} : () -> ()
    // CHECK-NEXT: return %3, %1#1 : i32, f32
    return %1, %0#1 : i32, f32
  // CHECK-NEXT: }
  }
  // CHECK-NEXT: func.func private @none()
  func.func private @none()
  // CHECK-NEXT: func.func @casts(%arg0: i32) -> i64 {
  func.func @casts(%a: i32) -> i64 {
    // CHECK-NEXT: %1 = builtin.unrealized_conversion_cast %arg0 : i32 to i64
    %0 = builtin.unrealized_conversion_cast %a : i32 to i64
    // CHECK-NEXT: %2:2 = builtin.unrealized_conversion_cast %arg0, %1 : i32, i64 to i64, i32
    %1:2 = builtin.unrealized_conversion_cast %a, %0 : i32, i64 to i64, i32
    // CHECK-NEXT: %3 = builtin.unrealized_conversion_cast to i64
    %2 = builtin.unrealized_conversion_cast to i64
    // CHECK-NEXT: return %1 : i64
    return %0 : i64
  // CHECK-NEXT: }
  }
  // CHECK-NEXT: %0 = unrealized_conversion_cast to i32
  %top = unrealized_conversion_cast to i32
  // CHECK-NEXT: module @inner {
  module @inner {
  // CHECK-NEXT: }
  }
  // CHECK-NEXT: module {
  module {
    // CHECK-NEXT: func.func @empty() {
    func.func @empty() {
      // CHECK-NEXT: return
      return
    // CHECK-NEXT: }
    }
  // CHECK-NEXT: }
  }
// CHECK-NEXT: }
}
