//! The shape arithmetic several op families share, as TFLite's kernels compute it: the output
//! size and padding of a sliding window (`kernels/padding.h`), numpy broadcasting, axis
//! normalization; and how diagnostics print shapes and read constant integer lists.
//!
//! Output sizes follow TFLite's `ComputeOutSize`: `SAME` gives `ceil(in / stride)`, `VALID` gives
//! `ceil((in - ((k - 1) · dilation + 1) + 1) / stride)`; `SAME` pads `total / 2` before and the odd
//! element after ([`compute_padding`]). A window may also pad by explicit amounts per side
//! ([`WindowPadding::Explicit`], what a folded `PAD` leaves): then it is `VALID` over the padded
//! size. Errors are plain messages; the shape rules of the op families turn them into diagnostics
//! at the op.

use super::attributes::{Padding, int_elements};
use super::ops::ConstOp;
use mc_ir::{Context, Value};
use std::fmt;

/// Most dimensions TFLite's broadcasting kernels handle (`BroadcastAdd6DSlow` and friends).
pub const MAX_BROADCAST_RANK: usize = 6;

/// TFLite's `ComputeOutSize`: the output size of a window sliding over `image` elements.
///
/// `SAME` gives `ceil(image / stride)`; `VALID` gives `ceil((image - effective + 1) / stride)`
/// with `effective = (filter - 1) * dilation + 1`, in C's truncating division as TFLite does.
pub fn compute_out_size(padding: Padding, image: i64, filter: i64, stride: i64, dilation: i64) -> i64 {
    let effective = (filter - 1) * dilation + 1;
    if stride == 0 {
        return 0;
    }
    match padding {
        Padding::Same => (image + stride - 1) / stride,
        Padding::Valid => (image + stride - effective) / stride,
    }
}

/// TFLite's `ComputePaddingWithOffset`: the padding before the first element, and the extra
/// element of padding after the last one when the total is odd.
pub fn compute_padding(stride: i64, dilation: i64, in_size: i64, filter: i64, out_size: i64) -> (i64, i64) {
    let effective = (filter - 1) * dilation + 1;
    let total = ((out_size - 1) * stride + effective - in_size).max(0);
    (total / 2, total % 2)
}

/// How a window pads its input: by TFLite's `SAME`/`VALID` rule (attribute `padding`), or by
/// explicit amounts (attribute `pad = array<i64: top, bottom, left, right>`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum WindowPadding {
    /// The amounts follow from the sizes, as TFLite computes them.
    Mode(Padding),
    /// `[top, bottom, left, right]`, each ≥ 0 (asymmetric allowed).
    Explicit([i64; 4]),
}

impl From<Padding> for WindowPadding {
    fn from(mode: Padding) -> WindowPadding {
        WindowPadding::Mode(mode)
    }
}

impl fmt::Display for WindowPadding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WindowPadding::Mode(mode) => write!(f, "{mode}"),
            WindowPadding::Explicit(amounts) => write!(f, "explicit {}", shape_to_string(amounts)),
        }
    }
}

/// A 2-D window: filter size, strides, dilations (height, width) and padding.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Window {
    /// Filter height and width.
    pub filter: [i64; 2],
    /// Strides along height and width.
    pub stride: [i64; 2],
    /// Dilations along height and width (1 for pooling).
    pub dilation: [i64; 2],
    /// Padding rule or amounts.
    pub padding: WindowPadding,
}

impl Window {
    /// Output height and width for an input of `input` (height, width); an error if either is
    /// not positive (the window does not fit).
    pub fn output_size(&self, input: [i64; 2]) -> Result<[i64; 2], String> {
        let mut out = [0; 2];
        for (axis, name) in ["height", "width"].into_iter().enumerate() {
            let (filter, stride, dilation) = (self.filter[axis], self.stride[axis], self.dilation[axis]);
            out[axis] = match self.padding {
                WindowPadding::Mode(mode) => compute_out_size(mode, input[axis], filter, stride, dilation),
                WindowPadding::Explicit(pad) => {
                    let padded = input[axis] + pad[2 * axis] + pad[2 * axis + 1];
                    compute_out_size(Padding::Valid, padded, filter, stride, dilation)
                }
            };
            if out[axis] < 1 {
                return Err(format!(
                    "output {name} would be {} (input {}, filter {}, stride {}, dilation {}, {} padding)",
                    out[axis], input[axis], self.filter[axis], self.stride[axis], self.dilation[axis], self.padding
                ));
            }
        }
        Ok(out)
    }

