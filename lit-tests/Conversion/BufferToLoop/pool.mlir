// RUN: mc-opt %s --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

!q = !quant.uniform<i8:f32, 0.05:-128>

// SAME padding: each output position clips its window to the image (pad 1 before), counts the
// taps inside, and the channel loop sums them; TFLM's rounded division (half away from zero),
// then RELU6's clamp [-128, -8] and the int8 store.
// CHECK-LABEL: func.func @avg_same
// CHECK-SAME: (%[[X:.*]]: !buffer<1x5x5x3x{{.*}}>, %[[Y:.*]]: !buffer<1x3x3x3x{{.*}}>)
// CHECK-DAG: %[[HIGH:.*]] = arith.constant -8 : i32
// CHECK-DAG: %[[LOW:.*]] = arith.constant -128 : i32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: loop.for %[[N:.*]] = %{{.*}} to %{{.*}} step
// CHECK:   loop.for %[[OY:.*]] = %{{.*}} to %{{.*}} step
// CHECK:     loop.for %[[OX:.*]] = %{{.*}} to %{{.*}} step
// CHECK:       %[[Y0:.*]] = arith.maxsi %{{.*}}, %{{.*}} : index
// CHECK:       %[[Y1:.*]] = arith.minsi %{{.*}}, %{{.*}} : index
// CHECK:       %[[X0:.*]] = arith.maxsi %{{.*}}, %{{.*}} : index
// CHECK:       %[[X1:.*]] = arith.minsi %{{.*}}, %{{.*}} : index
// CHECK:       %[[TAPS:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK:       %[[COUNT:.*]] = arith.index_cast %[[TAPS]] : index to i32
// CHECK:       loop.for %[[C:.*]] = %{{.*}} to %{{.*}} step
// CHECK:         %[[ACC:.*]] = loop.for %[[IY:.*]] = %[[Y0]] to %[[Y1]] step %{{.*}} iter_args(%{{.*}} = %[[ZERO]]) -> (i32) {
// CHECK:           loop.for %[[IX:.*]] = %[[X0]] to %[[X1]] step
// CHECK:             loop.load %[[X]][%[[N]], %[[IY]], %[[IX]], %[[C]]]
// CHECK:             arith.extsi
// CHECK:             arith.addi
// CHECK:         %[[HALF:.*]] = arith.divsi %[[COUNT]], %{{.*}} : i32
// CHECK:         %[[UP:.*]] = arith.addi %[[ACC]], %[[HALF]] : i32
// CHECK:         %[[DOWN:.*]] = arith.subi %[[ACC]], %[[HALF]] : i32
// CHECK:         %[[UPQ:.*]] = arith.divsi %[[UP]], %[[COUNT]] : i32
// CHECK:         %[[DOWNQ:.*]] = arith.divsi %[[DOWN]], %[[COUNT]] : i32
// CHECK:         %[[POS:.*]] = arith.cmpi sgt, %[[ACC]], %[[ZERO]] : i32
// CHECK:         %[[AVG:.*]] = arith.select %[[POS]], %[[UPQ]], %[[DOWNQ]] : i32
// CHECK:         %[[R:.*]] = arith.maxsi %[[AVG]], %[[LOW]] : i32
// CHECK:         %[[CL:.*]] = arith.minsi %[[R]], %[[HIGH]] : i32
// CHECK:         %[[Q:.*]] = arith.trunci %[[CL]] : i32 to i8
// CHECK:         loop.store %[[Q]], %[[Y]][%[[N]], %[[OY]], %[[OX]], %[[C]]]
// CHECK-NOT: buffer.kernel
func.func @avg_same(%x: !buffer<1x5x5x3x!q>, %y: !buffer<1x3x3x3x!q>) {
  buffer.kernel avg_pool_2d ins(%x : !buffer<1x5x5x3x!q>) outs(%y : !buffer<1x3x3x3x!q>) {filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 2 : i64, stride_w = 2 : i64, padding = "SAME", fused_activation = "RELU6"}
  return
}

