//! Canonicalization patterns of the graph ops, registered through each op's `canonicalize` hook
//! (so both `canonicalize` and `graph-canonicalize` apply them; the folds are in [`super::fold`]).
//!
//! | pattern | rewrite |
//! |---|---|
//! | `RemoveAdjacentReshape` | `reshape(reshape(x))` → `reshape(x)` (MLIR TFL's name) |
//! | `FoldTransposeChain` | `transpose(transpose(x, p1), p2)` → `transpose(x, p1 ∘ p2)`, i.e. `perm[i] = p1[p2[i]]` |
//! | `ReshapeShapeToAttr` | `reshape(x, const)` → `reshape(x) {new_shape}` |
//! | `TransposePermToAttr` | `transpose(x, const)` → `transpose(x) {perm}` |
//! | `MeanAxesToAttr` | `mean(x, const)` → `mean(x) {axes}` |
//! | `SumAxesToAttr`, `ReduceMaxAxesToAttr`, `ReduceMinAxesToAttr`, `ReduceAllAxesToAttr` | as `MeanAxesToAttr` for `sum`, `reduce_max`, `reduce_min`, `reduce_all` |
//! | `CumsumAxisToAttr` | as `MeanAxesToAttr` for `cumsum`'s `axis` |
//! | `ArgMaxAxisToAttr`, `ArgMinAxisToAttr` | `arg_max(x, const)` → `arg_max(x) {axis}` (`arg_min` alike) |
//! | `PadPaddingsToAttr` | `pad(x, const)` → `pad(x) {paddings}` (flattened `[b0, a0, b1, a1, ...]`) |
//! | `ResizeSizeToAttr` | `resize_*(x, const)` → `resize_*(x) {size}` |
//! | `SpaceToBatchListsToAttr`, `BatchToSpaceListsToAttr` | `space_to_batch_nd(x, const, const)` → `space_to_batch_nd(x) {block_shape, paddings}` (flattened), `batch_to_space_nd` likewise with `crops` |
//! | `StridedSliceIndicesToAttr` | `strided_slice(x, const, const, const)` → `strided_slice(x) {begin, end, strides}` |
//! | `SliceIndicesToAttr` | `slice(x, const, const)` → `slice(x) {begin, size}` |
//! | `SplitAxisToAttr` | `split(x, const)` → `split(x) {axis}` |
//! | `SplitVListsToAttr` | `split_v(x, const, const)` → `split_v(x) {size_splits, axis}` |
//! | `MirrorPadPaddingsToAttr` | `mirror_pad(x, const)` → `mirror_pad(x) {paddings}` |
//! | `PadV2PaddingsToAttr` | `padv2(x, v, const)` → `padv2(x, v) {paddings}` |
//! | `ReverseV2AxesToAttr` | `reverse_v2(x, const)` → `reverse_v2(x) {axes}` |
//!
//! Types never change, so quantization stays as the model gave it. A chain is shortened only
//! when the outer result's element type is the input's (quantized scales within the verifier's
//! tolerance, not just within it step by step). Values of constant operands are kept verbatim
//! (a reshape's `-1` stays `-1`); a constant that loses its last user is erased by the driver.

use super::attributes::{i64_array, i64_array_attr};
use super::ops::{
    ArgMaxOp, ArgMinOp, BatchToSpaceNdOp, CumsumOp, MeanOp, MirrorPadOp, PadOp, PadV2Op, ReduceAllOp, ReduceMaxOp,
    ReduceMinOp, ReshapeOp, ResizeBilinearOp, ResizeNearestNeighborOp, ReverseV2Op, SliceOp, SpaceToBatchNdOp, SplitOp,
    SplitVOp, StridedSliceOp, SumOp, TransposeOp,
};
use super::shapes::constant_ints;
use super::verify::same_element_type;
use mc_ir::rewrite::pattern::{FnPattern, PatternRewriter, RewritePatternSet};
use mc_ir::{Context, OpId, Value};

