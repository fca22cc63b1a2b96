//! `FuseDilatedConvolution`, a pattern of `graph-canonicalize`: TensorFlow exports a dilated
//! convolution as `SPACE_TO_BATCH_ND → CONV_2D | DEPTHWISE_CONV_2D → BATCH_TO_SPACE_ND` (its
//! `with_space_to_batch`: pad so each spatial dimension is a multiple of the dilation, move every
//! dilation offset into its own batch, convolve each with a VALID, undilated filter, interleave
//! the batches back and crop what the rounding added). The pattern rewrites the chain into the
//! one dilated convolution it computes, so no batch-expanded tensor is ever allocated:
//!
//! ```mlir
//! %b = "graph.space_to_batch_nd"(%x) <{block_shape = array<i64: 2, 2>, paddings = array<i64: 2, 4, 2, 4>}>
//! %c = "graph.conv_2d"(%b, %w, %bias) <{dilation_h = 1, dilation_w = 1, padding = "VALID", stride_h = 1, stride_w = 1, ...}>
//! %y = "graph.batch_to_space_nd"(%c) <{block_shape = array<i64: 2, 2>, crops = array<i64: 0, 2, 0, 2>}>
//! // becomes
//! %y = "graph.conv_2d"(%x, %w, %bias) <{dilation_h = 2, dilation_w = 2, padding = "SAME", stride_h = 1, stride_w = 1, ...}>
//! ```
//!
//! Output row `y` of the chain is row `y + crop_top` of the dilated VALID convolution of the
//! padded input, so the chain is the dilated convolution of the input with a top padding of
//! `pad_top − crop_top` and the cropped size. The rewrite happens only when that is exactly what
//! TFLite's `SAME` (size `H`, top padding `(K−1)·d / 2`) or `VALID` (size `H − (K−1)·d`, no
//! padding) computes in every spatial dimension, the inner convolution has stride 1, dilation 1
//! and VALID padding, the block shapes agree, and the intermediate tensors have no other users.
//!
//! Exactness of the values: the dilated convolution skips taps outside the input, where the
//! chain reads the padding `SPACE_TO_BATCH_ND` wrote. TFLite Micro pads with the stored 0, which
//! is the real 0 a skipped tap stands for when the input is float or its zero point is 0; an
//! int8 input with another zero point is rewritten only when no kept output reads the padding
//! (the VALID form).

use super::constant_list;
use mc_dialects::graph::{BatchToSpaceNdOp, Conv2DOp, DepthwiseConv2DOp, Padding, SpaceToBatchNdOp};
use mc_ir::rewrite::pattern::{FnPattern, PatternRewriter, RewritePatternSet};
use mc_ir::{Context, OpId, Value};

/// Adds `FuseDilatedConvolution` to `set`.
pub fn populate(set: &mut RewritePatternSet) {
    set.add(FnPattern { name: "FuseDilatedConvolution", root: BatchToSpaceNdOp::NAME, apply: fuse });
}

/// The op defining `value` if it is named `name` and `value` has no other user.
fn single_use_def(ctx: &Context, value: Value, names: &[&str]) -> Option<OpId> {
    let op = ctx.defining_op(value).filter(|&op| names.contains(&ctx.op_name_of(op)))?;
    (ctx.uses(value).count() == 1).then_some(op)
}

/// The integer attribute `name` of `op`.
fn int(ctx: &Context, op: OpId, name: &str) -> Option<i64> {
    ctx.attr(op, name).and_then(|a| ctx.integer_value(a)).and_then(|v| i64::try_from(v).ok())
}

/// The padding mode a dilated, stride-1 convolution of `size` input rows with a `taps`-row filter
/// and dilation `d` needs to start `top` rows early and produce `out` rows, if any.
fn padding_for(size: i64, taps: i64, d: i64, top: i64, out: i64) -> Option<Padding> {
    let reach = (taps - 1) * d;
    if out == size && top == reach / 2 {
        Some(Padding::Same)
    } else if top == 0 && out == size - reach {
        Some(Padding::Valid)
    } else {
        None
    }
}

