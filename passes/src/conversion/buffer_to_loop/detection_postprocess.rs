//! `detection_postprocess`: TFLite Micro's `detection_postprocess.cc` (float32), the SSD
//! detectors' box decoding and non-maximum suppression, in one nest with its scratch buffers as
//! workspaces.
//!
//! ```text
//! decoded[i] = corners of box i            // DecodeCenterSizeBoxes, in double as TFLM
//! valid      = every decoded box has ymin < ymax and xmin < xmax  // ValidateBoxes
//! fast:    best[i] = first class of the highest score of box i; nms(best scores, max_detections)
//! regular: for each class: nms(its scores, detections_per_class), merged into the list so far
//! outputs = the kept boxes, classes, scores; zeros after them; num_detections
//! ```
//!
//! Every step computes TFLM's bits:
//!
//! - decoding: `y / y_scale * anchor_h + anchor_y` and `0.5 * exp(h / h_scale) * anchor_h` in
//!   `double` (the C library's `exp`, as TFLM's `std::exp`), rounded to float, then the corners in
//!   float;
//! - NMS (`NonMaxSuppressionSingleClassHelper`): TFLM sorts the scores at or above the threshold
//!   in decreasing order (a stable merge sort: equal scores by increasing box index) and walks
//!   them, keeping each box no kept box overlaps by more than the IoU threshold. Taking the best
//!   remaining box again and again, the lowest index among equal scores, and suppressing what it
//!   overlaps keeps the same boxes in the same order, in `min(kept, cap)` scans instead of a sort;
//!   the IoU is `ComputeIntersectionOverUnion` of the kept box and the candidate (`std::max`,
//!   `std::min` as `a < b` selects, `0` for an empty box);
//! - the fast NMS's best class per box is `DecreasingPartialArgSort`'s first: the highest score,
//!   the lowest class among equal ones (a NaN score stays where libstdc++'s heap selection leaves
//!   it: the first class keeps it, later ones never win);
//! - the regular NMS's merge (`DecreasingPartialArgSort` of the list so far followed by the
//!   class's kept boxes, by score then position): both halves are sorted already, so a merge
//!   taking the list's entry on equal scores gives the same first `max_detections`;
//! - once that list is full, a class's NMS stops at its first box scoring no more than the list's
//!   last: that box and every one TFLM's NMS would keep after it (none scoring more) rank after
//!   the list's `max_detections` entries, so TFLM's merge drops them. With TensorFlow's export
//!   options (score threshold 1e-8: every box a candidate of every class) at SSD MobileNet's size,
//!   this takes the regular NMS from 1.18 G to 36 M instructions on the Cortex-M4.
//!
//! Where TFLM's `Eval` fails at run time (a decoded box with `ymin >= ymax` or `xmin >= xmax`),
//! mc reports no detections. TFLM leaves the output rows after the detections as they were (a
//! fresh arena's zeros); mc writes zeros there.

use super::activation::cmpf;
use super::emitter::KernelEmitter;
use mc_dialects::arith::build::{cmpi, select};
use mc_ir::{Diagnostic, FloatKind, Type, Value};

/// What the kernel reads from its buffers and options.
struct Params {
    /// Boxes (anchors).
    boxes: i64,
    /// Classes without the background.
    classes: i64,
    /// The first column of a class (1 after a background column, else 0).
    label_offset: i64,
    max_detections: i64,
    detections_per_class: i64,
    regular: bool,
    score_threshold: f32,
    iou_threshold: f32,
    /// `y_scale`, `x_scale`, `h_scale`, `w_scale`.
    scales: [f32; 4],
    /// Output rows (`max_detections × max_classes_per_detection`).
    rows: i64,
}

impl Params {
    fn read(e: &KernelEmitter<'_>) -> Result<Params, Diagnostic> {
        let [encodings, predictions, anchors] = [0, 1, 2].map(|i| e.shape(e.inputs[i]));
        let float = [0, 1, 2].iter().all(|&i| e.kind(e.inputs[i]) == super::ElementKind::F32);
        if !float || encodings.len() != 3 || predictions.len() != 3 || anchors.len() != 2 {
            return Err(e.unsupported("box encodings, class predictions and anchors must be float32 of rank 3, 3, 2"));
        }
        let classes = e.int_attr("num_classes")?;
        let per_detection = e.int_attr("max_classes_per_detection")?;
        let mut scales = [0.0; 4];
        for (scale, name) in scales.iter_mut().zip(["y_scale", "x_scale", "h_scale", "w_scale"]) {
            *scale = e.float_attr(name)?;
        }
        Ok(Params {
            boxes: encodings[1],
            classes,
            label_offset: predictions[2] - classes,
            max_detections: e.int_attr("max_detections")?,
            detections_per_class: e.int_attr("detections_per_class")?,
            regular: e.bool_attr("use_regular_nms"),
            score_threshold: e.float_attr("nms_score_threshold")?,
            iou_threshold: e.float_attr("nms_iou_threshold")?,
            scales,
            rows: e.int_attr("max_detections")? * per_detection,
        })
    }

