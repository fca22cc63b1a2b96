//! `buffer-row-order`: alternates the row order of chained kernels whose output may overlap their
//! input, so that the memory planner can keep a chain of large activations in place instead of
//! letting it drift.
//!
//! A kernel computing its rows in increasing order may have its output start below its input
//! (`buffer.overlap` with `max_delta`, see `conversion::buffer_to_loop::overlap`); one computing
//! them in decreasing order may have it end above (`min_delta`). A chain of same-direction
//! kernels moves down by every kernel's distance (KWS's nine 8,000-byte activations: 3,840 bytes
//! below the first), while alternating directions lets each tensor sit where the one before the
//! previous sat: the chain needs only the largest single distance (KWS: 640 bytes).
//!
//! Kernels are visited in block order. A kernel whose first input was written by a kernel that
//! overlaps its own (allocated) input in increasing order, and that itself has an allowance and
//! can run its rows the other way ([`ROW_REVERSIBLE_KERNELS`]), gets `row_order = "descending"`;
//! the next one in the chain then stays ascending, and so on. A chain starts at the first kernel
//! reading an alloc: a function argument is the caller's memory, which the planner leaves
//! alone unless `use-workspace-io` plans it (then the chain's first pair merely cannot
//! alternate). A `row_order` already given is kept (and continues the alternation from there).
//! The values computed never change; on KWS (Cortex-M4) the pointwise convolutions, reversed,
//! even run 0.5% fewer instructions.
//!
//! ```mlir
//! buffer.kernel depthwise_conv_2d ins(%a, ...) outs(%b : ...) {...}
//! buffer.kernel conv_2d ins(%b, ...) outs(%c : ...) {...}
//! // becomes
//! buffer.kernel depthwise_conv_2d ins(%a, ...) outs(%b : ...) {...}
//! buffer.kernel conv_2d ins(%b, ...) outs(%c : ...) {..., row_order = "descending"}
//! ```

use crate::conversion::buffer_to_loop::overlap;
use mc_dialects::buffer::{KernelOp, ROW_REVERSIBLE_KERNELS, RowOrder, root_buffer};
use mc_ir::pass::{AnalysisManager, Pass};
use mc_ir::{BlockId, Context, Failure, OpId, Value};
use rustc_hash::FxHashMap;

/// The `buffer-row-order` pass.
#[derive(Default)]
pub struct BufferRowOrder;

impl Pass for BufferRowOrder {
    fn argument(&self) -> &str {
        "buffer-row-order"
    }

    fn summary(&self) -> &str {
        "Alternate the row order of chained kernels whose outputs may overlap their inputs"
    }

    fn description(&self) -> &str {
        "Gives row_order = \"descending\" to every windowed buffer.kernel (conv_2d, \
         depthwise_conv_2d, avg/max_pool_2d) whose first input comes from a kernel that overlaps \
         its own input in ascending row order, so that a chain of kernels alternates: the \
         memory planner can then place each output alternately below and above its input, \
         without the chain drifting. A row_order already given is kept. The values computed \
         never change."
    }

    fn run(&mut self, ctx: &mut Context, op: OpId, analyses: &mut AnalysisManager) -> Result<(), Failure> {
        if order_rows(ctx, op) == 0 {
            analyses.mark_all_preserved();
        }
        Ok(())
    }
}

/// Alternates the row orders of the kernels under `root`; returns how many became descending.
pub fn order_rows(ctx: &mut Context, root: OpId) -> usize {
    super::kernel_blocks(ctx, root).into_iter().map(|block| order_block(ctx, block)).sum()
}

fn order_block(ctx: &mut Context, block: BlockId) -> usize {
    let kernels: Vec<KernelOp> = ctx.block_ops(block).filter_map(|op| KernelOp::cast(ctx, op)).collect();
    // The order of the kernel that wrote each buffer (by root), if it overlaps its allocated
    // input.
    let mut overlapping_writer: FxHashMap<Value, RowOrder> = FxHashMap::default();
    let mut reversed = 0;
    for kernel in kernels {
        let (Some(name), Some(order)) = (kernel.kernel_name(ctx).map(str::to_string), kernel.row_order_value(ctx))
        else {
            continue;
        };
        let (inputs, output) = (kernel.inputs(ctx), kernel.output(ctx));
        // A windowed kernel has an allowance in either order, or in neither.
        if overlap::hint(ctx, kernel.op(), &name, &inputs, output).is_none() {
            continue;
        }
        let input_root = inputs.first().map(|&input| root_buffer(ctx, input));
        let after_ascending =
            input_root.is_some_and(|root| overlapping_writer.get(&root) == Some(&RowOrder::Ascending));
        let order =
            if kernel.row_order(ctx).is_none() && after_ascending && ROW_REVERSIBLE_KERNELS.contains(&name.as_str()) {
                let attr = ctx.string_attr(RowOrder::Descending.as_str());
                ctx.set_attr(kernel.op(), "row_order", Some(attr));
                reversed += 1;
                RowOrder::Descending
            } else {
                order
            };
        if input_root.is_some_and(|root| ctx.defining_op(root).is_some()) {
            overlapping_writer.insert(root_buffer(ctx, output), order);
        }
    }
    reversed
}
