// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics | FileCheck %s

!q = !quant.uniform<i8:f32, 5.000000e-01:-3>

// depth_to_space with block 2: one loop per block offset, no division: output row y·2 + i,
// column x·2 + j, reading depth (i·2 + j)·2 + d.
// CHECK-LABEL: func.func @depth_to_space
// CHECK: loop.for %[[B:.*]] =
// CHECK: loop.for %[[Y:.*]] =
// CHECK: loop.for %[[X:.*]] =
// CHECK: loop.for %[[I:.*]] =
// CHECK: loop.for %[[J:.*]] =
// CHECK: loop.for %[[D:.*]] =
// CHECK:   %[[Y2:.*]] = arith.muli %[[Y]], %[[C2:.*]] : index
// CHECK:   %[[OY:.*]] = arith.addi %[[Y2]], %[[I]] : index
// CHECK:   %[[X2:.*]] = arith.muli %[[X]], %[[C2]] : index
// CHECK:   %[[OX:.*]] = arith.addi %[[X2]], %[[J]] : index
// CHECK:   %[[I2:.*]] = arith.muli %[[I]], %[[C2]] : index
// CHECK:   %[[BL:.*]] = arith.addi %[[I2]], %[[J]] : index
// CHECK:   %[[BD:.*]] = arith.muli %[[BL]], %[[C2]] : index
// CHECK:   %[[ID:.*]] = arith.addi %[[BD]], %[[D]] : index
// CHECK:   %[[V:.*]] = loop.load %arg0[%[[B]], %[[Y]], %[[X]], %[[ID]]]
// CHECK:   loop.store %[[V]], %arg1[%[[B]], %[[OY]], %[[OX]], %[[D]]]
// CHECK-NOT: arith.divsi
// CHECK: return
func.func @depth_to_space(%x: !buffer<1x1x2x8x!q>, %y: !buffer<1x2x4x2x!q>) {
  buffer.kernel depth_to_space ins(%x : !buffer<1x1x2x8x!q>) outs(%y : !buffer<1x2x4x2x!q>) {block_size = 2 : i64}
  return
}

// -----

!q = !quant.uniform<i8:f32, 5.000000e-01:-3>

// space_to_batch_nd with a padding row on top: the output is filled with the stored 0 (TFLite
// Micro's never-set output_offset, whatever the zero point), then each of the four block
// offsets copies the rows and columns it maps inside the input: offset (0, 0) only batch row 1,
// which reads input row 1.
// CHECK-LABEL: func.func @space_to_batch
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK: loop.store %[[ZERO]], %arg1
// CHECK: loop.for %[[N:.*]] = %{{.*}} to %[[C1:.*]] step
// CHECK:   loop.for %[[Y:.*]] = %{{.*}} to %[[C1]] step
// CHECK:       %[[BY:.*]] = arith.addi %[[Y]], %[[C1]] : index
// CHECK:       %[[Y2:.*]] = arith.muli %[[Y]], %[[C2:.*]] : index
// CHECK:       %[[SY:.*]] = arith.addi %[[Y2]], %[[C1]] : index
// CHECK:       %[[V:.*]] = loop.load %arg0[%[[N]], %[[SY]],
// CHECK:       loop.store %[[V]], %arg1[%[[N]], %[[BY]],
// Three more offsets, batches 1 to 3.
// CHECK-COUNT-3: loop.load %arg0
// CHECK-NOT: loop.if
// CHECK: return
func.func @space_to_batch(%x: !buffer<1x3x2x1x!q>, %y: !buffer<4x2x1x1x!q>) {
  buffer.kernel space_to_batch_nd ins(%x : !buffer<1x3x2x1x!q>) outs(%y : !buffer<4x2x1x1x!q>) {block_shape = array<i64: 2, 2>, paddings = array<i64: 1, 0, 0, 0>}
  return
}

// -----

// batch_to_space_nd of a 3-D (NHC) input: three block offsets, each writing the rows the crop
// (one on top) leaves; no fill.
// CHECK-LABEL: func.func @batch_to_space_3d
// CHECK-NOT: arith.constant 0.0
// CHECK: loop.for
// CHECK: %[[V0:.*]] = loop.load %arg0[%{{.*}}, %{{.*}}, %{{.*}}] : !buffer<3x2x2xf32>
// CHECK: loop.store %[[V0]], %arg1[%{{.*}}, %{{.*}}, %{{.*}}] : !buffer<1x5x2xf32>
// CHECK-COUNT-2: loop.store
// CHECK: return
func.func @batch_to_space_3d(%x: !buffer<3x2x2xf32>, %y: !buffer<1x5x2xf32>) {
  buffer.kernel batch_to_space_nd ins(%x : !buffer<3x2x2xf32>) outs(%y : !buffer<1x5x2xf32>) {block_shape = array<i64: 3>, crops = array<i64: 1, 0>}
  return
}

// -----

// TFLite Micro's DEPTH_TO_SPACE takes float32 and int8 only.
!q16 = !quant.uniform<i16:f32, 5.000000e-01>
func.func @depth_to_space_i16(%x: !buffer<1x1x1x4x!q16>, %y: !buffer<1x2x2x1x!q16>) {
  // expected-error@+1 {{'buffer.kernel' op depth_to_space: input element type must be f32, quantized i8 or i8, but got '!quant.uniform<i16:f32, 5.000000e-01>'}}
  buffer.kernel depth_to_space ins(%x : !buffer<1x1x1x4x!q16>) outs(%y : !buffer<1x2x2x1x!q16>) {block_size = 2 : i64}
  return
}

// -----

// The crops must leave the shape the result has.
func.func @batch_to_space_crops(%x: !buffer<4x1x1x1xf32>, %y: !buffer<1x2x2x1xf32>) {
  // expected-error@+1 {{'buffer.kernel' op batch_to_space_nd: result shape [1, 2, 2, 1] does not match the inferred shape [1, 1, 2, 1]}}
  buffer.kernel batch_to_space_nd ins(%x : !buffer<4x1x1x1xf32>) outs(%y : !buffer<1x2x2x1xf32>) {block_shape = array<i64: 2, 2>, crops = array<i64: 1, 0, 0, 0>}
  return
}
