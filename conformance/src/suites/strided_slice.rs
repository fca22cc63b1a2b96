//! `STRIDED_SLICE` against TFLite Micro: positive and negative strides and indices, begin and
//! end masks, shrunk axes; int8, int16, int32, float and bool. (TFLite Micro ignores ellipsis, new axes and
//! `offset`; mc rejects them, see the lit tests.)

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_dialects::graph::{StridedSliceSpec, strided_slice_shape};
use mc_tflite::{BuiltinOp, BuiltinOptions, StridedSliceOptions};

/// A slice of `shape` by `(begin, end, strides)` and masks `[begin, end, ellipsis, new_axis,
/// shrink_axis]`.
fn case(rng: &mut Rng, shape: &[usize], lists: [&[i32]; 3], masks: [i32; 5], offset: bool, dtype: DType) -> Case {
    let [begin, end, strides] = lists;
    let [begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask] = masks;
    let widen = |l: &[i32]| l.iter().map(|&v| i64::from(v)).collect::<Vec<_>>();
    let spec = StridedSliceSpec {
        begin: widen(begin),
        end: widen(end),
        strides: widen(strides),
        begin_mask: begin_mask.into(),
        end_mask: end_mask.into(),
        ellipsis_mask: ellipsis_mask.into(),
        new_axis_mask: new_axis_mask.into(),
        shrink_axis_mask: shrink_axis_mask.into(),
        offset,
    };
    let dims: Vec<i64> = shape.iter().map(|&d| d as i64).collect();
    let out: Vec<i32> = strided_slice_shape(&dims, &spec).unwrap().iter().map(|&d| d as i32).collect();
    let quant = match dtype {
        DType::Int8 => Some(Quant::tensor(0.05, 4)),
        DType::Int16 => Some(Quant::tensor(0.003, 0)),
        _ => None,
    };
    let mut m = OneOp::new();
    let x = m.input("x", &dims.iter().map(|&d| d as i32).collect::<Vec<_>>(), dtype, quant.clone());
    let n = begin.len() as i32;
    let b = m.constant_i32("begin", &[n], begin, None);
    let e = m.constant_i32("end", &[n], end, None);
    let s = m.constant_i32("strides", &[n], strides, None);
    let y = m.output("y", &out, dtype, quant);
    let options = StridedSliceOptions { begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask, offset };
    m.op(BuiltinOp::StridedSlice, &[x, b, e, s], &[y], BuiltinOptions::StridedSlice(options));
    let name = format!("strided_slice {shape:?} {lists:?} masks {masks:?} offset {offset} {dtype:?}");
    m.case(&name, vec![Tensor::full_range(dtype, shape, rng)])
}

/// A slice: input shape, `[begin, end, strides]`, masks, `offset`.
type Spec = (&'static [usize], [&'static [i32]; 3], [i32; 5], bool);

/// The slices every type is cut by.
const SPECS: [Spec; 12] = [
    (&[6], [&[1], &[5], &[2]], [0; 5], false),
    (&[6], [&[5], &[0], &[-2]], [0; 5], false),
    (&[6], [&[-1], &[-7], &[-1]], [0; 5], false),
    (&[4, 5], [&[1, -1], &[3, 0], &[1, -2]], [0; 5], false),
    (&[4, 5], [&[3, 1], &[2, 0], &[1, 1]], [0b01, 0b10, 0, 0, 0], false),
    (&[4, 5], [&[2, 0], &[3, 5], &[1, 1]], [0, 0, 0, 0, 0b01], false),
    (&[2, 3, 4, 5], [&[1, 0, 1, 4], &[2, 3, 3, 0], &[1, 1, 1, -1]], [0b0010, 0b0010, 0, 0, 0b0001], false),
    (&[2, 3, 4, 5], [&[0, 2, -1, 1], &[2, -4, 0, 5], &[1, -1, -2, 3]], [0b1000, 0, 0, 0, 0b0001], false),
    (&[3, 4], [&[1, 3], &[-1, 0], &[1, -1]], [0b00, 0b10, 0, 0, 0], false),
    (&[2, 3, 4, 2], [&[0, 1, 1, 1], &[2, 3, 3, 2], &[1, 1, 1, 1]], [0b1111, 0b1111, 0, 0, 0], false),
    (&[2, 3, 4], [&[1, 2, 3], &[2, 3, 4], &[1, 1, 1]], [0, 0, 0, 0, 0b111], false),
    (&[3, 4, 5], [&[-1, 0, 4], &[0, 4, 0], &[-1, 3, -3]], [0, 0b001, 0, 0, 0], false),
];

/// Every slice of [`SPECS`] on each of `dtypes`.
fn cases(seed: u64, dtypes: &[DType]) -> Vec<Case> {
    let mut rng = Rng(seed);
    let mut cases = Vec::new();
    for &dtype in dtypes {
        for (shape, lists, masks, offset) in SPECS {
            cases.push(case(&mut rng, shape, lists, masks, offset, dtype));
        }
    }
    cases
}

/// The `strided_slice` suite.
pub fn strided_slice() -> Vec<Case> {
    cases(0x5111CE, &[DType::Int8, DType::Float32])
}

/// The `int16_and_int32_strided_slice` suite.
pub fn int16_and_int32_strided_slice() -> Vec<Case> {
    cases(0x5111CE16, &[DType::Int16, DType::Int32])
}

/// The `bool_strided_slice` suite.
pub fn bool_strided_slice() -> Vec<Case> {
    cases(0x5111CEB0, &[DType::Bool])
}