/// The op defining `value` if it is named `name`.
fn def_named(ctx: &Context, value: Value, name: &str) -> Option<OpId> {
    ctx.defining_op(value).filter(|&op| ctx.op_name_of(op) == name)
}

/// True if `outer`'s result may take `x` directly as its input: same element type.
fn chain_keeps_element_type(ctx: &Context, x: Value, outer: OpId) -> bool {
    let (from, to) = (ctx.value_type(x), ctx.operation(outer).result_type(0));
    same_element_type(ctx, ctx.element_type(from), ctx.element_type(to))
}

/// `reshape(reshape(x))` → `reshape(x)`: the outer reshape's shape does not depend on the inner.
fn remove_adjacent_reshape(op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
    let ctx = &*rewriter.ctx;
    let Some(inner) = def_named(ctx, ctx.operation(op).operand(0), ReshapeOp::NAME) else { return false };
    let x = ctx.operation(inner).operand(0);
    if !chain_keeps_element_type(ctx, x, op) {
        return false;
    }
    rewriter.set_operand(op, 0, x);
    true
}

/// The `perm` of a transpose from its attribute or its constant operand.
fn transpose_perm(ctx: &Context, op: OpId) -> Option<Vec<i64>> {
    let operation = ctx.operation(op);
    match operation.num_operands() {
        1 => i64_array(ctx, ctx.attr(op, "perm")?),
        _ => constant_ints(ctx, operation.operand(1)),
    }
}

/// `transpose(transpose(x, p1), p2)` → `transpose(x, perm)` with `perm[i] = p1[p2[i]]`.
fn fold_transpose_chain(op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
    let ctx = &*rewriter.ctx;
    let Some(inner) = def_named(ctx, ctx.operation(op).operand(0), TransposeOp::NAME) else { return false };
    let (Some(outer_perm), Some(inner_perm)) = (transpose_perm(ctx, op), transpose_perm(ctx, inner)) else {
        return false;
    };
    let x = ctx.operation(inner).operand(0);
    let in_range = |p: i64| usize::try_from(p).ok().filter(|&p| p < inner_perm.len());
    let composed: Option<Vec<i64>> = outer_perm.iter().map(|&p| in_range(p).map(|p| inner_perm[p])).collect();
    let Some(composed) = composed.filter(|c| c.len() == inner_perm.len()) else { return false };
    if !chain_keeps_element_type(ctx, x, op) {
        return false;
    }
    let perm = i64_array_attr(rewriter.ctx, &composed);
    rewriter.ctx.set_attr(op, "perm", Some(perm));
    rewriter.set_operands(op, &[x]);
    true
}

/// Moves the constant operands after the first into the attributes `names` (one per operand,
/// all constant, or nothing changes).
fn constant_operands_to_attrs(op: OpId, rewriter: &mut PatternRewriter<'_>, names: &[&str]) -> bool {
    lists_to_attrs(op, rewriter, 1, names)
}

/// Moves the constant operands from `first` on into the attributes `names` (one per operand,
/// all constant, or nothing changes), keeping the data operands before `first`.
fn lists_to_attrs(op: OpId, rewriter: &mut PatternRewriter<'_>, first: usize, names: &[&str]) -> bool {
    let ctx = &*rewriter.ctx;
    let operation = ctx.operation(op);
    if operation.num_operands() != names.len() + first {
        return false;
    }
    let lists: Option<Vec<Vec<i64>>> =
        (first..operation.num_operands()).map(|index| constant_ints(ctx, operation.operand(index))).collect();
    let Some(lists) = lists else { return false };
    let data: Vec<Value> = operation.operands().take(first).collect();
    for (name, values) in names.iter().zip(lists) {
        let attr = i64_array_attr(rewriter.ctx, &values);
        rewriter.ctx.set_attr(op, name, Some(attr));
    }
    rewriter.set_operands(op, &data);
    true
}

