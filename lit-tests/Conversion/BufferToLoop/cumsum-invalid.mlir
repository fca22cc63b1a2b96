// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics
// The running sums buffer-to-loop rejects: one located error per kernel.

// An output scale so small that TFLM's output rescale (2·s_in / (2^20·s_out)) is not below one,
// which its QuantizeMultiplierSmallerThanOneExp requires.
!qi = !quant.uniform<i8:f32, 1.0>
!qo = !quant.uniform<i8:f32, 0.000000476837158203125>
func.func @tiny_output_scale(%x: !buffer<4x!qi>, %y: !buffer<4x!qo>) {
  // expected-error@+1 {{'buffer.kernel' op cumsum: unsupported: rescaling by 4 is not below one, which TFLite's quantized CUMSUM requires}}
  buffer.kernel cumsum ins(%x : !buffer<4x!qi>) outs(%y : !buffer<4x!qo>) {axis = array<i64: 0>, exclusive = false, reverse = false}
  return
}
