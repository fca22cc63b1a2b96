// RUN: mc-opt %s --buffer-inplace --verify-each | FileCheck %s
// RUN: mc-opt %s --pass-pipeline='builtin.module(func.func(buffer-inplace))' | FileCheck %s
// Running it again changes nothing.
// RUN: mc-opt %s --buffer-inplace | mc-opt --buffer-inplace | FileCheck %s
// An elementwise kernel writes over an input when (1) its output is no larger, (2) each output
// element depends only on the same element of that input (same shape and layout: no
// broadcasting), (3) it is the last reader of that input's scratch alloc. One function per
// case; the functions named @no_* violate one condition each.

!qa = !quant.uniform<i8:f32, 5.000000e-01:-3>
!qb = !quant.uniform<i8:f32, 2.500000e-01:1>

// A chain collapses into the first buffer; the output allocs go.
// CHECK-LABEL: func.func @chain(
// CHECK-NEXT: %[[A:.*]] = buffer.alloc() {role = "scratch"} : !buffer<1x8xf32>
// CHECK-NEXT: buffer.kernel fully_connected ins(%arg0, %arg1 : {{.*}}) outs(%[[A]] : !buffer<1x8xf32>)
// CHECK-NEXT: buffer.kernel relu ins(%[[A]] : !buffer<1x8xf32>) outs(%[[A]] : !buffer<1x8xf32>)
// CHECK-NEXT: buffer.kernel logistic ins(%[[A]] : !buffer<1x8xf32>) outs(%[[A]] : !buffer<1x8xf32>)
// CHECK-NEXT: buffer.copy %[[A]], %arg2
// CHECK-NEXT: return
func.func @chain(%x: !buffer<1x4xf32>, %w: !buffer<8x4xf32>, %out: !buffer<1x8xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<1x8xf32>
  buffer.kernel fully_connected ins(%x, %w : !buffer<1x4xf32>, !buffer<8x4xf32>) outs(%a : !buffer<1x8xf32>) {fused_activation = "NONE", keep_num_dims = false}
  %b = buffer.alloc() {role = "scratch"} : !buffer<1x8xf32>
  buffer.kernel relu ins(%a : !buffer<1x8xf32>) outs(%b : !buffer<1x8xf32>)
  %c = buffer.alloc() {role = "scratch"} : !buffer<1x8xf32>
  buffer.kernel logistic ins(%b : !buffer<1x8xf32>) outs(%c : !buffer<1x8xf32>)
  buffer.copy %c, %out : !buffer<1x8xf32>, !buffer<1x8xf32>
  return
}

// Other quantization parameters of the same width: the output is a view of the input; the
// input's alloc takes the larger alignment.
// CHECK-LABEL: func.func @requantize(
// CHECK-NEXT: %[[A:.*]] = buffer.alloc() {alignment = 64 : i64, role = "scratch"} : !buffer<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
// CHECK-NEXT: buffer.kernel relu ins(%arg0 : {{.*}}) outs(%[[A]] : {{.*}})
// CHECK-NEXT: %[[V:.*]] = buffer.view %[[A]] : !buffer<8x!quant.uniform<i8:f32, 5.000000e-01:-3>> to !buffer<8x!quant.uniform<i8:f32, 2.500000e-01:1>>
// CHECK-NEXT: buffer.kernel quantize ins(%[[A]] : {{.*}}) outs(%[[V]] : {{.*}})
// CHECK-NEXT: buffer.copy %[[V]], %arg1
func.func @requantize(%x: !buffer<8x!qa>, %out: !buffer<8x!qb>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<8x!qa>
  buffer.kernel relu ins(%x : !buffer<8x!qa>) outs(%a : !buffer<8x!qa>)
  %b = buffer.alloc() {alignment = 64 : i64, role = "scratch"} : !buffer<8x!qb>
  buffer.kernel quantize ins(%a : !buffer<8x!qa>) outs(%b : !buffer<8x!qb>)
  buffer.copy %b, %out : !buffer<8x!qb>, !buffer<8x!qb>
  return
}

// Binary kernels try lhs, then rhs; reading one buffer twice at the same index is fine.
// CHECK-LABEL: func.func @binary(
// CHECK: buffer.kernel mul ins(%[[A:.*]], %[[A]] : {{.*}}) outs(%[[A]] : !buffer<4xf32>)
// CHECK: buffer.kernel add ins(%arg0, %[[A]] : {{.*}}) outs(%[[A]] : !buffer<4xf32>)
func.func @binary(%x: !buffer<4xf32>, %out: !buffer<4xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
  buffer.kernel relu ins(%x : !buffer<4xf32>) outs(%a : !buffer<4xf32>)
  %b = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
  buffer.kernel mul ins(%a, %a : !buffer<4xf32>, !buffer<4xf32>) outs(%b : !buffer<4xf32>) {fused_activation = "NONE"}
  %c = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
  buffer.kernel add ins(%x, %b : !buffer<4xf32>, !buffer<4xf32>) outs(%c : !buffer<4xf32>) {fused_activation = "NONE"}
  buffer.copy %c, %out : !buffer<4xf32>, !buffer<4xf32>
  return
}

