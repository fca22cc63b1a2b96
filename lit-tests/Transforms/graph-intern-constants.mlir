// graph-intern-constants: byte-identical constants of one type become one constant; equal blobs
// become one blob, across functions and types.

// RUN: mc-opt --print-generic %s --split-input-file --graph-intern-constants | FileCheck %s
// Nested in functions, the same: blobs are a module-wide table.
// RUN: mc-opt --print-generic %s --split-input-file --pass-pipeline='builtin.module(func.func(graph-intern-constants))' | FileCheck %s
// Upstream MLIR reads the result, resources included.
// RUN: mc-opt --print-generic %s --split-input-file --graph-intern-constants | mlir-opt-22 --allow-unregistered-dialect --split-input-file > /dev/null

// Two depthwise blocks of a MobileNet-like model with the same (here: tiny) weights and biases.
// The second block's weights blob holds the first's bytes under the same type: one constant.
// Its bias is a dense literal with the bytes of the first's blob: one constant. The zero biases
// (a splat and its expansion) are one constant. The pointwise weights hold equal bytes under
// different scales: two constants, one blob.
// CHECK-LABEL: sym_name = "two_blocks"
// CHECK-NEXT:  ^bb0(%[[X:.*]]: tensor<1x4x4x2x{{.*}}>):
// CHECK-NEXT:    %[[W:.*]] = "graph.const"() <{value = dense_resource<block1_dw_w> : tensor<1x3x3x2xi8>}>
// CHECK-NEXT:    %[[B:.*]] = "graph.const"() <{value = dense_resource<block1_dw_b> : tensor<2xi32>}>
// CHECK-NEXT:    %[[Y1:.*]] = "graph.depthwise_conv_2d"(%[[X]], %[[W]], %[[B]])
// CHECK-NEXT:    %[[Y2:.*]] = "graph.depthwise_conv_2d"(%[[Y1]], %[[W]], %[[B]])
// CHECK-NEXT:    %[[PW1:.*]] = "graph.const"() <{value = dense_resource<pw1_w> : tensor<2x1x1x2xi8>}> : () -> tensor<2x1x1x2x!quant.uniform<i8<-127:127>:f32, 1.000000e-02>>
// CHECK-NEXT:    %[[ZERO:.*]] = "graph.const"() <{value = dense<0> : tensor<2xi32>}>
// CHECK-NEXT:    %[[Z1:.*]] = "graph.conv_2d"(%[[Y2]], %[[PW1]], %[[ZERO]])
// CHECK-NEXT:    %[[PW2:.*]] = "graph.const"() <{value = dense_resource<pw1_w> : tensor<2x1x1x2xi8>}> : () -> tensor<2x1x1x2x!quant.uniform<i8<-127:127>:f32, 2.000000e-02>>
// CHECK-NEXT:    %[[Z2:.*]] = "graph.conv_2d"(%[[Z1]], %[[PW2]], %[[ZERO]])
// CHECK-NEXT:    "func.return"(%[[Z2]])
// CHECK:       dialect_resources: {
// CHECK-NEXT:    builtin: {
// CHECK-NEXT:      block1_dw_w: "0x10000000
// CHECK-NEXT:      block1_dw_b: "0x04000000
// CHECK-NEXT:      pw1_w: "0x1000000001020304"
// CHECK-NEXT:    }
// CHECK-NEXT:  }
!q = !quant.uniform<i8:f32, 0.5:-128>
!qdw = !quant.uniform<i8<-127:127>:f32, 0.01>
!qdwb = !quant.uniform<i32:f32, 0.005>
!qpw1 = !quant.uniform<i8<-127:127>:f32, 0.01>
!qpw2 = !quant.uniform<i8<-127:127>:f32, 0.02>
!qpwb1 = !quant.uniform<i32:f32, 0.005>
!q2 = !quant.uniform<i8:f32, 0.25:-128>
"func.func"() <{function_type = (tensor<1x4x4x2x!q>) -> tensor<1x4x4x2x!q>, sym_name = "two_blocks"}> ({
^bb0(%x: tensor<1x4x4x2x!q>):
  %w1 = "graph.const"() <{value = dense_resource<block1_dw_w> : tensor<1x3x3x2xi8>}> : () -> tensor<1x3x3x2x!qdw>
  %b1 = "graph.const"() <{value = dense_resource<block1_dw_b> : tensor<2xi32>}> : () -> tensor<2x!qdwb>
  %y1 = "graph.depthwise_conv_2d"(%x, %w1, %b1) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, depth_multiplier = 1 : i64, padding = "SAME", fused_activation = "RELU6"}> : (tensor<1x4x4x2x!q>, tensor<1x3x3x2x!qdw>, tensor<2x!qdwb>) -> tensor<1x4x4x2x!q>
  %w2 = "graph.const"() <{value = dense_resource<block2_dw_w> : tensor<1x3x3x2xi8>}> : () -> tensor<1x3x3x2x!qdw>
  %b2 = "graph.const"() <{value = dense<[100, -100]> : tensor<2xi32>}> : () -> tensor<2x!qdwb>
  %y2 = "graph.depthwise_conv_2d"(%y1, %w2, %b2) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, depth_multiplier = 1 : i64, padding = "SAME", fused_activation = "RELU6"}> : (tensor<1x4x4x2x!q>, tensor<1x3x3x2x!qdw>, tensor<2x!qdwb>) -> tensor<1x4x4x2x!q>
  %pw1 = "graph.const"() <{value = dense_resource<pw1_w> : tensor<2x1x1x2xi8>}> : () -> tensor<2x1x1x2x!qpw1>
  %pb1 = "graph.const"() <{value = dense<0> : tensor<2xi32>}> : () -> tensor<2x!qpwb1>
  %z1 = "graph.conv_2d"(%y2, %pw1, %pb1) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x4x4x2x!q>, tensor<2x1x1x2x!qpw1>, tensor<2x!qpwb1>) -> tensor<1x4x4x2x!q2>
  %pw2 = "graph.const"() <{value = dense_resource<pw2_w> : tensor<2x1x1x2xi8>}> : () -> tensor<2x1x1x2x!qpw2>
  %pb2 = "graph.const"() <{value = dense<[0, 0]> : tensor<2xi32>}> : () -> tensor<2x!qpwb1>
  %z2 = "graph.conv_2d"(%z1, %pw2, %pb2) <{stride_h = 1 : i64, stride_w = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, padding = "SAME", fused_activation = "NONE"}> : (tensor<1x4x4x2x!q2>, tensor<2x1x1x2x!qpw2>, tensor<2x!qpwb1>) -> tensor<1x4x4x2x!q>
  "func.return"(%z2) : (tensor<1x4x4x2x!q>) -> ()
}) : () -> ()
{-#
  dialect_resources: {
    builtin: {
      block1_dw_w: "0x10000000010203040506070809F1F2F3F4F5F6F7F8F9",
      block1_dw_b: "0x04000000640000009CFFFFFF",
      block2_dw_w: "0x10000000010203040506070809F1F2F3F4F5F6F7F8F9",
      pw1_w: "0x1000000001020304",
      pw2_w: "0x0400000001020304"
    }
  }
#-}

// -----

// Functions never share constant ops, but their blobs are shared: @second points at the first
// blob of the resource table with its bytes (@first's), which takes the larger alignment (16) of
// the two. Different bytes stay apart.
// CHECK-LABEL: sym_name = "first"
// CHECK:         "graph.const"() <{value = dense_resource<first_w> : tensor<4x8xi8>}>
// CHECK-LABEL: sym_name = "second"
// CHECK:         "graph.const"() <{value = dense_resource<first_w> : tensor<4x8xi8>}>
// CHECK:         "graph.const"() <{value = dense_resource<second_other> : tensor<4x8xi8>}>
// CHECK:       dialect_resources: {
// CHECK-NEXT:    builtin: {
// CHECK-NEXT:      first_w: "0x10000000000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F",
// CHECK-NEXT:      second_other: "0x04000000000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1E"
// CHECK-NEXT:    }
// CHECK-NEXT:  }
!q = !quant.uniform<i8:f32, 0.25:1>
!qw = !quant.uniform<i8<-127:127>:f32, 0.125>
"func.func"() <{function_type = (tensor<1x8x!q>) -> tensor<1x4x!q>, sym_name = "first"}> ({
^bb0(%x: tensor<1x8x!q>):
  %w = "graph.const"() <{value = dense_resource<first_w> : tensor<4x8xi8>}> : () -> tensor<4x8x!qw>
  %y = "graph.fully_connected"(%x, %w) <{fused_activation = "NONE", keep_num_dims = false}> : (tensor<1x8x!q>, tensor<4x8x!qw>) -> tensor<1x4x!q>
  "func.return"(%y) : (tensor<1x4x!q>) -> ()
}) : () -> ()
"func.func"() <{function_type = (tensor<1x8x!q>) -> (tensor<1x4x!q>, tensor<1x4x!q>), sym_name = "second"}> ({
^bb0(%x: tensor<1x8x!q>):
  %w = "graph.const"() <{value = dense_resource<second_w> : tensor<4x8xi8>}> : () -> tensor<4x8x!qw>
  %y = "graph.fully_connected"(%x, %w) <{fused_activation = "NONE", keep_num_dims = false}> : (tensor<1x8x!q>, tensor<4x8x!qw>) -> tensor<1x4x!q>
  %w2 = "graph.const"() <{value = dense_resource<second_other> : tensor<4x8xi8>}> : () -> tensor<4x8x!qw>
  %y2 = "graph.fully_connected"(%x, %w2) <{fused_activation = "NONE", keep_num_dims = false}> : (tensor<1x8x!q>, tensor<4x8x!qw>) -> tensor<1x4x!q>
  "func.return"(%y, %y2) : (tensor<1x4x!q>, tensor<1x4x!q>) -> ()
}) : () -> ()
{-#
  dialect_resources: {
    builtin: {
      first_w: "0x04000000000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F",
      second_w: "0x10000000000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F",
      second_other: "0x04000000000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1E"
    }
  }
#-}
