//! TFLite Micro's `DECODE` (custom `TFLM_DECODE`) against TFLite Micro: compressed constants
//! decoded and fed to the operators that read them.
//!
//! - LUT-compressed int8 weights of `FULLY_CONNECTED` with every bit width TFLite Micro decodes
//!   (1 to 7), per-tensor and per-channel value tables, odd sizes, and int32 biases decoded too
//!   (some by a second `DECODE`, some as the second pair of the same `DECODE`);
//! - `CONV_2D` weights with per-channel tables along the first axis and `DEPTHWISE_CONV_2D`
//!   weights with per-channel tables along the last (TFLite Micro's interleaved "alternate axis"),
//!   bit widths 2 to 4 (TFLite Micro's hand-unrolled int8 paths) and 7, and pruned weights of both;
//! - every element type TFLite Micro decodes (float32, int8, int16, int32, int64, bool), LUT and
//!   pruning, each read by an elementwise operator with a model input: `ADD`, `LESS`,
//!   `LOGICAL_AND`; pruned int8 with a nonzero zero point and pruned per-channel int8 weights.

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_dialects::graph::decode_metadata::pack;
use mc_tflite::{
    Activation, AddSubOptions, BuiltinOp, BuiltinOptions, Conv2DOptions, DepthwiseConv2DOptions, FullyConnectedOptions,
    Padding, TFLM_DECODE, WeightsFormat,
};

/// The DCM header: decode type, DCM version 1, the type's version 1, then LUT parameters.
fn header(decode_type: u8, bit_width: u8, stride: u8) -> Vec<u8> {
    let mut dcm = vec![0u8; 16];
    dcm[..2].copy_from_slice(&[decode_type, 1]);
    dcm[4..7].copy_from_slice(&[1, bit_width, stride]);
    dcm
}

/// An encoded tensor's bytes and its ancillary tensor's.
type Pair = (Vec<u8>, Vec<u8>);

/// One element's little-endian bytes, drawn at random as its type allows.
type Draw = fn(&mut Rng) -> Vec<u8>;

fn draw_i8(rng: &mut Rng) -> Vec<u8> {
    vec![rng.range(-128, 127) as u8]
}
fn draw_i16(rng: &mut Rng) -> Vec<u8> {
    (rng.range(-4000, 4000) as i16).to_le_bytes().to_vec()
}
fn draw_i32(rng: &mut Rng) -> Vec<u8> {
    (rng.range(-3000, 3000) as i32).to_le_bytes().to_vec()
}
fn draw_i64(rng: &mut Rng) -> Vec<u8> {
    rng.range(-1 << 40, 1 << 40).to_le_bytes().to_vec()
}
fn draw_f32(rng: &mut Rng) -> Vec<u8> {
    rng.float(-4.0, 4.0).to_le_bytes().to_vec()
}
fn draw_bool(rng: &mut Rng) -> Vec<u8> {
    vec![rng.range(0, 1) as u8]
}

/// The encoded and ancillary tensors of a LUT-compressed tensor of `count` elements: random
/// `width`-bit indices into `channels` tables of `2^width` random values.
fn lut(count: usize, channels: usize, width: u8, draw: Draw, rng: &mut Rng) -> Pair {
    let entries = 1usize << width;
    let indices: Vec<usize> = (0..count).map(|_| rng.range(0, entries as i64 - 1) as usize).collect();
    let mut ancillary = header(0, width, entries as u8);
    for _ in 0..channels * entries {
        ancillary.extend(draw(rng));
    }
    (pack(&indices, usize::from(width)), ancillary)
}

/// The encoded and ancillary tensors of a pruned tensor of `count` elements: a random mask
/// keeping about half of them, and the kept values.
fn pruned(count: usize, draw: Draw, rng: &mut Rng) -> Pair {
    let mask: Vec<usize> = (0..count).map(|_| rng.range(0, 1) as usize).collect();
    let mut ancillary = header(2, 0, 0);
    for _ in mask.iter().filter(|&&bit| bit == 1) {
        ancillary.extend(draw(rng));
    }
    (pack(&mask, 1), ancillary)
}

