// RUN: mc-opt %s --buffer-inplace-concat --verify-each | FileCheck %s
// Running it again changes nothing.
// RUN: mc-opt %s --buffer-inplace-concat | mc-opt --buffer-inplace-concat | FileCheck %s
// The producers of a concatenation or pack along the outermost non-unit dimension write
// straight into their slice of its output: an input that is a scratch alloc written before the
// kernel and read no later becomes a view of its slice; the kernel becomes copies of the other
// inputs into theirs. The functions named @no_* violate one condition each.

// Both branches write into the output argument; the concatenation is gone.
// CHECK-LABEL: func.func @vectors(
// CHECK-NEXT: %[[A:.*]] = buffer.view %arg1 : !buffer<2x4xf32> to !buffer<1x4xf32>
// CHECK-NEXT: buffer.kernel relu ins(%arg0 : !buffer<1x4xf32>) outs(%[[A]] : !buffer<1x4xf32>)
// CHECK-NEXT: %[[B:.*]] = buffer.view %arg1 {offset = 4 : i64} : !buffer<2x4xf32> to !buffer<1x4xf32, strides: [4, 1], offset: 4>
// CHECK-NEXT: buffer.kernel tanh ins(%arg0 : !buffer<1x4xf32>) outs(%[[B]] : {{.*}})
// CHECK-NEXT: return
func.func @vectors(%x: !buffer<1x4xf32>, %out: !buffer<2x4xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<1x4xf32>
  buffer.kernel relu ins(%x : !buffer<1x4xf32>) outs(%a : !buffer<1x4xf32>)
  %b = buffer.alloc() {role = "scratch"} : !buffer<1x4xf32>
  buffer.kernel tanh ins(%x : !buffer<1x4xf32>) outs(%b : !buffer<1x4xf32>)
  buffer.kernel concatenation ins(%a, %b : !buffer<1x4xf32>, !buffer<1x4xf32>) outs(%out : !buffer<2x4xf32>) {axis = 0 : i64, fused_activation = "NONE"}
  return
}

// Into a scratch output, which moves before the first producer; the function's input is
// copied into its slice; a reshape view of a producer's buffer moves along (offset 2).
// CHECK-LABEL: func.func @scratch_and_copy(
// CHECK-NEXT: %[[C:.*]] = buffer.alloc() {role = "scratch"} : !buffer<1x8xf32>
// CHECK-NEXT: %[[A:.*]] = buffer.view %[[C]] {offset = 2 : i64} : !buffer<1x8xf32> to !buffer<1x4xf32, strides: [4, 1], offset: 2>
// CHECK-NEXT: buffer.kernel relu ins(%arg0 : !buffer<1x4xf32>) outs(%[[A]] : {{.*}})
// CHECK-NEXT: %[[R:.*]] = buffer.view %[[A]] : !buffer<1x4xf32, strides: [4, 1], offset: 2> to !buffer<4xf32, strides: [1], offset: 2>
// CHECK-NEXT: buffer.kernel relu ins(%[[R]] : !buffer<4xf32, strides: [1], offset: 2>) outs(%arg3 : !buffer<4xf32>)
// CHECK-NEXT: %[[S:.*]] = buffer.view %[[C]] {offset = 6 : i64} : !buffer<1x8xf32> to !buffer<1x2xf32, strides: [2, 1], offset: 6>
// CHECK-NEXT: buffer.kernel neg ins(%arg1 : !buffer<1x2xf32>) outs(%[[S]] : {{.*}})
// CHECK-NEXT: %[[F:.*]] = buffer.view %[[C]] : !buffer<1x8xf32> to !buffer<1x2xf32>
// CHECK-NEXT: buffer.copy %arg1, %[[F]]
// CHECK-NEXT: buffer.kernel relu ins(%[[C]] : !buffer<1x8xf32>) outs(%arg2 : !buffer<1x8xf32>)
func.func @scratch_and_copy(%x: !buffer<1x4xf32>, %y: !buffer<1x2xf32>, %out: !buffer<1x8xf32>, %out2: !buffer<4xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<1x4xf32>
  buffer.kernel relu ins(%x : !buffer<1x4xf32>) outs(%a : !buffer<1x4xf32>)
  %r = buffer.view %a : !buffer<1x4xf32> to !buffer<4xf32>
  buffer.kernel relu ins(%r : !buffer<4xf32>) outs(%out2 : !buffer<4xf32>)
  %n = buffer.alloc() {role = "scratch"} : !buffer<1x2xf32>
  buffer.kernel neg ins(%y : !buffer<1x2xf32>) outs(%n : !buffer<1x2xf32>)
  %c = buffer.alloc() {role = "scratch"} : !buffer<1x8xf32>
  buffer.kernel concatenation ins(%y, %a, %n : !buffer<1x2xf32>, !buffer<1x4xf32>, !buffer<1x2xf32>) outs(%c : !buffer<1x8xf32>) {axis = 1 : i64, fused_activation = "NONE"}
  buffer.kernel relu ins(%c : !buffer<1x8xf32>) outs(%out : !buffer<1x8xf32>)
  return
}

