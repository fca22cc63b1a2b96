//! How far a kernel's output may overlap its (first) input: the allowance `D` in bytes such that
//! placing the output's first byte at most `D` bytes after the input's first byte leaves the
//! kernel's results unchanged (vMCU, MLSys 2024). Usually `D < 0`: the output starts below the
//! input and grows into input bytes the kernel has finished reading. `buffer-to-loop` states it
//! as a `buffer.overlap` hint for the memory planner; the lowerings themselves do not change.
//!
//! # The argument
//!
//! A kernel runs in *units* taken in increasing order; unit `u` writes output bytes only below
//! `out_end(u)` (bytes counted from the output's start, cumulative: every write of units
//! `<= u` is below it), and units `>= u` read input bytes only from `first_read(u)` on (from the
//! input's start). With the output `d` bytes after the input, output byte `b` is input byte
//! `d + b`. A write of unit `u` lands below input byte `d + out_end(u)`, and every read after it
//! (by units `>= u`) is at or above `first_read(u)`; so if `d + out_end(u) <= first_read(u)` for
//! every `u`, no read sees a byte the kernel wrote, and the outputs are those of disjoint
//! buffers. The condition is monotone in `d`, hence `D = min_u (first_read(u) - out_end(u))`, and
//! every `d <= D` is safe (a `d` past the input's end is disjoint anyway).
//!
//! **Windowed kernels** (`conv_2d`, `depthwise_conv_2d`, `avg_pool_2d`, `max_pool_2d`, NHWC,
//! row-major): a unit is one output pixel `(n, oy, ox)` — all its channels. The nests
//! ([`super::window::ConvWindow::for_each_pixel`], the pool's `nest`) loop `n`, `oy`, `ox` in
//! increasing order, and inside a pixel reads and writes interleave in any order (channel blocks
//! re-read the window after earlier blocks stored), so a pixel's own reads count among those
//! after its writes. A pixel reads only its window's taps inside the image
//! ([`super::window::tap_range`]); its lowest input byte is its first valid tap row and column
//! (channel 0). `first_read(u)` is the minimum of that over pixels `>= u` (a suffix minimum:
//! with padding, the next output row may read lower than the end of this one), and
//! `out_end(u) = (u + 1)·out_pixel`.
//!
//! **Elementwise kernels** (same-index: activations, quantize/dequantize, add/sub/mul whose first
//! input is not broadcast): a unit is one element, in row-major order of the output, which is
//! also the input's index. Its one load precedes its store (the stored value depends on it), so
//! reads after element `u`'s store start at element `u + 1`: `first_read(u) = (u+1)·in_size`,
//! `out_end(u) = (u+1)·out_size`, for `u` below the last element (nothing is read after the last
//! store). Same-size elements give `D = 0` (in place); a smaller output element (quantize from
//! f32) lets the output start a few bytes above; a larger one (dequantize) must start far below.
//!
//! Anything else (strided or non-row-major operands, fully_connected, softmax, mean, pad,
//! concatenation, strided_slice, broadcast first inputs...) has no allowance.

use super::window::tap_range;
use mc_dialects::graph::Padding;
use mc_dialects::graph::shape_inference::Window;
use mc_ir::{Context, OpId, Value};

/// The windowed kernels' geometry the allowance depends on, along height (0) and width (1).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct WindowGeometry {
    /// Batches.
    pub batches: i64,
    /// Input height and width.
    pub input: [i64; 2],
    /// Output height and width.
    pub output: [i64; 2],
    /// Filter taps.
    pub filter: [i64; 2],
    /// Strides.
    pub stride: [i64; 2],
    /// Dilations.
    pub dilation: [i64; 2],
    /// Padding before the first element.
    pub pad: [i64; 2],
    /// Bytes of one input pixel (channels × element size).
    pub in_pixel: i64,
    /// Bytes of one output pixel.
    pub out_pixel: i64,
}

impl WindowGeometry {
    /// The first valid tap position along `axis` of output position `out`, if any tap is inside.
    fn first_tap(&self, axis: usize, out: i64) -> Option<i64> {
        let origin = out * self.stride[axis] - self.pad[axis];
        let (lo, hi) = tap_range(origin, self.filter[axis], self.dilation[axis], self.input[axis]);
        (lo < hi).then(|| origin + lo * self.dilation[axis])
    }
}

