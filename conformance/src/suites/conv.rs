//! `CONV_2D` and `DEPTHWISE_CONV_2D` against TFLite Micro: int8 (per-channel and per-tensor
//! filter scales, with and without bias, extreme zero points, saturating output scales, grouped
//! filters), 16x8 (the same, with int32, int64 or no bias, plus multipliers above 1 and sums
//! beyond int32) and float, over SAME padding with odd sizes, VALID, strides, dilations, 1x1
//! filters, filters larger than the input, depth multipliers 1 to 3, every fused activation,
//! batches 1 and 2. The `*pad_then_*` suites put an explicit `PAD` or `PADV2` before the
//! convolution, as PyTorch exports write them (symmetric, asymmetric `(0, 1, 0, 1)` before stride
//! 2, before `SAME`, pad values the zero point or not), which mc folds into the convolution's
//! padding where that is exact (`graph-fold-pad`). The int8 convolutions run again with `INT4`
//! filters, per-tensor and per-channel.

use super::int16x8::{self, Bias, Magnitude, Types};
use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{Activation, BuiltinOp, BuiltinOptions, Conv2DOptions, DepthwiseConv2DOptions, Padding};

/// Input scale of every int8 case.
const INPUT_SCALE: f32 = 0.05;

/// One convolution to test.
#[derive(Clone)]
struct Spec {
    name: &'static str,
    /// `[n, h, w, c]`.
    input: [usize; 4],
    /// Conv: output channels; depthwise: the depth multiplier.
    channels: usize,
    /// Conv only: input channels per filter (`c` unless grouped).
    filter_depth: Option<usize>,
    filter: [usize; 2],
    stride: [usize; 2],
    dilation: [usize; 2],
    padding: Padding,
    activation: Activation,
    bias: bool,
    per_channel: bool,
    /// Input and output zero points (int8).
    zero_points: (i64, i64),
    /// Output scale relative to the typical accumulator range: below 1 saturates.
    output_range: f32,
    /// The values of 16x8 inputs and filters.
    magnitude: Magnitude,
    /// A `PAD` or `PADV2` before the convolution, over the model's input `input`.
    pre_pad: Option<PrePad>,
    /// int8: the filter is an `INT4` constant (scales 16 times larger, so outputs spread alike).
    int4_weights: bool,
}

/// A pad op in front of a convolution or pool: `[top, bottom, left, right]` on height and width.
#[derive(Clone, Copy, Debug)]
pub(super) struct PrePad {
    /// Rows above and below, columns left and right.
    pub amounts: [usize; 4],
    /// What the padding holds.
    pub fill: Fill,
}

/// The value a pad op before a convolution or pool fills with.
#[derive(Clone, Copy, Debug)]
pub(super) enum Fill {
    /// `PAD`: TFLM fills int8 with the zero point, int16 and float with 0.
    Pad,
    /// `PADV2` with the input's zero point (0 for int16, 0.0 for float).
    ZeroPoint,
    /// `PADV2` with the lowest value of the type (-128, -32768, -inf).
    Lowest,
    /// `PADV2` with this value (stored, or float).
    Value(f64),
}

impl Fill {
    /// The `PADV2` value for elements of `dtype` with `zero_point`; `None` for `PAD`.
    fn value(self, dtype: DType, zero_point: i64) -> Option<f64> {
        match (self, dtype) {
            (Fill::Pad, _) => None,
            (Fill::ZeroPoint, _) => Some(zero_point as f64),
            (Fill::Lowest, DType::Float32) => Some(f64::NEG_INFINITY),
            (Fill::Lowest, DType::Int16) => Some(f64::from(i16::MIN)),
            (Fill::Lowest, _) => Some(f64::from(i8::MIN)),
            (Fill::Value(v), _) => Some(v),
        }
    }
}

impl PrePad {
    /// `input` with the padding added to its height and width.
    pub fn padded(&self, [n, h, w, c]: [usize; 4]) -> [usize; 4] {
        let [top, bottom, left, right] = self.amounts;
        [n, h + top + bottom, w + left + right, c]
    }

