//! Int8 networks with independent branches, whose operator order changes the peak of live
//! activations (`buffer-reorder-for-memory`). Both list their operators in an order a converter
//! may well produce, but a poor one for memory:
//!
//! - [`inception`]: a 3x3 stem (16 channels), then an inception-like block of three branches —
//!   1x1 to 16; 3x3 max pool then 1x1 to 16; a wide 1x1 expansion (48) then 3x3 to 8 —
//!   concatenated, global average pool, fully connected classifier. The model runs the wide
//!   branch last, while the two other branches' outputs wait.
//! - [`two_tower`]: two inputs, each through its own tower (1x1 convolution widening the
//!   activation, a stride-2 reduction, global average pool), concatenated and classified. The
//!   model interleaves the towers layer by layer, so both wide activations live together.
//!
//! `tests/branchy_networks.rs` checks both bit-exact against TFLite Micro and their pools
//! smaller than in the model's order.

use crate::models::{OneOp, Quant};
use crate::networks::{int8_classifier_head, layer};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{Activation, BuiltinOp, BuiltinOptions, ConcatenationOptions, Conv2DOptions, Padding, Pool2DOptions};

/// [`inception`]'s input shape (NHWC).
pub const INCEPTION_INPUT: [usize; 4] = [1, 24, 24, 8];

/// The shape of each of [`two_tower`]'s two inputs (NHWC).
pub const TOWER_INPUT: [usize; 4] = [1, 16, 16, 8];

/// Classes of the classifiers.
const CLASSES: usize = 10;

/// An activation: its tensor, NHWC shape and quantization.
#[derive(Clone)]
struct Activ {
    tensor: i32,
    shape: [usize; 4],
    quant: Quant,
}

/// Every activation after RELU6, the pools and the concatenations: [0, 6] over the int8 range
/// (a concatenation's inputs share its quantization).
fn relu6_quant() -> Quant {
    Quant::tensor(6.0 / 255.0, -128)
}

/// The input quantization.
fn input_quant() -> Quant {
    Quant::tensor(0.02, -10)
}

fn dims(shape: &[usize]) -> Vec<i32> {
    shape.iter().map(|&d| d as i32).collect()
}

/// Output size along one axis.
fn out_size(size: usize, k: usize, stride: usize, padding: Padding) -> usize {
    match padding {
        Padding::Same => size.div_ceil(stride),
        Padding::Valid => (size - k) / stride + 1,
    }
}

/// A `k`x`k` convolution of `x` to `channels` channels with RELU6.
fn conv(m: &mut OneOp, rng: &mut Rng, name: &str, x: &Activ, channels: usize, k: usize, stride: usize) -> Activ {
    let [n, h, w, c] = x.shape;
    let shape = [n, out_size(h, k, stride, Padding::Same), out_size(w, k, stride, Padding::Same), channels];
    let l = layer(m, name, &[channels, k, k, c], 0, x.quant.scales[0], false, rng);
    let y = m.intermediate(name, &dims(&shape), DType::Int8, Some(relu6_quant()));
    let options = Conv2DOptions {
        padding: Padding::Same,
        stride_w: stride as i32,
        stride_h: stride as i32,
        fused_activation: Activation::Relu6,
        dilation_w_factor: 1,
        dilation_h_factor: 1,
        quantized_bias_type: None,
    };
    m.op(BuiltinOp::Conv2D, &[x.tensor, l.weights, l.bias], &[y], BuiltinOptions::Conv2D(options));
    Activ { tensor: y, shape, quant: relu6_quant() }
}

/// A `k`x`k` max pool (or average pool, if `average`) of `x`.
fn pool(m: &mut OneOp, name: &str, x: &Activ, average: bool, k: usize, stride: usize, padding: Padding) -> Activ {
    let [n, h, w, c] = x.shape;
    let shape = [n, out_size(h, k, stride, padding), out_size(w, k, stride, padding), c];
    let y = m.intermediate(name, &dims(&shape), DType::Int8, Some(x.quant.clone()));
    let options = Pool2DOptions {
        padding,
        stride_w: stride as i32,
        stride_h: stride as i32,
        filter_width: k as i32,
        filter_height: k as i32,
        fused_activation: Activation::None,
    };
    let op = if average { BuiltinOp::AveragePool2D } else { BuiltinOp::MaxPool2D };
    m.op(op, &[x.tensor], &[y], BuiltinOptions::Pool2D(options));
    Activ { tensor: y, shape, quant: x.quant.clone() }
}