/// The allowance of a windowed kernel: `min` over output pixels of the lowest input byte read
/// from that pixel on, minus the output's end after that pixel.
pub fn window_allowance(g: &WindowGeometry) -> i64 {
    let [h, w] = g.input;
    let in_batch = h * w * g.in_pixel;
    let rows: Vec<Option<i64>> = (0..g.output[0]).map(|oy| g.first_tap(0, oy)).collect();
    let columns: Vec<Option<i64>> = (0..g.output[1]).map(|ox| g.first_tap(1, ox)).collect();
    // Pixels in reverse order, carrying the lowest byte read from each on.
    let pixels = g.batches * g.output[0] * g.output[1];
    let mut lowest = g.batches * in_batch;
    let mut best = lowest;
    for index in (0..pixels).rev() {
        let (n, oy, ox) = (index / (g.output[0] * g.output[1]), index / g.output[1] % g.output[0], index % g.output[1]);
        if let (Some(iy), Some(ix)) = (rows[oy as usize], columns[ox as usize]) {
            lowest = lowest.min(n * in_batch + (iy * w + ix) * g.in_pixel);
        }
        best = best.min(lowest - (index + 1) * g.out_pixel);
    }
    best
}

/// The allowance of a same-index elementwise kernel over `elements` elements of `in_size` bytes
/// read and `out_size` bytes written.
pub fn elementwise_allowance(elements: i64, in_size: i64, out_size: i64) -> i64 {
    let in_bytes = elements * in_size;
    if elements <= 1 {
        return in_bytes;
    }
    // min over u in 0..elements-1 of (u+1)·(in_size - out_size): at u = 0 or u = elements - 2.
    let step = in_size - out_size;
    step.min((elements - 1) * step).min(in_bytes)
}

/// The kernels whose output may overlap their first input element by element.
const ELEMENTWISE: [&str; 10] =
    ["relu", "relu6", "relu_n1_to_1", "logistic", "tanh", "quantize", "dequantize", "add", "sub", "mul"];

