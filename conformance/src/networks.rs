//! A small whole network the project builds itself, int8 or float: conv (stride 2, RELU6) →
//! depthwise conv (RELU) → 1x1 conv → residual add → average pool → reshape → fully connected →
//! softmax over a 12x12x3 input and 10 classes. The conformance tests run it against TFLite
//! Micro, and `examples/tiny_cnn_int8.tflite` (the README's main command) is its int8 form with
//! the weights of seed [`EXAMPLE_SEED`], written by `cargo run -p mc-conformance --example
//! write_example_model`.

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{
    Activation, AddSubOptions, BuiltinOp, BuiltinOptions, Conv2DOptions, DepthwiseConv2DOptions, FullyConnectedOptions,
    Padding, Pool2DOptions, ReshapeOptions, SoftmaxOptions,
};

/// The weights seed of the bundled example model.
pub const EXAMPLE_SEED: u64 = 1;

/// The network's input shape.
pub const INPUT_SHAPE: [usize; 4] = [1, 12, 12, 3];

/// The `.tflite` bytes of the network (int8 or float) with weights from `seed`.
pub fn network(float: bool, seed: u64) -> Vec<u8> {
    build(float, &mut Rng(seed))
}

/// Per-tensor quantization of each activation tensor (int8), by name.
fn quant(name: &str) -> Quant {
    match name {
        "x" => Quant::tensor(0.02, -10),
        "conv1" => Quant::tensor(6.0 / 255.0, -128),
        "dw" => Quant::tensor(0.03, -128),
        "conv2" => Quant::tensor(0.06, 3),
        "sum" => Quant::tensor(0.08, -2),
        "pool" | "flat" => Quant::tensor(0.08, -2),
        "fc" => Quant::tensor(0.04, 5),
        "y" => Quant::tensor(1.0 / 256.0, -128),
        other => unreachable!("no tensor {other}"),
    }
}

/// A constant weight tensor (and its int32 bias) for a quantized or float layer with `channels`
/// output channels along `axis`, inputs of scale `input_scale`.
pub(crate) struct Layer {
    pub(crate) weights: i32,
    pub(crate) bias: i32,
}

pub(crate) fn layer(
    m: &mut OneOp,
    name: &str,
    shape: &[usize],
    axis: usize,
    input_scale: f32,
    float: bool,
    rng: &mut Rng,
) -> Layer {
    let dims: Vec<i32> = shape.iter().map(|&d| d as i32).collect();
    let channels = shape[axis];
    let count: usize = shape.iter().product();
    let fan_in = count / channels;
    if float {
        let scale = 1.0 / (fan_in as f32).sqrt();
        let values: Vec<f32> = (0..count).map(|_| rng.float(-scale, scale)).collect();
        let bias: Vec<f32> = (0..channels).map(|_| rng.float(-0.1, 0.1)).collect();
        let weights =
            m.constant(&format!("{name}_w"), &dims, DType::Float32, &Tensor::from_f32(shape, &values).data, None);
        let bias = m.constant(
            &format!("{name}_b"),
            &[channels as i32],
            DType::Float32,
            &Tensor::from_f32(&[channels], &bias).data,
            None,
        );
        return Layer { weights, bias };
    }
    let scales = weight_scales(channels, fan_in, 128, false, rng);
    let weights = m.constant(
        &format!("{name}_w"),
        &dims,
        DType::Int8,
        &rng.bytes(count),
        Some(Quant::channels(&scales, axis as i32)),
    );
    let bias = int32_bias(m, name, channels, &scales, input_scale, rng);
    Layer { weights, bias }
}

/// The weight scales of a quantized layer with `channels` output channels and `fan_in` inputs
/// each, whose weights take `levels` steps per sign: real weights of about ±1/sqrt(fan_in), so
/// activations keep their range and nothing saturates; one scale if `per_tensor`, else one
/// per channel.
pub(crate) fn weight_scales(channels: usize, fan_in: usize, levels: u32, per_tensor: bool, rng: &mut Rng) -> Vec<f32> {
    let unit = 1.0 / (levels as f32 * (fan_in as f32).sqrt());
    if per_tensor { vec![unit] } else { (0..channels).map(|_| rng.float(0.5, 1.5) * unit).collect() }
}

/// The int32 bias constant `<name>_b` of a layer with `channels` output channels and weight
/// `scales` (one per channel, or one for the tensor) over inputs of scale `input_scale`: random
/// values, quantized at input scale × weight scale as TFLite's converter does.
pub(crate) fn int32_bias(
    m: &mut OneOp,
    name: &str,
    channels: usize,
    scales: &[f32],
    input_scale: f32,
    rng: &mut Rng,
) -> i32 {
    let bias_scales: Vec<f32> = scales.iter().map(|s| s * input_scale).collect();
    let bias_values: Vec<i32> = (0..channels).map(|_| rng.range(-200, 200) as i32).collect();
    let quant =
        if scales.len() == channels { Quant::channels(&bias_scales, 0) } else { Quant::tensor(bias_scales[0], 0) };
    m.constant_i32(&format!("{name}_b"), &[channels as i32], &bias_values, Some(quant))
}

/// `CONV_2D` options: SAME padding, `stride` both ways, no dilation, `activation` fused.
pub(crate) fn same_conv(stride: i32, activation: Activation) -> Conv2DOptions {
    Conv2DOptions {
        padding: Padding::Same,
        stride_w: stride,
        stride_h: stride,
        fused_activation: activation,
        dilation_w_factor: 1,
        dilation_h_factor: 1,
        quantized_bias_type: None,
    }
}

