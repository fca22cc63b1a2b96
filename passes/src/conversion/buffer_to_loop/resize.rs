//! `resize_nearest_neighbor` and `resize_bilinear`: TFLite Micro's
//! `reference_ops::ResizeNearestNeighbor`, `ResizeBilinear` (float) and `ResizeBilinearInteger`
//! (int8, in 10-bit fixed point).
//!
//! Nearest neighbour: the input row of every output row (and column) is computed at compile time
//! with `GetNearestNeighbor`'s float arithmetic (scale, half-pixel offset, `floor`, or `round`
//! with aligned corners, clamped) into a constant table; the nest copies the depth vector.
//!
//! Bilinear: every output row computes, at its loop level, its two input rows and weights as
//! TFLM's `ComputeInterpolationValues` does (float: `(y + 0.5)·scale − 0.5` or `y·scale`,
//! `floor`/`ceil`, clamped; int8: `y·scale₁₀ + scale₁₀/2 − 512` or `y·scale₁₀`, truncating
//! divisions by 1024), the same for columns, and every element is
//!
//! ```text
//! float: ((v00·(1−dy))·(1−dx) + (v10·dy)·(1−dx)) + (v01·(1−dy))·dx + (v11·dy)·dx + 0.0
//! int8:  (v00·(1024−wy)·(1024−wx) + v10·wy·(1024−wx) + v01·(1024−wy)·wx + v11·wy·wx
//!         ± 2¹⁹) / 2²⁰, truncated to 8 bits
//! ```
//!
//! in TFLM's order of operations. The int8 rounding is the installed interpreter's (its build
//! has no `TFLITE_SINGLE_ROUNDING`: half away from zero), and the sum fits in 32 bits (each
//! weight pair sums to 1024 with magnitudes at most 2048, so `|sum| ≤ 2²⁹`).

use super::emitter::{ElementKind, KernelEmitter};
use mc_dialects::arith::build::{cmpi, select};
use mc_ir::{Diagnostic, FloatKind, Value};

/// Lowers `resize_nearest_neighbor` (attributes `size`, `align_corners`, `half_pixel_centers`).
pub fn lower_nearest_neighbor(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let [n, h, w, c] = dims(e, input)?;
    let [_, oh, ow, _] = dims(e, output)?;
    let (align, half) = (e.bool_attr("align_corners"), e.bool_attr("half_pixel_centers"));
    let rows: Vec<i64> = (0..oh).map(|y| nearest(y, h, oh, align, half)).collect();
    let cols: Vec<i64> = (0..ow).map(|x| nearest(x, w, ow, align, half)).collect();
    let (rows, cols) = (e.table("resize_rows", 32, &rows), e.table("resize_cols", 32, &cols));
    e.for_range(0, n, &[], |e, b, _| {
        e.for_range(0, oh, &[], |e, y, _| {
            let in_y = table_index(e, rows, y);
            e.for_range(0, ow, &[], |e, x, _| {
                let in_x = table_index(e, cols, x);
                e.for_range(0, c, &[], |e, d, _| {
                    let value = e.load(input, &[b, in_y, in_x, d]);
                    e.store(value, output, &[b, y, x, d]);
                    Ok(Vec::new())
                })?;
                Ok(Vec::new())
            })?;
            Ok(Vec::new())
        })?;
        Ok(Vec::new())
    })
    .map(drop)
}

/// TFLM's `GetNearestNeighbor` in its float arithmetic: the input index of output index `out`.
fn nearest(out: i64, in_size: i64, out_size: i64, align_corners: bool, half_pixel_centers: bool) -> i64 {
    let scale = if align_corners && out_size > 1 {
        (in_size - 1) as f32 / (out_size - 1) as f32
    } else {
        in_size as f32 / out_size as f32
    };
    let offset = if half_pixel_centers { 0.5f32 } else { 0.0 };
    let scaled = (out as f32 + offset) * scale;
    // `TfLiteRound` rounds half away from zero, as `f32::round`.
    let index = if align_corners { scaled.round() } else { scaled.floor() } as i64;
    let index = index.min(in_size - 1);
    if half_pixel_centers { index.max(0) } else { index }
}

