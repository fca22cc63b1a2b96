// RUN: mc-opt %s --split-input-file --pass-pipeline='builtin.module(buffer-to-loop)' --verify-diagnostics
// The post-processing buffer-to-loop refuses: TFLite Micro's kernel runs float32 only (the
// kernel's verifier says so before the support table is read).

!q = !quant.uniform<i8:f32, 0.05:3>
func.func @quantized_scores(%e: !buffer<1x3x4xf32>, %p: !buffer<1x3x2x!q>, %a: !buffer<3x4xf32>, %n: !buffer<1xf32>) {
  // expected-error@+1 {{'buffer.kernel' op detection_postprocess: class_predictions element type must be f32, but got '!quant.uniform<i8:f32, 5.000000e-02:3>'}}
  buffer.kernel detection_postprocess ins(%e, %p, %a : !buffer<1x3x4xf32>, !buffer<1x3x2x!q>, !buffer<3x4xf32>) outs(%n : !buffer<1xf32>) {detections_per_class = 1 : i64, h_scale = 5.0 : f32, max_classes_per_detection = 1 : i64, max_detections = 2 : i64, nms_iou_threshold = 0.6 : f32, nms_score_threshold = 0.5 : f32, num_classes = 2 : i64, results = array<i64: 3>, use_regular_nms = true, w_scale = 5.0 : f32, x_scale = 10.0 : f32, y_scale = 10.0 : f32}
  return
}
