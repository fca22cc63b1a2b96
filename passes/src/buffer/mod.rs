//! Passes over the `buffer` dialect, run between `graph-to-buffer` and the lowering to loops.
//!
//! | pass | does |
//! |---|---|
//! | `buffer-transpose-views` | the transposes of model inputs and outputs become strided views when their readers (writer) take strided buffers; else their alloc says why |
//! | `buffer-slice-views` | contiguous slices become views of their input; their output allocs go |
//! | `buffer-inplace-concat` | producers of a contiguous concatenation or pack write straight into their slice of its output |
//! | `buffer-inplace` | elementwise kernels write over an input they read last; their output allocs go |
//! | `buffer-reorder-for-memory` | independent branches run in the order that keeps the fewest scratch bytes live |
//! | `buffer-patch` | the first windowed layers of a function run tile by tile of their last output, halos recomputed, so their large activations never exist whole |
//! | `buffer-row-order` | chained kernels that overlap their inputs alternate their row order, so the planner can zig-zag |
//! | `buffer-layer-hooks` | a call of a weak, empty `@layer_hook(k)` before each kernel and the return, for per-layer profiles |

pub mod inplace;
pub mod inplace_concat;
pub mod layer_hooks;
pub mod patch;
pub mod reorder_for_memory;
pub mod row_order;
pub mod slice_view;
pub mod transpose_view;

use mc_dialects::buffer::{CopyOp, KernelOp, ViewOp};
use mc_dialects::func::ReturnOp;
use mc_ir::{BlockId, Context, OpId, Value};
use rustc_hash::FxHashMap;

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

/// The position (in `positions`, which indexes one block) of the op of that block that is or
/// contains `op`; `None` when `op` is outside the block.
pub fn position_in(ctx: &Context, mut op: OpId, positions: &FxHashMap<OpId, usize>) -> Option<usize> {
    loop {
        if let Some(&p) = positions.get(&op) {
            return Some(p);
        }
        op = ctx.parent_op(op)?;
    }
}

/// True unless `user` certainly only reads `value`: a view of it, a kernel or copy reading it, a
/// return. A kernel's outputs and a copy's target are written; other ops are assumed to write.
pub fn may_write(ctx: &Context, user: OpId, value: Value) -> bool {
    if ViewOp::cast(ctx, user).is_some() || ReturnOp::cast(ctx, user).is_some() {
        return false;
    }
    if let Some(kernel) = KernelOp::cast(ctx, user) {
        return kernel.outputs(ctx).contains(&value);
    }
    CopyOp::cast(ctx, user).is_none_or(|copy| copy.target(ctx) == value)
}

/// Adds `delta` elements to the offset of every view of `value` (transitively): `value`'s
/// storage is about to start `delta` elements into another buffer's.
pub fn shift_views(ctx: &mut Context, value: Value, delta: i64) {
    for alias in mc_dialects::buffer::aliases(ctx, value).into_iter().skip(1) {
        let mut layout = ctx.buffer(ctx.value_type(alias)).expect("a buffer").clone();
        layout.offset += delta;
        let ty = ctx.intern_buffer_type(layout);
        ctx.set_value_type(alias, ty);
    }
}
