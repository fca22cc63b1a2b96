//! `lstm`: TFLite Micro's `UNIDIRECTIONAL_SEQUENCE_LSTM`, `EvalLstm` of `lstm_eval.h` with the
//! parameters `UnidirectionalSequenceLstmPrepare` (`lstm_eval_common.cc`) derives: float
//! (`EvalLstm<float, float, float, float>`), int8 activations with int8 weights, int32 biases and
//! an int16 cell state (`<int8_t, int8_t, int16_t, int32_t>`), and 16x8 (`<int16_t, int8_t,
//! int16_t, int64_t>`).
//!
//! One nest computes the kernel's three results (those it has buffers for, `results`): the
//! hidden state of every step (the output sequence) and the hidden and cell states after the
//! last step. The states are worked on in their result buffers, which graph-to-buffer makes the
//! state variables themselves, so the recurrence updates them in place as TFLM does (a result
//! that is another buffer first gets a copy of its state operand; an unused one is a workspace
//! row). TFLM steps all batches at once when `time_major` and one batch after the other
//! otherwise; every batch row is computed alone in either case, so the nest is the same:
//!
//! ```text
//! for b:                       h = final_hidden[b], c = final_cell[b]   (in place, or copies)
//!   for t:                     x = input[t, b] (time_major) or input[b, t]
//!     for s:
//!       gate_g = act_g(FC(x, W_g)[s] + bias_g[s] + FC(h, R_g)[s])   g = input, forget, cell, output
//!       c[s] = clip(forget · c[s] + input · cell)
//!       next[s] = tanh(c[s]) · output                                (workspace [S])
//!     h = next; output[t, b] or output[b, t] = next
//! ```
//!
//! `act_g` is the logistic function but for the cell gate, whose activation is the kernel's
//! (`TANH`, the only one TFLM's `CalculateLstmGate` computes). Float: every fully connected sum
//! starts from `0.0f` and adds the terms in order, then the bias (`0.0f` for the recurrent one,
//! which has none), each sum and product clamped to the float range as `CreateFCParamsFloat`'s and
//! `CreateInterGateMulParamsFloat`'s no-activation ranges clamp them; the logistic and tanh are
//! `reference_ops::Logistic` and `std::tanh`; the cell clip (when above 0) is
//! `max(min(clip, c), -clip)`.
//!
//! Integer: each gate's two fully connected layers are `reference_integer_ops::FullyConnected`
//! to int16 in Q3.12 (`CreateGateParams`: the multipliers from input × weight / 2^-12, the
//! product of the scales in `float` as `GetQuantizedConvolutionMultipler` takes it, input
//! offsets from the input's and the hidden state's zero points, the weights' zero points as
//! weight offsets), added with saturation (`AddElementWise`), then the int16 logistic or tanh
//! (`Sigmoid`/`Tanh` of `lstm_eval.cc`: multiplier 3, no shift). The products are `MulElementwise`
//! with `CreateInterGateMulParams`' multipliers (2^-15 · cell scale / cell scale, 2^-15 · 2^-15
//! / cell scale, 2^-15 · 2^-15 / hidden scale plus the hidden zero point, saturated to the
//! hidden type); the cell state is added with saturation and clipped at the clip quantized as
//! `CreateLstmCellStateInfo` does; `tanh(c)` rescales the cell state by its power of two
//! (`CheckedLog2`'s rounded exponent `p`, left shift `12 + p`, a right shift when negative).
//!
//! The integer sums are [`dot_products`]: the four gates' sums over the input row are carried
//! together (each input term loaded once for the four), then the four over the hidden state.
//! With constant weights (as converters write them), int8 folds the offsets at compile time as
//! CMSIS-NN's `arm_vector_sum_s8` does: `Σ_k (x_k + o_x)(w_k + o_w) = Σ_k x_k (w_k + o_w) + o_x
//! Σ_k (w_k + o_w)`, the second term a per-unit constant added to the bias (tables
//! `lstm_input_base`; `lstm_recurrent_base` for the hidden state's offset, which has no bias).
//! TFLM's int32 accumulator does not saturate, so the regrouped sum is the same modulo 2^32.
//! Weight zero points (`o_w`) stay in the loop when not 0. The 16x8 kernel's int64 sums fold
//! nothing (its zero points are 0).

