//! `TRANSPOSE_CONV` against TFLite Micro: float, int8 (per-channel and per-tensor filter scales,
//! with and without bias, extreme zero points, saturating output scales) and 16x8 (an int64 bias,
//! an int16 bias TFLM widens, none; sums beyond int32), over SAME and VALID padding, strides 1, 2
//! and 3 (3 with a 2x2 filter leaves output pixels no tap reaches), asymmetric strides and
//! filters, output sizes the converter would not pick, filters larger than the output, every
//! fused activation, batches 1 and 2; the `output_shape` operand a constant. The pad suites put a
//! zero-point `PAD` in front, as a PyTorch export could: after the input (bottom and right) it
//! folds away (`graph-fold-pad`), before it (top or left, which would shift the output) it stays.

use super::int16x8::{self, Magnitude};
use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{Activation, BuiltinOp, BuiltinOptions, Padding, TransposeConvOptions};

/// Input scale of every int8 case.
const INPUT_SCALE: f32 = 0.05;

/// The element types of a case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Types {
    Float,
    Int8,
    /// int16 activations, int8 filter, and this bias where the spec has one.
    Int16x8(Bias16),
}

/// The bias of a 16x8 case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bias16 {
    None,
    /// int64, up to beyond int32.
    Int64,
    /// int16, which TFLM copies into an int64 buffer before its kernel runs.
    Int16,
}

/// One transposed convolution to test.
#[derive(Clone)]
struct Spec {
    name: &'static str,
    /// `[n, h, w, c]`.
    input: [usize; 4],
    channels: usize,
    filter: [usize; 2],
    stride: [usize; 2],
    padding: Padding,
    /// Output height and width when not the converter's (`h · stride`, or `(h - 1) · stride + f`
    /// for VALID).
    output: Option<[usize; 2]>,
    activation: Activation,
    bias: bool,
    per_channel: bool,
    /// Input and output zero points (int8).
    zero_points: (i64, i64),
    /// Output scale relative to the typical accumulator range: below 1 saturates.
    output_range: f32,
    magnitude: Magnitude,
    /// A `PAD` (the zero point) of the model's input by `[top, bottom, left, right]` giving
    /// `input`, when given.
    pre_pad: Option<[usize; 4]>,
}

impl Spec {
    fn new(name: &'static str, input: [usize; 4], channels: usize, filter: [usize; 2], stride: usize) -> Spec {
        Spec {
            name,
            input,
            channels,
            filter,
            stride: [stride, stride],
            padding: Padding::Same,
            output: None,
            activation: Activation::None,
            bias: true,
            per_channel: true,
            zero_points: (-3, 5),
            output_range: 1.0,
            magnitude: Magnitude::Full,
            pre_pad: None,
        }
    }

    /// The model's input shape: `input`, less the `PAD` in front if there is one.
    fn model_input(&self) -> [usize; 4] {
        let [n, h, w, c] = self.input;
        let [top, bottom, left, right] = self.pre_pad.unwrap_or_default();
        [n, h - top - bottom, w - left - right, c]
    }

    /// The transposed convolution's input: the model's input `x`, or a `PAD` of it.
    fn conv_input(&self, m: &mut OneOp, dtype: DType, quant: Option<Quant>) -> i32 {
        let dims = |s: &[usize]| s.iter().map(|&d| d as i32).collect::<Vec<_>>();
        let x = m.input("x", &dims(&self.model_input()), dtype, quant.clone());
        let Some([top, bottom, left, right]) = self.pre_pad else { return x };
        let amounts = [0, 0, top, bottom, left, right, 0, 0].map(|a| a as i32);
        let paddings = m.constant_i32("paddings", &[4, 2], &amounts, None);
        let padded = m.intermediate("padded", &dims(&self.input), dtype, quant);
        m.op(BuiltinOp::Pad, &[x, paddings], &[padded], BuiltinOptions::Pad);
        padded
    }

