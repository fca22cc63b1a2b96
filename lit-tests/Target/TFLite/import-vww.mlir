// MLPerf Tiny visual wake words (MobileNet v1, int8): the imported graph, its locations, and
// the same checks after a round trip through mc-opt and through upstream mlir-opt.
// %{models} is ../shared/models beside the repository (see lit.cfg.py); a missing model fails.

// RUN: mc-translate --import-tflite %{models}/vww_96_int8.tflite | FileCheck %s
// RUN: mc-translate --import-tflite %{models}/vww_96_int8.tflite --print-debuginfo | FileCheck %s --check-prefix=LOC
// RUN: mc-translate --import-tflite %{models}/vww_96_int8.tflite -o %t.mlir
// RUN: mc-opt %t.mlir | FileCheck %s
// RUN: mlir-opt-22 --allow-unregistered-dialect %t.mlir | mc-opt | FileCheck %s

// The entry takes the int8 image and returns the int8 class scores (softmax: 1/256, -128).
// CHECK-LABEL: func.func @main(
// CHECK-SAME:      %arg0: tensor<1x96x96x3x!quant.uniform<i8:f32, 0.0039215688593685627:-128>>)
// CHECK-SAME:      -> tensor<1x2x!quant.uniform<i8:f32, 3.906250e-03:-128>> {

// Weights are constants whose values live in resource blobs; filters are quantized per
// output channel (axis 0), biases are i32 with scale = input scale × filter scale.
// CHECK-NEXT:    %[[W0:.*]] = "graph.const"() <{value = dense_resource<"model/conv2d/Conv2D"> : tensor<8x3x3x3x!quant.uniform<i8:f32:0, {0.016375809907913208,0.01162280049175024,0.011312417685985565,0.013646817766129971,0.0069516305811703205,0.0025931848213076591,0.0093267802149057388,0.0037821009755134583}>>}>
// CHECK-NEXT:    %[[B0:.*]] = "graph.const"() <{value = dense_resource<"model/activation/Relu;{{.*}}"> : tensor<8x!quant.uniform<i32:f32:0, {6.4218867919407785E-5,{{.*}}}>>}>
// CHECK-NEXT:    %[[C0:.*]] = "graph.conv_2d"(%arg0, %[[W0]], %[[B0]]) <{dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "RELU", padding = "SAME", stride_h = 2 : i64, stride_w = 2 : i64}>
// CHECK-SAME:      -> tensor<1x48x48x8x!quant.uniform<i8:f32, 0.014969985000789165:-128>>

// Depthwise filters are quantized along axis 3.
// CHECK-NEXT:    %[[W1:.*]] = "graph.const"() <{value = dense_resource<"model/batch_normalization_1/{{.*}}"> : tensor<1x3x3x8x!quant.uniform<i8:f32:3, {0.010435814969241619,{{.*}}}>>}>
// CHECK-NEXT:    %[[B1:.*]] = "graph.const"()
// CHECK-NEXT:    %[[D1:.*]] = "graph.depthwise_conv_2d"(%[[C0]], %[[W1]], %[[B1]]) <{depth_multiplier = 1 : i64, dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "RELU", padding = "SAME", stride_h = 1 : i64, stride_w = 1 : i64}>
// CHECK-SAME:      -> tensor<1x48x48x8x!quant.uniform<i8:f32, 0.048387624323368073:-128>>
// CHECK-NEXT:    %[[W2:.*]] = "graph.const"()
// CHECK-NEXT:    %[[B2:.*]] = "graph.const"()
// CHECK-NEXT:    "graph.conv_2d"(%[[D1]], %[[W2]], %[[B2]])

// The classifier: average pool, flatten, fully connected (per-tensor weights), softmax.
// CHECK:         %[[POOL:.*]] = "graph.avg_pool_2d"(%{{.*}}) <{filter_h = 3 : i64, filter_w = 3 : i64, fused_activation = "NONE", padding = "VALID", stride_h = 3 : i64, stride_w = 3 : i64}>
// CHECK-SAME:      -> tensor<1x1x1x256x!quant.uniform<i8:f32, 0.015656912699341774:-128>>
// CHECK-NEXT:    %[[SHAPE:.*]] = "graph.const"() <{value = dense_resource<"model/flatten/Const"> : tensor<2xi32>}>
// CHECK-NEXT:    %[[FLAT:.*]] = "graph.reshape"(%[[POOL]], %[[SHAPE]]) : (tensor<1x1x1x256x!quant.uniform<i8:f32, 0.015656912699341774:-128>>, tensor<2xi32>) -> tensor<1x256x!quant.uniform<i8:f32, 0.015656912699341774:-128>>
// CHECK-NEXT:    %[[WD:.*]] = "graph.const"() <{value = dense_resource<"model/dense/MatMul"> : tensor<2x256x!quant.uniform<i8:f32, 0.0047202892601490021>>}>
// CHECK-NEXT:    %[[BD:.*]] = "graph.const"() <{value = dense_resource<"model/dense/BiasAdd/ReadVariableOp/resource"> : tensor<2x!quant.uniform<i32:f32, 7.3905153840314597E-5>>}>
// CHECK-NEXT:    %[[FC:.*]] = "graph.fully_connected"(%[[FLAT]], %[[WD]], %[[BD]]) <{fused_activation = "NONE", keep_num_dims = false}>
// CHECK-SAME:      -> tensor<1x2x!quant.uniform<i8:f32, 0.014636218547821045:-5>>
// CHECK-NEXT:    %[[SM:.*]] = "graph.softmax"(%[[FC]]) <{beta = 1.000000e+00 : f32}> : (tensor<1x2x!quant.uniform<i8:f32, 0.014636218547821045:-5>>) -> tensor<1x2x!quant.uniform<i8:f32, 3.906250e-03:-128>>
// CHECK-NEXT:    return %[[SM]] : tensor<1x2x!quant.uniform<i8:f32, 3.906250e-03:-128>>
// CHECK-NEXT:  }
// CHECK-NEXT: }

// The weights, 16-byte aligned, in the resource trailer: the first filter, ..., the last bias
// (1463 and -1463 as little-endian i32).
// CHECK:      {-#
// CHECK-NEXT:   dialect_resources: {
// CHECK-NEXT:     builtin: {
// CHECK-NEXT:       "model/conv2d/Conv2D": "0x1000000026A347228566FF81{{[0-9A-F]+}}",
// CHECK:            "model/dense/BiasAdd/ReadVariableOp/resource": "0x10000000B705000049FAFFFF"
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: #-}

// Each value is located at its TFLite tensor, results also at their operator's index.
// LOC:      func.func @main(%arg0: tensor<1x96x96x3x{{.*}}> loc("input_1_int8"("{{.*}}vww_96_int8.tflite":0:0)))
// LOC-NEXT:   "graph.const"(){{.*}} loc("model/conv2d/Conv2D"("{{.*}}vww_96_int8.tflite":0:0))
// LOC:        "graph.conv_2d"{{.*}} loc("{{.*}}"("op#0"("{{.*}}vww_96_int8.tflite":0:0)))
// LOC:        "graph.depthwise_conv_2d"{{.*}} loc("{{.*}}"("op#1"("{{.*}}vww_96_int8.tflite":0:0)))
// LOC:        "graph.reshape"{{.*}} loc("model/flatten/Reshape"("op#28"("{{.*}}vww_96_int8.tflite":0:0)))
// LOC:        "graph.softmax"{{.*}} loc("Identity_int8"("op#30"("{{.*}}vww_96_int8.tflite":0:0)))
