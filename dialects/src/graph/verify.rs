//! Verifiers of the graph ops and the checks they share: tensor ranks, element types, attribute
//! ranges, quantization consistency, and agreement of result shapes with shape inference.
//!
//! The rules are TFLite's (its kernels' `Prepare` checks and what its reference kernels assume):
//!
//! - Activations are `f32`, or per-tensor quantized `i8`/`i16`; weights of quantized convolutions
//!   and fully connected layers are `i8` with zero points 0, per tensor or per output channel.
//! - A quantized bias is `i32` with zero points 0 and scale `input scale × filter scale` per
//!   channel, to a relative tolerance of [`SCALE_TOLERANCE`]. (TFLite's int8 kernels add the bias
//!   to the accumulator unscaled and never check this; mc checks it because a bias that breaks
//!   the rule would compute something other than what the model's scales say.) 16-bit
//!   convolutions and fully connected layers take an `i64` bias without quantization parameters,
//!   since quantized storage is limited to 32 bits, or an `i32` one.
//! - Ops that move values without arithmetic (pooling, reshape, transpose, pad, slice,
//!   concatenation) keep the input's quantization: equal zero points, scales equal to
//!   [`SCALE_TOLERANCE`].
//! - Fused activations `TANH` and `SIGN_BIT` are rejected: TFLite's kernels implement only
//!   `NONE`, `RELU`, `RELU_N1_TO_1` and `RELU6` as fused activations.
//!
//! Every check pushes its own diagnostic; an op's later checks are skipped only when they depend
//! on earlier ones (no shape inference on operands of the wrong rank).

use super::attributes::{Activation, Padding, is_resource_type};
use super::ops::*;
use super::shape_inference::{self, Inferred, is_supported_fused_activation, shape_to_string, variable_type};
use super::signature::Signature;
use mc_ir::printer::attributes::type_to_string;
use mc_ir::quant::{QuantParams, QuantizedType};
use mc_ir::{AttrKind, Context, Diagnostic, FloatKind, OpId, Signedness, Type, TypeKind};

/// Relative tolerance when scales must be equal (or equal a product): `|a - b| ≤ tol × max(|a|, |b|)`.
pub const SCALE_TOLERANCE: f64 = 1e-6;

/// The broad class of a tensor's element type.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Kind {
    /// `f32`.
    F32,
    /// `f16`.
    F16,
    /// A quantized type with `width`-bit signed (`i8`) or unsigned (`u8`) storage.
    Quant {
        /// Storage width.
        width: u32,
        /// Signed storage.
        signed: bool,
    },
    /// A signless integer without quantization parameters.
    Int(u32),
    /// Anything else.
    Other,
}

const F32: Kind = Kind::F32;
const Q8: Kind = Kind::Quant { width: 8, signed: true };
const U8: Kind = Kind::Quant { width: 8, signed: false };
const Q16: Kind = Kind::Quant { width: 16, signed: true };
const Q32: Kind = Kind::Quant { width: 32, signed: true };
const I32: Kind = Kind::Int(32);
const I64: Kind = Kind::Int(64);
/// Element kinds of activations.
const ACTIVATIONS: &[Kind] = &[F32, Q8, Q16];

impl Kind {
    /// The kind of an element type.
    pub fn of(ctx: &Context, element: Type) -> Kind {
        match ctx.type_kind(element) {
            TypeKind::Float(FloatKind::F32) => Kind::F32,
            TypeKind::Float(FloatKind::F16) => Kind::F16,
            TypeKind::Quantized(q) => Kind::Quant { width: q.storage_width, signed: q.signed },
            TypeKind::Integer { width, signedness: Signedness::Signless } => Kind::Int(*width),
            _ => Kind::Other,
        }
    }

    fn describe(self) -> String {
        match self {
            Kind::F32 => "f32".to_string(),
            Kind::F16 => "f16".to_string(),
            Kind::Quant { width, signed } => format!("quantized {}{width}", if signed { "i" } else { "u" }),
            Kind::Int(width) => format!("i{width}"),
            Kind::Other => "other".to_string(),
        }
    }
}

/// `a, b or c`.
fn describe_kinds(kinds: &[Kind]) -> String {
    let names: Vec<String> = kinds.iter().map(|k| k.describe()).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.concat(),
    }
}

/// True if two scales are equal to [`SCALE_TOLERANCE`].
pub fn scales_match(a: f64, b: f64) -> bool {
    (a - b).abs() <= SCALE_TOLERANCE * a.abs().max(b.abs())
}

