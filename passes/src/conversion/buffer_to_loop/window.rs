//! The sliding-window geometry `conv_2d` and `depthwise_conv_2d` share: strides, dilations and
//! TFLite's padding (or the explicit amounts a folded `PAD` left), and for every output row and
//! column the range of filter taps that land inside the input. The nests loop over exactly those taps (the taps TFLite's reference kernels
//! sum after their `is_point_inside_image` test), so no tap is tested at run time.
//!
//! Which output rows and columns see the whole filter (the interior) is known at compile time
//! and contiguous, so the nest is split statically: interior columns have constant x-tap bounds
//! and are computed several adjacent columns at a time, sharing every filter load; in interior
//! rows their y-tap bounds are constant too (the kernels unroll and fold constants there), in
//! border rows (filter clipped above or below) they come from the row's table entry, the same
//! for the whole group. Clipped columns go one at a time, their x-tap ranges from tables.
//!
//! Each of those specialized nests is code of its own, so two of them are built only where
//! they pay for their bytes ([`NestCost`]): the grouped nest of border rows (otherwise border
//! rows send every column through the clipped-column nest, both tap ranges from tables) and the
//! clipped columns of interior rows with their rows unrolled (otherwise they share that nest with
//! the border rows, in one loop over all rows that branches between interior and border rows).
//! A kernel's `border_nests` attribute overrides the choice: `"all"` builds both, `"shared"`
//! neither.
//!
//! ```text
//! for b:
//!   for oy in border rows above, then interior rows, then border rows below:
//!   (with border rows on both sides: for side in 0..2 { border rows of the side;
//!    if side == 0 { interior rows } }, one border nest)
//!   (`row_order = "descending"`: batches and rows in reverse, border rows below first)
//!     y taps: constant [0, fh) in interior rows, ylo[oy]..yhi[oy] from tables in border rows
//!     for each group of interior columns: pixel([ox, ox + 1, ...], x taps constant)
//!     for each interior column left over:  pixel([ox], x taps constant)
//!       (or, with `overlap`, one more group ending at the last interior column)
//!     for each clipped column (a range or a table): pixel([ox], x taps from tables)
//!   (a border row without its grouped nest: for every ox, pixel([ox], x taps from tables))
//!   (clipped columns not unrolled: for oy in all rows { if interior: groups, y constant;
//!    else: groups with y taps from tables, if border rows have them; then one nest over the
//!    clipped columns (or a border row's every column), both tap ranges from tables })
//! pixel: for fy in ylo..yhi, fx in xlo..xhi: iy = oy·sh - ph + fy·dh, ix = ...
//! ```

use super::emitter::KernelEmitter;
use super::reduction::{constant_trip_count, reduce};
use mc_dialects::arith::build::{cmpi, constant_int_value, select};
use mc_dialects::buffer::RowOrder;
use mc_dialects::graph::shapes::Window;
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
    /// Padding before the first element (height, width), as TFLite computes it or as given explicitly.
    pub pad: [i64; 2],
    /// The order of batches and output rows (the kernel's `row_order`).
    pub order: RowOrder,
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

/// The columns of an interior row: `groups` groups of `group` adjacent interior columns from
/// `first`, then the interior columns left over (`singles`, a range), then the clipped columns
/// (`clipped`), one at a time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Columns {
    /// Columns per group.
    pub group: i64,
    /// The first grouped column.
    pub first: i64,
    /// How many groups.
    pub groups: i64,
    /// The interior columns after the groups, `[start, end)`.
    pub singles: (i64, i64),
    /// The columns not seeing the whole filter, ascending.
    pub clipped: Vec<i64>,
}

/// Output pixels computed together in interior rows (sharing filter loads), where the kernel
/// asks for groups.
pub const PIXEL_GROUP: i64 = 4;

