//! `CONCATENATION` against TFLite Micro: along every axis of rank-4 and rank-2 tensors,
//! positive and negative axes, two and three inputs of different sizes along the axis, int8 and
//! float; int16, int32, int64 and bool also with one input, rank 1, and TFLM's most inputs (10).

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{Activation, BuiltinOp, BuiltinOptions, ConcatenationOptions};

fn case(rng: &mut Rng, shapes: &[Vec<usize>], axis: i32, dtype: DType) -> Case {
    let rank = shapes[0].len();
    let along = if axis < 0 { (axis + rank as i32) as usize } else { axis as usize };
    let mut out: Vec<i32> = shapes[0].iter().map(|&d| d as i32).collect();
    out[along] = shapes.iter().map(|s| s[along] as i32).sum();
    let quant = match dtype {
        DType::Int8 => Some(Quant::tensor(0.07, -9)),
        DType::Int16 => Some(Quant::tensor(0.003, 0)),
        _ => None,
    };
    let mut m = OneOp::new();
    let inputs: Vec<i32> = shapes
        .iter()
        .enumerate()
        .map(|(i, s)| m.input(&format!("x{i}"), &s.iter().map(|&d| d as i32).collect::<Vec<_>>(), dtype, quant.clone()))
        .collect();
    let y = m.output("y", &out, dtype, quant);
    let options = ConcatenationOptions { axis, fused_activation: Activation::None };
    m.op(BuiltinOp::Concatenation, &inputs, &[y], BuiltinOptions::Concatenation(options));
    let data = shapes.iter().map(|s| Tensor::full_range(dtype, s, rng)).collect();
    m.case(&format!("concat {shapes:?} axis {axis} {dtype:?}"), data)
}

/// `count` shapes equal to `base` but for sizes `sizes[i]` along `axis`.
fn shapes(base: &[usize], axis: usize, sizes: &[usize]) -> Vec<Vec<usize>> {
    sizes
        .iter()
        .map(|&size| {
            let mut s = base.to_vec();
            s[axis] = size;
            s
        })
        .collect()
}

/// Every axis of a rank-4 and a rank-2 concatenation of `dtype`, positive and negative.
fn every_axis(rng: &mut Rng, dtype: DType) -> Vec<Case> {
    let mut cases = Vec::new();
    for axis in 0..4 {
        for sizes in [&[2, 3][..], &[1, 3, 2]] {
            cases.push(case(rng, &shapes(&[2, 3, 4, 5], axis, sizes), axis as i32, dtype));
        }
        cases.push(case(rng, &shapes(&[2, 3, 4, 5], axis, &[2, 1]), axis as i32 - 4, dtype));
    }
    for axis in 0..2 {
        cases.push(case(rng, &shapes(&[3, 7], axis, &[4, 1, 2]), axis as i32, dtype));
    }
    cases
}

/// The `concatenation` suite.
pub fn concatenation() -> Vec<Case> {
    let mut rng = Rng(0xCA7);
    [DType::Int8, DType::Float32].into_iter().flat_map(|dtype| every_axis(&mut rng, dtype)).collect()
}

/// Every axis, one input, rank 1, and 10 inputs, for each of `dtypes`.
fn every_axis_and_edges(seed: u64, dtypes: [DType; 2]) -> Vec<Case> {
    let mut rng = Rng(seed);
    let mut cases = Vec::new();
    for dtype in dtypes {
        cases.extend(every_axis(&mut rng, dtype));
        cases.push(case(&mut rng, &shapes(&[2, 3], 1, &[3]), 1, dtype));
        cases.push(case(&mut rng, &shapes(&[1], 0, &[3, 1, 4]), 0, dtype));
        cases.push(case(&mut rng, &shapes(&[2, 3, 4], 1, &[1, 2, 1, 3, 1, 2, 1, 1, 2, 1]), -2, dtype));
    }
    cases
}

/// The `int16_and_int32_concatenation` suite: every axis, one input, rank 1, and 10 inputs.
pub fn int16_and_int32_concatenation() -> Vec<Case> {
    every_axis_and_edges(0xCA716, [DType::Int16, DType::Int32])
}

/// The `int64_and_bool_concatenation` suite: the same cases of int64 and bool elements, which the
/// installed TFLite Micro concatenates too.
pub fn int64_and_bool_concatenation() -> Vec<Case> {
    every_axis_and_edges(0xCA764, [DType::Int64, DType::Bool])
}
