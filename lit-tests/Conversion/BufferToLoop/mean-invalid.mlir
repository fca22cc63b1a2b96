// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics
// The means buffer-to-loop rejects (the kernel's verifier already rejects other types and
// axes out of range): one located error per kernel.

// Found by the lower_tflite fuzzer: an empty reduced axis (TFLM would divide by zero).
!q8 = !quant.uniform<i8:f32, 0.1>
func.func @empty(%x: !buffer<1x0x4x2x!q8>, %y: !buffer<1x2x!q8>) {
  // expected-error@+1 {{'buffer.kernel' op mean: unsupported: a mean over no elements ('!buffer<1x0x4x2x!quant.uniform<i8:f32, 1.000000e-01>>' is empty along [1, 2])}}
  buffer.kernel mean ins(%x : !buffer<1x0x4x2x!q8>) outs(%y : !buffer<1x2x!q8>) {axes = array<i64: 1, 2>, keep_dims = false}
  return
}