    /// Declares the model input `x` of shape `input` (elements of `dtype` with `zero_point`), pads
    /// it and returns the padded tensor.
    pub fn input(&self, m: &mut OneOp, input: [usize; 4], dtype: DType, quant: Option<Quant>, zero_point: i64) -> i32 {
        let dims = |s: &[usize]| s.iter().map(|&d| d as i32).collect::<Vec<_>>();
        let x = m.input("x", &dims(&input), dtype, quant.clone());
        let [top, bottom, left, right] = self.amounts.map(|a| a as i32);
        let paddings = m.constant_i32("paddings", &[4, 2], &[0, 0, top, bottom, left, right, 0, 0], None);
        let padded = m.intermediate("x_padded", &dims(&self.padded(input)), dtype, quant.clone());
        match self.fill.value(dtype, zero_point) {
            None => m.op(BuiltinOp::Pad, &[x, paddings], &[padded], BuiltinOptions::Pad),
            Some(value) => {
                let bytes = match dtype {
                    DType::Float32 => (value as f32).to_le_bytes().to_vec(),
                    DType::Int16 => (value as i16).to_le_bytes().to_vec(),
                    _ => vec![value as i8 as u8],
                };
                let v = m.constant("pad_value", &[], dtype, &bytes, quant);
                m.op(BuiltinOp::PadV2, &[x, paddings, v], &[padded], BuiltinOptions::PadV2);
            }
        }
        padded
    }
}

impl Spec {
    fn new(name: &'static str, input: [usize; 4], channels: usize, filter: [usize; 2]) -> Spec {
        Spec {
            name,
            input,
            channels,
            filter_depth: None,
            filter,
            stride: [1, 1],
            dilation: [1, 1],
            padding: Padding::Same,
            activation: Activation::None,
            bias: true,
            per_channel: true,
            zero_points: (-3, 5),
            output_range: 1.0,
            magnitude: Magnitude::Full,
            pre_pad: None,
            int4_weights: false,
        }
    }

    /// The convolution's input shape: the model's input, padded by the pad op if there is one.
    fn conv_input(&self) -> [usize; 4] {
        self.pre_pad.map_or(self.input, |p| p.padded(self.input))
    }

    /// The model input `x`, through the pad op if there is one; the convolution's input.
    fn input(&self, m: &mut OneOp, dtype: DType, quant: Option<Quant>) -> i32 {
        let zero_point = if dtype == DType::Int8 { self.zero_points.0 } else { 0 };
        match self.pre_pad {
            Some(pad) => pad.input(m, self.input, dtype, quant, zero_point),
            None => m.input("x", &self.input.map(|d| d as i32), dtype, quant),
        }
    }

    fn output_size(&self, axis: usize) -> usize {
        let (size, stride) = (self.conv_input()[1 + axis], self.stride[axis]);
        let effective = (self.filter[axis] - 1) * self.dilation[axis] + 1;
        match self.padding {
            Padding::Same => size.div_ceil(stride),
            Padding::Valid => (size - effective + stride) / stride,
        }
    }

