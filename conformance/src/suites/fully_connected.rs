//! `FULLY_CONNECTED` against TFLite Micro: int8 (per-tensor and per-channel weight scales, with
//! and without bias, extreme zero points, saturating output
//! scales, weights given at run time) and float, for batches 1 and 3, rank-3 and rank-4 inputs
//! flattened to rows, `keep_num_dims` true and false, and every fused activation.

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{Activation, BuiltinOp, BuiltinOptions, FullyConnectedOptions, WeightsFormat};

/// Input scale of every int8 case.
const INPUT_SCALE: f32 = 0.05;

/// One fully connected layer to test.
#[derive(Clone)]
struct Spec {
    name: &'static str,
    /// The input's shape; its elements split into rows of `depth`.
    input: Vec<usize>,
    depth: usize,
    units: usize,
    keep_num_dims: bool,
    bias: bool,
    activation: Activation,
    per_channel: bool,
    /// Input and output zero points (int8).
    zero_points: (i64, i64),
    /// Output scale relative to the typical accumulator range: below 1 saturates.
    output_range: f32,
    /// The weights are a model input (read at run time) instead of a constant.
    runtime_weights: bool,
}

impl Spec {
    fn new(name: &'static str, input: &[usize], depth: usize, units: usize) -> Spec {
        Spec {
            name,
            input: input.to_vec(),
            depth,
            units,
            keep_num_dims: false,
            bias: true,
            activation: Activation::None,
            per_channel: false,
            zero_points: (-3, 5),
            output_range: 1.0,
            runtime_weights: false,
        }
    }

    fn output_shape(&self) -> Vec<usize> {
        if self.keep_num_dims {
            let mut shape = self.input.clone();
            *shape.last_mut().unwrap() = self.units;
            shape
        } else {
            let batches = self.input.iter().product::<usize>() / self.depth;
            vec![batches, self.units]
        }
    }

    /// The one-op model (int8 or float) with random weights and bias, on a random input.
    fn case(&self, float: bool, rng: &mut Rng) -> Case {
        let dims = |s: &[usize]| s.iter().map(|&d| d as i32).collect::<Vec<_>>();
        let weight_shape = [self.units, self.depth];
        let output_shape = self.output_shape();
        let mut m = OneOp::new();
        let mut inputs = vec![];
        let (dtype, bias_dtype) = if float { (DType::Float32, DType::Float32) } else { (DType::Int8, DType::Int32) };
        let weight_scales: Vec<f32> =
            if self.per_channel { (0..self.units).map(|_| rng.float(0.005, 0.03)).collect() } else { vec![0.02] };
        let (input_q, weight_q, output_q) = if float {
            (None, None, None)
        } else {
            let spread = (self.depth as f32).sqrt() * 5.5 * 3.0;
            let output_scale = spread * self.output_range / 128.0;
            let weight_q =
                if self.per_channel { Quant::channels(&weight_scales, 0) } else { Quant::tensor(weight_scales[0], 0) };
            (
                Some(Quant::tensor(INPUT_SCALE, self.zero_points.0)),
                Some(weight_q),
                Some(Quant::tensor(output_scale, self.zero_points.1)),
            )
        };
        let x = m.input("x", &dims(&self.input), dtype, input_q);
        inputs.push(Tensor::random(dtype, &self.input, rng));
        let weights = Tensor::random(dtype, &weight_shape, rng);
        let w = if self.runtime_weights {
            inputs.push(weights);
            m.input("w", &dims(&weight_shape), dtype, weight_q)
        } else {
            m.constant("w", &dims(&weight_shape), dtype, &weights.data, weight_q)
        };
        let b = if !self.bias {
            -1
        } else if float {
            let bias = Tensor::random(DType::Float32, &[self.units], rng);
            m.constant("b", &[self.units as i32], bias_dtype, &bias.data, None)
        } else {
            let values: Vec<i32> = (0..self.units).map(|_| rng.range(-2000, 2000) as i32).collect();
            let scales: Vec<f32> = weight_scales.iter().map(|&s| INPUT_SCALE * s).collect();
            let q = if self.per_channel { Quant::channels(&scales, 0) } else { Quant::tensor(scales[0], 0) };
            m.constant_i32("b", &[self.units as i32], &values, Some(q))
        };
        let y = m.output("y", &dims(&output_shape), dtype, output_q);
        let options = FullyConnectedOptions {
            fused_activation: self.activation,
            weights_format: WeightsFormat::Default,
            keep_num_dims: self.keep_num_dims,
            asymmetric_quantize_inputs: false,
            quantized_bias_type: None,
        };
        m.op(BuiltinOp::FullyConnected, &[x, w, b], &[y], BuiltinOptions::FullyConnected(options));
        let kind = if float { "float" } else { "int8" };
        m.case(&format!("{} ({kind})", self.name), inputs)
    }
}

/// The layers every test runs, int8 and float.
fn specs() -> Vec<Spec> {
    let base = |name, input: &[usize], depth, units| Spec::new(name, input, depth, units);
    vec![
        base("batch 1", &[1, 16], 16, 10),
        Spec { per_channel: true, activation: Activation::Relu, ..base("batch 3 per channel relu", &[3, 20], 20, 7) },
        base("rank 4 flattened", &[1, 2, 3, 4], 24, 5),
        base("rank 4 into 6 rows", &[2, 3, 2, 4], 8, 9),
        Spec { keep_num_dims: true, ..base("keep_num_dims", &[2, 3, 8], 8, 6) },
        Spec { bias: false, ..base("no bias", &[3, 13], 13, 4) },
        Spec { activation: Activation::Relu6, ..base("relu6", &[2, 17], 17, 8) },
        Spec { activation: Activation::ReluN1To1, ..base("relu_n1_to_1", &[1, 9], 9, 11) },
        Spec { zero_points: (-128, 127), ..base("zero points -128/127", &[2, 12], 12, 6) },
        Spec { zero_points: (127, -128), ..base("zero points 127/-128", &[2, 12], 12, 6) },
        Spec { output_range: 0.1, ..base("saturating", &[3, 32], 32, 5) },
        Spec { runtime_weights: true, ..base("run-time weights", &[3, 11], 11, 4) },
        Spec { runtime_weights: true, per_channel: true, ..base("run-time per-channel weights", &[1, 7], 7, 3) },
        Spec { per_channel: true, bias: false, ..base("per channel without bias", &[2, 64], 64, 12) },
    ]
}

/// The `int8_fully_connected` suite.
pub fn int8_fully_connected() -> Vec<Case> {
    let mut rng = Rng(0xFC01);
    let cases: Vec<Case> = specs().iter().flat_map(|s| [s.case(false, &mut rng), s.case(false, &mut rng)]).collect();
    cases
}

/// The `float_fully_connected` suite.
pub fn float_fully_connected() -> Vec<Case> {
    let mut rng = Rng(0xFC02);
    let cases: Vec<Case> = specs()
        .iter()
        .filter(|s| !s.per_channel)
        .flat_map(|s| [s.case(true, &mut rng), s.case(true, &mut rng)])
        .collect();
    cases
}
