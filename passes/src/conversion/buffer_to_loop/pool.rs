//! `avg_pool_2d`, `max_pool_2d` and `l2_pool_2d` (NHWC): TFLite Micro's
//! `reference_integer_ops::AveragePool` / `MaxPool` (their int8 and int16 overloads, the same
//! arithmetic at two widths) and `reference_ops::AveragePool` / `MaxPool` / `L2Pool` (float; L2
//! has no other kernel).
//!
//! The window is clipped at the image borders, so padding is never read and an average divides
//! by the number of taps inside the image:
//!
//! ```text
//! for n, oy, ox:     (n and oy from the last down with row_order = "descending")
//!   y0 = max(oy·stride_h - pad_h, 0), y1 = min(oy·stride_h - pad_h + filter_h, in_h)   (x alike)
//!   count = (y1 - y0)·(x1 - x0)
//!   for c:
//!     acc = reduce(input[n, y, x, c] for y in y0..y1, x in x0..x1)
//!     out[n, oy, ox, c] = clamp(finish(acc, count))
//! ```
//!
//! Where the window never crosses a border (VALID padding, global pooling) the bounds are plain
//! `oy·stride_h` arithmetic and the count is a constant. The integer average (an `i32` sum of
//! the stored values) rounds half away from zero as TFLM does,
//! `acc > 0 ? (acc + count/2) / count : (acc - count/2) / count`; the integer max starts from the
//! storage type's lowest value; both clamp to the fused activation's range of the output within
//! its storage type (no requantization: TFLM's kernels take the input's integers as the
//! output's, with any zero point, which only moves the activation's bounds). The L2 pool sums
//! `x · x` in `f32` over the in-image taps, in the same order, and takes
//! `sqrt(sum / count)` before the fused activation, as `reference_ops::L2Pool` does.

use super::emitter::{ElementKind, KernelEmitter};
use super::quantization::{clamp_f32, fused_range_f32, fused_range_quantized};
use mc_dialects::arith::build::{cmpi, select};
use mc_dialects::graph::shapes::Window;
use mc_ir::{Diagnostic, FloatKind, Value};

/// Lowers `avg_pool_2d`.
pub fn lower_average(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    lower(e, Reduction::Average)
}

/// Lowers `max_pool_2d`.
pub fn lower_max(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    lower(e, Reduction::Max)
}

/// Lowers `l2_pool_2d`.
pub fn lower_l2(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    lower(e, Reduction::L2)
}

/// What a pool computes over its window.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Reduction {
    Average,
    Max,
    /// The square root of the average of the squares (float only).
    L2,
}

/// The arithmetic a pool runs in.
#[derive(Copy, Clone, PartialEq, Debug)]
enum Arithmetic {
    /// On the stored int8 or int16 values, in `i32`: the storage's `width` and lowest value,
    /// clamped to `(low, high)`.
    Integer { width: u32, lowest: i32, low: i32, high: i32 },
    /// On `f32`, clamped to `(low, high)`.
    F32(f32, f32),
}

/// Sizes and window of one pool, along height (index 0) and width (index 1).
#[derive(Clone, Debug, PartialEq)]
struct Geometry {
    batches: i64,
    channels: i64,
    input: [i64; 2],
    output: [i64; 2],
    filter: [i64; 2],
    stride: [i64; 2],
    /// Padding before the first element.
    pad: [i64; 2],
}

impl Geometry {
    /// The geometry of a pool of `window` over NHWC `input` writing NHWC `output`.
    fn new(window: &Window, input: &[i64], output: &[i64]) -> Result<Geometry, String> {
        let ([n, h, w, c], [on, oh, ow, oc]) = (input, output) else {
            return Err("input and output must be NHWC (rank 4)".to_string());
        };
        let spatial = [*h, *w];
        let expected = window.output_size(spatial)?;
        if [*on, *oc] != [*n, *c] || expected != [*oh, *ow] {
            return Err(format!("output {output:?} does not match the window over {input:?}"));
        }
        let pad = window.padding_before(spatial)?;
        Ok(Geometry {
            batches: *n,
            channels: *c,
            input: spatial,
            output: expected,
            filter: window.filter,
            stride: window.stride,
            pad,
        })
    }

    /// True if some window along `axis` reaches outside the image (so its bounds need clipping).
    fn clips(&self, axis: usize) -> bool {
        let last_start = (self.output[axis] - 1) * self.stride[axis] - self.pad[axis];
        self.pad[axis] > 0 || last_start + self.filter[axis] > self.input[axis]
    }
}

