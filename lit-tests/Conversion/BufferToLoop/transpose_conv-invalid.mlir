// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics
// What the transpose_conv kernel refuses.

// A 16x8 transposed convolution accumulates in int64 and requantizes with TFLite's int64
// MultiplyByQuantizedMultiplier, which asserts a real multiplier below 128: here 1 · 1 / 0.001.
!q16 = !quant.uniform<i16:f32, 1.000000e+00>
!qo = !quant.uniform<i16:f32, 1.000000e-03>
!qw = !quant.uniform<i8:f32, 1.000000e+00>
func.func @int16_multiplier_too_large(%x: !buffer<1x2x2x2x!q16>, %w: !buffer<3x2x2x2x!qw>, %y: !buffer<1x4x4x3x!qo>) {
  // expected-error@+1 {{'buffer.kernel' op transpose_conv: unsupported: a requantization multiplier of 128 or more on an int64 accumulator}}
  buffer.kernel transpose_conv ins(%x, %w : !buffer<1x2x2x2x!q16>, !buffer<3x2x2x2x!qw>) outs(%y : !buffer<1x4x4x3x!qo>) {output_shape = array<i64: 1, 4, 4, 3>, stride_h = 2 : i64, stride_w = 2 : i64, padding = "SAME", fused_activation = "NONE"}
  return
}

// -----

// TFLite Micro's 16x8 kernel would read an i32 bias as int64_t: the kernel's operand check (the
// graph op's) refuses it.
!q16 = !quant.uniform<i16:f32, 1.000000e-03>
!qw = !quant.uniform<i8:f32, 1.000000e-02>
func.func @int16_i32_bias(%x: !buffer<1x2x2x2x!q16>, %w: !buffer<3x2x2x2x!qw>, %b: !buffer<3xi32>, %y: !buffer<1x4x4x3x!q16>) {
  // expected-error@+1 {{'buffer.kernel' op transpose_conv: bias element type must be i64, quantized i16 or i16, but got 'i32'}}
  buffer.kernel transpose_conv ins(%x, %w, %b : !buffer<1x2x2x2x!q16>, !buffer<3x2x2x2x!qw>, !buffer<3xi32>) outs(%y : !buffer<1x4x4x3x!q16>) {output_shape = array<i64: 1, 4, 4, 3>, stride_h = 2 : i64, stride_w = 2 : i64, padding = "SAME", fused_activation = "NONE"}
  return
}
