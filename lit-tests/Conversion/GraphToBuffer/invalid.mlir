// RUN: mc-opt %s --allow-unregistered-dialect --split-input-file --graph-to-buffer --verify-diagnostics
// What graph-to-buffer cannot convert: one located error per op.

func.func @perm_operand(%x: tensor<2x3xf32>, %perm: tensor<2xi32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{'graph.transpose' op cannot be converted to buffers: its perm operand is not a constant}}
  %t = "graph.transpose"(%x, %perm) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<3x2xf32>
  return %t : tensor<3x2xf32>
}

// -----

func.func @axes_operand(%x: tensor<1x2x2x3xf32>, %axes: tensor<2xi32>) -> tensor<1x3xf32> {
  // expected-error@+1 {{'graph.mean' op cannot be converted to buffers: MEAN's 'axes' operand (#1) is computed at run time (a data-dependent shape): mc compiles static shapes only}}
  %m = "graph.mean"(%x, %axes) <{keep_dims = false}> : (tensor<1x2x2x3xf32>, tensor<2xi32>) -> tensor<1x3xf32>
  return %m : tensor<1x3xf32>
}

// -----

func.func private @callee(tensor<4xf32>) -> tensor<4xf32>
func.func @call(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'func.call' op cannot be converted to buffers: it uses or defines tensors}}
  %y = func.call @callee(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

func.func @other_dialect(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'foo.op' op cannot be converted to buffers: it uses or defines tensors}}
  %y = "foo.op"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// expected-error@+1 {{'func.func' op argument #0 type 'tensor<4x!foo.bar>' cannot be a buffer}}
func.func @element(%x: tensor<4x!foo.bar>) {
  return
}

// -----

func.func @escaping_handle() -> !graph.resource {
  // expected-error@+1 {{'graph.var_handle' op cannot be converted to buffers: its handle is used by 'func.return'}}
  %h = "graph.var_handle"() <{container = "", shared_name = "state", value_type = tensor<4xf32>}> : () -> !graph.resource
  return %h : !graph.resource
}

// -----

// expected-error@+1 {{'func.func' op cannot be converted to buffers: it has more than one block}}
func.func @blocks(%x: tensor<4xf32>) -> tensor<4xf32> {
  "foo.br"() [^bb1] : () -> ()
^bb1:
  return %x : tensor<4xf32>
}

// -----

func.func @split_axis_operand(%x: tensor<2x4xf32>, %axis: tensor<i32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{'graph.split' op cannot be converted to buffers: SPLIT's 'axis' operand (#1) is computed at run time (a data-dependent shape): mc compiles static shapes only}}
  %0:2 = "graph.split"(%x, %axis) <{num_splits = 2 : i64}> : (tensor<2x4xf32>, tensor<i32>) -> (tensor<2x2xf32>, tensor<2x2xf32>)
  return %0#0 : tensor<2x2xf32>
}
