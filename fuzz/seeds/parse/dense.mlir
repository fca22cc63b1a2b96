"t.dense"() {d = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, s = dense<7> : tensor<4xi16>, f = dense<[1.0, -2.5]> : tensor<2xf32>, z = dense<> : tensor<0xi32>, b = dense<true> : tensor<3xi1>, a = array<i32: 1, 2, 3>, e = array<f32>, h = dense<"0x01020304"> : tensor<4xi8>} : () -> ()
"c.x"() {a = dense<[(1,1), (2,-2)]> : tensor<2xcomplex<i64>>, b = dense<(1.5,0.0)> : tensor<2xcomplex<f32>>} : () -> ()
"c.y"() : () -> memref<2x!foo.t>
