//! The one-operand math operators against TFLite Micro: `ABS`, `RSQRT`, `SQRT`, `EXP`, `LOG`,
//! `SQUARE`, `SIN`, `COS`, `FLOOR`, `CEIL`, `ROUND`, `ELU`.
//!
//! Floats over ranks 0 to 5, with values in each function's domain and its edges (zeros of both
//! signs, infinities, halves for the roundings, huge and tiny magnitudes); the functions TFLM
//! computes exactly (abs, square root and its reciprocal, square, the roundings) are compared
//! byte for byte, the library functions (exp, log, sin, cos) to a relative 1e-5 so that another
//! C library (the boards') may differ in the last bit. int8 `ABS` and `RSQRT` over every input
//! byte with equal and different scales and zero points at both ends (`RSQRT`'s inputs at or
//! above the zero point, where TFLM's kernel is defined); int16 `ABS` over every int16 value,
//! quantized (zero points 0, equal and different scales) and plain. `ELU`: floats around zero
//! (where `expm1` differs from `exp - 1`), saturating towards -1 and at the edges, to a relative
//! 1e-5 (the C library's `expm1f`); int8 over every input byte with scales and zero points that
//! saturate the table at both ends.

use crate::models::{OneOp, Quant};
use crate::{Case, Rng, Tensor};
use mc_tflite::{BuiltinOp, BuiltinOptions};

/// `op` on `input` (quantized as `quant`: input and output), its options as TFLite's converter
/// writes them.
fn case(op: BuiltinOp, input: Tensor, quant: Option<(Quant, Quant)>, what: &str) -> Case {
    let dims: Vec<i32> = input.shape.iter().map(|&d| d as i32).collect();
    let options = BuiltinOptions::schema_defaults(op);
    let name = match &quant {
        Some((i, o)) => format!(
            "{op:?} {:?} {:?} in ({}, {}) out ({}, {}) {what}",
            input.shape, input.dtype, i.scales[0], i.zero_points[0], o.scales[0], o.zero_points[0]
        ),
        None => format!("{op:?} {:?} {:?} {what}", input.shape, input.dtype),
    };
    let (in_q, out_q) = quant.unzip();
    let mut m = OneOp::new();
    let x = m.input("x", &dims, input.dtype, in_q);
    let y = m.output("y", &dims, input.dtype, out_q);
    m.op(op, &[x], &[y], options);
    m.case(&name, vec![input])
}

/// Shapes of rank 0 to 5.
const SHAPES: [&[usize]; 6] = [&[], &[7], &[3, 5], &[2, 3, 4], &[1, 5, 7, 3], &[2, 1, 3, 2, 2]];

/// Random floats in `[low, high)` over each of [`SHAPES`], then `special` (values at the edges).
fn float_cases(op: BuiltinOp, (low, high): (f32, f32), special: &[f32], rng: &mut Rng) -> Vec<Case> {
    let mut cases: Vec<Case> = SHAPES
        .iter()
        .map(|shape| {
            let count: usize = shape.iter().product();
            let values: Vec<f32> = (0..count).map(|_| rng.float(low, high)).collect();
            case(op, Tensor::from_f32(shape, &values), None, &format!("in [{low}, {high})"))
        })
        .collect();
    cases.push(case(op, Tensor::from_f32(&[special.len()], special), None, "special values"));
    cases
}

/// Values every function takes: zeros of both signs, infinities, the extremes.
const EDGES: [f32; 7] = [0.0, -0.0, f32::INFINITY, f32::MAX, f32::MIN_POSITIVE, 1e-30, 1.0];

/// The `float_math` suite: the functions TFLM computes exactly, byte for byte.
pub fn float_math() -> Vec<Case> {
    let mut rng = Rng(0x3A7F);
    let negatives = [f32::NEG_INFINITY, f32::MIN, -1.0, -1e-30, -2.5];
    let halves = [0.5, -0.5, 1.5, -1.5, 2.5, -2.5, -0.25, 0.25, 1e7 + 0.5, -8_388_607.5, 8_388_609.0, 3.75];
    let with = |extra: &[f32]| -> Vec<f32> { EDGES.iter().chain(extra).copied().collect() };
    let mut cases = Vec::new();
    cases.extend(float_cases(BuiltinOp::Abs, (-100.0, 100.0), &with(&negatives), &mut rng));
    cases.extend(float_cases(BuiltinOp::Sqrt, (0.0, 1000.0), &EDGES, &mut rng));
    cases.extend(float_cases(BuiltinOp::Rsqrt, (0.0, 1000.0), &EDGES, &mut rng));
    cases.extend(float_cases(BuiltinOp::Square, (-1e20, 1e20), &with(&negatives), &mut rng));
    for op in [BuiltinOp::Floor, BuiltinOp::Ceil, BuiltinOp::Round] {
        cases.extend(float_cases(op, (-10.0, 10.0), &with(&[&negatives[..], &halves[..]].concat()), &mut rng));
    }
    cases
}

