// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics
// What the maximum and minimum lowerings reject: one located error per kernel.

// TFLite Micro's MaximumMinimumBroadcastSlow handles up to rank 5.
func.func @rank_6(%a: !buffer<1x1x1x1x1x2xf32>, %b: !buffer<2xf32>, %c: !buffer<1x1x1x1x1x2xf32>) {
  // expected-error@+1 {{'buffer.kernel' op maximum: unsupported: rank 6 (TFLite Micro's maximum/minimum broadcast handles up to 5)}}
  buffer.kernel maximum ins(%a, %b : !buffer<1x1x1x1x1x2xf32>, !buffer<2xf32>) outs(%c : !buffer<1x1x1x1x1x2xf32>)
  return
}
