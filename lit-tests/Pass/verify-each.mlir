// --verify-each (on by default, as in mlir-opt) verifies the IR after every pass that changed
// it. No registered pass produces invalid IR, so the pass manager's unit tests cover a failing
// verification; here: the flag's spellings, and that the input is verified after parsing
// whatever the flag says.

// RUN: mc-opt --print-generic %s --split-input-file --allow-unregistered-dialect --verify-each=false --verify-diagnostics --canonicalize --cse
// RUN: mc-opt --print-generic %s --split-input-file --allow-unregistered-dialect --verify-each=true --verify-diagnostics --canonicalize --cse
// RUN: mc-opt --print-generic %s --split-input-file --allow-unregistered-dialect --verify-each --verify-diagnostics --canonicalize --cse
// RUN: not mc-opt --print-generic %s --split-input-file --allow-unregistered-dialect --verify-each=false --canonicalize 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERRORS
// ERRORS: verify-each.mlir:{{[0-9]+}}:6: error: 'arith.addi' op requires the same type for all operands and results
// ERRORS: verify-each.mlir:{{[0-9]+}}:3: error: 'func.return' op has 1 operands, but enclosing function (@f) returns 0

// The flag takes a boolean.
// RUN: not mc-opt --print-generic %s --verify-each=maybe 2>&1 | FileCheck %s --check-prefix=BAD-VALUE
// BAD-VALUE: invalid value 'maybe' for '--verify-each[=<VERIFY_EACH>]'

// The valid chunk goes through and is printed (the invalid ones still fail the run).
// RUN: not mc-opt --print-generic %s --split-input-file --allow-unregistered-dialect --verify-each=false --canonicalize 2>/dev/null | FileCheck %s
// CHECK-LABEL: "test.valid"
// CHECK-NEXT:  %[[C:.*]] = "arith.constant"() <{value = 3 : i32}> : () -> i32
// CHECK-NEXT:  "test.use"(%[[C]]) : (i32) -> ()
"test.valid"() ({
  %a = "arith.constant"() <{value = 1 : i32}> : () -> i32
  %b = "arith.constant"() <{value = 2 : i32}> : () -> i32
  %0 = "arith.addi"(%a, %b) : (i32, i32) -> i32
  "test.use"(%0) : (i32) -> ()
}) : () -> ()

// -----

%a = "arith.constant"() <{value = 1 : i32}> : () -> i32
// expected-error@+1 {{'arith.addi' op requires the same type for all operands and results}}
%0 = "arith.addi"(%a, %a) : (i32, i32) -> i64

// -----

"func.func"() <{function_type = () -> (), sym_name = "f"}> ({
  %a = "arith.constant"() <{value = 1 : i32}> : () -> i32
  // expected-error@+1 {{'func.return' op has 1 operands, but enclosing function (@f) returns 0}}
  "func.return"(%a) : (i32) -> ()
}) : () -> ()