    /// The most boxes one NMS keeps.
    fn nms_cap(&self) -> i64 {
        let cap = if self.regular { self.detections_per_class } else { self.max_detections };
        cap.min(self.boxes)
    }
}

/// The kernel's scratch buffers (TFLM's `RequestScratchBufferInArena`s).
struct Workspaces {
    /// `[boxes, 4]` f32: ymin, xmin, ymax, xmax.
    decoded: Value,
    /// `[boxes]` f32: the scores one NMS runs on.
    scores: Value,
    /// `[boxes]` i8: 1 while a box is a candidate of the running NMS.
    active: Value,
    /// `[nms_cap]` i32: the boxes the running NMS kept, in order.
    selected: Value,
}

/// Lowers one `detection_postprocess` kernel.
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let p = Params::read(e)?;
    let (f32, i32, i8) = (e.b.ctx.float_type(FloatKind::F32), e.b.ctx.integer_type(32), e.b.ctx.integer_type(8));
    let ws = Workspaces {
        decoded: e.workspace(vec![p.boxes, 4], f32),
        scores: e.workspace(vec![p.boxes], f32),
        active: e.workspace(vec![p.boxes], i8),
        selected: e.workspace(vec![p.nms_cap()], i32),
    };
    let valid = decode(e, &p, &ws)?;
    if p.regular { regular_nms(e, &p, &ws, valid) } else { fast_nms(e, &p, &ws, valid) }
}

/// `DecodeCenterSizeBoxes` into `decoded`; whether every box passes `ValidateBoxes` (an `i1`).
fn decode(e: &mut KernelEmitter<'_>, p: &Params, ws: &Workspaces) -> Result<Value, Diagnostic> {
    let (encodings, anchors) = (e.inputs[0], e.inputs[2]);
    let f64 = e.b.ctx.float_type(FloatKind::F64);
    let f32 = e.b.ctx.float_type(FloatKind::F32);
    let scales = p.scales.map(|s| e.f64(f64::from(s)));
    let half = e.f64(0.5);
    let valid = e.int(1, 1);
    let zero = e.index(0);
    let done = e.for_range(0, p.boxes, &[valid], |e, i, carried| {
        let wide = |e: &mut KernelEmitter<'_>, buffer: Value, indices: &[Value]| {
            let x = e.load(buffer, indices);
            e.unary("arith.extf", x, f64)
        };
        let mut encoding = Vec::new();
        let mut anchor = Vec::new();
        for k in 0..4 {
            let k = e.index(k);
            encoding.push(wide(e, encodings, &[zero, i, k]));
            anchor.push(wide(e, anchors, &[i, k]));
        }
        let narrow = |e: &mut KernelEmitter<'_>, x: Value| e.unary("arith.truncf", x, f32);
        // The centers: value / scale * anchor size + anchor center.
        let mut centers = Vec::new();
        for (value, scale, size, center) in [(0, 0, 2, 0), (1, 1, 3, 1)] {
            let scaled = e.binary("arith.divf", encoding[value], scales[scale]);
            let sized = e.binary("arith.mulf", scaled, anchor[size]);
            let moved = e.binary("arith.addf", sized, anchor[center]);
            centers.push(narrow(e, moved));
        }
        // The half sizes: 0.5 * exp(value / scale) * anchor size.
        let mut halves = Vec::new();
        for (value, scale, size) in [(2, 2, 2), (3, 3, 3)] {
            let scaled = e.binary("arith.divf", encoding[value], scales[scale]);
            let grown = e.unary("math.exp", scaled, f64);
            let halved = e.binary("arith.mulf", half, grown);
            let sized = e.binary("arith.mulf", halved, anchor[size]);
            halves.push(narrow(e, sized));
        }
        let corners = [
            e.binary("arith.subf", centers[0], halves[0]),
            e.binary("arith.subf", centers[1], halves[1]),
            e.binary("arith.addf", centers[0], halves[0]),
            e.binary("arith.addf", centers[1], halves[1]),
        ];
        for (k, &corner) in corners.iter().enumerate() {
            let k = e.index(k as i64);
            e.store(corner, ws.decoded, &[i, k]);
        }
        let flat_y = cmpf(e, "oge", corners[0], corners[2]);
        let flat_x = cmpf(e, "oge", corners[1], corners[3]);
        let flat = e.binary("arith.ori", flat_y, flat_x);
        let one = e.int(1, 1);
        let fine = e.binary("arith.xori", flat, one);
        Ok(vec![e.binary("arith.andi", carried[0], fine)])
    })?;
    Ok(done[0])
}

