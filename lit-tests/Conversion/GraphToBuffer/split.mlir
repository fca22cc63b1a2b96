// RUN: mc-opt %s --graph-to-buffer --verify-each | FileCheck %s
// RUN: mc-opt %s --graph-to-buffer --print-generic | mlir-opt-22 --allow-unregistered-dialect | mc-opt | FileCheck %s
// SPLIT, SPLIT_V and UNPACK have several results: each used result gets its own buffer (a
// returned one its output argument), filled by a copy of the strided view of its piece of the
// input; a result nothing reads gets no buffer and no copy.

// The first piece is returned (written into its argument), the second unread, the third read by
// a kernel (copied into an alloc).
// CHECK-LABEL: func.func @split(%arg0: !buffer<2x6x3xf32>, %arg1: !buffer<2x2x3xf32>, %arg2: !buffer<2x2x3xf32>) {
// CHECK-NEXT: %[[P0:.*]] = buffer.view %arg0 : !buffer<2x6x3xf32> to !buffer<2x2x3xf32, strides: [18, 3, 1], offset: 0>
// CHECK-NEXT: buffer.copy %[[P0]], %arg1 : !buffer<2x2x3xf32, strides: [18, 3, 1], offset: 0>, !buffer<2x2x3xf32>
// CHECK-NEXT: %[[P2:.*]] = buffer.view %arg0 {offset = 12 : i64} : !buffer<2x6x3xf32> to !buffer<2x2x3xf32, strides: [18, 3, 1], offset: 12>
// CHECK-NEXT: %[[A:.*]] = buffer.alloc() {role = "scratch"} : !buffer<2x2x3xf32>
// CHECK-NEXT: buffer.copy %[[P2]], %[[A]]
// CHECK-NEXT: buffer.kernel relu ins(%[[A]] : !buffer<2x2x3xf32>) outs(%arg2 : !buffer<2x2x3xf32>)
// CHECK-NEXT: return
func.func @split(%x: tensor<2x6x3xf32>) -> (tensor<2x2x3xf32>, tensor<2x2x3xf32>) {
  %axis = "graph.const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %0:3 = "graph.split"(%x, %axis) <{num_splits = 3 : i64}> : (tensor<2x6x3xf32>, tensor<i32>) -> (tensor<2x2x3xf32>, tensor<2x2x3xf32>, tensor<2x2x3xf32>)
  %r = "graph.relu"(%0#2) : (tensor<2x2x3xf32>) -> tensor<2x2x3xf32>
  return %0#0, %r : tensor<2x2x3xf32>, tensor<2x2x3xf32>
}

// SPLIT_V along the last axis: pieces 2 and 3 wide, offsets 0 and 2, the input's strides.
// CHECK-LABEL: func.func @split_v(%arg0: !buffer<3x5xi8>, %arg1: !buffer<3x2xi8>, %arg2: !buffer<3x3xi8>) {
// CHECK-NEXT: %[[P0:.*]] = buffer.view %arg0 : !buffer<3x5xi8> to !buffer<3x2xi8, strides: [5, 1], offset: 0>
// CHECK-NEXT: buffer.copy %[[P0]], %arg1
// CHECK-NEXT: %[[P1:.*]] = buffer.view %arg0 {offset = 2 : i64} : !buffer<3x5xi8> to !buffer<3x3xi8, strides: [5, 1], offset: 2>
// CHECK-NEXT: buffer.copy %[[P1]], %arg2
// CHECK-NEXT: return
func.func @split_v(%x: tensor<3x5xi8>) -> (tensor<3x2xi8>, tensor<3x3xi8>) {
  %0:2 = "graph.split_v"(%x) <{size_splits = array<i64: 2, -1>, axis = array<i64: -1>, num_splits = 2 : i64}> : (tensor<3x5xi8>) -> (tensor<3x2xi8>, tensor<3x3xi8>)
  return %0#0, %0#1 : tensor<3x2xi8>, tensor<3x3xi8>
}

// UNPACK drops the axis: each piece skips its stride. Only the last piece is read.
// CHECK-LABEL: func.func @unpack(%arg0: !buffer<2x3x4xi16>, %arg1: !buffer<2x4xi16>) {
// CHECK-NEXT: %[[P2:.*]] = buffer.view %arg0 {offset = 8 : i64} : !buffer<2x3x4xi16> to !buffer<2x4xi16, strides: [12, 1], offset: 8>
// CHECK-NEXT: buffer.copy %[[P2]], %arg1
// CHECK-NEXT: return
func.func @unpack(%x: tensor<2x3x4xi16>) -> tensor<2x4xi16> {
  %0:3 = "graph.unpack"(%x) <{axis = 1 : i64, num = 3 : i64}> : (tensor<2x3x4xi16>) -> (tensor<2x4xi16>, tensor<2x4xi16>, tensor<2x4xi16>)
  return %0#2 : tensor<2x4xi16>
}

// A transposed (strided) input: the pieces' views compose its strides.
// CHECK-LABEL: func.func @split_of_transpose(
// CHECK-NEXT: %[[T:.*]] = buffer.view %arg0 : !buffer<2x4xf32> to !buffer<4x2xf32, strides: [1, 4], offset: 0>
// CHECK-NEXT: %[[P1:.*]] = buffer.view %[[T]] {offset = 2 : i64} : !buffer<4x2xf32, strides: [1, 4], offset: 0> to !buffer<2x2xf32, strides: [1, 4], offset: 2>
// CHECK-NEXT: buffer.copy %[[P1]], %arg1
// CHECK-NEXT: return
func.func @split_of_transpose(%x: tensor<2x4xf32>) -> tensor<2x2xf32> {
  %t = "graph.transpose"(%x) <{perm = array<i64: 1, 0>}> : (tensor<2x4xf32>) -> tensor<4x2xf32>
  %0:2 = "graph.split"(%t) <{axis = array<i64: 0>, num_splits = 2 : i64}> : (tensor<4x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>)
  return %0#1 : tensor<2x2xf32>
}
