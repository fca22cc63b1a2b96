// The example pass plugin (plugins/examples/fuse_activation, built by `cargo test --workspace`):
// its pass runs by name in a pipeline and as a flag, takes options, and is listed by --help; its
// dialect's op parses and verifies only with the plugin loaded.
// RUN: mc-opt %s --split-input-file --load-pass-plugin=%{plugin_libs}/libfuse_activation.so --pass-pipeline='builtin.module(func.func(graph-fuse-activation))' | FileCheck %s
// RUN: mc-opt %s --split-input-file --load-pass-plugin %{plugin_libs}/libfuse_activation.so --graph-fuse-activation=ops=graph.add | FileCheck %s --check-prefix=ADD
// Two plugins at once; a plugin's pass in a pipeline with built-ins.
// RUN: mc-opt %s --split-input-file --load-pass-plugin=%{plugin_libs}/libfuse_activation.so --load-pass-plugin=%{plugin_libs}/libbroken_pass.so --pass-pipeline='builtin.module(func.func(graph-fuse-activation),symbol-dce)' | FileCheck %s
// RUN: mc-opt --load-pass-plugin=%{plugin_libs}/libfuse_activation.so --load-pass-plugin=%{plugin_libs}/libbroken_pass.so --help | FileCheck %s --check-prefix=HELP
// RUN: not mc-opt %s --split-input-file 2>&1 | FileCheck %s --check-prefix=UNLOADED
// RUN: not mc-opt %s --split-input-file --load-pass-plugin=%{plugin_libs}/libfuse_activation.so --graph-fuse-activation=ops=graph.softmax 2>&1 | FileCheck %s --check-prefix=BADOP

// HELP: --graph-fuse-activation - Fold standalone activations into the ops before them
// HELP-NEXT: --ops=<list<string>> - Producers to fuse into, by op name (e.g. graph.conv_2d); empty: all that can.
// HELP: --panic-on-run - Panic
// UNLOADED: graph-fuse-activation.mlir:{{[0-9]+}}:8: error: Dialect `fuse' not found for custom op 'fuse.barrier'
// BADOP-COUNT-3: loc(unknown): error: 'graph.softmax' cannot fuse an activation (ops: graph.conv_2d, graph.depthwise_conv_2d, graph.fully_connected, graph.add, graph.sub, graph.mul)

