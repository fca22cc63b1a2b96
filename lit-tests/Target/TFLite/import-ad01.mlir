// MLPerf Tiny anomaly detection (autoencoder, int8): ten fully connected layers with
// per-tensor weights. %{models}: see lit.cfg.py; a missing model fails.

// RUN: mc-translate --import-tflite %{models}/ad01_int8.tflite | FileCheck %s
// RUN: mc-translate --import-tflite %{models}/ad01_int8.tflite --print-debuginfo | FileCheck %s --check-prefix=LOC

// CHECK-LABEL: func.func @main(
// CHECK-SAME:      %arg0: tensor<1x640x!quant.uniform<i8:f32, 0.39101523160934448:89>>)
// CHECK-SAME:      -> tensor<1x640x!quant.uniform<i8:f32, 0.36449846625328064:96>> {
// CHECK-NEXT:    %[[W:.*]] = "graph.const"() <{value = dense_resource<"functional_1/dense/MatMul"> : tensor<128x640x!quant.uniform<i8:f32, 3.7687498843297362E-4>>}>
// CHECK-NEXT:    %[[B:.*]] = "graph.const"() <{value = dense_resource<"functional_1/dense/BiasAdd/ReadVariableOp/resource"> : tensor<128x!quant.uniform<i32:f32, 1.473638549214229E-4>>}>
// CHECK-NEXT:    %[[FC:.*]] = "graph.fully_connected"(%arg0, %[[W]], %[[B]]) <{fused_activation = "RELU", keep_num_dims = false}>
// CHECK-SAME:      -> tensor<1x128x!quant.uniform<i8:f32, 0.049459129571914673:-128>>
// CHECK-NEXT:    "graph.const"() <{value = dense_resource<"functional_1/dense_1/MatMul"> : tensor<128x128x!quant.uniform<i8:f32, 0.015028326772153378>>}>
// CHECK-NEXT:    "graph.const"()
// CHECK-NEXT:    "graph.fully_connected"(%[[FC]],
// CHECK-COUNT-7: "graph.fully_connected"
// CHECK:         %[[LAST:.*]] = "graph.fully_connected"{{.*}}<{fused_activation = "NONE", keep_num_dims = false}>
// CHECK-NEXT:    return %[[LAST]] : tensor<1x640x!quant.uniform<i8:f32, 0.36449846625328064:96>>
// CHECK:      dialect_resources: {
// CHECK-NEXT:   builtin: {
// CHECK-NEXT:     "functional_1/dense/MatMul": "0x100000000A0DF40704FEF3EC{{[0-9A-F]+}}",
// CHECK:          "functional_1/dense_9/BiasAdd/ReadVariableOp/resource": "0x1000000082F5FFFF5DFBFFFF{{[0-9A-F]+}}"
// CHECK-NEXT:   }

// LOC: "graph.fully_connected"{{.*}} loc("functional_1/activation/Relu;functional_1/dense/BiasAdd"("op#0"("{{.*}}ad01_int8.tflite":0:0)))
// LOC: "graph.fully_connected"{{.*}} loc("{{.*}}"("op#9"("{{.*}}ad01_int8.tflite":0:0)))