/// True if two element types are equal, quantized types up to [`SCALE_TOLERANCE`] on scales.
pub fn same_element_type(ctx: &Context, a: Type, b: Type) -> bool {
    if a == b {
        return true;
    }
    let (TypeKind::Quantized(qa), TypeKind::Quantized(qb)) = (ctx.type_kind(a), ctx.type_kind(b)) else {
        return false;
    };
    let same_params = match (&qa.params, &qb.params) {
        (QuantParams::PerTensor { .. }, QuantParams::PerTensor { .. }) => true,
        (QuantParams::PerAxis { axis: x, .. }, QuantParams::PerAxis { axis: y, .. }) => x == y,
        _ => false,
    };
    same_params
        && (qa.storage_width, qa.signed, qa.storage_min, qa.storage_max, qa.expressed)
            == (qb.storage_width, qb.signed, qb.storage_min, qb.storage_max, qb.expressed)
        && qa.zero_points() == qb.zero_points()
        && qa.scales().len() == qb.scales().len()
        && qa.scales().iter().zip(qb.scales()).all(|(&x, y)| scales_match(x, y))
}

/// A tensor operand or result: its shape and element type.
#[derive(Copy, Clone, Debug)]
struct Tensor<'a> {
    shape: &'a [i64],
    element: Type,
}

/// Collects the diagnostics of one op, checking its [`Signature`].
struct Checker<'a, 'd> {
    ctx: &'a Context,
    /// The op whose attributes are read (the signature's op).
    op: OpId,
    sig: Signature<'a>,
    diags: &'d mut Vec<Diagnostic>,
    start: usize,
}

impl<'a, 'd> Checker<'a, 'd> {
    /// Checks the graph op `op` itself.
    fn new(ctx: &'a Context, op: OpId, diags: &'d mut Vec<Diagnostic>) -> Self {
        Self::with_signature(ctx, Signature::of_op(ctx, op), diags)
    }

    fn with_signature(ctx: &'a Context, sig: Signature<'a>, diags: &'d mut Vec<Diagnostic>) -> Self {
        let start = diags.len();
        Checker { ctx, op: sig.op, sig, diags, start }
    }

    fn error(&mut self, message: impl Into<String>) {
        self.diags.push(self.sig.error(self.ctx, message));
    }

    fn failed(&self) -> bool {
        self.diags.len() > self.start
    }

    fn ty(&self, ty: Type) -> String {
        type_to_string(self.ctx, ty)
    }

    fn operand_type(&self, index: usize) -> Type {
        self.sig.operands[index]
    }

    fn result_type(&self, index: usize) -> Type {
        self.sig.results[index]
    }

    fn num_operands(&self) -> usize {
        self.sig.operands.len()
    }

    /// Shape and element type of `ty` if it is the signature's kind of shaped type.
    fn parts(&self, ty: Type) -> Option<(&'a [i64], Type)> {
        self.sig.shaped.parts(self.ctx, ty)
    }