use super::activation::{Function, cmpf, logistic_f32};
use super::dot_product::{FoldedBias, WeightRow, dot_products};
use super::emitter::{ElementKind, KernelEmitter};
use super::fully_connected::row_major_view;
use super::quantization::{
    INT8_RANGE, INT16_RANGE, Scale, checked_log2, clamp_f32, product_multiplier, quantize_multiplier, requantize,
};
use super::sigmoid_int16::{Int16Sigmoid, Int16SigmoidParams};
use mc_dialects::arith::build::select;
use mc_dialects::arith::fixed_point::WideScale;
use mc_dialects::graph::{
    Activation, LSTM_CELL_STATE, LSTM_FINAL_CELL_STATE, LSTM_FINAL_HIDDEN_STATE, LSTM_HIDDEN_STATE,
};
use mc_ir::{Diagnostic, Value};

/// The gates are in the order of the weights and biases (TFLite's inputs 1-4, 5-8, 12-15):
/// input, forget, cell, output; the cell gate's activation is the kernel's (tanh).
const CELL_GATE: usize = 2;

/// The element types of the three kernels TFLM has.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Flavour {
    Float,
    /// int8 activations, int32 biases.
    Int8,
    /// int16 activations, int64 biases.
    Int16x8,
}

/// The kernel's operands as buffers of the nest's shapes.
struct Operands {
    /// `[T, B, I]` or `[B, T, I]`.
    input: Value,
    /// Input weights `[S, I]`, by gate.
    input_weights: [Value; 4],
    /// Recurrent weights `[S, S]`, by gate.
    recurrent_weights: [Value; 4],
    /// Biases `[S]`, by gate.
    biases: [Value; 4],
    /// `[B, S]`.
    hidden_state: Value,
    /// `[B, S]`.
    cell_state: Value,
}

/// Lowers `lstm`.
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    if e.inputs.len() != 15 {
        return Err(e.unsupported(format!("{} operands (an LSTM has 15)", e.inputs.len())));
    }
    if e.activation()? != Activation::Tanh {
        return Err(e.unsupported("a cell activation other than TANH (TFLite Micro computes only TANH)"));
    }
    let time_major = e.bool_attr("time_major");
    let cell_clip = e.float_attr("cell_clip")?;
    let input_shape = e.shape(e.inputs[0]);
    let (steps, batches) = if time_major { (input_shape[0], input_shape[1]) } else { (input_shape[1], input_shape[0]) };
    let units = e.shape(e.inputs[1])[0];
    let flavour = match (e.kind(e.inputs[0]), e.kind(e.inputs[1]), e.kind(e.inputs[14])) {
        (ElementKind::F32, ElementKind::F32, ElementKind::F32) => Flavour::Float,
        (ElementKind::Int8, ElementKind::Int8, ElementKind::Int16) => Flavour::Int8,
        (ElementKind::Int16, ElementKind::Int8, ElementKind::Int16) => Flavour::Int16x8,
        _ => {
            return Err(e.unsupported(format!(
                "input '{}' with weights '{}' and cell state '{}' (float32; int8 or int16 activations with int8 \
                 weights and an int16 cell state)",
                e.type_text(e.inputs[0]),
                e.type_text(e.inputs[1]),
                e.type_text(e.inputs[14])
            )));
        }
    };
    let gates = |first: usize| [first, first + 1, first + 2, first + 3].map(|i| e.inputs[i]);
    let (input_weights, recurrent_weights, biases) = (gates(1), gates(5), gates(9));
    let hidden_state = row_major_view(e, e.inputs[13], &[batches, units])?;
    let cell_state = row_major_view(e, e.inputs[14], &[batches, units])?;
    let operands = Operands { input: e.inputs[0], input_weights, recurrent_weights, biases, hidden_state, cell_state };
    let arithmetic = match flavour {
        Flavour::Float => Arithmetic::Float { cell_clip },
        _ => Arithmetic::Integer(Box::new(IntegerParams::prepare(e, &operands, flavour, cell_clip)?)),
    };
    // Result 0 is the output sequence.
    let sequence = e.result_output(0);
    let hidden = State::new(e, LSTM_FINAL_HIDDEN_STATE, e.inputs[LSTM_HIDDEN_STATE], batches, units)?;
    let cell = State::new(e, LSTM_FINAL_CELL_STATE, e.inputs[LSTM_CELL_STATE], batches, units)?;
    let next = e.workspace(vec![units], e.element(operands.hidden_state));
    let depth = e.shape(operands.input)[2];
    let sizes = Sizes { depth, units };
    e.for_range(0, batches, &[], |e, b, _| {
        let (h_row, c_row) = (hidden.row(e, b), cell.row(e, b));
        for (state, row, operand) in [(&hidden, h_row, operands.hidden_state), (&cell, c_row, operands.cell_state)] {
            if !state.in_place {
                e.nest(&[units], |e, ivs| {
                    let value = e.load(operand, &[b, ivs[0]]);
                    e.store(value, state.buffer, &[row, ivs[0]]);
                    Ok(())
                })?;
            }
        }
        e.for_range(0, steps, &[], |e, t, _| {
            let row = if time_major { [t, b] } else { [b, t] };
            let step = Step { input: operands.input, row, hidden: (hidden.buffer, h_row) };
            e.nest(&[units], |e, ivs| {
                let s = ivs[0];
                let [input, forget, cell_gate, output] = arithmetic.gates(e, &operands, &step, sizes, s)?;
                let old = e.load(cell.buffer, &[c_row, s]);
                let new = arithmetic.update_cell(e, forget, old, input, cell_gate);
                e.store(new, cell.buffer, &[c_row, s]);
                let h = arithmetic.hidden(e, new, output);
                e.store(h, next, &[s]);
                Ok(())
            })?;
            e.nest(&[units], |e, ivs| {
                let h = e.load(next, ivs);
                e.store(h, hidden.buffer, &[h_row, ivs[0]]);
                if let Some(sequence) = sequence {
                    e.store(h, sequence, &[row[0], row[1], ivs[0]]);
                }
                Ok(())
            })?;
            Ok(Vec::new())
        })?;
        Ok(Vec::new())
    })?;
    Ok(())
}

