// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics
// The maxima and minima buffer-to-loop rejects (the kernel's verifier already rejects other
// types and a quantization other than the input's beyond its tolerance): one located error
// per kernel.

// TFLM's EvalMax compares the scales exactly: one float ulp apart (within the verifier's
// tolerance) is refused.
!qi = !quant.uniform<i8:f32, 0.1:2>
!qo = !quant.uniform<i8:f32, 0.10000001:2>
func.func @scale_one_ulp_apart(%x: !buffer<2x4x!qi>, %y: !buffer<2x!qo>) {
  // expected-error@+1 {{quantized unlike input '!buffer<2x4x!quant.uniform<i8:f32, 1.000000e-01:2>>' (TFLM requires equal scales and zero points)}}
  buffer.kernel reduce_max ins(%x : !buffer<2x4x!qi>) outs(%y : !buffer<2x!qo>) {axes = array<i64: 1>, keep_dims = false}
  return
}
