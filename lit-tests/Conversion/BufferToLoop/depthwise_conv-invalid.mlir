// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics
// What the depthwise_conv_2d lowering rejects that the verifier and the support table accept.
// (Everything else the lowering could reject, e.g. TANH fused into int8, non-zero filter zero
// points or int16 zero points, the verifier already rejects.)

// TFLite Micro's 16x8 depthwise kernel reads its bias as int64_t whatever its type: an i32 bias
// (which its conv_2d takes) has no meaning there.
!q16 = !quant.uniform<i16:f32, 1.000000e-02>
!qw = !quant.uniform<i8:f32, 1.000000e-02>
func.func @int16_with_i32_bias(%x: !buffer<1x4x4x2x!q16>, %w: !buffer<1x1x1x2x!qw>, %b: !buffer<2xi32>, %y: !buffer<1x4x4x2x!q16>) {
  // expected-error@+1 {{'buffer.kernel' op depthwise_conv_2d: unsupported: DEPTHWISE_CONV_2D with int16, int8, i32 -> int16 is not supported}}
  buffer.kernel depthwise_conv_2d ins(%x, %w, %b : !buffer<1x4x4x2x!q16>, !buffer<1x1x1x2x!qw>, !buffer<2xi32>) outs(%y : !buffer<1x4x4x2x!q16>) {depth_multiplier = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", padding = "VALID", stride_h = 1 : i64, stride_w = 1 : i64}
  return
}

// -----

// border_nests overrides the choice of border nests with "all" or "shared", nothing else.
func.func @unknown_border_nests(%x: !buffer<1x6x6x4xf32>, %w: !buffer<1x3x3x4xf32>, %y: !buffer<1x6x6x4xf32>) {
  // expected-error@+1 {{'buffer.kernel' op depthwise_conv_2d: unsupported: 'border_nests' must be "all" or "shared"}}
  buffer.kernel depthwise_conv_2d ins(%x, %w : !buffer<1x6x6x4xf32>, !buffer<1x3x3x4xf32>) outs(%y : !buffer<1x6x6x4xf32>) {depth_multiplier = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", padding = "SAME", stride_h = 1 : i64, stride_w = 1 : i64, border_nests = "some"}
  return
}
