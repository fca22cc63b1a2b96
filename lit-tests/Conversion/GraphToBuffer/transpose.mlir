// RUN: mc-opt %s --graph-to-buffer --verify-each | FileCheck %s
// RUN: mc-opt %s --graph-to-buffer --print-generic | mlir-opt-22 --allow-unregistered-dialect | mc-opt | FileCheck %s
// A transpose is a strided view (permuted strides) when its users read strided buffers (the
// elementwise kernels), and a copy of that view otherwise.

// CHECK-LABEL: func.func @to_elementwise(%arg0: !buffer<2x3xf32>, %arg1: !buffer<3x2xf32>, %arg2: !buffer<3x2xf32>) {
// CHECK-NEXT: %[[T:.*]] = buffer.view %arg0 : !buffer<2x3xf32> to !buffer<3x2xf32, strides: [1, 3], offset: 0>
// CHECK-NEXT: buffer.kernel add ins(%[[T]], %arg1 : !buffer<3x2xf32, strides: [1, 3], offset: 0>, !buffer<3x2xf32>) outs(%arg2 : !buffer<3x2xf32>) {fused_activation = "NONE"}
// CHECK-NEXT: return
func.func @to_elementwise(%x: tensor<2x3xf32>, %y: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %t = "graph.transpose"(%x) <{perm = array<i64: 1, 0>}> : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %s = "graph.add"(%t, %y) <{fused_activation = "NONE"}> : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %s : tensor<3x2xf32>
}

// Several elementwise readers share the view.
// CHECK-LABEL: func.func @two_elementwise_readers(
// CHECK-NEXT: %[[T:.*]] = buffer.view %arg0 : !buffer<2x3x!quant.uniform<i8:f32, 5.000000e-01>> to !buffer<3x2x!quant.uniform<i8:f32, 5.000000e-01>, strides: [1, 3], offset: 0>
// CHECK-NEXT: buffer.kernel relu ins(%[[T]] : {{.*}}) outs(%arg1 : {{.*}})
// CHECK-NEXT: buffer.kernel quantize ins(%[[T]] : {{.*}}) outs(%arg2 : {{.*}})
// CHECK-NEXT: return
func.func @two_elementwise_readers(%x: tensor<2x3x!quant.uniform<i8:f32, 0.5>>) -> (tensor<3x2x!quant.uniform<i8:f32, 0.5>>, tensor<3x2x!quant.uniform<i8:f32, 0.25:1>>) {
  %t = "graph.transpose"(%x) <{perm = array<i64: 1, 0>}> : (tensor<2x3x!quant.uniform<i8:f32, 0.5>>) -> tensor<3x2x!quant.uniform<i8:f32, 0.5>>
  %r = "graph.relu"(%t) : (tensor<3x2x!quant.uniform<i8:f32, 0.5>>) -> tensor<3x2x!quant.uniform<i8:f32, 0.5>>
  %q = "graph.quantize"(%t) : (tensor<3x2x!quant.uniform<i8:f32, 0.5>>) -> tensor<3x2x!quant.uniform<i8:f32, 0.25:1>>
  return %r, %q : tensor<3x2x!quant.uniform<i8:f32, 0.5>>, tensor<3x2x!quant.uniform<i8:f32, 0.25:1>>
}

// Other kernels read row-major buffers: the transpose is copied out.
// CHECK-LABEL: func.func @to_fully_connected(%arg0: !buffer<2x3xf32>, %arg1: !buffer<4x2xf32>, %arg2: !buffer<3x4xf32>) {
// CHECK-NEXT: %[[T:.*]] = buffer.view %arg0 : !buffer<2x3xf32> to !buffer<3x2xf32, strides: [1, 3], offset: 0>
// CHECK-NEXT: %[[A:.*]] = buffer.alloc() {role = "scratch"} : !buffer<3x2xf32>
// CHECK-NEXT: buffer.copy %[[T]], %[[A]] : !buffer<3x2xf32, strides: [1, 3], offset: 0>, !buffer<3x2xf32>
// CHECK-NEXT: buffer.kernel fully_connected ins(%[[A]], %arg1 : !buffer<3x2xf32>, !buffer<4x2xf32>) outs(%arg2 : !buffer<3x4xf32>)
func.func @to_fully_connected(%x: tensor<2x3xf32>, %w: tensor<4x2xf32>) -> tensor<3x4xf32> {
  %t = "graph.transpose"(%x) <{perm = array<i64: 1, 0>}> : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %f = "graph.fully_connected"(%t, %w) <{fused_activation = "NONE", keep_num_dims = false}> : (tensor<3x2xf32>, tensor<4x2xf32>) -> tensor<3x4xf32>
  return %f : tensor<3x4xf32>
}

// One strided and one row-major reader: copied once, both read the copy.
// CHECK-LABEL: func.func @mixed_readers(
// CHECK-NEXT: %[[T:.*]] = buffer.view %arg0
// CHECK-NEXT: %[[A:.*]] = buffer.alloc() {role = "scratch"} : !buffer<3x2xf32>
// CHECK-NEXT: buffer.copy %[[T]], %[[A]]
// CHECK-NEXT: buffer.kernel relu ins(%[[A]] : !buffer<3x2xf32>)
// CHECK-NEXT: buffer.kernel softmax ins(%[[A]] : !buffer<3x2xf32>)
func.func @mixed_readers(%x: tensor<2x3xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>) {
  %t = "graph.transpose"(%x) <{perm = array<i64: 1, 0>}> : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %r = "graph.relu"(%t) : (tensor<3x2xf32>) -> tensor<3x2xf32>
  %s = "graph.softmax"(%t) <{beta = 1.0 : f32}> : (tensor<3x2xf32>) -> tensor<3x2xf32>
  return %r, %s : tensor<3x2xf32>, tensor<3x2xf32>
}

