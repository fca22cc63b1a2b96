// mcc takes graph-level IR as well as TFLite files, runs extra graph passes before lowering
// (--graph-passes), and loads pass plugins whose passes may run there (--load-pass-plugin): the
// example plugin folds the standalone RELU6 into the convolution before it. Without the plugin
// the pass is unknown.

// RUN: rm -rf %t && mcc %s --target cortex-m4 --load-pass-plugin=%{plugin_libs}/libfuse_activation.so --graph-passes='func.func(graph-fuse-activation)' --emit mlir-graph -o %t | FileCheck %s --check-prefix=STAGES
// STAGES: parse
// STAGES-NEXT: graph passes
// RUN: FileCheck %s < %t/model.mlir
// CHECK: "graph.conv_2d"{{.*}}fused_activation = "RELU6"
// CHECK-NOT: graph.relu6
// RUN: mcc %s --target cortex-m4 --load-pass-plugin=%{plugin_libs}/libfuse_activation.so --graph-passes='func.func(graph-fuse-activation)' -o %t/obj | FileCheck %s --check-prefix=OBJ
// OBJ: wrote {{.*}}model.o
// RUN: mcc %s --target cortex-m4 --emit mlir-graph -o %t/plain > /dev/null
// RUN: FileCheck %s --check-prefix=PLAIN < %t/plain/model.mlir
// PLAIN: "graph.relu6"
// RUN: not mcc %s --target cortex-m4 --graph-passes='func.func(graph-fuse-activation)' -o %t/none 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: 'graph-fuse-activation' does not refer to a registered pass

!q = !quant.uniform<i8:f32, 0.25:-128>
!qw = !quant.uniform<i8<-127:127>:f32:0, {0.01, 0.02}>
!qb = !quant.uniform<i32:f32:0, {0.0025, 0.005}>
func.func @main(%x: tensor<1x4x4x1x!q>) -> tensor<1x4x4x2x!q> {
  %w = "graph.const"() <{value = dense<[[[[1], [2], [3]], [[4], [5], [6]], [[7], [8], [9]]], [[[-1], [-2], [-3]], [[-4], [-5], [-6]], [[-7], [-8], [-9]]]]> : tensor<2x3x3x1xi8>}> : () -> tensor<2x3x3x1x!qw>
  %b = "graph.const"() <{value = dense<[10, -10]> : tensor<2xi32>}> : () -> tensor<2x!qb>
  %c = "graph.conv_2d"(%x, %w, %b) <{dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", padding = "SAME", stride_h = 1 : i64, stride_w = 1 : i64}> : (tensor<1x4x4x1x!q>, tensor<2x3x3x1x!qw>, tensor<2x!qb>) -> tensor<1x4x4x2x!q>
  %r = "graph.relu6"(%c) : (tensor<1x4x4x2x!q>) -> tensor<1x4x4x2x!q>
  return %r : tensor<1x4x4x2x!q>
}