/// The `float_transcendental` suite: `EXP`, `LOG`, `SIN`, `COS` (the C library's functions).
pub fn float_transcendental() -> Vec<Case> {
    let mut rng = Rng(0x7A45);
    let mut cases = Vec::new();
    let exp_edges = [0.0, -0.0, 88.0, -87.0, -104.0, 89.0, f32::INFINITY, f32::NEG_INFINITY, 1e-30];
    cases.extend(float_cases(BuiltinOp::Exp, (-20.0, 20.0), &exp_edges, &mut rng));
    cases.extend(float_cases(BuiltinOp::Log, (0.0, 1000.0), &EDGES, &mut rng));
    let angles =
        [0.0, -0.0, 1.0, -1.0, std::f32::consts::PI, -std::f32::consts::FRAC_PI_2, 100.0, 12_345.678, -1e6, 1e-30];
    cases.extend(float_cases(BuiltinOp::Sin, (-10.0, 10.0), &angles, &mut rng));
    cases.extend(float_cases(BuiltinOp::Cos, (-10.0, 10.0), &angles, &mut rng));
    cases
}

/// The `float_elu` suite: `ELU` (`expm1` below zero, the identity elsewhere).
pub fn float_elu() -> Vec<Case> {
    let mut rng = Rng(0xE1E1);
    let edges =
        [0.0, -0.0, -1e-30, -1e-7, 1e-7, -0.5, -20.0, -104.0, f32::NEG_INFINITY, f32::INFINITY, f32::MIN, f32::MAX];
    let mut cases = float_cases(BuiltinOp::Elu, (-8.0, 8.0), &edges, &mut rng);
    let small: Vec<f32> = (0..24).map(|_| rng.float(-1e-3, 1e-3)).collect();
    cases.push(case(BuiltinOp::Elu, Tensor::from_f32(&[4, 6], &small), None, "near zero"));
    cases
}

/// The `int8_elu` suite: TFLM's 256-entry table over every input byte.
pub fn int8_elu() -> Vec<Case> {
    let q = |scale, zero_point| Quant::tensor(scale, zero_point);
    let mut cases = Vec::new();
    // Equal quantization; negatives only (input zero point 127) into [-1, 0); an output scale so
    // small that both ends saturate; an output that cannot reach -1 (it clamps at -128).
    let quants = [
        ((0.05, 0), (0.05, 0)),
        ((0.03, 127), (1.0 / 128.0, 127)),
        ((0.1, -128), (0.1, -128)),
        ((0.2, 10), (0.001, -3)),
        ((0.5, -20), (0.25, 100)),
        ((0.004, 60), (0.002, 0)),
        ((1.5, 3), (0.02, -128)),
    ];
    for ((in_s, in_z), (out_s, out_z)) in quants {
        cases.push(case(BuiltinOp::Elu, every_int8(), Some((q(in_s, in_z), q(out_s, out_z))), "every byte"));
    }
    cases
}

/// Every int8 value once (256 elements, as `[2, 8, 16]`).
fn every_int8() -> Tensor {
    let values: Vec<i8> = (-128..=127).collect();
    Tensor::from_i8(&[2, 8, 16], &values)
}

/// The `int8_abs_rsqrt` suite.
pub fn int8_abs_rsqrt() -> Vec<Case> {
    let q = |scale, zero_point| Quant::tensor(scale, zero_point);
    let mut cases = Vec::new();
    // Equal scales (no rescaling), then larger and smaller output scales; zero points at both ends.
    let abs = [
        ((0.05, 0), (0.05, 0)),
        ((0.05, -128), (0.05, 127)),
        ((0.1, 3), (0.1, -128)),
        ((0.02, 127), (0.05, -100)),
        ((0.3, -7), (0.01, 20)),
        ((1.5, 64), (2.0, -128)),
    ];
    for ((in_s, in_z), (out_s, out_z)) in abs {
        cases.push(case(BuiltinOp::Abs, every_int8(), Some((q(in_s, in_z), q(out_s, out_z))), "every byte"));
    }
    // RSQRT on the inputs at or above the zero point.
    let rsqrt = [
        ((0.0625, -128), (0.03125, -128)),
        ((0.01, 0), (0.1, -128)),
        ((1.0, -128), (0.004, -128)),
        ((0.5, 100), (0.02, 0)),
        ((0.002, -50), (1.0, 10)),
        ((0.2, 127), (0.05, 0)),
    ];
    for ((in_s, in_z), (out_s, out_z)) in rsqrt {
        let values: Vec<i8> = (in_z..=127).map(|v| v as i8).collect();
        let input = Tensor::from_i8(&[values.len()], &values);
        cases.push(case(BuiltinOp::Rsqrt, input, Some((q(in_s, in_z), q(out_s, out_z))), "every defined byte"));
    }
    cases
}

/// The `int16_abs` suite: every int16 value, quantized with zero points 0 (equal, larger and
/// smaller output scales) and plain (`-32768` stays itself, as in TFLM's `std::abs` cast back).
pub fn int16_abs() -> Vec<Case> {
    let values: Vec<i16> = (i16::MIN..=i16::MAX).collect();
    let every = || Tensor::from_i16(&[16, 64, 64], &values);
    let mut cases = Vec::new();
    for (in_s, out_s) in [(0.001, 0.001), (0.001, 0.0005), (0.0003, 0.002), (0.5, 0.25)] {
        let quant = (Quant::tensor(in_s, 0), Quant::tensor(out_s, 0));
        cases.push(case(BuiltinOp::Abs, every(), Some(quant), "every value"));
    }
    cases.push(case(BuiltinOp::Abs, every(), None, "plain, every value"));
    cases
}