// Pack along axis 0: slice i at i·3.
// CHECK-LABEL: func.func @pack_rows(
// CHECK-NEXT: %[[C:.*]] = buffer.alloc() {role = "scratch"} : !buffer<2x3xf32>
// CHECK-NEXT: %[[A:.*]] = buffer.view %[[C]] : !buffer<2x3xf32> to !buffer<3xf32>
// CHECK-NEXT: buffer.kernel relu ins(%arg0 : !buffer<3xf32>) outs(%[[A]] : !buffer<3xf32>)
// CHECK-NEXT: %[[B:.*]] = buffer.view %[[C]] {offset = 3 : i64} : !buffer<2x3xf32> to !buffer<3xf32, strides: [1], offset: 3>
// CHECK-NEXT: buffer.kernel tanh ins(%[[A]] : !buffer<3xf32>) outs(%[[B]] : {{.*}})
// CHECK-NEXT: buffer.kernel logistic ins(%[[C]] : !buffer<2x3xf32>) outs(%arg1 : !buffer<2x3xf32>)
func.func @pack_rows(%x: !buffer<3xf32>, %out: !buffer<2x3xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<3xf32>
  buffer.kernel relu ins(%x : !buffer<3xf32>) outs(%a : !buffer<3xf32>)
  %b = buffer.alloc() {role = "scratch"} : !buffer<3xf32>
  buffer.kernel tanh ins(%a : !buffer<3xf32>) outs(%b : !buffer<3xf32>)
  %c = buffer.alloc() {role = "scratch"} : !buffer<2x3xf32>
  buffer.kernel pack ins(%a, %b : !buffer<3xf32>, !buffer<3xf32>) outs(%c : !buffer<2x3xf32>) {axis = 0 : i64, values_count = 2 : i64}
  buffer.kernel logistic ins(%c : !buffer<2x3xf32>) outs(%out : !buffer<2x3xf32>)
  return
}

// A chain of concatenations ends up in the last one's output.
// CHECK-LABEL: func.func @chained(
// CHECK-NEXT: %[[D:.*]] = buffer.alloc() {role = "scratch"} : !buffer<3x2xf32>
// CHECK-NEXT: %[[C:.*]] = buffer.view %[[D]] : !buffer<3x2xf32> to !buffer<2x2xf32>
// CHECK-NEXT: %[[A:.*]] = buffer.view %[[C]] : !buffer<2x2xf32> to !buffer<1x2xf32>
// CHECK-NEXT: buffer.kernel relu ins(%arg0 : {{.*}}) outs(%[[A]] : !buffer<1x2xf32>)
// CHECK-NEXT: %[[B:.*]] = buffer.view %[[C]] {offset = 2 : i64} : !buffer<2x2xf32> to !buffer<1x2xf32, strides: [2, 1], offset: 2>
// CHECK-NEXT: buffer.kernel tanh
// CHECK-NEXT: %[[E:.*]] = buffer.view %[[D]] {offset = 4 : i64} : !buffer<3x2xf32> to !buffer<1x2xf32, strides: [2, 1], offset: 4>
// CHECK-NEXT: buffer.kernel neg
// CHECK-NEXT: buffer.kernel relu ins(%[[D]] : !buffer<3x2xf32>) outs(%arg1 : !buffer<3x2xf32>)
func.func @chained(%x: !buffer<1x2xf32>, %out: !buffer<3x2xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<1x2xf32>
  buffer.kernel relu ins(%x : !buffer<1x2xf32>) outs(%a : !buffer<1x2xf32>)
  %b = buffer.alloc() {role = "scratch"} : !buffer<1x2xf32>
  buffer.kernel tanh ins(%x : !buffer<1x2xf32>) outs(%b : !buffer<1x2xf32>)
  %c = buffer.alloc() {role = "scratch"} : !buffer<2x2xf32>
  buffer.kernel concatenation ins(%a, %b : !buffer<1x2xf32>, !buffer<1x2xf32>) outs(%c : !buffer<2x2xf32>) {axis = 0 : i64, fused_activation = "NONE"}
  %e = buffer.alloc() {role = "scratch"} : !buffer<1x2xf32>
  buffer.kernel neg ins(%x : !buffer<1x2xf32>) outs(%e : !buffer<1x2xf32>)
  %d = buffer.alloc() {role = "scratch"} : !buffer<3x2xf32>
  buffer.kernel concatenation ins(%c, %e : !buffer<2x2xf32>, !buffer<1x2xf32>) outs(%d : !buffer<3x2xf32>) {axis = 0 : i64, fused_activation = "NONE"}
  buffer.kernel relu ins(%d : !buffer<3x2xf32>) outs(%out : !buffer<3x2xf32>)
  return
}

