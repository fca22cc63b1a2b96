//! Rewrites a run into its tiles: for each tile of the last output, row by row, every layer's
//! kernel again, reading the previous layer's tile buffer (the first layer: a view of the run's
//! input), writing a tile buffer of its own (the last layer: a view of the run's output), with
//! the tile's explicit padding ([`super::geometry`]); a layer's in-place elementwise followers
//! run on its tile buffer (through a view of it where they reinterpret its quantization). The
//! run's kernels and their whole intermediate buffers go; the memory planner then sees only the
//! tile buffers, each live within its tile.
//!
//! ```mlir
//! %a = buffer.alloc() : !buffer<1x48x48x8xi8>
//! buffer.kernel conv_2d ins(%x, %w0, %b0) outs(%a) {padding = "SAME", stride_h = 2, ...}
//! buffer.kernel depthwise_conv_2d ins(%a, %w1, %b1) outs(%y) {padding = "SAME", ...}
//! // becomes, with tiles = [2, 2] (first tile shown)
//! %x0 = buffer.view %x : ... to !buffer<1x51x51x3xi8, strides: [27648, 288, 3, 1], offset: 0>
//! %a0 = buffer.alloc() : !buffer<1x25x25x8xi8>
//! buffer.kernel conv_2d ins(%x0, %w0, %b0) outs(%a0) {pad = array<i64: 0, 0, 0, 0>, ...}
//! %y0 = buffer.view %y : ... to !buffer<1x24x24x8xi8, strides: [18432, 384, 8, 1], offset: 0>
//! buffer.kernel depthwise_conv_2d ins(%a0, %w1, %b1) outs(%y0) {pad = array<i64: 1, 0, 1, 0>, ...}
//! ...
//! ```

use super::geometry::LayerTile;
use super::run::Run;
use mc_dialects::buffer::{AllocOp, Role, ViewOp, window_view_type};
use mc_dialects::graph::attributes::i64_array_attr;
use mc_ir::rewrite::clone::clone_op;
use mc_ir::{BufferType, Builder, Context, Diagnostic, InsertPoint, Value};
use rustc_hash::FxHashMap;
use std::ops::Range;

/// Replaces `run` by `tiles` (each tile's layers, first first, as [`super::geometry::grid_tiles`]
/// gives them).
///
/// # Errors
///
/// A layer that reads or writes row-major buffers only (a pool) first or last in the run where
/// a tile of the run's input or output is not one contiguous run of storage; nothing changes
/// then.
pub fn patch_run(ctx: &mut Context, run: &Run, tiles: &[Vec<LayerTile>]) -> Result<(), Diagnostic> {
    let last = run.layers.len() - 1;
    for (index, layer) in [(0, &run.layers[0]), (last, &run.layers[last])] {
        let value = if index == 0 { run.input } else { run.output };
        let range = |part: &LayerTile| if index == 0 { part.input.clone() } else { part.output.clone() };
        let contiguous = tiles.iter().all(|tile| window_type(ctx, value, &range(&tile[index])).1);
        if !layer.strided && !contiguous {
            let name = layer.kernel.kernel_name(ctx).unwrap_or("?").to_string();
            return Err(ctx.op_error(
                layer.kernel.op(),
                format!(
                    "buffer-patch: layer {} ('{name}') takes row-major buffers only, and the tiles cut its {} across rows; \
                     split the rows only (tiles = [N, 1])",
                    index + 1,
                    if index == 0 { "input" } else { "output" }
                ),
            ));
        }
    }
    let anchor = run.layers[last].kernel.op();
    for tile in tiles {
        let mut input = view(ctx, run.input, &tile[0].input, anchor);
        for (index, (layer, part)) in run.layers.iter().zip(tile).enumerate() {
            let kernel = layer.kernel;
            let mut output = if index == last {
                view(ctx, kernel.output(ctx), &part.output, anchor)
            } else {
                let whole = ctx.buffer(ctx.value_type(kernel.output(ctx))).expect("a buffer").clone();
                let shape = vec![whole.shape[0], len(&part.output[0]), len(&part.output[1]), whole.shape[3]];
                let ty = ctx.intern_buffer_type(BufferType::identity(shape, whole.element));
                let loc = ctx.operation(kernel.op()).loc();
                let mut b = Builder::at(ctx, InsertPoint::before(ctx, anchor), loc);
                AllocOp::build(&mut b, ty, Role::Scratch).result()
            };
            let mut map = FxHashMap::default();
            map.insert(kernel.inputs(ctx)[0], input);
            map.insert(kernel.output(ctx), output);
            let copy = clone_op(ctx, kernel.op(), &mut map, InsertPoint::before(ctx, anchor));
            let pad = i64_array_attr(ctx, &part.pad);
            ctx.set_attr(copy, "padding", None);
            ctx.set_attr(copy, "row_order", None);
            ctx.set_attr(copy, "pad", Some(pad));
            for &follower in &layer.followers {
                let (read, written) = (follower.inputs(ctx)[0], follower.output(ctx));
                let target = if written == read {
                    output
                } else if index == last {
                    view(ctx, written, &part.output, anchor)
                } else {
                    reinterpret(ctx, output, written, anchor)
                };
                let mut map = FxHashMap::default();
                map.insert(read, output);
                map.insert(written, target);
                clone_op(ctx, follower.op(), &mut map, InsertPoint::before(ctx, anchor));
                output = target;
            }
            input = output;
        }
    }
    for (index, layer) in run.layers.iter().enumerate().rev() {
        let written = layer.kernel.output(ctx);
        for kernel in layer.kernels().collect::<Vec<_>>().into_iter().rev() {
            ctx.erase_op(kernel.op());
        }
        if index != last {
            erase_storage(ctx, written);
        }
    }
    Ok(())
}

