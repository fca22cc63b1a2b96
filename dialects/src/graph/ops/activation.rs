//! Activation functions: the relu family, leaky relu, prelu, hard swish, logistic, tanh,
//! softmax, log softmax and L2 normalization.
//!
//! | op | operands | attributes | result | TFLite builtin |
//! |---|---|---|---|---|
//! | `graph.softmax` | `input` (rank ≥ 1) | `beta` (f32) | input shape; along the last dim | `SOFTMAX` (25) |
//! | `graph.log_softmax` | `input` (rank ≥ 1) | — | input shape; along the last dim | `LOG_SOFTMAX` (50) |
//! | `graph.l2_normalization` | `input` (rank 1 to 4) | `fused_activation` (`NONE` only) | input shape; along the last dim | `L2_NORMALIZATION` (11) |
//! | `graph.logistic` / `graph.tanh` | `input` | — | input shape | `LOGISTIC` (14) / `TANH` (28) |
//! | `graph.relu` / `graph.relu6` / `graph.relu_n1_to_1` | `input` | — | input shape | `RELU` (19) / `RELU6` (21) / `RELU_N1_TO_1` (20) |
//! | `graph.leaky_relu` | `input` | `alpha` (f32) | input shape | `LEAKY_RELU` (98) |
//! | `graph.prelu` | `input`, `alpha` | — | broadcast shape (numpy rules) | `PRELU` (54) |
//! | `graph.hard_swish` | `input` | — | input shape | `HARD_SWISH` (117) |
//!
//! Quantization:
//!
//! | op | rule |
//! |---|---|
//! | softmax | int8 → int8 result scale 1/256, zero point -128; int8 → int16 result 1/65536, -32768; int16 result 1/32768, 0 |
//! | log softmax | f32; int8 with result scale 16/256, zero point 127 (`LogSoftmaxPrepare`) |
//! | L2 normalization | f32 or int8 (`L2Prepare`), per tensor, scales free |
//! | logistic / tanh | int8 logistic result 1/256, -128; int8 tanh result per tensor, any (`TanhPrepare` checks none: the kernel writes units of 1/128 whatever it says); int16 zero points 0, result 1/32768 |
//! | relu family, leaky relu | same storage, per tensor, scales free |
//! | prelu | f32; int8 input, alpha and result; int16 input and result with an int8 alpha (`PreluPrepare`); per tensor, scales and zero points free |
//! | hard swish | f32 or int8 (TFLite Micro has no int16 kernel), per tensor, result scale above input scale / 128 (`HardSwishPrepare` needs an output multiplier below 1) |

use super::{OpEntry, op_entry};
use crate::arith::fixed_point::reference::quantize_multiplier;
use crate::graph::attributes::Activation;
use crate::graph::builders::unary_ops;
use crate::graph::shape_inference::{Inference, ShapeQuery, same_as_input};
use crate::graph::shapes::broadcast_shapes;
use crate::graph::verify::{ACTIVATIONS, Checker, Checks, F32, Kind, Q8, Q16, verify_op};
use mc_ir::{Builder, Type, Value, define_op};

define_op! {
    /// `exp(beta * x) / sum(exp(beta * x))` along the last dimension (TFLite `SOFTMAX`).
    pub struct SoftmaxOp = "graph.softmax" {
        summary: "softmax over the last dimension",
        traits: [PURE],
        operands: [input],
        results: [result],
        attributes: [beta: Float],
        verify: verify_op,
    }
}

define_op! {
    /// `x / max(sqrt(sum(x²)), 1e-6)` along the last dimension (TFLite `L2_NORMALIZATION`).
    pub struct L2NormalizationOp = "graph.l2_normalization" {
        summary: "L2 normalization over the last dimension",
        traits: [PURE],
        operands: [input],
        results: [result],
        attributes: [fused_activation: String],
        verify: verify_op,
    }
}

