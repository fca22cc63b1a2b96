// RUN: mc-opt %s --buffer-layer-hooks --verify-each | FileCheck %s
// The calls survive the lowering to loops, and the planner plans around them (they pass no
// buffer).
// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-layer-hooks,buffer-to-loop,usmp)' | FileCheck %s --check-prefix=LOOPS
// buffer-layer-hooks calls a weak, empty @layer_hook(k) before the k-th buffer.kernel of a
// function and before its return (k = the kernel count), for per-layer profiles.

// CHECK-LABEL: func.func @chain(
// CHECK: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: call @layer_hook(%[[C0]]) : (i32) -> ()
// CHECK-NEXT: buffer.kernel max_pool_2d
// CHECK: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT: call @layer_hook(%[[C1]]) : (i32) -> ()
// CHECK-NEXT: buffer.kernel avg_pool_2d
// CHECK: buffer.copy
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT: call @layer_hook(%[[C2]]) : (i32) -> ()
// CHECK-NEXT: return
// CHECK: func.func @layer_hook(%{{.*}}: i32) attributes {llvm.weak} {
// CHECK-NEXT: return
// LOOPS: call @layer_hook
// LOOPS: loop.for
// LOOPS: call @layer_hook
// LOOPS: call @layer_hook
// LOOPS: func.func @layer_hook(
func.func @chain(%in: !buffer<1x6x6x2xf32>, %out: !buffer<1x6x6x2xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<1x6x6x2xf32>
  buffer.kernel max_pool_2d ins(%in : !buffer<1x6x6x2xf32>) outs(%a : !buffer<1x6x6x2xf32>) {filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 1 : i64, stride_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}
  %b = buffer.alloc() {role = "scratch"} : !buffer<1x6x6x2xf32>
  buffer.kernel avg_pool_2d ins(%a : !buffer<1x6x6x2xf32>) outs(%b : !buffer<1x6x6x2xf32>) {filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 1 : i64, stride_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}
  buffer.copy %b, %out : !buffer<1x6x6x2xf32>, !buffer<1x6x6x2xf32>
  return
}