/// Where the recurrence keeps a state: the final-state result `[B, S]` (the state operand
/// itself when in place), or a one-row workspace `[1, S]` when the result is unused.
struct State {
    buffer: Value,
    /// The buffer is the state operand: no copy in.
    in_place: bool,
    /// One row for every batch.
    per_batch: bool,
}

impl State {
    /// The state of final-state `result`, whose operand is `operand`.
    fn new(
        e: &mut KernelEmitter<'_>,
        result: usize,
        operand: Value,
        batches: i64,
        units: i64,
    ) -> Result<State, Diagnostic> {
        Ok(match e.result_output(result) {
            Some(output) => State {
                buffer: row_major_view(e, output, &[batches, units])?,
                in_place: output == operand,
                per_batch: true,
            },
            None => {
                let element = e.element(operand);
                State { buffer: e.workspace(vec![1, units], element), in_place: false, per_batch: false }
            }
        })
    }

    /// The row batch `b` works on.
    fn row(&self, e: &mut KernelEmitter<'_>, b: Value) -> Value {
        if self.per_batch { b } else { e.index(0) }
    }
}

/// The dot products' lengths.
#[derive(Copy, Clone)]
struct Sizes {
    /// The input's depth `I`.
    depth: i64,
    /// The state's units `S`.
    units: i64,
}

/// Where one step reads: the input row `(t, b)` or `(b, t)`, the hidden state's buffer and row.
struct Step {
    input: Value,
    row: [Value; 2],
    hidden: (Value, Value),
}

/// The arithmetic of a kernel's element types.
enum Arithmetic {
    Float { cell_clip: f32 },
    Integer(Box<IntegerParams>),
}

