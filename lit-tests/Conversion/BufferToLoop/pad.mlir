// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

!q = !quant.uniform<i8:f32, 5.000000e-01:-3>

// Paddings [[1, 0], [2, 1]]: region by region, no test per element. Row 0 is filled; each
// input row fills two leading columns, copies three and fills one trailing column. int8 pads
// with the output zero point.
// CHECK-LABEL: func.func @pad_i8
// CHECK-DAG: %[[PAD:.*]] = arith.constant -3 : i8
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : index
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : index
// CHECK: loop.for %[[R:.*]] = %[[C0]] to %[[C1]] step
// CHECK:   loop.for %[[C:.*]] = %[[C0]] to %[[C6]] step
// CHECK:     loop.store %[[PAD]], %arg1[%[[R]], %[[C]]]
// CHECK: loop.for %[[I:.*]] = %[[C0]] to %[[C2]] step
// CHECK:   %[[OI:.*]] = arith.addi %[[I]], %[[C1]] : index
// CHECK:   loop.for %[[C:.*]] = %[[C0]] to %[[C2]] step
// CHECK:     loop.store %[[PAD]], %arg1[%[[OI]], %[[C]]]
// CHECK:   loop.for %[[J:.*]] = %[[C0]] to %[[C3]] step
// CHECK:     %[[OJ:.*]] = arith.addi %[[J]], %[[C2]] : index
// CHECK:     %[[X:.*]] = loop.load %arg0[%[[I]], %[[J]]]
// CHECK:     loop.store %[[X]], %arg1[%[[OI]], %[[OJ]]]
// CHECK:   loop.for %[[C:.*]] = %[[C5]] to %[[C6]] step
// CHECK:     loop.store %[[PAD]], %arg1[%[[OI]], %[[C]]]
// CHECK-NOT: loop.if
// CHECK: return
func.func @pad_i8(%x: !buffer<2x3x!q>, %y: !buffer<3x6x!q>) {
  buffer.kernel pad ins(%x : !buffer<2x3x!q>) outs(%y : !buffer<3x6x!q>) {paddings = array<i64: 1, 0, 2, 1>}
  return
}

// Float pads with 0.0; unpadded dimensions are plain copies.
// CHECK-LABEL: func.func @pad_f32
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: loop.for %[[I:.*]] =
// CHECK:   loop.for %[[J:.*]] =
// CHECK:     %[[X:.*]] = loop.load %arg0[%[[I]], %[[J]]] : !buffer<2x2xf32>
// CHECK:     loop.store %[[X]], %arg1[%[[I]], %[[J]]] : !buffer<3x2xf32>
// CHECK: loop.for %[[R:.*]] =
// CHECK:   loop.for %[[C:.*]] =
// CHECK:     loop.store %[[ZERO]], %arg1[%[[R]], %[[C]]]
func.func @pad_f32(%x: !buffer<2x2xf32>, %y: !buffer<3x2xf32>) {
  buffer.kernel pad ins(%x : !buffer<2x2xf32>) outs(%y : !buffer<3x2xf32>) {paddings = array<i64: 0, 1, 0, 0>}
  return
}

// padv2 loads its value once, before the nest, and stores it where pad stores the zero point.
// CHECK-LABEL: func.func @padv2
// CHECK: %[[V:.*]] = loop.load %arg1[] : !buffer<i16>
// CHECK: loop.for
// CHECK:   loop.store %[[V]], %arg2[
func.func @padv2(%x: !buffer<3xi16>, %v: !buffer<i16>, %y: !buffer<5xi16>) {
  buffer.kernel padv2 ins(%x, %v : !buffer<3xi16>, !buffer<i16>) outs(%y : !buffer<5xi16>) {paddings = array<i64: 1, 1>}
  return
}

// mirror_pad REFLECT of 4 elements by [2, 1]: output 0..1 read 2 - o, 2..5 read o - 2, 6 reads
// 8 - 6 = 2 (2·4 + 2 - 1 - 1 - o).
// CHECK-LABEL: func.func @mirror_reflect
// CHECK: loop.for %[[O:.*]] = %c0 to %c2
// CHECK:   %[[S:.*]] = arith.muli %[[O]], %c-1 : index
// CHECK:   %[[I:.*]] = arith.addi %[[S]], %c2 : index
// CHECK:   loop.load %arg0[%[[I]]]
// CHECK: loop.for %[[O:.*]] = %c2 to %c6
// CHECK:   %[[I:.*]] = arith.addi %[[O]], %c-2 : index
// CHECK: loop.for %[[O:.*]] = %c6 to %c7
// CHECK:   %[[I:.*]] = arith.addi %{{.*}}, %c8 : index
func.func @mirror_reflect(%x: !buffer<4xf32>, %y: !buffer<7xf32>) {
  buffer.kernel mirror_pad ins(%x : !buffer<4xf32>) outs(%y : !buffer<7xf32>) {mode = "REFLECT", paddings = array<i64: 2, 1>}
  return
}

// mirror_pad takes any rank (TFLM's MirrorPad walks any number of dimensions, unlike its Pad):
// rank 6, SYMMETRIC by [1, 1] along the last dimension, its three ranges innermost.
// CHECK-LABEL: func.func @mirror_rank6
// CHECK-COUNT-5: loop.for %{{.*}} = %c0 to %c1
// CHECK: loop.for %[[O:.*]] = %c0 to %c1
// CHECK:   loop.load %arg0[{{.*}}] : !buffer<1x1x1x1x1x2xi8>
// CHECK: loop.for %[[O:.*]] = %c1 to %c3
// CHECK: loop.for %[[O:.*]] = %c3 to %c4
func.func @mirror_rank6(%x: !buffer<1x1x1x1x1x2xi8>, %y: !buffer<1x1x1x1x1x4xi8>) {
  buffer.kernel mirror_pad ins(%x : !buffer<1x1x1x1x1x2xi8>) outs(%y : !buffer<1x1x1x1x1x4xi8>) {mode = "SYMMETRIC", paddings = array<i64: 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1>}
  return
}
