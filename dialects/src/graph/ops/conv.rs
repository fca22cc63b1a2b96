//! Convolutions, transposed convolutions and fully connected layers: the ops with weights and an
//! optional bias.
//!
//! | op | operands | attributes | result | TFLite builtin |
//! |---|---|---|---|---|
//! | `graph.conv_2d` | `input` NHWC, `filter` OHWI, `bias`? `[O]` | `stride_h`, `stride_w`, `dilation_h`, `dilation_w`, `padding` or `pad`, `fused_activation` | `[N, OH, OW, O]` | `CONV_2D` (3) |
//! | `graph.depthwise_conv_2d` | `input` NHWC, `filter` `[1, KH, KW, C·M]`, `bias`? `[C·M]` | as `conv_2d` + `depth_multiplier` (M) | `[N, OH, OW, C·M]` | `DEPTHWISE_CONV_2D` (4) |
//! | `graph.transpose_conv` | `input` NHWC, `filter` OHWI, `bias`? `[O]` | `output_shape` (4 ints), `stride_h`, `stride_w`, `padding`, `fused_activation` | `output_shape` | `TRANSPOSE_CONV` (67) |
//! | `graph.fully_connected` | `input`, `weights` `[U, D]`, `bias`? `[U]` | `fused_activation`, `keep_num_dims` (bool) | `[elements/D, U]`, or input shape with last dim `U` if `keep_num_dims` | `FULLY_CONNECTED` (9) |
//!
//! Convolution output sizes and padding are a sliding window's ([`crate::graph::shapes`]):
//! `padding = "SAME"` or `"VALID"` as TFLite writes it, or explicit amounts
//! `pad = array<i64: top, bottom, left, right>` (non-negative, asymmetric allowed; what
//! `graph-fold-pad` makes of a `PAD` before the convolution). An op has exactly one of the two.
//! Convolutions may be grouped (input channels a multiple of the filter's, TFLite's reference
//! kernels' `groups`).
//!
//! A transposed convolution's output size is not a function of its input's (strides lose the
//! remainder), so it is the `output_shape` attribute: TFLite's constant `output_shape` operand,
//! which the importer requires to be constant. Its batch must be the input's and its channels the
//! filter's output channels; its height and width are free (TFLite Micro's kernel writes whatever
//! the window reaches and pads as a convolution from the output back to the input would).
//!
//! Quantization: input/result per tensor, same storage (`i8`, or `i16` with `i8` weights: TFLite's
//! 16x8); weights `i8`, zero points 0, per tensor or per output channel (axis 0; axis 3 for
//! depthwise; per-channel fully connected only for int8); bias `i32` with zero points 0 and scale =
//! input scale × weight scale per channel (relative tolerance 1e-6), or plain `i32`; 16x8 bias is
//! plain `i64` (or `i32` for convolutions, or `i16` for the transposed convolution, which TFLite
//! Micro widens to `int64` and whose kernel would read an `i32` bias as `int64_t`); 16x8
//! convolutions need zero points 0.

use super::{OpEntry, op_entry};
use crate::graph::attributes::{Activation, Padding, i64_array, i64_array_attr};
use crate::graph::builders::{
    fused_activation, get_bool, get_int, get_padding, int_attr, int_attrs, windowed_attrs, with_optional,
};
use crate::graph::shape_inference::{Inference, ShapeQuery};
use crate::graph::shapes::{Window, WindowPadding, shape_to_string, window_output_shape};
use crate::graph::verify::{
    ACTIVATIONS, Checker, Checks, F32, I16, I32, I64, Kind, Q4, Q8, Q16, Q32, Tensor, verify_op,
};
use mc_ir::{Builder, Context, Type, Value, define_op};

define_op! {
    /// 2-D convolution, NHWC input, OHWI filter, optional `[O]` bias (TFLite `CONV_2D`).
    pub struct Conv2DOp = "graph.conv_2d" {
        summary: "2-D convolution",
        traits: [PURE],
        operands: [input, filter],
        optional_operands: [bias],
        results: [result],
        attributes: [
            stride_h: Integer, stride_w: Integer, dilation_h: Integer, dilation_w: Integer, fused_activation: String,
        ],
        optional_attributes: [padding: String, pad: DenseArray],
        verify: verify_op,
    }
}