/// The integer kernels' compile-time parameters.
struct IntegerParams {
    flavour: Flavour,
    /// Where each gate's input and recurrent sums start (the input sum from the bias), with the
    /// input's and the hidden state's offsets folded in (int8).
    input_starts: [FoldedBias; 4],
    recurrent_starts: [FoldedBias; 4],
    /// `-zero point` of each gate's input and recurrent weights.
    input_weight_offsets: [i32; 4],
    recurrent_weight_offsets: [i32; 4],
    /// Each gate's input and recurrent `(multiplier, shift)` to Q3.12.
    input_scales: [(i32, i32); 4],
    recurrent_scales: [(i32, i32); 4],
    /// forget × cell → cell, input × cell gate → cell, tanh(cell) × output → hidden.
    forget_cell_scale: (i32, i32),
    input_cell_scale: (i32, i32),
    hidden_scale: (i32, i32),
    /// The hidden state's zero point and storage (8 or 16 bits and range).
    hidden_zero_point: i32,
    hidden_storage: (u32, (i32, i32)),
    /// The quantized cell clip (`None`: no clipping).
    cell_clip: Option<i32>,
    /// The gates' logistic and tanh (Q3.12 in: multiplier 3, no shift, as `lstm_eval.cc`'s
    /// `Sigmoid` and `Tanh` with a scale power of -12).
    gate_logistic: Int16Sigmoid,
    gate_tanh: Int16Sigmoid,
    /// The tanh of the cell state, rescaled by its power of two.
    cell_tanh: Int16Sigmoid,
}

/// `(multiplier, shift)` of `input1 · input2 / output`, in double as `CreateInterGateMulParams`.
fn mul_scale(input1: f64, input2: f64, output: f64) -> (i32, i32) {
    quantize_multiplier(input1 * input2 / output)
}

/// 2^-12, the scale of the gates' fully connected outputs (Q3.12).
const GATE_INPUT_SCALE: f32 = 1.0 / 4096.0;

/// The rescaling of a Q3.12 input to the int16 sigmoid table's scale: a multiplier of 3.
const GATE_SIGMOID: Int16SigmoidParams = Int16SigmoidParams { multiplier: 3, shift: 0 };

/// 2^-15, the scale of the gates' outputs (Q0.15).
const GATE_OUTPUT_SCALE: f64 = 1.0 / 32768.0;

impl IntegerParams {
    /// The parameters as `PrepareGateParametersInteger` and `CreateLstmCellStateInfo` derive
    /// them.
    fn prepare(
        e: &mut KernelEmitter<'_>,
        operands: &Operands,
        flavour: Flavour,
        cell_clip: f32,
    ) -> Result<IntegerParams, Diagnostic> {
        let (input_scale, input_zero_point) = e.per_tensor(operands.input)?;
        let (hidden_scale, hidden_zero_point) = e.per_tensor(operands.hidden_state)?;
        let (cell_scale, _) = e.per_tensor(operands.cell_state)?;
        let (input_offset, hidden_offset) = (-(input_zero_point as i32), -(hidden_zero_point as i32));
        let mut input_weight_offsets = [0; 4];
        let mut recurrent_weight_offsets = [0; 4];
        let mut input_scales = [(0, 0); 4];
        let mut recurrent_scales = [(0, 0); 4];
        for g in 0..4 {
            let (scale, zero_point) = e.per_tensor(operands.input_weights[g])?;
            input_weight_offsets[g] = -(zero_point as i32);
            input_scales[g] = product_multiplier(input_scale, scale, f64::from(GATE_INPUT_SCALE));
            let (scale, zero_point) = e.per_tensor(operands.recurrent_weights[g])?;
            recurrent_weight_offsets[g] = -(zero_point as i32);
            recurrent_scales[g] = product_multiplier(hidden_scale, scale, f64::from(GATE_INPUT_SCALE));
        }
        // The 16x8 kernel's int64 sums keep their terms (its offsets are 0 in practice, and the
        // folded tables are int32).
        let starts = |e: &mut KernelEmitter<'_>,
                      hint: &str,
                      weights: [Value; 4],
                      offsets: [i32; 4],
                      biases: [Option<Value>; 4],
                      input_offset: i32| {
            std::array::from_fn(|g| match flavour {
                Flavour::Int16x8 => FoldedBias::unfolded(biases[g], input_offset, 64),
                _ => FoldedBias::new(e, hint, (weights[g], offsets[g]), biases[g], input_offset),
            })
        };
        let biases = operands.biases.map(Some);
        let input_starts =
            starts(e, "lstm_input_base", operands.input_weights, input_weight_offsets, biases, input_offset);
        let recurrent_starts = starts(
            e,
            "lstm_recurrent_base",
            operands.recurrent_weights,
            recurrent_weight_offsets,
            [None; 4],
            hidden_offset,
        );
        let cell_scale = f64::from(cell_scale as f32);
        let hidden_storage = match flavour {
            Flavour::Int8 => (8, INT8_RANGE),
            _ => (16, INT16_RANGE),
        };
        // CreateLstmCellStateInfo: the clip over the scale in double, clamped to int16, truncated.
        let quantized_clip = (f64::from(cell_clip) / cell_scale).clamp(-32768.0, 32767.0) as i32;
        let (power, _) = checked_log2(cell_scale as f32);
        // lstm_eval.cc's Tanh: a left shift of 15 + p - 3, a right shift when negative.
        let left_shift = 15 + power - 3;
        let cell_tanh = if left_shift < 0 {
            Int16SigmoidParams { multiplier: 3, shift: -left_shift }
        } else {
            Int16SigmoidParams { multiplier: 3 << left_shift, shift: 0 }
        };
        Ok(IntegerParams {
            flavour,
            input_starts,
            recurrent_starts,
            input_weight_offsets,
            recurrent_weight_offsets,
            input_scales,
            recurrent_scales,
            forget_cell_scale: mul_scale(GATE_OUTPUT_SCALE, cell_scale, cell_scale),
            input_cell_scale: mul_scale(GATE_OUTPUT_SCALE, GATE_OUTPUT_SCALE, cell_scale),
            hidden_scale: mul_scale(GATE_OUTPUT_SCALE, GATE_OUTPUT_SCALE, f64::from(hidden_scale as f32)),
            hidden_zero_point: hidden_zero_point as i32,
            hidden_storage,
            cell_clip: (cell_clip > 0.0).then_some(quantized_clip),
            gate_logistic: Int16Sigmoid::with_params(e, Function::Logistic, GATE_SIGMOID),
            gate_tanh: Int16Sigmoid::with_params(e, Function::Tanh, GATE_SIGMOID),
            cell_tanh: Int16Sigmoid::with_params(e, Function::Tanh, cell_tanh),
        })
    }
}

