//! The sliding-window geometry `conv_2d` and `depthwise_conv_2d` share: strides, dilations and
//! TFLite's padding, and for every output row and column the range of filter taps that land
//! inside the input. The nests loop over exactly those taps (the taps TFLite's reference kernels
//! sum after their `is_point_inside_image` test), so no tap is tested at run time, and they know
//! which output pixels see the whole filter (the interior), where kernels may use a cheaper
//! variant.
//!
//! ```text
//! for b, oy:                        y taps [ylo, yhi) from a table (constants if never clipped)
//!   for ox:                         x taps [xlo, xhi)
//!     if full window { pixel(interior) } else { pixel(border) }
//!        pixel: ... for fy in ylo..yhi, fx in xlo..xhi: iy = oy·sh - ph + fy·dh, ...
//! ```

use super::emitter::KernelEmitter;
use super::reduction::{constant_trip_count, reduce};
use mc_dialects::arith::build::{cmpi, constant_int_value};
use mc_dialects::graph::shape_inference::Window;
use mc_ir::{Diagnostic, Value};

/// The most taps [`ConvWindow::reduce_taps`] unrolls (a 5x5 window; KWS's 10x4 stays a loop).
pub const MAX_UNROLLED_TAPS: i64 = 25;

/// The window of one convolution: NHWC input and output, `[fh, fw]` filter taps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConvWindow {
    /// Batches.
    pub batch: i64,
    /// Input height and width.
    pub input: [i64; 2],
    /// Output height and width.
    pub output: [i64; 2],
    /// Filter height and width.
    pub filter: [i64; 2],
    /// Strides (height, width).
    pub stride: [i64; 2],
    /// Dilations (height, width).
    pub dilation: [i64; 2],
    /// Padding before the first element (height, width), as TFLite computes it.
    pub pad: [i64; 2],
}

/// Where one output pixel reads: its batch, its output position, and per axis the origin
/// (`out · stride - pad`) and the valid tap range `[lo, hi)`, all `index` values.
#[derive(Copy, Clone, Debug)]
pub struct Pixel {
    /// Batch index.
    pub batch: Value,
    /// Output row and column.
    pub out: [Value; 2],
    /// Input row and column of tap 0 (may be negative).
    pub origin: [Value; 2],
    /// First valid tap per axis.
    pub lo: [Value; 2],
    /// One past the last valid tap per axis.
    pub hi: [Value; 2],
}

/// Tap `[lo, hi)` of a window of `filter` taps `dilation` apart starting at input position
/// `origin`, clipped to an input of `size`; `lo == hi` when no tap is inside.
pub fn tap_range(origin: i64, filter: i64, dilation: i64, size: i64) -> (i64, i64) {
    let lo = ceil_div(-origin, dilation).clamp(0, filter);
    let hi = ceil_div(size - origin, dilation).clamp(lo, filter);
    (lo, hi)
}

/// `⌈a / b⌉` for `b > 0`.
fn ceil_div(a: i64, b: i64) -> i64 {
    a.div_euclid(b) + i64::from(a.rem_euclid(b) != 0)
}

impl ConvWindow {
    /// The window of the kernel being lowered (attributes `stride_h/w`, `dilation_h/w`,
    /// `padding`), for `input` and `output` shapes (NHWC) and `filter` taps; an unsupported
    /// error if the output shape is not the one TFLite computes.
    pub fn read(
        e: &KernelEmitter<'_>,
        input: &[i64],
        filter: [i64; 2],
        output: &[i64],
    ) -> Result<ConvWindow, Diagnostic> {
        let positive = |name: &str| -> Result<i64, Diagnostic> {
            let value = e.int_attr(name)?;
            if value < 1 { Err(e.unsupported(format!("'{name}' is {value}, not positive"))) } else { Ok(value) }
        };
        let stride = [positive("stride_h")?, positive("stride_w")?];
        let dilation = [positive("dilation_h")?, positive("dilation_w")?];
        let window = Window { filter, stride, dilation, padding: e.padding()? };
        let spatial = [input[1], input[2]];
        let expected = window.output_size(spatial).map_err(|m| e.unsupported(m))?;
        if expected != [output[1], output[2]] || input[0] != output[0] {
            return Err(e.unsupported(format!(
                "output shape {output:?} does not match the window's {:?}",
                [input[0], expected[0], expected[1]]
            )));
        }
        let pad = window.padding_values(spatial).map_err(|m| e.unsupported(m))?.map(|(before, _)| before);
        Ok(ConvWindow { batch: input[0], input: spatial, output: expected, filter, stride, dilation, pad })
    }

    /// The valid taps of output position `out` along `axis` (0: height, 1: width).
    pub fn taps(&self, axis: usize, out: i64) -> (i64, i64) {
        let origin = out * self.stride[axis] - self.pad[axis];
        tap_range(origin, self.filter[axis], self.dilation[axis], self.input[axis])
    }

