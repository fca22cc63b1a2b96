// Affine maps and sets (simplified at parse time as upstream simplifies them), vector, memref,
// tensor, tuple and complex types: mc prints them exactly as upstream MLIR 22 does (without its
// aliases), and upstream reads mc's output back to the IR it reads from the source.
//
// RUN: mc-opt %s --allow-unregistered-dialect --print-generic | FileCheck %s
// RUN: mc-opt %s --allow-unregistered-dialect --print-generic | mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic > %t.via-mc
// RUN: mlir-opt-22 %s --allow-unregistered-dialect --mlir-print-op-generic > %t.upstream
// RUN: diff %t.via-mc %t.upstream

"t.maps"() {
a = affine_map<(d0, d1) -> (d1 + d0, 2 + d0, d0 + 2 + 3, d0 * 2 + d0, d0 - d1, d0 - 3, -d0, d0 * -1, 3 * d0)>,
b = affine_map<(d0)[s0] -> (d0 floordiv 2, d0 ceildiv 4, d0 mod 8, (d0 + s0) floordiv 2, d0 floordiv 1, d0 mod 1, 7 floordiv 2, -7 mod 3, d0 * 4 mod 2)>,
c = affine_map<(i, j)[M] -> (i + M, j, M * i, i * (M + 1), (i + j) * 2)>,
d = affine_map<(d0) -> (d0 - d0, (d0 floordiv 2) * 2, d0 - (d0 floordiv 2) * 2, (d0 mod 4) mod 2, -(d0 + 1), d0 + -2, d0 - -2, d0 - d0 * 3)>,
e = affine_map<() -> ()>
} : () -> ()
"t.sets"() {
a = affine_set<(d0, d1)[s0] : (d0 - 10 >= 0, s0 - d0 == 0, d0 + d1 * 2 - 3 >= 0, d0 <= 5, d0 == d1)>,
b = affine_set<(d0) : ()>, c = affine_set<(d0) : (1 >= 0, d0 - 1 <= 0)>
} : () -> ()
"t.types"() : () -> (vector<8xi64>, vector<[8]xi64>, vector<2x[4]xf32>, vector<f32>, memref<4xf32, affine_map<(d0) -> (d0)>>, memref<4xf32, strided<[1], offset: 0>>, memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<*xf32>, memref<*xf32, 1>, memref<4xf32, 0>, memref<4xf32, "gpu" : i32>, memref<4x?xf32, strided<[4, 1], offset: 0>, 3>, memref<4xf32, affine_map<(d0)[s0] -> (d0 + s0)>>, memref<f32>, memref<0xf32>, memref<4xvector<4xf32>>, tensor<*xf32>, tensor<4x?xf32>, tensor<4xf32, "enc">, tuple<i32, f32>, tuple<>, complex<f32>, tensor<4xcomplex<f64>>)
"t.dense"() {v = dense<[1.0, 2.0]> : vector<2xf32>} : () -> ()
// The count of zero-width elements is kept.
"t.arrays"() {a = array<i0: 0, 0>, b = array<i0>} : () -> ()

// CHECK: "t.maps"() {a = affine_map<(d0, d1) -> (d0 + d1, d0 + 2, d0 + 5, d0 * 3, d0 - d1, d0 - 3, -d0, -d0, d0 * 3)>, b = affine_map<(d0)[s0] -> (d0 floordiv 2, d0 ceildiv 4, d0 mod 8, (d0 + s0) floordiv 2, d0, 0, 3, 2, 0)>, c = affine_map<(d0, d1)[s0] -> (d0 + s0, d1, d0 * s0, d0 * (s0 + 1), (d0 + d1) * 2)>, d = affine_map<(d0) -> (0, (d0 floordiv 2) * 2, d0 mod 2, d0 mod 2, -(d0 + 1), d0 - 2, d0 + 2, d0 * -2)>, e = affine_map<() -> ()>} : () -> ()
// CHECK-NEXT: "t.sets"() {a = affine_set<(d0, d1)[s0] : (d0 - 10 >= 0, -d0 + s0 == 0, d0 + d1 * 2 - 3 >= 0, -d0 + 5 >= 0, d0 - d1 == 0)>, b = affine_set<(d0) : (0 == 0)>, c = affine_set<(d0) : (1 >= 0, -(d0 - 1) >= 0)>} : () -> ()
// CHECK-NEXT: %0:23 = "t.types"() : () -> (vector<8xi64>, vector<[8]xi64>, vector<2x[4]xf32>, vector<f32>, memref<4xf32>, memref<4xf32, strided<[1]>>, memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<*xf32>, memref<*xf32, 1>, memref<4xf32>, memref<4xf32, "gpu" : i32>, memref<4x?xf32, strided<[4, 1]>, 3>, memref<4xf32, affine_map<(d0)[s0] -> (d0 + s0)>>, memref<f32>, memref<0xf32>, memref<4xvector<4xf32>>, tensor<*xf32>, tensor<4x?xf32>, tensor<4xf32, "enc">, tuple<i32, f32>, tuple<>, complex<f32>, tensor<4xcomplex<f64>>)
// CHECK-NEXT: "t.dense"() {v = dense<[1.000000e+00, 2.000000e+00]> : vector<2xf32>} : () -> ()
// CHECK-NEXT: "t.arrays"() {a = array<i0: 0, 0>, b = array<i0>} : () -> ()
