// RUN: mc-opt %s | FileCheck %s
// RUN: mc-opt %s > %t.1.mlir && mc-opt %t.1.mlir > %t.2.mlir && diff %t.1.mlir %t.2.mlir
// graph.if, graph.while and graph.call_once: regions holding the subgraphs TFLite's IF, WHILE and
// CALL_ONCE run.

// CHECK-LABEL: func.func @branch
// CHECK:         %[[R:.*]] = "graph.if"(%{{.*}}) ({
// CHECK:           "graph.yield"(%{{.*}}) : (tensor<4xf32>) -> ()
// CHECK-NEXT:    }, {
// CHECK:           "graph.yield"(%{{.*}}) : (tensor<4xf32>) -> ()
// CHECK-NEXT:    }) : (tensor<i1>) -> tensor<4xf32>
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
// CHECK:         "graph.while"(%{{.*}}) ({
// CHECK-NEXT:    ^bb0(%[[A:.*]]: tensor<4xf32>):
// CHECK:           "graph.yield"(%{{.*}}) : (tensor<i1>) -> ()
// CHECK:         ^bb0(%[[B:.*]]: tensor<4xf32>):
// CHECK:           "graph.yield"(%{{.*}}) : (tensor<4xf32>) -> ()
// CHECK-NEXT:    }) : (tensor<4xf32>) -> tensor<4xf32>
func.func @loop(%x: tensor<4xf32>, %limit: tensor<f32>, %axes: tensor<1xi32>) -> tensor<4xf32> {
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
// CHECK:         "graph.call_once"() ({
// CHECK:           "graph.assign_variable"
// CHECK-NEXT:      "graph.yield"() : () -> ()
// CHECK-NEXT:    }) : () -> ()
func.func @init(%x: tensor<4xf32>) {
  "graph.call_once"() ({
    %h = "graph.var_handle"() <{container = "", shared_name = "v", value_type = tensor<4xf32>}> : () -> !graph.resource
    "graph.assign_variable"(%h, %x) : (!graph.resource, tensor<4xf32>) -> ()
    "graph.yield"() : () -> ()
  }) : () -> ()
  return
}
