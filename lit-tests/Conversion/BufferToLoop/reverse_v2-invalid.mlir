// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics
// What the reverse_v2 lowering refuses because TFLite Micro does.

func.func @not_contiguous(%x: !buffer<2x3x4xf32>, %y: !buffer<2x3x4xf32>) {
  // expected-error@+1 {{'buffer.kernel' op reverse_v2: unsupported: axes that are not contiguous (TFLite Micro reverses one block of dimensions)}}
  buffer.kernel reverse_v2 ins(%x : !buffer<2x3x4xf32>) outs(%y : !buffer<2x3x4xf32>) {axes = array<i64: 0, 2>}
  return
}

// -----

func.func @no_axes(%x: !buffer<4xf32>, %y: !buffer<4xf32>) {
  // expected-error@+1 {{'buffer.kernel' op reverse_v2: unsupported: no axes (TFLite Micro reads a first axis)}}
  buffer.kernel reverse_v2 ins(%x : !buffer<4xf32>) outs(%y : !buffer<4xf32>) {axes = array<i64>}
  return
}
