//! `RELU`, `RELU6`, `LOGISTIC`, `TANH` through mc and TFLite Micro, int8 over every input byte
//! (a 256-element input holding -128..=127, shuffled into a 3-d shape) with several input and
//! output quantizations, int16 `RELU`, `RELU6`, `LOGISTIC` and `TANH` over every int16 value, and
//! float; chains of activations (which run in place) and an activation reading a transposed
//! (strided) view.
//! `RELU_N1_TO_1` has no TFLM kernel: it is checked against a Rust transcription of TFLite's
//! `ReluX` (int8 and float; TFLite has no int16 `RELU_N1_TO_1`).
//! `LEAKY_RELU` (int8, int16 over every int16 value, float) with alphas of either sign, zero and
//! above 1, and `HARD_SWISH` (int8, float; TFLM has no int16 kernel) with multipliers of both
//! signs of exponent; both chained in place and reading a strided view.

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_dialects::arith::fixed_point::reference::{multiply_by_quantized_multiplier, quantize_multiplier};
use mc_tflite::{BuiltinOp, BuiltinOptions, LeakyReluOptions};

const SHAPE: [usize; 3] = [2, 8, 16];

/// Every int8 value once, in a seeded order.
fn every_byte(rng: &mut Rng) -> Tensor {
    let mut values: Vec<i8> = (-128..=127).collect();
    for i in (1..values.len()).rev() {
        values.swap(i, rng.range(0, i as i64) as usize);
    }
    Tensor::from_i8(&SHAPE, &values)
}

/// A one-op model `op` over [`SHAPE`], int8 with the given quantizations or float (`None`).
fn model(op: BuiltinOp, quant: Option<(Quant, Quant)>) -> OneOp {
    let dtype = if quant.is_some() { DType::Int8 } else { DType::Float32 };
    model_of(op, BuiltinOptions::None, &SHAPE, dtype, quant)
}

/// A one-op model `op` (with `options`) over `shape` of `dtype`, with the input and output
/// quantizations.
fn model_of(
    op: BuiltinOp,
    options: BuiltinOptions<'_>,
    shape: &[usize],
    dtype: DType,
    quant: Option<(Quant, Quant)>,
) -> OneOp {
    let dims: Vec<i32> = shape.iter().map(|&d| d as i32).collect();
    let (in_q, out_q) = quant.unzip();
    let mut m = OneOp::new();
    let x = m.input("x", &dims, dtype, in_q);
    let y = m.output("y", &dims, dtype, out_q);
    m.op(op, &[x], &[y], options);
    m
}

/// `LeakyReluOptions` with `alpha`.
fn leaky(alpha: f32) -> BuiltinOptions<'static> {
    BuiltinOptions::LeakyRelu(LeakyReluOptions { alpha })
}

fn int8_case(op: BuiltinOp, input: (f32, i64), output: (f32, i64), rng: &mut Rng) -> Case {
    let quant = (Quant::tensor(input.0, input.1), Quant::tensor(output.0, output.1));
    let name = format!("{op:?} in {input:?} out {output:?}");
    model(op, Some(quant)).case(&name, vec![every_byte(rng)])
}

/// Input quantizations: tiny to huge scales (logistic and tanh saturate everything from scale
/// 8 on), zero points at both extremes.
const INPUTS: [(f32, i64); 7] =
    [(0.001, 0), (0.0625, -128), (0.1, 5), (0.047_058_82, 127), (0.5, -3), (2.0, 0), (10.0, -1)];

/// The `int8_activations` suite.
pub fn int8_activations() -> Vec<Case> {
    let mut rng = Rng(0xAC71_7A7E);
    let mut cases = Vec::new();
    for &input in &INPUTS {
        cases.push(int8_case(BuiltinOp::Logistic, input, (1.0 / 256.0, -128), &mut rng));
        cases.push(int8_case(BuiltinOp::Tanh, input, (1.0 / 128.0, 0), &mut rng));
        // RELU6 keeps the input quantization (TFLM clamps in it, without rescaling).
        cases.push(int8_case(BuiltinOp::Relu6, input, input, &mut rng));
        cases.push(int8_case(BuiltinOp::Relu, input, input, &mut rng));
    }
    // RELU rescales: output scales smaller (saturating at 127) and larger, zero points at the
    // extremes.
    for (input, output) in [
        ((0.1, 5), (0.05, -128)),
        ((0.1, 5), (0.3, 127)),
        ((0.02, -128), (0.5, 0)),
        ((0.5, 127), (0.01, -20)),
        ((6.0 / 255.0, -128), (6.0 / 255.0, -128)),
    ] {
        cases.push(int8_case(BuiltinOp::Relu, input, output, &mut rng));
    }
    // RELU6 with an output quantization different from the input's: TFLM ignores it.
    cases.push(int8_case(BuiltinOp::Relu6, (0.05, -10), (0.1, 3), &mut rng));
    // TANH with an output quantization other than 1/128, 0: TFLM checks none and writes the same
    // bytes.
    cases.push(int8_case(BuiltinOp::Tanh, (0.1, 5), (0.05, 3), &mut rng));
    cases.push(int8_case(BuiltinOp::Tanh, (0.0625, -128), (1.0 / 256.0, -128), &mut rng));
    cases
}

