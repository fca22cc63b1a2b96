// RUN: mc-opt %s --split-input-file --buffer-patch='layers=2 tiles=2,2' --verify-each | FileCheck %s
// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-patch{layers=2 tiles=2,2})' | FileCheck %s
// The same run and grid from a memory configuration file's [memory.patch] table.
// RUN: printf '[memory]\n[[memory.banks]]\nname = "sram"\n[memory.patch]\nlayers = 2\ntiles = [2, 2]\n' > %t.toml
// RUN: mc-opt %s --split-input-file --buffer-patch='config=%t.toml' | FileCheck %s
// Without a run, a grid or a goal, nothing changes.
// RUN: mc-opt %s --split-input-file --buffer-patch | FileCheck %s --check-prefix=NONE
// NONE-LABEL: func.func @strided_then_depthwise(
// NONE-COUNT-2: buffer.kernel
// NONE-NOT: buffer.kernel
// NONE: return

// A strided 3x3 convolution (9x9 -> 5x5, SAME: one padded row and column before, one after)
// and a 3x3 depthwise convolution (SAME), in 2x2 tiles of the 5x5 output (rows and columns
// 0..3 and 3..5). Each tile reads a window of the input, computes its part of the convolution's
// output with its halo into a buffer of its own and writes its window of the output. Padding
// is where a tile meets the tensor's border, nowhere else.
// The function records its run, grid, the scratch bytes live at most before and after, and the
// lower bound of planning it unpatched (a copy lowered as the pipelines lower it).
// CHECK-LABEL: func.func @strided_then_depthwise(
// CHECK-SAME: attributes {patch = {cols = 2 : i64, kernels = 2 : i64, layers = 2 : i64, operator_at_a_time_bound = 200 : i64, original_peak = 200 : i64, peak = 128 : i64, rows = 2 : i64}}
// Top left: output rows and columns 0..3 need the convolution's 0..4, which read input 0..8.
// CHECK: %[[IN0:.*]] = buffer.view %arg0 : !buffer<1x9x9x1xf32> to !buffer<1x8x8x1xf32, strides: [81, 9, 1, 1], offset: 0>
// CHECK: %[[T0:.*]] = buffer.alloc() {role = "scratch"} : !buffer<1x4x4x2xf32>
// CHECK: buffer.kernel conv_2d ins(%[[IN0]], %arg1 : {{.*}}) outs(%[[T0]] : {{.*}}) {{{.*}}pad = array<i64: 1, 0, 1, 0>, stride_h = 2 : i64, stride_w = 2 : i64}
// CHECK: %[[OUT0:.*]] = buffer.view %arg3 : !buffer<1x5x5x2xf32> to !buffer<1x3x3x2xf32, strides: [50, 10, 2, 1], offset: 0>
// CHECK: buffer.kernel depthwise_conv_2d ins(%[[T0]], %arg2 : {{.*}}) outs(%[[OUT0]] : {{.*}}) {{{.*}}pad = array<i64: 1, 0, 1, 0>, stride_h
// Top right: columns 3..5 need the convolution's 2..5 (input 3..9), padded after only.
// CHECK: buffer.view %arg0 {offset = 3 : i64} : !buffer<1x9x9x1xf32> to !buffer<1x8x6x1xf32, strides: [81, 9, 1, 1], offset: 3>
// CHECK: buffer.alloc() {role = "scratch"} : !buffer<1x4x3x2xf32>
// CHECK: buffer.kernel conv_2d {{.*}}pad = array<i64: 1, 0, 0, 1>
// CHECK: buffer.view %arg3 {offset = 6 : i64} : !buffer<1x5x5x2xf32> to !buffer<1x3x2x2xf32, strides: [50, 10, 2, 1], offset: 6>
// CHECK: buffer.kernel depthwise_conv_2d {{.*}}pad = array<i64: 1, 0, 0, 1>
// Bottom left, then bottom right: padded below (and right).
// CHECK: buffer.view %arg0 {offset = 27 : i64} : !buffer<1x9x9x1xf32> to !buffer<1x6x8x1xf32, strides: [81, 9, 1, 1], offset: 27>
// CHECK: buffer.kernel conv_2d {{.*}}pad = array<i64: 0, 1, 1, 0>
// CHECK: buffer.kernel depthwise_conv_2d {{.*}}pad = array<i64: 0, 1, 1, 0>
// CHECK: buffer.view %arg0 {offset = 30 : i64} : !buffer<1x9x9x1xf32> to !buffer<1x6x6x1xf32, strides: [81, 9, 1, 1], offset: 30>
// CHECK: %[[T3:.*]] = buffer.alloc() {role = "scratch"} : !buffer<1x3x3x2xf32>
// CHECK: buffer.kernel conv_2d {{.*}}outs(%[[T3]] {{.*}}pad = array<i64: 0, 1, 0, 1>
// CHECK: %[[OUT3:.*]] = buffer.view %arg3 {offset = 36 : i64} : !buffer<1x5x5x2xf32> to !buffer<1x2x2x2xf32, strides: [50, 10, 2, 1], offset: 36>
// CHECK: buffer.kernel depthwise_conv_2d ins(%[[T3]], %arg2 : {{.*}}) outs(%[[OUT3]] {{.*}}pad = array<i64: 0, 1, 0, 1>
// The whole intermediate buffer is gone.
// CHECK-NOT: buffer.alloc
// CHECK-NOT: buffer.kernel
// CHECK: return
func.func @strided_then_depthwise(%in: !buffer<1x9x9x1xf32>, %w: !buffer<2x3x3x1xf32>, %dw: !buffer<1x3x3x2xf32>, %out: !buffer<1x5x5x2xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<1x5x5x2xf32>
  buffer.kernel conv_2d ins(%in, %w : !buffer<1x9x9x1xf32>, !buffer<2x3x3x1xf32>) outs(%a : !buffer<1x5x5x2xf32>) {dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "RELU", padding = "SAME", stride_h = 2 : i64, stride_w = 2 : i64}
  buffer.kernel depthwise_conv_2d ins(%a, %dw : !buffer<1x5x5x2xf32>, !buffer<1x3x3x2xf32>) outs(%out : !buffer<1x5x5x2xf32>) {depth_multiplier = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", padding = "SAME", stride_h = 1 : i64, stride_w = 1 : i64}
  return
}

// -----

// A relu running in place on the convolution's output (as buffer-inplace leaves it) belongs to
// the convolution's layer: every tile runs it on its own tile buffer after the convolution, and
// the whole buffer goes. A tile has three kernels.
// CHECK-LABEL: func.func @with_an_elementwise_follower(
// CHECK-SAME: kernels = 3 : i64, layers = 2 : i64
// CHECK: %[[T0:.*]] = buffer.alloc() {role = "scratch"} : !buffer<1x4x4x2xf32>
// CHECK-NEXT: buffer.kernel conv_2d ins({{.*}}) outs(%[[T0]] : !buffer<1x4x4x2xf32>)
// CHECK-NEXT: buffer.kernel relu ins(%[[T0]] : !buffer<1x4x4x2xf32>) outs(%[[T0]] : !buffer<1x4x4x2xf32>)
// CHECK: buffer.kernel depthwise_conv_2d ins(%[[T0]], %arg2 : {{.*}})
// The other three tiles alike.
// CHECK: buffer.kernel conv_2d
// CHECK-NEXT: buffer.kernel relu
// CHECK: buffer.kernel depthwise_conv_2d
// CHECK: buffer.kernel conv_2d
// CHECK-NEXT: buffer.kernel relu
// CHECK: buffer.kernel depthwise_conv_2d
// CHECK: buffer.kernel conv_2d
// CHECK-NEXT: buffer.kernel relu
// CHECK: buffer.kernel depthwise_conv_2d
// CHECK-NOT: buffer.alloc
// CHECK-NOT: buffer.kernel
// CHECK: return
func.func @with_an_elementwise_follower(%in: !buffer<1x9x9x1xf32>, %w: !buffer<2x3x3x1xf32>, %dw: !buffer<1x3x3x2xf32>, %out: !buffer<1x5x5x2xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<1x5x5x2xf32>
  buffer.kernel conv_2d ins(%in, %w : !buffer<1x9x9x1xf32>, !buffer<2x3x3x1xf32>) outs(%a : !buffer<1x5x5x2xf32>) {dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", padding = "SAME", stride_h = 2 : i64, stride_w = 2 : i64}
  buffer.kernel relu ins(%a : !buffer<1x5x5x2xf32>) outs(%a : !buffer<1x5x5x2xf32>)
  buffer.kernel depthwise_conv_2d ins(%a, %dw : !buffer<1x5x5x2xf32>, !buffer<1x3x3x2xf32>) outs(%out : !buffer<1x5x5x2xf32>) {depth_multiplier = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", padding = "SAME", stride_h = 1 : i64, stride_w = 1 : i64}
  return
}
