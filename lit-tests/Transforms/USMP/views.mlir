// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-slice-views,buffer-inplace-concat,usmp{algorithm=exact residency-report=%t.json})' -o /dev/null
// RUN: FileCheck %s --input-file=%t.json
// Liveness of views: the readers of a view are readers of its root. A slice view read at the
// last step keeps what it slices alive until then, so that buffer and one written meanwhile
// cannot share bytes (128, not 64); the producers of an in-place concatenation make its output
// live from the first of them on. The report lists each buffer's views in bytes.

// CHECK: "name": "sram_scratch",
// CHECK: "size": 128,
// CHECK: "name": "pooled",
// CHECK: "size": 64,
// CHECK: "live": [
// CHECK-NEXT: 1,
// CHECK-NEXT: 5
// CHECK: "views": [
// CHECK-NEXT: {
// CHECK-NEXT: "name": "row",
// CHECK-NEXT: "offset": 32,
// CHECK-NEXT: "size": 16
// CHECK: "name": "other",
// CHECK: "live": [
// CHECK-NEXT: 4,
// CHECK-NEXT: 5
// CHECK: "name": "joined",
// CHECK: "size": 32,
// CHECK: "live": [
// CHECK-NEXT: 1,
// CHECK-NEXT: 5
// CHECK: "views": [
// CHECK-NEXT: {
// CHECK-NEXT: "name": "left",
// CHECK-NEXT: "offset": 0,
// CHECK-NEXT: "size": 16
// CHECK-NEXT: },
// CHECK-NEXT: {
// CHECK-NEXT: "name": "right",
// CHECK-NEXT: "offset": 16,
// CHECK-NEXT: "size": 16
func.func @main(%x: !buffer<4x4xf32>, %out: !buffer<1x4xf32>, %out2: !buffer<4x4xf32>) {
  %p = buffer.alloc() {role = "scratch"} : !buffer<4x4xf32> loc("pooled")
  buffer.kernel relu ins(%x : !buffer<4x4xf32>) outs(%p : !buffer<4x4xf32>)
  %s = buffer.alloc() {role = "scratch"} : !buffer<1x4xf32> loc("row")
  buffer.kernel slice ins(%p : !buffer<4x4xf32>) outs(%s : !buffer<1x4xf32>) {begin = array<i64: 2, 0>, size = array<i64: 1, 4>} loc("row")
  %a = buffer.alloc() {role = "scratch"} : !buffer<4x4xf32> loc("other")
  buffer.kernel tanh ins(%x : !buffer<4x4xf32>) outs(%a : !buffer<4x4xf32>)
  buffer.kernel add ins(%s, %a : !buffer<1x4xf32>, !buffer<4x4xf32>) outs(%out2 : !buffer<4x4xf32>) {fused_activation = "NONE"}
  return
}

func.func @concat(%x: !buffer<1x4xf32>, %out: !buffer<2x4xf32>) {
  %l = buffer.alloc() {role = "scratch"} : !buffer<1x4xf32> loc("left")
  buffer.kernel relu ins(%x : !buffer<1x4xf32>) outs(%l : !buffer<1x4xf32>)
  %r = buffer.alloc() {role = "scratch"} : !buffer<1x4xf32> loc("right")
  buffer.kernel tanh ins(%x : !buffer<1x4xf32>) outs(%r : !buffer<1x4xf32>)
  %j = buffer.alloc() {role = "scratch"} : !buffer<2x4xf32> loc("joined")
  buffer.kernel concatenation ins(%l, %r : !buffer<1x4xf32>, !buffer<1x4xf32>) outs(%j : !buffer<2x4xf32>) {axis = 0 : i64, fused_activation = "NONE"}
  buffer.kernel relu ins(%j : !buffer<2x4xf32>) outs(%out : !buffer<2x4xf32>)
  return
}
