//! `SLICE` against TFLite Micro: ranks 1 to 5, `begin` and `size` as int32 and as int64
//! constants, sizes of `-1` (to the end), whole dimensions and single elements; int8, float,
//! int16, int32 and bool elements. (TFLite Micro refuses empty results as dynamic tensors.)
//! `DYNAMIC_UPDATE_SLICE`: float32, int8, int16 and int32, ranks 1 to 6, start indices int32 and int64,
//! run-time and constant, inside and outside the range (clamped).

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

/// `DYNAMIC_UPDATE_SLICE` of an operand of `shape` with an update of `update` at `starts`, the
/// indices of `index_type` a model input (run time) or a constant.
fn update_case(
    rng: &mut Rng,
    (shape, update, starts): (&[usize], &[usize], &[i64]),
    index_type: DType,
    constant: bool,
    dtype: DType,
) -> Case {
    let quant = match dtype {
        DType::Int8 => Some(Quant::tensor(0.05, -7)),
        DType::Int16 => Some(Quant::tensor(0.003, 0)),
        _ => None,
    };
    let dims = |s: &[usize]| s.iter().map(|&d| d as i32).collect::<Vec<_>>();
    let indices = Tensor::from_ints(index_type, &[starts.len()], starts);
    let mut m = OneOp::new();
    let x = m.input("operand", &dims(shape), dtype, quant.clone());
    let u = m.input("update", &dims(update), dtype, quant.clone());
    let n = [starts.len() as i32];
    let s = if constant {
        m.constant("starts", &n, index_type, &indices.data, None)
    } else {
        m.input("starts", &n, index_type, None)
    };
    let y = m.output("y", &dims(shape), dtype, quant);
    m.op(BuiltinOp::DynamicUpdateSlice, &[x, u, s], &[y], BuiltinOptions::DynamicUpdateSlice);
    let mut inputs = vec![Tensor::full_range(dtype, shape, rng), Tensor::full_range(dtype, update, rng)];
    if !constant {
        inputs.push(indices);
    }
    let name = format!(
        "dynamic_update_slice {shape:?} {update:?} at {starts:?} ({index_type:?}, constant {constant}) {dtype:?}"
    );
    m.case(&name, inputs)
}

/// An update: operand shape, update shape, start indices (some out of range: clamped).
type Update = (&'static [usize], &'static [usize], &'static [i64]);

/// The updates every type runs: inside, clamped at both ends, the whole operand, ranks 1 to 6.
const UPDATES: [Update; 8] = [
    (&[7], &[3], &[2]),
    (&[7], &[3], &[6]),
    (&[4, 5], &[2, 3], &[-3, 1]),
    (&[4, 5], &[4, 5], &[1, 1]),
    (&[3, 4, 5], &[1, 2, 5], &[2, 9, 0]),
    (&[2, 3, 4, 2], &[1, 2, 2, 1], &[1, 1, -1, 1]),
    (&[2, 1, 3, 2, 2], &[1, 1, 2, 1, 2], &[0, 0, 1, 1, 7]),
    (&[1, 2, 2, 3, 2, 2], &[1, 1, 2, 2, 1, 2], &[0, 1, 0, 1, 1, 0]),
];

/// Every update of [`UPDATES`] on each of `dtypes`, the start indices int32 and int64, run-time
/// and constant.
fn update_cases(seed: u64, dtypes: &[DType]) -> Vec<Case> {
    let mut rng = Rng(seed);
    let mut cases = Vec::new();
    for &dtype in dtypes {
        for (i, spec) in UPDATES.into_iter().enumerate() {
            let index_type = if i % 2 == 0 { DType::Int32 } else { DType::Int64 };
            cases.push(update_case(&mut rng, spec, index_type, i % 3 == 2, dtype));
        }
    }
    cases
}

/// The `dynamic_update_slice` suite: float32, int8 and int32.
pub fn dynamic_update_slice() -> Vec<Case> {
    update_cases(0xD05, &[DType::Float32, DType::Int8, DType::Int32])
}

/// The `int16_dynamic_update_slice` suite: the installed TFLite Micro updates int16 too (its
/// upstream source lists f32, int8 and int32).
pub fn int16_dynamic_update_slice() -> Vec<Case> {
    update_cases(0xD0516, &[DType::Int16])
}
