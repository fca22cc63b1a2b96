// RUN: mc-opt %s --buffer-slice-views --verify-each | FileCheck %s
// Running it again changes nothing.
// RUN: mc-opt %s --buffer-slice-views | mc-opt --buffer-slice-views | FileCheck %s
// A slice or strided_slice that TFLite Micro accepts and that reads one contiguous window of its
// row-major input (stride 1, along the outermost non-unit dimension) becomes a view of the
// input at the window's offset, when its output is its own scratch alloc and nothing writes the
// input after it. The functions named @no_* violate one condition each.

!q = !quant.uniform<i8:f32, 5.000000e-01>

// Rows 3..4 of H: a view at 3·4 = 12; the reader reads the input's storage.
// CHECK-LABEL: func.func @slice_rows(
// CHECK-NEXT: %[[V:.*]] = buffer.view %arg0 {offset = 12 : i64} : !buffer<1x8x4xf32> to !buffer<1x2x4xf32, strides: [8, 4, 1], offset: 12>
// CHECK-NEXT: buffer.kernel relu ins(%[[V]] : {{.*}}) outs(%arg1 : !buffer<1x2x4xf32>)
// CHECK-NEXT: return
func.func @slice_rows(%x: !buffer<1x8x4xf32>, %out: !buffer<1x2x4xf32>) {
  %s = buffer.alloc() {role = "scratch"} : !buffer<1x2x4xf32>
  buffer.kernel slice ins(%x : !buffer<1x8x4xf32>) outs(%s : !buffer<1x2x4xf32>) {begin = array<i64: 0, 3, 0>, size = array<i64: 1, 2, -1>}
  buffer.kernel relu ins(%s : !buffer<1x2x4xf32>) outs(%out : !buffer<1x2x4xf32>)
  return
}

// A strided slice shrinking the batch axis to row 1 of a scratch buffer (quantized int8): offset 1·6;
// the view of a view of the scratch alloc keeps its offset, relative to the storage.
// CHECK-LABEL: func.func @strided_row(
// CHECK: %[[A:.*]] = buffer.alloc() {role = "scratch"} : !buffer<3x6x!quant.uniform<i8:f32, 5.000000e-01>>
// CHECK-NEXT: buffer.kernel relu ins(%arg0 : {{.*}}) outs(%[[A]] : {{.*}})
// CHECK-NEXT: %[[V:.*]] = buffer.view %[[A]] {offset = 6 : i64} : {{.*}} to !buffer<6x!quant.uniform<i8:f32, 5.000000e-01>, strides: [1], offset: 6>
// CHECK-NEXT: buffer.kernel mean ins(%[[V]] : !buffer<6x!quant.uniform<i8:f32, 5.000000e-01>, strides: [1], offset: 6>)
func.func @strided_row(%x: !buffer<3x6x!q>, %out: !buffer<1x!q>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<3x6x!q>
  buffer.kernel relu ins(%x : !buffer<3x6x!q>) outs(%a : !buffer<3x6x!q>)
  %s = buffer.alloc() {role = "scratch"} : !buffer<6x!q>
  buffer.kernel strided_slice ins(%a : !buffer<3x6x!q>) outs(%s : !buffer<6x!q>) {begin = array<i64: 1, 0>, begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end = array<i64: 2, 6>, end_mask = 0 : i64, new_axis_mask = 0 : i64, offset = false, shrink_axis_mask = 1 : i64, strides = array<i64: 1, 1>}
  buffer.kernel mean ins(%s : !buffer<6x!q>) outs(%out : !buffer<1x!q>) {axes = array<i64: 0>, keep_dims = true}
  return
}

