// RUN: mc-opt --print-generic %s | FileCheck %s
// Printing is stable: print(parse(x)) parses and prints the same.
// RUN: mc-opt --print-generic %s | mc-opt --print-generic | FileCheck %s
// Upstream MLIR reads mc's generic form and mc reads it back.
// RUN: mc-opt --print-generic %s | mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic | mc-opt --print-generic | FileCheck %s

// A keyword-spotting-like int8 network (TFLite's quantization: activations per tensor,
// weights per channel with zero points 0, i32 biases with scale = input × filter scale).
!qin = !quant.uniform<i8:f32, 0.5:-128>
!qconv = !quant.uniform<i8:f32, 0.25:-128>
!qw = !quant.uniform<i8<-127:127>:f32:0, {0.01, 0.02, 0.03, 0.04}>
!qb = !quant.uniform<i32:f32:0, {0.005, 0.01, 0.015, 0.02}>
!qdw = !quant.uniform<i8<-127:127>:f32:3, {0.5, 0.25, 0.125, 0.0625}>
!qdwb = !quant.uniform<i32:f32:0, {0.125, 0.0625, 0.03125, 0.015625}>
!qfc = !quant.uniform<i8<-127:127>:f32, 0.0078125>
!qfcb = !quant.uniform<i32:f32, 0.001953125>
!qlogit = !quant.uniform<i8:f32, 0.1:12>
!qprob = !quant.uniform<i8:f32, 0.00390625:-128>

