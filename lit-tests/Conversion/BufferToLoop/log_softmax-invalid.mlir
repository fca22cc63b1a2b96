// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics
// The log softmaxes buffer-to-loop rejects: one located error per kernel.

// TFLM's int8 LOG_SOFTMAX requires the output scale 16/256 and zero point 127 (the kernel's
// operand check, the graph op's, says so).
!qi = !quant.uniform<i8:f32, 0.1:-2>
!qo = !quant.uniform<i8:f32, 0.0625:0>
func.func @int8_output_zero_point(%x: !buffer<2x5x!qi>, %y: !buffer<2x5x!qo>) {
  // expected-error@+1 {{'buffer.kernel' op log_softmax: int8 log_softmax result must have scale 16/256 and zero point 127, but has scale 0.0625 and zero point 0}}
  buffer.kernel log_softmax ins(%x : !buffer<2x5x!qi>) outs(%y : !buffer<2x5x!qo>)
  return
}

// -----

// Rows longer than 4095 int8 elements would overflow TFLM's Q12.19 sum of exps.
!qi = !quant.uniform<i8:f32, 0.1:-2>
!qo = !quant.uniform<i8:f32, 0.0625:127>
func.func @int8_long_rows(%x: !buffer<1x4096x!qi>, %y: !buffer<1x4096x!qo>) {
  // expected-error@+1 {{'buffer.kernel' op log_softmax: unsupported: rows of 4096 int8 elements (the Q12.19 sum of exps overflows past 4095)}}
  buffer.kernel log_softmax ins(%x : !buffer<1x4096x!qi>) outs(%y : !buffer<1x4096x!qo>)
  return
}

// -----

// An input scale so small that TFLM's input multiplier (scale · 2^26) is not above one.
!qi = !quant.uniform<i8:f32, 1.0e-9:0>
!qo = !quant.uniform<i8:f32, 0.0625:127>
func.func @int8_tiny_scale(%x: !buffer<2x5x!qi>, %y: !buffer<2x5x!qo>) {
  // expected-error@+1 {{'buffer.kernel' op log_softmax: unsupported: beta 1 times input scale}}
  buffer.kernel log_softmax ins(%x : !buffer<2x5x!qi>) outs(%y : !buffer<2x5x!qo>)
  return
}

// -----

// TFLM's LOG_SOFTMAX takes float32 and int8 only: the kernel's operand check refuses int16.
!qi = !quant.uniform<i16:f32, 0.1>
!qo = !quant.uniform<i16:f32, 0.0625>
func.func @int16(%x: !buffer<2x5x!qi>, %y: !buffer<2x5x!qo>) {
  // expected-error@+1 {{'buffer.kernel' op log_softmax: input element type must be f32 or quantized i8, but got '!quant.uniform<i16:f32, 1.000000e-01>'}}
  buffer.kernel log_softmax ins(%x : !buffer<2x5x!qi>) outs(%y : !buffer<2x5x!qo>)
  return
}