define_op! {
    /// `x > 0 ? x : alpha · x` (TFLite `LEAKY_RELU`; alpha of any sign or size).
    pub struct LeakyReluOp = "graph.leaky_relu" {
        summary: "leaky rectified linear unit",
        traits: [PURE],
        operands: [input],
        results: [result],
        attributes: [alpha: Float],
        verify: verify_op,
    }
}

define_op! {
    /// `x >= 0 ? x : alpha · x` with a tensor `alpha` broadcast against `x` (TFLite `PRELU`).
    pub struct PreluOp = "graph.prelu" {
        summary: "parametric rectified linear unit",
        traits: [PURE],
        operands: [input, alpha],
        results: [result],
        attributes: [],
        verify: verify_op,
    }
}

unary_ops! {
    /// `x - max - log(sum(exp(x - max)))` along the last dimension (TFLite `LOG_SOFTMAX`).
    LogSoftmaxOp = "graph.log_softmax", "log softmax over the last dimension";
    /// `1 / (1 + exp(-x))` (TFLite `LOGISTIC`).
    LogisticOp = "graph.logistic", "logistic sigmoid";
    /// `tanh(x)` (TFLite `TANH`).
    TanhOp = "graph.tanh", "hyperbolic tangent";
    /// `max(x, 0)` (TFLite `RELU`).
    ReluOp = "graph.relu", "rectified linear unit";
    /// `clamp(x, 0, 6)` (TFLite `RELU6`).
    Relu6Op = "graph.relu6", "rectified linear unit clamped at 6";
    /// `clamp(x, -1, 1)` (TFLite `RELU_N1_TO_1`).
    ReluN1To1Op = "graph.relu_n1_to_1", "clamp to [-1, 1]";
    /// `x · relu6(x + 3) / 6` (TFLite `HARD_SWISH`).
    HardSwishOp = "graph.hard_swish", "hard swish";
}

/// The family's ops.
pub(super) const OPS: &[OpEntry] = &[
    op_entry!(SoftmaxOp, Checks::Signature(check_softmax), Some(same_as_input)),
    op_entry!(LogSoftmaxOp, Checks::Signature(check_log_softmax), Some(same_as_input)),
    op_entry!(L2NormalizationOp, Checks::Signature(check_l2_normalization), Some(same_as_input)),
    op_entry!(LogisticOp, Checks::Signature(check_logistic), Some(same_as_input)),
    op_entry!(TanhOp, Checks::Signature(check_tanh), Some(same_as_input)),
    op_entry!(ReluOp, Checks::Signature(check_relu), Some(same_as_input)),
    op_entry!(Relu6Op, Checks::Signature(check_relu), Some(same_as_input)),
    op_entry!(ReluN1To1Op, Checks::Signature(check_relu), Some(same_as_input)),
    op_entry!(LeakyReluOp, Checks::Signature(check_leaky_relu), Some(same_as_input)),
    op_entry!(PreluOp, Checks::Signature(check_prelu), Some(infer_prelu)),
    op_entry!(HardSwishOp, Checks::Signature(check_hard_swish), Some(same_as_input)),
];

impl SoftmaxOp {
    /// Builds `graph.softmax`.
    pub fn build(b: &mut Builder<'_>, input: Value, beta: f32, result: Type) -> Self {
        let f32_type = b.ctx.float_type(mc_ir::FloatKind::F32);
        let beta = b.ctx.float_attr(beta as f64, f32_type);
        SoftmaxOp(b.create(Self::NAME, &[input], &[result], vec![("beta".to_string(), beta)], vec![]))
    }
}

impl L2NormalizationOp {
    /// Builds `graph.l2_normalization`.
    pub fn build(b: &mut Builder<'_>, input: Value, fused_activation: Activation, result: Type) -> Self {
        let attrs = vec![("fused_activation".to_string(), fused_activation.attr(b.ctx))];
        L2NormalizationOp(b.create(Self::NAME, &[input], &[result], attrs, vec![]))
    }
}

