// Errors in literals, affine maps and sets and tuple types point where mlir-opt-22 points: a
// value's error at the literal after its minus sign, a float given a type without floats just
// after the type, a missing closing token right after the last token read, with upstream's
// wording of what was being read.
// RUN: not mc-opt %s --allow-unregistered-dialect --split-input-file 2>&1 | FileCheck %s
// RUN: not mlir-opt-22 %s --allow-unregistered-dialect --split-input-file 2>&1 | FileCheck %s

// CHECK: error-columns-upstream.mlir:[[# @LINE + 1]]:16: error: hexadecimal float literal should not have a leading minus
"t.op"() {a = -0x3C00 : f16} : () -> ()

// -----

// CHECK: error-columns-upstream.mlir:[[# @LINE + 1]]:17: error: negative integer literal not valid for unsigned integer type
"t.op"() {a = - 1 : ui8} : () -> ()

// -----

// CHECK: error-columns-upstream.mlir:[[# @LINE + 1]]:24: error: floating point value not valid for specified type
"t.op"() {a = 1.5 : i32} : () -> ()

// -----

// CHECK: error-columns-upstream.mlir:[[# @LINE + 1]]:28: error: floating point value not valid for specified type
"t.op"() {a = [-1.5 : index]} : () -> ()

// -----

// CHECK: error-columns-upstream.mlir:[[# @LINE + 1]]:37: error: expected ')' in affine map range
"t.op"() {a = affine_map<(d0) -> (d0 d0)>} : () -> ()

// -----

// CHECK: error-columns-upstream.mlir:[[# @LINE + 1]]:41: error: expected ')' in integer set constraint list
"t.op"() {a = affine_set<(d0) : (d0 >= 0>} : () -> ()

// -----

// CHECK: error-columns-upstream.mlir:[[# @LINE + 1]]:24: error: expected '>' in tuple type
"t.op"() {a = tuple<i32 i64>} : () -> ()
