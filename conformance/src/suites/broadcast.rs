//! `BROADCAST_TO` and `BROADCAST_ARGS` against TFLite Micro.
//!
//! `BROADCAST_TO`: scalars, lower ranks and size-1 dimensions broadcast up to rank 5 (TFLM's
//! most), the same shape (a copy), the shape a constant int32 or int64 tensor; float32, int8,
//! uint8, int32, int64 and bool elements (int16 in its own suite, which also runs on the boards).
//! `BROADCAST_ARGS`: int32 and int64 shapes of different lengths from the model's inputs (run
//! time: the kernel computes them), and as constants or a `SHAPE`, which fold.

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{BuiltinOp, BuiltinOptions, ShapeOptions};

fn dims(shape: &[usize]) -> Vec<i32> {
    shape.iter().map(|&d| d as i32).collect()
}

/// The bytes of `values` as `dtype` (int32 or int64).
fn int_bytes(values: &[i64], dtype: DType) -> Vec<u8> {
    Tensor::from_ints(dtype, &[values.len()], values).data
}

/// `BROADCAST_TO` of an input of `from` to `to`, the shape a constant of `shape_type`.
fn broadcast_to_case(rng: &mut Rng, from: &[usize], to: &[usize], shape_type: DType, dtype: DType) -> Case {
    let quant = match dtype {
        DType::Int8 => Some(Quant::tensor(0.5, -3)),
        DType::UInt8 => Some(Quant::tensor(0.5, 128)),
        DType::Int16 => Some(Quant::tensor(0.003, 0)),
        _ => None,
    };
    let target: Vec<i64> = to.iter().map(|&d| d as i64).collect();
    let mut m = OneOp::new();
    let x = m.input("x", &dims(from), dtype, quant.clone());
    let shape = m.constant("shape", &[to.len() as i32], shape_type, &int_bytes(&target, shape_type), None);
    let y = m.output("y", &dims(to), dtype, quant);
    m.op(BuiltinOp::BroadcastTo, &[x, shape], &[y], BuiltinOptions::BroadcastTo);
    let name = format!("broadcast_to {from:?} -> {to:?} ({shape_type:?}) {dtype:?}");
    m.case(&name, vec![Tensor::full_range(dtype, from, rng)])
}

/// Input shapes and the shapes they are broadcast to.
const BROADCASTS: [(&[usize], &[usize]); 8] = [
    (&[], &[3, 4]),
    (&[3], &[2, 3]),
    (&[3, 1], &[3, 4]),
    (&[1, 4], &[2, 3, 4]),
    (&[2, 1, 3], &[2, 4, 3]),
    (&[2, 3], &[2, 3]),
    (&[1, 2, 1, 3, 1], &[2, 2, 3, 3, 2]),
    (&[4, 1, 1], &[1, 2, 4, 3, 2]),
];

/// Every broadcast of [`BROADCASTS`] on each of `dtypes`, the shape alternately int32 and int64.
fn broadcast_to_cases(seed: u64, dtypes: &[DType]) -> Vec<Case> {
    let mut rng = Rng(seed);
    let mut cases = Vec::new();
    for &dtype in dtypes {
        for (i, (from, to)) in BROADCASTS.into_iter().enumerate() {
            let shape_type = if i % 2 == 0 { DType::Int32 } else { DType::Int64 };
            cases.push(broadcast_to_case(&mut rng, from, to, shape_type, dtype));
        }
    }
    cases
}

/// The `broadcast_to` suite.
pub fn broadcast_to() -> Vec<Case> {
    broadcast_to_cases(0xB70, &[DType::Float32, DType::Int8, DType::UInt8, DType::Int32, DType::Int64, DType::Bool])
}

/// The `int16_broadcast_to` suite.
pub fn int16_broadcast_to() -> Vec<Case> {
    broadcast_to_cases(0xB7016, &[DType::Int16])
}

/// Two shapes of `lhs` and `rhs` dimensions that broadcast: aligned at the end, each pair
/// equal or one of them 1.
fn compatible_shapes(rng: &mut Rng, lhs: usize, rhs: usize) -> (Vec<i64>, Vec<i64>) {
    let rank = lhs.max(rhs);
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for i in 0..rank {
        let dim = rng.range(1, 6);
        let (x, y) = match rng.range(0, 3) {
            0 => (dim, dim),
            1 => (1, dim),
            _ => (dim, 1),
        };
        if i + lhs >= rank {
            a.push(x);
        }
        if i + rhs >= rank {
            b.push(y);
        }
    }
    (a, b)
}

