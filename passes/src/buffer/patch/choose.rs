//! The run and tile grid for a goal: every run length from 2 that the function's opening
//! kernels allow (one layer alone keeps its input and output whole) and every grid up to
//! [`MAX_TILES`] per axis is tried on a copy of the function, its peak (the most scratch bytes
//! live at one step, as `buffer-reorder-for-memory` counts them) estimated, and among those
//! meeting the goal the one recomputing the fewest multiply-adds wins (ties: the lower peak, then
//! fewer tiles). Multiply-adds of a windowed layer are its output elements times its taps (times
//! the input channels for a convolution); the halos of the tiles are what a patch computes twice.
//!
//! The peak is an estimate before lowering: kernel workspaces, which appear with the loop nests,
//! are not in it, and the planner's pools may exceed the least bytes live at one step; a bank's
//! capacity stays `usmp`'s to enforce (vww: 19,968 B estimated and planned for a 20,000 B goal).

use super::geometry::{LayerTile, grid_tiles};
use super::run::{Run, find_run};
use crate::buffer::reorder_for_memory::peak_in_order;
use mc_dialects::func::FuncOp;
use mc_ir::rewrite::clone::clone_op;
use mc_ir::{BlockId, Context, Diagnostic, InsertPoint, OpId};
use rustc_hash::FxHashMap;

/// The most tiles per axis tried.
pub const MAX_TILES: i64 = 8;

/// The longest run tried.
pub const MAX_LAYERS: usize = 16;

/// One run and grid tried, with its estimated peak and the multiply-adds it adds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// Run length.
    pub layers: usize,
    /// Rows and columns of tiles.
    pub tiles: [i64; 2],
    /// Estimated peak in bytes.
    pub peak: u64,
    /// Multiply-adds computed beyond the unpatched run's.
    pub extra: u64,
}

/// The run and grid for `goal` bytes in `body` (of `func`): `None` when the function meets it
/// unpatched.
///
/// # Errors
///
/// No run and grid meets the goal: the error gives the least peak found and its run and grid.
pub fn choose(
    ctx: &mut Context,
    func: OpId,
    body: BlockId,
    goal: u64,
) -> Result<Option<(usize, [i64; 2])>, Diagnostic> {
    let unpatched = peak_in_order(ctx, body);
    if unpatched <= goal {
        return Ok(None);
    }
    let candidates = candidates(ctx, func, body);
    let best = candidates.iter().filter(|c| c.peak <= goal).min_by_key(|c| (c.extra, c.peak, c.tiles[0] * c.tiles[1]));
    if let Some(best) = best {
        return Ok(Some((best.layers, best.tiles)));
    }
    let message = match candidates.iter().min_by_key(|c| (c.peak, c.extra)) {
        Some(least) if least.peak < unpatched => format!(
            "buffer-patch: no patch meets the goal of {goal} bytes: the least peak found is {} bytes, with layers = {}, \
             tiles = [{}, {}] ({unpatched} bytes unpatched)",
            least.peak, least.layers, least.tiles[0], least.tiles[1]
        ),
        _ => format!(
            "buffer-patch: no patch meets the goal of {goal} bytes: the least peak found is {unpatched} bytes, unpatched \
             (no run of windowed layers opens the function, or patching it does not lower the peak)"
        ),
    };
    Err(ctx.op_error(func, message))
}

/// Every run length (from 2) and grid that applies to `body`, each tried on a copy of `func`.
pub fn candidates(ctx: &mut Context, func: OpId, body: BlockId) -> Vec<Candidate> {
    let mut out = Vec::new();
    for layers in 2..=MAX_LAYERS {
        let Ok(run) = find_run(ctx, body, layers, func) else { break };
        let size = run.output_size(ctx);
        let whole = work(ctx, &run, &[whole_tile(&run, ctx)]);
        for rows in 1..=MAX_TILES.min(size[0]) {
            for cols in 1..=MAX_TILES.min(size[1]) {
                if rows * cols == 1 {
                    continue;
                }
                let Some(grid) = grid_tiles(&run.windows(), size, [rows, cols]) else { continue };
                let extra = work(ctx, &run, &grid).saturating_sub(whole);
                if let Some(peak) = peak_of_copy(ctx, func, layers, [rows, cols]) {
                    out.push(Candidate { layers, tiles: [rows, cols], peak, extra });
                }
            }
        }
    }
    out
}

/// The peak of a copy of `func` patched with `layers` and `tiles` (`None` if the patch does not
/// apply); the copy is erased.
fn peak_of_copy(ctx: &mut Context, func: OpId, layers: usize, tiles: [i64; 2]) -> Option<u64> {
    let copy = clone_op(ctx, func, &mut FxHashMap::default(), InsertPoint::after(ctx, func));
    let body = FuncOp(copy).entry_block(ctx).expect("a body");
    let peak = super::patch_function(ctx, copy, body, layers, tiles).ok().map(|[_, peak, _]| peak);
    ctx.erase_op(copy);
    peak
}

/// The run's layers over its whole output (one tile).
fn whole_tile(run: &Run, ctx: &Context) -> Vec<LayerTile> {
    let size = run.output_size(ctx);
    super::geometry::tile_layers(&run.windows(), 0..size[0], 0..size[1])
}

/// The multiply-adds of `tiles` of `run`.
fn work(ctx: &Context, run: &Run, tiles: &[Vec<LayerTile>]) -> u64 {
    let per_pixel: Vec<i64> = run
        .layers
        .iter()
        .map(|layer| {
            let kernel = layer.kernel;
            let [h, w] = layer.windows;
            let output = ctx.buffer(ctx.value_type(kernel.output(ctx))).expect("a buffer");
            let channels = output.shape[0] * output.shape[3];
            let depth = if kernel.kernel_name(ctx) == Some("conv_2d") {
                ctx.buffer(ctx.value_type(kernel.inputs(ctx)[0])).expect("a buffer").shape[3]
            } else {
                1
            };
            channels * h.filter * w.filter * depth
        })
        .collect();
    tiles
        .iter()
        .flat_map(|tile| tile.iter().zip(&per_pixel))
        .map(|(part, &cost)| {
            let pixels = (part.output[0].end - part.output[0].start) * (part.output[1].end - part.output[1].start);
            (pixels * cost) as u64
        })
        .sum()
}
