// RUN: mc-opt %s --split-input-file --verify-diagnostics
// Upstream reports the same messages at the same places.
// RUN: mlir-opt-22 %s --split-input-file --verify-diagnostics
// vector.load and vector.store need a unit innermost stride on memrefs with affine-map layouts
// too, derived as upstream derives it: the coefficient of the last dimension in the map's one
// result; maps with several results, floordiv/ceildiv/mod or a symbolic coefficient are not
// unit-strided. The loads and stores without an expected error verify.

func.func @strided_maps(%i: index, %m: memref<4x8xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1 + s0)>>,
                        %n: memref<4x8xf32, affine_map<(d0, d1) -> (d0 * 4 + (d1 + 1) * 1)>>) {
  %v = vector.load %m[%i, %i] : memref<4x8xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1 + s0)>>, vector<4xf32>
  vector.store %v, %n[%i, %i] : memref<4x8xf32, affine_map<(d0, d1) -> (d0 * 4 + (d1 + 1) * 1)>>, vector<4xf32>
  return
}

// -----

func.func @constant_stride(%i: index, %m: memref<4x8xf32, affine_map<(d0, d1) -> (d0 * 8 + d1 * 2)>>) {
  // expected-error@+1 {{'vector.load' op most minor memref dim must have unit stride}}
  %v = vector.load %m[%i, %i] : memref<4x8xf32, affine_map<(d0, d1) -> (d0 * 8 + d1 * 2)>>, vector<4xf32>
  return
}

// -----

func.func @symbolic_stride(%i: index, %m: memref<4x8xf32, affine_map<(d0, d1)[s0] -> ((d0 + d1) * s0)>>, %v: vector<4xf32>) {
  // expected-error@+1 {{'vector.store' op most minor memref dim must have unit stride}}
  vector.store %v, %m[%i, %i] : memref<4x8xf32, affine_map<(d0, d1)[s0] -> ((d0 + d1) * s0)>>, vector<4xf32>
  return
}

// -----

func.func @permuted(%i: index, %m: memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>>) {
  // expected-error@+1 {{'vector.load' op most minor memref dim must have unit stride}}
  %v = vector.load %m[%i, %i] : memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>>, vector<4xf32>
  return
}

// -----

func.func @not_strided(%i: index, %m: memref<4x8xf32, affine_map<(d0, d1) -> (d0 * 4 + d1 mod 4)>>) {
  // expected-error@+1 {{'vector.load' op most minor memref dim must have unit stride}}
  %v = vector.load %m[%i, %i] : memref<4x8xf32, affine_map<(d0, d1) -> (d0 * 4 + d1 mod 4)>>, vector<4xf32>
  return
}
