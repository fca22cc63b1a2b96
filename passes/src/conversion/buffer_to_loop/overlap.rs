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
//! row-major): a unit is one output row `(n, oy)` — all its pixels and channels. The nests
//! ([`super::window::ConvWindow::for_each_pixel`], the pool's `nest`) loop `n`, then `oy`, in
//! increasing order, and inside a row reads and writes interleave in any order, so a row's own
//! reads count among those "after" its writes. Row `(n, oy)` reads input rows from
//! `oy·stride - pad_top` (its first tap; dilation only moves later taps down) of batch `n`, and
//! later rows read no lower (the origin grows with `oy`, then the batch): `first_read =
//! n·in_batch + clamp(oy·stride - pad_top, 0, in_h)·in_row`, and `out_end = (n·out_h + oy + 1)·
//! out_row`. Clamping to the input's rows under-estimates the first read, which is safe.
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

use mc_dialects::graph::Padding;
use mc_dialects::graph::shape_inference::Window;
use mc_ir::{Context, OpId, Value};

/// The windowed kernels' geometry the allowance depends on (sizes in rows and bytes).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RowGeometry {
    /// Batches.
    pub batches: i64,
    /// Input rows per batch.
    pub in_rows: i64,
    /// Output rows per batch.
    pub out_rows: i64,
    /// Vertical stride.
    pub stride: i64,
    /// Padding rows above the input.
    pub pad_top: i64,
    /// Bytes of one input row (width × channels × element size).
    pub in_row_bytes: i64,
    /// Bytes of one output row.
    pub out_row_bytes: i64,
}

/// The allowance of a windowed kernel: `min` over output rows of first read minus output end.
pub fn window_allowance(g: &RowGeometry) -> i64 {
    let in_batch = g.in_rows * g.in_row_bytes;
    let mut best = i64::MAX;
    for n in 0..g.batches {
        for oy in 0..g.out_rows {
            let first_read = n * in_batch + (oy * g.stride - g.pad_top).clamp(0, g.in_rows) * g.in_row_bytes;
            let out_end = (n * g.out_rows + oy + 1) * g.out_row_bytes;
            best = best.min(first_read - out_end);
        }
    }
    best.min(g.batches * in_batch)
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
    if n != on || window.stride[0] < 1 || window.output_size([*h, *w]).ok()? != [*oh, *ow] {
        return None;
    }
    let [(pad_top, _), _] = window.padding_values([*h, *w]).ok()?;
    Some(window_allowance(&RowGeometry {
        batches: *n,
        in_rows: *h,
        out_rows: *oh,
        stride: window.stride[0],
        pad_top,
        in_row_bytes: w * c * in_size,
        out_row_bytes: ow * oc * out_size,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The allowance by brute force over byte-level reads and writes in program order at row
    /// granularity: every write of row `r` against every read of rows `>= r`.
    fn brute_force(g: &RowGeometry, filter_h: i64, dilation: i64) -> i64 {
        let mut best = i64::MAX;
        let rows: Vec<(i64, i64)> = (0..g.batches).flat_map(|n| (0..g.out_rows).map(move |oy| (n, oy))).collect();
        for r in 0..rows.len() {
            let out_end = (r as i64 + 1) * g.out_row_bytes;
            for &(n2, oy2) in &rows[r..] {
                for tap in 0..filter_h {
                    let iy = oy2 * g.stride - g.pad_top + tap * dilation;
                    if (0..g.in_rows).contains(&iy) {
                        let first = (n2 * g.in_rows + iy) * g.in_row_bytes;
                        best = best.min(first - out_end);
                    }
                }
            }
        }
        best.min(g.batches * g.in_rows * g.in_row_bytes)
    }

    #[test]
    fn the_row_formula_is_never_above_the_brute_force_bound() {
        for batches in 1..3 {
            for in_rows in 1..7 {
                for filter_h in 1..4 {
                    for stride in 1..3 {
                        for pad_top in 0..filter_h {
                            for (in_row_bytes, out_row_bytes) in [(6, 6), (12, 4), (3, 9)] {
                                let out_rows = (in_rows + 2 * pad_top - filter_h) / stride + 1;
                                if out_rows < 1 {
                                    continue;
                                }
                                let g = RowGeometry {
                                    batches,
                                    in_rows,
                                    out_rows,
                                    stride,
                                    pad_top,
                                    in_row_bytes,
                                    out_row_bytes,
                                };
                                let formula = window_allowance(&g);
                                let exact = brute_force(&g, filter_h, 1);
                                assert!(formula <= exact, "{g:?}: {formula} > {exact}");
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_same_padded_3x3_conv_keeps_one_row_and_a_bit_below() {
        // 8 rows of 24 bytes in and out, stride 1, one padding row: rows 0 and 1 both read
        // input row 0, so output row 0 must end at the input's start.
        let g = RowGeometry {
            batches: 1,
            in_rows: 8,
            out_rows: 8,
            stride: 1,
            pad_top: 1,
            in_row_bytes: 24,
            out_row_bytes: 24,
        };
        // Row 1 reads from input row 0 and ends at 48: D = 0 - 48.
        assert_eq!(window_allowance(&g), -48);
        // Stride 2 halves the output rows: row oy reads from 2·oy - 1.
        let strided = RowGeometry { out_rows: 4, stride: 2, out_row_bytes: 12, ..g };
        assert_eq!(window_allowance(&strided), -12);
    }

    #[test]
    fn elementwise_allowances_follow_the_element_sizes() {
        assert_eq!(elementwise_allowance(100, 1, 1), 0);
        assert_eq!(elementwise_allowance(100, 4, 1), 3);
        assert_eq!(elementwise_allowance(100, 1, 4), -297);
        assert_eq!(elementwise_allowance(1, 1, 4), 1);
    }
}
