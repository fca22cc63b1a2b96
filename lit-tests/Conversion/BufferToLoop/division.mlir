// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics | FileCheck %s

// f32 div: the quotient clamped to the fused activation (RELU6 here), the divisor broadcast.
// CHECK-LABEL: func.func @div_f32
// CHECK: loop.for %[[I:.*]] =
// CHECK:   %[[X:.*]] = loop.load %arg0[%[[I]], %{{.*}}]
// CHECK:   %[[Y:.*]] = loop.load %arg1[%{{.*}}]
// CHECK:   %[[Q:.*]] = arith.divf %[[X]], %[[Y]] : f32
// CHECK:   arith.maximumf %[[Q]]
// CHECK:   arith.minimumf
func.func @div_f32(%a: !buffer<2x3xf32>, %b: !buffer<3xf32>, %c: !buffer<2x3xf32>) {
  buffer.kernel div ins(%a, %b : !buffer<2x3xf32>, !buffer<3xf32>) outs(%c : !buffer<2x3xf32>) {fused_activation = "RELU6"}
  return
}

// -----

// i32 div: C's truncating division, clamped to the activation's integer range.
// CHECK-LABEL: func.func @div_i32
// CHECK: arith.divsi
// CHECK: arith.maxsi
// CHECK: arith.minsi
func.func @div_i32(%a: !buffer<4xi32>, %b: !buffer<4xi32>, %c: !buffer<4xi32>) {
  buffer.kernel div ins(%a, %b : !buffer<4xi32>, !buffer<4xi32>) outs(%c : !buffer<4xi32>) {fused_activation = "RELU"}
  return
}

// -----

// int8 div: both inputs offset by their zero points, signs flipped for a negative divisor, the
// divisor's fixed-point reciprocal (its shift count taken modulo 32), the dividend normalized by
// its leading sign bits, and RoundingDivideByPOT with x86-64's shift counts (mask from a 64-bit
// shift modulo 64, quotient from a 32-bit shift modulo 32), offset and clamped to RELU's range.
!qa = !quant.uniform<i8:f32, 0.5:-3>
!qb = !quant.uniform<i8:f32, 0.25:4>
!qo = !quant.uniform<i8:f32, 0.125:-128>
// CHECK-LABEL: func.func @div_i8
// CHECK: loop.for
// CHECK:   %[[X:.*]] = arith.addi %{{.*}}, %c3_i32 : i32
// CHECK:   %[[Y:.*]] = arith.addi %{{.*}}, %c-4_i32 : i32
// CHECK:   %[[NEG:.*]] = arith.cmpi slt, %[[Y]], %c0_i32 : i32
// CHECK:   %[[DIVIDEND:.*]] = arith.select %[[NEG]], %{{.*}}, %[[X]] : i32
// CHECK:   %[[DIVISOR:.*]] = arith.select %[[NEG]], %{{.*}}, %[[Y]] : i32
// CHECK:   %[[COUNT:.*]] = arith.andi %{{.*}}, %c31_i32{{.*}} : i32
// CHECK:   arith.shli %[[DIVISOR]], %[[COUNT]] : i32
// CHECK:   arith.shrsi %[[DIVIDEND]], %c31_i32{{.*}} : i32
// CHECK:   arith.xori %[[DIVIDEND]]
// CHECK:   %[[WIDE:.*]] = arith.andi %{{.*}}, %c63_i64 : i64
// CHECK:   %[[POWER:.*]] = arith.shli %c1_i64, %[[WIDE]] : i64
// CHECK:   %[[MASK:.*]] = arith.subi %[[POWER]], %c1_i64 : i64
// CHECK:   arith.trunci %[[MASK]] : i64 to i32
// CHECK:   %[[NARROW:.*]] = arith.andi %{{.*}}, %c31_i32 : i32
// CHECK:   arith.shrsi %{{.*}}, %[[NARROW]] : i32
// CHECK:   arith.maxsi %{{.*}}, %c-128_i32 : i32
// CHECK:   arith.minsi %{{.*}}, %c127_i32 : i32
// CHECK:   arith.trunci %{{.*}} : i32 to i8
func.func @div_i8(%a: !buffer<4x!qa>, %b: !buffer<4x!qb>, %c: !buffer<4x!qo>) {
  buffer.kernel div ins(%a, %b : !buffer<4x!qa>, !buffer<4x!qb>) outs(%c : !buffer<4x!qo>) {fused_activation = "RELU"}
  return
}

// -----

// floor_div divides in double, floors, rounds to float.
// CHECK-LABEL: func.func @floor_div_f32
// CHECK: arith.extf %{{.*}} : f32 to f64
// CHECK: arith.extf %{{.*}} : f32 to f64
// CHECK: %[[Q:.*]] = arith.divf %{{.*}}, %{{.*}} : f64
// CHECK: %[[F:.*]] = math.floor %[[Q]] : f64
// CHECK: arith.truncf %[[F]] : f64 to f32
func.func @floor_div_f32(%a: !buffer<4xf32>, %b: !buffer<4xf32>, %c: !buffer<4xf32>) {
  buffer.kernel floor_div ins(%a, %b : !buffer<4xf32>, !buffer<4xf32>) outs(%c : !buffer<4xf32>)
  return
}