/// Entry `iv` of an `i32` table, as an index.
fn table_index(e: &mut KernelEmitter<'_>, table: Value, iv: Value) -> Value {
    let value = e.load(table, &[iv]);
    let index = e.b.ctx.index_type();
    e.unary("arith.index_cast", value, index)
}

/// Lowers `resize_bilinear` (attributes `size`, `align_corners`, `half_pixel_centers`).
pub fn lower_bilinear(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let [n, h, w, c] = dims(e, input)?;
    let [_, oh, ow, _] = dims(e, output)?;
    let (align, half) = (e.bool_attr("align_corners"), e.bool_attr("half_pixel_centers"));
    if align && half {
        return Err(e.unsupported("align_corners with half_pixel_centers (TFLite Micro refuses them together)"));
    }
    let axes = [Axis { input: h, output: oh, align, half }, Axis { input: w, output: ow, align, half }];
    let kind = e.kind(output);
    if kind == ElementKind::Int8
        && let Some(axis) = axes.iter().find(|axis| axis.integer_reads_outside())
    {
        return Err(e.unsupported(format!(
            "resizing {} to {} reads past the input in TFLite Micro's fixed point",
            axis.input, axis.output
        )));
    }
    if !matches!(kind, ElementKind::F32 | ElementKind::Int8) {
        return Err(e.unsupported(format!("element type of {}", e.type_text(output))));
    }
    e.for_range(0, n, &[], |e, b, _| {
        e.for_range(0, oh, &[], |e, y, _| {
            let row = axes[0].sample(e, y, kind);
            e.for_range(0, ow, &[], |e, x, _| {
                let col = axes[1].sample(e, x, kind);
                e.for_range(0, c, &[], |e, d, _| {
                    let corners = [
                        e.load(input, &[b, row.lower, col.lower, d]),
                        e.load(input, &[b, row.upper, col.lower, d]),
                        e.load(input, &[b, row.lower, col.upper, d]),
                        e.load(input, &[b, row.upper, col.upper, d]),
                    ];
                    let value = match kind {
                        ElementKind::F32 => interpolate_f32(e, corners, &row, &col),
                        _ => interpolate_i8(e, corners, &row, &col),
                    };
                    e.store(value, output, &[b, y, x, d]);
                    Ok(Vec::new())
                })?;
                Ok(Vec::new())
            })?;
            Ok(Vec::new())
        })?;
        Ok(Vec::new())
    })
    .map(drop)
}

/// The `[N, H, W, C]` of a rank-4 buffer.
fn dims(e: &KernelEmitter<'_>, value: Value) -> Result<[i64; 4], Diagnostic> {
    let shape = e.shape(value);
    shape.as_slice().try_into().map_err(|_| e.unsupported(format!("rank-{} buffer (NHWC only)", shape.len())))
}

/// One resized dimension.
struct Axis {
    input: i64,
    output: i64,
    align: bool,
    half: bool,
}

/// Where an output row (or column) samples the input: the two input indices and the weights.
struct Sample {
    /// The lower input index.
    lower: Value,
    /// The upper input index.
    upper: Value,
    /// The weight of the upper index (`dy`, or `wy` in 1/1024ths).
    upper_weight: Value,
    /// The weight of the lower index (`1 − dy`, or `1024 − wy`).
    lower_weight: Value,
}

impl Axis {
    /// TFLM's float scale of this dimension.
    fn scale_f32(&self) -> f32 {
        if self.align && self.output > 1 {
            (self.input - 1) as f32 / (self.output - 1) as f32
        } else {
            self.input as f32 / self.output as f32
        }
    }

