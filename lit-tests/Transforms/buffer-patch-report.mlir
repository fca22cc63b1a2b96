// The residency report of a patched function gives the lower bound of its plan as patched
// beside the operator-at-a-time bound (every operator producing its whole output first), both
// counting kernel workspaces: the saving where the run holds the peak, none where it does not.
// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-patch{layers=2 tiles=2,2},buffer-row-order,buffer-to-loop,loop-fuse-elementwise,func.func(canonicalize,cse),usmp{residency-report=%t.json})' -o /dev/null
// RUN: FileCheck %s --input-file=%t.json

// The convolution's 5x5x2 f32 output (200 bytes) is the peak; in 2x2 tiles the largest tile
// buffer is 4x4x2 (128 bytes).
// CHECK: "patches": [
// CHECK-NEXT: {
// CHECK-NEXT: "function": "run_holds_the_peak",
// CHECK-NEXT: "layers": 2,
// CHECK-NEXT: "tiles": [
// CHECK-NEXT: 2,
// CHECK-NEXT: 2
// CHECK-NEXT: ],
// CHECK-NEXT: "original_peak": 200,
// CHECK-NEXT: "peak": 128,
// CHECK-NEXT: "lower_bound": 128,
// CHECK-NEXT: "operator_at_a_time_lower_bound": 200
// CHECK-NEXT: },
func.func @run_holds_the_peak(%in: !buffer<1x9x9x1xf32>, %w: !buffer<2x3x3x1xf32>, %dw: !buffer<1x3x3x2xf32>, %out: !buffer<1x5x5x2xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<1x5x5x2xf32>
  buffer.kernel conv_2d ins(%in, %w : !buffer<1x9x9x1xf32>, !buffer<2x3x3x1xf32>) outs(%a : !buffer<1x5x5x2xf32>) {dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "RELU", padding = "SAME", stride_h = 2 : i64, stride_w = 2 : i64}
  buffer.kernel depthwise_conv_2d ins(%a, %dw : !buffer<1x5x5x2xf32>, !buffer<1x3x3x2xf32>) outs(%out : !buffer<1x5x5x2xf32>) {depth_multiplier = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", padding = "SAME", stride_h = 1 : i64, stride_w = 1 : i64}
  return
}

// The same run, then a pointwise convolution widening its 5x5x2 output (200 bytes) to 5x5x16
// (1,600 bytes) and one narrowing it again: the peak comes after the run (1,640 bytes: both
// buffers, less what the widening convolution's output may share with the input it consumes),
// so the patch lowers the run's bytes but not the bound, and the report says so.
// CHECK-NEXT: {
// CHECK-NEXT: "function": "peak_after_the_run",
// CHECK-NEXT: "layers": 2,
// CHECK:      "lower_bound": 1640,
// CHECK-NEXT: "operator_at_a_time_lower_bound": 1640
// CHECK-NEXT: }
// CHECK-NEXT: ]
func.func @peak_after_the_run(%in: !buffer<1x9x9x1xf32>, %w: !buffer<2x3x3x1xf32>, %dw: !buffer<1x3x3x2xf32>, %wide: !buffer<16x1x1x2xf32>, %narrow: !buffer<2x1x1x16xf32>, %out: !buffer<1x5x5x2xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<1x5x5x2xf32>
  buffer.kernel conv_2d ins(%in, %w : !buffer<1x9x9x1xf32>, !buffer<2x3x3x1xf32>) outs(%a : !buffer<1x5x5x2xf32>) {dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "RELU", padding = "SAME", stride_h = 2 : i64, stride_w = 2 : i64}
  %b = buffer.alloc() {role = "scratch"} : !buffer<1x5x5x2xf32>
  buffer.kernel depthwise_conv_2d ins(%a, %dw : !buffer<1x5x5x2xf32>, !buffer<1x3x3x2xf32>) outs(%b : !buffer<1x5x5x2xf32>) {depth_multiplier = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", padding = "SAME", stride_h = 1 : i64, stride_w = 1 : i64}
  %c = buffer.alloc() {role = "scratch"} : !buffer<1x5x5x16xf32>
  buffer.kernel conv_2d ins(%b, %wide : !buffer<1x5x5x2xf32>, !buffer<16x1x1x2xf32>) outs(%c : !buffer<1x5x5x16xf32>) {dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", padding = "VALID", stride_h = 1 : i64, stride_w = 1 : i64}
  buffer.kernel conv_2d ins(%c, %narrow : !buffer<1x5x5x16xf32>, !buffer<2x1x1x16xf32>) outs(%out : !buffer<1x5x5x2xf32>) {dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", padding = "VALID", stride_h = 1 : i64, stride_w = 1 : i64}
  return
}