/// Adds the constants of `(encoded, ancillary)` pairs, a `DECODE` of them into `outputs`.
fn decode(m: &mut OneOp, name: &str, pairs: &[Pair], outputs: &[i32]) {
    let mut inputs = Vec::new();
    for (i, (encoded, ancillary)) in pairs.iter().enumerate() {
        inputs.push(m.constant(&format!("{name}_encoded{i}"), &[encoded.len() as i32], DType::UInt8, encoded, None));
        let ancillary_id =
            m.constant(&format!("{name}_dcm{i}"), &[ancillary.len() as i32], DType::UInt8, ancillary, None);
        inputs.push(ancillary_id);
    }
    m.custom_op(TFLM_DECODE, &inputs, outputs, Vec::new());
}

fn fully_connected_options() -> BuiltinOptions<'static> {
    BuiltinOptions::FullyConnected(FullyConnectedOptions {
        fused_activation: Activation::None,
        weights_format: WeightsFormat::Default,
        keep_num_dims: false,
        asymmetric_quantize_inputs: false,
        quantized_bias_type: None,
    })
}

const INPUT_SCALE: f32 = 0.05;

/// How a weighted case's bias is decoded.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Bias {
    /// No bias.
    None,
    /// By a `DECODE` of its own.
    Own,
    /// As the second pair of the weights' `DECODE`.
    Shared,
}

/// Decodes `weights` (and the bias, as `bias` says) into tensors `w` and `b` of `m`.
fn decode_weights(m: &mut OneOp, weights: Pair, w: i32, bias: Option<(Pair, i32)>, how: Bias) {
    match (bias, how) {
        (Some((bias, b)), Bias::Shared) => decode(m, "wb", &[weights, bias], &[w, b]),
        (Some((bias, b)), _) => {
            decode(m, "w", &[weights], &[w]);
            decode(m, "b", &[bias], &[b]);
        }
        (None, _) => decode(m, "w", &[weights], &[w]),
    }
}

/// A `FULLY_CONNECTED` of `[batch, depth]` int8 inputs by `units` LUT-compressed weights.
fn fully_connected(
    batch: usize,
    depth: usize,
    units: usize,
    width: u8,
    channels: usize,
    bias: Bias,
    rng: &mut Rng,
) -> Case {
    let mut m = OneOp::new();
    let x = m.input("x", &[batch as i32, depth as i32], DType::Int8, Some(Quant::tensor(INPUT_SCALE, 3)));
    let scales: Vec<f32> = (0..channels).map(|c| 0.01 + 0.002 * c as f32).collect();
    let weight_q = if channels == 1 { Quant::tensor(scales[0], 0) } else { Quant::channels(&scales, 0) };
    let w = m.intermediate("w", &[units as i32, depth as i32], DType::Int8, Some(weight_q));
    let weights = lut(units * depth, channels, width, draw_i8, rng);
    let decoded_bias = (bias != Bias::None).then(|| {
        let bias_scales: Vec<f32> = scales.iter().map(|s| s * INPUT_SCALE).collect();
        let q = if channels == 1 { Quant::tensor(bias_scales[0], 0) } else { Quant::channels(&bias_scales, 0) };
        let b = m.intermediate("b", &[units as i32], DType::Int32, Some(q));
        (lut(units, channels, 3, draw_i32, rng), b)
    });
    let b = decoded_bias.as_ref().map_or(-1, |(_, b)| *b);
    decode_weights(&mut m, weights, w, decoded_bias, bias);
    let typical = INPUT_SCALE * 0.01 * (depth as f32).sqrt() * 74.0 * 2.0;
    let y = m.output("y", &[batch as i32, units as i32], DType::Int8, Some(Quant::tensor(typical, -2)));
    m.op(BuiltinOp::FullyConnected, &[x, w, b], &[y], fully_connected_options());
    let name = format!(
        "FULLY_CONNECTED [{batch}, {depth}] x {units} units, {width}-bit LUT, {channels} tables, bias {bias:?}"
    );
    m.case(&name, vec![Tensor::random(DType::Int8, &[batch, depth], rng)])
}