/// The allowance of kernel `name` (the op `op` holding its attributes) writing `output` from
/// `inputs`, between `output` and `inputs[0]`; `None` when no overlap is known to be safe.
pub fn allowance(ctx: &Context, op: OpId, name: &str, inputs: &[Value], output: Value) -> Option<i64> {
    let &input = inputs.first()?;
    let (in_type, out_type) = (ctx.value_type(input), ctx.value_type(output));
    let (in_buf, out_buf) = (ctx.buffer(in_type)?, ctx.buffer(out_type)?);
    if !in_buf.is_row_major_contiguous() || !out_buf.is_row_major_contiguous() {
        return None;
    }
    let in_size = i64::try_from(ctx.buffer_element_bytes(in_type)?).ok()?;
    let out_size = i64::try_from(ctx.buffer_element_bytes(out_type)?).ok()?;
    let (in_shape, out_shape) = (&in_buf.shape, &out_buf.shape);
    if ELEMENTWISE.contains(&name) {
        return (in_shape == out_shape).then(|| elementwise_allowance(out_shape.iter().product(), in_size, out_size));
    }
    let int = |attr: &str| ctx.attr(op, attr).and_then(|a| ctx.integer_value(a)).and_then(|v| i64::try_from(v).ok());
    let filter = match name {
        "conv_2d" | "depthwise_conv_2d" => {
            let filter = ctx.buffer(ctx.value_type(*inputs.get(1)?))?;
            [*filter.shape.get(1)?, *filter.shape.get(2)?]
        }
        "avg_pool_2d" | "max_pool_2d" => [int("filter_h")?, int("filter_w")?],
        _ => return None,
    };
    let dilation = match name {
        "conv_2d" | "depthwise_conv_2d" => [int("dilation_h")?, int("dilation_w")?],
        _ => [1, 1],
    };
    let padding = Padding::from_attr(ctx, ctx.attr(op, "padding")?)?;
    let window = Window { filter, stride: [int("stride_h")?, int("stride_w")?], dilation, padding };
    let ([n, h, w, c], [on, oh, ow, oc]) = (in_shape.as_slice(), out_shape.as_slice()) else { return None };
    if n != on
        || window.stride.iter().chain(&dilation).any(|&v| v < 1)
        || window.output_size([*h, *w]).ok()? != [*oh, *ow]
    {
        return None;
    }
    let [(pad_top, _), (pad_left, _)] = window.padding_values([*h, *w]).ok()?;
    Some(window_allowance(&WindowGeometry {
        batches: *n,
        input: [*h, *w],
        output: [*oh, *ow],
        filter,
        stride: window.stride,
        dilation,
        pad: [pad_top, pad_left],
        in_pixel: c * in_size,
        out_pixel: oc * out_size,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The allowance by brute force over every input byte each pixel reads, in program order:
    /// every write of pixel `p` against every read of pixels `>= p`.
    fn brute_force(g: &WindowGeometry) -> i64 {
        let [h, w] = g.input;
        let mut reads = Vec::new();
        for n in 0..g.batches {
            for oy in 0..g.output[0] {
                for ox in 0..g.output[1] {
                    let mut lowest = i64::MAX;
                    for fy in 0..g.filter[0] {
                        for fx in 0..g.filter[1] {
                            let iy = oy * g.stride[0] - g.pad[0] + fy * g.dilation[0];
                            let ix = ox * g.stride[1] - g.pad[1] + fx * g.dilation[1];
                            if (0..h).contains(&iy) && (0..w).contains(&ix) {
                                lowest = lowest.min(((n * h + iy) * w + ix) * g.in_pixel);
                            }
                        }
                    }
                    reads.push(lowest);
                }
            }
        }
        let total = g.batches * h * w * g.in_pixel;
        (0..reads.len())
            .map(|p| reads[p..].iter().copied().min().unwrap_or(i64::MAX).min(total) - (p as i64 + 1) * g.out_pixel)
            .fold(total, i64::min)
    }

    #[test]
    fn the_pixel_formula_matches_the_brute_force_bound() {
        let mut cases = 0;
        for batches in 1..3 {
            for size in [[1, 1], [3, 4], [5, 2], [6, 6]] {
                for filter in [[1, 1], [2, 3], [3, 3], [4, 1]] {
                    for stride in [[1, 1], [2, 1], [1, 3], [2, 2]] {
                        for dilation in [[1, 1], [2, 1], [1, 2]] {
                            for pad in [[0, 0], [1, 1], [2, 0], [0, 2]] {
                                for (in_pixel, out_pixel) in [(3, 3), (8, 2), (1, 5)] {
                                    let out = |a: usize| {
                                        (size[a] + 2 * pad[a] - (filter[a] - 1) * dilation[a] - 1) / stride[a] + 1
                                    };
                                    if (0..2).any(|a| size[a] + 2 * pad[a] < (filter[a] - 1) * dilation[a] + 1) {
                                        continue;
                                    }
                                    let g = WindowGeometry {
                                        batches,
                                        input: size,
                                        output: [out(0), out(1)],
                                        filter,
                                        stride,
                                        dilation,
                                        pad,
                                        in_pixel,
                                        out_pixel,
                                    };
                                    assert_eq!(window_allowance(&g), brute_force(&g), "{g:?}");
                                    cases += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(cases > 1000);
    }

    #[test]
    fn a_same_padded_3x3_conv_keeps_one_row_and_a_pixel_below() {
        // 8x3 pixels of 8 bytes in and out, 3x3 taps, stride 1, one padding row and column:
        // pixel (1, 1) still reads input pixel (0, 0), so output pixels 0..=4 must end there.
        let g = WindowGeometry {
            batches: 1,
            input: [8, 3],
            output: [8, 3],
            filter: [3, 3],
            stride: [1, 1],
            dilation: [1, 1],
            pad: [1, 1],
            in_pixel: 8,
            out_pixel: 8,
        };
        assert_eq!(window_allowance(&g), -5 * 8);
        // A 1x1 window reads only its own pixel: one pixel below.
        let pointwise = WindowGeometry { filter: [1, 1], pad: [0, 0], ..g };
        assert_eq!(window_allowance(&pointwise), -8);
    }

    #[test]
    fn elementwise_allowances_follow_the_element_sizes() {
        assert_eq!(elementwise_allowance(100, 1, 1), 0);
        assert_eq!(elementwise_allowance(100, 4, 1), 3);
        assert_eq!(elementwise_allowance(100, 1, 4), -297);
        assert_eq!(elementwise_allowance(1, 1, 4), 1);
    }
}