define_op! {
    /// Depthwise 2-D convolution, NHWC input, `[1, KH, KW, C * depth_multiplier]` filter
    /// (TFLite `DEPTHWISE_CONV_2D`).
    pub struct DepthwiseConv2DOp = "graph.depthwise_conv_2d" {
        summary: "depthwise 2-D convolution",
        traits: [PURE],
        operands: [input, filter],
        optional_operands: [bias],
        results: [result],
        attributes: [
            stride_h: Integer, stride_w: Integer, dilation_h: Integer, dilation_w: Integer,
            depth_multiplier: Integer, fused_activation: String,
        ],
        optional_attributes: [padding: String, pad: DenseArray],
        verify: verify_op,
    }
}

define_op! {
    /// Transposed 2-D convolution (the gradient of `conv_2d` with respect to its input), NHWC input,
    /// OHWI filter, optional `[O]` bias, result of shape `output_shape` (TFLite `TRANSPOSE_CONV`).
    pub struct TransposeConvOp = "graph.transpose_conv" {
        summary: "transposed 2-D convolution",
        traits: [PURE],
        operands: [input, filter],
        optional_operands: [bias],
        results: [result],
        attributes: [output_shape: DenseArray, stride_h: Integer, stride_w: Integer, padding: String, fused_activation: String],
        verify: verify_op,
    }
}

define_op! {
    /// `input × weightsᵀ + bias` with `[units, depth]` weights (TFLite `FULLY_CONNECTED`).
    pub struct FullyConnectedOp = "graph.fully_connected" {
        summary: "fully connected layer",
        traits: [PURE],
        operands: [input, weights],
        optional_operands: [bias],
        results: [result],
        attributes: [fused_activation: String, keep_num_dims: Bool],
        verify: verify_op,
    }
}

/// The family's ops.
pub(super) const OPS: &[OpEntry] = &[
    op_entry!(Conv2DOp, Checks::Signature(check_conv_2d), Some(infer_conv_2d)),
    op_entry!(DepthwiseConv2DOp, Checks::Signature(check_depthwise_conv_2d), Some(infer_depthwise_conv_2d)),
    op_entry!(TransposeConvOp, Checks::Signature(check_transpose_conv), Some(infer_transpose_conv)),
    op_entry!(FullyConnectedOp, Checks::Signature(check_fully_connected), Some(infer_fully_connected)),
];

/// The attributes of `graph.conv_2d`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Conv2DAttrs {
    /// Stride along height (≥ 1).
    pub stride_h: i64,
    /// Stride along width (≥ 1).
    pub stride_w: i64,
    /// Dilation along height (≥ 1).
    pub dilation_h: i64,
    /// Dilation along width (≥ 1).
    pub dilation_w: i64,
    /// Padding mode or explicit amounts.
    pub padding: WindowPadding,
    /// Activation applied to the result.
    pub fused_activation: Activation,
}

/// The attributes of `graph.depthwise_conv_2d`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct DepthwiseConv2DAttrs {
    /// Strides, dilations, padding and activation, as for `conv_2d`.
    pub conv: Conv2DAttrs,
    /// Output channels per input channel (≥ 1).
    pub depth_multiplier: i64,
}

/// The attributes of `graph.transpose_conv`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TransposeConvAttrs {
    /// The result's shape `[N, OH, OW, O]`.
    pub output_shape: Vec<i64>,
    /// Stride along height (≥ 1).
    pub stride_h: i64,
    /// Stride along width (≥ 1).
    pub stride_w: i64,
    /// Padding mode.
    pub padding: Padding,
    /// Activation applied to the result.
    pub fused_activation: Activation,
}

windowed_attrs!(Conv2DAttrs { stride_h, stride_w, dilation_h, dilation_w });