// A reshape of the slice (a view of its output alloc, as Cropping1D then Reshape write it):
// the reshape now views the input's storage too, so its offset moves to the slice's, 12.
// CHECK-LABEL: func.func @slice_then_reshape(
// CHECK-NEXT: %[[V:.*]] = buffer.view %arg0 {offset = 12 : i64} : !buffer<1x8x4xf32> to !buffer<1x2x4xf32, strides: [8, 4, 1], offset: 12>
// CHECK-NEXT: %[[R:.*]] = buffer.view %[[V]] : !buffer<1x2x4xf32, strides: [8, 4, 1], offset: 12> to !buffer<1x2x2x2xf32, strides: [8, 4, 2, 1], offset: 12>
// CHECK-NEXT: buffer.kernel relu ins(%[[R]] : {{.*}}) outs(%arg1 : !buffer<1x2x2x2xf32>)
// CHECK-NEXT: return
func.func @slice_then_reshape(%x: !buffer<1x8x4xf32>, %out: !buffer<1x2x2x2xf32>) {
  %s = buffer.alloc() {role = "scratch"} : !buffer<1x2x4xf32>
  buffer.kernel slice ins(%x : !buffer<1x8x4xf32>) outs(%s : !buffer<1x2x4xf32>) {begin = array<i64: 0, 3, 0>, size = array<i64: 1, 2, -1>}
  %r = buffer.view %s : !buffer<1x2x4xf32> to !buffer<1x2x2x2xf32>
  buffer.kernel relu ins(%r : !buffer<1x2x2x2xf32>) outs(%out : !buffer<1x2x2x2xf32>)
  return
}

// A slice of a constant reads the constant in place.
// CHECK-LABEL: func.func @constant_rows(
// CHECK: %[[G:.*]] = buffer.get_global @cst
// CHECK-NEXT: %[[V:.*]] = buffer.view %[[G]] {offset = 4 : i64}
// CHECK-NEXT: buffer.kernel add ins(%arg0, %[[V]] :
buffer.global @cst {role = "constant"} : !buffer<2x4xf32> = dense<1.0> : tensor<2x4xf32>
func.func @constant_rows(%x: !buffer<1x4xf32>, %out: !buffer<1x4xf32>) {
  %c = buffer.get_global @cst : !buffer<2x4xf32>
  %s = buffer.alloc() {role = "scratch"} : !buffer<1x4xf32>
  buffer.kernel slice ins(%c : !buffer<2x4xf32>) outs(%s : !buffer<1x4xf32>) {begin = array<i64: 1, 0>, size = array<i64: 1, 4>}
  buffer.kernel add ins(%x, %s : !buffer<1x4xf32>, !buffer<1x4xf32>) outs(%out : !buffer<1x4xf32>) {fused_activation = "NONE"}
  return
}

// Channels of an NHWC tensor with H·W > 1 are strided: the kernel stays.
// CHECK-LABEL: func.func @no_channel_slice(
// CHECK: buffer.kernel slice
func.func @no_channel_slice(%x: !buffer<1x2x2x4xf32>, %out: !buffer<1x2x2x2xf32>) {
  %s = buffer.alloc() {role = "scratch"} : !buffer<1x2x2x2xf32>
  buffer.kernel slice ins(%x : !buffer<1x2x2x4xf32>) outs(%s : !buffer<1x2x2x2xf32>) {begin = array<i64: 0, 0, 0, 1>, size = array<i64: 1, 2, 2, 2>}
  buffer.kernel relu ins(%s : !buffer<1x2x2x2xf32>) outs(%out : !buffer<1x2x2x2xf32>)
  return
}

// Stride 2 skips rows.
// CHECK-LABEL: func.func @no_stride_two(
// CHECK: buffer.kernel strided_slice
func.func @no_stride_two(%x: !buffer<4x3xf32>, %out: !buffer<2x3xf32>) {
  %s = buffer.alloc() {role = "scratch"} : !buffer<2x3xf32>
  buffer.kernel strided_slice ins(%x : !buffer<4x3xf32>) outs(%s : !buffer<2x3xf32>) {begin = array<i64: 0, 0>, begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end = array<i64: 4, 3>, end_mask = 0 : i64, new_axis_mask = 0 : i64, offset = false, shrink_axis_mask = 0 : i64, strides = array<i64: 2, 1>}
  buffer.kernel relu ins(%s : !buffer<2x3xf32>) outs(%out : !buffer<2x3xf32>)
  return
}

