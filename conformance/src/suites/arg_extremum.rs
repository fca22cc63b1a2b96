//! `ARG_MAX` and `ARG_MIN` against TFLite Micro: f32 and int8 inputs (quantized or plain), int32
//! indices, the axis at every position of ranks 1 to 5 and negative, ties (the first index
//! wins), and for floats NaN, infinities and signed zeros.

use super::binary::dims;
use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{ArgMinMaxOptions, BuiltinOp, BuiltinOptions};

/// Input shapes and axes: every axis of ranks 1 to 4, negative axes, rank 5, a size-1 axis.
const SHAPES: [(&[usize], i32); 10] = [
    (&[7], 0),
    (&[4, 6], 0),
    (&[4, 6], 1),
    (&[3, 5, 4], -1),
    (&[3, 5, 4], 1),
    (&[2, 3, 4, 5], 0),
    (&[2, 3, 4, 5], -2),
    (&[1, 10, 10, 3], 3),
    (&[2, 1, 3, 2, 4], 2),
    (&[3, 1, 4], 1),
];

/// `op` along `axis` of `input` (quantized as `quant`).
fn case(op: BuiltinOp, input: Tensor, axis: i32, quant: Option<Quant>, what: &str) -> Case {
    let shape = input.shape.clone();
    let rank = shape.len() as i32;
    let normalized = if axis < 0 { axis + rank } else { axis } as usize;
    let out: Vec<usize> = shape.iter().enumerate().filter(|&(d, _)| d != normalized).map(|(_, &s)| s).collect();
    let mut m = OneOp::new();
    let x = m.input("x", &dims(&shape), input.dtype, quant);
    let a = m.constant_i32("axis", &[1], &[axis], None);
    let y = m.output("y", &dims(&out), DType::Int32, None);
    let options = ArgMinMaxOptions { output_type: mc_tflite::DType::Int32 };
    let options = match op {
        BuiltinOp::ArgMax => BuiltinOptions::ArgMax(options),
        _ => BuiltinOptions::ArgMin(options),
    };
    m.op(op, &[x, a], &[y], options);
    m.case(&format!("{op:?} {shape:?} axis {axis} {:?} {what}", input.dtype), vec![input])
}

/// Values in `-2..=2`, so that ties are frequent.
fn few_values(dtype: DType, shape: &[usize], rng: &mut Rng) -> Tensor {
    let count: usize = shape.iter().product();
    let values: Vec<i64> = (0..count).map(|_| rng.range(-2, 2)).collect();
    match dtype {
        DType::Float32 => Tensor::from_f32(shape, &values.iter().map(|&v| v as f32).collect::<Vec<_>>()),
        _ => Tensor::from_ints(dtype, shape, &values),
    }
}

/// Every shape and axis for both operators, on full-range inputs and on few values.
fn cases_of(dtype: DType, quant: Option<Quant>, seed: u64) -> Vec<Case> {
    let mut rng = Rng(seed);
    let mut cases = Vec::new();
    for op in [BuiltinOp::ArgMax, BuiltinOp::ArgMin] {
        for (k, (shape, axis)) in SHAPES.iter().enumerate() {
            let (input, what) = if k % 2 == 0 {
                (Tensor::full_range(dtype, shape, &mut rng), "full range")
            } else {
                (few_values(dtype, shape, &mut rng), "ties")
            };
            cases.push(case(op, input, *axis, quant.clone(), what));
        }
    }
    cases
}

/// The `float_arg_max_min` suite, with rows of special values: a leading NaN (never replaced), a
/// NaN later (never taken), infinities, both zeros (a tie: the first).
pub fn float_arg_max_min() -> Vec<Case> {
    let mut cases = cases_of(DType::Float32, None, 0xA4F);
    let nan = f32::NAN;
    let rows = [
        [nan, 1.0, 2.0, -1.0],
        [1.0, nan, 0.0, 3.0],
        [nan, nan, nan, nan],
        [f32::NEG_INFINITY, f32::INFINITY, 0.0, f32::INFINITY],
        [-0.0, 0.0, -0.0, 0.0],
        [f32::MAX, f32::MIN, f32::MIN_POSITIVE, -f32::MIN_POSITIVE],
    ];
    let values: Vec<f32> = rows.iter().flatten().copied().collect();
    for op in [BuiltinOp::ArgMax, BuiltinOp::ArgMin] {
        cases.push(case(op, Tensor::from_f32(&[6, 4], &values), 1, None, "special values"));
        cases.push(case(op, Tensor::from_f32(&[6, 4], &values), 0, None, "special values"));
    }
    cases
}

/// The `int8_arg_max_min` suite: quantized int8 (stored values compared) and one plain int8 case.
pub fn int8_arg_max_min() -> Vec<Case> {
    let mut cases = cases_of(DType::Int8, Some(Quant::tensor(0.1, -7)), 0xA48);
    let mut rng = Rng(0xA481);
    for op in [BuiltinOp::ArgMax, BuiltinOp::ArgMin] {
        cases.push(case(op, Tensor::random(DType::Int8, &[3, 9], &mut rng), -1, None, "plain int8"));
    }
    cases
}