/// Lowers either pool.
fn lower(e: &mut KernelEmitter<'_>, reduction: Reduction) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let (kind, output_kind) = (e.kind(input), e.kind(output));
    let arithmetic = match (kind, kind.storage()) {
        (ElementKind::Int8 | ElementKind::Int16, Some((width, (lowest, _))))
            if output_kind == kind && reduction != Reduction::L2 =>
        {
            let (low, high) = fused_range_quantized(e, output)?;
            Arithmetic::Integer { width, lowest, low, high }
        }
        (ElementKind::F32, _) if output_kind == kind => {
            let (low, high) = fused_range_f32(e)?;
            Arithmetic::F32(low, high)
        }
        _ => {
            let kinds = if reduction == Reduction::L2 { "float32" } else { "float32, int8 or int16" };
            return Err(e.unsupported(format!(
                "input '{}' and output '{}' ({kinds}, the same type)",
                e.type_text(input),
                e.type_text(output)
            )));
        }
    };
    let window = Window {
        filter: [e.int_attr("filter_h")?, e.int_attr("filter_w")?],
        stride: [e.int_attr("stride_h")?, e.int_attr("stride_w")?],
        dilation: [1, 1],
        padding: e.window_padding()?,
    };
    let g = Geometry::new(&window, &e.shape(input), &e.shape(output)).map_err(|m| e.unsupported(m))?;
    let init = match (reduction, arithmetic) {
        (Reduction::Average | Reduction::L2, Arithmetic::Integer { .. }) => e.i32(0),
        (Reduction::Max, Arithmetic::Integer { lowest, .. }) => e.i32(lowest),
        (Reduction::Average | Reduction::L2, Arithmetic::F32(..)) => e.f32(0.0),
        (Reduction::Max, Arithmetic::F32(..)) => e.f32(f32::MIN),
    };
    // Batches and rows in the kernel's row order (the memory planner relies on it), columns
    // ascending.
    let order = e.row_order();
    e.for_range_in(order, 0, g.batches, &[], |e, n, _| {
        e.for_range_in(order, 0, g.output[0], &[], |e, oy, _| {
            e.for_range(0, g.output[1], &[], |e, ox, _| {
                let (y0, y1) = window_bounds(e, &g, 0, oy);
                let (x0, x1) = window_bounds(e, &g, 1, ox);
                let count = (reduction != Reduction::Max).then(|| tap_count(e, &g, [(y0, y1), (x0, x1)]));
                e.for_range(0, g.channels, &[], |e, c, _| {
                    let acc = e.for_loop(y0, y1, &[init], |e, y, acc| {
                        e.for_loop(x0, x1, acc, |e, x, acc| {
                            let loaded = e.load(input, &[n, y, x, c]);
                            Ok(vec![combine(e, reduction, arithmetic, acc[0], loaded)])
                        })
                    })?[0];
                    let value = finish(e, reduction, arithmetic, acc, count);
                    e.store(value, output, &[n, oy, ox, c]);
                    Ok(Vec::new())
                })
            })
        })
    })
    .map(drop)
}

/// The in-image input range `[lo, hi)` of the window of output position `o` along `axis`.
fn window_bounds(e: &mut KernelEmitter<'_>, g: &Geometry, axis: usize, o: Value) -> (Value, Value) {
    let stride = e.index(g.stride[axis]);
    let mut start = e.muli(o, stride);
    if g.pad[axis] != 0 {
        let pad = e.index(g.pad[axis]);
        start = e.binary("arith.subi", start, pad);
    }
    let filter = e.index(g.filter[axis]);
    let end = e.addi(start, filter);
    if !g.clips(axis) {
        return (start, end);
    }
    let (zero, size) = (e.index(0), e.index(g.input[axis]));
    (e.binary("arith.maxsi", start, zero), e.binary("arith.minsi", end, size))
}

/// The number of taps of an average's window that are inside the image.
#[derive(Copy, Clone, Debug)]
enum Count {
    /// The same for every window (none clips).
    Constant(i32),
    /// Computed per output position, an `i32`.
    Dynamic(Value),
}

/// The number of taps inside the image: a constant when no window clips, else
/// `(y1 - y0)·(x1 - x0)`.
fn tap_count(e: &mut KernelEmitter<'_>, g: &Geometry, bounds: [(Value, Value); 2]) -> Count {
    if !g.clips(0) && !g.clips(1) {
        return Count::Constant((g.filter[0] * g.filter[1]) as i32);
    }
    let [rows, columns] = bounds.map(|(lo, hi)| e.binary("arith.subi", hi, lo));
    let count = e.muli(rows, columns);
    let i32 = e.b.ctx.integer_type(32);
    Count::Dynamic(e.unary("arith.index_cast", count, i32))
}

/// One step of the reduction: `acc` with the loaded element `loaded`.
fn combine(
    e: &mut KernelEmitter<'_>,
    reduction: Reduction,
    arithmetic: Arithmetic,
    acc: Value,
    loaded: Value,
) -> Value {
    match (reduction, arithmetic) {
        (Reduction::Average | Reduction::L2, Arithmetic::Integer { .. }) => {
            let value = e.extsi_i32(loaded);
            e.addi(acc, value)
        }
        (Reduction::Max, Arithmetic::Integer { .. }) => {
            let value = e.extsi_i32(loaded);
            e.binary("arith.maxsi", acc, value)
        }
        (Reduction::Average, Arithmetic::F32(..)) => e.binary("arith.addf", acc, loaded),
        (Reduction::Max, Arithmetic::F32(..)) => e.binary("arith.maximumf", acc, loaded),
        (Reduction::L2, Arithmetic::F32(..)) => {
            let square = e.binary("arith.mulf", loaded, loaded);
            e.binary("arith.addf", acc, square)
        }
    }
}