/// The corners of decoded box `index` (an `index` value).
fn corners(e: &mut KernelEmitter<'_>, decoded: Value, index: Value) -> [Value; 4] {
    [0, 1, 2, 3].map(|k| {
        let k = e.index(k);
        e.load(decoded, &[index, k])
    })
}

/// `(ymax - ymin) * (xmax - xmin)`.
fn area(e: &mut KernelEmitter<'_>, b: &[Value; 4]) -> Value {
    let h = e.binary("arith.subf", b[2], b[0]);
    let w = e.binary("arith.subf", b[3], b[1]);
    e.binary("arith.mulf", h, w)
}

/// `std::max<float>(a, b)`: `a < b ? b : a`.
fn std_max(e: &mut KernelEmitter<'_>, a: Value, b: Value) -> Value {
    let less = cmpf(e, "olt", a, b);
    select(&mut e.b, less, b, a)
}

/// `std::min<float>(a, b)`: `b < a ? b : a`.
fn std_min(e: &mut KernelEmitter<'_>, a: Value, b: Value) -> Value {
    let less = cmpf(e, "olt", b, a);
    select(&mut e.b, less, b, a)
}

/// Whether box `j` overlaps kept box `i` (corners `kept`, area `kept_area`) by more than the
/// threshold: `ComputeIntersectionOverUnion(i, j) > threshold`, whose IoU is 0 when either area is
/// not positive (never more than a positive threshold).
fn overlaps(e: &mut KernelEmitter<'_>, p: &Params, kept: &[Value; 4], kept_area: Value, j: &[Value; 4]) -> Value {
    let zero = e.f32(0.0);
    let candidate_area = area(e, j);
    let empty_kept = cmpf(e, "ole", kept_area, zero);
    let empty_candidate = cmpf(e, "ole", candidate_area, zero);
    let empty = e.binary("arith.ori", empty_kept, empty_candidate);
    let ymin = std_max(e, kept[0], j[0]);
    let xmin = std_max(e, kept[1], j[1]);
    let ymax = std_min(e, kept[2], j[2]);
    let xmax = std_min(e, kept[3], j[3]);
    let dy = e.binary("arith.subf", ymax, ymin);
    let dx = e.binary("arith.subf", xmax, xmin);
    let (dy, dx) = (std_max(e, dy, zero), std_max(e, dx, zero));
    let intersection = e.binary("arith.mulf", dy, dx);
    let areas = e.binary("arith.addf", kept_area, candidate_area);
    let union = e.binary("arith.subf", areas, intersection);
    let iou = e.binary("arith.divf", intersection, union);
    let threshold = e.f32(p.iou_threshold);
    let above = cmpf(e, "ogt", iou, threshold);
    let one = e.int(1, 1);
    let not_empty = e.binary("arith.xori", empty, one);
    e.binary("arith.andi", not_empty, above)
}

/// A score the boxes an NMS keeps must beat to matter, while `active` (an `i1`) holds: the regular
/// NMS's full list's lowest score.
struct Floor {
    active: Value,
    score: Value,
}

