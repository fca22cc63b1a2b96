//! `MAXIMUM` and `MINIMUM` against TFLite Micro: f32, int8, int16, int32 and int64, byte for
//! byte (the kernels select one of the inputs, so floats too). Same shapes and numpy
//! broadcasting up to rank 5 (scalars on either side, lower rank, both sides broadcast), integer
//! inputs over their whole range (the extremes first, then uniform) and inputs drawn from a few
//! values so that ties are frequent; quantized cases share one random scale and zero point, and a
//! few quantize each operand and the result differently (TFLM checks nothing and compares the
//! stored values; so does mc).

use super::binary::{broadcast, dims};
use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{BuiltinOp, BuiltinOptions};

const OPS: [BuiltinOp; 2] = [BuiltinOp::Maximum, BuiltinOp::Minimum];

/// Same shapes, scalars on either side, lower rank, both sides broadcast, rank 5.
const SHAPES: [(&[usize], &[usize]); 9] = [
    (&[1, 5, 7, 3], &[1, 5, 7, 3]),
    (&[2, 3, 4, 5], &[]),
    (&[], &[4, 9]),
    (&[1], &[2, 3, 5]),
    (&[2, 3, 5, 6], &[1, 1, 1, 6]),
    (&[5, 6], &[2, 3, 5, 6]),
    (&[3, 1], &[1, 4]),
    (&[2, 1, 4, 1], &[1, 3, 1, 5]),
    (&[2, 1, 3, 1, 2], &[1, 2, 1, 2, 1]),
];

/// `op` on `inputs` (of `dtype`, quantized as `quant` or not).
fn case(op: BuiltinOp, dtype: DType, quant: Option<Quant>, inputs: [Tensor; 2], what: &str) -> Case {
    let (a, b) = (inputs[0].shape.clone(), inputs[1].shape.clone());
    let out = broadcast(&a, &b);
    let name = match &quant {
        Some(q) => format!("{op:?} {a:?} {b:?} {dtype:?} ({}, {}) {what}", q.scales[0], q.zero_points[0]),
        None => format!("{op:?} {a:?} {b:?} {dtype:?} {what}"),
    };
    let mut m = OneOp::new();
    let x = m.input("x", &dims(&a), dtype, quant.clone());
    let y = m.input("y", &dims(&b), dtype, quant.clone());
    let z = m.output("z", &dims(&out), dtype, quant);
    m.op(op, &[x, y], &[z], BuiltinOptions::MaximumMinimum);
    m.case(&name, inputs.into())
}

/// Both operators on full-range `dtype` operands and a result of three different quantizations.
fn unequally_quantized(dtype: DType, quants: [Quant; 3], rng: &mut Rng) -> Vec<Case> {
    OPS.map(|op| {
        let [x_q, y_q, z_q] = quants.clone();
        let name = format!("{op:?} {dtype:?} quantized {x_q:?} {y_q:?} -> {z_q:?}");
        let mut m = OneOp::new();
        let x = m.input("x", &[2, 3, 4], dtype, Some(x_q));
        let y = m.input("y", &[3, 4], dtype, Some(y_q));
        let z = m.output("z", &[2, 3, 4], dtype, Some(z_q));
        m.op(op, &[x, y], &[z], BuiltinOptions::MaximumMinimum);
        m.case(&name, vec![Tensor::full_range(dtype, &[2, 3, 4], rng), Tensor::full_range(dtype, &[3, 4], rng)])
    })
    .into()
}

/// Every shape of [`SHAPES`] for both operators on full-range inputs, and cases whose inputs
/// take only a few values (ties); `quant` gives each case its quantization.
fn cases_of(dtype: DType, seed: u64, quant: &mut dyn FnMut(&mut Rng) -> Option<Quant>) -> Vec<Case> {
    let mut rng = Rng(seed);
    let mut cases = Vec::new();
    for op in OPS {
        for (a, b) in SHAPES {
            let q = quant(&mut rng);
            let inputs = [Tensor::full_range(dtype, a, &mut rng), Tensor::full_range(dtype, b, &mut rng)];
            cases.push(case(op, dtype, q, inputs, "full range"));
        }
        // Ties: values in -2..=2 (floats: the same, and signed zeros).
        for (a, b) in [(&[4usize, 9][..], &[4usize, 9][..]), (&[2, 3, 8], &[8])] {
            let q = quant(&mut rng);
            let few = |rng: &mut Rng, shape: &[usize]| {
                let count: usize = shape.iter().product();
                let values: Vec<i64> = (0..count).map(|_| rng.range(-2, 2)).collect();
                match dtype {
                    DType::Float32 => {
                        let floats: Vec<f32> =
                            values.iter().map(|&v| if v == -2 { -0.0 } else { v as f32 * 0.5 }).collect();
                        Tensor::from_f32(shape, &floats)
                    }
                    _ => Tensor::from_ints(dtype, shape, &values),
                }
            };
            let inputs = [few(&mut rng, a), few(&mut rng, b)];
            cases.push(case(op, dtype, q, inputs, "ties"));
        }
    }
    cases
}

/// The `float_maximum_minimum` suite: floats in [-1, 1) and ties.
pub fn float_maximum_minimum() -> Vec<Case> {
    cases_of(DType::Float32, 0xF3A4, &mut |_| None)
}

/// The `int8_maximum_minimum` suite: random shared quantization, zero points at both ends; and
/// unequal quantizations.
pub fn int8_maximum_minimum() -> Vec<Case> {
    let mut cases =
        cases_of(DType::Int8, 0x83A4, &mut |rng| Some(Quant::tensor(rng.float(0.01, 0.2), rng.range(-128, 127))));
    let quants = [Quant::tensor(0.05, 3), Quant::tensor(0.1, -2), Quant::tensor(0.07, 1)];
    cases.extend(unequally_quantized(DType::Int8, quants, &mut Rng(0x83A5)));
    cases
}

/// The `int16_maximum_minimum` suite: random shared quantization with any zero point (TFLM
/// compares stored values, so int16 needs no zero point 0); and unequal quantizations.
pub fn int16_maximum_minimum() -> Vec<Case> {
    let mut cases = cases_of(DType::Int16, 0x163A4, &mut |rng| {
        Some(Quant::tensor(rng.float(0.0002, 0.005), rng.range(-20_000, 20_000)))
    });
    let quants = [Quant::tensor(0.001, 0), Quant::tensor(0.002, 5), Quant::tensor(0.0005, -7)];
    cases.extend(unequally_quantized(DType::Int16, quants, &mut Rng(0x163A5)));
    cases
}

/// The `int32_maximum_minimum` suite: plain int32 over the whole range.
pub fn int32_maximum_minimum() -> Vec<Case> {
    cases_of(DType::Int32, 0x323A4, &mut |_| None)
}

/// The `int64_maximum_minimum` suite: plain int64 over the whole range.
pub fn int64_maximum_minimum() -> Vec<Case> {
    cases_of(DType::Int64, 0x643A4, &mut |_| None)
}