impl Conv2DOp {
    /// Builds `graph.conv_2d`.
    pub fn build(
        b: &mut Builder<'_>,
        input: Value,
        filter: Value,
        bias: Option<Value>,
        attrs: &Conv2DAttrs,
        result: Type,
    ) -> Self {
        let attrs = attrs.to_attrs(b.ctx);
        Conv2DOp(b.create(Self::NAME, &with_optional(&[input, filter], bias), &[result], attrs, vec![]))
    }

    /// The attributes, if well-formed.
    pub fn attrs(self, ctx: &Context) -> Option<Conv2DAttrs> {
        Conv2DAttrs::read(ctx, self.0)
    }
}

impl DepthwiseConv2DOp {
    /// Builds `graph.depthwise_conv_2d`.
    pub fn build(
        b: &mut Builder<'_>,
        input: Value,
        filter: Value,
        bias: Option<Value>,
        attrs: &DepthwiseConv2DAttrs,
        result: Type,
    ) -> Self {
        let mut named = attrs.conv.to_attrs(b.ctx);
        named.push(("depth_multiplier".to_string(), int_attr(b.ctx, attrs.depth_multiplier)));
        DepthwiseConv2DOp(b.create(Self::NAME, &with_optional(&[input, filter], bias), &[result], named, vec![]))
    }

    /// The attributes, if well-formed.
    pub fn attrs(self, ctx: &Context) -> Option<DepthwiseConv2DAttrs> {
        Some(DepthwiseConv2DAttrs {
            conv: Conv2DAttrs::read(ctx, self.0)?,
            depth_multiplier: get_int(ctx, self.0, "depth_multiplier")?,
        })
    }
}

impl TransposeConvOp {
    /// Builds `graph.transpose_conv`.
    pub fn build(
        b: &mut Builder<'_>,
        input: Value,
        filter: Value,
        bias: Option<Value>,
        attrs: &TransposeConvAttrs,
        result: Type,
    ) -> Self {
        let mut named = int_attrs(b.ctx, &[("stride_h", attrs.stride_h), ("stride_w", attrs.stride_w)]);
        named.push(("output_shape".to_string(), i64_array_attr(b.ctx, &attrs.output_shape)));
        named.push(("padding".to_string(), attrs.padding.attr(b.ctx)));
        named.push(("fused_activation".to_string(), attrs.fused_activation.attr(b.ctx)));
        TransposeConvOp(b.create(Self::NAME, &with_optional(&[input, filter], bias), &[result], named, vec![]))
    }

    /// The attributes, if well-formed.
    pub fn attrs(self, ctx: &Context) -> Option<TransposeConvAttrs> {
        Some(TransposeConvAttrs {
            output_shape: i64_array(ctx, ctx.attr(self.0, "output_shape")?)?,
            stride_h: get_int(ctx, self.0, "stride_h")?,
            stride_w: get_int(ctx, self.0, "stride_w")?,
            padding: get_padding(ctx, self.0)?,
            fused_activation: fused_activation(ctx, self.0)?,
        })
    }
}

impl FullyConnectedOp {
    /// Builds `graph.fully_connected`.
    pub fn build(
        b: &mut Builder<'_>,
        input: Value,
        weights: Value,
        bias: Option<Value>,
        fused_activation: Activation,
        keep_num_dims: bool,
        result: Type,
    ) -> Self {
        let attrs = vec![
            ("fused_activation".to_string(), fused_activation.attr(b.ctx)),
            ("keep_num_dims".to_string(), b.ctx.bool_attr(keep_num_dims)),
        ];
        FullyConnectedOp(b.create(Self::NAME, &with_optional(&[input, weights], bias), &[result], attrs, vec![]))
    }

    /// The `keep_num_dims` flag.
    pub fn keep_num_dims_value(self, ctx: &Context) -> Option<bool> {
        get_bool(ctx, self.0, "keep_num_dims")
    }
}

fn check_conv_2d(c: &mut Checker<'_, '_>) {
    check_conv(c, false);
}

fn check_depthwise_conv_2d(c: &mut Checker<'_, '_>) {
    check_conv(c, true);
}

