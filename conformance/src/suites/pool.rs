//! `AVERAGE_POOL_2D` and `MAX_POOL_2D` against TFLite Micro, int8, int16 and float: SAME padding
//! with odd sizes (windows clipped at the borders), stride 2, VALID, windows larger than the
//! stride, global pooling (the window is the whole image, as kws/vww/resnet use), batches of 2,
//! extreme zero points and every fused activation; int16 also with activation bounds past the
//! ends of its range (clamped to the storage).
//!
//! The `*pad_then_pool` suites put a `PAD` or `PADV2` before the pools (PyTorch's explicit
//! padding, pad values the lowest of the type, the zero point, or others), which mc folds into a
//! max pool's padding where that is exact (`graph-fold-pad`) and keeps before average pools.
//!
//! `L2_POOL_2D` against TFLite Micro, float32 only (TFLM has no quantized kernel): the same
//! windows and activations (`sqrt(sum of squares / taps)`, compared exactly).

use super::conv::{Fill, PrePad};
use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{Activation, BuiltinOp, BuiltinOptions, Padding, Pool2DOptions};

/// One pool to test.
#[derive(Clone)]
struct Spec {
    name: &'static str,
    /// `[n, h, w, c]`.
    input: [usize; 4],
    filter: [usize; 2],
    stride: [usize; 2],
    padding: Padding,
    activation: Activation,
    /// The zero point of input and output (quantized types).
    zero_point: i64,
    /// The scale of input and output; `None`: the type's [`default_scale`].
    scale: Option<f32>,
    /// A `PAD` or `PADV2` before the pool, over the model's input `input`.
    pre_pad: Option<PrePad>,
}

/// The scale of a pool's quantized input and output: RELU6 and RELU_N1_TO_1 bounds inside the
/// range (int8: 120 and 20 steps from the zero point, int16: 30000 and 5000).
fn default_scale(dtype: DType) -> f32 {
    if dtype == DType::Int16 { 0.0002 } else { 0.05 }
}

impl Spec {
    fn new(name: &'static str, input: [usize; 4], filter: [usize; 2], stride: [usize; 2], padding: Padding) -> Spec {
        let activation = Activation::None;
        Spec { name, input, filter, stride, padding, activation, zero_point: -7, scale: None, pre_pad: None }
    }

    fn output_size(&self, axis: usize) -> usize {
        let pool_input = self.pre_pad.map_or(self.input, |p| p.padded(self.input));
        let (size, stride) = (pool_input[1 + axis], self.stride[axis]);
        match self.padding {
            Padding::Same => size.div_ceil(stride),
            Padding::Valid => (size - self.filter[axis] + stride) / stride,
        }
    }

    /// The one-op model (`op` on `dtype`: float, int8 or int16) on a random input.
    fn case(&self, op: BuiltinOp, dtype: DType, rng: &mut Rng) -> Case {
        let dims = |s: &[usize]| s.iter().map(|&d| d as i32).collect::<Vec<_>>();
        let [n, _, _, c] = self.input;
        let output_shape = [n, self.output_size(0), self.output_size(1), c];
        let float = dtype == DType::Float32;
        let scale = self.scale.unwrap_or(default_scale(dtype));
        let q = (!float).then(|| Quant::tensor(scale, self.zero_point));
        let mut m = OneOp::new();
        let x = match self.pre_pad {
            Some(pad) => pad.input(&mut m, self.input, dtype, q.clone(), if float { 0 } else { self.zero_point }),
            None => m.input("x", &dims(&self.input), dtype, q.clone()),
        };
        let y = m.output("y", &dims(&output_shape), dtype, q);
        let options = Pool2DOptions {
            padding: self.padding,
            stride_w: self.stride[1] as i32,
            stride_h: self.stride[0] as i32,
            filter_width: self.filter[1] as i32,
            filter_height: self.filter[0] as i32,
            fused_activation: self.activation,
        };
        m.op(op, &[x], &[y], BuiltinOptions::Pool2D(options));
        let mut input = Tensor::random(dtype, &self.input, rng);
        if float {
            // Spread float inputs over [-8, 8) so RELU6 and RELU_N1_TO_1 clamp.
            let scaled: Vec<f32> = input.f32s().iter().map(|v| v * 8.0).collect();
            input = Tensor::from_f32(&self.input, &scaled);
        }
        m.case(&format!("{:?} {} ({dtype:?})", op, self.name), vec![input])
    }
}

/// The pools every test runs, average and max, of every type.
fn specs() -> Vec<Spec> {
    use Padding::{Same, Valid};
    vec![
        Spec::new("same 3x3 odd sizes", [1, 7, 9, 3], [3, 3], [1, 1], Same),
        Spec::new("same 3x2 stride 2 batch 2", [2, 7, 5, 4], [3, 2], [2, 2], Same),
        Spec::new("same 4x4 stride 3", [1, 10, 11, 2], [4, 4], [3, 3], Same),
        Spec::new("same 2x2 stride 2 odd sizes", [1, 5, 7, 3], [2, 2], [2, 2], Same),
        Spec::new("valid 2x2 stride 2", [1, 8, 8, 5], [2, 2], [2, 2], Valid),
        Spec::new("valid 3x3 stride 1", [1, 6, 7, 3], [3, 3], [1, 1], Valid),
        Spec::new("valid 3x2 stride 2x1", [2, 9, 6, 2], [3, 2], [2, 1], Valid),
        Spec::new("global 5x7", [1, 5, 7, 8], [5, 7], [1, 1], Valid),
        Spec::new("global 25x5 (kws)", [1, 25, 5, 64], [25, 5], [25, 5], Valid),
        Spec {
            activation: Activation::Relu6,
            zero_point: -128,
            ..Spec::new("relu6", [1, 6, 6, 4], [3, 3], [2, 2], Same)
        },
        Spec { activation: Activation::Relu, ..Spec::new("relu", [1, 5, 5, 3], [2, 2], [1, 1], Valid) },
        Spec { activation: Activation::ReluN1To1, ..Spec::new("relu_n1_to_1", [1, 5, 6, 3], [3, 3], [1, 1], Same) },
        Spec { zero_point: 127, ..Spec::new("zero point 127", [1, 6, 5, 3], [3, 3], [2, 2], Same) },
    ]
}

