//! Sequence models: operators that carry state from one invocation to the next.
//!
//! | op | operands | attributes | result | TFLite builtin |
//! |---|---|---|---|---|
//! | `graph.svdf_state` | `state` `[B, F·M]`, `input` `[B, D]`, `weights_feature` `[F, D]` | — | the state one step later (`state`'s type) | first half of `SVDF` (27) |
//! | `graph.svdf` | `state` `[B, F·M]` (after `svdf_state`), `weights_time` `[F, M]`, `bias` `[U]` | `rank` (`F = U·rank`), `fused_activation` | `[B, U]` | second half of `SVDF` (27) |
//! | `graph.circular_buffer` | `input` `[1, 1, H, D]` int8, `buffer` `[1, S, H, D]` plain i8 (the last `S` inputs' storage, the state), `count` `[1]` ui32 (invocations since the last valid one, the state) | `cycles_max` (1 or more) | four: `output` (`buffer`'s shape, the input's element type), `valid` (a bool of one element), `next_buffer` and `next_count` (the states' types) | custom `CIRCULAR_BUFFER` |
//! | `graph.lstm` | the 15 [`LSTM_OPERANDS`] | `fused_activation`, `cell_clip`, `time_major` | three: the hidden states of every step, `[T, B, S]` or `[B, T, S]`; the hidden and the cell state after the last step, each of its state operand's type | `UNIDIRECTIONAL_SEQUENCE_LSTM` (44): its output and the two states it updates in place |
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
//!
//! TFLite Micro's `CIRCULAR_BUFFER` (a custom operator of streaming models) keeps the last `S`
//! inputs in its output tensor: each invocation shifts them one slot towards the oldest and
//! writes the input in the newest slot, and every `cycles_max`-th invocation is valid (the
//! others tell the interpreter to skip the rest of the graph, or clear the optional `valid`
//! output). The importer keeps the buffer and the count in variables (as SVDF's state, zeroed
//! at init and by `model_reset_state`): `circular_buffer` reads both and yields its output,
//! whether this invocation is valid, and the next buffer and count, assigned back. The buffer
//! holds plain `i8` storage values, so it starts at 0 as TFLite Micro's output tensor does in a
//! fresh arena (a quantized state would start at its zero point).
//!
//! TFLite's `UNIDIRECTIONAL_SEQUENCE_LSTM` updates two variable tensors in place, its hidden
//! state (input 18) and its cell state (input 19), and outputs the hidden state of every time
//! step. The importer reads both states from variables (as SVDF's), computes the output and the
//! final states with one `lstm` (one recurrence, three results), and assigns the two states back.
//!
//! What TFLite Micro's kernel (`lstm_eval.cc`'s `LstmTensors::ValidateTensorStatus`,
//! `ValidateTensorSize`) accepts, and so these ops: the input `[T, B, I]` (`time_major`) or
//! `[B, T, I]`, all eight gate weights (no CIFG) of one type, `[S, I]` from the input and
//! `[S, S]` from the hidden state, four biases `[S]` of one type, states of `B·S` elements, and
//! none of the peephole, projection or layer-normalisation tensors (the importer refuses them).
//! The cell gate's activation is `fused_activation`, which TFLM's kernel computes only for
//! `TANH` (anything else is an assertion failure there, an error here); `cell_clip` (0: none)
//! clips the cell state; TFLM ignores `proj_clip` without a projection. Element types: float
//! throughout; int8 input, hidden state and output, int8 weights, int32 biases and an int16 cell
//! state; or int16 input, hidden state and output, int8 weights, int64 biases and an int16 cell
//! state; weights, biases and states quantized per tensor, the cell state's
//! scale taken as the nearest power of two (TFLM's `CheckedLog2`, whose verdict it ignores).

use super::{OpEntry, op_entry};
use crate::graph::attributes::Activation;
use crate::graph::builders::{get_bool, int_attr};
use crate::graph::shape_inference::{Inference, Inferred, ShapeQuery};
use crate::graph::verify::{BOOL, Checker, Checks, F32, I8, I32, I64, Kind, Q8, Q16, Q32, Tensor, U32, verify_op};
use mc_ir::{Builder, FloatKind, Type, Value, define_op};

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

define_op! {
    /// TFLite Micro's `CIRCULAR_BUFFER`, one step: the buffer with the input shifted in, whether
    /// this is a `cycles_max`-th invocation, and the buffer and the count after the step.
    pub struct CircularBufferOp = "graph.circular_buffer" {
        summary: "Buffer of the last inputs, valid every cycles_max invocations",
        traits: [PURE],
        operands: [input, buffer, count],
        results: [output, valid, next_buffer, next_count],
        attributes: [cycles_max: Integer],
        verify: verify_op,
    }
}

