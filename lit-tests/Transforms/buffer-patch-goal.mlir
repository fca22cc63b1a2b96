// With a goal for the scratch bytes live at once, buffer-patch chooses the run and grid: the
// least recomputation among those whose peak meets the goal. Here the convolution's 5x5x2 f32
// output (200 bytes) is the only scratch buffer. For 150 bytes: 2x2 tiles (largest tile
// buffer 4x4x2, 128 bytes; the convolution computes 49 output pixels instead of 25); a 1x4 grid
// (5x3x2 buffers, 120 bytes) would compute 55, 2x3 63, and 1x2 or 2x1 hold 160 bytes.
// RUN: mc-opt %s --buffer-patch='peak-bytes=150' --verify-each | FileCheck %s --check-prefix=CHOSEN
// CHOSEN-LABEL: func.func @strided_then_depthwise(
// CHOSEN-COUNT-4: buffer.kernel conv_2d {{.*}}pad = array<i64: {{.*}}>
// CHOSEN-NOT: buffer.kernel conv_2d
// The goal from the configuration file's [memory] table; its banks' capacity when it has none.
// RUN: printf '[memory]\npeak_bytes = 150\n[[memory.banks]]\nname = "sram"\n' > %t.goal.toml
// RUN: mc-opt %s --buffer-patch='config=%t.goal.toml' | FileCheck %s --check-prefix=CHOSEN
// RUN: printf '[memory]\n[[memory.banks]]\nname = "sram"\ncapacity = 150\n' > %t.bank.toml
// RUN: mc-opt %s --buffer-patch='config=%t.bank.toml' | FileCheck %s --check-prefix=CHOSEN

// A goal the function meets as it is: nothing changes.
// RUN: mc-opt %s --buffer-patch='peak-bytes=200' | FileCheck %s --check-prefix=MET
// MET: buffer.kernel conv_2d {{.*}}padding = "SAME"
// MET-NOT: pad =
// A bank no patch fits: the function stays as it is, for usmp to report what overflows there.
// RUN: printf '[memory]\n[[memory.banks]]\nname = "sram"\ncapacity = 40\n' > %t.small.toml
// RUN: mc-opt %s --buffer-patch='config=%t.small.toml' | FileCheck %s --check-prefix=MET

// A goal no grid meets: the error gives the least peak found and its run and grid (a
// 3x3x2 buffer for the interior tiles of a 4x4 grid), and the unpatched peak.
// RUN: not mc-opt %s --buffer-patch='peak-bytes=40' 2>&1 | FileCheck %s --check-prefix=UNMET
// UNMET: error: 'func.func' op buffer-patch: no patch meets the goal of 40 bytes: the least peak found is 72 bytes, with layers = 2, tiles = [4, 4] (200 bytes unpatched)

// Bad options name what is wrong.
// RUN: not mc-opt %s --buffer-patch='layers=2 tiles=2' 2>&1 | FileCheck %s --check-prefix=TILES
// TILES: buffer-patch: 'tiles' must be 2 counts (rows, columns), not 1
// RUN: not mc-opt %s --buffer-patch='layers=0 tiles=2,2' 2>&1 | FileCheck %s --check-prefix=LAYERS
// LAYERS: buffer-patch: 'layers' (0) and 'tiles' (2, 2) must be positive
// RUN: printf '[memory.patch]\nlayers = 2\ntile = [2, 2]\n' > %t.bad.toml
// RUN: not mc-opt %s --buffer-patch='config=%t.bad.toml' 2>&1 | FileCheck %s --check-prefix=CONFIG
// CONFIG: buffer-patch: {{.*}}.bad.toml:3

func.func @strided_then_depthwise(%in: !buffer<1x9x9x1xf32>, %w: !buffer<2x3x3x1xf32>, %dw: !buffer<1x3x3x2xf32>, %out: !buffer<1x5x5x2xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<1x5x5x2xf32>
  buffer.kernel conv_2d ins(%in, %w : !buffer<1x9x9x1xf32>, !buffer<2x3x3x1xf32>) outs(%a : !buffer<1x5x5x2xf32>) {dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "RELU", padding = "SAME", stride_h = 2 : i64, stride_w = 2 : i64}
  buffer.kernel depthwise_conv_2d ins(%a, %dw : !buffer<1x5x5x2xf32>, !buffer<1x3x3x2xf32>) outs(%out : !buffer<1x5x5x2xf32>) {depth_multiplier = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", padding = "SAME", stride_h = 1 : i64, stride_w = 1 : i64}
  return
}
