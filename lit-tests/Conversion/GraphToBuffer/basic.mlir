// RUN: mc-opt %s --graph-to-buffer --verify-each | FileCheck %s
// Printing is stable, and upstream MLIR reads the result.
// RUN: mc-opt %s --graph-to-buffer | mc-opt | FileCheck %s
// RUN: mc-opt %s --graph-to-buffer --print-generic | mlir-opt-22 --allow-unregistered-dialect | mc-opt | FileCheck %s

// Globals come first, one per value and type, named after their blob (or `cst`), uniqued
// against the module's symbols.
// CHECK-LABEL: module {
// CHECK-NEXT: buffer.global @cst_0 {role = "constant"} : !buffer<2x!quant.uniform<i32:f32, 2.500000e-01>> = dense<[1, -1]> : tensor<2xi32>
// CHECK-NEXT: buffer.global @fc_w {role = "constant"} : !buffer<2x4xf32> = dense_resource<fc_w> : tensor<2x4xf32>
// CHECK-NEXT: buffer.global @cst_1 {role = "constant"} : !buffer<2xf32> = dense<[5.000000e-01, -5.000000e-01]> : tensor<2xf32>
// CHECK-NOT: buffer.global

!q = !quant.uniform<i8:f32, 5.000000e-01:-3>
!qb = !quant.uniform<i32:f32, 2.500000e-01>
// Inputs and results become arguments; the last op writes the output argument.
// CHECK-LABEL: func.func @chain(%arg0: !buffer<1x8xf32>, %arg1: !buffer<1x8xf32>) {
// CHECK-NEXT: %[[A:.*]] = buffer.alloc() {role = "scratch"} : !buffer<1x8xf32>
// CHECK-NEXT: buffer.kernel relu ins(%arg0 : !buffer<1x8xf32>) outs(%[[A]] : !buffer<1x8xf32>)
// CHECK-NEXT: buffer.kernel logistic ins(%[[A]] : !buffer<1x8xf32>) outs(%arg1 : !buffer<1x8xf32>)
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @chain(%x: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = "graph.relu"(%x) : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %1 = "graph.logistic"(%0) : (tensor<1x8xf32>) -> tensor<1x8xf32>
  return %1 : tensor<1x8xf32>
}
// An input returned as is is copied.
// CHECK-LABEL: func.func @input_returned(%arg0: !buffer<4xf32>, %arg1: !buffer<4xf32>) {
// CHECK-NEXT: buffer.copy %arg0, %arg1 : !buffer<4xf32>, !buffer<4xf32>
// CHECK-NEXT: return
func.func @input_returned(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
// A value returned twice is written into the first output and copied into the second.
// CHECK-LABEL: func.func @returned_twice(%arg0: !buffer<4xf32>, %arg1: !buffer<4xf32>, %arg2: !buffer<4xf32>) {
// CHECK-NEXT: buffer.kernel relu ins(%arg0 : !buffer<4xf32>) outs(%arg1 : !buffer<4xf32>)
// CHECK-NEXT: buffer.copy %arg1, %arg2 : !buffer<4xf32>, !buffer<4xf32>
// CHECK-NEXT: return
func.func @returned_twice(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r = "graph.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %r, %r : tensor<4xf32>, tensor<4xf32>
}
// A constant returned is copied out of its global; quantized constants keep their storage data.
// CHECK-LABEL: func.func @constant_returned(%arg0: !buffer<2x!quant.uniform<i32:f32, 2.500000e-01>>) {
// CHECK-NEXT: %[[C:.*]] = buffer.get_global @cst_0 : !buffer<2x!quant.uniform<i32:f32, 2.500000e-01>>
// CHECK-NEXT: buffer.copy %[[C]], %arg0 :
// CHECK-NEXT: return
func.func @constant_returned() -> tensor<2x!qb> {
  %c = "graph.const"() <{value = dense<[1, -1]> : tensor<2xi32>}> : () -> tensor<2x!qb>
  return %c : tensor<2x!qb>
}
// A reshape of a result is free: the op before it writes a view of the output argument.
// CHECK-LABEL: func.func @reshape_output(
// CHECK-SAME: %arg0: !buffer<1x2x2x2x!quant.uniform<i8:f32, 5.000000e-01:-3>>, %arg1: !buffer<1x8x!quant.uniform<i8:f32, 5.000000e-01:-3>>) {
// CHECK-NEXT: %[[V:.*]] = buffer.view %arg1 : !buffer<1x8x{{.*}}> to !buffer<1x2x2x2x!quant.uniform<i8:f32, 5.000000e-01:-3>>
// CHECK-NEXT: buffer.kernel max_pool_2d ins(%arg0 : {{.*}}) outs(%[[V]] : {{.*}})
// CHECK-NEXT: return
func.func @reshape_output(%x: tensor<1x2x2x2x!q>) -> tensor<1x8x!q> {
  %p = "graph.max_pool_2d"(%x) <{filter_h = 1 : i64, filter_w = 1 : i64, stride_h = 1 : i64, stride_w = 1 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<1x2x2x2x!q>) -> tensor<1x2x2x2x!q>
  %shape = "graph.const"() <{value = dense<[1, 8]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %r = "graph.reshape"(%p, %shape) : (tensor<1x2x2x2x!q>, tensor<2xi32>) -> tensor<1x8x!q>
  return %r : tensor<1x8x!q>
}
// Constant shape-like operands become the kernels' attributes; no global holds them.
// CHECK-LABEL: func.func @lists(%arg0: !buffer<1x2x2x3xf32>, %arg1: !buffer<1x3xf32>, %arg2: !buffer<1x4x3x3xf32>) {
// CHECK-NEXT: buffer.kernel mean ins(%arg0 : !buffer<1x2x2x3xf32>) outs(%arg1 : !buffer<1x3xf32>) {axes = array<i64: 1, 2>, keep_dims = false}
// CHECK-NEXT: buffer.kernel pad ins(%arg0 : !buffer<1x2x2x3xf32>) outs(%arg2 : !buffer<1x4x3x3xf32>) {paddings = array<i64: 0, 0, 1, 1, 0, 1, 0, 0>}
// CHECK-NEXT: return
func.func @lists(%x: tensor<1x2x2x3xf32>) -> (tensor<1x3xf32>, tensor<1x4x3x3xf32>) {
  %axes = "graph.const"() <{value = dense<[1, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %m = "graph.mean"(%x, %axes) <{keep_dims = false}> : (tensor<1x2x2x3xf32>, tensor<2xi32>) -> tensor<1x3xf32>
  %pads = "graph.const"() <{value = dense<[[0, 0], [1, 1], [0, 1], [0, 0]]> : tensor<4x2xi32>}> : () -> tensor<4x2xi32>
  %p = "graph.pad"(%x, %pads) : (tensor<1x2x2x3xf32>, tensor<4x2xi32>) -> tensor<1x4x3x3xf32>
  return %m, %p : tensor<1x3xf32>, tensor<1x4x3x3xf32>
}
// Weights are globals read in place; the blob is referenced, not copied.
// CHECK-LABEL: func.func @weights(%arg0: !buffer<1x4xf32>, %arg1: !buffer<1x2xf32>) {
// CHECK-NEXT: %[[W:.*]] = buffer.get_global @fc_w : !buffer<2x4xf32>
// CHECK-NEXT: %[[B:.*]] = buffer.get_global @cst_1 : !buffer<2xf32>
// CHECK-NEXT: buffer.kernel fully_connected ins(%arg0, %[[W]], %[[B]] : !buffer<1x4xf32>, !buffer<2x4xf32>, !buffer<2xf32>) outs(%arg1 : !buffer<1x2xf32>) {fused_activation = "RELU", keep_num_dims = false}
func.func @weights(%x: tensor<1x4xf32>) -> tensor<1x2xf32> {
  %w = "graph.const"() <{value = dense_resource<fc_w> : tensor<2x4xf32>}> : () -> tensor<2x4xf32>
  %b = "graph.const"() <{value = dense<[0.5, -0.5]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %f = "graph.fully_connected"(%x, %w, %b) <{fused_activation = "RELU", keep_num_dims = false}> : (tensor<1x4xf32>, tensor<2x4xf32>, tensor<2xf32>) -> tensor<1x2xf32>
  return %f : tensor<1x2xf32>
}
// The same value in another function shares the global.
// CHECK-LABEL: func.func @weights_again(
// CHECK-NEXT: buffer.get_global @fc_w : !buffer<2x4xf32>
func.func @weights_again(%x: tensor<1x4xf32>) -> tensor<1x2xf32> {
  %w = "graph.const"() <{value = dense_resource<fc_w> : tensor<2x4xf32>}> : () -> tensor<2x4xf32>
  %f = "graph.fully_connected"(%x, %w) <{fused_activation = "NONE", keep_num_dims = false}> : (tensor<1x4xf32>, tensor<2x4xf32>) -> tensor<1x2xf32>
  return %f : tensor<1x2xf32>
}
// Other types stay; argument and result attributes move with them.
// CHECK-LABEL: func.func @mixed(%arg0: i32, %arg1: !buffer<4xf32> {test.in}, %arg2: !buffer<4xf32> {test.out}) -> i32 {
// CHECK-NEXT: buffer.kernel tanh ins(%arg1 : !buffer<4xf32>) outs(%arg2 : !buffer<4xf32>)
// CHECK-NEXT: return %arg0 : i32
func.func @mixed(%n: i32, %x: tensor<4xf32> {test.in}) -> (i32, tensor<4xf32> {test.out}) {
  %r = "graph.tanh"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %n, %r : i32, tensor<4xf32>
}
// Declarations change their signature only.
// CHECK-LABEL: func.func private @decl(!buffer<4xf32>, !buffer<4xf32>)
func.func private @decl(tensor<4xf32>) -> tensor<4xf32>
// A symbol named like a global it would create: the global gets another name.
func.func private @cst()
{-#
  dialect_resources: {
    builtin: {
      fc_w: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F"
    }
  }
#-}

// CHECK: dialect_resources: {
// CHECK: fc_w: "0x04000000
