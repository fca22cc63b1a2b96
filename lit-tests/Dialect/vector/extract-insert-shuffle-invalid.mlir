// RUN: mc-opt %s --split-input-file --verify-diagnostics
// Upstream reports the same messages at the same places.
// RUN: mlir-opt-22 %s --split-input-file --verify-diagnostics
// Verifier messages of vector.extract, vector.insert, vector.shuffle, vector.transpose and
// vector.reduction, as upstream words them.

func.func @extract_rank(%v: vector<2x3xf32>) {
  // expected-error@+1 {{'vector.extract' op expected position attribute of rank no greater than vector rank}}
  %0 = "vector.extract"(%v) <{static_position = array<i64: 0, 0, 0>}> : (vector<2x3xf32>) -> f32
  return
}

// -----

func.func @extract_range(%v: vector<2x3xf32>) {
  // expected-error@+1 {{'vector.extract' op expected position attribute #2 to be a non-negative integer smaller than the corresponding vector dimension or poison (-1)}}
  %0 = vector.extract %v[1, 3] : f32 from vector<2x3xf32>
  return
}

// -----

func.func @extract_type(%v: vector<2x3xf32>) {
  // expected-error@+2 {{'vector.extract' op inferred type(s) 'vector<3xf32>' are incompatible with return type(s) of operation 'f32'}}
  // expected-error@+1 {{'vector.extract' op failed to infer returned types}}
  %0 = vector.extract %v[1] : f32 from vector<2x3xf32>
  return
}

// -----

func.func @extract_0d_result(%v: vector<2xf32>) {
  // expected-error@+1 {{expected a scalar instead of a 0-d vector as the result type}}
  %0 = "vector.extract"(%v) <{static_position = array<i64: 0>}> : (vector<2xf32>) -> vector<f32>
  return
}

// -----

func.func @extract_dynamic_markers(%v: vector<2x3xf32>) {
  // expected-error@+1 {{'vector.extract' op mismatch between dynamic and static positions (kDynamic marker but no corresponding dynamic position) -- this can only happen due to an incorrect fold/rewrite}}
  %0 = "vector.extract"(%v) <{static_position = array<i64: -9223372036854775808>}> : (vector<2x3xf32>) -> vector<3xf32>
  return
}

// -----

func.func @insert_rank(%v: vector<2x3xf32>, %f: f32) {
  // expected-error@+1 {{'vector.insert' op expected position attribute rank to match the dest vector rank}}
  %0 = vector.insert %f, %v [1] : f32 into vector<2x3xf32>
  return
}

// -----

func.func @insert_source_rank(%v: vector<2x3xf32>, %w: vector<3xf32>) {
  // expected-error@+1 {{'vector.insert' op expected position attribute rank + source rank to match dest vector rank}}
  %0 = vector.insert %w, %v [1, 1] : vector<3xf32> into vector<2x3xf32>
  return
}

// -----

func.func @insert_range(%v: vector<2x3xf32>, %f: f32) {
  // expected-error@+1 {{'vector.insert' op expected position attribute #1 to be a non-negative integer smaller than the corresponding dest vector dimension}}
  %0 = vector.insert %f, %v [2, 0] : f32 into vector<2x3xf32>
  return
}

// -----

func.func @insert_0d_source(%v: vector<2xf32>, %z: vector<f32>) {
  // expected-error@+1 {{expected a scalar instead of a 0-d vector as the source operand}}
  %0 = vector.insert %z, %v [0] : vector<f32> into vector<2xf32>
  return
}

// -----

func.func @shuffle_rank(%a: vector<4xf32>, %b: vector<2x4xf32>) {
  // expected-error@+1 {{'vector.shuffle' op rank mismatch}}
  %0 = vector.shuffle %a, %b [0, 1] : vector<4xf32>, vector<2x4xf32>
  return
}

// -----

func.func @shuffle_dims(%a: vector<2x4xf32>, %b: vector<2x3xf32>) {
  // expected-error@+1 {{'vector.shuffle' op dimension mismatch}}
  %0 = vector.shuffle %a, %b [0, 1] : vector<2x4xf32>, vector<2x3xf32>
  return
}

