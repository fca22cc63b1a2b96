// Verifier errors of the extra arith ops, with upstream MLIR 22's messages (upstream stops at the
// first mismatching operand; mc names each, as for the other arith ops).
//
// RUN: mc-opt %s --split-input-file --verify-diagnostics

func.func @f(%a: f32) -> f32 {
  // expected-error@+1 {{'arith.bitcast' op operand type 'f32' and result type 'i64' are cast incompatible}}
  %0 = arith.bitcast %a : f32 to i64
  return %a : f32
}
// -----
func.func @g(%a: f32) {
  // expected-error@+3 {{'arith.ceildivsi' op operand #0 must be signless-integer-like, but got 'f32'}}
  // expected-error@+2 {{'arith.ceildivsi' op operand #1 must be signless-integer-like, but got 'f32'}}
  // expected-error@+1 {{'arith.ceildivsi' op result #0 must be signless-integer-like, but got 'f32'}}
  %0 = arith.ceildivsi %a, %a : f32
  return
}
// -----
func.func @h(%a: i32) {
  // expected-error@+1 {{'arith.addui_extended' op result #1 must be bool-like, but got 'i8'}}
  %0:2 = "arith.addui_extended"(%a, %a) : (i32, i32) -> (i32, i8)
  return
}
