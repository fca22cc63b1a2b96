// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' | FileCheck %s

// Fast NMS over 3 boxes of one class: the scratch buffers are the kernel's workspaces; the boxes
// are decoded in double (exp of h / h_scale), rounded to float, their corners stored and checked
// (ymin < ymax, xmin < xmax); each box's best class; the candidates at or above the score
// threshold; then at most max_detections scans for the best candidate (a higher score wins, an
// equal one does not: the lowest index), each suppressing the candidates it overlaps by more
// than the IoU threshold (std::max/std::min as selects, 0 for empty boxes).
// CHECK-LABEL: func.func @fast
// CHECK-DAG: %[[IOU:.*]] = arith.constant 6.000000e-01 : f32
// CHECK-DAG: %[[SCORE:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-DAG: %[[HALF:.*]] = arith.constant 5.000000e-01 : f64
// CHECK-DAG: %[[HS:.*]] = arith.constant 5.000000e+00 : f64
// CHECK-DAG: %[[YS:.*]] = arith.constant 1.000000e+01 : f64
// CHECK: %[[DECODED:.*]] = buffer.alloc() {kernel = "detection_postprocess", role = "scratch"} : !buffer<3x4xf32>
// CHECK: %[[SCORES:.*]] = buffer.alloc() {kernel = "detection_postprocess", role = "scratch"} : !buffer<3xf32>
// CHECK: %[[ACTIVE:.*]] = buffer.alloc() {kernel = "detection_postprocess", role = "scratch"} : !buffer<3xi8>
// CHECK: %[[SELECTED:.*]] = buffer.alloc() {kernel = "detection_postprocess", role = "scratch"} : !buffer<2xi32>
// CHECK: loop.for {{.*}} iter_args(%[[VALID:.*]] = %true) -> (i1) {
// CHECK:   %[[Y:.*]] = arith.extf %{{.*}} : f32 to f64
// CHECK:   arith.divf %[[Y]], %[[YS]] : f64
// CHECK:   %[[SCALED:.*]] = arith.divf %{{.*}}, %[[HS]] : f64
// CHECK:   %[[E:.*]] = math.exp %[[SCALED]] : f64
// CHECK:   arith.mulf %[[HALF]], %[[E]] : f64
// CHECK:   %[[YMIN:.*]] = arith.subf %{{.*}}, %{{.*}} : f32
// CHECK:   loop.store %[[YMIN]], %[[DECODED]]
// CHECK:   arith.cmpf oge, %[[YMIN]], %{{.*}} : f32
// CHECK:   loop.yield
// CHECK: arith.cmpf olt, %{{.*}}, %{{.*}} : f32
// CHECK: arith.cmpf oge, %{{.*}}, %[[SCORE]] : f32
// CHECK: loop.store %{{.*}}, %[[ACTIVE]]
// CHECK: loop.for {{.*}} = %c0 to %c2 step %c1 iter_args(%[[COUNT:.*]] = %c0, %[[DONE:.*]] = %false) -> (index, i1) {
// CHECK:   loop.if %[[DONE]] -> (index, i1) {
// CHECK:     loop.for {{.*}} iter_args(%[[BEST:.*]] = %c3, %[[BEST_SCORE:.*]] = %cst{{.*}}) -> (index, f32) {
// CHECK:       arith.cmpf ogt, %{{.*}}, %[[BEST_SCORE]] : f32
// CHECK:     loop.store %{{.*}}, %[[SELECTED]][%[[COUNT]]]
// CHECK:     loop.for
// CHECK:       arith.cmpf ole
// CHECK:       arith.cmpf olt
// CHECK:       %[[RATIO:.*]] = arith.divf %{{.*}}, %{{.*}} : f32
// CHECK:       arith.cmpf ogt, %[[RATIO]], %[[IOU]] : f32
// CHECK: arith.sitofp
// CHECK-NOT: buffer.kernel
func.func @fast(%e: !buffer<1x3x4xf32>, %p: !buffer<1x3x2xf32>, %a: !buffer<3x4xf32>, %b: !buffer<1x2x4xf32>, %c: !buffer<1x2xf32>, %s: !buffer<1x2xf32>, %n: !buffer<1xf32>) {
  buffer.kernel detection_postprocess ins(%e, %p, %a : !buffer<1x3x4xf32>, !buffer<1x3x2xf32>, !buffer<3x4xf32>) outs(%b, %c, %s, %n : !buffer<1x2x4xf32>, !buffer<1x2xf32>, !buffer<1x2xf32>, !buffer<1xf32>) {detections_per_class = 100 : i64, h_scale = 5.0 : f32, max_classes_per_detection = 1 : i64, max_detections = 2 : i64, nms_iou_threshold = 0.6 : f32, nms_score_threshold = 0.5 : f32, num_classes = 1 : i64, results = array<i64: 0, 1, 2, 3>, use_regular_nms = false, w_scale = 5.0 : f32, x_scale = 10.0 : f32, y_scale = 10.0 : f32}
  return
}

