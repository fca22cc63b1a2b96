// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics
// The log softmaxes buffer-to-loop rejects: one located error per kernel.

// TFLM's int8 LOG_SOFTMAX (gemmlowp fixed point) has no lowering yet: the support table lists
// float32 only.
!qi = !quant.uniform<i8:f32, 0.1:-2>
!qo = !quant.uniform<i8:f32, 0.0625:127>
func.func @int8(%x: !buffer<2x5x!qi>, %y: !buffer<2x5x!qo>) {
  // expected-error@+1 {{'buffer.kernel' op log_softmax: unsupported: LOG_SOFTMAX with}}
  buffer.kernel log_softmax ins(%x : !buffer<2x5x!qi>) outs(%y : !buffer<2x5x!qo>)
  return
}