/// Pools after a pad op, with zero point `zero_point`: pads a max pool folds (the lowest value,
/// windows wholly in the padding, a `PAD` whose zero point is the lowest), and pads it keeps.
fn pad_then_pool_specs(zero_point: i64) -> Vec<Spec> {
    use Padding::{Same, Valid};
    let pad = |amounts, fill| Some(PrePad { amounts, fill });
    vec![
        Spec {
            pre_pad: pad([1, 1, 1, 1], Fill::Lowest),
            zero_point,
            ..Spec::new("PADV2 lowest (1, 1, 1, 1) then VALID 3x3 stride 2", [1, 7, 8, 3], [3, 3], [2, 2], Valid)
        },
        Spec {
            pre_pad: pad([0, 1, 0, 1], Fill::Lowest),
            activation: Activation::Relu6,
            zero_point,
            ..Spec::new(
                "PADV2 lowest (0, 1, 0, 1) then VALID 2x2 stride 2 (ceil mode)",
                [2, 5, 7, 2],
                [2, 2],
                [2, 2],
                Valid,
            )
        },
        Spec {
            pre_pad: pad([0, 2, 3, 0], Fill::Lowest),
            zero_point,
            ..Spec::new(
                "PADV2 lowest (0, 2, 3, 0) then VALID 2x2: windows wholly in the padding",
                [1, 4, 4, 2],
                [2, 2],
                [1, 1],
                Valid,
            )
        },
        Spec {
            pre_pad: pad([1, 0, 2, 1], Fill::Pad),
            zero_point: if zero_point == 0 { 0 } else { -128 },
            ..Spec::new("PAD (zero point) (1, 0, 2, 1) then SAME 3x3", [1, 5, 6, 3], [3, 3], [1, 1], Same)
        },
        Spec {
            pre_pad: pad([1, 1, 1, 1], Fill::Value(-100.0)),
            zero_point,
            ..Spec::new("PADV2 -100 (not the lowest) then VALID 3x3 (kept)", [1, 5, 5, 2], [3, 3], [1, 1], Valid)
        },
    ]
}

/// Two random inputs of every spec of `specs` on `dtype`, for both pools.
fn cases(dtype: DType, specs: &[Spec], seed: u64) -> Vec<Case> {
    let mut rng = Rng(seed);
    let mut cases = Vec::new();
    for op in [BuiltinOp::AveragePool2D, BuiltinOp::MaxPool2D] {
        for spec in specs {
            cases.push(spec.case(op, dtype, &mut rng));
            cases.push(spec.case(op, dtype, &mut rng));
        }
    }
    cases
}

/// The `int8_pools` suite.
pub fn int8_pools() -> Vec<Case> {
    cases(DType::Int8, &specs(), 0x9001)
}

/// The `float_pools` suite.
pub fn float_pools() -> Vec<Case> {
    cases(DType::Float32, &specs(), 0x9002)
}

/// The `float_l2_pool` suite: every spec, twice.
pub fn float_l2_pool() -> Vec<Case> {
    let mut rng = Rng(0x9012);
    specs()
        .iter()
        .flat_map(|spec| {
            [
                spec.case(BuiltinOp::L2Pool2D, DType::Float32, &mut rng),
                spec.case(BuiltinOp::L2Pool2D, DType::Float32, &mut rng),
            ]
        })
        .collect()
}

/// The `int16_pools` suite: every spec, and fused activations whose bounds lie past the ends
/// of the int16 range (scale 0.01: RELU6 600 above the zero point 32700, RELU_N1_TO_1 100
/// below -32700), which TFLM clamps to the storage range.
pub fn int16_pools() -> Vec<Case> {
    let mut specs = specs();
    specs.push(Spec {
        activation: Activation::Relu6,
        zero_point: 32700,
        scale: Some(0.01),
        ..Spec::new("relu6 bound past int16 max", [1, 6, 5, 3], [3, 3], [2, 2], Padding::Same)
    });
    specs.push(Spec {
        activation: Activation::ReluN1To1,
        zero_point: -32700,
        scale: Some(0.01),
        ..Spec::new("relu_n1_to_1 bound past int16 min", [1, 6, 5, 3], [2, 3], [1, 2], Padding::Valid)
    });
    cases(DType::Int16, &specs, 0x9016)
}

/// The `pad_then_pool` suite: int8 max and average pools after `PAD`/`PADV2`.
pub fn pad_then_pool() -> Vec<Case> {
    cases(DType::Int8, &pad_then_pool_specs(-7), 0x9AD9001)
}

/// The `int16_pad_then_pool` suite (zero point 0: TFLM pads int16 with 0).
pub fn int16_pad_then_pool() -> Vec<Case> {
    cases(DType::Int16, &pad_then_pool_specs(0), 0x9AD9016)
}

/// The `float_pad_then_pool` suite: -inf folds into a max pool, 0.0 (`PAD`) does not.
pub fn float_pad_then_pool() -> Vec<Case> {
    cases(DType::Float32, &pad_then_pool_specs(0), 0x9AD9002)
}
