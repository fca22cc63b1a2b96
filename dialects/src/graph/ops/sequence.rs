//! Sequence models: operators that carry state from one invocation to the next.
//!
//! | op | operands | attributes | result | TFLite builtin |
//! |---|---|---|---|---|
//! | `graph.svdf_state` | `state` `[B, F·M]`, `input` `[B, D]`, `weights_feature` `[F, D]` | — | the state one step later (`state`'s type) | first half of `SVDF` (27) |
//! | `graph.svdf` | `state` `[B, F·M]` (after `svdf_state`), `weights_time` `[F, M]`, `bias` `[U]` | `rank` (`F = U·rank`), `fused_activation` | `[B, U]` | second half of `SVDF` (27) |
//!
//! TFLite's `SVDF` updates its activation state (a variable tensor of `B` rows of `F` filters ×
//! `M` memory slots) in place and then reads it: the importer makes the state a variable
//! (`graph.var_handle`, `graph.read_variable`), computes the next state with `svdf_state` (every
//! filter's slots shifted one place towards the oldest, the newest slot the filter's dot product
//! with the input), assigns it back (`graph.assign_variable`), and computes the output from it
//! with `svdf` (each filter's slots dotted with its time weights, `rank` filters summed per unit,
//! plus the bias, through the activation).
//!
//! The bias is required: TFLite's schema makes it optional, but TFLite Micro's kernel fails
//! without one (its `PrepareSvdf` reads the bias tensor whatever the types).
//!
//! Quantization, as TFLite Micro's `PrepareSvdf` takes it: float throughout; or an int8 input,
//! weights and output with a state and time weights both `i16` or both `i8` (per tensor) and a
//! 32-bit bias whose scale is state scale × time-weight scale (to 1e-5, TFLM's absolute
//! tolerance). TFLM reads the weights' and the bias' scales
//! only (their zero points are ignored, so they are here too) and ignores `fused_activation` in
//! the integer kernel; the float kernel applies any of TFLite's activations, `TANH` too (but
//! `SIGN_BIT`, which mc refuses).

use super::{OpEntry, op_entry};
use crate::graph::attributes::Activation;
use crate::graph::builders::int_attr;
use crate::graph::shape_inference::{Inference, ShapeQuery};
use crate::graph::verify::{Checker, Checks, F32, I32, Q8, Q16, Q32, Tensor, verify_op};
use mc_ir::{Builder, Type, Value, define_op};

/// TFLite Micro's tolerance on the int8 SVDF's bias scale (absolute, not relative).
const BIAS_SCALE_TOLERANCE: f64 = 1e-5;

define_op! {
    /// The activation state of an SVDF after one step (the first half of TFLite `SVDF`).
    pub struct SvdfStateOp = "graph.svdf_state" {
        summary: "SVDF activation state after one step",
        traits: [PURE],
        operands: [state, input, weights_feature],
        results: [result],
        attributes: [],
        verify: verify_op,
    }
}

define_op! {
    /// The output of an SVDF from its updated activation state (the second half of TFLite `SVDF`).
    pub struct SvdfOp = "graph.svdf" {
        summary: "SVDF output",
        traits: [PURE],
        operands: [state, weights_time, bias],
        results: [result],
        attributes: [rank: Integer, fused_activation: String],
        verify: verify_op,
    }
}

/// The family's ops.
pub(super) const OPS: &[OpEntry] = &[
    op_entry!(SvdfStateOp, Checks::Signature(check_svdf_state), Some(infer_svdf_state)),
    op_entry!(SvdfOp, Checks::Signature(check_svdf), Some(infer_svdf)),
];

impl SvdfStateOp {
    /// Builds `graph.svdf_state`; the result has `state`'s type.
    pub fn build(b: &mut Builder<'_>, state: Value, input: Value, weights_feature: Value) -> Self {
        let result = b.ctx.value_type(state);
        SvdfStateOp(b.create(Self::NAME, &[state, input, weights_feature], &[result], vec![], vec![]))
    }
}

impl SvdfOp {
    /// Builds `graph.svdf`.
    pub fn build(
        b: &mut Builder<'_>,
        state: Value,
        weights_time: Value,
        bias: Value,
        rank: i64,
        activation: Activation,
        result: Type,
    ) -> Self {
        let attrs =
            vec![("rank".to_string(), int_attr(b.ctx, rank)), ("fused_activation".to_string(), activation.attr(b.ctx))];
        SvdfOp(b.create(Self::NAME, &[state, weights_time, bias], &[result], attrs, vec![]))
    }
}

/// `svdf_state`: the state `[B, F·M]` of as many rows as the input `[B, D]`, `F` the weights'
/// filters `[F, D]`; the result is of the state's type.
fn check_svdf_state(c: &mut Checker<'_, '_>) {
    let (state, input, weights) = (c.operand("state", 0), c.operand("input", 1), c.operand("weights_feature", 2));
    let (Some(state), Some(input), Some(weights), Some(result)) = (state, input, weights, c.result("result")) else {
        return;
    };
    let ranks = [("state", state), ("input", input), ("weights_feature", weights)].map(|(w, t)| c.rank(w, t, 2));
    if ranks.contains(&false) {
        return;
    }
    if weights.shape[1] != input.shape[1] {
        c.error(format!("weights_feature takes {} inputs, but the input has {}", weights.shape[1], input.shape[1]));
    }
    check_state_shape(c, state, input.shape[0], weights.shape[0]);
    let Some(kind) = c.kind("input", input, &[F32, Q8]) else { return };
    if kind == F32 {
        c.kind("weights_feature", weights, &[F32]);
        c.kind("state", state, &[F32]);
    } else {
        c.per_tensor("input", input);
        if c.kind("weights_feature", weights, &[Q8]).is_some() {
            c.per_tensor("weights_feature", weights);
        }
        if c.kind("state", state, &[Q16, Q8]).is_some() {
            c.per_tensor("state", state);
        }
    }
    c.same_element("result", result, "state", state);
    c.check_inferred();
}

