//! How far a kernel's output may overlap its (first) input: the bound on `d = offset(output) -
//! offset(input)` in bytes within which the kernel's results are unchanged although the buffers
//! share bytes (vMCU, MLSys 2024). A kernel computing its rows in increasing order admits every
//! `d <= D` (usually `D < 0`: the output starts below the input and grows up into input bytes
//! the kernel has finished reading), one computing them in decreasing order (`row_order =
//! "descending"`) every `d >= D` (usually `D > 0`: the output ends above the input and grows down
//! into them). `buffer-to-loop` states the bound as a `buffer.overlap` hint for the memory
//! planner; the lowerings themselves do not change. A chain of kernels with alternating row
//! orders (`buffer-row-order`) can then zig-zag in place instead of drifting one way.
//!
//! # The argument (increasing order)
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
//! **Decreasing order** is the mirror image: units taken from the last down, unit `u` writes
//! only at or above `out_start(u)` (every write of units `>= u` is), units `<= u` read only below
//! `read_end(u)`; the writes of `u` land at or above input byte `d + out_start(u)`, so
//! `d + out_start(u) >= read_end(u)` for every `u` suffices: `D = max_u (read_end(u) -
//! out_start(u))`, and every `d >= D` is safe.
//!
//! **Windowed kernels** (`conv_2d`, `depthwise_conv_2d`, `avg_pool_2d`, `max_pool_2d`, NHWC,
//! row-major): a unit is one output row `(n, oy)` — all its pixels and channels. The nests
//! (`window::ConvWindow::for_each_pixel`: border rows above, interior rows, border rows
//! below, or all of it reversed; the pool's `nest`) take batches, then rows, in one order, but
//! inside a row the pixels come in any order (interior column groups first, clipped columns
//! last) and reads and writes interleave (channel blocks re-read the window after earlier
//! blocks stored), so a row's own reads count among those after its writes. A row reads only its
//! window's taps inside the image (`window::tap_range`): its lowest input byte is the start of
//! its first valid tap row, its highest the end of its last. `first_read(u)` is the minimum of
//! that over rows `>= u` (a suffix minimum: with dilation, the first valid tap row is not
//! monotone), `read_end(u)` the maximum over rows `<= u`, `out_end(u) = (u + 1)·out_row` and
//! `out_start(u) = u·out_row`.
//!
//! **Elementwise kernels** (same-index: activations, quantize/dequantize, add/sub/mul whose first
//! input is not broadcast; increasing order only): a unit is one element, in row-major order of
//! the output, which is also the input's index. Its one load precedes its store (the stored value
//! depends on it), so reads after element `u`'s store start at element `u + 1`: `first_read(u) =
//! (u+1)·in_size`, `out_end(u) = (u+1)·out_size`, for `u` below the last element (nothing is read
//! after the last store). Same-size elements give `D = 0` (in place); a smaller output element
//! (quantize from f32) lets the output start a few bytes above; a larger one (dequantize) must
//! start far below.
//!
//! # When the hint is emitted
//!
//! [`hint`] states the allowance for the planner only where it holds for the whole buffers: both
//! are scratch `buffer.alloc`s or function arguments (the planner places those only with
//! `use-workspace-io`; constants are never moved, a persistent buffer is read again by the next
//! call), the kernel is the input's last reader and the output's first user whenever it runs (no
//! op after it touches the input's storage, none before it the output's, views apart), and no
//! other operand reads the input's storage through another view (`add(x, transpose(x))` reads
//! other bytes than the first input's at each step; the very same value, `add(x, x)`, reads the
//! same). Before the kernel the output holds nothing, after it the input is dead, so only the
//! kernel itself may see the shared bytes.
//!
//! Inside regions the planner sees every buffer a region uses live across the whole op, so
//! "before" and "after" extend outward, by a rule on the enclosing ops: the kernel must be first
//! and last in its block, and so must the op holding that block in its own block, level by level
//! out to the function (an `IF` runs one of its regions per invocation, so its other regions do
//! not count). A loop (an op with the `LOOP_LIKE` trait) runs its regions again: the walk stops
//! there, and the hint holds only if both buffers are allocs that only ops inside the loop's
//! region block touch (values the body computes anew in each iteration, before reading them). A
//! carried value, which the body reads, the next iteration reads again and the code after the
//! loop reads, never gets one.
//!
//! Anything else (strided or non-row-major operands, fully_connected, softmax, mean, pad,
//! concatenation, strided_slice, broadcast first inputs...) has no allowance.

