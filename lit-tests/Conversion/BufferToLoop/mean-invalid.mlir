// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics
// The means buffer-to-loop rejects (the kernel's verifier already rejects other types and
// axes out of range): one located error per kernel.

!q = !quant.uniform<i16:f32, 0.1>
func.func @int16(%x: !buffer<1x4x4x2x!q>, %y: !buffer<1x2x!q>) {
  // expected-error@+1 {{'buffer.kernel' op mean: unsupported: input '!buffer<1x4x4x2x!quant.uniform<i16:f32, 1.000000e-01>>' and output '!buffer<1x2x!quant.uniform<i16:f32, 1.000000e-01>>' (float32 or int8)}}
  buffer.kernel mean ins(%x : !buffer<1x4x4x2x!q>) outs(%y : !buffer<1x2x!q>) {axes = array<i64: 1, 2>, keep_dims = false}
  return
}

// -----

// Found by the lower_tflite fuzzer: an empty reduced axis (TFLM would divide by zero).
!q8 = !quant.uniform<i8:f32, 0.1>
func.func @empty(%x: !buffer<1x0x4x2x!q8>, %y: !buffer<1x2x!q8>) {
  // expected-error@+1 {{'buffer.kernel' op mean: unsupported: a mean over no elements ('!buffer<1x0x4x2x!quant.uniform<i8:f32, 1.000000e-01>>' is empty along [1, 2])}}
  buffer.kernel mean ins(%x : !buffer<1x0x4x2x!q8>) outs(%y : !buffer<1x2x!q8>) {axes = array<i64: 1, 2>, keep_dims = false}
  return
}
