// MLPerf Tiny keyword spotting (DS-CNN, int8): conv, four depthwise-separable blocks, pool,
// flatten, fully connected, softmax. %{models}: see lit.cfg.py; a missing model fails.

// RUN: mc-translate --import-tflite %{models}/kws_ref_model.tflite | FileCheck %s
// RUN: mc-translate --import-tflite %{models}/kws_ref_model.tflite --print-debuginfo | FileCheck %s --check-prefix=LOC
// RUN: mc-translate --import-tflite %{models}/kws_ref_model.tflite --print-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @main(
// CHECK-SAME:      %arg0: tensor<1x49x10x1x!quant.uniform<i8:f32, 0.58470290899276733:83>>)
// CHECK-SAME:      -> tensor<1x12x!quant.uniform<i8:f32, 3.906250e-03:-128>> {
// CHECK-NEXT:    %[[W:.*]] = "graph.const"() <{value = dense_resource<"functional_1/conv2d/Conv2D"> : tensor<64x10x4x1x!quant.uniform<i8:f32:0, {0.0013318449491634965,{{.*}}}>>}>
// CHECK-NEXT:    %[[B:.*]] = "graph.const"() <{value = dense_resource<"{{.*}}"> : tensor<64x!quant.uniform<i32:f32:0, {{.*}}>>}>
// CHECK-NEXT:    %[[C:.*]] = "graph.conv_2d"(%arg0, %[[W]], %[[B]]) <{dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "RELU", padding = "SAME", stride_h = 2 : i64, stride_w = 2 : i64}>
// CHECK-SAME:      -> tensor<1x25x5x64x!quant.uniform<i8:f32, 0.078725397586822509:-128>>
// CHECK:         "graph.depthwise_conv_2d"(%[[C]], %{{.*}}, %{{.*}}) <{depth_multiplier = 1 : i64, {{.*}}}> : (tensor<1x25x5x64x!quant.uniform<i8:f32, 0.078725397586822509:-128>>, tensor<1x3x3x64x!quant.uniform<i8:f32:3, {{.*}}>>, tensor<64x!quant.uniform<i32:f32:0, {{.*}}>>)
// CHECK:         %[[POOL:.*]] = "graph.avg_pool_2d"(%{{.*}}) <{filter_h = 25 : i64, filter_w = 5 : i64, fused_activation = "NONE", padding = "VALID", stride_h = 25 : i64, stride_w = 5 : i64}>
// CHECK-NEXT:    %[[SHAPE:.*]] = "graph.const"() <{value = dense_resource<"functional_1/flatten/Const"> : tensor<2xi32>}>
// CHECK-NEXT:    %[[FLAT:.*]] = "graph.reshape"(%[[POOL]], %[[SHAPE]])
// CHECK-SAME:      -> tensor<1x64x!quant.uniform<i8:f32, 0.080236159265041351:-128>>
// CHECK:         %[[FC:.*]] = "graph.fully_connected"(%[[FLAT]], %{{.*}}, %{{.*}}) <{fused_activation = "NONE", keep_num_dims = false}> : (tensor<1x64x!quant.uniform<i8:f32, 0.080236159265041351:-128>>, tensor<12x64x!quant.uniform<i8:f32, 0.0083857551217079163>>, tensor<12x!quant.uniform<i32:f32, 6.7284080432727933E-4>>) -> tensor<1x12x!quant.uniform<i8:f32, 0.14469251036643982:14>>
// CHECK-NEXT:    %[[SM:.*]] = "graph.softmax"(%[[FC]]) <{beta = 1.000000e+00 : f32}>
// CHECK-NEXT:    return %[[SM]]
// CHECK:      {-#
// CHECK-NEXT:   dialect_resources: {
// CHECK-NEXT:     builtin: {
// CHECK-NEXT:       "functional_1/conv2d/Conv2D": "0x10000000FA13F5125315D1E7{{[0-9A-F]+}}",
// CHECK:            "functional_1/dense/BiasAdd/ReadVariableOp/resource": "0x10000000B2FFFFFFF0FFFFFF{{[0-9A-F]+}}"
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: #-}

// LOC:      func.func @main(%arg0: {{.*}} loc("input_1"("{{.*}}kws_ref_model.tflite":0:0)))
// LOC:        "graph.conv_2d"{{.*}} loc("{{.*}}"("op#0"("{{.*}}kws_ref_model.tflite":0:0)))
// LOC:        "graph.softmax"{{.*}} loc("Identity"("op#12"("{{.*}}kws_ref_model.tflite":0:0)))

// GENERIC:      "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{function_type = (tensor<1x49x10x1x!quant.uniform<i8:f32, 0.58470290899276733:83>>) -> tensor<1x12x!quant.uniform<i8:f32, 3.906250e-03:-128>>, sym_name = "main"}> ({
// GENERIC-NEXT:   ^bb0(%arg0: tensor<1x49x10x1x!quant.uniform<i8:f32, 0.58470290899276733:83>>):
// GENERIC:          "func.return"(%{{.*}}) : (tensor<1x12x!quant.uniform<i8:f32, 3.906250e-03:-128>>) -> ()
