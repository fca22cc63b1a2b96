//! How the graph ops are verified, and the checks their families share: the `Checker` every
//! family's checks run on (tensor ranks, element [`Kind`]s, attribute ranges, quantization
//! consistency, agreement of result shapes with shape inference), scale comparisons, the verifier
//! hook of every graph op (`verify_op`) and [`verify_signature`]. Each op's own checks live in
//! its family's module and are found through its table row.
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

use super::attributes::{Activation, Padding, i64_array};
use super::ops;
use super::shape_inference::{self, Inferred};
use super::shapes::{WindowPadding, shape_to_string};
use super::signature::Signature;
use mc_ir::printer::attributes::type_to_string;
use mc_ir::quant::{QuantParams, QuantizedType};
use mc_ir::{Context, Diagnostic, FloatKind, OpId, Signedness, Type, TypeKind};

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
    /// An unsigned integer without quantization parameters (TFLite's `UINT32`, `UINT64`).
    UInt(u32),
    /// Anything else.
    Other,
}

pub(super) const F32: Kind = Kind::F32;
pub(super) const Q8: Kind = Kind::Quant { width: 8, signed: true };
/// 4-bit weights (TFLite's `INT4`).
pub(super) const Q4: Kind = Kind::Quant { width: 4, signed: true };
pub(super) const U8: Kind = Kind::Quant { width: 8, signed: false };
pub(super) const Q16: Kind = Kind::Quant { width: 16, signed: true };
pub(super) const Q32: Kind = Kind::Quant { width: 32, signed: true };
pub(super) const I8: Kind = Kind::Int(8);
pub(super) const I16: Kind = Kind::Int(16);
pub(super) const I32: Kind = Kind::Int(32);
pub(super) const I64: Kind = Kind::Int(64);
pub(super) const U32: Kind = Kind::UInt(32);
pub(super) const U64: Kind = Kind::UInt(64);
/// `i1`, TFLite's `BOOL`.
pub(super) const BOOL: Kind = Kind::Int(1);
/// Element kinds of activations.
pub(super) const ACTIVATIONS: &[Kind] = &[F32, Q8, Q16];

impl Kind {
    /// The kind of an element type.
    pub fn of(ctx: &Context, element: Type) -> Kind {
        match ctx.type_kind(element) {
            TypeKind::Float(FloatKind::F32) => Kind::F32,
            TypeKind::Float(FloatKind::F16) => Kind::F16,
            TypeKind::Quantized(q) => Kind::Quant { width: q.storage_width, signed: q.signed },
            TypeKind::Integer { width, signedness: Signedness::Signless } => Kind::Int(*width),
            TypeKind::Integer { width, signedness: Signedness::Unsigned } => Kind::UInt(*width),
            _ => Kind::Other,
        }
    }

    pub(super) fn describe(self) -> String {
        match self {
            Kind::F32 => "f32".to_string(),
            Kind::F16 => "f16".to_string(),
            Kind::Quant { width, signed } => format!("quantized {}{width}", if signed { "i" } else { "u" }),
            Kind::Int(width) => format!("i{width}"),
            Kind::UInt(width) => format!("ui{width}"),
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

/// The activations TFLite's kernels implement as fused activations.
pub fn is_supported_fused_activation(activation: Activation) -> bool {
    !matches!(activation, Activation::Tanh | Activation::SignBit)
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
pub(super) struct Tensor<'a> {
    pub(super) shape: &'a [i64],
    pub(super) element: Type,
}

/// An op's checks, as its family's table gives them.
#[derive(Copy, Clone)]
pub(super) enum Checks {
    /// Checks of the operand and result types and of the attributes alone: they apply to any
    /// signature of the op, a `buffer.kernel`'s too ([`verify_signature`]).
    Signature(fn(&mut Checker<'_, '_>)),
    /// Checks that read the op itself (a constant's value, a variable's handle): they apply to the
    /// graph op only.
    Op(fn(&mut Checker<'_, '_>)),
}

/// The element kinds a list operand may have, and how messages name them.
pub(super) type ListKinds = (&'static [Kind], &'static str);
/// A list operand TFLite Micro's kernel reads as int32 only (it refuses or misreads int64).
pub(super) const INT32_LIST: ListKinds = (&[I32], "i32 (TFLite Micro reads int32 only)");
/// A list operand TFLite Micro's kernel reads as int32 or int64.
pub(super) const INT_LIST: ListKinds = (&[I32, I64], "i32 or i64");

/// Collects the diagnostics of one op, checking its [`Signature`].
pub(super) struct Checker<'a, 'd> {
    pub(super) ctx: &'a Context,
    /// The op whose attributes are read (the signature's op).
    pub(super) op: OpId,
    pub(super) sig: Signature<'a>,
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

    pub(super) fn error(&mut self, message: impl Into<String>) {
        self.diags.push(self.sig.error(self.ctx, message));
    }

    fn failed(&self) -> bool {
        self.diags.len() > self.start
    }

    pub(super) fn ty(&self, ty: Type) -> String {
        type_to_string(self.ctx, ty)
    }

    pub(super) fn operand_type(&self, index: usize) -> Type {
        self.sig.operands[index]
    }

    /// The type of the signature's result at `position` (see [`Signature::result_indices`]).
    pub(super) fn result_type(&self, position: usize) -> Type {
        self.sig.results[position]
    }

    pub(super) fn num_operands(&self) -> usize {
        self.sig.operands.len()
    }

    /// Shape and element type of `ty` if it is the signature's kind of shaped type.
    pub(super) fn parts(&self, ty: Type) -> Option<(&'a [i64], Type)> {
        self.sig.shaped.parts(self.ctx, ty)
    }

    /// `ty` as a tensor (a buffer, for a kernel's signature), or an error naming `what`.
    pub(super) fn tensor(&mut self, what: &str, ty: Type) -> Option<Tensor<'a>> {
        match self.parts(ty) {
            Some((shape, element)) => Some(Tensor { shape, element }),
            None => {
                self.error(format!("{what} must be a {}, but got '{}'", self.sig.shaped.noun(), self.ty(ty)));
                None
            }
        }
    }

    pub(super) fn operand(&mut self, what: &str, index: usize) -> Option<Tensor<'a>> {
        let ty = self.operand_type(index);
        self.tensor(what, ty)
    }

    pub(super) fn result(&mut self, what: &str) -> Option<Tensor<'a>> {
        self.result_at(what, 0)
    }