/// `conv_2d` and `depthwise_conv_2d`.
fn check_conv(c: &mut Checker<'_, '_>, depthwise: bool) {
    for name in ["stride_h", "stride_w", "dilation_h", "dilation_w"] {
        c.int_attr(name, 1);
    }
    let depth_multiplier = if depthwise { c.int_attr("depth_multiplier", 1) } else { Some(1) };
    c.window_padding();
    c.activation();
    let has_bias = c.num_operands() == 3;
    let (input, filter, result) = (c.operand("input", 0), c.operand("filter", 1), c.result("result"));
    let bias = if has_bias { c.operand("bias", 2) } else { None };
    let (Some(input), Some(filter), Some(result)) = (input, filter, result) else { return };
    if has_bias && bias.is_none() {
        return;
    }
    let ranks_ok = [c.rank("input", input, 4), c.rank("filter", filter, 4), c.rank("result", result, 4)];
    if bias.is_some_and(|b| !c.rank("bias", b, 1)) || ranks_ok.contains(&false) {
        return;
    }
    let in_channels = input.shape[3];
    let (channels, quant_axis) = if depthwise {
        if filter.shape[0] != 1 {
            c.error(format!("filter dimension 0 must be 1, but is {}", filter.shape[0]));
        }
        let channels = filter.shape[3];
        if let Some(m) = depth_multiplier
            && channels != in_channels * m
        {
            c.error(format!(
                "filter channels ({channels}) must equal input channels ({in_channels}) × depth_multiplier ({m})"
            ));
        }
        (channels, 3)
    } else {
        let (channels, filter_in) = (filter.shape[0], filter.shape[3]);
        // No input channels would make the group count 0 (and the check below divide by it).
        if filter_in <= 0 || in_channels <= 0 || in_channels % filter_in != 0 {
            c.error(format!(
                "input channels ({in_channels}) must be a multiple of the filter's input channels ({filter_in})"
            ));
        } else if channels % (in_channels / filter_in) != 0 {
            c.error(format!(
                "filter output channels ({channels}) must be a multiple of the group count ({})",
                in_channels / filter_in
            ));
        }
        (channels, 0)
    };
    if let Some(b) = bias
        && b.shape[0] != channels
    {
        c.error(format!("bias has {} elements, but there are {channels} output channels", b.shape[0]));
    }
    verify_weighted_types(c, input, filter, bias, result, quant_axis, channels, Weighted::Conv);
    c.check_inferred();
}

/// Which kind of op with weights [`verify_weighted_types`] checks.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Weighted {
    /// `conv_2d`, `depthwise_conv_2d`.
    Conv,
    /// `transpose_conv`: a 16x8 bias is `i64` or `i16` (TFLite Micro widens it), never `i32`.
    TransposeConv,
    /// `fully_connected`: `weights`, and 16x8 zero points free.
    FullyConnected,
}

/// Element types and quantization of an op with weights (convolutions, fully connected).
#[allow(clippy::too_many_arguments)]
fn verify_weighted_types(
    c: &mut Checker<'_, '_>,
    input: Tensor<'_>,
    weights: Tensor<'_>,
    bias: Option<Tensor<'_>>,
    result: Tensor<'_>,
    quant_axis: usize,
    channels: i64,
    op: Weighted,
) {
    let weights_name = if op == Weighted::FullyConnected { "weights" } else { "filter" };
    let Some(kind) = c.kind("input", input, ACTIVATIONS) else { return };
    if kind == F32 {
        c.kind(weights_name, weights, &[F32]);
        c.kind("result", result, &[F32]);
        if let Some(b) = bias {
            c.kind("bias", b, &[F32]);
        }
        return;
    }
    let bias_kinds: &[Kind] = match (kind, op) {
        (Q8, _) => &[Q32, I32],
        (_, Weighted::TransposeConv) => &[I64, Q16, I16],
        _ => &[I64, Q32, I32],
    };
    // int8 convolutions and fully connected layers take int4 weights too (TFLite's `INT4`).
    let weight_kinds: &[Kind] = match (kind, op) {
        (Q8, Weighted::Conv | Weighted::FullyConnected) => &[Q8, Q4],
        _ => &[Q8],
    };
    let weights_kind = c.kind(weights_name, weights, weight_kinds);
    let weights_ok = weights_kind.is_some();
    let result_ok = c.kind("result", result, &[kind]).is_some();
    let bias_ok = bias.is_none_or(|b| c.kind("bias", b, bias_kinds).is_some());
    let input_params = c.per_tensor("input", input);
    if result_ok {
        c.per_tensor("result", result);
    }
    if kind == Q16 && op != Weighted::FullyConnected && result_ok {
        c.zero_point_zero("input", input);
        c.zero_point_zero("result", result);
    }
    if !weights_ok {
        return;
    }
    // As TFLite Micro's FULLY_CONNECTED, which takes int4 weights per tensor only.
    if weights_kind == Some(Q4) && op == Weighted::FullyConnected && c.per_tensor(weights_name, weights).is_none() {
        return;
    }
    let Some(weight_scales) = c.weight_quant(weights_name, weights, quant_axis, channels) else { return };
    if let (Some(b), true, Some((input_scale, _))) = (bias, bias_ok, input_params) {
        c.bias_quant(b, input_scale, &weight_scales, channels);
    }
}

