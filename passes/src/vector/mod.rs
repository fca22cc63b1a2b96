//! Passes from the loop level to the `vector` level, chosen per target: `mcc` runs them for
//! cores with a vector extension (Helium/MVE on the Cortex-M55); other cores keep their scalar
//! loop nests.
//!
//! | pass | does |
//! |---|---|
//! | `vectorize-dot-products` | an innermost loop of int8 dot products along a contiguous dimension becomes 16-lane `vector.widening_dot`s, its tail one masked step |
//! | `vectorize-channels` | a loop over the channels of int8 NHWC tensors (the depthwise convolution's) becomes 4-lane vector code, one channel per `i32` lane, its tail one masked step |
//! | `vector-fixed-point` | TFLite's requantization on `i32` vectors (64-bit lanes in `arith`) becomes `vector.rounding_doubling_high_mul` and `vector.rounding_shift_right` (MVE's `vqrdmulh`, `vrshl`) |

pub mod channels;
pub mod dot_products;
pub mod fixed_point;

use mc_dialects::loops::ForOp;
use mc_ir::pass::AnalysisManager;
use mc_ir::{Context, OpId};

/// Offers every `loop.for` under `root` to `rewrite`, inner loops before the loops around them
/// (a loop a rewrite erased is skipped); `rewrite` returns true when it replaced the loop.
/// Returns how many it replaced.
pub fn rewrite_loops(ctx: &mut Context, root: OpId, mut rewrite: impl FnMut(&mut Context, ForOp) -> bool) -> usize {
    let loops: Vec<ForOp> = ctx.walk_postorder(root).into_iter().filter_map(|op| ForOp::cast(ctx, op)).collect();
    loops.into_iter().filter(|&for_op| ctx.is_live(for_op.0) && rewrite(ctx, for_op)).count()
}

/// The vector passes' `run` epilogue: when they rewrote nothing, every analysis still holds.
fn preserve_if_unchanged(rewrote: usize, analyses: &mut AnalysisManager) {
    if rewrote == 0 {
        analyses.mark_all_preserved();
    }
}
