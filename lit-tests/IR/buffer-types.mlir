// RUN: mc-opt --print-generic %s --allow-unregistered-dialect | FileCheck %s
// Printing is stable, and upstream MLIR reads mc's buffer types (as opaque `!buffer<...>`
// dialect types) and mc reads upstream's output back, including its `!buffer.f32` for rank 0.
// RUN: mc-opt --print-generic %s --allow-unregistered-dialect | mc-opt --print-generic --allow-unregistered-dialect | FileCheck %s
// RUN: mc-opt --print-generic %s --allow-unregistered-dialect | mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic | mc-opt --print-generic --allow-unregistered-dialect | FileCheck %s
// RUN: mc-opt --print-generic %s --allow-unregistered-dialect | mlir-opt-22 --allow-unregistered-dialect | FileCheck %s --check-prefix=UPSTREAM

// Identity layout: row-major strides, offset 0.
// CHECK: "foo.identity"() : () -> !buffer<1x48x48x16xi8>
// UPSTREAM: "foo.identity"() : () -> !buffer<1x48x48x16xi8>
"foo.identity"() : () -> !buffer<1x48x48x16xi8>
// An explicit identity layout is the identity type.
// CHECK: "foo.explicit_identity"() : () -> !buffer<2x3xf32>
"foo.explicit_identity"() : () -> !buffer<2x3xf32, strides: [3, 1], offset: 0>
// Strides and offset count elements.
// CHECK: "foo.window"() : () -> !buffer<4x4xi8, strides: [8, 1], offset: 2>
// UPSTREAM: "foo.window"() : () -> !buffer<4x4xi8, strides: [8, 1], offset: 2>
"foo.window"() : () -> !buffer<4x4xi8, strides: [8, 1], offset: 2>
// A layout with only an offset keeps row-major strides; with only strides, offset 0.
// CHECK: "foo.shifted"() : () -> !buffer<2x2xi16, strides: [2, 1], offset: 4>
"foo.shifted"() : () -> !buffer<2x2xi16, offset: 4>
// CHECK: "foo.transposed"() : () -> !buffer<3x2xf32, strides: [1, 3], offset: 0>
"foo.transposed"() : () -> !buffer<3x2xf32, strides: [1, 3]>
// A zero stride broadcasts.
// CHECK: "foo.broadcast"() : () -> !buffer<4x3xf32, strides: [0, 1], offset: 0>
"foo.broadcast"() : () -> !buffer<4x3xf32, strides: [0, 1], offset: 0>
// Quantized elements, per tensor and per axis.
// CHECK: "foo.quantized"() : () -> !buffer<1x96x96x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>
// UPSTREAM: "foo.quantized"() : () -> !buffer<1x96x96x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>
"foo.quantized"() : () -> !buffer<1x96x96x3x!quant.uniform<i8:f32, 0.5:-3>>
// CHECK: "foo.per_axis"() : () -> !buffer<2x3x!quant.uniform<i8<-127:127>:f32:0, {1.000000e-01,2.000000e-01:1}>>
"foo.per_axis"() : () -> !buffer<2x3x!quant.uniform<i8<-127:127>:f32:0, {0.1, 0.2:1}>>
// Rank 0; upstream prints it in its pretty form.
// CHECK: "foo.scalar"() : () -> !buffer<f32>
// UPSTREAM: "foo.scalar"() : () -> !buffer.f32
"foo.scalar"() : () -> !buffer<f32>
// CHECK: "foo.upstream_scalar"() : () -> !buffer<index>
"foo.upstream_scalar"() : () -> !buffer.index
// Other element types, an empty buffer, and buffers as attributes and block arguments.
// CHECK: "foo.elements"() {e = !buffer<0x3xf16>, t = !buffer<2xbf16>} : () -> (!buffer<2xui8>, !buffer<2xsi32>, !buffer<2xf64>, !buffer<2xi1>)
"foo.elements"() {t = !buffer<2xbf16>, e = !buffer<0x3xf16>} : () -> (!buffer<2xui8>, !buffer<2xsi32>, !buffer<2xf64>, !buffer<2xi1>)
// CHECK: ^bb0(%arg0: !buffer<8xi8, strides: [2], offset: 1>):
"foo.region"() ({
^bb0(%arg: !buffer<8xi8, strides: [2], offset: 1>):
  "foo.use"(%arg) : (!buffer<8xi8, strides: [2], offset: 1>) -> ()
}) : () -> ()