// Global pooling (kws): no window crosses a border, so the bounds are not clipped and the
// count is the constant 125 (half 62).
// CHECK-LABEL: func.func @avg_global
// CHECK-DAG: %[[HALF:.*]] = arith.constant 62 : i32
// CHECK-DAG: %[[COUNT:.*]] = arith.constant 125 : i32
// CHECK-NOT: arith.maxsi {{.*}} : index
// CHECK-NOT: arith.index_cast
// CHECK: arith.addi %{{.*}}, %[[HALF]] : i32
// CHECK: arith.divsi %{{.*}}, %[[COUNT]] : i32
func.func @avg_global(%x: !buffer<1x25x5x64x!q>, %y: !buffer<1x1x1x64x!q>) {
  buffer.kernel avg_pool_2d ins(%x : !buffer<1x25x5x64x!q>) outs(%y : !buffer<1x1x1x64x!q>) {filter_h = 25 : i64, filter_w = 5 : i64, stride_h = 25 : i64, stride_w = 5 : i64, padding = "VALID", fused_activation = "NONE"}
  return
}

// Int8 max: the reduction starts at -128 and takes maxsi; no count is computed.
// CHECK-LABEL: func.func @max_int8
// CHECK-DAG: %[[MIN:.*]] = arith.constant -128 : i32
// CHECK-NOT: arith.index_cast
// CHECK: loop.for {{.*}} iter_args(%{{.*}} = %[[MIN]]) -> (i32) {
// CHECK:   loop.for {{.*}} iter_args(%[[M:.*]] = %{{.*}}) -> (i32) {
// CHECK:     %[[V:.*]] = arith.extsi %{{.*}} : i8 to i32
// CHECK:     arith.maxsi %[[M]], %[[V]] : i32
// CHECK-NOT: arith.divsi
// CHECK: loop.store
func.func @max_int8(%x: !buffer<1x5x5x3x!q>, %y: !buffer<1x3x3x3x!q>) {
  buffer.kernel max_pool_2d ins(%x : !buffer<1x5x5x3x!q>) outs(%y : !buffer<1x3x3x3x!q>) {filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 2 : i64, stride_w = 2 : i64, padding = "SAME", fused_activation = "NONE"}
  return
}

!q16 = !quant.uniform<i16:f32, 0.001:5>

// Int16 average: the same rounded division on the i32 sum of sign-extended i16 values; RELU
// clamps at the zero point (5) and the storage maximum, and the store truncates to i16.
// CHECK-LABEL: func.func @avg_int16
// CHECK-DAG: %[[LOW:.*]] = arith.constant 5 : i32
// CHECK-DAG: %[[HIGH:.*]] = arith.constant 32767 : i32
// CHECK: loop.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (i32) {
// CHECK:   loop.for {{.*}} iter_args(%[[S:.*]] = %{{.*}}) -> (i32) {
// CHECK:     %[[V:.*]] = arith.extsi %{{.*}} : i16 to i32
// CHECK:     arith.addi %[[S]], %[[V]] : i32
// CHECK: arith.select
// CHECK: %[[R:.*]] = arith.maxsi %{{.*}}, %[[LOW]] : i32
// CHECK: %[[CL:.*]] = arith.minsi %[[R]], %[[HIGH]] : i32
// CHECK: %[[Q:.*]] = arith.trunci %[[CL]] : i32 to i16
// CHECK: loop.store %[[Q]]
func.func @avg_int16(%x: !buffer<1x5x5x3x!q16>, %y: !buffer<1x3x3x3x!q16>) {
  buffer.kernel avg_pool_2d ins(%x : !buffer<1x5x5x3x!q16>) outs(%y : !buffer<1x3x3x3x!q16>) {filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 2 : i64, stride_w = 2 : i64, padding = "SAME", fused_activation = "RELU"}
  return
}

// Int16 max: the reduction starts at -32768 (the storage's lowest value, TFLM's
// numeric_limits<int16_t>::lowest()).
// CHECK-LABEL: func.func @max_int16
// CHECK-DAG: %[[MIN:.*]] = arith.constant -32768 : i32
// CHECK: loop.for {{.*}} iter_args(%{{.*}} = %[[MIN]]) -> (i32) {
// CHECK:   loop.for {{.*}} iter_args(%[[M:.*]] = %{{.*}}) -> (i32) {
// CHECK:     %[[V:.*]] = arith.extsi %{{.*}} : i16 to i32
// CHECK:     arith.maxsi %[[M]], %[[V]] : i32
// CHECK: arith.trunci %{{.*}} : i32 to i16
func.func @max_int16(%x: !buffer<1x4x4x2x!q16>, %y: !buffer<1x2x2x2x!q16>) {
  buffer.kernel max_pool_2d ins(%x : !buffer<1x4x4x2x!q16>) outs(%y : !buffer<1x2x2x2x!q16>) {filter_h = 2 : i64, filter_w = 2 : i64, stride_h = 2 : i64, stride_w = 2 : i64, padding = "VALID", fused_activation = "NONE"}
  return
}

