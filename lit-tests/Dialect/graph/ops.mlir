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
  // The math family: one operand, the input's shape; abs, rsqrt and elu take int8 too.
  // CHECK: "graph.abs"(%arg0) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %m_abs = "graph.abs"(%x) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  // CHECK: "graph.rsqrt"(%arg0) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %m_rsqrt = "graph.rsqrt"(%x) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  // CHECK: "graph.sqrt"(%arg0) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %m_sqrt = "graph.sqrt"(%x) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  // CHECK: "graph.exp"(%arg0) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %m_exp = "graph.exp"(%x) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  // CHECK: "graph.log"(%arg0) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %m_log = "graph.log"(%x) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  // CHECK: "graph.square"(%arg0) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %m_square = "graph.square"(%x) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  // CHECK: "graph.sin"(%arg0) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %m_sin = "graph.sin"(%x) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  // CHECK: "graph.cos"(%arg0) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %m_cos = "graph.cos"(%x) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  // CHECK: "graph.floor"(%arg0) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %m_floor = "graph.floor"(%x) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  // CHECK: "graph.ceil"(%arg0) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %m_ceil = "graph.ceil"(%x) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  // CHECK: "graph.round"(%arg0) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %m_round = "graph.round"(%x) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  // CHECK: "graph.elu"(%arg0) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %m_elu = "graph.elu"(%x) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  // CHECK: "graph.abs"(%arg2) : ({{.*}}) -> tensor<1x8x8x4x!quant.uniform<i8:f32, 1.000000e-01:-7>>
  %m_absq = "graph.abs"(%q) : (tensor<1x8x8x4x!q8>) -> tensor<1x8x8x4x!q8b>
  // CHECK: "graph.rsqrt"(%arg2) : ({{.*}}) -> tensor<1x8x8x4x!quant.uniform<i8:f32, 1.000000e-01:-7>>
  %m_rsqrtq = "graph.rsqrt"(%q) : (tensor<1x8x8x4x!q8>) -> tensor<1x8x8x4x!q8b>
  // CHECK: "graph.elu"(%arg2) : ({{.*}}) -> tensor<1x8x8x4x!quant.uniform<i8:f32, 1.000000e-01:-7>>
  %m_eluq = "graph.elu"(%q) : (tensor<1x8x8x4x!q8>) -> tensor<1x8x8x4x!q8b>
  // Division, floored division, squared difference broadcast like add; add_n sums equal shapes.
  // CHECK: "graph.div"(%arg0, %arg1) <{fused_activation = "RELU6"}> : (tensor<1x8x8x4xf32>, tensor<4xf32>) -> tensor<1x8x8x4xf32>
  %dv = "graph.div"(%x, %y) <{fused_activation = "RELU6"}> : (tensor<1x8x8x4xf32>, tensor<4xf32>) -> tensor<1x8x8x4xf32>
  // CHECK: "graph.floor_div"(%arg0, %arg1) : (tensor<1x8x8x4xf32>, tensor<4xf32>) -> tensor<1x8x8x4xf32>
  %fd = "graph.floor_div"(%x, %y) : (tensor<1x8x8x4xf32>, tensor<4xf32>) -> tensor<1x8x8x4xf32>
  // CHECK: "graph.squared_difference"(%arg2, %arg2) : ({{.*}}) -> tensor<1x8x8x4x!quant.uniform<i8:f32, 1.000000e-01:-7>>
  %sd = "graph.squared_difference"(%q, %q) : (tensor<1x8x8x4x!q8>, tensor<1x8x8x4x!q8>) -> tensor<1x8x8x4x!q8b>
  // CHECK: "graph.add_n"(%arg0, %arg0, %arg0) : (tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %an = "graph.add_n"(%x, %x, %x) : (tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  // CHECK: "graph.hard_swish"(%arg2) : ({{.*}}) -> tensor<1x8x8x4x!quant.uniform<i8:f32, 1.000000e-01:-7>>
  %hs = "graph.hard_swish"(%q) : (tensor<1x8x8x4x!q8>) -> tensor<1x8x8x4x!q8b>
  // CHECK: "graph.hard_swish"(%arg0) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %hsf = "graph.hard_swish"(%x) : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  // CHECK: "graph.mean"(%arg2) <{axes = array<i64: 1, 2>, keep_dims = true}> : ({{.*}}) -> tensor<1x1x1x4x!quant.uniform<i8:f32, 1.000000e-01:-7>>
  %13 = "graph.mean"(%q) <{axes = array<i64: 1, 2>, keep_dims = true}> : (tensor<1x8x8x4x!q8>) -> tensor<1x1x1x4x!q8b>
  %axes = "graph.const"() <{value = dense<[-3, -2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  // CHECK: "graph.mean"(%arg0, %{{.*}}) <{keep_dims = false}> : (tensor<1x8x8x4xf32>, tensor<2xi32>) -> tensor<1x4xf32>
  %14 = "graph.mean"(%x, %axes) <{keep_dims = false}> : (tensor<1x8x8x4xf32>, tensor<2xi32>) -> tensor<1x4xf32>
  %axis = "graph.const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  // A 0-D axis, as Keras' 1-D global poolings write it.
  // CHECK: "graph.mean"(%arg0, %{{.*}}) <{keep_dims = true}> : (tensor<1x8x8x4xf32>, tensor<i32>) -> tensor<1x8x1x4xf32>
  %mean0d = "graph.mean"(%x, %axis) <{keep_dims = true}> : (tensor<1x8x8x4xf32>, tensor<i32>) -> tensor<1x8x1x4xf32>
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
  %gt = "graph.greater"(%x, %x) : (tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xi1>
  // CHECK: "graph.reduce_all"(%{{.*}}) <{axes = array<i64: 0, -1>, keep_dims = true}> : (tensor<1x8x8x4xi1>) -> tensor<1x8x8x1xi1>
  %all = "graph.reduce_all"(%gt) <{axes = array<i64: 0, -1>, keep_dims = true}> : (tensor<1x8x8x4xi1>) -> tensor<1x8x8x1xi1>
  // CHECK: "graph.reduce_all"(%{{.*}}, %{{.*}}) <{keep_dims = false}> : (tensor<1x8x8x4xi1>, tensor<2xi32>) -> tensor<1x4xi1>
  %allop = "graph.reduce_all"(%gt, %axes) <{keep_dims = false}> : (tensor<1x8x8x4xi1>, tensor<2xi32>) -> tensor<1x4xi1>
  // CHECK: "graph.cumsum"(%arg2) <{axis = array<i64: -1>, exclusive = true, reverse = false}> : ({{.*}}) -> tensor<1x8x8x4x!quant.uniform<i8:f32, 1.000000e-01:-7>>
  %cs = "graph.cumsum"(%q) <{axis = array<i64: -1>, exclusive = true, reverse = false}> : (tensor<1x8x8x4x!q8>) -> tensor<1x8x8x4x!q8b>
  %csaxis = "graph.const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  // CHECK: "graph.cumsum"(%arg0, %{{.*}}) <{exclusive = false, reverse = true}> : (tensor<1x8x8x4xf32>, tensor<i32>) -> tensor<1x8x8x4xf32>
  %csf = "graph.cumsum"(%x, %csaxis) <{exclusive = false, reverse = true}> : (tensor<1x8x8x4xf32>, tensor<i32>) -> tensor<1x8x8x4xf32>
  // TFLite Micro's int8 LOG_SOFTMAX writes scale 16/256, zero point 127.
  // CHECK: "graph.log_softmax"(%arg2) : ({{.*}}) -> tensor<1x8x8x4x!quant.uniform<i8:f32, 6.250000e-02:127>>
  %lsq = "graph.log_softmax"(%q) : (tensor<1x8x8x4x!q8>) -> tensor<1x8x8x4x!quant.uniform<i8:f32, 0.0625:127>>
  // CHECK: "graph.pad"(%arg2) <{paddings = array<i64: 0, 0, 1, 1, 2, 1, 0, 0>}> : ({{.*}}) -> tensor<1x10x11x4x!quant.uniform<i8:f32, 5.000000e-02:3>>
  %15 = "graph.pad"(%q) <{paddings = array<i64: 0, 0, 1, 1, 2, 1, 0, 0>}> : (tensor<1x8x8x4x!q8>) -> tensor<1x10x11x4x!q8>
  // A pad copies stored values: the result may be quantized unlike the input.
  // CHECK: "graph.pad"(%arg2) <{paddings = array<i64: 0, 0, 1, 1, 2, 1, 0, 0>}> : ({{.*}}) -> tensor<1x10x11x4x!quant.uniform<i8:f32, 1.000000e-01:-7>>
  %padrq = "graph.pad"(%q) <{paddings = array<i64: 0, 0, 1, 1, 2, 1, 0, 0>}> : (tensor<1x8x8x4x!q8>) -> tensor<1x10x11x4x!q8b>
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
  // CHECK: "graph.shape"(%arg2) : ({{.*}}) -> tensor<4xi32>
  %sh = "graph.shape"(%q) : (tensor<1x8x8x4x!q8>) -> tensor<4xi32>
  // CHECK: "graph.pack"(%arg2, %arg2) <{axis = -2 : i64}> : ({{.*}}) -> tensor<1x8x8x2x4x!quant.uniform<i8:f32, 5.000000e-02:3>>
  %pk = "graph.pack"(%q, %q) <{axis = -2 : i64}> : (tensor<1x8x8x4x!q8>, tensor<1x8x8x4x!q8>) -> tensor<1x8x8x2x4x!q8>
  // CHECK: %{{.*}}:2 = "graph.split"(%arg0) <{axis = array<i64: -1>, num_splits = 2 : i64}> : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8x2xf32>, tensor<1x8x8x2xf32>)
  %sp:2 = "graph.split"(%x) <{axis = array<i64: -1>, num_splits = 2 : i64}> : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8x2xf32>, tensor<1x8x8x2xf32>)
  %sizes = "graph.const"() <{value = dense<[3, -1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %sv_axis = "graph.const"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  // CHECK: %{{.*}}:2 = "graph.split_v"(%arg2, %{{.*}}, %{{.*}}) <{num_splits = 2 : i64}> : ({{.*}}) -> (tensor<1x3x8x4x!quant.uniform<i8:f32, 5.000000e-02:3>>, tensor<1x5x8x4x!quant.uniform<i8:f32, 5.000000e-02:3>>)
  %sv:2 = "graph.split_v"(%q, %sizes, %sv_axis) <{num_splits = 2 : i64}> : (tensor<1x8x8x4x!q8>, tensor<2xi32>, tensor<i32>) -> (tensor<1x3x8x4x!q8>, tensor<1x5x8x4x!q8>)
  // CHECK: %{{.*}}:4 = "graph.unpack"(%arg0) <{axis = -1 : i64, num = 4 : i64}> : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8xf32>, tensor<1x8x8xf32>, tensor<1x8x8xf32>, tensor<1x8x8xf32>)
  %up:4 = "graph.unpack"(%x) <{axis = -1 : i64, num = 4 : i64}> : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8xf32>, tensor<1x8x8xf32>, tensor<1x8x8xf32>, tensor<1x8x8xf32>)
  // CHECK: "graph.squeeze"(%arg3) <{squeeze_dims = array<i64: 1, -2>}> : ({{.*}}) -> tensor<1x4x!quant.uniform<i8:f32, 1.000000e-01:-7>>
  %sq = "graph.squeeze"(%q2) <{squeeze_dims = array<i64: 1, -2>}> : (tensor<1x1x1x4x!q8b>) -> tensor<1x4x!q8b>
  // CHECK: "graph.squeeze"(%arg3) <{squeeze_dims = array<i64>}> : ({{.*}}) -> tensor<4x!quant.uniform<i8:f32, 1.000000e-01:-7>>
  %sa = "graph.squeeze"(%q2) <{squeeze_dims = array<i64>}> : (tensor<1x1x1x4x!q8b>) -> tensor<4x!q8b>
  %ax = "graph.const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  // CHECK: "graph.expand_dims"(%arg0, %{{.*}}) : (tensor<1x8x8x4xf32>, tensor<i32>) -> tensor<1x8x8x4x1xf32>
  %ed = "graph.expand_dims"(%x, %ax) : (tensor<1x8x8x4xf32>, tensor<i32>) -> tensor<1x8x8x4x1xf32>
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
  // CHECK: "graph.log_softmax"(%{{.*}}) : (tensor<12x5xf32>) -> tensor<12x5xf32>
  %ls = "graph.log_softmax"(%4) : (tensor<12x5xf32>) -> tensor<12x5xf32>
  // CHECK: "graph.l2_normalization"(%{{.*}}) <{fused_activation = "NONE"}> : (tensor<12x5xf32>) -> tensor<12x5xf32>
  %l2n = "graph.l2_normalization"(%4) <{fused_activation = "NONE"}> : (tensor<12x5xf32>) -> tensor<12x5xf32>
  // TFLite Micro's 16x8 fully connected layer also takes per-channel weights and an i32 bias.
  %fw16 = "graph.const"() <{value = dense<1> : tensor<2x4xi8>}> : () -> tensor<2x4x!q16w>
  %fb16 = "graph.const"() <{value = dense<[5, 6]> : tensor<2xi32>}> : () -> tensor<2xi32>
  // CHECK: "graph.fully_connected"(%arg1, %{{.*}}, %{{.*}}) <{{.*}}> : ({{.*}}, tensor<2x4x{{.*}}>, tensor<2xi32>) -> tensor<49x2x!quant.uniform<i16:f32, 1.000000e-03>>
  %6 = "graph.fully_connected"(%a, %fw16, %fb16) <{fused_activation = "NONE", keep_num_dims = false}> : (tensor<1x7x7x4x!q16>, tensor<2x4x!q16w>, tensor<2xi32>) -> tensor<49x2x!q16>
  // A transposed convolution has the shape of its output_shape: stride 2 takes 7x7 to 14x13
  // (any height and width; batch and channels are the input's and the filter's).
  %tw = "graph.const"() <{value = dense<0.5> : tensor<5x3x3x3xf32>}> : () -> tensor<5x3x3x3xf32>
  // CHECK: "graph.transpose_conv"(%arg0, %{{.*}}) <{fused_activation = "RELU", output_shape = array<i64: 2, 14, 13, 5>, padding = "SAME", stride_h = 2 : i64, stride_w = 2 : i64}> : (tensor<2x7x7x3xf32>, tensor<5x3x3x3xf32>) -> tensor<2x14x13x5xf32>
  %7 = "graph.transpose_conv"(%x, %tw) <{output_shape = array<i64: 2, 14, 13, 5>, stride_h = 2 : i64, stride_w = 2 : i64, padding = "SAME", fused_activation = "RELU"}> : (tensor<2x7x7x3xf32>, tensor<5x3x3x3xf32>) -> tensor<2x14x13x5xf32>
  // Its 16x8 form takes an i16 bias, which TFLite Micro widens to 64 bits.
  %tw16 = "graph.const"() <{value = dense<1> : tensor<2x2x2x4xi8>}> : () -> tensor<2x2x2x4x!q16w>
  %tb16 = "graph.const"() <{value = dense<[5, 6]> : tensor<2xi16>}> : () -> tensor<2xi16>
  // CHECK: "graph.transpose_conv"(%arg1, %{{.*}}, %{{.*}}) <{{.*}}> : ({{.*}}, tensor<2x2x2x4x{{.*}}>, tensor<2xi16>) -> tensor<1x14x14x2x!quant.uniform<i16:f32, 1.000000e-03>>
  %8 = "graph.transpose_conv"(%a, %tw16, %tb16) <{output_shape = array<i64: 1, 14, 14, 2>, stride_h = 2 : i64, stride_w = 2 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<1x7x7x4x!q16>, tensor<2x2x2x4x!q16w>, tensor<2xi16>) -> tensor<1x14x14x2x!q16>
  // A batched product: the rank-2 right operand broadcasts over the left one's batch, adj_y reads
  // it transposed ([5, 6] as 6x5).
  // CHECK: "graph.batch_matmul"(%arg2, %{{.*}}) <{adj_x = false, adj_y = true}> : (tensor<4x3x6xf32>, tensor<5x6xf32>) -> tensor<4x3x5xf32>
  %9 = "graph.batch_matmul"(%seq, %fw) <{adj_x = false, adj_y = true}> : (tensor<4x3x6xf32>, tensor<5x6xf32>) -> tensor<4x3x5xf32>
  "func.return"() : () -> ()
}) : () -> ()

// Slicing and gathering: lists and indices as constants or attributes, indices at run time.
// CHECK-LABEL: sym_name = "gathering"
"func.func"() <{function_type = (tensor<4x5xf32>, tensor<2x3x4x!q8>, tensor<2x2xi32>) -> (), sym_name = "gathering"}> ({
^bb0(%x: tensor<4x5xf32>, %q: tensor<2x3x4x!q8>, %i: tensor<2x2xi32>):
  %begin = "graph.const"() <{value = dense<[1, 2]> : tensor<2xi64>}> : () -> tensor<2xi64>
  %size = "graph.const"() <{value = dense<[2, -1]> : tensor<2xi64>}> : () -> tensor<2xi64>
  // CHECK: "graph.slice"(%arg0, %{{.*}}, %{{.*}}) : (tensor<4x5xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x3xf32>
  %0 = "graph.slice"(%x, %begin, %size) : (tensor<4x5xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x3xf32>
  // CHECK: "graph.slice"(%arg0) <{begin = array<i64: 0, 4>, size = array<i64: -1, 1>}> : (tensor<4x5xf32>) -> tensor<4x1xf32>
  %1 = "graph.slice"(%x) <{begin = array<i64: 0, 4>, size = array<i64: -1, 1>}> : (tensor<4x5xf32>) -> tensor<4x1xf32>
  // CHECK: "graph.gather"(%arg1, %arg2) <{axis = 1 : i64, batch_dims = 1 : i64}> : (tensor<2x3x4x!quant.uniform<i8:f32, 5.000000e-02:3>>, tensor<2x2xi32>) -> tensor<2x2x4x!quant.uniform<i8:f32, 5.000000e-02:3>>
  %2 = "graph.gather"(%q, %i) <{axis = 1 : i64, batch_dims = 1 : i64}> : (tensor<2x3x4x!q8>, tensor<2x2xi32>) -> tensor<2x2x4x!q8>
  %k = "graph.const"() <{value = dense<[3, 0, 3]> : tensor<3xi32>}> : () -> tensor<3xi32>
  // CHECK: "graph.gather"(%arg0, %{{.*}}) <{axis = -2 : i64, batch_dims = 0 : i64}> : (tensor<4x5xf32>, tensor<3xi32>) -> tensor<3x5xf32>
  %3 = "graph.gather"(%x, %k) <{axis = -2 : i64, batch_dims = 0 : i64}> : (tensor<4x5xf32>, tensor<3xi32>) -> tensor<3x5xf32>
  // CHECK: "graph.reverse_v2"(%arg0) <{axes = array<i64: -1>}> : (tensor<4x5xf32>) -> tensor<4x5xf32>
  %5 = "graph.reverse_v2"(%x) <{axes = array<i64: -1>}> : (tensor<4x5xf32>) -> tensor<4x5xf32>
  %v = "graph.const"() <{value = dense<-2.5> : tensor<f32>}> : () -> tensor<f32>
  // CHECK: "graph.padv2"(%arg0, %{{.*}}) <{paddings = array<i64: 1, 0, 0, 2>}> : (tensor<4x5xf32>, tensor<f32>) -> tensor<5x7xf32>
  %6 = "graph.padv2"(%x, %v) <{paddings = array<i64: 1, 0, 0, 2>}> : (tensor<4x5xf32>, tensor<f32>) -> tensor<5x7xf32>
  // CHECK: "graph.mirror_pad"(%arg0) <{mode = "REFLECT", paddings = array<i64: 3, 0, 0, 4>}> : (tensor<4x5xf32>) -> tensor<7x9xf32>
  %7 = "graph.mirror_pad"(%x) <{mode = "REFLECT", paddings = array<i64: 3, 0, 0, 4>}> : (tensor<4x5xf32>) -> tensor<7x9xf32>
  // mirror_pad's kernel reads int64 paddings too (pad's reads int32 only).
  %p64 = "graph.const"() <{value = dense<[[1, 0], [0, 2]]> : tensor<2x2xi64>}> : () -> tensor<2x2xi64>
  // CHECK: "graph.mirror_pad"(%arg0, %{{.*}}) <{mode = "SYMMETRIC"}> : (tensor<4x5xf32>, tensor<2x2xi64>) -> tensor<5x7xf32>
  %8 = "graph.mirror_pad"(%x, %p64) <{mode = "SYMMETRIC"}> : (tensor<4x5xf32>, tensor<2x2xi64>) -> tensor<5x7xf32>
  // CHECK: "graph.gather_nd"(%arg1, %arg2) : (tensor<2x3x4x{{.*}}>, tensor<2x2xi32>) -> tensor<2x4x!quant.uniform<i8:f32, 5.000000e-02:3>>
  %4 = "graph.gather_nd"(%q, %i) : (tensor<2x3x4x!q8>, tensor<2x2xi32>) -> tensor<2x4x!q8>
  "func.return"() : () -> ()
}) : () -> ()

// Broadcasting to a shape and the broadcast of two shapes.
// CHECK-LABEL: sym_name = "broadcasts"
"func.func"() <{function_type = (tensor<3x1xi1>, tensor<2xi64>, tensor<3xi64>) -> (), sym_name = "broadcasts"}> ({
^bb0(%x: tensor<3x1xi1>, %a: tensor<2xi64>, %b: tensor<3xi64>):
  %s = "graph.const"() <{value = dense<[2, 3, 4]> : tensor<3xi32>}> : () -> tensor<3xi32>
  // CHECK: "graph.broadcast_to"(%arg0, %{{.*}}) : (tensor<3x1xi1>, tensor<3xi32>) -> tensor<2x3x4xi1>
  %0 = "graph.broadcast_to"(%x, %s) : (tensor<3x1xi1>, tensor<3xi32>) -> tensor<2x3x4xi1>
  // CHECK: "graph.broadcast_to"(%arg0) <{shape = array<i64: 3, 5>}> : (tensor<3x1xi1>) -> tensor<3x5xi1>
  %1 = "graph.broadcast_to"(%x) <{shape = array<i64: 3, 5>}> : (tensor<3x1xi1>) -> tensor<3x5xi1>
  // CHECK: "graph.broadcast_args"(%arg1, %arg2) : (tensor<2xi64>, tensor<3xi64>) -> tensor<3xi64>
  %2 = "graph.broadcast_args"(%a, %b) : (tensor<2xi64>, tensor<3xi64>) -> tensor<3xi64>
  "func.return"() : () -> ()
}) : () -> ()

// Embedding lookups: rows copied, or int8 rows dequantized into f32.
// CHECK-LABEL: sym_name = "lookups"
"func.func"() <{function_type = (tensor<3xi32>, tensor<5x4x!q8>) -> (), sym_name = "lookups"}> ({
^bb0(%ids: tensor<3xi32>, %t: tensor<5x4x!q8>):
  // CHECK: "graph.embedding_lookup"(%arg1, %arg0) : (tensor<5x4x!quant.uniform<i8:f32, 5.000000e-02:3>>, tensor<3xi32>) -> tensor<3x4x!quant.uniform<i8:f32, 5.000000e-02:3>>
  %0 = "graph.embedding_lookup"(%t, %ids) : (tensor<5x4x!q8>, tensor<3xi32>) -> tensor<3x4x!q8>
  %h = "graph.const"() <{value = dense<1> : tensor<2x2x2xi8>}> : () -> tensor<2x2x2x!quant.uniform<i8:f32, 0.5>>
  // CHECK: "graph.embedding_lookup"(%{{.*}}, %arg0) : (tensor<2x2x2x!quant.uniform<i8:f32, 5.000000e-01>>, tensor<3xi32>) -> tensor<3x2x2xf32>
  %1 = "graph.embedding_lookup"(%h, %ids) : (tensor<2x2x2x!quant.uniform<i8:f32, 0.5>>, tensor<3xi32>) -> tensor<3x2x2xf32>
  "func.return"() : () -> ()
}) : () -> ()

// A slice written at run-time start indices.
// CHECK-LABEL: sym_name = "update_slice"
"func.func"() <{function_type = (tensor<4x5xf32>, tensor<2x3xf32>, tensor<2xi64>) -> (), sym_name = "update_slice"}> ({
^bb0(%x: tensor<4x5xf32>, %u: tensor<2x3xf32>, %s: tensor<2xi64>):
  // CHECK: "graph.dynamic_update_slice"(%arg0, %arg1, %arg2) : (tensor<4x5xf32>, tensor<2x3xf32>, tensor<2xi64>) -> tensor<4x5xf32>
  %0 = "graph.dynamic_update_slice"(%x, %u, %s) : (tensor<4x5xf32>, tensor<2x3xf32>, tensor<2xi64>) -> tensor<4x5xf32>
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

// SVDF (int8, int16 state): the state variable read, stepped by svdf_state, written back, and
// the output computed from the new state (2 batches, 3 inputs, 4 filters of memory 2, rank 2).
!qsx = !quant.uniform<i8:f32, 1.562500e-02:-3>
!qsw = !quant.uniform<i8:f32, 7.812500e-03>
!qss = !quant.uniform<i16:f32, 0.000244140625>
!qst = !quant.uniform<i16:f32, 0.000030517578125>
!qsb = !quant.uniform<i32:f32, 7.450580596923828125e-09>
!qsy = !quant.uniform<i8:f32, 6.250000e-02:5>
// CHECK-LABEL: sym_name = "svdf"
"func.func"() <{function_type = (tensor<2x3x!qsx>, tensor<4x3x!qsw>, tensor<4x2x!qst>, tensor<2x!qsb>) -> tensor<2x2x!qsy>, sym_name = "svdf"}> ({
^bb0(%x: tensor<2x3x!qsx>, %wf: tensor<4x3x!qsw>, %wt: tensor<4x2x!qst>, %bias: tensor<2x!qsb>):
  %h = "graph.var_handle"() <{container = "tflite.variable_tensor", shared_name = "state", value_type = tensor<2x8x!qss>}> : () -> !graph.resource
  %old = "graph.read_variable"(%h) : (!graph.resource) -> tensor<2x8x!qss>
  // CHECK: %[[NEW:.*]] = "graph.svdf_state"(%{{.*}}, %arg0, %arg1) : (tensor<2x8x!quant.uniform<i16:f32, 2.44140625E-4>>, tensor<2x3x{{.*}}>, tensor<4x3x{{.*}}>) -> tensor<2x8x!quant.uniform<i16:f32, 2.44140625E-4>>
  %new = "graph.svdf_state"(%old, %x, %wf) : (tensor<2x8x!qss>, tensor<2x3x!qsx>, tensor<4x3x!qsw>) -> tensor<2x8x!qss>
  "graph.assign_variable"(%h, %new) : (!graph.resource, tensor<2x8x!qss>) -> ()
  // CHECK: "graph.svdf"(%[[NEW]], %arg2, %arg3) <{fused_activation = "NONE", rank = 2 : i64}> : ({{.*}}) -> tensor<2x2x!quant.uniform<i8:f32, 6.250000e-02:5>>
  %y = "graph.svdf"(%new, %wt, %bias) <{rank = 2 : i64, fused_activation = "NONE"}> : (tensor<2x8x!qss>, tensor<4x2x!qst>, tensor<2x!qsb>) -> tensor<2x2x!qsy>
  "func.return"(%y) : (tensor<2x2x!qsy>) -> ()
}) : () -> ()

// A float SVDF may fuse TANH (TFLite Micro's float kernel applies it).
// CHECK-LABEL: sym_name = "svdf_f32"
"func.func"() <{function_type = (tensor<1x8xf32>, tensor<1x3xf32>, tensor<4x3xf32>, tensor<4x2xf32>, tensor<4xf32>) -> tensor<1x4xf32>, sym_name = "svdf_f32"}> ({
^bb0(%s: tensor<1x8xf32>, %x: tensor<1x3xf32>, %wf: tensor<4x3xf32>, %wt: tensor<4x2xf32>, %bias: tensor<4xf32>):
  %new = "graph.svdf_state"(%s, %x, %wf) : (tensor<1x8xf32>, tensor<1x3xf32>, tensor<4x3xf32>) -> tensor<1x8xf32>
  // CHECK: "graph.svdf"({{.*}}) <{fused_activation = "TANH", rank = 1 : i64}>
  %y = "graph.svdf"(%new, %wt, %bias) <{rank = 1 : i64, fused_activation = "TANH"}> : (tensor<1x8xf32>, tensor<4x2xf32>, tensor<4xf32>) -> tensor<1x4xf32>
  "func.return"(%y) : (tensor<1x4xf32>) -> ()
}) : () -> ()

// UNIDIRECTIONAL_SEQUENCE_LSTM (float, batch major: 1 batch, 2 steps, 3 inputs, 4 units): both
// states read from their variables, the output sequence and the two final states computed from
// them by one op, the states written back.
// CHECK-LABEL: sym_name = "lstm"
"func.func"() <{function_type = (tensor<1x2x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x2x4xf32>, sym_name = "lstm"}> ({
^bb0(%x: tensor<1x2x3xf32>, %wi0: tensor<4x3xf32>, %wi1: tensor<4x3xf32>, %wi2: tensor<4x3xf32>, %wi3: tensor<4x3xf32>, %wr0: tensor<4x4xf32>, %wr1: tensor<4x4xf32>, %wr2: tensor<4x4xf32>, %wr3: tensor<4x4xf32>, %b0: tensor<4xf32>, %b1: tensor<4xf32>, %b2: tensor<4xf32>, %b3: tensor<4xf32>):
  %hh = "graph.var_handle"() <{container = "tflite.variable_tensor", shared_name = "hidden", value_type = tensor<1x4xf32>}> : () -> !graph.resource
  %ch = "graph.var_handle"() <{container = "tflite.variable_tensor", shared_name = "cell", value_type = tensor<1x4xf32>}> : () -> !graph.resource
  %h = "graph.read_variable"(%hh) : (!graph.resource) -> tensor<1x4xf32>
  %c = "graph.read_variable"(%ch) : (!graph.resource) -> tensor<1x4xf32>
  // CHECK: "graph.lstm"({{.*}}) <{cell_clip = 5.000000e-01 : f32, fused_activation = "TANH", time_major = false}> : ({{.*}}) -> (tensor<1x2x4xf32>, tensor<1x4xf32>, tensor<1x4xf32>)
  %y:3 = "graph.lstm"(%x, %wi0, %wi1, %wi2, %wi3, %wr0, %wr1, %wr2, %wr3, %b0, %b1, %b2, %b3, %h, %c) <{fused_activation = "TANH", cell_clip = 0.5 : f32, time_major = false}> : (tensor<1x2x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<1x4xf32>, tensor<1x4xf32>) -> (tensor<1x2x4xf32>, tensor<1x4xf32>, tensor<1x4xf32>)
  "graph.assign_variable"(%hh, %y#1) : (!graph.resource, tensor<1x4xf32>) -> ()
  "graph.assign_variable"(%ch, %y#2) : (!graph.resource, tensor<1x4xf32>) -> ()
  "func.return"(%y#0) : (tensor<1x2x4xf32>) -> ()
}) : () -> ()

// An int8 LSTM whose output sequence has its own scale and zero point (TFLite Micro copies the
// hidden state's bytes into it; the converter writes such outputs for Bidirectional LSTMs).
// CHECK-LABEL: sym_name = "lstm_int8_output_quantized_apart"
"func.func"() <{function_type = (tensor<1x2x3x!quant.uniform<i8:f32, 0.015625:-5>>, tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<1x4x!quant.uniform<i8:f32, 0.0078125:3>>, tensor<1x4x!quant.uniform<i16:f32, 0.00048828125>>) -> (), sym_name = "lstm_int8_output_quantized_apart"}> ({
^bb0(%a0: tensor<1x2x3x!quant.uniform<i8:f32, 0.015625:-5>>, %a1: tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, %a2: tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, %a3: tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, %a4: tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, %a5: tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, %a6: tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, %a7: tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, %a8: tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, %a9: tensor<4xi32>, %a10: tensor<4xi32>, %a11: tensor<4xi32>, %a12: tensor<4xi32>, %a13: tensor<1x4x!quant.uniform<i8:f32, 0.0078125:3>>, %a14: tensor<1x4x!quant.uniform<i16:f32, 0.00048828125>>):
  // CHECK: "graph.lstm"
  %0:3 = "graph.lstm"(%a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11, %a12, %a13, %a14) <{fused_activation = "TANH", cell_clip = 0.0 : f32, time_major = false}> : (tensor<1x2x3x!quant.uniform<i8:f32, 0.015625:-5>>, tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x3x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, tensor<4x4x!quant.uniform<i8:f32, 0.0078125>>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<1x4x!quant.uniform<i8:f32, 0.0078125:3>>, tensor<1x4x!quant.uniform<i16:f32, 0.00048828125>>) -> (tensor<1x2x4x!quant.uniform<i8:f32, 0.03125:-9>>, tensor<1x4x!quant.uniform<i8:f32, 0.0078125:3>>, tensor<1x4x!quant.uniform<i16:f32, 0.00048828125>>)
  "func.return"() : () -> ()
}) : () -> ()

// An int8 tensor quantized per channel dequantizes (with its first channel's parameters, as
// TFLite Micro does).
// CHECK-LABEL: sym_name = "dequantize_per_channel"
"func.func"() <{function_type = (tensor<2x3x!quant.uniform<i8:f32:0, {0.25:-7, 0.5:2}>>) -> tensor<2x3xf32>, sym_name = "dequantize_per_channel"}> ({
^bb0(%x: tensor<2x3x!quant.uniform<i8:f32:0, {0.25:-7, 0.5:2}>>):
  // CHECK: "graph.dequantize"(%arg0) : (tensor<2x3x!quant.uniform<i8:f32:0, {2.500000e-01:-7,5.000000e-01:2}>>) -> tensor<2x3xf32>
  %0 = "graph.dequantize"(%x) : (tensor<2x3x!quant.uniform<i8:f32:0, {0.25:-7, 0.5:2}>>) -> tensor<2x3xf32>
  "func.return"(%0) : (tensor<2x3xf32>) -> ()
}) : () -> ()

// A reshape or transpose moves the stored values: its output may be quantized unlike its input
// (per tensor, the same storage), as TFLite Micro's RESHAPE and TRANSPOSE allow.
// CHECK-LABEL: sym_name = "requantized_reshape"
"func.func"() <{function_type = (tensor<2x3x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<6x!quant.uniform<i8:f32, 0.02:17>>, sym_name = "requantized_reshape"}> ({
^bb0(%x: tensor<2x3x!quant.uniform<i8:f32, 0.5:-3>>):
  // CHECK: "graph.reshape"(%arg0) <{new_shape = array<i64: 6>}> : (tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<6x!quant.uniform<i8:f32, 2.000000e-02:17>>
  %0 = "graph.reshape"(%x) <{new_shape = array<i64: 6>}> : (tensor<2x3x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<6x!quant.uniform<i8:f32, 0.02:17>>
  // CHECK: "graph.transpose"(%arg0) <{perm = array<i64: 1, 0>}> : (tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<3x2x!quant.uniform<i8:f32, 2.000000e-02:17>>
  %1 = "graph.transpose"(%x) <{perm = array<i64: 1, 0>}> : (tensor<2x3x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<3x2x!quant.uniform<i8:f32, 0.02:17>>
  "func.return"(%0) : (tensor<6x!quant.uniform<i8:f32, 0.02:17>>) -> ()
}) : () -> ()

// INT4 weights (TFLite's 4-bit quantization): an i4 constant, each value an element, as
// upstream MLIR prints i4 dense elements; int8 convolutions and fully connected layers take them.
// CHECK-LABEL: sym_name = "int4_weights"
"func.func"() <{function_type = (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5:-3>>, tensor<1x3x!quant.uniform<i8:f32, 0.5:-3>>) -> (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.25:1>>, tensor<1x4x4x2x!quant.uniform<i8:f32, 0.25:1>>, tensor<1x2x!quant.uniform<i8:f32, 0.25:1>>), sym_name = "int4_weights"}> ({
^bb0(%x: tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5:-3>>, %v: tensor<1x3x!quant.uniform<i8:f32, 0.5:-3>>):
  // CHECK: "graph.const"() <{value = dense<{{\[}}{{\[}}{{\[}}[1, -8]]], {{\[}}{{\[}}[7, -1]]]]> : tensor<2x1x1x2xi4>}> : () -> tensor<2x1x1x2x!quant.uniform<i4:f32:0, {5.000000e-01,2.500000e-01}>>
  %w = "graph.const"() <{value = dense<[[[[1, -8]]], [[[7, -1]]]]> : tensor<2x1x1x2xi4>}> : () -> tensor<2x1x1x2x!quant.uniform<i4:f32:0, {0.5, 0.25}>>
  // CHECK: "graph.conv_2d"(%arg0, %{{.*}}) {{.*}} : (tensor<1x4x4x2x{{.*}}>, tensor<2x1x1x2x!quant.uniform<i4:f32:0, {{.*}}>>) -> tensor<1x4x4x2x
  %0 = "graph.conv_2d"(%x, %w) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5:-3>>, tensor<2x1x1x2x!quant.uniform<i4:f32:0, {0.5, 0.25}>>) -> tensor<1x4x4x2x!quant.uniform<i8:f32, 0.25:1>>
  %dw = "graph.const"() <{value = dense<[[[[1, -8]]]]> : tensor<1x1x1x2xi4>}> : () -> tensor<1x1x1x2x!quant.uniform<i4:f32:3, {0.5, 0.25}>>
  // CHECK: "graph.depthwise_conv_2d"
  %1 = "graph.depthwise_conv_2d"(%x, %dw) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, depth_multiplier = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5:-3>>, tensor<1x1x1x2x!quant.uniform<i4:f32:3, {0.5, 0.25}>>) -> tensor<1x4x4x2x!quant.uniform<i8:f32, 0.25:1>>
  %fw = "graph.const"() <{value = dense<[[1, 2, 3], [-4, -5, -6]]> : tensor<2x3xi4>}> : () -> tensor<2x3x!quant.uniform<i4:f32, 0.125>>
  // CHECK: "graph.fully_connected"
  %2 = "graph.fully_connected"(%v, %fw) <{fused_activation = "NONE", keep_num_dims = false}> : (tensor<1x3x!quant.uniform<i8:f32, 0.5:-3>>, tensor<2x3x!quant.uniform<i4:f32, 0.125>>) -> tensor<1x2x!quant.uniform<i8:f32, 0.25:1>>
  "func.return"(%0, %1, %2) : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.25:1>>, tensor<1x4x4x2x!quant.uniform<i8:f32, 0.25:1>>, tensor<1x2x!quant.uniform<i8:f32, 0.25:1>>) -> ()
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