    fn output_size(&self) -> [usize; 2] {
        self.output.unwrap_or_else(|| {
            [0, 1].map(|axis| match self.padding {
                Padding::Same => self.input[1 + axis] * self.stride[axis],
                Padding::Valid => (self.input[1 + axis] - 1) * self.stride[axis] + self.filter[axis],
            })
        })
    }

    /// The one-op model of `types` with random weights, on a random input.
    fn case(&self, types: Types, rng: &mut Rng) -> Case {
        let [n, _, _, c] = self.input;
        let [fh, fw] = self.filter;
        let out_c = self.channels;
        let [oh, ow] = self.output_size();
        let filter_shape = [out_c, fh, fw, c];
        let output_shape = [n, oh, ow, out_c];
        // Terms per output element, on average.
        let terms = (fh * fw * c).div_ceil(self.stride[0] * self.stride[1]).max(1);
        let dims = |s: &[usize]| s.iter().map(|&d| d as i32).collect::<Vec<_>>();
        let filter_count: usize = filter_shape.iter().product();
        let mut m = OneOp::new();
        let shape = m.constant_i32("output_shape", &[4], &dims(&output_shape), None);
        let scales: Vec<f32> = (0..if self.per_channel { out_c } else { 1 }).map(|_| rng.float(0.002, 0.02)).collect();
        let (x, f, b, y) = match types {
            Types::Float => {
                let x = self.conv_input(&mut m, DType::Float32, None);
                let weights = Tensor::random(DType::Float32, &filter_shape, rng);
                let f = m.constant("w", &dims(&filter_shape), DType::Float32, &weights.data, None);
                let b = self.bias.then(|| {
                    let bias = Tensor::random(DType::Float32, &[out_c], rng);
                    m.constant("b", &[out_c as i32], DType::Float32, &bias.data, None)
                });
                (x, f, b, m.output("y", &dims(&output_shape), DType::Float32, None))
            }
            Types::Int8 => {
                let (input_zp, output_zp) = self.zero_points;
                let x = self.conv_input(&mut m, DType::Int8, Some(Quant::tensor(INPUT_SCALE, input_zp)));
                let weights = rng.bytes(filter_count);
                let f = m.constant("w", &dims(&filter_shape), DType::Int8, &weights, Some(Quant::channels(&scales, 0)));
                let b = self.bias.then(|| {
                    let values: Vec<i32> = (0..out_c).map(|_| rng.range(-20_000, 20_000) as i32).collect();
                    let bias_scales: Vec<f32> = (0..out_c).map(|i| INPUT_SCALE * scales[i % scales.len()]).collect();
                    m.constant_i32("b", &[out_c as i32], &values, Some(Quant::channels(&bias_scales, 0)))
                });
                let typical = INPUT_SCALE * 0.01 * (terms as f32).sqrt() * 74.0 * 74.0 * 2.0 / 128.0;
                let q = Quant::tensor(typical * self.output_range, output_zp);
                (x, f, b, m.output("y", &dims(&output_shape), DType::Int8, Some(q)))
            }
            Types::Int16x8(bias) => {
                let x = self.conv_input(&mut m, DType::Int16, Some(Quant::tensor(int16x8::INPUT_SCALE, 0)));
                let weights = self.magnitude.weights(filter_count, rng);
                let f = m.constant("w", &dims(&filter_shape), DType::Int8, &weights, Some(Quant::channels(&scales, 0)));
                let typical = self.magnitude.typical_sum(terms);
                let bias_scales: Vec<f32> =
                    (0..out_c).map(|i| int16x8::INPUT_SCALE * scales[i % scales.len()]).collect();
                let quant = Some(Quant::channels(&bias_scales, 0));
                let b = match (self.bias, bias) {
                    (false, _) | (_, Bias16::None) => None,
                    (true, Bias16::Int64) => {
                        let span = 4 * typical as i64;
                        let values: Vec<u8> = (0..out_c).flat_map(|_| rng.range(-span, span).to_le_bytes()).collect();
                        Some(m.constant("b", &[out_c as i32], DType::Int64, &values, quant))
                    }
                    (true, Bias16::Int16) => {
                        let values: Vec<u8> =
                            (0..out_c).flat_map(|_| (rng.range(-32768, 32767) as i16).to_le_bytes()).collect();
                        Some(m.constant("b", &[out_c as i32], DType::Int16, &values, quant))
                    }
                };
                let q = Quant::tensor(int16x8::output_scale(typical, self.output_range), 0);
                (x, f, b, m.output("y", &dims(&output_shape), DType::Int16, Some(q)))
            }
        };
        let options = TransposeConvOptions {
            padding: self.padding,
            stride_w: self.stride[1] as i32,
            stride_h: self.stride[0] as i32,
            fused_activation: self.activation,
            quantized_bias_type: None,
        };
        // TFLite's operand order: output_shape, weights, input, bias.
        let operands: Vec<i32> = [shape, f, x].into_iter().chain(b).collect();
        m.op(BuiltinOp::TransposeConv, &operands, &[y], BuiltinOptions::TransposeConv(options));
        let given = self.model_input();
        let input = match types {
            Types::Float => Tensor::random(DType::Float32, &given, rng),
            Types::Int8 => Tensor::random(DType::Int8, &given, rng),
            Types::Int16x8(_) => self.magnitude.input(&given, rng),
        };
        let kind = match types {
            Types::Float => "f32".to_string(),
            Types::Int8 => "int8".to_string(),
            Types::Int16x8(bias) => format!("int16x8 (bias {bias:?})"),
        };
        m.case(&format!("transpose_conv {kind} {}", self.name), vec![input])
    }
}