    /// The padding of each side `[top, bottom, left, right]`: TFLite's for `SAME`/`VALID` (the
    /// odd element after), else the explicit amounts. Only the amounts before the first row and
    /// column matter to the kernels (they clip every window to the input); the ones after set the
    /// output size.
    pub fn amounts(&self, input: [i64; 2]) -> Result<[i64; 4], String> {
        let out = self.output_size(input)?;
        Ok(match self.padding {
            WindowPadding::Mode(_) => {
                let [(top, odd_h), (left, odd_w)] =
                    [0, 1].map(|a| compute_padding(self.stride[a], self.dilation[a], input[a], self.filter[a], out[a]));
                [top, top + odd_h, left, left + odd_w]
            }
            WindowPadding::Explicit(amounts) => amounts,
        })
    }

    /// The padding before the first row and column (top, left).
    pub fn padding_before(&self, input: [i64; 2]) -> Result<[i64; 2], String> {
        let [top, _, left, _] = self.amounts(input)?;
        Ok([top, left])
    }
}

/// NHWC output shape of a windowed op: batch and spatial dims from the input, `channels` given.
pub fn window_output_shape(input: &[i64], window: &Window, channels: i64) -> Result<Vec<i64>, String> {
    let [h, w] = window.output_size([input[1], input[2]])?;
    Ok(vec![input[0], h, w, channels])
}

/// Numpy-style broadcasting of two shapes (aligned at the last dimension; equal sizes, or 1),
/// up to [`MAX_BROADCAST_RANK`] dimensions, as TFLite's broadcasting binary kernels do.
pub fn broadcast_shapes(lhs: &[i64], rhs: &[i64]) -> Result<Vec<i64>, String> {
    let rank = lhs.len().max(rhs.len());
    if rank > MAX_BROADCAST_RANK {
        return Err(format!(
            "broadcasting supports at most {MAX_BROADCAST_RANK} dimensions, but an operand has rank {rank}"
        ));
    }
    let dim = |shape: &[i64], i: usize| if i + shape.len() >= rank { shape[i + shape.len() - rank] } else { 1 };
    (0..rank)
        .map(|i| match (dim(lhs, i), dim(rhs, i)) {
            (a, b) if a == b => Ok(a),
            (1, b) => Ok(b),
            (a, 1) => Ok(a),
            _ => Err(format!(
                "operand shapes {} and {} are not broadcast-compatible",
                shape_to_string(lhs),
                shape_to_string(rhs)
            )),
        })
        .collect()
}

/// Normalizes a possibly negative axis against `rank`.
pub fn normalize_axis(axis: i64, rank: usize) -> Result<usize, String> {
    let r = rank as i64;
    if axis < -r || axis >= r {
        return Err(format!("axis {axis} is out of range for rank {rank}"));
    }
    Ok(if axis < 0 { (axis + r) as usize } else { axis as usize })
}

/// `[1, 2, 3]`, as shapes appear in diagnostics.
pub fn shape_to_string(shape: &[i64]) -> String {
    let dims: Vec<String> = shape.iter().map(i64::to_string).collect();
    format!("[{}]", dims.join(", "))
}