// (3) Two readers: the first is not the last reader; the second is.
// CHECK-LABEL: func.func @no_two_readers(
// CHECK-NEXT: %[[A:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
// CHECK-NEXT: buffer.kernel relu ins(%arg0 : {{.*}}) outs(%[[A]] : {{.*}})
// CHECK-NEXT: %[[B:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
// CHECK-NEXT: buffer.kernel tanh ins(%[[A]] : {{.*}}) outs(%[[B]] : {{.*}})
// CHECK-NEXT: buffer.kernel logistic ins(%[[A]] : {{.*}}) outs(%[[A]] : {{.*}})
func.func @no_two_readers(%x: !buffer<4xf32>, %o1: !buffer<4xf32>, %o2: !buffer<4xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
  buffer.kernel relu ins(%x : !buffer<4xf32>) outs(%a : !buffer<4xf32>)
  %b = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
  buffer.kernel tanh ins(%a : !buffer<4xf32>) outs(%b : !buffer<4xf32>)
  %c = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
  buffer.kernel logistic ins(%a : !buffer<4xf32>) outs(%c : !buffer<4xf32>)
  buffer.copy %b, %o1 : !buffer<4xf32>, !buffer<4xf32>
  buffer.copy %c, %o2 : !buffer<4xf32>, !buffer<4xf32>
  return
}

// (3) A later reader through a view of the input.
// CHECK-LABEL: func.func @no_later_reader(
// CHECK-NEXT: %[[A:.*]] = buffer.alloc() {role = "scratch"} : !buffer<2x4xf32>
// CHECK-NEXT: buffer.kernel tanh ins(%arg0 : {{.*}}) outs(%[[A]] : {{.*}})
// CHECK-NEXT: %[[B:.*]] = buffer.alloc() {role = "scratch"} : !buffer<2x4xf32>
// CHECK-NEXT: buffer.kernel relu ins(%[[A]] : {{.*}}) outs(%[[B]] : {{.*}})
// CHECK-NEXT: %[[FLAT:.*]] = buffer.view %[[A]]
// CHECK-NEXT: buffer.kernel softmax ins(%[[FLAT]] : {{.*}}) outs(%arg2 : {{.*}})
func.func @no_later_reader(%x: !buffer<2x4xf32>, %o1: !buffer<2x4xf32>, %o2: !buffer<8xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<2x4xf32>
  buffer.kernel tanh ins(%x : !buffer<2x4xf32>) outs(%a : !buffer<2x4xf32>)
  %b = buffer.alloc() {role = "scratch"} : !buffer<2x4xf32>
  buffer.kernel relu ins(%a : !buffer<2x4xf32>) outs(%b : !buffer<2x4xf32>)
  %flat = buffer.view %a : !buffer<2x4xf32> to !buffer<8xf32>
  buffer.kernel softmax ins(%flat : !buffer<8xf32>) outs(%o2 : !buffer<8xf32>) {beta = 1.0 : f32}
  buffer.copy %b, %o1 : !buffer<2x4xf32>, !buffer<2x4xf32>
  return
}

// (2) Broadcasting: the broadcast input cannot take the output; the other (an argument) neither.
// CHECK-LABEL: func.func @no_broadcast(
// CHECK-NEXT: %[[A:.*]] = buffer.alloc() {role = "scratch"} : !buffer<8xf32>
// CHECK-NEXT: buffer.kernel relu ins(%arg0 : {{.*}}) outs(%[[A]] : {{.*}})
// CHECK-NEXT: %[[C:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4x8xf32>
// CHECK-NEXT: buffer.kernel add ins(%[[A]], %arg1 : !buffer<8xf32>, !buffer<4x8xf32>) outs(%[[C]] : !buffer<4x8xf32>)
func.func @no_broadcast(%x: !buffer<8xf32>, %y: !buffer<4x8xf32>, %out: !buffer<4x8xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<8xf32>
  buffer.kernel relu ins(%x : !buffer<8xf32>) outs(%a : !buffer<8xf32>)
  %c = buffer.alloc() {role = "scratch"} : !buffer<4x8xf32>
  buffer.kernel add ins(%a, %y : !buffer<8xf32>, !buffer<4x8xf32>) outs(%c : !buffer<4x8xf32>) {fused_activation = "NONE"}
  buffer.copy %c, %out : !buffer<4x8xf32>, !buffer<4x8xf32>
  return
}

