// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics
// The fully_connected kernels buffer-to-loop rejects (the kernel's verifier already rejects
// other types, nonzero weight zero points, and TANH or SIGN_BIT activations): one located
// error per kernel, nothing lowered to compute wrong numbers.

// TFLite Micro's 16x8 kernel has no input or output offsets (and its Prepare does not check
// the zero points): a non-zero one would be ignored there, so mc refuses it.
!qi = !quant.uniform<i16:f32, 0.05:5>
!qw = !quant.uniform<i8:f32, 0.02>
!qo = !quant.uniform<i16:f32, 0.1>
func.func @int16_input_zero_point(%x: !buffer<1x4x!qi>, %w: !buffer<3x4x!qw>, %y: !buffer<1x3x!qo>) {
  // expected-error@+1 {{'buffer.kernel' op fully_connected: unsupported: an int16 input with zero point 5 (16x8 kernels take 0)}}
  buffer.kernel fully_connected ins(%x, %w : !buffer<1x4x!qi>, !buffer<3x4x!qw>) outs(%y : !buffer<1x3x!qo>) {fused_activation = "NONE", keep_num_dims = false}
  return
}

// -----

!qi = !quant.uniform<i16:f32, 0.05>
!qw = !quant.uniform<i8:f32, 0.02>
!qo = !quant.uniform<i16:f32, 0.1:-7>
func.func @int16_output_zero_point(%x: !buffer<2x4x!qi>, %w: !buffer<3x4x!qw>, %b: !buffer<3xi64>, %y: !buffer<2x3x!qo>) {
  // expected-error@+1 {{'buffer.kernel' op fully_connected: unsupported: an int16 output with zero point -7 (16x8 kernels take 0)}}
  buffer.kernel fully_connected ins(%x, %w, %b : !buffer<2x4x!qi>, !buffer<3x4x!qw>, !buffer<3xi64>) outs(%y : !buffer<2x3x!qo>) {fused_activation = "RELU", keep_num_dims = false}
  return
}