    /// `ty` as a tensor (a buffer, for a kernel's signature), or an error naming `what`.
    fn tensor(&mut self, what: &str, ty: Type) -> Option<Tensor<'a>> {
        match self.parts(ty) {
            Some((shape, element)) => Some(Tensor { shape, element }),
            None => {
                self.error(format!("{what} must be a {}, but got '{}'", self.sig.shaped.noun(), self.ty(ty)));
                None
            }
        }
    }

    fn operand(&mut self, what: &str, index: usize) -> Option<Tensor<'a>> {
        let ty = self.operand_type(index);
        self.tensor(what, ty)
    }

    fn result(&mut self, what: &str) -> Option<Tensor<'a>> {
        let ty = self.result_type(0);
        self.tensor(what, ty)
    }

    fn rank(&mut self, what: &str, t: Tensor<'_>, rank: usize) -> bool {
        if t.shape.len() != rank {
            self.error(format!("{what} must have rank {rank}, but has rank {}", t.shape.len()));
            return false;
        }
        true
    }

    /// An integer attribute that must be at least `min`.
    fn int_attr(&mut self, name: &str, min: i64) -> Option<i64> {
        let value = self.ctx.integer_value(self.ctx.attr(self.op, name)?)?;
        match i64::try_from(value) {
            Ok(v) if v >= min => Some(v),
            _ => {
                self.error(format!("'{name}' must be at least {min}, but is {value}"));
                None
            }
        }
    }

    fn padding(&mut self) -> Option<Padding> {
        let text = self.ctx.string_value(self.ctx.attr(self.op, "padding")?)?;
        let padding = Padding::parse(text);
        if padding.is_none() {
            self.error(format!("'padding' must be {}, but is \"{text}\"", Padding::spellings()));
        }
        padding
    }

    /// The fused activation, which must be one TFLite's kernels implement.
    fn activation(&mut self) -> Option<Activation> {
        let text = self.ctx.string_value(self.ctx.attr(self.op, "fused_activation")?)?;
        let Some(activation) = Activation::parse(text) else {
            self.error(format!("'fused_activation' must be {}, but is \"{text}\"", Activation::spellings()));
            return None;
        };
        if !is_supported_fused_activation(activation) {
            self.error(format!(
                "fused activation \"{activation}\" is not supported: TFLite fuses only \"NONE\", \"RELU\", \
                 \"RELU_N1_TO_1\" and \"RELU6\""
            ));
            return None;
        }
        Some(activation)
    }

    /// The element kind of `t`, which must be one of `allowed`.
    fn kind(&mut self, what: &str, t: Tensor<'_>, allowed: &[Kind]) -> Option<Kind> {
        let kind = Kind::of(self.ctx, t.element);
        if allowed.contains(&kind) {
            return Some(kind);
        }
        self.error(format!(
            "{what} element type must be {}, but got '{}'",
            describe_kinds(allowed),
            self.ty(t.element)
        ));
        None
    }

    fn quant(&self, t: Tensor<'_>) -> Option<&'a QuantizedType> {
        self.ctx.quantization(t.element)
    }

    /// Scale and zero point of a per-tensor quantized `t`; an error if it is quantized per axis.
    fn per_tensor(&mut self, what: &str, t: Tensor<'_>) -> Option<(f64, i64)> {
        let q = self.quant(t)?;
        let params = q.per_tensor();
        if params.is_none() {
            self.error(format!("{what} must be quantized per tensor"));
        }
        params
    }

    /// `t`'s element type must equal `reference`'s (scales to [`SCALE_TOLERANCE`]).
    fn same_element(&mut self, what: &str, t: Tensor<'_>, reference_what: &str, reference: Tensor<'_>) -> bool {
        if same_element_type(self.ctx, t.element, reference.element) {
            return true;
        }
        self.error(format!(
            "{what} element type '{}' must match the {reference_what} element type '{}'",
            self.ty(t.element),
            self.ty(reference.element)
        ));
        false
    }

    /// A fixed output quantization that TFLite's kernels require.
    fn fixed_quant(&mut self, what: &str, t: Tensor<'_>, scale: f64, zero_point: i64, scale_text: &str) {
        let Some((s, z)) = self.per_tensor(what, t) else { return };
        if !scales_match(s, scale) || z != zero_point {
            self.error(format!(
                "{what} must have scale {scale_text} and zero point {zero_point}, but has scale {s} and zero point {z}"
            ));
        }
    }

    /// Zero point 0, as TFLite's 16-bit kernels require.
    fn zero_point_zero(&mut self, what: &str, t: Tensor<'_>) {
        if let Some((_, z)) = self.per_tensor(what, t)
            && z != 0
        {
            self.error(format!("{what} of an int16 op must have zero point 0, but has {z}"));
        }
    }

    /// A 1-D integer list operand (`shape`, `perm`, `axes`, `begin`, ...).
    fn list_operand(&mut self, what: &str, index: usize) -> Option<i64> {
        let ty = self.operand_type(index);
        match self.parts(ty) {
            Some((&[n], element)) if matches!(Kind::of(self.ctx, element), I32 | I64) => Some(n),
            _ => {
                let noun = self.sig.shaped.noun();
                self.error(format!("{what} must be a 1-D {noun} of i32 or i64, but got '{}'", self.ty(ty)));
                None
            }
        }
    }

    /// Compares the result with shape inference (only if no check failed so far).
    fn check_inferred(&mut self) {
        if self.failed() {
            return;
        }
        match shape_inference::infer_signature(self.ctx, &self.sig) {
            Err(diag) => self.diags.push(diag),
            Ok(None) => {}
            Ok(Some(results)) => {
                for (index, inferred) in results.iter().enumerate() {
                    let actual = self.result_type(index);
                    match inferred {
                        Inferred::Shape(shape) => {
                            if let Some((actual_shape, _)) = self.parts(actual)
                                && actual_shape != shape.as_slice()
                            {
                                self.error(format!(
                                    "result shape {} does not match the inferred shape {}",
                                    shape_to_string(actual_shape),
                                    shape_to_string(shape)
                                ));
                            }
                        }
                        // Whole types (a variable's) are compared by the op's verifier,
                        // which names what they come from.
                        Inferred::Type(_) => {}
                    }
                }
            }
        }
    }

    /// Checks quantized weights: per tensor, or per channel along `axis` with `channels` scales;
    /// zero points 0. Returns the scales (one, or one per channel).
    fn weight_quant(&mut self, what: &str, t: Tensor<'_>, axis: usize, channels: i64) -> Option<Vec<f64>> {
        let q = self.quant(t)?;
        let scales = q.scales();
        if let QuantParams::PerAxis { axis: a, .. } = &q.params
            && (*a as usize != axis || scales.len() as i64 != channels)
        {
            self.error(format!(
                "{what} must be quantized per tensor or per channel along axis {axis} with {channels} scales"
            ));
            return None;
        }
        if q.zero_points().iter().any(|&z| z != 0) {
            self.error(format!("{what} zero points must be 0"));
            return None;
        }
        Some(scales)
    }

    /// Checks a quantized bias against `input_scale × weight_scales[channel]`.
    fn bias_quant(&mut self, bias: Tensor<'_>, input_scale: f64, weight_scales: &[f64], channels: i64) {
        let Some(q) = self.quant(bias) else { return };
        let scales = q.scales();
        if let QuantParams::PerAxis { axis, .. } = &q.params
            && (*axis != 0 || scales.len() as i64 != channels)
        {
            self.error(format!("bias must be quantized per tensor or per channel along axis 0 with {channels} scales"));
            return;
        }
        if q.zero_points().iter().any(|&z| z != 0) {
            self.error("bias zero points must be 0");
            return;
        }
        let pick = |v: &[f64], c: usize| if v.len() == 1 { v[0] } else { v[c] };
        for channel in 0..channels.max(0) as usize {
            let (bias_scale, weight_scale) = (pick(&scales, channel), pick(weight_scales, channel));
            let expected = input_scale * weight_scale;
            if !scales_match(bias_scale, expected) {
                self.error(format!(
                    "bias scale {bias_scale} (channel {channel}) does not match input scale × filter scale \
                     ({input_scale} × {weight_scale} = {expected})"
                ));
                return;
            }
        }
    }
}

