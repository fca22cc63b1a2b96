// RUN: mc-opt %s --split-input-file --verify-diagnostics
// Every verifier message of the vector ops, on the generic form (so no custom parser is
// involved), then the vector type's and the custom parsers' own errors.

func.func @mask_count_not_index(%n: i32) {
  // expected-error@+1 {{'vector.create_mask' op operand #0 must be index, but got 'i32'}}
  %m = "vector.create_mask"(%n) : (i32) -> vector<16xi1>
  return
}

// -----

func.func @mask_not_i1(%n: index) {
  // expected-error@+1 {{'vector.create_mask' op result #0 must be a vector of i1, but got 'vector<16xi8>'}}
  %m = "vector.create_mask"(%n) : (index) -> vector<16xi8>
  return
}

// -----

func.func @broadcast_element_mismatch(%s: i32) {
  // expected-error@+1 {{'vector.broadcast' op source type 'i32' is not the element type of 'vector<16xi8>'}}
  %v = "vector.broadcast"(%s) : (i32) -> vector<16xi8>
  return
}

// -----

func.func @broadcast_to_scalar(%s: i32) {
  // expected-error@+1 {{'vector.broadcast' op result #0 must be a one-dimensional fixed-length vector, but got 'i32'}}
  %v = "vector.broadcast"(%s) : (i32) -> i32
  return
}

// -----

func.func @load_not_buffer(%s: i32, %i: index) {
  // expected-error@+1 {{'vector.load' op operand #0 must be a buffer, but got 'i32'}}
  %v = "vector.load"(%s, %i) : (i32, index) -> vector<16xi8>
  return
}

// -----

func.func @load_strided_lanes(%b: !buffer<4x16xi8, strides: [1, 4]>, %i: index) {
  // expected-error@+1 {{'vector.load' op buffer '!buffer<4x16xi8, strides: [1, 4], offset: 0>' must have a unit innermost stride (lanes are consecutive elements)}}
  %v = "vector.load"(%b, %i, %i) : (!buffer<4x16xi8, strides: [1, 4]>, index, index) -> vector<16xi8>
  return
}

// -----

func.func @load_index_count(%b: !buffer<4x16xi8>, %i: index) {
  // expected-error@+1 {{'vector.load' op expected 2 indices, one per dimension, but got 1}}
  %v = "vector.load"(%b, %i) : (!buffer<4x16xi8>, index) -> vector<16xi8>
  return
}

// -----

func.func @load_index_type(%b: !buffer<16xi8>, %i: i32) {
  // expected-error@+1 {{'vector.load' op operand #1 must be index, but got 'i32'}}
  %v = "vector.load"(%b, %i) : (!buffer<16xi8>, i32) -> vector<16xi8>
  return
}

// -----

func.func @load_lane_type(%b: !buffer<16xi8>, %i: index) {
  // expected-error@+1 {{'vector.load' op 'vector<4xi32>' must be a vector of the storage type of the elements of '!buffer<16xi8>'}}
  %v = "vector.load"(%b, %i) : (!buffer<16xi8>, index) -> vector<4xi32>
  return
}

// -----

func.func @masked_load_too_few(%b: !buffer<16xi8>) {
  // expected-error@+1 {{'vector.maskedload' op requires a buffer, a mask and a pass-through, but found 1 operands}}
  %v = "vector.maskedload"(%b) : (!buffer<16xi8>) -> vector<16xi8>
  return
}

// -----

func.func @masked_load_mask_lanes(%b: !buffer<16xi8>, %i: index, %m: vector<8xi1>, %p: vector<16xi8>) {
  // expected-error@+1 {{'vector.maskedload' op mask 'vector<8xi1>' must be a vector of i1 with the lanes of 'vector<16xi8>'}}
  %v = "vector.maskedload"(%b, %i, %m, %p) : (!buffer<16xi8>, index, vector<8xi1>, vector<16xi8>) -> vector<16xi8>
  return
}

// -----

func.func @masked_load_pass_thru(%b: !buffer<16xi8>, %i: index, %m: vector<16xi1>, %p: vector<16xi16>) {
  // expected-error@+1 {{'vector.maskedload' op pass-through type 'vector<16xi16>' is not the result type 'vector<16xi8>'}}
  %v = "vector.maskedload"(%b, %i, %m, %p) : (!buffer<16xi8>, index, vector<16xi1>, vector<16xi16>) -> vector<16xi8>
  return
}

