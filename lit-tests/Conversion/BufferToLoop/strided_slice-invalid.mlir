// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics
// What the strided_slice lowering rejects (what TFLite Micro ignores or cannot slice): one
// located error per kernel.

func.func @ellipsis(%x: !buffer<4x5xf32>, %y: !buffer<4x2xf32>) {
  // expected-error@+1 {{'buffer.kernel' op strided_slice: unsupported: 'ellipsis_mask' (TFLite Micro ignores it)}}
  buffer.kernel strided_slice ins(%x : !buffer<4x5xf32>) outs(%y : !buffer<4x2xf32>) {begin = array<i64: 0, 1>, end = array<i64: 0, 3>, strides = array<i64: 1, 1>, begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 1 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64, offset = false}
  return
}

// -----

func.func @new_axis(%x: !buffer<4x5xf32>, %y: !buffer<1x4x5xf32>) {
  // expected-error@+1 {{'buffer.kernel' op strided_slice: unsupported: 'new_axis_mask' (TFLite Micro ignores it)}}
  buffer.kernel strided_slice ins(%x : !buffer<4x5xf32>) outs(%y : !buffer<1x4x5xf32>) {begin = array<i64: 0, 0, 0>, end = array<i64: 1, 4, 5>, strides = array<i64: 1, 1, 1>, begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 1 : i64, shrink_axis_mask = 0 : i64, offset = false}
  return
}

// -----

func.func @offset(%x: !buffer<4x5xf32>, %y: !buffer<2x2xf32>) {
  // expected-error@+1 {{'buffer.kernel' op strided_slice: unsupported: 'offset' (TFLite Micro ignores it)}}
  buffer.kernel strided_slice ins(%x : !buffer<4x5xf32>) outs(%y : !buffer<2x2xf32>) {begin = array<i64: 1, 1>, end = array<i64: 2, 2>, strides = array<i64: 1, 1>, begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64, offset = true}
  return
}

// -----

func.func @shrink_past_the_end(%x: !buffer<4x5xf32>, %y: !buffer<5xf32>) {
  // expected-error@+1 {{'buffer.kernel' op strided_slice: unsupported: reads index 4 of dimension 0, of size 4, outside the input}}
  buffer.kernel strided_slice ins(%x : !buffer<4x5xf32>) outs(%y : !buffer<5xf32>) {begin = array<i64: 9, 0>, end = array<i64: 10, 5>, strides = array<i64: 1, 1>, begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64, offset = false}
  return
}

// -----

func.func @fewer_entries_than_dimensions(%x: !buffer<4x5xf32>, %y: !buffer<2x5xf32>) {
  // expected-error@+1 {{'buffer.kernel' op strided_slice: unsupported: 1 begin/end/strides entries for a rank-2 input (TFLite Micro reads one per dimension)}}
  buffer.kernel strided_slice ins(%x : !buffer<4x5xf32>) outs(%y : !buffer<2x5xf32>) {begin = array<i64: 1>, end = array<i64: 3>, strides = array<i64: 1>, begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64, offset = false}
  return
}

// -----

func.func @rank5(%x: !buffer<1x1x1x1x5xf32>, %y: !buffer<1x1x1x1x2xf32>) {
  // expected-error@+1 {{'buffer.kernel' op strided_slice: unsupported: rank 5 (TFLite Micro slices at most rank 4)}}
  buffer.kernel strided_slice ins(%x : !buffer<1x1x1x1x5xf32>) outs(%y : !buffer<1x1x1x1x2xf32>) {begin = array<i64: 0, 0, 0, 0, 1>, end = array<i64: 1, 1, 1, 1, 3>, strides = array<i64: 1, 1, 1, 1, 1>, begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64, offset = false}
  return
}