// A returned transpose is copied straight into the output; a constant perm operand is read.
// CHECK-LABEL: func.func @returned(%arg0: !buffer<2x3xf32>, %arg1: !buffer<3x2xf32>) {
// CHECK-NEXT: %[[A:.*]] = buffer.alloc() {role = "scratch"} : !buffer<2x3xf32>
// CHECK-NEXT: buffer.kernel relu ins(%arg0 : !buffer<2x3xf32>) outs(%[[A]] : !buffer<2x3xf32>)
// CHECK-NEXT: %[[T:.*]] = buffer.view %[[A]] : !buffer<2x3xf32> to !buffer<3x2xf32, strides: [1, 3], offset: 0>
// CHECK-NEXT: buffer.copy %[[T]], %arg1 : !buffer<3x2xf32, strides: [1, 3], offset: 0>, !buffer<3x2xf32>
// CHECK-NEXT: return
func.func @returned(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %r = "graph.relu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %perm = "graph.const"() <{value = dense<[1, 0]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %t = "graph.transpose"(%r, %perm) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<3x2xf32>
  return %t : tensor<3x2xf32>
}

// Moving only dimensions of size 1 keeps the row-major order: a plain view for any reader.
// CHECK-LABEL: func.func @unit_dims(%arg0: !buffer<1x1x1x64xf32>, %arg1: !buffer<1x64xf32>) {
// CHECK-NEXT: %[[T:.*]] = buffer.view %arg0 : !buffer<1x1x1x64xf32> to !buffer<1x64x1x1xf32>
// CHECK-NEXT: %[[R:.*]] = buffer.view %[[T]] : !buffer<1x64x1x1xf32> to !buffer<1x64xf32>
// CHECK-NEXT: buffer.kernel softmax ins(%[[R]] : !buffer<1x64xf32>) outs(%arg1 : !buffer<1x64xf32>)
func.func @unit_dims(%x: tensor<1x1x1x64xf32>) -> tensor<1x64xf32> {
  %t = "graph.transpose"(%x) <{perm = array<i64: 0, 3, 1, 2>}> : (tensor<1x1x1x64xf32>) -> tensor<1x64x1x1xf32>
  %r = "graph.reshape"(%t) <{new_shape = array<i64: 1, 64>}> : (tensor<1x64x1x1xf32>) -> tensor<1x64xf32>
  %s = "graph.softmax"(%r) <{beta = 1.0 : f32}> : (tensor<1x64xf32>) -> tensor<1x64xf32>
  return %s : tensor<1x64xf32>
}

// A reshape needs row-major strides: the transpose is copied first.
// CHECK-LABEL: func.func @to_reshape(%arg0: !buffer<2x3xf32>, %arg1: !buffer<6xf32>) {
// CHECK-NEXT: %[[T:.*]] = buffer.view %arg0 : !buffer<2x3xf32> to !buffer<3x2xf32, strides: [1, 3], offset: 0>
// CHECK-NEXT: %[[A:.*]] = buffer.alloc() {role = "scratch"} : !buffer<3x2xf32>
// CHECK-NEXT: buffer.copy %[[T]], %[[A]]
// CHECK-NEXT: %[[R:.*]] = buffer.view %[[A]] : !buffer<3x2xf32> to !buffer<6xf32>
// CHECK-NEXT: buffer.kernel relu ins(%[[R]] : !buffer<6xf32>) outs(%arg1 : !buffer<6xf32>)
func.func @to_reshape(%x: tensor<2x3xf32>) -> tensor<6xf32> {
  %t = "graph.transpose"(%x) <{perm = array<i64: 1, 0>}> : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %r = "graph.reshape"(%t) <{new_shape = array<i64: 6>}> : (tensor<3x2xf32>) -> tensor<6xf32>
  %s = "graph.relu"(%r) : (tensor<6xf32>) -> tensor<6xf32>
  return %s : tensor<6xf32>
}

// Transposes of transposes compose their strides (NHWC -> NCHW -> NWHC).
// CHECK-LABEL: func.func @chain(
// CHECK-NEXT: %[[T1:.*]] = buffer.view %arg0 : !buffer<1x4x5x3xf32> to !buffer<1x3x4x5xf32, strides: [60, 1, 15, 3], offset: 0>
// CHECK-NEXT: %[[T2:.*]] = buffer.view %[[T1]] : {{.*}} to !buffer<1x5x4x3xf32, strides: [60, 3, 15, 1], offset: 0>
// CHECK-NEXT: buffer.kernel tanh ins(%[[T2]] : !buffer<1x5x4x3xf32, strides: [60, 3, 15, 1], offset: 0>) outs(%arg1 : !buffer<1x5x4x3xf32>)
func.func @chain(%x: tensor<1x4x5x3xf32>) -> tensor<1x5x4x3xf32> {
  %t1 = "graph.transpose"(%x) <{perm = array<i64: 0, 3, 1, 2>}> : (tensor<1x4x5x3xf32>) -> tensor<1x3x4x5xf32>
  %t2 = "graph.transpose"(%t1) <{perm = array<i64: 0, 3, 2, 1>}> : (tensor<1x3x4x5xf32>) -> tensor<1x5x4x3xf32>
  %y = "graph.tanh"(%t2) : (tensor<1x5x4x3xf32>) -> tensor<1x5x4x3xf32>
  return %y : tensor<1x5x4x3xf32>
}
