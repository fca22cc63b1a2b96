// RUN: mc-opt %s | FileCheck %s

// TFLite Micro's CIRCULAR_BUFFER, one step: a [1, 1, 2, 3] int8 input shifted into 5 slots, valid
// every second invocation. The slots (plain i8 storage) and the ui32 count are the state before
// the step; the output (of the input's type), the flag (a bool of one element, of rank 1 or 0)
// and the next slots and count are its results.
// CHECK-LABEL: func.func @circular_buffer
// CHECK: "graph.circular_buffer"(%arg0, %arg1, %arg2) <{cycles_max = 2 : i64}> : (tensor<1x1x2x3x!quant.uniform<i8:f32, 2.500000e-01:-3>>, tensor<1x5x2x3xi8>, tensor<1xui32>) -> (tensor<1x5x2x3x!quant.uniform<i8:f32, 2.500000e-01:-3>>, tensor<1xi1>, tensor<1x5x2x3xi8>, tensor<1xui32>)
// CHECK: "graph.circular_buffer"(%arg3, %arg4, %arg2) <{cycles_max = 1 : i64}> : (tensor<1x1x1x4xi8>, tensor<1x1x1x4xi8>, tensor<1xui32>) -> (tensor<1x1x1x4xi8>, tensor<i1>, tensor<1x1x1x4xi8>, tensor<1xui32>)
func.func @circular_buffer(%x: tensor<1x1x2x3x!quant.uniform<i8:f32, 0.25:-3>>, %slots: tensor<1x5x2x3xi8>, %count: tensor<1xui32>, %p: tensor<1x1x1x4xi8>, %q: tensor<1x1x1x4xi8>) -> (tensor<1x5x2x3x!quant.uniform<i8:f32, 0.25:-3>>, tensor<1xi1>, tensor<1x1x1x4xi8>) {
  %y:4 = "graph.circular_buffer"(%x, %slots, %count) <{cycles_max = 2 : i64}> : (tensor<1x1x2x3x!quant.uniform<i8:f32, 0.25:-3>>, tensor<1x5x2x3xi8>, tensor<1xui32>) -> (tensor<1x5x2x3x!quant.uniform<i8:f32, 0.25:-3>>, tensor<1xi1>, tensor<1x5x2x3xi8>, tensor<1xui32>)
  %z:4 = "graph.circular_buffer"(%p, %q, %count) <{cycles_max = 1 : i64}> : (tensor<1x1x1x4xi8>, tensor<1x1x1x4xi8>, tensor<1xui32>) -> (tensor<1x1x1x4xi8>, tensor<i1>, tensor<1x1x1x4xi8>, tensor<1xui32>)
  return %y#0, %y#1, %z#0 : tensor<1x5x2x3x!quant.uniform<i8:f32, 0.25:-3>>, tensor<1xi1>, tensor<1x1x1x4xi8>
}
