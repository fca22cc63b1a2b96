// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(graph-canonicalize))' | FileCheck %s
// RUN: mc-opt %s --split-input-file --verify-each | FileCheck %s --check-prefix=OPS
// graph.decode (TFLite Micro's DECODE) of constants verifies and folds to the decoded constant.

// 2-bit LUT indices 0, 1, 2, 3 (one byte, most significant bits first) into one table.
// OPS-LABEL: func.func @lut_2bit
// OPS: "graph.decode"
// CHECK-LABEL: func.func @lut_2bit
// CHECK: "graph.const"() <{value = dense<[10, 20, 30, -40]> : tensor<4xi8>}>
// CHECK-NOT: graph.decode
func.func @lut_2bit() -> tensor<4xi8> {
  %e = "graph.const"() <{value = dense<[27]> : tensor<1xui8>}> : () -> tensor<1xui8>
  %a = "graph.const"() <{value = dense<[0, 1, 0, 0, 1, 2, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 20, 30, 216]> : tensor<20xui8>}> : () -> tensor<20xui8>
  %d = "graph.decode"(%e, %a) : (tensor<1xui8>, tensor<20xui8>) -> tensor<4xi8>
  return %d : tensor<4xi8>
}

// -----

// Per-channel tables along the last axis: element i reads channel i mod 2's table
// ([1, 2] and [3, 4]) with 1-bit indices 0, 1, 1, 0.
// CHECK-LABEL: func.func @lut_last_axis
// CHECK: "graph.const"() <{value = dense<{{\[\[}}1, 4], [2, 3]]> : tensor<2x2xi8>}> : () -> tensor<2x2x!quant.uniform<i8:f32:1, {1.000000e-01,2.000000e-01}>>
func.func @lut_last_axis() -> tensor<2x2x!quant.uniform<i8:f32:1, {0.1, 0.2}>> {
  %e = "graph.const"() <{value = dense<[96]> : tensor<1xui8>}> : () -> tensor<1xui8>
  %a = "graph.const"() <{value = dense<[0, 1, 0, 0, 1, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4]> : tensor<20xui8>}> : () -> tensor<20xui8>
  %d = "graph.decode"(%e, %a) : (tensor<1xui8>, tensor<20xui8>) -> tensor<2x2x!quant.uniform<i8:f32:1, {0.1, 0.2}>>
  return %d : tensor<2x2x!quant.uniform<i8:f32:1, {0.1, 0.2}>>
}

// -----

// Pruning: the mask 1010 keeps 1.5 and -2.0; the others are 0.
// CHECK-LABEL: func.func @pruned_f32
// CHECK: "graph.const"() <{value = dense<[1.500000e+00, 0.000000e+00, -2.000000e+00, 0.000000e+00]> : tensor<4xf32>}>
func.func @pruned_f32() -> tensor<4xf32> {
  %e = "graph.const"() <{value = dense<[160]> : tensor<1xui8>}> : () -> tensor<1xui8>
  %a = "graph.const"() <{value = dense<[2, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 192, 63, 0, 0, 0, 192]> : tensor<24xui8>}> : () -> tensor<24xui8>
  %d = "graph.decode"(%e, %a) : (tensor<1xui8>, tensor<24xui8>) -> tensor<4xf32>
  return %d : tensor<4xf32>
}

// -----

// Pruned int8: the pruned element is the zero point, -3.
// CHECK-LABEL: func.func @pruned_zero_point
// CHECK: "graph.const"() <{value = dense<[-3, 7]> : tensor<2xi8>}>
func.func @pruned_zero_point() -> tensor<2x!quant.uniform<i8:f32, 0.5:-3>> {
  %e = "graph.const"() <{value = dense<[64]> : tensor<1xui8>}> : () -> tensor<1xui8>
  %a = "graph.const"() <{value = dense<[2, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7]> : tensor<17xui8>}> : () -> tensor<17xui8>
  %d = "graph.decode"(%e, %a) : (tensor<1xui8>, tensor<17xui8>) -> tensor<2x!quant.uniform<i8:f32, 0.5:-3>>
  return %d : tensor<2x!quant.uniform<i8:f32, 0.5:-3>>
}
