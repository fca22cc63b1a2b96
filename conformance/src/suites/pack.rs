//! `PACK` against TFLite Micro, which stacks float32, int8, int16, int32 and int64 (the installed
//! interpreter takes int16; its upstream source lists the others only): one to four inputs of
//! rank 0 to 3 along every axis of the result, positive and negative.

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{BuiltinOp, BuiltinOptions, PackOptions};

/// `count` inputs of `shape` stacked along `axis`.
fn case(rng: &mut Rng, shape: &[usize], count: usize, axis: i32, dtype: DType) -> Case {
    let quant = match dtype {
        DType::Int8 => Some(Quant::tensor(0.1, -7)),
        DType::Int16 => Some(Quant::tensor(0.002, 0)),
        _ => None,
    };
    let rank = shape.len() as i32 + 1;
    let at = if axis < 0 { axis + rank } else { axis } as usize;
    let mut out: Vec<i32> = shape.iter().map(|&d| d as i32).collect();
    out.insert(at, count as i32);
    let mut m = OneOp::new();
    let dims: Vec<i32> = shape.iter().map(|&d| d as i32).collect();
    let inputs: Vec<i32> = (0..count).map(|i| m.input(&format!("x{i}"), &dims, dtype, quant.clone())).collect();
    let y = m.output("y", &out, dtype, quant);
    let options = PackOptions { values_count: count as i32, axis };
    m.op(BuiltinOp::Pack, &inputs, &[y], BuiltinOptions::Pack(options));
    let data = (0..count).map(|_| Tensor::full_range(dtype, shape, rng)).collect();
    m.case(&format!("pack {count} x {shape:?} axis {axis} {dtype:?}"), data)
}

/// Every layout on each of `dtypes`.
fn cases(rng: &mut Rng, dtypes: &[DType]) -> Vec<Case> {
    let mut cases = Vec::new();
    for &dtype in dtypes {
        // Every axis of a rank-3 result, the last counted from the end too.
        for axis in [0, 1, 2, -1] {
            cases.push(case(rng, &[2, 3], 3, axis, dtype));
        }
        cases.push(case(rng, &[], 4, 0, dtype));
        cases.push(case(rng, &[2, 1, 3], 2, -4, dtype));
        cases.push(case(rng, &[5], 1, 1, dtype));
    }
    cases
}

/// The `pack` suite.
pub fn pack() -> Vec<Case> {
    cases(&mut Rng(0x9AC), &[DType::Float32, DType::Int8, DType::Int32, DType::Int64])
}

/// The `int16_pack` suite.
pub fn int16_pack() -> Vec<Case> {
    cases(&mut Rng(0x9AC16), &[DType::Int16])
}
