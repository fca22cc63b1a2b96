// RUN: mc-opt %s --split-input-file --verify-diagnostics
// The math ops' verifier messages, as upstream words them (mc reports every problem, upstream
// the first).

func.func @exp_of_integer(%a: i32) {
  // expected-error@+2 {{'math.exp' op operand #0 must be floating-point-like, but got 'i32'}}
  // expected-error@+1 {{'math.exp' op result #0 must be floating-point-like, but got 'i32'}}
  %0 = "math.exp"(%a) : (i32) -> i32
  return
}

// -----

func.func @absi_of_float(%x: f32) {
  // expected-error@+2 {{'math.absi' op operand #0 must be signless-integer-like, but got 'f32'}}
  // expected-error@+1 {{'math.absi' op result #0 must be signless-integer-like, but got 'f32'}}
  %0 = "math.absi"(%x) : (f32) -> f32
  return
}

// -----

func.func @result_type(%x: f32) {
  // expected-error@+1 {{'math.tanh' op requires the same type for all operands and results}}
  %0 = "math.tanh"(%x) : (f32) -> f64
  return
}
