// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics
// Activations buffer-to-loop has no lowering for: one located error each. (The op's verifier
// already rejects int8 logistic outputs not quantized as TFLM requires.)

// TFLM's ReluPrepare requires int16 zero points 0.
func.func @int16_relu_zero_point(%x: !buffer<4x!quant.uniform<i16:f32, 0.1:3>>, %y: !buffer<4x!quant.uniform<i16:f32, 0.1>>) {
  // expected-error@+1 {{'buffer.kernel' op relu: unsupported: int16 relu with zero points 3 -> 0 (TFLite Micro requires 0)}}
  buffer.kernel relu ins(%x : !buffer<4x!quant.uniform<i16:f32, 0.1:3>>) outs(%y : !buffer<4x!quant.uniform<i16:f32, 0.1>>)
  return
}

// -----

// TFLM has no RELU_N1_TO_1 kernel, and TFLite's takes no int16: the support table refuses it.
func.func @int16_relu_n1_to_1(%x: !buffer<4x!quant.uniform<i16:f32, 0.1>>, %y: !buffer<4x!quant.uniform<i16:f32, 0.1>>) {
  // expected-error@+1 {{'buffer.kernel' op relu_n1_to_1: unsupported: RELU_N1_TO_1 with int16 -> int16 is not supported}}
  buffer.kernel relu_n1_to_1 ins(%x : !buffer<4x!quant.uniform<i16:f32, 0.1>>) outs(%y : !buffer<4x!quant.uniform<i16:f32, 0.1>>)
  return
}

// -----

// From an int16 input scale of 16/3 on, TFLM's multiplier (scale · 3 · 4096) overflows its
// int32 product with the input.
func.func @int16_logistic_huge_scale(%x: !buffer<4x!quant.uniform<i16:f32, 6.0>>, %y: !buffer<4x!quant.uniform<i16:f32, 3.0517578125e-05>>) {
  // expected-error@+1 {{'buffer.kernel' op logistic: unsupported: int16 input scale 6 (TFLite Micro's input multiplier 73728 overflows its int32 product from scale 16/3 on)}}
  buffer.kernel logistic ins(%x : !buffer<4x!quant.uniform<i16:f32, 6.0>>) outs(%y : !buffer<4x!quant.uniform<i16:f32, 3.0517578125e-05>>)
  return
}

// -----

func.func @int16_tanh_huge_scale(%x: !buffer<4x!quant.uniform<i16:f32, 100.0>>, %y: !buffer<4x!quant.uniform<i16:f32, 3.0517578125e-05>>) {
  // expected-error@+1 {{'buffer.kernel' op tanh: unsupported: int16 input scale 100}}
  buffer.kernel tanh ins(%x : !buffer<4x!quant.uniform<i16:f32, 100.0>>) outs(%y : !buffer<4x!quant.uniform<i16:f32, 3.0517578125e-05>>)
  return
}

// -----

// An input scale below 2^-27 makes TFLM's input radius overflow.
func.func @tiny_scale(%x: !buffer<4x!quant.uniform<i8:f32, 1.0e-12:0>>, %y: !buffer<4x!quant.uniform<i8:f32, 0.00390625:-128>>) {
  // expected-error@+1 {{'buffer.kernel' op logistic: unsupported: input scale 0.000000000001 out of TFLite Micro's range}}
  buffer.kernel logistic ins(%x : !buffer<4x!quant.uniform<i8:f32, 1.0e-12:0>>) outs(%y : !buffer<4x!quant.uniform<i8:f32, 0.00390625:-128>>)
  return
}

// -----

func.func @per_axis(%x: !buffer<4x!quant.uniform<i8:f32:0, {0.1, 0.2, 0.3, 0.4}>>, %y: !buffer<4x!quant.uniform<i8:f32, 1.0:0>>) {
  // expected-error@+1 {{'buffer.kernel' op relu: input must be quantized per tensor}}
  buffer.kernel relu ins(%x : !buffer<4x!quant.uniform<i8:f32:0, {0.1, 0.2, 0.3, 0.4}>>) outs(%y : !buffer<4x!quant.uniform<i8:f32, 1.0:0>>)
  return
}
