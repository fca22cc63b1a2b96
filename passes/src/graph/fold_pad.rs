//! `graph-fold-pad`: a `PAD`/`PADV2` in front of convolutions or max pools becomes their
//! explicit padding (a transposed convolution's bottom/right pad just goes), so the padded copy of the activation never exists. PyTorch exports
//! (ai-edge-torch, onnx2tf) write every padded convolution as `PAD` (filled with the zero point)
//! then a `VALID` convolution, and pad stride-2 convolutions asymmetrically (0 before, 1 after):
//!
//! ```mlir
//! %p = "graph.pad"(%x) <{paddings = array<i64: 0, 0, 0, 1, 0, 1, 0, 0>}> : (tensor<1x8x8x4x!q>) -> tensor<1x9x9x4x!q>
//! %c = "graph.conv_2d"(%p, %w, %b) <{..., padding = "VALID", stride_h = 2 : i64, stride_w = 2 : i64}> : ... -> tensor<1x4x4x8x!q>
//! // becomes
//! %c = "graph.conv_2d"(%x, %w, %b) <{..., folded_pad = "p", pad = array<i64: 0, 1, 0, 1>, stride_h = 2 : i64, ...}>
//! ```
//!
//! A pad is folded when its paddings are constant, non-negative and on height and width only
//! (rank 4, NHWC), its input and result have the same element type (quantization included: the
//! consumer then reads the input's bytes with the parameters it read the padded copy with), and
//! every user reads it as the input (operand 0) of a consumer whose own padding reads exactly
//! the pad value:
//!
//! - `conv_2d` and `depthwise_conv_2d`: the pad value is the input's zero point (0.0 for float).
//!   TFLite Micro's kernels skip the taps outside the input; a padded tap holding the zero point
//!   adds `filter · (zero_point + input_offset) = 0` to the int8 accumulator, and the 16x8 and
//!   float ones add `filter · 0` (a float sum starts at +0.0, so adding ±0.0 leaves it unchanged).
//!   `PAD` pads int8 with the output zero point and int16 with 0 (the zero point of a 16x8
//!   convolution), so it always folds into a convolution; `PADV2` folds when its constant value is
//!   the zero point.
//! - `max_pool_2d`: the pad value is at or below every value the input's storage type holds
//!   (-128 for int8, -32768 for int16, `f32::MIN` or -inf for float). TFLite Micro's max starts
//!   at the type's lowest value and skips taps outside the input, so such a padded tap never
//!   changes a result, not even of a window that lies wholly in the padding.
//!
//! - `transpose_conv`, for a pad on the bottom and right only: the pad value is the zero point,
//!   as for the convolutions (TFLite Micro's `TransposeConv` scatters `(x + input_offset) · f`,
//!   int8, or `x · f`, 16x8 and float, for every input element: a padded element adds 0 to
//!   every output it reaches). Its own padding is no padding of its input but a crop of its
//!   output: `ComputePaddingHeightWidth` from the *output* size, filter and stride, whatever the
//!   input size, and input row `iy` lands on output rows `iy · stride - pad_top + fy`. Rows and
//!   columns padded after the input land after every real one and add nothing, so the consumer
//!   reads the unpadded input with its `SAME`/`VALID` padding unchanged. A pad before the input
//!   (top or left) moves every real row by `top · stride` output rows, which no TFLite padding
//!   of the consumer expresses (it would be a crop of `pad_top - top · stride`, negative for
//!   PyTorch's amounts): such a pad stays.
//!
//! `avg_pool_2d` and `l2_pool_2d` never fold (TFLite divides by the count of taps inside the
//! input, so padded taps would change the divisor). Where a convolution or max pool pads itself
//! (`SAME`, or amounts from an earlier fold), the amounts add: the consumer's amounts over the
//! padded size, plus the pad's. The consumer's output size is unchanged.
//!
//! The fold is visible: the consumer gets the discardable attribute `folded_pad`, the name of the
//! pad's tensor (its location), which the lowering to buffers keeps on the kernel and `mcc`
//! lists. The pad, left without users, is erased.

use super::constant_list;
use mc_dialects::graph::attributes::{f32_elements, int_elements};
use mc_dialects::graph::shapes::{Window, WindowPadding};
use mc_dialects::graph::{
    ConstOp, Conv2DOp, DepthwiseConv2DOp, MaxPool2DOp, PadOp, PadV2Op, TransposeConvOp, window_padding,
    window_padding_attr,
};
use mc_ir::pass::{AnalysisManager, Pass};
use mc_ir::{Context, Failure, FloatKind, OpId, Type, TypeKind};

