"t.types"() : () -> (si8, ui16, i1, bf16, f64, index, none, tensor<f32>, tensor<1x2x3xi8>, tensor<0x4xf32>, (i32) -> f32, () -> (), !d.type<"opaque" [1, 2]>, f16, i128)
