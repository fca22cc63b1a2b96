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

// A WHILE body yielding its carried values in other places: the copies into the carried
// buffers are one parallel copy, ordered so that none overwrites a carried value a later copy
// still reads; a cycle saves one source into a temporary scratch buffer (hoisted with the
// region's allocs) and finishes from it.

// A swap: %b saved, %a into %b, the saved %b into %a.
// CHECK-LABEL: func.func @swap
// CHECK:         %[[A:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
// CHECK-NEXT:    buffer.copy %{{.*}}, %[[A]]
// CHECK-NEXT:    %[[B:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
// CHECK-NEXT:    buffer.copy %{{.*}}, %[[B]]
// CHECK-NEXT:    %[[T:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
// CHECK:         }, {
// CHECK-NEXT:      buffer.copy %[[B]], %[[T]]
// CHECK-NEXT:      buffer.copy %[[A]], %[[B]]
// CHECK-NEXT:      buffer.copy %[[T]], %[[A]]
// CHECK-NEXT:      loop.yield
func.func @swap(%x: tensor<4xf32>, %y: tensor<4xf32>, %go: tensor<i1>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r:2 = "graph.while"(%x, %y) ({
  ^bb0(%a: tensor<4xf32>, %b: tensor<4xf32>):
    "graph.yield"(%go) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<4xf32>, %b: tensor<4xf32>):
    "graph.yield"(%b, %a) : (tensor<4xf32>, tensor<4xf32>) -> ()
  }) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// A Fibonacci step (a, b) -> (b, a + b): no cycle, %b goes into %a before the sum into %b.
// CHECK-LABEL: func.func @fibonacci
// CHECK:         %[[A:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
// CHECK-NEXT:    buffer.copy %{{.*}}, %[[A]]
// CHECK-NEXT:    %[[B:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
// CHECK-NEXT:    buffer.copy %{{.*}}, %[[B]]
// CHECK-NEXT:    %[[SUM:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
// CHECK-NEXT:    "loop.while"
// CHECK:         }, {
// CHECK-NEXT:      buffer.kernel add ins(%[[A]], %[[B]] : !buffer<4xf32>, !buffer<4xf32>) outs(%[[SUM]] : !buffer<4xf32>)
// CHECK-NEXT:      buffer.copy %[[B]], %[[A]]
// CHECK-NEXT:      buffer.copy %[[SUM]], %[[B]]
// CHECK-NEXT:      loop.yield
func.func @fibonacci(%x: tensor<4xf32>, %y: tensor<4xf32>, %go: tensor<i1>) -> tensor<4xf32> {
  %r:2 = "graph.while"(%x, %y) ({
  ^bb0(%a: tensor<4xf32>, %b: tensor<4xf32>):
    "graph.yield"(%go) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<4xf32>, %b: tensor<4xf32>):
    %n = "graph.add"(%a, %b) <{fused_activation = "NONE"}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    "graph.yield"(%b, %n) : (tensor<4xf32>, tensor<4xf32>) -> ()
  }) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %r#1 : tensor<4xf32>
}

// A rotation (a, b, c) -> (b, c, a): one temporary for the 3-cycle.
// CHECK-LABEL: func.func @rotate
// CHECK:         %[[A:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
// CHECK-NEXT:    buffer.copy %{{.*}}, %[[A]]
// CHECK-NEXT:    %[[B:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
// CHECK-NEXT:    buffer.copy %{{.*}}, %[[B]]
// CHECK-NEXT:    %[[C:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
// CHECK-NEXT:    buffer.copy %{{.*}}, %[[C]]
// CHECK-NEXT:    %[[T:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
// CHECK-NEXT:    "loop.while"
// CHECK:         }, {
// CHECK-NEXT:      buffer.copy %[[B]], %[[T]]
// CHECK-NEXT:      buffer.copy %[[C]], %[[B]]
// CHECK-NEXT:      buffer.copy %[[A]], %[[C]]
// CHECK-NEXT:      buffer.copy %[[T]], %[[A]]
// CHECK-NEXT:      loop.yield
func.func @rotate(%x: tensor<4xf32>, %y: tensor<4xf32>, %z: tensor<4xf32>, %go: tensor<i1>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %r:3 = "graph.while"(%x, %y, %z) ({
  ^bb0(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>):
    "graph.yield"(%go) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>):
    "graph.yield"(%b, %c, %a) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> ()
  }) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  return %r#0, %r#1, %r#2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// A swap through reshapes: the next values are views of the other carried buffer, read as
