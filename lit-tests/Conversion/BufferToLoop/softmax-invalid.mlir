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

// Int16: once beta · scale · 65535 / 10 reaches 2^15 (beta · scale about 5), TFLM's rescaled
// differences (down to -65535, shifted left by 16 or more) overflow int32.
func.func @int16_large_beta(%x: !buffer<1x10x!quant.uniform<i16:f32, 0.6>>, %y: !buffer<1x10x!quant.uniform<i16:f32, 3.0517578125e-05>>) {
  // expected-error@+1 {{softmax: unsupported: beta 10 times int16 input scale 0.6 (TFLite Micro's rescaled differences overflow int32 once beta · scale · 65535 / 10 reaches 2^15)}}
  buffer.kernel softmax ins(%x : !buffer<1x10x!quant.uniform<i16:f32, 0.6>>) outs(%y : !buffer<1x10x!quant.uniform<i16:f32, 3.0517578125e-05>>) {beta = 1.000000e+01 : f32}
  return
}

// -----

// Rows of more than 65538 int16 elements can overflow TFLM's int32 sum of Q0.15 exps.
func.func @int16_long_rows(%x: !buffer<1x65539x!quant.uniform<i16:f32, 0.001>>, %y: !buffer<1x65539x!quant.uniform<i16:f32, 3.0517578125e-05>>) {
  // expected-error@+1 {{softmax: unsupported: rows of 65539 int16 elements (TFLite Micro's int32 sum of exps overflows past 65538)}}
  buffer.kernel softmax ins(%x : !buffer<1x65539x!quant.uniform<i16:f32, 0.001>>) outs(%y : !buffer<1x65539x!quant.uniform<i16:f32, 3.0517578125e-05>>) {beta = 1.000000e+00 : f32}
  return
}

// -----

// An int8 input into an int16 output sums as the int8 kernel does: the same row limit.
func.func @int8_to_int16_long_rows(%x: !buffer<1x4096x!quant.uniform<i8:f32, 0.1:0>>, %y: !buffer<1x4096x!quant.uniform<i16:f32, 1.52587890625e-05:-32768>>) {
  // expected-error@+1 {{softmax: unsupported: rows of 4096 int8 elements}}
  buffer.kernel softmax ins(%x : !buffer<1x4096x!quant.uniform<i8:f32, 0.1:0>>) outs(%y : !buffer<1x4096x!quant.uniform<i16:f32, 1.52587890625e-05:-32768>>) {beta = 1.000000e+00 : f32}
  return
}

// -----

// TFLM's int16 softmax requires the input zero point 0 (the graph verifier lets it through).
func.func @int16_zero_point(%x: !buffer<1x10x!quant.uniform<i16:f32, 0.001:7>>, %y: !buffer<1x10x!quant.uniform<i16:f32, 3.0517578125e-05>>) {
  // expected-error@+1 {{softmax: unsupported: int16 input zero point 7 (TFLite Micro requires 0)}}
  buffer.kernel softmax ins(%x : !buffer<1x10x!quant.uniform<i16:f32, 0.001:7>>) outs(%y : !buffer<1x10x!quant.uniform<i16:f32, 3.0517578125e-05>>) {beta = 1.000000e+00 : f32}
  return
}
