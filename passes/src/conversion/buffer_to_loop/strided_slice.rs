//! `strided_slice`, `slice` and `reverse_v2`: TFLite Micro's `reference_ops::StridedSlice`,
//! `reference_ops::Slice` and `reference_ops::Reverse` as pure data movement.
//!
//! `strided_slice`: the
//! start and step of every dimension come from the graph dialect's
//! [`strided_slice_axes`] (TFLite's `BuildStridedSliceParams`, `StridedSliceStartForAxis`,
//! ellipsis, new and shrunk axes, `offset`), so result index `i` of a kept axis reads input
//! index `start + i · stride`; a shrunk axis reads `start`; a new axis reads nothing.
//!
//! TFLite Micro's kernel takes inputs of rank ≤ 4 with one `begin`/`end`/`strides` entry per
//! dimension and ignores `ellipsis_mask`, `new_axis_mask` and `offset` (its
//! `BuildStridedSliceParams` zeroes them), computing something else than TFLite's semantics:
//! those are rejected, so what is lowered means the same in both.
//!
//! ```text
//! loop.for %i ... loop.for %j ...            // the result's dimensions
//!   %x = loop.load %in[start0 + %i·stride0, start1, start2 + %j·stride2]
//!   loop.store %x, %out[%i, %j]
//! ```
//!
//! `slice` reads `input[begin + i]`: a strided slice of stride 1 with no shrunk or new axes
//! (`begin`, and `size` with its `-1` resolved, as the graph verifier checked them against
//! TFLite Micro's `GetValidatedBeginAndSizeVectors`).
//!
//! `reverse_v2` reads `input[size - 1 - i]` along each reversed axis: a strided slice of stride
//! -1 there. TFLite Micro's `ReverseV2Eval` sorts the axes and refuses axes that are not
//! contiguous (it reverses one flattened block of dimensions), and reads a first axis that an
//! empty list does not have: both are refused here.

use super::emitter::KernelEmitter;
use mc_dialects::graph::attributes::i64_array;
use mc_dialects::graph::{SliceAxis, StridedSliceSpec, reverse_axes, slice_shape, strided_slice_axes};
use mc_ir::{AttrKind, Context, Diagnostic, OpId, Value};

/// The highest rank TFLite Micro slices.
const MAX_RANK: usize = 4;

/// Lowers `strided_slice` (attributes `begin`, `end`, `strides`, the masks and `offset`).
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let input_shape = e.shape(e.inputs[0]);
    let axes = kernel_axes(e.b.ctx, e.op, "strided_slice", &input_shape).map_err(|m| e.unsupported(m))?;
    copy_axes(e, &axes, input_shape.len())
}

/// Lowers `slice` (attributes `begin` and `size`).
pub fn lower_slice(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let input_shape = e.shape(e.inputs[0]);
    let axes = kernel_axes(e.b.ctx, e.op, "slice", &input_shape).map_err(|m| e.unsupported(m))?;
    copy_axes(e, &axes, input_shape.len())
}

/// How the `strided_slice` or `slice` kernel `op` (named `kernel`) reads its input of
/// `input_shape`, one [`SliceAxis`] per result-order dimension; what TFLite Micro refuses (or
/// computes differently from TFLite) is an error saying why. The lowerings copy along these
/// axes; `buffer-slice-views` makes a view of the ones that read one contiguous window.
pub fn kernel_axes(ctx: &Context, op: OpId, kernel: &str, input_shape: &[i64]) -> Result<Vec<SliceAxis>, String> {
    let list = |name: &str| {
        ctx.attr(op, name).and_then(|a| i64_array(ctx, a)).ok_or_else(|| format!("missing list attribute '{name}'"))
    };
    if kernel == "slice" {
        let begin = list("begin")?;
        let sizes = slice_shape(input_shape, &begin, &list("size")?)?;
        return Ok((0..input_shape.len())
            .map(|d| SliceAxis { input_dim: Some(d), start: begin[d], stride: 1, size: Some(sizes[d]) })
            .collect());
    }
    let mask = |name: &str| match ctx.attr(op, name) {
        None => Ok(0),
        Some(a) => ctx
            .integer_value(a)
            .and_then(|v| i64::try_from(v).ok())
            .ok_or_else(|| format!("missing integer attribute '{name}'")),
    };
    let spec = StridedSliceSpec {
        begin: list("begin")?,
        end: list("end")?,
        strides: list("strides")?,
        begin_mask: mask("begin_mask")?,
        end_mask: mask("end_mask")?,
        ellipsis_mask: mask("ellipsis_mask")?,
        new_axis_mask: mask("new_axis_mask")?,
        shrink_axis_mask: mask("shrink_axis_mask")?,
        offset: ctx.attr(op, "offset").is_some_and(|a| matches!(ctx.attr_kind(a), AttrKind::Bool(true))),
    };
    if input_shape.len() > MAX_RANK {
        return Err(format!("rank {} (TFLite Micro slices at most rank {MAX_RANK})", input_shape.len()));
    }
    for (name, set) in [
        ("ellipsis_mask", spec.ellipsis_mask != 0),
        ("new_axis_mask", spec.new_axis_mask != 0),
        ("offset", spec.offset),
    ] {
        if set {
            return Err(format!("'{name}' (TFLite Micro ignores it)"));
        }
    }
    if spec.begin.len() != input_shape.len() {
        return Err(format!(
            "{} begin/end/strides entries for a rank-{} input (TFLite Micro reads one per dimension)",
            spec.begin.len(),
            input_shape.len()
        ));
    }
    let axes = strided_slice_axes(input_shape, &spec)?;
    if let Some((d, index)) = axes.iter().find_map(|axis| read_outside(axis, input_shape)) {
        return Err(format!("reads index {index} of dimension {d}, of size {}, outside the input", input_shape[d]));
    }
    Ok(axes)
}

