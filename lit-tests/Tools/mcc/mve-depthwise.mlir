// RUN: rm -rf %t && mcc %s --target cortex-m55 -Os --emit asm --prefix dw -o %t/m55 > /dev/null && FileCheck %s --check-prefix=MVE < %t/m55/dw.s
// RUN: mcc %s --target cortex-m55 --emit mlir-loop --prefix dw -o %t/loop > /dev/null && FileCheck %s --check-prefix=LOOP < %t/loop/dw.mlir
// RUN: mcc %s --target cortex-m4 -Os --emit asm --prefix dw -o %t/m4 > /dev/null && FileCheck %s --check-prefix=DSP < %t/m4/dw.s
// An int8 depthwise convolution of 18 channels on the Cortex-M55 (Helium/MVE): each channel
// loop becomes four channels per step, one i32 lane each (vectorize-channels), the
// requantization vqrdmulh + vrshl (vector-fixed-point), and the last 2 channels one masked step.
// LLVM makes them widening vldrb.s32 loads, narrowing vstrb.32 stores, and predicated
// vldrbt/vstrbt for the tail. The Cortex-M4 keeps its scalar multiply-accumulates (smlabb) and
// has no vector code.
// LOOP: vector.load {{.*}} vector<4xi8>
// LOOP: vector.rounding_doubling_high_mul
// LOOP: vector.rounding_shift_right
// LOOP: vector.store {{.*}} vector<4xi8>
// LOOP: vector.create_mask %{{.*}} : vector<4xi1>
// LOOP: vector.maskedstore
// MVE: vldrb.s32
// MVE: vqrdmulh.s32
// MVE: vrshl.s32
// MVE: vstrb.32
// MVE: vldrbt.s32
// MVE: vstrbt.32
// DSP-NOT: vldrb
// DSP-NOT: vqrdmulh
// DSP: smlabb
// DSP-NOT: vldrb
// DSP-NOT: vqrdmulh
func.func @main(%x: tensor<1x6x6x18x!quant.uniform<i8:f32, 0.05:-3>>) -> tensor<1x6x6x18x!quant.uniform<i8:f32, 0.25:5>> {
  %w = "graph.const"() <{value = dense<[[[[-67, 24, 12, -94, -33, 107, 27, -6, 33, 21, -111, 28, -124, 105, 87, -7, -61, 14], [-68, -78, 127, 56, -7, 11, 87, 13, -6, -26, 36, 93, -89, -68, 35, -89, 95, 110], [6, -28, 62, -124, 44, 71, -111, -87, 67, 118, 24, -117, -50, 72, -120, 83, 94, -59]], [[-6, 25, 57, 108, 97, -28, 55, 74, 108, -18, -26, 59, 78, 20, -14, 119, 112, -93], [97, -34, -103, -118, -93, -1, -72, -61, 120, 45, -16, 72, 33, 91, -50, -20, 2, 86], [-29, 19, -38, 9, 22, -23, 22, -68, 104, -41, 47, 107, 110, -120, 92, -56, 126, 28]], [[44, 51, -86, 51, 93, -44, 119, 11, 104, 19, 18, -101, 55, 40, -73, 35, 85, 125], [19, -59, -55, -96, -111, -4, 91, 36, 126, -4, -105, -39, 77, -110, -22, 102, -89, -122], [-52, -18, 69, -21, 96, -97, -116, 27, 30, 67, -116, -31, 56, 23, -43, 14, 98, 109]]]]> : tensor<1x3x3x18xi8>}> : () -> tensor<1x3x3x18x!quant.uniform<i8:f32:3, {0.0100, 0.0110, 0.0120, 0.0130, 0.0140, 0.0150, 0.0160, 0.0170, 0.0180, 0.0190, 0.0200, 0.0210, 0.0220, 0.0230, 0.0240, 0.0250, 0.0260, 0.0270}>>
  %b = "graph.const"() <{value = dense<[-857, 70, -1034, -1853, -732, -1971, -1685, -1558, 456, 193, -1872, 1886, -1192, 1978, -330, -806, 500, -922]> : tensor<18xi32>}> : () -> tensor<18x!quant.uniform<i32:f32:0, {5.000000e-04, 5.500000e-04, 6.000000e-04, 6.500000e-04, 7.000000e-04, 7.500000e-04, 8.000000e-04, 8.500000e-04, 9.000000e-04, 9.500000e-04, 1.000000e-03, 1.050000e-03, 1.100000e-03, 1.150000e-03, 1.200000e-03, 1.250000e-03, 1.300000e-03, 1.350000e-03}>>
  %y = "graph.depthwise_conv_2d"(%x, %w, %b) <{depth_multiplier = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "RELU6", padding = "SAME", stride_h = 1 : i64, stride_w = 1 : i64}> : (tensor<1x6x6x18x!quant.uniform<i8:f32, 0.05:-3>>, tensor<1x3x3x18x!quant.uniform<i8:f32:3, {0.0100, 0.0110, 0.0120, 0.0130, 0.0140, 0.0150, 0.0160, 0.0170, 0.0180, 0.0190, 0.0200, 0.0210, 0.0220, 0.0230, 0.0240, 0.0250, 0.0260, 0.0270}>>, tensor<18x!quant.uniform<i32:f32:0, {5.000000e-04, 5.500000e-04, 6.000000e-04, 6.500000e-04, 7.000000e-04, 7.500000e-04, 8.000000e-04, 8.500000e-04, 9.000000e-04, 9.500000e-04, 1.000000e-03, 1.050000e-03, 1.100000e-03, 1.150000e-03, 1.200000e-03, 1.250000e-03, 1.300000e-03, 1.350000e-03}>>) -> tensor<1x6x6x18x!quant.uniform<i8:f32, 0.25:5>>
  return %y : tensor<1x6x6x18x!quant.uniform<i8:f32, 0.25:5>>
}
