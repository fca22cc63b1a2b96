//! Passes over the `buffer` dialect, run between `graph-to-buffer` and the lowering to loops.
//!
//! | pass | does |
//! |---|---|
//! | `buffer-inplace` | elementwise kernels write over an input they read last; their output allocs go |
//! | `buffer-row-order` | chained kernels that overlap their inputs alternate their row order, so the planner can zig-zag |

pub mod inplace;
pub mod row_order;

use mc_dialects::buffer::KernelOp;
use mc_ir::{BlockId, Context, OpId};

/// The blocks under `root` holding a `buffer.kernel`, in walk order: where a buffer pass works.
pub fn kernel_blocks(ctx: &Context, root: OpId) -> Vec<BlockId> {
    let mut blocks: Vec<BlockId> = Vec::new();
    for op in ctx.walk_preorder(root) {
        if KernelOp::cast(ctx, op).is_some()
            && let Some(block) = ctx.operation(op).parent_block()
            && !blocks.contains(&block)
        {
            blocks.push(block);
        }
    }
    blocks
}