/// The operands of `graph.lstm`, in order: TFLite's inputs 0 to 8, 12 to 15, 18 and 19.
pub const LSTM_OPERANDS: [&str; 15] = [
    "input",
    "input_to_input_weights",
    "input_to_forget_weights",
    "input_to_cell_weights",
    "input_to_output_weights",
    "recurrent_to_input_weights",
    "recurrent_to_forget_weights",
    "recurrent_to_cell_weights",
    "recurrent_to_output_weights",
    "input_gate_bias",
    "forget_gate_bias",
    "cell_gate_bias",
    "output_gate_bias",
    "hidden_state",
    "cell_state",
];

/// The operand of the hidden state in [`LSTM_OPERANDS`].
pub const LSTM_HIDDEN_STATE: usize = 13;

/// The operand of the cell state in [`LSTM_OPERANDS`].
pub const LSTM_CELL_STATE: usize = 14;

/// The results of `graph.lstm`, in order.
pub const LSTM_RESULTS: [&str; 3] = ["output", "final_hidden_state", "final_cell_state"];

/// The result holding the hidden state after the last step.
pub const LSTM_FINAL_HIDDEN_STATE: usize = 1;

/// The result holding the cell state after the last step.
pub const LSTM_FINAL_CELL_STATE: usize = 2;

define_op! {
    /// A unidirectional sequence LSTM (TFLite `UNIDIRECTIONAL_SEQUENCE_LSTM`): the hidden state
    /// of every time step (the operator's output), and the hidden and cell states after the last
    /// step (the variables TFLite updates in place).
    pub struct LstmOp = "graph.lstm" {
        summary: "unidirectional sequence LSTM",
        traits: [PURE],
        operands: [
            input,
            input_to_input_weights,
            input_to_forget_weights,
            input_to_cell_weights,
            input_to_output_weights,
            recurrent_to_input_weights,
            recurrent_to_forget_weights,
            recurrent_to_cell_weights,
            recurrent_to_output_weights,
            input_gate_bias,
            forget_gate_bias,
            cell_gate_bias,
            output_gate_bias,
            hidden_state,
            cell_state
        ],
        results: [output, final_hidden_state, final_cell_state],
        attributes: [fused_activation: String, cell_clip: Float, time_major: Bool],
        verify: verify_op,
    }
}

impl LstmOp {
    /// Builds the op on the 15 [`LSTM_OPERANDS`]: the output sequence of type `output`, the
    /// final states of their operands' types.
    pub fn build(b: &mut Builder<'_>, operands: &[Value; 15], options: LstmOptions, output: Type) -> Self {
        let attributes = options.attributes(b);
        let states = [LSTM_HIDDEN_STATE, LSTM_CELL_STATE].map(|i| b.ctx.value_type(operands[i]));
        LstmOp(b.create(Self::NAME, operands, &[output, states[0], states[1]], attributes, vec![]))
    }
}

/// The options of the LSTM ops.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LstmOptions {
    /// The cell gate's and the cell output's activation (TFLM computes `TANH` only).
    pub activation: Activation,
    /// The cell state's clip (0: none).
    pub cell_clip: f32,
    /// The input and output are `[time, batch, ·]` rather than `[batch, time, ·]`.
    pub time_major: bool,
}

impl LstmOptions {
    fn attributes(self, b: &mut Builder<'_>) -> Vec<(String, mc_ir::Attribute)> {
        let f32_type = b.ctx.float_type(FloatKind::F32);
        vec![
            ("fused_activation".to_string(), self.activation.attr(b.ctx)),
            ("cell_clip".to_string(), b.ctx.float_attr(f64::from(self.cell_clip), f32_type)),
            ("time_major".to_string(), b.ctx.bool_attr(self.time_major)),
        ]
    }
}

/// The family's ops.
pub(super) const OPS: &[OpEntry] = &[
    op_entry!(SvdfStateOp, Checks::Signature(check_svdf_state), Some(infer_svdf_state)),
    op_entry!(SvdfOp, Checks::Signature(check_svdf), Some(infer_svdf)),
    op_entry!(LstmOp, Checks::Signature(check_lstm), Some(infer_lstm)),
    op_entry!(CircularBufferOp, Checks::Signature(check_circular_buffer), None),
];

impl CircularBufferOp {
    /// Builds the op on `input`, the `buffer` and the `count` before the step; its results
    /// (the output, the valid flag, the next buffer and count) of types `results`.
    pub fn build(b: &mut Builder<'_>, [input, buffer, count]: [Value; 3], cycles_max: i64, results: [Type; 4]) -> Self {
        let attributes = vec![("cycles_max".to_string(), int_attr(b.ctx, cycles_max))];
        CircularBufferOp(b.create(Self::NAME, &[input, buffer, count], &results, attributes, vec![]))
    }
}

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

