//! `RESHAPE` against TFLite Micro: the new shape from a constant shape operand (with and without a
//! matching `new_shape` option), from the option alone, with one `-1` dimension, to and from
//! rank 1 and rank 5; float and int8. A reshape is a view: each case copies its input's bytes.

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{BuiltinOp, BuiltinOptions, ReshapeOptions};

/// How the case states the new shape.
#[derive(Clone, Copy, Debug)]
enum Given {
    /// A constant shape operand, and the same list as `new_shape`.
    Both,
    /// A constant shape operand only.
    Operand,
    /// The `new_shape` option only.
    Option,
}

fn case(rng: &mut Rng, from: &[usize], to: &[i32], given: Given, dtype: DType) -> Case {
    let quant = (dtype == DType::Int8).then(|| Quant::tensor(0.5, -3));
    let count: usize = from.iter().product();
    let known: i32 = to.iter().filter(|&&d| d != -1).product();
    let out: Vec<i32> = to.iter().map(|&d| if d == -1 { count as i32 / known } else { d }).collect();
    let mut m = OneOp::new();
    let x = m.input("x", &from.iter().map(|&d| d as i32).collect::<Vec<_>>(), dtype, quant.clone());
    let mut inputs = vec![x];
    if !matches!(given, Given::Option) {
        inputs.push(m.constant_i32("shape", &[to.len() as i32], to, None));
    }
    let y = m.output("y", &out, dtype, quant);
    let new_shape = (!matches!(given, Given::Operand)).then(|| to.to_vec());
    m.op(BuiltinOp::Reshape, &inputs, &[y], BuiltinOptions::Reshape(ReshapeOptions { new_shape }));
    m.case(&format!("reshape {from:?} -> {to:?} {given:?} {dtype:?}"), vec![Tensor::random(dtype, from, rng)])
}

/// The `reshape` suite.
pub fn reshape() -> Vec<Case> {
    let mut rng = Rng(0x5E5A);
    let shapes: [(&[usize], &[i32]); 5] = [
        (&[1, 2, 3, 4], &[6, 4]),
        (&[2, 3, 4], &[-1]),
        (&[24], &[2, -1, 3]),
        (&[1, 1, 1, 10], &[1, 10]),
        (&[2, 1, 3, 2, 2], &[4, 6]),
    ];
    let mut cases = Vec::new();
    for dtype in [DType::Float32, DType::Int8] {
        for (index, (from, to)) in shapes.into_iter().enumerate() {
            let given = [Given::Both, Given::Operand, Given::Option][index % 3];
            cases.push(case(&mut rng, from, to, given, dtype));
        }
    }
    cases
}
