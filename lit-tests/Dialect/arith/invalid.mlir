// RUN: mc-opt %s --split-input-file --verify-diagnostics
// Every verifier message of the arith ops. The verifier reports all problems of an op, so an op
// with several wrong types gets one error for each.

// expected-error@+1 {{'arith.constant' op value type 'i32' does not match result type 'i64'}}
%0 = "arith.constant"() <{value = 1 : i32}> : () -> i64

// -----

// expected-error@+1 {{'arith.constant' op value type 'tensor<2xi32>' does not match result type 'tensor<3xi32>'}}
%0 = "arith.constant"() <{value = dense<1> : tensor<2xi32>}> : () -> tensor<3xi32>

// -----

// expected-error@+1 {{'arith.constant' op value must be an integer, float or elements attribute}}
%0 = "arith.constant"() <{value = "text"}> : () -> i64

// -----

// expected-error@+1 {{'arith.constant' op integer return type must be signless}}
%0 = "arith.constant"() <{value = 1 : si32}> : () -> si32

// -----

// expected-error@+1 {{'arith.constant' op requires attribute 'value'}}
%0 = "arith.constant"() : () -> i64

// -----

// expected-error@+1 {{'arith.constant' op requires 1 results, but found 0}}
"arith.constant"() <{value = 1 : i32}> : () -> ()

// -----

%a = "arith.constant"() <{value = 1.0 : f32}> : () -> f32
// expected-error@+3 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
// expected-error@+2 {{'arith.addi' op operand #1 must be signless-integer-like, but got 'f32'}}
// expected-error@+1 {{'arith.addi' op result #0 must be signless-integer-like, but got 'f32'}}
%0 = "arith.addi"(%a, %a) : (f32, f32) -> f32

// -----

%a = "arith.constant"() <{value = 1 : ui8}> : () -> ui8
// expected-error@-1 {{'arith.constant' op integer return type must be signless}}
// expected-error@+3 {{'arith.muli' op operand #0 must be signless-integer-like, but got 'ui8'}}
// expected-error@+2 {{'arith.muli' op operand #1 must be signless-integer-like, but got 'ui8'}}
// expected-error@+1 {{'arith.muli' op result #0 must be signless-integer-like, but got 'ui8'}}
%0 = "arith.muli"(%a, %a) : (ui8, ui8) -> ui8

// -----

%a = "arith.constant"() <{value = dense<1> : tensor<2xi32>}> : () -> tensor<2xi32>
// expected-error@+3 {{'arith.divf' op operand #0 must be floating-point-like, but got 'tensor<2xi32>'}}
// expected-error@+2 {{'arith.divf' op operand #1 must be floating-point-like, but got 'tensor<2xi32>'}}
// expected-error@+1 {{'arith.divf' op result #0 must be floating-point-like, but got 'tensor<2xi32>'}}
%0 = "arith.divf"(%a, %a) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>

// -----

%a = "arith.constant"() <{value = 1 : i32}> : () -> i32
%b = "arith.constant"() <{value = 1 : i64}> : () -> i64
// expected-error@+1 {{'arith.subi' op requires the same type for all operands and results}}
%0 = "arith.subi"(%a, %b) : (i32, i64) -> i32

// -----

%a = "arith.constant"() <{value = 1.0 : f32}> : () -> f32
// expected-error@+1 {{'arith.maximumf' op requires the same type for all operands and results}}
%0 = "arith.maximumf"(%a, %a) : (f32, f32) -> f64

// -----

%a = "arith.constant"() <{value = 1 : i32}> : () -> i32
// expected-error@+1 {{'arith.remsi' op requires 2 operands, but found 1}}
%0 = "arith.remsi"(%a) : (i32) -> i32

// -----

// A predicate is an i64 enum case, worded as MLIR's verifier words the constraint (mlir-opt-22
// rejects these earlier, with "invalid properties ... in property conversion").
%a = "arith.constant"() <{value = 1 : i32}> : () -> i32
// expected-error@+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
%0 = "arith.cmpi"(%a, %a) <{predicate = 10 : i64}> : (i32, i32) -> i1

// -----

%a = "arith.constant"() <{value = 1 : i32}> : () -> i32
// expected-error@+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
%0 = "arith.cmpi"(%a, %a) <{predicate = 2 : i32}> : (i32, i32) -> i1

// -----