    /// The one-op model (depthwise or not, of `types`) with random weights, on a random input.
    fn case(&self, depthwise: bool, types: Types, rng: &mut Rng) -> Case {
        let [n, _, _, c] = self.input;
        let [fh, fw] = self.filter;
        let out_c = if depthwise { c * self.channels } else { self.channels };
        let depth = if depthwise { 1 } else { self.filter_depth.unwrap_or(c) };
        let filter_shape = if depthwise { [1, fh, fw, out_c] } else { [out_c, fh, fw, depth] };
        let output_shape = [n, self.output_size(0), self.output_size(1), out_c];
        let taps = fh * fw * depth;
        let dims = |s: &[usize]| s.iter().map(|&d| d as i32).collect::<Vec<_>>();
        let filter_count: usize = filter_shape.iter().product();
        let mut m = OneOp::new();
        let (x, f, b, y) = if types == Types::Float {
            let x = self.input(&mut m, DType::Float32, None);
            let weights = Tensor::random(DType::Float32, &filter_shape, rng);
            let f = m.constant("w", &dims(&filter_shape), DType::Float32, &weights.data, None);
            let b = self.bias.then(|| {
                let bias = Tensor::random(DType::Float32, &[out_c], rng);
                m.constant("b", &[out_c as i32], DType::Float32, &bias.data, None)
            });
            (x, f, b, m.output("y", &dims(&output_shape), DType::Float32, None))
        } else if let Types::Int16x8(bias) = types {
            let q = Quant::tensor(int16x8::INPUT_SCALE, 0);
            let x = self.input(&mut m, DType::Int16, Some(q));
            let scales: Vec<f32> =
                (0..if self.per_channel { out_c } else { 1 }).map(|_| rng.float(0.002, 0.02)).collect();
            let axis = if depthwise { 3 } else { 0 };
            let weights = self.magnitude.weights(filter_count, rng);
            let f = m.constant("w", &dims(&filter_shape), DType::Int8, &weights, Some(Quant::channels(&scales, axis)));
            let typical = self.magnitude.typical_sum(taps);
            let bias = if self.bias { bias } else { Bias::None };
            let bias_scales: Vec<f32> = (0..out_c).map(|i| int16x8::INPUT_SCALE * scales[i % scales.len()]).collect();
            let b = int16x8::bias(&mut m, bias, out_c, typical, Quant::channels(&bias_scales, 0), rng);
            let q = Quant::tensor(int16x8::output_scale(typical, self.output_range), 0);
            (x, f, b, m.output("y", &dims(&output_shape), DType::Int16, Some(q)))
        } else {
            let (input_zp, output_zp) = self.zero_points;
            let x = self.input(&mut m, DType::Int8, Some(Quant::tensor(INPUT_SCALE, input_zp)));
            let widen = if self.int4_weights { 16.0 } else { 1.0 };
            let scales: Vec<f32> =
                (0..if self.per_channel { out_c } else { 1 }).map(|_| rng.float(0.002, 0.02) * widen).collect();
            let axis = if depthwise { 3 } else { 0 };
            let quant = Some(Quant::channels(&scales, axis));
            let f = if self.int4_weights {
                let values: Vec<i8> = (0..filter_count).map(|_| rng.range(-8, 7) as i8).collect();
                m.constant_int4("w", &dims(&filter_shape), &values, quant)
            } else {
                m.constant("w", &dims(&filter_shape), DType::Int8, &rng.bytes(filter_count), quant)
            };
            let b = self.bias.then(|| {
                let values: Vec<i32> = (0..out_c).map(|_| rng.range(-20_000, 20_000) as i32).collect();
                let bias_scales: Vec<f32> = (0..out_c).map(|i| INPUT_SCALE * scales[i % scales.len()]).collect();
                m.constant_i32("b", &[out_c as i32], &values, Some(Quant::channels(&bias_scales, 0)))
            });
            // A typical accumulator: sqrt(taps) products of two uniform int8 values.
            let typical = INPUT_SCALE * 0.01 * (taps as f32).sqrt() * 74.0 * 74.0 * 2.0 / 128.0;
            let q = Quant::tensor(typical * self.output_range, output_zp);
            (x, f, b, m.output("y", &dims(&output_shape), DType::Int8, Some(q)))
        };
        let (stride_h, stride_w) = (self.stride[0] as i32, self.stride[1] as i32);
        let (dilation_h_factor, dilation_w_factor) = (self.dilation[0] as i32, self.dilation[1] as i32);
        let (padding, fused_activation) = (self.padding, self.activation);
        let (op, options) = if depthwise {
            let options = DepthwiseConv2DOptions {
                padding,
                stride_w,
                stride_h,
                depth_multiplier: self.channels as i32,
                fused_activation,
                dilation_w_factor,
                dilation_h_factor,
            };
            (BuiltinOp::DepthwiseConv2D, BuiltinOptions::DepthwiseConv2D(options))
        } else {
            let options = Conv2DOptions {
                padding,
                stride_w,
                stride_h,
                fused_activation,
                dilation_w_factor,
                dilation_h_factor,
                quantized_bias_type: None,
            };
            (BuiltinOp::Conv2D, BuiltinOptions::Conv2D(options))
        };
        // Without a bias the operator has two inputs (TFLM's depthwise kernel reads a third
        // input given as -1 and crashes).
        let operands: Vec<i32> = [x, f].into_iter().chain(b).collect();
        m.op(op, &operands, &[y], options);
        let input = match types {
            Types::Float => Tensor::random(DType::Float32, &self.input, rng),
            Types::Int8 => Tensor::random(DType::Int8, &self.input, rng),
            Types::Int16x8(_) => self.magnitude.input(&self.input, rng),
        };
        let op = if depthwise { "depthwise" } else { "conv" };
        let kind = match types {
            Types::Float => "f32".to_string(),
            Types::Int8 if self.int4_weights => "int8 int4-weights".to_string(),
            Types::Int8 => "int8".to_string(),
            Types::Int16x8(bias) => format!("int16x8 (bias {bias:?})"),
        };
        m.case(&format!("{op} {kind} {}", self.name), vec![input])
    }
}

