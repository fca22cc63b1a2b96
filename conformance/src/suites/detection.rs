//! `TFLite_Detection_PostProcess` (the custom operator ending SSD detectors) against TFLite
//! Micro, which takes float32 only: the fast NMS (each box's best class) and the regular one (per
//! class, merged), with and without a background class, 1 to 12 classes, `max_detections` below
//! and above the boxes kept, `detections_per_class`, tied scores, identical boxes and boxes far
//! apart, IoU thresholds near 0 and of 1, a score threshold nothing reaches, extra box encoding
//! columns (keypoints), outputs with more rows than detections, tied candidates past the 20 that
//! TFLite Micro's merge sort leaves to its insertion sort, and TensorFlow's SSD export options (90
//! classes, a score threshold of 1e-8), also at SSD MobileNet's full size (1917 anchors), and
//! anchors a `DEQUANTIZE` computes from an int8 constant. (int8 and uint8 inputs, which TFLite
//! Micro's kernel fails on, are refused by mc's verifier.)

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{BuiltinOp, BuiltinOptions, DETECTION_POSTPROCESS, DetectionPostprocessOptions};

/// Where the anchors are.
#[derive(Clone, Copy)]
enum Anchors {
    /// Random centers in the unit square, sizes 0.1 to 0.5: some overlap, some not.
    Scattered,
    /// All the same box: every decoded box overlaps the others heavily.
    Stacked,
    /// Small boxes on a line, far apart: none overlaps another.
    Apart,
}

/// How the class scores are drawn.
#[derive(Clone, Copy)]
enum Scores {
    /// Uniform in `[0, 1)`.
    Uniform,
    /// Among 0.25, 0.5 and 0.75 only: many ties, between boxes and between classes.
    Tied,
    /// Uniform in `[-1, 1)` (logits rather than probabilities).
    Signed,
}

/// One post-processing configuration.
struct Spec {
    name: &'static str,
    boxes: usize,
    /// Values per box encoding (4, or more with keypoints).
    encoding: usize,
    /// The anchors an int8 constant that a `DEQUANTIZE` turns into float32 at run time (as
    /// converters that quantize constants write them), rather than a float32 constant.
    int8_anchors: bool,
    classes: i32,
    background: bool,
    anchors: Anchors,
    scores: Scores,
    options: DetectionPostprocessOptions,
}

/// Options with `max_detections`, `use_regular_nms`, `detections_per_class` and the thresholds
/// given, TensorFlow's usual scales (10, 10, 5, 5).
fn options(
    classes: i32,
    max_detections: i32,
    regular: bool,
    detections_per_class: i32,
    (score_threshold, iou_threshold): (f32, f32),
) -> DetectionPostprocessOptions {
    DetectionPostprocessOptions {
        max_detections,
        max_classes_per_detection: 1,
        detections_per_class,
        use_regular_nms: regular,
        nms_score_threshold: score_threshold,
        nms_iou_threshold: iou_threshold,
        num_classes: classes,
        scales: [10.0, 10.0, 5.0, 5.0],
    }
}

impl Spec {
    /// The anchors `[boxes, 4]` (y, x, h, w).
    fn anchors(&self, rng: &mut Rng) -> Vec<f32> {
        (0..self.boxes)
            .flat_map(|i| match self.anchors {
                Anchors::Scattered => {
                    [rng.float(0.0, 1.0), rng.float(0.0, 1.0), rng.float(0.1, 0.5), rng.float(0.1, 0.5)]
                }
                Anchors::Stacked => [0.5, 0.5, 0.3, 0.3],
                Anchors::Apart => [0.5, i as f32, 0.1, 0.1],
            })
            .collect()
    }

