//! `EQUAL`, `NOT_EQUAL`, `LESS`, `LESS_EQUAL`, `GREATER` and `GREATER_EQUAL` against TFLite
//! Micro, bool outputs byte for byte: every element type TFLM's kernels take (f32, int32, int64,
//! quantized int8 for all six; bool for the two equalities), same shapes
//! and numpy broadcasting up to rank 6 (scalars on either side, lower rank, both sides
//! broadcast), inputs over the whole range and inputs drawn from a few values so that ties are
//! frequent (floats with signed zeros, infinities and NaN). Quantized operands have scales and
//! zero points of their own (TFLM rescales each before comparing), so values that are equal in
//! real terms are stored differently on the two sides.

use super::binary::{broadcast, dims};
use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{BuiltinOp, BuiltinOptions};

/// All six operators.
const ALL: [BuiltinOp; 6] = [
    BuiltinOp::Equal,
    BuiltinOp::NotEqual,
    BuiltinOp::Less,
    BuiltinOp::LessEqual,
    BuiltinOp::Greater,
    BuiltinOp::GreaterEqual,
];

/// Same shapes, scalars on either side, lower rank, both sides broadcast, ranks 5 and 6.
const SHAPES: [(&[usize], &[usize]); 7] = [
    (&[2, 5, 3], &[2, 5, 3]),
    (&[2, 3, 4], &[]),
    (&[], &[4, 5]),
    (&[5, 6], &[2, 3, 5, 6]),
    (&[3, 1], &[1, 4]),
    (&[2, 1, 3, 1, 2], &[1, 2, 1, 2, 1]),
    (&[2, 1, 2, 1, 2, 3], &[1, 2, 1, 2, 1, 1]),
];

/// The options table of `op`.
fn options(op: BuiltinOp) -> BuiltinOptions<'static> {
    BuiltinOptions::schema_defaults(op)
}

/// `op` on `inputs` (of `dtype`, each quantized as given).
fn case(op: BuiltinOp, dtype: DType, quants: [Option<Quant>; 2], inputs: [Tensor; 2], what: &str) -> Case {
    let (a, b) = (inputs[0].shape.clone(), inputs[1].shape.clone());
    let out = broadcast(&a, &b);
    let describe =
        |q: &Option<Quant>| q.as_ref().map_or(String::new(), |q| format!(" ({}, {})", q.scales[0], q.zero_points[0]));
    let name = format!("{op:?} {a:?}{} {b:?}{} {dtype:?} {what}", describe(&quants[0]), describe(&quants[1]));
    let [qa, qb] = quants;
    let mut m = OneOp::new();
    let x = m.input("x", &dims(&a), dtype, qa);
    let y = m.input("y", &dims(&b), dtype, qb);
    let z = m.output("z", &dims(&out), DType::Bool, None);
    m.op(op, &[x, y], &[z], options(op));
    m.case(&name, inputs.into())
}

/// Values in `-2..=2` of `dtype` (floats: halves, with `-0.0` for `-2`), so that ties are frequent.
fn few_values(dtype: DType, shape: &[usize], rng: &mut Rng) -> Tensor {
    let count: usize = shape.iter().product();
    let values: Vec<i64> = (0..count).map(|_| rng.range(-2, 2)).collect();
    match dtype {
        DType::Float32 => {
            let floats: Vec<f32> = values.iter().map(|&v| if v == -2 { -0.0 } else { v as f32 * 0.5 }).collect();
            Tensor::from_f32(shape, &floats)
        }
        DType::Bool => Tensor::from_ints(dtype, shape, &values.iter().map(|&v| i64::from(v > 0)).collect::<Vec<_>>()),
        _ => Tensor::from_ints(dtype, shape, &values),
    }
}

/// Every shape for every operator in `ops`, on full-range inputs and on few values; `quant` draws
/// each operand's quantization.
fn cases_of(ops: &[BuiltinOp], dtype: DType, seed: u64, quant: &mut dyn FnMut(&mut Rng) -> Option<Quant>) -> Vec<Case> {
    let mut rng = Rng(seed);
    let mut cases = Vec::new();
    for &op in ops {
        for (k, (a, b)) in SHAPES.iter().enumerate() {
            let quants = [quant(&mut rng), quant(&mut rng)];
            // Alternate full-range inputs and few values, so that both meet every shape.
            let (inputs, what) = if k % 2 == 0 {
                ([Tensor::full_range(dtype, a, &mut rng), Tensor::full_range(dtype, b, &mut rng)], "full range")
            } else {
                ([few_values(dtype, a, &mut rng), few_values(dtype, b, &mut rng)], "ties")
            };
            cases.push(case(op, dtype, quants, inputs, what));
        }
    }
    cases
}

/// An int8 quantization with a scale below 1 and any zero point.
fn random_quant(rng: &mut Rng) -> Option<Quant> {
    let scale = [0.0039, 0.05, 0.25, 0.5, 0.9999, 0.013][rng.range(0, 5) as usize];
    Some(Quant::tensor(scale, rng.range(-128, 127)))
}

/// The `float_comparisons` suite, with the special values: NaN (compares unequal to everything,
/// itself included), both zeros (equal), infinities.
pub fn float_comparisons() -> Vec<Case> {
    let mut cases = cases_of(&ALL, DType::Float32, 0xC0F, &mut |_| None);
    let special = [0.0, -0.0, f32::NAN, f32::INFINITY, f32::NEG_INFINITY, 1.0, f32::MIN, f32::MAX];
    let n = special.len();
    // Every pair of special values: x varies along the rows, y along the columns.
    let xs: Vec<f32> = (0..n * n).map(|i| special[i / n]).collect();
    let ys: Vec<f32> = (0..n * n).map(|i| special[i % n]).collect();
    for op in ALL {
        let inputs = [Tensor::from_f32(&[n, n], &xs), Tensor::from_f32(&[n, n], &ys)];
        cases.push(case(op, DType::Float32, [None, None], inputs, "special values"));
    }
    cases
}

/// The `int8_comparisons` suite: quantized int8 with a scale and zero point per operand, and
/// equal real values stored differently (3 at scale 0.5 against 6 at scale 0.25).
pub fn int8_comparisons() -> Vec<Case> {
    let mut cases = cases_of(&ALL, DType::Int8, 0x1C8, &mut random_quant);
    let xs: Vec<i64> = (-20..20).collect();
    let ys: Vec<i64> = xs.iter().map(|&x| 2 * x + 1).collect();
    for op in ALL {
        let quants = [Some(Quant::tensor(0.5, 0)), Some(Quant::tensor(0.25, 1))];
        let inputs = [Tensor::from_ints(DType::Int8, &[40], &xs), Tensor::from_ints(DType::Int8, &[40], &ys)];
        cases.push(case(op, DType::Int8, quants, inputs, "equal reals, two scales"));
    }
    cases
}

/// The `int32_comparisons` suite.
pub fn int32_comparisons() -> Vec<Case> {
    cases_of(&ALL, DType::Int32, 0x1C32, &mut |_| None)
}

/// The `int64_comparisons` suite.
pub fn int64_comparisons() -> Vec<Case> {
    cases_of(&ALL, DType::Int64, 0x1C64, &mut |_| None)
}

/// The `bool_equality` suite: `EQUAL` and `NOT_EQUAL` of booleans.
pub fn bool_equality() -> Vec<Case> {
    cases_of(&[BuiltinOp::Equal, BuiltinOp::NotEqual], DType::Bool, 0xB001, &mut |_| None)
}