/// The fewest multiply-accumulates per inference a specialized nest must take over to pay for
/// its bytes. Below it, its pixels go through a nest built anyway (border rows through the
/// clipped columns' nest, or those columns with the border rows'), which costs a few
/// instructions per tap more.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NestCost {
    /// The grouped nest of border rows (it saves the most per tap: filter loads shared by the
    /// group, the x taps unrolled).
    pub border_groups: i64,
    /// The clipped columns of interior rows with the rows unrolled (it saves the row loop only).
    pub clipped_rows: i64,
}

/// Which specialized nests [`ConvWindow::for_each_pixel`] builds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Specialized {
    /// Border rows compute their interior columns in groups (their own nest).
    pub border_groups: bool,
    /// Interior rows compute their clipped columns with the rows unrolled (their own nest).
    pub clipped_rows: bool,
}

/// One axis of a pixel: origin and valid taps.
#[derive(Copy, Clone, Debug)]
struct Taps {
    origin: Value,
    lo: Value,
    hi: Value,
}

impl Pixel {
    fn new(batch: Value, out: [Value; 2], y: Taps, x: Taps) -> Pixel {
        Pixel { batch, out, origin: [y.origin, x.origin], lo: [y.lo, x.lo], hi: [y.hi, x.hi] }
    }
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
        let window = Window { filter, stride, dilation, padding: e.window_padding()? };
        let spatial = [input[1], input[2]];
        let expected = window.output_size(spatial).map_err(|m| e.unsupported(m))?;
        if expected != [output[1], output[2]] || input[0] != output[0] {
            return Err(e.unsupported(format!(
                "output shape {output:?} does not match the window's {:?}",
                [input[0], expected[0], expected[1]]
            )));
        }
        let pad = window.padding_before(spatial).map_err(|m| e.unsupported(m))?;
        let order = e.row_order();
        Ok(ConvWindow { batch: input[0], input: spatial, output: expected, filter, stride, dilation, pad, order })
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

    /// The output positions along `axis` that see every filter tap: a contiguous range
    /// `[first, end)`, empty (`first == end`) when there are none.
    pub fn interior(&self, axis: usize) -> (i64, i64) {
        let full: Vec<i64> = (0..self.output[axis]).filter(|&o| self.taps(axis, o) == (0, self.filter[axis])).collect();
        match (full.first(), full.last()) {
            (Some(&first), Some(&last)) => (first, last + 1),
            _ => (0, 0),
        }
    }

    /// How interior rows split their columns, for groups of `group` pixels.
    pub fn columns(&self, group: i64) -> Columns {
        let (first, end) = self.interior(1);
        let groups = (end - first) / group;
        let singles = (first + groups * group, end);
        let clipped = (0..self.output[1]).filter(|o| !(first..end).contains(o)).collect();
        Columns { group, first, groups, singles, clipped }
    }

    /// The multiply-accumulates per inference of the border rows' interior columns and of the
    /// interior rows' clipped columns, for `macs_per_tap` per tap of a pixel.
    pub fn specialized_macs(&self, macs_per_tap: i64) -> (i64, i64) {
        let taps = |axis: usize, outs: &mut dyn Iterator<Item = i64>| -> i64 {
            outs.map(|o| {
                let (lo, hi) = self.taps(axis, o);
                hi - lo
            })
            .sum()
        };
        let (rows, columns) = (self.interior(0), self.interior(1));
        let border_rows = taps(0, &mut (0..self.output[0]).filter(|o| !(rows.0..rows.1).contains(o)));
        let clipped_columns = taps(1, &mut (0..self.output[1]).filter(|o| !(columns.0..columns.1).contains(o)));
        let per_tap = self.batch * macs_per_tap;
        (
            border_rows * self.filter[1] * (columns.1 - columns.0) * per_tap,
            (rows.1 - rows.0) * self.filter[0] * clipped_columns * per_tap,
        )
    }

    /// The specialized nests that compute at least the multiply-accumulates `cost` asks of them,
    /// for `macs_per_tap` per tap of one output pixel (all its output channels).
    pub fn specialized(&self, macs_per_tap: i64, cost: NestCost) -> Specialized {
        let (border, clipped) = self.specialized_macs(macs_per_tap);
        Specialized { border_groups: border >= cost.border_groups, clipped_rows: clipped >= cost.clipped_rows }
    }