/// The value a pad writes into its padding.
#[derive(Copy, Clone, PartialEq, Debug)]
enum PadValue {
    /// A stored integer (quantized or plain).
    Int(i64),
    /// A float.
    Float(f32),
}

/// What a consumer needs the pad value to be.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Reads {
    /// The zero point (0.0 for float): convolutions.
    ZeroPoint,
    /// At or below the lowest value of the storage type: max pooling.
    Lowest,
}

/// The attribute naming the folded pad's tensor on its consumer.
pub const FOLDED_PAD: &str = "folded_pad";

/// What the consumer `op` needs the pad value to be, if it is a consumer a pad folds into.
fn reads(ctx: &Context, op: OpId) -> Option<Reads> {
    match ctx.op_name_of(op) {
        Conv2DOp::NAME | DepthwiseConv2DOp::NAME | TransposeConvOp::NAME => Some(Reads::ZeroPoint),
        MaxPool2DOp::NAME => Some(Reads::Lowest),
        _ => None,
    }
}

/// The value `pad` writes (a `graph.pad`'s as TFLite Micro's `PadEval`: the output zero point for
/// int8, else 0; a `graph.padv2`'s constant `constant_values`), if known at compile time.
fn pad_value(ctx: &Context, pad: OpId, element: Type) -> Option<PadValue> {
    let is_float = matches!(ctx.type_kind(element), TypeKind::Float(FloatKind::F32));
    if ctx.op_name_of(pad) == PadOp::NAME {
        return Some(if is_float { PadValue::Float(0.0) } else { PadValue::Int(zero_point(ctx, element)) });
    }
    let constant = ConstOp::cast(ctx, ctx.defining_op(ctx.operation(pad).operand(1))?)?;
    let attr = ctx.attr(constant.op(), "value")?;
    if is_float {
        f32_elements(ctx, attr)?.first().map(|&v| PadValue::Float(v))
    } else {
        int_elements(ctx, attr)?.first().map(|&v| PadValue::Int(v))
    }
}

/// The per-tensor zero point of `element` (0 if it is not quantized).
fn zero_point(ctx: &Context, element: Type) -> i64 {
    ctx.quantization(element).and_then(|q| q.per_tensor()).map_or(0, |(_, z)| z)
}

/// True if a consumer reading `reads` leaves results unchanged when padded cells hold `value`
/// instead of being skipped, for input elements of `element`.
fn value_is_skippable(ctx: &Context, value: PadValue, reads: Reads, element: Type) -> bool {
    match (value, reads) {
        (PadValue::Float(v), Reads::ZeroPoint) => v == 0.0,
        (PadValue::Float(v), Reads::Lowest) => v <= f32::MIN,
        (PadValue::Int(v), Reads::ZeroPoint) => v == zero_point(ctx, element),
        (PadValue::Int(v), Reads::Lowest) => {
            let width = ctx.quantization(element).map(|q| q.storage_width).or_else(|| ctx.integer_width(element));
            width.is_some_and(|w| (1..=32).contains(&w) && v <= -(1i64 << (w - 1)))
        }
    }
}

/// The explicit amounts `[top, bottom, left, right]` of `consumer` once it reads the pad's input
/// (`input` height and width) instead of its padded result (`padded`), given the pad's amounts.
fn combined_amounts(ctx: &Context, consumer: OpId, padded: [i64; 2], pad: [i64; 4]) -> Option<[i64; 4]> {
    let int = |name: &str| ctx.attr(consumer, name).and_then(|a| ctx.integer_value(a)).map(|v| v as i64);
    let filter = if ctx.op_name_of(consumer) == MaxPool2DOp::NAME {
        [int("filter_h")?, int("filter_w")?]
    } else {
        let (shape, _) = ctx.tensor_parts(ctx.value_type(ctx.operation(consumer).operand(1)))?;
        [*shape.get(1)?, *shape.get(2)?]
    };
    let dilation = match ctx.op_name_of(consumer) {
        MaxPool2DOp::NAME => [1, 1],
        _ => [int("dilation_h")?, int("dilation_w")?],
    };
    let stride = [int("stride_h")?, int("stride_w")?];
    let padding = window_padding(ctx, consumer)?;
    let own = Window { filter, stride, dilation, padding }.amounts(padded).ok()?;
    Some([0, 1, 2, 3].map(|i| own[i] + pad[i]))
}

