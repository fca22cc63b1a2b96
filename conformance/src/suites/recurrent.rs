//! `UNIDIRECTIONAL_SEQUENCE_LSTM` against TFLite Micro over several invocations in a row (the
//! hidden and cell states, variable tensors, carry over from one to the next and are compared
//! through the outputs of each): time-major and batch-major inputs, one to three batches, one to
//! four time steps, with and without a cell clip; float, int8 activations with an int16 cell
//! state (non-zero input and hidden zero points, non-zero weight zero points, gate sums that
//! saturate Q3.12, cell states that saturate and are clipped) and 16x8, each also with an output
//! quantized apart from the hidden state; two LSTMs in a row (four state variables).

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{Activation, BuiltinOp, BuiltinOptions, SequenceLstmOptions};

/// Invocations of every case.
const INVOCATIONS: usize = 4;

/// One LSTM layer to test.
#[derive(Clone, Copy)]
struct Spec {
    name: &'static str,
    batches: usize,
    steps: usize,
    depth: usize,
    units: usize,
    time_major: bool,
    cell_clip: f32,
}

impl Spec {
    const fn new(name: &'static str, batches: usize, steps: usize, depth: usize, units: usize) -> Spec {
        Spec { name, batches, steps, depth, units, time_major: false, cell_clip: 0.0 }
    }

    const fn time_major(self) -> Spec {
        Spec { time_major: true, ..self }
    }

    const fn clipped(self, cell_clip: f32) -> Spec {
        Spec { cell_clip, ..self }
    }

    /// The input's (and output's) leading dimensions.
    fn leading(&self) -> [usize; 2] {
        if self.time_major { [self.steps, self.batches] } else { [self.batches, self.steps] }
    }
}

/// The quantization of an integer LSTM: `(scale, zero point)` of the input and of the hidden
/// state (= the output's, unless `output` gives its own: TFLite Micro copies the hidden state's
/// bytes into it, as in the converter's Bidirectional LSTMs); the weights' `(scale, zero point)`;
/// the cell state's scale; the activations' type (int8 or int16).
#[derive(Clone, Copy)]
struct IntQuant {
    input: (f32, i64),
    hidden: (f32, i64),
    output: Option<(f32, i64)>,
    weights: (f32, i64),
    cell: f32,
    activations: DType,
}

/// int8 activations: non-zero zero points, weights of 1/128, a cell state of 2^-11.
const INT8: IntQuant = IntQuant {
    input: (1.0 / 64.0, -5),
    hidden: (1.0 / 128.0, 3),
    output: None,
    weights: (1.0 / 128.0, 0),
    cell: 1.0 / 2048.0,
    activations: DType::Int8,
};

/// 16x8: symmetric int16 activations.
const INT16X8: IntQuant = IntQuant {
    input: (1.0 / 8192.0, 0),
    hidden: (1.0 / 32768.0, 0),
    output: None,
    weights: (1.0 / 128.0, 0),
    cell: 1.0 / 2048.0,
    activations: DType::Int16,
};

fn tensor_quant(pair: Option<(f32, i64)>) -> Option<Quant> {
    pair.map(|(scale, zero_point)| Quant::tensor(scale, zero_point))
}

fn dims(shape: &[usize]) -> Vec<i32> {
    shape.iter().map(|&n| n as i32).collect()
}