pub(super) fn verify_const(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    check_const(&mut Checker::new(ctx, op, diags));
}

fn check_const(c: &mut Checker<'_, '_>) {
    let (ctx, op) = (c.ctx, c.op);
    let result = c.result_type(0);
    if c.result("result").is_none() {
        return;
    }
    let value = ConstOp(op).value(ctx);
    let Some(value_type) = ctx.attr_type(value) else { return };
    let storage_matches = ctx.quantization(result).is_some_and(|q| {
        let (Some((vs, ve)), Some((rs, _))) = (ctx.tensor_parts(value_type), ctx.tensor_parts(result)) else {
            return false;
        };
        vs == rs
            && matches!(ctx.type_kind(ve), TypeKind::Integer { width, signedness: Signedness::Signless } if *width == q.storage_width)
    });
    if value_type != result && !storage_matches {
        c.error(format!("value type '{}' does not match result type '{}'", c.ty(value_type), c.ty(result)));
        return;
    }
    if let AttrKind::DenseResource { name, ty } = ctx.attr_kind(value)
        && let Some(blob) = ctx.resources.get(name)
    {
        let element_size = ctx.scalar_byte_size(ctx.element_type(*ty)).unwrap_or(0) as u64;
        let needed = ctx.num_elements(*ty).unwrap_or(0) * element_size;
        if blob.data.len() as u64 != needed {
            c.error(format!("resource '{name}' holds {} bytes, but '{}' needs {needed}", blob.data.len(), c.ty(*ty)));
        }
    }
}

pub(super) fn verify_conv_2d(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    check_conv_2d(&mut Checker::new(ctx, op, diags));
}