/// The cases every type runs.
fn specs() -> Vec<Spec> {
    vec![
        Spec::new("same stride 2 3x3", [1, 3, 3, 2], 3, [3, 3], 2),
        Spec { activation: Activation::Relu, ..Spec::new("same stride 1 relu", [1, 4, 4, 3], 2, [3, 3], 1) },
        Spec {
            padding: Padding::Valid,
            per_channel: false,
            bias: false,
            ..Spec::new("valid stride 2 per-tensor no bias", [1, 3, 4, 2], 3, [3, 3], 2)
        },
        Spec {
            padding: Padding::Valid,
            ..Spec::new("valid stride 3 2x2 filter: pixels no tap reaches", [1, 3, 3, 2], 2, [2, 2], 3)
        },
        Spec { activation: Activation::Relu6, ..Spec::new("same stride 3 batch 2 relu6", [2, 2, 3, 2], 3, [3, 3], 3) },
        Spec {
            stride: [2, 1],
            activation: Activation::ReluN1To1,
            ..Spec::new("same stride 2x1 4x3 filter relu_n1_to_1", [1, 3, 4, 3], 2, [4, 3], 1)
        },
        Spec {
            output: Some([7, 5]),
            ..Spec::new("same stride 2 odd output size (pads 1 before)", [1, 4, 3, 2], 2, [3, 3], 2)
        },
        Spec::new("5x5 filter larger than the output", [1, 2, 2, 2], 2, [5, 5], 1),
        Spec {
            zero_points: (127, -128),
            output_range: 0.05,
            ..Spec::new("zero points 127/-128 saturating", [1, 3, 3, 4], 3, [3, 3], 2)
        },
        Spec {
            zero_points: (-128, 127),
            output_range: 0.1,
            activation: Activation::Relu,
            bias: false,
            ..Spec::new("zero points -128/127 saturating relu", [1, 2, 3, 3], 2, [2, 2], 2)
        },
    ]
}

/// Transposed convolutions after a zero-point `PAD`: after the input (folded), before it (kept).
fn pad_specs() -> Vec<Spec> {
    let padded = |name, pad, spec: Spec| Spec { name, pre_pad: Some(pad), ..spec };
    vec![
        padded("PAD (0, 1, 0, 1) same stride 2", [0, 1, 0, 1], Spec::new("", [1, 4, 4, 2], 3, [3, 3], 2)),
        padded(
            "PAD (0, 2, 0, 0) valid stride 2 relu",
            [0, 2, 0, 0],
            Spec { padding: Padding::Valid, activation: Activation::Relu, ..Spec::new("", [1, 5, 3, 2], 2, [3, 3], 2) },
        ),
        padded(
            "PAD (0, 1, 0, 3) same stride 1 odd output size",
            [0, 1, 0, 3],
            Spec { output: Some([5, 6]), ..Spec::new("", [1, 3, 5, 3], 2, [2, 3], 1) },
        ),
        padded("PAD (1, 0, 1, 0) same stride 2 (kept)", [1, 0, 1, 0], Spec::new("", [1, 4, 4, 2], 3, [3, 3], 2)),
        padded("PAD (1, 1, 1, 1) same stride 1 (kept)", [1, 1, 1, 1], Spec::new("", [1, 4, 4, 2], 2, [3, 3], 1)),
    ]
}

