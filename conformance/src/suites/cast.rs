//! `CAST` against TFLite Micro: every pair of the types its kernel converts between (f32,
//! int8, int16, int32, bool), on values that reach each type's edges: fractions of both signs
//! (truncated toward zero), floats beyond the integer ranges (saturated), NaN (0) and
//! infinities, integers that wrap when narrowed, zeros (false) and non-zeros (true).

use super::binary::dims;
use crate::models::OneOp;
use crate::{Case, DType, Tensor};
use mc_tflite::{BuiltinOp, BuiltinOptions, CastOptions};

/// The types TFLite Micro's `CAST` takes on either side that mc compiles.
const TYPES: [DType; 5] = [DType::Float32, DType::Int8, DType::Int16, DType::Int32, DType::Bool];

/// Inputs of `dtype` with its edge values.
fn input(dtype: DType) -> Tensor {
    match dtype {
        DType::Float32 => {
            let values = [
                0.0,
                -0.0,
                0.75,
                -0.75,
                1.5,
                -2.5,
                127.9,
                -128.9,
                300.7,
                -300.7,
                40000.5,
                -40000.5,
                16777217.0,
                3e9,
                -3e9,
                f32::NAN,
                f32::INFINITY,
                f32::NEG_INFINITY,
            ];
            Tensor::from_f32(&[2, 9], &values)
        }
        DType::Bool => Tensor::from_bools(&[2, 3], &[true, false, true, true, false, false]),
        _ => {
            let values = [
                0,
                1,
                -1,
                127,
                -128,
                128,
                -129,
                255,
                300,
                -300,
                32767,
                -32768,
                40000,
                -40000,
                16777217,
                i64::from(i32::MAX),
                i64::from(i32::MIN),
                2,
            ];
            Tensor::from_ints(dtype, &[3, 6], &values)
        }
    }
}

/// CAST of `from`'s edge values to `to`.
fn case(from: DType, to: DType) -> Case {
    let x = input(from);
    let shape = dims(&x.shape);
    let mut m = OneOp::new();
    let a = m.input("x", &shape, from, None);
    let y = m.output("y", &shape, to, None);
    let options = CastOptions { in_data_type: from.tflite(), out_data_type: to.tflite() };
    m.op(BuiltinOp::Cast, &[a], &[y], BuiltinOptions::Cast(options));
    m.case(&format!("Cast {from:?} -> {to:?}"), vec![x])
}

/// The `cast_every_pair` suite.
pub fn cast_every_pair() -> Vec<Case> {
    TYPES.iter().flat_map(|&from| TYPES.iter().map(move |&to| case(from, to))).collect()
}
