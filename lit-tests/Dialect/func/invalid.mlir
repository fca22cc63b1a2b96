// RUN: mc-opt %s --split-input-file --verify-diagnostics
// Every verifier message of func.func, func.return and func.call.

// expected-error@+1 {{'func.func' op type of entry block argument #0('i64') must match the type of the corresponding argument in function signature('i32')}}
"func.func"() <{function_type = (i32) -> (), sym_name = "arg_type"}> ({
^bb0(%x: i64):
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op entry block must have 2 arguments to match function signature}}
"func.func"() <{function_type = (i32, i32) -> (), sym_name = "arg_count"}> ({
^bb0(%x: i32):
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op symbol declaration cannot have public visibility}}
"func.func"() <{function_type = () -> (), sym_name = "public_declaration"}> ({
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type}}
"func.func"() <{function_type = i32, sym_name = "not_function_type", sym_visibility = "private"}> ({
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op attribute 'function_type' failed to satisfy constraint: type attribute}}
"func.func"() <{function_type = 3 : i32, sym_name = "not_type", sym_visibility = "private"}> ({
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op requires attribute 'function_type'}}
"func.func"() <{sym_name = "no_type", sym_visibility = "private"}> ({
}) : () -> ()

// -----

// The symbol trait and the op both check the name; as upstream, the op's declared attributes are
// checked first and a missing name is reported once.
// expected-error@+1 {{'func.func' op requires attribute 'sym_name'}}
"func.func"() <{function_type = () -> ()}> ({
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Reported once (upstream rejects it earlier, when converting the properties).
// expected-error@+1 {{'func.func' op attribute 'sym_name' failed to satisfy constraint: string attribute}}
"func.func"() <{function_type = () -> (), sym_name = 3 : i32}> ({
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op requires 1 regions, but found 2}}
"func.func"() <{function_type = () -> (), sym_name = "two_regions"}> ({
  "func.return"() : () -> ()
}, {
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op requires 0 results, but found 1}}
%0 = "func.func"() <{function_type = () -> (), sym_name = "with_result"}> ({
  "func.return"() : () -> ()
}) : () -> i32

// -----

"func.func"() <{function_type = () -> (), sym_name = "no_terminator"}> ({
  // expected-error@+1 {{block with no terminator, has %0 = "arith.constant"() <{value = 1 : i64}> : () -> i64}}
  %c = "arith.constant"() <{value = 1 : i64}> : () -> i64
}) : () -> ()

// -----

// expected-note@+1 {{see existing symbol definition here}}
"func.func"() <{function_type = () -> (), sym_name = "twice"}> ({
  "func.return"() : () -> ()
}) : () -> ()
// expected-error@+1 {{redefinition of symbol named 'twice'}}
"func.func"() <{function_type = () -> (), sym_name = "twice"}> ({
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
"func.return"() : () -> ()

// -----

"func.func"() <{function_type = (i32) -> i32, sym_name = "too_few"}> ({
^bb0(%x: i32):
  // expected-error@+1 {{'func.return' op has 0 operands, but enclosing function (@too_few) returns 1}}
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (i32) -> (), sym_name = "too_many"}> ({
^bb0(%x: i32):
  // expected-error@+1 {{'func.return' op has 1 operands, but enclosing function (@too_many) returns 0}}
  "func.return"(%x) : (i32) -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (i32) -> i64, sym_name = "wrong_type"}> ({
^bb0(%x: i32):
  // expected-error@+1 {{'func.return' op type of return operand 0 ('i32') doesn't match function result type ('i64') in function @wrong_type}}
  "func.return"(%x) : (i32) -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "not_last"}> ({
  // expected-error@+1 {{'func.return' op must be the last operation in the parent block}}
  "func.return"() : () -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "unknown_callee"}> ({
  // expected-error@+1 {{'func.call' op 'nope' does not reference a valid function}}
  "func.call"() <{callee = @nope}> : () -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

"builtin.module"() <{sym_name = "not_a_function"}> ({
^bb0:
}) : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "calls_a_module"}> ({
  // expected-error@+1 {{'func.call' op 'not_a_function' does not reference a valid function}}
  "func.call"() <{callee = @not_a_function}> : () -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Symbols resolve in the nearest symbol table only, as in MLIR: @outer is not visible in @inner.
"func.func"() <{function_type = () -> (), sym_name = "outer", sym_visibility = "private"}> ({
}) : () -> ()
"builtin.module"() <{sym_name = "inner"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "caller"}> ({
    // expected-error@+1 {{'func.call' op 'outer' does not reference a valid function}}
    "func.call"() <{callee = @outer}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// The callee is a flat reference, as in MLIR.
"builtin.module"() <{sym_name = "inner"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "f"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "nested_callee"}> ({
  // expected-error@+1 {{'func.call' op attribute 'callee' failed to satisfy constraint: flat symbol reference attribute}}
  "func.call"() <{callee = @inner::@f}> : () -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "no_callee"}> ({
  // expected-error@+1 {{'func.call' op requires attribute 'callee'}}
  "func.call"() : () -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "string_callee"}> ({
  // expected-error@+1 {{'func.call' op attribute 'callee' failed to satisfy constraint: symbol reference attribute}}
  "func.call"() <{callee = "string_callee"}> : () -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (i32) -> i32, sym_name = "callee", sym_visibility = "private"}> ({
}) : () -> ()
"func.func"() <{function_type = (i64, i32) -> (), sym_name = "mismatches"}> ({
^bb0(%wide: i64, %x: i32):
  // expected-error@+1 {{'func.call' op operand type mismatch: expected operand type 'i32', but provided 'i64' for operand number 0}}
  %0 = "func.call"(%wide) <{callee = @callee}> : (i64) -> i32
  // expected-error@+1 {{'func.call' op incorrect number of operands for callee}}
  %1 = "func.call"() <{callee = @callee}> : () -> i32
  // expected-error@+1 {{'func.call' op result type mismatch at index 0}}
  %2 = "func.call"(%x) <{callee = @callee}> : (i32) -> i64
  // expected-error@+1 {{'func.call' op incorrect number of results for callee}}
  "func.call"(%x) <{callee = @callee}> : (i32) -> ()
  "func.return"() : () -> ()
}) : () -> ()
