// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics
// What the quantize and dequantize lowerings reject: one located error per kernel.

!q8 = !quant.uniform<i8:f32, 5.000000e+04>
!q32 = !quant.uniform<i32:f32, 1.000000e-05>
func.func @multiplier_too_large(%x: !buffer<4x!q8>, %y: !buffer<4x!q32>) {
  // expected-error@+1 {{'buffer.kernel' op quantize: unsupported: an effective scale of 5000000000 (input scale / output scale): TFLite Micro's MultiplyByQuantizedMultiplier cannot shift left by 33}}
  buffer.kernel quantize ins(%x : !buffer<4x!q8>) outs(%y : !buffer<4x!q32>)
  return
}

// -----

// 2^30 exactly: shift 31, one past what MultiplyByQuantizedMultiplier computes.
!q16 = !quant.uniform<i16:f32, 1.073741824e+09>
!q32b = !quant.uniform<i32:f32, 1.000000e+00>
func.func @multiplier_at_shift_31(%x: !buffer<4x!q16>, %y: !buffer<4x!q32b>) {
  // expected-error@+1 {{cannot shift left by 31}}
  buffer.kernel quantize ins(%x : !buffer<4x!q16>) outs(%y : !buffer<4x!q32b>)
  return
}

// -----

func.func @dequantize_f16(%x: !buffer<4xf16>, %y: !buffer<4xf32>) {
  // expected-error@+1 {{'buffer.kernel' op dequantize: unsupported: DEQUANTIZE with f16 -> f32 is not supported}}
  buffer.kernel dequantize ins(%x : !buffer<4xf16>) outs(%y : !buffer<4xf32>)
  return
}
