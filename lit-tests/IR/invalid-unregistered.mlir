// Ops of unknown dialects need --allow-unregistered-dialect, wherever they are; an unknown op of
// a registered dialect is an error even with it. Wording and lines match upstream MLIR.
//
// RUN: mc-opt %s --split-input-file --verify-diagnostics
// RUN: mlir-opt-22 %s --split-input-file --verify-diagnostics
// With the flag, only the arith op is an error; the other chunks print, as they do upstream.
// RUN: not mc-opt %s --split-input-file --allow-unregistered-dialect 2> %t.err | FileCheck %s --check-prefix=ALLOWED
// RUN: FileCheck %s --input-file=%t.err --check-prefix=ALLOWED-ERR
// RUN: not mlir-opt-22 %s --split-input-file --allow-unregistered-dialect 2> %t.upstream.err | FileCheck %s --check-prefix=ALLOWED
// RUN: FileCheck %s --input-file=%t.upstream.err --check-prefix=ALLOWED-ERR

// ALLOWED: "foo.op"() : () -> ()
// ALLOWED: // -----
// ALLOWED: func.func @in_a_function() {
// ALLOWED-NEXT: %{{.*}} = "foo.def"() : () -> i32
// ALLOWED: // -----
// ALLOWED: "foo.op"() : () -> ()
// ALLOWED: // -----
// ALLOWED-NOT: arith.nope
// ALLOWED-ERR: invalid-unregistered.mlir:[[# @LINE + 26]]:1: error: unregistered operation 'arith.nope' found in dialect ('arith')

// expected-error@+1 {{operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used}}
"foo.op"() : () -> ()

// -----

"func.func"() ({
^bb0:
  // expected-error@+1 {{operation being parsed with an unregistered dialect}}
  %0 = "foo.def"() : () -> i32
  "func.return"() : () -> ()
}) {sym_name = "in_a_function", function_type = () -> ()} : () -> ()

// -----

"builtin.module"() ({
  "builtin.module"() ({
    // expected-error@+1 {{operation being parsed with an unregistered dialect}}
    "foo.op"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{unregistered operation 'arith.nope' found in dialect ('arith') that does not allow unknown operations}}
"arith.nope"() : () -> ()
