//! `pad`, `padv2` and `mirror_pad`: TFLite Micro's `reference_ops::Pad` (rank ≤ 5) and
//! `MirrorPad` (mirror_pad.cc, any rank) as pure data movement. `pad`: The result is
//! walked once, region by region, without a test per element: along each dimension a nest fills
//! the leading padding, a loop recurses into the copied interior, a nest fills the trailing
//! padding.
//!
//! ```text
//! for o in [0, before0):            fill out[o, ...]
//! for i in [0, in0):                                   // out index i + before0
//!   for o in [0, before1):          fill out[i + before0, o, ...]
//!   for j in [0, in1):              out[i + before0, j + before1] = in[i, j]
//!   for o in [before1 + in1, out1): fill out[i + before0, o, ...]
//! for o in [before0 + in0, out0):   fill out[o, ...]
//! ```
//!
//! The pad value is TFLM's: for `pad`, the output zero point for int8, 0 for f32, int16 (whose
//! zero point must then be 0) and int32; for `padv2`, its `constant_values` element (loaded once,
//! before the nest, so it may be a run-time value; the verifier gave it the input's type).

use super::emitter::{ElementKind, KernelEmitter};
use mc_dialects::graph::{mirror_offset, mirror_pad_shape};
use mc_ir::{Diagnostic, Value};

/// Lowers `padv2` (inputs `input`, `constant_values`; attribute `paddings` as `pad`'s).
pub fn lower_v2(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let value = e.inputs[1];
    let zero = e.index(0);
    let at = vec![zero; e.shape(value).len()];
    let pad_value = e.load(value, &at);
    lower_with(e, pad_value)
}

/// Lowers `pad` (attribute `paddings`: `[before0, after0, before1, after1, ...]`).
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let output = e.output;
    let zero_point = e.quantization(output).and_then(|q| q.per_tensor()).map_or(0, |(_, zero_point)| zero_point);
    let pad_value = match e.kind(output) {
        ElementKind::F32 => e.f32(0.0),
        ElementKind::Int8 => e.int(zero_point, 8),
        ElementKind::Int16 | ElementKind::Int32 if zero_point != 0 => {
            return Err(e.unsupported(format!(
                "{} with zero point {zero_point} (TFLite Micro pads int16 and int32 with 0)",
                e.type_text(output)
            )));
        }
        ElementKind::Int16 => e.int(0, 16),
        ElementKind::Int32 => e.int(0, 32),
        ElementKind::Int4
        | ElementKind::UInt8
        | ElementKind::Int64
        | ElementKind::UInt32
        | ElementKind::UInt64
        | ElementKind::Bool
        | ElementKind::Other => {
            return Err(e.unsupported(format!("element type of {}", e.type_text(output))));
        }
    };
    lower_with(e, pad_value)
}

/// The padding nest storing `pad_value` outside the input.
fn lower_with(e: &mut KernelEmitter<'_>, pad_value: Value) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    // The verifier of buffer.kernel bounds the rank (5) and checks the paddings.
    let input_shape = e.shape(input);
    let flat = e.list_attr("paddings")?;
    let befores: Vec<i64> = flat.iter().step_by(2).copied().collect();
    let region = Region { input, output, input_shape, output_shape: e.shape(output), befores, pad_value };
    region.dimension(e, &mut Vec::new(), &mut Vec::new())
}

/// What every level of the padding nest needs.
struct Region {
    input: Value,
    output: Value,
    input_shape: Vec<i64>,
    output_shape: Vec<i64>,
    befores: Vec<i64>,
    pad_value: Value,
}