/// Lowers `reverse_v2` (attribute `axes`).
pub fn lower_reverse(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let input_shape = e.shape(e.inputs[0]);
    let mut axes = reverse_axes(input_shape.len(), &e.list_attr("axes")?).map_err(|m| e.unsupported(m))?;
    axes.sort_unstable();
    if axes.is_empty() {
        return Err(e.unsupported("no axes (TFLite Micro reads a first axis)"));
    }
    if axes.windows(2).any(|pair| pair[1] != pair[0] + 1) {
        return Err(e.unsupported("axes that are not contiguous (TFLite Micro reverses one block of dimensions)"));
    }
    let slices: Vec<SliceAxis> = (0..input_shape.len())
        .map(|d| match axes.contains(&d) {
            true => SliceAxis { input_dim: Some(d), start: input_shape[d] - 1, stride: -1, size: Some(input_shape[d]) },
            false => SliceAxis { input_dim: Some(d), start: 0, stride: 1, size: Some(input_shape[d]) },
        })
        .collect();
    copy_axes(e, &slices, input_shape.len())
}

/// The nest over the output reading the input (of rank `rank`) as `axes` say.
fn copy_axes(e: &mut KernelEmitter<'_>, axes: &[SliceAxis], rank: usize) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let shape = e.shape(output);
    e.nest(&shape, |e, ivs| {
        let zero = e.index(0);
        let mut indices = vec![zero; rank];
        let mut result_dims = ivs.iter();
        for axis in axes {
            let iv = match axis.size {
                Some(_) => result_dims.next().copied(),
                None => None,
            };
            if let Some(d) = axis.input_dim {
                indices[d] = input_index(e, axis, iv);
            }
        }
        let value = e.load(input, &indices);
        e.store(value, output, ivs);
        Ok(())
    })
}

/// The first `(dimension, index)` outside the input that `axis` reads, if any: its first or
/// last index (TFLite's start clamping keeps a kept axis inside; a shrunk one may start at the
/// end).
fn read_outside(axis: &SliceAxis, input_shape: &[i64]) -> Option<(usize, i64)> {
    let d = axis.input_dim?;
    let count = axis.size.unwrap_or(1);
    if count == 0 {
        return None;
    }
    let last = axis.start + (count - 1) * axis.stride;
    [axis.start, last].into_iter().find(|i| !(0..input_shape[d]).contains(i)).map(|i| (d, i))
}

/// `start + iv · stride` (just `start` for a shrunk axis), folding the trivial cases.
fn input_index(e: &mut KernelEmitter<'_>, axis: &SliceAxis, iv: Option<Value>) -> Value {
    let Some(iv) = iv else { return e.index(axis.start) };
    let scaled = if axis.stride == 1 {
        iv
    } else {
        let stride = e.index(axis.stride);
        e.muli(iv, stride)
    };
    if axis.start == 0 {
        return scaled;
    }
    let start = e.index(axis.start);
    e.addi(scaled, start)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_outside_the_input_are_found() {
        let axis = |start, stride, size| SliceAxis { input_dim: Some(0), start, stride, size };
        // Kept axes: forwards and backwards inside, an empty one reads nothing.
        assert_eq!(read_outside(&axis(1, 2, Some(2)), &[4]), None);
        assert_eq!(read_outside(&axis(3, -1, Some(4)), &[4]), None);
        assert_eq!(read_outside(&axis(4, 1, Some(0)), &[4]), None);
        assert_eq!(read_outside(&axis(3, 1, Some(2)), &[4]), Some((0, 4)));
        // A shrunk axis clamped to the end of its dimension.
        assert_eq!(read_outside(&axis(4, 1, None), &[4]), Some((0, 4)));
        // A new axis reads nothing.
        assert_eq!(read_outside(&SliceAxis { input_dim: None, start: 0, stride: 1, size: Some(1) }, &[4]), None);
    }
}
