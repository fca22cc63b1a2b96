// RUN: mc-opt %s --split-input-file --verify-diagnostics
// Upstream reports the same messages at the same places.
// RUN: mlir-opt-22 %s --split-input-file --verify-diagnostics
// Every verifier message of func.constant and func.call_indirect.

func.func @undefined() {
  // expected-error@+1 {{'func.constant' op reference to undefined function 'missing'}}
  %f = constant @missing : () -> ()
  return
}

// -----

func.func private @g(i32)

func.func @mismatched() {
  // expected-error@+1 {{'func.constant' op reference to function with mismatched type}}
  %f = constant @g : (i64) -> ()
  return
}

// -----

func.func @arguments(%f: (i32) -> i32, %x: i64) {
  // expected-error@+1 {{'func.call_indirect' op failed to verify that callee input types match argument types}}
  %r = "func.call_indirect"(%f, %x) : ((i32) -> i32, i64) -> i32
  return
}

// -----

func.func @results(%f: (i32) -> i32, %x: i32) {
  // expected-error@+1 {{'func.call_indirect' op failed to verify that callee result types match result types}}
  %r = "func.call_indirect"(%f, %x) : ((i32) -> i32, i32) -> i64
  return
}

// -----

func.func @not_a_function(%f: i32) {
  // expected-error@+1 {{'func.call_indirect' op operand #0 must be function type, but got 'i32'}}
  "func.call_indirect"(%f) : (i32) -> ()
  return
}

// -----

func.func @argument_count(%f: (i32) -> (), %x: i32) {
  // expected-error@+1 {{custom op 'func.call_indirect' number of operands and types do not match: got 2 operands and 1 types}}
  call_indirect %f(%x, %x) : (i32) -> ()
  return
}