impl Arithmetic {
    /// The four gates' outputs at unit `s`: `act_g(FC(x, W_g) + bias_g + FC(h, R_g))`.
    fn gates(
        &self,
        e: &mut KernelEmitter<'_>,
        operands: &Operands,
        step: &Step,
        sizes: Sizes,
        s: Value,
    ) -> Result<[Value; 4], Diagnostic> {
        match self {
            Arithmetic::Float { .. } => {
                let mut gates = Vec::with_capacity(4);
                for g in 0..4 {
                    gates.push(float_gate(e, operands, step, sizes, g, s)?);
                }
                Ok(gates.try_into().expect("four gates"))
            }
            Arithmetic::Integer(p) => p.gates(e, operands, step, sizes, s),
        }
    }

    /// The cell state after a step: `forget · cell + input · cell_gate`, clipped.
    fn update_cell(&self, e: &mut KernelEmitter<'_>, forget: Value, cell: Value, input: Value, gate: Value) -> Value {
        match self {
            Arithmetic::Float { cell_clip } => {
                let kept = e.binary("arith.mulf", forget, cell);
                let kept = clamp_f32(e, kept, (f32::MIN, f32::MAX));
                let added = e.binary("arith.mulf", input, gate);
                let added = clamp_f32(e, added, (f32::MIN, f32::MAX));
                let new = e.binary("arith.addf", kept, added);
                if *cell_clip <= 0.0 {
                    return new;
                }
                // max(min(clip, c), -clip) with std::min/std::max.
                let (clip, negative_clip) = (e.f32(*cell_clip), e.f32(-*cell_clip));
                let above = cmpf(e, "olt", clip, new);
                let low = select(&mut e.b, above, clip, new);
                let below = cmpf(e, "olt", low, negative_clip);
                select(&mut e.b, below, negative_clip, low)
            }
            Arithmetic::Integer(p) => {
                let kept = mul_elementwise(e, forget, cell, p.forget_cell_scale, 0, (16, INT16_RANGE));
                let added = mul_elementwise(e, input, gate, p.input_cell_scale, 0, (16, INT16_RANGE));
                let new = saturating_add_i16(e, kept, added);
                match p.cell_clip {
                    None => new,
                    Some(clip) => {
                        let new = e.extsi_i32(new);
                        let (low, high) = (e.i32(-clip), e.i32(clip));
                        let clipped = e.clamp_si(new, low, high);
                        e.trunci(clipped, 16)
                    }
                }
            }
        }
    }

