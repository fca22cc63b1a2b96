// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics
// What the concatenation lowering rejects (TFLite Micro's limits): one located error per kernel.

func.func @rank5(%a: !buffer<1x1x1x1x2xf32>, %b: !buffer<1x1x1x1x2xf32>, %y: !buffer<1x1x1x1x4xf32>) {
  // expected-error@+1 {{'buffer.kernel' op concatenation: unsupported: rank 5 (TFLite Micro concatenates at most rank 4)}}
  buffer.kernel concatenation ins(%a, %b : !buffer<1x1x1x1x2xf32>, !buffer<1x1x1x1x2xf32>) outs(%y : !buffer<1x1x1x1x4xf32>) {axis = 4 : i64, fused_activation = "NONE"}
  return
}

// -----

func.func @eleven_inputs(%a: !buffer<1xf32>, %y: !buffer<11xf32>) {
  // expected-error@+1 {{'buffer.kernel' op concatenation: unsupported: 11 inputs (TFLite Micro takes at most 10)}}
  buffer.kernel concatenation ins(%a, %a, %a, %a, %a, %a, %a, %a, %a, %a, %a : !buffer<1xf32>, !buffer<1xf32>, !buffer<1xf32>, !buffer<1xf32>, !buffer<1xf32>, !buffer<1xf32>, !buffer<1xf32>, !buffer<1xf32>, !buffer<1xf32>, !buffer<1xf32>, !buffer<1xf32>) outs(%y : !buffer<11xf32>) {axis = 0 : i64, fused_activation = "NONE"}
  return
}
