// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics
// The L2 normalizations buffer-to-loop rejects: one located error per kernel.

// TFLM's int8 L2_NORMALIZATION (an inverse square root per row) has no lowering yet: the
// support table lists float32 only.
!qi = !quant.uniform<i8:f32, 0.1:-2>
!qo = !quant.uniform<i8:f32, 0.0078125>
func.func @int8(%x: !buffer<2x5x!qi>, %y: !buffer<2x5x!qo>) {
  // expected-error@+1 {{'buffer.kernel' op l2_normalization: unsupported: L2_NORMALIZATION with}}
  buffer.kernel l2_normalization ins(%x : !buffer<2x5x!qi>) outs(%y : !buffer<2x5x!qo>) {fused_activation = "NONE"}
  return
}
