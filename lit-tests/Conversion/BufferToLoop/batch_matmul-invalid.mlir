// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics
// What the batch_matmul kernel refuses.

// int16 requantizes an int64 sum with TFLite's int64 MultiplyByQuantizedMultiplier, which asserts
// a real multiplier below 128: here 1 · 1 / 0.001.
!q16 = !quant.uniform<i16:f32, 1.000000e+00>
!qo = !quant.uniform<i16:f32, 1.000000e-03>
func.func @int16_multiplier_too_large(%a: !buffer<3x4x!q16>, %b: !buffer<4x5x!q16>, %y: !buffer<3x5x!qo>) {
  // expected-error@+1 {{'buffer.kernel' op batch_matmul: unsupported: a requantization multiplier of 128 or more on an int64 accumulator}}
  buffer.kernel batch_matmul ins(%a, %b : !buffer<3x4x!q16>, !buffer<4x5x!q16>) outs(%y : !buffer<3x5x!qo>) {adj_x = false, adj_y = false}
  return
}

// -----

// Mismatched inner dimensions: the kernel's operand check (the graph op's) names both operands.
func.func @inner_mismatch(%a: !buffer<3x4xf32>, %b: !buffer<5x6xf32>, %y: !buffer<3x6xf32>) {
  // expected-error@+1 {{'buffer.kernel' op batch_matmul: the inner dimensions differ: lhs [3, 4] has 4 (dimension 1), rhs [5, 6] has 5 (dimension 0)}}
  buffer.kernel batch_matmul ins(%a, %b : !buffer<3x4xf32>, !buffer<5x6xf32>) outs(%y : !buffer<3x6xf32>) {adj_x = false, adj_y = false}
  return
}