impl Region {
    /// Builds the nest of dimension `out_idx.len()` inside the interior of the outer ones:
    /// `out_idx` and `in_idx` index the outer dimensions.
    fn dimension(
        &self,
        e: &mut KernelEmitter<'_>,
        out_idx: &mut Vec<Value>,
        in_idx: &mut Vec<Value>,
    ) -> Result<(), Diagnostic> {
        let d = out_idx.len();
        if d == self.output_shape.len() {
            let value = e.load(self.input, in_idx);
            e.store(value, self.output, out_idx);
            return Ok(());
        }
        let (before, size, total) = (self.befores[d], self.input_shape[d], self.output_shape[d]);
        self.fill(e, out_idx, 0, before)?;
        e.for_range(0, size, &[], |e, i, _| {
            let shift = e.index(before);
            let o = if before == 0 { i } else { e.addi(i, shift) };
            out_idx.push(o);
            in_idx.push(i);
            let done = self.dimension(e, out_idx, in_idx);
            out_idx.pop();
            in_idx.pop();
            done.map(|()| Vec::new())
        })?;
        self.fill(e, out_idx, before + size, total)
    }

    /// Stores the pad value at every result index `prefix ++ [o, ...]` with `o` in `[from, to)`.
    fn fill(&self, e: &mut KernelEmitter<'_>, prefix: &[Value], from: i64, to: i64) -> Result<(), Diagnostic> {
        if from >= to {
            return Ok(());
        }
        let inner = self.output_shape[prefix.len() + 1..].to_vec();
        e.for_range(from, to, &[], |e, o, _| {
            e.nest(&inner, |e, ivs| {
                let indices: Vec<Value> = prefix.iter().copied().chain([o]).chain(ivs.iter().copied()).collect();
                e.store(self.pad_value, self.output, &indices);
                Ok(())
            })?;
            Ok(Vec::new())
        })
        .map(drop)
    }
}

/// Lowers `mirror_pad` (attributes `mode` and `paddings`): TFLite Micro's `MirrorPad`, whose
/// `GetInputDimension` maps output index `o` of a dimension of size `d` padded by `before` to
/// `before + offset - 1 - o` in the leading padding, `o - before` inside, and
/// `2·d + before - 1 - offset - o` in the trailing padding (`offset` 1 for `REFLECT`, 0 for
/// `SYMMETRIC`). Each dimension is walked as those three ranges, so no index is tested per
/// element.
pub fn lower_mirror(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let mode = e.attr("mode").and_then(|a| e.b.ctx.string_value(a).map(str::to_string)).unwrap_or_default();
    let offset = mirror_offset(&mode).ok_or_else(|| e.unsupported(format!("mode \"{mode}\"")))?;
    let input_shape = e.shape(e.inputs[0]);
    let flat = e.list_attr("paddings")?;
    let pairs: Vec<[i64; 2]> = flat.chunks(2).map(|p| [p[0], p[1]]).collect();
    mirror_pad_shape(&input_shape, &pairs, offset).map_err(|m| e.unsupported(m))?;
    // Per dimension: (first output index, end, input index at o = 0, step).
    let ranges: Vec<[(i64, i64, i64, i64); 3]> = input_shape
        .iter()
        .zip(&pairs)
        .map(|(&d, &[before, after])| {
            [
                (0, before, before + offset - 1, -1),
                (before, before + d, -before, 1),
                (before + d, before + d + after, 2 * d + before - 1 - offset, -1),
            ]
        })
        .collect();
    mirror_dimension(e, &ranges, &mut Vec::new(), &mut Vec::new())
}

/// The loops of dimension `out_idx.len()` and inner ones, `out_idx` and `in_idx` indexing the
/// outer dimensions.
fn mirror_dimension(
    e: &mut KernelEmitter<'_>,
    ranges: &[[(i64, i64, i64, i64); 3]],
    out_idx: &mut Vec<Value>,
    in_idx: &mut Vec<Value>,
) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let d = out_idx.len();
    if d == ranges.len() {
        let value = e.load(input, in_idx);
        e.store(value, output, out_idx);
        return Ok(());
    }
    for (from, to, start, step) in ranges[d] {
        if from >= to {
            continue;
        }
        e.for_range(from, to, &[], |e, o, _| {
            let scaled = if step == 1 {
                o
            } else {
                let step = e.index(step);
                e.muli(o, step)
            };
            let start = e.index(start);
            let i = e.addi(scaled, start);
            out_idx.push(o);
            in_idx.push(i);
            let done = mirror_dimension(e, ranges, out_idx, in_idx);
            out_idx.pop();
            in_idx.pop();
            done.map(|()| Vec::new())
        })?;
    }
    Ok(())
}