impl LeakyReluOp {
    /// Builds `graph.leaky_relu`.
    pub fn build(b: &mut Builder<'_>, input: Value, alpha: f32, result: Type) -> Self {
        let f32_type = b.ctx.float_type(mc_ir::FloatKind::F32);
        let alpha = b.ctx.float_attr(alpha as f64, f32_type);
        LeakyReluOp(b.create(Self::NAME, &[input], &[result], vec![("alpha".to_string(), alpha)], vec![]))
    }
}

impl PreluOp {
    /// Builds `graph.prelu`.
    pub fn build(b: &mut Builder<'_>, input: Value, alpha: Value, result: Type) -> Self {
        PreluOp(b.create(Self::NAME, &[input, alpha], &[result], vec![], vec![]))
    }
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
        // TFLite Micro's `TF_LITE_ENSURE_NEAR`: within 0.1% of the nominal scale.
        (Q8, _) => c.fixed_quant_within(
            "int16 softmax result of an int8 input",
            result,
            (1.0 / 65536.0, 1e-3),
            -32768,
            "1/65536 (within 0.1%)",
        ),
        (Q16, _) => {
            c.fixed_quant_within("int16 softmax result", result, (1.0 / 32768.0, 1e-3), 0, "1/32768 (within 0.1%)")
        }
        _ => {}
    }
    c.check_inferred();
}

/// `log_softmax` (TFLM's `LogSoftmaxPrepare`): float32, or int8 to int8 with the result's scale
/// exactly 16/256 and zero point 127.
fn check_log_softmax(c: &mut Checker<'_, '_>) {
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    if input.shape.is_empty() {
        c.error("input must have rank at least 1");
    }
    let Some(kind) = c.kind("input", input, &[F32, Q8]) else { return };
    if c.kind("result", result, &[kind]).is_none() {
        return;
    }
    if kind == Q8 {
        c.per_tensor("input", input);
        c.fixed_quant("int8 log_softmax result", result, 16.0 / 256.0, 127, "16/256");
    }
    c.check_inferred();
}

/// `l2_normalization` (TFLM's `L2Prepare`): float32 or int8 of rank 1 to 4, the result of the
/// input's kind, no fused activation ("Our implementations don't currently support activations").
fn check_l2_normalization(c: &mut Checker<'_, '_>) {
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    if input.shape.is_empty() || input.shape.len() > 4 {
        c.error(format!("input must have rank 1 to 4, but has rank {}", input.shape.len()));
    }
    if let Some(kind) = c.kind("input", input, &[F32, Q8])
        && c.kind("result", result, &[kind]).is_some()
        && kind != F32
    {
        c.per_tensor("input", input);
        c.per_tensor("result", result);
    }
    if let Some(activation) = c.activation()
        && activation != Activation::None
    {
        c.error(format!(
            "takes no fused activation (TFLite Micro's L2_NORMALIZATION), but has \"{}\"",
            activation.as_str()
        ));
    }
    c.check_inferred();
}

/// `logistic` and `tanh`: TFLite's fixed-point kernels produce fixed output quantizations; the
/// int8 one `int8_scale` names is required (TFLM's int8 `TanhPrepare` requires none).
fn check_sigmoid_like(c: &mut Checker<'_, '_>, int8_scale: Option<(f64, i64, &str)>) {
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    let Some(kind) = c.kind("input", input, ACTIVATIONS) else { return };
    if c.kind("result", result, &[kind]).is_none() {
        return;
    }
    let name = c.sig.name.trim_start_matches("graph.");
    match kind {
        Q8 => {
            c.per_tensor("input", input);
            match int8_scale {
                Some((scale, zero_point, text)) => {
                    c.fixed_quant(&format!("int8 {name} result"), result, scale, zero_point, text);
                }
                None => {
                    c.per_tensor("result", result);
                }
            }
        }
        Q16 => {
            c.zero_point_zero("input", input);
            // TFLite Micro's `CheckedLog2`: log2 of the scale within 10^-3 of -15.
            let tolerance = 2f64.powf(1e-3) - 1.0;
            c.fixed_quant_within(&format!("int16 {name} result"), result, (1.0 / 32768.0, tolerance), 0, "2^-15");
        }
        _ => {}
    }
    c.check_inferred();
}