// (2) The same storage read through a broadcasting view by the other input.
// CHECK-LABEL: func.func @no_overlapping_view(
// CHECK-NEXT: %[[A:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4x8xf32>
// CHECK-NEXT: buffer.kernel relu ins(%arg0 : {{.*}}) outs(%[[A]] : {{.*}})
// CHECK-NEXT: %[[ROW:.*]] = buffer.view %[[A]]
// CHECK-NEXT: %[[C:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4x8xf32>
// CHECK-NEXT: buffer.kernel add ins(%[[A]], %[[ROW]] : {{.*}}) outs(%[[C]] : !buffer<4x8xf32>)
func.func @no_overlapping_view(%x: !buffer<4x8xf32>, %out: !buffer<4x8xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<4x8xf32>
  buffer.kernel relu ins(%x : !buffer<4x8xf32>) outs(%a : !buffer<4x8xf32>)
  %row = buffer.view %a : !buffer<4x8xf32> to !buffer<4x8xf32, strides: [0, 1], offset: 0>
  %c = buffer.alloc() {role = "scratch"} : !buffer<4x8xf32>
  buffer.kernel add ins(%a, %row : !buffer<4x8xf32>, !buffer<4x8xf32, strides: [0, 1], offset: 0>) outs(%c : !buffer<4x8xf32>) {fused_activation = "NONE"}
  buffer.copy %c, %out : !buffer<4x8xf32>, !buffer<4x8xf32>
  return
}

// (2) A strided (transposed) input is laid out unlike the output.
// CHECK-LABEL: func.func @no_strided_input(
// CHECK-NEXT: %[[A:.*]] = buffer.alloc() {role = "scratch"} : !buffer<2x3xf32>
// CHECK-NEXT: buffer.kernel tanh ins(%arg0 : {{.*}}) outs(%[[A]] : {{.*}})
// CHECK-NEXT: %[[T:.*]] = buffer.view %[[A]]
// CHECK-NEXT: %[[C:.*]] = buffer.alloc() {role = "scratch"} : !buffer<3x2xf32>
// CHECK-NEXT: buffer.kernel relu ins(%[[T]] : {{.*}}) outs(%[[C]] : !buffer<3x2xf32>)
func.func @no_strided_input(%x: !buffer<2x3xf32>, %out: !buffer<3x2xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<2x3xf32>
  buffer.kernel tanh ins(%x : !buffer<2x3xf32>) outs(%a : !buffer<2x3xf32>)
  %t = buffer.view %a : !buffer<2x3xf32> to !buffer<3x2xf32, strides: [1, 3], offset: 0>
  %c = buffer.alloc() {role = "scratch"} : !buffer<3x2xf32>
  buffer.kernel relu ins(%t : !buffer<3x2xf32, strides: [1, 3], offset: 0>) outs(%c : !buffer<3x2xf32>)
  buffer.copy %c, %out : !buffer<3x2xf32>, !buffer<3x2xf32>
  return
}

// (1) Size growth: i8 in, f32 out.
// CHECK-LABEL: func.func @no_growth(
// CHECK-NEXT: %[[A:.*]] = buffer.alloc() {role = "scratch"} : !buffer<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
// CHECK-NEXT: buffer.kernel relu ins(%arg0 : {{.*}}) outs(%[[A]] : {{.*}})
// CHECK-NEXT: %[[F:.*]] = buffer.alloc() {role = "scratch"} : !buffer<8xf32>
// CHECK-NEXT: buffer.kernel dequantize ins(%[[A]] : {{.*}}) outs(%[[F]] : !buffer<8xf32>)
func.func @no_growth(%x: !buffer<8x!qa>, %out: !buffer<8xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<8x!qa>
  buffer.kernel relu ins(%x : !buffer<8x!qa>) outs(%a : !buffer<8x!qa>)
  %f = buffer.alloc() {role = "scratch"} : !buffer<8xf32>
  buffer.kernel dequantize ins(%a : !buffer<8x!qa>) outs(%f : !buffer<8xf32>)
  buffer.copy %f, %out : !buffer<8xf32>, !buffer<8xf32>
  return
}

