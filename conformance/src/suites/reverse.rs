//! `REVERSE_V2` against TFLite Micro: one axis and blocks of contiguous axes (negative ones
//! counting from the end), ranks 1 to 6; float, int8, uint8, int16, int32, int64 and bool elements.
//! (TFLite Micro refuses axes that are not contiguous; mc too, see the lit tests.)

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{BuiltinOp, BuiltinOptions};

fn case(rng: &mut Rng, shape: &[usize], axes: &[i32], dtype: DType) -> Case {
    let quant = match dtype {
        DType::Int8 => Some(Quant::tensor(0.5, -3)),
        DType::UInt8 => Some(Quant::tensor(0.5, 128)),
        DType::Int16 => Some(Quant::tensor(0.003, 0)),
        _ => None,
    };
    let dims: Vec<i32> = shape.iter().map(|&d| d as i32).collect();
    let mut m = OneOp::new();
    let x = m.input("x", &dims, dtype, quant.clone());
    let a = m.constant_i32("axes", &[axes.len() as i32], axes, None);
    let y = m.output("y", &dims, dtype, quant);
    m.op(BuiltinOp::ReverseV2, &[x, a], &[y], BuiltinOptions::ReverseV2);
    m.case(&format!("reverse_v2 {shape:?} axes {axes:?} {dtype:?}"), vec![Tensor::full_range(dtype, shape, rng)])
}

/// Shapes and the axes they are reversed along.
const LAYOUTS: [(&[usize], &[i32]); 7] = [
    (&[7], &[0]),
    (&[3, 4], &[1]),
    (&[3, 4], &[-2]),
    (&[2, 3, 4], &[1, 2]),
    (&[2, 3, 4, 2], &[2, 0, 1]),
    (&[2, 2, 3, 2, 3], &[-2]),
    (&[1, 2, 2, 3, 2, 2], &[3, 4]),
];

fn cases(seed: u64, dtypes: &[DType]) -> Vec<Case> {
    let mut rng = Rng(seed);
    let mut cases = Vec::new();
    for &dtype in dtypes {
        for (shape, axes) in LAYOUTS {
            cases.push(case(&mut rng, shape, axes, dtype));
        }
    }
    cases
}

/// The `reverse_v2` suite.
pub fn reverse_v2() -> Vec<Case> {
    cases(0x2E7, &[DType::Float32, DType::Int8, DType::UInt8, DType::Int32, DType::Int64])
}

/// The `int16_reverse_v2` suite.
pub fn int16_reverse_v2() -> Vec<Case> {
    cases(0x2E716, &[DType::Int16])
}

/// The `bool_reverse_v2` suite.
pub fn bool_reverse_v2() -> Vec<Case> {
    cases(0x2E7B0, &[DType::Bool])
}
