// RUN: mc-opt %s | FileCheck %s
// RUN: mc-opt --print-generic %s | FileCheck %s --check-prefix=GENERIC
// Both forms read back to the same IR.
// RUN: mc-opt %s | mc-opt | FileCheck %s
// RUN: mc-opt --print-generic %s | mc-opt | FileCheck %s
// Upstream MLIR prints this input the same way, and reads mc's custom form.
// RUN: mlir-opt-22 %s | FileCheck %s
// RUN: mc-opt %s | mlir-opt-22 | FileCheck %s
// Printing is stable in both forms, and each tool prints the other's output byte for byte as
// it came (upstream ends its output with one more empty line).
// RUN: mc-opt %s > %t.1.mlir && mc-opt %t.1.mlir | diff %t.1.mlir -
// RUN: mlir-opt-22 %t.1.mlir | diff -I '^$' %t.1.mlir -
// RUN: mc-opt --print-generic %s > %t.g1.mlir && mc-opt --print-generic %t.g1.mlir | diff %t.g1.mlir -
// RUN: mlir-opt-22 %t.g1.mlir --mlir-print-op-generic | mc-opt --print-generic | diff %t.g1.mlir -

// CHECK-LABEL: module {
// GENERIC-LABEL: "builtin.module"() ({

// A declaration: private, no body.
// CHECK-NEXT:    func.func private @declared(i32, f32) -> i64
// GENERIC-NEXT:    "func.func"() <{function_type = (i32, f32) -> i64, sym_name = "declared", sym_visibility = "private"}> ({
// GENERIC-NEXT:    }) : () -> ()
"func.func"() <{function_type = (i32, f32) -> i64, sym_name = "declared", sym_visibility = "private"}> ({
}) : () -> ()

// No arguments, no results.
// CHECK-NEXT:    func.func @empty() {
// CHECK-NEXT:      return
// CHECK-NEXT:    }
// GENERIC-NEXT:    "func.func"() <{function_type = () -> (), sym_name = "empty"}> ({
// GENERIC-NEXT:      "func.return"() : () -> ()
// GENERIC-NEXT:    }) : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "empty"}> ({
  "func.return"() : () -> ()
}) : () -> ()

// Several results, argument and result attributes, nested visibility.
// CHECK-NEXT:    func.func nested @multi(%[[A:.*]]: i32 {test.a}, %[[T:.*]]: tensor<2xf32>) -> (tensor<2xf32>, i32 {test.r = 1 : i64}) {
// CHECK-NEXT:      return %[[T]], %[[A]] : tensor<2xf32>, i32
// CHECK-NEXT:    }
// GENERIC-NEXT:    "func.func"() <{arg_attrs = [{test.a}, {}], function_type = (i32, tensor<2xf32>) -> (tensor<2xf32>, i32), res_attrs = [{}, {test.r = 1 : i64}], sym_name = "multi", sym_visibility = "nested"}> ({
// GENERIC-NEXT:    ^bb0(%[[A:.*]]: i32, %[[T:.*]]: tensor<2xf32>):
// GENERIC-NEXT:      "func.return"(%[[T]], %[[A]]) : (tensor<2xf32>, i32) -> ()
// GENERIC-NEXT:    }) : () -> ()
"func.func"() <{arg_attrs = [{test.a}, {}], function_type = (i32, tensor<2xf32>) -> (tensor<2xf32>, i32), res_attrs = [{}, {test.r = 1 : i64}], sym_name = "multi", sym_visibility = "nested"}> ({
^bb0(%a: i32, %t: tensor<2xf32>):
  "func.return"(%t, %a) : (tensor<2xf32>, i32) -> ()
}) : () -> ()

// Calls: to a declaration, to a function with several results, to itself, without results.
// CHECK-NEXT:    func.func public @caller(%[[X:.*]]: i32, %[[Y:.*]]: f32) -> i64 {
// CHECK-NEXT:      %[[R:.*]] = call @declared(%[[X]], %[[Y]]) : (i32, f32) -> i64
// CHECK-NEXT:      %[[C:.*]] = arith.constant dense<1.000000e+00> : tensor<2xf32>
// CHECK-NEXT:      %[[M:.*]]:2 = call @multi(%[[X]], %[[C]]) : (i32, tensor<2xf32>) -> (tensor<2xf32>, i32)
// CHECK-NEXT:      %[[REC:.*]] = call @caller(%[[M]]#1, %[[Y]]) : (i32, f32) -> i64
// CHECK-NEXT:      call @empty() : () -> ()
// CHECK-NEXT:      return %[[R]] : i64
// CHECK-NEXT:    }
// GENERIC-NEXT:    "func.func"() <{function_type = (i32, f32) -> i64, sym_name = "caller", sym_visibility = "public"}> ({
// GENERIC-NEXT:    ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: f32):
// GENERIC-NEXT:      %[[R:.*]] = "func.call"(%[[X]], %[[Y]]) <{callee = @declared}> : (i32, f32) -> i64
// GENERIC-NEXT:      %[[C:.*]] = "arith.constant"() <{value = dense<1.000000e+00> : tensor<2xf32>}> : () -> tensor<2xf32>
// GENERIC-NEXT:      %[[M:.*]]:2 = "func.call"(%[[X]], %[[C]]) <{callee = @multi}> : (i32, tensor<2xf32>) -> (tensor<2xf32>, i32)
// GENERIC-NEXT:      %[[REC:.*]] = "func.call"(%[[M]]#1, %[[Y]]) <{callee = @caller}> : (i32, f32) -> i64
// GENERIC-NEXT:      "func.call"() <{callee = @empty}> : () -> ()
// GENERIC-NEXT:      "func.return"(%[[R]]) : (i64) -> ()
// GENERIC-NEXT:    }) : () -> ()
"func.func"() <{function_type = (i32, f32) -> i64, sym_name = "caller", sym_visibility = "public"}> ({
^bb0(%x: i32, %y: f32):
  %r = "func.call"(%x, %y) <{callee = @declared}> : (i32, f32) -> i64
  %c = "arith.constant"() <{value = dense<1.0> : tensor<2xf32>}> : () -> tensor<2xf32>
  %m:2 = "func.call"(%x, %c) <{callee = @multi}> : (i32, tensor<2xf32>) -> (tensor<2xf32>, i32)
  %rec = "func.call"(%m#1, %y) <{callee = @caller}> : (i32, f32) -> i64
  "func.call"() <{callee = @empty}> : () -> ()
  "func.return"(%r) : (i64) -> ()
}) : () -> ()

// Calls resolve in the nearest symbol table: a nested module calls its own functions.
// CHECK-NEXT:    module @inner {
// CHECK-NEXT:      func.func @empty() {
// CHECK-NEXT:        call @empty() : () -> ()
// CHECK-NEXT:        return
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// GENERIC-NEXT:    "builtin.module"() <{sym_name = "inner"}> ({
// GENERIC-NEXT:      "func.func"() <{function_type = () -> (), sym_name = "empty"}> ({
// GENERIC-NEXT:        "func.call"() <{callee = @empty}> : () -> ()
"builtin.module"() <{sym_name = "inner"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "empty"}> ({
    "func.call"() <{callee = @empty}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
