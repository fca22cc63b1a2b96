//! Canonicalization patterns of the `loop` ops, after MLIR's `scf` ones (same names, so
//! `canonicalize{disable-patterns=...}` takes them):
//!
//! | pattern | rewrite |
//! |---|---|
//! | `RemoveStaticCondition` | `loop.if` on a constant: the taken region's ops replace it (or nothing, without an else) |
//! | `SimplifyTrivialLoops` | `loop.for` with constant bounds that runs 0 times: its results are the inits; 1 time: the body replaces it, with `iv = lb`; a body that is only a `loop.yield` of its iter args: the results are the inits |
//!
//! Kernels built for static shapes meet these often: loops over size-1 dimensions (batch),
//! padding conditions decided at compile time.

use super::ops::{ForOp, IfOp};
use crate::arith::build::constant_int_value;
use mc_ir::rewrite::pattern::{FnPattern, PatternRewriter, RewritePatternSet};
use mc_ir::{BlockId, InsertPoint, OpId, Value};

/// Moves the ops of `block` (but its terminator) before `before`, its arguments replaced by
/// `args`; returns the values its terminator passes.
fn inline_block_before(rewriter: &mut PatternRewriter<'_>, block: BlockId, before: OpId, args: &[Value]) -> Vec<Value> {
    for (arg, &value) in rewriter.ctx.block_args(block).into_iter().zip(args) {
        rewriter.replace_all_uses_with(arg, value);
    }
    let ops: Vec<OpId> = rewriter.ctx.block_ops(block).collect();
    let Some((&terminator, body)) = ops.split_last() else { return Vec::new() };
    let yielded: Vec<Value> = rewriter.ctx.operation(terminator).operands().collect();
    for &op in body {
        let ip = InsertPoint::before(rewriter.ctx, before);
        rewriter.ctx.move_op(op, ip);
        rewriter.modified_in_place(op);
    }
    yielded
}

/// `loop.if` on a constant condition.
fn remove_static_condition(op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
    let ctx = &*rewriter.ctx;
    let Some(condition) = constant_int_value(ctx, ctx.operation(op).operand(0)) else { return false };
    let if_op = IfOp(op);
    let taken = if condition & 1 == 1 { Some(if_op.then_block(ctx)) } else { if_op.else_block(ctx) };
    match taken {
        Some(block) => {
            let yielded = inline_block_before(rewriter, block, op, &[]);
            rewriter.replace_op(op, &yielded);
        }
        // Verified: without an else region there are no results.
        None => rewriter.erase_op(op),
    }
    true
}

/// `loop.for` with a known trip count of 0 or 1, or a body passing its iter args through.
fn simplify_trivial_loops(op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
    let ctx = &*rewriter.ctx;
    let for_op = ForOp(op);
    let inits = for_op.inits(ctx);
    let body = for_op.body(ctx);
    let yielded: Vec<Value> = ctx.last_op(body).map(|t| ctx.operation(t).operands().collect()).unwrap_or_default();
    // Only a body that is nothing but its terminator: any other op may have effects (a store).
    if ctx.block_ops(body).count() == 1 && yielded == for_op.region_iter_args(ctx) {
        rewriter.replace_op(op, &inits);
        return true;
    }
    let bound = |v: Value| constant_int_value(ctx, v).map(|c| mc_ir::sign_extend(c, 64));
    let (Some(lb), Some(ub), Some(step)) =
        (bound(for_op.lower_bound(ctx)), bound(for_op.upper_bound(ctx)), bound(for_op.step(ctx)))
    else {
        return false;
    };
    if lb >= ub {
        rewriter.replace_op(op, &inits);
        return true;
    }
    if step <= 0 || ub - lb > step {
        return false;
    }
    let mut args = vec![for_op.lower_bound(ctx)];
    args.extend(inits);
    let results = inline_block_before(rewriter, body, op, &args);
    rewriter.replace_op(op, &results);
    true
}

/// Registers the patterns rooted at `loop.for`.
pub(super) fn for_patterns(set: &mut RewritePatternSet) {
    set.add(FnPattern { name: "SimplifyTrivialLoops", root: ForOp::NAME, apply: simplify_trivial_loops });
}

/// Registers the patterns rooted at `loop.if`.
pub(super) fn if_patterns(set: &mut RewritePatternSet) {
    set.add(FnPattern { name: "RemoveStaticCondition", root: IfOp::NAME, apply: remove_static_condition });
}