    /// Result `index` of the graph op (of an op with several); `None` without an error when
    /// the signature lacks it (a kernel writes no buffer for an unused result).
    pub(super) fn result_at(&mut self, what: &str, index: usize) -> Option<Tensor<'a>> {
        let position = self.sig.result_indices.iter().position(|&i| i == index)?;
        let ty = self.result_type(position);
        self.tensor(what, ty)
    }

    pub(super) fn num_results(&self) -> usize {
        self.sig.results.len()
    }

    pub(super) fn rank(&mut self, what: &str, t: Tensor<'_>, rank: usize) -> bool {
        if t.shape.len() != rank {
            self.error(format!("{what} must have rank {rank}, but has rank {}", t.shape.len()));
            return false;
        }
        true
    }

    /// An integer attribute that must be at least `min`.
    pub(super) fn int_attr(&mut self, name: &str, min: i64) -> Option<i64> {
        let value = self.ctx.integer_value(self.ctx.attr(self.op, name)?)?;
        match i64::try_from(value) {
            Ok(v) if v >= min => Some(v),
            _ => {
                self.error(format!("'{name}' must be at least {min}, but is {value}"));
                None
            }
        }
    }

    /// The padding of a windowed op: exactly one of `padding` (a mode) and `pad` (four
    /// non-negative amounts: top, bottom, left, right).
    pub(super) fn window_padding(&mut self) -> Option<WindowPadding> {
        let Some(pad) = self.ctx.attr(self.op, "pad") else {
            if self.ctx.attr(self.op, "padding").is_none() {
                self.error("requires a 'padding' or a 'pad' attribute");
            }
            return self.padding().map(WindowPadding::Mode);
        };
        if self.ctx.attr(self.op, "padding").is_some() {
            self.error("takes 'padding' or 'pad', not both");
            return None;
        }
        let amounts = i64_array(self.ctx, pad).unwrap_or_default();
        match <[i64; 4]>::try_from(amounts.as_slice()) {
            Ok(amounts) if amounts.iter().all(|&a| a >= 0) => Some(WindowPadding::Explicit(amounts)),
            _ => {
                self.error(format!(
                    "'pad' must be 4 non-negative amounts (top, bottom, left, right), but is {}",
                    shape_to_string(&amounts)
                ));
                None
            }
        }
    }

    /// The `padding` mode (`SAME` or `VALID`).
    pub(super) fn padding(&mut self) -> Option<Padding> {
        let text = self.ctx.string_value(self.ctx.attr(self.op, "padding")?)?;
        let padding = Padding::parse(text);
        if padding.is_none() {
            self.error(format!("'padding' must be {}, but is \"{text}\"", Padding::spellings()));
        }
        padding
    }

    /// The fused activation, which must be one TFLite's kernels implement.
    pub(super) fn activation(&mut self) -> Option<Activation> {
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
    pub(super) fn kind(&mut self, what: &str, t: Tensor<'_>, allowed: &[Kind]) -> Option<Kind> {
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
    pub(super) fn per_tensor(&mut self, what: &str, t: Tensor<'_>) -> Option<(f64, i64)> {
        let q = self.quant(t)?;
        let params = q.per_tensor();
        if params.is_none() {
            self.error(format!("{what} must be quantized per tensor"));
        }
        params
    }

    /// `t` must be quantized per tensor or per axis, not in blocks along an axis.
    pub(super) fn per_tensor_or_axis(&mut self, what: &str, t: Tensor<'_>) {
        if let Some(q) = self.quant(t)
            && matches!(q.params, QuantParams::SubChannel { .. })
        {
            self.error(format!("{what} must be quantized per tensor or per axis"));
        }
    }

    /// `t` must hold `reference`'s storage: its element type, or a quantization of the same
    /// storage per tensor on both sides (a byte copy, as TFLite Micro's `RESHAPE`, `SQUEEZE`,
    /// `EXPAND_DIMS`, `TRANSPOSE`, `REVERSE_V2`, `SLICE`, `STRIDED_SLICE` and `GATHER` are, keeps
    /// the stored values whatever the scales and zero points).
    pub(super) fn same_storage(&mut self, what: &str, t: Tensor<'_>, reference_what: &str, reference: Tensor<'_>) {
        let (kind, reference_kind) = (Kind::of(self.ctx, t.element), Kind::of(self.ctx, reference.element));
        let per_tensor = |q: Option<&QuantizedType>| q.is_some_and(|q| q.per_tensor().is_some());
        if matches!(kind, Kind::Quant { .. })
            && kind == reference_kind
            && per_tensor(self.quant(t))
            && per_tensor(self.quant(reference))
        {
            return;
        }
        self.same_element(what, t, reference_what, reference);
    }

    /// `t`'s element type must equal `reference`'s (scales to [`SCALE_TOLERANCE`]).
    pub(super) fn same_element(
        &mut self,
        what: &str,
        t: Tensor<'_>,
        reference_what: &str,
        reference: Tensor<'_>,
    ) -> bool {
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
    pub(super) fn fixed_quant(&mut self, what: &str, t: Tensor<'_>, scale: f64, zero_point: i64, scale_text: &str) {
        self.fixed_quant_within(what, t, (scale, SCALE_TOLERANCE), zero_point, scale_text);
    }

    /// [`fixed_quant`](Self::fixed_quant) with the relative scale tolerance of TFLite Micro's own
    /// check: `(scale, tolerance)`.
    pub(super) fn fixed_quant_within(
        &mut self,
        what: &str,
        t: Tensor<'_>,
        (scale, tolerance): (f64, f64),
        zero_point: i64,
        scale_text: &str,
    ) {
        let Some((s, z)) = self.per_tensor(what, t) else { return };
        if (s - scale).abs() > tolerance * scale || z != zero_point {
            self.error(format!(
                "{what} must have scale {scale_text} and zero point {zero_point}, but has scale {s} and zero point {z}"
            ));
        }
    }

    /// Zero point 0, as TFLite's 16-bit kernels require.
    pub(super) fn zero_point_zero(&mut self, what: &str, t: Tensor<'_>) {
        if let Some((_, z)) = self.per_tensor(what, t)
            && z != 0
        {
            self.error(format!("{what} of an int16 op must have zero point 0, but has {z}"));
        }
    }

    /// A 1-D integer list operand (`shape`, `perm`, `axes`, `begin`, ...) of one of the `kinds`
    /// TFLite Micro's kernel reads it as ([`INT32_LIST`] or [`INT_LIST`]).
    pub(super) fn list_operand(&mut self, what: &str, index: usize, kinds: ListKinds) -> Option<i64> {
        self.list_operand_of_rank(what, index, false, kinds)
    }

    /// A 1-D integer list operand, or with `scalar` also a 0-D one (one value: TFLite's
    /// reductions take their axes either way); returns its length.
    fn list_operand_of_rank(&mut self, what: &str, index: usize, scalar: bool, kinds: ListKinds) -> Option<i64> {
        let ty = self.operand_type(index);
        let (allowed, text) = kinds;
        match self.parts(ty) {
            Some((&[n], element)) if allowed.contains(&Kind::of(self.ctx, element)) => Some(n),
            Some((&[], element)) if scalar && allowed.contains(&Kind::of(self.ctx, element)) => Some(1),
            _ => {
                let noun = self.sig.shaped.noun();
                let rank = if scalar { "0-D or 1-D" } else { "1-D" };
                self.error(format!("{what} must be a {rank} {noun} of {text}, but got '{}'", self.ty(ty)));
                None
            }
        }
    }

    /// Checks that a list is given exactly once, as operand `#1` (of `kinds`) or as attribute
    /// `attr`; returns the operand's length if it is the operand.
    pub(super) fn list_once(&mut self, attr: &str, operand_name: &str, kinds: ListKinds) -> Option<Option<i64>> {
        self.list_once_of_rank(attr, operand_name, false, kinds)
    }

    /// [`Self::list_once`] for a reduction's `axes`, whose operand may also be 0-D (one axis):
    /// int32 only, as TFLite Micro's `reduce_common.cc` requires.
    pub(super) fn axes_once(&mut self) -> Option<Option<i64>> {
        self.list_once_of_rank("axes", "axes operand", true, INT32_LIST)
    }

    fn list_once_of_rank(
        &mut self,
        attr: &str,
        operand_name: &str,
        scalar: bool,
        kinds: ListKinds,
    ) -> Option<Option<i64>> {
        let (has_operand, has_attr) = (self.num_operands() == 2, self.ctx.attr(self.op, attr).is_some());
        match (has_operand, has_attr) {
            (true, true) => {
                self.error(format!("takes '{attr}' as an operand or as an attribute, not both"));
                None
            }
            (false, false) => {
                self.error(format!("requires a {operand_name} or a '{attr}' attribute"));
                None
            }
            (true, false) => self.list_operand_of_rank(operand_name, 1, scalar, kinds).map(Some),
            (false, true) => Some(None),
        }
    }

    /// Checks that the one `axis` is given exactly once: as operand `index` (one i32, 0-D or
    /// 1-D, as TFLite Micro reads `axis` tensors) or as the attribute `axis`.
    pub(super) fn axis_once(&mut self, index: usize) {
        let has_attr = self.ctx.attr(self.op, "axis").is_some();
        match (self.num_operands() > index, has_attr) {
            (true, true) => self.error("takes 'axis' as an operand or as an attribute, not both"),
            (false, false) => self.error("requires an axis operand or an 'axis' attribute"),
            (true, false) => {
                let ty = self.operand_type(index);
                let one_i32 = self.parts(ty).is_some_and(|(shape, element)| {
                    shape.iter().product::<i64>() == 1 && shape.len() <= 1 && Kind::of(self.ctx, element) == I32
                });
                if !one_i32 {
                    let text = self.ty(ty);
                    self.error(format!("axis operand must hold one i32 (0-D or 1-D), but got '{text}'"));
                }
            }
            (false, true) => {}
        }
    }

    /// Compares the result with shape inference (only if no check failed so far).
    pub(super) fn check_inferred(&mut self) {
        if self.failed() {
            return;
        }
        match shape_inference::infer_signature(self.ctx, &self.sig) {
            Err(diag) => self.diags.push(diag),
            Ok(None) => {}
            Ok(Some(results)) => {
                let indices = self.sig.result_indices.clone();
                for (position, index) in indices.into_iter().enumerate() {
                    let (Some(inferred), actual) = (results.get(index), self.result_type(position)) else {
                        continue;
                    };
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
    pub(super) fn weight_quant(&mut self, what: &str, t: Tensor<'_>, axis: usize, channels: i64) -> Option<Vec<f64>> {
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
    pub(super) fn bias_quant(&mut self, bias: Tensor<'_>, input_scale: f64, weight_scales: &[f64], channels: i64) {
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

/// The verifier of the graph ops: runs the checks of `op`'s entry in its family's table.
pub(super) fn verify_op(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let entry = ops::entry(ctx.op_name_of(op)).expect("an op verified by verify_op is in its family's table");
    let (Checks::Signature(check) | Checks::Op(check)) = entry.checks;
    check(&mut Checker::new(ctx, op, diags));
}

/// Applies the rules of the graph op `sig.name` to `sig` (a signature of another op, such as a
/// `buffer.kernel`'s); returns false, pushing nothing, if that op has no rules that apply to
/// operands and results alone (`graph.const` and the variable ops, whose rules read the op).
///
/// The caller checks the operand count against the graph op's [`op_shape`](super::op_shape):
/// the rules index operands by position.
pub fn verify_signature(ctx: &Context, sig: Signature<'_>, diags: &mut Vec<Diagnostic>) -> bool {
    let Some(Checks::Signature(check)) = ops::entry(sig.name).map(|entry| entry.checks) else { return false };
    check(&mut Checker::with_signature(ctx, sig, diags));
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
