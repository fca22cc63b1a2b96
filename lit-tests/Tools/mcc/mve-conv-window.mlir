// RUN: rm -rf %t && mcc %s --target cortex-m55 -Os --emit asm --prefix conv -o %t/m55 > /dev/null && FileCheck %s --check-prefix=MVE < %t/m55/conv.s
// RUN: mcc %s --target cortex-m55 --emit mlir-loop --prefix conv -o %t/loop > /dev/null && FileCheck %s --check-prefix=LOOP < %t/loop/conv.mlir
// RUN: mcc %s --target cortex-m4 -Os --emit asm --prefix conv -o %t/m4 > /dev/null && FileCheck %s --check-prefix=DSP < %t/m4/conv.s
// An int8 3x3 convolution of three input channels on the Cortex-M55: its window is unrolled
// (27 terms per output channel), each kernel row's 9 consecutive elements (3 columns x 3
// channels, in the input and in the filter) one run that vectorize-unrolled-dot-products makes
// a masked load of each side and a vector.widening_dot; LLVM makes them predicated vldrbt and
// vmlava.s8 (its constant filter rows included). The Cortex-M4 has no vector code.
// LOOP: buffer.view
// LOOP: vector.create_mask
// LOOP: vector.maskedload
// LOOP: vector.widening_dot
// MVE: vldrbt.u8
// MVE: vmlava.s8
// DSP-NOT: vmlava
// DSP-NOT: vldrbt
func.func @main(%x: tensor<1x5x5x3x!quant.uniform<i8:f32, 0.05:-3>>) -> tensor<1x3x3x2x!quant.uniform<i8:f32, 0.25:5>> {
  %w = "graph.const"() <{value = dense<[[[[-67, 24, 12], [-94, -33, 107], [27, -6, 33]], [[21, -111, 28], [-124, 105, 87], [-7, -61, 14]], [[-68, -78, 127], [56, -7, 11], [87, 13, -6]]], [[[-26, 36, 93], [-89, -68, 35], [-89, 95, 110]], [[6, -28, 62], [-124, 44, 71], [-111, -87, 67]], [[118, 24, -117], [-50, 72, -120], [83, 94, -59]]]]> : tensor<2x3x3x3xi8>}> : () -> tensor<2x3x3x3x!quant.uniform<i8:f32, 0.01>>
  %b = "graph.const"() <{value = dense<[100, -200]> : tensor<2xi32>}> : () -> tensor<2x!quant.uniform<i32:f32, 0.0005>>
  %y = "graph.conv_2d"(%x, %w, %b) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<1x5x5x3x!quant.uniform<i8:f32, 0.05:-3>>, tensor<2x3x3x3x!quant.uniform<i8:f32, 0.01>>, tensor<2x!quant.uniform<i32:f32, 0.0005>>) -> tensor<1x3x3x2x!quant.uniform<i8:f32, 0.25:5>>
  return %y : tensor<1x3x3x2x!quant.uniform<i8:f32, 0.25:5>>
}
