// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s
// Every convolution here asks for all the specialized border nests (border_nests = "all"),
// whatever they cost; border-nests.mlir shows the cost model's choice.

// A kernel whose output may overlap its input gets a buffer.overlap hint in front of its nest,
// with the allowance buffer_to_loop/overlap.rs computes. Max pool, 3x3 stride 2 SAME (one
// padding row) over 5 input rows of 60 bytes: output row 0 (36 bytes) reads from input row 0,
// row 1 from input row 1 (byte 60) on, so the output may start one output row (36 bytes) below
// the input. relu reads each element before writing it: fully in place (0).
// CHECK-LABEL: func.func @hints
// CHECK: %[[X:.*]] = buffer.alloc
// CHECK: %[[Y:.*]] = buffer.alloc
// CHECK: buffer.overlap %[[Y]], %[[X]] {max_delta = -36 : i64} : !buffer<1x3x3x3xf32>, !buffer<1x5x5x3xf32>
// CHECK: loop.for
// CHECK: %[[Z:.*]] = buffer.alloc
// CHECK: buffer.overlap %[[Z]], %[[Y]] {max_delta = 0 : i64} : !buffer<1x3x3x3xf32>, !buffer<1x3x3x3xf32>
// CHECK: loop.for
func.func @hints(%in: !buffer<1x5x5x3xf32>, %out: !buffer<1x3x3x3xf32>) {
  %x = buffer.alloc() {role = "scratch"} : !buffer<1x5x5x3xf32>
  buffer.copy %in, %x : !buffer<1x5x5x3xf32>, !buffer<1x5x5x3xf32>
  %y = buffer.alloc() {role = "scratch"} : !buffer<1x3x3x3xf32>
  buffer.kernel max_pool_2d ins(%x : !buffer<1x5x5x3xf32>) outs(%y : !buffer<1x3x3x3xf32>) {filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 2 : i64, stride_w = 2 : i64, padding = "SAME", fused_activation = "NONE"}
  %z = buffer.alloc() {role = "scratch"} : !buffer<1x3x3x3xf32>
  buffer.kernel relu ins(%y : !buffer<1x3x3x3xf32>) outs(%z : !buffer<1x3x3x3xf32>)
  buffer.copy %z, %out : !buffer<1x3x3x3xf32>, !buffer<1x3x3x3xf32>
  return
}

// -----

// No hint where none is safe or useful: caller memory (never planned), a second operand reading
// the first one's storage through another view, a broadcast first operand, a softmax, an input
// read again after the kernel, an output written before it, a persistent buffer.
// CHECK-LABEL: func.func @none
// CHECK-NOT: buffer.overlap
func.func @none(%in: !buffer<4x4xf32>, %out: !buffer<4x4xf32>) {
  buffer.kernel relu ins(%in : !buffer<4x4xf32>) outs(%out : !buffer<4x4xf32>)
  %x = buffer.alloc() {role = "scratch"} : !buffer<4x4xf32>
  buffer.copy %in, %x : !buffer<4x4xf32>, !buffer<4x4xf32>
  %t = buffer.view %x : !buffer<4x4xf32> to !buffer<4x4xf32, strides: [1, 4], offset: 0>
  %y = buffer.alloc() {role = "scratch"} : !buffer<4x4xf32>
  buffer.kernel add ins(%x, %t : !buffer<4x4xf32>, !buffer<4x4xf32, strides: [1, 4], offset: 0>) outs(%y : !buffer<4x4xf32>) {fused_activation = "NONE"}
  %row = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
  %z = buffer.alloc() {role = "scratch"} : !buffer<4x4xf32>
  buffer.kernel add ins(%row, %y : !buffer<4xf32>, !buffer<4x4xf32>) outs(%z : !buffer<4x4xf32>) {fused_activation = "NONE"}
  %s = buffer.alloc() {role = "scratch"} : !buffer<4x4xf32>
  buffer.kernel softmax ins(%z : !buffer<4x4xf32>) outs(%s : !buffer<4x4xf32>) {beta = 1.0 : f32}
  %r = buffer.alloc() {role = "scratch"} : !buffer<4x4xf32>
  buffer.kernel relu ins(%s : !buffer<4x4xf32>) outs(%r : !buffer<4x4xf32>)
  buffer.copy %s, %out : !buffer<4x4xf32>, !buffer<4x4xf32>
  %w = buffer.alloc() {role = "scratch"} : !buffer<4x4xf32>
  buffer.copy %in, %w : !buffer<4x4xf32>, !buffer<4x4xf32>
  buffer.kernel relu ins(%r : !buffer<4x4xf32>) outs(%w : !buffer<4x4xf32>)
  %state = buffer.alloc() {role = "persistent"} : !buffer<4x4xf32>
  %p = buffer.alloc() {role = "scratch"} : !buffer<4x4xf32>
  buffer.kernel relu ins(%state : !buffer<4x4xf32>) outs(%p : !buffer<4x4xf32>)
  buffer.copy %p, %out : !buffer<4x4xf32>, !buffer<4x4xf32>
  return
}
// CHECK: return

