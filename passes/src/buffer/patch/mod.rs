//! `buffer-patch`: patch-based execution of a vision network's first layers (MCUNetV2, Lin et
//! al., NeurIPS 2021). The run of windowed kernels that opens a function (with the unary
//! elementwise kernels running in place after them) is computed tile by tile of its last output, each tile through every layer of the run into small per-tile
//! buffers, the overlapping halos recomputed, so the run's large intermediate activations never
//! exist whole: the memory planner sees only the tile buffers, live one tile at a time.
//!
//! The run (its length, `layers`) and the tile grid (`tiles`, rows and columns of the last
//! output) come from the options, or from the `[memory.patch]` table of the `config` file; when
//! neither gives them and a goal is set (`peak-bytes`, or the file's `[memory] peak_bytes`, or
//! the capacity of its writable banks), the pass chooses them ([`choose`]): among the runs and
//! grids whose estimated peak meets the goal, the one recomputing the fewest multiply-adds. A
//! function whose peak already meets the goal is left alone; when no patch meets a
//! `peak_bytes` goal the pass fails with the least peak it found, when none fits the banks the
//! function stays as it is and `usmp` reports what overflows.
//!
//! | module | holds |
//! |---|---|
//! | [`geometry`] | the rows and columns each layer computes and reads per tile, and its padding |
//! | [`run`] | the run of windowed kernels opening a function body |
//! | [`rewrite`] | the run replaced by its tiles |
//! | [`choose`] | the run and grid chosen for a goal |
//! | [`bound`] | the lower bound of the unpatched function, lowered as the pipelines lower it |
//! | [`config`] | `[memory.patch]` and `peak_bytes` of the memory configuration file |
//!
//! Every tile computes exactly the values the whole run computes for its pixels (padding only
//! at the tensor's border), so the results are bit-exact. A patched function records its run,
//! grid, estimated peaks before and after, and its operator-at-a-time lower bound ([`bound`]) in
//! its `patch` attribute ([`PATCH`]), which the residency report prints beside the lower bound of
//! the patched schedule.

pub mod bound;
pub mod choose;
pub mod config;
pub mod geometry;
pub mod rewrite;
pub mod run;

use crate::buffer::reorder_for_memory::peak_in_order;
use config::PatchConfig;
use mc_dialects::func::FuncOp;
use mc_ir::pass::{AnalysisManager, OptionSet, Pass};
use mc_ir::{Context, Diagnostic, Failure, OpId};

mc_ir::pass_options! {
    /// Options of `buffer-patch`.
    pub struct PatchOptions {
        /// How many kernels, from the first of each function, run tile by tile (0: as the
        /// config file says, or chosen for the goal).
        layers: i64 = 0,
        /// The tile grid over the run's last output: rows, columns.
        tiles: Vec<i64> = Vec::new(),
        /// A goal for the scratch bytes live at once (0: the config file's, if any).
        peak_bytes: i64 = 0,
        /// A TOML file whose `[memory.patch]` table gives `layers` and `tiles`, or whose
        /// `[memory]` table gives `peak_bytes` or banks with capacities.
        config: String = String::new(),
    }
}

/// The attribute of a patched function: its run and grid, the kernels of a tile, the peaks before
/// and after as [`choose`] estimates them, and the lower bound of planning it unpatched
/// (`{layers, kernels, rows, cols, original_peak, peak, operator_at_a_time_bound}`, in bytes),
/// which the residency report prints.
pub const PATCH: &str = "patch";

/// How the kernels of patched function `func` run in tiles, from its [`PATCH`] attribute: the
/// kernels of one tile and the number of tiles. The body's first `kernels × tiles` kernels are
/// the tiles', tile after tile (kernel `k` belongs to tile `k / kernels`); `None` for a function
/// not patched.
pub fn patched_kernels(ctx: &Context, func: OpId) -> Option<(usize, usize)> {
    let entries = ctx.attr(func, PATCH)?;
    let value = |name: &str| {
        ctx.dictionary_get(entries, name).and_then(|a| ctx.integer_value(a)).and_then(|v| usize::try_from(v).ok())
    };
    Some((value("kernels")?, value("rows")? * value("cols")?))
}

/// The `buffer-patch` pass.
#[derive(Default)]
pub struct BufferPatch {
    options: PatchOptions,
}

/// What the pass does to each function.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Plan {
    /// Run the first `layers` kernels tile by tile in a grid of `tiles`.
    Patch { layers: usize, tiles: [i64; 2] },
    /// Choose a run and grid whose peak meets the goal (bytes), if the function misses it. A
    /// goal `peak_bytes` sets is an error when nothing meets it; one the banks' capacity sets
    /// leaves the function as it is then, for `usmp` to report what overflows.
    Goal { bytes: u64, required: bool },
    /// Nothing.
    Nothing,
}

impl Pass for BufferPatch {
    fn argument(&self) -> &str {
        "buffer-patch"
    }

    fn summary(&self) -> &str {
        "Run the first windowed layers of each function tile by tile, halos recomputed"
    }

    fn description(&self) -> &str {
        "Replaces the run of the first `layers` buffer.kernels of each function (conv_2d, \
         depthwise_conv_2d and pools, each reading the previous one's output, each with the unary \
         elementwise kernels running in place on its output after it) by the same \
         kernels per tile of the run's last output (`tiles` = rows, columns), each tile computing \
         its receptive field through the run into per-tile buffers with explicit padding at the \
         tensor's border only; the whole intermediate buffers go. With neither option, \
         `config`'s [memory.patch] table (layers, tiles) applies; else a goal (`peak-bytes`, \
         [memory] peak_bytes, or the capacity of the file's writable banks) makes the pass \
         choose the run and grid with the least recomputation among those whose estimated peak \
         of live scratch bytes meets it, and fail with the least peak found when none meets \
         a peak_bytes goal (when none fits the banks, the function stays for usmp to report). \
         The values computed never change."
    }