// CHECK-LABEL: "func.func"() <{function_type = (tensor<1x49x10x1x!quant.uniform<i8:f32, 5.000000e-01:-128>>) -> tensor<1x3x!quant.uniform<i8:f32, 3.906250e-03:-128>>, sym_name = "kws"}>
"func.func"() <{function_type = (tensor<1x49x10x1x!qin>) -> tensor<1x3x!qprob>, sym_name = "kws"}> ({
^bb0(%input: tensor<1x49x10x1x!qin>):
  // CHECK: %[[W:.*]] = "graph.const"() <{value = dense_resource<conv_w> : tensor<4x3x3x1x!quant.uniform<i8<-127:127>:f32:0, {1.000000e-02,2.000000e-02,3.000000e-02,4.000000e-02}>>}> : () -> tensor<4x3x3x1x!quant.uniform<i8<-127:127>:f32:0, {1.000000e-02,2.000000e-02,3.000000e-02,4.000000e-02}>>
  %w = "graph.const"() <{value = dense_resource<conv_w> : tensor<4x3x3x1x!qw>}> : () -> tensor<4x3x3x1x!qw>
  // A quantized constant may be written in its storage type.
  // CHECK: %[[B:.*]] = "graph.const"() <{value = dense<[10, -20, 30, -40]> : tensor<4xi32>}> : () -> tensor<4x!quant.uniform<i32:f32:0, {5.000000e-03,1.000000e-02,1.500000e-02,2.000000e-02}>>
  %b = "graph.const"() <{value = dense<[10, -20, 30, -40]> : tensor<4xi32>}> : () -> tensor<4x!qb>
  // CHECK: %[[CONV:.*]] = "graph.conv_2d"(%arg0, %[[W]], %[[B]]) <{dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "RELU", padding = "SAME", stride_h = 2 : i64, stride_w = 2 : i64}> : (tensor<1x49x10x1x{{.*}}>, tensor<4x3x3x1x{{.*}}>, tensor<4x{{.*}}>) -> tensor<1x25x5x4x!quant.uniform<i8:f32, 2.500000e-01:-128>>
  %conv = "graph.conv_2d"(%input, %w, %b) <{stride_h = 2 : i64, stride_w = 2 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "RELU"}> : (tensor<1x49x10x1x!qin>, tensor<4x3x3x1x!qw>, tensor<4x!qb>) -> tensor<1x25x5x4x!qconv>
  // CHECK: %[[DWW:.*]] = "graph.const"() <{value = dense_resource<dw_w> : tensor<1x3x3x4x!quant.uniform<i8<-127:127>:f32:3, {5.000000e-01,2.500000e-01,1.250000e-01,6.250000e-02}>>}>
  %dw_w = "graph.const"() <{value = dense_resource<dw_w> : tensor<1x3x3x4x!qdw>}> : () -> tensor<1x3x3x4x!qdw>
  %dw_b = "graph.const"() <{value = dense<0> : tensor<4xi32>}> : () -> tensor<4x!qdwb>
  // CHECK: %[[DW:.*]] = "graph.depthwise_conv_2d"(%[[CONV]], %[[DWW]], %{{.*}}) <{depth_multiplier = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "RELU6", padding = "SAME", stride_h = 1 : i64, stride_w = 1 : i64}> : ({{.*}}) -> tensor<1x25x5x4x!quant.uniform<i8:f32, 2.500000e-01:-128>>
  %dw = "graph.depthwise_conv_2d"(%conv, %dw_w, %dw_b) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, depth_multiplier = 1 : i64, padding = "SAME", fused_activation = "RELU6"}> : (tensor<1x25x5x4x!qconv>, tensor<1x3x3x4x!qdw>, tensor<4x!qdwb>) -> tensor<1x25x5x4x!qconv>
  // CHECK: %[[SUM:.*]] = "graph.add"(%[[DW]], %[[CONV]]) <{fused_activation = "NONE"}>
  %sum = "graph.add"(%dw, %conv) <{fused_activation = "NONE"}> : (tensor<1x25x5x4x!qconv>, tensor<1x25x5x4x!qconv>) -> tensor<1x25x5x4x!qconv>
  // CHECK: %[[POOL:.*]] = "graph.avg_pool_2d"(%[[SUM]]) <{filter_h = 25 : i64, filter_w = 5 : i64, fused_activation = "NONE", padding = "VALID", stride_h = 1 : i64, stride_w = 1 : i64}> : ({{.*}}) -> tensor<1x1x1x4x!quant.uniform<i8:f32, 2.500000e-01:-128>>
  %pool = "graph.avg_pool_2d"(%sum) <{filter_h = 25 : i64, filter_w = 5 : i64, stride_h = 1 : i64, stride_w = 1 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<1x25x5x4x!qconv>) -> tensor<1x1x1x4x!qconv>
  // CHECK: %[[SHAPE:.*]] = "graph.const"() <{value = dense<[1, 4]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %shape = "graph.const"() <{value = dense<[1, 4]> : tensor<2xi32>}> : () -> tensor<2xi32>
  // CHECK: %[[FLAT:.*]] = "graph.reshape"(%[[POOL]], %[[SHAPE]]) : ({{.*}}) -> tensor<1x4x!quant.uniform<i8:f32, 2.500000e-01:-128>>
  %flat = "graph.reshape"(%pool, %shape) : (tensor<1x1x1x4x!qconv>, tensor<2xi32>) -> tensor<1x4x!qconv>
  %fc_w = "graph.const"() <{value = dense_resource<fc_w> : tensor<3x4x!qfc>}> : () -> tensor<3x4x!qfc>
  %fc_b = "graph.const"() <{value = dense<[1, 2, 3]> : tensor<3xi32>}> : () -> tensor<3x!qfcb>
  // CHECK: %[[LOGITS:.*]] = "graph.fully_connected"(%[[FLAT]], %{{.*}}, %{{.*}}) <{fused_activation = "NONE", keep_num_dims = false}> : ({{.*}}) -> tensor<1x3x!quant.uniform<i8:f32, 1.000000e-01:12>>
  %logits = "graph.fully_connected"(%flat, %fc_w, %fc_b) <{fused_activation = "NONE", keep_num_dims = false}> : (tensor<1x4x!qconv>, tensor<3x4x!qfc>, tensor<3x!qfcb>) -> tensor<1x3x!qlogit>
  // CHECK: %[[PROB:.*]] = "graph.softmax"(%[[LOGITS]]) <{beta = 1.000000e+00 : f32}> : ({{.*}}) -> tensor<1x3x!quant.uniform<i8:f32, 3.906250e-03:-128>>
  %prob = "graph.softmax"(%logits) <{beta = 1.0 : f32}> : (tensor<1x3x!qlogit>) -> tensor<1x3x!qprob>
  // CHECK: "func.return"(%[[PROB]])
  "func.return"(%prob) : (tensor<1x3x!qprob>) -> ()
}) : () -> ()