/// Registers the patterns rooted at `graph.reshape`.
pub(super) fn reshape_patterns(set: &mut RewritePatternSet) {
    let root = ReshapeOp::NAME;
    set.add(FnPattern { name: "RemoveAdjacentReshape", root, apply: remove_adjacent_reshape });
    set.add(FnPattern {
        name: "ReshapeShapeToAttr",
        root,
        apply: |op, r| constant_operands_to_attrs(op, r, &["new_shape"]),
    });
}

/// Registers the patterns rooted at `graph.transpose`.
pub(super) fn transpose_patterns(set: &mut RewritePatternSet) {
    let root = TransposeOp::NAME;
    set.add(FnPattern { name: "FoldTransposeChain", root, apply: fold_transpose_chain });
    set.add(FnPattern {
        name: "TransposePermToAttr",
        root,
        apply: |op, r| constant_operands_to_attrs(op, r, &["perm"]),
    });
}

/// Registers the patterns rooted at `graph.mean`.
pub(super) fn mean_patterns(set: &mut RewritePatternSet) {
    axes_to_attr(set, "MeanAxesToAttr", MeanOp::NAME);
}

/// Registers the patterns rooted at `graph.sum`.
pub(super) fn sum_patterns(set: &mut RewritePatternSet) {
    axes_to_attr(set, "SumAxesToAttr", SumOp::NAME);
}

/// Registers the patterns rooted at `graph.reduce_max`.
pub(super) fn reduce_max_patterns(set: &mut RewritePatternSet) {
    axes_to_attr(set, "ReduceMaxAxesToAttr", ReduceMaxOp::NAME);
}

/// Registers the patterns rooted at `graph.reduce_min`.
pub(super) fn reduce_min_patterns(set: &mut RewritePatternSet) {
    axes_to_attr(set, "ReduceMinAxesToAttr", ReduceMinOp::NAME);
}

/// Registers the patterns rooted at `graph.reduce_all`.
pub(super) fn reduce_all_patterns(set: &mut RewritePatternSet) {
    axes_to_attr(set, "ReduceAllAxesToAttr", ReduceAllOp::NAME);
}

/// A reduction's constant `axes` operand becomes its `axes` attribute.
fn axes_to_attr(set: &mut RewritePatternSet, name: &'static str, root: &'static str) {
    set.add(FnPattern { name, root, apply: |op, r| constant_operands_to_attrs(op, r, &["axes"]) });
}

/// Registers the patterns rooted at `graph.cumsum`.
pub(super) fn cumsum_patterns(set: &mut RewritePatternSet) {
    set.add(FnPattern {
        name: "CumsumAxisToAttr",
        root: CumsumOp::NAME,
        apply: |op, r| constant_operands_to_attrs(op, r, &["axis"]),
    });
}

/// Registers the patterns rooted at `graph.arg_max`.
pub(super) fn arg_max_patterns(set: &mut RewritePatternSet) {
    set.add(FnPattern {
        name: "ArgMaxAxisToAttr",
        root: ArgMaxOp::NAME,
        apply: |op, r| constant_operands_to_attrs(op, r, &["axis"]),
    });
}

/// Registers the patterns rooted at `graph.arg_min`.
pub(super) fn arg_min_patterns(set: &mut RewritePatternSet) {
    set.add(FnPattern {
        name: "ArgMinAxisToAttr",
        root: ArgMinOp::NAME,
        apply: |op, r| constant_operands_to_attrs(op, r, &["axis"]),
    });
}

/// Registers the patterns rooted at `graph.pad`.
pub(super) fn pad_patterns(set: &mut RewritePatternSet) {
    set.add(FnPattern {
        name: "PadPaddingsToAttr",
        root: PadOp::NAME,
        apply: |op, r| constant_operands_to_attrs(op, r, &["paddings"]),
    });
}