// -----

func.func @shuffle_index(%a: vector<4xf32>, %b: vector<4xf32>) {
  // expected-error@+1 {{'vector.shuffle' op mask index #2 out of range}}
  %0 = vector.shuffle %a, %b [0, 8] : vector<4xf32>, vector<4xf32>
  return
}

// -----

func.func @shuffle_length(%a: vector<4xf32>, %b: vector<4xf32>) {
  // expected-error@+1 {{'vector.shuffle' op mask length mismatch}}
  %0 = "vector.shuffle"(%a, %b) <{mask = array<i64: 0, 1>}> : (vector<4xf32>, vector<4xf32>) -> vector<3xf32>
  return
}

// -----

func.func @shuffle_scalable(%a: vector<[4]xf32>, %b: vector<[4]xf32>) {
  // expected-error@+1 {{'vector.shuffle' op operand #0 must be fixed-length vector of any type values, but got 'vector<[4]xf32>'}}
  %0 = vector.shuffle %a, %b [0, 1] : vector<[4]xf32>, vector<[4]xf32>
  return
}

// -----

func.func @transpose_length(%v: vector<2x3xf32>) {
  // expected-error@+1 {{'vector.transpose' op transposition length mismatch: 1}}
  %0 = vector.transpose %v, [1] : vector<2x3xf32> to vector<3x2xf32>
  return
}

// -----

func.func @transpose_duplicate(%v: vector<2x2xf32>) {
  // expected-error@+1 {{'vector.transpose' op duplicate position index: 0}}
  %0 = vector.transpose %v, [0, 0] : vector<2x2xf32> to vector<2x2xf32>
  return
}

// -----

func.func @transpose_range(%v: vector<2x3xf32>) {
  // expected-error@+1 {{'vector.transpose' op transposition index out of range: 2}}
  %0 = vector.transpose %v, [2, 0] : vector<2x3xf32> to vector<3x2xf32>
  return
}

// -----

func.func @transpose_size(%v: vector<2x3xf32>) {
  // expected-error@+1 {{'vector.transpose' op dimension size mismatch at: 1}}
  %0 = vector.transpose %v, [1, 0] : vector<2x3xf32> to vector<2x3xf32>
  return
}

// -----

func.func @transpose_rank(%v: vector<2x3xf32>) {
  // expected-error@+1 {{'vector.transpose' op vector result rank mismatch: 1}}
  %0 = vector.transpose %v, [0] : vector<2x3xf32> to vector<6xf32>
  return
}

// -----

func.func @transpose_element(%v: vector<2x3xf32>) {
  // expected-error@+1 {{'vector.transpose' op failed to verify that operand and result have same element type}}
  %0 = vector.transpose %v, [1, 0] : vector<2x3xf32> to vector<3x2xi32>
  return
}

// -----

func.func @reduction_rank(%v: vector<2x3xf32>) {
  // expected-error@+1 {{'vector.reduction' op unsupported reduction rank: 2}}
  %0 = vector.reduction <add>, %v : vector<2x3xf32> into f32
  return
}

// -----

func.func @reduction_kind(%v: vector<4xf32>) {
  // expected-error@+1 {{'vector.reduction' op unsupported reduction type ''f32'' for kind 'xor'}}
  %0 = vector.reduction <xor>, %v : vector<4xf32> into f32
  return
}

// -----

func.func @reduction_float_kind(%v: vector<4xi32>) {
  // expected-error@+1 {{'vector.reduction' op unsupported reduction type ''i32'' for kind 'maxnumf'}}
  %0 = vector.reduction <maxnumf>, %v : vector<4xi32> into i32
  return
}

// -----

func.func @reduction_element(%v: vector<4xf32>) {
  // expected-error@+1 {{'vector.reduction' op failed to verify that source operand and result have same element type}}
  %0 = vector.reduction <add>, %v : vector<4xf32> into f64
  return
}
