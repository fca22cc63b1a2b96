// RUN: mc-opt %s --buffer-patch='layers=2 tiles=2,1' --verify-each | FileCheck %s
// A grid of rows only keeps every tile's window of a row-major buffer row-major (one contiguous
// run of storage), so a pool, which reads and writes row-major buffers only, may open or close
// the run. The run here ends at its second layer, a convolution with the explicit padding a
// folded PAD left (none above, one column right): tiles keep it where they meet those borders.
// The average pool after the run reads the whole output as before.

// CHECK-LABEL: func.func @pool_rows(
// CHECK: %[[OUT:.*]] = buffer.alloc() {role = "scratch"} : !buffer<1x4x2x2xf32>
// Rows 0..2 of the convolution need the pool's 0..4, which read input rows 0..5.
// CHECK: %[[IN0:.*]] = buffer.view %arg0 : !buffer<1x6x4x2xf32> to !buffer<1x5x4x2xf32>
// CHECK: %[[T0:.*]] = buffer.alloc() {role = "scratch"} : !buffer<1x4x4x2xf32>
// CHECK: buffer.kernel max_pool_2d ins(%[[IN0]] : {{.*}}) outs(%[[T0]] : {{.*}}) {{{.*}}pad = array<i64: 1, 0, 1, 1>, stride_h
// CHECK: %[[OUT0:.*]] = buffer.view %[[OUT]] : !buffer<1x4x2x2xf32> to !buffer<1x2x2x2xf32>
// CHECK: buffer.kernel conv_2d ins(%[[T0]], %arg1 : {{.*}}) outs(%[[OUT0]] : {{.*}}) {{{.*}}pad = array<i64: 0, 0, 0, 1>, stride_h
// Rows 2..4 need the pool's 2..6, which read input rows 1..6: padded below.
// CHECK: %[[IN1:.*]] = buffer.view %arg0 {offset = 8 : i64} : !buffer<1x6x4x2xf32> to !buffer<1x5x4x2xf32, strides: [40, 8, 2, 1], offset: 8>
// CHECK: buffer.kernel max_pool_2d ins(%[[IN1]] : {{.*}}pad = array<i64: 0, 1, 1, 1>, stride_h
// CHECK: %[[OUT1:.*]] = buffer.view %[[OUT]] {offset = 8 : i64} : !buffer<1x4x2x2xf32> to !buffer<1x2x2x2xf32, strides: [8, 4, 2, 1], offset: 8>
// CHECK: buffer.kernel conv_2d {{.*}}outs(%[[OUT1]] : {{.*}}pad = array<i64: 0, 0, 0, 1>, stride_h
// CHECK: buffer.kernel avg_pool_2d ins(%[[OUT]] : {{.*}}) outs(%arg2 : {{.*}}padding = "VALID"
// CHECK-NOT: buffer.kernel
func.func @pool_rows(%in: !buffer<1x6x4x2xf32>, %w: !buffer<2x3x3x2xf32>, %out: !buffer<1x2x2x2xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<1x6x4x2xf32>
  buffer.kernel max_pool_2d ins(%in : !buffer<1x6x4x2xf32>) outs(%a : !buffer<1x6x4x2xf32>) {filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 1 : i64, stride_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}
  %b = buffer.alloc() {role = "scratch"} : !buffer<1x4x2x2xf32>
  buffer.kernel conv_2d ins(%a, %w : !buffer<1x6x4x2xf32>, !buffer<2x3x3x2xf32>) outs(%b : !buffer<1x4x2x2xf32>) {dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", pad = array<i64: 0, 0, 0, 1>, stride_h = 1 : i64, stride_w = 2 : i64}
  buffer.kernel avg_pool_2d ins(%b : !buffer<1x4x2x2xf32>) outs(%out : !buffer<1x2x2x2xf32>) {filter_h = 2 : i64, filter_w = 1 : i64, stride_h = 2 : i64, stride_w = 1 : i64, padding = "VALID", fused_activation = "NONE"}
  return
}