/// `transpose_conv`: TFLite Micro's `TransposeConv` `Prepare` and the reference kernels' shape
/// checks (input channels = filter input channels, output channels = filter output channels).
fn check_transpose_conv(c: &mut Checker<'_, '_>) {
    c.int_attr("stride_h", 1);
    c.int_attr("stride_w", 1);
    c.padding();
    c.activation();
    let has_bias = c.num_operands() == 3;
    let (input, filter, result) = (c.operand("input", 0), c.operand("filter", 1), c.result("result"));
    let bias = if has_bias { c.operand("bias", 2) } else { None };
    let (Some(input), Some(filter), Some(result)) = (input, filter, result) else { return };
    if has_bias && bias.is_none() {
        return;
    }
    let ranks_ok = [c.rank("input", input, 4), c.rank("filter", filter, 4), c.rank("result", result, 4)];
    if bias.is_some_and(|b| !c.rank("bias", b, 1)) || ranks_ok.contains(&false) {
        return;
    }
    if input.shape[3] != filter.shape[3] {
        c.error(format!(
            "input channels ({}) must equal the filter's input channels ({}, its dimension 3)",
            input.shape[3], filter.shape[3]
        ));
    }
    let channels = filter.shape[0];
    if let Some(b) = bias
        && b.shape[0] != channels
    {
        c.error(format!("bias has {} elements, but there are {channels} output channels", b.shape[0]));
    }
    verify_weighted_types(c, input, filter, bias, result, 0, channels, Weighted::TransposeConv);
    c.check_inferred();
}

fn check_fully_connected(c: &mut Checker<'_, '_>) {
    c.activation();
    let has_bias = c.num_operands() == 3;
    let (input, weights, result) = (c.operand("input", 0), c.operand("weights", 1), c.result("result"));
    let bias = if has_bias { c.operand("bias", 2) } else { None };
    let (Some(input), Some(weights), Some(result)) = (input, weights, result) else { return };
    if has_bias && bias.is_none() {
        return;
    }
    if input.shape.is_empty() {
        c.error("input must have rank at least 1");
    }
    let weights_ok = c.rank("weights", weights, 2);
    if bias.is_some_and(|b| !c.rank("bias", b, 1)) || !weights_ok || input.shape.is_empty() {
        return;
    }
    let units = weights.shape[0];
    if let Some(b) = bias
        && b.shape[0] != units
    {
        c.error(format!("bias has {} elements, but the weights have {units} units", b.shape[0]));
    }
    verify_weighted_types(c, input, weights, bias, result, 0, units, Weighted::FullyConnected);
    c.check_inferred();
}

/// `conv_2d`: `[N, OH, OW, O]`.
fn infer_conv_2d(q: &ShapeQuery<'_>) -> Inference {
    infer_conv(q, 0)
}

/// `depthwise_conv_2d`: `[N, OH, OW, C·M]`.
fn infer_depthwise_conv_2d(q: &ShapeQuery<'_>) -> Inference {
    infer_conv(q, 3)
}

