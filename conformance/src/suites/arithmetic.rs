//! `DIV`, `FLOOR_DIV`, `FLOOR_MOD`, `SQUARED_DIFFERENCE` and `ADD_N` against TFLite Micro, byte
//! for byte (every float result here is exactly rounded: a quotient, a floored quotient, `fmod`,
//! a square, a sum).
//!
//! Same shapes and numpy broadcasting (scalars on either side, lower rank, both sides broadcast,
//! rank 5 for `DIV`, rank 4 for the others, which TFLM broadcasts through
//! `BroadcastBinaryFunction4DSlow`; equal shapes of rank 5), every fused activation of `DIV`,
//! float divisors of both signs, tiny and huge (zeros only for `DIV`, whose float kernel divides
//! by them, while TFLM's `FLOOR_DIV` fails; `FLOOR_MOD`'s remainders of every sign
//! combination), int32 quotients of both signs (C's truncation), int8 quotients of every pair
//! of values under several scales, int8 and int16 squared differences with random scales (one input scale larger, then the
//! other), zero points at both ends (int16: 0, as TFLM requires) and saturating outputs, and
//! sums of two to five tensors.

use super::binary::{broadcast, dims};
use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{Activation, BuiltinOp, BuiltinOptions, DivOptions};

/// Same shapes, scalars on either side, lower rank, both sides broadcast (rank 4).
const SHAPES: [(&[usize], &[usize]); 8] = [
    (&[1, 5, 7, 3], &[1, 5, 7, 3]),
    (&[2, 3, 4, 5], &[]),
    (&[], &[4, 9]),
    (&[1], &[2, 3, 5]),
    (&[2, 3, 5, 6], &[1, 1, 1, 6]),
    (&[5, 6], &[2, 3, 5, 6]),
    (&[3, 1], &[1, 4]),
    (&[2, 1, 4, 1], &[1, 3, 1, 5]),
];

/// Shapes of rank 5: equal (every op), broadcast (`DIV` only).
const RANK5_SAME: (&[usize], &[usize]) = (&[2, 1, 3, 2, 2], &[2, 1, 3, 2, 2]);
const RANK5_BROADCAST: (&[usize], &[usize]) = (&[2, 1, 3, 1, 2], &[1, 2, 1, 2, 1]);

/// `op` (with `options`) on `inputs` of `dtype`, quantized as `quants` (lhs, rhs, output).
fn case(
    op: BuiltinOp,
    options: BuiltinOptions<'_>,
    inputs: [Tensor; 2],
    quants: Option<[Quant; 3]>,
    what: &str,
) -> Case {
    let (a, b) = (inputs[0].shape.clone(), inputs[1].shape.clone());
    let dtype = inputs[0].dtype;
    let out = broadcast(&a, &b);
    let name = match &quants {
        Some(q) => {
            let q: Vec<(f32, i64)> = q.iter().map(|q| (q.scales[0], q.zero_points[0])).collect();
            format!("{op:?} {a:?} {b:?} {dtype:?} {options:?} {q:?} {what}")
        }
        None => format!("{op:?} {a:?} {b:?} {dtype:?} {options:?} {what}"),
    };
    let [qa, qb, qo] = match quants {
        Some([qa, qb, qo]) => [Some(qa), Some(qb), Some(qo)],
        None => [None, None, None],
    };
    let mut m = OneOp::new();
    let x = m.input("x", &dims(&a), dtype, qa);
    let y = m.input("y", &dims(&b), dtype, qb);
    let z = m.output("z", &dims(&out), dtype, qo);
    m.op(op, &[x, y], &[z], options);
    m.case(&name, inputs.into())
}

/// `DivOptions` with `activation`.
fn div(activation: Activation) -> BuiltinOptions<'static> {
    BuiltinOptions::Div(DivOptions { fused_activation: activation })
}

/// Random floats of `shape`: magnitudes from 1e-3 to 1e3, both signs.
fn floats(shape: &[usize], rng: &mut Rng) -> Tensor {
    let count: usize = shape.iter().product();
    let values: Vec<f32> = (0..count)
        .map(|_| {
            let magnitude = 10f32.powf(rng.float(-3.0, 3.0));
            if rng.range(0, 1) == 0 { magnitude } else { -magnitude }
        })
        .collect();
    Tensor::from_f32(shape, &values)
}