%a = "arith.constant"() <{value = 1 : i32}> : () -> i32
// expected-error@+1 {{'arith.cmpi' op requires attribute 'predicate'}}
%0 = "arith.cmpi"(%a, %a) : (i32, i32) -> i1

// -----

%a = "arith.constant"() <{value = 1 : i32}> : () -> i32
// expected-error@+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
%0 = "arith.cmpi"(%a, %a) <{predicate = "eq"}> : (i32, i32) -> i1

// -----

%a = "arith.constant"() <{value = 1 : i32}> : () -> i32
// expected-error@+1 {{'arith.cmpi' op result must be i1, or a tensor of i1 with the operands' shape}}
%0 = "arith.cmpi"(%a, %a) <{predicate = 0 : i64}> : (i32, i32) -> i32

// -----

%a = "arith.constant"() <{value = dense<1> : tensor<2xi32>}> : () -> tensor<2xi32>
// expected-error@+1 {{'arith.cmpi' op result must be i1, or a tensor of i1 with the operands' shape}}
%0 = "arith.cmpi"(%a, %a) <{predicate = 0 : i64}> : (tensor<2xi32>, tensor<2xi32>) -> tensor<3xi1>

// -----

%a = "arith.constant"() <{value = 1.0 : f32}> : () -> f32
// expected-error@+1 {{'arith.cmpi' op operand #0 must be signless-integer-like, but got 'f32'}}
%0 = "arith.cmpi"(%a, %a) <{predicate = 0 : i64}> : (f32, f32) -> i1

// -----

%a = "arith.constant"() <{value = 1 : i32}> : () -> i32
%b = "arith.constant"() <{value = 1 : i16}> : () -> i16
// expected-error@+1 {{'arith.cmpi' op requires all operands to have the same type}}
%0 = "arith.cmpi"(%a, %b) <{predicate = 0 : i64}> : (i32, i16) -> i1

// -----

%a = "arith.constant"() <{value = 1 : i32}> : () -> i32
// expected-error@+1 {{'arith.cmpf' op operand #0 must be floating-point-like, but got 'i32'}}
%0 = "arith.cmpf"(%a, %a) <{predicate = 1 : i64}> : (i32, i32) -> i1

// -----

%a = "arith.constant"() <{value = 1.0 : f32}> : () -> f32
// expected-error@+1 {{'arith.cmpf' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}}
%0 = "arith.cmpf"(%a, %a) <{predicate = 16 : i64}> : (f32, f32) -> i1

// -----

%a = "arith.constant"() <{value = 1 : i32}> : () -> i32
// expected-error@+1 {{'arith.select' op condition must be i1, or a tensor of i1 with the result's shape}}
%0 = "arith.select"(%a, %a, %a) : (i32, i32, i32) -> i32

// -----

