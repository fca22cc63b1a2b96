//! Object detection: the post-processing that ends SSD detectors.
//!
//! | op | operands | attributes | results | TFLite operator |
//! |---|---|---|---|---|
//! | `graph.detection_postprocess` | `box_encodings` `[1, N, ≥4]` (y, x, h, w per anchor), `class_predictions` `[1, N, C]`, `anchors` `[N, 4]` (y, x, h, w) | [`DETECTION_ATTRIBUTES`] | `boxes` `[1, D, 4]` (ymin, xmin, ymax, xmax), `classes` `[1, D]`, `scores` `[1, D]`, `num_detections` `[1]`, with `D = max_detections × max_classes_per_detection` | custom `TFLite_Detection_PostProcess` |
//!
//! The boxes are decoded against the anchors, then non-maximum suppression keeps the best
//! non-overlapping ones: one NMS over each box's best class (`use_regular_nms = false`), or one
//! per class, merged by score (`use_regular_nms = true`). `C` is `num_classes`, or one more when
//! the first column is a background class.
//!
//! What TFLite Micro's kernel (`detection_postprocess.cc`) accepts, and so this op: every tensor
//! float32 (its `Eval` fails on any other type), a batch of 1, an IoU threshold in `(0, 1]`,
//! `max_detections ≥ 0` (here ≥ 1: an empty output is no detector), `detections_per_class ≥ 1`
//! (regular NMS) or `max_classes_per_detection ≥ 1` (fast NMS). With `k =
//! min(max_classes_per_detection, num_classes) > 1` classes per box, TFLM's fast NMS counts its
//! output rows twice: class `c` of detection `i` lands on row `k²·i + (k+1)·c`, the rows between
//! keep whatever its arena held, and past `max_detections / k` detections it writes beyond its
//! outputs. No output can match that, so the fast NMS is refused when `k > 1` (the regular NMS,
//! which writes one class per row, takes any `max_classes_per_detection`). The anchors are read
//! at run time, as TFLM reads them: a constant, or a tensor computed before (a `DEQUANTIZE` of
//! quantized anchors).

use super::{OpEntry, op_entry};
use crate::graph::builders::int_attr;
use crate::graph::shape_inference::{Inference, Inferred, ShapeQuery};
use crate::graph::verify::{Checker, Checks, F32, verify_op};
use mc_ir::{Attribute, Builder, FloatKind, Type, Value, define_op};

/// The attributes of `graph.detection_postprocess`, TFLite's option names.
pub const DETECTION_ATTRIBUTES: [&str; 11] = [
    "max_detections",
    "max_classes_per_detection",
    "detections_per_class",
    "use_regular_nms",
    "nms_score_threshold",
    "nms_iou_threshold",
    "num_classes",
    "y_scale",
    "x_scale",
    "h_scale",
    "w_scale",
];

define_op! {
    /// SSD post-processing (TFLite's custom `TFLite_Detection_PostProcess`): decodes the boxes
    /// against the anchors and keeps the best non-overlapping detections.
    pub struct DetectionPostprocessOp = "graph.detection_postprocess" {
        summary: "SSD box decoding and non-maximum suppression",
        traits: [PURE],
        operands: [box_encodings, class_predictions, anchors],
        results: [boxes, classes, scores, num_detections],
        attributes: [
            max_detections: Integer,
            max_classes_per_detection: Integer,
            detections_per_class: Integer,
            use_regular_nms: Bool,
            nms_score_threshold: Float,
            nms_iou_threshold: Float,
            num_classes: Integer,
            y_scale: Float,
            x_scale: Float,
            h_scale: Float,
            w_scale: Float
        ],
        verify: verify_op,
    }
}

/// The options of `graph.detection_postprocess` (TFLite's, by name).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DetectionAttrs {
    /// How many detections the outputs hold (times `max_classes_per_detection`).
    pub max_detections: i64,
    /// Classes kept per box by the fast NMS.
    pub max_classes_per_detection: i64,
    /// Boxes kept per class by the regular NMS.
    pub detections_per_class: i64,
    /// One NMS per class rather than one over each box's best class.
    pub use_regular_nms: bool,
    /// Scores below it are dropped.
    pub nms_score_threshold: f32,
    /// A box overlapping a kept one by more is suppressed.
    pub nms_iou_threshold: f32,
    /// Classes without the background.
    pub num_classes: i64,
    /// `y_scale`, `x_scale`, `h_scale`, `w_scale`.
    pub scales: [f32; 4],
}

impl DetectionAttrs {
    fn attributes(&self, b: &mut Builder<'_>) -> Vec<(String, Attribute)> {
        let f32_type = b.ctx.float_type(FloatKind::F32);
        let mut float = |value: f32| b.ctx.float_attr(f64::from(value), f32_type);
        let floats = [
            ("nms_score_threshold", float(self.nms_score_threshold)),
            ("nms_iou_threshold", float(self.nms_iou_threshold)),
            ("y_scale", float(self.scales[0])),
            ("x_scale", float(self.scales[1])),
            ("h_scale", float(self.scales[2])),
            ("w_scale", float(self.scales[3])),
        ];
        let mut attrs: Vec<(String, Attribute)> = floats.into_iter().map(|(n, a)| (n.to_string(), a)).collect();
        for (name, value) in [
            ("max_detections", self.max_detections),
            ("max_classes_per_detection", self.max_classes_per_detection),
            ("detections_per_class", self.detections_per_class),
            ("num_classes", self.num_classes),
        ] {
            attrs.push((name.to_string(), int_attr(b.ctx, value)));
        }
        attrs.push(("use_regular_nms".to_string(), b.ctx.bool_attr(self.use_regular_nms)));
        attrs
    }

