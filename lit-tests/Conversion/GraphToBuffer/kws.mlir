// The keyword-spotting model of MLPerf Tiny, imported from ../shared/models (a missing model
// fails the test: mc-translate cannot open it; see %{models} in lit.cfg.py), bufferized.
// RUN: mc-translate --import-tflite %{models}/kws_ref_model.tflite | mc-opt --graph-to-buffer --verify-each | FileCheck %s
// Upstream MLIR reads the result.
// RUN: mc-translate --import-tflite %{models}/kws_ref_model.tflite | mc-opt --graph-to-buffer --print-generic | mlir-opt-22 --allow-unregistered-dialect | FileCheck %s --check-prefix=UPSTREAM
// No elementwise kernel (activations are fused): buffer-inplace changes nothing.
// RUN: mc-translate --import-tflite %{models}/kws_ref_model.tflite | mc-opt --graph-to-buffer > %t.mlir
// RUN: mc-opt %t.mlir --buffer-inplace > %t.inplace.mlir
// RUN: mc-opt %t.mlir | diff - %t.inplace.mlir

// Twenty weights and biases become globals holding their blobs, before the function.
// CHECK: module {
// CHECK-COUNT-20: buffer.global @"functional_1/{{.*}}" {role = "constant"} : !buffer<{{.*}}> = dense_resource<"functional_1/{{.*}}"> : tensor<
// CHECK-NOT: buffer.global
// The input and the output are arguments; nothing is returned.
// CHECK: func.func @main(%[[IN:.*]]: !buffer<1x49x10x1x!quant.uniform<i8:f32, 0.58470290899276733:83>>, %[[OUT:.*]]: !buffer<1x12x!quant.uniform<i8:f32, 3.906250e-03:-128>>) {
// CHECK-NOT: graph.
// CHECK: %[[W0:.*]] = buffer.get_global @"functional_1/conv2d/Conv2D" : !buffer<64x10x4x1x
// CHECK-NEXT: %[[B0:.*]] = buffer.get_global @"functional_1/activation/Relu;{{.*}}" : !buffer<64x
// CHECK-NEXT: %[[A0:.*]] = buffer.alloc() {role = "scratch"} : !buffer<1x25x5x64x!quant.uniform<i8:f32, 0.078725397586822509:-128>>
// CHECK-NEXT: buffer.kernel conv_2d ins(%[[IN]], %[[W0]], %[[B0]] : {{.*}}) outs(%[[A0]] : {{.*}}) {dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "RELU", padding = "SAME", stride_h = 2 : i64, stride_w = 2 : i64}
// CHECK: %[[A1:.*]] = buffer.alloc() {role = "scratch"} : !buffer<1x25x5x64x
// CHECK-NEXT: buffer.kernel depthwise_conv_2d ins(%[[A0]], {{.*}}) outs(%[[A1]] : {{.*}}) {depth_multiplier = 1 : i64,
// Four depthwise-separable blocks in all.
// CHECK-COUNT-3: buffer.kernel depthwise_conv_2d
// CHECK: %[[LAST:.*]] = buffer.alloc() {role = "scratch"} : !buffer<1x25x5x64x!quant.uniform<i8:f32, 0.080236159265041351:-128>>
// CHECK-NEXT: buffer.kernel conv_2d ins({{.*}}) outs(%[[LAST]] : {{.*}})
// CHECK-NEXT: %[[POOL:.*]] = buffer.alloc() {role = "scratch"} : !buffer<1x1x1x64x
// CHECK-NEXT: buffer.kernel avg_pool_2d ins(%[[LAST]] : {{.*}}) outs(%[[POOL]] : {{.*}}) {filter_h = 25 : i64, filter_w = 5 : i64, fused_activation = "NONE", padding = "VALID", stride_h = 25 : i64, stride_w = 5 : i64}
// The flatten is a view: no bytes move, and its shape constant is gone.
// CHECK-NEXT: %[[FLAT:.*]] = buffer.view %[[POOL]] : !buffer<1x1x1x64x{{.*}}> to !buffer<1x64x!quant.uniform<i8:f32, 0.080236159265041351:-128>>
// CHECK-NEXT: %[[FW:.*]] = buffer.get_global @"functional_1/dense/MatMul" : !buffer<12x64x
// CHECK-NEXT: %[[FB:.*]] = buffer.get_global @"functional_1/dense/BiasAdd/ReadVariableOp/resource" : !buffer<12x
// CHECK-NEXT: %[[LOGITS:.*]] = buffer.alloc() {role = "scratch"} : !buffer<1x12x!quant.uniform<i8:f32, 0.14469251036643982:14>>
// CHECK-NEXT: buffer.kernel fully_connected ins(%[[FLAT]], %[[FW]], %[[FB]] : {{.*}}) outs(%[[LOGITS]] : {{.*}}) {fused_activation = "NONE", keep_num_dims = false}
// The softmax writes the caller's output buffer directly.
// CHECK-NEXT: buffer.kernel softmax ins(%[[LOGITS]] : {{.*}}) outs(%[[OUT]] : !buffer<1x12x{{.*}}>) {beta = 1.000000e+00 : f32}
// CHECK-NEXT: return
// CHECK-NEXT: }
// The blobs are still there, once each.
// CHECK: dialect_resources: {
// CHECK: "functional_1/conv2d/Conv2D": "0x10000000
// CHECK-NOT: functional_1/flatten/Const

// UPSTREAM: "buffer.global"() <{role = "constant", sym_name = "functional_1/conv2d/Conv2D", type = !buffer<64x10x4x1x!quant.uniform<i8:f32:0, {{.*}}>>, value = dense_resource<"functional_1/conv2d/Conv2D"> : tensor<64x10x4x1x!quant.uniform<i8:f32:0,
// UPSTREAM: func.func @main(%arg0: !buffer<1x49x10x1x!quant.uniform<i8:f32, 0.58470290899276733:83>>, %arg1: !buffer<1x12x!quant.uniform<i8:f32, 3.906250e-03:-128>>) {
// UPSTREAM: "buffer.kernel"(%{{.*}}, %arg1) <{kernel = "softmax"}> {beta = 1.000000e+00 : f32} : (!buffer<1x12x!quant.uniform<i8:f32, 0.14469251036643982:14>>, !buffer<1x12x!quant.uniform<i8:f32, 3.906250e-03:-128>>) -> ()