/// Random int32 values of `shape` in `[low, high]` without 0 when `nonzero`.
fn ints(shape: &[usize], (low, high): (i64, i64), nonzero: bool, rng: &mut Rng) -> Tensor {
    let count: usize = shape.iter().product();
    let values: Vec<i64> = (0..count)
        .map(|_| {
            loop {
                let v = rng.range(low, high);
                if !(nonzero && v == 0) {
                    break v;
                }
            }
        })
        .collect();
    Tensor::from_ints(DType::Int32, shape, &values)
}

const ACTIVATIONS: [Activation; 4] = [Activation::None, Activation::Relu, Activation::Relu6, Activation::ReluN1To1];

/// The `float_division` suite: `DIV`, `FLOOR_DIV`, `FLOOR_MOD`.
pub fn float_division() -> Vec<Case> {
    let mut rng = Rng(0xD1F);
    let mut cases = Vec::new();
    for (a, b) in SHAPES.into_iter().chain([RANK5_SAME]) {
        for op in [BuiltinOp::Div, BuiltinOp::FloorDiv, BuiltinOp::FloorMod] {
            let options = BuiltinOptions::schema_defaults(op);
            let inputs = [floats(a, &mut rng), floats(b, &mut rng)];
            cases.push(case(op, options, inputs, None, "random"));
        }
    }
    let inputs = [floats(RANK5_BROADCAST.0, &mut rng), floats(RANK5_BROADCAST.1, &mut rng)];
    cases.push(case(BuiltinOp::Div, div(Activation::None), inputs, None, "rank 5 broadcast"));
    for activation in ACTIVATIONS {
        let inputs = [floats(&[2, 3, 4], &mut rng), floats(&[4], &mut rng)];
        cases.push(case(BuiltinOp::Div, div(activation), inputs, None, "activation"));
    }
    // Small quotients around the integers (floor_div's edges), signed zeros, infinities; for
    // div also zero divisors (infinities, NaN).
    let x = [7.0, -7.0, 6.0, -6.0, 0.0, -0.0, 1e-30, f32::INFINITY, f32::MAX, 0.3, -0.3, 5.0];
    let y = [2.0, 2.0, -3.0, 3.0, 5.0, -5.0, 1e30, 3.0, 0.5, 0.1, 0.1, f32::INFINITY];
    let special = || [Tensor::from_f32(&[12], &x), Tensor::from_f32(&[12], &y)];
    cases.push(case(BuiltinOp::FloorDiv, BuiltinOptions::FloorDiv, special(), None, "edges"));
    cases.push(case(BuiltinOp::FloorMod, BuiltinOptions::FloorMod, special(), None, "edges"));
    cases.push(case(BuiltinOp::Div, div(Activation::None), special(), None, "edges"));
    let zeros = [Tensor::from_f32(&[4], &[1.0, -1.0, 0.0, 2.5]), Tensor::from_f32(&[4], &[0.0, 0.0, 0.0, -0.0])];
    cases.push(case(BuiltinOp::Div, div(Activation::None), zeros, None, "zero divisors"));
    cases
}

/// The `int32_div` suite: C's truncating quotients of both signs, every activation.
pub fn int32_div() -> Vec<Case> {
    let mut rng = Rng(0x32D1);
    let mut cases = Vec::new();
    let (wide, narrow) = ((-(1i64 << 30), 1i64 << 30), (-100, 100));
    for (a, b) in SHAPES.into_iter().chain([RANK5_SAME, RANK5_BROADCAST]) {
        let inputs = [ints(a, wide, false, &mut rng), ints(b, narrow, true, &mut rng)];
        cases.push(case(BuiltinOp::Div, div(Activation::None), inputs, None, "random"));
    }
    for activation in ACTIVATIONS {
        let inputs = [ints(&[3, 8], (-40, 40), false, &mut rng), ints(&[8], (-7, 7), true, &mut rng)];
        cases.push(case(BuiltinOp::Div, div(activation), inputs, None, "activation"));
    }
    let x = [i64::from(i32::MIN), i64::from(i32::MAX), 7, -7, 7, -7, 0, 1];
    let y = [1, -1, 2, 2, -2, -2, 5, i64::from(i32::MIN)];
    let inputs = [Tensor::from_ints(DType::Int32, &[8], &x), Tensor::from_ints(DType::Int32, &[8], &y)];
    cases.push(case(BuiltinOp::Div, div(Activation::None), inputs, None, "edges"));
    cases
}

/// Every pair of int8 values `(x, y)`, as two tensors of 65536 elements.
fn all_int8_pairs() -> [Tensor; 2] {
    let pairs: Vec<(i8, i8)> = (-128..=127).flat_map(|x| (-128..=127).map(move |y| (x, y))).collect();
    let (x, y): (Vec<i8>, Vec<i8>) = pairs.into_iter().unzip();
    [Tensor::from_i8(&[65536], &x), Tensor::from_i8(&[65536], &y)]
}

