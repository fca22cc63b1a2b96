// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

!q = !quant.uniform<i8:f32, 5.000000e-01:-3>
!q16 = !quant.uniform<i16:f32, 1.000000e-03:7>

// int8 maximum compares the stored values (one quantization throughout) and takes lhs when it is
// greater, rhs otherwise; a per-channel rhs is read by the inner index.
// CHECK-LABEL: func.func @maximum_i8
// CHECK: loop.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK:   %[[A:.*]] = loop.load %arg0[%[[I]]
// CHECK:   loop.for %[[J:.*]] = %{{.*}} to %{{.*}} step
// CHECK:     %[[B:.*]] = loop.load %arg1[%[[J]]]
// CHECK:     %[[GT:.*]] = arith.cmpi sgt, %[[A]], %[[B]] : i8
// CHECK:     %[[R:.*]] = arith.select %[[GT]], %[[A]], %[[B]] : i8
// CHECK:     loop.store %[[R]], %arg2[%[[I]], %[[J]]]
func.func @maximum_i8(%a: !buffer<2x1x!q>, %b: !buffer<3x!q>, %c: !buffer<2x3x!q>) {
  buffer.kernel maximum ins(%a, %b : !buffer<2x1x!q>, !buffer<3x!q>) outs(%c : !buffer<2x3x!q>)
  return
}

// int16 minimum: slt, in place on the first input.
// CHECK-LABEL: func.func @minimum_i16_in_place
// CHECK: loop.for %[[I:.*]] =
// CHECK:   %[[A:.*]] = loop.load %arg0[%[[I]]]
// CHECK:   %[[B:.*]] = loop.load %arg1[%[[I]]]
// CHECK:   %[[LT:.*]] = arith.cmpi slt, %[[A]], %[[B]] : i16
// CHECK:   %[[R:.*]] = arith.select %[[LT]], %[[A]], %[[B]] : i16
// CHECK:   loop.store %[[R]], %arg0[%[[I]]]
func.func @minimum_i16_in_place(%a: !buffer<4x!q16>, %b: !buffer<4x!q16>) {
  buffer.kernel minimum ins(%a, %b : !buffer<4x!q16>, !buffer<4x!q16>) outs(%a : !buffer<4x!q16>)
  return
}

// Floats keep TFLite's order: an ordered comparison, so a NaN lhs is never taken (not
// arith.maximumf, which would propagate it).
// CHECK-LABEL: func.func @maximum_f32_scalar
// CHECK-NOT: arith.maximumf
// CHECK: %[[B:.*]] = loop.load %arg1[]
// CHECK: loop.for
// CHECK:   %[[A:.*]] = loop.load %arg0[
// CHECK:   %[[GT:.*]] = arith.cmpf ogt, %[[A]], %[[B]] : f32
// CHECK:   arith.select %[[GT]], %[[A]], %[[B]] : f32
func.func @maximum_f32_scalar(%a: !buffer<5xf32>, %b: !buffer<f32>, %c: !buffer<5xf32>) {
  buffer.kernel maximum ins(%a, %b : !buffer<5xf32>, !buffer<f32>) outs(%c : !buffer<5xf32>)
  return
}

// CHECK-LABEL: func.func @minimum_f32
// CHECK: arith.cmpf olt
func.func @minimum_f32(%a: !buffer<5xf32>, %b: !buffer<5xf32>, %c: !buffer<5xf32>) {
  buffer.kernel minimum ins(%a, %b : !buffer<5xf32>, !buffer<5xf32>) outs(%c : !buffer<5xf32>)
  return
}

// int32 and int64 compare at their width.
// CHECK-LABEL: func.func @maximum_i32
// CHECK: arith.cmpi sgt, %{{.*}}, %{{.*}} : i32
// CHECK-LABEL: func.func @minimum_i64
// CHECK: arith.cmpi slt, %{{.*}}, %{{.*}} : i64
func.func @maximum_i32(%a: !buffer<3xi32>, %b: !buffer<3xi32>, %c: !buffer<3xi32>) {
  buffer.kernel maximum ins(%a, %b : !buffer<3xi32>, !buffer<3xi32>) outs(%c : !buffer<3xi32>)
  return
}
func.func @minimum_i64(%a: !buffer<3xi64>, %b: !buffer<3xi64>, %c: !buffer<3xi64>) {
  buffer.kernel minimum ins(%a, %b : !buffer<3xi64>, !buffer<3xi64>) outs(%c : !buffer<3xi64>)
  return
}