/// How a case's weights are compressed.
#[derive(Clone, Copy, Debug)]
enum Compression {
    /// LUT indices of this many bits, one table per channel.
    Lut(u8),
    /// Pruned: a mask and the kept values.
    Pruned,
}

/// A 3x3 `CONV_2D` (or `DEPTHWISE_CONV_2D`) of an int8 image by per-channel weights.
fn conv(depthwise: bool, channels: usize, compression: Compression, bias: Bias, rng: &mut Rng) -> Case {
    let (height, image_width, depth) = (5usize, 6usize, if depthwise { channels } else { 3 });
    let mut m = OneOp::new();
    let x = m.input(
        "x",
        &[1, height as i32, image_width as i32, depth as i32],
        DType::Int8,
        Some(Quant::tensor(INPUT_SCALE, -1)),
    );
    let scales: Vec<f32> = (0..channels).map(|c| 0.02 - 0.001 * c as f32).collect();
    let (shape, axis) =
        if depthwise { ([1, 3, 3, channels as i32], 3) } else { ([channels as i32, 3, 3, depth as i32], 0) };
    let w = m.intermediate("w", &shape, DType::Int8, Some(Quant::channels(&scales, axis)));
    let count = 9 * depth * if depthwise { 1 } else { channels };
    let weights = match compression {
        Compression::Lut(width) => lut(count, channels, width, draw_i8, rng),
        Compression::Pruned => pruned(count, draw_i8, rng),
    };
    let decoded_bias = (bias != Bias::None).then(|| {
        let bias_scales: Vec<f32> = scales.iter().map(|s| s * INPUT_SCALE).collect();
        let b = m.intermediate("b", &[channels as i32], DType::Int32, Some(Quant::channels(&bias_scales, 0)));
        (lut(channels, channels, 2, draw_i32, rng), b)
    });
    let b = decoded_bias.as_ref().map(|(_, b)| *b);
    decode_weights(&mut m, weights, w, decoded_bias, bias);
    let typical = INPUT_SCALE * 0.02 * (9.0 * depth as f32).sqrt() * 74.0 * 2.0;
    let y = m.output(
        "y",
        &[1, height as i32, image_width as i32, channels as i32],
        DType::Int8,
        Some(Quant::tensor(typical, 1)),
    );
    let (padding, stride, dilation, fused_activation) = (Padding::Same, 1, 1, Activation::None);
    let (op, options) = if depthwise {
        let options = DepthwiseConv2DOptions {
            padding,
            stride_w: stride,
            stride_h: stride,
            depth_multiplier: 1,
            fused_activation,
            dilation_w_factor: dilation,
            dilation_h_factor: dilation,
        };
        (BuiltinOp::DepthwiseConv2D, BuiltinOptions::DepthwiseConv2D(options))
    } else {
        let options = Conv2DOptions {
            padding,
            stride_w: stride,
            stride_h: stride,
            fused_activation,
            dilation_w_factor: dilation,
            dilation_h_factor: dilation,
            quantized_bias_type: None,
        };
        (BuiltinOp::Conv2D, BuiltinOptions::Conv2D(options))
    };
    let operands: Vec<i32> = [x, w].into_iter().chain(b).collect();
    m.op(op, &operands, &[y], options);
    let kind = if depthwise { "DEPTHWISE_CONV_2D, last-axis" } else { "CONV_2D, first-axis" };
    let name = format!("{kind} channels, {channels} channels, {compression:?}, bias {bias:?}");
    m.case(&name, vec![Tensor::random(DType::Int8, &[1, height, image_width, depth], rng)])
}

