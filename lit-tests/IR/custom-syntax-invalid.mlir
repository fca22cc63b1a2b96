// Malformed custom syntax gives located diagnostics, the same ones upstream MLIR gives.
// RUN: mc-opt %s --split-input-file --verify-diagnostics
// RUN: mlir-opt-22 %s --split-input-file --verify-diagnostics

func.func @f(%a: i32, %b: i32) {
  // A bare name is looked up in the default dialect (`func` inside a function).
  // expected-error@+1 {{custom op 'addi' is unknown (tried 'func.addi' as well)}}
  %0 = addi %a, %b : i32
  return
}

// -----

// expected-error@+1 {{custom op 'return' is unknown (tried 'builtin.return' as well)}}
return

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{custom op 'arith.addx' is unknown}}
  %0 = arith.addx %a, %a : i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+2 {{Dialect `nodialect' not found for custom op 'nodialect.op'}}
  // expected-note@+1 {{Available dialects: }}
  nodialect.op %a
  return
}

// -----

func.func @f(%a: i32, %b: i32) {
  // expected-error@+1 {{custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = arith.cmpi less, %a, %b : i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{custom op 'arith.extsi' expected 'to'}}
  %0 = arith.extsi %a : i32 i64
  return
}

// -----

func.func @f(%a: i32, %b: i32) {
  // expected-error@+1 {{expected ':'}}
  %0 = arith.addi %a, %b i32
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @f(%a: i32, %b: i32) {
  // expected-error@+1 {{use of value '%a' expects different type than prior uses: 'f32' vs 'i32'}}
  %0 = arith.addi %a, %b : f32
  return
}

// -----

func.func @f(%a: i1, %b: i32) {
  // expected-error@+1 {{custom op 'arith.select' expected 3 operands}}
  %0 = arith.select %a, %b : i32
  return
}

// -----

func.func private @g(i32)
func.func @f(%a: i32) {
  // expected-error@+1 {{custom op 'func.call' invalid kind of type specified: expected builtin.function, but found 'i32'}}
  func.call @g(%a) : i32
  return
}

// -----

func.func private @g(i32)
func.func @f(%a: i32) {
  // expected-error@+1 {{custom op 'func.call' number of operands and types do not match: got 1 operands and 2 types}}
  func.call @g(%a) : (i32, i32) -> ()
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{expected attribute value}}
  func.call g(%a) : (i32) -> ()
  return
}

// -----

// expected-error@+1 {{custom op 'func.func' expected valid '@'-identifier for symbol name}}
func.func f()

// -----

// expected-error@+1 {{custom op 'func.func' expected SSA identifier}}
func.func @f(%a: i32, i32)

// -----

// expected-error@+1 {{custom op 'func.func' expected type instead of SSA identifier}}
func.func @f(i32, %a: i32)

// -----

// expected-error@+1 {{custom op 'func.func' expected non-empty function body}}
func.func @f() {}

// -----

func.func @f(%a: i32) {
// expected-error@+1 {{invalid block name in region with named arguments}}
^bb0(%b: i32):
  return
}

// -----

// expected-error@+2 {{region entry argument '%a' is already in use}}
// expected-note@+1 {{previously referenced here}}
func.func @f(%a: i32, %a: i32) {
  return
}

// -----

module {
  // expected-error@+1 {{custom op 'module' is unknown (tried 'func.module' as well)}}
  func.func @f() { module {} return }
}

// -----

func.func @f(%a: i32) -> i32 {
  // Custom ops are verified like generic ones.
  %w = arith.extsi %a : i32 to i64
  // expected-error@+1 {{type of return operand 0 ('i64') doesn't match function result type ('i32') in function @f}}
  return %w : i64
}
