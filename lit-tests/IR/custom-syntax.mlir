// Custom op syntax: registered ops print in their custom form unless --print-generic, the
// custom form parses back to the same IR, and the generic form of the same IR is equivalent.
//
// RUN: mc-opt %s --allow-unregistered-dialect | FileCheck %s
// Printing is stable: print(parse(print(parse(x)))) == print(parse(x)).
// RUN: mc-opt %s --allow-unregistered-dialect -o %t.1.mlir
// RUN: mc-opt %t.1.mlir --allow-unregistered-dialect -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
// The generic form reads back to the same IR.
// RUN: mc-opt %s --allow-unregistered-dialect --print-generic | mc-opt --allow-unregistered-dialect | FileCheck %s
// RUN: mc-opt %s --allow-unregistered-dialect --print-generic | FileCheck %s --check-prefix=GENERIC
// Locations follow custom ops and function arguments, and read back.
// RUN: mc-opt %s --allow-unregistered-dialect --print-debuginfo | FileCheck %s --check-prefix=LOC
// RUN: mc-opt %s --allow-unregistered-dialect --print-debuginfo -o %t.3.mlir
// RUN: mc-opt %t.3.mlir --allow-unregistered-dialect --print-debuginfo | diff %t.3.mlir -

// `module` is `builtin.module`; ops inside it may drop the `builtin.` prefix.
// CHECK-LABEL: module {
// GENERIC-LABEL: "builtin.module"() ({
builtin.module {

  // Inside a function `return` and `call` mean `func.return` and `func.call`; either spelling
  // parses and the short one prints.
  // CHECK-LABEL: func.func @spellings(%arg0: i32) -> i32 {
  // CHECK-NEXT:    %0 = call @spellings(%arg0) : (i32) -> i32
  // CHECK-NEXT:    %1 = call @spellings(%0) : (i32) -> i32
  // CHECK-NEXT:    return %1 : i32
  // CHECK-NEXT:  }
  // GENERIC-LABEL: "func.func"() <{function_type = (i32) -> i32, sym_name = "spellings"}> ({
  // GENERIC-NEXT:  ^bb0(%arg0: i32):
  // GENERIC-NEXT:    %0 = "func.call"(%arg0) <{callee = @spellings}> : (i32) -> i32
  // GENERIC:         "func.return"(%1) : (i32) -> ()
  func.func @spellings(%x: i32) -> i32 {
    %0 = call @spellings(%x) : (i32) -> i32
    %1 = func.call @spellings(%0) : (i32) -> i32
    func.return %1 : i32
  }

  // Generic and custom forms mix freely; ops of unregistered dialects stay generic, and their
  // regions have no default dialect.
  // CHECK-LABEL: func.func @mixed(%arg0: i32, %arg1: i1) -> i32 {
  // CHECK-NEXT:    %c1_i32 = arith.constant 1 : i32
  // CHECK-NEXT:    %0 = arith.addi %arg0, %c1_i32 : i32
  // CHECK-NEXT:    "test.region"(%0) ({
  // CHECK-NEXT:    ^bb0(%arg2: i32):
  // CHECK-NEXT:      %2 = builtin.unrealized_conversion_cast %arg2 : i32 to i64
  // CHECK-NEXT:      %c1_i32_0 = arith.constant 1 : i32
  // CHECK-NEXT:      "test.yield"(%2) : (i64) -> ()
  // CHECK-NEXT:    }) : (i32) -> ()
  // CHECK-NEXT:    %1 = arith.select %arg1, %0, %c1_i32 : i32
  // CHECK-NEXT:    return %1 : i32
  // CHECK-NEXT:  }
  func.func @mixed(%x: i32, %cond: i1) -> i32 {
    %c1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %sum = arith.addi %x, %c1 : i32
    "test.region"(%sum) ({
    ^bb0(%inner: i32):
      %wide = builtin.unrealized_conversion_cast %inner : i32 to i64
      %again = arith.constant 1 : i32
      "test.yield"(%wide) : (i64) -> ()
    }) : (i32) -> ()
    %r = "arith.select"(%cond, %sum, %c1) : (i1, i32, i32) -> i32
    "func.return"(%r) : (i32) -> ()
  }

  // Blocks after the entry block keep their labels; the entry block's arguments are the
  // function's.
  // CHECK-LABEL: func.func @blocks(%arg0: i32) -> i32 {
  // CHECK-NEXT:    "test.br"(%arg0) [^bb1] : (i32) -> ()
  // CHECK-NEXT:  ^bb1(%0: i32):
  // CHECK-NEXT:    return %0 : i32
  // CHECK-NEXT:  }
  func.func @blocks(%a: i32) -> i32 {
    "test.br"(%a) [^next] : (i32) -> ()
  ^next(%b: i32):
    return %b : i32
  }

  // Flags print as upstream does: only when set, and never their default.
  // CHECK-LABEL: func.func @flags(%arg0: i32, %arg1: f32) -> f32 {
  // CHECK-NEXT:    %0 = arith.addi %arg0, %arg0 : i32
  // CHECK-NEXT:    %1 = arith.muli %0, %0 overflow<nsw> : i32
  // CHECK-NEXT:    %2 = arith.addf %arg1, %arg1 : f32
  // CHECK-NEXT:    %3 = arith.mulf %2, %2 fastmath<fast> : f32
  // CHECK-NEXT:    %4 = arith.cmpf oeq, %3, %2 : f32
  // CHECK-NEXT:    return %3 : f32
  // GENERIC-LABEL: "func.func"() <{function_type = (i32, f32) -> f32, sym_name = "flags"}> ({
  // GENERIC:         "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  // GENERIC-NEXT:    "arith.muli"(%0, %0) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
  // GENERIC-NEXT:    "arith.addf"(%arg1, %arg1) : (f32, f32) -> f32
  // GENERIC-NEXT:    "arith.mulf"(%2, %2) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
  // GENERIC-NEXT:    "arith.cmpf"(%3, %2) <{fastmath = #arith.fastmath<none>, predicate = 1 : i64}> : (f32, f32) -> i1
  func.func @flags(%i: i32, %f: f32) -> f32 {
    %0 = "arith.addi"(%i, %i) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %1 = arith.muli %0, %0 overflow<nsw> : i32
    %2 = arith.addf %f, %f : f32
    %3 = arith.mulf %2, %2 fastmath<fast> : f32
    %4 = "arith.cmpf"(%3, %2) <{fastmath = #arith.fastmath<none>, predicate = 1 : i64}> : (f32, f32) -> i1
    return %3 : f32
  }

  // Symbol names that are not identifiers are quoted; visibility and attributes print.
  // CHECK-LABEL: func.func private @"odd name"(i32 {test.arg}) -> (i32 {test.result}) attributes {test.fn}
  // LOC-LABEL:   func.func private @"odd name"(i32 {test.arg}) -> (i32 {test.result}) attributes {test.fn} loc(
  func.func private @"odd name"(i32 {test.arg}) -> (i32 {test.result}) attributes {test.fn}

  // CHECK-LABEL: func.func @located(%arg0: i32) {
  // CHECK-NEXT:    %c0_i32 = arith.constant 0 : i32
  // CHECK-NEXT:    return
  // CHECK-NEXT:  }
  // CHECK-NEXT: }
  // LOC-LABEL: func.func @located(%arg0: i32 loc("args.py":1:2)) {
  // LOC-NEXT:    %c0_i32 = arith.constant 0 : i32 loc("ops.py":3:4)
  // LOC-NEXT:    return loc("{{.*}}custom-syntax.mlir":[[@LINE+3]]:5)
  func.func @located(%a: i32 loc("args.py":1:2)) {
    %c0 = arith.constant 0 : i32 loc("ops.py":3:4)
    return
  }
}