/// The `conv_2d` cases.
fn conv_specs() -> Vec<Spec> {
    vec![
        Spec {
            stride: [2, 2],
            ..Spec::new("same even sizes stride 2 (padding only after), deep", [1, 8, 10, 6], 6, [3, 3])
        },
        Spec {
            stride: [2, 2],
            activation: Activation::Relu,
            ..Spec::new("same odd sizes stride 2", [1, 9, 7, 3], 4, [3, 3])
        },
        Spec {
            padding: Padding::Valid,
            per_channel: false,
            bias: false,
            ..Spec::new("valid stride 1 per-tensor no bias", [1, 6, 5, 4], 5, [3, 3])
        },
        Spec {
            padding: Padding::Valid,
            stride: [2, 2],
            activation: Activation::Relu6,
            ..Spec::new("valid stride 2 batch 2", [2, 9, 8, 3], 3, [3, 2])
        },
        Spec {
            dilation: [2, 2],
            activation: Activation::ReluN1To1,
            ..Spec::new("dilation 2 same", [1, 9, 9, 2], 3, [3, 3])
        },
        Spec { zero_points: (-128, 0), ..Spec::new("1x1 input zero point -128", [1, 5, 5, 8], 6, [1, 1]) },
        Spec {
            zero_points: (127, -128),
            output_range: 0.05,
            stride: [2, 1],
            ..Spec::new("zero points 127/-128 saturating", [1, 7, 6, 5], 4, [3, 3])
        },
        Spec {
            zero_points: (0, 127),
            output_range: 0.1,
            activation: Activation::Relu,
            bias: false,
            ..Spec::new("input zero point 0 output 127 saturating", [1, 5, 4, 3], 2, [2, 2])
        },
        Spec { filter_depth: Some(2), ..Spec::new("grouped 2 groups", [1, 6, 6, 4], 6, [3, 3]) },
        Spec {
            filter_depth: Some(3),
            padding: Padding::Valid,
            ..Spec::new("grouped 2 groups of 4 channels (blocked)", [1, 5, 6, 6], 8, [2, 3])
        },
        Spec { per_channel: false, ..Spec::new("1x1 13 channels (3 blocks and 1)", [2, 3, 5, 7], 13, [1, 1]) },
        // On MVE cores the input channels go 16 at a time, the rest in one masked step.
        Spec {
            zero_points: (-7, 3),
            ..Spec::new("1x1 40 channels (two vectors and a tail)", [1, 3, 3, 40], 5, [1, 1])
        },
        Spec {
            filter_depth: Some(20),
            activation: Activation::Relu,
            ..Spec::new("3x3 grouped 2 groups of 20 channels (a vector and a tail)", [1, 4, 5, 40], 4, [3, 3])
        },
        Spec {
            activation: Activation::Relu6,
            ..Spec::new("same 3x3 deep: pixel groups, singles, clipped columns", [2, 6, 8, 6], 5, [3, 3])
        },
        Spec {
            dilation: [2, 1],
            stride: [1, 2],
            activation: Activation::Relu6,
            ..Spec::new("asymmetric 5x3 dilation 2x1 stride 1x2", [2, 8, 7, 3], 2, [5, 3])
        },
        Spec::new("filter wider than the input", [1, 2, 3, 2], 3, [5, 5]),
    ]
}