// TFLite Micro refuses new_axis_mask: the kernel stays, and its lowering says so.
// CHECK-LABEL: func.func @no_new_axis(
// CHECK: buffer.kernel strided_slice
func.func @no_new_axis(%x: !buffer<4x3xf32>, %out: !buffer<1x1x3xf32>) {
  %s = buffer.alloc() {role = "scratch"} : !buffer<1x1x3xf32>
  buffer.kernel strided_slice ins(%x : !buffer<4x3xf32>) outs(%s : !buffer<1x1x3xf32>) {begin = array<i64: 0, 1, 0>, begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end = array<i64: 1, 2, 3>, end_mask = 0 : i64, new_axis_mask = 1 : i64, offset = false, shrink_axis_mask = 0 : i64, strides = array<i64: 1, 1, 1>}
  buffer.kernel relu ins(%s : !buffer<1x1x3xf32>) outs(%out : !buffer<1x1x3xf32>)
  return
}

// The kernel writes the output argument itself: nothing to save.
// CHECK-LABEL: func.func @no_output_argument(
// CHECK: buffer.kernel slice
func.func @no_output_argument(%x: !buffer<4x3xf32>, %out: !buffer<1x3xf32>) {
  buffer.kernel slice ins(%x : !buffer<4x3xf32>) outs(%out : !buffer<1x3xf32>) {begin = array<i64: 2, 0>, size = array<i64: 1, 3>}
  return
}

// A variable's storage may change under the view (an assignment after the slice).
// CHECK-LABEL: func.func @no_variable(
// CHECK: buffer.kernel slice
func.func @no_variable(%x: !buffer<4x3xf32>, %out: !buffer<1x3xf32>) {
  %v = buffer.alloc() {name = "v", role = "persistent"} : !buffer<4x3xf32>
  %s = buffer.alloc() {role = "scratch"} : !buffer<1x3xf32>
  buffer.kernel slice ins(%v : !buffer<4x3xf32>) outs(%s : !buffer<1x3xf32>) {begin = array<i64: 2, 0>, size = array<i64: 1, 3>}
  buffer.copy %x, %v : !buffer<4x3xf32>, !buffer<4x3xf32>
  buffer.kernel relu ins(%s : !buffer<1x3xf32>) outs(%out : !buffer<1x3xf32>)
  return
}

// A scratch input written again after the slice (a kernel in place over it).
// CHECK-LABEL: func.func @no_rewritten_input(
// CHECK: buffer.kernel slice
func.func @no_rewritten_input(%x: !buffer<4x3xf32>, %out: !buffer<1x3xf32>, %out2: !buffer<4x3xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<4x3xf32>
  buffer.kernel relu ins(%x : !buffer<4x3xf32>) outs(%a : !buffer<4x3xf32>)
  %s = buffer.alloc() {role = "scratch"} : !buffer<1x3xf32>
  buffer.kernel slice ins(%a : !buffer<4x3xf32>) outs(%s : !buffer<1x3xf32>) {begin = array<i64: 2, 0>, size = array<i64: 1, 3>}
  buffer.kernel tanh ins(%a : !buffer<4x3xf32>) outs(%a : !buffer<4x3xf32>)
  buffer.kernel relu ins(%s : !buffer<1x3xf32>) outs(%out : !buffer<1x3xf32>)
  buffer.copy %a, %out2 : !buffer<4x3xf32>, !buffer<4x3xf32>
  return
}