fn check_logistic(c: &mut Checker<'_, '_>) {
    check_sigmoid_like(c, Some((1.0 / 256.0, -128, "1/256")));
}

fn check_tanh(c: &mut Checker<'_, '_>) {
    // TFLM's int8 tanh writes units of 1/128 with zero point 0 whatever the result's quantization.
    check_sigmoid_like(c, None);
}

/// `relu`, `relu6`, `relu_n1_to_1`: input and result quantizations may differ (TFLite rescales).
fn check_relu(c: &mut Checker<'_, '_>) {
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    let Some(kind) = c.kind("input", input, ACTIVATIONS) else { return };
    if c.kind("result", result, &[kind]).is_some() && kind != F32 {
        c.per_tensor("input", input);
        c.per_tensor("result", result);
    }
    c.check_inferred();
}

/// `leaky_relu`: as the relu family, with a finite `alpha` (the kernels derive multipliers from it).
fn check_leaky_relu(c: &mut Checker<'_, '_>) {
    let alpha = c.ctx.attr(c.op, "alpha").and_then(|a| c.ctx.float_value(a));
    if let Some(alpha) = alpha.filter(|a| !a.is_finite()) {
        c.error(format!("'alpha' must be finite, but is {alpha}"));
    }
    check_relu(c);
}

/// `prelu` (TFLM's `PreluPrepare` and `PreluEval`): f32 throughout, int8 throughout, or an int16
/// input and result with an int8 alpha; quantized tensors per tensor (TFLM reads one scale and
/// zero point of each), scales and zero points free.
fn check_prelu(c: &mut Checker<'_, '_>) {
    let (Some(input), Some(alpha), Some(result)) = (c.operand("input", 0), c.operand("alpha", 1), c.result("result"))
    else {
        return;
    };
    let Some(kind) = c.kind("input", input, ACTIVATIONS) else { return };
    let alpha_kind = if kind == Q16 { Q8 } else { kind };
    let alpha_ok = c.kind("alpha", alpha, &[alpha_kind]).is_some();
    if c.kind("result", result, &[kind]).is_some() && alpha_ok && kind != F32 {
        c.per_tensor("input", input);
        c.per_tensor("alpha", alpha);
        c.per_tensor("result", result);
    }
    c.check_inferred();
}

/// `prelu`: the input and alpha broadcast together.
fn infer_prelu(q: &ShapeQuery<'_>) -> Inference {
    q.one(broadcast_shapes(q.shape(0)?, q.shape(1)?))
}

/// `hard_swish`: f32 or int8 in and out (TFLite Micro's kernel takes no int16), per tensor, and
/// `HardSwishPrepare`'s output multiplier `(in_scale / 128) / out_scale` (in `float`) below 1.
fn check_hard_swish(c: &mut Checker<'_, '_>) {
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    let Some(kind) = c.kind("input", input, &[F32, Q8]) else { return };
    if c.kind("result", result, &[kind]).is_some() && kind == Q8 {
        let input_quant = c.per_tensor("input", input);
        let result_quant = c.per_tensor("result", result);
        if let (Some((input_scale, _)), Some((result_scale, _))) = (input_quant, result_quant) {
            let hires = (1.0f32 / 128.0) * input_scale as f32;
            let (_, exponent) = quantize_multiplier(f64::from(hires / result_scale as f32));
            if exponent > 0 {
                c.error(format!(
                    "int8 hard_swish result scale {result_scale} must exceed the input scale {input_scale} / 128 \
                     (TFLite Micro's output multiplier must be below 1)"
                ));
            }
        }
    }
    c.check_inferred();
}