/// The `depthwise_conv_2d` cases (`channels` is the depth multiplier).
fn depthwise_specs() -> Vec<Spec> {
    vec![
        Spec {
            stride: [2, 2],
            activation: Activation::Relu6,
            ..Spec::new("same even sizes stride 2 (padding only after)", [2, 8, 10, 6], 1, [3, 3])
        },
        Spec {
            stride: [2, 2],
            activation: Activation::Relu,
            ..Spec::new("same odd sizes stride 2", [1, 9, 7, 3], 1, [3, 3])
        },
        Spec {
            padding: Padding::Valid,
            activation: Activation::Relu6,
            ..Spec::new("valid depth multiplier 2", [1, 6, 5, 3], 2, [3, 3])
        },
        Spec {
            stride: [2, 2],
            dilation: [2, 2],
            activation: Activation::ReluN1To1,
            ..Spec::new("same multiplier 3 stride 2 dilation 2", [1, 9, 8, 2], 3, [3, 3])
        },
        Spec {
            padding: Padding::Valid,
            stride: [2, 2],
            per_channel: false,
            bias: false,
            ..Spec::new("valid stride 2 per-tensor no bias batch 2", [2, 9, 9, 4], 1, [3, 3])
        },
        Spec {
            zero_points: (127, -128),
            output_range: 0.05,
            ..Spec::new("zero points 127/-128 saturating", [1, 5, 6, 4], 2, [3, 3])
        },
        Spec {
            zero_points: (-128, 127),
            output_range: 0.1,
            activation: Activation::Relu,
            ..Spec::new("zero points -128/127 saturating", [1, 5, 5, 3], 1, [5, 5])
        },
        Spec::new("1x1 multiplier 2", [1, 4, 3, 5], 2, [1, 1]),
        Spec::new("filter wider than the input", [1, 2, 3, 2], 1, [5, 5]),
    ]
}

/// The 16x8 `conv_2d` cases: the int8 ones (their zero points do not apply), multipliers above 1
/// and sums beyond int32, with and without a bias.
fn int16x8_conv_specs() -> Vec<Spec> {
    let large = |name| Spec {
        magnitude: Magnitude::Large,
        padding: Padding::Valid,
        ..Spec::new(name, [1, 1, 2, 2048], 3, [1, 1])
    };
    let mut specs = conv_specs();
    specs.extend([
        Spec {
            magnitude: Magnitude::Small,
            output_range: 0.2,
            activation: Activation::Relu6,
            ..Spec::new("multipliers above 1", [1, 5, 5, 3], 4, [3, 3])
        },
        large("1x1 over 2048 channels: sums beyond int32"),
        Spec { bias: false, ..large("1x1 over 2048 channels: sums beyond int32, no bias") },
    ]);
    specs
}

/// The 16x8 `depthwise_conv_2d` cases: the int8 ones, multipliers above 1 and sums beyond int32
/// (TFLM's depthwise kernel always accumulates in int64).
fn int16x8_depthwise_specs() -> Vec<Spec> {
    let mut specs = depthwise_specs();
    specs.extend([
        Spec {
            magnitude: Magnitude::Small,
            output_range: 0.2,
            ..Spec::new("multipliers above 1", [1, 5, 5, 3], 2, [3, 3])
        },
        Spec {
            magnitude: Magnitude::Large,
            padding: Padding::Valid,
            bias: false,
            ..Spec::new("31x31 window: sums beyond int32, no bias", [1, 32, 32, 2], 1, [31, 31])
        },
    ]);
    specs
}

