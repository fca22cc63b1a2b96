// --verify-diagnostics: designators `@+N`, `@-N`, `@above`, `@below`, `-re`, notes; and how a
// mismatch is reported. Checked with mc-opt and mlir-opt-22.
//
// RUN: split-file %s %t
// RUN: mc-opt %t/pass.mlir --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: mlir-opt-22 %t/pass.mlir --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: not mc-opt %t/fail.mlir --split-input-file --verify-diagnostics --allow-unregistered-dialect 2>&1 | FileCheck %s
// RUN: not mlir-opt-22 %t/fail.mlir --split-input-file --verify-diagnostics --allow-unregistered-dialect 2>&1 | FileCheck %s
//
// In only-expected mode, unexpected diagnostics are not errors.
// RUN: mc-opt %t/only-expected.mlir --split-input-file --verify-diagnostics=only-expected --allow-unregistered-dialect
// RUN: mlir-opt-22 %t/only-expected.mlir --split-input-file --verify-diagnostics=only-expected --allow-unregistered-dialect

// CHECK-DAG: fail.mlir:3:10: error: unexpected error: use of undeclared SSA value name
// CHECK-DAG: fail.mlir:2:4: error: expected error "undeclared SSA value name '%y'" was not produced
// CHECK-DAG: fail.mlir:8:1: error: unexpected note: previously defined here
// CHECK-DAG: fail.mlir:9:4: error: expected error "wrong message" was not produced

//--- pass.mlir
"foo.op"(%x) : (i32) -> ()
// expected-error@-1 {{use of undeclared SSA value name}}

// -----

// `@below` is the next line without a directive, `@above` the closest one before.
// expected-note@below {{previously defined here}}
%0 = "foo.def"() : () -> i32
%0 = "foo.def"() : () -> i32
// expected-error@above {{redefinition of SSA value '%0'}}

// -----

// expected-error-re@+1 {{use of {{[a-z]+}} SSA value name}}
"foo.op"(%x) : (i32) -> ()

// -----

// expected-note@+2 {{previously defined here}}
// expected-error@+2 {{redefinition of SSA value '%0'}}
%0 = "foo.def"() : () -> i32
%0 = "foo.def"() : () -> i32

//--- fail.mlir
// An expectation that does not match the error at its line.
// expected-error@+1 {{undeclared SSA value name '%y'}}
"foo.op"(%x) : (i32) -> ()

// -----

// A note nobody expected, and an expected error with other words.
%0 = "foo.def"() : () -> i32
// expected-error@+2 {{wrong message}}
// expected-error@+1 {{redefinition of SSA value}}
%0 = "foo.def"() : () -> i32

//--- only-expected.mlir
// The note of this error is not expected, and not reported.
%0 = "foo.def"() : () -> i32
// expected-error@+1 {{redefinition of SSA value '%0'}}
%0 = "foo.def"() : () -> i32
