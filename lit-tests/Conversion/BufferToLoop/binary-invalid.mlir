// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics
// What the add, sub and mul lowerings reject: one located error per kernel.

// int16 add shifts left by 15 only: an output scale below 2^-14 of the inputs' makes the output
// rescale reach one, which TFLite's QuantizeMultiplierSmallerThanOneExp refuses.
!q16 = !quant.uniform<i16:f32, 1.000000e+00>
!tiny16 = !quant.uniform<i16:f32, 1.000000e-05>
func.func @int16_output_rescale_above_one(%a: !buffer<4x!q16>, %b: !buffer<4x!q16>, %c: !buffer<4x!tiny16>) {
  // expected-error@+1 {{'buffer.kernel' op add: unsupported: rescaling by 6.1035157}}
  buffer.kernel add ins(%a, %b : !buffer<4x!q16>, !buffer<4x!q16>) outs(%c : !buffer<4x!tiny16>) {fused_activation = "NONE"}
  return
}

// -----

!q = !quant.uniform<i8:f32, 1.000000e+00>
!tiny = !quant.uniform<i8:f32, 1.000000e-07>
func.func @output_rescale_above_one(%a: !buffer<4x!q>, %b: !buffer<4x!q>, %c: !buffer<4x!tiny>) {
  // expected-error@+1 {{'buffer.kernel' op add: unsupported: rescaling by}}
  buffer.kernel add ins(%a, %b : !buffer<4x!q>, !buffer<4x!q>) outs(%c : !buffer<4x!tiny>) {fused_activation = "NONE"}
  return
}

// -----

func.func @int64(%a: !buffer<4xi64>, %b: !buffer<4xi64>, %c: !buffer<4xi64>) {
  // expected-error@+1 {{'buffer.kernel' op sub: unsupported: SUB with i64, i64 -> i64 is not supported}}
  buffer.kernel sub ins(%a, %b : !buffer<4xi64>, !buffer<4xi64>) outs(%c : !buffer<4xi64>) {fused_activation = "NONE"}
  return
}
