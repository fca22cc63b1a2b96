//! `FILL` and `ZEROS_LIKE` against TFLite Micro. `FILL` (float32, int8, int32) of a scalar model
//! input into results of rank 0 to 4, its constant `dims` int32 or int64; `ZEROS_LIKE` (float32,
//! int8, int32, int64) of ranks 0 to 4, an int8 result quantized with a zero point other than 0
//! (TFLM writes the stored 0).

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{BuiltinOp, BuiltinOptions};

fn quantization(dtype: DType) -> Option<Quant> {
    (dtype == DType::Int8).then(|| Quant::tensor(0.5, -5))
}

/// `FILL` of `shape` with a scalar input of `dtype`, the dims a constant of `dims_type`.
fn fill(rng: &mut Rng, shape: &[i32], dtype: DType, dims_type: DType) -> Case {
    let mut m = OneOp::new();
    let dims_data: Vec<u8> = match dims_type {
        DType::Int64 => shape.iter().flat_map(|&d| i64::from(d).to_le_bytes()).collect(),
        _ => shape.iter().flat_map(|&d| d.to_le_bytes()).collect(),
    };
    let dims = m.constant("dims", &[shape.len() as i32], dims_type, &dims_data, None);
    let value = m.input("value", &[], dtype, quantization(dtype));
    let y = m.output("y", shape, dtype, quantization(dtype));
    m.op(BuiltinOp::Fill, &[dims, value], &[y], BuiltinOptions::Fill);
    m.case(&format!("fill {shape:?} {dtype:?} dims {dims_type:?}"), vec![Tensor::full_range(dtype, &[], rng)])
}

/// `ZEROS_LIKE` of an input of `shape` and `dtype`.
fn zeros_like(rng: &mut Rng, shape: &[usize], dtype: DType) -> Case {
    let dims: Vec<i32> = shape.iter().map(|&d| d as i32).collect();
    let mut m = OneOp::new();
    let x = m.input("x", &dims, dtype, quantization(dtype));
    let y = m.output("y", &dims, dtype, quantization(dtype));
    m.op(BuiltinOp::ZerosLike, &[x], &[y], BuiltinOptions::ZerosLike);
    m.case(&format!("zeros_like {shape:?} {dtype:?}"), vec![Tensor::full_range(dtype, shape, rng)])
}

/// The `fill_zeros_like` suite.
pub fn fill_zeros_like() -> Vec<Case> {
    let mut rng = Rng(0xF111);
    let mut cases = Vec::new();
    let shapes: [&[i32]; 4] = [&[3], &[2, 3], &[1, 2, 1, 3], &[2, 2, 2]];
    for dtype in [DType::Float32, DType::Int8, DType::Int32] {
        for (index, shape) in shapes.iter().enumerate() {
            let dims_type = if index % 2 == 0 { DType::Int32 } else { DType::Int64 };
            cases.push(fill(&mut rng, shape, dtype, dims_type));
        }
    }
    let shapes: [&[usize]; 3] = [&[4], &[2, 3], &[1, 2, 3, 2]];
    for dtype in [DType::Float32, DType::Int8, DType::Int32, DType::Int64] {
        cases.extend(shapes.iter().map(|shape| zeros_like(&mut rng, shape, dtype)));
    }
    cases
}
