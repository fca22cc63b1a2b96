// Malformed affine maps and sets, vector, memref, tensor and complex types: located errors with
// upstream MLIR 22's messages (mlir-opt-22 reports them too, at a few columns apart in places,
// and calls `vector<?xf32>` "expected non-function type").
//
// RUN: mc-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// expected-error@+1 {{missing right operand of binary operator}}
"t.op"() {a = affine_map<(d0) -> (d0 +)>} : () -> ()

// -----

// expected-error@+1 {{use of undeclared identifier}}
"t.op"() {a = affine_map<(d0) -> (d1)>} : () -> ()

// -----

// expected-error@+1 {{redefinition of identifier 'd0'}}
"t.op"() {a = affine_map<(d0, d0) -> (d0)>} : () -> ()

// -----

// expected-error@+1 {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
"t.op"() {a = affine_map<(d0) -> (d0 * d0)>} : () -> ()

// -----

// expected-error@+1 {{non-affine expression: right operand of mod has to be either a constant or symbolic}}
"t.op"() {a = affine_map<(d0) -> (d0 mod d0)>} : () -> ()

// -----

// expected-error@+1 {{expected '>' in affine map}}
"t.op"() {a = affine_map<(d0) -> ()} : () -> ()

// -----

// expected-error@+1 {{expected '== affine-expr' or '>= affine-expr' at end of affine constraint}}
"t.op"() {a = affine_set<(d0) : (d0 > 0)>} : () -> ()

// -----

// expected-error@+1 {{constant too large for index}}
"t.op"() {a = affine_map<(d0) -> (99999999999999999999)>} : () -> ()

// -----

// expected-error@+1 {{vector types must have positive constant sizes but got 0}}
"t.op"() : () -> vector<0xf32>

// -----

// expected-error@+1 {{vector types must have positive constant sizes but got 0}}
"t.op"() : () -> vector<[0]xf32>

// -----

// expected-error@+1 {{dynamic dimensions are not supported}}
"t.op"() : () -> vector<?xf32>

// -----

// expected-error@+1 {{failed to verify 'elementType': VectorElementTypeInterface instance}}
"t.op"() : () -> vector<4xtensor<2xf32>>

// -----

// expected-error@+1 {{memref layout mismatch between rank and affine map: 2 != 1}}
"t.op"() : () -> memref<4x4xf32, affine_map<(d0) -> (d0)>>

// -----

// expected-error@+1 {{expected the number of strides to match the rank}}
"t.op"() : () -> memref<4x4xf32, strided<[1]>>

// -----

// expected-error@+1 {{cannot have affine map for unranked memref type}}
"t.op"() : () -> memref<*xf32, strided<[1]>>

// -----

// expected-error@+1 {{multiple memory spaces specified in memref type}}
"t.op"() : () -> memref<4xf32, 1, 2>

// -----

// expected-error@+1 {{expected memory space to be last in memref type}}
"t.op"() : () -> memref<4xf32, 1, strided<[1]>>

// -----

// expected-error@+1 {{invalid memref element type}}
"t.op"() : () -> memref<4xtensor<2xf32>>

// -----

// expected-error@+1 {{invalid element type for complex}}
"t.op"() : () -> complex<index>

// -----

// expected-error@+1 {{cannot apply encoding to unranked tensor}}
"t.op"() : () -> tensor<*xf32, "enc">

// -----

// expected-error@+1 {{expected a 64-bit signed integer or '?'}}
"t.op"() {a = strided<[1], offset: x>} : () -> ()

// -----

// expected-error@+1 {{unsupported memory space Attribute}}
"t.op"() : () -> memref<4xf32, #t.space>

// -----

// expected-error@+1 {{missing operand of negation}}
"t.op"() {a = affine_map<(d0) -> (-)>} : () -> ()

// -----

// expected-error@+1 {{no expression inside parentheses}}
"t.op"() {a = affine_map<(d0) -> (())>} : () -> ()

// -----

// expected-error@+1 {{vector types must have positive constant sizes but got 2, 0}}
"t.op"() : () -> vector<2x[0]xf32>


// -----

// expected-error@+1 {{referenced attribute does not match previous definition: 1 : i32}}
"t.op"() {a = distinct[1]<1 : i32>, b = distinct[1]<2 : i32>} : () -> ()