// (1) Shrinking still changes the element size: f32 in, i8 out.
// CHECK-LABEL: func.func @no_narrowing(
// CHECK-NEXT: %[[A:.*]] = buffer.alloc() {role = "scratch"} : !buffer<8xf32>
// CHECK-NEXT: buffer.kernel relu ins(%arg0 : {{.*}}) outs(%[[A]] : {{.*}})
// CHECK-NEXT: %[[Q:.*]] = buffer.alloc() {role = "scratch"} : !buffer<8x!quant.uniform<i8:f32, 5.000000e-01:-3>>
// CHECK-NEXT: buffer.kernel quantize ins(%[[A]] : {{.*}}) outs(%[[Q]] : {{.*}})
func.func @no_narrowing(%x: !buffer<8xf32>, %out: !buffer<8x!qa>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<8xf32>
  buffer.kernel relu ins(%x : !buffer<8xf32>) outs(%a : !buffer<8xf32>)
  %q = buffer.alloc() {role = "scratch"} : !buffer<8x!qa>
  buffer.kernel quantize ins(%a : !buffer<8xf32>) outs(%q : !buffer<8x!qa>)
  buffer.copy %q, %out : !buffer<8x!qa>, !buffer<8x!qa>
  return
}

// (3) A function argument is the caller's memory.
// CHECK-LABEL: func.func @no_argument(
// CHECK-NEXT: %[[A:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
// CHECK-NEXT: buffer.kernel relu ins(%arg0 : !buffer<4xf32>) outs(%[[A]] : !buffer<4xf32>)
func.func @no_argument(%x: !buffer<4xf32>, %out: !buffer<4xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
  buffer.kernel relu ins(%x : !buffer<4xf32>) outs(%a : !buffer<4xf32>)
  buffer.copy %a, %out : !buffer<4xf32>, !buffer<4xf32>
  return
}

// (3) Persistent buffers (variables) and globals (constants) are never overwritten.
buffer.global @c {role = "constant"} : !buffer<4xf32> = dense<1.0> : tensor<4xf32>
// CHECK-LABEL: func.func @no_persistent_or_global(
// CHECK-NEXT: %[[STATE:.*]] = buffer.alloc() {name = "state", role = "persistent"} : !buffer<4xf32>
// CHECK-NEXT: %[[A:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
// CHECK-NEXT: buffer.kernel relu ins(%[[STATE]] : !buffer<4xf32>) outs(%[[A]] : !buffer<4xf32>)
// CHECK-NEXT: %[[C:.*]] = buffer.get_global @c
// CHECK-NEXT: %[[B:.*]] = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
// CHECK-NEXT: buffer.kernel tanh ins(%[[C]] : !buffer<4xf32>) outs(%[[B]] : !buffer<4xf32>)
func.func @no_persistent_or_global(%o1: !buffer<4xf32>, %o2: !buffer<4xf32>) {
  %state = buffer.alloc() {name = "state", role = "persistent"} : !buffer<4xf32>
  %a = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
  buffer.kernel relu ins(%state : !buffer<4xf32>) outs(%a : !buffer<4xf32>)
  %c = buffer.get_global @c : !buffer<4xf32>
  %b = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
  buffer.kernel tanh ins(%c : !buffer<4xf32>) outs(%b : !buffer<4xf32>)
  buffer.copy %a, %o1 : !buffer<4xf32>, !buffer<4xf32>
  buffer.copy %b, %o2 : !buffer<4xf32>, !buffer<4xf32>
  return
}

// Not elementwise, or writing an output argument: left alone.
// CHECK-LABEL: func.func @not_candidates(
// CHECK-NEXT: %[[A:.*]] = buffer.alloc() {role = "scratch"} : !buffer<1x4xf32>
// CHECK-NEXT: buffer.kernel tanh ins(%arg0 : {{.*}}) outs(%[[A]] : {{.*}})
// CHECK-NEXT: %[[S:.*]] = buffer.alloc() {role = "scratch"} : !buffer<1x4xf32>
// CHECK-NEXT: buffer.kernel softmax ins(%[[A]] : !buffer<1x4xf32>) outs(%[[S]] : !buffer<1x4xf32>)
// CHECK-NEXT: buffer.kernel relu ins(%[[S]] : !buffer<1x4xf32>) outs(%arg1 : !buffer<1x4xf32>)
func.func @not_candidates(%x: !buffer<1x4xf32>, %out: !buffer<1x4xf32>) {
  %a = buffer.alloc() {role = "scratch"} : !buffer<1x4xf32>
  buffer.kernel tanh ins(%x : !buffer<1x4xf32>) outs(%a : !buffer<1x4xf32>)
  %s = buffer.alloc() {role = "scratch"} : !buffer<1x4xf32>
  buffer.kernel softmax ins(%a : !buffer<1x4xf32>) outs(%s : !buffer<1x4xf32>) {beta = 1.0 : f32}
  buffer.kernel relu ins(%s : !buffer<1x4xf32>) outs(%out : !buffer<1x4xf32>)
  return
}
