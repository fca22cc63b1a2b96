// RUN: mc-opt --print-generic %s --allow-unregistered-dialect | FileCheck %s
// Upstream MLIR reads mc's quantized types, and mc reads upstream's.
// RUN: mc-opt --print-generic %s --allow-unregistered-dialect | mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic | mc-opt --print-generic --allow-unregistered-dialect | FileCheck %s
// The custom form spells types the same way, and so does upstream MLIR (floats as MLIR prints
// them; per-axis parameters separated by a bare comma).
// RUN: mc-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: mlir-opt-22 %s --allow-unregistered-dialect | FileCheck %s

// CHECK: "foo.per_tensor"() : () -> tensor<1x96x96x3x!quant.uniform<i8:f32, 0.0039215686274509803:-128>>
"foo.per_tensor"() : () -> tensor<1x96x96x3x!quant.uniform<i8:f32, 0.0039215686274509803:-128>>
// A zero point of 0 is left out, as MLIR does.
// CHECK: "foo.unsigned"() : () -> !quant.uniform<u8:f32, 2.000000e+00>
"foo.unsigned"() : () -> !quant.uniform<u8:f32, 2.0:0>
// CHECK: "foo.per_axis"() : () -> tensor<8x3x3x3x!quant.uniform<i8<-127:127>:f32:0, {1.000000e-01,2.000000e-01:1}>>
"foo.per_axis"() : () -> tensor<8x3x3x3x!quant.uniform<i8<-127:127>:f32:0, {0.1, 0.2:1}>>
// As upstream, the zero point may lie outside the storage range, and a hexadecimal scale is the
// bit pattern of an f64.
// CHECK: "foo.zero_point_outside"() : () -> !quant.uniform<i8<-8:7>:f32, 9.987200e-01:127>
"foo.zero_point_outside"() : () -> !quant.uniform<i8<-8:7>:f32, 0.99872:127>
// CHECK: "foo.hex_scale"() : () -> !quant.uniform<i8:f32:0, {1.000000e+01:1,2.000000e+00}>
"foo.hex_scale"() : () -> !quant.uniform<i8:f32:0, {0x4024000000000000:1, 2.0}>
// Sub-channel quantization: block sizes along dimensions and a nested array of parameters.
// CHECK: "foo.sub_channel"() : () -> tensor<2x4x!quant.uniform<u8:f32:{0:1, 1:2}, {{\{\{}}2.000000e+00:120, 3.000000e+00:127}, {4.000000e+00, 5.000000e+00}}>>
"foo.sub_channel"() : () -> tensor<2x4x!quant.uniform<u8:f32:{0:1, 1:2}, {{2.0:120,3.0:127}, {4.0,5.0}}>>
// CHECK: "foo.sub_channel_no_blocks"() : () -> !quant.uniform<i8:f32:{}, {{\{\{\{}}1.000000e+00}, {5.000000e-01:-3}}}>
"foo.sub_channel_no_blocks"() : () -> !quant.uniform<i8:f32:{}, {{{1.0}, {0.5:-3}}}>
// CHECK: "foo.int16"() : () -> !quant.uniform<i16:f32, 1.000000e-03>
"foo.int16"() : () -> !quant.uniform<i16:f32, 0.001>
// CHECK: "foo.per_axis_mixed"() : () -> tensor<3x2x!quant.uniform<i8:f32:0, {0.0039215686274509803:-1,5.000000e-01,3.000000e+00:-5}>>
"foo.per_axis_mixed"() : () -> tensor<3x2x!quant.uniform<i8:f32:0, {0.0039215686274509803:-1, 0.5, 3.0:-5}>>