    /// How many rows the outputs have: `max_detections × max_classes_per_detection`.
    pub fn rows(&self) -> i64 {
        self.max_detections * self.max_classes_per_detection
    }
}

impl DetectionPostprocessOp {
    /// Builds the op on `[box_encodings, class_predictions, anchors]` with results of `results`'
    /// types.
    pub fn build(b: &mut Builder<'_>, operands: [Value; 3], attrs: &DetectionAttrs, results: [Type; 4]) -> Self {
        let attributes = attrs.attributes(b);
        DetectionPostprocessOp(b.create(Self::NAME, &operands, &results, attributes, vec![]))
    }
}

/// The family's ops.
pub(super) const OPS: &[OpEntry] = &[op_entry!(
    DetectionPostprocessOp,
    Checks::Signature(check_detection_postprocess),
    Some(infer_detection_postprocess)
)];

/// The float attribute `name`, or an error.
fn float_attr(c: &mut Checker<'_, '_>, name: &str) -> Option<f64> {
    let value = c.ctx.attr(c.op, name).and_then(|a| c.ctx.float_value(a));
    if value.is_none() {
        c.error(format!("requires float attribute '{name}'"));
    }
    value
}

/// `detection_postprocess` (TFLM's `Prepare` and the checks of its `Eval`): shapes, float32
/// everywhere, options in range.
fn check_detection_postprocess(c: &mut Checker<'_, '_>) {
    let ints = ["max_detections", "max_classes_per_detection", "detections_per_class", "num_classes"]
        .map(|name| (name, c.ctx.attr(c.op, name).and_then(|a| c.ctx.integer_value(a)).map(|v| v as i64)));
    for (name, value) in ints {
        match value {
            None => c.error(format!("requires integer attribute '{name}'")),
            Some(v) if v < 1 => c.error(format!("'{name}' must be at least 1, but is {v}")),
            Some(_) => {}
        }
    }
    let regular = c.ctx.attr(c.op, "use_regular_nms").and_then(|a| match c.ctx.attr_kind(a) {
        mc_ir::AttrKind::Bool(b) => Some(*b),
        _ => None,
    });
    if regular.is_none() {
        c.error("requires bool attribute 'use_regular_nms'");
    }
    for name in ["nms_score_threshold", "y_scale", "x_scale", "h_scale", "w_scale"] {
        float_attr(c, name);
    }
    if let Some(iou) = float_attr(c, "nms_iou_threshold")
        && !(iou > 0.0 && iou <= 1.0)
    {
        c.error(format!(
            "'nms_iou_threshold' must be in (0, 1], but is {iou} (TFLite Micro's kernel fails on any other)"
        ));
    }
    let [_, (_, per_detection), _, (_, classes)] = ints;
    if regular == Some(false)
        && let (Some(per_detection), Some(classes)) = (per_detection, classes)
        && per_detection.min(classes) > 1
    {
        let k = per_detection.min(classes);
        c.error(format!(
            "the fast NMS keeps min(max_classes_per_detection, num_classes) = {k} classes per box, but TFLite \
             Micro's kernel writes class c of detection i to row {k}²·i + {}·c, leaving the rows between as its \
             arena held them and writing past its outputs after max_detections / {k} detections: only 1 class \
             per box is supported (or use_regular_nms)",
            k + 1
        ));
    }
    let names = ["box_encodings", "class_predictions", "anchors"];
    let mut operands = Vec::new();
    for (index, name) in names.into_iter().enumerate() {
        let Some(t) = c.operand(name, index) else { return };
        c.kind(name, t, &[F32]);
        operands.push(t);
    }
    for (index, name) in ["boxes", "classes", "scores", "num_detections"].into_iter().enumerate() {
        if let Some(t) = c.result_at(name, index) {
            c.kind(name, t, &[F32]);
        }
    }
    let ranks = [(names[0], operands[0], 3), (names[1], operands[1], 3), (names[2], operands[2], 2)];
    if ranks.map(|(name, t, rank)| c.rank(name, t, rank)).contains(&false) {
        return;
    }
    let (boxes, predictions, anchors) = (operands[0].shape, operands[1].shape, operands[2].shape);
    if boxes[0] != 1 || predictions[0] != 1 {
        c.error("box_encodings and class_predictions must have a batch of 1 (TFLite Micro's kernel takes no other)");
    }
    let anchor_count = boxes[1];
    if boxes[2] < 4 {
        c.error(format!("box_encodings must hold at least 4 values per box, but hold {}", boxes[2]));
    }
    if predictions[1] != anchor_count {
        c.error(format!("class_predictions has {} boxes, but box_encodings has {anchor_count}", predictions[1]));
    }
    if anchors != [anchor_count, 4] {
        c.error(format!(
            "anchors must be [{anchor_count}, 4] (y, x, h, w per box), but are {}",
            crate::graph::shapes::shape_to_string(anchors)
        ));
    }
    if let Some(classes) = classes
        && !(predictions[2] == classes || predictions[2] == classes + 1)
    {
        c.error(format!(
            "class_predictions has {} classes per box, which is not num_classes ({classes}) or one more (a \
             background class)",
            predictions[2]
        ));
    }
    c.check_inferred();
}

/// `[1, D, 4]`, `[1, D]`, `[1, D]` and `[1]`, `D = max_detections × max_classes_per_detection`
/// (as TFLite's `Prepare` sizes them).
fn infer_detection_postprocess(q: &ShapeQuery<'_>) -> Inference {
    let rows = q.int_attr("max_detections")? * q.int_attr("max_classes_per_detection")?;
    let shapes = [vec![1, rows, 4], vec![1, rows], vec![1, rows], vec![1]];
    Ok(Some(shapes.into_iter().map(Inferred::Shape).collect()))
}