use super::window::tap_range;
use mc_dialects::buffer::{AllocOp, DeltaBound, KernelOp, Role, RowOrder, ViewOp, root_buffer};
use mc_dialects::graph::shapes::Window;
use mc_dialects::graph::window_padding;
use mc_ir::{BlockId, Context, OpId, Traits, Value};

/// The windowed kernels' geometry the allowance depends on, along the height.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct WindowGeometry {
    /// Batches.
    pub batches: i64,
    /// Input rows per batch.
    pub in_rows: i64,
    /// Output rows per batch.
    pub out_rows: i64,
    /// Filter taps.
    pub filter: i64,
    /// Stride.
    pub stride: i64,
    /// Dilation.
    pub dilation: i64,
    /// Padding rows above the input.
    pub pad: i64,
    /// Bytes of one input row (width × channels × element size).
    pub in_row: i64,
    /// Bytes of one output row.
    pub out_row: i64,
}

/// The allowance of a windowed kernel computing its rows in `order`.
pub fn window_allowance(g: &WindowGeometry, order: RowOrder) -> DeltaBound {
    let in_batch = g.in_rows * g.in_row;
    let units = g.batches * g.out_rows;
    // Per output row, the input rows `[first, last]` its valid taps read.
    let read_rows: Vec<Option<(i64, i64)>> = (0..g.out_rows)
        .map(|oy| {
            let origin = oy * g.stride - g.pad;
            let (lo, hi) = tap_range(origin, g.filter, g.dilation, g.in_rows);
            (lo < hi).then(|| (origin + lo * g.dilation, origin + (hi - 1) * g.dilation))
        })
        .collect();
    let reads = |index: i64| {
        let (n, oy) = (index / g.out_rows.max(1), index % g.out_rows.max(1));
        read_rows[oy as usize]
            .map(|(first, last)| (n * in_batch + first * g.in_row, n * in_batch + (last + 1) * g.in_row))
    };
    match order {
        RowOrder::Ascending => {
            // Rows from the last, carrying the lowest byte read from each on (none: a write
            // after the last read is harmless); past the input's end, a placement is disjoint.
            let mut lowest: Option<i64> = None;
            let mut best = g.batches * in_batch;
            for index in (0..units).rev() {
                if let Some((first, _)) = reads(index) {
                    lowest = Some(lowest.map_or(first, |l| l.min(first)));
                }
                if let Some(lowest) = lowest {
                    best = best.min(lowest - (index + 1) * g.out_row);
                }
            }
            DeltaBound::AtMost(best)
        }
        RowOrder::Descending => {
            // Rows from the first, carrying the highest byte read up to each (none: a write
            // after the last read is harmless); below the output's size under the input, a
            // placement is disjoint.
            let mut highest: Option<i64> = None;
            let mut best = -units * g.out_row;
            for index in 0..units {
                if let Some((_, end)) = reads(index) {
                    highest = Some(highest.map_or(end, |h| h.max(end)));
                }
                if let Some(highest) = highest {
                    best = best.max(highest - index * g.out_row);
                }
            }
            DeltaBound::AtLeast(best)
        }
    }
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

/// The allowance to state in a `buffer.overlap` hint in front of kernel `op` (see the module
/// docs: [`allowance`], for whole scratch buffers the kernel alone shares), on buffer-level IR.
pub fn hint(ctx: &Context, op: OpId, name: &str, inputs: &[Value], output: Value) -> Option<DeltaBound> {
    let &input = inputs.first()?;
    // Scratch allocs, or the function's arguments (the planner places them with
    // use-workspace-io, and ignores the hint otherwise).
    let scratch = |v: Value| {
        let root = root_buffer(ctx, v);
        let Some(def) = ctx.defining_op(root) else { return Some(root) };
        let alloc = AllocOp::cast(ctx, def)?;
        (alloc.role_value(ctx).unwrap_or(Role::Scratch) == Role::Scratch).then_some(root)
    };
    let (in_root, out_root) = (scratch(input)?, scratch(output)?);
    if in_root == out_root || inputs[1..].iter().any(|&other| other != input && root_buffer(ctx, other) == in_root) {
        return None;
    }
    if !alone_with_them(ctx, op, in_root, out_root) {
        return None;
    }
    allowance(ctx, op, name, inputs, output)
}

/// True if kernel `op` is the last op touching `in_root` (views apart) and the first touching
/// `out_root` whenever it runs: no op before it in its block touches the output's storage, none
/// after it the input's, and the same of the op holding its block in that op's block, level by
/// level out to the function. A region of a loop ends the walk: its ops run again, so the
/// buffers must belong to that region's block alone ([`block_local`]).
fn alone_with_them(ctx: &Context, op: OpId, in_root: Value, out_root: Value) -> bool {
    let mut inner = op;
    loop {
        let Some(block) = ctx.operation(inner).parent_block() else { return false };
        if !first_and_last_in_block(ctx, block, inner, in_root, out_root) {
            return false;
        }
        let Some(parent) = ctx.block_parent_op(block) else { return false };
        if ctx.has_trait(parent, Traits::ISOLATED_FROM_ABOVE) {
            return true;
        }
        if ctx.has_trait(parent, Traits::LOOP_LIKE) {
            return block_local(ctx, block, in_root, out_root);
        }
        // One region of an IF runs per invocation: its other regions do not matter.
        inner = parent;
    }
}

/// True if no op before `op` in `block` touches `out_root` and none after it touches `in_root`.
fn first_and_last_in_block(ctx: &Context, block: BlockId, op: OpId, in_root: Value, out_root: Value) -> bool {
    let touches_nested = |other: OpId, root: Value| ctx.walk_preorder(other).into_iter().any(|o| touches(ctx, o, root));
    let mut before = true;
    ctx.block_ops(block).all(|other| {
        if other == op {
            before = false;
            return true;
        }
        !touches_nested(other, if before { out_root } else { in_root })
    })
}

/// True if `op` itself (not the ops nested in it) reads or writes the storage of `root`: a view
/// of it does not, its readers do.
fn touches(ctx: &Context, op: OpId, root: Value) -> bool {
    ViewOp::cast(ctx, op).is_none() && ctx.operation(op).operands().any(|v| root_buffer(ctx, v) == root)
}

/// True if `in_root` and `out_root` are allocs that only ops nested in `block` touch: values
/// the block computes anew each time it runs (in SSA order, before anything reads them), whose
/// bytes nothing outside it sees.
fn block_local(ctx: &Context, block: BlockId, in_root: Value, out_root: Value) -> bool {
    let allocated = |root: Value| ctx.defining_op(root).is_some_and(|def| AllocOp::cast(ctx, def).is_some());
    let Some(function) = enclosing_ops(ctx, block).find(|&op| ctx.has_trait(op, Traits::ISOLATED_FROM_ABOVE)) else {
        return false;
    };
    allocated(in_root)
        && allocated(out_root)
        && ctx.walk_preorder(function).into_iter().all(|op| {
            !(touches(ctx, op, in_root) || touches(ctx, op, out_root))
                || ctx.operation(op).parent_block().is_some_and(|own| {
                    own == block
                        || enclosing_ops(ctx, own).any(|outer| ctx.operation(outer).parent_block() == Some(block))
                })
        })
}

/// The ops holding `block`, from its own region's op outward.
fn enclosing_ops(ctx: &Context, block: BlockId) -> impl Iterator<Item = OpId> + '_ {
    std::iter::successors(ctx.block_parent_op(block), move |&op| {
        ctx.operation(op).parent_block().and_then(|b| ctx.block_parent_op(b))
    })
}

