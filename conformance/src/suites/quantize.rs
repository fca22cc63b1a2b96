//! `QUANTIZE` and `DEQUANTIZE` against TFLite Micro: float → int8/int16 with values exactly at
//! the rounding ties (both signs) and far out of range, requantization between every pair of
//! integer types TFLM converts (int8, uint8, int16, int32) with scale ratios below, at and above
//! one and zero points at the types' extremes, and dequantization of every int8 and uint8 value
//! and of int16 over its whole range, and of per-channel int8 tensors (which TFLite Micro reads
//! with their first channel's scale and zero point only).

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
/// scale), integers, the values `far` (out of range), and random ones in `±spread·scale`.
fn float_inputs(scale: f32, far: [f32; 4], spread: f32, rng: &mut Rng) -> Tensor {
    let mut values: Vec<f32> = (-600..600).map(|k| k as f32 * 0.5 * scale).collect();
    values.extend(far);
    values.extend([0.0, -0.0]);
    values.extend((0..194).map(|_| rng.float(-spread, spread) * scale));
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
            let input = float_inputs(scale, [1e6, -1e6, 3.0e4, -3.0e4], 200.0, &mut rng);
            cases.push(case(BuiltinOp::Quantize, (DType::Float32, None), (to, Some(q)), input));
        }
    }
    cases
}