pub(super) fn verify_depthwise_conv_2d(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    check_depthwise_conv_2d(&mut Checker::new(ctx, op, diags));
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
    verify_weighted_types(c, input, filter, bias, result, quant_axis, channels, false);
    c.check_inferred();
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
    fully_connected: bool,
) {
    let weights_name = if fully_connected { "weights" } else { "filter" };
    let Some(kind) = c.kind("input", input, ACTIVATIONS) else { return };
    if kind == F32 {
        c.kind(weights_name, weights, &[F32]);
        c.kind("result", result, &[F32]);
        if let Some(b) = bias {
            c.kind("bias", b, &[F32]);
        }
        return;
    }
    let bias_kinds: &[Kind] = if kind == Q8 { &[Q32, I32] } else { &[I64, Q32, I32] };
    let weights_ok = c.kind(weights_name, weights, &[Q8]).is_some();
    let result_ok = c.kind("result", result, &[kind]).is_some();
    let bias_ok = bias.is_none_or(|b| c.kind("bias", b, bias_kinds).is_some());
    let input_params = c.per_tensor("input", input);
    if result_ok {
        c.per_tensor("result", result);
    }
    if kind == Q16 && !fully_connected && result_ok {
        c.zero_point_zero("input", input);
        c.zero_point_zero("result", result);
    }
    if !weights_ok {
        return;
    }
    let Some(weight_scales) = c.weight_quant(weights_name, weights, quant_axis, channels) else { return };
    if let (Some(b), true, Some((input_scale, _))) = (bias, bias_ok, input_params) {
        c.bias_quant(b, input_scale, &weight_scales, channels);
    }
}

pub(super) fn verify_fully_connected(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    check_fully_connected(&mut Checker::new(ctx, op, diags));
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
    verify_weighted_types(c, input, weights, bias, result, 0, units, true);
    c.check_inferred();
}

/// `add`, `sub`, `mul`.
pub(super) fn verify_binary(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    check_binary(&mut Checker::new(ctx, op, diags));
}

fn check_binary(c: &mut Checker<'_, '_>) {
    c.activation();
    let (Some(lhs), Some(rhs), Some(result)) = (c.operand("lhs", 0), c.operand("rhs", 1), c.result("result")) else {
        return;
    };
    let Some(kind) = c.kind("lhs", lhs, &[F32, Q8, Q16, I32, I64]) else { return };
    let rhs_ok = c.kind("rhs", rhs, &[kind]).is_some();
    let result_ok = c.kind("result", result, &[kind]).is_some();
    if rhs_ok && result_ok && matches!(kind, Kind::Quant { .. }) {
        let params = [c.per_tensor("lhs", lhs), c.per_tensor("rhs", rhs), c.per_tensor("result", result)];
        if kind == Q16 && c.sig.name == MulOp::NAME && params.iter().flatten().any(|&(_, z)| z != 0) {
            c.error("operands and result of an int16 mul must have zero point 0");
        }
    }
    c.check_inferred();
}

/// `avg_pool_2d`, `max_pool_2d`.
pub(super) fn verify_pool_2d(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    check_pool_2d(&mut Checker::new(ctx, op, diags));
}

fn check_pool_2d(c: &mut Checker<'_, '_>) {
    for name in ["filter_h", "filter_w", "stride_h", "stride_w"] {
        c.int_attr(name, 1);
    }
    c.padding();
    c.activation();
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    if [c.rank("input", input, 4), c.rank("result", result, 4)].contains(&false) {
        return;
    }
    if c.kind("input", input, ACTIVATIONS).is_some() && c.same_element("result", result, "input", input) {
        c.per_tensor("input", input);
    }
    c.check_inferred();
}

pub(super) fn verify_reshape(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    check_reshape(&mut Checker::new(ctx, op, diags));
}

fn check_reshape(c: &mut Checker<'_, '_>) {
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    c.same_element("result", result, "input", input);
    let elements = |shape: &[i64]| shape.iter().try_fold(1i64, |n, &d| n.checked_mul(d));
    match (elements(input.shape), elements(result.shape)) {
        (Some(count), Some(result_count)) if count != result_count => {
            c.error(format!("result has {result_count} elements, but the input has {count}"))
        }
        (Some(_), Some(_)) => {}
        _ => c.error("the element count of the input or the result overflows a 64-bit integer"),
    }
    if c.num_operands() == 2 {
        c.list_operand("shape operand", 1);
    }
    c.check_inferred();
}

/// Checks that a list is given exactly once, as operand `#1` or as attribute `attr`; returns
/// the operand's length if it is the operand.
fn list_once(c: &mut Checker<'_, '_>, attr: &str, operand_name: &str) -> Option<Option<i64>> {
    let (has_operand, has_attr) = (c.num_operands() == 2, c.ctx.attr(c.op, attr).is_some());
    match (has_operand, has_attr) {
        (true, true) => {
            c.error(format!("takes '{attr}' as an operand or as an attribute, not both"));
            None
        }
        (false, false) => {
            c.error(format!("requires a {operand_name} or a '{attr}' attribute"));
            None
        }
        (true, false) => c.list_operand(operand_name, 1).map(Some),
        (false, true) => Some(None),
    }
}

