// f80 and f128: hex bit patterns kept exactly (NaN payloads, subnormals; an f80 unnormal is a NaN,
// as upstream reads it), decimals read as f64 as upstream does; mc prints every value exactly as
// upstream MLIR 22 prints it (six decimals when they read back to the same value, else all the
// digits the format needs, else hex). Upstream reads the long decimal forms through an f64, so
// it does not read them (its own output included) back to the same value: the check compares
// what both print for the same input.
//
// RUN: mc-opt %s --allow-unregistered-dialect --print-generic | FileCheck %s
// RUN: mc-opt %s --allow-unregistered-dialect --print-generic > %t.mc
// RUN: mlir-opt-22 %s --allow-unregistered-dialect --mlir-print-op-generic | sed "/^$/d" > %t.upstream
// RUN: diff %t.mc %t.upstream

// CHECK: "t.f80"() {inf = 0x7FFF8000000000000000 : f80, low_bit = 1.00000000000000000011 : f80, nan = 0x7FFFC000000000000000 : f80, neg_zero = -0.000000e+00 : f80, one_and_half = 1.500000e+00 : f80, point_three = 0.299999999999999988898 : f80, pseudo_nan = 0x7FFF7000000000000000 : f80, subnormal = 3.645200e-4951 : f80, unnormal = 0x7FFF0000000000000001 : f80, wide = 1.0000000000000000525E+300 : f80}
"t.f80"() {
  inf = 0x7FFF8000000000000000 : f80, one_and_half = 1.5 : f80, low_bit = 0x3FFF8000000000000001 : f80,
  wide = 1.0e300 : f80, neg_zero = -0.0 : f80, subnormal = 0x00000000000000000001 : f80, unnormal = 0x3FFF0000000000000001 : f80,
  pseudo_nan = 0x7FFF7000000000000000 : f80, nan = 0x7FFFC000000000000000 : f80, point_three = 0.3 : f80
} : () -> ()
// CHECK: "t.f128"() {big = 0x4019D6F3454000000000000000000000 : f128, neg_inf = 0xFFFF0000000000000000000000000000 : f128, point_one = 0.100000000000000005551115123125782702 : f128, snan = 0x7FFF0000000000000000000000000001 : f128, subnormal = 6.475180e-4966 : f128, three = 3.000000e+00 : f128, tiny = 9.99988867182683005413375236765280058E-321 : f128}
"t.f128"() {
  point_one = 0.1 : f128, snan = 0x7FFF0000000000000000000000000001 : f128, three = 3.0 : f128, tiny = 1.0e-320 : f128,
  subnormal = 0x00000000000000000000000000000001 : f128, neg_inf = 0xFFFF0000000000000000000000000000 : f128,
  big = 123456789.0 : f128
} : () -> ()
// CHECK: "t.elements"() {array = array<f128: 1.000000e+00, 2.000000e+00>, dense128 = dense<[0xFFFF0000000000000000000000000000, 1.000000e+00]> : tensor<2xf128>, dense80 = dense<[1.500000e+00, 0x7FFF8000000000000000]> : tensor<2xf80>, splat = dense<2.500000e-01> : tensor<2xf128>}
"t.elements"() {
  dense80 = dense<[1.5, 0x7FFF8000000000000000]> : tensor<2xf80>, splat = dense<0.25> : tensor<2xf128>,
  array = array<f128: 1.0, 2.0>, dense128 = dense<[0xFFFF0000000000000000000000000000, 1.0]> : tensor<2xf128>
} : () -> ()
