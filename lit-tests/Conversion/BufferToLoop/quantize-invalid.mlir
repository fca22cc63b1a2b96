// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics
// What the quantize and dequantize lowerings reject: one located error per kernel.

!q8 = !quant.uniform<i8:f32, 5.000000e-01:-3>
!q32 = !quant.uniform<i32:f32, 5.000000e-01>
func.func @requantize_to_int32(%x: !buffer<4x!q8>, %y: !buffer<4x!q32>) {
  // expected-error@+1 {{'buffer.kernel' op quantize: unsupported: QUANTIZE with int8 -> int32 is not supported}}
  buffer.kernel quantize ins(%x : !buffer<4x!q8>) outs(%y : !buffer<4x!q32>)
  return
}

// -----

!u8 = !quant.uniform<u8:f32, 5.000000e-01:128>
func.func @dequantize_uint8(%x: !buffer<4x!u8>, %y: !buffer<4xf32>) {
  // expected-error@+1 {{'buffer.kernel' op dequantize: unsupported: DEQUANTIZE with uint8 -> f32 is not supported}}
  buffer.kernel dequantize ins(%x : !buffer<4x!u8>) outs(%y : !buffer<4xf32>)
  return
}

// -----

func.func @dequantize_f16(%x: !buffer<4xf16>, %y: !buffer<4xf32>) {
  // expected-error@+1 {{'buffer.kernel' op dequantize: unsupported: DEQUANTIZE with f16 -> f32 is not supported}}
  buffer.kernel dequantize ins(%x : !buffer<4xf16>) outs(%y : !buffer<4xf32>)
  return
}