    fn anchor(&self) -> Option<&str> {
        Some("builtin.module")
    }

    fn options(&self) -> Option<&dyn OptionSet> {
        Some(&self.options)
    }

    fn options_mut(&mut self) -> Option<&mut dyn OptionSet> {
        Some(&mut self.options)
    }

    fn run(&mut self, ctx: &mut Context, op: OpId, analyses: &mut AnalysisManager) -> Result<(), Failure> {
        let plan = self.plan().map_err(|message| ctx.op_error(op, format!("buffer-patch: {message}")))?;
        if plan == Plan::Nothing {
            analyses.mark_all_preserved();
            return Ok(());
        }
        let functions: Vec<FuncOp> = ctx.walk_preorder(op).into_iter().filter_map(|o| FuncOp::cast(ctx, o)).collect();
        let mut changed = false;
        for func in functions {
            let Some(body) = func.entry_block(ctx) else { continue };
            let chosen = match plan {
                Plan::Patch { layers, tiles } => Some((layers, tiles)),
                Plan::Goal { bytes, required } => match choose::choose(ctx, func.op(), body, bytes) {
                    Err(_) if !required => None,
                    chosen => chosen?,
                },
                Plan::Nothing => None,
            };
            if let Some((layers, tiles)) = chosen {
                let bound = bound::operator_at_a_time_bound(ctx, op, func.op())?;
                let [original_peak, peak, kernels] = patch_function(ctx, func.op(), body, layers, tiles)?;
                let entries = [
                    ("layers", layers as u64),
                    ("kernels", kernels),
                    ("rows", tiles[0] as u64),
                    ("cols", tiles[1] as u64),
                    ("original_peak", original_peak),
                    ("peak", peak),
                    ("operator_at_a_time_bound", bound),
                ];
                let i64_type = ctx.integer_type(64);
                let entries =
                    entries.map(|(name, value)| (name.to_string(), ctx.integer_attr(i128::from(value), i64_type)));
                let attr = ctx.dictionary_attr(entries.to_vec());
                ctx.set_attr(func.op(), PATCH, Some(attr));
                changed = true;
            }
        }
        if !changed {
            analyses.mark_all_preserved();
        }
        Ok(())
    }
}

impl BufferPatch {
    /// What the options and the config file ask for.
    fn plan(&self) -> Result<Plan, String> {
        let options = &self.options;
        let file = if options.config.is_empty() {
            None
        } else {
            let text = std::fs::read_to_string(&options.config)
                .map_err(|e| format!("cannot read '{}': {e}", options.config))?;
            Some((PatchConfig::from_toml(&options.config, &text)?, text))
        };
        if options.layers != 0 || !options.tiles.is_empty() {
            return explicit(options.layers, &options.tiles);
        }
        if let Some((PatchConfig { patch: Some((layers, tiles)), .. }, _)) = &file {
            return explicit(*layers, tiles);
        }
        if options.peak_bytes > 0 {
            return Ok(Plan::Goal { bytes: options.peak_bytes as u64, required: true });
        }
        let Some((config, text)) = file else { return Ok(Plan::Nothing) };
        if let Some(goal) = config.peak_bytes {
            return Ok(Plan::Goal { bytes: goal, required: true });
        }
        // The writable banks' capacities, when every one has one.
        let memory = crate::usmp::config::MemoryConfig::from_toml(&options.config, &text)?;
        let writable: Vec<_> = memory.banks.iter().filter(|bank| bank.writable()).collect();
        let capacities: Option<u64> = writable.iter().map(|bank| bank.capacity).sum();
        Ok(capacities
            .filter(|_| !writable.is_empty())
            .map_or(Plan::Nothing, |bytes| Plan::Goal { bytes, required: false }))
    }
}

/// The plan for an explicit run and grid, checked.
fn explicit(layers: i64, tiles: &[i64]) -> Result<Plan, String> {
    let tiles: [i64; 2] =
        tiles.try_into().map_err(|_| format!("'tiles' must be 2 counts (rows, columns), not {}", tiles.len()))?;
    if layers < 1 || tiles.iter().any(|&t| t < 1) {
        return Err(format!("'layers' ({layers}) and 'tiles' ({}, {}) must be positive", tiles[0], tiles[1]));
    }
    Ok(Plan::Patch { layers: layers as usize, tiles })
}

/// Runs the first `layers` windowed kernels of `body` (of `func`) tile by tile in a grid of
/// `tiles`, and returns the peaks (scratch bytes live at one step, as [`peak_in_order`] counts
/// them) before and after, and the kernels of a tile (the layers' and their followers').
pub fn patch_function(
    ctx: &mut Context,
    func: OpId,
    body: mc_ir::BlockId,
    layers: usize,
    tiles: [i64; 2],
) -> Result<[u64; 3], Diagnostic> {
    let original_peak = peak_in_order(ctx, body);
    let run = run::find_run(ctx, body, layers, func)?;
    let size = run.output_size(ctx);
    let grid = geometry::grid_tiles(&run.windows(), size, tiles).ok_or_else(|| {
        ctx.op_error(
            run.layers[layers - 1].kernel.op(),
            format!(
                "buffer-patch: a grid of {}x{} tiles does not fit the run's {}x{} output",
                tiles[0], tiles[1], size[0], size[1]
            ),
        )
    })?;
    rewrite::patch_run(ctx, &run, &grid)?;
    let kernels = run.layers.iter().map(|layer| 1 + layer.followers.len() as u64).sum();
    Ok([original_peak, peak_in_order(ctx, body), kernels])
}