/// The `int8_div` suite: every pair of int8 values under scales whose quotients land in range,
/// saturate, or round to zero (shift counts above 31, where the interpreter's x86-64 shifts
/// decide), zero points at both ends (divisors at their zero point included), every
/// activation, and broadcasting up to rank 5.
pub fn int8_div() -> Vec<Case> {
    let mut rng = Rng(0x8D1F);
    let mut cases = Vec::new();
    let q = |s: f32, z: i64| Quant::tensor(s, z);
    // (x, y, output) quantizations: a ratio of 25, of 250 (saturating), of 6.7, of 1e-3
    // (every quotient rounds to zero), of 1 with the output's zero point at the bottom.
    let exhaustive = [
        [q(0.05, 3), q(0.02, -7), q(0.1, 5)],
        [q(0.5, -128), q(0.01, 127), q(0.2, 0)],
        [q(0.01, 0), q(0.5, 0), q(0.003, -20)],
        [q(0.001, 100), q(1.0, -100), q(1.0, 0)],
        [q(1.0, 10), q(1.0, 20), q(0.004, -128)],
    ];
    for quants in exhaustive {
        cases.push(case(BuiltinOp::Div, div(Activation::None), all_int8_pairs(), Some(quants), "all pairs"));
    }
    let random_quant = |rng: &mut Rng| Quant::tensor(rng.float(0.002, 0.5), rng.range(-128, 127));
    for (a, b) in SHAPES.into_iter().chain([RANK5_SAME, RANK5_BROADCAST]) {
        let quants = [random_quant(&mut rng), random_quant(&mut rng), random_quant(&mut rng)];
        let inputs = [Tensor::full_range(DType::Int8, a, &mut rng), Tensor::full_range(DType::Int8, b, &mut rng)];
        cases.push(case(BuiltinOp::Div, div(Activation::None), inputs, Some(quants), "random"));
    }
    for activation in ACTIVATIONS {
        let quants = [q(0.05, -3), q(0.02, 4), q(0.05, -10)];
        let inputs =
            [Tensor::full_range(DType::Int8, &[3, 8], &mut rng), Tensor::full_range(DType::Int8, &[8], &mut rng)];
        cases.push(case(BuiltinOp::Div, div(activation), inputs, Some(quants), "activation"));
    }
    cases
}

/// The `float_int32_squared_difference` suite.
pub fn float_int32_squared_difference() -> Vec<Case> {
    let mut rng = Rng(0x5D1F);
    let mut cases = Vec::new();
    for (a, b) in SHAPES.into_iter().chain([RANK5_SAME]) {
        let inputs = [floats(a, &mut rng), floats(b, &mut rng)];
        cases.push(case(BuiltinOp::SquaredDifference, BuiltinOptions::SquaredDifference, inputs, None, "random"));
        // |x - y| below 46341: the square fits an int32.
        let inputs = [ints(a, (-20_000, 20_000), false, &mut rng), ints(b, (-20_000, 20_000), false, &mut rng)];
        cases.push(case(BuiltinOp::SquaredDifference, BuiltinOptions::SquaredDifference, inputs, None, "random"));
    }
    cases
}

/// Quantized squared differences of `dtype` over [`SHAPES`]; `quant` draws each case's
/// quantizations (lhs, rhs, output).
fn quantized_squared_difference(dtype: DType, seed: u64, quant: &mut dyn FnMut(&mut Rng) -> [Quant; 3]) -> Vec<Case> {
    let mut rng = Rng(seed);
    let mut cases = Vec::new();
    for (a, b) in SHAPES.into_iter().chain([RANK5_SAME]) {
        let q = quant(&mut rng);
        let inputs = [Tensor::full_range(dtype, a, &mut rng), Tensor::full_range(dtype, b, &mut rng)];
        cases.push(case(
            BuiltinOp::SquaredDifference,
            BuiltinOptions::SquaredDifference,
            inputs,
            Some(q),
            "full range",
        ));
    }
    cases
}