/// A convolution's NHWC result, with as many channels as dimension `channels` of the filter.
fn infer_conv(q: &ShapeQuery<'_>, channels: usize) -> Inference {
    let (input, filter) = (q.rank(0, 4)?, q.rank(1, 4)?);
    let window = Window {
        filter: [filter[1], filter[2]],
        stride: [q.int_attr("stride_h")?, q.int_attr("stride_w")?],
        dilation: [q.int_attr("dilation_h")?, q.int_attr("dilation_w")?],
        padding: q.window_padding()?,
    };
    q.one(window_output_shape(input, &window, filter[channels]))
}

/// `transpose_conv`: its `output_shape`, whose batch must be the input's and whose channels the
/// filter's output channels.
fn infer_transpose_conv(q: &ShapeQuery<'_>) -> Inference {
    let (input, filter) = (q.rank(0, 4)?, q.rank(1, 4)?);
    // The attribute (the index is past the last operand, so no operand is read).
    let Some(output_shape) = q.list(3, "output_shape")? else {
        return Err(q.error("requires an 'output_shape' attribute".to_string()));
    };
    q.one(transpose_conv_shape(input, filter, &output_shape))
}

/// `output_shape` checked against the input `[N, H, W, C]` and the filter `[O, KH, KW, C]`.
pub fn transpose_conv_shape(input: &[i64], filter: &[i64], output_shape: &[i64]) -> Result<Vec<i64>, String> {
    let text = shape_to_string(output_shape);
    match output_shape {
        [n, h, w, o] if *h >= 1 && *w >= 1 && *n == input[0] && *o == filter[0] => Ok(output_shape.to_vec()),
        [_, _, _, _] if output_shape[1] < 1 || output_shape[2] < 1 => {
            Err(format!("'output_shape' {text} must have a positive height and width"))
        }
        [n, _, _, o] => Err(format!(
            "'output_shape' {text} must have the input's batch ({}) and the filter's output channels ({}), \
             not {n} and {o}",
            input[0], filter[0]
        )),
        _ => Err(format!("'output_shape' {text} must have 4 dimensions (NHWC)")),
    }
}

fn infer_fully_connected(q: &ShapeQuery<'_>) -> Inference {
    q.one(fully_connected_shape(q.shape(0)?, q.rank(1, 2)?, q.bool_attr("keep_num_dims")?))
}

/// `fully_connected`: `[batch, units]` with `batch = elements(input) / depth`, or the input's shape
/// with its last dimension replaced by `units` under `keep_num_dims`; `weights` is `[units, depth]`.
pub fn fully_connected_shape(input: &[i64], weights: &[i64], keep_num_dims: bool) -> Result<Vec<i64>, String> {
    let (units, depth) = (weights[0], weights[1]);
    let size: i64 = input.iter().product();
    if depth == 0 || size % depth != 0 {
        return Err(format!("input has {size} elements, which is not a multiple of the weights' input depth {depth}"));
    }
    if !keep_num_dims {
        return Ok(vec![size / depth, units]);
    }
    match input.last() {
        Some(&last) if last == depth => {
            let mut shape = input.to_vec();
            *shape.last_mut().expect("non-empty") = units;
            Ok(shape)
        }
        _ => Err(format!(
            "with keep_num_dims the input's last dimension ({}) must equal the weights' input depth ({depth})",
            input.last().map_or("none".to_string(), |d| d.to_string())
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fully_connected_flattens_unless_keep_num_dims() {
        assert_eq!(fully_connected_shape(&[1, 5, 5, 64], &[10, 1600], false), Ok(vec![1, 10]));
        assert_eq!(fully_connected_shape(&[4, 3, 64], &[10, 64], false), Ok(vec![12, 10]));
        assert_eq!(fully_connected_shape(&[4, 3, 64], &[10, 64], true), Ok(vec![4, 3, 10]));
        assert!(fully_connected_shape(&[1, 100], &[10, 64], false).is_err());
        assert!(fully_connected_shape(&[2, 64, 2], &[10, 64], true).is_err());
    }
}
