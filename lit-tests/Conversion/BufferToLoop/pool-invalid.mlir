// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics
// The pools buffer-to-loop rejects (the kernel's verifier already rejects other types, mixed
// input and output types, and TANH or SIGN_BIT activations): one located error per kernel.

!q = !quant.uniform<i16:f32, 0.1>
func.func @avg_int16(%x: !buffer<1x4x4x2x!q>, %y: !buffer<1x2x2x2x!q>) {
  // expected-error@+1 {{'buffer.kernel' op avg_pool_2d: unsupported: input '!buffer<1x4x4x2x!quant.uniform<i16:f32, 1.000000e-01>>' and output '!buffer<1x2x2x2x!quant.uniform<i16:f32, 1.000000e-01>>' (float32 or int8)}}
  buffer.kernel avg_pool_2d ins(%x : !buffer<1x4x4x2x!q>) outs(%y : !buffer<1x2x2x2x!q>) {filter_h = 2 : i64, filter_w = 2 : i64, stride_h = 2 : i64, stride_w = 2 : i64, padding = "VALID", fused_activation = "NONE"}
  return
}

// -----

!q = !quant.uniform<i16:f32, 0.1>
func.func @max_int16(%x: !buffer<1x4x4x2x!q>, %y: !buffer<1x2x2x2x!q>) {
  // expected-error@+1 {{'buffer.kernel' op max_pool_2d: unsupported: input '!buffer<1x4x4x2x!quant.uniform<i16:f32, 1.000000e-01>>' and output '!buffer<1x2x2x2x!quant.uniform<i16:f32, 1.000000e-01>>' (float32 or int8)}}
  buffer.kernel max_pool_2d ins(%x : !buffer<1x4x4x2x!q>) outs(%y : !buffer<1x2x2x2x!q>) {filter_h = 2 : i64, filter_w = 2 : i64, stride_h = 2 : i64, stride_w = 2 : i64, padding = "SAME", fused_activation = "RELU"}
  return
}