/// The `int8_squared_difference` suite: random scales (either input's the larger), zero points
/// at both ends, output scales that saturate and that do not.
pub fn int8_squared_difference() -> Vec<Case> {
    quantized_squared_difference(DType::Int8, 0x85D1, &mut |rng| {
        let zero_point = |rng: &mut Rng| if rng.range(0, 3) == 0 { 127 } else { rng.range(-128, 127) };
        [
            Quant::tensor(rng.float(0.005, 0.1), zero_point(rng)),
            Quant::tensor(rng.float(0.005, 0.1), zero_point(rng)),
            Quant::tensor(rng.float(0.01, 1.0), rng.range(-128, 127)),
        ]
    })
}

/// The `int16_squared_difference` suite: zero points 0 (TFLM's requirement), random scales.
pub fn int16_squared_difference() -> Vec<Case> {
    quantized_squared_difference(DType::Int16, 0x165D1, &mut |rng| {
        [
            Quant::tensor(rng.float(0.0001, 0.002), 0),
            Quant::tensor(rng.float(0.0001, 0.002), 0),
            Quant::tensor(rng.float(0.00005, 0.05), 0),
        ]
    })
}

/// `ADD_N` of `inputs` (one shape and type), quantized as `quants` (inputs, output).
fn add_n_quantized(inputs: Vec<Tensor>, quants: Option<(Quant, Quant)>, what: &str) -> Case {
    let (shape, dtype) = (inputs[0].shape.clone(), inputs[0].dtype);
    let name = match &quants {
        Some((i, o)) => format!(
            "AddN {} x {shape:?} {dtype:?} in ({}, {}) out ({}, {}) {what}",
            inputs.len(),
            i.scales[0],
            i.zero_points[0],
            o.scales[0],
            o.zero_points[0]
        ),
        None => format!("AddN {} x {shape:?} {dtype:?} {what}", inputs.len()),
    };
    let (in_q, out_q) = quants.unzip();
    let mut m = OneOp::new();
    let ids: Vec<i32> =
        (0..inputs.len()).map(|i| m.input(&format!("x{i}"), &dims(&shape), dtype, in_q.clone())).collect();
    let z = m.output("z", &dims(&shape), dtype, out_q);
    m.op(BuiltinOp::AddN, &ids, &[z], BuiltinOptions::AddN);
    m.case(&name, inputs)
}

/// `ADD_N` of float `inputs`.
fn add_n_case(inputs: Vec<Tensor>, what: &str) -> Case {
    add_n_quantized(inputs, None, what)
}

/// The `int8_add_n` suite: two to five inputs of one random quantization (zero points at both
/// ends), outputs of larger and smaller scales (saturating and not).
pub fn int8_add_n() -> Vec<Case> {
    let mut rng = Rng(0x8ADD);
    let shapes: [&[usize]; 5] = [&[], &[7], &[3, 5], &[2, 3, 4], &[1, 5, 7, 3]];
    let quants = [
        ((0.05, 0), (0.1, 0)),
        ((0.02, -128), (0.05, -128)),
        ((0.1, 127), (0.02, 10)),
        ((0.5, -3), (0.5, -3)),
        ((0.01, 40), (0.3, -100)),
    ];
    let mut cases = Vec::new();
    for ((count, shape), ((in_s, in_z), (out_s, out_z))) in (2..=6).zip(shapes).zip(quants) {
        let inputs = (0..count).map(|_| Tensor::full_range(DType::Int8, shape, &mut rng)).collect();
        let quant = (Quant::tensor(in_s, in_z), Quant::tensor(out_s, out_z));
        cases.push(add_n_quantized(inputs, Some(quant), "full range"));
    }
    cases
}

/// The `float_add_n` suite: two to five inputs (TFLM's `ADD_N` takes at least two), ranks 0 to
/// 5, signed zeros, overflow.
pub fn float_add_n() -> Vec<Case> {
    let mut rng = Rng(0xADD7);
    let shapes: [&[usize]; 6] = [&[], &[7], &[3, 5], &[2, 3, 4], &[1, 5, 7, 3], &[2, 1, 3, 2, 2]];
    let mut cases = Vec::new();
    for (count, shape) in (2..=5).zip(shapes.iter().skip(1)).chain([(3, &shapes[0]), (2, &shapes[5]), (4, &shapes[3])])
    {
        let inputs = (0..count).map(|_| floats(shape, &mut rng)).collect();
        cases.push(add_n_case(inputs, "random"));
    }
    let zeros = || Tensor::from_f32(&[2], &[-0.0, 0.0]);
    cases.push(add_n_case(vec![zeros(), zeros()], "signed zeros"));
    let huge = || Tensor::from_f32(&[2], &[f32::MAX, f32::MIN]);
    cases.push(add_n_case(vec![huge(), huge()], "overflow"));
    cases
}
