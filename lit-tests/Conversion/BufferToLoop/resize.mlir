// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics | FileCheck %s

!q = !quant.uniform<i8:f32, 5.000000e-01:-3>

// Nearest neighbour 2x2 to 3x4: the input row of each output row (floor(y · 2/3): 0, 0, 1) and
// column (floor(x · 2/4): 0, 0, 1, 1) are constant tables computed with TFLM's float
// arithmetic, read once per row and per column.
// CHECK-DAG: buffer.global @[[ROWS:.*]] {role = "constant"} : !buffer<3xi32> = dense<[0, 0, 1]>
// CHECK-DAG: buffer.global @[[COLS:.*]] {role = "constant"} : !buffer<4xi32> = dense<[0, 0, 1, 1]>
// CHECK: func.func @nearest_i8
// CHECK: %[[R:.*]] = buffer.get_global @[[ROWS]]
// CHECK: %[[C:.*]] = buffer.get_global @[[COLS]]
// CHECK: loop.for %[[B:.*]] =
// CHECK:   loop.for %[[Y:.*]] =
// CHECK:     %[[RY:.*]] = loop.load %[[R]][%[[Y]]]
// CHECK:     %[[IY:.*]] = arith.index_cast %[[RY]] : i32 to index
// CHECK:     loop.for %[[X:.*]] =
// CHECK:       %[[CX:.*]] = loop.load %[[C]][%[[X]]]
// CHECK:       %[[IX:.*]] = arith.index_cast %[[CX]] : i32 to index
// CHECK:       loop.for %[[D:.*]] =
// CHECK:         %[[V:.*]] = loop.load %arg0[%[[B]], %[[IY]], %[[IX]], %[[D]]]
// CHECK:         loop.store %[[V]], %arg1[%[[B]], %[[Y]], %[[X]], %[[D]]]
func.func @nearest_i8(%x: !buffer<1x2x2x1x!q>, %y: !buffer<1x3x4x1x!q>) {
  buffer.kernel resize_nearest_neighbor ins(%x : !buffer<1x2x2x1x!q>) outs(%y : !buffer<1x3x4x1x!q>) {align_corners = false, half_pixel_centers = false, size = array<i64: 3, 4>}
  return
}

// -----

!q = !quant.uniform<i8:f32, 5.000000e-01:-3>

// int8 bilinear with half-pixel centres, 2 to 4 columns: scale₁₀ = 512, position
// x·512 + 256 − 512, truncating divisions by 1024; the four products summed in i32 and
// rounded half away from zero by 2²⁰.
// CHECK-LABEL: func.func @bilinear_i8
// CHECK-DAG: %[[SCALE:.*]] = arith.constant 512 : i32
// CHECK-DAG: %[[SHIFT:.*]] = arith.constant -256 : i32
// CHECK-DAG: %[[UNIT:.*]] = arith.constant 1024 : i32
// CHECK: loop.for %[[X:.*]] = %{{.*}} to %c4
// CHECK:   %[[XI:.*]] = arith.index_cast %[[X]] : index to i32
// CHECK:   %[[XS:.*]] = arith.muli %[[XI]], %[[SCALE]] : i32
// CHECK:   %[[P:.*]] = arith.addi %[[XS]], %[[SHIFT]] : i32
// CHECK:   arith.divsi %[[P]], %[[UNIT]] : i32
// CHECK:   loop.for
// CHECK-COUNT-4: loop.load %arg0
// CHECK:     %[[POS:.*]] = arith.cmpi sgt, %[[S:.*]], %{{.*}} : i32
// CHECK:     %[[RND:.*]] = arith.select %[[POS]], %{{.*}}, %{{.*}} : i32
// CHECK:     %[[SR:.*]] = arith.addi %[[S]], %[[RND]] : i32
// CHECK:     %[[Q:.*]] = arith.divsi %[[SR]], %{{.*}} : i32
// CHECK:     %[[T:.*]] = arith.trunci %[[Q]] : i32 to i8
// CHECK:     loop.store %[[T]], %arg1
func.func @bilinear_i8(%x: !buffer<1x2x2x1x!q>, %y: !buffer<1x1x4x1x!q>) {
  buffer.kernel resize_bilinear ins(%x : !buffer<1x2x2x1x!q>) outs(%y : !buffer<1x1x4x1x!q>) {align_corners = false, half_pixel_centers = true, size = array<i64: 1, 4>}
  return
}