// that buffer's storage.
// CHECK-LABEL: func.func @swap_views
// CHECK:         %[[A:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
// CHECK-NEXT:    buffer.copy %{{.*}}, %[[A]]
// CHECK-NEXT:    %[[B:.*]] = buffer.alloc() {role = "scratch"} : !buffer<2x2xf32>
// CHECK-NEXT:    buffer.copy %{{.*}}, %[[B]]
// CHECK-NEXT:    %[[T:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
// CHECK-NEXT:    "loop.while"
// CHECK:         }, {
// CHECK-NEXT:      %[[BV:.*]] = buffer.view %[[B]] : !buffer<2x2xf32> to !buffer<4xf32>
// CHECK-NEXT:      %[[AV:.*]] = buffer.view %[[A]] : !buffer<4xf32> to !buffer<2x2xf32>
// CHECK-NEXT:      buffer.copy %[[BV]], %[[T]]
// CHECK-NEXT:      buffer.copy %[[AV]], %[[B]]
// CHECK-NEXT:      buffer.copy %[[T]], %[[A]]
// CHECK-NEXT:      loop.yield
func.func @swap_views(%x: tensor<4xf32>, %y: tensor<2x2xf32>, %go: tensor<i1>) -> tensor<4xf32> {
  %s4 = "graph.const"() <{value = dense<[4]> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s22 = "graph.const"() <{value = dense<[2, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %r:2 = "graph.while"(%x, %y) ({
  ^bb0(%a: tensor<4xf32>, %b: tensor<2x2xf32>):
    "graph.yield"(%go) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<4xf32>, %b: tensor<2x2xf32>):
    %na = "graph.reshape"(%b, %s4) : (tensor<2x2xf32>, tensor<1xi32>) -> tensor<4xf32>
    %nb = "graph.reshape"(%a, %s22) : (tensor<4xf32>, tensor<2xi32>) -> tensor<2x2xf32>
    "graph.yield"(%na, %nb) : (tensor<4xf32>, tensor<2x2xf32>) -> ()
  }) : (tensor<4xf32>, tensor<2x2xf32>) -> (tensor<4xf32>, tensor<2x2xf32>)
  return %r#0 : tensor<4xf32>
}

// (a, b, c) -> (b, a, a): %a goes into %c while %a still holds it, then the swap.
// CHECK-LABEL: func.func @yielded_twice
// CHECK:         %[[A:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
// CHECK-NEXT:    buffer.copy %{{.*}}, %[[A]]
// CHECK-NEXT:    %[[B:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
// CHECK-NEXT:    buffer.copy %{{.*}}, %[[B]]
// CHECK-NEXT:    %[[C:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
// CHECK-NEXT:    buffer.copy %{{.*}}, %[[C]]
// CHECK-NEXT:    %[[T:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
// CHECK-NEXT:    "loop.while"
// CHECK:         }, {
// CHECK-NEXT:      buffer.copy %[[A]], %[[C]]
// CHECK-NEXT:      buffer.copy %[[B]], %[[T]]
// CHECK-NEXT:      buffer.copy %[[A]], %[[B]]
// CHECK-NEXT:      buffer.copy %[[T]], %[[A]]
// CHECK-NEXT:      loop.yield
func.func @yielded_twice(%x: tensor<4xf32>, %y: tensor<4xf32>, %z: tensor<4xf32>, %go: tensor<i1>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r:3 = "graph.while"(%x, %y, %z) ({
  ^bb0(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>):
    "graph.yield"(%go) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>):
    "graph.yield"(%b, %a, %a) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> ()
  }) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  return %r#0, %r#2 : tensor<4xf32>, tensor<4xf32>
}