/// Adds the LSTM of `spec` reading `x` with random weights and biases and its own two state
/// variables (tensors named after `prefix`); returns its output, a model output if `is_output`.
fn layer(
    model: &mut OneOp,
    spec: &Spec,
    quant: Option<IntQuant>,
    x: i32,
    prefix: &str,
    is_output: bool,
    rng: &mut Rng,
) -> i32 {
    let (b, i, s) = (spec.batches, spec.depth, spec.units);
    let activations = quant.map_or(DType::Float32, |q| q.activations);
    let weight_type = if quant.is_some() { DType::Int8 } else { DType::Float32 };
    let mut weights = |name: &str, depth: usize, rng: &mut Rng| {
        let data = Tensor::random(weight_type, &[s, depth], rng);
        model.constant(
            &format!("{prefix}{name}"),
            &dims(&[s, depth]),
            weight_type,
            &data.data,
            tensor_quant(quant.map(|q| q.weights)),
        )
    };
    let mut inputs = vec![x];
    for gate in ["input", "forget", "cell", "output"] {
        inputs.push(weights(&format!("input_to_{gate}_weights"), i, rng));
    }
    for gate in ["input", "forget", "cell", "output"] {
        inputs.push(weights(&format!("recurrent_to_{gate}_weights"), s, rng));
    }
    inputs.extend([-1, -1, -1]);
    for gate in ["input", "forget", "cell", "output"] {
        let name = format!("{prefix}{gate}_gate_bias");
        let bias = match quant {
            None => {
                let data = Tensor::random(DType::Float32, &[s], rng);
                model.constant(&name, &dims(&[s]), DType::Float32, &data.data, None)
            }
            Some(q) => {
                // Real values in about ±1 at scale input × weights.
                let scale = q.input.0 * q.weights.0;
                let reach = (1.0 / f64::from(scale)) as i64;
                let values: Vec<i64> = (0..s).map(|_| rng.range(-reach, reach)).collect();
                let dtype = if q.activations == DType::Int16 { DType::Int64 } else { DType::Int32 };
                let data = Tensor::from_ints(dtype, &[s], &values);
                model.constant(&name, &dims(&[s]), dtype, &data.data, Some(Quant::tensor(scale, 0)))
            }
        };
        inputs.push(bias);
    }
    inputs.extend([-1, -1]);
    let hidden_quant = tensor_quant(quant.map(|q| q.hidden));
    inputs.push(model.variable(&format!("{prefix}hidden_state"), &dims(&[b, s]), activations, hidden_quant.clone()));
    let (cell_type, cell_quant) = match quant {
        None => (DType::Float32, None),
        Some(q) => (DType::Int16, Some(Quant::tensor(q.cell, 0))),
    };
    inputs.push(model.variable(&format!("{prefix}cell_state"), &dims(&[b, s]), cell_type, cell_quant));
    inputs.extend([-1, -1, -1, -1]);
    let [d0, d1] = spec.leading();
    let (y_name, y_shape) = (format!("{prefix}y"), dims(&[d0, d1, s]));
    let y_quant = tensor_quant(quant.and_then(|q| q.output)).or(hidden_quant);
    let y = if is_output {
        model.output(&y_name, &y_shape, activations, y_quant)
    } else {
        model.intermediate(&y_name, &y_shape, activations, y_quant)
    };
    let options = SequenceLstmOptions {
        fused_activation: Activation::Tanh,
        cell_clip: spec.cell_clip,
        proj_clip: 0.0,
        time_major: spec.time_major,
        asymmetric_quantize_inputs: false,
        diagonal_recurrent_tensors: false,
    };
    model.op(BuiltinOp::UnidirectionalSequenceLstm, &inputs, &[y], BuiltinOptions::SequenceLstm(options));
    y
}

/// `model`, whose one input is `shape` of `dtype`, run on random inputs [`INVOCATIONS`] times.
fn invoked(model: OneOp, name: &str, dtype: DType, shape: [usize; 3], rng: &mut Rng) -> Case {
    let mut inputs = (0..INVOCATIONS).map(|_| vec![Tensor::random(dtype, &shape, rng)]);
    let first = inputs.next().expect("invocations");
    model.case(name, first).then_invoked_with(inputs.collect())
}