// Float average with clipped windows: the sum divided by the tap count as a float.
// CHECK-LABEL: func.func @avg_float
// CHECK: %[[COUNT:.*]] = arith.index_cast %{{.*}} : index to i32
// CHECK: %[[SUM:.*]] = loop.for {{.*}} -> (f32) {
// CHECK:   arith.addf
// CHECK: %[[CF:.*]] = arith.sitofp %[[COUNT]] : i32 to f32
// CHECK: %[[AVG:.*]] = arith.divf %[[SUM]], %[[CF]] : f32
// CHECK: arith.maximumf %[[AVG]]
// CHECK: arith.minimumf
func.func @avg_float(%x: !buffer<1x5x4x2xf32>, %y: !buffer<1x3x2x2xf32>) {
  buffer.kernel avg_pool_2d ins(%x : !buffer<1x5x4x2xf32>) outs(%y : !buffer<1x3x2x2xf32>) {filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 2 : i64, stride_w = 2 : i64, padding = "SAME", fused_activation = "RELU"}
  return
}

// Float max: from the lowest float, maximumf per tap.
// CHECK-LABEL: func.func @max_float
// CHECK-DAG: %[[LOWEST:.*]] = arith.constant -3.40282347E+38 : f32
// CHECK: loop.for {{.*}} iter_args(%{{.*}} = %[[LOWEST]]) -> (f32) {
// CHECK:   loop.for {{.*}} iter_args(%[[M:.*]] = %{{.*}}) -> (f32) {
// CHECK:     %[[V:.*]] = loop.load
// CHECK:     arith.maximumf %[[M]], %[[V]] : f32
func.func @max_float(%x: !buffer<2x6x6x4xf32>, %y: !buffer<2x3x3x4xf32>) {
  buffer.kernel max_pool_2d ins(%x : !buffer<2x6x6x4xf32>) outs(%y : !buffer<2x3x3x4xf32>) {filter_h = 2 : i64, filter_w = 2 : i64, stride_h = 2 : i64, stride_w = 2 : i64, padding = "VALID", fused_activation = "NONE"}
  return
}

// Float L2 pool, SAME padding: the clipped window's squares summed from 0.0, divided by the taps
// inside the image, square-rooted, then RELU's clamp.
// CHECK-LABEL: func.func @l2_same
// CHECK: %[[TAPS:.*]] = arith.index_cast %{{.*}} : index to i32
// CHECK: loop.for
// CHECK:   loop.for {{.*}} -> (f32) {
// CHECK:     loop.for {{.*}} -> (f32) {
// CHECK:       %[[V:.*]] = loop.load
// CHECK:       %[[SQ:.*]] = arith.mulf %[[V]], %[[V]] : f32
// CHECK:       arith.addf %{{.*}}, %[[SQ]] : f32
// CHECK:   %[[COUNT:.*]] = arith.sitofp %[[TAPS]] : i32 to f32
// CHECK:   %[[MEAN:.*]] = arith.divf %{{.*}}, %[[COUNT]] : f32
// CHECK:   %[[ROOT:.*]] = math.sqrt %[[MEAN]] : f32
// CHECK:   arith.maximumf %[[ROOT]]
// CHECK:   arith.minimumf
// CHECK:   loop.store
func.func @l2_same(%x: !buffer<1x5x5x3xf32>, %y: !buffer<1x3x3x3xf32>) {
  buffer.kernel l2_pool_2d ins(%x : !buffer<1x5x5x3xf32>) outs(%y : !buffer<1x3x3x3xf32>) {filter_h = 3 : i64, filter_w = 3 : i64, stride_h = 2 : i64, stride_w = 2 : i64, padding = "SAME", fused_activation = "RELU"}
  return
}