// The remaining ops, in float and int8.
!q8 = !quant.uniform<i8:f32, 0.05:3>
!q8b = !quant.uniform<i8:f32, 0.1:-7>
!q16 = !quant.uniform<i16:f32, 0.001>
!qsig = !quant.uniform<i8:f32, 0.00390625:-128>
!qtanh = !quant.uniform<i8:f32, 0.0078125>

// CHECK-LABEL: sym_name = "more_ops"
"func.func"() <{function_type = (tensor<1x8x8x4xf32>, tensor<4xf32>, tensor<1x8x8x4x!q8>, tensor<1x1x1x4x!q8b>) -> (), sym_name = "more_ops"}> ({
^bb0(%x: tensor<1x8x8x4xf32>, %y: tensor<4xf32>, %q: tensor<1x8x8x4x!q8>, %q2: tensor<1x1x1x4x!q8b>):
  // CHECK: "graph.sub"(%arg0, %arg1) <{fused_activation = "RELU_N1_TO_1"}> : (tensor<1x8x8x4xf32>, tensor<4xf32>) -> tensor<1x8x8x4xf32>
  %0 = "graph.sub"(%x, %y) <{fused_activation = "RELU_N1_TO_1"}> : (tensor<1x8x8x4xf32>, tensor<4xf32>) -> tensor<1x8x8x4xf32>
  // CHECK: "graph.mul"(%arg1, %arg0) <{fused_activation = "NONE"}> : (tensor<4xf32>, tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %1 = "graph.mul"(%y, %x) <{fused_activation = "NONE"}> : (tensor<4xf32>, tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  // Operands of an int8 add have their own scales; broadcasting a 1x1x1x4 operand.
  // CHECK: "graph.add"(%arg2, %arg3) <{fused_activation = "RELU"}> : (tensor<1x8x8x4x!quant.uniform<i8:f32, 5.000000e-02:3>>, tensor<1x1x1x4x!quant.uniform<i8:f32, 1.000000e-01:-7>>) -> tensor<1x8x8x4x!quant.uniform<i8:f32, 1.000000e-01:-7>>
  %2 = "graph.add"(%q, %q2) <{fused_activation = "RELU"}> : (tensor<1x8x8x4x!q8>, tensor<1x1x1x4x!q8b>) -> tensor<1x8x8x4x!q8b>
  // CHECK: "graph.max_pool_2d"(%arg2) <{filter_h = 3 : i64, filter_w = 3 : i64, fused_activation = "NONE", padding = "SAME", stride_h = 2 : i64, stride_w = 2 : i64}> : ({{.*}}) -> tensor<1x4x4x4x!quant.uniform<i8:f32, 5.000000e-02:3>>
  %3 = "graph.max_pool_2d"(%q) <{filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 2 : i64, stride_w = 2 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x8x8x4x!q8>) -> tensor<1x4x4x4x!q8>
  // CHECK: "graph.l2_pool_2d"(%arg0) <{filter_h = 3 : i64, filter_w = 2 : i64, fused_activation = "RELU6", padding = "VALID", stride_h = 1 : i64, stride_w = 2 : i64}> : (tensor<1x8x8x4xf32>) -> tensor<1x6x4x4xf32>
  %l2p = "graph.l2_pool_2d"(%x) <{filter_h = 3 : i64, filter_w = 2 : i64, stride_h = 1 : i64, stride_w = 2 : i64, padding = "VALID", fused_activation = "RELU6"}> : (tensor<1x8x8x4xf32>) -> tensor<1x6x4x4xf32>
  // CHECK: "graph.transpose"(%arg0) <{perm = array<i64: 0, 3, 1, 2>}> : (tensor<1x8x8x4xf32>) -> tensor<1x4x8x8xf32>
  %4 = "graph.transpose"(%x) <{perm = array<i64: 0, 3, 1, 2>}> : (tensor<1x8x8x4xf32>) -> tensor<1x4x8x8xf32>
  %perm = "graph.const"() <{value = dense<[3, 2, 1, 0]> : tensor<4xi32>}> : () -> tensor<4xi32>
  // CHECK: "graph.transpose"(%arg2, %{{.*}}) : (tensor<1x8x8x4x{{.*}}>, tensor<4xi32>) -> tensor<4x8x8x1x!quant.uniform<i8:f32, 5.000000e-02:3>>
  %5 = "graph.transpose"(%q, %perm) : (tensor<1x8x8x4x!q8>, tensor<4xi32>) -> tensor<4x8x8x1x!q8>
  // CHECK: "graph.reshape"(%arg0) <{new_shape = array<i64: -1, 16>}> : (tensor<1x8x8x4xf32>) -> tensor<16x16xf32>
  %6 = "graph.reshape"(%x) <{new_shape = array<i64: -1, 16>}> : (tensor<1x8x8x4xf32>) -> tensor<16x16xf32>
  // CHECK: "graph.logistic"(%arg2) : ({{.*}}) -> tensor<1x8x8x4x!quant.uniform<i8:f32, 3.906250e-03:-128>>
  %7 = "graph.logistic"(%q) : (tensor<1x8x8x4x!q8>) -> tensor<1x8x8x4x!qsig>
  // CHECK: "graph.tanh"(%arg2) : ({{.*}}) -> tensor<1x8x8x4x!quant.uniform<i8:f32, 7.812500e-03>>
  %8 = "graph.tanh"(%q) : (tensor<1x8x8x4x!q8>) -> tensor<1x8x8x4x!qtanh>
  // CHECK: "graph.tanh"(%arg0) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %9 = "graph.tanh"(%x) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  // CHECK: "graph.relu"(%arg2) : ({{.*}}) -> tensor<1x8x8x4x!quant.uniform<i8:f32, 1.000000e-01:-7>>
  %10 = "graph.relu"(%q) : (tensor<1x8x8x4x!q8>) -> tensor<1x8x8x4x!q8b>
  // CHECK: "graph.relu6"(%arg0) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %11 = "graph.relu6"(%x) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  // CHECK: "graph.relu_n1_to_1"(%arg0) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %12 = "graph.relu_n1_to_1"(%x) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  // CHECK: "graph.leaky_relu"(%arg2) <{alpha = -2.500000e-01 : f32}> : ({{.*}}) -> tensor<1x8x8x4x!quant.uniform<i8:f32, 1.000000e-01:-7>>
  %lr = "graph.leaky_relu"(%q) <{alpha = -0.25 : f32}> : (tensor<1x8x8x4x!q8>) -> tensor<1x8x8x4x!q8b>
  // CHECK: "graph.leaky_relu"(%arg0) <{alpha = 1.500000e+00 : f32}> : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %lrf = "graph.leaky_relu"(%x) <{alpha = 1.5 : f32}> : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  // maximum and minimum broadcast like add, without attributes; quantized ones share one
  // quantization.
  // CHECK: "graph.maximum"(%arg0, %arg1) : (tensor<1x8x8x4xf32>, tensor<4xf32>) -> tensor<1x8x8x4xf32>
  %mx = "graph.maximum"(%x, %y) : (tensor<1x8x8x4xf32>, tensor<4xf32>) -> tensor<1x8x8x4xf32>
  // CHECK: "graph.minimum"(%arg2, %arg2) : ({{.*}}) -> tensor<1x8x8x4x!quant.uniform<i8:f32, 5.000000e-02:3>>
  %mn = "graph.minimum"(%q, %q) : (tensor<1x8x8x4x!q8>, tensor<1x8x8x4x!q8>) -> tensor<1x8x8x4x!q8>
  // CHECK: "graph.neg"(%arg0) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %ng = "graph.neg"(%x) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  // CHECK: "graph.prelu"(%arg0, %arg1) : (tensor<1x8x8x4xf32>, tensor<4xf32>) -> tensor<1x8x8x4xf32>
  %pr = "graph.prelu"(%x, %y) : (tensor<1x8x8x4xf32>, tensor<4xf32>) -> tensor<1x8x8x4xf32>
  // CHECK: "graph.prelu"(%arg2, %arg3) : ({{.*}}) -> tensor<1x8x8x4x!quant.uniform<i8:f32, 1.000000e-01:-7>>
  %prq = "graph.prelu"(%q, %q2) : (tensor<1x8x8x4x!q8>, tensor<1x1x1x4x!q8b>) -> tensor<1x8x8x4x!q8b>
  // CHECK: "graph.hard_swish"(%arg2) : ({{.*}}) -> tensor<1x8x8x4x!quant.uniform<i8:f32, 1.000000e-01:-7>>
  %hs = "graph.hard_swish"(%q) : (tensor<1x8x8x4x!q8>) -> tensor<1x8x8x4x!q8b>
  // CHECK: "graph.hard_swish"(%arg0) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %hsf = "graph.hard_swish"(%x) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  // CHECK: "graph.mean"(%arg2) <{axes = array<i64: 1, 2>, keep_dims = true}> : ({{.*}}) -> tensor<1x1x1x4x!quant.uniform<i8:f32, 1.000000e-01:-7>>
  %13 = "graph.mean"(%q) <{axes = array<i64: 1, 2>, keep_dims = true}> : (tensor<1x8x8x4x!q8>) -> tensor<1x1x1x4x!q8b>
  %axes = "graph.const"() <{value = dense<[-3, -2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  // CHECK: "graph.mean"(%arg0, %{{.*}}) <{keep_dims = false}> : (tensor<1x8x8x4xf32>, tensor<2xi32>) -> tensor<1x4xf32>
  %14 = "graph.mean"(%x, %axes) <{keep_dims = false}> : (tensor<1x8x8x4xf32>, tensor<2xi32>) -> tensor<1x4xf32>
  // CHECK: "graph.sum"(%arg2) <{axes = array<i64: 1, 2>, keep_dims = true}> : ({{.*}}) -> tensor<1x1x1x4x!quant.uniform<i8:f32, 1.000000e-01:-7>>
  %sum = "graph.sum"(%q) <{axes = array<i64: 1, 2>, keep_dims = true}> : (tensor<1x8x8x4x!q8>) -> tensor<1x1x1x4x!q8b>
  // CHECK: "graph.sum"(%arg0, %{{.*}}) <{keep_dims = false}> : (tensor<1x8x8x4xf32>, tensor<2xi32>) -> tensor<1x4xf32>
  %sumf = "graph.sum"(%x, %axes) <{keep_dims = false}> : (tensor<1x8x8x4xf32>, tensor<2xi32>) -> tensor<1x4xf32>
  // CHECK: "graph.reduce_max"(%arg2) <{axes = array<i64: 1, 2>, keep_dims = true}> : ({{.*}}) -> tensor<1x1x1x4x!quant.uniform<i8:f32, 5.000000e-02:3>>
  %rmax = "graph.reduce_max"(%q) <{axes = array<i64: 1, 2>, keep_dims = true}> : (tensor<1x8x8x4x!q8>) -> tensor<1x1x1x4x!q8>
  // CHECK: "graph.reduce_max"(%arg0, %{{.*}}) <{keep_dims = false}> : (tensor<1x8x8x4xf32>, tensor<2xi32>) -> tensor<1x4xf32>
  %rmaxf = "graph.reduce_max"(%x, %axes) <{keep_dims = false}> : (tensor<1x8x8x4xf32>, tensor<2xi32>) -> tensor<1x4xf32>
  // CHECK: "graph.reduce_min"(%arg2) <{axes = array<i64: -1>, keep_dims = false}> : ({{.*}}) -> tensor<1x8x8x!quant.uniform<i8:f32, 5.000000e-02:3>>
  %rmin = "graph.reduce_min"(%q) <{axes = array<i64: -1>, keep_dims = false}> : (tensor<1x8x8x4x!q8>) -> tensor<1x8x8x!q8>
  // CHECK: "graph.reduce_min"(%arg0, %{{.*}}) <{keep_dims = false}> : (tensor<1x8x8x4xf32>, tensor<2xi32>) -> tensor<1x4xf32>
  %rminf = "graph.reduce_min"(%x, %axes) <{keep_dims = false}> : (tensor<1x8x8x4xf32>, tensor<2xi32>) -> tensor<1x4xf32>
  // CHECK: "graph.pad"(%arg2) <{paddings = array<i64: 0, 0, 1, 1, 2, 1, 0, 0>}> : ({{.*}}) -> tensor<1x10x11x4x!quant.uniform<i8:f32, 5.000000e-02:3>>
  %15 = "graph.pad"(%q) <{paddings = array<i64: 0, 0, 1, 1, 2, 1, 0, 0>}> : (tensor<1x8x8x4x!q8>) -> tensor<1x10x11x4x!q8>
  %paddings = "graph.const"() <{value = dense<[[0, 0], [1, 0], [0, 1], [0, 0]]> : tensor<4x2xi32>}> : () -> tensor<4x2xi32>
  // CHECK: "graph.pad"(%arg0, %{{.*}}) : (tensor<1x8x8x4xf32>, tensor<4x2xi32>) -> tensor<1x9x9x4xf32>
  %16 = "graph.pad"(%x, %paddings) : (tensor<1x8x8x4xf32>, tensor<4x2xi32>) -> tensor<1x9x9x4xf32>
  // CHECK: "graph.concatenation"(%arg2, %arg2, %arg2) <{axis = -1 : i64, fused_activation = "NONE"}> : ({{.*}}) -> tensor<1x8x8x12x!quant.uniform<i8:f32, 5.000000e-02:3>>
  %17 = "graph.concatenation"(%q, %q, %q) <{axis = -1 : i64, fused_activation = "NONE"}> : (tensor<1x8x8x4x!q8>, tensor<1x8x8x4x!q8>, tensor<1x8x8x4x!q8>) -> tensor<1x8x8x12x!q8>
  %begin = "graph.const"() <{value = dense<[0, 1, 0, 0]> : tensor<4xi32>}> : () -> tensor<4xi32>
  %end = "graph.const"() <{value = dense<[1, -1, 8, 4]> : tensor<4xi32>}> : () -> tensor<4xi32>
  %strides = "graph.const"() <{value = dense<[1, 2, 3, 1]> : tensor<4xi32>}> : () -> tensor<4xi32>
  // CHECK: "graph.strided_slice"(%arg2, %{{.*}}, %{{.*}}, %{{.*}}) <{begin_mask = 0 : i64, ellipsis_mask = 0 : i64, end_mask = 0 : i64, new_axis_mask = 0 : i64, offset = false, shrink_axis_mask = 1 : i64}> : ({{.*}}) -> tensor<3x3x4x!quant.uniform<i8:f32, 5.000000e-02:3>>
  %18 = "graph.strided_slice"(%q, %begin, %end, %strides) <{begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64, offset = false}> : (tensor<1x8x8x4x!q8>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) -> tensor<3x3x4x!q8>
  // CHECK: "graph.strided_slice"(%arg0) <{begin = array<i64: 0, 2>, begin_mask = 0 : i64, ellipsis_mask = 1 : i64, end = array<i64: 0, 4>, end_mask = 0 : i64, new_axis_mask = 0 : i64, offset = false, shrink_axis_mask = 0 : i64, strides = array<i64: 1, 1>}> : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x2xf32>
  %19 = "graph.strided_slice"(%x) <{begin = array<i64: 0, 2>, end = array<i64: 0, 4>, strides = array<i64: 1, 1>, begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 1 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64, offset = false}> : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x2xf32>
  // CHECK: "graph.quantize"(%arg0) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4x!quant.uniform<i8:f32, 5.000000e-02:3>>
  %20 = "graph.quantize"(%x) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4x!q8>
  // Requantization: int8 to int8 with other parameters.
  // CHECK: "graph.quantize"(%arg2) : ({{.*}}) -> tensor<1x8x8x4x!quant.uniform<i8:f32, 1.000000e-01:-7>>
  %21 = "graph.quantize"(%q) : (tensor<1x8x8x4x!q8>) -> tensor<1x8x8x4x!q8b>
  // CHECK: "graph.dequantize"(%arg2) : ({{.*}}) -> tensor<1x8x8x4xf32>
  %22 = "graph.dequantize"(%q) : (tensor<1x8x8x4x!q8>) -> tensor<1x8x8x4xf32>
  "func.return"() : () -> ()
}) : () -> ()

// Float and 16x8 layers.
!q16w = !quant.uniform<i8<-127:127>:f32:0, {0.5, 0.25}>

// CHECK-LABEL: sym_name = "layers"
"func.func"() <{function_type = (tensor<2x7x7x3xf32>, tensor<1x7x7x4x!q16>, tensor<4x3x6xf32>) -> (), sym_name = "layers"}> ({
^bb0(%x: tensor<2x7x7x3xf32>, %a: tensor<1x7x7x4x!q16>, %seq: tensor<4x3x6xf32>):
  %w = "graph.const"() <{value = dense<0.5> : tensor<6x3x3x3xf32>}> : () -> tensor<6x3x3x3xf32>
  // Dilation 2 widens the 3x3 window to 5x5: VALID gives 3x3 from 7x7.
  // CHECK: "graph.conv_2d"(%arg0, %{{.*}}) <{dilation_h = 2 : i64, dilation_w = 2 : i64, fused_activation = "NONE", padding = "VALID", stride_h = 1 : i64, stride_w = 1 : i64}> : (tensor<2x7x7x3xf32>, tensor<6x3x3x3xf32>) -> tensor<2x3x3x6xf32>
  %0 = "graph.conv_2d"(%x, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 2 : i64, dilation_w = 2 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<2x7x7x3xf32>, tensor<6x3x3x3xf32>) -> tensor<2x3x3x6xf32>
  %dw = "graph.const"() <{value = dense<1.0> : tensor<1x3x3x6xf32>}> : () -> tensor<1x3x3x6xf32>
  // CHECK: "graph.depthwise_conv_2d"(%arg0, %{{.*}}) <{depth_multiplier = 2 : i64, {{.*}}}> : (tensor<2x7x7x3xf32>, tensor<1x3x3x6xf32>) -> tensor<2x4x4x6xf32>
  %1 = "graph.depthwise_conv_2d"(%x, %dw) <{stride_h = 2 : i64, stride_w = 2 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, depth_multiplier = 2 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<2x7x7x3xf32>, tensor<1x3x3x6xf32>) -> tensor<2x4x4x6xf32>
  // TFLite's 16x8 convolution: i16 activations with zero point 0, i8 weights, plain i64 bias.
  %w16 = "graph.const"() <{value = dense<1> : tensor<2x1x1x4xi8>}> : () -> tensor<2x1x1x4x!q16w>
  %b16 = "graph.const"() <{value = dense<[5, 6]> : tensor<2xi64>}> : () -> tensor<2xi64>
  // CHECK: "graph.conv_2d"(%arg1, %{{.*}}, %{{.*}}) <{{.*}}> : (tensor<1x7x7x4x!quant.uniform<i16:f32, 1.000000e-03>>, tensor<2x1x1x4x{{.*}}>, tensor<2xi64>) -> tensor<1x7x7x2x!quant.uniform<i16:f32, 1.000000e-03>>
  %2 = "graph.conv_2d"(%a, %w16, %b16) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x7x7x4x!q16>, tensor<2x1x1x4x!q16w>, tensor<2xi64>) -> tensor<1x7x7x2x!q16>
  %fw = "graph.const"() <{value = dense<0.25> : tensor<5x6xf32>}> : () -> tensor<5x6xf32>
  // CHECK: "graph.fully_connected"(%arg2, %{{.*}}) <{fused_activation = "RELU", keep_num_dims = true}> : (tensor<4x3x6xf32>, tensor<5x6xf32>) -> tensor<4x3x5xf32>
  %3 = "graph.fully_connected"(%seq, %fw) <{fused_activation = "RELU", keep_num_dims = true}> : (tensor<4x3x6xf32>, tensor<5x6xf32>) -> tensor<4x3x5xf32>
  // Without keep_num_dims the leading dimensions are flattened.
  // CHECK: "graph.fully_connected"(%arg2, %{{.*}}) <{fused_activation = "NONE", keep_num_dims = false}> : (tensor<4x3x6xf32>, tensor<5x6xf32>) -> tensor<12x5xf32>
  %4 = "graph.fully_connected"(%seq, %fw) <{fused_activation = "NONE", keep_num_dims = false}> : (tensor<4x3x6xf32>, tensor<5x6xf32>) -> tensor<12x5xf32>
  // CHECK: "graph.softmax"(%{{.*}}) <{beta = 5.000000e-01 : f32}> : (tensor<12x5xf32>) -> tensor<12x5xf32>
  %5 = "graph.softmax"(%4) <{beta = 0.5 : f32}> : (tensor<12x5xf32>) -> tensor<12x5xf32>
  // TFLite Micro's 16x8 fully connected layer also takes per-channel weights and an i32 bias.
  %fw16 = "graph.const"() <{value = dense<1> : tensor<2x4xi8>}> : () -> tensor<2x4x!q16w>
  %fb16 = "graph.const"() <{value = dense<[5, 6]> : tensor<2xi32>}> : () -> tensor<2xi32>
  // CHECK: "graph.fully_connected"(%arg1, %{{.*}}, %{{.*}}) <{{.*}}> : ({{.*}}, tensor<2x4x{{.*}}>, tensor<2xi32>) -> tensor<49x2x!quant.uniform<i16:f32, 1.000000e-03>>
  %6 = "graph.fully_connected"(%a, %fw16, %fb16) <{fused_activation = "NONE", keep_num_dims = false}> : (tensor<1x7x7x4x!q16>, tensor<2x4x!q16w>, tensor<2xi32>) -> tensor<49x2x!q16>
  "func.return"() : () -> ()
}) : () -> ()

// Streaming state: a resource variable read, updated and written back.
// CHECK-LABEL: sym_name = "stateful"
"func.func"() <{function_type = (tensor<1x1x8x!q8>) -> tensor<1x4x8x!q8>, sym_name = "stateful"}> ({
^bb0(%frame: tensor<1x1x8x!q8>):
  // CHECK: %[[H:.*]] = "graph.var_handle"() <{container = "", shared_name = "stream_state", value_type = tensor<1x3x8x!quant.uniform<i8:f32, 5.000000e-02:3>>}> : () -> !graph.resource
  %h = "graph.var_handle"() <{container = "", shared_name = "stream_state", value_type = tensor<1x3x8x!q8>}> : () -> !graph.resource
  // CHECK: %[[S:.*]] = "graph.read_variable"(%[[H]]) : (!graph.resource) -> tensor<1x3x8x!quant.uniform<i8:f32, 5.000000e-02:3>>
  %state = "graph.read_variable"(%h) : (!graph.resource) -> tensor<1x3x8x!q8>
  %window = "graph.concatenation"(%state, %frame) <{axis = 1 : i64, fused_activation = "NONE"}> : (tensor<1x3x8x!q8>, tensor<1x1x8x!q8>) -> tensor<1x4x8x!q8>
  %next = "graph.strided_slice"(%window) <{begin = array<i64: 0, 1, 0>, end = array<i64: 1, 4, 8>, strides = array<i64: 1, 1, 1>, begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64, offset = false}> : (tensor<1x4x8x!q8>) -> tensor<1x3x8x!q8>
  // CHECK: "graph.assign_variable"(%[[H]], %{{.*}}) : (!graph.resource, tensor<1x3x8x{{.*}}>) -> ()
  "graph.assign_variable"(%h, %next) : (!graph.resource, tensor<1x3x8x!q8>) -> ()
  "func.return"(%window) : (tensor<1x4x8x!q8>) -> ()
}) : () -> ()

{-#
  dialect_resources: {
    builtin: {
      conv_w: "0x04000000000102030405060001020304050600010203040506000102030405060001020304050600",
      dw_w: "0x04000000000306090104070a020508000306090104070a020508000306090104070a020508000306",
      fc_w: "0x0400000000050a02070c040901060b03"
    }
  }
#-}