/// `parts` concatenated along the channels.
fn concat(m: &mut OneOp, name: &str, parts: &[Activ]) -> Activ {
    let [n, h, w, _] = parts[0].shape;
    let shape = [n, h, w, parts.iter().map(|p| p.shape[3]).sum()];
    let y = m.intermediate(name, &dims(&shape), DType::Int8, Some(relu6_quant()));
    let tensors: Vec<i32> = parts.iter().map(|p| p.tensor).collect();
    let options = ConcatenationOptions { axis: 3, fused_activation: Activation::None };
    m.op(BuiltinOp::Concatenation, &tensors, &[y], BuiltinOptions::Concatenation(options));
    Activ { tensor: y, shape, quant: relu6_quant() }
}

/// Global average pool of `x`, flattened, then a fully connected layer to the output `y`.
fn classify(mut m: OneOp, rng: &mut Rng, x: &Activ) -> Vec<u8> {
    let [_, h, w, c] = x.shape;
    let pooled = pool(&mut m, "pool", x, true, h.max(w), 1, Padding::Valid);
    int8_classifier_head(&mut m, pooled.tensor, c, &pooled.quant, CLASSES, rng);
    m.finish()
}

/// The `.tflite` bytes of the inception-like network with weights from `seed`.
pub fn inception(seed: u64) -> Vec<u8> {
    let rng = &mut Rng(seed);
    let mut m = OneOp::new();
    let x = m.input("x", &dims(&INCEPTION_INPUT), DType::Int8, Some(input_quant()));
    let x = Activ { tensor: x, shape: INCEPTION_INPUT, quant: input_quant() };
    let stem = conv(&mut m, rng, "stem", &x, 16, 3, 1);
    let narrow = conv(&mut m, rng, "narrow", &stem, 16, 1, 1);
    let pooled = pool(&mut m, "branch_pool", &stem, false, 3, 1, Padding::Same);
    let pooled = conv(&mut m, rng, "pool_proj", &pooled, 16, 1, 1);
    let wide = conv(&mut m, rng, "expand", &stem, 48, 1, 1);
    let wide = conv(&mut m, rng, "wide", &wide, 8, 3, 1);
    let joined = concat(&mut m, "mixed", &[narrow, pooled, wide]);
    classify(m, rng, &joined)
}

/// The `.tflite` bytes of the two-tower network with weights from `seed`.
pub fn two_tower(seed: u64) -> Vec<u8> {
    let rng = &mut Rng(seed);
    let mut m = OneOp::new();
    let inputs = ["a", "b"].map(|name| {
        let tensor = m.input(name, &dims(&TOWER_INPUT), DType::Int8, Some(input_quant()));
        Activ { tensor, shape: TOWER_INPUT, quant: input_quant() }
    });
    // Layer by layer, the towers interleaved.
    let a1 = conv(&mut m, rng, "a_widen", &inputs[0], 32, 1, 1);
    let b1 = conv(&mut m, rng, "b_widen", &inputs[1], 24, 1, 1);
    let a2 = conv(&mut m, rng, "a_reduce", &a1, 16, 3, 2);
    let b2 = pool(&mut m, "b_reduce", &b1, false, 2, 2, Padding::Valid);
    let b3 = conv(&mut m, rng, "b_project", &b2, 16, 1, 1);
    let a3 = pool(&mut m, "a_pool", &a2, true, 8, 1, Padding::Valid);
    let b4 = pool(&mut m, "b_pool", &b3, true, 8, 1, Padding::Valid);
    let joined = concat(&mut m, "towers", &[a3, b4]);
    classify(m, rng, &joined)
}

/// `inputs` random inputs for each network with weights from `seed`.
pub fn branchy_cases(seed: u64, inputs: usize) -> Vec<Case> {
    let mut rng = Rng(seed ^ 0x5E4E);
    let mut cases = Vec::new();
    for i in 0..inputs {
        cases.push(Case {
            name: format!("inception-like block (weights {seed}), input {i}"),
            model: inception(seed),
            inputs: vec![Tensor::random(DType::Int8, &INCEPTION_INPUT, &mut rng)],
            then: Vec::new(),
            expected: None,
        });
        cases.push(Case {
            name: format!("two towers (weights {seed}), input {i}"),
            model: two_tower(seed),
            inputs: (0..2).map(|_| Tensor::random(DType::Int8, &TOWER_INPUT, &mut rng)).collect(),
            then: Vec::new(),
            expected: None,
        });
    }
    cases
}
