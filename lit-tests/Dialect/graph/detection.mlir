// RUN: mc-opt %s | FileCheck %s

// SSD post-processing of 6 boxes, 3 classes and a background, 2 detections: the four results are
// [1, 2, 4], [1, 2], [1, 2] and [1].
// CHECK-LABEL: func.func @ssd
// CHECK: %[[R:.*]]:4 = "graph.detection_postprocess"(%arg0, %arg1, %[[A:.*]]) <{detections_per_class = 100 : i64, h_scale = 5.000000e+00 : f32, max_classes_per_detection = 1 : i64, max_detections = 2 : i64, nms_iou_threshold = 6.000000e-01 : f32, nms_score_threshold = 5.000000e-01 : f32, num_classes = 3 : i64, use_regular_nms = true, w_scale = 5.000000e+00 : f32, x_scale = 1.000000e+01 : f32, y_scale = 1.000000e+01 : f32}> : (tensor<1x6x4xf32>, tensor<1x6x4xf32>, tensor<6x4xf32>) -> (tensor<1x2x4xf32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<1xf32>)
func.func @ssd(%e: tensor<1x6x4xf32>, %p: tensor<1x6x4xf32>) -> (tensor<1x2x4xf32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<1xf32>) {
  %a = "graph.const"() <{value = dense<0.25> : tensor<6x4xf32>}> : () -> tensor<6x4xf32>
  %r:4 = "graph.detection_postprocess"(%e, %p, %a) <{detections_per_class = 100 : i64, h_scale = 5.0 : f32, max_classes_per_detection = 1 : i64, max_detections = 2 : i64, nms_iou_threshold = 0.6 : f32, nms_score_threshold = 0.5 : f32, num_classes = 3 : i64, use_regular_nms = true, w_scale = 5.0 : f32, x_scale = 10.0 : f32, y_scale = 10.0 : f32}> : (tensor<1x6x4xf32>, tensor<1x6x4xf32>, tensor<6x4xf32>) -> (tensor<1x2x4xf32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<1xf32>)
  return %r#0, %r#1, %r#2, %r#3 : tensor<1x2x4xf32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<1xf32>
}


// The fast NMS keeps min(max_classes_per_detection, num_classes) classes per box: one here, so 3
// classes per detection are accepted; the results still have max_detections × 3 rows.
// CHECK-LABEL: func.func @fast_one_class
// CHECK: "graph.detection_postprocess"{{.*}}max_classes_per_detection = 3 : i64{{.*}}num_classes = 1 : i64, use_regular_nms = false{{.*}} -> (tensor<1x6x4xf32>, tensor<1x6xf32>, tensor<1x6xf32>, tensor<1xf32>)
func.func @fast_one_class(%e: tensor<1x6x4xf32>, %p: tensor<1x6x2xf32>) -> (tensor<1x6x4xf32>, tensor<1x6xf32>, tensor<1x6xf32>, tensor<1xf32>) {
  %a = "graph.const"() <{value = dense<0.25> : tensor<6x4xf32>}> : () -> tensor<6x4xf32>
  %r:4 = "graph.detection_postprocess"(%e, %p, %a) <{detections_per_class = 100 : i64, h_scale = 5.0 : f32, max_classes_per_detection = 3 : i64, max_detections = 2 : i64, nms_iou_threshold = 0.6 : f32, nms_score_threshold = 0.5 : f32, num_classes = 1 : i64, use_regular_nms = false, w_scale = 5.0 : f32, x_scale = 10.0 : f32, y_scale = 10.0 : f32}> : (tensor<1x6x4xf32>, tensor<1x6x2xf32>, tensor<6x4xf32>) -> (tensor<1x6x4xf32>, tensor<1x6xf32>, tensor<1x6xf32>, tensor<1xf32>)
  return %r#0, %r#1, %r#2, %r#3 : tensor<1x6x4xf32>, tensor<1x6xf32>, tensor<1x6xf32>, tensor<1xf32>
}

// The regular NMS writes one class per row, whatever max_classes_per_detection.
// CHECK-LABEL: func.func @regular_two_classes
// CHECK: "graph.detection_postprocess"{{.*}}max_classes_per_detection = 2 : i64{{.*}}use_regular_nms = true{{.*}} -> (tensor<1x4x4xf32>, tensor<1x4xf32>, tensor<1x4xf32>, tensor<1xf32>)
func.func @regular_two_classes(%e: tensor<1x6x4xf32>, %p: tensor<1x6x4xf32>) -> (tensor<1x4x4xf32>, tensor<1x4xf32>, tensor<1x4xf32>, tensor<1xf32>) {
  %a = "graph.const"() <{value = dense<0.25> : tensor<6x4xf32>}> : () -> tensor<6x4xf32>
  %r:4 = "graph.detection_postprocess"(%e, %p, %a) <{detections_per_class = 100 : i64, h_scale = 5.0 : f32, max_classes_per_detection = 2 : i64, max_detections = 2 : i64, nms_iou_threshold = 0.6 : f32, nms_score_threshold = 0.5 : f32, num_classes = 3 : i64, use_regular_nms = true, w_scale = 5.0 : f32, x_scale = 10.0 : f32, y_scale = 10.0 : f32}> : (tensor<1x6x4xf32>, tensor<1x6x4xf32>, tensor<6x4xf32>) -> (tensor<1x4x4xf32>, tensor<1x4xf32>, tensor<1x4xf32>, tensor<1xf32>)
  return %r#0, %r#1, %r#2, %r#3 : tensor<1x4x4xf32>, tensor<1x4xf32>, tensor<1x4xf32>, tensor<1xf32>
}

// Anchors computed at run time (here a function argument), which TFLite Micro reads like constant
// ones.
// CHECK-LABEL: func.func @runtime_anchors
// CHECK: "graph.detection_postprocess"(%arg0, %arg1, %arg2)
func.func @runtime_anchors(%e: tensor<1x6x4xf32>, %p: tensor<1x6x4xf32>, %a: tensor<6x4xf32>) -> (tensor<1x2x4xf32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<1xf32>) {
  %r:4 = "graph.detection_postprocess"(%e, %p, %a) <{detections_per_class = 100 : i64, h_scale = 5.0 : f32, max_classes_per_detection = 1 : i64, max_detections = 2 : i64, nms_iou_threshold = 0.6 : f32, nms_score_threshold = 0.5 : f32, num_classes = 3 : i64, use_regular_nms = true, w_scale = 5.0 : f32, x_scale = 10.0 : f32, y_scale = 10.0 : f32}> : (tensor<1x6x4xf32>, tensor<1x6x4xf32>, tensor<6x4xf32>) -> (tensor<1x2x4xf32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<1xf32>)
  return %r#0, %r#1, %r#2, %r#3 : tensor<1x2x4xf32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<1xf32>
}