    /// True when every output position along `axis` sees all its filter taps.
    pub fn never_clipped(&self, axis: usize) -> bool {
        (0..self.output[axis]).all(|out| self.taps(axis, out) == (0, self.filter[axis]))
    }

    /// True when some output pixel sees the whole filter.
    pub fn has_interior(&self) -> bool {
        (0..2).all(|axis| (0..self.output[axis]).any(|out| self.taps(axis, out) == (0, self.filter[axis])))
    }

    /// The nest over every output pixel: `pixel(e, &pixel, interior)` builds the work of one
    /// pixel. `interior` is true where the pixel's taps are statically the whole filter (its
    /// bounds are then constants): when some pixels are clipped and some are not, each pixel
    /// branches at run time between an interior and a border variant (`pixel` is built twice).
    pub fn for_each_pixel(
        &self,
        e: &mut KernelEmitter<'_>,
        pixel: impl Fn(&mut KernelEmitter<'_>, &Pixel, bool) -> Result<(), Diagnostic>,
    ) -> Result<(), Diagnostic> {
        let clipped = [0, 1].map(|axis| !self.never_clipped(axis));
        let split = clipped.contains(&true) && self.has_interior();
        let tables = [0, 1].map(|axis| self.tap_tables(e, axis));
        e.for_range(0, self.batch, &[], |e, batch, _| {
            e.for_range(0, self.output[0], &[], |e, oy, _| {
                let (origin_y, lo_y, hi_y, full_y) = self.axis(e, 0, tables[0], oy);
                e.for_range(0, self.output[1], &[], |e, ox, _| {
                    let (origin_x, lo_x, hi_x, full_x) = self.axis(e, 1, tables[1], ox);
                    let p = Pixel {
                        batch,
                        out: [oy, ox],
                        origin: [origin_y, origin_x],
                        lo: [lo_y, lo_x],
                        hi: [hi_y, hi_x],
                    };
                    if !split {
                        pixel(e, &p, !clipped.contains(&true))?;
                        return Ok(Vec::new());
                    }
                    let full = match (full_y, full_x) {
                        (Some(y), Some(x)) => e.binary("arith.andi", y, x),
                        (Some(c), None) | (None, Some(c)) => c,
                        (None, None) => unreachable!("split only when an axis is clipped"),
                    };
                    let pixel = &pixel;
                    e.if_else(
                        full,
                        &[],
                        |e| {
                            let (zero, fh, fw) = (e.index(0), e.index(self.filter[0]), e.index(self.filter[1]));
                            let whole = Pixel { lo: [zero, zero], hi: [fh, fw], ..p };
                            pixel(e, &whole, true).map(|()| Vec::new())
                        },
                        |e| pixel(e, &p, false).map(|()| Vec::new()),
                    )?;
                    Ok(Vec::new())
                })?;
                Ok(Vec::new())
            })?;
            Ok(Vec::new())
        })
        .map(drop)
    }

    /// The tap-range tables of `axis` (first valid tap, one past the last, per output position),
    /// or `None` when the axis is never clipped.
    fn tap_tables(&self, e: &mut KernelEmitter<'_>, axis: usize) -> Option<[Value; 2]> {
        if self.never_clipped(axis) {
            return None;
        }
        let (lows, highs): (Vec<i64>, Vec<i64>) = (0..self.output[axis]).map(|o| self.taps(axis, o)).unzip();
        Some([e.table("window_tap_lo", 32, &lows), e.table("window_tap_hi", 32, &highs)])
    }

    /// For output position `out` along `axis`: the origin, the tap range and (if the axis is
    /// ever clipped) an `i1` true when the range is the whole filter. The range is read from
    /// the axis' `tables` indexed by `out`, or is the constant `[0, filter)`.
    fn axis(
        &self,
        e: &mut KernelEmitter<'_>,
        axis: usize,
        tables: Option<[Value; 2]>,
        out: Value,
    ) -> (Value, Value, Value, Option<Value>) {
        let stride = e.index(self.stride[axis]);
        let scaled = if self.stride[axis] == 1 { out } else { e.muli(out, stride) };
        let origin = if self.pad[axis] == 0 {
            scaled
        } else {
            let pad = e.index(self.pad[axis]);
            e.binary("arith.subi", scaled, pad)
        };
        let (zero, filter) = (e.index(0), e.index(self.filter[axis]));
        let Some(tables) = tables else { return (origin, zero, filter, None) };
        let index = e.b.ctx.index_type();
        let [lo, hi] = tables.map(|table| {
            let value = e.load(table, &[out]);
            e.unary("arith.index_cast", value, index)
        });
        let starts = cmpi(&mut e.b, "eq", lo, zero);
        let ends = cmpi(&mut e.b, "eq", hi, filter);
        let full = e.binary("arith.andi", starts, ends);
        (origin, lo, hi, Some(full))
    }

    /// The reduction over the valid taps of `pixel`: `body(e, [iy, ix], [fy, fx], accs)` returns
    /// the accumulators after tap `(fy, fx)` reading input position `(iy, ix)`; returns the
    /// final accumulators (`inits` when no tap is inside). Rows outer, columns inner, as TFLite.
    /// With `unroll`, a window of constant bounds and at most [`MAX_UNROLLED_TAPS`] taps is
    /// straight-line code.
    pub fn reduce_taps(
        &self,
        e: &mut KernelEmitter<'_>,
        pixel: &Pixel,
        inits: &[Value],
        unroll: bool,
        mut body: impl FnMut(&mut KernelEmitter<'_>, [Value; 2], [Value; 2], &[Value]) -> Result<Vec<Value>, Diagnostic>,
    ) -> Result<Vec<Value>, Diagnostic> {
        let rows = (pixel.lo[0], pixel.hi[0]);
        let columns = (pixel.lo[1], pixel.hi[1]);
        let taps = constant_trip_count(e, rows.0, rows.1).zip(constant_trip_count(e, columns.0, columns.1));
        let limit = match taps {
            Some((h, w)) if unroll && h * w <= MAX_UNROLLED_TAPS => i64::MAX,
            _ => 0,
        };
        reduce(e, rows, inits, limit, |e, fy, accs| {
            let iy = self.input_position(e, 0, pixel, fy);
            reduce(e, columns, accs, limit, |e, fx, accs| {
                let ix = self.input_position(e, 1, pixel, fx);
                body(e, [iy, ix], [fy, fx], accs)
            })
        })
    }

    /// `origin + tap · dilation` along `axis`.
    fn input_position(&self, e: &mut KernelEmitter<'_>, axis: usize, pixel: &Pixel, tap: Value) -> Value {
        let offset = match constant_int_value(e.b.ctx, tap) {
            Some(0) => return pixel.origin[axis],
            Some(tap) => e.index(tap as i64 * self.dilation[axis]),
            None if self.dilation[axis] == 1 => tap,
            None => {
                let dilation = e.index(self.dilation[axis]);
                e.muli(tap, dilation)
            }
        };
        e.addi(pixel.origin[axis], offset)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mc_dialects::graph::Padding;

    /// The taps TFLite's reference loop accepts, by brute force.
    fn inside(origin: i64, filter: i64, dilation: i64, size: i64) -> Vec<i64> {
        (0..filter).filter(|f| (0..size).contains(&(origin + f * dilation))).collect()
    }

    #[test]
    fn tap_ranges_are_exactly_the_taps_inside_the_input() {
        for filter in 1..5 {
            for dilation in 1..4 {
                for size in 1..7 {
                    for origin in -12..10 {
                        let (lo, hi) = tap_range(origin, filter, dilation, size);
                        assert_eq!((lo..hi).collect::<Vec<_>>(), inside(origin, filter, dilation, size));
                    }
                }
            }
        }
    }

    #[test]
    fn same_padding_with_odd_sizes_clips_the_borders_only() {
        // 7 wide, 3 taps, stride 2, SAME: 4 outputs, padding 1 before (TFLite: total 2).
        let w = Window { filter: [3, 3], stride: [2, 2], dilation: [1, 1], padding: Padding::Same };
        let pad = w.padding_values([7, 7]).unwrap().map(|(p, _)| p);
        let window = ConvWindow {
            batch: 1,
            input: [7, 7],
            output: [4, 4],
            filter: [3, 3],
            stride: [2, 2],
            dilation: [1, 1],
            pad,
        };
        let taps: Vec<_> = (0..4).map(|o| window.taps(1, o)).collect();
        assert_eq!(taps, vec![(1, 3), (0, 3), (0, 3), (0, 2)]);
        assert!(!window.never_clipped(0));
        assert!(window.has_interior());
        // VALID never clips.
        let valid = ConvWindow { pad: [0, 0], output: [3, 3], ..window };
        assert!(valid.never_clipped(0) && valid.never_clipped(1));
    }

    #[test]
    fn a_filter_wider_than_the_input_has_no_interior() {
        // 2 wide, 5 taps, SAME stride 1: every output is clipped.
        let window = ConvWindow {
            batch: 1,
            input: [2, 2],
            output: [2, 2],
            filter: [5, 5],
            stride: [1, 1],
            dilation: [1, 1],
            pad: [2, 2],
        };
        assert_eq!(window.taps(0, 0), (2, 4));
        assert!(!window.has_interior());
    }
}
