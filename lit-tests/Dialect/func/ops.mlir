// RUN: mc-opt --print-generic %s | FileCheck %s
// Printing is stable, and upstream MLIR reads mc's output and mc reads upstream's, alike.
// RUN: mc-opt --print-generic %s > %t.1.mlir && mc-opt --print-generic %t.1.mlir > %t.2.mlir && diff %t.1.mlir %t.2.mlir
// RUN: mlir-opt-22 %t.1.mlir --mlir-print-op-generic | mc-opt --print-generic | diff %t.1.mlir -

// CHECK-LABEL: "builtin.module"() ({

// A declaration: private, no body.
// CHECK-NEXT:    "func.func"() <{function_type = (i32, f32) -> i64, sym_name = "declared", sym_visibility = "private"}> ({
// CHECK-NEXT:    }) : () -> ()
"func.func"() <{function_type = (i32, f32) -> i64, sym_name = "declared", sym_visibility = "private"}> ({
}) : () -> ()

// No arguments, no results.
// CHECK-NEXT:    "func.func"() <{function_type = () -> (), sym_name = "empty"}> ({
// CHECK-NEXT:      "func.return"() : () -> ()
// CHECK-NEXT:    }) : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "empty"}> ({
  "func.return"() : () -> ()
}) : () -> ()

// Several results, argument and result attributes, nested visibility.
// CHECK-NEXT:    "func.func"() <{arg_attrs = [{test.a}, {}], function_type = (i32, tensor<2xf32>) -> (tensor<2xf32>, i32), res_attrs = [{}, {test.r = 1 : i64}], sym_name = "multi", sym_visibility = "nested"}> ({
// CHECK-NEXT:    ^bb0(%[[A:.*]]: i32, %[[T:.*]]: tensor<2xf32>):
// CHECK-NEXT:      "func.return"(%[[T]], %[[A]]) : (tensor<2xf32>, i32) -> ()
// CHECK-NEXT:    }) : () -> ()
"func.func"() <{arg_attrs = [{test.a}, {}], function_type = (i32, tensor<2xf32>) -> (tensor<2xf32>, i32), res_attrs = [{}, {test.r = 1 : i64}], sym_name = "multi", sym_visibility = "nested"}> ({
^bb0(%a: i32, %t: tensor<2xf32>):
  "func.return"(%t, %a) : (tensor<2xf32>, i32) -> ()
}) : () -> ()

// Calls: to a declaration, to a function with several results, to itself, without results.
// CHECK-NEXT:    "func.func"() <{function_type = (i32, f32) -> i64, sym_name = "caller", sym_visibility = "public"}> ({
// CHECK-NEXT:    ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: f32):
// CHECK-NEXT:      %[[R:.*]] = "func.call"(%[[X]], %[[Y]]) <{callee = @declared}> : (i32, f32) -> i64
// CHECK-NEXT:      %[[C:.*]] = "arith.constant"() <{value = dense<1.0e0> : tensor<2xf32>}> : () -> tensor<2xf32>
// CHECK-NEXT:      %[[M:.*]]:2 = "func.call"(%[[X]], %[[C]]) <{callee = @multi}> : (i32, tensor<2xf32>) -> (tensor<2xf32>, i32)
// CHECK-NEXT:      %[[REC:.*]] = "func.call"(%[[M]]#1, %[[Y]]) <{callee = @caller}> : (i32, f32) -> i64
// CHECK-NEXT:      "func.call"() <{callee = @empty}> : () -> ()
// CHECK-NEXT:      "func.return"(%[[R]]) : (i64) -> ()
// CHECK-NEXT:    }) : () -> ()
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
// CHECK-NEXT:    "builtin.module"() <{sym_name = "inner"}> ({
// CHECK-NEXT:      "func.func"() <{function_type = () -> (), sym_name = "empty"}> ({
// CHECK-NEXT:        "func.call"() <{callee = @empty}> : () -> ()
"builtin.module"() <{sym_name = "inner"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "empty"}> ({
    "func.call"() <{callee = @empty}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