/// The integer values of `value` if a `graph.const` defines it.
pub fn constant_ints(ctx: &Context, value: Value) -> Option<Vec<i64>> {
    let op = ctx.defining_op(value)?;
    let constant = ConstOp::cast(ctx, op)?;
    int_elements(ctx, ctx.attr(constant.op(), "value")?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn conv(padding: Padding, input: i64, filter: i64, stride: i64, dilation: i64) -> i64 {
        compute_out_size(padding, input, filter, stride, dilation)
    }

    #[test]
    fn same_and_valid_output_sizes() {
        // SAME: ceil(in / stride), independent of the filter.
        assert_eq!(conv(Padding::Same, 96, 3, 2, 1), 48);
        assert_eq!(conv(Padding::Same, 7, 3, 2, 1), 4);
        assert_eq!(conv(Padding::Same, 5, 5, 1, 1), 5);
        // VALID: ceil((in - effective + 1) / stride).
        assert_eq!(conv(Padding::Valid, 7, 3, 1, 1), 5);
        assert_eq!(conv(Padding::Valid, 7, 3, 2, 1), 3);
        assert_eq!(conv(Padding::Valid, 8, 3, 2, 1), 3);
        assert_eq!(conv(Padding::Valid, 49, 10, 2, 1), 20);
        // Dilation widens the window: effective 5 for a 3-tap filter with dilation 2.
        assert_eq!(conv(Padding::Valid, 7, 3, 1, 2), 3);
        assert_eq!(conv(Padding::Same, 7, 3, 1, 2), 7);
        // A window that does not fit.
        assert_eq!(conv(Padding::Valid, 2, 3, 1, 1), 0);
        assert_eq!(conv(Padding::Valid, 2, 5, 1, 1), -2);
    }

    #[test]
    fn padding_is_split_with_the_odd_element_after() {
        // in 7, filter 3, stride 2, SAME: out 4, total (4-1)*2+3-7 = 2 -> 1 before, none extra.
        assert_eq!(compute_padding(2, 1, 7, 3, 4), (1, 0));
        // in 96, filter 3, stride 2, SAME: out 48, total 47*2+3-96 = 1 -> 0 before, 1 after.
        assert_eq!(compute_padding(2, 1, 96, 3, 48), (0, 1));
        // in 5, filter 4, stride 1, SAME: total 3 -> 1 before, 2 after.
        assert_eq!(compute_padding(1, 1, 5, 4, 5), (1, 1));
        // Dilation 2, filter 3 (effective 5), in 7, SAME: total 4 -> 2 before.
        assert_eq!(compute_padding(1, 2, 7, 3, 7), (2, 0));
        // VALID never pads.
        assert_eq!(compute_padding(2, 1, 7, 3, 3), (0, 0));
        let window = Window { filter: [3, 3], stride: [2, 2], dilation: [1, 1], padding: Padding::Same.into() };
        assert_eq!(window.padding_before([96, 95]), Ok([0, 1]));
        assert_eq!(window.amounts([96, 95]), Ok([0, 1, 1, 1]));
        let valid = Window { padding: Padding::Valid.into(), ..window };
        assert_eq!(valid.amounts([96, 95]), Ok([0, 0, 0, 0]));
    }

    #[test]
    fn explicit_padding_is_valid_over_the_padded_size() {
        // PyTorch's stride-2 pad (0, 1, 0, 1) before a VALID 3x3: 96 + 1 -> 48, as SAME gives.
        let pad = WindowPadding::Explicit([0, 1, 0, 1]);
        let window = Window { filter: [3, 3], stride: [2, 2], dilation: [1, 1], padding: pad };
        assert_eq!(window.output_size([96, 96]), Ok([48, 48]));
        assert_eq!(window.padding_before([96, 96]), Ok([0, 0]));
        // Asymmetric and unlike SAME: 2 on top, none below, 1 left, 3 right.
        let window = Window { padding: WindowPadding::Explicit([2, 0, 1, 3]), stride: [1, 1], ..window };
        assert_eq!(window.output_size([5, 5]), Ok([5, 7]));
        assert_eq!(window.padding_before([5, 5]), Ok([2, 1]));
        assert_eq!(window.amounts([5, 5]), Ok([2, 0, 1, 3]));
        let small = Window { filter: [5, 5], ..window };
        assert_eq!(
            small.output_size([1, 9]),
            Err("output height would be -1 (input 1, filter 5, stride 1, dilation 1, explicit [2, 0, 1, 3] padding)"
                .to_string())
        );
    }

    #[test]
    fn windows_that_do_not_fit_are_errors() {
        let window = Window { filter: [5, 1], stride: [1, 1], dilation: [1, 1], padding: Padding::Valid.into() };
        assert_eq!(
            window.output_size([3, 8]),
            Err("output height would be -1 (input 3, filter 5, stride 1, dilation 1, VALID padding)".to_string())
        );
        assert_eq!(window_output_shape(&[1, 9, 8, 3], &window, 16), Ok(vec![1, 5, 8, 16]));
    }

    #[test]
    fn broadcasting_follows_numpy() {
        assert_eq!(broadcast_shapes(&[1, 4, 4, 8], &[8]), Ok(vec![1, 4, 4, 8]));
        assert_eq!(broadcast_shapes(&[2, 1, 3], &[5, 1]), Ok(vec![2, 5, 3]));
        assert_eq!(broadcast_shapes(&[], &[3, 2]), Ok(vec![3, 2]));
        assert_eq!(broadcast_shapes(&[1, 0], &[3, 1]), Ok(vec![3, 0]));
        assert!(broadcast_shapes(&[2, 3], &[4, 3]).unwrap_err().contains("not broadcast-compatible"));
        assert_eq!(broadcast_shapes(&[1; 6], &[2]), Ok(vec![1, 1, 1, 1, 1, 2]));
        assert!(broadcast_shapes(&[1; 7], &[2]).unwrap_err().contains("at most 6"));
    }
}