/// Rewrites `batch_to_space_nd(conv(space_to_batch_nd(x)))` rooted at `b2s`.
fn fuse(b2s: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
    let ctx = &*rewriter.ctx;
    let convs = [Conv2DOp::NAME, DepthwiseConv2DOp::NAME];
    let Some(conv) = single_use_def(ctx, ctx.operation(b2s).operand(0), &convs) else { return false };
    let Some(s2b) = single_use_def(ctx, ctx.operation(conv).operand(0), &[SpaceToBatchNdOp::NAME]) else {
        return false;
    };
    let lists = (constant_list(ctx, s2b, 1, "block_shape"), constant_list(ctx, s2b, 2, "paddings"));
    let (Some(block), Some(paddings)) = lists else { return false };
    let (Some(b2s_block), Some(crops)) =
        (constant_list(ctx, b2s, 1, "block_shape"), constant_list(ctx, b2s, 2, "crops"))
    else {
        return false;
    };
    let undilated = ["stride_h", "stride_w", "dilation_h", "dilation_w"].iter().all(|n| int(ctx, conv, n) == Some(1));
    let valid = ctx.attr(conv, "padding").and_then(|a| Padding::from_attr(ctx, a)) == Some(Padding::Valid);
    if block.len() != 2 || block != b2s_block || paddings.len() != 4 || crops.len() != 4 || !undilated || !valid {
        return false;
    }
    let x = ctx.operation(s2b).operand(0);
    let shapes = (
        ctx.tensor_parts(ctx.value_type(x)),
        ctx.tensor_parts(ctx.value_type(ctx.operation(conv).operand(1))),
        ctx.tensor_parts(ctx.operation(b2s).result_type(0)),
    );
    let (Some((input, element)), Some((filter, _)), Some((output, _))) = shapes else { return false };
    if input.len() != 4 || filter.len() != 4 || output.len() != 4 {
        return false;
    }
    let mut modes = Vec::new();
    for d in 0..2 {
        let top = paddings[2 * d] - crops[2 * d];
        match padding_for(input[d + 1], filter[d + 1], block[d], top, output[d + 1]) {
            Some(mode) => modes.push(mode),
            None => return false,
        }
    }
    let padding = match modes.as_slice() {
        [a, b] if a == b => *a,
        _ => return false,
    };
    // The stored 0 the chain pads with is the real 0 of a skipped tap only at zero point 0.
    let zero_point = ctx.quantization(element).and_then(|q| q.per_tensor()).map_or(0, |(_, z)| z);
    if padding == Padding::Same && zero_point != 0 {
        return false;
    }
    let operands: Vec<Value> = std::iter::once(x).chain(ctx.operation(conv).operands().skip(1)).collect();
    let operation = ctx.operation(conv);
    let mut attrs: Vec<(String, mc_ir::Attribute)> = ctx.dictionary_entries(operation.attr_dict()).to_vec();
    if let Some(props) = operation.properties() {
        attrs.extend(ctx.dictionary_entries(props).iter().cloned());
    }
    let (result_type, loc, name) = (ctx.operation(b2s).result_type(0), ctx.operation(b2s).loc(), ctx.op_name_of(conv));
    let name = name.to_string();
    let i64_type = rewriter.ctx.integer_type(64);
    for (attr, value) in [("dilation_h", block[0]), ("dilation_w", block[1])] {
        let value = rewriter.ctx.integer_attr(i128::from(value), i64_type);
        attrs.retain(|(n, _)| n != attr);
        attrs.push((attr.to_string(), value));
    }
    let padding_attr = padding.attr(rewriter.ctx);
    attrs.retain(|(n, _)| n != "padding");
    attrs.push(("padding".to_string(), padding_attr));
    let fused = rewriter.create_op(&name, loc, &operands, &[result_type], attrs);
    rewriter.replace_op(b2s, &[fused.result(0)]);
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paddings_that_are_same_or_valid() {
        // 3 taps dilated by 2: SAME pads 2 on top and keeps the size; VALID loses 4 rows.
        assert_eq!(padding_for(5, 3, 2, 2, 5), Some(Padding::Same));
        assert_eq!(padding_for(5, 3, 2, 0, 1), Some(Padding::Valid));
        // Even reach: SAME pads the smaller half on top.
        assert_eq!(padding_for(6, 2, 3, 1, 6), Some(Padding::Same));
        assert_eq!(padding_for(6, 2, 3, 2, 6), None);
        assert_eq!(padding_for(5, 3, 2, 1, 5), None);
    }
}
