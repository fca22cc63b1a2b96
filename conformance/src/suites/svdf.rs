//! `SVDF` against TFLite Micro over several invocations in a row (the activation state, a
//! variable tensor, carries over from one to the next and is compared through the outputs of
//! each): float with every activation TFLM's float kernel applies but `SIGN_BIT`; int8 with an int16 state and time weights (the keyword-spotting models' types)
//! and with an int8 state (non-zero zero point: TFLM starts it at its zero point); ranks 1 to 3,
//! batches 1 to 3, memories of 1 to 5 slots, non-zero and extreme zero points, states and
//! outputs that saturate, scales that are no powers of two, a fused activation TFLM's integer
//! kernel ignores, and two layers in a row (two state variables).

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{Activation, BuiltinOp, BuiltinOptions, SvdfOptions};

/// Invocations of every case: more than the longest memory, so every slot is shifted out.
const INVOCATIONS: usize = 7;

/// One SVDF layer to test.
#[derive(Clone)]
struct Spec {
    name: &'static str,
    batches: usize,
    input_size: usize,
    filters: usize,
    memory: usize,
    rank: usize,
    activation: Activation,
}

impl Spec {
    fn new(name: &'static str, batches: usize, input_size: usize, filters: usize, memory: usize, rank: usize) -> Spec {
        Spec { name, batches, input_size, filters, memory, rank, activation: Activation::None }
    }

    fn with(self, activation: Activation) -> Spec {
        Spec { activation, ..self }
    }

    fn units(&self) -> usize {
        self.filters / self.rank
    }
}

/// The quantization of an integer SVDF's tensors: `(scale, zero point)` of the input, state and
/// output; the scales of the weights (zero points 0, as the converter makes them); the state's
/// (and time weights') type.
#[derive(Clone, Copy)]
struct IntQuant {
    input: (f32, i64),
    weights_feature: f32,
    state: (f32, i64),
    weights_time: f32,
    output: (f32, i64),
    state_type: DType,
}

/// The int16-state quantization: feature sums of a few units fill a good part of the state's
/// range, outputs most of int8's.
const INT16_STATE: IntQuant = IntQuant {
    input: (1.0 / 64.0, -3),
    weights_feature: 1.0 / 128.0,
    state: (1.0 / 4096.0, 0),
    weights_time: 1.0 / 32768.0,
    output: (1.0 / 16.0, 5),
    state_type: DType::Int16,
};

/// The int8-state quantization, with a non-zero state zero point.
const INT8_STATE: IntQuant = IntQuant {
    input: (1.0 / 64.0, 2),
    weights_feature: 1.0 / 128.0,
    state: (1.0 / 32.0, -7),
    weights_time: 1.0 / 128.0,
    output: (1.0 / 16.0, -4),
    state_type: DType::Int8,
};

/// The element types of a layer's input, state (and time weights) and output.
fn types(quant: Option<IntQuant>) -> (DType, DType, DType) {
    match quant {
        None => (DType::Float32, DType::Float32, DType::Float32),
        Some(q) => (DType::Int8, q.state_type, DType::Int8),
    }
}

/// `(scale, zero point)` as a per-tensor quantization (`None`: float).
fn tensor_quant(pair: Option<(f32, i64)>) -> Option<Quant> {
    pair.map(|(scale, zero_point)| Quant::tensor(scale, zero_point))
}