/// Registers the patterns rooted at `graph.mirror_pad`.
pub(super) fn mirror_pad_patterns(set: &mut RewritePatternSet) {
    set.add(FnPattern {
        name: "MirrorPadPaddingsToAttr",
        root: MirrorPadOp::NAME,
        apply: |op, r| constant_operands_to_attrs(op, r, &["paddings"]),
    });
}

/// Registers the patterns rooted at `graph.padv2`.
pub(super) fn padv2_patterns(set: &mut RewritePatternSet) {
    set.add(FnPattern {
        name: "PadV2PaddingsToAttr",
        root: PadV2Op::NAME,
        apply: |op, r| lists_to_attrs(op, r, 2, &["paddings"]),
    });
}

/// Registers the patterns rooted at `graph.strided_slice`.
pub(super) fn strided_slice_patterns(set: &mut RewritePatternSet) {
    set.add(FnPattern {
        name: "StridedSliceIndicesToAttr",
        root: StridedSliceOp::NAME,
        apply: |op, r| constant_operands_to_attrs(op, r, &["begin", "end", "strides"]),
    });
}

/// Registers the patterns rooted at `graph.slice`.
pub(super) fn slice_patterns(set: &mut RewritePatternSet) {
    set.add(FnPattern {
        name: "SliceIndicesToAttr",
        root: SliceOp::NAME,
        apply: |op, r| constant_operands_to_attrs(op, r, &["begin", "size"]),
    });
}

/// Registers the patterns rooted at `graph.split`.
pub(super) fn split_patterns(set: &mut RewritePatternSet) {
    set.add(FnPattern {
        name: "SplitAxisToAttr",
        root: SplitOp::NAME,
        apply: |op, r| constant_operands_to_attrs(op, r, &["axis"]),
    });
}

/// Registers the patterns rooted at `graph.split_v`.
pub(super) fn split_v_patterns(set: &mut RewritePatternSet) {
    set.add(FnPattern {
        name: "SplitVListsToAttr",
        root: SplitVOp::NAME,
        apply: |op, r| constant_operands_to_attrs(op, r, &["size_splits", "axis"]),
    });
}

/// Registers the patterns rooted at `graph.reverse_v2`.
pub(super) fn reverse_v2_patterns(set: &mut RewritePatternSet) {
    axes_to_attr(set, "ReverseV2AxesToAttr", ReverseV2Op::NAME);
}

/// Registers the patterns rooted at `graph.resize_bilinear`.
pub(super) fn resize_bilinear_patterns(set: &mut RewritePatternSet) {
    size_to_attr(set, ResizeBilinearOp::NAME);
}

/// Registers the patterns rooted at `graph.resize_nearest_neighbor`.
pub(super) fn resize_nearest_neighbor_patterns(set: &mut RewritePatternSet) {
    size_to_attr(set, ResizeNearestNeighborOp::NAME);
}

/// A resize's constant `size` operand becomes its `size` attribute.
fn size_to_attr(set: &mut RewritePatternSet, root: &'static str) {
    set.add(FnPattern { name: "ResizeSizeToAttr", root, apply: |op, r| constant_operands_to_attrs(op, r, &["size"]) });
}

/// Registers the patterns rooted at `graph.space_to_batch_nd`.
pub(super) fn space_to_batch_patterns(set: &mut RewritePatternSet) {
    set.add(FnPattern {
        name: "SpaceToBatchListsToAttr",
        root: SpaceToBatchNdOp::NAME,
        apply: |op, r| constant_operands_to_attrs(op, r, &["block_shape", "paddings"]),
    });
}

/// Registers the patterns rooted at `graph.batch_to_space_nd`.
pub(super) fn batch_to_space_patterns(set: &mut RewritePatternSet) {
    set.add(FnPattern {
        name: "BatchToSpaceListsToAttr",
        root: BatchToSpaceNdOp::NAME,
        apply: |op, r| constant_operands_to_attrs(op, r, &["block_shape", "crops"]),
    });
}