/// The state must be `[batches, filters · memory]` with a memory of at least one slot.
fn check_state_shape(c: &mut Checker<'_, '_>, state: Tensor<'_>, batches: i64, filters: i64) {
    if state.shape[0] != batches {
        c.error(format!("state has {} rows, but the batch has {batches}", state.shape[0]));
    }
    if filters <= 0 || state.shape[1] <= 0 || state.shape[1] % filters != 0 {
        c.error(format!("state row of {} is not a memory of {filters} filters", state.shape[1]));
    }
}

/// `svdf`: state `[B, F·M]`, time weights `[F, M]`, bias `[F / rank]`, result `[B, F / rank]`.
fn check_svdf(c: &mut Checker<'_, '_>) {
    let Some(rank) = c.int_attr("rank", 1) else {
        if c.ctx.attr(c.op, "rank").is_none() {
            c.error("requires integer attribute 'rank'");
        }
        return;
    };
    let activation = c.ctx.attr(c.op, "fused_activation").and_then(|a| c.ctx.string_value(a));
    match activation.map(|text| (text, Activation::parse(text))) {
        Some((text, None)) => {
            c.error(format!("'fused_activation' must be {}, but is \"{text}\"", Activation::spellings()));
        }
        Some((_, Some(Activation::SignBit))) => c.error(
            "fused activation \"SIGN_BIT\" is not supported on an SVDF (TFLite Micro's float kernel returns \
             the sign bit, a NaN's too, which mc does not compute)",
        ),
        _ => {}
    }
    let (state, weights, bias) = (c.operand("state", 0), c.operand("weights_time", 1), c.operand("bias", 2));
    let (Some(state), Some(weights), Some(bias), Some(result)) = (state, weights, bias, c.result("result")) else {
        return;
    };
    let ranks_ok = c.rank("state", state, 2) & c.rank("weights_time", weights, 2) & c.rank("bias", bias, 1);
    if !ranks_ok {
        return;
    }
    let (filters, memory) = (weights.shape[0], weights.shape[1]);
    if filters % rank != 0 {
        c.error(format!("weights_time has {filters} filters, which is not a multiple of the rank {rank}"));
        return;
    }
    if state.shape[1] != filters * memory {
        c.error(format!(
            "state row of {} does not hold {filters} filters of memory {memory} (the time weights' shape)",
            state.shape[1]
        ));
    }
    let units = filters / rank;
    if bias.shape[0] != units {
        c.error(format!("bias has {} elements, but the SVDF has {units} units", bias.shape[0]));
    }
    let Some(kind) = c.kind("state", state, &[F32, Q16, Q8]) else { return };
    if kind == F32 {
        c.kind("weights_time", weights, &[F32]);
        c.kind("bias", bias, &[F32]);
        c.kind("result", result, &[F32]);
    } else {
        check_integer_svdf(c, state, weights, bias, result, kind);
    }
    c.check_inferred();
}

/// The integer SVDF: time weights of the state's storage, an `int32` bias of scale state ×
/// weights, an int8 result.
fn check_integer_svdf(
    c: &mut Checker<'_, '_>,
    state: Tensor<'_>,
    weights: Tensor<'_>,
    bias: Tensor<'_>,
    result: Tensor<'_>,
    kind: crate::graph::verify::Kind,
) {
    let state_params = c.per_tensor("state", state);
    let weights_params = match c.kind("weights_time", weights, &[kind]) {
        Some(_) => c.per_tensor("weights_time", weights),
        None => None,
    };
    if c.kind("result", result, &[Q8]).is_some() {
        c.per_tensor("result", result);
    }
    let Some(bias_kind) = c.kind("bias", bias, &[Q32, I32]) else { return };
    let bias_scale = if bias_kind == Q32 { c.per_tensor("bias", bias).map(|(s, _)| s) } else { Some(0.0) };
    if let (Some(bias_scale), Some((state_scale, _)), Some((weights_scale, _))) =
        (bias_scale, state_params, weights_params)
    {
        // TFLM compares in double the float product of the float scales.
        let expected = f64::from(state_scale as f32 * weights_scale as f32);
        if (f64::from(bias_scale as f32) - expected).abs() >= BIAS_SCALE_TOLERANCE {
            c.error(format!(
                "bias scale {bias_scale} does not match state scale × weights_time scale ({state_scale} × \
                 {weights_scale} = {expected}) to within {BIAS_SCALE_TOLERANCE}"
            ));
        }
    }
}

/// `svdf_state`: the state's shape.
fn infer_svdf_state(q: &ShapeQuery<'_>) -> Inference {
    q.one(Ok(q.rank(0, 2)?.to_vec()))
}

/// `svdf`: `[batches, filters / rank]`.
fn infer_svdf(q: &ShapeQuery<'_>) -> Inference {
    let (state, weights) = (q.rank(0, 2)?, q.rank(1, 2)?);
    let rank = q.int_attr("rank")?;
    if rank < 1 || weights[0] % rank != 0 {
        return q.one(Err(format!("{} filters do not split into units of rank {rank}", weights[0])));
    }
    q.one(Ok(vec![state[0], weights[0] / rank]))
}
