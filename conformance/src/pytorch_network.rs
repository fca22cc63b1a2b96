//! A PyTorch-style int8 MobileNetV2-like network, as ai-edge-torch or onnx2tf export one: the
//! NCHW input turned NHWC by a `TRANSPOSE`, and every padded convolution an explicit `PAD`
//! (filled with the zero point) followed by a `VALID` convolution, with PyTorch's asymmetric
//! `(0, 1, 0, 1)` pads before stride-2 convolutions and `(1, 1, 1, 1)` before stride-1 ones.
//! Inverted residual blocks (1x1 expansion, RELU6; 3x3 depthwise, RELU6; 1x1 projection; residual
//! add where shapes allow), a final 1x1 convolution, global average pooling, a fully connected
//! classifier. Width multiplier 0.35 over a 96x96 input, so it fits the emulated boards.
//! `tests/pytorch_network.rs` checks it bit-exact against TFLite Micro and compares mc's pools,
//! with and without `graph-fold-pad`, to TFLM's arena.

use crate::models::{OneOp, Quant};
use crate::networks::{int8_classifier_head, layer};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{
    Activation, AddSubOptions, BuiltinOp, BuiltinOptions, Conv2DOptions, DepthwiseConv2DOptions, Padding, Pool2DOptions,
};

/// The model's NCHW input shape.
pub const INPUT_SHAPE: [usize; 4] = [1, 3, 96, 96];

/// The inverted residual blocks: expansion, output channels, repeats, first stride
/// (MobileNetV2's table at width 0.35, channels rounded to multiples of 8).
const BLOCKS: [(usize, usize, usize, usize); 7] =
    [(1, 8, 1, 1), (6, 8, 2, 2), (6, 16, 3, 2), (6, 24, 4, 2), (6, 32, 3, 1), (6, 56, 3, 2), (6, 112, 1, 1)];

/// The weights' seed of the network the tests and benchmarks use.
pub const WEIGHTS_SEED: u64 = 7;

/// Classes of the classifier.
const CLASSES: usize = 10;

/// The builder's state: the model, the current activation (tensor, NHWC shape, quantization).
struct Net<'r> {
    m: OneOp,
    rng: &'r mut Rng,
    x: i32,
    shape: [usize; 4],
    quant: Quant,
    count: usize,
}

/// Activations after RELU6: [0, 6] over the whole int8 range.
fn relu6_quant() -> Quant {
    Quant::tensor(6.0 / 255.0, -128)
}

impl Net<'_> {
    fn name(&mut self, kind: &str) -> String {
        self.count += 1;
        format!("{kind}{}", self.count)
    }

    /// `PAD` of the current activation by `[top, bottom, left, right]` (the zero point).
    fn pad(&mut self, [top, bottom, left, right]: [usize; 4]) {
        let name = self.name("pad");
        let [n, h, w, c] = self.shape;
        let shape = [n, h + top + bottom, w + left + right, c];
        let amounts = [0, 0, top, bottom, left, right, 0, 0].map(|a| a as i32);
        let paddings = self.m.constant_i32(&format!("{name}_paddings"), &[4, 2], &amounts, None);
        let padded = self.m.intermediate(&name, &dims(&shape), DType::Int8, Some(self.quant.clone()));
        self.m.op(BuiltinOp::Pad, &[self.x, paddings], &[padded], BuiltinOptions::Pad);
        (self.x, self.shape) = (padded, shape);
    }

    /// A VALID convolution (depthwise with multiplier 1 if `depthwise`) to `channels` channels.
    fn conv(&mut self, channels: usize, k: usize, stride: usize, depthwise: bool, activation: Activation, out: Quant) {
        let name = self.name(if depthwise { "dw" } else { "conv" });
        let [n, h, w, c] = self.shape;
        let shape = [n, (h - k) / stride + 1, (w - k) / stride + 1, channels];
        let input_scale = self.quant.scales[0];
        let (filter, axis) = if depthwise { ([1, k, k, channels], 3) } else { ([channels, k, k, c], 0) };
        let l = layer(&mut self.m, &name, &filter, axis, input_scale, false, self.rng);
        let y = self.m.intermediate(&name, &dims(&shape), DType::Int8, Some(out.clone()));
        let (s, padding) = (stride as i32, Padding::Valid);
        let options = if depthwise {
            BuiltinOptions::DepthwiseConv2D(DepthwiseConv2DOptions {
                padding,
                stride_w: s,
                stride_h: s,
                depth_multiplier: 1,
                fused_activation: activation,
                dilation_w_factor: 1,
                dilation_h_factor: 1,
            })
        } else {
            BuiltinOptions::Conv2D(Conv2DOptions {
                padding,
                stride_w: s,
                stride_h: s,
                fused_activation: activation,
                dilation_w_factor: 1,
                dilation_h_factor: 1,
                quantized_bias_type: None,
            })
        };
        let op = if depthwise { BuiltinOp::DepthwiseConv2D } else { BuiltinOp::Conv2D };
        self.m.op(op, &[self.x, l.weights, l.bias], &[y], options);
        (self.x, self.shape, self.quant) = (y, shape, out);
    }

    /// A padded 3x3 convolution as PyTorch exports it: `PAD` then `VALID`.
    fn padded_conv3x3(&mut self, channels: usize, stride: usize, depthwise: bool) {
        self.pad(if stride == 2 { [0, 1, 0, 1] } else { [1, 1, 1, 1] });
        self.conv(channels, 3, stride, depthwise, Activation::Relu6, relu6_quant());
    }

    /// One inverted residual block.
    fn block(&mut self, expansion: usize, channels: usize, stride: usize) {
        let (input, input_shape) = (self.x, self.shape);
        let hidden = input_shape[3] * expansion;
        if expansion != 1 {
            self.conv(hidden, 1, 1, false, Activation::Relu6, relu6_quant());
        }
        self.padded_conv3x3(hidden, stride, true);
        let projected = Quant::tensor(0.08, 3);
        self.conv(channels, 1, 1, false, Activation::None, projected.clone());
        if stride == 1 && input_shape[3] == channels {
            let name = self.name("add");
            let sum = Quant::tensor(0.1, 2);
            let y = self.m.intermediate(&name, &dims(&self.shape), DType::Int8, Some(sum.clone()));
            let add = AddSubOptions { fused_activation: Activation::None, pot_scale_int16: false };
            self.m.op(BuiltinOp::Add, &[self.x, input], &[y], BuiltinOptions::Add(add));
            (self.x, self.quant) = (y, sum);
        }
    }
}

