// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics
// The sums buffer-to-loop rejects (the kernel's verifier already rejects other types and axes
// out of range): one located error per kernel.

// A quantized sum over an empty axis: TFLM returns zeros before requantizing, mc refuses it.
!q8 = !quant.uniform<i8:f32, 0.1:3>
func.func @empty(%x: !buffer<2x0x4x!q8>, %y: !buffer<2x4x!q8>) {
  // expected-error@+1 {{'buffer.kernel' op sum: unsupported: a quantized sum over no elements ('!buffer<2x0x4x!quant.uniform<i8:f32, 1.000000e-01:3>>' is empty along [1])}}
  buffer.kernel sum ins(%x : !buffer<2x0x4x!q8>) outs(%y : !buffer<2x4x!q8>) {axes = array<i64: 1>, keep_dims = false}
  return
}

// -----

// The output is the input reduced over the axes.
func.func @wrong_output(%x: !buffer<2x3x4xf32>, %y: !buffer<2x4xf32>) {
  // expected-error@+1 {{'buffer.kernel' op sum}}
  buffer.kernel sum ins(%x : !buffer<2x3x4xf32>) outs(%y : !buffer<2x4xf32>) {axes = array<i64: 2>, keep_dims = false}
  return
}