// -----

// Rows in decreasing order (row_order = "descending"): the hint bounds the output from below.
// Max pool as in @hints: output row 2 (from byte 72) reads input rows 3 and 4 (to byte 300),
// so the output starts at least 228 bytes after the input. The row loop counts up and the
// nest takes row 2 - i.
// CHECK-LABEL: func.func @descending_pool
// CHECK: %[[X:.*]] = buffer.alloc
// CHECK: %[[Y:.*]] = buffer.alloc
// CHECK: buffer.overlap %[[Y]], %[[X]] {min_delta = 228 : i64} : !buffer<1x3x3x3xf32>, !buffer<1x5x5x3xf32>
// CHECK: loop.for %[[I:.*]] = %c0{{.*}} to %c3{{.*}} step
// CHECK-NEXT: %[[ROW:.*]] = arith.subi %c2{{.*}}, %[[I]] : index
// CHECK: arith.muli %[[ROW]]
func.func @descending_pool(%in: !buffer<1x5x5x3xf32>, %out: !buffer<1x3x3x3xf32>) {
  %x = buffer.alloc() {role = "scratch"} : !buffer<1x5x5x3xf32>
  buffer.copy %in, %x : !buffer<1x5x5x3xf32>, !buffer<1x5x5x3xf32>
  %y = buffer.alloc() {role = "scratch"} : !buffer<1x3x3x3xf32>
  buffer.kernel max_pool_2d ins(%x : !buffer<1x5x5x3xf32>) outs(%y : !buffer<1x3x3x3xf32>) {filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 2 : i64, stride_w = 2 : i64, padding = "SAME", fused_activation = "NONE", row_order = "descending"}
  buffer.copy %y, %out : !buffer<1x3x3x3xf32>, !buffer<1x3x3x3xf32>
  return
}

// -----