/// Float inputs in `[-20, 20]` plus the cutoffs of TFLM's logistic and the clamps' edges.
fn float_input(rng: &mut Rng) -> Tensor {
    let count: usize = SHAPE.iter().product();
    let special = [0.0, -0.0, 6.0, -1.0, 1.0, -9.0, -9.5, 16.6, 16.7, -20.0, 20.0, 5.999];
    let values: Vec<f32> =
        (0..count).map(|i| if i < special.len() { special[i] } else { rng.float(-20.0, 20.0) }).collect();
    Tensor::from_f32(&SHAPE, &values)
}

/// The int16 activations run over every int16 value once.
const INT16_SHAPE: [usize; 3] = [16, 64, 64];

/// Every int16 value once, in a seeded order, shaped [`INT16_SHAPE`].
fn every_int16(rng: &mut Rng) -> Tensor {
    let mut values: Vec<i16> = (i16::MIN..=i16::MAX).collect();
    for i in (1..values.len()).rev() {
        values.swap(i, rng.range(0, i as i64) as usize);
    }
    let data = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    Tensor { dtype: DType::Int16, shape: INT16_SHAPE.to_vec(), data }
}

fn int16_case(op: BuiltinOp, input: (f32, i64), output: (f32, i64), rng: &mut Rng) -> Case {
    let quant = (Quant::tensor(input.0, input.1), Quant::tensor(output.0, output.1));
    let name = format!("int16 {op:?} in {input:?} out {output:?}");
    model_of(op, BuiltinOptions::None, &INT16_SHAPE, DType::Int16, Some(quant)).case(&name, vec![every_int16(rng)])
}

/// The `int16_logistic_tanh` suite: `LOGISTIC` and `TANH` int16 -> int16 (zero points 0, output
/// scale 2^-15) over every int16 input, for input scales taking each of TFLM's paths: the
/// power-of-two case (2^-12 for both, 2^-11 for tanh only; 2^-12 off by 0.03%, which TFLM's
/// `CheckedLog2` still takes for a power of two, and 2^-11 off by 0.05% for tanh), other powers
/// of two and general scales rescaled by a multiplier and a right shift (from 31 doublings for
/// 10^-12 down to none; 2.643622e-5 is the converter-made `mixed_16x8` model's), large scales
/// where most inputs saturate, up to just below 16/3 (multiplier 65126).
pub fn int16_logistic_tanh() -> Vec<Case> {
    let mut rng = Rng(0x1616);
    let scales = [
        1.0f32 / 4096.0,
        1.0 / 2048.0,
        1.0003 / 4096.0,
        0.9995 / 2048.0,
        1.0 / 1024.0,
        1.0 / 32768.0,
        0.001,
        2.643_622e-5,
        1e-7,
        1e-12,
        0.3,
        1.0,
        2.0,
        4.0,
        5.3,
    ];
    let mut cases = Vec::new();
    for scale in scales {
        for op in [BuiltinOp::Logistic, BuiltinOp::Tanh] {
            cases.push(int16_case(op, (scale, 0), (1.0 / 32768.0, 0), &mut rng));
        }
    }
    // Output scales a converter may write near 2^-15, which TFLite Micro's `CheckedLog2` accepts
    // (within 10^-3 in log2) and computes as 2^-15.
    for output in [1.0006 / 32768.0, 0.9994 / 32768.0] {
        for op in [BuiltinOp::Logistic, BuiltinOp::Tanh] {
            cases.push(int16_case(op, (0.001, 0), (output, 0), &mut rng));
        }
    }
    cases
}