    /// The model and `count` random inputs as cases.
    fn cases(&self, count: usize, rng: &mut Rng) -> Vec<Case> {
        let columns = self.classes as usize + usize::from(self.background);
        let anchors = self.anchors(rng);
        let anchor_bytes: Vec<u8> = anchors.iter().flat_map(|a| a.to_le_bytes()).collect();
        // Anchors in [0, 1] over int8's range.
        let (scale, zero_point) = (1.0 / 255.0, -128);
        let quantized: Vec<u8> =
            anchors.iter().map(|&a| ((a / scale).round() as i32 + zero_point).clamp(-128, 127) as i8 as u8).collect();
        (0..count)
            .map(|run| {
                let mut m = OneOp::new();
                let (n, e, c) = (self.boxes as i32, self.encoding as i32, columns as i32);
                let encodings = m.input("box_encodings", &[1, n, e], DType::Float32, None);
                let predictions = m.input("class_predictions", &[1, n, c], DType::Float32, None);
                let anchors = if self.int8_anchors {
                    let quant = Some(Quant::tensor(scale, zero_point.into()));
                    let stored = m.constant("quantized_anchors", &[n, 4], DType::Int8, &quantized, quant);
                    let anchors = m.intermediate("anchors", &[n, 4], DType::Float32, None);
                    m.op(BuiltinOp::Dequantize, &[stored], &[anchors], BuiltinOptions::Dequantize);
                    anchors
                } else {
                    m.constant("anchors", &[n, 4], DType::Float32, &anchor_bytes, None)
                };
                let rows = self.options.max_detections * self.options.max_classes_per_detection;
                let outputs = [
                    m.output("detection_boxes", &[1, rows, 4], DType::Float32, None),
                    m.output("detection_classes", &[1, rows], DType::Float32, None),
                    m.output("detection_scores", &[1, rows], DType::Float32, None),
                    m.output("num_detections", &[1], DType::Float32, None),
                ];
                m.custom_op(
                    DETECTION_POSTPROCESS,
                    &[encodings, predictions, anchors],
                    &outputs,
                    self.options.to_flexbuffer(),
                );
                let encoding_values: Vec<f32> = (0..self.boxes * self.encoding).map(|_| rng.float(-2.0, 2.0)).collect();
                let score_values: Vec<f32> = (0..self.boxes * columns)
                    .map(|_| match self.scores {
                        Scores::Uniform => rng.float(0.0, 1.0),
                        Scores::Tied => [0.25, 0.5, 0.75][rng.range(0, 2) as usize],
                        Scores::Signed => rng.float(-1.0, 1.0),
                    })
                    .collect();
                let nms = if self.options.use_regular_nms { "regular" } else { "fast" };
                m.case(
                    &format!("DetectionPostProcess {} ({nms} NMS, {} classes) #{run}", self.name, self.classes),
                    vec![
                        Tensor::from_f32(&[1, self.boxes, self.encoding], &encoding_values),
                        Tensor::from_f32(&[1, self.boxes, columns], &score_values),
                    ],
                )
            })
            .collect()
    }
}