%c = "arith.constant"() <{value = dense<true> : tensor<3xi1>}> : () -> tensor<3xi1>
%a = "arith.constant"() <{value = dense<1> : tensor<2xi32>}> : () -> tensor<2xi32>
// expected-error@+1 {{'arith.select' op condition must be i1, or a tensor of i1 with the result's shape}}
%0 = "arith.select"(%c, %a, %a) : (tensor<3xi1>, tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>

// -----

%c = "arith.constant"() <{value = true}> : () -> i1
%a = "arith.constant"() <{value = 1 : i32}> : () -> i32
%b = "arith.constant"() <{value = 1 : i64}> : () -> i64
// expected-error@+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
%0 = "arith.select"(%c, %a, %b) : (i1, i32, i64) -> i32

// -----

%a = "arith.constant"() <{value = 1 : i32}> : () -> i32
// expected-error@+1 {{'arith.extsi' op result type 'i16' must be wider than operand type 'i32'}}
%0 = "arith.extsi"(%a) : (i32) -> i16

// -----

%a = "arith.constant"() <{value = 1 : i32}> : () -> i32
// expected-error@+1 {{'arith.extui' op result type 'i32' must be wider than operand type 'i32'}}
%0 = "arith.extui"(%a) : (i32) -> i32

// -----

%a = "arith.constant"() <{value = 1 : i32}> : () -> i32
// expected-error@+1 {{'arith.trunci' op result type 'i64' must be shorter than operand type 'i32'}}
%0 = "arith.trunci"(%a) : (i32) -> i64

// -----

%a = "arith.constant"() <{value = 1 : i32}> : () -> i32
// expected-error@+1 {{'arith.extsi' op invalid cast from 'i32' to 'f64'}}
%0 = "arith.extsi"(%a) : (i32) -> f64

// -----

// `index` has no fixed width: casts do not take it, as in MLIR.
%a = "arith.constant"() <{value = 1 : i8}> : () -> i8
// expected-error@+1 {{'arith.extsi' op invalid cast from 'i8' to 'index'}}
%0 = "arith.extsi"(%a) : (i8) -> index

// -----

%a = "arith.constant"() <{value = 1 : index}> : () -> index
// expected-error@+1 {{'arith.sitofp' op invalid cast from 'index' to 'f32'}}
%0 = "arith.sitofp"(%a) : (index) -> f32

// -----

%a = "arith.constant"() <{value = 1 : i32}> : () -> i32
// expected-error@+1 {{'arith.sitofp' op invalid cast from 'i32' to 'i32'}}
%0 = "arith.sitofp"(%a) : (i32) -> i32

// -----

%a = "arith.constant"() <{value = 1.0 : f32}> : () -> f32
// expected-error@+1 {{'arith.fptosi' op invalid cast from 'f32' to 'f32'}}
%0 = "arith.fptosi"(%a) : (f32) -> f32

// -----

%a = "arith.constant"() <{value = dense<1> : tensor<2xi32>}> : () -> tensor<2xi32>
// expected-error@+1 {{'arith.extsi' op operand and result must have the same shape}}
%0 = "arith.extsi"(%a) : (tensor<2xi32>) -> tensor<3xi64>

// -----

%a = "arith.constant"() <{value = 1 : i32}> : () -> i32
// expected-error@+1 {{'arith.extsi' op operand and result must have the same shape}}
%0 = "arith.extsi"(%a) : (i32) -> tensor<1xi64>

// -----

// expected-error@+1 {{unregistered operation 'arith.frobnicate' found in dialect ('arith') that does not allow unknown operations}}
"arith.frobnicate"() : () -> ()

// -----

%a = "arith.constant"() <{value = 1.0 : f32}> : () -> f32
// expected-error@+3 {{'arith.shli' op operand #0 must be signless-integer-like, but got 'f32'}}
// expected-error@+2 {{'arith.shli' op operand #1 must be signless-integer-like, but got 'f32'}}
// expected-error@+1 {{'arith.shli' op result #0 must be signless-integer-like, but got 'f32'}}
%0 = "arith.shli"(%a, %a) : (f32, f32) -> f32

// -----

%a = "arith.constant"() <{value = 1 : i32}> : () -> i32
// expected-error@+1 {{'arith.andi' op requires the same type for all operands and results}}
%0 = "arith.andi"(%a, %a) : (i32, i32) -> i64

// -----

%a = "arith.constant"() <{value = 1 : i32}> : () -> i32
// expected-error@+1 {{'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible}}
%0 = "arith.index_cast"(%a) : (i32) -> i64

// -----

%a = "arith.constant"() <{value = 1 : index}> : () -> index
// expected-error@+1 {{'arith.index_castui' op operand type 'index' and result type 'index' are cast incompatible}}
%0 = "arith.index_castui"(%a) : (index) -> index

// -----

%a = "arith.constant"() <{value = 1.0 : f32}> : () -> f32
// expected-error@+1 {{'arith.extf' op operand type 'f32' and result type 'f16' are cast incompatible}}
%0 = "arith.extf"(%a) : (f32) -> f16

// -----

%a = "arith.constant"() <{value = 1.0 : f32}> : () -> f32
// expected-error@+1 {{'arith.truncf' op operand type 'f32' and result type 'f64' are cast incompatible}}
%0 = "arith.truncf"(%a) : (f32) -> f64

// -----

%a = "arith.constant"() <{value = 1.0 : f32}> : () -> f32
// expected-error@+1 {{'arith.uitofp' op invalid cast from 'f32' to 'f32'}}
%0 = "arith.uitofp"(%a) : (f32) -> f32

// -----

%a = "arith.constant"() <{value = 1 : i32}> : () -> i32
// expected-error@+2 {{'arith.negf' op operand #0 must be floating-point-like, but got 'i32'}}
// expected-error@+1 {{'arith.negf' op result #0 must be floating-point-like, but got 'i32'}}
%0 = "arith.negf"(%a) : (i32) -> i32
