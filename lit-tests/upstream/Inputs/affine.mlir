// Affine maps and integer sets as attributes, in the syntax upstream's mlir/test/IR tests use.
#map0 = affine_map<(i, j) -> (i, j)>
#map1 = affine_map<(d0, d1)[s0] -> (d0 + s0, d1)>


"test.maps"() {identity = #map0, shifted = #map1, zero_results = affine_map<(d0) -> ()>,
  empty = affine_map<() -> ()>, constants = affine_map<() -> (0, 1, -5)>} : () -> ()

// -----

"test.simplify"() {
  fold = affine_map<(d0, d1) -> (d0 + 2 + 3, 4 + d1, d0 * 2 * 3, d0 - d0, d1 * 0, d0 * 1, d0 floordiv 1)>,
  order = affine_map<(d0, d1, d2)[s0, s1] -> (d2 + d1 + d0, s1 + s0, s0 + d1, d1 + 1 + d0)>,
  collect = affine_map<(d0, d1) -> (d0 * 2 + d0, d0 + d0, d1 * 3 - d1 * 3, d0 * 4 + d0 * -2)>,
  modulo = affine_map<(d0) -> (d0 - (d0 floordiv 4) * 4, (d0 mod 8) mod 4, (d0 * 6) mod 3, (d0 * 4 + 1) mod 2)>,
  divide = affine_map<(d0, d1) -> ((d0 * 8) floordiv 4, (d0 * 8) ceildiv 4, (d0 * 4 + d1) floordiv 2, 7 floordiv 2, -7 floordiv 2, 7 ceildiv 2, -7 mod 3)>
} : () -> ()

// -----

"test.print"() {
  sub = affine_map<(d0, d1) -> (d0 - d1, d0 - 1, d0 - d1 * 3, -d0, -(d0 + d1), d0 - (d1 + 1), -d0 + d1)>,
  paren = affine_map<(d0, d1)[s0] -> ((d0 + d1) * 2, (d0 floordiv 2) * 3, d0 floordiv 2 floordiv 3, (d0 + s0) mod 4, d0 * (s0 + 1), (d0 * s0) * 2)>,
  symbols = affine_map<(d0)[s0, s1] -> (d0 * s0, s0 * d0, d0 floordiv s0, d0 ceildiv s1, d0 mod s0, s0 * s1)>,
  undefined = affine_map<(d0) -> (d0 floordiv 0, d0 mod 0, d0 mod -2, d0 floordiv -2, d0 ceildiv -2)>
} : () -> ()

// -----

"test.sets"() {
  a = affine_set<(d0) : (d0 >= 0)>,
  b = affine_set<(d0, d1)[s0] : (d0 - 10 >= 0, s0 - d0 == 0, d0 + d1 * 2 <= 3, d0 == d1)>,
  c = affine_set<() : (0 == 0)>,
  d = affine_set<(d0) : ()>,
  e = affine_set<(d0)[s0] : (1 >= 0, d0 - 1 <= 0, d0 floordiv 2 >= s0, d0 mod 4 == 0)>
} : () -> ()

// -----

func.func @affine_in_ops(%arg0: index, %arg1: index) -> index {
  %0 = "test.apply"(%arg0, %arg1) {map = affine_map<(d0)[s0] -> (d0 * 4 + s0)>} : (index, index) -> index
  "test.if"(%0) {condition = affine_set<(i)[N] : (i >= 0, N - i - 1 >= 0)>} : (index) -> ()
  return %0 : index
}
