// RUN: mc-opt %s --split-input-file --verify-diagnostics
// What the verifier refuses of graph.detection_postprocess: one located error each.

// TFLite Micro's kernel fails on quantized inputs.
!q = !quant.uniform<i8:f32, 0.05:3>
func.func @quantized(%e: tensor<1x6x4x!q>, %p: tensor<1x6x4xf32>) {
  %a = "graph.const"() <{value = dense<0.25> : tensor<6x4xf32>}> : () -> tensor<6x4xf32>
  // expected-error@+1 {{'graph.detection_postprocess' op box_encodings element type must be f32}}
  %r:4 = "graph.detection_postprocess"(%e, %p, %a) <{detections_per_class = 100 : i64, h_scale = 5.0 : f32, max_classes_per_detection = 1 : i64, max_detections = 2 : i64, nms_iou_threshold = 0.6 : f32, nms_score_threshold = 0.5 : f32, num_classes = 3 : i64, use_regular_nms = true, w_scale = 5.0 : f32, x_scale = 10.0 : f32, y_scale = 10.0 : f32}> : (tensor<1x6x4x!q>, tensor<1x6x4xf32>, tensor<6x4xf32>) -> (tensor<1x2x4xf32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<1xf32>)
  return
}

// -----

// Two classes per box in the fast NMS, which TFLite Micro writes to rows 4·i + 3·c, leaving the
// rows between as its arena held them.
func.func @fast_two_classes(%e: tensor<1x6x4xf32>, %p: tensor<1x6x4xf32>) {
  %a = "graph.const"() <{value = dense<0.25> : tensor<6x4xf32>}> : () -> tensor<6x4xf32>
  // expected-error@+1 {{'graph.detection_postprocess' op the fast NMS keeps min(max_classes_per_detection, num_classes) = 2 classes per box, but TFLite Micro's kernel writes class c of detection i to row 2²·i + 3·c}}
  %r:4 = "graph.detection_postprocess"(%e, %p, %a) <{detections_per_class = 100 : i64, h_scale = 5.0 : f32, max_classes_per_detection = 2 : i64, max_detections = 2 : i64, nms_iou_threshold = 0.6 : f32, nms_score_threshold = 0.5 : f32, num_classes = 3 : i64, use_regular_nms = false, w_scale = 5.0 : f32, x_scale = 10.0 : f32, y_scale = 10.0 : f32}> : (tensor<1x6x4xf32>, tensor<1x6x4xf32>, tensor<6x4xf32>) -> (tensor<1x2x4xf32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<1xf32>)
  return
}

// -----

// A batch of two, and box encodings of fewer than 4 values.
func.func @batch(%e: tensor<2x6x3xf32>, %p: tensor<2x6x4xf32>) {
  %a = "graph.const"() <{value = dense<0.25> : tensor<6x4xf32>}> : () -> tensor<6x4xf32>
  // expected-error@+2 {{'graph.detection_postprocess' op box_encodings and class_predictions must have a batch of 1}}
  // expected-error@+1 {{'graph.detection_postprocess' op box_encodings must hold at least 4 values per box, but hold 3}}
  %r:4 = "graph.detection_postprocess"(%e, %p, %a) <{detections_per_class = 100 : i64, h_scale = 5.0 : f32, max_classes_per_detection = 1 : i64, max_detections = 2 : i64, nms_iou_threshold = 0.6 : f32, nms_score_threshold = 0.5 : f32, num_classes = 3 : i64, use_regular_nms = true, w_scale = 5.0 : f32, x_scale = 10.0 : f32, y_scale = 10.0 : f32}> : (tensor<2x6x3xf32>, tensor<2x6x4xf32>, tensor<6x4xf32>) -> (tensor<1x2x4xf32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<1xf32>)
  return
}

// -----

// Results not of max_detections × max_classes_per_detection rows.
func.func @rows(%e: tensor<1x6x4xf32>, %p: tensor<1x6x3xf32>) {
  %a = "graph.const"() <{value = dense<0.25> : tensor<6x4xf32>}> : () -> tensor<6x4xf32>
  // expected-error@+1 {{'graph.detection_postprocess' op result shape [1, 3, 4] does not match the inferred shape [1, 2, 4]}}
  %r:4 = "graph.detection_postprocess"(%e, %p, %a) <{detections_per_class = 100 : i64, h_scale = 5.0 : f32, max_classes_per_detection = 1 : i64, max_detections = 2 : i64, nms_iou_threshold = 0.6 : f32, nms_score_threshold = 0.5 : f32, num_classes = 3 : i64, use_regular_nms = false, w_scale = 5.0 : f32, x_scale = 10.0 : f32, y_scale = 10.0 : f32}> : (tensor<1x6x4xf32>, tensor<1x6x3xf32>, tensor<6x4xf32>) -> (tensor<1x3x4xf32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<1xf32>)
  return
}
