// RUN: mc-opt %s --split-input-file --graph-to-buffer --verify-diagnostics | FileCheck %s

// squeeze and expand_dims are views like reshape: no alloc, no copy. The relu writes a view of
// the output argument through both (the squeeze's own view of it is left for canonicalize).
// CHECK-LABEL: func.func @views(%arg0: !buffer<1x3x1xf32>, %arg1: !buffer<3x1xf32>) {
// CHECK-NEXT: %[[V:.*]] = buffer.view %arg1 : !buffer<3x1xf32> to !buffer<1x3x1xf32>
// CHECK-NEXT: buffer.kernel relu ins(%arg0 : !buffer<1x3x1xf32>) outs(%[[V]] : !buffer<1x3x1xf32>)
// CHECK-NEXT: buffer.view %arg1 : !buffer<3x1xf32> to !buffer<3xf32>
// CHECK-NEXT: return
func.func @views(%x: tensor<1x3x1xf32>) -> tensor<3x1xf32> {
  %r = "graph.relu"(%x) : (tensor<1x3x1xf32>) -> tensor<1x3x1xf32>
  %s = "graph.squeeze"(%r) <{squeeze_dims = array<i64>}> : (tensor<1x3x1xf32>) -> tensor<3xf32>
  %axis = "graph.const"() <{value = dense<-1> : tensor<1xi32>}> : () -> tensor<1xi32>
  %e = "graph.expand_dims"(%s, %axis) : (tensor<3xf32>, tensor<1xi32>) -> tensor<3x1xf32>
  return %e : tensor<3x1xf32>
}

// -----

// A shape computed from data at run time: mc compiles static shapes only.
// (A pack of an input: it runs as a kernel, but the reshape cannot take what it computes.)
func.func @data_dependent_reshape(%x: tensor<2x3xf32>, %n: tensor<i32>) -> tensor<6xf32> {
  %q = "graph.pack"(%n) <{axis = 0 : i64}> : (tensor<i32>) -> tensor<1xi32>
  // expected-error@+1 {{'graph.reshape' op cannot be converted to buffers: RESHAPE's 'new_shape' operand (#1) is computed at run time (a data-dependent shape): mc compiles static shapes only}}
  %r = "graph.reshape"(%x, %q) : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<6xf32>
  return %r : tensor<6xf32>
}

// -----

func.func @data_dependent_axis(%x: tensor<3xf32>, %axis: tensor<i32>) -> tensor<1x3xf32> {
  // expected-error@+1 {{'graph.expand_dims' op cannot be converted to buffers: EXPAND_DIMS's 'axis' operand (#1) is computed at run time (a data-dependent shape): mc compiles static shapes only}}
  %e = "graph.expand_dims"(%x, %axis) : (tensor<3xf32>, tensor<i32>) -> tensor<1x3xf32>
  return %e : tensor<1x3xf32>
}