// -----

// Fast NMS over 3 boxes of 3 classes after a background column: four workspaces only (no
// per-box class buffer); each box's best score (the first of the highest, past the background
// column) feeds the NMS, and each kept box's class is found again by the same scan as its row
// is written.
// CHECK-LABEL: func.func @fast_classes
// CHECK-COUNT-4: buffer.alloc() {kernel = "detection_postprocess", role = "scratch"}
// CHECK-NOT: buffer.alloc
// CHECK: loop.for %[[ROW:.*]] = %c0 to %c3 step %c1 {
// CHECK:   %[[FIRST:.*]] = loop.load %arg1[%c0, %[[ROW]], %c1] : !buffer<1x3x4xf32>
// CHECK:   %[[BEST:.*]]:2 = loop.for %[[CLASS:.*]] = %c1 to %c3 step %c1 iter_args(%[[AT:.*]] = %c0, %[[TOP:.*]] = %[[FIRST]]) -> (index, f32) {
// CHECK:     %[[SCORE:.*]] = loop.load %arg1
// CHECK:     %[[WINS:.*]] = arith.cmpf olt, %[[TOP]], %[[SCORE]] : f32
// CHECK:     arith.select %[[WINS]], %[[CLASS]], %[[AT]] : index
// CHECK:   loop.store %[[BEST]]#1, %{{.*}}[%[[ROW]]] : !buffer<3xf32>
// CHECK: loop.for %[[R:.*]] = %c0 to %c2 step %c1 {
// CHECK:   loop.if
// CHECK:     %[[KEPT:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK:     %[[AGAIN:.*]]:2 = loop.for {{.*}} = %c1 to %c3 step %c1
// CHECK:       loop.load %arg1[%c0, %[[KEPT]], %{{.*}}] : !buffer<1x3x4xf32>
// CHECK:     %[[CLASS_I32:.*]] = arith.index_cast %[[AGAIN]]#0 : index to i32
// CHECK:     %[[CLASS_F32:.*]] = arith.sitofp %[[CLASS_I32]] : i32 to f32
// CHECK:     loop.yield %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[CLASS_F32]], %[[AGAIN]]#1
func.func @fast_classes(%e: !buffer<1x3x4xf32>, %p: !buffer<1x3x4xf32>, %a: !buffer<3x4xf32>, %b: !buffer<1x2x4xf32>, %c: !buffer<1x2xf32>, %s: !buffer<1x2xf32>, %n: !buffer<1xf32>) {
  buffer.kernel detection_postprocess ins(%e, %p, %a : !buffer<1x3x4xf32>, !buffer<1x3x4xf32>, !buffer<3x4xf32>) outs(%b, %c, %s, %n : !buffer<1x2x4xf32>, !buffer<1x2xf32>, !buffer<1x2xf32>, !buffer<1xf32>) {detections_per_class = 100 : i64, h_scale = 5.0 : f32, max_classes_per_detection = 1 : i64, max_detections = 2 : i64, nms_iou_threshold = 0.6 : f32, nms_score_threshold = 0.5 : f32, num_classes = 3 : i64, results = array<i64: 0, 1, 2, 3>, use_regular_nms = false, w_scale = 5.0 : f32, x_scale = 10.0 : f32, y_scale = 10.0 : f32}
  return
}