// An int8 convolution and a RELU6 of the same quantization: the convolution clamps itself.
// CHECK-LABEL: func.func @conv_relu6
// CHECK:         %[[C:.*]] = "graph.conv_2d"(%arg0, %arg1, %arg2) <{dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "RELU6", padding = "SAME", stride_h = 1 : i64, stride_w = 1 : i64}>
// CHECK-NEXT:    return %[[C]]
// ADD-LABEL: func.func @conv_relu6
// ADD:         "graph.conv_2d"{{.*}}fused_activation = "NONE"
// ADD-NEXT:    "graph.relu6"
!q = !quant.uniform<i8:f32, 0.25:-128>
!qw = !quant.uniform<i8<-127:127>:f32:0, {0.01, 0.02}>
!qb = !quant.uniform<i32:f32:0, {0.0025, 0.005}>
func.func @conv_relu6(%x: tensor<1x4x4x1x!q>, %w: tensor<2x3x3x1x!qw>, %b: tensor<2x!qb>) -> tensor<1x4x4x2x!q> {
  %c = "graph.conv_2d"(%x, %w, %b) <{dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", padding = "SAME", stride_h = 1 : i64, stride_w = 1 : i64}> : (tensor<1x4x4x1x!q>, tensor<2x3x3x1x!qw>, tensor<2x!qb>) -> tensor<1x4x4x2x!q>
  %r = "graph.relu6"(%c) : (tensor<1x4x4x2x!q>) -> tensor<1x4x4x2x!q>
  return %r : tensor<1x4x4x2x!q>
}

// -----

// Float: relu after add, relu_n1_to_1 after a fully connected layer.
// CHECK-LABEL: func.func @float
// CHECK:         %[[S:.*]] = "graph.add"(%arg0, %arg0) <{fused_activation = "RELU"}>
// CHECK-NEXT:    %[[F:.*]] = "graph.fully_connected"(%[[S]], %arg1, %arg2) <{fused_activation = "RELU_N1_TO_1", keep_num_dims = false}>
// CHECK-NEXT:    return %[[F]]
// ADD-LABEL: func.func @float
// ADD:         "graph.add"{{.*}}fused_activation = "RELU"
// ADD-NEXT:    "graph.fully_connected"{{.*}}fused_activation = "NONE"
// ADD-NEXT:    "graph.relu_n1_to_1"
func.func @float(%x: tensor<1x4xf32>, %w: tensor<3x4xf32>, %b: tensor<3xf32>) -> tensor<1x3xf32> {
  %s = "graph.add"(%x, %x) <{fused_activation = "NONE"}> : (tensor<1x4xf32>, tensor<1x4xf32>) -> tensor<1x4xf32>
  %r = "graph.relu"(%s) : (tensor<1x4xf32>) -> tensor<1x4xf32>
  %f = "graph.fully_connected"(%r, %w, %b) <{fused_activation = "NONE", keep_num_dims = false}> : (tensor<1x4xf32>, tensor<3x4xf32>, tensor<3xf32>) -> tensor<1x3xf32>
  %n = "graph.relu_n1_to_1"(%f) : (tensor<1x3xf32>) -> tensor<1x3xf32>
  return %n : tensor<1x3xf32>
}

// -----

// What stays: a relu that requantizes (the fused clamp would skip its rescale), a producer with
// another use, a producer with an activation already, an activation behind a fuse.barrier (which
// the pass then erases).
// CHECK-LABEL: func.func @kept
// CHECK:         %[[S1:.*]] = "graph.add"(%arg0, %arg0) <{fused_activation = "NONE"}>
// CHECK-NEXT:    %[[R1:.*]] = "graph.relu"(%[[S1]]) : (tensor<4x!quant.uniform<i8:f32, 2.500000e-01:-128>>) -> tensor<4x!quant.uniform<i8:f32, 1.250000e-01:-128>>
// CHECK-NEXT:    %[[S2:.*]] = "graph.add"(%arg0, %arg0) <{fused_activation = "NONE"}>
// CHECK-NEXT:    %[[R2:.*]] = "graph.relu"(%[[S2]])
// CHECK-NEXT:    %[[S3:.*]] = "graph.sub"(%[[S2]], %[[R2]]) <{fused_activation = "RELU6"}>
// CHECK-NEXT:    %[[R3:.*]] = "graph.relu"(%[[S3]])
// CHECK-NEXT:    %[[S4:.*]] = "graph.mul"(%[[R3]], %[[R3]]) <{fused_activation = "NONE"}>
// CHECK-NEXT:    %[[R4:.*]] = "graph.relu"(%[[S4]])
// CHECK-NEXT:    return %[[R1]], %[[R4]]
// ADD-LABEL: func.func @kept
// ADD-NOT:     fuse.barrier
!q = !quant.uniform<i8:f32, 0.25:-128>
!q2 = !quant.uniform<i8:f32, 0.125:-128>
func.func @kept(%x: tensor<4x!q>) -> (tensor<4x!q2>, tensor<4x!q>) {
  %s1 = "graph.add"(%x, %x) <{fused_activation = "NONE"}> : (tensor<4x!q>, tensor<4x!q>) -> tensor<4x!q>
  %r1 = "graph.relu"(%s1) : (tensor<4x!q>) -> tensor<4x!q2>
  %s2 = "graph.add"(%x, %x) <{fused_activation = "NONE"}> : (tensor<4x!q>, tensor<4x!q>) -> tensor<4x!q>
  %r2 = "graph.relu"(%s2) : (tensor<4x!q>) -> tensor<4x!q>
  %s3 = "graph.sub"(%s2, %r2) <{fused_activation = "RELU6"}> : (tensor<4x!q>, tensor<4x!q>) -> tensor<4x!q>
  %r3 = "graph.relu"(%s3) : (tensor<4x!q>) -> tensor<4x!q>
  %s4 = "graph.mul"(%r3, %r3) <{fused_activation = "NONE"}> : (tensor<4x!q>, tensor<4x!q>) -> tensor<4x!q>
  %k = fuse.barrier %s4 : tensor<4x!q>
  %r4 = "graph.relu"(%k) : (tensor<4x!q>) -> tensor<4x!q>
  return %r1, %r4 : tensor<4x!q2>, tensor<4x!q>
}