    /// The hidden state of a unit: `tanh(cell) · output`.
    fn hidden(&self, e: &mut KernelEmitter<'_>, cell: Value, output: Value) -> Value {
        match self {
            Arithmetic::Float { .. } => {
                let f32 = e.b.ctx.value_type(cell);
                let tanh = e.unary("math.tanh", cell, f32);
                let product = e.binary("arith.mulf", tanh, output);
                clamp_f32(e, product, (f32::MIN, f32::MAX))
            }
            Arithmetic::Integer(p) => {
                let tanh = p.cell_tanh.apply(e, cell);
                mul_elementwise(e, tanh, output, p.hidden_scale, p.hidden_zero_point, p.hidden_storage)
            }
        }
    }
}

impl IntegerParams {
    /// The four gates at unit `s`: each gate's `reference_integer_ops::FullyConnected` of the
    /// input and of the hidden state to int16 (Q3.12), added with saturation, then its int16
    /// logistic or tanh. The four gates' sums over one input row are carried together, each input
    /// term loaded once ([`dot_products`]).
    fn gates(
        &self,
        e: &mut KernelEmitter<'_>,
        operands: &Operands,
        step: &Step,
        sizes: Sizes,
        s: Value,
    ) -> Result<[Value; 4], Diagnostic> {
        let [r0, r1] = step.row;
        let input_rows = std::array::from_fn(|g| WeightRow {
            weights: operands.input_weights[g],
            unit: s,
            offset: self.input_weight_offsets[g],
        });
        let from_input = gate_sums(e, (step.input, &[r0, r1]), &self.input_starts, &input_rows, sizes.depth, s)?;
        let recurrent_rows = std::array::from_fn(|g| WeightRow {
            weights: operands.recurrent_weights[g],
            unit: s,
            offset: self.recurrent_weight_offsets[g],
        });
        let (hidden, hidden_row) = step.hidden;
        let from_hidden =
            gate_sums(e, (hidden, &[hidden_row]), &self.recurrent_starts, &recurrent_rows, sizes.units, s)?;
        let mut gates = Vec::with_capacity(4);
        for g in 0..4 {
            let from_input = self.to_q3_12(e, from_input[g], self.input_scales[g])?;
            let from_hidden = self.to_q3_12(e, from_hidden[g], self.recurrent_scales[g])?;
            let total = saturating_add_i16(e, from_input, from_hidden);
            let sigmoid = if g == CELL_GATE { self.gate_tanh } else { self.gate_logistic };
            gates.push(sigmoid.apply(e, total));
        }
        Ok(gates.try_into().expect("four gates"))
    }

    /// A gate's sum (`i32` for int8, `i64` for 16x8) requantized by `(multiplier, shift)` and
    /// saturated to int16.
    fn to_q3_12(
        &self,
        e: &mut KernelEmitter<'_>,
        acc: Value,
        (multiplier, shift): (i32, i32),
    ) -> Result<Value, Diagnostic> {
        let scale = if self.flavour == Flavour::Int16x8 {
            let Some(wide_scale) = WideScale::new(multiplier, shift) else {
                return Err(e.unsupported(
                    "a gate multiplier of 128 or more on an int64 accumulator (TFLite's int64 \
                     MultiplyByQuantizedMultiplier asserts a shift of at most 7)",
                ));
            };
            Scale::Wide(e.int(wide_scale.reduced, 64), e.int(wide_scale.rounding, 64), e.int(wide_scale.shift, 64))
        } else {
            Scale::constant(e, (multiplier, shift))
        };
        Ok(requantize(e, acc, scale, 0, INT16_RANGE, 16))
    }
}