pub(super) fn verify_transpose(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    check_transpose(&mut Checker::new(ctx, op, diags));
}

fn check_transpose(c: &mut Checker<'_, '_>) {
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    c.same_element("result", result, "input", input);
    if let Some(Some(n)) = list_once(c, "perm", "perm operand")
        && n != input.shape.len() as i64
    {
        c.error(format!("perm operand has {n} elements, but the input has rank {}", input.shape.len()));
    }
    c.check_inferred();
}

pub(super) fn verify_softmax(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    check_softmax(&mut Checker::new(ctx, op, diags));
}

fn check_softmax(c: &mut Checker<'_, '_>) {
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    if input.shape.is_empty() {
        c.error("input must have rank at least 1");
    }
    let Some(kind) = c.kind("input", input, ACTIVATIONS) else { return };
    let allowed: &[Kind] = if kind == Q8 { &[Q8, Q16] } else { &[kind] };
    let Some(out) = c.kind("result", result, allowed) else { return };
    if kind != F32 {
        c.per_tensor("input", input);
    }
    match (kind, out) {
        (Q8, Q8) => c.fixed_quant("int8 softmax result", result, 1.0 / 256.0, -128, "1/256"),
        (Q8, _) => c.fixed_quant("int16 softmax result of an int8 input", result, 1.0 / 65536.0, -32768, "1/65536"),
        (Q16, _) => c.fixed_quant("int16 softmax result", result, 1.0 / 32768.0, 0, "1/32768"),
        _ => {}
    }
    c.check_inferred();
}

/// `logistic` and `tanh`: TFLite's fixed-point kernels produce fixed output quantizations.
fn check_sigmoid_like(c: &mut Checker<'_, '_>, int8_scale: (f64, i64, &str)) {
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    let Some(kind) = c.kind("input", input, ACTIVATIONS) else { return };
    if c.kind("result", result, &[kind]).is_none() {
        return;
    }
    let name = c.sig.name.trim_start_matches("graph.");
    match kind {
        Q8 => {
            c.per_tensor("input", input);
            let (scale, zero_point, text) = int8_scale;
            c.fixed_quant(&format!("int8 {name} result"), result, scale, zero_point, text);
        }
        Q16 => {
            c.zero_point_zero("input", input);
            c.fixed_quant(&format!("int16 {name} result"), result, 1.0 / 32768.0, 0, "1/32768");
        }
        _ => {}
    }
    c.check_inferred();
}

pub(super) fn verify_logistic(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    check_logistic(&mut Checker::new(ctx, op, diags));
}

pub(super) fn verify_tanh(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    check_tanh(&mut Checker::new(ctx, op, diags));
}

fn check_logistic(c: &mut Checker<'_, '_>) {
    check_sigmoid_like(c, (1.0 / 256.0, -128, "1/256"));
}

fn check_tanh(c: &mut Checker<'_, '_>) {
    check_sigmoid_like(c, (1.0 / 128.0, 0, "1/128"));
}

/// `relu`, `relu6`, `relu_n1_to_1`: input and result quantizations may differ (TFLite rescales).
pub(super) fn verify_relu(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    check_relu(&mut Checker::new(ctx, op, diags));
}

fn check_relu(c: &mut Checker<'_, '_>) {
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    let Some(kind) = c.kind("input", input, ACTIVATIONS) else { return };
    if c.kind("result", result, &[kind]).is_some() && kind != F32 {
        c.per_tensor("input", input);
        c.per_tensor("result", result);
    }
    c.check_inferred();
}

pub(super) fn verify_mean(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    check_mean(&mut Checker::new(ctx, op, diags));
}

fn check_mean(c: &mut Checker<'_, '_>) {
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    if let Some(kind) = c.kind("input", input, ACTIVATIONS)
        && c.kind("result", result, &[kind]).is_some()
        && kind != F32
    {
        c.per_tensor("input", input);
        c.per_tensor("result", result);
    }
    list_once(c, "axes", "axes operand");
    c.check_inferred();
}

pub(super) fn verify_pad(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    check_pad(&mut Checker::new(ctx, op, diags));
}

