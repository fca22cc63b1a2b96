// RUN: mc-opt --print-generic %s --allow-unregistered-dialect | FileCheck %s
// Upstream MLIR reads mc's quantized types, and mc reads upstream's.
// RUN: mc-opt --print-generic %s --allow-unregistered-dialect | mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic | mc-opt --print-generic --allow-unregistered-dialect | FileCheck %s

// CHECK: "foo.per_tensor"() : () -> tensor<1x96x96x3x!quant.uniform<i8:f32, 3.92156862745098e-3:-128>>
"foo.per_tensor"() : () -> tensor<1x96x96x3x!quant.uniform<i8:f32, 0.0039215686274509803:-128>>
// A zero point of 0 is left out, as MLIR does.
// CHECK: "foo.unsigned"() : () -> !quant.uniform<u8:f32, 2.0e0>
"foo.unsigned"() : () -> !quant.uniform<u8:f32, 2.0:0>
// CHECK: "foo.per_axis"() : () -> tensor<8x3x3x3x!quant.uniform<i8<-127:127>:f32:0, {1.0e-1, 2.0e-1:1}>>
"foo.per_axis"() : () -> tensor<8x3x3x3x!quant.uniform<i8<-127:127>:f32:0, {0.1, 0.2:1}>>
// CHECK: "foo.int16"() : () -> !quant.uniform<i16:f32, 1.0e-3>
"foo.int16"() : () -> !quant.uniform<i16:f32, 0.001>
