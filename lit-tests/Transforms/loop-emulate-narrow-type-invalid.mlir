// RUN: mc-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(loop-emulate-narrow-type)'

// Only a constant global's i4 buffer is packed: an argument's is not.
!q4 = !quant.uniform<i4:f32, 5.000000e-01>
func.func @argument(%w: !buffer<4x!q4>, %out: !buffer<1xi32>) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{reads an i4 buffer that is not a constant global or a view of one}}
  %x = loop.load %w[%c0] : !buffer<4x!q4>
  %x32 = arith.extsi %x : i4 to i32
  loop.store %x32, %out[%c0] : !buffer<1xi32>
  return
}

// -----

// A loaded i4 is only sign-extended.
!q4 = !quant.uniform<i4:f32, 5.000000e-01>
buffer.global @w {role = "constant"} : !buffer<4x!q4> = dense<[1, 2, 3, 4]> : tensor<4xi4>
func.func @zero_extended(%out: !buffer<1xi32>) {
  %c0 = arith.constant 0 : index
  %w = buffer.get_global @w : !buffer<4x!q4>
  %x = loop.load %w[%c0] : !buffer<4x!q4>
  // expected-error@+1 {{uses a loaded i4 value; only its sign extension (arith.extsi) is emulated}}
  %x32 = arith.extui %x : i4 to i32
  loop.store %x32, %out[%c0] : !buffer<1xi32>
  return
}

// -----

// A constant is never stored to.
!q4 = !quant.uniform<i4:f32, 5.000000e-01>
buffer.global @w {role = "constant"} : !buffer<4x!q4> = dense<[1, 2, 3, 4]> : tensor<4xi4>
func.func @stored(%v: i4) {
  %c0 = arith.constant 0 : index
  %w = buffer.get_global @w : !buffer<4x!q4>
  // expected-error@+1 {{reads an i4 buffer; only loads and views of one are emulated}}
  loop.store %v, %w[%c0] : !buffer<4x!q4>
  return
}
