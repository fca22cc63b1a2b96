// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics
// What the comparison, logic, arg max/min and cast lowerings reject: the kernel's operand check
// (the graph op's rules) and the support table, one located error per kernel.

func.func @int16_greater(%a: !buffer<4x!quant.uniform<i16:f32, 1.000000e-03>>, %c: !buffer<4xi1>) {
  // expected-error@+1 {{'buffer.kernel' op greater: lhs element type must be f32, quantized i8, i32 or i64, but got '!quant.uniform<i16:f32, 1.000000e-03>'}}
  buffer.kernel greater ins(%a, %a : !buffer<4x!quant.uniform<i16:f32, 1.000000e-03>>, !buffer<4x!quant.uniform<i16:f32, 1.000000e-03>>) outs(%c : !buffer<4xi1>)
  return
}

// -----

func.func @select_i32(%c: !buffer<4xi1>, %a: !buffer<4xi32>) {
  // expected-error@+1 {{'buffer.kernel' op select_v2: x element type must be f32, quantized i8 or quantized i16, but got 'i32'}}
  buffer.kernel select_v2 ins(%c, %a, %a : !buffer<4xi1>, !buffer<4xi32>, !buffer<4xi32>) outs(%a : !buffer<4xi32>)
  return
}

// -----

func.func @cast_i64(%a: !buffer<4xi64>, %b: !buffer<4xf32>) {
  // expected-error@+1 {{'buffer.kernel' op cast: input element type must be f32, i8, quantized i8, i16, quantized i16, i32 or i1, but got 'i64'}}
  buffer.kernel cast ins(%a : !buffer<4xi64>) outs(%b : !buffer<4xf32>)
  return
}

// -----

func.func @arg_max_axis(%a: !buffer<2x3xf32>, %b: !buffer<2xi32>) {
  // expected-error@+1 {{'buffer.kernel' op arg_max: axis 5 is out of range for rank 2}}
  buffer.kernel arg_max ins(%a : !buffer<2x3xf32>) outs(%b : !buffer<2xi32>) {axis = array<i64: 5>}
  return
}