/// The `detection_postprocess` suite: float32 throughout, as TFLite Micro's kernel requires.
pub fn detection_postprocess() -> Vec<Case> {
    let mut rng = Rng(0xD7EC7);
    let spec = |name, boxes, classes, background, anchors, scores, options| Spec {
        name,
        boxes,
        encoding: 4,
        int8_anchors: false,
        classes,
        background,
        anchors,
        scores,
        options,
    };
    use Anchors::*;
    use Scores::*;
    let thresholds = (0.3, 0.5);
    let mut specs = vec![
        spec("one class", 10, 1, false, Scattered, Uniform, options(1, 3, false, 100, thresholds)),
        spec("one class", 10, 1, false, Scattered, Uniform, options(1, 3, true, 100, thresholds)),
        spec("background", 20, 3, true, Scattered, Uniform, options(3, 5, false, 100, thresholds)),
        spec("background", 20, 3, true, Scattered, Uniform, options(3, 5, true, 3, thresholds)),
        spec("no background", 20, 3, false, Scattered, Uniform, options(3, 6, true, 2, thresholds)),
        spec("many classes", 30, 12, true, Scattered, Uniform, options(12, 10, true, 4, (0.2, 0.4))),
        spec("many classes", 30, 12, true, Scattered, Uniform, options(12, 10, false, 100, (0.2, 0.4))),
        spec("more detections than boxes", 8, 2, true, Scattered, Uniform, options(2, 20, true, 100, thresholds)),
        spec("more detections than boxes", 8, 2, true, Scattered, Uniform, options(2, 20, false, 100, thresholds)),
        spec("tied scores", 16, 3, true, Apart, Tied, options(3, 8, false, 100, thresholds)),
        spec("tied scores", 16, 3, true, Apart, Tied, options(3, 8, true, 3, thresholds)),
        spec("tied overlapping scores", 16, 3, true, Scattered, Tied, options(3, 8, true, 4, (0.3, 0.2))),
        spec("stacked boxes", 12, 2, true, Stacked, Uniform, options(2, 4, true, 100, thresholds)),
        spec("stacked boxes", 12, 2, true, Stacked, Uniform, options(2, 4, false, 100, thresholds)),
        spec("boxes apart", 12, 2, true, Apart, Uniform, options(2, 12, false, 100, thresholds)),
        spec("IoU threshold 1", 12, 2, true, Stacked, Uniform, options(2, 6, true, 100, (0.3, 1.0))),
        spec("IoU threshold near 0", 20, 2, true, Scattered, Uniform, options(2, 6, false, 100, (0.3, 1e-6))),
        spec("nothing above the threshold", 10, 3, true, Scattered, Uniform, options(3, 4, true, 100, (1.5, 0.5))),
        spec("nothing above the threshold", 10, 3, true, Scattered, Uniform, options(3, 4, false, 100, (1.5, 0.5))),
        spec("negative scores", 16, 3, false, Scattered, Signed, options(3, 5, true, 2, (-0.5, 0.6))),
        // More than 20 candidates, so TFLite Micro sorts them with its merge sort rather than only
        // its insertion sort, many of them tied.
        spec("tied scores past the insertion sort", 48, 3, true, Apart, Tied, options(3, 40, false, 100, thresholds)),
        spec("tied scores past the insertion sort", 48, 3, true, Apart, Tied, options(3, 40, true, 30, thresholds)),
        // TensorFlow's SSD export: 90 classes after a background one, a score threshold of 1e-8
        // (every box is a candidate of every class), IoU 0.6, 10 detections, 100 per class.
        spec("SSD export options", 120, 90, true, Scattered, Uniform, options(90, 10, false, 100, (1e-8, 0.6))),
        spec("SSD export options", 120, 90, true, Scattered, Uniform, options(90, 10, true, 100, (1e-8, 0.6))),
    ];
    // Keypoints after the four box values (ignored), and output rows for two classes per box that
    // the regular NMS leaves as they were: zeros. (The fast NMS leaves the rows after its
    // detections as they were too, but TFLite Micro's arena holds leftovers there once the
    // outputs are larger than max_detections rows: what those rows hold is not compared.)
    let mut keypoints = spec("keypoints", 10, 3, true, Scattered, Uniform, options(3, 4, true, 2, thresholds));
    keypoints.encoding = 6;
    specs.push(keypoints);
    // Anchors computed at run time, from an int8 constant.
    for regular in [false, true] {
        let mut dequantized =
            spec("dequantized anchors", 20, 3, true, Scattered, Uniform, options(3, 5, regular, 3, thresholds));
        dequantized.int8_anchors = true;
        specs.push(dequantized);
    }
    let mut wide = options(3, 3, true, 100, thresholds);
    wide.max_classes_per_detection = 2;
    specs.push(spec("two classes per detection", 10, 3, true, Scattered, Uniform, wide));
    let mut cases: Vec<Case> = specs.iter().flat_map(|s| s.cases(2, &mut rng)).collect();
    // SSD MobileNet's post-processing at its full size (1917 anchors of a 300×300 image, 90
    // classes after a background one) with TensorFlow's export options, once per NMS.
    for regular in [false, true] {
        let options = options(90, 10, regular, 100, (1e-8, 0.6));
        cases.extend(spec("SSD MobileNet scale", 1917, 90, true, Scattered, Uniform, options).cases(1, &mut rng));
    }
    cases
}