// -----

// Regular NMS over 2 classes after a background column, only num_detections used: one NMS per
// class (at most detections_per_class = 1 kept), merged into the list of the best 2 so far (score,
// box, class), and the count written (no loop over the unused rows). Once the list is full, a
// class's NMS stops at its first box scoring no more than the list's last (the merge would drop
// it and every box after it).
// CHECK-LABEL: func.func @regular
// CHECK: %[[SCORES:.*]] = buffer.alloc() {kernel = "detection_postprocess", role = "scratch"} : !buffer<2xf32>
// CHECK-COUNT-5: buffer.alloc() {kernel = "detection_postprocess", role = "scratch"} : !buffer<2x{{f32|i32}}>
// CHECK: loop.for %[[CLASS:.*]] = %c0 to %c2 step %c1 iter_args(%[[SIZE:.*]] = %c0) -> (index) {
// CHECK:   loop.for
// CHECK:     loop.store %{{.*}}, %{{.*}} : !buffer<3xf32>
// CHECK:   %[[FULL:.*]] = arith.cmpi eq, %[[SIZE]], %c2 : index
// CHECK:   %[[LAST:.*]] = arith.select %[[FULL]], %c1, %c0 : index
// CHECK:   %[[FLOOR:.*]] = loop.load %[[SCORES]][%[[LAST]]] : !buffer<2xf32>
// CHECK:   loop.for {{.*}} = %c0 to %c1 step %c1
// CHECK:     %[[BEST:.*]]:2 = loop.for
// CHECK:     %[[FOUND:.*]] = arith.cmpi ne, %[[BEST]]#0, %c3 : index
// CHECK:     %[[ABOVE:.*]] = arith.cmpf ogt, %[[BEST]]#1, %[[FLOOR]] : f32
// CHECK:     %[[BELOW:.*]] = arith.xori %[[ABOVE]], %true : i1
// CHECK:     %[[STOPS:.*]] = arith.andi %[[FULL]], %[[BELOW]] : i1
// CHECK:     %[[GOES_ON:.*]] = arith.xori %[[STOPS]], %true : i1
// CHECK:     %[[KEEPS:.*]] = arith.andi %[[FOUND]], %[[GOES_ON]] : i1
// CHECK:     loop.if %[[KEEPS]]
// CHECK:   %[[TOTAL:.*]] = arith.addi %[[SIZE]], %{{.*}} : index
// CHECK:   %[[FITS:.*]] = arith.cmpi slt, %[[TOTAL]], %c2 : index
// CHECK:   %[[LENGTH:.*]] = arith.select %[[FITS]], %[[TOTAL]], %c2 : index
// CHECK:   loop.for {{.*}} = %c0 to %[[LENGTH]] step %c1 iter_args(%[[OLD:.*]] = %c0, %[[NEW:.*]] = %c0) -> (index, index) {
// CHECK:   loop.for {{.*}} = %c0 to %[[LENGTH]] step %c1 {
// CHECK:   loop.yield %[[LENGTH]] : index
// CHECK-NOT: loop.for
// CHECK: %[[N:.*]] = arith.sitofp %{{.*}} : i32 to f32
// CHECK-NEXT: loop.store %[[N]], %{{.*}}[%c0] : !buffer<1xf32>
func.func @regular(%e: !buffer<1x3x4xf32>, %p: !buffer<1x3x3xf32>, %a: !buffer<3x4xf32>, %n: !buffer<1xf32>) {
  buffer.kernel detection_postprocess ins(%e, %p, %a : !buffer<1x3x4xf32>, !buffer<1x3x3xf32>, !buffer<3x4xf32>) outs(%n : !buffer<1xf32>) {detections_per_class = 1 : i64, h_scale = 5.0 : f32, max_classes_per_detection = 1 : i64, max_detections = 2 : i64, nms_iou_threshold = 0.6 : f32, nms_score_threshold = 0.5 : f32, num_classes = 2 : i64, results = array<i64: 3>, use_regular_nms = true, w_scale = 5.0 : f32, x_scale = 10.0 : f32, y_scale = 10.0 : f32}
  return
}
