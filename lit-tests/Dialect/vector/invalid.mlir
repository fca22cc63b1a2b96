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
  // expected-error@+1 {{'vector.broadcast' op failed to verify that source operand and result have same element type}}
  %v = "vector.broadcast"(%s) : (i32) -> vector<16xi8>
  return
}

// -----

func.func @broadcast_to_scalar(%s: i32) {
  // expected-error@+1 {{'vector.broadcast' op result #0 must be a vector, but got 'i32'}}
  %v = "vector.broadcast"(%s) : (i32) -> i32
  return
}

// -----

func.func @load_not_buffer(%s: i32, %i: index) {
  // expected-error@+1 {{'vector.load' op operand #0 must be a memref or a buffer, but got 'i32'}}
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
  // expected-error@+1 {{'vector.load' op requires 2 indices}}
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
  // expected-error@+1 {{'vector.maskedload' op mask 'vector<8xi1>' must be a vector of i1 with the shape of 'vector<16xi8>'}}
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
  // expected-error@+1 {{'vector.maskedstore' op mask 'vector<16xi1>' must be a vector of i1 with the shape of 'vector<4xi8>'}}
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

// n-D broadcasts line the source's dimensions up with the result's trailing ones, as upstream.
func.func @broadcast_dimension_mismatch(%x: vector<3xi8>) {
  // expected-error@+1 {{'vector.broadcast' op dimension mismatch (3 vs. 4)}}
  %v = vector.broadcast %x : vector<3xi8> to vector<4x4xi8>
  return
}

// -----

func.func @broadcast_rank_higher(%x: vector<2x4xi8>) {
  // expected-error@+1 {{'vector.broadcast' op source rank higher than destination rank}}
  %v = vector.broadcast %x : vector<2x4xi8> to vector<4xi8>
  return
}

// -----

func.func @broadcast_scalable_mismatch(%x: vector<4xi8>) {
  // expected-error@+1 {{'vector.broadcast' op dimension mismatch (4 vs. [4])}}
  %v = vector.broadcast %x : vector<4xi8> to vector<2x[4]xi8>
  return
}

// -----

func.func @broadcast_not_a_vector(%x: tensor<4xi8>) {
  // expected-error@+1 {{'vector.broadcast' op source type is not a vector}}
  %v = "vector.broadcast"(%x) : (tensor<4xi8>) -> vector<4xi8>
  return
}

// -----

func.func @mask_counts(%n: index) {
  // expected-error@+1 {{'vector.create_mask' op must specify an operand for each result vector dimension}}
  %m = vector.create_mask %n : vector<4x8xi1>
  return
}

// -----

func.func @mask_0d_counts(%n: index) {
  // expected-error@+1 {{'vector.create_mask' op must specify exactly one operand for 0-D create_mask}}
  %m = vector.create_mask %n, %n : vector<i1>
  return
}

// -----

func.func @store_memref_stride(%m: memref<4x16xi8, strided<[1, 4]>>, %v: vector<16xi8>, %i: index) {
  // expected-error@+1 {{'vector.store' op most minor memref dim must have unit stride}}
  vector.store %v, %m[%i, %i] : memref<4x16xi8, strided<[1, 4]>>, vector<16xi8>
  return
}

// -----

func.func @load_memref_of_vectors(%m: memref<4xvector<8xi8>>, %i: index) {
  // expected-error@+1 {{'vector.load' op base memref and result vector types should match}}
  %v = vector.load %m[%i] : memref<4xvector<8xi8>>, vector<16xi8>
  return
}

// -----

func.func @masked_load_nd_mask(%m: memref<4x16xi8>, %i: index, %k: vector<2x16xi1>, %p: vector<4x16xi8>) {
  // expected-error@+1 {{'vector.maskedload' op mask 'vector<2x16xi1>' must be a vector of i1 with the shape of 'vector<4x16xi8>'}}
  %v = vector.maskedload %m[%i, %i], %k, %p : memref<4x16xi8>, vector<2x16xi1>, vector<4x16xi8> into vector<4x16xi8>
  return
}

// -----

// expected-error@+1 {{failed to verify 'elementType': VectorElementTypeInterface instance}}
func.func @tensor_lanes(%v: vector<4xtensor<2xi8>>) {
  return
}

// -----

func.func @load_alignment(%m: memref<4xi32>, %i: index) {
  // expected-error@+1 {{'vector.load' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %v = vector.load %m[%i] {alignment = 12} : memref<4xi32>, vector<4xi32>
  return
}

// -----

func.func @store_nontemporal(%m: memref<4xi32>, %i: index, %v: vector<4xi32>) {
  // expected-error@+1 {{'vector.store' op attribute 'nontemporal' failed to satisfy constraint: bool attribute}}
  vector.store %v, %m[%i] {nontemporal = 1 : i64} : memref<4xi32>, vector<4xi32>
  return
}

// -----

func.func @from_elements_count(%a: i32) {
  // expected-error@+1 {{'vector.from_elements' op requires 4 operands (one per element), but found 2}}
  %v = vector.from_elements %a, %a : vector<4xi32>
  return
}

// -----

func.func @from_elements_element_type(%a: i32, %b: i8) {
  // expected-error@+1 {{'vector.from_elements' op operands must be of the result's element type 'i32'}}
  %v = "vector.from_elements"(%a, %b) : (i32, i8) -> vector<2xi32>
  return
}

// -----

func.func @from_elements_scalar(%a: i32) {
  // expected-error@+1 {{'vector.from_elements' op result #0 must be a vector, but got 'i32'}}
  %v = "vector.from_elements"(%a) : (i32) -> i32
  return
}

// -----

func.func @extract_out_of_range(%v: vector<4xi32>) {
  // expected-error@+1 {{'vector.extract' op expected position attribute #1 to be a non-negative integer smaller than the corresponding vector dimension or poison (-1)}}
  %x = vector.extract %v[4] : i32 from vector<4xi32>
  return
}

// -----

func.func @extract_rank(%v: vector<4xi32>) {
  // expected-error@+1 {{'vector.extract' op expected position attribute of rank no greater than vector rank}}
  %x = vector.extract %v[1, 2] : i32 from vector<4xi32>
  return
}