/// The `float_to_int16_quantization` suite: zero points other than 0 (TFLM's `AffineQuantize`
/// takes any), saturation at both ends. `x / scale` stays inside int32: beyond it TFLM's
/// `static_cast<int32_t>` is undefined (x86 gives INT32_MIN, Arm saturates, as mc does).
pub fn float_to_int16_quantization() -> Vec<Case> {
    let mut rng = Rng(0xF16);
    let mut cases = Vec::new();
    for (scale, zero_point) in [(1.0 / 32768.0, 0), (0.001, 300), (0.0123, -32768), (3.0, 32767), (0.5, -5)] {
        let q = Quant::tensor(scale, zero_point);
        let far = [2.1e9 * scale, -2.1e9 * scale, 3.3e4 * scale, -3.3e4 * scale];
        let input = float_inputs(scale, far, 40000.0, &mut rng);
        cases.push(case(BuiltinOp::Quantize, (DType::Float32, None), (DType::Int16, Some(q)), input));
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

/// Every value of an 8-bit `dtype`, else values over its whole range, extremes first.
fn integer_inputs(dtype: DType, rng: &mut Rng) -> Tensor {
    match dtype {
        DType::Int8 => Tensor::from_ints(dtype, &[4, 64], &(-128..=127).collect::<Vec<_>>()),
        DType::UInt8 => Tensor::from_ints(dtype, &[4, 64], &(0..=255).collect::<Vec<_>>()),
        _ => Tensor::full_range(dtype, &[3, 100], rng),
    }
}

/// The `requantization_every_pair` suite: each (input, output) pair TFLM's `Requantize` takes,
/// with scale ratios (input / output) 0.37, 1, 3.3, 517, 2^-20 and 1.5·2^29 (the largest shift,
/// 30), zero points rotating through each type's extremes and middle, and equal scales with
/// zero points 128 apart for int8 ↔ uint8 (TFLM's `x ^ 0x80` shortcut).
pub fn requantization_every_pair() -> Vec<Case> {
    use DType::{Int8, Int16, Int32, UInt8};
    let mut rng = Rng(0x5EA2);
    let zero_points = |dtype: DType| -> [i64; 3] {
        match dtype {
            Int8 => [-128, 5, 127],
            UInt8 => [0, 128, 255],
            Int16 => [0, -1000, 32767],
            Int32 => [0, -70000, i64::from(i32::MIN) + 5],
            DType::Int64 | DType::UInt32 | DType::UInt64 | DType::Float32 | DType::Bool => {
                unreachable!("TFLM requantizes 8- to 32-bit integers only")
            }
        }
    };
    let pairs = [
        (Int8, Int8),
        (Int8, UInt8),
        (Int8, Int16),
        (Int8, Int32),
        (UInt8, Int8),
        (Int16, Int8),
        (Int16, Int16),
        (Int16, Int32),
        (Int32, Int8),
        (Int32, Int16),
    ];
    let mut cases = Vec::new();
    for (from, to) in pairs {
        let ratios = [0.37f32, 1.0, 3.3, 517.0, 1.0 / 1048576.0, 1.5 * 536870912.0];
        for (k, ratio) in ratios.into_iter().enumerate() {
            let input_scale = 0.02f32;
            let qi = Quant::tensor(input_scale, zero_points(from)[k % 3]);
            let qo = Quant::tensor(input_scale / ratio, zero_points(to)[(k + 1) % 3]);
            let input = integer_inputs(from, &mut rng);
            cases.push(case(BuiltinOp::Quantize, (from, Some(qi)), (to, Some(qo)), input));
        }
        let (zi, zo) = match (from, to) {
            (Int8, UInt8) => (-5, 123),
            (UInt8, Int8) => (200, 72),
            _ => (0, 0),
        };
        let (qi, qo) = (Quant::tensor(0.25, zi), Quant::tensor(0.25, zo));
        cases.push(case(BuiltinOp::Quantize, (from, Some(qi)), (to, Some(qo)), integer_inputs(from, &mut rng)));
    }
    cases
}

/// The `int16_and_uint8_dequantization` suite: int16 over its whole range with zero points 0
/// and not, every uint8 value.
pub fn int16_and_uint8_dequantization() -> Vec<Case> {
    let mut rng = Rng(0xDE16);
    let mut cases = Vec::new();
    for (scale, zero_point) in [(0.00012, 0), (1.0 / 32768.0, 0), (0.5, -32768), (0.0123, 1234), (3.7, 32767)] {
        let q = Some(Quant::tensor(scale, zero_point));
        let input = integer_inputs(DType::Int16, &mut rng);
        cases.push(case(BuiltinOp::Dequantize, (DType::Int16, q), (DType::Float32, None), input));
    }
    for (scale, zero_point) in [(0.5, 0), (1.0 / 255.0, 128), (0.1, 255), (0.0123, 17)] {
        let q = Some(Quant::tensor(scale, zero_point));
        let input = integer_inputs(DType::UInt8, &mut rng);
        cases.push(case(BuiltinOp::Dequantize, (DType::UInt8, q), (DType::Float32, None), input));
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

/// The `per_channel_dequantization` suite: int8 tensors quantized per channel (along the first
/// or the last axis, zero points 0 or not), a model input and a constant (weights dequantized
/// for a float kernel). TFLite Micro's `DequantizePrepare` reads the tensor's per-tensor
/// parameters, which its allocator sets to the first channel's: every element is dequantized
/// with `scales[0]` and `zero_points[0]`.
pub fn per_channel_dequantization() -> Vec<Case> {
    let all: Vec<i8> = (-128..=127).collect();
    let mut cases = Vec::new();
    let channels = |scales: &[f32], zero_points: &[i64], axis| Quant {
        scales: scales.to_vec(),
        zero_points: zero_points.to_vec(),
        axis,
    };
    for (shape, q) in [
        (&[4, 64][..], channels(&[0.02, 0.5, 0.001, 3.0], &[0; 4], 0)),
        (&[64, 4], channels(&[0.0123, 0.25, 7.0, 0.004], &[0; 4], 1)),
        (&[2, 8, 16], channels(&[0.1, 0.3], &[-5, 9], 0)),
        (&[16, 2, 8], channels(&(1..=8).map(|c| c as f32 * 0.01).collect::<Vec<_>>(), &[3, -1, 0, 2, 4, 5, 6, 7], 2)),
    ] {
        let input = Tensor::from_i8(shape, &all);
        cases.push(case(BuiltinOp::Dequantize, (DType::Int8, Some(q)), (DType::Float32, None), input));
    }
    // Per-channel weights dequantized inside the model.
    let mut m = OneOp::new();
    let q = channels(&[0.05, 0.002, 1.5], &[0; 3], 0);
    let data: Vec<u8> = (0..3 * 40).map(|i| (i * 37 % 256) as u8).collect();
    let w = m.constant("w", &[3, 40], DType::Int8, &data, Some(q));
    let y = m.output("y", &[3, 40], DType::Float32, None);
    m.op(BuiltinOp::Dequantize, &[w], &[y], BuiltinOptions::Dequantize);
    cases.push(m.case("Dequantize per-channel int8 constant", vec![]));
    cases
}
