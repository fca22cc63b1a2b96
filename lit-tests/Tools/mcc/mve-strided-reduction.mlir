// RUN: rm -rf %t && mcc %s --target cortex-m55 -Os --emit asm --prefix mean -o %t > /dev/null && FileCheck %s < %t/mean.s
// An int8 MEAN over a 4x4 window of 3 channels on the Cortex-M55: its inner loop reads every
// third byte. LLVM 22 would vectorize it with MVE gathers (vldrb.s32 q, [r, q] + vaddva) whose
// lowering drops the loop's exit (an endless loop, no stores); mcc turns MVE gathers off
// (backends/llvm target setup), so the loop stays a counted low-overhead loop (le) of strided
// loads and every mean is stored.
// CHECK-LABEL: mean_model_run:
// CHECK-NOT:   [r{{[0-9]+}}, q{{[0-9]}}]
// CHECK:       ldrsb
// CHECK-NOT:   [r{{[0-9]+}}, q{{[0-9]}}]
// CHECK:       le lr
// CHECK-NOT:   [r{{[0-9]+}}, q{{[0-9]}}]
// CHECK:       strb
// CHECK-NOT:   [r{{[0-9]+}}, q{{[0-9]}}]
// CHECK:       .Lfunc_end
func.func @main(%x: tensor<1x4x4x3x!quant.uniform<i8:f32, 0.05:-128>>) -> tensor<1x1x1x3x!quant.uniform<i8:f32, 0.05:127>> {
  %y = "graph.mean"(%x) <{axes = array<i64: 1, 2>, keep_dims = true}> : (tensor<1x4x4x3x!quant.uniform<i8:f32, 0.05:-128>>) -> tensor<1x1x1x3x!quant.uniform<i8:f32, 0.05:127>>
  return %y : tensor<1x1x1x3x!quant.uniform<i8:f32, 0.05:127>>
}
