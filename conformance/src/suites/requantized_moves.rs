//! The operators that move stored values, with the output quantized unlike the input, against
//! TFLite Micro: its `RESHAPE`, `SQUEEZE`, `EXPAND_DIMS` and `TRANSPOSE` copy the bytes whatever
//! the scales and zero points on either side, as do its `REVERSE_V2`, `SLICE`, `STRIDED_SLICE`
//! and `GATHER` (the converter quantizes a Bidirectional LSTM's reversed input apart).
//! int8 and int16 (uint8 too for `RESHAPE` and `SQUEEZE`, int8 only for `GATHER`), each move
//! alone and followed by a `DEQUANTIZE` that reads the stored values with the output's scale and
//! zero point.

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{BuiltinOp, BuiltinOptions, GatherOptions, ReshapeOptions, SqueezeOptions};

/// One move: its name, input and output shapes, and the dtypes it is run on.
struct Move {
    op: BuiltinOp,
    input: &'static [i32],
    output: &'static [i32],
    dtypes: &'static [DType],
}

const ALL: &[DType] = &[DType::Int8, DType::UInt8, DType::Int16];
const SIGNED: &[DType] = &[DType::Int8, DType::Int16];

const MOVES: [Move; 9] = [
    Move { op: BuiltinOp::Reshape, input: &[1, 2, 3, 4], output: &[6, 4], dtypes: ALL },
    Move { op: BuiltinOp::Reshape, input: &[2, 3, 4], output: &[24], dtypes: ALL },
    Move { op: BuiltinOp::Squeeze, input: &[1, 6, 1, 4], output: &[6, 4], dtypes: ALL },
    Move { op: BuiltinOp::ExpandDims, input: &[6, 4], output: &[6, 1, 4], dtypes: SIGNED },
    Move { op: BuiltinOp::Transpose, input: &[2, 3, 4], output: &[4, 2, 3], dtypes: SIGNED },
    Move { op: BuiltinOp::ReverseV2, input: &[2, 3, 4], output: &[2, 3, 4], dtypes: SIGNED },
    Move { op: BuiltinOp::Slice, input: &[2, 3, 4], output: &[2, 2, 2], dtypes: SIGNED },
    Move { op: BuiltinOp::StridedSlice, input: &[2, 3, 4], output: &[2, 2, 2], dtypes: SIGNED },
    Move { op: BuiltinOp::Gather, input: &[2, 3, 4], output: &[2, 2, 4], dtypes: &[DType::Int8] },
];

/// The input and output quantizations of `dtype`'s cases.
fn quantizations(dtype: DType) -> (Quant, Quant) {
    match dtype {
        DType::Int8 => (Quant::tensor(0.5, -3), Quant::tensor(0.02, 17)),
        DType::UInt8 => (Quant::tensor(0.5, 128), Quant::tensor(0.1, 3)),
        _ => (Quant::tensor(0.003, 0), Quant::tensor(0.0007, 0)),
    }
}

/// Adds `mv`'s operator from `x` to `y` (with its constant operands).
fn add_move(m: &mut OneOp, mv: &Move, x: i32, y: i32) {
    match mv.op {
        BuiltinOp::Reshape => {
            let shape = m.constant_i32("shape", &[mv.output.len() as i32], mv.output, None);
            m.op(mv.op, &[x, shape], &[y], BuiltinOptions::Reshape(ReshapeOptions { new_shape: None }));
        }
        BuiltinOp::Squeeze => {
            m.op(mv.op, &[x], &[y], BuiltinOptions::Squeeze(SqueezeOptions { squeeze_dims: vec![0, 2] }))
        }
        BuiltinOp::ExpandDims => {
            let axis = m.constant_i32("axis", &[], &[1], None);
            m.op(mv.op, &[x, axis], &[y], BuiltinOptions::ExpandDims);
        }
        BuiltinOp::ReverseV2 => {
            let axes = m.constant_i32("axes", &[1], &[1], None);
            m.op(mv.op, &[x, axes], &[y], BuiltinOptions::ReverseV2);
        }
        BuiltinOp::Slice => {
            let begin = m.constant_i32("begin", &[3], &[0, 1, 1], None);
            let size = m.constant_i32("size", &[3], &[2, 2, 2], None);
            m.op(mv.op, &[x, begin, size], &[y], BuiltinOptions::Slice);
        }
        BuiltinOp::StridedSlice => {
            let begin = m.constant_i32("begin", &[3], &[0, 0, 0], None);
            let end = m.constant_i32("end", &[3], &[2, 3, 4], None);
            let strides = m.constant_i32("strides", &[3], &[1, 2, 2], None);
            m.op(mv.op, &[x, begin, end, strides], &[y], BuiltinOptions::schema_defaults(mv.op));
        }
        BuiltinOp::Gather => {
            let indices = m.constant_i32("indices", &[2], &[2, 0], None);
            m.op(mv.op, &[x, indices], &[y], BuiltinOptions::Gather(GatherOptions { axis: 1, batch_dims: 0 }));
        }
        _ => {
            let perm = m.constant_i32("perm", &[3], &[2, 0, 1], None);
            m.op(mv.op, &[x, perm], &[y], BuiltinOptions::Transpose);
        }
    }
}

/// The `requantized_moves` suite.
pub fn requantized_moves() -> Vec<Case> {
    let mut rng = Rng(0x5E5A0);
    let mut cases = Vec::new();
    for mv in &MOVES {
        for &dtype in mv.dtypes {
            let (input_quant, output_quant) = quantizations(dtype);
            for dequantized in [false, true] {
                let mut m = OneOp::new();
                let x = m.input("x", mv.input, dtype, Some(input_quant.clone()));
                if dequantized {
                    let y = m.intermediate("y", mv.output, dtype, Some(output_quant.clone()));
                    add_move(&mut m, mv, x, y);
                    let z = m.output("z", mv.output, DType::Float32, None);
                    m.op(BuiltinOp::Dequantize, &[y], &[z], BuiltinOptions::Dequantize);
                } else {
                    let y = m.output("y", mv.output, dtype, Some(output_quant.clone()));
                    add_move(&mut m, mv, x, y);
                }
                let then = if dequantized { " -> dequantize" } else { "" };
                let name = format!("{:?} {:?} -> {:?} {dtype:?} requantized{then}", mv.op, mv.input, mv.output);
                let shape: Vec<usize> = mv.input.iter().map(|&d| d as usize).collect();
                cases.push(m.case(&name, vec![Tensor::full_range(dtype, &shape, &mut rng)]));
            }
        }
    }
    cases
}