fn dims(shape: &[usize]) -> Vec<i32> {
    shape.iter().map(|&d| d as i32).collect()
}

/// The `.tflite` bytes of the network with weights from `seed`.
pub fn mobilenet_v2(seed: u64) -> Vec<u8> {
    let mut rng = Rng(seed);
    let mut m = OneOp::new();
    let [n, c, h, w] = INPUT_SHAPE;
    let input_quant = Quant::tensor(0.02, -10);
    let x = m.input("x", &dims(&INPUT_SHAPE), DType::Int8, Some(input_quant.clone()));
    let perm = m.constant_i32("nchw_to_nhwc", &[4], &[0, 2, 3, 1], None);
    let nhwc = m.intermediate("x_nhwc", &dims(&[n, h, w, c]), DType::Int8, Some(input_quant.clone()));
    m.op(BuiltinOp::Transpose, &[x, perm], &[nhwc], BuiltinOptions::Transpose);
    let mut net = Net { m, rng: &mut rng, x: nhwc, shape: [n, h, w, c], quant: input_quant, count: 0 };
    net.padded_conv3x3(16, 2, false);
    for (expansion, channels, repeats, stride) in BLOCKS {
        for r in 0..repeats {
            net.block(expansion, channels, if r == 0 { stride } else { 1 });
        }
    }
    net.conv(448, 1, 1, false, Activation::Relu6, relu6_quant());
    let [n, h, w, c] = net.shape;
    let pooled = net.m.intermediate("pool", &[n as i32, 1, 1, c as i32], DType::Int8, Some(relu6_quant()));
    let pool = Pool2DOptions {
        padding: Padding::Valid,
        stride_w: 1,
        stride_h: 1,
        filter_width: w as i32,
        filter_height: h as i32,
        fused_activation: Activation::None,
    };
    net.m.op(BuiltinOp::AveragePool2D, &[net.x], &[pooled], BuiltinOptions::Pool2D(pool));
    int8_classifier_head(&mut net.m, pooled, c, &relu6_quant(), CLASSES, net.rng);
    net.m.finish()
}

/// `inputs` random inputs for the network with weights from `seed`.
pub fn mobilenet_v2_cases(seed: u64, inputs: usize) -> Vec<Case> {
    let model = mobilenet_v2(seed);
    let mut rng = Rng(seed ^ 0x1A9);
    (0..inputs)
        .map(|i| Case {
            name: format!("PyTorch-style MobileNetV2 (weights {seed}), input {i}"),
            model: model.clone(),
            inputs: vec![Tensor::random(DType::Int8, &INPUT_SHAPE, &mut rng)],
            then: Vec::new(),
            expected: None,
        })
        .collect()
}