// -----

// Float bilinear with aligned corners: position y · (in − 1)/(out − 1), floor and ceil clamped,
// then ((v00·(1−dy))·(1−dx) + (v10·dy)·(1−dx)) + ... + 0.0 in TFLM's order.
// CHECK-LABEL: func.func @bilinear_f32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[THIRD:.*]] = arith.constant 0.333333343 : f32
// CHECK: %[[PX:.*]] = arith.mulf %{{.*}}, %[[THIRD]] : f32
// CHECK: math.floor %[[PX]] : f32
// CHECK: math.ceil %[[PX]] : f32
// CHECK: %[[V00:.*]] = loop.load %arg0
// CHECK: %[[V10:.*]] = loop.load %arg0
// CHECK: %[[V01:.*]] = loop.load %arg0
// CHECK: %[[V11:.*]] = loop.load %arg0
// CHECK: %[[T1:.*]] = arith.mulf %[[V00]], %{{.*}} : f32
// CHECK: %[[T1X:.*]] = arith.mulf %[[T1]], %{{.*}} : f32
// CHECK: %[[T2:.*]] = arith.mulf %[[V10]], %{{.*}} : f32
// CHECK: %[[T2X:.*]] = arith.mulf %[[T2]], %{{.*}} : f32
// CHECK: %[[S2:.*]] = arith.addf %[[T1X]], %[[T2X]] : f32
// CHECK: %[[SUM:.*]] = arith.addf %{{.*}}, %{{.*}} : f32
// CHECK: %[[OUT:.*]] = arith.addf %{{.*}}, %[[ZERO]] : f32
// CHECK: loop.store %[[OUT]], %arg1
func.func @bilinear_f32(%x: !buffer<1x2x2x1xf32>, %y: !buffer<1x1x4x1xf32>) {
  buffer.kernel resize_bilinear ins(%x : !buffer<1x2x2x1xf32>) outs(%y : !buffer<1x1x4x1xf32>) {align_corners = true, half_pixel_centers = false, size = array<i64: 1, 4>}
  return
}

// -----

// TFLite Micro refuses align_corners with half_pixel_centers (the kernel's graph rules).
func.func @bilinear_both(%x: !buffer<1x2x2x1xf32>, %y: !buffer<1x4x4x1xf32>) {
  // expected-error@+1 {{'buffer.kernel' op resize_bilinear: 'half_pixel_centers' requires 'align_corners' to be false}}
  buffer.kernel resize_bilinear ins(%x : !buffer<1x2x2x1xf32>) outs(%y : !buffer<1x4x4x1xf32>) {align_corners = true, half_pixel_centers = true, size = array<i64: 4, 4>}
  return
}

// -----

// TFLite Micro's RESIZE_BILINEAR has no int16 kernel.
!q16 = !quant.uniform<i16:f32, 5.000000e-01>
func.func @bilinear_i16(%x: !buffer<1x2x2x1x!q16>, %y: !buffer<1x4x4x1x!q16>) {
  // expected-error@+1 {{'buffer.kernel' op resize_bilinear: input element type must be f32 or quantized i8}}
  buffer.kernel resize_bilinear ins(%x : !buffer<1x2x2x1x!q16>) outs(%y : !buffer<1x4x4x1x!q16>) {align_corners = false, half_pixel_centers = false, size = array<i64: 4, 4>}
  return
}

// -----

// The size attribute must agree with the output.
func.func @nearest_size(%x: !buffer<1x2x2x1xf32>, %y: !buffer<1x4x4x1xf32>) {
  // expected-error@+1 {{'buffer.kernel' op resize_nearest_neighbor: result shape [1, 4, 4, 1] does not match the inferred shape [1, 3, 4, 1]}}
  buffer.kernel resize_nearest_neighbor ins(%x : !buffer<1x2x2x1xf32>) outs(%y : !buffer<1x4x4x1xf32>) {align_corners = false, half_pixel_centers = false, size = array<i64: 3, 4>}
  return
}
