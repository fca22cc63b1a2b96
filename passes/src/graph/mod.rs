//! Passes over the `graph` dialect, run between the TFLite import and the lowering to buffers.
//!
//! | pass | does |
//! |---|---|
//! | `graph-canonicalize` | the graph ops' folds and canonicalization patterns, and the dilated-convolution fusion (`dilated_conv`), with the greedy driver |
//! | `graph-fold-pad` | a `PAD`/`PADV2` before convolutions or max pools becomes their explicit padding, where bit-exact (`fold_pad`) |
//! | `graph-prune` | erases pure ops (constants included) that nothing reads, transitively |
//! | `graph-intern-constants` | one `graph.const` per distinct (type, bytes); one blob per distinct bytes |
//! | `graph-infer-shapes` | result types from the graph ops' shape rules, in order |
//!
//! A typical pipeline after import:
//! `builtin.module(func.func(graph-infer-shapes,graph-canonicalize,graph-fold-pad),graph-intern-constants,graph-prune)`.

pub mod canonicalize;
pub mod dilated_conv;
pub mod fold_pad;
pub mod infer_shapes;
pub mod intern_constants;
pub mod prune;

#[cfg(test)]
pub(crate) mod test_util;

use mc_dialects::graph::attributes::i64_array;
use mc_dialects::graph::shapes::constant_ints;
use mc_ir::printer::referenced_resources;
use mc_ir::{Context, OpId};

/// List `attr` of `op`, or its constant operand `index`.
pub(crate) fn constant_list(ctx: &Context, op: OpId, index: usize, attr: &str) -> Option<Vec<i64>> {
    match ctx.attr(op, attr) {
        Some(a) => i64_array(ctx, a),
        None => {
            let operation = ctx.operation(op);
            (operation.num_operands() > index).then(|| constant_ints(ctx, operation.operand(index)))?
        }
    }
}

/// True if `op` is a top-level op (not inside any block): then it holds all the IR its context
/// was parsed or imported into, as `mc-opt`'s and `mcc`'s modules do.
pub fn is_top_level(ctx: &Context, op: OpId) -> bool {
    ctx.operation(op).parent_block().is_none()
}

/// Removes from `ctx.resources` the blobs no attribute under `root` references; returns how many.
///
/// Only sound when `root` holds every op of the context that may reference a blob (a top-level
/// module, see [`is_top_level`]); the graph passes call it only then.
pub fn drop_unreferenced_blobs(ctx: &mut Context, root: OpId) -> usize {
    let referenced = referenced_resources(ctx, root);
    ctx.resources.retain(|name, _| referenced.contains(name))
}
