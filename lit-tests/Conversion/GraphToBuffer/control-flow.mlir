// RUN: mc-opt %s --graph-to-buffer | FileCheck %s
// graph.if becomes a loop.if on the condition's element, graph.while a loop.while over the
// results' buffers, graph.call_once a loop.if on a persistent flag; the regions' allocs are
// hoisted before the op (the planner sees them live across it).

// CHECK-LABEL: func.func @branch
// CHECK-SAME:    (%[[C:.*]]: !buffer<i1>, %[[X:.*]]: !buffer<4xf32>, %[[OUT:.*]]: !buffer<4xf32>)
// CHECK:         %[[R:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
// CHECK:         %[[FLAG:.*]] = loop.load %[[C]][] : !buffer<i1>
// CHECK:         %[[A:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
// CHECK:         %[[B:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
// CHECK:         loop.if %[[FLAG]] {
// CHECK-NEXT:      buffer.kernel relu ins(%[[X]] : !buffer<4xf32>) outs(%[[A]] : !buffer<4xf32>)
// CHECK-NEXT:      buffer.copy %[[A]], %[[R]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      buffer.kernel tanh ins(%[[X]] : !buffer<4xf32>) outs(%[[B]] : !buffer<4xf32>)
// CHECK-NEXT:      buffer.copy %[[B]], %[[R]]
// CHECK-NEXT:    }
// CHECK-NEXT:    buffer.copy %[[R]], %[[OUT]]
func.func @branch(%c: tensor<i1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %r = "graph.if"(%c) ({
    %a = "graph.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
    "graph.yield"(%a) : (tensor<4xf32>) -> ()
  }, {
    %b = "graph.tanh"(%x) : (tensor<4xf32>) -> tensor<4xf32>
    "graph.yield"(%b) : (tensor<4xf32>) -> ()
  }) : (tensor<i1>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @loop
// CHECK-SAME:    (%[[X:.*]]: !buffer<4xf32>, %[[LIMIT:.*]]: !buffer<f32>, %[[OUT:.*]]: !buffer<4xf32>)
// CHECK:         %[[CARRIED:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
// CHECK-NEXT:    buffer.copy %[[X]], %[[CARRIED]]
// CHECK:         "loop.while"() ({
// CHECK-NEXT:      buffer.kernel sum ins(%[[CARRIED]] : !buffer<4xf32>)
// CHECK-NEXT:      buffer.kernel less
// CHECK-NEXT:      %[[FLAG:.*]] = loop.load
// CHECK-NEXT:      loop.condition(%[[FLAG]]) : i1
// CHECK-NEXT:    }, {
// CHECK-NEXT:      buffer.kernel add ins(%[[CARRIED]], %[[CARRIED]] : !buffer<4xf32>, !buffer<4xf32>) outs(%[[NEXT:.*]] : !buffer<4xf32>)
// CHECK-NEXT:      buffer.copy %[[NEXT]], %[[CARRIED]]
// CHECK-NEXT:      loop.yield
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:    buffer.copy %[[CARRIED]], %[[OUT]]
func.func @loop(%x: tensor<4xf32>, %limit: tensor<f32>) -> tensor<4xf32> {
  %axes = "graph.const"() <{value = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %r = "graph.while"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    %s = "graph.sum"(%a, %axes) <{keep_dims = false}> : (tensor<4xf32>, tensor<1xi32>) -> tensor<f32>
    %c = "graph.less"(%s, %limit) : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "graph.yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<4xf32>):
    %n = "graph.add"(%a, %a) <{fused_activation = "NONE"}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    "graph.yield"(%n) : (tensor<4xf32>) -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @init
// CHECK-DAG:     %[[V:.*]] = buffer.alloc() {name = "v", role = "persistent"} : !buffer<4xf32>
// CHECK-DAG:     %[[DONE:.*]] = buffer.alloc() {name = "call_once_0", role = "persistent"} : !buffer<i1>
// CHECK:         %[[FLAG:.*]] = loop.load %[[DONE]][] : !buffer<i1>
// CHECK:         loop.if %[[FLAG]] {
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[ZERO:.*]] = buffer.get_global
// CHECK-NEXT:      buffer.copy %[[ZERO]], %[[V]]
// CHECK-NEXT:      %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT:      loop.store %[[TRUE]], %[[DONE]][] : !buffer<i1>
// CHECK-NEXT:    }
func.func @init(%x: tensor<4xf32>) -> tensor<4xf32> {
  "graph.call_once"() ({
    %h = "graph.var_handle"() <{container = "", shared_name = "v", value_type = tensor<4xf32>}> : () -> !graph.resource
    %zero = "graph.const"() <{value = dense<0.0> : tensor<4xf32>}> : () -> tensor<4xf32>
    "graph.assign_variable"(%h, %zero) : (!graph.resource, tensor<4xf32>) -> ()
    "graph.yield"() : () -> ()
  }) : () -> ()
  %h = "graph.var_handle"() <{container = "", shared_name = "v", value_type = tensor<4xf32>}> : () -> !graph.resource
  %v = "graph.read_variable"(%h) : (!graph.resource) -> tensor<4xf32>
  return %v : tensor<4xf32>
}

// A variable assigned inside an IF branch: %before, used after the IF, is copied out of the
// variable (a snapshot) before it; %old, read in the branch and used before the assignment
// there, and %after, read after the IF, are the variable's buffer itself.
// CHECK-LABEL: func.func @assign_in_branch
// CHECK-SAME:    (%[[C:.*]]: !buffer<i1>, %[[X:.*]]: !buffer<4xf32>, %[[OUT:.*]]: !buffer<4xf32>)
// CHECK:         %[[V:.*]] = buffer.alloc() {name = "v", role = "persistent"} : !buffer<4xf32>
// CHECK:         %[[BEFORE:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
// CHECK-NEXT:    buffer.copy %[[V]], %[[BEFORE]]
// CHECK:         %[[R:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
// CHECK:         %[[NEW:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
// CHECK:         loop.if
// CHECK-NEXT:      buffer.kernel add ins(%[[V]], %[[X]] : !buffer<4xf32>, !buffer<4xf32>) outs(%[[NEW]] : !buffer<4xf32>)
// CHECK-NEXT:      buffer.copy %[[NEW]], %[[V]]
// CHECK-NEXT:      buffer.copy %[[NEW]], %[[R]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      buffer.copy %[[X]], %[[R]]
// CHECK-NEXT:    }
// CHECK:         buffer.kernel add ins(%[[BEFORE]], %[[V]] : !buffer<4xf32>, !buffer<4xf32>) outs(%[[S:.*]] : !buffer<4xf32>)
// CHECK-NEXT:    buffer.kernel add ins(%[[S]], %[[R]] : !buffer<4xf32>, !buffer<4xf32>) outs(%[[OUT]] : !buffer<4xf32>)
func.func @assign_in_branch(%c: tensor<i1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %h = "graph.var_handle"() <{container = "", shared_name = "v", value_type = tensor<4xf32>}> : () -> !graph.resource
  %before = "graph.read_variable"(%h) : (!graph.resource) -> tensor<4xf32>
  %r = "graph.if"(%c) ({
    %old = "graph.read_variable"(%h) : (!graph.resource) -> tensor<4xf32>
    %new = "graph.add"(%old, %x) <{fused_activation = "NONE"}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    "graph.assign_variable"(%h, %new) : (!graph.resource, tensor<4xf32>) -> ()
    "graph.yield"(%new) : (tensor<4xf32>) -> ()
  }, {
    "graph.yield"(%x) : (tensor<4xf32>) -> ()
  }) : (tensor<i1>) -> tensor<4xf32>
  %after = "graph.read_variable"(%h) : (!graph.resource) -> tensor<4xf32>
  %s = "graph.add"(%before, %after) <{fused_activation = "NONE"}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %t = "graph.add"(%s, %r) <{fused_activation = "NONE"}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %t : tensor<4xf32>
}

// A WHILE body accumulating into a variable: %outside, read before the loop and used in its
// body, is a snapshot (the next iteration must still see the value read before the loop); %old,
// read in the body before the assignment there, is the variable's buffer.
// CHECK-LABEL: func.func @assign_in_loop
// CHECK-SAME:    (%[[X:.*]]: !buffer<4xf32>, %[[LIMIT:.*]]: !buffer<f32>, %[[OUT:.*]]: !buffer<4xf32>)
// CHECK:         %[[V:.*]] = buffer.alloc() {name = "v", role = "persistent"} : !buffer<4xf32>
// CHECK:         %[[OUTSIDE:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
// CHECK-NEXT:    buffer.copy %[[V]], %[[OUTSIDE]]
// CHECK:         "loop.while"() ({
// CHECK:         }, {
// CHECK-NEXT:      buffer.kernel add ins(%[[V]], %[[OUTSIDE]] : !buffer<4xf32>, !buffer<4xf32>) outs(%[[NEW:.*]] : !buffer<4xf32>)
// CHECK-NEXT:      buffer.copy %[[NEW]], %[[V]]
// CHECK-NEXT:      buffer.kernel add
// CHECK-NEXT:      buffer.copy
// CHECK-NEXT:      loop.yield
func.func @assign_in_loop(%x: tensor<4xf32>, %limit: tensor<f32>) -> tensor<4xf32> {
  %h = "graph.var_handle"() <{container = "", shared_name = "v", value_type = tensor<4xf32>}> : () -> !graph.resource
  %outside = "graph.read_variable"(%h) : (!graph.resource) -> tensor<4xf32>
  %axes = "graph.const"() <{value = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %r = "graph.while"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    %s = "graph.sum"(%a, %axes) <{keep_dims = false}> : (tensor<4xf32>, tensor<1xi32>) -> tensor<f32>
    %c = "graph.less"(%s, %limit) : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "graph.yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<4xf32>):
    %old = "graph.read_variable"(%h) : (!graph.resource) -> tensor<4xf32>
    %new = "graph.add"(%old, %outside) <{fused_activation = "NONE"}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    "graph.assign_variable"(%h, %new) : (!graph.resource, tensor<4xf32>) -> ()
    %n = "graph.add"(%a, %a) <{fused_activation = "NONE"}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    "graph.yield"(%n) : (tensor<4xf32>) -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
