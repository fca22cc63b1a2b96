// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics
// The PRELUs buffer-to-loop rejects: one located error per kernel.

// TFLM's float PRELU indexes through NdArrayDesc<4>: rank 5 is refused.
func.func @float_rank_5(%x: !buffer<2x1x2x1x2xf32>, %a: !buffer<2xf32>, %y: !buffer<2x1x2x1x2xf32>) {
  // expected-error@+1 {{'buffer.kernel' op prelu: unsupported: rank 5 (TFLite Micro's float PRELU handles up to 4)}}
  buffer.kernel prelu ins(%x, %a : !buffer<2x1x2x1x2xf32>, !buffer<2xf32>) outs(%y : !buffer<2x1x2x1x2xf32>)
  return
}

// -----

// A scale ratio of 2^31 or more needs a shift above 30.
!qi = !quant.uniform<i8:f32, 1000.0>
!qo = !quant.uniform<i8:f32, 1.0e-7>
func.func @shift_out_of_range(%x: !buffer<4x!qi>, %a: !buffer<4x!qi>, %y: !buffer<4x!qo>) {
  // expected-error@+1 {{'buffer.kernel' op prelu: unsupported: input scale over output scale out of range}}
  buffer.kernel prelu ins(%x, %a : !buffer<4x!qi>, !buffer<4x!qi>) outs(%y : !buffer<4x!qo>)
  return
}