/// `NonMaxSuppressionSingleClassHelper` on `ws.scores` keeping at most `cap` boxes (their
/// indices into `ws.selected`), none if `valid` is false; the count kept (an `index`). With a
/// `floor`, it stops at the first box scoring no more than the floor: TFLM's NMS goes on, but
/// the boxes it keeps from there on (all scoring no more) are dropped by the merge after it.
fn nms(
    e: &mut KernelEmitter<'_>,
    p: &Params,
    ws: &Workspaces,
    cap: i64,
    valid: Value,
    floor: Option<&Floor>,
) -> Result<Value, Diagnostic> {
    let (i1, i8, i32, index) =
        (e.b.ctx.integer_type(1), e.b.ctx.integer_type(8), e.b.ctx.integer_type(32), e.b.ctx.index_type());
    let threshold = e.f32(p.score_threshold);
    // The candidates: every box scoring at or above the threshold (`SelectDetectionsAboveScoreThreshold`).
    e.for_range(0, p.boxes, &[], |e, j, _| {
        let score = e.load(ws.scores, &[j]);
        let kept = cmpf(e, "oge", score, threshold);
        let candidate = e.binary("arith.andi", kept, valid);
        let flag = e.unary("arith.extui", candidate, i8);
        e.store(flag, ws.active, &[j]);
        Ok(Vec::new())
    })?;
    let (zero, none, no) = (e.index(0), e.index(p.boxes), e.int(0, 1));
    let off = e.int(0, 8);
    let counted = e.for_range(0, cap.min(p.boxes), &[zero, no], |e, _, carried| {
        let (count, finished) = (carried[0], carried[1]);
        e.if_else(
            finished,
            &[index, i1],
            |_| Ok(vec![count, finished]),
            |e| {
                // The best candidate left: the highest score, the lowest index among equal ones.
                let lowest = e.f32(0.0);
                let best = e.for_range(0, p.boxes, &[none, lowest], |e, j, carried| {
                    let flag = e.load(ws.active, &[j]);
                    let active = cmpi(&mut e.b, "ne", flag, off);
                    let score = e.load(ws.scores, &[j]);
                    let first = cmpi(&mut e.b, "eq", carried[0], none);
                    let higher = cmpf(e, "ogt", score, carried[1]);
                    let wins = e.binary("arith.ori", first, higher);
                    let takes = e.binary("arith.andi", active, wins);
                    Ok(vec![select(&mut e.b, takes, j, carried[0]), select(&mut e.b, takes, score, carried[1])])
                })?;
                let mut found = cmpi(&mut e.b, "ne", best[0], none);
                if let Some(floor) = floor {
                    let above = cmpf(e, "ogt", best[1], floor.score);
                    let one = e.int(1, 1);
                    let below = e.binary("arith.xori", above, one);
                    let stops = e.binary("arith.andi", floor.active, below);
                    let goes_on = e.binary("arith.xori", stops, one);
                    found = e.binary("arith.andi", found, goes_on);
                }
                e.if_else(
                    found,
                    &[index, i1],
                    |e| {
                        let kept = best[0];
                        let as_i32 = e.unary("arith.index_cast", kept, i32);
                        e.store(as_i32, ws.selected, &[count]);
                        e.store(off, ws.active, &[kept]);
                        let kept_corners = corners(e, ws.decoded, kept);
                        let kept_area = area(e, &kept_corners);
                        e.for_range(0, p.boxes, &[], |e, j, _| {
                            let flag = e.load(ws.active, &[j]);
                            let active = cmpi(&mut e.b, "ne", flag, off);
                            e.if_then(active, |e| {
                                let candidate = corners(e, ws.decoded, j);
                                let suppressed = overlaps(e, p, &kept_corners, kept_area, &candidate);
                                e.if_then(suppressed, |e| {
                                    e.store(off, ws.active, &[j]);
                                    Ok(())
                                })
                            })?;
                            Ok(Vec::new())
                        })?;
                        let one = e.index(1);
                        Ok(vec![e.addi(count, one), finished])
                    },
                    |e| {
                        let yes = e.int(1, 1);
                        Ok(vec![count, yes])
                    },
                )
            },
        )
    })?;
    Ok(counted[0])
}

/// The kernel's output buffers (`None`: the result is unused).
struct Outputs {
    boxes: Option<Value>,
    classes: Option<Value>,
    scores: Option<Value>,
    count: Option<Value>,
}

impl Outputs {
    fn of(e: &KernelEmitter<'_>) -> Outputs {
        Outputs {
            boxes: e.result_output(0),
            classes: e.result_output(1),
            scores: e.result_output(2),
            count: e.result_output(3),
        }
    }

