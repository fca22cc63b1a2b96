//! `QUANTIZE` and `DEQUANTIZE` against TFLite Micro: float → int8/int16 with values exactly at
//! the rounding ties (both signs) and far out of range, requantization int8/int16 → int8/int16
//! with different and equal scales and extreme zero points, and dequantization of all 256 int8
//! values.

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{BuiltinOp, BuiltinOptions};

/// One `op` from `input` (`from`, quantized by `qi`) to `to` (quantized by `qo`).
fn case(op: BuiltinOp, (from, qi): (DType, Option<Quant>), (to, qo): (DType, Option<Quant>), input: Tensor) -> Case {
    let mut m = OneOp::new();
    let shape: Vec<i32> = input.shape.iter().map(|&d| d as i32).collect();
    let x = m.input("x", &shape, from, qi.clone());
    let y = m.output("y", &shape, to, qo.clone());
    let options = if op == BuiltinOp::Quantize { BuiltinOptions::Quantize } else { BuiltinOptions::Dequantize };
    m.op(op, &[x], &[y], options);
    m.case(&format!("{op:?} {from:?} {qi:?} -> {to:?} {qo:?}"), vec![input])
}

/// Floats at every tie `(k + 1/2)·scale` for `k` in `-300..300` (exact for a power-of-two
/// scale), integers, values far out of range, and random ones.
fn float_inputs(scale: f32, rng: &mut Rng) -> Tensor {
    let mut values: Vec<f32> = (-600..600).map(|k| k as f32 * 0.5 * scale).collect();
    values.extend([1e6, -1e6, 3.0e4, -3.0e4, 0.0, -0.0]);
    values.extend((0..194).map(|_| rng.float(-200.0, 200.0) * scale));
    Tensor::from_f32(&[2, values.len() / 2], &values)
}

/// The `float_to_int_quantization` suite.
pub fn float_to_int_quantization() -> Vec<Case> {
    let mut rng = Rng(0x0A11);
    let mut cases = Vec::new();
    for (scale, zero_point) in [(0.5, 0), (0.25, -128), (0.125, 127), (1.0, 5), (0.0123, -17)] {
        for to in [DType::Int8, DType::Int16] {
            let zero_point = if to == DType::Int16 { 0 } else { zero_point };
            let q = Quant::tensor(scale, zero_point);
            cases.push(case(BuiltinOp::Quantize, (DType::Float32, None), (to, Some(q)), float_inputs(scale, &mut rng)));
        }
    }
    cases
}

/// The `requantization` suite.
pub fn requantization() -> Vec<Case> {
    let mut rng = Rng(0x5EA1);
    let mut cases = Vec::new();
    let int8 = [
        (Quant::tensor(0.05, 3), Quant::tensor(0.02, -7)),
        (Quant::tensor(0.02, -128), Quant::tensor(0.05, 127)),
        (Quant::tensor(0.1, -128), Quant::tensor(0.1, 127)),
        (Quant::tensor(0.1, 20), Quant::tensor(0.1, -20)),
        (Quant::tensor(1.0 / 255.0, -128), Quant::tensor(0.5, 0)),
        (Quant::tensor(0.3, 0), Quant::tensor(0.001, 0)),
    ];
    let all: Vec<i8> = (-128..=127).collect();
    for (qi, qo) in int8 {
        let input = Tensor::from_i8(&[4, 64], &all);
        cases.push(case(BuiltinOp::Quantize, (DType::Int8, Some(qi.clone())), (DType::Int8, Some(qo)), input));
        let input = Tensor::from_i8(&[256], &all);
        let q16 = Quant::tensor(qi.scales[0] / 200.0, 0);
        cases.push(case(
            BuiltinOp::Quantize,
            (DType::Int8, Some(qi.clone())),
            (DType::Int16, Some(q16.clone())),
            input,
        ));
        let input = Tensor::random(DType::Int16, &[3, 50], &mut rng);
        cases.push(case(BuiltinOp::Quantize, (DType::Int16, Some(q16.clone())), (DType::Int8, Some(qi)), input));
        let input = Tensor::random(DType::Int16, &[3, 50], &mut rng);
        let other = Quant::tensor(q16.scales[0] * 3.0, 0);
        cases.push(case(BuiltinOp::Quantize, (DType::Int16, Some(q16)), (DType::Int16, Some(other)), input));
    }
    cases
}

/// The `dequantization` suite.
pub fn dequantization() -> Vec<Case> {
    let mut rng = Rng(0xDE0);
    let mut cases = Vec::new();
    let all: Vec<i8> = (-128..=127).collect();
    for (scale, zero_point) in [(0.5, 0), (1.0 / 255.0, -128), (0.1, 127), (0.0123, -17), (3.7, 5)] {
        let q = Some(Quant::tensor(scale, zero_point));
        let input = Tensor::from_i8(&[2, 128], &all);
        cases.push(case(BuiltinOp::Dequantize, (DType::Int8, q), (DType::Float32, None), input));
    }
    let q = Some(Quant::tensor(0.00012, 0));
    let input = Tensor::random(DType::Int16, &[4, 33], &mut rng);
    cases.push(case(BuiltinOp::Dequantize, (DType::Int16, q), (DType::Float32, None), input));
    // Bit for bit: the product is TFLite's float product.
    cases
}
