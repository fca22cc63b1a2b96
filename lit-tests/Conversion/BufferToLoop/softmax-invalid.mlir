// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics
// Softmax kernels buffer-to-loop has no lowering for: one located error each. (The op's
// verifier already rejects other int8 output quantizations, rank 0 and a missing beta.)

// beta · scale at or below 2^-26 fails TFLM's QuantizeMultiplierGreaterThanOne check.
func.func @tiny_beta(%x: !buffer<1x10x!quant.uniform<i8:f32, 0.1:0>>, %y: !buffer<1x10x!quant.uniform<i8:f32, 0.00390625:-128>>) {
  // expected-error@+1 {{softmax: unsupported: beta 0.000000001 times input scale 0.1 is too small}}
  buffer.kernel softmax ins(%x : !buffer<1x10x!quant.uniform<i8:f32, 0.1:0>>) outs(%y : !buffer<1x10x!quant.uniform<i8:f32, 0.00390625:-128>>) {beta = 1.000000e-09 : f32}
  return
}

// -----

// Rows of 4096 or more int8 elements can overflow the Q12.19 sum of exps.
func.func @long_rows(%x: !buffer<1x4096x!quant.uniform<i8:f32, 0.1:0>>, %y: !buffer<1x4096x!quant.uniform<i8:f32, 0.00390625:-128>>) {
  // expected-error@+1 {{softmax: unsupported: rows of 4096 int8 elements}}
  buffer.kernel softmax ins(%x : !buffer<1x4096x!quant.uniform<i8:f32, 0.1:0>>) outs(%y : !buffer<1x4096x!quant.uniform<i8:f32, 0.00390625:-128>>) {beta = 1.000000e+00 : f32}
  return
}

// -----

// int16 softmax (TFLM's LUT kernel) is not lowered.
func.func @int16(%x: !buffer<1x10x!quant.uniform<i16:f32, 0.001>>, %y: !buffer<1x10x!quant.uniform<i16:f32, 3.0517578125e-05>>) {
  // expected-error@+1 {{'buffer.kernel' op softmax: unsupported: softmax from '!buffer<1x10x!quant.uniform<i16:f32, 1.000000e-03>>' to '!buffer<1x10x!quant.uniform<i16:f32, 3.0517578125E-5>>'}}
  buffer.kernel softmax ins(%x : !buffer<1x10x!quant.uniform<i16:f32, 0.001>>) outs(%y : !buffer<1x10x!quant.uniform<i16:f32, 3.0517578125e-05>>) {beta = 1.000000e+00 : f32}
  return
}

// -----

func.func @int8_to_int16(%x: !buffer<1x10x!quant.uniform<i8:f32, 0.1:0>>, %y: !buffer<1x10x!quant.uniform<i16:f32, 1.52587890625e-05:-32768>>) {
  // expected-error@+1 {{'buffer.kernel' op softmax: unsupported: softmax from '!buffer<1x10x!quant.uniform<i8:f32, 1.000000e-01>>' to '!buffer<1x10x!quant.uniform<i16:f32, 1.52587890625E-5:-32768>>'}}
  buffer.kernel softmax ins(%x : !buffer<1x10x!quant.uniform<i8:f32, 0.1:0>>) outs(%y : !buffer<1x10x!quant.uniform<i16:f32, 1.52587890625e-05:-32768>>) {beta = 1.000000e+00 : f32}
  return
}
