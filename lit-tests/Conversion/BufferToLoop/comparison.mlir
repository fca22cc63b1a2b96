// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

!qa = !quant.uniform<i8:f32, 5.000000e-01:-3>
!qb = !quant.uniform<i8:f32, 2.500000e-01:4>

// f32 less: an ordered compare per element, stored as i1; the scalar rhs is loaded once.
// CHECK-LABEL: func.func @less_f32_scalar
// CHECK: %[[B:.*]] = loop.load %arg1[] : !buffer<f32>
// CHECK: loop.for %[[I:.*]] =
// CHECK:   %[[A:.*]] = loop.load %arg0[%[[I]]]
// CHECK:   %[[C:.*]] = arith.cmpf olt, %[[A]], %[[B]] : f32
// CHECK:   loop.store %[[C]], %arg2[%[[I]]] : !buffer<4xi1>
func.func @less_f32_scalar(%a: !buffer<4xf32>, %b: !buffer<f32>, %c: !buffer<4xi1>) {
  buffer.kernel less ins(%a, %b : !buffer<4xf32>, !buffer<f32>) outs(%c : !buffer<4xi1>)
  return
}

// f32 not_equal is true with a NaN (une), as C++'s !=.
// CHECK-LABEL: func.func @not_equal_f32
// CHECK: arith.cmpf une
func.func @not_equal_f32(%a: !buffer<4xf32>, %b: !buffer<4xf32>, %c: !buffer<4xi1>) {
  buffer.kernel not_equal ins(%a, %b : !buffer<4xf32>, !buffer<4xf32>) outs(%c : !buffer<4xi1>)
  return
}

// int8: each operand offset by its zero point, shifted left by 8 and rescaled by its own scale
// (0.5 and 0.25: multipliers 2^30, shifts 0 and -1), then compared signed.
// CHECK-LABEL: func.func @greater_i8_two_scales
// CHECK-DAG: %[[THREE:.*]] = arith.constant 3 : i32
// CHECK-DAG: %[[MFOUR:.*]] = arith.constant -4 : i32
// CHECK-DAG: %[[EIGHT:.*]] = arith.constant 8 : i32
// CHECK: loop.for %[[I:.*]] =
// CHECK:   %[[A:.*]] = loop.load %arg0[%[[I]]]
// CHECK:   %[[AW:.*]] = arith.extsi %[[A]] : i8 to i32
// CHECK:   %[[AC:.*]] = arith.addi %[[AW]], %[[THREE]] : i32
// CHECK:   arith.shli %[[AC]], %[[EIGHT]] : i32
// CHECK:   %[[B:.*]] = loop.load %arg1[%[[I]]]
// CHECK:   %[[BW:.*]] = arith.extsi %[[B]] : i8 to i32
// CHECK:   arith.addi %[[BW]], %[[MFOUR]] : i32
// CHECK:   arith.cmpi sgt, %{{.*}}, %{{.*}} : i32
// CHECK:   loop.store %{{.*}}, %arg2[%[[I]]] : !buffer<4xi1>
func.func @greater_i8_two_scales(%a: !buffer<4x!qa>, %b: !buffer<4x!qb>, %c: !buffer<4xi1>) {
  buffer.kernel greater ins(%a, %b : !buffer<4x!qa>, !buffer<4x!qb>) outs(%c : !buffer<4xi1>)
  return
}

// Booleans compare as i1; i64 signed.
// CHECK-LABEL: func.func @equal_bool_and_i64
// CHECK: arith.cmpi eq, %{{.*}}, %{{.*}} : i1
// CHECK: arith.cmpi sle, %{{.*}}, %{{.*}} : i64
func.func @equal_bool_and_i64(%a: !buffer<2x3xi1>, %b: !buffer<3xi1>, %c: !buffer<2x3xi1>, %x: !buffer<3xi64>, %y: !buffer<3xi64>, %z: !buffer<3xi1>) {
  buffer.kernel equal ins(%a, %b : !buffer<2x3xi1>, !buffer<3xi1>) outs(%c : !buffer<2x3xi1>)
  buffer.kernel less_equal ins(%x, %y : !buffer<3xi64>, !buffer<3xi64>) outs(%z : !buffer<3xi1>)
  return
}
