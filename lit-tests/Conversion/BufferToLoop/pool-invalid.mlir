// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics
// Pools TFLite Micro has no kernel for (int32, uint8) are errors at the kernel before
// buffer-to-loop lowers anything: its verifier takes f32, int8 and int16 only (it also rejects
// mixed input and output types and TANH or SIGN_BIT activations).

!q = !quant.uniform<i32:f32, 0.1>
func.func @avg_int32(%x: !buffer<1x4x4x2x!q>, %y: !buffer<1x2x2x2x!q>) {
  // expected-error@+1 {{'buffer.kernel' op avg_pool_2d: input element type must be f32, quantized i8 or quantized i16, but got '!quant.uniform<i32:f32, 1.000000e-01>'}}
  buffer.kernel avg_pool_2d ins(%x : !buffer<1x4x4x2x!q>) outs(%y : !buffer<1x2x2x2x!q>) {filter_h = 2 : i64, filter_w = 2 : i64, stride_h = 2 : i64, stride_w = 2 : i64, padding = "VALID", fused_activation = "NONE"}
  return
}

// -----

!q = !quant.uniform<u8:f32, 0.1:128>
func.func @max_uint8(%x: !buffer<1x4x4x2x!q>, %y: !buffer<1x2x2x2x!q>) {
  // expected-error@+1 {{'buffer.kernel' op max_pool_2d: input element type must be f32, quantized i8 or quantized i16}}
  buffer.kernel max_pool_2d ins(%x : !buffer<1x4x4x2x!q>) outs(%y : !buffer<1x2x2x2x!q>) {filter_h = 2 : i64, filter_w = 2 : i64, stride_h = 2 : i64, stride_w = 2 : i64, padding = "SAME", fused_activation = "RELU"}
  return
}

// -----

// TFLite Micro's L2_POOL_2D has no quantized kernel.
!q = !quant.uniform<i8:f32, 0.1:3>
func.func @l2_int8(%x: !buffer<1x4x4x2x!q>, %y: !buffer<1x2x2x2x!q>) {
  // expected-error@+1 {{'buffer.kernel' op l2_pool_2d: input element type must be f32, but got '!quant.uniform<i8:f32, 1.000000e-01:3>'}}
  buffer.kernel l2_pool_2d ins(%x : !buffer<1x4x4x2x!q>) outs(%y : !buffer<1x2x2x2x!q>) {filter_h = 2 : i64, filter_w = 2 : i64, stride_h = 2 : i64, stride_w = 2 : i64, padding = "VALID", fused_activation = "NONE"}
  return
}

// -----

// Explicit padding is four non-negative amounts.
!q = !quant.uniform<i8:f32, 0.05:-128>
func.func @bad_explicit_padding(%x: !buffer<1x4x5x3x!q>, %y: !buffer<1x2x3x3x!q>) {
  // expected-error@+1 {{'buffer.kernel' op max_pool_2d: 'pad' must be 4 non-negative amounts (top, bottom, left, right), but is [2, 0, -1]}}
  buffer.kernel max_pool_2d ins(%x : !buffer<1x4x5x3x!q>) outs(%y : !buffer<1x2x3x3x!q>) {filter_h = 3 : i64, filter_w = 3 : i64, fused_activation = "NONE", pad = array<i64: 2, 0, -1>, stride_h = 2 : i64, stride_w = 2 : i64}
  return
}
