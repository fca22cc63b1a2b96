//! `SLICE` against TFLite Micro: ranks 1 to 5, `begin` and `size` as int32 and as int64
//! constants, sizes of `-1` (to the end), whole dimensions and single elements; int8, float,
//! int16, int32 and bool elements. (TFLite Micro refuses empty results as dynamic tensors.)

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_dialects::graph::slice_shape;
use mc_tflite::{BuiltinOp, BuiltinOptions};

/// A slice of `shape` from `begin` by `size`, the two lists stored as `index_type` constants.
fn case(rng: &mut Rng, shape: &[usize], begin: &[i64], size: &[i64], index_type: DType, dtype: DType) -> Case {
    let dims: Vec<i64> = shape.iter().map(|&d| d as i64).collect();
    let out: Vec<i32> = slice_shape(&dims, begin, size).unwrap().iter().map(|&d| d as i32).collect();
    let quant = match dtype {
        DType::Int8 => Some(Quant::tensor(0.05, -7)),
        DType::Int16 => Some(Quant::tensor(0.003, 0)),
        _ => None,
    };
    let bytes = |values: &[i64]| -> Vec<u8> {
        match index_type {
            DType::Int64 => values.iter().flat_map(|v| v.to_le_bytes()).collect(),
            _ => values.iter().flat_map(|&v| (v as i32).to_le_bytes()).collect(),
        }
    };
    let mut m = OneOp::new();
    let x = m.input("x", &dims.iter().map(|&d| d as i32).collect::<Vec<_>>(), dtype, quant.clone());
    let n = [begin.len() as i32];
    let b = m.constant("begin", &n, index_type, &bytes(begin), None);
    let s = m.constant("size", &n, index_type, &bytes(size), None);
    let y = m.output("y", &out, dtype, quant);
    m.op(BuiltinOp::Slice, &[x, b, s], &[y], BuiltinOptions::Slice);
    let name = format!("slice {shape:?} begin {begin:?} size {size:?} ({index_type:?}) {dtype:?}");
    m.case(&name, vec![Tensor::full_range(dtype, shape, rng)])
}

/// A slice: input shape, `begin`, `size`.
type Spec = (&'static [usize], &'static [i64], &'static [i64]);

/// The slices every type is cut by.
const SPECS: [Spec; 9] = [
    (&[7], &[2], &[3]),
    (&[7], &[3], &[-1]),
    (&[4, 5], &[1, 0], &[2, 5]),
    (&[4, 5], &[0, 2], &[-1, -1]),
    (&[3, 4, 5], &[1, 1, 1], &[2, 2, 3]),
    (&[2, 3, 4, 5], &[1, 0, 2, 1], &[1, -1, 2, 3]),
    (&[2, 3, 2, 4, 3], &[0, 1, 1, 2, 0], &[2, 2, -1, 2, 3]),
    (&[4, 5], &[3, 1], &[-1, 3]),
    (&[1, 6, 6, 2], &[0, 3, 0, 1], &[1, -1, 6, 1]),
];

/// Every slice of [`SPECS`] on each of `dtypes`, its lists alternately int32 and int64.
fn cases(seed: u64, dtypes: &[DType]) -> Vec<Case> {
    let mut rng = Rng(seed);
    let mut cases = Vec::new();
    for &dtype in dtypes {
        for (i, (shape, begin, size)) in SPECS.into_iter().enumerate() {
            let index_type = if i % 2 == 0 { DType::Int32 } else { DType::Int64 };
            cases.push(case(&mut rng, shape, begin, size, index_type, dtype));
        }
    }
    cases
}

/// The `slice` suite.
pub fn slice() -> Vec<Case> {
    cases(0x511CE, &[DType::Int8, DType::Float32])
}

/// The `int16_and_int32_slice` suite.
pub fn int16_and_int32_slice() -> Vec<Case> {
    cases(0x511CE16, &[DType::Int16, DType::Int32])
}

/// The `bool_slice` suite.
pub fn bool_slice() -> Vec<Case> {
    cases(0x511CEB0, &[DType::Bool])
}
