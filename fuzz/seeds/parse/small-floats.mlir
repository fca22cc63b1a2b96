"t.op"() {a = 0x7F800001 : f32, b = 1.5 : f8E4M3FN, c = 0x7F : f8E5M2FNUZ, d = dense<[0.5, 6.0]> : tensor<2xf4E2M1FN>, e = 0.1 : tf32, f = array<i0: 0, 0>, g = 0x100 : f8E4M3FN} : () -> ()
