// RUN: mc-opt %s --split-input-file --verify-diagnostics
// Upstream reports the same messages at the same places.
// RUN: mlir-opt-22 %s --split-input-file --verify-diagnostics
// Verifier messages of vector.shape_cast, vector.bitcast, vector.fma and vector.constant_mask.

func.func @a(%v: vector<4xi32>) {
  // expected-error@+1 {{'vector.fma' op operand #0 must be vector of floating-point values, but got 'vector<4xi32>'}}
  %0 = "vector.fma"(%v, %v, %v) : (vector<4xi32>, vector<4xi32>, vector<4xi32>) -> vector<4xi32>
  return
}

// -----

func.func @b(%v: vector<4xf32>, %w: vector<2xf32>) {
  // expected-error@+1 {{'vector.fma' op failed to verify that all of {lhs, rhs, acc, result} have same type}}
  %0 = "vector.fma"(%v, %v, %w) : (vector<4xf32>, vector<4xf32>, vector<2xf32>) -> vector<4xf32>
  return
}

// -----

func.func @c(%v: vector<4x2xf32>) {
  // expected-error@+1 {{'vector.shape_cast' op has different number of elements at source (8) and result (7)}}
  %0 = vector.shape_cast %v : vector<4x2xf32> to vector<7xf32>
  return
}

// -----

func.func @d(%v: vector<4x2xf32>) {
  // expected-error@+1 {{'vector.shape_cast' op has different source and result element types}}
  %0 = vector.shape_cast %v : vector<4x2xf32> to vector<8xi32>
  return
}

// -----

func.func @e(%v: vector<4x[2]xf32>) {
  // expected-error@+1 {{'vector.shape_cast' op has different number of scalable dims at source (1) and result (0)}}
  %0 = vector.shape_cast %v : vector<4x[2]xf32> to vector<8xf32>
  return
}

// -----

func.func @f(%v: vector<4x2xf32>) {
  // expected-error@+1 {{'vector.bitcast' op failed to verify that all of {source, result} have same rank}}
  %0 = vector.bitcast %v : vector<4x2xf32> to vector<8xi32>
  return
}

// -----

func.func @g(%v: vector<4x2xf32>) {
  // expected-error@+1 {{'vector.bitcast' op dimension size mismatch at: 0}}
  %0 = vector.bitcast %v : vector<4x2xf32> to vector<3x2xi32>
  return
}

// -----

func.func @h(%v: vector<4x2xf32>) {
  // expected-error@+1 {{'vector.bitcast' op source/result bitwidth of the minor 1-D vectors must be equal}}
  %0 = vector.bitcast %v : vector<4x2xf32> to vector<4x3xi32>
  return
}

// -----

func.func @i(%v: vector<f32>) {
  // expected-error@+1 {{'vector.bitcast' op source/result bitwidth of the 0-D vector element types must be equal}}
  %0 = vector.bitcast %v : vector<f32> to vector<i16>
  return
}

// -----

func.func @j() {
  // expected-error@+1 {{'vector.constant_mask' op must specify array attr of size equal vector result rank}}
  %0 = vector.constant_mask [2] : vector<4x3xi1>
  return
}

// -----

func.func @k() {
  // expected-error@+1 {{'vector.constant_mask' op array attr of size out of bounds of vector result dimension size}}
  %0 = vector.constant_mask [5, 1] : vector<4x3xi1>
  return
}

// -----

func.func @l() {
  // expected-error@+1 {{'vector.constant_mask' op expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim}}
  %0 = vector.constant_mask [2, 0] : vector<4x3xi1>
  return
}

// -----

func.func @m() {
  // expected-error@+1 {{'vector.constant_mask' op only supports 'none set' or 'all set' scalable dimensions}}
  %0 = vector.constant_mask [2] : vector<[4]xi1>
  return
}

// -----

func.func @n() {
  // expected-error@+1 {{mask dim size must be either 0 or 1 for 0-D vectors}}
  %0 = vector.constant_mask [2] : vector<i1>
  return
}

// -----

func.func @o() {
  // expected-error@+1 {{array attr must have length 1 for 0-D vectors}}
  %0 = vector.constant_mask [2, 1] : vector<i1>
  return
}

// -----

func.func @p() {
  // expected-error@+1 {{'vector.constant_mask' op result #0 must be vector of 1-bit signless integer values, but got 'vector<4xi32>'}}
  %0 = vector.constant_mask [2] : vector<4xi32>
  return
}

// -----

func.func @r(%v: vector<4xf32>) {
  // expected-error@+1 {{'vector.bitcast' op failed to verify that all of {source, result} have same rank}}
  %0 = vector.bitcast %v : vector<4xf32> to vector<2x2xf32>
  return
}
