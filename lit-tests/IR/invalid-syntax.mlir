// Parser diagnostics whose wording and line mc shares with upstream MLIR: the same file passes
// `--verify-diagnostics` with both tools (columns may differ; only lines are checked).
// Diagnostics only mc has (unsupported types, its limits) are in invalid-syntax-mc.mlir.
//
// RUN: mc-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: mlir-opt-22 %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

//===----------------------------------------------------------------------===//
// Tokens
//===----------------------------------------------------------------------===//

// expected-error@+1 {{unexpected character}}
"foo.op"() : () -> () ;

// -----

// expected-error@+1 {{expected '"' in string literal}}
"foo.op"() {s = "never closed} : () -> ()

// -----

// expected-error@+1 {{unknown escape in string literal}}
"foo.op"() {s = "a\qb"} : () -> ()

// -----

// expected-error@+1 {{@ identifier expected to start with letter or '_'}}
"foo.op"() {sym = @1} : () -> ()

// -----

// expected-error@+1 {{invalid SSA name}}
"foo.op"(% ) : (i32) -> ()

// -----

"foo.op"() ({
// expected-error@+1 {{invalid block name}}
^ :
}) : () -> ()

// -----

// expected-error@+1 {{invalid attribute name}}
"foo.op"() {a = # } : () -> ()

// -----

// expected-error@+1 {{invalid type identifier}}
"foo.op"() : () -> ! 

// -----

// expected-error@+1 {{expected three consecutive dots for an ellipsis}}
"foo.op"() {a = .} : () -> ()

//===----------------------------------------------------------------------===//
// Operation structure
//===----------------------------------------------------------------------===//

// -----

// expected-error@+1 {{empty operation name is invalid}}
""() : () -> ()

// -----

// expected-error@+1 {{expected operation name in quotes}}
() : () -> ()

// -----

// expected-error@+1 {{custom op 'bar' is unknown}}
bar

// -----

// A custom op of an unknown dialect is an error even with --allow-unregistered-dialect; the note
// lists the registered dialects.
// expected-error@+2 {{Dialect `foo' not found for custom op 'foo.op'}}
// expected-note-re@+1 {{Available dialects: {{.*}}arith, {{.*}}builtin, {{.*}}func, {{.*}}; for more info on dialect registration see https://mlir.llvm.org/getting_started/Faq/}}
foo.op

// -----

// expected-error@+1 {{expected '(' to start operand list}}
"foo.op" : () -> ()

// -----

// expected-error@+1 {{expected '=' after SSA name}}
%0 "foo.op"() : () -> i32

// -----

// expected-error@+1 {{expected valid ssa identifier}}
%0, 1 = "foo.op"() : () -> (i32, i32)

// -----

// expected-error@+1 {{expected integer number of results}}
%0:x = "foo.op"() : () -> i32

// -----

%0 = "foo.def"() : () -> i32
// expected-error@+1 {{expected ')' to end operand list}}
"foo.op"(%0 : (i32) -> ()

// -----

// expected-error@+1 {{expected ':' followed by operation type}}
"foo.op"() = () -> ()

// -----

// expected-error@+1 {{expected function type}}
"foo.op"() : i32

// -----

// expected-error@+1 {{expected '->' in function type}}
"foo.op"() : () ()

// -----

// expected-error@+1 {{expected ')'}}
"foo.op"() : (i32 -> ()

// -----

// The error goes at the end of the line where ')' is missing, not on the next token.
// expected-error@+1 {{expected ')'}}
"foo.op"() : () -> (i32, i64 // results
"foo.next"() : () -> ()

// -----

%0 = "foo.def"() : () -> i32
// expected-error@+1 {{expected 1 operand type}}
"foo.op"(%0) : (i32, i32) -> ()

// -----

// expected-error@+1 {{expected '{' to begin a region}}
"foo.op"() (i32) : () -> ()

// -----

"foo.op"() ({
  "foo.inner"() : () -> ()
// expected-error@+1 {{expected ')' to end region list}}
} : () -> ()

// -----

// expected-error@+1 {{expected '>' to close properties}}
"foo.op"() <{a = 1} : () -> ()

// -----

// expected-error@+1 {{expected '}' in attribute dictionary}}
"foo.op"() {a = 1 "x"} : () -> ()

// -----

// expected-error@+1 {{expected attribute name}}
"foo.op"() {1 = 2} : () -> ()

// -----

// expected-error@+1 {{expected valid attribute name}}
"foo.op"() {"" = 2} : () -> ()

// -----

// expected-error@+1 {{duplicate key 'a' in dictionary attribute}}
"foo.op"() {a = 1, b = 2, a = 3} : () -> ()

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

// -----

// expected-error@+1 {{expected non-function type}}
"foo.op"() : () -> i0x

// -----

// expected-error@+1 {{expected non-function type}}
"foo.op"() : () -> (

// -----

// expected-error@+1 {{integer bitwidth is limited to 16777215 bits}}
"foo.op"() : () -> i16777216

// -----

// expected-error@+1 {{expected '<' in tensor type}}
"foo.op"() : () -> tensor

// -----

// expected-error@+1 {{expected non-function type}}
"foo.op"() : () -> tensor<2x>

// -----

// expected-error@+1 {{expected '>' in tensor type}}
"foo.op"() : () -> tensor<2xi32

// -----

// expected-error@+1 {{invalid tensor element type}}
"foo.op"() : () -> tensor<2xnone>

// -----

// expected-error@+1 {{invalid dimension}}
"foo.op"() : () -> tensor<99999999999999999999xi8>

// -----

// expected-error@+1 {{expected 'x' in dimension list}}
"foo.op"() : () -> tensor<2 i32>

// -----

// expected-error@+1 {{unbalanced '<' character in pretty dialect name}}
"foo.op"() : () -> !foo.type<1

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

// -----

// expected-error@+1 {{expected attribute value}}
"foo.op"() {a = bogus} : () -> ()

// -----

// expected-error@+1 {{expected ',' or ']'}}
"foo.op"() {a = [1, 2} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"foo.op"() {a = -129 : i8} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"foo.op"() {a = 256 : ui8} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"foo.op"() {a = 1 : si1} : () -> ()

// -----

// expected-error@+1 {{negative integer literal not valid for unsigned integer type}}
"foo.op"() {a = -1 : ui8} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"foo.op"() {a = 99999999999999999999999999999999999999999 : i64} : () -> ()

// -----

// expected-error@+1 {{floating point value not valid for specified type}}
"foo.op"() {a = 1.5 : i32} : () -> ()

// -----

// expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note@+1 {{add a trailing dot to make the literal a float}}
"foo.op"() {a = 1 : f32} : () -> ()

// -----

// expected-error@+1 {{hexadecimal float constant out of range for type}}
"foo.op"() {a = 0x7fc00000 : f16} : () -> ()

// -----

// expected-error@+1 {{hexadecimal float literal should not have a leading minus}}
"foo.op"() {a = -0x1 : f32} : () -> ()

// -----

// expected-error@+1 {{integer literal not valid for specified type}}
"foo.op"() {a = 1 : none} : () -> ()

// -----

// expected-error@+1 {{inferred shape of elements literal ([3]) does not match type ([2])}}
"foo.op"() {a = dense<[1, 2, 3]> : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
"foo.op"() {a = dense<[[1, 2], [3]]> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
"foo.op"() {a = dense<[[1, 2], 3]> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error@+1 {{expected integer elements, but parsed floating-point}}
"foo.op"() {a = dense<[1.5, 2.0]> : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{expected i1 type for 'true' or 'false' values}}
"foo.op"() {a = dense<true> : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range}}
"foo.op"() {a = dense<[1, 300]> : tensor<2xi8>} : () -> ()

// -----

// expected-error@+1 {{elements literal must be a shaped type}}
"foo.op"() {a = dense<1> : i32} : () -> ()

// -----

// expected-error@+1 {{expected string containing hex digits starting with `0x`}}
"foo.op"() {a = dense<"0xZZ"> : tensor<1xi8>} : () -> ()

// -----

// expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<3xi8>'}}
"foo.op"() {a = dense<"0x0102"> : tensor<3xi8>} : () -> ()

// -----

// expected-error@+1 {{expected identifier key for 'resource' entry}}
"foo.op"() {a = dense_resource<1> : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{`dense_resource` expected a shaped type}}
"foo.op"() {a = dense_resource<blob> : i32} : () -> ()

// -----

// expected-error@+1 {{expected ':' after dense array type}}
"foo.op"() {a = array<i8 1>} : () -> ()

// -----

// expected-error@+1 {{expected '<' after 'array'}}
"foo.op"() {a = array i32} : () -> ()

// -----

// expected-error@+1 {{expected '>' to close an array attribute}}
"foo.op"() {a = array<i8: 1 2>} : () -> ()

// -----

// expected-error@+1 {{expected '<' after 'dense'}}
"foo.op"() {a = dense 1} : () -> ()

// -----

// expected-error@+1 {{expected '>'}}
"foo.op"() {a = dense<1 2> : tensor<2xi8>} : () -> ()

// -----

// expected-error@+1 {{expected ':'}}
"foo.op"() {a = dense<1> i32} : () -> ()

// -----

// expected-error@+1 {{expected '<' after 'dense_resource'}}
"foo.op"() {a = dense_resource blob} : () -> ()

// -----

// expected-error@+1 {{expected '>'}}
"foo.op"() {a = dense_resource<blob : tensor<2xi8>} : () -> ()

// -----

// expected-error@+1 {{expected ':'}}
"foo.op"() {a = dense_resource<blob> tensor<2xi8>} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range}}
"foo.op"() {a = array<i8: 1, 300>} : () -> ()

// -----

// expected-error@+1 {{expected nested symbol reference identifier}}
"foo.op"() {a = @outer::} : () -> ()

//===----------------------------------------------------------------------===//
// Aliases
//===----------------------------------------------------------------------===//

// -----

// expected-error@+1 {{undefined symbol alias id 'missing'}}
"foo.op"() {a = #missing} : () -> ()

// -----

// expected-error@+1 {{undefined symbol alias id 'missing'}}
"foo.op"() : () -> !missing

// -----

#a = 1
// expected-error@+1 {{redefinition of attribute alias id 'a'}}
#a = 2

// -----

!t = i32
// expected-error@+1 {{redefinition of type alias id 't'}}
!t = i64

// -----

// expected-error@+1 {{attribute names with a '.' are reserved for dialect-defined names}}
#foo.bar = 1

// -----

// expected-error@+1 {{type names with a '.' are reserved for dialect-defined names}}
!foo.bar = i32

// -----

// expected-error@+1 {{expected '=' in type alias definition}}
!t i32

// -----

// expected-error@+1 {{expected '=' in attribute alias definition}}
#a 1

//===----------------------------------------------------------------------===//
// SSA values
//===----------------------------------------------------------------------===//

// -----

// expected-note@+1 {{previously defined here}}
%0 = "foo.def"() : () -> i32
// expected-error@+1 {{redefinition of SSA value '%0'}}
%0 = "foo.def"() : () -> i32

// -----

"foo.op"() ({
// expected-note@+2 {{previously defined here}}
// expected-error@+1 {{redefinition of SSA value '%a'}}
^bb0(%a: i32, %a: i32):
}) : () -> ()

// -----

// expected-error@+1 {{use of undeclared SSA value name}}
"foo.op"(%undefined) : (i32) -> ()

// -----

%0 = "foo.def"() : () -> i32
// expected-error@+1 {{reference to invalid result number}}
"foo.op"(%0#1) : (i32) -> ()

// -----

%0 = "foo.def"() : () -> i32
// expected-error@+1 {{invalid SSA value result number}}
"foo.op"(%0#99999999999) : (i32) -> ()

// -----

"foo.graph"() ({
  "foo.op"(%0) : (i32) -> ()
  %0:2 = "foo.def"() : () -> (i32, i32)
  // expected-error@+1 {{reference to invalid result number}}
  "foo.op"(%0#5) : (i32) -> ()
}) : () -> ()

// -----

"foo.graph"() ({
  // expected-note@+1 {{previously used here with type 'i32'}}
  "foo.op"(%x) : (i32) -> ()
  // expected-error@+1 {{definition of SSA value '%x#0' has type 'i64'}}
  %x = "foo.def"() : () -> i64
}) : () -> ()

// -----

"foo.graph"() ({
  // expected-note@+1 {{prior use here}}
  "foo.op"(%x) : (i32) -> ()
  // expected-error@+1 {{use of value '%x' expects different type than prior uses: 'i64' vs 'i32'}}
  "foo.op"(%x) : (i64) -> ()
  %x = "foo.def"() : () -> i64
}) : () -> ()

// -----

// expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
%0:2 = "foo.def"() : () -> i32

// -----

// expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
%0, %1 = "foo.def"() : () -> i32

// -----

// expected-error@+1 {{expected named operation to have at least 1 result}}
%0:0 = "foo.def"() : () -> i32

// -----

// expected-error@+1 {{cannot name an operation with no results}}
%0 = "foo.op"() : () -> ()

// -----

// expected-error@+1 {{expected SSA operand}}
"foo.op"(%0, ) : (i32) -> ()

//===----------------------------------------------------------------------===//
// Blocks
//===----------------------------------------------------------------------===//

// -----

"foo.op"() ({
^bb0:
  // expected-error@+1 {{reference to an undefined block}}
  "foo.br"() [^missing] : () -> ()
}) : () -> ()

// -----

"foo.op"() ({
^bb0:
  "foo.br"() [^bb0] : () -> ()
// expected-error@+1 {{redefinition of block '^bb0'}}
^bb0:
  "foo.end"() : () -> ()
}) : () -> ()

// -----

"foo.op"() ({
// expected-error@+1 {{expected ':' after block name}}
^bb0 "foo.end"() : () -> ()
}) : () -> ()

// -----

"foo.op"() ({
// expected-error@+1 {{expected ':' and type for SSA operand}}
^bb0(%a i32):
}) : () -> ()

// -----

"foo.op"() ({
// expected-error@+1 {{expected SSA operand}}
^bb0(a: i32):
}) : () -> ()

// -----

"foo.op"() ({
^bb0:
  // expected-error@+1 {{expected block name}}
  "foo.br"() [%x] : () -> ()
}) : () -> ()

//===----------------------------------------------------------------------===//
// Locations
//===----------------------------------------------------------------------===//

// -----

// expected-error@+1 {{expected location instance}}
"foo.op"() : () -> () loc(bogus)

// -----

// expected-error@+1 {{expected ')' in location}}
"foo.op"() : () -> () loc("name" "other")

// -----

// expected-error@+1 {{expected integer line number}}
"foo.op"() : () -> () loc("file.mlir":x:1)

// -----

// expected-error@+1 {{expected integer column number}}
"foo.op"() : () -> () loc("file.mlir":1:x)

// -----

// expected-error@+1 {{expected '(' in location}}
"foo.op"() : () -> () loc "name"

// -----

// expected-error@+1 {{expected ')' after child location}}
"foo.op"() : () -> () loc("name"("child" x))

// -----

// expected-error@+1 {{expected '(' in callsite location}}
"foo.op"() : () -> () loc(callsite "callee" at "caller")

// -----

// expected-error@+1 {{expected ')' in callsite location}}
"foo.op"() : () -> () loc(callsite("callee" at "caller" x))

// -----

// expected-error@+1 {{expected 'at' in callsite location}}
"foo.op"() : () -> () loc(callsite("callee" "caller"))

// -----

// expected-error@+1 {{expected '>' after fused location metadata}}
"foo.op"() : () -> () loc(fused<"meta"["a"])

//===----------------------------------------------------------------------===//
// Resources
//===----------------------------------------------------------------------===//

// -----

{-#
  dialect_resources: {
    builtin: {
      // expected-error@+1 {{expected hex string blob for key 'blob'}}
      blob: 5
    }
  }
#-}

// -----

{-#
  dialect_resources: {
    builtin: {
      // expected-error@+1 {{expected hex string blob for key 'blob'}}
      blob: "not hex"
    }
  }
#-}

// -----

{-#
  dialect_resources: {
    builtin: {
      // expected-error@+1 {{expected hex string blob for key 'blob' to encode alignment in first 4 bytes}}
      blob: "0x0102"
    }
  }
#-}

// -----

{-#
  dialect_resources: {
    builtin: {
      // expected-error@+1 {{but got non-power-of-2 value: 3}}
      blob: "0x03000000ff"
    }
  }
#-}

// -----

// expected-error@+1 {{unknown key 'bogus' in file metadata dictionary}}
{-# bogus: {} #-}

// -----

// expected-error@+1 {{expected identifier key in file metadata dictionary}}
{-# 1: {} #-}

// -----

// expected-error@+1 {{expected ':'}}
{-# dialect_resources { } #-}

// -----

// expected-error@+1 {{expected ':'}}
{-# dialect_resources: { builtin { } } #-}

// -----

// expected-error@+1 {{expected ',' or '#-}'}}
{-# dialect_resources: { builtin: { blob: "0x0400000001" } }

// -----

// expected-error@+1 {{expected either integer or `:` post `to` in FileLineColRange}}
"t.op"() {a = loc("f":1:2 to x)} : () -> ()

// -----

// A range needs its end column.
// expected-error@+1 {{expected either integer or `:` post `to` in FileLineColRange}}
"foo.op"() : () -> () loc("file.mlir":1:2 to 3)

// -----

// A line alone is a position (column 0).
// expected-error@+1 {{expected ')' in location}}
"foo.op"() : () -> () loc("file.mlir":1 2)

// -----

// expected-error@+1 {{negative integer literal not valid for unsigned integer type}}
"t.op"() {a = -1 : ui128} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"t.op"() {a = 340282366920938463463374607431768211455 : si128} : () -> ()

// -----

// 127 bits: an i128 holds the literal, not the type.
// expected-error@+1 {{integer constant out of range for attribute}}
"t.op"() {a = 170141183460469231731687303715884105727 : si127} : () -> ()

// -----

// Integers wider than 128 bits: the range of the type, whatever the literal's size.
// expected-error@+1 {{integer constant out of range for attribute}}
"t.op"() {a = 231584178474632390847141970017375815706539969331281128078915168015826259279872 : i256} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"t.op"() {a = 57896044618658097711785492504343953926634992332820282019728792003956564819968 : si256} : () -> ()

// -----

// expected-error@+1 {{negative integer literal not valid for unsigned integer type}}
"t.op"() {a = -1606938044258990275541962092341162602522202993782792835301376 : ui256} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"t.op"() {a = 1606938044258990275541962092341162602522202993782792835301376 : i64} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for type}}
"t.op"() {a = dense<[1606938044258990275541962092341162602522202993782792835301376]> : tensor<1xi64>} : () -> ()