/// The kernels whose output may overlap their first input element by element.
const ELEMENTWISE: [&str; 10] =
    ["relu", "relu6", "relu_n1_to_1", "logistic", "tanh", "quantize", "dequantize", "add", "sub", "mul"];

/// The allowance of kernel `name` (the op `op` holding its attributes and row order) writing
/// `output` from `inputs`, between `output` and `inputs[0]`; `None` when no overlap is known to
/// be safe.
pub fn allowance(ctx: &Context, op: OpId, name: &str, inputs: &[Value], output: Value) -> Option<DeltaBound> {
    let &input = inputs.first()?;
    let (in_type, out_type) = (ctx.value_type(input), ctx.value_type(output));
    let (in_buf, out_buf) = (ctx.buffer(in_type)?, ctx.buffer(out_type)?);
    if !in_buf.is_row_major_contiguous() || !out_buf.is_row_major_contiguous() {
        return None;
    }
    let in_size = i64::try_from(ctx.buffer_element_bytes(in_type)?).ok()?;
    let out_size = i64::try_from(ctx.buffer_element_bytes(out_type)?).ok()?;
    let (in_shape, out_shape) = (&in_buf.shape, &out_buf.shape);
    let order = KernelOp::cast(ctx, op).map_or(Some(RowOrder::Ascending), |k| k.row_order_value(ctx))?;
    if ELEMENTWISE.contains(&name) {
        let ascending = in_shape == out_shape && order == RowOrder::Ascending;
        return ascending
            .then(|| DeltaBound::AtMost(elementwise_allowance(out_shape.iter().product(), in_size, out_size)));
    }
    let int = |attr: &str| ctx.attr(op, attr).and_then(|a| ctx.integer_value(a)).and_then(|v| i64::try_from(v).ok());
    let filter = match name {
        "conv_2d" | "depthwise_conv_2d" => {
            let filter = ctx.buffer(ctx.value_type(*inputs.get(1)?))?;
            [*filter.shape.get(1)?, *filter.shape.get(2)?]
        }
        "avg_pool_2d" | "max_pool_2d" | "l2_pool_2d" => [int("filter_h")?, int("filter_w")?],
        _ => return None,
    };
    let dilation = match name {
        "conv_2d" | "depthwise_conv_2d" => [int("dilation_h")?, int("dilation_w")?],
        _ => [1, 1],
    };
    let padding = window_padding(ctx, op)?;
    let window = Window { filter, stride: [int("stride_h")?, int("stride_w")?], dilation, padding };
    let ([n, h, w, c], [on, oh, ow, oc]) = (in_shape.as_slice(), out_shape.as_slice()) else { return None };
    if n != on
        || window.stride.iter().chain(&dilation).any(|&v| v < 1)
        || window.output_size([*h, *w]).ok()? != [*oh, *ow]
    {
        return None;
    }
    let [pad, _] = window.padding_before([*h, *w]).ok()?;
    Some(window_allowance(
        &WindowGeometry {
            batches: *n,
            in_rows: *h,
            out_rows: *oh,
            filter: filter[0],
            stride: window.stride[0],
            dilation: dilation[0],
            pad,
            in_row: w * c * in_size,
            out_row: ow * oc * out_size,
        },
        order,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the output `d` bytes after the input is safe, by brute force in program order:
    /// no write of a row lands on an input row read by that row or a later one.
    fn safe(g: &WindowGeometry, order: RowOrder, d: i64) -> bool {
        let mut units: Vec<(i64, i64)> = (0..g.batches).flat_map(|n| (0..g.out_rows).map(move |oy| (n, oy))).collect();
        if order == RowOrder::Descending {
            units.reverse();
        }
        let read_rows = |&(n, oy): &(i64, i64)| -> Vec<(i64, i64)> {
            let taps = (0..g.filter).map(|f| oy * g.stride - g.pad + f * g.dilation);
            let inside = taps.filter(|iy| (0..g.in_rows).contains(iy));
            inside.map(|iy| ((n * g.in_rows + iy) * g.in_row, (n * g.in_rows + iy + 1) * g.in_row)).collect()
        };
        units.iter().enumerate().all(|(k, &(n, oy))| {
            let start = d + (n * g.out_rows + oy) * g.out_row;
            let written = (start, start + g.out_row);
            units[k..].iter().flat_map(read_rows).all(|(lo, hi)| written.1 <= lo || hi <= written.0)
        })
    }

    /// The bound by brute force over every `d` from fully below the input to fully above it:
    /// the largest `d` below which every `d` is safe (rows ascending), or the smallest above
    /// which every one is (descending).
    fn brute_force(g: &WindowGeometry, order: RowOrder) -> DeltaBound {
        let (in_bytes, out_bytes) = (g.batches * g.in_rows * g.in_row, g.batches * g.out_rows * g.out_row);
        match order {
            RowOrder::Ascending => {
                let first_unsafe = (-out_bytes..=in_bytes).find(|&d| !safe(g, order, d)).unwrap_or(in_bytes + 1);
                DeltaBound::AtMost(first_unsafe - 1)
            }
            RowOrder::Descending => {
                let last_unsafe = (-out_bytes..=in_bytes).rev().find(|&d| !safe(g, order, d)).unwrap_or(-out_bytes - 1);
                DeltaBound::AtLeast(last_unsafe + 1)
            }
        }
    }

    #[test]
    fn the_row_formula_matches_the_brute_force_bound() {
        let mut cases = 0;
        for batches in 1..3 {
            for in_rows in 1..7 {
                for filter in 1..4 {
                    for stride in 1..3 {
                        for dilation in 1..3 {
                            for pad in 0..3 {
                                for (in_row, out_row) in [(6, 6), (12, 4), (3, 9)] {
                                    let span = (filter - 1) * dilation + 1;
                                    if in_rows + 2 * pad < span {
                                        continue;
                                    }
                                    let out_rows = (in_rows + 2 * pad - span) / stride + 1;
                                    let g = WindowGeometry {
                                        batches,
                                        in_rows,
                                        out_rows,
                                        filter,
                                        stride,
                                        dilation,
                                        pad,
                                        in_row,
                                        out_row,
                                    };
                                    for order in [RowOrder::Ascending, RowOrder::Descending] {
                                        assert_eq!(
                                            window_allowance(&g, order),
                                            brute_force(&g, order),
                                            "{g:?} {order:?}"
                                        );
                                    }
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
    fn a_same_padded_3x3_conv_keeps_two_rows_below() {
        // 8 rows of 24 bytes in and out, 3 taps, stride 1, one padding row: output rows 0 and
        // 1 both read input row 0, so the output may start two rows below the input.
        let g = WindowGeometry {
            batches: 1,
            in_rows: 8,
            out_rows: 8,
            filter: 3,
            stride: 1,
            dilation: 1,
            pad: 1,
            in_row: 24,
            out_row: 24,
        };
        assert_eq!(window_allowance(&g, RowOrder::Ascending), DeltaBound::AtMost(-48));
        // Last row first: the output ends two rows above the input.
        assert_eq!(window_allowance(&g, RowOrder::Descending), DeltaBound::AtLeast(48));
        // A 1x1 window reads only its own row: one row below, or one above.
        let pointwise = WindowGeometry { filter: 1, pad: 0, ..g };
        assert_eq!(window_allowance(&pointwise, RowOrder::Ascending), DeltaBound::AtMost(-24));
        assert_eq!(window_allowance(&pointwise, RowOrder::Descending), DeltaBound::AtLeast(24));
        // Stride 2 halves the output rows: row oy reads from 2·oy - 1 to 2·oy + 1.
        let strided = WindowGeometry { out_rows: 4, stride: 2, out_row: 12, ..g };
        assert_eq!(window_allowance(&strided, RowOrder::Ascending), DeltaBound::AtMost(-12));
        // Row 3 reads up to input row 7 (the last, 192 bytes), written from byte 36 of the output.
        assert_eq!(window_allowance(&strided, RowOrder::Descending), DeltaBound::AtLeast(156));
    }

    #[test]
    fn elementwise_allowances_follow_the_element_sizes() {
        assert_eq!(elementwise_allowance(100, 1, 1), 0);
        assert_eq!(elementwise_allowance(100, 4, 1), 3);
        assert_eq!(elementwise_allowance(100, 1, 4), -297);
        assert_eq!(elementwise_allowance(1, 1, 4), 1);
    }
}
