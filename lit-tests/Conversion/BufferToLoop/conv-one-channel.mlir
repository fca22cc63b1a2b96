// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

// A one-channel int8 conv (KWS's first layer) with constant filter and bias copies its input
// into a workspace bordered with the input zero point, as large as the taps reach: every pixel
// is then interior (constant tap bounds, folded input offset, no tap tables), and each filter
// row is read four columns at a time.

!qi = !quant.uniform<i8:f32, 5.000000e-02:-3>
!qo = !quant.uniform<i8:f32, 1.000000e-01:5>
!qw = !quant.uniform<i8:f32:0, {0.01, 0.02}>
!qb = !quant.uniform<i32:f32:0, {5.000000e-04, 1.000000e-03}>

buffer.global @w {role = "constant"} : !buffer<2x3x4x1x!qw> = dense<1> : tensor<2x3x4x1xi8>
buffer.global @b {role = "constant"} : !buffer<2x!qb> = dense<[10, -20]> : tensor<2xi32>

// CHECK-NOT: @window_tap_lo
// CHECK-LABEL: func.func @one_channel
// CHECK-SAME: (%[[X:.*]]: !buffer<1x5x6x1x{{.*}}>, %[[Y:.*]]: !buffer<1x5x6x2x{{.*}}>)
// SAME, stride 1, 3x4 taps: one row above and below, one column left and two right.
// CHECK: %[[ZP:.*]] = arith.constant -3 : i8
// CHECK: %[[PAD:.*]] = buffer.alloc() {kernel = "conv_2d", role = "scratch"} : !buffer<1x7x9x1x{{.*}}>
// CHECK: loop.store %[[ZP]], %[[PAD]][
// CHECK: %[[V:.*]] = loop.load %[[X]][%[[N:.*]], %[[IY:.*]], %[[IX:.*]], %[[C:.*]]]
// CHECK: %[[PY:.*]] = arith.addi %[[IY]], %c1
// CHECK: %[[PX:.*]] = arith.addi %[[IX]], %c1
// CHECK: loop.store %[[V]], %[[PAD]][%[[N]], %[[PY]], %[[PX]], %[[C]]]
// The taps: rows in a loop, the four columns of a row in a row.
// CHECK: loop.for %[[FY:.*]] = %c0 to %c3 step %c1
// CHECK-COUNT-4: loop.load %[[PAD]]
// CHECK-NOT: loop.load %[[X]]
func.func @one_channel(%x: !buffer<1x5x6x1x!qi>, %y: !buffer<1x5x6x2x!qo>) {
  %w = buffer.get_global @w : !buffer<2x3x4x1x!qw>
  %b = buffer.get_global @b : !buffer<2x!qb>
  buffer.kernel conv_2d ins(%x, %w, %b : !buffer<1x5x6x1x!qi>, !buffer<2x3x4x1x!qw>, !buffer<2x!qb>) outs(%y : !buffer<1x5x6x2x!qo>) {dilation_h = 1 : i64, dilation_w = 1 : i64, fused_activation = "NONE", padding = "SAME", stride_h = 1 : i64, stride_w = 1 : i64}
  return
}
