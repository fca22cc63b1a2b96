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
use mc_dialects::graph::{SliceAxis, StridedSliceSpec, reverse_axes, slice_shape, strided_slice_axes};
use mc_ir::{Diagnostic, Value};

/// The highest rank TFLite Micro slices.
const MAX_RANK: usize = 4;

/// Lowers `strided_slice` (attributes `begin`, `end`, `strides`, the masks and `offset`).
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let input = e.inputs[0];
    let mask = |e: &KernelEmitter<'_>, name: &str| if e.attr(name).is_some() { e.int_attr(name) } else { Ok(0) };
    let spec = StridedSliceSpec {
        begin: e.list_attr("begin")?,
        end: e.list_attr("end")?,
        strides: e.list_attr("strides")?,
        begin_mask: mask(e, "begin_mask")?,
        end_mask: mask(e, "end_mask")?,
        ellipsis_mask: mask(e, "ellipsis_mask")?,
        new_axis_mask: mask(e, "new_axis_mask")?,
        shrink_axis_mask: mask(e, "shrink_axis_mask")?,
        offset: e.bool_attr("offset"),
    };
    let input_shape = e.shape(input);
    if input_shape.len() > MAX_RANK {
        return Err(e.unsupported(format!("rank {} (TFLite Micro slices at most rank {MAX_RANK})", input_shape.len())));
    }
    for (name, set) in [
        ("ellipsis_mask", spec.ellipsis_mask != 0),
        ("new_axis_mask", spec.new_axis_mask != 0),
        ("offset", spec.offset),
    ] {
        if set {
            return Err(e.unsupported(format!("'{name}' (TFLite Micro ignores it)")));
        }
    }
    if spec.begin.len() != input_shape.len() {
        return Err(e.unsupported(format!(
            "{} begin/end/strides entries for a rank-{} input (TFLite Micro reads one per dimension)",
            spec.begin.len(),
            input_shape.len()
        )));
    }
    let axes = strided_slice_axes(&input_shape, &spec).map_err(|m| e.unsupported(m))?;
    if let Some((d, index)) = axes.iter().find_map(|axis| read_outside(axis, &input_shape)) {
        return Err(e.unsupported(format!(
            "reads index {index} of dimension {d}, of size {}, outside the input",
            input_shape[d]
        )));
    }
    copy_axes(e, &axes, input_shape.len())
}

/// Lowers `slice` (attributes `begin` and `size`).
pub fn lower_slice(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let input_shape = e.shape(e.inputs[0]);
    let begin = e.list_attr("begin")?;
    let sizes = slice_shape(&input_shape, &begin, &e.list_attr("size")?).map_err(|m| e.unsupported(m))?;
    let axes: Vec<SliceAxis> = (0..input_shape.len())
        .map(|d| SliceAxis { input_dim: Some(d), start: begin[d], stride: 1, size: Some(sizes[d]) })
        .collect();
    copy_axes(e, &axes, input_shape.len())
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