/// The `lut_weights` suite: compressed weights and biases of the weighted operators.
pub fn lut_weights() -> Vec<Case> {
    let mut rng = Rng(0xDEC0_0001);
    let mut cases = Vec::new();
    for width in 1..=7u8 {
        let channels = if width % 2 == 0 { 5 } else { 1 };
        let bias = [Bias::None, Bias::Own, Bias::Shared][usize::from(width) % 3];
        cases.push(fully_connected(2, 13, 5, width, channels, bias, &mut rng));
    }
    cases.push(fully_connected(1, 33, 3, 4, 3, Bias::Shared, &mut rng));
    let (lut4, pruned) = (Compression::Lut(4), Compression::Pruned);
    for (depthwise, channels, compression, bias) in [
        (false, 4, lut4, Bias::Shared),
        (false, 3, Compression::Lut(2), Bias::Own),
        (false, 2, pruned, Bias::Shared),
        (true, 5, Compression::Lut(3), Bias::Own),
        (true, 8, Compression::Lut(7), Bias::Shared),
        (true, 3, lut4, Bias::None),
        (true, 4, pruned, Bias::Own),
    ] {
        cases.push(conv(depthwise, channels, compression, bias, &mut rng));
    }
    cases
}

/// One elementwise case: a decoded `[rows, columns]` tensor of `dtype` (quantized as `quant`)
/// combined with a model input by `op`.
struct Elementwise {
    dtype: DType,
    quant: Option<Quant>,
    op: BuiltinOp,
    options: BuiltinOptions<'static>,
    output: DType,
}

impl Elementwise {
    fn case(self, name: &str, shape: [usize; 2], pair: Pair, rng: &mut Rng) -> Case {
        let dims = [shape[0] as i32, shape[1] as i32];
        let mut m = OneOp::new();
        let x = m.input("x", &dims, self.dtype, self.quant.clone());
        let decoded = m.intermediate("decoded", &dims, self.dtype, self.quant.clone());
        decode(&mut m, "d", &[pair], &[decoded]);
        let output_quant = if self.output == self.dtype { self.quant.clone() } else { None };
        let y = m.output("y", &dims, self.output, output_quant);
        m.op(self.op, &[x, decoded], &[y], self.options);
        let input = match self.dtype {
            DType::Bool => {
                Tensor::from_bools(&shape, &(0..shape[0] * shape[1]).map(|_| rng.range(0, 1) == 1).collect::<Vec<_>>())
            }
            DType::Int16 => Tensor::from_i16(
                &shape,
                &(0..shape[0] * shape[1]).map(|_| rng.range(-4000, 4000) as i16).collect::<Vec<_>>(),
            ),
            dtype => Tensor::random(dtype, &shape, rng),
        };
        m.case(&format!("{:?} {name} {shape:?}", self.op), vec![input])
    }
}

fn add() -> BuiltinOptions<'static> {
    BuiltinOptions::Add(AddSubOptions { fused_activation: Activation::None, pot_scale_int16: false })
}

/// The `decoded_element_types` suite: every element type, LUT and pruned.
pub fn decoded_element_types() -> Vec<Case> {
    let mut rng = Rng(0xDEC0_0002);
    let kinds = [
        (DType::Float32, None, draw_f32 as Draw, BuiltinOp::Add, DType::Float32),
        (DType::Int8, Some(Quant::tensor(0.04, 5)), draw_i8, BuiltinOp::Add, DType::Int8),
        (DType::Int16, Some(Quant::tensor(1.0 / 1024.0, 0)), draw_i16, BuiltinOp::Add, DType::Int16),
        (DType::Int32, None, draw_i32, BuiltinOp::Add, DType::Int32),
        (DType::Int64, None, draw_i64, BuiltinOp::Less, DType::Bool),
        (DType::Bool, None, draw_bool, BuiltinOp::LogicalAnd, DType::Bool),
    ];
    let mut cases = Vec::new();
    for (dtype, quant, draw, op, output) in kinds {
        let options = || if op == BuiltinOp::Add { add() } else { BuiltinOptions::None };
        let make = || Elementwise { dtype, quant: quant.clone(), op, options: options(), output };
        for (width, shape) in [(1u8, [3usize, 7usize]), (5, [2, 9])] {
            let pair = lut(shape[0] * shape[1], 1, width, draw, &mut rng);
            cases.push(make().case(&format!("{width}-bit LUT"), shape, pair, &mut rng));
        }
        let shape = [4, 11];
        let pair = pruned(shape[0] * shape[1], draw, &mut rng);
        cases.push(make().case("pruned", shape, pair, &mut rng));
    }
    cases
}