/// Adds the SVDF layer of `spec` (quantized as `quant`, `None`: float) reading `x`, with random
/// weights and bias, its own state variable and tensors named after `prefix`; returns its
/// output, a model output if `is_output`, else an intermediate tensor.
fn layer(
    model: &mut OneOp,
    spec: &Spec,
    quant: Option<IntQuant>,
    x: i32,
    prefix: &str,
    is_output: bool,
    rng: &mut Rng,
) -> i32 {
    let (b, d, f, m, u) = (spec.batches, spec.input_size, spec.filters, spec.memory, spec.units());
    let dims = |shape: &[usize]| -> Vec<i32> { shape.iter().map(|&n| n as i32).collect() };
    let (input_type, state_type, output_type) = types(quant);
    let weights_feature = Tensor::random(input_type, &[f, d], rng);
    let weights_feature = model.constant(
        &format!("{prefix}weights_feature"),
        &dims(&[f, d]),
        input_type,
        &weights_feature.data,
        tensor_quant(quant.map(|q| (q.weights_feature, 0))),
    );
    let weights_time = Tensor::random(state_type, &[f, m], rng);
    let weights_time = model.constant(
        &format!("{prefix}weights_time"),
        &dims(&[f, m]),
        state_type,
        &weights_time.data,
        tensor_quant(quant.map(|q| (q.weights_time, 0))),
    );
    let (bias, bias_quant) = match quant {
        None => (Tensor::random(DType::Float32, &[u], rng), None),
        Some(q) => {
            // Real values in about ±1 at scale state × time weights.
            let scale = q.state.0 * q.weights_time;
            let reach = (1.0 / f64::from(scale)).min(f64::from(i32::MAX)) as i64;
            let values: Vec<i64> = (0..u).map(|_| rng.range(-reach, reach)).collect();
            (Tensor::from_ints(DType::Int32, &[u], &values), Some(Quant::tensor(scale, 0)))
        }
    };
    let bias = model.constant(&format!("{prefix}bias"), &dims(&[u]), bias.dtype, &bias.data, bias_quant);
    let state_quant = tensor_quant(quant.map(|q| q.state));
    let state = model.variable(&format!("{prefix}state"), &dims(&[b, f * m]), state_type, state_quant);
    let (y_name, y_quant) = (format!("{prefix}y"), tensor_quant(quant.map(|q| q.output)));
    let y = if is_output {
        model.output(&y_name, &dims(&[b, u]), output_type, y_quant)
    } else {
        model.intermediate(&y_name, &dims(&[b, u]), output_type, y_quant)
    };
    let options =
        SvdfOptions { rank: spec.rank as i32, fused_activation: spec.activation, asymmetric_quantize_inputs: false };
    model.op(BuiltinOp::Svdf, &[x, weights_feature, weights_time, bias, state], &[y], BuiltinOptions::Svdf(options));
    y
}

/// `model`, whose one input is `[batches, input_size]` of `dtype`, run on random inputs
/// [`INVOCATIONS`] times.
fn invoked(model: OneOp, name: &str, dtype: DType, shape: [usize; 2], rng: &mut Rng) -> Case {
    let mut inputs = (0..INVOCATIONS).map(|_| vec![Tensor::random(dtype, &shape, rng)]);
    let first = inputs.next().expect("invocations");
    model.case(name, first).then_invoked_with(inputs.collect())
}

/// The one-layer model of `spec` with its element types and quantization (`None`: float).
fn case(spec: &Spec, quant: Option<IntQuant>, rng: &mut Rng) -> Case {
    let (b, d, f, m) = (spec.batches, spec.input_size, spec.filters, spec.memory);
    let mut model = OneOp::new();
    let input_type = types(quant).0;
    let x = model.input("x", &[b as i32, d as i32], input_type, tensor_quant(quant.map(|q| q.input)));
    layer(&mut model, spec, quant, x, "", true, rng);
    let name = format!("SVDF {} (batches {b}, {d} inputs, {f} filters, memory {m}, rank {})", spec.name, spec.rank);
    invoked(model, &name, input_type, [b, d], rng)
}

/// Two SVDF layers in a row, as keyword-spotting models stack them: two state variables, the
/// second layer's input quantized as the first's output.
fn stacked(first: &Spec, second: &Spec, quant: Option<IntQuant>, rng: &mut Rng) -> Case {
    let (b, d) = (first.batches, first.input_size);
    let mut model = OneOp::new();
    let input_type = types(quant).0;
    let x = model.input("x", &[b as i32, d as i32], input_type, tensor_quant(quant.map(|q| q.input)));
    let hidden = layer(&mut model, first, quant, x, "first_", false, rng);
    let second_quant = quant.map(|q| IntQuant { input: q.output, ..q });
    layer(&mut model, second, second_quant, hidden, "second_", true, rng);
    let name = format!("two SVDFs {} then {}", first.name, second.name);
    invoked(model, &name, input_type, [b, d], rng)
}

