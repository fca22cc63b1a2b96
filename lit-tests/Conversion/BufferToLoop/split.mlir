// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(graph-to-buffer,buffer-to-loop)' | FileCheck %s

// SPLIT's pieces are copies: one nest per used piece, loading through the strided view of the
// piece (offset and the input's strides), storing row-major into the piece's buffer, as TFLM's
// SplitImpl copies them. The unread middle piece costs nothing.
// CHECK-LABEL: func.func @split_copies
// CHECK:     %[[P0:.*]] = buffer.view %arg0 : !buffer<2x6xi8> to !buffer<2x2xi8, strides: [6, 1], offset: 0>
// CHECK:     loop.for %[[I:.*]] =
// CHECK:       loop.for %[[J:.*]] =
// CHECK:         %[[X:.*]] = loop.load %[[P0]][%[[I]], %[[J]]] : !buffer<2x2xi8, strides: [6, 1], offset: 0>
// CHECK:         loop.store %[[X]], %arg1[%[[I]], %[[J]]] : !buffer<2x2xi8>
// CHECK:     %[[P2:.*]] = buffer.view %arg0 {offset = 4 : i64} : !buffer<2x6xi8> to !buffer<2x2xi8, strides: [6, 1], offset: 4>
// CHECK:     loop.for %[[I:.*]] =
// CHECK:       loop.for %[[J:.*]] =
// CHECK:         %[[X:.*]] = loop.load %[[P2]][%[[I]], %[[J]]] : !buffer<2x2xi8, strides: [6, 1], offset: 4>
// CHECK:         loop.store %[[X]], %arg2[%[[I]], %[[J]]] : !buffer<2x2xi8>
// CHECK-NOT: offset = 2
// CHECK:     return
func.func @split_copies(%x: tensor<2x6xi8>) -> (tensor<2x2xi8>, tensor<2x2xi8>) {
  %0:3 = "graph.split"(%x) <{axis = array<i64: 1>, num_splits = 3 : i64}> : (tensor<2x6xi8>) -> (tensor<2x2xi8>, tensor<2x2xi8>, tensor<2x2xi8>)
  return %0#0, %0#2 : tensor<2x2xi8>, tensor<2x2xi8>
}

// -----

// UNPACK of a vector: rank-0 pieces, each one load at its offset and one store.
// CHECK-LABEL: func.func @unpack_scalars
// CHECK:     %[[P1:.*]] = buffer.view %arg0 {offset = 1 : i64} : !buffer<3xf32> to !buffer<f32, strides: [], offset: 1>
// CHECK-NEXT: %[[X:.*]] = loop.load %[[P1]][] : !buffer<f32, strides: [], offset: 1>
// CHECK-NEXT: loop.store %[[X]], %arg1[] : !buffer<f32>
// CHECK-NEXT: return
func.func @unpack_scalars(%x: tensor<3xf32>) -> tensor<f32> {
  %0:3 = "graph.unpack"(%x) <{axis = 0 : i64, num = 3 : i64}> : (tensor<3xf32>) -> (tensor<f32>, tensor<f32>, tensor<f32>)
  return %0#1 : tensor<f32>
}