/// Two cases (fresh weights and input each) per spec.
fn cases(specs: &[Spec], types: Types, seed: u64) -> Vec<Case> {
    let mut rng = Rng(seed);
    specs.iter().flat_map(|spec| (0..2).map(|_| spec.case(types, &mut rng)).collect::<Vec<_>>()).collect()
}

/// The `float_transpose_conv` suite.
pub fn float_transpose_conv() -> Vec<Case> {
    cases(&specs(), Types::Float, 0x7C_F1)
}

/// The `int8_transpose_conv` suite.
pub fn int8_transpose_conv() -> Vec<Case> {
    cases(&specs(), Types::Int8, 0x7C_08)
}

/// The `int16x8_transpose_conv` suite: every spec with an int64, an int16 and no bias, plus
/// multipliers above 1 and sums beyond int32.
pub fn int16x8_transpose_conv() -> Vec<Case> {
    let mut specs = specs();
    specs.extend([
        Spec {
            magnitude: Magnitude::Small,
            output_range: 0.2,
            activation: Activation::Relu6,
            ..Spec::new("multipliers above 1", [1, 3, 3, 3], 4, [3, 3], 2)
        },
        Spec {
            magnitude: Magnitude::Large,
            padding: Padding::Valid,
            ..Spec::new("1x1 over 2048 channels: sums beyond int32", [1, 1, 2, 2048], 2, [1, 1], 1)
        },
    ]);
    let mut rng = Rng(0x7C16);
    let mut cases = Vec::new();
    for spec in &specs {
        for bias in [Bias16::Int64, Bias16::Int16, Bias16::None] {
            if spec.bias || bias == Bias16::None {
                cases.push(spec.case(Types::Int16x8(bias), &mut rng));
            }
        }
    }
    cases
}

/// The `pad_then_transpose_conv` suite: int8 `TRANSPOSE_CONV` after a `PAD` of its input.
pub fn pad_then_transpose_conv() -> Vec<Case> {
    cases(&pad_specs(), Types::Int8, 0x9A7C08)
}

/// The `int16_pad_then_transpose_conv` suite: the 16x8 form (int64 bias).
pub fn int16_pad_then_transpose_conv() -> Vec<Case> {
    cases(&pad_specs(), Types::Int16x8(Bias16::Int64), 0x9A7C16)
}

/// The `float_pad_then_transpose_conv` suite.
pub fn float_pad_then_transpose_conv() -> Vec<Case> {
    cases(&pad_specs(), Types::Float, 0x9A7CF1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference;

    #[test]
    fn the_saturating_cases_reach_both_ends() {
        let saturating: Vec<Spec> = specs().into_iter().filter(|s| s.name.contains("127/-128 saturating")).collect();
        let int8 = cases(&saturating, Types::Int8, 0x5A7);
        for (case, outputs) in int8.iter().zip(reference::run_tflm(&int8)) {
            let values: Vec<i8> = outputs[0].data.iter().map(|&b| b as i8).collect();
            assert!(values.contains(&-128) && values.contains(&127), "{}: {values:?}", case.name);
        }
        let int16 = cases(&saturating, Types::Int16x8(Bias16::Int64), 0x5A9);
        for (case, outputs) in int16.iter().zip(reference::run_tflm(&int16)) {
            assert!(int16x8::saturates_both_ends(&outputs[0]), "{}: {:?}", case.name, outputs[0].i16s());
        }
    }
}