/// The one-layer model of `spec` (`quant` `None`: float).
fn case(spec: &Spec, quant: Option<IntQuant>, rng: &mut Rng) -> Case {
    let mut model = OneOp::new();
    let dtype = quant.map_or(DType::Float32, |q| q.activations);
    let [d0, d1] = spec.leading();
    let x = model.input("x", &dims(&[d0, d1, spec.depth]), dtype, tensor_quant(quant.map(|q| q.input)));
    layer(&mut model, spec, quant, x, "", true, rng);
    let major = if spec.time_major { "time major" } else { "batch major" };
    let name = format!(
        "LSTM {} ({major}, {} batches, {} steps, depth {}, {} units, cell clip {})",
        spec.name, spec.batches, spec.steps, spec.depth, spec.units, spec.cell_clip
    );
    invoked(model, &name, dtype, [d0, d1, spec.depth], rng)
}

/// Two LSTMs in a row (the second reads the first's output, quantized as its hidden state).
fn stacked(first: &Spec, units: usize, quant: Option<IntQuant>, rng: &mut Rng) -> Case {
    let mut model = OneOp::new();
    let dtype = quant.map_or(DType::Float32, |q| q.activations);
    let [d0, d1] = first.leading();
    let x = model.input("x", &dims(&[d0, d1, first.depth]), dtype, tensor_quant(quant.map(|q| q.input)));
    let hidden = layer(&mut model, first, quant, x, "first_", false, rng);
    let second = Spec { depth: first.units, units, ..*first };
    let second_quant = quant.map(|q| IntQuant { input: q.hidden, ..q });
    layer(&mut model, &second, second_quant, hidden, "second_", true, rng);
    let name = format!("two LSTMs {} then {units} units", first.name);
    invoked(model, &name, dtype, [d0, d1, first.depth], rng)
}

/// The layer shapes every suite runs.
const SPECS: [Spec; 6] = [
    Spec::new("one step", 1, 1, 3, 4),
    Spec::new("sequence", 1, 4, 5, 3),
    Spec::new("batches", 3, 2, 4, 2),
    Spec::new("time major", 2, 3, 3, 4).time_major(),
    Spec::new("time major clipped", 3, 2, 2, 3).time_major().clipped(0.75),
    Spec::new("clipped", 2, 3, 6, 5).clipped(0.5),
];

fn suite(quant: Option<IntQuant>, seed: u64) -> Vec<Case> {
    let mut rng = Rng(seed);
    let mut cases: Vec<Case> = SPECS.iter().map(|spec| case(spec, quant, &mut rng)).collect();
    cases.push(stacked(&Spec::new("batches", 2, 3, 4, 5), 3, quant, &mut rng));
    cases
}

/// The `float_lstm` suite.
pub fn float_lstm() -> Vec<Case> {
    suite(None, 0x157F)
}

/// The `int8_lstm` suite: int8 activations and weights, int32 biases, an int16 cell state; the
/// weights also with non-zero zero points.
pub fn int8_lstm() -> Vec<Case> {
    let mut cases = suite(Some(INT8), 0x1578);
    let offset_weights = IntQuant { weights: (1.0 / 64.0, 7), ..INT8 };
    cases.push(case(&Spec::new("weight zero points", 2, 3, 4, 3), Some(offset_weights), &mut Rng(0x1579)));
    let small_cell = IntQuant { cell: 1.0 / 32768.0, ..INT8 };
    cases.push(case(&Spec::new("cell scale 2^-15", 1, 4, 3, 3).clipped(0.8), Some(small_cell), &mut Rng(0x157A)));
    let own_output = IntQuant { output: Some((1.0 / 32.0, -9)), ..INT8 };
    cases.push(case(&Spec::new("output quantized apart", 2, 3, 4, 3), Some(own_output), &mut Rng(0x157B)));
    cases
}

/// The `int16_lstm` suite: 16x8 (int16 activations, int8 weights, int64 biases).
pub fn int16_lstm() -> Vec<Case> {
    let mut cases = suite(Some(INT16X8), 0x1516);
    let own_output = IntQuant { output: Some((1.0 / 4096.0, 0)), ..INT16X8 };
    cases.push(case(&Spec::new("output quantized apart", 1, 3, 4, 3), Some(own_output), &mut Rng(0x1517)));
    cases
}
