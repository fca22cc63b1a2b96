// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop{output-channel-vectors=true})' | FileCheck %s
// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop{output-channel-vectors=true},func.func(canonicalize),func.func(vectorize-channels{lanes=8},canonicalize))' | FileCheck %s --check-prefix=VEC
// RUN: not mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop{output-channel-vectors=maybe})' 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: invalid value 'maybe' for option 'output-channel-vectors': expected a boolean (true or false)
// For a target that vectorizes over output channels (the host), an int8 convolution with a
// constant filter loops over output channels one at a time (no channel blocks) and reads the
// filter from a copy reordered [fh, fw, in_c, out_c]: output channel is the innermost index of
// every filter load, of the per-channel tables and of the store, so `vectorize-channels` turns
// the loop into one output channel per lane.

!qi = !quant.uniform<i8:f32, 5.000000e-02:-3>
!qo = !quant.uniform<i8:f32, 1.000000e-01:5>
!qw = !quant.uniform<i8:f32, 1.000000e-02>

// Filter [3, 1, 2, 2] (out_c, fh, fw, in_c) = 0..11: out_c innermost it reads
// [[0, 4, 8], [1, 5, 9], [2, 6, 10], [3, 7, 11]] per (fx, ic).
buffer.global @w {role = "constant"} : !buffer<3x1x2x2x!qw> = dense<[[[[0, 1], [2, 3]]], [[[4, 5], [6, 7]]], [[[8, 9], [10, 11]]]]> : tensor<3x1x2x2xi8>