// A 3x3 SAME convolution over 5 rows has border rows on both sides (0 and 4): one border nest
// in a two-turn loop. Descending, the first turn takes the bottom border (side 1 - turn) and
// then the interior rows 3, 2, 1; the second the top border. Output row 0 reads input rows 0
// and 1 (to byte 64): the output starts at least 64 bytes after the input.
// CHECK-LABEL: func.func @descending_conv
// CHECK: buffer.overlap %{{.*}}, %{{.*}} {min_delta = 64 : i64}
// CHECK: loop.for %[[TURN:.*]] = %c0{{.*}} to %c2{{.*}} step
// CHECK-NEXT: %[[SIDE:.*]] = arith.subi %c1{{.*}}, %[[TURN]] : index
// CHECK: loop.for %[[B:.*]] = %[[LO:.*]] to %[[HI:.*]] step
// CHECK-NEXT: %[[SUM:.*]] = arith.addi %[[LO]], %[[HI]] : index
// CHECK-NEXT: %[[LAST:.*]] = arith.subi %[[SUM]], %c1{{.*}} : index
// CHECK-NEXT: arith.subi %[[LAST]], %[[B]] : index
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[TURN]]
// CHECK-NEXT: loop.if %[[FIRST]] {
// CHECK-NEXT: loop.for %[[I:.*]] = %c1{{.*}} to %c4{{.*}} step
// CHECK-NEXT: %[[ROW:.*]] = arith.subi %c4{{.*}}, %[[I]] : index
func.func @descending_conv(%in: !buffer<1x5x4x2xf32>, %w: !buffer<3x3x3x2xf32>, %out: !buffer<1x5x4x3xf32>) {
  %x = buffer.alloc() {role = "scratch"} : !buffer<1x5x4x2xf32>
  buffer.copy %in, %x : !buffer<1x5x4x2xf32>, !buffer<1x5x4x2xf32>
  %y = buffer.alloc() {role = "scratch"} : !buffer<1x5x4x3xf32>
  buffer.kernel conv_2d ins(%x, %w : !buffer<1x5x4x2xf32>, !buffer<3x3x3x2xf32>) outs(%y : !buffer<1x5x4x3xf32>) {dilation_h = 1 : i64, dilation_w = 1 : i64, stride_h = 1 : i64, stride_w = 1 : i64, padding = "SAME", fused_activation = "NONE", row_order = "descending", border_nests = "all"}
  buffer.copy %y, %out : !buffer<1x5x4x3xf32>, !buffer<1x5x4x3xf32>
  return
}

// -----

// No hint inside a WHILE region: the quantize is the last reader of the carried value in its
// block, but the body reads it again and so does the next iteration and the code after the loop.
// The quantize after the loop, the value's last reader, keeps its hint.
// CHECK-LABEL: func.func @no_hint_in_a_loop_region
// CHECK-NOT: buffer.overlap
// CHECK: }) : () -> ()
// CHECK: buffer.overlap %arg1, %{{.*}} {max_delta = 3 : i64}
// CHECK: return
func.func @no_hint_in_a_loop_region(%in: !buffer<4xf32>, %out: !buffer<4x!quant.uniform<i8:f32, 0.5:0>>) {
  %y = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
  buffer.copy %in, %y : !buffer<4xf32>, !buffer<4xf32>
  %q = buffer.alloc() {role = "scratch"} : !buffer<4x!quant.uniform<i8:f32, 0.5:0>>
  %c = buffer.alloc() {role = "scratch"} : !buffer<i1>
  "loop.while"() ({
    buffer.kernel quantize ins(%y : !buffer<4xf32>) outs(%q : !buffer<4x!quant.uniform<i8:f32, 0.5:0>>)
    %v = loop.load %c[] : !buffer<i1>
    loop.condition(%v) : i1
  }, {
    buffer.kernel relu ins(%y : !buffer<4xf32>) outs(%y : !buffer<4xf32>)
    loop.yield
  }) : () -> ()
  buffer.kernel quantize ins(%y : !buffer<4xf32>) outs(%out : !buffer<4x!quant.uniform<i8:f32, 0.5:0>>)
  return
}

// -----

