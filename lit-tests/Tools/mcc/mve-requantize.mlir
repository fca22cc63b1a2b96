// RUN: rm -rf %t && mcc %s --target cortex-m55 -Os --emit asm --prefix conv -o %t/m55 > /dev/null && FileCheck %s --check-prefix=MVE < %t/m55/conv.s
// RUN: mcc %s --target cortex-m55 --emit mlir-loop --prefix conv -o %t/loop > /dev/null && FileCheck %s --check-prefix=LOOP < %t/loop/conv.mlir
// RUN: mcc %s --target cortex-m4 -Os --emit asm --prefix conv -o %t/m4 > /dev/null && FileCheck %s --check-prefix=DSP < %t/m4/conv.s
// An int8 pointwise convolution with per-channel scales on the Cortex-M55: its loop nest computes
// two pixels by two output channels per step, the four dot products vectorized
// (vectorize-dot-products); the four requantizations then get one vector<4xi32> computation
// (vectorize-store-groups: the accumulators, multipliers and shifts gathered with
// vector.from_elements, each byte stored from its lane with vector.extract), which LLVM makes
// MVE's vqrdmulh and vrshl. The Cortex-M4 keeps its scalar requantization.
// LOOP: vector.widening_dot
// LOOP: vector.from_elements
// LOOP: vector.rounding_doubling_high_mul
// LOOP: vector.rounding_shift_right
// LOOP: vector.extract
// MVE: vmlava.s8
// MVE: vqrdmulh.s32
// MVE: vrshl.s32
// DSP-NOT: vqrdmulh
// DSP-NOT: vrshl
func.func @main(%x: tensor<1x4x4x32x!quant.uniform<i8:f32, 0.05:-3>>) -> tensor<1x4x4x8x!quant.uniform<i8:f32, 0.25:5>> {
  %w = "graph.const"() <{value = dense<[[[[-45, 115, -89, -26, 39, -115, -109, 83, 10, -103, -34, 22, -113, 105, 2, -73, -118, -105, -16, -20, -110, -66, -104, 14, -19, -112, 84, 17, -96, 115, -70, 34]]], [[[33, 22, 115, -112, 20, 22, -26, -115, 122, -71, -116, 15, 92, -93, -53, -20, -91, 11, -97, 19, -49, 16, 81, 47, -81, -101, 21, 19, 36, -79, -32, -103]]], [[[13, 55, -111, 17, -112, 31, -75, 0, 47, 9, -18, 71, -47, -8, 22, 109, -11, -35, -51, -64, 76, -81, 51, 72, -65, -107, 20, -51, 7, -1, 97, -40]]], [[[59, -13, -54, 28, 123, -109, -97, 4, -20, -85, 66, -40, -89, 111, -2, -20, -117, 119, 44, -108, 68, 15, 19, 75, 97, 82, -47, -40, 50, -38, 25, 0]]], [[[21, 77, -11, -110, 88, -104, 114, -58, -6, 51, 43, -111, -112, 60, 52, -48, 38, 20, 127, 47, 83, -13, -55, 56, -29, 100, 44, -39, -122, 113, -9, -37]]], [[[-84, 29, -98, -1, -112, -72, 69, -54, -94, 62, -64, -26, -27, 107, 96, 0, -107, -85, -13, -25, 13, -56, 99, -92, 82, -17, 94, 13, -56, 53, -21, 125]]], [[[-36, 47, 99, -30, 118, -68, -89, -106, -82, -89, -68, 41, -68, -124, -3, 85, 23, -81, -60, -55, -126, -90, -20, 9, -33, 29, 17, -46, 116, -95, 49, 92]]], [[[4, 116, 31, 40, 46, 62, -114, -11, 103, 95, 72, 116, 96, 47, 77, 16, -27, -26, -25, -27, -101, -4, 35, -25, -112, -79, -110, 125, -74, -15, -86, -99]]]]> : tensor<8x1x1x32xi8>}> : () -> tensor<8x1x1x32x!quant.uniform<i8:f32:0, {0.0020,0.0023,0.0026,0.0029,0.0032,0.0035,0.0038,0.0041}>>
  %b = "graph.const"() <{value = dense<[-608, 460, -1785, -1581, -2000, 321, -1381, 197]> : tensor<8xi32>}> : () -> tensor<8x!quant.uniform<i32:f32:0, {0.0001000,0.0001150,0.0001300,0.0001450,0.0001600,0.0001750,0.0001900,0.0002050}>>
  %y = "graph.conv_2d"(%x, %w, %b) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "VALID", fused_activation = "RELU"}> : (tensor<1x4x4x32x!quant.uniform<i8:f32, 0.05:-3>>, tensor<8x1x1x32x!quant.uniform<i8:f32:0, {0.0020,0.0023,0.0026,0.0029,0.0032,0.0035,0.0038,0.0041}>>, tensor<8x!quant.uniform<i32:f32:0, {0.0001000,0.0001150,0.0001300,0.0001450,0.0001600,0.0001750,0.0001900,0.0002050}>>) -> tensor<1x4x4x8x!quant.uniform<i8:f32, 0.25:5>>
  return %y : tensor<1x4x4x8x!quant.uniform<i8:f32, 0.25:5>>
}