/// The `int16_activations` suite: `RELU` (TFLite Micro requires zero points 0) and `RELU6`
/// over every int16 value, and a chain of them running in place and reading a transposed view.
pub fn int16_activations() -> Vec<Case> {
    let mut rng = Rng(0x16AC);
    let mut cases = Vec::new();
    // RELU: equal scales, rescaled up (saturating at 32767) and down, extreme ratios.
    for (input, output) in [
        ((0.001, 0), (0.001, 0)),
        ((0.001, 0), (0.0003, 0)),
        ((0.001, 0), (0.02, 0)),
        ((1.0 / 32768.0, 0), (1.0 / 256.0, 0)),
        ((0.5, 0), (0.005, 0)),
    ] {
        cases.push(int16_case(BuiltinOp::Relu, input, output, &mut rng));
    }
    // RELU6 clamps in the input quantization, any zero point: 6 inside the range and past it
    // (cut to 32767), zero points at both ends; TFLite Micro ignores the output quantization.
    for input in [(0.001, 0), (0.0001, 0), (0.0003, -20_000), (0.0005, -32768), (0.01, 32767), (0.00001, 100)] {
        cases.push(int16_case(BuiltinOp::Relu6, input, input, &mut rng));
    }
    cases.push(int16_case(BuiltinOp::Relu6, (0.0003, -20_000), (0.01, 5), &mut rng));
    // relu -> relu6 (in place) -> transpose -> relu (reading the strided view).
    let dims: Vec<i32> = INT16_SHAPE.iter().map(|&d| d as i32).collect();
    let t_dims = [dims[2], dims[0], dims[1]];
    let q = |scale: f32| Some(Quant::tensor(scale, 0));
    let mut m = OneOp::new();
    let x = m.input("x", &dims, DType::Int16, q(0.001));
    let a = m.intermediate("a", &dims, DType::Int16, q(0.0005));
    let b = m.intermediate("b", &dims, DType::Int16, q(0.0005));
    let perm = m.constant_i32("perm", &[3], &[2, 0, 1], None);
    let t = m.intermediate("t", &t_dims, DType::Int16, q(0.0005));
    let y = m.output("y", &t_dims, DType::Int16, q(0.002));
    m.op(BuiltinOp::Relu, &[x], &[a], BuiltinOptions::None);
    m.op(BuiltinOp::Relu6, &[a], &[b], BuiltinOptions::None);
    m.op(BuiltinOp::Transpose, &[b, perm], &[t], BuiltinOptions::Transpose);
    m.op(BuiltinOp::Relu, &[t], &[y], BuiltinOptions::None);
    cases.push(m.case("int16 relu, relu6 in place, transpose, relu", vec![every_int16(&mut rng)]));
    cases
}

/// The `float_activations` suite.
pub fn float_activations() -> Vec<Case> {
    let mut rng = Rng(0xF10A7);
    let ops = [BuiltinOp::Relu, BuiltinOp::Relu6, BuiltinOp::Logistic, BuiltinOp::Tanh];
    let cases: Vec<Case> =
        ops.iter().map(|&op| model(op, None).case(&format!("float {op:?}"), vec![float_input(&mut rng)])).collect();
    cases
}

/// The `chained_and_strided_activations` suite.
pub fn chained_and_strided_activations() -> Vec<Case> {
    let mut rng = Rng(0xC4A1);
    let dims: Vec<i32> = SHAPE.iter().map(|&d| d as i32).collect();
    let mut cases = Vec::new();
    for dtype in [DType::Int8, DType::Float32] {
        let q = |scale: f32, zero_point: i64| (dtype == DType::Int8).then(|| Quant::tensor(scale, zero_point));
        // relu -> logistic -> tanh: the intermediate buffers are reused in place.
        let mut m = OneOp::new();
        let x = m.input("x", &dims, dtype, q(0.1, 3));
        let a = m.intermediate("a", &dims, dtype, q(0.1, 3));
        let b = m.intermediate("b", &dims, dtype, q(1.0 / 256.0, -128));
        let y = m.output("y", &dims, dtype, q(1.0 / 128.0, 0));
        m.op(BuiltinOp::Relu, &[x], &[a], BuiltinOptions::None);
        m.op(BuiltinOp::Logistic, &[a], &[b], BuiltinOptions::None);
        m.op(BuiltinOp::Tanh, &[b], &[y], BuiltinOptions::None);
        let input = if dtype == DType::Int8 { every_byte(&mut rng) } else { float_input(&mut rng) };
        cases.push(m.case(&format!("{dtype:?} chain"), vec![input]));
        // transpose -> logistic: the activation reads a strided view.
        let mut m = OneOp::new();
        let x = m.input("x", &dims, dtype, q(0.05, -7));
        let perm = m.constant_i32("perm", &[3], &[2, 0, 1], None);
        let t_dims = [dims[2], dims[0], dims[1]];
        let t = m.intermediate("t", &t_dims, dtype, q(0.05, -7));
        let y = m.output("y", &t_dims, dtype, q(1.0 / 256.0, -128));
        m.op(BuiltinOp::Transpose, &[x, perm], &[t], BuiltinOptions::Transpose);
        m.op(BuiltinOp::Logistic, &[t], &[y], BuiltinOptions::None);
        let input = if dtype == DType::Int8 { every_byte(&mut rng) } else { float_input(&mut rng) };
        cases.push(m.case(&format!("{dtype:?} transpose logistic"), vec![input]));
    }
    cases
}

