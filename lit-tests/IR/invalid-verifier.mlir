// Verifier diagnostics through real ops (builtin, func, arith); unregistered `foo.*` ops stand in
// for branches and other ops with successors or regions.
//
// RUN: mc-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

//===----------------------------------------------------------------------===//
// Terminators and blocks
//===----------------------------------------------------------------------===//

"func.func"() ({
^bb0:
  // expected-error@+1 {{block with no terminator}}
  %0 = "arith.constant"() {value = 1 : i32} : () -> i32
}) {sym_name = "no_terminator", function_type = () -> ()} : () -> ()

// -----

// expected-error@+1 {{empty block: expect at least a terminator}}
"func.func"() ({
^bb0:
}) {sym_name = "empty_block", function_type = () -> ()} : () -> ()

// -----

"func.func"() ({
^bb0:
  // expected-error@+1 {{'func.return' op must be the last operation in the parent block}}
  "func.return"() : () -> ()
  "foo.after"() : () -> ()
}) {sym_name = "terminator_not_last", function_type = () -> ()} : () -> ()

// -----

"func.func"() ({
^bb0:
  // expected-error@+1 {{operation with block successors must terminate its parent block}}
  "foo.br"() [^bb1] : () -> ()
  "func.return"() : () -> ()
^bb1:
  "func.return"() : () -> ()
}) {sym_name = "successors_not_last", function_type = () -> ()} : () -> ()

// -----

// As in MLIR, the error is reported at the op holding the region.
// expected-error@+1 {{entry block of region may not have predecessors}}
"func.func"() ({
^bb0:
  "foo.br"() [^bb1] : () -> ()
^bb1:
  "foo.br"() [^bb0] : () -> ()
}) {sym_name = "branch_to_entry", function_type = () -> ()} : () -> ()

//===----------------------------------------------------------------------===//
// Dominance
//===----------------------------------------------------------------------===//

// -----

// A value defined on one side of a diamond is used after the join.
"func.func"() ({
^bb0(%c: i1):
  "foo.cond_br"(%c) [^bb1, ^bb2] : (i1) -> ()
^bb1:
  // expected-note@+1 {{operand defined here (op in the same region)}}
  %x = "foo.def"() : () -> i32
  "foo.br"() [^bb3] : () -> ()
^bb2:
  "foo.br"() [^bb3] : () -> ()
^bb3:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "func.return"(%x) : (i32) -> ()
}) {sym_name = "diamond", function_type = (i1) -> i32} : () -> ()

// -----

"func.func"() ({
^bb0:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "foo.use"(%x) : (i32) -> ()
  // expected-note@+1 {{operand defined here (op in the same block)}}
  %x = "foo.def"() : () -> i32
  "func.return"() : () -> ()
}) {sym_name = "use_before_def", function_type = () -> ()} : () -> ()

// -----

// As in MLIR, the note on a block argument points at the op holding the block.
// expected-note@+1 {{operand defined as a block argument (block #1 in the same region)}}
"func.func"() ({
^bb0:
  "foo.br"() [^bb2] : () -> ()
^bb1(%arg: i32):
  "func.return"() : () -> ()
^bb2:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "foo.use"(%arg) : (i32) -> ()
  "func.return"() : () -> ()
}) {sym_name = "block_argument", function_type = () -> ()} : () -> ()

// -----

"func.func"() ({
^bb0:
  "foo.br"() [^bb2] : () -> ()
^bb1:
  // expected-note@+1 {{operand defined here (op in a parent region)}}
  %x = "foo.def"() : () -> i32
  "func.return"() : () -> ()
^bb2:
  // A use nested in a region is judged at its ancestor in the defining region.
  // expected-error@+2 {{operand #0 does not dominate this use}}
  "foo.wrapper"() ({
    "foo.use"(%x) : (i32) -> ()
  }) : () -> ()
  "func.return"() : () -> ()
}) {sym_name = "nested_use", function_type = () -> ()} : () -> ()

// -----

// A use before the op whose region defines the value: the parser resolves the forward reference
// (as MLIR's does), the verifier rejects it.
"func.func"() ({
^bb0:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "foo.use"(%x) : (i32) -> ()
  "foo.wrapper"() ({
    // expected-note@+1 {{operand defined here (op in a child region)}}
    %x = "foo.def"() : () -> i32
  }) : () -> ()
  "func.return"() : () -> ()
}) {sym_name = "child_region", function_type = () -> ()} : () -> ()