// -----

func.func @masked_store_operands(%b: !buffer<16xi8>) {
  // expected-error@+1 {{'vector.maskedstore' op requires a buffer, a mask and a value, but found 1 operands}}
  "vector.maskedstore"(%b) : (!buffer<16xi8>) -> ()
  return
}

// -----

func.func @masked_store_mask_lanes(%b: !buffer<16xi8>, %i: index, %m: vector<16xi1>, %v: vector<4xi8>) {
  // expected-error@+1 {{'vector.maskedstore' op mask 'vector<16xi1>' must be a vector of i1 with the lanes of 'vector<4xi8>'}}
  "vector.maskedstore"(%b, %i, %m, %v) : (!buffer<16xi8>, index, vector<16xi1>, vector<4xi8>) -> ()
  return
}

// -----

func.func @masked_store_lane_type(%b: !buffer<16xi8>, %i: index, %m: vector<4xi1>, %v: vector<4xi32>) {
  // expected-error@+1 {{'vector.maskedstore' op 'vector<4xi32>' must be a vector of the storage type of the elements of '!buffer<16xi8>'}}
  "vector.maskedstore"(%b, %i, %m, %v) : (!buffer<16xi8>, index, vector<4xi1>, vector<4xi32>) -> ()
  return
}

// -----

func.func @store_lane_type(%b: !buffer<16xi8>, %i: index, %v: vector<16xi16>) {
  // expected-error@+1 {{'vector.store' op 'vector<16xi16>' must be a vector of the storage type of the elements of '!buffer<16xi8>'}}
  "vector.store"(%v, %b, %i) : (vector<16xi16>, !buffer<16xi8>, index) -> ()
  return
}

// -----

func.func @dot_not_vector(%a: i8, %acc: i32) {
  // expected-error@+1 {{'vector.widening_dot' op operand #0 must be a vector of integers, but got 'i8'}}
  %r = "vector.widening_dot"(%a, %a, %acc) : (i8, i8, i32) -> i32
  return
}

// -----

func.func @dot_operand_mismatch(%a: vector<16xi8>, %b: vector<8xi8>, %acc: i32) {
  // expected-error@+1 {{'vector.widening_dot' op operands have different types: 'vector<16xi8>' != 'vector<8xi8>'}}
  %r = "vector.widening_dot"(%a, %b, %acc) : (vector<16xi8>, vector<8xi8>, i32) -> i32
  return
}

// -----

func.func @dot_narrow_accumulator(%a: vector<16xi8>, %acc: i8) {
  // expected-error@+1 {{'vector.widening_dot' op accumulator type 'i8' must be an integer at least twice as wide as the elements of 'vector<16xi8>'}}
  %r = "vector.widening_dot"(%a, %a, %acc) : (vector<16xi8>, vector<16xi8>, i8) -> i8
  return
}

// -----

func.func @dot_result_type(%a: vector<16xi8>, %acc: i32) {
  // expected-error@+1 {{'vector.widening_dot' op result type must be the accumulator's}}
  %r = "vector.widening_dot"(%a, %a, %acc) : (vector<16xi8>, vector<16xi8>, i32) -> i64
  return
}

// -----

func.func @high_mul_i16_lanes(%a: vector<8xi16>) {
  // expected-error@+1 {{'vector.rounding_doubling_high_mul' op result #0 must be a vector of i32, but got 'vector<8xi16>'}}
  %h = "vector.rounding_doubling_high_mul"(%a, %a) : (vector<8xi16>, vector<8xi16>) -> vector<8xi16>
  return
}

// -----

func.func @shift_scalar(%a: i32) {
  // expected-error@+1 {{'vector.rounding_shift_right' op result #0 must be a vector of i32, but got 'i32'}}
  %h = "vector.rounding_shift_right"(%a, %a) : (i32, i32) -> i32
  return
}

// -----

// The builtin type has any rank; the dialect's ops take one-dimensional vectors only.
func.func @two_dimensional(%x: i8) {
  // expected-error@+1 {{'vector.broadcast' op result #0 must be a one-dimensional fixed-length vector, but got 'vector<4x4xi8>'}}
  %v = vector.broadcast %x : i8 to vector<4x4xi8>
  return
}

// -----

// expected-error@+1 {{failed to verify 'elementType': VectorElementTypeInterface instance}}
func.func @tensor_lanes(%v: vector<4xtensor<2xi8>>) {
  return
}