    /// TFLM's 10-bit fixed-point scale of this dimension (rounded division).
    fn scale_10(&self) -> i64 {
        let (input, output) =
            if self.align && self.output > 1 { (self.input - 1, self.output - 1) } else { (self.input, self.output) };
        ((1 << 10) * input + output / 2) / output
    }

    /// The fixed-point position of output index `out` (`ComputeInterpolationValuesInteger`).
    fn position_10(&self, out: i64) -> i64 {
        let scale = self.scale_10();
        if self.half { out * scale + scale / 2 - (1 << 9) } else { out * scale }
    }

    /// True if TFLM's fixed point puts a lower index past the input (it would read outside).
    fn integer_reads_outside(&self) -> bool {
        (0..self.output).any(|out| self.position_10(out) / (1 << 10) > self.input - 1)
    }

    /// The sample of output index `iv`, built at its loop level.
    fn sample(&self, e: &mut KernelEmitter<'_>, iv: Value, kind: ElementKind) -> Sample {
        match kind {
            ElementKind::F32 => self.sample_f32(e, iv),
            _ => self.sample_10(e, iv),
        }
    }

    /// `ComputeInterpolationValues`: `input_y`, `floor`/`ceil` clamped, `dy = input_y − y0`.
    fn sample_f32(&self, e: &mut KernelEmitter<'_>, iv: Value) -> Sample {
        let (i32, f32, index) = (e.b.ctx.integer_type(32), e.b.ctx.float_type(FloatKind::F32), e.b.ctx.index_type());
        let out = e.unary("arith.index_cast", iv, i32);
        let out = e.unary("arith.sitofp", out, f32);
        let scale = e.f32(self.scale_f32());
        let position = if self.half {
            let half = e.f32(0.5);
            let centre = e.binary("arith.addf", out, half);
            let scaled = e.binary("arith.mulf", centre, scale);
            e.binary("arith.subf", scaled, half)
        } else {
            e.binary("arith.mulf", out, scale)
        };
        let floor = e.unary("math.floor", position, f32);
        let floor = e.unary("arith.fptosi", floor, i32);
        let zero = e.i32(0);
        let lower = e.binary("arith.maxsi", floor, zero);
        let ceil = e.unary("math.ceil", position, f32);
        let ceil = e.unary("arith.fptosi", ceil, i32);
        let last = e.i32((self.input - 1) as i32);
        let upper = e.binary("arith.minsi", ceil, last);
        let lower_f = e.unary("arith.sitofp", lower, f32);
        let upper_weight = e.binary("arith.subf", position, lower_f);
        let one = e.f32(1.0);
        let lower_weight = e.binary("arith.subf", one, upper_weight);
        let lower = e.unary("arith.index_cast", lower, index);
        let upper = e.unary("arith.index_cast", upper, index);
        Sample { lower, upper, upper_weight, lower_weight }
    }

    /// `ComputeInterpolationValuesInteger`: the position in 1/1024ths, truncating divisions.
    fn sample_10(&self, e: &mut KernelEmitter<'_>, iv: Value) -> Sample {
        let (i32, index) = (e.b.ctx.integer_type(32), e.b.ctx.index_type());
        let out = e.unary("arith.index_cast", iv, i32);
        let scale = self.scale_10();
        let scale_c = e.i32(scale as i32);
        let scaled = e.binary("arith.muli", out, scale_c);
        let position = if self.half {
            let shift = e.i32((scale / 2 - (1 << 9)) as i32);
            e.addi(scaled, shift)
        } else {
            scaled
        };
        let unit = e.i32(1 << 10);
        let quotient = e.binary("arith.divsi", position, unit);
        let zero = e.i32(0);
        let lower = e.binary("arith.maxsi", quotient, zero);
        let round_up = e.i32((1 << 10) - 1);
        let raised = e.addi(position, round_up);
        let raised = e.binary("arith.divsi", raised, unit);
        let last = e.i32((self.input - 1) as i32);
        let upper = e.binary("arith.minsi", raised, last);
        let lower_scaled = e.muli(lower, unit);
        let upper_weight = e.binary("arith.subi", position, lower_scaled);
        let lower_weight = e.binary("arith.subi", unit, upper_weight);
        let lower = e.unary("arith.index_cast", lower, index);
        let upper = e.unary("arith.index_cast", upper, index);
        Sample { lower, upper, upper_weight, lower_weight }
    }
}

