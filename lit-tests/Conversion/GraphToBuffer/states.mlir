// RUN: mc-opt %s --graph-to-buffer --verify-each | FileCheck %s
// RUN: mc-opt %s --graph-to-buffer --print-generic | mlir-opt-22 --allow-unregistered-dialect | mc-opt | FileCheck %s
// Operators that update a state (graph.svdf_state, graph.lstm's final states) assigned back to
// the variable they read write it in place, as TFLite Micro updates its variable tensors: the
// kernel's output is the variable's buffer, no scratch, no copy. graph.lstm is one kernel with an
// output per used result.

// An LSTM's output sequence into the output argument, both final states in place.
// CHECK-LABEL: func.func @lstm_in_place
// CHECK-NEXT: %[[H:.*]] = buffer.alloc() {name = "hidden", role = "persistent"} : !buffer<1x1xf32>
// CHECK-NEXT: %[[C:.*]] = buffer.alloc() {name = "cell", role = "persistent"} : !buffer<1x1xf32>
// CHECK-NOT: buffer.alloc
// CHECK: buffer.kernel lstm ins({{.*}}, %[[H]], %[[C]] : {{.*}}) outs(%arg13, %[[H]], %[[C]] : !buffer<1x1x1xf32>, !buffer<1x1xf32>, !buffer<1x1xf32>) {cell_clip = 0.000000e+00 : f32, fused_activation = "TANH", results = array<i64: 0, 1, 2>, time_major = false}
// CHECK-NEXT: return
func.func @lstm_in_place(%x: tensor<1x1x1xf32>, %w0: tensor<1x1xf32>, %w1: tensor<1x1xf32>, %w2: tensor<1x1xf32>, %w3: tensor<1x1xf32>, %w4: tensor<1x1xf32>, %w5: tensor<1x1xf32>, %w6: tensor<1x1xf32>, %w7: tensor<1x1xf32>, %b0: tensor<1xf32>, %b1: tensor<1xf32>, %b2: tensor<1xf32>, %b3: tensor<1xf32>) -> tensor<1x1x1xf32> {
  %hh = "graph.var_handle"() <{container = "", shared_name = "hidden", value_type = tensor<1x1xf32>}> : () -> !graph.resource
  %ch = "graph.var_handle"() <{container = "", shared_name = "cell", value_type = tensor<1x1xf32>}> : () -> !graph.resource
  %h = "graph.read_variable"(%hh) : (!graph.resource) -> tensor<1x1xf32>
  %c = "graph.read_variable"(%ch) : (!graph.resource) -> tensor<1x1xf32>
  %y:3 = "graph.lstm"(%x, %w0, %w1, %w2, %w3, %w4, %w5, %w6, %w7, %b0, %b1, %b2, %b3, %h, %c) <{cell_clip = 0.0 : f32, fused_activation = "TANH", time_major = false}> : (tensor<1x1x1xf32>, tensor<1x1xf32>, tensor<1x1xf32>, tensor<1x1xf32>, tensor<1x1xf32>, tensor<1x1xf32>, tensor<1x1xf32>, tensor<1x1xf32>, tensor<1x1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1x1xf32>, tensor<1x1xf32>) -> (tensor<1x1x1xf32>, tensor<1x1xf32>, tensor<1x1xf32>)
  "graph.assign_variable"(%hh, %y#1) : (!graph.resource, tensor<1x1xf32>) -> ()
  "graph.assign_variable"(%ch, %y#2) : (!graph.resource, tensor<1x1xf32>) -> ()
  return %y#0 : tensor<1x1x1xf32>
}

// An unused output sequence gets no buffer; the old hidden state also returned is copied out
// first (a snapshot), so the final hidden state goes to scratch and is copied into its
// variable; the cell state is still updated in place.
// CHECK-LABEL: func.func @lstm_snapshot
// CHECK-NEXT: %[[H:.*]] = buffer.alloc() {name = "hidden", role = "persistent"} : !buffer<1x1xf32>
// CHECK-NEXT: %[[C:.*]] = buffer.alloc() {name = "cell", role = "persistent"} : !buffer<1x1xf32>
// CHECK-NEXT: buffer.copy %[[H]], %arg13
// CHECK-NEXT: %[[NEXT:.*]] = buffer.alloc() {role = "scratch"} : !buffer<1x1xf32>
// CHECK-NEXT: buffer.kernel lstm ins({{.*}}, %arg13, %[[C]] : {{.*}}) outs(%[[NEXT]], %[[C]] : !buffer<1x1xf32>, !buffer<1x1xf32>) {{.*}}results = array<i64: 1, 2>{{.*}}
// CHECK-NEXT: buffer.copy %[[NEXT]], %[[H]]
// CHECK-NEXT: return
func.func @lstm_snapshot(%x: tensor<1x1x1xf32>, %w0: tensor<1x1xf32>, %w1: tensor<1x1xf32>, %w2: tensor<1x1xf32>, %w3: tensor<1x1xf32>, %w4: tensor<1x1xf32>, %w5: tensor<1x1xf32>, %w6: tensor<1x1xf32>, %w7: tensor<1x1xf32>, %b0: tensor<1xf32>, %b1: tensor<1xf32>, %b2: tensor<1xf32>, %b3: tensor<1xf32>) -> tensor<1x1xf32> {
  %hh = "graph.var_handle"() <{container = "", shared_name = "hidden", value_type = tensor<1x1xf32>}> : () -> !graph.resource
  %ch = "graph.var_handle"() <{container = "", shared_name = "cell", value_type = tensor<1x1xf32>}> : () -> !graph.resource
  %h = "graph.read_variable"(%hh) : (!graph.resource) -> tensor<1x1xf32>
  %c = "graph.read_variable"(%ch) : (!graph.resource) -> tensor<1x1xf32>
  %y:3 = "graph.lstm"(%x, %w0, %w1, %w2, %w3, %w4, %w5, %w6, %w7, %b0, %b1, %b2, %b3, %h, %c) <{cell_clip = 0.0 : f32, fused_activation = "TANH", time_major = false}> : (tensor<1x1x1xf32>, tensor<1x1xf32>, tensor<1x1xf32>, tensor<1x1xf32>, tensor<1x1xf32>, tensor<1x1xf32>, tensor<1x1xf32>, tensor<1x1xf32>, tensor<1x1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1x1xf32>, tensor<1x1xf32>) -> (tensor<1x1x1xf32>, tensor<1x1xf32>, tensor<1x1xf32>)
  "graph.assign_variable"(%hh, %y#1) : (!graph.resource, tensor<1x1xf32>) -> ()
  "graph.assign_variable"(%ch, %y#2) : (!graph.resource, tensor<1x1xf32>) -> ()
  return %h : tensor<1x1xf32>
}

// SVDF: the state shifted and its newest slots written in the variable itself, then read by
// the output half.
// CHECK-LABEL: func.func @svdf_in_place
// CHECK-NEXT: %[[S:.*]] = buffer.alloc() {name = "state", role = "persistent"} : !buffer<1x8xf32>
// CHECK-NEXT: buffer.kernel svdf_state ins(%[[S]], %arg0, %arg1 : !buffer<1x8xf32>, !buffer<1x3xf32>, !buffer<4x3xf32>) outs(%[[S]] : !buffer<1x8xf32>)
// CHECK-NEXT: buffer.kernel svdf ins(%[[S]], %arg2, %arg3 : !buffer<1x8xf32>, !buffer<4x2xf32>, !buffer<4xf32>) outs(%arg4 : !buffer<1x4xf32>)
// CHECK-NEXT: return
func.func @svdf_in_place(%x: tensor<1x3xf32>, %wf: tensor<4x3xf32>, %wt: tensor<4x2xf32>, %b: tensor<4xf32>) -> tensor<1x4xf32> {
  %h = "graph.var_handle"() <{container = "", shared_name = "state", value_type = tensor<1x8xf32>}> : () -> !graph.resource
  %old = "graph.read_variable"(%h) : (!graph.resource) -> tensor<1x8xf32>
  %new = "graph.svdf_state"(%old, %x, %wf) : (tensor<1x8xf32>, tensor<1x3xf32>, tensor<4x3xf32>) -> tensor<1x8xf32>
  "graph.assign_variable"(%h, %new) : (!graph.resource, tensor<1x8xf32>) -> ()
  %y = "graph.svdf"(%new, %wt, %b) <{fused_activation = "NONE", rank = 1 : i64}> : (tensor<1x8xf32>, tensor<4x2xf32>, tensor<4xf32>) -> tensor<1x4xf32>
  return %y : tensor<1x4xf32>
}

// The new state is still read (returned) after a later assignment to its variable: computed
// into the output argument and copied into the variable.
// CHECK-LABEL: func.func @svdf_overwritten
// CHECK-NEXT: %[[S:.*]] = buffer.alloc() {name = "state", role = "persistent"} : !buffer<1x8xf32>
// CHECK-NEXT: buffer.kernel svdf_state ins(%[[S]], %arg0, %arg1 : {{.*}}) outs(%arg3 : !buffer<1x8xf32>)
// CHECK-NEXT: buffer.copy %arg3, %[[S]]
// CHECK-NEXT: buffer.copy %arg2, %[[S]]
// CHECK-NEXT: return
func.func @svdf_overwritten(%x: tensor<1x3xf32>, %wf: tensor<4x3xf32>, %zero: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %h = "graph.var_handle"() <{container = "", shared_name = "state", value_type = tensor<1x8xf32>}> : () -> !graph.resource
  %old = "graph.read_variable"(%h) : (!graph.resource) -> tensor<1x8xf32>
  %new = "graph.svdf_state"(%old, %x, %wf) : (tensor<1x8xf32>, tensor<1x3xf32>, tensor<4x3xf32>) -> tensor<1x8xf32>
  "graph.assign_variable"(%h, %new) : (!graph.resource, tensor<1x8xf32>) -> ()
  "graph.assign_variable"(%h, %zero) : (!graph.resource, tensor<1x8xf32>) -> ()
  return %new : tensor<1x8xf32>
}

// A read of the variable nested in an IF between the update and its assignment must see the
// old state: the new one goes to scratch and is copied into the variable afterwards.
// CHECK-LABEL: func.func @svdf_read_in_branch_between
// CHECK-NEXT: %[[S:.*]] = buffer.alloc() {name = "state", role = "persistent"} : !buffer<1x8xf32>
// CHECK-NEXT: %[[NEW:.*]] = buffer.alloc() {role = "scratch"} : !buffer<1x8xf32>
// CHECK-NEXT: buffer.kernel svdf_state ins(%[[S]], %arg1, %arg2 : {{.*}}) outs(%[[NEW]] : !buffer<1x8xf32>)
// CHECK:      loop.if
// CHECK-NEXT:   buffer.kernel relu ins(%[[S]] : !buffer<1x8xf32>)
// CHECK:      buffer.copy %[[NEW]], %[[S]]
func.func @svdf_read_in_branch_between(%c: tensor<i1>, %x: tensor<1x3xf32>, %wf: tensor<4x3xf32>) -> tensor<1x8xf32> {
  %h = "graph.var_handle"() <{container = "", shared_name = "state", value_type = tensor<1x8xf32>}> : () -> !graph.resource
  %old = "graph.read_variable"(%h) : (!graph.resource) -> tensor<1x8xf32>
  %new = "graph.svdf_state"(%old, %x, %wf) : (tensor<1x8xf32>, tensor<1x3xf32>, tensor<4x3xf32>) -> tensor<1x8xf32>
  %r = "graph.if"(%c) ({
    %seen = "graph.read_variable"(%h) : (!graph.resource) -> tensor<1x8xf32>
    %a = "graph.relu"(%seen) : (tensor<1x8xf32>) -> tensor<1x8xf32>
    "graph.yield"(%a) : (tensor<1x8xf32>) -> ()
  }, {
    "graph.yield"(%new) : (tensor<1x8xf32>) -> ()
  }) : (tensor<i1>) -> tensor<1x8xf32>
  "graph.assign_variable"(%h, %new) : (!graph.resource, tensor<1x8xf32>) -> ()
  return %r : tensor<1x8xf32>
}

// Inside an IF branch, an update assigned back to its variable is written in place there.
// CHECK-LABEL: func.func @svdf_in_place_in_branch
// CHECK-NEXT: %[[S:.*]] = buffer.alloc() {name = "state", role = "persistent"} : !buffer<1x8xf32>
// CHECK:      loop.if
// CHECK-NEXT:   buffer.kernel svdf_state ins(%[[S]], %arg1, %arg2 : {{.*}}) outs(%[[S]] : !buffer<1x8xf32>)
// CHECK-NEXT:   buffer.copy %[[S]], %{{.*}}
// CHECK-NEXT: } else {
func.func @svdf_in_place_in_branch(%c: tensor<i1>, %x: tensor<1x3xf32>, %wf: tensor<4x3xf32>) -> tensor<1x8xf32> {
  %h = "graph.var_handle"() <{container = "", shared_name = "state", value_type = tensor<1x8xf32>}> : () -> !graph.resource
  %r = "graph.if"(%c) ({
    %old = "graph.read_variable"(%h) : (!graph.resource) -> tensor<1x8xf32>
    %new = "graph.svdf_state"(%old, %x, %wf) : (tensor<1x8xf32>, tensor<1x3xf32>, tensor<4x3xf32>) -> tensor<1x8xf32>
    "graph.assign_variable"(%h, %new) : (!graph.resource, tensor<1x8xf32>) -> ()
    "graph.yield"(%new) : (tensor<1x8xf32>) -> ()
  }, {
    %zero = "graph.const"() <{value = dense<0.0> : tensor<1x8xf32>}> : () -> tensor<1x8xf32>
    "graph.yield"(%zero) : (tensor<1x8xf32>) -> ()
  }) : (tensor<i1>) -> tensor<1x8xf32>
  return %r : tensor<1x8xf32>
}
