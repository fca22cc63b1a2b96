// Shape arithmetic at compile time: graph-canonicalize folds shape, strided_slice, pack,
// concatenation, squeeze, expand_dims and integer add/sub/mul on constants, so the chain a
// dynamic batch leaves (Keras' Flatten: SHAPE -> STRIDED_SLICE -> PACK -> RESHAPE) becomes one
// static reshape.

// RUN: mc-opt %s --split-input-file --graph-canonicalize | FileCheck %s

// The Keras chain: one reshape with a constant new_shape, nothing else left.
// CHECK-LABEL: func.func @keras_flatten
// CHECK-NEXT:    %[[R:.*]] = "graph.reshape"(%arg0) <{new_shape = array<i64: 1, -1>}> : (tensor<1x4x7xf32>) -> tensor<1x28xf32>
// CHECK-NEXT:    return %[[R]]
func.func @keras_flatten(%x: tensor<1x4x7xf32>) -> tensor<1x28xf32> {
  %s = "graph.shape"(%x) : (tensor<1x4x7xf32>) -> tensor<3xi32>
  %b = "graph.const"() <{value = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %e = "graph.const"() <{value = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
  %n = "graph.strided_slice"(%s, %b, %e, %e) <{begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64, offset = false}> : (tensor<3xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<i32>
  %m = "graph.const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %p = "graph.pack"(%n, %m) <{axis = 0 : i64}> : (tensor<i32>, tensor<i32>) -> tensor<2xi32>
  %r = "graph.reshape"(%x, %p) : (tensor<1x4x7xf32>, tensor<2xi32>) -> tensor<1x28xf32>
  return %r : tensor<1x28xf32>
}

// -----

// shape: the input's dimensions, whatever its element type.
// CHECK-LABEL: func.func @shape
// CHECK-NEXT:    %[[C:.*]] = "graph.const"() <{value = dense<[2, 1, 3]> : tensor<3xi32>}>
// CHECK-NEXT:    return %[[C]]
func.func @shape(%x: tensor<2x1x3x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<3xi32> {
  %s = "graph.shape"(%x) : (tensor<2x1x3x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<3xi32>
  return %s : tensor<3xi32>
}

// -----

// strided_slice of a constant: negative stride, begin mask, attributes or operands.
// CHECK-LABEL: func.func @strided_slice
// CHECK-DAG:     "graph.const"() <{value = dense<[6, 4, 2]> : tensor<3xi32>}>
// CHECK-DAG:     "graph.const"() <{value = dense<{{\[}}[2, 3], [5, 6]]> : tensor<2x2xi64>}>
func.func @strided_slice() -> (tensor<3xi32>, tensor<2x2xi64>) {
  %c = "graph.const"() <{value = dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>}> : () -> tensor<6xi32>
  %r = "graph.strided_slice"(%c) <{begin = array<i64: 0>, end = array<i64: 0>, strides = array<i64: -2>, begin_mask = 1 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64, offset = false}> : (tensor<6xi32>) -> tensor<3xi32>
  %m = "graph.const"() <{value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>}> : () -> tensor<2x3xi64>
  %b = "graph.const"() <{value = dense<[0, 1]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %e = "graph.const"() <{value = dense<[2, 3]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %s = "graph.const"() <{value = dense<1> : tensor<2xi32>}> : () -> tensor<2xi32>
  %q = "graph.strided_slice"(%m, %b, %e, %s) <{begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64, offset = false}> : (tensor<2x3xi64>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x2xi64>
  return %r, %q : tensor<3xi32>, tensor<2x2xi64>
}

// -----

// pack of constants along a middle and a negative axis.
// CHECK-LABEL: func.func @pack
// CHECK-DAG:     "graph.const"() <{value = dense<{{\[\[}}[1, 2], [5, 6]], {{\[}}[3, 4], [7, 8]]]> : tensor<2x2x2xi32>}>
// CHECK-DAG:     "graph.const"() <{value = dense<{{\[\[}}[1, 5], [2, 6]], {{\[}}[3, 7], [4, 8]]]> : tensor<2x2x2xi32>}>
func.func @pack() -> (tensor<2x2x2xi32>, tensor<2x2x2xi32>) {
  %a = "graph.const"() <{value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>}> : () -> tensor<2x2xi32>
  %b = "graph.const"() <{value = dense<[[5, 6], [7, 8]]> : tensor<2x2xi32>}> : () -> tensor<2x2xi32>
  %p = "graph.pack"(%a, %b) <{axis = 1 : i64}> : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2x2xi32>
  %q = "graph.pack"(%a, %b) <{axis = -1 : i64}> : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2x2xi32>
  return %p, %q : tensor<2x2x2xi32>, tensor<2x2x2xi32>
}

// -----

// concatenation of constants; a non-constant input keeps the op.
// CHECK-LABEL: func.func @concatenation
// CHECK-DAG:     "graph.const"() <{value = dense<{{\[}}[1, 2, 5], [3, 4, 6]]> : tensor<2x3xi32>}>
// CHECK-DAG:     "graph.concatenation"(%{{.*}}, %arg0)
func.func @concatenation(%x: tensor<2x1xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>) {
  %a = "graph.const"() <{value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>}> : () -> tensor<2x2xi32>
  %b = "graph.const"() <{value = dense<[[5], [6]]> : tensor<2x1xi32>}> : () -> tensor<2x1xi32>
  %c = "graph.concatenation"(%a, %b) <{axis = -1 : i64, fused_activation = "NONE"}> : (tensor<2x2xi32>, tensor<2x1xi32>) -> tensor<2x3xi32>
  %d = "graph.concatenation"(%a, %x) <{axis = 1 : i64, fused_activation = "NONE"}> : (tensor<2x2xi32>, tensor<2x1xi32>) -> tensor<2x3xi32>
  return %c, %d : tensor<2x3xi32>, tensor<2x3xi32>
}

// -----

// add/sub/mul on int32 constants: broadcasting, wrapping, fused activations.
// CHECK-LABEL: func.func @arithmetic
// CHECK-DAG:     "graph.const"() <{value = dense<{{\[}}[11, 12], [13, 14]]> : tensor<2x2xi32>}>
// CHECK-DAG:     "graph.const"() <{value = dense<[-1, -1, 1]> : tensor<3xi32>}>
// CHECK-DAG:     "graph.const"() <{value = dense<[6, -2147483648]> : tensor<2xi32>}>
func.func @arithmetic() -> (tensor<2x2xi32>, tensor<3xi32>, tensor<2xi32>) {
  %a = "graph.const"() <{value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>}> : () -> tensor<2x2xi32>
  %ten = "graph.const"() <{value = dense<10> : tensor<i32>}> : () -> tensor<i32>
  %sum = "graph.add"(%a, %ten) <{fused_activation = "NONE"}> : (tensor<2x2xi32>, tensor<i32>) -> tensor<2x2xi32>
  %v = "graph.const"() <{value = dense<[-5, 0, 5]> : tensor<3xi32>}> : () -> tensor<3xi32>
  %one = "graph.const"() <{value = dense<4> : tensor<1xi32>}> : () -> tensor<1xi32>
  %diff = "graph.sub"(%v, %one) <{fused_activation = "RELU_N1_TO_1"}> : (tensor<3xi32>, tensor<1xi32>) -> tensor<3xi32>
  %w = "graph.const"() <{value = dense<[3, 1073741824]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %two = "graph.const"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
  %prod = "graph.mul"(%w, %two) <{fused_activation = "NONE"}> : (tensor<2xi32>, tensor<i32>) -> tensor<2xi32>
  return %sum, %diff, %prod : tensor<2x2xi32>, tensor<3xi32>, tensor<2xi32>
}

// -----

// TFLite Micro's int32 add ignores its fused activation (sub and mul clamp): the sum is not
// clamped to RELU6's [0, 6].
// CHECK-LABEL: func.func @add_ignores_activation
// CHECK:         "graph.const"() <{value = dense<[-3, 20]> : tensor<2xi32>}>
func.func @add_ignores_activation() -> tensor<2xi32> {
  %a = "graph.const"() <{value = dense<[-5, 10]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %b = "graph.const"() <{value = dense<[2, 10]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %s = "graph.add"(%a, %b) <{fused_activation = "RELU6"}> : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return %s : tensor<2xi32>
}

// -----

// Float arithmetic on constants is not shape arithmetic: it stays.
// CHECK-LABEL: func.func @float_stays
// CHECK:         "graph.add"
func.func @float_stays() -> tensor<2xf32> {
  %a = "graph.const"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %s = "graph.add"(%a, %a) <{fused_activation = "NONE"}> : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %s : tensor<2xf32>
}

// -----

// squeeze and expand_dims of constants: the same values in the new shape.
// CHECK-LABEL: func.func @views_of_constants
// CHECK-DAG:     "graph.const"() <{value = dense<[1, 2, 3]> : tensor<3xi32>}>
// CHECK-DAG:     "graph.const"() <{value = dense<{{\[}}[1.000000e+00], [2.000000e+00]]> : tensor<2x1xf32>}>
// CHECK-NOT:     graph.squeeze
// CHECK-NOT:     graph.expand_dims
func.func @views_of_constants() -> (tensor<3xi32>, tensor<2x1xf32>) {
  %c = "graph.const"() <{value = dense<[[1, 2, 3]]> : tensor<1x3xi32>}> : () -> tensor<1x3xi32>
  %s = "graph.squeeze"(%c) <{squeeze_dims = array<i64>}> : (tensor<1x3xi32>) -> tensor<3xi32>
  %f = "graph.const"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %axis = "graph.const"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
  %e = "graph.expand_dims"(%f, %axis) : (tensor<2xf32>, tensor<i32>) -> tensor<2x1xf32>
  return %s, %e : tensor<3xi32>, tensor<2x1xf32>
}

// -----

// zeros_like and fill of plain integers fold; a float fill stays (not shape arithmetic).
// CHECK-LABEL: func.func @zeros_and_fill
// CHECK-DAG:     "graph.const"() <{value = dense<{{\[\[}}0, 0], [0, 0]]> : tensor<2x2xi32>}>
// CHECK-DAG:     "graph.const"() <{value = dense<[7, 7, 7]> : tensor<3xi32>}>
// CHECK-DAG:     "graph.fill"(%arg1, %{{.*}}) : (tensor<f32>, tensor<1xi64>) -> tensor<2xf32>
func.func @zeros_and_fill(%x: tensor<2x2xi32>, %f: tensor<f32>) -> (tensor<2x2xi32>, tensor<3xi32>, tensor<2xf32>) {
  %z = "graph.zeros_like"(%x) : (tensor<2x2xi32>) -> tensor<2x2xi32>
  %seven = "graph.const"() <{value = dense<7> : tensor<i32>}> : () -> tensor<i32>
  %dims = "graph.const"() <{value = dense<[3]> : tensor<1xi32>}> : () -> tensor<1xi32>
  %filled = "graph.fill"(%seven, %dims) : (tensor<i32>, tensor<1xi32>) -> tensor<3xi32>
  %two = "graph.const"() <{value = dense<[2]> : tensor<1xi64>}> : () -> tensor<1xi64>
  %g = "graph.fill"(%f, %two) : (tensor<f32>, tensor<1xi64>) -> tensor<2xf32>
  return %z, %filled, %g : tensor<2x2xi32>, tensor<3xi32>, tensor<2xf32>
}

// -----

// broadcast_args of constant shapes folds, so a broadcast to a computed shape (SHAPE ->
// BROADCAST_ARGS -> BROADCAST_TO, as TensorFlow writes tf.broadcast_to(x, tf.broadcast_dynamic_shape(...)))
// becomes a broadcast_to with a constant shape.
// CHECK-LABEL: func.func @broadcast_args
// CHECK-DAG:     "graph.const"() <{value = dense<[2, 3, 4]> : tensor<3xi64>}>
// CHECK-DAG:     %[[S:.*]] = "graph.const"() <{value = dense<[2, 3, 4]> : tensor<3xi32>}>
// CHECK:         "graph.broadcast_to"(%arg0, %[[S]])
// CHECK-NOT:     graph.broadcast_args
// CHECK-NOT:     graph.shape
func.func @broadcast_args(%x: tensor<3x1xf32>) -> (tensor<3xi64>, tensor<2x3x4xf32>) {
  %a = "graph.const"() <{value = dense<[3, 1]> : tensor<2xi64>}> : () -> tensor<2xi64>
  %b = "graph.const"() <{value = dense<[2, 1, 4]> : tensor<3xi64>}> : () -> tensor<3xi64>
  %0 = "graph.broadcast_args"(%a, %b) : (tensor<2xi64>, tensor<3xi64>) -> tensor<3xi64>
  %s = "graph.shape"(%x) : (tensor<3x1xf32>) -> tensor<2xi32>
  %t = "graph.const"() <{value = dense<[2, 1, 4]> : tensor<3xi32>}> : () -> tensor<3xi32>
  %j = "graph.broadcast_args"(%s, %t) : (tensor<2xi32>, tensor<3xi32>) -> tensor<3xi32>
  %1 = "graph.broadcast_to"(%x, %j) : (tensor<3x1xf32>, tensor<3xi32>) -> tensor<2x3x4xf32>
  return %0, %1 : tensor<3xi64>, tensor<2x3x4xf32>
}
