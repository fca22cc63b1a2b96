// RUN: mc-opt %s --buffer-row-order --verify-each | FileCheck %s
// RUN: mc-opt %s --pass-pipeline='builtin.module(func.func(buffer-row-order))' | FileCheck %s
// Running it again changes nothing.
// RUN: mc-opt %s --buffer-row-order | mc-opt --buffer-row-order | FileCheck %s
// Chained kernels whose outputs may overlap their inputs alternate their row order, so the
// memory planner can zig-zag the chain (one output below its input, the next above its own).

// pool -> pool -> pool -> pool: every second one runs its rows from the last. The chain starts
// at the second, the first to read an alloc: the first reads the caller's memory, which the
// planner does not place (without use-workspace-io).
// CHECK-LABEL: func.func @chain(
// CHECK: buffer.kernel max_pool_2d ins(%arg0 {{.*}}padding = "SAME", stride_h
// CHECK: buffer.kernel max_pool_2d {{.*}}padding = "SAME", stride_h
// CHECK: buffer.kernel avg_pool_2d {{.*}}padding = "SAME", row_order = "descending", stride_h
// CHECK: buffer.kernel max_pool_2d {{.*}}padding = "SAME", stride_h
func.func @chain(%in: !buffer<1x6x6x2xf32>, %out: !buffer<1x6x6x2xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<1x6x6x2xf32>
  buffer.kernel max_pool_2d ins(%in : !buffer<1x6x6x2xf32>) outs(%a : !buffer<1x6x6x2xf32>) {filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 1 : i64, stride_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}
  %b = buffer.alloc() {role = "scratch"} : !buffer<1x6x6x2xf32>
  buffer.kernel max_pool_2d ins(%a : !buffer<1x6x6x2xf32>) outs(%b : !buffer<1x6x6x2xf32>) {filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 1 : i64, stride_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}
  %c = buffer.alloc() {role = "scratch"} : !buffer<1x6x6x2xf32>
  buffer.kernel avg_pool_2d ins(%b : !buffer<1x6x6x2xf32>) outs(%c : !buffer<1x6x6x2xf32>) {filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 1 : i64, stride_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}
  %d = buffer.alloc() {role = "scratch"} : !buffer<1x6x6x2xf32>
  buffer.kernel max_pool_2d ins(%c : !buffer<1x6x6x2xf32>) outs(%d : !buffer<1x6x6x2xf32>) {filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 1 : i64, stride_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}
  buffer.copy %d, %out : !buffer<1x6x6x2xf32>, !buffer<1x6x6x2xf32>
  return
}

// An element-wise kernel in the chain keeps its (only) ascending order, so the pool after it
// is reversed; a kernel without an allowance (softmax) ends the chain: the pool after it
// starts again ascending. A row order already given is kept and continues the alternation.
// CHECK-LABEL: func.func @breaks(
// CHECK: buffer.kernel max_pool_2d {{.*}}padding = "SAME", stride_h
// CHECK: buffer.kernel relu ins({{.*}}) outs({{.*}} : !buffer<1x4x4x2xf32>){{$}}
// CHECK: buffer.kernel max_pool_2d {{.*}}padding = "SAME", row_order = "descending", stride_h
// CHECK: buffer.kernel softmax
// CHECK: buffer.kernel max_pool_2d {{.*}}padding = "SAME", stride_h
// CHECK: buffer.kernel max_pool_2d {{.*}}padding = "SAME", row_order = "ascending", stride_h
// CHECK: buffer.kernel max_pool_2d {{.*}}padding = "SAME", row_order = "descending", stride_h
func.func @breaks(%in: !buffer<1x4x4x2xf32>, %out: !buffer<1x4x4x2xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<1x4x4x2xf32>
  buffer.kernel max_pool_2d ins(%in : !buffer<1x4x4x2xf32>) outs(%a : !buffer<1x4x4x2xf32>) {filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 1 : i64, stride_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}
  %r = buffer.alloc() {role = "scratch"} : !buffer<1x4x4x2xf32>
  buffer.kernel relu ins(%a : !buffer<1x4x4x2xf32>) outs(%r : !buffer<1x4x4x2xf32>)
  %b = buffer.alloc() {role = "scratch"} : !buffer<1x4x4x2xf32>
  buffer.kernel max_pool_2d ins(%r : !buffer<1x4x4x2xf32>) outs(%b : !buffer<1x4x4x2xf32>) {filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 1 : i64, stride_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}
  %s = buffer.alloc() {role = "scratch"} : !buffer<1x4x4x2xf32>
  buffer.kernel softmax ins(%b : !buffer<1x4x4x2xf32>) outs(%s : !buffer<1x4x4x2xf32>) {beta = 1.0 : f32}
  %c = buffer.alloc() {role = "scratch"} : !buffer<1x4x4x2xf32>
  buffer.kernel max_pool_2d ins(%s : !buffer<1x4x4x2xf32>) outs(%c : !buffer<1x4x4x2xf32>) {filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 1 : i64, stride_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}
  %d = buffer.alloc() {role = "scratch"} : !buffer<1x4x4x2xf32>
  buffer.kernel max_pool_2d ins(%c : !buffer<1x4x4x2xf32>) outs(%d : !buffer<1x4x4x2xf32>) {filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 1 : i64, stride_w = 1 : i64, padding = "SAME", fused_activation = "NONE", row_order = "ascending"}
  %e = buffer.alloc() {role = "scratch"} : !buffer<1x4x4x2xf32>
  buffer.kernel max_pool_2d ins(%d : !buffer<1x4x4x2xf32>) outs(%e : !buffer<1x4x4x2xf32>) {filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 1 : i64, stride_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}
  buffer.copy %e, %out : !buffer<1x4x4x2xf32>, !buffer<1x4x4x2xf32>
  return
}
