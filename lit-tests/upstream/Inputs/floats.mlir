// Float types and literals: signaling NaNs, NaN payloads, f80, f128, tf32 and the f8/f6/f4 families.
"t.floats"() {
snan = 0x7F800001 : f32, qnan_payload = 0x7FC00001 : f32, neg_snan = 0xFF800001 : f32, snan64 = 0x7FF0000000000001 : f64,
snan16 = 0x7C01 : f16, bsnan = 0x7F81 : bf16, inf = 0x7F800000 : f32, f80 = 0x3FFF8000000000000001 : f80, f80_inf = 0x7FFF8000000000000000 : f80,
f128 = 0.1 : f128, f128_snan = 0x7FFF0000000000000000000000000001 : f128, f128_neg_inf = 0xFFFF0000000000000000000000000000 : f128, f128_dense = dense<[1.5, 0x7FFF0000000000000000000000000001]> : tensor<2xf128>,
a = 1.5 : f8E4M3FN, b = 0x7F : f8E4M3FN, c = 1.0 : tf32, d = 0.1 : tf32, e = 448.0 : f8E4M3FN, f = 57344.0 : f8E5M2,
g = 0x7C : f8E5M2, h = 0x7E : f8E5M2, i = 0x80 : f8E4M3FNUZ, j = 3.0 : f8E4M3FNUZ, k = 1.0 : f8E4M3B11FNUZ, l = 0.25 : f8E3M4,
m = 2.0 : f8E8M0FNU, n = 0x7F : f8E8M0FNU, o = 6.0 : f4E2M1FN, p = 0.5 : f6E2M3FN, q = 28.0 : f6E3M2FN, r = -1.75 : f8E4M3,
s = 0.3 : f8E5M2, t = 0x00 : f8E8M0FNU, u = 0x01 : f8E4M3FN,
dense = dense<[1.0, 0x7F, -2.0]> : tensor<3xf8E4M3FN>, dense4 = dense<[0.5, 1.0, 1.5, 2.0]> : tensor<4xf4E2M1FN>,
arr = array<f32: 0x7F800001, 1.0>, sn_dense = dense<[0x7F800001, 0xFF800002]> : tensor<2xf32>
} : () -> ()

// -----

// Signed NaNs of the formats with one NaN per sign, scalar and in elements.
"test.nans"() {a = 0xFF : f8E4M3FN, b = 0x7F : f8E4M3FN, c = dense<[[0x00, 0x7F], [0x80, 0xFF]]> : tensor<2x2xf8E4M3FN>, d = 0x80 : f8E4M3FNUZ, e = 0xFF : f8E8M0FNU} : () -> ()