// -----

// Likewise for a value of a sibling region.
"func.func"() ({
^bb0:
  "foo.a"() ({
    // expected-error@+1 {{operand #0 does not dominate this use}}
    "foo.use"(%x) : (i32) -> ()
  }) : () -> ()
  "foo.b"() ({
    // expected-note@+1 {{operand defined here (op is neither in a parent nor in a child region)}}
    %x = "foo.def"() : () -> i32
  }) : () -> ()
  "func.return"() : () -> ()
}) {sym_name = "sibling_region", function_type = () -> ()} : () -> ()

// -----

// Values of the enclosing module are not visible inside an isolated function: the parser
// already rejects the name.
%outer = "foo.def"() : () -> i32
"func.func"() ({
^bb0:
  // expected-error@+1 {{use of undeclared SSA value name '%outer'}}
  "foo.use"(%outer) : (i32) -> ()
  "func.return"() : () -> ()
}) {sym_name = "isolated", function_type = () -> ()} : () -> ()

//===----------------------------------------------------------------------===//
// Symbols
//===----------------------------------------------------------------------===//

// -----

// expected-note@+1 {{see existing symbol definition here}}
"func.func"() ({
^bb0:
  "func.return"() : () -> ()
}) {sym_name = "twice", function_type = () -> ()} : () -> ()
// expected-error@+1 {{redefinition of symbol named 'twice'}}
"func.func"() ({
^bb0:
  "func.return"() : () -> ()
}) {sym_name = "twice", function_type = () -> ()} : () -> ()

// -----

// expected-error@+1 {{visibility expected to be one of ["public", "private", "nested"], but got "bogus"}}
"func.func"() ({
^bb0:
  "func.return"() : () -> ()
}) {sym_name = "visibility", function_type = () -> (), sym_visibility = "bogus"} : () -> ()

// -----

// A symbol without a name breaks both the Symbol trait and func.func's own attribute list; as
// upstream, the op's declared attributes are checked first and the Symbol trait does not repeat it.
// expected-error@+1 {{'func.func' op requires attribute 'sym_name'}}
"func.func"() ({
^bb0:
  "func.return"() : () -> ()
}) {function_type = () -> ()} : () -> ()

//===----------------------------------------------------------------------===//
// func.func, func.return, func.call
//===----------------------------------------------------------------------===//

// -----

// expected-error@+1 {{'func.func' op symbol declaration cannot have public visibility}}
"func.func"() ({
}) {sym_name = "public_declaration", function_type = (i64) -> ()} : () -> ()

// -----

// expected-error@+1 {{'func.func' op entry block must have 1 arguments to match function signature}}
"func.func"() ({
^bb0:
  "func.return"() : () -> ()
}) {sym_name = "arg_count", function_type = (i32) -> ()} : () -> ()

// -----

// expected-error@+1 {{'func.func' op type of entry block argument #0('i64') must match the type of the corresponding argument in function signature('i32')}}
"func.func"() ({
^bb0(%a: i64):
  "func.return"() : () -> ()
}) {sym_name = "arg_type", function_type = (i32) -> ()} : () -> ()

// -----

// expected-error@+1 {{'func.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type}}
"func.func"() ({
^bb0:
  "func.return"() : () -> ()
}) {sym_name = "not_a_function_type", function_type = i32} : () -> ()

// -----

// The return inside is checked first; it must not rely on the missing signature.
// expected-error@+1 {{'func.func' op requires attribute 'function_type'}}
"func.func"() ({
^bb0:
  "func.return"() : () -> ()
}) {sym_name = "no_function_type"} : () -> ()

// -----

"func.func"() ({
^bb0:
  %0 = "arith.constant"() {value = 1 : i64} : () -> i64
  // expected-error@+1 {{'func.return' op type of return operand 0 ('i64') doesn't match function result type ('i32') in function @result_type}}
  "func.return"(%0) : (i64) -> ()
}) {sym_name = "result_type", function_type = () -> i32} : () -> ()

// -----

"func.func"() ({
^bb0:
  // expected-error@+1 {{'func.return' op has 0 operands, but enclosing function (@result_count) returns 1}}
  "func.return"() : () -> ()
}) {sym_name = "result_count", function_type = () -> i32} : () -> ()

// -----

// expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
"func.return"() : () -> ()

// -----