// -----

// floor_mod: fmod, then the divisor added where the remainder's sign differs from it.
// CHECK-LABEL: func.func @floor_mod_f32
// CHECK: %[[R:.*]] = arith.remf %{{.*}}, %{{.*}} : f32
// CHECK: arith.cmpf une, %[[R]]
// CHECK: arith.xori
// CHECK: arith.andi
// CHECK: arith.select
func.func @floor_mod_f32(%a: !buffer<4xf32>, %b: !buffer<4xf32>, %c: !buffer<4xf32>) {
  buffer.kernel floor_mod ins(%a, %b : !buffer<4xf32>, !buffer<4xf32>) outs(%c : !buffer<4xf32>)
  return
}

// -----

// A constant i32 divisor holding a zero: TFLM's division is undefined there.
buffer.global @divisor {role = "constant"} : !buffer<3xi32> = dense<[2, 0, -1]> : tensor<3xi32>
func.func @div_i32_by_zero(%a: !buffer<3xi32>, %c: !buffer<3xi32>) {
  %b = buffer.get_global @divisor : !buffer<3xi32>
  // expected-error@+1 {{'buffer.kernel' op div: unsupported: division by zero: the constant divisor '!buffer<3xi32>' holds a zero (TFLite Micro's div fails on it)}}
  buffer.kernel div ins(%a, %b : !buffer<3xi32>, !buffer<3xi32>) outs(%c : !buffer<3xi32>) {fused_activation = "NONE"}
  return
}

// -----

// A constant f32 divisor of floor_div holding -0.0: TFLM's Eval fails on it.
buffer.global @divisor {role = "constant"} : !buffer<2xf32> = dense<[1.5, -0.0]> : tensor<2xf32>
func.func @floor_div_by_zero(%a: !buffer<2xf32>, %c: !buffer<2xf32>) {
  %b = buffer.get_global @divisor : !buffer<2xf32>
  // expected-error@+1 {{'buffer.kernel' op floor_div: unsupported: division by zero}}
  buffer.kernel floor_div ins(%a, %b : !buffer<2xf32>, !buffer<2xf32>) outs(%c : !buffer<2xf32>)
  return
}

// -----

// TFLite Micro broadcasts floor_div through BroadcastBinaryFunction4DSlow: rank 5 operands of
// different shapes are refused.
func.func @floor_div_rank_5(%a: !buffer<2x1x1x1x2xf32>, %b: !buffer<2xf32>, %c: !buffer<2x1x1x1x2xf32>) {
  // expected-error@+1 {{'buffer.kernel' op floor_div: unsupported: broadcasting '!buffer<2x1x1x1x2xf32>' and '!buffer<2xf32>' at rank 5 (TFLite Micro's floor_div broadcasts up to rank 4)}}
  buffer.kernel floor_div ins(%a, %b : !buffer<2x1x1x1x2xf32>, !buffer<2xf32>) outs(%c : !buffer<2x1x1x1x2xf32>)
  return
}

// -----

// squared_difference on int8: both inputs offset, shifted by 7 and rescaled, the difference
// squared and requantized.
!qa = !quant.uniform<i8:f32, 0.5:-3>
!qb = !quant.uniform<i8:f32, 0.25:4>
!qo = !quant.uniform<i8:f32, 0.125:-128>
// CHECK-LABEL: func.func @squared_difference_i8
// CHECK: loop.for
// CHECK: arith.muli %{{.*}}, %c128_i32 : i32
// CHECK: arith.muli %{{.*}}, %c128_i32 : i32
// CHECK: %[[D:.*]] = arith.subi
// CHECK: arith.muli %[[D]], %[[D]] : i32
// CHECK: arith.trunci
func.func @squared_difference_i8(%a: !buffer<4x!qa>, %b: !buffer<4x!qb>, %c: !buffer<4x!qo>) {
  buffer.kernel squared_difference ins(%a, %b : !buffer<4x!qa>, !buffer<4x!qb>) outs(%c : !buffer<4x!qo>)
  return
}

// -----

// add_n: a sum from +0.0 over the inputs in order.
// CHECK-LABEL: func.func @add_n_f32
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: loop.for
// CHECK: %[[X:.*]] = loop.load %arg0
// CHECK: %[[S:.*]] = arith.addf %[[Z]], %[[X]] : f32
// CHECK: %[[Y:.*]] = loop.load %arg1
// CHECK: %[[T:.*]] = arith.addf %[[S]], %[[Y]] : f32
// CHECK: %[[W:.*]] = loop.load %arg2
// CHECK: arith.addf %[[T]], %[[W]] : f32
func.func @add_n_f32(%a: !buffer<4xf32>, %b: !buffer<4xf32>, %c: !buffer<4xf32>, %d: !buffer<4xf32>) {
  buffer.kernel add_n ins(%a, %b, %c : !buffer<4xf32>, !buffer<4xf32>, !buffer<4xf32>) outs(%d : !buffer<4xf32>)
  return
}