/// `circular_buffer` (TFLM's `CircularBufferPrepare`): an int8 input `[1, 1, H, D]`, a plain
/// i8 buffer `[1, S, H, D]` (the next buffer of its type), an output of the buffer's shape and
/// the input's element type, `cycles_max` 1 or more, a ui32 count `[1]` (the next count of its
/// type) and a bool flag of one element (no shape rule: the flag's shape is the model's).
fn check_circular_buffer(c: &mut Checker<'_, '_>) {
    c.int_attr("cycles_max", 1);
    let (input, buffer) = (c.operand("input", 0), c.operand("buffer", 1));
    if let Some(count) = c.operand("count", 2)
        && c.kind("count", count, &[U32]).is_some()
        && count.shape != [1]
    {
        c.error(format!("count must have shape [1], but has {:?}", count.shape));
    }
    if let (Some(count), Some(next)) = (c.operand("count", 2), c.result_at("next_count", 3)) {
        c.same_element("next_count", next, "count", count);
    }
    if let Some(valid) = c.result_at("valid", 1)
        && c.kind("valid", valid, &[BOOL]).is_some()
        && valid.shape.iter().product::<i64>() != 1
    {
        c.error(format!("valid must hold one element, but has shape {:?}", valid.shape));
    }
    let (Some(input), Some(buffer)) = (input, buffer) else { return };
    let kinds = [(&[Q8, I8][..], "input", input), (&[I8], "buffer", buffer)]
        .map(|(allowed, what, t)| c.kind(what, t, allowed).is_some());
    let ranks = [("input", input), ("buffer", buffer)].map(|(what, t)| c.rank(what, t, 4));
    if kinds.contains(&false) || ranks.contains(&false) {
        return;
    }
    let slots = buffer.shape[1];
    if input.shape[..2] != [1, 1] || buffer.shape[0] != 1 || slots < 1 || input.shape[2..] != buffer.shape[2..] {
        c.error(format!(
            "the input {:?} must be [1, 1, H, D] and the buffer {:?} [1, S, H, D] with S >= 1",
            input.shape, buffer.shape
        ));
    }
    if let Some(output) = c.result_at("output", 0) {
        c.same_element("output", output, "input", input);
        if output.shape != buffer.shape {
            c.error(format!("output must have the buffer's shape {:?}, but has {:?}", buffer.shape, output.shape));
        }
    }
    if let Some(next) = c.result_at("next_buffer", 2) {
        c.same_element("next_buffer", next, "buffer", buffer);
        if next.shape != buffer.shape {
            c.error(format!("next_buffer must have the buffer's shape {:?}, but has {:?}", buffer.shape, next.shape));
        }
    }
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

/// `lstm`: shapes and types as TFLite Micro's `ValidateTensorStatus` and
/// `ValidateTensorSize` require them, the activation `TANH`, a cell clip of at least 0.
fn check_lstm(c: &mut Checker<'_, '_>) {
    let activation = c.ctx.attr(c.op, "fused_activation").and_then(|a| c.ctx.string_value(a));
    match activation.map(|text| (text, Activation::parse(text))) {
        Some((_, Some(Activation::Tanh))) | None => {}
        Some((text, _)) => c.error(format!(
            "fused activation \"{text}\" is not supported on an LSTM: TFLite Micro's kernel computes the cell \
             gate only with \"TANH\""
        )),
    }
    let clip = c.ctx.attr(c.op, "cell_clip").and_then(|a| c.ctx.float_value(a));
    // NaN is no valid clip either.
    if let Some(clip) = clip
        && clip.partial_cmp(&0.0).is_none_or(|order| order.is_lt())
    {
        c.error(format!("'cell_clip' must be at least 0, but is {clip}"));
    }
    if c.num_operands() != LSTM_OPERANDS.len() {
        return;
    }
    let mut tensors = Vec::new();
    for (index, what) in LSTM_OPERANDS.iter().enumerate() {
        tensors.push(c.operand(what, index));
    }
    let Some(tensors) = tensors.into_iter().collect::<Option<Vec<Tensor<'_>>>>() else { return };
    // A kernel may lack unused results (no buffer), never all.
    let mut results = [("", None); 3];
    for (index, what) in LSTM_RESULTS.into_iter().enumerate() {
        results[index] = (what, c.result_at(what, index));
    }
    if results.iter().all(|(_, result)| result.is_none()) {
        return;
    }
    let (input, hidden, cell) = (tensors[0], tensors[LSTM_HIDDEN_STATE], tensors[LSTM_CELL_STATE]);
    if !c.rank("input", input, 3) {
        return;
    }
    let time_major = get_bool(c.ctx, c.op, "time_major").unwrap_or(false);
    let (batches, depth) = (if time_major { input.shape[1] } else { input.shape[0] }, input.shape[2]);
    let Some(&units) = hidden.shape.last() else {
        c.error("hidden_state must have rank 1 or more");
        return;
    };
    let units = if hidden.shape.len() >= 2 { units } else { units / batches.max(1) };
    let mut shapes_ok = true;
    for (index, what) in LSTM_OPERANDS.iter().enumerate().take(13).skip(1) {
        let expected = match index {
            1..=4 => vec![units, depth],
            5..=8 => vec![units, units],
            _ => vec![units],
        };
        if tensors[index].shape != expected.as_slice() {
            c.error(format!("{what} must have shape {expected:?}, but has {:?}", tensors[index].shape));
            shapes_ok = false;
        }
    }
    for (what, state) in [("hidden_state", hidden), ("cell_state", cell)] {
        let elements: i64 = state.shape.iter().product();
        if elements != batches * units {
            c.error(format!("{what} must hold {batches} batches of {units} units, but has shape {:?}", state.shape));
            shapes_ok = false;
        }
    }
    if !shapes_ok {
        return;
    }
    check_lstm_types(c, &tensors, &results);
    c.check_inferred();
}

/// The element types of one of TFLite Micro's three LSTM kernels: float; int8 activations with
/// int8 weights, int32 biases and an int16 cell state; int16 activations with int8 weights, int64
/// biases and an int16 cell state. The final hidden state is of the hidden state's type, the
/// final cell state of the cell state's. The output sequence is of the hidden state's kind but
/// may have its own scale and zero point: TFLite Micro copies the hidden state's bytes into it
/// (the converter gives a Bidirectional LSTM's halves such outputs).
fn check_lstm_types(c: &mut Checker<'_, '_>, tensors: &[Tensor<'_>], results: &[(&str, Option<Tensor<'_>>); 3]) {
    let (input, hidden, cell) = (tensors[0], tensors[LSTM_HIDDEN_STATE], tensors[LSTM_CELL_STATE]);
    let Some(kind) = c.kind("input", input, &[F32, Q8, Q16]) else { return };
    let (weights, biases, cell_kind): (&[Kind], &[Kind], Kind) = match kind {
        F32 => (&[F32], &[F32], F32),
        Q8 => (&[Q8], &[Q32, I32], Q16),
        _ => (&[Q8], &[I64], Q16),
    };
    for (index, what) in LSTM_OPERANDS.iter().enumerate().take(13).skip(1) {
        let allowed = if index <= 8 { weights } else { biases };
        if c.kind(what, tensors[index], allowed).is_some() && kind != F32 && index <= 8 {
            c.per_tensor(what, tensors[index]);
        }
    }
    c.kind("hidden_state", hidden, &[kind]);
    c.kind("cell_state", cell, &[cell_kind]);
    if kind != F32 {
        c.per_tensor("input", input);
        c.per_tensor("hidden_state", hidden);
        c.per_tensor("cell_state", cell);
    }
    for (index, &(what, result)) in results.iter().enumerate() {
        let Some(result) = result else { continue };
        if index == 0 {
            // The output sequence: the hidden state's kind, its own parameters.
            if c.kind(what, result, &[kind]).is_some() && kind != F32 {
                c.per_tensor(what, result);
            }
        } else if index == LSTM_FINAL_CELL_STATE {
            c.same_element(what, result, "cell_state", cell);
        } else {
            c.same_element(what, result, "hidden_state", hidden);
        }
    }
}

/// `lstm`: the output of the input's time and batch dimensions and the hidden state's units;
/// the final states of their operands' shapes.
fn infer_lstm(q: &ShapeQuery<'_>) -> Inference {
    let input = q.rank(0, 3)?;
    let hidden = q.shape(LSTM_HIDDEN_STATE)?;
    let time_major = q.bool_attr("time_major")?;
    let batches = if time_major { input[1] } else { input[0] };
    let units = match hidden {
        [.., b, units] if *b > 0 => *units,
        [elements] if batches > 0 => elements / batches,
        _ => return q.one(Err("hidden_state has no units".to_string())),
    };
    let (hidden, cell) = (q.shape(LSTM_HIDDEN_STATE)?.to_vec(), q.shape(LSTM_CELL_STATE)?.to_vec());
    Ok(Some(vec![Inferred::Shape(vec![input[0], input[1], units]), Inferred::Shape(hidden), Inferred::Shape(cell)]))
}