"func.func"() ({
^bb0:
  // expected-error@+1 {{'func.call' op 'missing' does not reference a valid function}}
  "func.call"() {callee = @missing} : () -> ()
  "func.return"() : () -> ()
}) {sym_name = "caller", function_type = () -> ()} : () -> ()

// -----

"func.func"() ({
^bb0(%a: i32):
  // expected-error@+1 {{'func.call' op incorrect number of operands for callee}}
  "func.call"(%a, %a) {callee = @callee} : (i32, i32) -> ()
  "func.return"() : () -> ()
}) {sym_name = "caller", function_type = (i32) -> ()} : () -> ()
"func.func"() ({
}) {sym_name = "callee", function_type = (i32) -> (), sym_visibility = "private"} : () -> ()

// -----

"func.func"() ({
^bb0(%a: i32):
  // expected-error@+1 {{'func.call' op operand type mismatch: expected operand type 'i64', but provided 'i32' for operand number 0}}
  "func.call"(%a) {callee = @callee} : (i32) -> ()
  "func.return"() : () -> ()
}) {sym_name = "caller", function_type = (i32) -> ()} : () -> ()
"func.func"() ({
}) {sym_name = "callee", function_type = (i64) -> (), sym_visibility = "private"} : () -> ()

// -----

"func.func"() ({
^bb0:
  // expected-error@+1 {{'func.call' op incorrect number of results for callee}}
  %0 = "func.call"() {callee = @callee} : () -> i32
  "func.return"() : () -> ()
}) {sym_name = "caller", function_type = () -> ()} : () -> ()
"func.func"() ({
}) {sym_name = "callee", function_type = () -> (), sym_visibility = "private"} : () -> ()

// -----

"func.func"() ({
^bb0:
  // expected-error@+1 {{'func.call' op result type mismatch at index 0}}
  %0 = "func.call"() {callee = @callee} : () -> i32
  "func.return"() : () -> ()
}) {sym_name = "caller", function_type = () -> ()} : () -> ()
"func.func"() ({
}) {sym_name = "callee", function_type = () -> i64, sym_visibility = "private"} : () -> ()

// -----

// A call to a function whose own signature is broken reports only the function's error.
"func.func"() ({
^bb0:
  "func.call"() {callee = @callee} : () -> ()
  "func.return"() : () -> ()
}) {sym_name = "caller", function_type = () -> ()} : () -> ()
// expected-error@+1 {{'func.func' op requires attribute 'function_type'}}
"func.func"() ({
}) {sym_name = "callee", sym_visibility = "private"} : () -> ()

//===----------------------------------------------------------------------===//
// arith
//===----------------------------------------------------------------------===//

// -----

%0 = "arith.constant"() {value = 1 : i32} : () -> i32
%1 = "arith.constant"() {value = 1 : i64} : () -> i64
// expected-error@+1 {{'arith.addi' op requires the same type for all operands and results}}
%2 = "arith.addi"(%0, %1) : (i32, i64) -> i32

// -----

%0 = "arith.constant"() {value = 1 : i32} : () -> i32
// expected-error@+1 {{'arith.muli' op requires the same type for all operands and results}}
%1 = "arith.muli"(%0, %0) : (i32, i32) -> i64

// -----

// expected-error@+1 {{'arith.constant' op value type 'i32' does not match result type 'i64'}}
%0 = "arith.constant"() {value = 1 : i32} : () -> i64

// -----

// expected-error@+1 {{'arith.constant' op requires attribute 'value'}}
%0 = "arith.constant"() : () -> i64

// -----

%0 = "arith.constant"() {value = 1 : i32} : () -> i32
// expected-error@+1 {{'arith.addi' op requires 2 operands, but found 1}}
%1 = "arith.addi"(%0) : (i32) -> i32

// -----

%0 = "arith.constant"() {value = 1 : i32} : () -> i32
// expected-error@+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
%1 = "arith.cmpi"(%0, %0) {predicate = 42 : i64} : (i32, i32) -> i1

// -----

%0 = "arith.constant"() {value = 1 : i32} : () -> i32
%1 = "arith.constant"() {value = 1 : i64} : () -> i64
// expected-error@+1 {{'arith.cmpi' op requires all operands to have the same type}}
%2 = "arith.cmpi"(%0, %1) {predicate = 0 : i64} : (i32, i64) -> i1

// -----

