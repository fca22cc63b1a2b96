// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics
// The fully_connected kernels buffer-to-loop rejects (the kernel's verifier already rejects
// other types, nonzero weight zero points, and TANH or SIGN_BIT activations): one located
// error per kernel, nothing lowered to compute wrong numbers.

!qi = !quant.uniform<i16:f32, 0.05>
!qw = !quant.uniform<i8:f32, 0.02>
!qo = !quant.uniform<i16:f32, 0.1>
func.func @int16(%x: !buffer<1x4x!qi>, %w: !buffer<3x4x!qw>, %y: !buffer<1x3x!qo>) {
  // expected-error@+1 {{'buffer.kernel' op fully_connected: unsupported: input '!buffer<1x4x!quant.uniform<i16:f32, 5.000000e-02>>' with weights '!buffer<3x4x!quant.uniform<i8:f32, 2.000000e-02>>' and output '!buffer<1x3x!quant.uniform<i16:f32, 1.000000e-01>>' (float32, or int8 with int8 weights and int32 bias)}}
  buffer.kernel fully_connected ins(%x, %w : !buffer<1x4x!qi>, !buffer<3x4x!qw>) outs(%y : !buffer<1x3x!qo>) {fused_activation = "NONE", keep_num_dims = false}
  return
}

// -----

!qi = !quant.uniform<i16:f32, 0.05>
!qw = !quant.uniform<i8:f32, 0.02>
!qb = i64
!qo = !quant.uniform<i16:f32, 0.1>
func.func @int16_bias(%x: !buffer<2x4x!qi>, %w: !buffer<3x4x!qw>, %b: !buffer<3x!qb>, %y: !buffer<2x3x!qo>) {
  // expected-error@+1 {{'buffer.kernel' op fully_connected: unsupported: input '!buffer<2x4x!quant.uniform<i16:f32, 5.000000e-02>>' with weights '!buffer<3x4x!quant.uniform<i8:f32, 2.000000e-02>>', bias '!buffer<3xi64>' and output '!buffer<2x3x!quant.uniform<i16:f32, 1.000000e-01>>' (float32, or int8 with int8 weights and int32 bias)}}
  buffer.kernel fully_connected ins(%x, %w, %b : !buffer<2x4x!qi>, !buffer<3x4x!qw>, !buffer<3x!qb>) outs(%y : !buffer<2x3x!qo>) {fused_activation = "RELU", keep_num_dims = false}
  return
}
