// graph-infer-shapes: result shapes from the graph ops' shape rules, in order, keeping each
// result's element type and quantization; the function's result types follow. The inputs carry
// placeholder shapes, so they are read without the parse-time verifier (--verify-each checks the
// pass's output).

// RUN: mc-opt --print-generic %s --mlir-very-unsafe-disable-verifier-on-parsing --split-input-file --graph-infer-shapes --verify-diagnostics | FileCheck %s
// RUN: mc-opt --print-generic %s --mlir-very-unsafe-disable-verifier-on-parsing --split-input-file --pass-pipeline='builtin.module(func.func(graph-infer-shapes))' --verify-diagnostics | FileCheck %s
// With a fixed signature, a changed result type is an error at the return.
// RUN: not mc-opt --print-generic %s --mlir-very-unsafe-disable-verifier-on-parsing --split-input-file --graph-infer-shapes=update-signature=false 2>&1 | FileCheck %s --check-prefix=FIXED

// A keyword-spotting network whose intermediate tensors all say 1x1 (as a converter that lost
// them would write): conv SAME/2 over 49x10 gives 25x5, the depthwise keeps it, the 25x5 average
// pool gives 1x1, the reshape by a constant [1, -1] flattens to 1x4, then 1x3 logits and probs.
// CHECK-LABEL: "func.func"() <{function_type = (tensor<1x49x10x1x!quant.uniform<i8:f32, 5.000000e-01:-128>>) -> tensor<1x3x!quant.uniform<i8:f32, 3.906250e-03:-128>>, sym_name = "kws"}>
// CHECK:         %[[CONV:.*]] = "graph.conv_2d"({{.*}}) -> tensor<1x25x5x4x!quant.uniform<i8:f32, 2.500000e-01:-128>>
// CHECK:         %[[DW:.*]] = "graph.depthwise_conv_2d"(%[[CONV]], {{.*}}) -> tensor<1x25x5x4x!quant.uniform<i8:f32, 2.500000e-01:-128>>
// CHECK-NEXT:    %[[POOL:.*]] = "graph.avg_pool_2d"(%[[DW]]) {{.*}} -> tensor<1x1x1x4x!quant.uniform<i8:f32, 2.500000e-01:-128>>
// CHECK-NEXT:    %[[SHAPE:.*]] = "graph.const"() <{value = dense<[1, -1]> : tensor<2xi32>}> : () -> tensor<2xi32>
// CHECK-NEXT:    %[[FLAT:.*]] = "graph.reshape"(%[[POOL]], %[[SHAPE]]) : (tensor<1x1x1x4x{{.*}}>, tensor<2xi32>) -> tensor<1x4x!quant.uniform<i8:f32, 2.500000e-01:-128>>
// CHECK:         %[[LOGITS:.*]] = "graph.fully_connected"(%[[FLAT]], {{.*}}) -> tensor<1x3x!quant.uniform<i8:f32, 1.000000e-01:12>>
// CHECK-NEXT:    %[[PROB:.*]] = "graph.softmax"(%[[LOGITS]]) {{.*}} -> tensor<1x3x!quant.uniform<i8:f32, 3.906250e-03:-128>>
// CHECK-NEXT:    "func.return"(%[[PROB]]) : (tensor<1x3x!quant.uniform<i8:f32, 3.906250e-03:-128>>) -> ()
// FIXED: graph-infer-shapes.mlir:[[@LINE+26]]:3: error: 'func.return' op has inferred type 'tensor<1x3x!quant.uniform<i8:f32, 3.906250e-03:-128>>' for result #0, but the function's result type is 'tensor<1x1x!quant.uniform<i8:f32, 3.906250e-03:-128>>' (update-signature=false)
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
"func.func"() <{function_type = (tensor<1x49x10x1x!qin>) -> tensor<1x1x!qprob>, sym_name = "kws"}> ({
^bb0(%input: tensor<1x49x10x1x!qin>):
  %w = "graph.const"() <{value = dense<1> : tensor<4x3x3x1xi8>}> : () -> tensor<4x3x3x1x!qw>
  %b = "graph.const"() <{value = dense<[10, -20, 30, -40]> : tensor<4xi32>}> : () -> tensor<4x!qb>
  %conv = "graph.conv_2d"(%input, %w, %b) <{stride_h = 2 : i64, stride_w = 2 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "RELU"}> : (tensor<1x49x10x1x!qin>, tensor<4x3x3x1x!qw>, tensor<4x!qb>) -> tensor<1x1x1x1x!qconv>
  %dw_w = "graph.const"() <{value = dense<2> : tensor<1x3x3x4xi8>}> : () -> tensor<1x3x3x4x!qdw>
  %dw_b = "graph.const"() <{value = dense<0> : tensor<4xi32>}> : () -> tensor<4x!qdwb>
  %dw = "graph.depthwise_conv_2d"(%conv, %dw_w, %dw_b) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, depth_multiplier = 1 : i64, padding = "SAME", fused_activation = "RELU6"}> : (tensor<1x1x1x1x!qconv>, tensor<1x3x3x4x!qdw>, tensor<4x!qdwb>) -> tensor<1x1x1x1x!qconv>
  %pool = "graph.avg_pool_2d"(%dw) <{filter_h = 25 : i64, filter_w = 5 : i64, stride_h = 1 : i64, stride_w = 1 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<1x1x1x1x!qconv>) -> tensor<1x1x1x1x!qconv>
  %shape = "graph.const"() <{value = dense<[1, -1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %flat = "graph.reshape"(%pool, %shape) : (tensor<1x1x1x1x!qconv>, tensor<2xi32>) -> tensor<1x1x!qconv>
  %fc_w = "graph.const"() <{value = dense<3> : tensor<3x4xi8>}> : () -> tensor<3x4x!qfc>
  %fc_b = "graph.const"() <{value = dense<[1, 2, 3]> : tensor<3xi32>}> : () -> tensor<3x!qfcb>
  %logits = "graph.fully_connected"(%flat, %fc_w, %fc_b) <{fused_activation = "NONE", keep_num_dims = false}> : (tensor<1x1x!qconv>, tensor<3x4x!qfc>, tensor<3x!qfcb>) -> tensor<1x1x!qlogit>
  %prob = "graph.softmax"(%logits) <{beta = 1.0 : f32}> : (tensor<1x1x!qlogit>) -> tensor<1x1x!qprob>
  "func.return"(%prob) : (tensor<1x1x!qprob>) -> ()
}) : () -> ()

// -----

// Shape-like operands and attributes: a transpose by a constant perm, a mean over constant axes,
// a pad by constant paddings, a strided slice by attributes. A variable read takes the variable's
// whole type; the broadcasting add follows it. A reshape by a shape that is not a constant has no
// rule and keeps its type. The returned types were already right: the signature stays.
// CHECK-LABEL: sym_name = "lists_and_variables"
// CHECK:         "graph.transpose"(%{{.*}}, %{{.*}}) : ({{.*}}) -> tensor<1x8x6x4x!quant.uniform<i8:f32, 1.000000e-01:-5>>
// CHECK:         "graph.mean"(%{{.*}}, %{{.*}}) <{keep_dims = false}> : ({{.*}}) -> tensor<1x4x!quant.uniform<i8:f32, 2.000000e-01:3>>
// CHECK:         "graph.pad"(%{{.*}}, %{{.*}}) : ({{.*}}) -> tensor<1x9x9x4x!quant.uniform<i8:f32, 1.000000e-01:-5>>
// CHECK:         "graph.strided_slice"(%{{.*}}) <{{.*}}> : ({{.*}}) -> tensor<1x3x6x4x!quant.uniform<i8:f32, 1.000000e-01:-5>>
// CHECK:         %[[OLD:.*]] = "graph.read_variable"(%{{.*}}) : (!graph.resource) -> tensor<1x4x!quant.uniform<i8:f32, 2.000000e-01:3>>
// CHECK-NEXT:    %[[SUM:.*]] = "graph.add"(%{{.*}}, %[[OLD]]) {{.*}} -> tensor<1x4x!quant.uniform<i8:f32, 2.000000e-01:3>>
// CHECK:         "graph.reshape"(%{{.*}}, %{{.*}}) : ({{.*}}, tensor<2xi32>) -> tensor<8x24x!quant.uniform<i8:f32, 1.000000e-01:-5>>
!q = !quant.uniform<i8:f32, 0.1:-5>
!qm = !quant.uniform<i8:f32, 0.2:3>
"func.func"() <{function_type = (tensor<1x6x4x8x!q>, tensor<2xi32>) -> (tensor<1x8x6x4x!q>, tensor<1x9x9x4x!q>, tensor<1x3x6x4x!q>, tensor<1x4x!qm>, tensor<8x24x!q>), sym_name = "lists_and_variables"}> ({
^bb0(%x: tensor<1x6x4x8x!q>, %shape: tensor<2xi32>):
  %perm = "graph.const"() <{value = dense<[0, 3, 1, 2]> : tensor<4xi32>}> : () -> tensor<4xi32>
  %t = "graph.transpose"(%x, %perm) : (tensor<1x6x4x8x!q>, tensor<4xi32>) -> tensor<1x1x1x1x!q>
  %axes = "graph.const"() <{value = dense<[1, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %m = "graph.mean"(%t, %axes) <{keep_dims = false}> : (tensor<1x1x1x1x!q>, tensor<2xi32>) -> tensor<1x1x!qm>
  %pads = "graph.const"() <{value = dense<[[0, 0], [0, 1], [1, 2], [0, 0]]> : tensor<4x2xi32>}> : () -> tensor<4x2xi32>
  %p = "graph.pad"(%t, %pads) : (tensor<1x1x1x1x!q>, tensor<4x2xi32>) -> tensor<1x1x1x1x!q>
  %s = "graph.strided_slice"(%t) <{begin = array<i64: 0, 2, 0, 0>, end = array<i64: 1, 8, 6, 4>, strides = array<i64: 1, 2, 1, 1>, begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64, offset = false}> : (tensor<1x1x1x1x!q>) -> tensor<1x1x1x1x!q>
  %h = "graph.var_handle"() <{container = "", shared_name = "acc", value_type = tensor<1x4x!qm>}> : () -> !graph.resource
  %old = "graph.read_variable"(%h) : (!graph.resource) -> tensor<1x1x!qm>
  %sum = "graph.add"(%m, %old) <{fused_activation = "NONE"}> : (tensor<1x1x!qm>, tensor<1x1x!qm>) -> tensor<1x1x!qm>
  "graph.assign_variable"(%h, %sum) : (!graph.resource, tensor<1x1x!qm>) -> ()
  %r = "graph.reshape"(%x, %shape) : (tensor<1x6x4x8x!q>, tensor<2xi32>) -> tensor<8x24x!q>
  "func.return"(%t, %p, %s, %sum, %r) : (tensor<1x1x1x1x!q>, tensor<1x1x1x1x!q>, tensor<1x1x1x1x!q>, tensor<1x1x!qm>, tensor<8x24x!q>) -> ()
}) : () -> ()

// -----

// Inference fails at the first op whose operands admit no result, with its location: here the
// pool window no longer fits once the conv's real output (4x4) is known.
!q = !quant.uniform<i8:f32, 0.5:-128>
!qw = !quant.uniform<i8<-127:127>:f32, 0.01>
"func.func"() <{function_type = (tensor<1x8x8x2x!q>) -> tensor<1x1x1x2x!q>, sym_name = "window_too_big"}> ({
^bb0(%x: tensor<1x8x8x2x!q>):
  %w = "graph.const"() <{value = dense<1> : tensor<2x3x3x2xi8>}> : () -> tensor<2x3x3x2x!qw>
  %c = "graph.conv_2d"(%x, %w) <{stride_h = 2 : i64, stride_w = 2 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x8x8x2x!q>, tensor<2x3x3x2x!qw>) -> tensor<1x8x8x2x!q>
  // expected-error@+1 {{'graph.max_pool_2d' op output height would be -3 (input 4, filter 8, stride 1, dilation 1, VALID padding)}}
  %p = "graph.max_pool_2d"(%c) <{filter_h = 8 : i64, filter_w = 8 : i64, stride_h = 1 : i64, stride_w = 1 : i64, padding = "VALID", fused_activation = "NONE"}> : (tensor<1x8x8x2x!q>) -> tensor<1x1x1x2x!q>
  "func.return"(%p) : (tensor<1x1x1x2x!q>) -> ()
}) : () -> ()
