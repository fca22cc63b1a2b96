// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics
// What the conv_2d lowering rejects that the verifier accepts. (Everything else the lowering
// could reject, e.g. TANH fused into int8, non-zero filter zero points or int16 zero points, the
// verifier already rejects.)

// A 16x8 convolution with an i64 bias requantizes with TFLite's int64
// MultiplyByQuantizedMultiplier, which asserts a real multiplier below 128: here it is
// 1 · 1 / 0.001 = 1000.
!q16 = !quant.uniform<i16:f32, 1.000000e+00>
!qo = !quant.uniform<i16:f32, 1.000000e-03>
!qw = !quant.uniform<i8:f32, 1.000000e+00>
func.func @int16_multiplier_too_large(%x: !buffer<1x4x4x2x!q16>, %w: !buffer<3x1x1x2x!qw>, %b: !buffer<3xi64>, %y: !buffer<1x4x4x3x!qo>) {
  // expected-error@+1 {{'buffer.kernel' op conv_2d: unsupported: a requantization multiplier of 128 or more on an int64 accumulator}}
  buffer.kernel conv_2d ins(%x, %w, %b : !buffer<1x4x4x2x!q16>, !buffer<3x1x1x2x!qw>, !buffer<3xi64>) outs(%y : !buffer<1x4x4x3x!qo>) {dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", padding = "VALID", stride_h = 1 : i64, stride_w = 1 : i64}
  return
}