fn check_pad(c: &mut Checker<'_, '_>) {
    let (ctx, op) = (c.ctx, c.op);
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    c.same_element("result", result, "input", input);
    let (has_operand, has_attr) = (c.num_operands() == 2, ctx.attr(op, "paddings").is_some());
    match (has_operand, has_attr) {
        (true, true) => c.error("takes 'paddings' as an operand or as an attribute, not both"),
        (false, false) => c.error("requires a paddings operand or a 'paddings' attribute"),
        (true, false) => {
            let ty = c.operand_type(1);
            let rank = input.shape.len() as i64;
            let ok = matches!(c.parts(ty), Some((&[r, 2], e)) if r == rank && matches!(Kind::of(ctx, e), I32 | I64));
            if !ok {
                c.error(format!("paddings operand must be a {rank}x2 tensor of i32 or i64, but got '{}'", c.ty(ty)));
            }
        }
        (false, true) => {}
    }
    c.check_inferred();
}

pub(super) fn verify_concatenation(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    check_concatenation(&mut Checker::new(ctx, op, diags));
}

fn check_concatenation(c: &mut Checker<'_, '_>) {
    if let Some(activation) = c.activation()
        && activation != Activation::None
    {
        c.error(format!(
            "fused activation must be \"NONE\", but is \"{activation}\" (TFLite's concatenation fuses none)"
        ));
    }
    if c.num_operands() == 0 {
        c.error("requires at least one input");
        return;
    }
    let Some(result) = c.result("result") else { return };
    for index in 0..c.num_operands() {
        let what = format!("input #{index}");
        if let Some(input) = c.operand(&what, index) {
            c.same_element(&what, input, "result", result);
        }
    }
    c.check_inferred();
}

pub(super) fn verify_strided_slice(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    check_strided_slice(&mut Checker::new(ctx, op, diags));
}

fn check_strided_slice(c: &mut Checker<'_, '_>) {
    let (ctx, op) = (c.ctx, c.op);
    for name in ["begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask"] {
        c.int_attr(name, 0);
    }
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    c.same_element("result", result, "input", input);
    let attrs = ["begin", "end", "strides"].map(|name| ctx.attr(op, name).is_some());
    match (c.num_operands(), attrs) {
        (4, [false, false, false]) => {
            let lengths = [
                c.list_operand("begin operand", 1),
                c.list_operand("end operand", 2),
                c.list_operand("strides operand", 3),
            ];
            if let [Some(b), Some(e), Some(s)] = lengths
                && (b != e || b != s)
            {
                c.error(format!(
                    "begin, end and strides operands must have the same length, but have {b}, {e} and {s}"
                ));
            }
        }
        (1, [true, true, true]) => {}
        _ => c.error("requires begin, end and strides, all as operands or all as attributes"),
    }
    c.check_inferred();
}

pub(super) fn verify_quantize(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    check_quantize(&mut Checker::new(ctx, op, diags));
}

fn check_quantize(c: &mut Checker<'_, '_>) {
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    let (Some(from), Some(to)) =
        (c.kind("input", input, &[F32, Q8, U8, Q16, Q32]), c.kind("result", result, &[Q8, U8, Q16, Q32]))
    else {
        return;
    };
    // The conversions TFLite Micro's QUANTIZE kernel implements.
    let supported = match from {
        F32 => [Q8, Q16].contains(&to),
        Q8 => [Q8, U8, Q16, Q32].contains(&to),
        U8 => to == Q8,
        Q16 => [Q8, Q16, Q32].contains(&to),
        _ => [Q8, Q16].contains(&to),
    };
    if !supported {
        c.error(format!("cannot quantize {} to {}", from.describe(), to.describe()));
    }
    if from != F32 {
        c.per_tensor("input", input);
    }
    c.per_tensor("result", result);
    c.check_inferred();
}

pub(super) fn verify_dequantize(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    check_dequantize(&mut Checker::new(ctx, op, diags));
}

fn check_dequantize(c: &mut Checker<'_, '_>) {
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    if c.kind("input", input, &[Q8, U8, Q16, Kind::F16]).is_some() {
        c.per_tensor("input", input);
    }
    c.kind("result", result, &[F32]);
    c.check_inferred();
}

/// Checks that `ty` is `!graph.resource`.
fn check_handle(c: &mut Checker<'_, '_>, what: &str, ty: Type) -> bool {
    if is_resource_type(c.ctx, ty) {
        return true;
    }
    c.error(format!("{what} must be of type '!graph.resource', but got '{}'", c.ty(ty)));
    false
}

pub(super) fn verify_var_handle(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    check_var_handle(&mut Checker::new(ctx, op, diags));
}

fn check_var_handle(c: &mut Checker<'_, '_>) {
    let (ctx, op) = (c.ctx, c.op);
    let result = c.result_type(0);
    check_handle(c, "result", result);
    if let Some(ty) = ctx.type_value(VarHandleOp(op).value_type(ctx))
        && ctx.tensor_parts(ty).is_none()
    {
        c.error(format!("'value_type' must be a tensor type, but is '{}'", c.ty(ty)));
    }
}

