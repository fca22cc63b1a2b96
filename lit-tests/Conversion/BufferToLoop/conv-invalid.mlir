// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics
// What the conv_2d lowering rejects that the verifier accepts: TFLite's 16x8 kernels (int16
// activations, int8 filter, optional i64 bias) are not lowered. (Everything else the lowering
// could reject, e.g. TANH fused into int8 or non-zero filter zero points, the verifier already
// rejects.)

!q16 = !quant.uniform<i16:f32, 1.000000e-02>
!qw = !quant.uniform<i8:f32, 1.000000e-02>
func.func @int16_activations(%x: !buffer<1x4x4x2x!q16>, %w: !buffer<3x1x1x2x!qw>, %y: !buffer<1x4x4x3x!q16>) {
  // expected-error@+1 {{'buffer.kernel' op conv_2d: unsupported: 16-bit activations (16x8 kernels) are not lowered}}
  buffer.kernel conv_2d ins(%x, %w : !buffer<1x4x4x2x!q16>, !buffer<3x1x1x2x!qw>) outs(%y : !buffer<1x4x4x3x!q16>) {dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", padding = "VALID", stride_h = 1 : i64, stride_w = 1 : i64}
  return
}

// -----

!q16 = !quant.uniform<i16:f32, 1.000000e-02>
!qw = !quant.uniform<i8:f32, 1.000000e-02>
func.func @int16_with_i64_bias(%x: !buffer<1x4x4x2x!q16>, %w: !buffer<3x1x1x2x!qw>, %b: !buffer<3xi64>, %y: !buffer<1x4x4x3x!q16>) {
  // expected-error@+1 {{'buffer.kernel' op conv_2d: unsupported: 16-bit activations (16x8 kernels) are not lowered}}
  buffer.kernel conv_2d ins(%x, %w, %b : !buffer<1x4x4x2x!q16>, !buffer<3x1x1x2x!qw>, !buffer<3xi64>) outs(%y : !buffer<1x4x4x3x!q16>) {dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", padding = "VALID", stride_h = 1 : i64, stride_w = 1 : i64}
  return
}
