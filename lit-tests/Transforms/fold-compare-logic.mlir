// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(graph-canonicalize))' | FileCheck %s
// Comparisons, logic, selections and casts of constants fold to constants, computed as TFLite
// Micro computes them.

// f32 comparisons with broadcasting; NaN is unequal to itself (not_equal is true).
// CHECK-LABEL: func.func @compare_f32
// CHECK-DAG: "graph.const"() <{value = dense<{{\[\[}}false, true, false], [true, false, false]]> : tensor<2x3xi1>}>
// CHECK-DAG: "graph.const"() <{value = dense<[true, false, false]> : tensor<3xi1>}>
// CHECK-NOT: graph.less
// CHECK-NOT: graph.not_equal
func.func @compare_f32() -> (tensor<2x3xi1>, tensor<3xi1>) {
  %a = "graph.const"() <{value = dense<[[1.0, 0.5, 2.0], [-1.0, 3.0, 4.0]]> : tensor<2x3xf32>}> : () -> tensor<2x3xf32>
  %b = "graph.const"() <{value = dense<[0.5, 1.0, 2.0]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %n = "graph.const"() <{value = dense<[0x7FC00000, 1.0, 2.0]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %lt = "graph.less"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %ne = "graph.not_equal"(%n, %b) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  return %lt, %ne : tensor<2x3xi1>, tensor<3xi1>
}

// -----

// int8 operands of two scales compare their real values (3 at 0.5 equals 6 at 0.25).
// CHECK-LABEL: func.func @compare_i8
// CHECK: "graph.const"() <{value = dense<[true, false]> : tensor<2xi1>}>
func.func @compare_i8() -> tensor<2xi1> {
  %a = "graph.const"() <{value = dense<[3, 3]> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<i8:f32, 0.5>>
  %b = "graph.const"() <{value = dense<[6, 7]> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<i8:f32, 0.25>>
  %eq = "graph.equal"(%a, %b) : (tensor<2x!quant.uniform<i8:f32, 0.5>>, tensor<2x!quant.uniform<i8:f32, 0.25>>) -> tensor<2xi1>
  return %eq : tensor<2xi1>
}

// -----

// Logic, selection and casts (floats truncate and saturate, NaN becomes 0; integers wrap).
// CHECK-LABEL: func.func @logic_select_cast
// CHECK-DAG: "graph.const"() <{value = dense<[false, false, false, false]> : tensor<4xi1>}>
// CHECK-DAG: "graph.const"() <{value = dense<[5.000000e-01, 2.000000e+00, 5.000000e-01, 5.000000e-01]> : tensor<4xf32>}>
// CHECK-DAG: "graph.const"() <{value = dense<[0, 127, -128, 0]> : tensor<4xi8>}>
// CHECK-DAG: "graph.const"() <{value = dense<[0, 127, -128, 44]> : tensor<4xi8>}>
// CHECK-NOT: graph.logical
// CHECK-NOT: graph.select_v2
// CHECK-NOT: graph.cast
func.func @logic_select_cast() -> (tensor<4xi1>, tensor<4xf32>, tensor<4xi8>, tensor<4xi8>) {
  %c = "graph.const"() <{value = dense<[true, false, true, true]> : tensor<4xi1>}> : () -> tensor<4xi1>
  %d = "graph.const"() <{value = dense<[true, true, false, true]> : tensor<4xi1>}> : () -> tensor<4xi1>
  %and = "graph.logical_and"(%c, %d) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %not = "graph.logical_not"(%and) : (tensor<4xi1>) -> tensor<4xi1>
  %or = "graph.logical_or"(%not, %c) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %nor = "graph.logical_not"(%or) : (tensor<4xi1>) -> tensor<4xi1>
  %x = "graph.const"() <{value = dense<0.5> : tensor<f32>}> : () -> tensor<f32>
  %y = "graph.const"() <{value = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>}> : () -> tensor<4xf32>
  %sel = "graph.select_v2"(%c, %x, %y) : (tensor<4xi1>, tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
  %f = "graph.const"() <{value = dense<[0x7FC00000, 300.5, -1000.0, 0.9]> : tensor<4xf32>}> : () -> tensor<4xf32>
  %i = "graph.cast"(%f) : (tensor<4xf32>) -> tensor<4xi8>
  %w = "graph.const"() <{value = dense<[0, 127, -128, 300]> : tensor<4xi32>}> : () -> tensor<4xi32>
  %j = "graph.cast"(%w) : (tensor<4xi32>) -> tensor<4xi8>
  return %nor, %sel, %i, %j : tensor<4xi1>, tensor<4xf32>, tensor<4xi8>, tensor<4xi8>
}

// -----

// arg_max / arg_min of constants: the first index on ties, a NaN never taken; the axis from an
// operand or the attribute.
// CHECK-LABEL: func.func @arg_extremum
// CHECK-DAG: "graph.const"() <{value = dense<[2, 0]> : tensor<2xi32>}>
// CHECK-DAG: "graph.const"() <{value = dense<[0, 0, 1]> : tensor<3xi32>}>
// CHECK-NOT: graph.arg_m
func.func @arg_extremum() -> (tensor<2xi32>, tensor<3xi32>) {
  %x = "graph.const"() <{value = dense<[[1.0, 0x7FC00000, 3.0], [2.0, 2.0, 1.0]]> : tensor<2x3xf32>}> : () -> tensor<2x3xf32>
  %axis = "graph.const"() <{value = dense<-1> : tensor<1xi32>}> : () -> tensor<1xi32>
  %max = "graph.arg_max"(%x, %axis) : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<2xi32>
  %min = "graph.arg_min"(%x) <{axis = array<i64: 0>}> : (tensor<2x3xf32>) -> tensor<3xi32>
  return %max, %min : tensor<2xi32>, tensor<3xi32>
}
