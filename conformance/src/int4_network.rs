//! A small int8 convolutional network whose weights are all `INT4` (4-bit, two per byte), as
//! TFLite's converter writes 4-bit-quantized models: conv 3x3 stride 2 (RELU6) → depthwise 3x3
//! (RELU) → 1x1 conv (RELU) → depthwise 3x3 stride 2 (RELU) → 1x1 conv (RELU) → average pool →
//! reshape → fully connected (per-tensor int4 weights) over a 32x32x3 input and 10 classes.
//! The conformance tests run it against TFLite Micro; the benchmarks compile it with its weights
//! packed and unpacked (`cargo run -p mc-conformance --example write_int4_network -- FILE`).

use crate::models::{OneOp, Quant};
use crate::networks::{Layer, int32_bias, same_conv, weight_scales};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{
    Activation, BuiltinOp, BuiltinOptions, DepthwiseConv2DOptions, FullyConnectedOptions, Padding, Pool2DOptions,
    ReshapeOptions,
};

/// The network's input shape.
pub const INPUT_SHAPE: [usize; 4] = [1, 32, 32, 3];

/// The activations' quantization, all per tensor.
fn quant(name: &str) -> Quant {
    match name {
        "x" => Quant::tensor(0.02, -10),
        "conv1" => Quant::tensor(6.0 / 255.0, -128),
        "dw1" | "conv2" | "dw2" | "conv3" => Quant::tensor(0.03, -128),
        "pool" | "flat" => Quant::tensor(0.03, -128),
        "y" => Quant::tensor(0.1, 0),
        other => unreachable!("no tensor {other}"),
    }
}

/// The `.tflite` bytes of the network with weights from `seed`.
pub fn int4_network(seed: u64) -> Vec<u8> {
    build(&mut Rng(seed))
}

/// The network's cases: `inputs` random inputs for the network with weights from `seed`.
pub fn int4_network_cases(seed: u64, inputs: usize) -> Vec<Case> {
    let mut rng = Rng(seed);
    let model = build(&mut rng);
    (0..inputs)
        .map(|i| Case {
            name: format!("int4-weights network (weights {seed}), input {i}"),
            model: model.clone(),
            inputs: vec![Tensor::random(DType::Int8, &INPUT_SHAPE, &mut rng)],
            then: Vec::new(),
            expected: None,
        })
        .collect()
}

/// A layer of `shape` with `INT4` weights quantized along `axis` (per channel), or per tensor
/// if `per_tensor`, over an input of scale `input_scale`.
fn layer(
    m: &mut OneOp,
    name: &str,
    shape: &[usize],
    axis: usize,
    input_scale: f32,
    per_tensor: bool,
    rng: &mut Rng,
) -> Layer {
    let dims: Vec<i32> = shape.iter().map(|&d| d as i32).collect();
    let channels = shape[axis];
    let count: usize = shape.iter().product();
    // Steps of 1/8 where int8 weights take 1/128.
    let scales = weight_scales(channels, count / channels, 8, per_tensor, rng);
    let values: Vec<i8> = (0..count).map(|_| rng.range(-8, 7) as i8).collect();
    let quant = if per_tensor { Quant::tensor(scales[0], 0) } else { Quant::channels(&scales, axis as i32) };
    let weights = m.constant_int4(&format!("{name}_w"), &dims, &values, Some(quant));
    let bias = int32_bias(m, name, channels, &scales, input_scale, rng);
    Layer { weights, bias }
}

/// Builds the network, drawing its weights from `rng`.
fn build(rng: &mut Rng) -> Vec<u8> {
    let mut m = OneOp::new();
    let scale = |name: &str| quant(name).scales[0];
    let depthwise = |stride: i32| DepthwiseConv2DOptions {
        padding: Padding::Same,
        stride_w: stride,
        stride_h: stride,
        depth_multiplier: 1,
        fused_activation: Activation::Relu,
        dilation_w_factor: 1,
        dilation_h_factor: 1,
    };
    let x = m.input("x", &[1, 32, 32, 3], DType::Int8, Some(quant("x")));
    // (name, input, output shape, filter shape, depthwise, stride, activation)
    let layers: [(&str, &str, [i32; 4], [usize; 4], bool, i32, Activation); 5] = [
        ("conv1", "x", [1, 16, 16, 16], [16, 3, 3, 3], false, 2, Activation::Relu6),
        ("dw1", "conv1", [1, 16, 16, 16], [1, 3, 3, 16], true, 1, Activation::Relu),
        ("conv2", "dw1", [1, 16, 16, 32], [32, 1, 1, 16], false, 1, Activation::Relu),
        ("dw2", "conv2", [1, 8, 8, 32], [1, 3, 3, 32], true, 2, Activation::Relu),
        ("conv3", "dw2", [1, 8, 8, 64], [64, 1, 1, 32], false, 1, Activation::Relu),
    ];
    let mut previous = x;
    for (name, input, shape, filter, is_depthwise, stride, activation) in layers {
        let out = m.intermediate(name, &shape, DType::Int8, Some(quant(name)));
        let axis = if is_depthwise { 3 } else { 0 };
        let l = layer(&mut m, name, &filter, axis, scale(input), false, rng);
        let (op, options) = if is_depthwise {
            (BuiltinOp::DepthwiseConv2D, BuiltinOptions::DepthwiseConv2D(depthwise(stride)))
        } else {
            (BuiltinOp::Conv2D, BuiltinOptions::Conv2D(same_conv(stride, activation)))
        };
        m.op(op, &[previous, l.weights, l.bias], &[out], options);
        previous = out;
    }
    let pool = m.intermediate("pool", &[1, 1, 1, 64], DType::Int8, Some(quant("pool")));
    let pool_options = Pool2DOptions {
        padding: Padding::Valid,
        stride_w: 8,
        stride_h: 8,
        filter_width: 8,
        filter_height: 8,
        fused_activation: Activation::None,
    };
    m.op(BuiltinOp::AveragePool2D, &[previous], &[pool], BuiltinOptions::Pool2D(pool_options));
    let flat = m.intermediate("flat", &[1, 64], DType::Int8, Some(quant("flat")));
    let shape = m.constant_i32("shape", &[2], &[1, 64], None);
    let reshape = ReshapeOptions { new_shape: Some(vec![1, 64]) };
    m.op(BuiltinOp::Reshape, &[pool, shape], &[flat], BuiltinOptions::Reshape(reshape));
    let fc = layer(&mut m, "fc", &[10, 64], 0, scale("flat"), true, rng);
    let y = m.output("y", &[1, 10], DType::Int8, Some(quant("y")));
    let fc_options = BuiltinOptions::FullyConnected(FullyConnectedOptions::default());
    m.op(BuiltinOp::FullyConnected, &[flat, fc.weights, fc.bias], &[y], fc_options);
    m.finish()
}
