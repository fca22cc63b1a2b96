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

// int8 per channel -> f32: TFLite Micro reads the first channel's scale and zero point, for
// every element.
!q8pc = !quant.uniform<i8:f32:0, {0.25:-7, 0.5:2}>
// CHECK-LABEL: func.func @dequantize_per_channel
// CHECK-DAG: %[[ZP:.*]] = arith.constant -7 : i32
// CHECK-DAG: %[[SCALE:.*]] = arith.constant 2.500000e-01 : f32
// CHECK: loop.for %[[I:.*]] =
// CHECK:   loop.for %[[J:.*]] =
// CHECK:     %[[X:.*]] = loop.load %arg0[%[[I]], %[[J]]]
// CHECK:     %[[W:.*]] = arith.extsi %[[X]] : i8 to i32
// CHECK:     %[[D:.*]] = arith.subi %[[W]], %[[ZP]] : i32
// CHECK:     %[[F:.*]] = arith.sitofp %[[D]] : i32 to f32
// CHECK:     %[[V:.*]] = arith.mulf %[[SCALE]], %[[F]] : f32
// CHECK:     loop.store %[[V]], %arg1[%[[I]], %[[J]]] : !buffer<2x3xf32>
func.func @dequantize_per_channel(%x: !buffer<2x3x!q8pc>, %y: !buffer<2x3xf32>) {
  buffer.kernel dequantize ins(%x : !buffer<2x3x!q8pc>) outs(%y : !buffer<2x3xf32>)
  return
}

!q16 = !quant.uniform<i16:f32, 1.000000e-03>
!q32 = !quant.uniform<i32:f32, 1.000000e-04:-5>
!q32s = !quant.uniform<i32:f32, 1.000000e-03>
!u8 = !quant.uniform<u8:f32, 5.000000e-01:131>

// int16 -> int32: the same Requantize, without a clamp (the int32 range is the whole of i32)
// and without a truncation.
// CHECK-LABEL: func.func @requantize_int16_to_int32
// CHECK: loop.for
// CHECK:   %[[X:.*]] = arith.extsi %{{.*}} : i16 to i32
// CHECK:   arith.shli %{{.*}}, %{{.*}} : i32
// CHECK:   %[[Q:.*]] = arith.addi %{{.*}}, %c-5_i32 : i32
// CHECK-NOT: arith.maxsi
// CHECK-NOT: arith.trunci %{{.*}} : i32
// CHECK:   loop.store %[[Q]]
func.func @requantize_int16_to_int32(%x: !buffer<4x!q16>, %y: !buffer<4x!q32>) {
  buffer.kernel quantize ins(%x : !buffer<4x!q16>) outs(%y : !buffer<4x!q32>)
  return
}

// int32 -> int16 between equal scales: the multiplication by one stays, since TFLM doubles the
// int32 value inside it (wrapping for |x| >= 2^30).
// CHECK-LABEL: func.func @requantize_int32_same_scale
// CHECK: loop.for
// CHECK:   %[[X:.*]] = loop.load
// CHECK:   arith.shli %{{.*}}, %{{.*}} : i32
// CHECK:   arith.muli %{{.*}} : i64
// CHECK:   arith.maxsi %{{.*}}, %c-32768_i32
// CHECK:   arith.minsi %{{.*}}, %c32767_i32
// CHECK:   arith.trunci %{{.*}} : i32 to i16
func.func @requantize_int32_same_scale(%x: !buffer<4x!q32s>, %y: !buffer<4x!q16>) {
  buffer.kernel quantize ins(%x : !buffer<4x!q32s>) outs(%y : !buffer<4x!q16>)
  return
}

// uint8 -> int8: the u8 bits load as i8 and are zero-extended; equal scales only move the zero
// points (-131 + -3).
// CHECK-LABEL: func.func @requantize_uint8_to_int8
// CHECK: loop.for
// CHECK:   %[[X:.*]] = arith.extui %{{.*}} : i8 to i32
// CHECK:   arith.addi %[[X]], %c-131_i32 : i32
// CHECK-NOT: arith.muli
// CHECK:   arith.addi %{{.*}}, %c-3_i32 : i32
// CHECK:   arith.maxsi %{{.*}}, %c-128_i32
// CHECK:   arith.minsi %{{.*}}, %c127_i32
func.func @requantize_uint8_to_int8(%x: !buffer<4x!u8>, %y: !buffer<4x!q8>) {
  buffer.kernel quantize ins(%x : !buffer<4x!u8>) outs(%y : !buffer<4x!q8>)
  return
}

// int8 -> uint8: clamped to [0, 255] before the store of the low 8 bits.
// CHECK-LABEL: func.func @requantize_int8_to_uint8
// CHECK: loop.for
// CHECK:   arith.extsi %{{.*}} : i8 to i32
// CHECK:   arith.addi %{{.*}}, %c131_i32 : i32
// CHECK:   arith.maxsi %{{.*}}, %c0_i32
// CHECK:   arith.minsi %{{.*}}, %c255_i32
// CHECK:   arith.trunci %{{.*}} : i32 to i8
func.func @requantize_int8_to_uint8(%x: !buffer<4x!q8>, %y: !buffer<4x!u8>) {
  buffer.kernel quantize ins(%x : !buffer<4x!q8>) outs(%y : !buffer<4x!u8>)
  return
}

// uint8 -> f32: zero-extended, then scale * (float)(x - zp).
// CHECK-LABEL: func.func @dequantize_uint8
// CHECK: loop.for
// CHECK:   %[[W:.*]] = arith.extui %{{.*}} : i8 to i32
// CHECK:   %[[D:.*]] = arith.subi %[[W]], %c131_i32 : i32
// CHECK:   arith.sitofp %[[D]] : i32 to f32
func.func @dequantize_uint8(%x: !buffer<4x!u8>, %y: !buffer<4xf32>) {
  buffer.kernel dequantize ins(%x : !buffer<4x!u8>) outs(%y : !buffer<4xf32>)
  return
}
