// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics
// The L2 normalizations buffer-to-loop rejects: one located error per kernel.

// TFLM's L2_NORMALIZATION takes float32 and int8 only: the kernel's operand check (the graph
// op's) refuses int16.
!qi = !quant.uniform<i16:f32, 0.1>
!qo = !quant.uniform<i16:f32, 0.0078125>
func.func @int16(%x: !buffer<2x5x!qi>, %y: !buffer<2x5x!qo>) {
  // expected-error@+1 {{'buffer.kernel' op l2_normalization: input element type must be f32 or quantized i8, but got '!quant.uniform<i16:f32, 1.000000e-01>'}}
  buffer.kernel l2_normalization ins(%x : !buffer<2x5x!qi>) outs(%y : !buffer<2x5x!qo>) {fused_activation = "NONE"}
  return
}