%0 = "arith.constant"() {value = 1 : i32} : () -> i32
// expected-error@+1 {{'arith.cmpi' op result must be i1, or a tensor of i1 with the operands' shape}}
%1 = "arith.cmpi"(%0, %0) {predicate = 0 : i64} : (i32, i32) -> i32

// -----

%0 = "arith.constant"() {value = 1 : i32} : () -> i32
// expected-error@+1 {{'arith.extsi' op result type 'i16' must be wider than operand type 'i32'}}
%1 = "arith.extsi"(%0) : (i32) -> i16

// -----

%0 = "arith.constant"() {value = 1 : i32} : () -> i32
// expected-error@+1 {{'arith.trunci' op result type 'i64' must be shorter than operand type 'i32'}}
%1 = "arith.trunci"(%0) : (i32) -> i64

// -----

%0 = "arith.constant"() {value = 1 : i32} : () -> i32
%c = "arith.constant"() {value = true} : () -> i1
// expected-error@+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
%1 = "arith.select"(%c, %0, %c) : (i1, i32, i1) -> i32

// -----

%0 = "arith.constant"() {value = 1.0 : f32} : () -> f32
// expected-error@+1 {{'arith.cmpf' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}}
%1 = "arith.cmpf"(%0, %0) {predicate = 16 : i64} : (f32, f32) -> i1

// -----

%0 = "arith.constant"() {value = 1 : i32} : () -> i32
// expected-error@+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
%1 = "arith.cmpi"(%0, %0) {predicate = "slt"} : (i32, i32) -> i1

// -----

// expected-error@+1 {{'arith.constant' op value must be an integer, float or elements attribute}}
%0 = "arith.constant"() {value = "s"} : () -> i32

// -----

// expected-error@+1 {{'arith.constant' op value type 'tensor<2xi32>' does not match result type 'tensor<3xi32>'}}
%0 = "arith.constant"() {value = dense<1> : tensor<2xi32>} : () -> tensor<3xi32>

// -----

%0 = "arith.constant"() {value = 1 : i32} : () -> i32
// expected-error@+1 {{'arith.sitofp' op invalid cast from 'i32' to 'i32'}}
%1 = "arith.sitofp"(%0) : (i32) -> i32

// -----

%0 = "arith.constant"() {value = 1.0 : f32} : () -> f32
// expected-error@+1 {{'arith.fptosi' op invalid cast from 'f32' to 'f32'}}
%1 = "arith.fptosi"(%0) : (f32) -> f32

// -----

%0 = "arith.constant"() {value = 1 : i32} : () -> i32
// expected-error@+1 {{'arith.extui' op invalid cast from 'i32' to 'f32'}}
%1 = "arith.extui"(%0) : (i32) -> f32

// -----

%0 = "arith.constant"() {value = 1 : i32} : () -> i32
// expected-error@+1 {{'arith.select' op condition must be i1, or a tensor of i1 with the result's shape}}
%1 = "arith.select"(%0, %0, %0) : (i32, i32, i32) -> i32

// -----