/// The float interpolation of the four corners `[v00, v10, v01, v11]` (rows, then columns).
fn interpolate_f32(e: &mut KernelEmitter<'_>, [v00, v10, v01, v11]: [Value; 4], row: &Sample, col: &Sample) -> Value {
    let terms = [
        (v00, row.lower_weight, col.lower_weight),
        (v10, row.upper_weight, col.lower_weight),
        (v01, row.lower_weight, col.upper_weight),
        (v11, row.upper_weight, col.upper_weight),
    ];
    let mut sum = None;
    for (v, wy, wx) in terms {
        let t = e.binary("arith.mulf", v, wy);
        let t = e.binary("arith.mulf", t, wx);
        sum = Some(match sum {
            None => t,
            Some(s) => e.binary("arith.addf", s, t),
        });
    }
    let zero = e.f32(0.0);
    e.binary("arith.addf", sum.expect("four terms"), zero)
}

/// The int8 interpolation in 1/2²⁰ths, rounded half away from zero and truncated to 8 bits.
fn interpolate_i8(e: &mut KernelEmitter<'_>, corners: [Value; 4], row: &Sample, col: &Sample) -> Value {
    let [v00, v10, v01, v11] = corners.map(|v| e.extsi_i32(v));
    let terms = [
        (v00, row.lower_weight, col.lower_weight),
        (v10, row.upper_weight, col.lower_weight),
        (v01, row.lower_weight, col.upper_weight),
        (v11, row.upper_weight, col.upper_weight),
    ];
    let mut sum = None;
    for (v, wy, wx) in terms {
        let t = e.muli(v, wy);
        let t = e.muli(t, wx);
        sum = Some(match sum {
            None => t,
            Some(s) => e.addi(s, t),
        });
    }
    let sum = sum.expect("four terms");
    let zero = e.i32(0);
    let is_positive = cmpi(&mut e.b, "sgt", sum, zero);
    let (up, down) = (e.i32(1 << 19), e.i32(-(1 << 19)));
    let round = select(&mut e.b, is_positive, up, down);
    let rounded = e.addi(sum, round);
    let unit = e.i32(1 << 20);
    let quotient = e.binary("arith.divsi", rounded, unit);
    e.trunci(quotient, 8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_neighbours_follow_tflm() {
        // 2 → 3 without options: floor(y · 2/3).
        let plain: Vec<i64> = (0..3).map(|y| nearest(y, 2, 3, false, false)).collect();
        assert_eq!(plain, [0, 0, 1]);
        // Aligned corners round (half away from zero): 3 → 5, scale 0.5.
        let aligned: Vec<i64> = (0..5).map(|y| nearest(y, 3, 5, true, false)).collect();
        assert_eq!(aligned, [0, 1, 1, 2, 2]);
        // Half-pixel centres: floor((y + 0.5) · 2), clamped to the input.
        let centred: Vec<i64> = (0..2).map(|y| nearest(y, 4, 2, false, true)).collect();
        assert_eq!(centred, [1, 3]);
    }

    #[test]
    fn fixed_point_scales_round() {
        let axis = Axis { input: 2, output: 4, align: false, half: false };
        assert_eq!(axis.scale_10(), 512);
        let axis = Axis { input: 3, output: 7, align: true, half: false };
        assert_eq!(axis.scale_10(), (2048 + 3) / 6);
        let axis = Axis { input: 2, output: 4, align: false, half: true };
        assert_eq!(axis.position_10(0), 256 - 512);
        assert!(!axis.integer_reads_outside());
    }
}