    /// The specialized nests of the kernel being lowered: [`ConvWindow::specialized`], unless its
    /// `border_nests` attribute says `"all"` (every one) or `"shared"` (none).
    pub fn kernel_specialized(
        &self,
        e: &KernelEmitter<'_>,
        macs_per_tap: i64,
        cost: NestCost,
    ) -> Result<Specialized, Diagnostic> {
        let Some(attr) = e.attr("border_nests") else {
            return Ok(self.specialized(macs_per_tap, cost));
        };
        match e.b.ctx.string_value(attr) {
            Some("all") => Ok(Specialized { border_groups: true, clipped_rows: true }),
            Some("shared") => Ok(Specialized { border_groups: false, clipped_rows: false }),
            _ => Err(e.unsupported("'border_nests' must be \"all\" or \"shared\"")),
        }
    }

    /// The nest over every output pixel: `pixel(e, pixels, interior)` builds the work of one
    /// pixel, or of `group` pixels of one row (adjacent interior columns), which share their tap
    /// ranges. With `interior`, every pixel sees the whole filter and its tap bounds are
    /// constants; otherwise the bounds of clipped axes come from tables (a group in a border row
    /// has constant x bounds and its row's y bounds). `pixel` is built once per kind of segment
    /// and kind of row: groups, interior singles and clipped columns, of interior rows and of
    /// border rows (above and below share one nest).
    /// With `overlap`, the interior columns left after the whole groups are one more group ending
    /// at the last interior column, overlapping the one before (whose last pixels it computes and
    /// stores again, the same values): no single-pixel nest. `specialized` says which of the
    /// specialized nests are built ([`ConvWindow::specialized`]).
    pub fn for_each_pixel(
        &self,
        e: &mut KernelEmitter<'_>,
        group: i64,
        overlap: bool,
        specialized: Specialized,
        pixel: impl Fn(&mut KernelEmitter<'_>, &[Pixel], bool) -> Result<(), Diagnostic>,
    ) -> Result<(), Diagnostic> {
        let Specialized { border_groups, clipped_rows } = specialized;
        let tables = [0, 1].map(|axis| self.tap_tables(e, axis));
        let rows = self.interior(0);
        let Columns { group, first, groups, singles, clipped } = self.columns(group);
        // Clipped columns: a range, or listed in a table.
        let contiguous = clipped.windows(2).all(|w| w[1] == w[0] + 1);
        let clipped_table = (!contiguous).then(|| e.table("window_columns", 32, &clipped));
        let pixel = &pixel;
        // The interior columns of one output row (groups, then the singles), with the row's
        // y taps `y`: constant in interior rows (`interior` pixels), from the table in border rows.
        let grouped = |e: &mut KernelEmitter<'_>, batch: Value, oy: Value, y: Taps, interior: bool| {
            // The last group's first column when it overlaps, `None` when the singles remain.
            let last = (overlap && groups > 0 && singles.0 < singles.1).then_some(singles.1 - group);
            if groups > 0 {
                e.for_range(0, groups + i64::from(last.is_some()), &[], |e, index, _| {
                    let mut ox = offset(e, index, group, first);
                    if let Some(last) = last {
                        let last = e.index(last);
                        let before = cmpi(&mut e.b, "slt", ox, last);
                        ox = select(&mut e.b, before, ox, last);
                    }
                    let pixels: Vec<Pixel> = (0..group)
                        .map(|column| {
                            let ox = offset(e, ox, 1, column);
                            let x = self.axis(e, 1, None, ox);
                            Pixel::new(batch, [oy, ox], y, x)
                        })
                        .collect();
                    pixel(e, &pixels, interior)?;
                    Ok(Vec::new())
                })?;
            }
            if singles.0 < singles.1 && last.is_none() {
                e.for_range(singles.0, singles.1, &[], |e, ox, _| {
                    let x = self.axis(e, 1, None, ox);
                    pixel(e, &[Pixel::new(batch, [oy, ox], y, x)], interior)?;
                    Ok(Vec::new())
                })?;
            }
            Ok::<(), Diagnostic>(())
        };
        // One at a time, x taps from the table: the clipped columns of row `oy`, or with `every`
        // (a condition), all its columns there.
        let clipped_columns = |e: &mut KernelEmitter<'_>,
                               batch: Value,
                               oy: Value,
                               y: Taps,
                               every: Option<Value>|
         -> Result<(), Diagnostic> {
            if clipped.is_empty() && every.is_none() {
                return Ok(());
            }
            let count = e.index(clipped.len() as i64);
            let count = match every {
                Some(every) => {
                    let width = e.index(self.output[1]);
                    select(&mut e.b, every, width, count)
                }
                None => count,
            };
            let zero = e.index(0);
            e.for_loop(zero, count, &[], |e, k, _| {
                let mut ox = match clipped_table {
                    Some(table) => {
                        // Every column: `k` runs past the table, whose entry is not used.
                        let entry = match every {
                            Some(every) => select(&mut e.b, every, zero, k),
                            None => k,
                        };
                        let column = e.load(table, &[entry]);
                        let index = e.b.ctx.index_type();
                        e.unary("arith.index_cast", column, index)
                    }
                    None => offset(e, k, 1, clipped.first().copied().unwrap_or(0)),
                };
                if let Some(every) = every {
                    ox = select(&mut e.b, every, k, ox);
                }
                let x = self.axis(e, 1, tables[1], ox);
                pixel(e, &[Pixel::new(batch, [oy, ox], y, x)], false)?;
                Ok(Vec::new())
            })
            .map(drop)
        };
        // One output row: interior rows see every tap along y (constant bounds, `interior`
        // pixels), border rows read their y taps from the table; the columns split alike, or a
        // border row without grouped nest takes every column one at a time.
        let row =
            |e: &mut KernelEmitter<'_>, batch: Value, oy: Value, border: bool| -> Result<Vec<Value>, Diagnostic> {
                let y = self.axis(e, 0, tables[0].filter(|_| border), oy);
                if border && !border_groups {
                    let every = e.int(1, 1);
                    clipped_columns(e, batch, oy, y, Some(every))?;
                    return Ok(Vec::new());
                }
                grouped(e, batch, oy, y, !border)?;
                clipped_columns(e, batch, oy, y, None)?;
                Ok(Vec::new())
            };
        let order = self.order;
        // Clipped columns not unrolled: one loop over all rows shares their nest with the
        // border rows (the rows in the same order).
        if !clipped_rows && rows.0 < rows.1 && (rows.0 > 0 || rows.1 < self.output[0]) && !clipped.is_empty() {
            return e
                .for_range_in(order, 0, self.batch, &[], |e, batch, _| {
                    e.for_range_in(order, 0, self.output[0], &[], |e, oy, _| {
                        let first_row = e.index(rows.0);
                        let from_first = e.binary("arith.subi", oy, first_row);
                        let count = e.index(rows.1 - rows.0);
                        let inside = cmpi(&mut e.b, "ult", from_first, count);
                        let interior = |e: &mut KernelEmitter<'_>| {
                            let y = self.axis(e, 0, None, oy);
                            grouped(e, batch, oy, y, true)
                        };
                        if border_groups {
                            let border = |e: &mut KernelEmitter<'_>| {
                                let y = self.axis(e, 0, tables[0], oy);
                                grouped(e, batch, oy, y, false).map(|()| Vec::new())
                            };
                            e.if_else(inside, &[], |e| interior(e).map(|()| Vec::new()), border)?;
                        } else {
                            e.if_then(inside, interior)?;
                        }
                        let y = self.axis(e, 0, tables[0], oy);
                        let every = (!border_groups).then(|| {
                            let yes = e.int(1, 1);
                            e.binary("arith.xori", inside, yes)
                        });
                        clipped_columns(e, batch, oy, y, every)?;
                        Ok(Vec::new())
                    })
                })
                .map(drop);
        }
        // Rows in order: border rows above, interior rows, border rows below (interior row
        // indices then have a known range, so their input rows need no run-time bounds checks),
        // or all of it reversed. With border rows on both sides, the border nest is built once,
        // in a loop over the two border segments whose first turn runs the interior rows after
        // its border rows (the same row order, half the border code).
        let mut segments: Vec<(i64, i64, bool)> = if rows.0 == rows.1 {
            vec![(0, self.output[0], false)]
        } else {
            vec![(0, rows.0, false), (rows.0, rows.1, true), (rows.1, self.output[0], false)]
        };
        if order == RowOrder::Descending {
            segments.reverse();
        }
        let both_borders = rows.0 > 0 && rows.1 < self.output[0];
        e.for_range_in(order, 0, self.batch, &[], |e, batch, _| {
            if both_borders {
                return e.for_range(0, 2, &[], |e, turn, _| {
                    // Side 0: rows [0, first interior); side 1: [end of interior, height); the
                    // first turn takes side 0 in ascending order, side 1 in descending order.
                    let side = match order {
                        RowOrder::Ascending => turn,
                        RowOrder::Descending => {
                            let one = e.index(1);
                            e.binary("arith.subi", one, turn)
                        }
                    };
                    let lo = offset(e, side, rows.1, 0);
                    let hi = offset(e, side, self.output[0] - rows.0, rows.0);
                    e.for_loop_in(order, lo, hi, &[], |e, oy, _| row(e, batch, oy, true))?;
                    let zero = e.index(0);
                    let first = cmpi(&mut e.b, "eq", turn, zero);
                    e.if_then(first, |e| {
                        e.for_range_in(order, rows.0, rows.1, &[], |e, oy, _| row(e, batch, oy, false)).map(drop)
                    })?;
                    Ok(Vec::new())
                });
            }
            for &(lo, hi, interior) in segments.iter().filter(|(lo, hi, _)| lo < hi) {
                e.for_range_in(order, lo, hi, &[], |e, oy, _| row(e, batch, oy, !interior))?;
            }
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

    /// The origin and tap range of output position `out` along `axis`: the range is read from
    /// the axis' `tables` indexed by `out`, or is the constant `[0, filter)` without tables.
    fn axis(&self, e: &mut KernelEmitter<'_>, axis: usize, tables: Option<[Value; 2]>, out: Value) -> Taps {
        let stride = e.index(self.stride[axis]);
        let scaled = if self.stride[axis] == 1 { out } else { e.muli(out, stride) };
        let origin = if self.pad[axis] == 0 {
            scaled
        } else {
            let pad = e.index(self.pad[axis]);
            e.binary("arith.subi", scaled, pad)
        };
        let Some(tables) = tables else {
            return Taps { origin, lo: e.index(0), hi: e.index(self.filter[axis]) };
        };
        let index = e.b.ctx.index_type();
        let [lo, hi] = tables.map(|table| {
            let value = e.load(table, &[out]);
            e.unary("arith.index_cast", value, index)
        });
        Taps { origin, lo, hi }
    }

    /// The reduction over the valid taps of `pixels` (which share their tap ranges: the first
    /// pixel's are used): `body(e, positions, [fy, fx], accs)` returns the accumulators after
    /// tap `(fy, fx)`, where `positions[p]` is the input `[iy, ix]` pixel `p` reads; returns
    /// the final accumulators (`inits` when no tap is inside). Rows outer, columns inner, as
    /// TFLite. A window of constant bounds and at most [`MAX_UNROLLED_TAPS`] taps is
    /// straight-line code; with the bounds of one axis constant (the interior columns of a
    /// border row, the clipped columns of an interior row), that axis is unrolled up to
    /// [`MAX_UNROLLED_TAPS`] taps and the other stays a loop.
    pub fn reduce_taps(
        &self,
        e: &mut KernelEmitter<'_>,
        pixels: &[Pixel],
        inits: &[Value],
        body: impl FnMut(&mut KernelEmitter<'_>, &[[Value; 2]], [Value; 2], &[Value]) -> Result<Vec<Value>, Diagnostic>,
    ) -> Result<Vec<Value>, Diagnostic> {
        let rows = (pixels[0].lo[0], pixels[0].hi[0]);
        let columns = (pixels[0].lo[1], pixels[0].hi[1]);
        let taps = [rows, columns].map(|(lo, hi)| constant_trip_count(e, lo, hi));
        let (limit, column_limit) = match taps {
            [Some(h), Some(w)] if h * w <= MAX_UNROLLED_TAPS => (i64::MAX, i64::MAX),
            [None, Some(_)] => (0, MAX_UNROLLED_TAPS),
            [Some(_), None] => (MAX_UNROLLED_TAPS, 0),
            _ => (0, 0),
        };
        self.reduce_window(e, pixels, inits, (rows, limit), (columns, 1, column_limit), body)
    }

    /// [`ConvWindow::reduce_taps`] over interior `pixels` (constant tap bounds) with the columns
    /// taken `step` at a time: `body(e, positions, [fy, fx], accs)` adds the taps of columns
    /// `fx .. fx + step` (`positions` is where column `fx` reads). The filter width must be a
    /// multiple of `step`. The steps of a row are unrolled; the rows stay a loop (KWS's ten rows
    /// unrolled ran 2% fewer Cortex-M4 instructions but 4% more on RV32, and took 1.7 KB more
    /// code on the M4, 5.8 KB on RV32).
    pub fn reduce_tap_steps(
        &self,
        e: &mut KernelEmitter<'_>,
        pixels: &[Pixel],
        inits: &[Value],
        step: i64,
        body: impl FnMut(&mut KernelEmitter<'_>, &[[Value; 2]], [Value; 2], &[Value]) -> Result<Vec<Value>, Diagnostic>,
    ) -> Result<Vec<Value>, Diagnostic> {
        let [height, width] = self.filter;
        let rows = (e.index(0), e.index(height));
        let steps = (e.index(0), e.index(width / step));
        self.reduce_window(e, pixels, inits, (rows, 0), (steps, step, MAX_UNROLLED_TAPS), body)
    }

    /// Rows `fy` in `rows` (unrolled up to `row_limit`), then steps `i` in `steps` (up to
    /// `step_limit`) of column `fx = i · step`: `body` gets each pixel's input position there.
    #[allow(clippy::type_complexity)]
    fn reduce_window(
        &self,
        e: &mut KernelEmitter<'_>,
        pixels: &[Pixel],
        inits: &[Value],
        (rows, row_limit): ((Value, Value), i64),
        (steps, step, step_limit): ((Value, Value), i64, i64),
        mut body: impl FnMut(&mut KernelEmitter<'_>, &[[Value; 2]], [Value; 2], &[Value]) -> Result<Vec<Value>, Diagnostic>,
    ) -> Result<Vec<Value>, Diagnostic> {
        reduce(e, rows, inits, row_limit, |e, fy, accs| {
            let iys: Vec<Value> = pixels.iter().map(|p| self.input_position(e, 0, p, fy)).collect();
            reduce(e, steps, accs, step_limit, |e, index, accs| {
                let fx = offset(e, index, step, 0);
                let positions: Vec<[Value; 2]> =
                    pixels.iter().zip(&iys).map(|(p, &iy)| [iy, self.input_position(e, 1, p, fx)]).collect();
                body(e, &positions, [fy, fx], accs)
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

/// `index · scale + start` on `index` values, without the operations that do nothing.
pub fn offset(e: &mut KernelEmitter<'_>, index: Value, scale: i64, start: i64) -> Value {
    let scaled = if scale == 1 {
        index
    } else {
        let scale = e.index(scale);
        e.muli(index, scale)
    };
    if start == 0 {
        scaled
    } else {
        let start = e.index(start);
        e.addi(scaled, start)
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

    /// A square window of stride and dilation 1 over one batch: `input` and `output` wide,
    /// `filter` taps, `pad` before.
    fn square(input: i64, output: i64, filter: i64, pad: i64) -> ConvWindow {
        ConvWindow {
            batch: 1,
            input: [input; 2],
            output: [output; 2],
            filter: [filter; 2],
            stride: [1, 1],
            dilation: [1, 1],
            pad: [pad; 2],
            order: RowOrder::Ascending,
        }
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
        let w = Window { filter: [3, 3], stride: [2, 2], dilation: [1, 1], padding: Padding::Same.into() };
        let pad = w.padding_before([7, 7]).unwrap();
        let window = ConvWindow {
            batch: 1,
            input: [7, 7],
            output: [4, 4],
            filter: [3, 3],
            stride: [2, 2],
            dilation: [1, 1],
            pad,
            order: RowOrder::Ascending,
        };
        let taps: Vec<_> = (0..4).map(|o| window.taps(1, o)).collect();
        assert_eq!(taps, vec![(1, 3), (0, 3), (0, 3), (0, 2)]);
        assert!(!window.never_clipped(0));
        assert_eq!(window.interior(1), (1, 3));
        // Interior columns 1 and 2 form one pair; 0 and 3 are clipped.
        let columns = Columns { group: 2, first: 1, groups: 1, singles: (3, 3), clipped: vec![0, 3] };
        assert_eq!(window.columns(2), columns);
        // Groups of 4: none; both interior columns one at a time.
        assert_eq!(window.columns(4), Columns { group: 4, groups: 0, singles: (1, 3), ..columns });
        // VALID never clips.
        let valid = ConvWindow { pad: [0, 0], output: [3, 3], ..window };
        assert!(valid.never_clipped(0) && valid.never_clipped(1));
        // Three interior columns: a pair and the odd one out; nothing clipped.
        let columns = Columns { group: 2, first: 0, groups: 1, singles: (2, 3), clipped: vec![] };
        assert_eq!(valid.columns(2), columns);
    }

    #[test]
    fn specialized_nests_are_built_for_the_multiply_accumulates_they_take_over() {
        // 3x3 SAME over 6x6: border rows 0 and 5 see two tap rows, interior columns 1-4;
        // interior rows 1-4, clipped columns 0 and 5 see two tap columns.
        let window = square(6, 6, 3, 1);
        // (2 + 2) tap rows · 3 columns · 4 interior columns, per multiply-accumulate of a tap.
        assert_eq!(window.specialized_macs(1), (48, 48));
        assert_eq!(window.specialized_macs(128), (6_144, 6_144));
        let cost = NestCost { border_groups: 5_000, clipped_rows: 16_000 };
        assert_eq!(window.specialized(4, cost), Specialized { border_groups: false, clipped_rows: false });
        assert_eq!(window.specialized(128, cost), Specialized { border_groups: true, clipped_rows: false });
        assert_eq!(window.specialized(512, cost), Specialized { border_groups: true, clipped_rows: true });
        // Stride 2 over an even size: only the last row and column are clipped (one tap short).
        let strided = ConvWindow { output: [3, 3], stride: [2, 2], pad: [0, 0], ..window };
        assert_eq!(strided.interior(0), (0, 2));
        assert_eq!(strided.specialized_macs(1), (2 * 3 * 2, 2 * 3 * 2));
        // VALID: nothing to specialize.
        let valid = ConvWindow { output: [4, 4], pad: [0, 0], ..window };
        assert_eq!(valid.specialized_macs(64), (0, 0));
    }

    #[test]
    fn a_filter_wider_than_the_input_has_no_interior() {
        // 2 wide, 5 taps, SAME stride 1: every output is clipped.
        let window = square(2, 2, 5, 2);
        assert_eq!(window.taps(0, 0), (2, 4));
        assert_eq!(window.interior(0), (0, 0));
    }
}