/// The output value from the reduced `acc` (over `count` taps for an average or an L2 pool).
fn finish(
    e: &mut KernelEmitter<'_>,
    reduction: Reduction,
    arithmetic: Arithmetic,
    acc: Value,
    count: Option<Count>,
) -> Value {
    match arithmetic {
        Arithmetic::Integer { width, low, high, .. } => {
            let value = match count {
                Some(count) => rounded_average(e, acc, count),
                None => acc,
            };
            let (low, high) = (e.i32(low), e.i32(high));
            let clamped = e.clamp_si(value, low, high);
            e.trunci(clamped, width)
        }
        Arithmetic::F32(low, high) => {
            let value = match count {
                Some(Count::Constant(count)) => {
                    let count = e.f32(count as f32);
                    e.binary("arith.divf", acc, count)
                }
                Some(Count::Dynamic(count)) => {
                    let f32 = e.b.ctx.float_type(FloatKind::F32);
                    let count = e.unary("arith.sitofp", count, f32);
                    e.binary("arith.divf", acc, count)
                }
                None => acc,
            };
            let value = if reduction == Reduction::L2 {
                let f32 = e.b.ctx.float_type(FloatKind::F32);
                e.unary("math.sqrt", value, f32)
            } else {
                value
            };
            clamp_f32(e, value, (low, high))
        }
    }
}

/// TFLM's rounded integer average: `acc > 0 ? (acc + count/2) / count : (acc - count/2) / count`
/// with C's truncating division.
fn rounded_average(e: &mut KernelEmitter<'_>, acc: Value, count: Count) -> Value {
    let (count, half) = match count {
        Count::Constant(count) => (e.i32(count), e.i32(count / 2)),
        Count::Dynamic(count) => {
            let two = e.i32(2);
            (count, e.binary("arith.divsi", count, two))
        }
    };
    let up = e.addi(acc, half);
    let down = e.binary("arith.subi", acc, half);
    let up = e.binary("arith.divsi", up, count);
    let down = e.binary("arith.divsi", down, count);
    let zero = e.i32(0);
    let positive = cmpi(&mut e.b, "sgt", acc, zero);
    select(&mut e.b, positive, up, down)
}

#[cfg(test)]
mod tests {
    use super::*;
    use mc_dialects::graph::Padding;

    fn window(filter: [i64; 2], stride: [i64; 2], padding: Padding) -> Window {
        Window { filter, stride, dilation: [1, 1], padding: padding.into() }
    }

    #[test]
    fn valid_and_global_windows_never_clip() {
        let g = Geometry::new(&window([2, 2], [2, 2], Padding::Valid), &[1, 5, 5, 3], &[1, 2, 2, 3]).unwrap();
        assert_eq!(g.pad, [0, 0]);
        assert!(!g.clips(0) && !g.clips(1));
        let g = Geometry::new(&window([25, 5], [25, 5], Padding::Valid), &[1, 25, 5, 64], &[1, 1, 1, 64]).unwrap();
        assert!(!g.clips(0) && !g.clips(1));
    }

    #[test]
    fn same_windows_clip_where_they_pad() {
        // 5 wide, filter 3, stride 2: out 3, total padding 2 -> 1 before: the first and last
        // windows clip.
        let g = Geometry::new(&window([3, 3], [2, 2], Padding::Same), &[1, 5, 5, 1], &[1, 3, 3, 1]).unwrap();
        assert_eq!(g.pad, [1, 1]);
        assert!(g.clips(0));
        // 4 wide, filter 2, stride 2: out 2, no padding at all.
        let g = Geometry::new(&window([2, 2], [2, 2], Padding::Same), &[1, 4, 4, 1], &[1, 2, 2, 1]).unwrap();
        assert_eq!(g.pad, [0, 0]);
        assert!(!g.clips(1));
        // 5 wide, filter 2, stride 2: out 3, padding 1, all after: only the last window clips.
        let g = Geometry::new(&window([2, 2], [2, 2], Padding::Same), &[1, 5, 5, 1], &[1, 3, 3, 1]).unwrap();
        assert_eq!(g.pad, [0, 0]);
        assert!(g.clips(0));
    }

    #[test]
    fn a_mismatched_output_is_an_error() {
        assert!(Geometry::new(&window([2, 2], [2, 2], Padding::Valid), &[1, 5, 5, 3], &[1, 3, 3, 3]).is_err());
        assert!(Geometry::new(&window([2, 2], [2, 2], Padding::Valid), &[5, 5, 3], &[2, 2, 3]).is_err());
    }
}
