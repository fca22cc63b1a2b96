// Float types tf32, f8*, f6*, f4* and float literals: hex bit patterns kept bit-exact (signaling
// NaNs and NaN payloads too), decimals rounded to the format; mc prints every attribute exactly as
// upstream MLIR 22 does, and upstream reads mc's output back to the same IR.
//
// RUN: mc-opt %s --allow-unregistered-dialect --print-generic | FileCheck %s
// RUN: mc-opt %s --allow-unregistered-dialect --print-generic | mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic > %t.via-mc
// RUN: mlir-opt-22 %s --allow-unregistered-dialect --mlir-print-op-generic > %t.upstream
// RUN: diff %t.via-mc %t.upstream

"t.floats"() {
snan = 0x7F800001 : f32, qnan_payload = 0x7FC00001 : f32, neg_snan = 0xFF800001 : f32, snan64 = 0x7FF0000000000001 : f64,
snan16 = 0x7C01 : f16, bsnan = 0x7F81 : bf16, inf = 0x7F800000 : f32,
a = 1.5 : f8E4M3FN, b = 0x7F : f8E4M3FN, c = 1.0 : tf32, d = 0.1 : tf32, e = 448.0 : f8E4M3FN, f = 57344.0 : f8E5M2,
g = 0x7C : f8E5M2, h = 0x7E : f8E5M2, i = 0x80 : f8E4M3FNUZ, j = 3.0 : f8E4M3FNUZ, k = 1.0 : f8E4M3B11FNUZ, l = 0.25 : f8E3M4,
m = 2.0 : f8E8M0FNU, n = 0x7F : f8E8M0FNU, o = 6.0 : f4E2M1FN, p = 0.5 : f6E2M3FN, q = 28.0 : f6E3M2FN, r = -1.75 : f8E4M3,
s = 0.3 : f8E5M2, t = 0x00 : f8E8M0FNU, u = 0x01 : f8E4M3FN,
dense = dense<[1.0, 0x7F, -2.0]> : tensor<3xf8E4M3FN>, dense4 = dense<[0.5, 1.0, 1.5, 2.0]> : tensor<4xf4E2M1FN>,
arr = array<f32: 0x7F800001, 1.0>, sn_dense = dense<[0x7F800001, 0xFF800002]> : tensor<2xf32>
} : () -> ()

// CHECK: "t.floats"() {a = 1.500000e+00 : f8E4M3FN, arr = array<f32: 0x7F800001, 1.000000e+00>, b = 0x7F : f8E4M3FN, bsnan = 0x7F81 : bf16, c = 1.000000e+00 : tf32, d = 9.997550e-02 : tf32, dense = dense<[1.000000e+00, 0x7F, -2.000000e+00]> : tensor<3xf8E4M3FN>, dense4 = dense<[5.000000e-01, 1.000000e+00, 1.500000e+00, 2.000000e+00]> : tensor<4xf4E2M1FN>, e = 4.480000e+02 : f8E4M3FN, f = 5.734400e+04 : f8E5M2, g = 0x7C : f8E5M2, h = 0x7E : f8E5M2, i = 0x80 : f8E4M3FNUZ, inf = 0x7F800000 : f32, j = 3.000000e+00 : f8E4M3FNUZ, k = 1.000000e+00 : f8E4M3B11FNUZ, l = 2.500000e-01 : f8E3M4, m = 2.000000e+00 : f8E8M0FNU, n = 1.000000e+00 : f8E8M0FNU, neg_snan = 0xFF800001 : f32, o = 6.000000e+00 : f4E2M1FN, p = 5.000000e-01 : f6E2M3FN, q = 2.800000e+01 : f6E3M2FN, qnan_payload = 0x7FC00001 : f32, r = -1.750000e+00 : f8E4M3, s = 3.125000e-01 : f8E5M2, sn_dense = dense<[0x7F800001, 0xFF800002]> : tensor<2xf32>, snan = 0x7F800001 : f32, snan16 = 0x7C01 : f16, snan64 = 0x7FF0000000000001 : f64, t = 5.877470e-39 : f8E8M0FNU, u = 1.953130e-03 : f8E4M3FN} : () -> ()
