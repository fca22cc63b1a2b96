//! `FULLY_CONNECTED` against TFLite Micro: int8 (per-tensor and per-channel weight scales, with
//! and without bias, extreme zero points, saturating output scales, weights given at run time),
//! 16x8 (the same with int32, int64 or no bias, plus multipliers above 1 and sums beyond int32)
//! and float, for batches 1 and 3, rank-3 and rank-4 inputs flattened to rows, `keep_num_dims`
//! true and false, and every fused activation; the int8 layers again with `INT4` weights.

use super::int16x8::{self, Bias, Magnitude, Types};
use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{Activation, BuiltinOp, BuiltinOptions, FullyConnectedOptions};

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
    /// The values of 16x8 inputs and weights.
    magnitude: Magnitude,
    /// int8: the weights are an `INT4` constant (scales 16 times larger, so outputs spread alike).
    int4_weights: bool,
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
            magnitude: Magnitude::Full,
            int4_weights: false,
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

    /// The one-op model (of `types`) with random weights and bias, on a random input.
    fn case(&self, types: Types, rng: &mut Rng) -> Case {
        let dims = |s: &[usize]| s.iter().map(|&d| d as i32).collect::<Vec<_>>();
        let weight_shape = [self.units, self.depth];
        let output_shape = self.output_shape();
        let mut m = OneOp::new();
        let mut inputs = vec![];
        let float = types == Types::Float;
        let (dtype, weight_dtype, bias_dtype) = match types {
            Types::Float => (DType::Float32, DType::Float32, DType::Float32),
            Types::Int8 => (DType::Int8, DType::Int8, DType::Int32),
            Types::Int16x8(_) => (DType::Int16, DType::Int8, DType::Int32),
        };
        let widen = if self.int4_weights { 16.0 } else { 1.0 };
        let weight_scales: Vec<f32> = if self.per_channel {
            (0..self.units).map(|_| rng.float(0.005, 0.03) * widen).collect()
        } else {
            vec![0.02 * widen]
        };
        let per_channel_or_tensor =
            |scales: &[f32]| if self.per_channel { Quant::channels(scales, 0) } else { Quant::tensor(scales[0], 0) };
        let typical_16x8 = self.magnitude.typical_sum(self.depth);
        let (input_q, weight_q, output_q) = match types {
            Types::Float => (None, None, None),
            Types::Int8 => {
                let spread = (self.depth as f32).sqrt() * 5.5 * 3.0;
                let output_scale = spread * self.output_range / 128.0;
                (
                    Some(Quant::tensor(INPUT_SCALE, self.zero_points.0)),
                    Some(per_channel_or_tensor(&weight_scales)),
                    Some(Quant::tensor(output_scale, self.zero_points.1)),
                )
            }
            Types::Int16x8(_) => (
                Some(Quant::tensor(int16x8::INPUT_SCALE, 0)),
                Some(per_channel_or_tensor(&weight_scales)),
                Some(Quant::tensor(int16x8::output_scale(typical_16x8, self.output_range), 0)),
            ),
        };
        let x = m.input("x", &dims(&self.input), dtype, input_q);
        let weights = match types {
            Types::Int16x8(_) => {
                inputs.push(self.magnitude.input(&self.input, rng));
                let data = self.magnitude.weights(weight_shape.iter().product(), rng);
                Tensor { dtype: DType::Int8, shape: weight_shape.to_vec(), data }
            }
            _ => {
                inputs.push(Tensor::random(dtype, &self.input, rng));
                Tensor::random(dtype, &weight_shape, rng)
            }
        };
        let w = if self.int4_weights {
            let values: Vec<i8> = (0..weights.data.len()).map(|_| rng.range(-8, 7) as i8).collect();
            m.constant_int4("w", &dims(&weight_shape), &values, weight_q)
        } else if self.runtime_weights {
            inputs.push(weights);
            m.input("w", &dims(&weight_shape), weight_dtype, weight_q)
        } else {
            m.constant("w", &dims(&weight_shape), weight_dtype, &weights.data, weight_q)
        };
        let b = if !self.bias {
            -1
        } else if let Types::Int16x8(bias) = types {
            let scales: Vec<f32> = weight_scales.iter().map(|&s| int16x8::INPUT_SCALE * s).collect();
            let quant = per_channel_or_tensor(&scales);
            int16x8::bias(&mut m, bias, self.units, typical_16x8, quant, rng).unwrap_or(-1)
        } else if float {
            let bias = Tensor::random(DType::Float32, &[self.units], rng);
            m.constant("b", &[self.units as i32], bias_dtype, &bias.data, None)
        } else {
            let values: Vec<i32> = (0..self.units).map(|_| rng.range(-2000, 2000) as i32).collect();
            let scales: Vec<f32> = weight_scales.iter().map(|&s| INPUT_SCALE * s).collect();
            m.constant_i32("b", &[self.units as i32], &values, Some(per_channel_or_tensor(&scales)))
        };
        let y = m.output("y", &dims(&output_shape), dtype, output_q);
        let options = FullyConnectedOptions {
            fused_activation: self.activation,
            keep_num_dims: self.keep_num_dims,
            ..FullyConnectedOptions::default()
        };
        m.op(BuiltinOp::FullyConnected, &[x, w, b], &[y], BuiltinOptions::FullyConnected(options));
        let kind = match types {
            Types::Float => "float".to_string(),
            Types::Int8 if self.int4_weights => "int8, int4 weights".to_string(),
            Types::Int8 => "int8".to_string(),
            Types::Int16x8(bias) if self.bias => format!("int16x8, bias {bias:?}"),
            Types::Int16x8(_) => "int16x8".to_string(),
        };
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

/// The 16x8 layers: the int8 ones (their zero points do not apply), multipliers above 1 and sums
/// beyond int32, with and without a bias.
fn int16x8_specs() -> Vec<Spec> {
    let base = |name, input: &[usize], depth, units| Spec::new(name, input, depth, units);
    let large = |name| Spec { magnitude: Magnitude::Large, ..base(name, &[2, 2048], 2048, 3) };
    let mut specs = specs();
    specs.extend([
        Spec {
            magnitude: Magnitude::Small,
            output_range: 0.5,
            per_channel: true,
            ..base("multipliers above 1", &[2, 9], 9, 5)
        },
        large("depth 2048: sums beyond int32"),
        Spec { bias: false, per_channel: true, ..large("depth 2048 per channel: sums beyond int32, no bias") },
    ]);
    specs
}

/// The `int8_fully_connected` suite.
pub fn int8_fully_connected() -> Vec<Case> {
    let mut rng = Rng(0xFC01);
    let cases: Vec<Case> =
        specs().iter().flat_map(|s| [s.case(Types::Int8, &mut rng), s.case(Types::Int8, &mut rng)]).collect();
    cases
}

/// The `int8_fully_connected_int4_weights` suite: the int8 layers with constant per-tensor
/// weights (TFLite Micro refuses per-channel int4 ones), their weights `INT4` (odd counts among
/// them: the last byte's high nibble unused).
pub fn int8_fully_connected_int4_weights() -> Vec<Case> {
    let mut rng = Rng(0xFC04);
    specs()
        .into_iter()
        .filter(|s| !s.runtime_weights && !s.per_channel)
        .map(|s| Spec { int4_weights: true, ..s })
        .flat_map(|s| [s.case(Types::Int8, &mut rng), s.case(Types::Int8, &mut rng)])
        .collect()
}

/// The `int16x8_fully_connected` suite: every layer with an int64 and an int32 bias (layers without
/// a bias: twice).
pub fn int16x8_fully_connected() -> Vec<Case> {
    let mut rng = Rng(0xFC16);
    let biases = [Types::Int16x8(Bias::Int64), Types::Int16x8(Bias::Int32)];
    int16x8_specs().iter().flat_map(|s| biases.map(|types| s.case(types, &mut rng))).collect()
}

/// The `float_fully_connected` suite.
pub fn float_fully_connected() -> Vec<Case> {
    let mut rng = Rng(0xFC02);
    let cases: Vec<Case> = specs()
        .iter()
        .filter(|s| !s.per_channel)
        .flat_map(|s| [s.case(Types::Float, &mut rng), s.case(Types::Float, &mut rng)])
        .collect();
    cases
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference;

    #[test]
    fn the_saturating_16x8_layers_reach_both_ends_of_int16() {
        let mut rng = Rng(0x5AB);
        let spec = specs().into_iter().find(|s| s.name == "saturating").expect("a saturating layer");
        let saturating = [Bias::Int64, Bias::Int32].map(|bias| spec.case(Types::Int16x8(bias), &mut rng));
        for (case, outputs) in saturating.iter().zip(reference::run_tflm(&saturating)) {
            assert!(int16x8::saturates_both_ends(&outputs[0]), "{}: {:?}", case.name, outputs[0].i16s());
        }
    }
}
