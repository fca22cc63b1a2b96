// graph-prune: pure ops nothing reads go, transitively, down to their constants and blobs;
// side-effecting ops and function arguments stay.

// RUN: mc-opt --print-generic %s --allow-unregistered-dialect --split-input-file --graph-prune | FileCheck %s
// RUN: mc-opt --print-generic %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(func.func(graph-prune))' | FileCheck %s
// RUN: mc-opt --print-generic %s --allow-unregistered-dialect --split-input-file --graph-prune=drop-blobs=false | FileCheck %s

// A streaming keyword-spotting step: the logits head that nothing returns goes with its weights
// (its blob leaves the resource section); the unused second input stays; the state update stays
// with what it stores; an unused variable read and its handle stay (not pure).
// CHECK-LABEL: sym_name = "kws_step"
// CHECK-NEXT:  ^bb0(%[[X:.*]]: tensor<1x1x10x8x!quant.uniform<i8:f32, 1.000000e-01:-5>>, %[[UNUSED:.*]]: tensor<1x4x!quant.uniform<i8:f32, 1.000000e-01:-5>>):
// CHECK-NEXT:    %[[H:.*]] = "graph.var_handle"()
// CHECK-NEXT:    %{{.*}} = "graph.read_variable"(%[[H]])
// CHECK-NEXT:    %[[R:.*]] = "graph.relu"(%[[X]])
// CHECK-NEXT:    "graph.assign_variable"(%[[H]], %[[R]])
// CHECK-NEXT:    %[[DW:.*]] = "graph.const"() <{value = dense_resource<dw_w> : tensor<1x3x3x8xi8>}>
// CHECK-NEXT:    %[[DWB:.*]] = "graph.const"() <{value = dense<0> : tensor<8xi32>}>
// CHECK-NEXT:    %[[Y:.*]] = "graph.depthwise_conv_2d"(%[[X]], %[[DW]], %[[DWB]])
// CHECK-NEXT:    "func.return"(%[[Y]])
// CHECK-NEXT:  }) : () -> ()
// CHECK:       dialect_resources: {
// CHECK-NEXT:    builtin: {
// CHECK-NEXT:      dw_w: "0x10000000
// CHECK-NEXT:    }
// CHECK-NEXT:  }
!q = !quant.uniform<i8:f32, 0.1:-5>
!qdw = !quant.uniform<i8<-127:127>:f32:3, {0.02, 0.02, 0.02, 0.02, 0.04, 0.04, 0.04, 0.04}>
!qdwb = !quant.uniform<i32:f32:0, {0.002, 0.002, 0.002, 0.002, 0.004, 0.004, 0.004, 0.004}>
!qfc = !quant.uniform<i8<-127:127>:f32, 0.01>
!qfcb = !quant.uniform<i32:f32, 0.001>
!qlogit = !quant.uniform<i8:f32, 0.2:7>
"func.func"() <{function_type = (tensor<1x1x10x8x!q>, tensor<1x4x!q>) -> tensor<1x1x10x8x!q>, sym_name = "kws_step"}> ({
^bb0(%x: tensor<1x1x10x8x!q>, %unused: tensor<1x4x!q>):
  %h = "graph.var_handle"() <{container = "", shared_name = "kws/state", value_type = tensor<1x1x10x8x!q>}> : () -> !graph.resource
  %old = "graph.read_variable"(%h) : (!graph.resource) -> tensor<1x1x10x8x!q>
  %r = "graph.relu"(%x) : (tensor<1x1x10x8x!q>) -> tensor<1x1x10x8x!q>
  "graph.assign_variable"(%h, %r) : (!graph.resource, tensor<1x1x10x8x!q>) -> ()
  %dw_w = "graph.const"() <{value = dense_resource<dw_w> : tensor<1x3x3x8xi8>}> : () -> tensor<1x3x3x8x!qdw>
  %dw_b = "graph.const"() <{value = dense<0> : tensor<8xi32>}> : () -> tensor<8x!qdwb>
  %y = "graph.depthwise_conv_2d"(%x, %dw_w, %dw_b) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, depth_multiplier = 1 : i64, padding = "SAME", fused_activation = "RELU6"}> : (tensor<1x1x10x8x!q>, tensor<1x3x3x8x!qdw>, tensor<8x!qdwb>) -> tensor<1x1x10x8x!q>
  %fc_w = "graph.const"() <{value = dense_resource<fc_w> : tensor<4x80xi8>}> : () -> tensor<4x80x!qfc>
  %fc_b = "graph.const"() <{value = dense<[1, -1, 2, -2]> : tensor<4xi32>}> : () -> tensor<4x!qfcb>
  %shape = "graph.const"() <{value = dense<[1, 80]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %flat = "graph.reshape"(%y, %shape) : (tensor<1x1x10x8x!q>, tensor<2xi32>) -> tensor<1x80x!q>
  %logits = "graph.fully_connected"(%flat, %fc_w, %fc_b) <{fused_activation = "NONE", keep_num_dims = false}> : (tensor<1x80x!q>, tensor<4x80x!qfc>, tensor<4x!qfcb>) -> tensor<1x4x!qlogit>
  %probs = "graph.softmax"(%logits) <{beta = 1.0 : f32}> : (tensor<1x4x!qlogit>) -> tensor<1x4x!quant.uniform<i8:f32, 0.00390625:-128>>
  "func.return"(%y) : (tensor<1x1x10x8x!q>) -> ()
}) : () -> ()
{-#
  dialect_resources: {
    builtin: {
      dw_w: "0x10000000010203040506070801020304050607080102030405060708010203040506070801020304050607080102030405060708010203040506070801020304050607080102030405060708",
      fc_w: "0x1000000000070E151C232A31383F464D545B626970777E858C939AA1A8AFB6BDC4CBD2D9E0E7EEF5FC030A11181F262D343B424950575E656C737A81888F969DA4ABB2B9C0C7CED5DCE3EAF1F8FF060D141B222930373E454C535A61686F767D848B9299A0A7AEB5BCC3CAD1D8DFE6EDF4FB020910171E252C333A41484F565D646B727980878E959CA3AAB1B8BFC6CDD4DBE2E9F0F7FE050C131A21282F363D444B525960676E757C838A91989FA6ADB4BBC2C9D0D7DEE5ECF3FA01080F161D242B323940474E555C636A71787F868D949BA2A9B0B7BEC5CCD3DAE1E8EFF6FD040B121920272E353C434A51585F666D747B828990979EA5ACB3BAC1C8CFD6DDE4EBF2F900070E151C232A31383F464D545B626970777E858C939AA1A8AFB6BDC4CBD2D9E0E7EEF5FC030A11181F262D343B424950575E656C737A81888F969DA4ABB2B9"
    }
  }
#-}

// -----

// A constant read by a dead op and by a live one stays; unregistered ops are kept (their
// effects are unknown), and so is what they read; a function with nothing dead is unchanged.
// CHECK-LABEL: sym_name = "shared"
// CHECK-NEXT:  ^bb0(%[[X:.*]]: tensor<1x16xf32>):
// CHECK-NEXT:    %[[C:.*]] = "graph.const"() <{value = dense<5.000000e-01> : tensor<16xf32>}>
// CHECK-NEXT:    %[[S:.*]] = "graph.sub"(%[[X]], %[[C]])
// CHECK-NEXT:    "test.sink"(%[[S]])
// CHECK-NEXT:    %[[A:.*]] = "graph.add"(%[[X]], %[[C]])
// CHECK-NEXT:    "func.return"(%[[A]])
// CHECK-LABEL: sym_name = "nothing_dead"
// CHECK-NEXT:  ^bb0(%[[X:.*]]: tensor<4xf32>):
// CHECK-NEXT:    %[[R:.*]] = "graph.relu6"(%[[X]])
// CHECK-NEXT:    "func.return"(%[[R]])
"func.func"() <{function_type = (tensor<1x16xf32>) -> tensor<1x16xf32>, sym_name = "shared"}> ({
^bb0(%x: tensor<1x16xf32>):
  %c = "graph.const"() <{value = dense<0.5> : tensor<16xf32>}> : () -> tensor<16xf32>
  %dead = "graph.mul"(%x, %c) <{fused_activation = "NONE"}> : (tensor<1x16xf32>, tensor<16xf32>) -> tensor<1x16xf32>
  %s = "graph.sub"(%x, %c) <{fused_activation = "NONE"}> : (tensor<1x16xf32>, tensor<16xf32>) -> tensor<1x16xf32>
  "test.sink"(%s) : (tensor<1x16xf32>) -> ()
  %a = "graph.add"(%x, %c) <{fused_activation = "NONE"}> : (tensor<1x16xf32>, tensor<16xf32>) -> tensor<1x16xf32>
  "func.return"(%a) : (tensor<1x16xf32>) -> ()
}) : () -> ()
"func.func"() <{function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "nothing_dead"}> ({
^bb0(%x: tensor<4xf32>):
  %r = "graph.relu6"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  "func.return"(%r) : (tensor<4xf32>) -> ()
}) : () -> ()