/// The variable's type must match the value read or assigned, when the handle's op is visible.
fn check_variable_value(c: &mut Checker<'_, '_>, what: &str, ty: Type) {
    let handle = c.ctx.operation(c.op).operand(0);
    if c.tensor(what, ty).is_none() || !check_handle(c, "handle", c.ctx.value_type(handle)) {
        return;
    }
    if let Some(expected) = variable_type(c.ctx, handle)
        && expected != ty
    {
        c.error(format!("{what} type '{}' does not match the variable's type '{}'", c.ty(ty), c.ty(expected)));
    }
}

pub(super) fn verify_read_variable(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    check_read_variable(&mut Checker::new(ctx, op, diags));
}

fn check_read_variable(c: &mut Checker<'_, '_>) {
    let result = c.result_type(0);
    check_variable_value(c, "result", result);
}

pub(super) fn verify_assign_variable(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    check_assign_variable(&mut Checker::new(ctx, op, diags));
}

fn check_assign_variable(c: &mut Checker<'_, '_>) {
    let value = c.operand_type(1);
    check_variable_value(c, "value", value);
}

/// Applies the rules of the graph op `sig.name` to `sig` (a signature of another op, such as a
/// `buffer.kernel`'s); returns false, pushing nothing, if that op has no rules that apply to
/// operands and results alone (`graph.const` and the variable ops, whose rules read the op).
///
/// The caller checks the operand count against the graph op's [`op_shape`](super::op_shape):
/// the rules index operands by position.
pub fn verify_signature(ctx: &Context, sig: Signature<'_>, diags: &mut Vec<Diagnostic>) -> bool {
    let rule: fn(&mut Checker<'_, '_>) = match sig.name {
        Conv2DOp::NAME => check_conv_2d,
        DepthwiseConv2DOp::NAME => check_depthwise_conv_2d,
        FullyConnectedOp::NAME => check_fully_connected,
        AddOp::NAME | SubOp::NAME | MulOp::NAME => check_binary,
        AvgPool2DOp::NAME | MaxPool2DOp::NAME => check_pool_2d,
        ReshapeOp::NAME => check_reshape,
        TransposeOp::NAME => check_transpose,
        SoftmaxOp::NAME => check_softmax,
        LogisticOp::NAME => check_logistic,
        TanhOp::NAME => check_tanh,
        ReluOp::NAME | Relu6Op::NAME | ReluN1To1Op::NAME => check_relu,
        MeanOp::NAME => check_mean,
        PadOp::NAME => check_pad,
        ConcatenationOp::NAME => check_concatenation,
        StridedSliceOp::NAME => check_strided_slice,
        QuantizeOp::NAME => check_quantize,
        DequantizeOp::NAME => check_dequantize,
        _ => return false,
    };
    rule(&mut Checker::with_signature(ctx, sig, diags));
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scale_tolerance_is_relative() {
        assert!(scales_match(0.5 * 0.25, 0.125));
        // A product computed in f32 and stored: within tolerance.
        let (input, filter) = (0.023_529_412_f32, 0.001_234_567_f32);
        assert!(scales_match((input * filter) as f64, input as f64 * filter as f64));
        assert!(!scales_match(1e-5, 1.00002e-5));
        assert!(scales_match(1e-5, 1.0000001e-5));
    }

    #[test]
    fn quantized_element_types_compare_with_tolerance() {
        let mut ctx = Context::new();
        let f32 = ctx.float_type(FloatKind::F32);
        let a = ctx.uniform_quantized_type(8, true, f32, 0.1, 3);
        let b = ctx.uniform_quantized_type(8, true, f32, 0.1 * (1.0 + 1e-8), 3);
        let c = ctx.uniform_quantized_type(8, true, f32, 0.1, 4);
        let d = ctx.uniform_quantized_type(16, true, f32, 0.1, 3);
        assert!(same_element_type(&ctx, a, b));
        assert!(!same_element_type(&ctx, a, c));
        assert!(!same_element_type(&ctx, a, d));
        assert!(!same_element_type(&ctx, a, f32));
        assert_eq!(Kind::of(&ctx, a), Q8);
        assert_eq!(Kind::of(&ctx, d), Q16);
        assert_eq!(describe_kinds(ACTIVATIONS), "f32, quantized i8 or quantized i16");
    }
}