/// Folds `pad` into its users if that is exact; returns true if it did.
fn fold(ctx: &mut Context, pad: OpId) -> bool {
    let operation = ctx.operation(pad);
    let (input, result) = (operation.operand(0), pad.result(0));
    let paddings_index = if ctx.op_name_of(pad) == PadOp::NAME { 1 } else { 2 };
    let Some(paddings) = constant_list(ctx, pad, paddings_index, "paddings") else { return false };
    let (Some((in_shape, element)), Some((out_shape, out_element))) =
        (ctx.tensor_parts(ctx.value_type(input)), ctx.tensor_parts(ctx.value_type(result)))
    else {
        return false;
    };
    let [0, 0, top, bottom, left, right, 0, 0] = paddings[..] else { return false };
    if in_shape.len() != 4 || element != out_element || [top, bottom, left, right].iter().any(|&p| p < 0) {
        return false;
    }
    let Some(value) = pad_value(ctx, pad, element) else { return false };
    let users: Vec<(OpId, usize)> = ctx.uses(result).map(|u| (u.user, u.index as usize)).collect();
    // A transposed convolution crops its output: only a pad after the input leaves it alone.
    let foldable = |&(user, index): &(OpId, usize)| {
        let crops = ctx.op_name_of(user) == TransposeConvOp::NAME;
        index == 0
            && reads(ctx, user).is_some_and(|r| value_is_skippable(ctx, value, r, element))
            && (!crops || (top == 0 && left == 0))
    };
    if users.is_empty() || !users.iter().all(foldable) {
        return false;
    }
    let padded = [out_shape[1], out_shape[2]];
    // The explicit amounts of each windowed consumer (a transposed convolution keeps its own).
    let mut amounts = Vec::with_capacity(users.len());
    for &(user, _) in &users {
        if ctx.op_name_of(user) == TransposeConvOp::NAME {
            amounts.push(None);
            continue;
        }
        match combined_amounts(ctx, user, padded, [top, bottom, left, right]) {
            Some(a) => amounts.push(Some(a)),
            None => return false,
        }
    }
    let name = ctx.loc_name(ctx.operation(pad).loc()).unwrap_or(ctx.op_name_of(pad)).to_string();
    for (&(user, _), amounts) in users.iter().zip(amounts) {
        ctx.set_operand(user, 0, input);
        if let Some(amounts) = amounts {
            let (attr_name, attr) = window_padding_attr(ctx, WindowPadding::Explicit(amounts));
            ctx.set_attr(user, "padding", None);
            ctx.set_attr(user, &attr_name, Some(attr));
        }
        let name_attr = ctx.string_attr(&name);
        ctx.set_attr(user, FOLDED_PAD, Some(name_attr));
    }
    ctx.erase_op(pad);
    true
}

/// Folds every foldable pad under `root`; returns how many.
pub fn fold_pads(ctx: &mut Context, root: OpId) -> usize {
    let pads: Vec<OpId> = ctx
        .walk_preorder(root)
        .into_iter()
        .filter(|&op| [PadOp::NAME, PadV2Op::NAME].contains(&ctx.op_name_of(op)))
        .collect();
    pads.into_iter().filter(|&pad| fold(ctx, pad)).count()
}

/// The `graph-fold-pad` pass.
pub struct GraphFoldPad;

impl Pass for GraphFoldPad {
    fn argument(&self) -> &str {
        "graph-fold-pad"
    }

    fn summary(&self) -> &str {
        "Fold constant PAD/PADV2 into the padding of convolutions and max pools"
    }

    fn description(&self) -> &str {
        "Rewrites a PAD or PADV2 with constant height/width paddings whose users are all \
         convolutions (pad value = the input zero point) or max pools (pad value at or below the \
         lowest input) into explicit `pad` amounts of those users, where that is bit-exact; a \
         transposed convolution reads past a zero-point pad of its bottom and right only, keeping \
         its padding; marks each user with `folded_pad` naming the pad's tensor."
    }

    fn run(&mut self, ctx: &mut Context, op: OpId, analyses: &mut AnalysisManager) -> Result<(), Failure> {
        if fold_pads(ctx, op) == 0 {
            analyses.mark_all_preserved();
        }
        Ok(())
    }
}