    /// Writes the output rows (if any is used): row `r < detections` from `detection(r)` (the
    /// decoded box's index, the class as f32, the score), zeros after; and the count.
    fn write(
        &self,
        e: &mut KernelEmitter<'_>,
        p: &Params,
        decoded: Value,
        detections: Value,
        detection: impl Fn(&mut KernelEmitter<'_>, Value) -> Result<(Value, Value, Value), Diagnostic>,
    ) -> Result<(), Diagnostic> {
        let (f32, i32) = (e.b.ctx.float_type(FloatKind::F32), e.b.ctx.integer_type(32));
        let zero = e.index(0);
        let nothing = e.f32(0.0);
        let rows_used = [self.boxes, self.classes, self.scores].iter().any(Option::is_some);
        if rows_used {
            e.for_range(0, p.rows, &[], |e, r, _| {
                let detected = cmpi(&mut e.b, "slt", r, detections);
                let values = e.if_else(
                    detected,
                    &[f32, f32, f32, f32, f32, f32],
                    |e| {
                        let (kept, class, score) = detection(e, r)?;
                        let mut values = corners(e, decoded, kept).to_vec();
                        values.extend([class, score]);
                        Ok(values)
                    },
                    |_| Ok(vec![nothing; 6]),
                )?;
                if let Some(boxes) = self.boxes {
                    for (k, &value) in values[..4].iter().enumerate() {
                        let k = e.index(k as i64);
                        e.store(value, boxes, &[zero, r, k]);
                    }
                }
                for (output, value) in [(self.classes, values[4]), (self.scores, values[5])] {
                    if let Some(output) = output {
                        e.store(value, output, &[zero, r]);
                    }
                }
                Ok(Vec::new())
            })?;
        }
        if let Some(count) = self.count {
            let as_i32 = e.unary("arith.index_cast", detections, i32);
            let as_f32 = e.unary("arith.sitofp", as_i32, f32);
            e.store(as_f32, count, &[zero]);
        }
        Ok(())
    }
}

/// `e.load(buffer, indices)` of an `i32` as an `index`.
fn load_index(e: &mut KernelEmitter<'_>, buffer: Value, indices: &[Value]) -> Value {
    let index = e.b.ctx.index_type();
    let value = e.load(buffer, indices);
    e.unary("arith.index_cast", value, index)
}

/// An `i32` as `f32`.
fn to_f32(e: &mut KernelEmitter<'_>, value: Value, f32: Type) -> Value {
    e.unary("arith.sitofp", value, f32)
}

/// Box `row`'s best class (an `index`) and its score: `DecreasingPartialArgSort`'s first, the
/// highest score, the lowest class among equal ones.
fn best_class(e: &mut KernelEmitter<'_>, p: &Params, row: Value) -> Result<(Value, Value), Diagnostic> {
    let predictions = e.inputs[1];
    let zero = e.index(0);
    let first_column = e.index(p.label_offset);
    let first = e.load(predictions, &[zero, row, first_column]);
    let best = e.for_range(1, p.classes, &[zero, first], |e, class, carried| {
        let column = e.addi(class, first_column);
        let score = e.load(predictions, &[zero, row, column]);
        let wins = cmpf(e, "olt", carried[1], score);
        Ok(vec![select(&mut e.b, wins, class, carried[0]), select(&mut e.b, wins, score, carried[1])])
    })?;
    Ok((best[0], best[1]))
}

/// `NonMaxSuppressionMultiClassFastHelper` with one class per box: each box's best score, one NMS
/// over those scores, the kept boxes in order with their best class, found again for each kept
/// box rather than kept for every box (TFLM's `[boxes, classes]` buffer).
fn fast_nms(e: &mut KernelEmitter<'_>, p: &Params, ws: &Workspaces, valid: Value) -> Result<(), Diagnostic> {
    let (f32, i32) = (e.b.ctx.float_type(FloatKind::F32), e.b.ctx.integer_type(32));
    e.for_range(0, p.boxes, &[], |e, row, _| {
        let (_, score) = best_class(e, p, row)?;
        e.store(score, ws.scores, &[row]);
        Ok(Vec::new())
    })?;
    let kept = nms(e, p, ws, p.max_detections, valid, None)?;
    let outputs = Outputs::of(e);
    outputs.write(e, p, ws.decoded, kept, |e, r| {
        let chosen = load_index(e, ws.selected, &[r]);
        let (class, score) = best_class(e, p, chosen)?;
        let class = e.unary("arith.index_cast", class, i32);
        let class = to_f32(e, class, f32);
        Ok((chosen, class, score))
    })
}

/// `NonMaxSuppressionMultiClassRegularHelper`: one NMS per class, each class's kept boxes merged
/// by score into the best `max_detections` so far.
fn regular_nms(e: &mut KernelEmitter<'_>, p: &Params, ws: &Workspaces, valid: Value) -> Result<(), Diagnostic> {
    let (f32, i32, index) = (e.b.ctx.float_type(FloatKind::F32), e.b.ctx.integer_type(32), e.b.ctx.index_type());
    let predictions = e.inputs[1];
    // The list so far and the merged one: score, box, class.
    let lists = [0, 1].map(|_| {
        [
            e.workspace(vec![p.max_detections], f32),
            e.workspace(vec![p.max_detections], i32),
            e.workspace(vec![p.max_detections], i32),
        ]
    });
    let (list, merged) = (lists[0], lists[1]);
    let zero = e.index(0);
    let limit = e.index(p.max_detections);
    let listed = e.for_range(0, p.classes, &[zero], |e, class, carried| {
        let size = carried[0];
        let column = e.index(p.label_offset);
        let column = e.addi(class, column);
        e.for_range(0, p.boxes, &[], |e, row, _| {
            let score = e.load(predictions, &[zero, row, column]);
            e.store(score, ws.scores, &[row]);
            Ok(Vec::new())
        })?;
        // A full list keeps a box of this class only if it scores more than the list's last
        // (which ranks first on equal scores).
        let full = cmpi(&mut e.b, "eq", size, limit);
        let last = e.index(p.max_detections - 1);
        let last = select(&mut e.b, full, last, zero);
        let floor = Floor { active: full, score: e.load(list[0], &[last]) };
        let kept = nms(e, p, ws, p.detections_per_class, valid, Some(&floor))?;
        let total = e.addi(size, kept);
        let fits = cmpi(&mut e.b, "slt", total, limit);
        let length = select(&mut e.b, fits, total, limit);
        let class_i32 = e.unary("arith.index_cast", class, i32);
        e.for_loop(zero, length, &[zero, zero], |e, out, carried| {
            let (old, new) = (carried[0], carried[1]);
            let has_new = cmpi(&mut e.b, "slt", new, kept);
            let has_old = cmpi(&mut e.b, "slt", old, size);
            let i1 = e.b.ctx.integer_type(1);
            let takes_new = e.if_else(
                has_new,
                &[i1],
                |e| {
                    let yes = e.int(1, 1);
                    let higher = e.if_else(
                        has_old,
                        &[i1],
                        |e| {
                            let chosen = load_index(e, ws.selected, &[new]);
                            let score = e.load(ws.scores, &[chosen]);
                            let listed = e.load(list[0], &[old]);
                            Ok(vec![cmpf(e, "ogt", score, listed)])
                        },
                        |_| Ok(vec![yes]),
                    )?;
                    Ok(higher)
                },
                |e| Ok(vec![e.int(0, 1)]),
            )?;
            e.if_else(
                takes_new[0],
                &[index, index],
                |e| {
                    let chosen_i32 = e.load(ws.selected, &[new]);
                    let chosen = e.unary("arith.index_cast", chosen_i32, index);
                    let score = e.load(ws.scores, &[chosen]);
                    for (value, buffer) in [(score, merged[0]), (chosen_i32, merged[1]), (class_i32, merged[2])] {
                        e.store(value, buffer, &[out]);
                    }
                    let one = e.index(1);
                    Ok(vec![old, e.addi(new, one)])
                },
                |e| {
                    for k in 0..3 {
                        let value = e.load(list[k], &[old]);
                        e.store(value, merged[k], &[out]);
                    }
                    let one = e.index(1);
                    Ok(vec![e.addi(old, one), new])
                },
            )
        })?;
        e.for_loop(zero, length, &[], |e, out, _| {
            for k in 0..3 {
                let value = e.load(merged[k], &[out]);
                e.store(value, list[k], &[out]);
            }
            Ok(Vec::new())
        })?;
        Ok(vec![length])
    })?;
    let outputs = Outputs::of(e);
    outputs.write(e, p, ws.decoded, listed[0], |e, r| {
        let chosen = load_index(e, list[1], &[r]);
        let class = e.load(list[2], &[r]);
        let class = to_f32(e, class, f32);
        let score = e.load(list[0], &[r]);
        Ok((chosen, class, score))
    })
}