%0 = "arith.constant"() {value = dense<1> : tensor<2xi32>} : () -> tensor<2xi32>
%c = "arith.constant"() {value = dense<true> : tensor<3xi1>} : () -> tensor<3xi1>
// expected-error@+1 {{'arith.select' op condition must be i1, or a tensor of i1 with the result's shape}}
%1 = "arith.select"(%c, %0, %0) : (tensor<3xi1>, tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>

// -----

// A wrong operand or result count breaks both the op's shape and its same-type trait; as upstream,
// the counts are checked first and the trait does not repeat them.
// expected-error@+1 {{'arith.addi' op requires 2 operands, but found 0}}
%0 = "arith.addi"() : () -> i32

// -----

%0 = "arith.constant"() {value = 1 : i32} : () -> i32
// expected-error@+1 {{'arith.addi' op requires 1 results, but found 0}}
"arith.addi"(%0, %0) : (i32, i32) -> ()

// -----

// The attribute's kind is checked once, by func.func's attribute list (not again by the Symbol
// trait), as upstream.
// expected-error@+1 {{'func.func' op attribute 'sym_visibility' failed to satisfy constraint: string attribute}}
"func.func"() ({
^bb0:
  "func.return"() : () -> ()
}) {sym_name = "f", function_type = () -> (), sym_visibility = 3} : () -> ()

// -----

// Every violated constraint of one op is reported.
%0 = "arith.constant"() {value = 1.0 : f32} : () -> f32
// expected-error@+3 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
// expected-error@+2 {{'arith.addi' op operand #1 must be signless-integer-like, but got 'f32'}}
// expected-error@+1 {{'arith.addi' op result #0 must be signless-integer-like, but got 'f32'}}
%1 = "arith.addi"(%0, %0) : (f32, f32) -> f32

// -----

// An op name of a registered dialect must be one of its ops, even with
// --allow-unregistered-dialect.
// expected-error@+1 {{unregistered operation 'arith.nope' found in dialect ('arith') that does not allow unknown operations}}
"arith.nope"() : () -> ()

//===----------------------------------------------------------------------===//
// builtin.module
//===----------------------------------------------------------------------===//

// -----

// Reported once, by the single-block check (not again by the SymbolTable trait), as upstream.
// expected-error@+1 {{'builtin.module' op expects region #0 to have 0 or 1 blocks}}
"builtin.module"() ({
^bb0:
  "foo.op"() : () -> ()
^bb1:
  "foo.op"() : () -> ()
}) : () -> ()

// -----

// Reported once, by the region count (not again by the SymbolTable trait), as upstream.
// expected-error@+1 {{'builtin.module' op requires 1 regions, but found 0}}
"builtin.module"() : () -> ()

// -----

"builtin.module"() ({
  // expected-error@+1 {{'builtin.module' op Operations with a 'SymbolTable' must have exactly one block}}
  "builtin.module"() ({
  }) : () -> ()
}) : () -> ()

//===----------------------------------------------------------------------===//
// Many errors at once: the verifier reports every one, across functions. Symbol uses are
// checked only once everything else verifies (as upstream), so they get chunks of their own.
//===----------------------------------------------------------------------===//

// -----

"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: i32):
    // expected-error@+1 {{'func.return' op has 1 operands, but enclosing function (@first) returns 0}}
    "func.return"(%a) : (i32) -> ()
  }) {sym_name = "first", function_type = (i32) -> ()} : () -> ()
  "func.func"() ({
  ^bb0:
    // expected-error@+1 {{operand #0 does not dominate this use}}
    "foo.use"(%later) : (i64) -> ()
    // expected-note@+1 {{operand defined here (op in the same block)}}
    %later = "foo.def"() : () -> i64
    %c = "arith.constant"() {value = 1 : i32} : () -> i32
    // expected-error@+1 {{'arith.addi' op requires the same type for all operands and results}}
    %sum = "arith.addi"(%c, %later) : (i32, i64) -> i32
    // Not reported: the other errors stop verification before symbol uses are checked.
    "func.call"() {callee = @nowhere} : () -> ()
    "func.return"() : () -> ()
  }) {sym_name = "second", function_type = () -> ()} : () -> ()
  // expected-note@+1 {{see existing symbol definition here}}
  "func.func"() ({
  }) {sym_name = "decl", function_type = () -> (), sym_visibility = "private"} : () -> ()
  // expected-error@+1 {{redefinition of symbol named 'decl'}}
  "func.func"() ({
  }) {sym_name = "decl", function_type = () -> (), sym_visibility = "private"} : () -> ()
}) : () -> ()

// -----

// Every broken symbol use is reported, across functions (upstream stops at the first).
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: i32):
    // expected-error@+1 {{'func.call' op 'nowhere' does not reference a valid function}}
    "func.call"() {callee = @nowhere} : () -> ()
    // expected-error@+1 {{'func.call' op incorrect number of operands for callee}}
    %0 = "func.call"(%a) {callee = @callee} : (i32) -> i32
    "func.return"() : () -> ()
  }) {sym_name = "first", function_type = (i32) -> ()} : () -> ()
  "func.func"() ({
  ^bb0(%a: i32):
    // expected-error@+1 {{'func.call' op 'elsewhere' does not reference a valid function}}
    "func.call"(%a) {callee = @elsewhere} : (i32) -> ()
    // expected-error@+1 {{'func.call' op result type mismatch at index 0}}
    %r = "func.call"() {callee = @callee} : () -> i64
    "func.return"() : () -> ()
  }) {sym_name = "second", function_type = (i32) -> ()} : () -> ()
  "func.func"() ({
  }) {sym_name = "callee", function_type = () -> i32, sym_visibility = "private"} : () -> ()
}) : () -> ()