/// An int8 classifier head: `pooled` (`channels` values of quantization `quant`) reshaped to
/// `[1, channels]`, then a fully connected layer to the model's int8 output `y` of `classes`.
pub(crate) fn int8_classifier_head(
    m: &mut OneOp,
    pooled: i32,
    channels: usize,
    quant: &Quant,
    classes: usize,
    rng: &mut Rng,
) {
    let flat = m.intermediate("flat", &[1, channels as i32], DType::Int8, Some(quant.clone()));
    let shape = m.constant_i32("flat_shape", &[2], &[1, channels as i32], None);
    let reshape = ReshapeOptions { new_shape: Some(vec![1, channels as i32]) };
    m.op(BuiltinOp::Reshape, &[pooled, shape], &[flat], BuiltinOptions::Reshape(reshape));
    let l = layer(m, "fc", &[classes, channels], 0, quant.scales[0], false, rng);
    let y = m.output("y", &[1, classes as i32], DType::Int8, Some(Quant::tensor(0.1, 0)));
    let fc = FullyConnectedOptions::default();
    m.op(BuiltinOp::FullyConnected, &[flat, l.weights, l.bias], &[y], BuiltinOptions::FullyConnected(fc));
}

/// The network, int8 or float, with weights from `seed`, on `inputs` random inputs.
/// The network's cases: `inputs` random inputs for the network with weights from `seed`.
pub fn network_cases(float: bool, seed: u64, inputs: usize) -> Vec<Case> {
    let mut rng = Rng(seed);
    let model = build(float, &mut rng);
    let kind = if float { "float" } else { "int8" };
    let dtype = if float { DType::Float32 } else { DType::Int8 };
    (0..inputs)
        .map(|i| Case {
            name: format!("{kind} network (weights {seed}), input {i}"),
            model: model.clone(),
            inputs: vec![Tensor::random(dtype, &INPUT_SHAPE, &mut rng)],
            then: Vec::new(),
            expected: None,
        })
        .collect()
}

/// Builds the network, drawing its weights from `rng`.
fn build(float: bool, rng: &mut Rng) -> Vec<u8> {
    let mut m = OneOp::new();
    let dtype = if float { DType::Float32 } else { DType::Int8 };
    let q = |name: &str| (!float).then(|| quant(name));
    let scale = |name: &str| quant(name).scales[0];
    let x = m.input("x", &[1, 12, 12, 3], dtype, q("x"));
    let conv1 = m.intermediate("conv1", &[1, 6, 6, 8], dtype, q("conv1"));
    let l1 = layer(&mut m, "conv1", &[8, 3, 3, 3], 0, scale("x"), float, rng);
    let conv = same_conv;
    m.op(BuiltinOp::Conv2D, &[x, l1.weights, l1.bias], &[conv1], BuiltinOptions::Conv2D(conv(2, Activation::Relu6)));
    let dw = m.intermediate("dw", &[1, 6, 6, 8], dtype, q("dw"));
    let l2 = layer(&mut m, "dw", &[1, 3, 3, 8], 3, scale("conv1"), float, rng);
    let dw_options = DepthwiseConv2DOptions {
        padding: Padding::Same,
        stride_w: 1,
        stride_h: 1,
        depth_multiplier: 1,
        fused_activation: Activation::Relu,
        dilation_w_factor: 1,
        dilation_h_factor: 1,
    };
    m.op(BuiltinOp::DepthwiseConv2D, &[conv1, l2.weights, l2.bias], &[dw], BuiltinOptions::DepthwiseConv2D(dw_options));
    let conv2 = m.intermediate("conv2", &[1, 6, 6, 8], dtype, q("conv2"));
    let l3 = layer(&mut m, "conv2", &[8, 1, 1, 8], 0, scale("dw"), float, rng);
    m.op(BuiltinOp::Conv2D, &[dw, l3.weights, l3.bias], &[conv2], BuiltinOptions::Conv2D(conv(1, Activation::None)));
    let sum = m.intermediate("sum", &[1, 6, 6, 8], dtype, q("sum"));
    let add = AddSubOptions { fused_activation: Activation::None, pot_scale_int16: false };
    m.op(BuiltinOp::Add, &[conv2, conv1], &[sum], BuiltinOptions::Add(add));
    let pool = m.intermediate("pool", &[1, 3, 3, 8], dtype, q("pool"));
    let pool_options = Pool2DOptions {
        padding: Padding::Valid,
        stride_w: 2,
        stride_h: 2,
        filter_width: 2,
        filter_height: 2,
        fused_activation: Activation::None,
    };
    m.op(BuiltinOp::AveragePool2D, &[sum], &[pool], BuiltinOptions::Pool2D(pool_options));
    let flat = m.intermediate("flat", &[1, 72], dtype, q("flat"));
    let shape = m.constant_i32("shape", &[2], &[1, 72], None);
    m.op(
        BuiltinOp::Reshape,
        &[pool, shape],
        &[flat],
        BuiltinOptions::Reshape(ReshapeOptions { new_shape: Some(vec![1, 72]) }),
    );
    let fc = m.intermediate("fc", &[1, 10], dtype, q("fc"));
    let l4 = layer(&mut m, "fc", &[10, 72], 0, scale("flat"), float, rng);
    let fc_options = FullyConnectedOptions::default();
    m.op(BuiltinOp::FullyConnected, &[flat, l4.weights, l4.bias], &[fc], BuiltinOptions::FullyConnected(fc_options));
    let y = m.output("y", &[1, 10], dtype, q("y"));
    m.op(BuiltinOp::Softmax, &[fc], &[y], BuiltinOptions::Softmax(SoftmaxOptions { beta: 1.0 }));
    m.finish()
}