/// The `float_svdf` suite.
pub fn float_svdf() -> Vec<Case> {
    let mut rng = Rng(0x5FDF);
    let specs = [
        Spec::new("rank 1", 1, 6, 4, 3, 1),
        Spec::new("rank 2 relu", 2, 5, 6, 4, 2).with(Activation::Relu),
        Spec::new("relu6", 1, 3, 2, 2, 1).with(Activation::Relu6),
        Spec::new("memory 1 relu_n1_to_1", 2, 4, 3, 1, 3).with(Activation::ReluN1To1),
        Spec::new("tanh", 1, 8, 8, 5, 2).with(Activation::Tanh),
        Spec::new("rank 3", 3, 2, 6, 2, 3),
    ];
    let mut cases: Vec<Case> = specs.iter().map(|spec| case(spec, None, &mut rng)).collect();
    let (first, second) = (Spec::new("relu", 1, 6, 8, 3, 1).with(Activation::Relu), Spec::new("rank 2", 1, 8, 4, 4, 2));
    cases.push(stacked(&first, &second, None, &mut rng));
    cases
}

/// The `int8_svdf` suite: int16 state and time weights.
pub fn int8_svdf() -> Vec<Case> {
    let mut rng = Rng(0x5FD8);
    let with = |quant: fn(&mut IntQuant)| {
        let mut q = INT16_STATE;
        quant(&mut q);
        q
    };
    let cases: [(Spec, IntQuant); 9] = [
        (Spec::new("rank 1", 1, 8, 4, 4, 1), INT16_STATE),
        (Spec::new("rank 2", 2, 5, 6, 3, 2), INT16_STATE),
        (Spec::new("rank 3", 3, 4, 6, 2, 3), INT16_STATE),
        (Spec::new("memory 1", 2, 6, 4, 1, 2), INT16_STATE),
        (Spec::new("relu ignored", 1, 8, 4, 4, 1).with(Activation::Relu), INT16_STATE),
        (Spec::new("saturating state", 1, 16, 4, 3, 2), with(|q| q.state.0 = 1.0 / 1_048_576.0)),
        (Spec::new("saturating output", 2, 8, 4, 5, 1), with(|q| q.output = (1.0 / 1024.0, 0))),
        (
            Spec::new("extreme zero points", 1, 8, 6, 3, 3),
            with(|q| {
                q.input.1 = -128;
                q.output.1 = 127;
            }),
        ),
        (
            Spec::new("odd scales", 2, 7, 6, 4, 2),
            with(|q| {
                q.input = (0.0137, 11);
                q.weights_feature = 0.0071;
                q.state = (0.000_43, 0);
                q.weights_time = 0.000_031_1;
                q.output = (0.047, -9);
            }),
        ),
    ];
    let mut all: Vec<Case> = cases.iter().map(|(spec, quant)| case(spec, Some(*quant), &mut rng)).collect();
    let (first, second) = (Spec::new("rank 1", 1, 10, 8, 4, 1), Spec::new("rank 2", 1, 8, 6, 3, 2));
    all.push(stacked(&first, &second, Some(INT16_STATE), &mut rng));
    all
}

/// The `int8_svdf_int8_state` suite: int8 state and time weights.
pub fn int8_svdf_int8_state() -> Vec<Case> {
    let mut rng = Rng(0x5FD9);
    let mut saturating = INT8_STATE;
    saturating.state = (1.0 / 512.0, 3);
    let mut zero = INT8_STATE;
    zero.state.1 = 0;
    let cases = [
        (Spec::new("state zero point -7", 1, 8, 4, 4, 1), INT8_STATE),
        (Spec::new("rank 2 state zero point 0", 2, 5, 6, 3, 2), zero),
        (Spec::new("saturating state", 1, 12, 4, 2, 2), saturating),
        (Spec::new("memory 1 rank 3", 3, 4, 6, 1, 3), INT8_STATE),
    ];
    cases.iter().map(|(spec, quant)| case(spec, Some(*quant), &mut rng)).collect()
}