/// Convolutions (`channels` output channels, or the depth multiplier `multiplier`) after a pad
/// op: the padding PyTorch writes, which mc folds into the convolution, and pads it must keep.
fn pad_then_conv_specs(channels: usize) -> Vec<Spec> {
    let pad = |amounts, fill| Some(PrePad { amounts, fill });
    vec![
        Spec {
            padding: Padding::Valid,
            pre_pad: pad([1, 1, 1, 1], Fill::Pad),
            ..Spec::new("PAD (1, 1, 1, 1) then VALID 3x3", [1, 6, 5, 3], channels, [3, 3])
        },
        Spec {
            padding: Padding::Valid,
            stride: [2, 2],
            activation: Activation::Relu6,
            pre_pad: pad([0, 1, 0, 1], Fill::Pad),
            ..Spec::new("PAD (0, 1, 0, 1) then VALID 3x3 stride 2 (PyTorch)", [1, 8, 8, 3], channels, [3, 3])
        },
        Spec {
            padding: Padding::Valid,
            dilation: [2, 1],
            zero_points: (127, -128),
            pre_pad: pad([2, 0, 1, 3], Fill::ZeroPoint),
            ..Spec::new(
                "PADV2 zero point (2, 0, 1, 3) then VALID 3x2 dilation 2x1 batch 2",
                [2, 5, 6, 2],
                channels,
                [3, 2],
            )
        },
        Spec {
            stride: [2, 2],
            zero_points: (-128, 3),
            pre_pad: pad([1, 0, 0, 2], Fill::Pad),
            ..Spec::new("PAD (1, 0, 0, 2) then SAME 3x3 stride 2 (the amounts add)", [1, 7, 6, 3], channels, [3, 3])
        },
        Spec {
            padding: Padding::Valid,
            pre_pad: pad([3, 3, 3, 3], Fill::Pad),
            ..Spec::new("PAD (3, 3, 3, 3) then VALID 3x3: rows of padding only", [1, 2, 3, 2], channels, [3, 3])
        },
        Spec {
            padding: Padding::Valid,
            pre_pad: pad([1, 1, 1, 1], Fill::Value(5.0)),
            ..Spec::new("PADV2 5, not the zero point, then VALID 3x3 (kept)", [1, 5, 5, 2], channels, [3, 3])
        },
    ]
}

/// Three cases (fresh weights and input each) per spec.
fn cases(specs: &[Spec], depthwise: bool, types: Types, seed: u64) -> Vec<Case> {
    let mut rng = Rng(seed);
    specs.iter().flat_map(|spec| (0..3).map(|_| spec.case(depthwise, types, &mut rng)).collect::<Vec<_>>()).collect()
}

/// One 16x8 case with each of `biases` per spec (specs without a bias: two without).
fn int16x8_cases(specs: &[Spec], depthwise: bool, biases: [Bias; 2], seed: u64) -> Vec<Case> {
    let mut rng = Rng(seed);
    let mut cases = Vec::new();
    for spec in specs {
        for bias in biases {
            cases.push(spec.case(depthwise, Types::Int16x8(bias), &mut rng));
        }
    }
    cases
}

/// The `int8_conv_2d` suite.
pub fn int8_conv_2d() -> Vec<Case> {
    cases(&conv_specs(), false, Types::Int8, 0xC0_4E)
}

/// The int8 specs with `INT4` filters (odd filter sizes among them: the last byte's high nibble
/// unused).
fn int4_weights(specs: Vec<Spec>) -> Vec<Spec> {
    specs.into_iter().map(|s| Spec { int4_weights: true, ..s }).collect()
}

/// The `int8_conv_2d_int4_weights` suite.
pub fn int8_conv_2d_int4_weights() -> Vec<Case> {
    cases(&int4_weights(conv_specs()), false, Types::Int8, 0xC0_44)
}

/// The `int8_depthwise_conv_2d_int4_weights` suite.
pub fn int8_depthwise_conv_2d_int4_weights() -> Vec<Case> {
    cases(&int4_weights(depthwise_specs()), true, Types::Int8, 0xDE_44)
}

/// The `int16x8_conv_2d` suite: every spec with an int64 and an int32 bias.
pub fn int16x8_conv_2d() -> Vec<Case> {
    int16x8_cases(&int16x8_conv_specs(), false, [Bias::Int64, Bias::Int32], 0x16C0)
}