/// `BROADCAST_ARGS` of two run-time shapes of `lengths`, of `dtype`.
fn run_time_broadcast_args(rng: &mut Rng, lengths: (usize, usize), dtype: DType) -> Case {
    let (a, b) = compatible_shapes(rng, lengths.0, lengths.1);
    let mut m = OneOp::new();
    let lhs = m.input("lhs", &[a.len() as i32], dtype, None);
    let rhs = m.input("rhs", &[b.len() as i32], dtype, None);
    let out = m.output("out", &[a.len().max(b.len()) as i32], dtype, None);
    m.op(BuiltinOp::BroadcastArgs, &[lhs, rhs], &[out], BuiltinOptions::None);
    let inputs = vec![Tensor::from_ints(dtype, &[a.len()], &a), Tensor::from_ints(dtype, &[b.len()], &b)];
    m.case(&format!("broadcast_args {a:?} {b:?} {dtype:?}"), inputs)
}

/// `BROADCAST_ARGS(SHAPE(x), target)` of a float `x` of `from`: the shapes are constants, so mc
/// folds the chain to a constant; TFLite Micro computes it. (TFLite Micro cannot go on to a
/// `BROADCAST_TO` of the computed shape: its `Prepare` reads the shape's values, which a run-time
/// tensor does not have yet, and fails.)
fn computed_shape(rng: &mut Rng, from: &[usize], target: &[i64]) -> Case {
    // TFLite Micro's SHAPE writes int32 only.
    let dtype = DType::Int32;
    let length = from.len().max(target.len()) as i32;
    let mut m = OneOp::new();
    let x = m.input("x", &dims(from), DType::Float32, None);
    let shape = m.intermediate("shape", &[from.len() as i32], dtype, None);
    m.op(BuiltinOp::Shape, &[x], &[shape], BuiltinOptions::Shape(ShapeOptions { out_type: dtype.tflite() }));
    let t = m.constant("target", &[target.len() as i32], dtype, &int_bytes(target, dtype), None);
    let joined = m.output("joined", &[length], dtype, None);
    m.op(BuiltinOp::BroadcastArgs, &[shape, t], &[joined], BuiltinOptions::None);
    m.case(&format!("broadcast_args(shape {from:?}, {target:?})"), vec![Tensor::random(DType::Float32, from, rng)])
}

/// `BROADCAST_ARGS` of two constant shapes of `dtype` (folded by mc).
fn constant_broadcast_args(a: &[i64], b: &[i64], dtype: DType) -> Case {
    let mut m = OneOp::new();
    let lhs = m.constant("lhs", &[a.len() as i32], dtype, &int_bytes(a, dtype), None);
    let rhs = m.constant("rhs", &[b.len() as i32], dtype, &int_bytes(b, dtype), None);
    let out = m.output("out", &[a.len().max(b.len()) as i32], dtype, None);
    m.op(BuiltinOp::BroadcastArgs, &[lhs, rhs], &[out], BuiltinOptions::None);
    m.case(&format!("broadcast_args constants {a:?} {b:?} {dtype:?}"), vec![])
}

/// The `broadcast_args` suite: run-time shapes of lengths 1 to 5 each way, int32 and int64;
/// constant shapes and the shape of a tensor, which fold.
pub fn broadcast_args() -> Vec<Case> {
    let mut rng = Rng(0xB7A);
    let mut cases = Vec::new();
    for dtype in [DType::Int32, DType::Int64] {
        for lengths in [(1, 1), (3, 3), (1, 4), (4, 2), (2, 5), (5, 5)] {
            cases.push(run_time_broadcast_args(&mut rng, lengths, dtype));
        }
    }
    cases.push(constant_broadcast_args(&[3, 1], &[2, 1, 4], DType::Int32));
    cases.push(constant_broadcast_args(&[1, 5, 1, 2], &[4, 1], DType::Int64));
    cases.push(computed_shape(&mut rng, &[3, 1], &[2, 1, 4]));
    cases.push(computed_shape(&mut rng, &[1, 2, 1], &[3]));
    cases
}