// CHECK: buffer.global @conv_filter_by_tap {role = "constant"} : !buffer<1x2x2x3xi8> = dense<{{\[}}{{\[}}{{\[}}[0, 4, 8], [1, 5, 9]], {{\[}}[2, 6, 10], [3, 7, 11]]]]> : tensor<1x2x2x3xi8>
// CHECK-LABEL: func.func @reordered
// CHECK: %[[T:.*]] = buffer.get_global @conv_filter_by_tap : !buffer<1x2x2x3xi8>
// The output columns, then the output channels one per iteration.
// CHECK: loop.for %{{.*}} = %c0 to %c2 step %c1 {
// CHECK-NEXT: loop.for %[[OC:.*]] = %c0 to %c3 step %c1 {
// CHECK-NEXT: loop.load %{{.*}}[%[[OC]]] : !buffer<3xi32>
// CHECK: loop.load %[[T]][%{{.*}}, %{{.*}}, %{{.*}}, %[[OC]]] : !buffer<1x2x2x3xi8>
// CHECK: loop.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %[[OC]]]
// CHECK: return
// Three output channels, fewer than 8 lanes: the loop stays scalar.
// VEC-LABEL: func.func @reordered
// VEC-NOT: vector.
// VEC: return
func.func @reordered(%x: !buffer<1x3x3x2x!qi>, %y: !buffer<1x3x2x3x!qo>) {
  %w = buffer.get_global @w : !buffer<3x1x2x2x!qw>
  buffer.kernel conv_2d ins(%x, %w : !buffer<1x3x3x2x!qi>, !buffer<3x1x2x2x!qw>) outs(%y : !buffer<1x3x2x3x!qo>) {dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", padding = "VALID", stride_h = 1 : i64, stride_w = 1 : i64}
  return
}

// -----

// Ten output channels: one step of 8 lanes, the tail of 2 masked; each input value broadcast,
// the filter values of a tap one vector load, the requantized outputs one vector store.
!qi = !quant.uniform<i8:f32, 5.000000e-02:-3>
!qo = !quant.uniform<i8:f32, 1.000000e-01:5>
!qw = !quant.uniform<i8:f32, 1.000000e-02>
buffer.global @w10 {role = "constant"} : !buffer<10x1x1x4x!qw> = dense<3> : tensor<10x1x1x4xi8>

// VEC-LABEL: func.func @ten_channels
// VEC: %[[T:.*]] = buffer.get_global @conv_filter_by_tap : !buffer<1x1x4x10xi8>
// VEC: vector.load %{{.*}}[%c0] : !buffer<10xi32>, vector<8xi32>
// VEC: %[[X:.*]] = loop.load %arg0[%c0, %{{.*}}, %{{.*}}, %c0] : !buffer<1x2x2x4x{{.*}}>
// VEC: %[[F:.*]] = vector.load %[[T]][%c0, %c0, %c0, %c0] : !buffer<1x1x4x10xi8>, vector<8xi8>
// VEC: %[[X32:.*]] = arith.extsi %[[X]] : i8 to i32
// VEC: %[[F32:.*]] = arith.extsi %[[F]] : vector<8xi8> to vector<8xi32>
// VEC: %[[XS:.*]] = vector.broadcast %[[X32]] : i32 to vector<8xi32>
// VEC: arith.muli %[[F32]], %[[XS]] : vector<8xi32>
// VEC: vector.store %{{.*}}, %arg1[%c0, %{{.*}}, %{{.*}}, %c0] : !buffer<1x2x2x10x{{.*}}>, vector<8xi8>
// VEC: %[[MASK:.*]] = vector.create_mask %c2 : vector<8xi1>
// VEC: vector.maskedload %[[T]][%c0, %c0, %c0, %c8], %[[MASK]]
// VEC: vector.maskedstore %arg1[%c0, %{{.*}}, %{{.*}}, %c8], %[[MASK]]
// VEC: return
func.func @ten_channels(%x: !buffer<1x2x2x4x!qi>, %y: !buffer<1x2x2x10x!qo>) {
  %w = buffer.get_global @w10 : !buffer<10x1x1x4x!qw>
  buffer.kernel conv_2d ins(%x, %w : !buffer<1x2x2x4x!qi>, !buffer<10x1x1x4x!qw>) outs(%y : !buffer<1x2x2x10x!qo>) {dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", padding = "VALID", stride_h = 1 : i64, stride_w = 1 : i64}
  return
}

// -----

// A filter known only at run time (a parameter) cannot be reordered: the channel blocks of
// scalar cores stay (two output channels per iteration), reading the filter as given.
!qi = !quant.uniform<i8:f32, 5.000000e-02:-3>
!qo = !quant.uniform<i8:f32, 1.000000e-01:5>
!qw = !quant.uniform<i8:f32, 1.000000e-02>
// CHECK-LABEL: func.func @runtime_filter
// CHECK-NOT: @conv_filter_by_tap
// CHECK: loop.for %{{.*}} = %c0 to %c2 step %c1 {
// CHECK: loop.load %arg1[
// CHECK-NOT: @conv_filter_by_tap
// CHECK: return
func.func @runtime_filter(%x: !buffer<1x2x2x4x!qi>, %w: !buffer<4x1x1x4x!qw>, %y: !buffer<1x2x2x4x!qo>) {
  buffer.kernel conv_2d ins(%x, %w : !buffer<1x2x2x4x!qi>, !buffer<4x1x1x4x!qw>) outs(%y : !buffer<1x2x2x4x!qo>) {dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", padding = "VALID", stride_h = 1 : i64, stride_w = 1 : i64}
  return
}

// -----

// Float convolutions keep their channel blocks.
buffer.global @wf {role = "constant"} : !buffer<4x1x1x2xf32> = dense<1.0> : tensor<4x1x1x2xf32>
// CHECK-LABEL: func.func @float
// CHECK-NOT: @conv_filter_by_tap
// CHECK: loop.for %{{.*}} = %c0 to %c2 step %c1 {
// CHECK: loop.load %[[W:.*]][
// CHECK-NOT: @conv_filter_by_tap
// CHECK: return
func.func @float(%x: !buffer<1x2x2x2xf32>, %y: !buffer<1x2x2x4xf32>) {
  %w = buffer.get_global @wf : !buffer<4x1x1x2xf32>
  buffer.kernel conv_2d ins(%x, %w : !buffer<1x2x2x2xf32>, !buffer<4x1x1x2xf32>) outs(%y : !buffer<1x2x2x4xf32>) {dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", padding = "VALID", stride_h = 1 : i64, stride_w = 1 : i64}
  return
}