/// The `small_ssd` suite: a small SSD detector end to end, float32 (a strided 3×3 convolution,
/// box and class heads of 1×1 convolutions reshaped to `[1, 16, ·]`, a logistic over the class
/// scores, then the post-processing against a 4×4 grid of anchors), with the fast and the regular
/// NMS, on random images.
pub fn small_ssd() -> Vec<Case> {
    let mut rng = Rng(0x55D);
    [false, true].iter().flat_map(|&regular| ssd_cases(regular, &mut rng)).collect()
}

/// The small SSD with `regular` NMS, and three random images.
fn ssd_cases(regular: bool, rng: &mut Rng) -> Vec<Case> {
    use mc_tflite::{Activation, Conv2DOptions, Padding, ReshapeOptions};
    let mut m = OneOp::new();
    let f = DType::Float32;
    let weights = |m: &mut OneOp, name: &str, shape: &[i32], rng: &mut Rng| {
        let count: i32 = shape.iter().product();
        let values: Vec<u8> = (0..count).flat_map(|_| rng.float(-0.5, 0.5).to_le_bytes()).collect();
        m.constant(name, shape, f, &values, None)
    };
    let conv = |stride: i32, fused_activation| Conv2DOptions {
        padding: Padding::Same,
        stride_w: stride,
        stride_h: stride,
        fused_activation,
        dilation_w_factor: 1,
        dilation_h_factor: 1,
        quantized_bias_type: None,
    };
    let image = m.input("image", &[1, 8, 8, 3], f, None);
    let features = m.intermediate("features", &[1, 4, 4, 8], f, None);
    let (w, b) = (weights(&mut m, "w", &[8, 3, 3, 3], rng), weights(&mut m, "b", &[8], rng));
    m.op(BuiltinOp::Conv2D, &[image, w, b], &[features], BuiltinOptions::Conv2D(conv(2, Activation::Relu6)));
    let head = |m: &mut OneOp, name: &str, depth: i32, rng: &mut Rng| {
        let map = m.intermediate(&format!("{name}_map"), &[1, 4, 4, depth], f, None);
        let w = weights(m, &format!("{name}_w"), &[depth, 1, 1, 8], rng);
        let b = weights(m, &format!("{name}_b"), &[depth], rng);
        m.op(BuiltinOp::Conv2D, &[features, w, b], &[map], BuiltinOptions::Conv2D(conv(1, Activation::None)));
        let flat = m.intermediate(name, &[1, 16, depth], f, None);
        let shape = m.constant_i32(&format!("{name}_shape"), &[3], &[1, 16, depth], None);
        let options = ReshapeOptions { new_shape: Some(vec![1, 16, depth]) };
        m.op(BuiltinOp::Reshape, &[map, shape], &[flat], BuiltinOptions::Reshape(options));
        flat
    };
    let encodings = head(&mut m, "box_encodings", 4, rng);
    let logits = head(&mut m, "class_logits", 3, rng);
    let predictions = m.intermediate("class_predictions", &[1, 16, 3], f, None);
    m.op(BuiltinOp::Logistic, &[logits], &[predictions], BuiltinOptions::None);
    let grid: Vec<u8> = (0..16)
        .flat_map(|i| [(i / 4) as f32 * 0.25 + 0.125, (i % 4) as f32 * 0.25 + 0.125, 0.4, 0.4])
        .flat_map(|v| v.to_le_bytes())
        .collect();
    let anchors = m.constant("anchors", &[16, 4], f, &grid, None);
    let outputs = [
        m.output("detection_boxes", &[1, 5, 4], f, None),
        m.output("detection_classes", &[1, 5], f, None),
        m.output("detection_scores", &[1, 5], f, None),
        m.output("num_detections", &[1], f, None),
    ];
    let options = options(2, 5, regular, 3, (0.4, 0.5)).to_flexbuffer();
    m.custom_op(DETECTION_POSTPROCESS, &[encodings, predictions, anchors], &outputs, options);
    let model = m.finish();
    let nms = if regular { "regular" } else { "fast" };
    (0..3)
        .map(|i| Case {
            name: format!("small SSD ({nms} NMS), image {i}"),
            model: model.clone(),
            inputs: vec![Tensor::random(f, &[1, 8, 8, 3], rng)],
            then: Vec::new(),
            expected: None,
        })
        .collect()
}
