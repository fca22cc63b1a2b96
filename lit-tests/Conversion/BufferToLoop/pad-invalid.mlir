// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics
// What the pad lowering rejects: one located error per kernel.

!q16 = !quant.uniform<i16:f32, 5.000000e-01:3>
func.func @int16_zero_point(%x: !buffer<2x!q16>, %y: !buffer<4x!q16>) {
  // expected-error@+1 {{'buffer.kernel' op pad: unsupported: !buffer<4x!quant.uniform<i16:f32, 5.000000e-01:3>> with zero point 3 (TFLite Micro pads int16 and int32 with 0)}}
  buffer.kernel pad ins(%x : !buffer<2x!q16>) outs(%y : !buffer<4x!q16>) {paddings = array<i64: 1, 1>}
  return
}

// -----

func.func @bool(%x: !buffer<2xi1>, %y: !buffer<4xi1>) {
  // expected-error@+1 {{'buffer.kernel' op pad: unsupported: PAD with i1 -> i1 is not supported}}
  buffer.kernel pad ins(%x : !buffer<2xi1>) outs(%y : !buffer<4xi1>) {paddings = array<i64: 1, 1>}
  return
}
