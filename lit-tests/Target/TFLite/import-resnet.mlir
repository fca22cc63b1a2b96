// MLPerf Tiny image classification (ResNet-8, int8): residual ADDs of two differently
// quantized branches. %{models}: see lit.cfg.py; a missing model fails.

// RUN: mc-translate --import-tflite %{models}/pretrainedResnet_quant.tflite | FileCheck %s
// RUN: mc-translate --import-tflite %{models}/pretrainedResnet_quant.tflite --print-debuginfo | FileCheck %s --check-prefix=LOC

// CHECK-LABEL: func.func @main(
// CHECK-SAME:      %arg0: tensor<1x32x32x3x!quant.uniform<i8:f32, 1.000000e+00:-128>>)
// CHECK-SAME:      -> tensor<1x10x!quant.uniform<i8:f32, 3.906250e-03:-128>> {
// CHECK-NEXT:    "graph.const"() <{value = dense_resource<"model/conv2d/Conv2D"> : tensor<16x3x3x3x!quant.uniform<i8:f32:0, {8.9026361820288002E-5,{{.*}}}>>}>
// CHECK-NEXT:    "graph.const"()
// CHECK-NEXT:    %[[C0:.*]] = "graph.conv_2d"(%arg0, %{{.*}}, %{{.*}}) <{dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "RELU", padding = "SAME", stride_h = 1 : i64, stride_w = 1 : i64}>
// CHECK-SAME:      -> tensor<1x32x32x16x!quant.uniform<i8:f32, 0.039393551647663116:-128>>
// CHECK:         "graph.conv_2d"
// CHECK:         %[[C2:.*]] = "graph.conv_2d"
// CHECK-SAME:      -> tensor<1x32x32x16x!quant.uniform<i8:f32, 0.10419496148824692:4>>
// CHECK-NEXT:    "graph.add"(%[[C0]], %[[C2]]) <{fused_activation = "RELU"}> : (tensor<1x32x32x16x!quant.uniform<i8:f32, 0.039393551647663116:-128>>, tensor<1x32x32x16x!quant.uniform<i8:f32, 0.10419496148824692:4>>) -> tensor<1x32x32x16x!quant.uniform<i8:f32, 0.050945673137903214:-128>>
// CHECK:         "graph.add"
// CHECK:         "graph.add"
// CHECK-SAME:      -> tensor<1x8x8x64x!quant.uniform<i8:f32, 0.1270691454410553:-128>>
// CHECK-NEXT:    "graph.avg_pool_2d"
// CHECK:         "graph.reshape"
// CHECK:         "graph.fully_connected"
// CHECK-NEXT:    %[[SM:.*]] = "graph.softmax"
// CHECK-NEXT:    return %[[SM]] : tensor<1x10x!quant.uniform<i8:f32, 3.906250e-03:-128>>
// CHECK:      dialect_resources: {
// CHECK-NEXT:   builtin: {
// CHECK-NEXT:     "model/conv2d/Conv2D": "0x100000001921D115F0C44B11{{[0-9A-F]+}}",
// CHECK:          "model/dense/BiasAdd/ReadVariableOp/resource": "0x10000000E9FFFFFFD8FFFFFF{{[0-9A-F]+}}"
// CHECK-NEXT:   }

// LOC:        "graph.add"{{.*}} loc("model/activation_2/Relu;model/add/add"("op#3"("{{.*}}pretrainedResnet_quant.tflite":0:0)))
// LOC:        "graph.add"{{.*}} loc("model/activation_4/Relu;model/add_1/add"("op#7"("{{.*}}pretrainedResnet_quant.tflite":0:0)))
// LOC:        "graph.add"{{.*}} loc("model/activation_6/Relu;model/add_2/add"("op#11"("{{.*}}pretrainedResnet_quant.tflite":0:0)))
// LOC:        "graph.softmax"{{.*}} loc("Identity_int8"("op#15"("{{.*}}pretrainedResnet_quant.tflite":0:0)))
