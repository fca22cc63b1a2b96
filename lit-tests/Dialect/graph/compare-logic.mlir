// RUN: mc-opt --print-generic %s | FileCheck %s
// RUN: mc-opt --print-generic %s | mc-opt --print-generic | FileCheck %s
// RUN: mc-opt --print-generic %s | mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic | mc-opt --print-generic | FileCheck %s
// Comparisons, boolean logic, selection, arg max/min and casts: booleans are i1 tensors.

!q8 = !quant.uniform<i8:f32, 0.05:3>
!q8b = !quant.uniform<i8:f32, 0.5:-7>

// CHECK-LABEL: sym_name = "detection_head"
"func.func"() <{function_type = (tensor<2x8xf32>, tensor<8xf32>, tensor<2x8x!q8>, tensor<!q8b>, tensor<2x8xi1>) -> (), sym_name = "detection_head"}> ({
^bb0(%x: tensor<2x8xf32>, %y: tensor<8xf32>, %q: tensor<2x8x!q8>, %t: tensor<!q8b>, %k: tensor<2x8xi1>):
  // Comparisons broadcast and give i1; quantized operands have scales of their own.
  // CHECK: "graph.equal"(%arg0, %arg1) : (tensor<2x8xf32>, tensor<8xf32>) -> tensor<2x8xi1>
  %eq = "graph.equal"(%x, %y) : (tensor<2x8xf32>, tensor<8xf32>) -> tensor<2x8xi1>
  // CHECK: "graph.not_equal"(%{{.*}}, %arg4) : (tensor<2x8xi1>, tensor<2x8xi1>) -> tensor<2x8xi1>
  %ne = "graph.not_equal"(%eq, %k) : (tensor<2x8xi1>, tensor<2x8xi1>) -> tensor<2x8xi1>
  // CHECK: "graph.less"(%arg0, %arg1)
  %lt = "graph.less"(%x, %y) : (tensor<2x8xf32>, tensor<8xf32>) -> tensor<2x8xi1>
  // CHECK: "graph.less_equal"(%arg0, %arg0)
  %le = "graph.less_equal"(%x, %x) : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xi1>
  // CHECK: "graph.greater"(%arg2, %arg3) : (tensor<2x8x!quant.uniform<i8:f32, 5.000000e-02:3>>, tensor<!quant.uniform<i8:f32, 5.000000e-01:-7>>) -> tensor<2x8xi1>
  %gt = "graph.greater"(%q, %t) : (tensor<2x8x!q8>, tensor<!q8b>) -> tensor<2x8xi1>
  // CHECK: "graph.greater_equal"(%arg1, %arg0)
  %ge = "graph.greater_equal"(%y, %x) : (tensor<8xf32>, tensor<2x8xf32>) -> tensor<2x8xi1>
  // CHECK: "graph.logical_and"
  %and = "graph.logical_and"(%gt, %k) : (tensor<2x8xi1>, tensor<2x8xi1>) -> tensor<2x8xi1>
  // CHECK: "graph.logical_or"
  %or = "graph.logical_or"(%and, %lt) : (tensor<2x8xi1>, tensor<2x8xi1>) -> tensor<2x8xi1>
  // CHECK: "graph.logical_not"({{.*}}) : (tensor<2x8xi1>) -> tensor<2x8xi1>
  %not = "graph.logical_not"(%or) : (tensor<2x8xi1>) -> tensor<2x8xi1>
  // CHECK: "graph.select_v2"({{.*}}, %arg0, %arg1) : (tensor<2x8xi1>, tensor<2x8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
  %sel = "graph.select_v2"(%not, %x, %y) : (tensor<2x8xi1>, tensor<2x8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
  // CHECK: "graph.arg_max"(%arg0) <{axis = array<i64: -1>}> : (tensor<2x8xf32>) -> tensor<2xi32>
  %am = "graph.arg_max"(%x) <{axis = array<i64: -1>}> : (tensor<2x8xf32>) -> tensor<2xi32>
  // CHECK: "graph.arg_min"(%arg2) <{axis = array<i64: 0>}> : ({{.*}}) -> tensor<8xi32>
  %an = "graph.arg_min"(%q) <{axis = array<i64: 0>}> : (tensor<2x8x!q8>) -> tensor<8xi32>
  // CHECK: "graph.cast"({{.*}}) : (tensor<2x8xi1>) -> tensor<2x8xf32>
  %c = "graph.cast"(%not) : (tensor<2x8xi1>) -> tensor<2x8xf32>
  "func.return"() : () -> ()
}) : () -> ()