/// TFLite's int8 `ReluX` for `RELU_N1_TO_1`: rescale, then clamp to the quantized [-1, 1].
fn relu_n1_to_1_reference(x: i8, (in_scale, in_zp): (f32, i32), (out_scale, out_zp): (f32, i32)) -> i8 {
    let (multiplier, shift) = quantize_multiplier(f64::from(in_scale) / f64::from(out_scale));
    let low = (out_zp + (-1.0 / out_scale).round() as i32).max(-128);
    let high = (out_zp + (1.0 / out_scale).round() as i32).min(127);
    let scaled = out_zp + multiply_by_quantized_multiplier(i32::from(x) - in_zp, multiplier, shift);
    scaled.clamp(low, high) as i8
}

/// The `relu_n1_to_1` suite: TFLite Micro has no `RELU_N1_TO_1` kernel, so the expected outputs
/// are TFLite's `ReluX` (int8, through [`relu_n1_to_1_reference`]) and a clamp to [-1, 1] (f32).
pub fn relu_n1_to_1() -> Vec<Case> {
    let mut rng = Rng(0x1D1);
    let mut cases = Vec::new();
    for (input, output) in [((0.01, 0), (0.01, 0)), ((0.02, -5), (1.0 / 127.0, 0)), ((0.05, 100), (0.5, -128))] {
        let quant = (Quant::tensor(input.0, input.1.into()), Quant::tensor(output.0, output.1.into()));
        let case = model(BuiltinOp::ReluN1To1, Some(quant))
            .case(&format!("relu_n1_to_1 {input:?} {output:?}"), vec![every_byte(&mut rng)]);
        let x = &case.inputs[0];
        let expected: Vec<i8> = x.data.iter().map(|&v| relu_n1_to_1_reference(v as i8, input, output)).collect();
        let expected = Tensor::from_i8(&x.shape, &expected);
        cases.push(case.with_expected(vec![expected]));
    }
    let case = model(BuiltinOp::ReluN1To1, None).case("float relu_n1_to_1", vec![float_input(&mut rng)]);
    let clamped: Vec<f32> = case.inputs[0].f32s().iter().map(|x| x.clamp(-1.0, 1.0)).collect();
    let expected = Tensor::from_f32(&case.inputs[0].shape, &clamped);
    cases.push(case.with_expected(vec![expected]));
    cases
}

/// Alphas of `LEAKY_RELU`: small and large, negative, zero, above 1.
const ALPHAS: [f32; 6] = [0.2, 0.01, -0.5, 0.0, 1.7, -3.0];

/// The `int8_leaky_relu` suite: every input byte, each alpha with input/output quantizations
/// whose identity multiplier is 1, above 1 (saturating at both ends) and below 1, zero points at
/// the extremes; then leaky_relu -> hard_swish (in place) -> transpose -> leaky_relu (reading
/// the strided view).
pub fn int8_leaky_relu() -> Vec<Case> {
    let mut rng = Rng(0x1EA4);
    let mut cases = Vec::new();
    let quantizations = [
        ((0.05, 0), (0.05, 0)),
        ((0.1, 5), (0.05, -128)),
        ((0.1, 5), (0.3, 127)),
        ((0.02, -128), (0.5, 0)),
        ((0.5, 127), (0.01, -20)),
    ];
    for alpha in ALPHAS {
        for (input, output) in quantizations {
            let quant = (Quant::tensor(input.0, input.1), Quant::tensor(output.0, output.1));
            let name = format!("LeakyRelu alpha {alpha} in {input:?} out {output:?}");
            cases.push(
                model_of(BuiltinOp::LeakyRelu, leaky(alpha), &SHAPE, DType::Int8, Some(quant))
                    .case(&name, vec![every_byte(&mut rng)]),
            );
        }
    }
    let dims: Vec<i32> = SHAPE.iter().map(|&d| d as i32).collect();
    let t_dims = [dims[2], dims[0], dims[1]];
    let q = |scale: f32, zero_point: i64| Some(Quant::tensor(scale, zero_point));
    let mut m = OneOp::new();
    let x = m.input("x", &dims, DType::Int8, q(0.05, -3));
    let a = m.intermediate("a", &dims, DType::Int8, q(0.04, 10));
    let b = m.intermediate("b", &dims, DType::Int8, q(0.03, -100));
    let perm = m.constant_i32("perm", &[3], &[2, 0, 1], None);
    let t = m.intermediate("t", &t_dims, DType::Int8, q(0.03, -100));
    let y = m.output("y", &t_dims, DType::Int8, q(0.02, 0));
    m.op(BuiltinOp::LeakyRelu, &[x], &[a], leaky(0.3));
    m.op(BuiltinOp::HardSwish, &[a], &[b], BuiltinOptions::HardSwish);
    m.op(BuiltinOp::Transpose, &[b, perm], &[t], BuiltinOptions::Transpose);
    m.op(BuiltinOp::LeakyRelu, &[t], &[y], leaky(-0.7));
    cases.push(m.case("int8 leaky_relu, hard_swish in place, transpose, leaky_relu", vec![every_byte(&mut rng)]));
    cases
}

