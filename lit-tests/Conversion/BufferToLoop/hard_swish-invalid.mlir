// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics
// Hard swish kernels buffer-to-loop has no lowering for: one located error each.

// TFLite Micro's HARD_SWISH has no int16 kernel (the op's verifier refuses it).
func.func @int16_hard_swish(%x: !buffer<4x!quant.uniform<i16:f32, 0.1>>, %y: !buffer<4x!quant.uniform<i16:f32, 0.1>>) {
  // expected-error@+1 {{'buffer.kernel' op hard_swish: input element type must be f32 or quantized i8, but got '!quant.uniform<i16:f32, 1.000000e-01>'}}
  buffer.kernel hard_swish ins(%x : !buffer<4x!quant.uniform<i16:f32, 0.1>>) outs(%y : !buffer<4x!quant.uniform<i16:f32, 0.1>>)
  return
}

// -----

// HardSwishPrepare fails when (input scale / 128) / output scale is 1 or more (the op's
// verifier refuses it; the lowering checks again).
func.func @hard_swish_output_multiplier(%x: !buffer<4x!quant.uniform<i8:f32, 1.0>>, %y: !buffer<4x!quant.uniform<i8:f32, 0.00390625>>) {
  // expected-error@+1 {{'buffer.kernel' op hard_swish: int8 hard_swish result scale 0.00390625 must exceed the input scale 1 / 128 (TFLite Micro's output multiplier must be below 1)}}
  buffer.kernel hard_swish ins(%x : !buffer<4x!quant.uniform<i8:f32, 1.0>>) outs(%y : !buffer<4x!quant.uniform<i8:f32, 0.00390625>>)
  return
}
