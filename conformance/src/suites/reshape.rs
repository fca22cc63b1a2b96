//! `RESHAPE` against TFLite Micro: the new shape from a constant shape operand (with and without a
//! matching `new_shape` option), from the option alone, with one `-1` dimension, to and from
//! rank 1 and rank 5; float, int8, uint8, int16, int32, int64 and bool. A reshape is a view: each case copies its
//! input's bytes; int16 and int32 also through a view that a concatenation writes and a pad
//! reads. Reshapes to another quantization are in `requantized_moves`.

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{Activation, BuiltinOp, BuiltinOptions, ConcatenationOptions, ReshapeOptions};

/// The quantization a reshape of `dtype` keeps (none for float and int32).
fn quantization(dtype: DType) -> Option<Quant> {
    match dtype {
        DType::Int8 => Some(Quant::tensor(0.5, -3)),
        DType::UInt8 => Some(Quant::tensor(0.5, 128)),
        DType::Int16 => Some(Quant::tensor(0.003, 0)),
        _ => None,
    }
}

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
    let quant = quantization(dtype);
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
    m.case(&format!("reshape {from:?} -> {to:?} {given:?} {dtype:?}"), vec![Tensor::full_range(dtype, from, rng)])
}

/// Every reshape of [`SHAPES`] on each of `dtypes`, the new shape given each way in turn.
fn cases(rng: &mut Rng, dtypes: &[DType]) -> Vec<Case> {
    let mut cases = Vec::new();
    for &dtype in dtypes {
        for (index, (from, to)) in SHAPES.into_iter().enumerate() {
            let given = [Given::Both, Given::Operand, Given::Option][index % 3];
            cases.push(case(rng, from, to, given, dtype));
        }
    }
    cases
}

/// Input shapes and the new shapes they take.
const SHAPES: [(&[usize], &[i32]); 5] = [
    (&[1, 2, 3, 4], &[6, 4]),
    (&[2, 3, 4], &[-1]),
    (&[24], &[2, -1, 3]),
    (&[1, 1, 1, 10], &[1, 10]),
    (&[2, 1, 3, 2, 2], &[4, 6]),
];

/// The `reshape` suite.
pub fn reshape() -> Vec<Case> {
    cases(&mut Rng(0x5E5A), &[DType::Float32, DType::Int8])
}

/// `concatenation -> reshape -> pad` of `dtype`: the concatenation writes a reshaped view of the
/// pad's input.
fn through_a_view(rng: &mut Rng, dtype: DType) -> Case {
    let q = quantization(dtype);
    let mut m = OneOp::new();
    let a = m.input("a", &[2, 3], dtype, q.clone());
    let b = m.input("b", &[2, 5], dtype, q.clone());
    let joined = m.intermediate("joined", &[2, 8], dtype, q.clone());
    let options = ConcatenationOptions { axis: 1, fused_activation: Activation::None };
    m.op(BuiltinOp::Concatenation, &[a, b], &[joined], BuiltinOptions::Concatenation(options));
    let shape = m.constant_i32("shape", &[2], &[4, 4], None);
    let square = m.intermediate("square", &[4, 4], dtype, q.clone());
    m.op(BuiltinOp::Reshape, &[joined, shape], &[square], BuiltinOptions::Reshape(ReshapeOptions { new_shape: None }));
    let paddings = m.constant_i32("paddings", &[2, 2], &[1, 0, 0, 2], None);
    let y = m.output("y", &[5, 6], dtype, q);
    m.op(BuiltinOp::Pad, &[square, paddings], &[y], BuiltinOptions::Pad);
    let inputs = vec![Tensor::full_range(dtype, &[2, 3], rng), Tensor::full_range(dtype, &[2, 5], rng)];
    m.case(&format!("concatenation -> reshape -> pad {dtype:?}"), inputs)
}

/// The `int16_and_int32_reshape` suite.
pub fn int16_and_int32_reshape() -> Vec<Case> {
    let mut rng = Rng(0x5E5A16);
    let mut cases = cases(&mut rng, &[DType::Int16, DType::Int32]);
    cases.extend([DType::Int16, DType::Int32].map(|dtype| through_a_view(&mut rng, dtype)));
    cases
}

/// The `int64_and_bool_reshape` suite (TFLite Micro's `RESHAPE` copies bytes of any type).
pub fn int64_and_bool_reshape() -> Vec<Case> {
    cases(&mut Rng(0x5E5A64), &[DType::Int64, DType::Bool])
}

/// The `uint8_reshape` suite: TFLite Micro's `RESHAPE` takes the uint8 tensors its other kernels
/// refuse (a model's uint8 input reshaped before its `QUANTIZE` to int8).
pub fn uint8_reshape() -> Vec<Case> {
    cases(&mut Rng(0x5E5A08), &[DType::UInt8])
}