/// The `int16_leaky_relu` suite: every int16 value, alphas of both signs, zero and above 1,
/// identity multipliers of 1, above 1 (saturating at both ends) and below, zero points anywhere
/// (TFLM's int16 kernel takes any).
pub fn int16_leaky_relu() -> Vec<Case> {
    let mut rng = Rng(0x16EA);
    let mut cases = Vec::new();
    for (input, output, alpha) in [
        ((0.001, 0), (0.001, 0), 0.2),
        ((0.001, 0), (0.0003, 0), -0.5),
        ((0.001, 100), (0.02, -50), 1.7),
        ((1.0 / 32768.0, 0), (1.0 / 256.0, 0), -3.0),
        ((0.5, -32768), (0.005, 32767), 0.01),
        ((0.0003, -20_000), (0.0003, 0), 0.0),
    ] {
        let quant = (Quant::tensor(input.0, input.1), Quant::tensor(output.0, output.1));
        let name = format!("int16 LeakyRelu alpha {alpha} in {input:?} out {output:?}");
        let m = model_of(BuiltinOp::LeakyRelu, leaky(alpha), &INT16_SHAPE, DType::Int16, Some(quant));
        cases.push(m.case(&name, vec![every_int16(&mut rng)]));
    }
    cases
}

/// The `int8_hard_swish` suite: every input byte, with output multipliers (`in_scale / 128 /
/// out_scale`, which TFLM needs below 1) from 2^-1 down to far below, relu-ish multipliers
/// (`in_scale · 32768 / 384`) shifting left, right and not at all, outputs that saturate at
/// both ends, zero points at the extremes.
pub fn int8_hard_swish() -> Vec<Case> {
    let mut rng = Rng(0x4A5D);
    let mut cases = Vec::new();
    for (input, output) in [
        ((0.05, -10), (0.03, 5)),
        ((0.1, 0), (0.05, -128)),
        ((0.02, -128), (0.02, -128)),
        ((1.0, 0), (1.0 / 64.0, 0)),
        ((0.5, 127), (0.01, -20)),
        ((0.001, 3), (0.0001, 0)),
        ((10.0, 0), (0.1, 0)),
        ((0.004, 0), (0.2, 0)),
        ((0.023_529_41, -128), (0.011_764_7, -128)),
        ((0.3, 20), (0.01, 127)),
    ] {
        cases.push(int8_case(BuiltinOp::HardSwish, input, output, &mut rng));
    }
    cases
}

/// The `float_leaky_relu_hard_swish` suite: `LEAKY_RELU` for each alpha and `HARD_SWISH`.
pub fn float_leaky_relu_hard_swish() -> Vec<Case> {
    let mut rng = Rng(0xF1EA);
    let mut cases: Vec<Case> = ALPHAS
        .iter()
        .map(|&alpha| {
            model_of(BuiltinOp::LeakyRelu, leaky(alpha), &SHAPE, DType::Float32, None)
                .case(&format!("float LeakyRelu alpha {alpha}"), vec![float_input(&mut rng)])
        })
        .collect();
    let special = [-3.0, -2.999, -1.5, 3.0, 2.999, 0.0, -0.0];
    let mut input = float_input(&mut rng);
    let mut values = input.f32s();
    values[..special.len()].copy_from_slice(&special);
    input = Tensor::from_f32(&SHAPE, &values);
    cases.push(model(BuiltinOp::HardSwish, None).case("float HardSwish", vec![input]));
    cases
}