// Inside an IF branch: the logistic's input, defined in the branch, is read there last, so its
// output may overlap it; so may the tanh's, whose input is defined before the IF and read last by
// the IF (the other branch reads it too, but runs in another invocation), and the add's in the
// other branch. The relu of the else branch gets none: %x is read again after the IF.
// CHECK-LABEL: func.func @hints_in_a_branch
// CHECK:         %[[X:.*]] = buffer.alloc()
// CHECK:         %[[Y:.*]] = buffer.alloc()
// CHECK:         %[[R:.*]] = buffer.alloc()
// CHECK:         %[[T:.*]] = buffer.alloc()
// CHECK:         %[[U:.*]] = buffer.alloc()
// CHECK:         %[[W:.*]] = buffer.alloc()
// CHECK:         %[[Z:.*]] = buffer.alloc()
// CHECK:         loop.if
// CHECK-NEXT:      buffer.overlap %[[T]], %[[Y]] {max_delta = 0 : i64}
// CHECK-NOT:       buffer.overlap
// CHECK:           buffer.overlap %[[U]], %[[T]] {max_delta = 0 : i64}
// CHECK-NOT:       buffer.overlap
// CHECK:         } else {
// CHECK-NOT:       buffer.overlap
// CHECK:           buffer.overlap %[[Z]], %[[W]] {max_delta = 0 : i64}
// CHECK-NOT:     buffer.overlap
// CHECK:         return
func.func @hints_in_a_branch(%c: !buffer<i1>, %in: !buffer<4xf32>, %out: !buffer<4xf32>, %out2: !buffer<4xf32>) {
  %x = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
  buffer.copy %in, %x : !buffer<4xf32>, !buffer<4xf32>
  %y = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
  buffer.kernel relu ins(%x : !buffer<4xf32>) outs(%y : !buffer<4xf32>)
  %r = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
  %t = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
  %u = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
  %w = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
  %z = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
  %flag = loop.load %c[] : !buffer<i1>
  loop.if %flag {
    buffer.kernel tanh ins(%y : !buffer<4xf32>) outs(%t : !buffer<4xf32>)
    buffer.kernel logistic ins(%t : !buffer<4xf32>) outs(%u : !buffer<4xf32>)
    buffer.copy %u, %r : !buffer<4xf32>, !buffer<4xf32>
  } else {
    buffer.kernel relu ins(%x : !buffer<4xf32>) outs(%w : !buffer<4xf32>)
    buffer.kernel add ins(%w, %y : !buffer<4xf32>, !buffer<4xf32>) outs(%z : !buffer<4xf32>) {fused_activation = "NONE"}
    buffer.copy %z, %r : !buffer<4xf32>, !buffer<4xf32>
  }
  buffer.copy %r, %out : !buffer<4xf32>, !buffer<4xf32>
  buffer.copy %x, %out2 : !buffer<4xf32>, !buffer<4xf32>
  return
}

// -----

// Inside a WHILE body: the relu's input, computed in the body and read there last, and its output
// belong to the body alone, so the output may overlap it; the add reading the carried %y gets
// none (the copy into it comes after, the condition and the next iteration read it).
// CHECK-LABEL: func.func @hint_on_a_value_of_the_loop_body
// CHECK:         %[[Y:.*]] = buffer.alloc()
// CHECK:         %[[T:.*]] = buffer.alloc()
// CHECK:         %[[U:.*]] = buffer.alloc()
// CHECK:         }, {
// CHECK-NOT:       buffer.overlap
// CHECK:           buffer.overlap %[[U]], %[[T]] {max_delta = 0 : i64}
// CHECK-NOT:     buffer.overlap
// CHECK:         return
func.func @hint_on_a_value_of_the_loop_body(%in: !buffer<4xf32>, %c: !buffer<i1>, %out: !buffer<4xf32>) {
  %y = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
  buffer.copy %in, %y : !buffer<4xf32>, !buffer<4xf32>
  %t = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
  %u = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
  "loop.while"() ({
    %v = loop.load %c[] : !buffer<i1>
    loop.condition(%v) : i1
  }, {
    buffer.kernel add ins(%y, %y : !buffer<4xf32>, !buffer<4xf32>) outs(%t : !buffer<4xf32>) {fused_activation = "NONE"}
    buffer.kernel relu ins(%t : !buffer<4xf32>) outs(%u : !buffer<4xf32>)
    buffer.copy %u, %y : !buffer<4xf32>, !buffer<4xf32>
    loop.yield
  }) : () -> ()
  buffer.copy %y, %out : !buffer<4xf32>, !buffer<4xf32>
  return
}
