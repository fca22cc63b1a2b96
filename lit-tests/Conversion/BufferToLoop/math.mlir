// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics | FileCheck %s

// The float math kernels: one math op per element, at the same indices (in place here).
// CHECK-LABEL: func.func @f32_functions
// CHECK: math.sqrt
// CHECK: math.rsqrt
// CHECK: math.exp
// CHECK: math.log
// CHECK: math.sin
// CHECK: math.cos
// CHECK: math.floor
// CHECK: math.ceil
// CHECK: math.absf
// CHECK: %[[X:.*]] = loop.load %arg0[%{{.*}}] : !buffer<4xf32>
// CHECK: arith.mulf %[[X]], %[[X]] : f32
func.func @f32_functions(%a: !buffer<4xf32>) {
  buffer.kernel sqrt ins(%a : !buffer<4xf32>) outs(%a : !buffer<4xf32>)
  buffer.kernel rsqrt ins(%a : !buffer<4xf32>) outs(%a : !buffer<4xf32>)
  buffer.kernel exp ins(%a : !buffer<4xf32>) outs(%a : !buffer<4xf32>)
  buffer.kernel log ins(%a : !buffer<4xf32>) outs(%a : !buffer<4xf32>)
  buffer.kernel sin ins(%a : !buffer<4xf32>) outs(%a : !buffer<4xf32>)
  buffer.kernel cos ins(%a : !buffer<4xf32>) outs(%a : !buffer<4xf32>)
  buffer.kernel floor ins(%a : !buffer<4xf32>) outs(%a : !buffer<4xf32>)
  buffer.kernel ceil ins(%a : !buffer<4xf32>) outs(%a : !buffer<4xf32>)
  buffer.kernel abs ins(%a : !buffer<4xf32>) outs(%a : !buffer<4xf32>)
  buffer.kernel square ins(%a : !buffer<4xf32>) outs(%a : !buffer<4xf32>)
  return
}

// -----

// round is TFLite's RoundToNearest: floor, the fraction against one half, the floor's parity.
// CHECK-LABEL: func.func @round_f32
// CHECK: %[[X:.*]] = loop.load %arg0
// CHECK: %[[F:.*]] = math.floor %[[X]] : f32
// CHECK: arith.subf %[[X]], %[[F]] : f32
// CHECK: arith.cmpf oeq
// CHECK: arith.cmpf olt
// CHECK: arith.select
func.func @round_f32(%a: !buffer<2x3xf32>, %b: !buffer<2x3xf32>) {
  buffer.kernel round ins(%a : !buffer<2x3xf32>) outs(%b : !buffer<2x3xf32>)
  return
}

// -----

// int8 abs: |x - in_zp| rescaled (the scales differ), plus out_zp, clamped, truncated.
!qa = !quant.uniform<i8:f32, 0.5:-3>
!qb = !quant.uniform<i8:f32, 0.25:10>
// CHECK-LABEL: func.func @abs_i8
// CHECK: %[[X:.*]] = loop.load %arg0
// CHECK: %[[E:.*]] = arith.extsi %[[X]] : i8 to i32
// CHECK: %[[C:.*]] = arith.subi %[[E]],
// CHECK: math.absi %[[C]] : i32
// CHECK: arith.maxsi
// CHECK: arith.minsi
// CHECK: arith.trunci
func.func @abs_i8(%a: !buffer<8x!qa>, %b: !buffer<8x!qb>) {
  buffer.kernel abs ins(%a : !buffer<8x!qa>) outs(%b : !buffer<8x!qb>)
  return
}

// -----

// A plain int16 abs is math.absi (-32768 stays itself, as in TFLM).
// CHECK-LABEL: func.func @abs_i16_plain
// CHECK: %[[X:.*]] = loop.load %arg0
// CHECK: math.absi %[[X]] : i16
func.func @abs_i16_plain(%a: !buffer<8xi16>, %b: !buffer<8xi16>) {
  buffer.kernel abs ins(%a : !buffer<8xi16>) outs(%b : !buffer<8xi16>)
  return
}

// -----

// int8 rsqrt: a table of TFLM's 256 results, one load per element.
!qa = !quant.uniform<i8:f32, 0.0625:-128>
!qb = !quant.uniform<i8:f32, 0.03125:-128>
// CHECK: buffer.global @rsqrt_table {role = "constant"} : !buffer<256xi8>
// CHECK-LABEL: func.func @rsqrt_i8
// CHECK: %[[T:.*]] = buffer.get_global @rsqrt_table
// CHECK: loop.load %[[T]][
func.func @rsqrt_i8(%a: !buffer<8x!qa>, %b: !buffer<8x!qb>) {
  buffer.kernel rsqrt ins(%a : !buffer<8x!qa>) outs(%b : !buffer<8x!qb>)
  return
}

// -----

// Float elu: expm1 below zero, the input elsewhere (a NaN stays itself).
// CHECK-LABEL: func.func @elu_f32
// CHECK: %[[X:.*]] = loop.load %arg0
// CHECK: %[[NEG:.*]] = arith.cmpf olt, %[[X]], %{{.*}} : f32
// CHECK: %[[E:.*]] = math.expm1 %[[X]] : f32
// CHECK: arith.select %[[NEG]], %[[E]], %[[X]] : f32
func.func @elu_f32(%a: !buffer<4xf32>, %b: !buffer<4xf32>) {
  buffer.kernel elu ins(%a : !buffer<4xf32>) outs(%b : !buffer<4xf32>)
  return
}

// -----

// int8 elu: the table TFLM's Prepare fills, one load per element.
!qa = !quant.uniform<i8:f32, 0.05:10>
!qb = !quant.uniform<i8:f32, 0.02:-3>
// CHECK: buffer.global @elu_table {role = "constant"} : !buffer<256xi8>
// CHECK-LABEL: func.func @elu_i8
// CHECK: %[[T:.*]] = buffer.get_global @elu_table
// CHECK: loop.load %[[T]][
func.func @elu_i8(%a: !buffer<8x!qa>, %b: !buffer<8x!qb>) {
  buffer.kernel elu ins(%a : !buffer<8x!qa>) outs(%b : !buffer<8x!qb>)
  return
}

// -----

// TFLite Micro's EXP takes f32 only: the kernel's operand check (the graph op's) refuses int8.
!q = !quant.uniform<i8:f32, 5.000000e-01:-3>
func.func @exp_i8(%a: !buffer<4x!q>, %b: !buffer<4x!q>) {
  // expected-error@+1 {{'buffer.kernel' op exp: input element type must be f32, but got '!quant.uniform<i8:f32, 5.000000e-01:-3>'}}
  buffer.kernel exp ins(%a : !buffer<4x!q>) outs(%b : !buffer<4x!q>)
  return
}

// -----

// An rsqrt output scale so far above the input's that TFLM's second rescaling would shift
// right by more than 31 bits.
!qa = !quant.uniform<i8:f32, 1.0:-128>
!qb = !quant.uniform<i8:f32, 1.0e+06:-128>
func.func @rsqrt_i8_shift(%a: !buffer<4x!qa>, %b: !buffer<4x!qb>) {
  // expected-error@+1 {{'buffer.kernel' op rsqrt: unsupported: an rsqrt output multiplier of 2^-19 (TFLite Micro shifts it by 20 more, past 31 bits)}}
  buffer.kernel rsqrt ins(%a : !buffer<4x!qa>) outs(%b : !buffer<4x!qb>)
  return
}
