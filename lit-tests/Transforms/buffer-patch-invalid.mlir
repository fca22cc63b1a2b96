// RUN: mc-opt %s --split-input-file --buffer-patch='layers=2 tiles=2,2' --verify-diagnostics
// Runs that cannot be patched: each error is at the layer it is about, and nothing changes.

// A layer that is not windowed: the error names it.
func.func @softmax(%in: !buffer<1x4x4x2xf32>, %w: !buffer<2x3x3x2xf32>, %out: !buffer<1x4x4x2xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<1x4x4x2xf32>
  buffer.kernel conv_2d ins(%in, %w : !buffer<1x4x4x2xf32>, !buffer<2x3x3x2xf32>) outs(%a : !buffer<1x4x4x2xf32>) {dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", padding = "SAME", stride_h = 1 : i64, stride_w = 1 : i64}
  // expected-error@+1 {{buffer-patch: layer 2 ('softmax') is not a windowed operator; a patch runs through conv_2d, depthwise_conv_2d, avg_pool_2d, max_pool_2d, l2_pool_2d}}
  buffer.kernel softmax ins(%a : !buffer<1x4x4x2xf32>) outs(%out : !buffer<1x4x4x2xf32>) {beta = 1.0 : f32}
  return
}

// -----

// Fewer kernels than the run's length.
// expected-error@+1 {{buffer-patch: the run of 2 layers is longer than the 1 kernels of the function}}
func.func @short(%in: !buffer<1x4x4x2xf32>, %out: !buffer<1x4x4x2xf32>) {
  buffer.kernel max_pool_2d ins(%in : !buffer<1x4x4x2xf32>) outs(%out : !buffer<1x4x4x2xf32>) {filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 1 : i64, stride_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}
  return
}

// -----

// The first layer's output is read after the run too: it must exist whole.
func.func @shared(%in: !buffer<1x4x4x2xf32>, %out: !buffer<1x4x4x2xf32>, %copy: !buffer<1x4x4x2xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<1x4x4x2xf32>
  buffer.kernel max_pool_2d ins(%in : !buffer<1x4x4x2xf32>) outs(%a : !buffer<1x4x4x2xf32>) {filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 1 : i64, stride_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}
  // expected-error@+1 {{buffer-patch: layer 2 does not continue the run: the previous layer's output is used elsewhere too}}
  buffer.kernel max_pool_2d ins(%a : !buffer<1x4x4x2xf32>) outs(%out : !buffer<1x4x4x2xf32>) {filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 1 : i64, stride_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}
  buffer.copy %a, %copy : !buffer<1x4x4x2xf32>, !buffer<1x4x4x2xf32>
  return
}

// -----

// The second layer reads another buffer.
func.func @unchained(%in: !buffer<1x4x4x2xf32>, %other: !buffer<1x4x4x2xf32>, %out: !buffer<1x4x4x2xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<1x4x4x2xf32>
  buffer.kernel max_pool_2d ins(%in : !buffer<1x4x4x2xf32>) outs(%a : !buffer<1x4x4x2xf32>) {filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 1 : i64, stride_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}
  // expected-error@+1 {{buffer-patch: layer 2 does not continue the run: its first input is not the previous layer's output}}
  buffer.kernel max_pool_2d ins(%other : !buffer<1x4x4x2xf32>) outs(%out : !buffer<1x4x4x2xf32>) {filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 1 : i64, stride_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}
  return
}

// -----

// More tiles than the last output has rows.
func.func @tiny(%in: !buffer<1x2x2x2xf32>, %out: !buffer<1x1x1x2xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<1x2x2x2xf32>
  buffer.kernel max_pool_2d ins(%in : !buffer<1x2x2x2xf32>) outs(%a : !buffer<1x2x2x2xf32>) {filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 1 : i64, stride_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}
  // expected-error@+1 {{buffer-patch: a grid of 2x2 tiles does not fit the run's 1x1 output}}
  buffer.kernel max_pool_2d ins(%a : !buffer<1x2x2x2xf32>) outs(%out : !buffer<1x1x1x2xf32>) {filter_h = 2 : i64, filter_w = 2 : i64, stride_h = 2 : i64, stride_w = 2 : i64, padding = "VALID", fused_activation = "NONE"}
  return
}

// -----

// A pool reads row-major buffers only: its tiles of the run's input would be strided.
func.func @pool_columns(%in: !buffer<1x8x8x2xf32>, %w: !buffer<2x3x3x2xf32>, %out: !buffer<1x8x8x2xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<1x8x8x2xf32>
  // expected-error@+1 {{buffer-patch: layer 1 ('max_pool_2d') takes row-major buffers only, and the tiles cut its input across rows; split the rows only (tiles = [N, 1])}}
  buffer.kernel max_pool_2d ins(%in : !buffer<1x8x8x2xf32>) outs(%a : !buffer<1x8x8x2xf32>) {filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 1 : i64, stride_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}
  buffer.kernel conv_2d ins(%a, %w : !buffer<1x8x8x2xf32>, !buffer<2x3x3x2xf32>) outs(%out : !buffer<1x8x8x2xf32>) {dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", padding = "SAME", stride_h = 1 : i64, stride_w = 1 : i64}
  return
}
