// RUN: mc-opt %s --split-input-file --verify-diagnostics
// What the verifier refuses of graph.circular_buffer: one located error each.

// A cycle is one invocation or more.
func.func @cycles(%x: tensor<1x1x1x4xi8>, %s: tensor<1x3x1x4xi8>, %c: tensor<1xui32>) {
  // expected-error@+1 {{'graph.circular_buffer' op 'cycles_max' must be at least 1, but is 0}}
  %y:4 = "graph.circular_buffer"(%x, %s, %c) <{cycles_max = 0 : i64}> : (tensor<1x1x1x4xi8>, tensor<1x3x1x4xi8>, tensor<1xui32>) -> (tensor<1x3x1x4xi8>, tensor<1xi1>, tensor<1x3x1x4xi8>, tensor<1xui32>)
  return
}

// -----

// The input is one slot of the buffer's rows and depth.
func.func @shapes(%x: tensor<1x1x1x5xi8>, %s: tensor<1x3x1x4xi8>, %c: tensor<1xui32>) {
  // expected-error@+1 {{'graph.circular_buffer' op the input [1, 1, 1, 5] must be [1, 1, H, D] and the buffer [1, 3, 1, 4] [1, S, H, D] with S >= 1}}
  %y:4 = "graph.circular_buffer"(%x, %s, %c) <{cycles_max = 2 : i64}> : (tensor<1x1x1x5xi8>, tensor<1x3x1x4xi8>, tensor<1xui32>) -> (tensor<1x3x1x4xi8>, tensor<1xi1>, tensor<1x3x1x4xi8>, tensor<1xui32>)
  return
}

// -----

// TFLite Micro's kernel shifts int8 only, of rank 4; the slots are plain storage bytes.
func.func @types(%x: tensor<1x1x4xi16>, %s: tensor<1x3x1x4x!quant.uniform<i8:f32, 0.5:1>>, %c: tensor<1xui32>) {
  // expected-error@+3 {{'graph.circular_buffer' op input element type must be quantized i8 or i8, but got 'i16'}}
  // expected-error@+2 {{'graph.circular_buffer' op buffer element type must be i8, but got '!quant.uniform<i8:f32, 5.000000e-01:1>'}}
  // expected-error@+1 {{'graph.circular_buffer' op input must have rank 4, but has rank 3}}
  %y:4 = "graph.circular_buffer"(%x, %s, %c) <{cycles_max = 2 : i64}> : (tensor<1x1x4xi16>, tensor<1x3x1x4x!quant.uniform<i8:f32, 0.5:1>>, tensor<1xui32>) -> (tensor<1x3x1x4xi16>, tensor<1xi1>, tensor<1x3x1x4x!quant.uniform<i8:f32, 0.5:1>>, tensor<1xui32>)
  return
}

// -----

// The count is one ui32, the flag one bool, the output of the input's type, the next states of
// the states'.
func.func @state(%x: tensor<1x1x1x4xi8>, %s: tensor<1x3x1x4xi8>, %c: tensor<2xi32>) {
  // expected-error@+5 {{'graph.circular_buffer' op count element type must be ui32, but got 'i32'}}
  // expected-error@+4 {{'graph.circular_buffer' op valid must hold one element, but has shape [2]}}
  // expected-error@+3 {{'graph.circular_buffer' op output element type 'i16' must match the input element type 'i8'}}
  // expected-error@+2 {{'graph.circular_buffer' op next_buffer element type 'i16' must match the buffer element type 'i8'}}
  // expected-error@+1 {{'graph.circular_buffer' op next_count element type 'ui32' must match the count element type 'i32'}}
  %y:4 = "graph.circular_buffer"(%x, %s, %c) <{cycles_max = 2 : i64}> : (tensor<1x1x1x4xi8>, tensor<1x3x1x4xi8>, tensor<2xi32>) -> (tensor<1x3x1x4xi16>, tensor<2xi1>, tensor<1x3x1x4xi16>, tensor<1xui32>)
  return
}

// -----

// The output and the next slots are of the slots' shape.
func.func @result_shapes(%x: tensor<1x1x1x4xi8>, %s: tensor<1x3x1x4xi8>, %c: tensor<1xui32>) {
  // expected-error@+2 {{'graph.circular_buffer' op output must have the buffer's shape [1, 3, 1, 4], but has [1, 2, 1, 4]}}
  // expected-error@+1 {{'graph.circular_buffer' op next_buffer must have the buffer's shape [1, 3, 1, 4], but has [1, 4, 1, 4]}}
  %y:4 = "graph.circular_buffer"(%x, %s, %c) <{cycles_max = 2 : i64}> : (tensor<1x1x1x4xi8>, tensor<1x3x1x4xi8>, tensor<1xui32>) -> (tensor<1x2x1x4xi8>, tensor<1xi1>, tensor<1x4x1x4xi8>, tensor<1xui32>)
  return
}