/// The `float_conv_2d` suite.
pub fn float_conv_2d() -> Vec<Case> {
    cases(&conv_specs(), false, Types::Float, 0xF1_0A7)
}

/// The `int8_depthwise_conv_2d` suite.
pub fn int8_depthwise_conv_2d() -> Vec<Case> {
    cases(&depthwise_specs(), true, Types::Int8, 0xDE_97)
}

/// The `int16x8_depthwise_conv_2d` suite: every spec twice, with an int64 bias (the only one TFLM's
/// kernel reads).
pub fn int16x8_depthwise_conv_2d() -> Vec<Case> {
    int16x8_cases(&int16x8_depthwise_specs(), true, [Bias::Int64; 2], 0x16DE)
}

/// The `float_depthwise_conv_2d` suite.
pub fn float_depthwise_conv_2d() -> Vec<Case> {
    cases(&depthwise_specs(), true, Types::Float, 0xD0_F1)
}

/// The `pad_then_conv` suite: int8 `CONV_2D` and `DEPTHWISE_CONV_2D` after `PAD`/`PADV2`.
pub fn pad_then_conv() -> Vec<Case> {
    let mut all = cases(&pad_then_conv_specs(4), false, Types::Int8, 0x9ADC0);
    all.extend(cases(&pad_then_conv_specs(2), true, Types::Int8, 0x9ADDE));
    all
}

/// The `int16_pad_then_conv` suite: the 16x8 forms (int64 and int32 biases; depthwise int64).
pub fn int16_pad_then_conv() -> Vec<Case> {
    let mut all = int16x8_cases(&pad_then_conv_specs(4), false, [Bias::Int64, Bias::Int32], 0x9AD16C0);
    all.extend(int16x8_cases(&pad_then_conv_specs(2), true, [Bias::Int64; 2], 0x9AD16DE));
    all
}

/// The `float_pad_then_conv` suite.
pub fn float_pad_then_conv() -> Vec<Case> {
    let mut all = cases(&pad_then_conv_specs(4), false, Types::Float, 0x9ADF1C0);
    all.extend(cases(&pad_then_conv_specs(2), true, Types::Float, 0x9ADF1DE));
    all
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference;

    #[test]
    fn the_saturating_cases_reach_both_ends_of_int8() {
        // The extreme cases test what they claim: TFLite Micro's outputs hit -128 and 127.
        let specs: Vec<Spec> = conv_specs().into_iter().filter(|s| s.name.contains("127/-128 saturating")).collect();
        let mut saturating = cases(&specs, false, Types::Int8, 0x5A7);
        let depthwise: Vec<Spec> =
            depthwise_specs().into_iter().filter(|s| s.name.contains("127/-128 saturating")).collect();
        saturating.extend(cases(&depthwise, true, Types::Int8, 0x5A8));
        assert_eq!(saturating.len(), 6);
        for (case, outputs) in saturating.iter().zip(reference::run_tflm(&saturating)) {
            let values: Vec<i8> = outputs[0].data.iter().map(|&b| b as i8).collect();
            assert!(values.contains(&-128) && values.contains(&127), "{}: {values:?}", case.name);
        }
    }

    #[test]
    fn the_saturating_16x8_cases_reach_both_ends_of_int16() {
        let named = |specs: Vec<Spec>| -> Vec<Spec> {
            specs.into_iter().filter(|s| s.name.contains("127/-128 saturating")).collect()
        };
        let mut saturating = int16x8_cases(&named(conv_specs()), false, [Bias::Int64, Bias::Int32], 0x5A9);
        saturating.extend(int16x8_cases(&named(depthwise_specs()), true, [Bias::Int64; 2], 0x5AA));
        assert_eq!(saturating.len(), 4);
        for (case, outputs) in saturating.iter().zip(reference::run_tflm(&saturating)) {
            assert!(int16x8::saturates_both_ends(&outputs[0]), "{}: {:?}", case.name, outputs[0].i16s());
        }
    }
}