/// Erases the alloc defining `value` and the views of it, none of them used any more.
fn erase_storage(ctx: &mut Context, value: Value) {
    let views: Vec<_> = ctx.uses(value).map(|u| u.user).collect();
    for view in views {
        erase_storage(ctx, view.result(0));
        ctx.erase_op(view);
    }
    if let Some(alloc) = ctx.defining_op(value).filter(|&op| AllocOp::cast(ctx, op).is_some()) {
        ctx.erase_op(alloc);
    }
}

/// A view of tile buffer `tile` with the element type of `like` (a whole-buffer view the
/// follower writes through), built before `anchor`.
fn reinterpret(ctx: &mut Context, tile: Value, like: Value, anchor: mc_ir::OpId) -> Value {
    let shape = ctx.buffer(ctx.value_type(tile)).expect("a buffer").shape.clone();
    let element = ctx.buffer(ctx.value_type(like)).expect("a buffer").element;
    let ty = ctx.intern_buffer_type(BufferType::identity(shape, element));
    let loc = ctx.operation(anchor).loc();
    let mut b = Builder::at(ctx, InsertPoint::before(ctx, anchor), loc);
    ViewOp::build(&mut b, tile, ty, 0).result()
}

/// Elements in `range`.
fn len(range: &Range<i64>) -> i64 {
    range.end - range.start
}

/// The type of the view of NHWC buffer `value` holding rows and columns `window` (all batches
/// and channels), and whether it is row-major (one contiguous run of storage).
fn window_type(ctx: &Context, value: Value, window: &[Range<i64>; 2]) -> (BufferType, bool) {
    let source = ctx.buffer(ctx.value_type(value)).expect("a buffer");
    let [b, _, _, c] = source.shape[..] else { unreachable!("NHWC buffers only") };
    let shape = vec![b, len(&window[0]), len(&window[1]), c];
    let begin = [0, window[0].start, window[1].start, 0];
    if let Some(row_major) = window_view_type(source, &begin, &shape, &shape) {
        return (row_major, true);
    }
    let offset = source.offset + window[0].start * source.strides[1] + window[1].start * source.strides[2];
    (BufferType::identity(shape, source.element).with_layout(source.strides.clone(), offset), false)
}

/// `value` itself when `window` is all of it, else a view of the window, built before `anchor`.
fn view(ctx: &mut Context, value: Value, window: &[Range<i64>; 2], anchor: mc_ir::OpId) -> Value {
    let (ty, _) = window_type(ctx, value, window);
    let source = ctx.buffer(ctx.value_type(value)).expect("a buffer").clone();
    if ty.shape == source.shape {
        return value;
    }
    let delta = ty.offset - source.offset;
    let ty = ctx.intern_buffer_type(ty);
    let loc = ctx.operation(anchor).loc();
    let mut b = Builder::at(ctx, InsertPoint::before(ctx, anchor), loc);
    ViewOp::build(&mut b, value, ty, delta).result()
}
