// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

!q8 = !quant.uniform<i8:f32, 5.000000e-01:-3>
!q8b = !quant.uniform<i8:f32, 2.500000e-01:7>
!q8c = !quant.uniform<i8:f32, 5.000000e-01:10>

// f32 -> int8: float division by the scale, rounding half away from zero, the clamp to
// [-128 - zp, 127 - zp] in float, then the zero point.
// CHECK-LABEL: func.func @quantize_f32
// CHECK-DAG: %[[SCALE:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-DAG: %[[LOW:.*]] = arith.constant -1.250000e+02 : f32
// CHECK-DAG: %[[HIGH:.*]] = arith.constant 1.300000e+02 : f32
// CHECK: loop.for %[[I:.*]] =
// CHECK:   loop.for %[[J:.*]] =
// CHECK:     %[[X:.*]] = loop.load %arg0[%[[I]], %[[J]]] : !buffer<2x3xf32>
// CHECK:     %[[D:.*]] = arith.divf %[[X]], %[[SCALE]] : f32
// CHECK:     %[[R:.*]] = math.round %[[D]] : f32
// CHECK:     %[[A:.*]] = arith.maximumf %[[R]], %[[LOW]] : f32
// CHECK:     %[[B:.*]] = arith.minimumf %[[A]], %[[HIGH]] : f32
// CHECK:     %[[Q:.*]] = arith.fptosi %[[B]] : f32 to i32
// CHECK:     %[[Z:.*]] = arith.addi %[[Q]], %c-3_i32 : i32
// CHECK:     %[[T:.*]] = arith.trunci %[[Z]] : i32 to i8
// CHECK:     loop.store %[[T]], %arg1[%[[I]], %[[J]]]
func.func @quantize_f32(%x: !buffer<2x3xf32>, %y: !buffer<2x3x!q8>) {
  buffer.kernel quantize ins(%x : !buffer<2x3xf32>) outs(%y : !buffer<2x3x!q8>)
  return
}

// int8 -> int8 with different scales: MultiplyByQuantizedMultiplier(x - zp_in) + zp_out.
// CHECK-LABEL: func.func @requantize
// CHECK: loop.for
// CHECK:   %[[X:.*]] = arith.extsi %{{.*}} : i8 to i32
// CHECK:   %[[O:.*]] = arith.addi %[[X]], %c3_i32 : i32
// The multiplier 0.5 / 0.25 = 2 is 2^30 with shift 2.
// CHECK:   arith.shli %[[O]], %{{.*}} : i32
// CHECK:   arith.muli %{{.*}} : i64
// CHECK:   arith.addi %{{.*}}, %c7_i32 : i32
// CHECK:   arith.maxsi %{{.*}}, %c-128_i32
// CHECK:   arith.minsi %{{.*}}, %c127_i32
// CHECK:   arith.trunci %{{.*}} : i32 to i8
func.func @requantize(%x: !buffer<4x!q8>, %y: !buffer<4x!q8b>) {
  buffer.kernel quantize ins(%x : !buffer<4x!q8>) outs(%y : !buffer<4x!q8b>)
  return
}

// Equal scales: only the zero points move, no multiplication.
// CHECK-LABEL: func.func @requantize_same_scale
// CHECK: loop.for
// CHECK-NOT: arith.muli
// CHECK:   arith.addi %{{.*}}, %c3_i32 : i32
// CHECK:   arith.addi %{{.*}}, %c10_i32 : i32
// CHECK:   arith.maxsi
// CHECK:   loop.store
func.func @requantize_same_scale(%x: !buffer<4x!q8>, %y: !buffer<4x!q8c>) {
  buffer.kernel quantize ins(%x : !buffer<4x!q8>) outs(%y : !buffer<4x!q8c>)
  return
}

// int8 -> f32: scale * (float)(x - zp).
// CHECK-LABEL: func.func @dequantize
// CHECK: loop.for %[[I:.*]] =
// CHECK:   %[[X:.*]] = loop.load %arg0[%[[I]]]
// CHECK:   %[[W:.*]] = arith.extsi %[[X]] : i8 to i32
// CHECK:   %[[D:.*]] = arith.subi %[[W]], %c-3_i32 : i32
// CHECK:   %[[F:.*]] = arith.sitofp %[[D]] : i32 to f32
// CHECK:   %[[V:.*]] = arith.mulf %cst, %[[F]] : f32
// CHECK:   loop.store %[[V]], %arg1[%[[I]]] : !buffer<4xf32>
func.func @dequantize(%x: !buffer<4x!q8>, %y: !buffer<4xf32>) {
  buffer.kernel dequantize ins(%x : !buffer<4x!q8>) outs(%y : !buffer<4xf32>)
  return
}