/// The four gates' dot products of one input row (`input` at `prefix` + `[d]`, `d < depth`) at
/// unit `s`, from their starts: together when their input offsets agree (all folded or none).
fn gate_sums(
    e: &mut KernelEmitter<'_>,
    input: (Value, &[Value]),
    starts: &[FoldedBias; 4],
    rows: &[WeightRow; 4],
    depth: i64,
    s: Value,
) -> Result<Vec<Value>, Diagnostic> {
    let inits: Vec<Value> = starts.iter().map(|start| start.start(e, s)).collect();
    // One term a step: the four rows are four tables, and word steps over them cost more than
    // they save on the Cortex-M4 (LLVM assembles each weight word byte by byte and spills the
    // sums; lstm_int8 took 47,261 instructions by words, 43,104 by terms).
    let depth = (depth, false);
    if starts.iter().all(|start| start.input_offset == starts[0].input_offset) {
        return dot_products(e, input, starts[0].input_offset, rows, depth, &inits);
    }
    let mut sums = Vec::with_capacity(4);
    for g in 0..4 {
        sums.extend(dot_products(e, input, starts[g].input_offset, &rows[g..=g], depth, &inits[g..=g])?);
    }
    Ok(sums)
}

/// Gate `g`'s float output at unit `s`: `act_g(FC(x, W_g) + bias_g + FC(h, R_g))`, each fully
/// connected sum from `0.0f` in order, clamped to the float range.
fn float_gate(
    e: &mut KernelEmitter<'_>,
    operands: &Operands,
    step: &Step,
    sizes: Sizes,
    g: usize,
    s: Value,
) -> Result<Value, Diagnostic> {
    let (input_weights, recurrent_weights) = (operands.input_weights[g], operands.recurrent_weights[g]);
    let [r0, r1] = step.row;
    let zero = e.f32(0.0);
    let from_input = e.for_range(0, sizes.depth, &[zero], |e, d, carried| {
        let x = e.load(step.input, &[r0, r1, d]);
        let w = e.load(input_weights, &[s, d]);
        let product = e.binary("arith.mulf", x, w);
        Ok(vec![e.binary("arith.addf", carried[0], product)])
    })?[0];
    let bias = e.load(operands.biases[g], &[s]);
    let from_input = e.binary("arith.addf", from_input, bias);
    let from_input = clamp_f32(e, from_input, (f32::MIN, f32::MAX));
    let (hidden, hidden_row) = step.hidden;
    let from_hidden = e.for_range(0, sizes.units, &[zero], |e, k, carried| {
        let h = e.load(hidden, &[hidden_row, k]);
        let w = e.load(recurrent_weights, &[s, k]);
        let product = e.binary("arith.mulf", h, w);
        Ok(vec![e.binary("arith.addf", carried[0], product)])
    })?[0];
    let from_hidden = e.binary("arith.addf", from_hidden, zero);
    let from_hidden = clamp_f32(e, from_hidden, (f32::MIN, f32::MAX));
    let total = e.binary("arith.addf", from_input, from_hidden);
    Ok(if g == CELL_GATE {
        let f32 = e.b.ctx.value_type(total);
        e.unary("math.tanh", total, f32)
    } else {
        logistic_f32(e, total)
    })
}

/// `AddElementWise` of two `i16`: the sum saturated to int16.
fn saturating_add_i16(e: &mut KernelEmitter<'_>, a: Value, b: Value) -> Value {
    let (a, b) = (e.extsi_i32(a), e.extsi_i32(b));
    let sum = e.addi(a, b);
    let (low, high) = (e.i32(INT16_RANGE.0), e.i32(INT16_RANGE.1));
    let clamped = e.clamp_si(sum, low, high);
    e.trunci(clamped, 16)
}

/// `MulElementwise` of two `i16` (offsets 0): `clamp(MBQM(a · b) + zero_point)` in `storage`.
fn mul_elementwise(
    e: &mut KernelEmitter<'_>,
    a: Value,
    b: Value,
    scale: (i32, i32),
    zero_point: i32,
    (width, range): (u32, (i32, i32)),
) -> Value {
    let (a, b) = (e.extsi_i32(a), e.extsi_i32(b));
    let product = e.muli(a, b);
    let scale = Scale::constant(e, scale);
    requantize(e, product, scale, zero_point, range, width)
}