// Channels of an NHWC tensor with H·W > 1: not contiguous, the kernel stays.
// CHECK-LABEL: func.func @no_channels(
// CHECK: buffer.kernel concatenation
func.func @no_channels(%x: !buffer<1x2x2x1xf32>, %out: !buffer<1x2x2x2xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<1x2x2x1xf32>
  buffer.kernel relu ins(%x : !buffer<1x2x2x1xf32>) outs(%a : !buffer<1x2x2x1xf32>)
  %b = buffer.alloc() {role = "scratch"} : !buffer<1x2x2x1xf32>
  buffer.kernel tanh ins(%x : !buffer<1x2x2x1xf32>) outs(%b : !buffer<1x2x2x1xf32>)
  buffer.kernel concatenation ins(%a, %b : !buffer<1x2x2x1xf32>, !buffer<1x2x2x1xf32>) outs(%out : !buffer<1x2x2x2xf32>) {axis = 3 : i64, fused_activation = "NONE"}
  return
}

// Channels of a 1x1 NHWC tensor are contiguous.
// CHECK-LABEL: func.func @pooled_channels(
// CHECK-NOT: buffer.kernel concatenation
// CHECK: return
func.func @pooled_channels(%x: !buffer<1x1x1x2xf32>, %out: !buffer<1x1x1x4xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<1x1x1x2xf32>
  buffer.kernel relu ins(%x : !buffer<1x1x1x2xf32>) outs(%a : !buffer<1x1x1x2xf32>)
  %b = buffer.alloc() {role = "scratch"} : !buffer<1x1x1x2xf32>
  buffer.kernel tanh ins(%x : !buffer<1x1x1x2xf32>) outs(%b : !buffer<1x1x1x2xf32>)
  buffer.kernel concatenation ins(%a, %b : !buffer<1x1x1x2xf32>, !buffer<1x1x1x2xf32>) outs(%out : !buffer<1x1x1x4xf32>) {axis = -1 : i64, fused_activation = "NONE"}
  return
}

// An input read after the concatenation, one given twice, a function input and a constant:
// none takes its slice, so the kernel stays.
// CHECK-LABEL: func.func @no_takers(
// CHECK: buffer.kernel concatenation ins(%{{.*}}, %{{.*}}, %{{.*}}, %arg0, %{{.*}} :
func.func @no_takers(%x: !buffer<1x2xf32>, %out: !buffer<5x2xf32>, %out2: !buffer<1x2xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<1x2xf32>
  buffer.kernel relu ins(%x : !buffer<1x2xf32>) outs(%a : !buffer<1x2xf32>)
  %b = buffer.alloc() {role = "scratch"} : !buffer<1x2xf32>
  buffer.kernel tanh ins(%x : !buffer<1x2xf32>) outs(%b : !buffer<1x2xf32>)
  %g = buffer.get_global @cst : !buffer<1x2xf32>
  buffer.kernel concatenation ins(%a, %b, %b, %x, %g : !buffer<1x2xf32>, !buffer<1x2xf32>, !buffer<1x2xf32>, !buffer<1x2xf32>, !buffer<1x2xf32>) outs(%out : !buffer<5x2xf32>) {axis = 0 : i64, fused_activation = "NONE"}
  buffer.kernel neg ins(%a : !buffer<1x2xf32>) outs(%out2 : !buffer<1x2xf32>)
  return
}
buffer.global @cst {role = "constant"} : !buffer<1x2xf32> = dense<1.0> : tensor<1x2xf32>

// More than TFLite Micro's 10 inputs: the kernel stays, for its lowering to refuse.
// CHECK-LABEL: func.func @no_eleven(
// CHECK: buffer.kernel concatenation
func.func @no_eleven(%x: !buffer<1xf32>, %out: !buffer<11xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<1xf32>
  buffer.kernel relu ins(%x : !buffer<1xf32>) outs(%a : !buffer<1xf32>)
  buffer.kernel concatenation ins(%a, %x, %x, %x, %x, %x, %x, %x, %x, %x, %x : !buffer<1xf32>, !buffer<1xf32>, !buffer<1xf32>, !buffer<1xf32>, !buffer<1xf32>, !buffer<1xf32>, !buffer<1xf32>, !buffer<1xf32>, !buffer<1xf32>, !buffer<1xf32>, !buffer<1xf32>) outs(%out : !buffer<11xf32>) {axis = 0 : i64, fused_activation = "NONE"}
  return
}
