// RUN: mc-opt %s --graph-to-buffer --verify-each | FileCheck %s
// RUN: mc-opt %s --graph-to-buffer --print-generic | mlir-opt-22 --allow-unregistered-dialect | mc-opt | FileCheck %s
// Resource variables (streaming models' state): one persistent buffer per variable, named by
// its shared_name; a read is the buffer itself, an assignment a copy into it.

// CHECK-LABEL: func.func @stream(%arg0: !buffer<1x4xf32>, %arg1: !buffer<1x4xf32>) {
// CHECK-NEXT: %[[STATE:.*]] = buffer.alloc() {name = "state", role = "persistent"} : !buffer<1x4xf32>
// CHECK-NEXT: %[[SUM:.*]] = buffer.alloc() {role = "scratch"} : !buffer<1x4xf32>
// CHECK-NEXT: buffer.kernel add ins(%[[STATE]], %arg0 : !buffer<1x4xf32>, !buffer<1x4xf32>) outs(%[[SUM]] : !buffer<1x4xf32>) {fused_activation = "NONE"}
// CHECK-NEXT: buffer.copy %[[SUM]], %[[STATE]] : !buffer<1x4xf32>, !buffer<1x4xf32>
// A second handle of the same variable shares its buffer; reading after the assignment sees
// the new value.
// CHECK-NEXT: buffer.kernel relu ins(%[[STATE]] : !buffer<1x4xf32>) outs(%arg1 : !buffer<1x4xf32>)
// CHECK-NEXT: return
func.func @stream(%x: tensor<1x4xf32>) -> tensor<1x4xf32> {
  %h = "graph.var_handle"() <{container = "", shared_name = "state", value_type = tensor<1x4xf32>}> : () -> !graph.resource
  %old = "graph.read_variable"(%h) : (!graph.resource) -> tensor<1x4xf32>
  %sum = "graph.add"(%old, %x) <{fused_activation = "NONE"}> : (tensor<1x4xf32>, tensor<1x4xf32>) -> tensor<1x4xf32>
  "graph.assign_variable"(%h, %sum) : (!graph.resource, tensor<1x4xf32>) -> ()
  %h2 = "graph.var_handle"() <{container = "", shared_name = "state", value_type = tensor<1x4xf32>}> : () -> !graph.resource
  %new = "graph.read_variable"(%h2) : (!graph.resource) -> tensor<1x4xf32>
  %r = "graph.relu"(%new) : (tensor<1x4xf32>) -> tensor<1x4xf32>
  return %r : tensor<1x4xf32>
}

// A value read and used after a later assignment is copied out first (into the output
// argument when it is returned).
// CHECK-LABEL: func.func @snapshot(%arg0: !buffer<1x4xf32>, %arg1: !buffer<1x4xf32>, %arg2: !buffer<1x4xf32>) {
// CHECK-NEXT: %[[STATE:.*]] = buffer.alloc() {name = "state", role = "persistent"} : !buffer<1x4xf32>
// CHECK-NEXT: buffer.copy %[[STATE]], %arg1 : !buffer<1x4xf32>, !buffer<1x4xf32>
// CHECK-NEXT: buffer.copy %arg0, %[[STATE]] : !buffer<1x4xf32>, !buffer<1x4xf32>
// CHECK-NEXT: buffer.kernel relu ins(%arg1 : !buffer<1x4xf32>) outs(%arg2 : !buffer<1x4xf32>)
// CHECK-NEXT: return
func.func @snapshot(%x: tensor<1x4xf32>) -> (tensor<1x4xf32>, tensor<1x4xf32>) {
  %h = "graph.var_handle"() <{container = "", shared_name = "state", value_type = tensor<1x4xf32>}> : () -> !graph.resource
  %old = "graph.read_variable"(%h) : (!graph.resource) -> tensor<1x4xf32>
  "graph.assign_variable"(%h, %x) : (!graph.resource, tensor<1x4xf32>) -> ()
  %y = "graph.relu"(%old) : (tensor<1x4xf32>) -> tensor<1x4xf32>
  return %old, %y : tensor<1x4xf32>, tensor<1x4xf32>
}

// A snapshot that is not returned goes into a scratch buffer; two variables get two buffers;
// a variable returned after its last assignment is copied out.
// CHECK-LABEL: func.func @two_variables(%arg0: !buffer<4xf32>, %arg1: !buffer<4xf32>, %arg2: !buffer<4xf32>) {
// CHECK-NEXT: %[[A:.*]] = buffer.alloc() {name = "a", role = "persistent"} : !buffer<4xf32>
// CHECK-NEXT: %[[B:.*]] = buffer.alloc() {name = "b", role = "persistent"} : !buffer<4xf32>
// CHECK-NEXT: %[[OLD:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
// CHECK-NEXT: buffer.copy %[[A]], %[[OLD]]
// CHECK-NEXT: buffer.copy %[[B]], %[[A]]
// CHECK-NEXT: buffer.kernel tanh ins(%[[OLD]] : !buffer<4xf32>) outs(%arg1 : !buffer<4xf32>)
// CHECK-NEXT: buffer.copy %[[A]], %arg2
// CHECK-NEXT: return
func.func @two_variables(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %ha = "graph.var_handle"() <{container = "", shared_name = "a", value_type = tensor<4xf32>}> : () -> !graph.resource
  %hb = "graph.var_handle"() <{container = "", shared_name = "b", value_type = tensor<4xf32>}> : () -> !graph.resource
  %a = "graph.read_variable"(%ha) : (!graph.resource) -> tensor<4xf32>
  %b = "graph.read_variable"(%hb) : (!graph.resource) -> tensor<4xf32>
  "graph.assign_variable"(%ha, %b) : (!graph.resource, tensor<4xf32>) -> ()
  %t = "graph.tanh"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %a2 = "graph.read_variable"(%ha) : (!graph.resource) -> tensor<4xf32>
  return %t, %a2 : tensor<4xf32>, tensor<4xf32>
}