// The pieces of a split along H (graph-to-buffer's copies of strided views of the input) become
// row-major views at their offsets: no alloc, no copy.
// CHECK-LABEL: func.func @split_pieces(
// CHECK-NOT: buffer.alloc
// CHECK-NOT: buffer.copy
// CHECK: %[[P0:.*]] = buffer.view %arg0 : !buffer<1x8x4xf32> to !buffer<1x4x4xf32>
// CHECK-NOT: buffer.copy
// CHECK: %[[P1:.*]] = buffer.view %arg0 {offset = 16 : i64} : !buffer<1x8x4xf32> to !buffer<1x4x4xf32, strides: [16, 4, 1], offset: 16>
// CHECK: buffer.kernel relu ins(%[[P0]] : {{.*}}) outs(%arg1 : !buffer<1x4x4xf32>)
// CHECK: buffer.kernel relu ins(%[[P1]] : {{.*}}) outs(%arg2 : !buffer<1x4x4xf32>)
func.func @split_pieces(%x: !buffer<1x8x4xf32>, %out0: !buffer<1x4x4xf32>, %out1: !buffer<1x4x4xf32>) {
  %v0 = buffer.view %x {offset = 0 : i64} : !buffer<1x8x4xf32> to !buffer<1x4x4xf32, strides: [32, 4, 1], offset: 0>
  %a = buffer.alloc() {role = "scratch"} : !buffer<1x4x4xf32>
  buffer.copy %v0, %a : !buffer<1x4x4xf32, strides: [32, 4, 1], offset: 0>, !buffer<1x4x4xf32>
  %v1 = buffer.view %x {offset = 16 : i64} : !buffer<1x8x4xf32> to !buffer<1x4x4xf32, strides: [32, 4, 1], offset: 16>
  %b = buffer.alloc() {role = "scratch"} : !buffer<1x4x4xf32>
  buffer.copy %v1, %b : !buffer<1x4x4xf32, strides: [32, 4, 1], offset: 16>, !buffer<1x4x4xf32>
  buffer.kernel relu ins(%a : !buffer<1x4x4xf32>) outs(%out0 : !buffer<1x4x4xf32>)
  buffer.kernel relu ins(%b : !buffer<1x4x4xf32>) outs(%out1 : !buffer<1x4x4xf32>)
  return
}

// A reshape of the second piece views the input's storage from the piece's offset on, 16.
// CHECK-LABEL: func.func @split_piece_then_reshape(
// CHECK: %[[P1:.*]] = buffer.view %arg0 {offset = 16 : i64} : !buffer<1x8x4xf32> to !buffer<1x4x4xf32, strides: [16, 4, 1], offset: 16>
// CHECK-NEXT: %[[R:.*]] = buffer.view %[[P1]] : {{.*}} to !buffer<16xf32, strides: [1], offset: 16>
// CHECK-NEXT: buffer.kernel relu ins(%[[R]] : {{.*}}) outs(%arg1 : !buffer<16xf32>)
func.func @split_piece_then_reshape(%x: !buffer<1x8x4xf32>, %out: !buffer<16xf32>) {
  %v1 = buffer.view %x {offset = 16 : i64} : !buffer<1x8x4xf32> to !buffer<1x4x4xf32, strides: [32, 4, 1], offset: 16>
  %b = buffer.alloc() {role = "scratch"} : !buffer<1x4x4xf32>
  buffer.copy %v1, %b : !buffer<1x4x4xf32, strides: [32, 4, 1], offset: 16>, !buffer<1x4x4xf32>
  %r = buffer.view %b : !buffer<1x4x4xf32> to !buffer<16xf32>
  buffer.kernel relu ins(%r : !buffer<16xf32>) outs(%out : !buffer<16xf32>)
  return
}

// Channel pieces of an NHWC tensor with H·W > 1 are strided: the copies stay.
// CHECK-LABEL: func.func @no_piece_view_channels(
// CHECK: buffer.alloc
// CHECK: buffer.copy
func.func @no_piece_view_channels(%x: !buffer<1x8x4xf32>, %out0: !buffer<1x8x2xf32>) {
  %v0 = buffer.view %x {offset = 2 : i64} : !buffer<1x8x4xf32> to !buffer<1x8x2xf32, strides: [32, 4, 1], offset: 2>
  %a = buffer.alloc() {role = "scratch"} : !buffer<1x8x2xf32>
  buffer.copy %v0, %a : !buffer<1x8x2xf32, strides: [32, 4, 1], offset: 2>, !buffer<1x8x2xf32>
  buffer.kernel relu ins(%a : !buffer<1x8x2xf32>) outs(%out0 : !buffer<1x8x2xf32>)
  return
}
