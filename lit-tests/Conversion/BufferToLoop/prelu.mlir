// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

!qi = !quant.uniform<i8:f32, 0.05:-3>
!qa = !quant.uniform<i8:f32, 0.01:5>
!qo = !quant.uniform<i8:f32, 0.1:7>

// Float: x >= 0 ? x : x · alpha, the per-channel alpha loaded in the channel loop.
// CHECK-LABEL: func.func @float_prelu
// CHECK-SAME: (%[[X:.*]]: !buffer<2x3x4xf32>, %[[A:.*]]: !buffer<4xf32>, %[[Y:.*]]: !buffer<2x3x4xf32>)
// CHECK: loop.for %[[I:.*]] =
// CHECK:   loop.for %[[J:.*]] =
// CHECK:     loop.for %[[K:.*]] =
// CHECK-DAG:   %[[V:.*]] = loop.load %[[X]][%[[I]], %[[J]], %[[K]]]
// CHECK-DAG:   %[[AL:.*]] = loop.load %[[A]][%[[K]]]
// CHECK:       %[[GE:.*]] = arith.cmpf oge, %[[V]], %{{.*}} : f32
// CHECK:       %[[P:.*]] = arith.mulf %[[V]], %[[AL]] : f32
// CHECK:       %[[R:.*]] = arith.select %[[GE]], %[[V]], %[[P]] : f32
// CHECK:       loop.store %[[R]], %[[Y]][%[[I]], %[[J]], %[[K]]]
func.func @float_prelu(%x: !buffer<2x3x4xf32>, %a: !buffer<4xf32>, %y: !buffer<2x3x4xf32>) {
  buffer.kernel prelu ins(%x, %a : !buffer<2x3x4xf32>, !buffer<4xf32>) outs(%y : !buffer<2x3x4xf32>)
  return
}

// Int8, an alpha per outer index: both operands centred on their zero points (the alpha in the
// outer loop), the product taken below zero, the multiplier
// and shift selected by the sign (0.05 / 0.1 = 0.5: (2^30, 0); 0.05 · 0.01 / 0.1 of the float
// scales, in double: (1374389504, -7)), one MultiplyByQuantizedMultiplier, the output zero point
// and the clamp.
// CHECK-LABEL: func.func @int8_prelu
// CHECK-DAG: %[[IZP:.*]] = arith.constant -3 : i32
// CHECK-DAG: %[[AZP:.*]] = arith.constant 5 : i32
// CHECK-DAG: %[[M1:.*]] = arith.constant 1073741824 : i32
// CHECK-DAG: %[[M2:.*]] = arith.constant 1374389504 : i32
// CHECK-DAG: %[[S2:.*]] = arith.constant -7 : i32
// CHECK-DAG: %[[OZP:.*]] = arith.constant 7 : i32
// CHECK: loop.for
// CHECK:   arith.subi %{{.*}}, %[[AZP]] : i32
// CHECK:   loop.for
// CHECK:     loop.for
// CHECK:       arith.subi %{{.*}}, %[[IZP]] : i32
// CHECK:       %[[GE:.*]] = arith.cmpi sge
// CHECK:       %[[P:.*]] = arith.muli
// CHECK:       arith.select %[[GE]], %{{.*}}, %[[P]] : i32
// CHECK:       arith.select %[[GE]], %[[M1]], %[[M2]] : i32
// CHECK:       arith.select %[[GE]], %{{.*}}, %[[S2]] : i32
// CHECK:       arith.addi %{{.*}}, %[[OZP]] : i32
// CHECK:       arith.maxsi
// CHECK:       arith.minsi
// CHECK:       arith.trunci %{{.*}} : i32 to i8
// CHECK:       loop.store
func.func @int8_prelu(%x: !buffer<4x3x4x!qi>, %a: !buffer<4x1x1x!qa>, %y: !buffer<4x3x4x!qo>) {
  buffer.kernel prelu ins(%x, %a : !buffer<4x3x4x!qi>, !buffer<4x1x1x!qa>) outs(%y : !buffer<4x3x4x!qo>)
  return
}
