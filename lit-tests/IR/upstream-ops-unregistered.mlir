// Upstream MLIR ops of the dialects mc defines in part (func, arith, math, vector) that mc has no
// definition for are read as unregistered ops with --allow-unregistered-dialect: kept, printed
// back generically, and upstream reads the result. Without the flag they are errors, as is an op
// upstream does not have either (see invalid-unregistered.mlir).
//
// RUN: mc-opt %s --allow-unregistered-dialect --print-generic | FileCheck %s
// RUN: mc-opt %s --allow-unregistered-dialect --print-generic | mlir-opt-22 --mlir-print-op-generic | FileCheck %s
// RUN: not mc-opt %s 2>&1 | FileCheck %s --check-prefix=STRICT

// CHECK-LABEL: sym_name = "upstream_only"
// CHECK: "vector.print"(%arg0) <{punctuation = #vector.punctuation<newline>}> : (vector<2xf32>) -> ()
// CHECK: %{{.*}} = "vector.step"() : () -> vector<4xindex>
// CHECK: %{{.*}}:2 = "math.sincos"(%{{.*}}) <{fastmath = #arith.fastmath<none>}> : (f32) -> (f32, f32)
// CHECK: "func.return"(%arg0) : (vector<2xf32>) -> ()
// STRICT: error: unregistered operation 'vector.print' found in dialect ('vector') that does not allow unknown operations
"func.func"() <{function_type = (vector<2xf32>) -> vector<2xf32>, sym_name = "upstream_only"}> ({
^bb0(%arg0: vector<2xf32>):
  "vector.print"(%arg0) <{punctuation = #vector.punctuation<newline>}> : (vector<2xf32>) -> ()
  %1 = "vector.step"() : () -> vector<4xindex>
  %2 = "arith.constant"() <{value = 1.0 : f32}> : () -> f32
  %3:2 = "math.sincos"(%2) <{fastmath = #arith.fastmath<none>}> : (f32) -> (f32, f32)
  "func.return"(%arg0) : (vector<2xf32>) -> ()
}) : () -> ()
