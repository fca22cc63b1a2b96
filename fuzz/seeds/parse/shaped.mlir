"t.op"() : () -> (vector<2x[4]xf32>, memref<?x4xf32, strided<[?, 1], offset: ?>, 1>, memref<*xi8, "gpu">, memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>, tensor<*xf32>, tensor<4x?xi8, "enc">, tuple<i32, complex<f32>>)
"t.bad"() : () -> (vector<0xf32>, memref<4xf32, strided<[1, 1]>>)
