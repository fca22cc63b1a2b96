// RUN: rm -rf %t && mcc %s --target cortex-m55 -Os --emit asm --prefix fc -o %t/m55 > /dev/null && FileCheck %s --check-prefix=MVE < %t/m55/fc.s
// RUN: mcc %s --target cortex-m55 --emit mlir-loop --prefix fc -o %t/loop > /dev/null && FileCheck %s --check-prefix=LOOP < %t/loop/fc.mlir
// RUN: mcc %s --target cortex-m4 -Os --emit asm --prefix fc -o %t/m4 > /dev/null && FileCheck %s --check-prefix=DSP < %t/m4/fc.s
// An int8 fully connected layer of 72 input channels on the Cortex-M55 (Helium/MVE): the
// channel loop is vectorized (vectorize-dot-products) into 16-lane vector.widening_dot over
// vector.load, with a masked step for the last 8 channels; LLVM makes them vldrb + vmlava in a
// low-overhead loop (le), the tail a predicated vldrbt (its constant mask set with vmsr p0).
// The Cortex-M4 keeps its smlad path and has no vector code.
// LOOP: vector.load
// LOOP: vector.widening_dot
// LOOP: vector.create_mask
// LOOP: vector.maskedload
// MVE: vldrb.u8
// MVE: vmlava.s8
// MVE: le lr
// MVE: vmsr p0
// MVE: vldrbt.u8
// DSP-NOT: vmlava
// DSP: smlad
// DSP-NOT: vmlava
func.func @main(%x: tensor<1x72x!quant.uniform<i8:f32, 0.05:-3>>) -> tensor<1x4x!quant.uniform<i8:f32, 0.25:5>> {
  %w = "graph.const"() <{value = dense<[[1, -2, 3, -4, 5, -6, 7, -8, 9, -10, 11, -12, 13, -14, 15, -16, 17, -18, 19, -20, 21, -22, 23, -24, 25, -26, 27, -28, 29, -30, 31, -32, 33, -34, 35, -36, 37, -38, 39, -40, 41, -42, 43, -44, 45, -46, 47, -48, 49, -50, 51, -52, 53, -54, 55, -56, 57, -58, 59, -60, 61, -62, 63, -64, 65, -66, 67, -68, 69, -70, 71, -72], [2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46, 48, 50, 52, 54, 56, 58, 60, 62, 64, 66, 68, 70, 72, 74, 76, 78, 80, 82, 84, 86, 88, 90, 92, 94, 96, 98, 100, 102, 104, 106, 108, 110, 112, 114, 116, 118, 120, 122, 124, 126, -128, 1, 2, 3, 4, 5, 6, 7, 8], [-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1], [127, 0, 127, 0, 127, 0, 127, 0, 127, 0, 127, 0, 127, 0, 127, 0, 127, 0, 127, 0, 127, 0, 127, 0, 127, 0, 127, 0, 127, 0, 127, 0, 127, 0, 127, 0, 127, 0, 127, 0, 127, 0, 127, 0, 127, 0, 127, 0, 127, 0, 127, 0, 127, 0, 127, 0, 127, 0, 127, 0, 127, 0, 127, 0, 127, 0, 127, 0, 127, 0, 127, 0]]> : tensor<4x72xi8>}> : () -> tensor<4x72x!quant.uniform<i8:f32, 0.01>>
  %y = "graph.fully_connected"(%x, %w) <{fused_activation = "NONE", keep_num_dims = false}> : (tensor<1x72x!quant.uniform<i8:f32, 0.05:-3>>, tensor<4x72x!quant.uniform<i8:f32, 0.01>>) -> tensor<1x4x!quant.uniform<i8:f32, 0.25:5>>
  return %y : tensor<1x4x!quant.uniform<i8:f32, 0.25:5>>
}
