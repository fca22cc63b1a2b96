//! `SPLIT`, `SPLIT_V` and `UNPACK` against TFLite Micro, which copies float32, int8, int16 and
//! int32 pieces: ranks 1 to 6, every kind of axis (first, middle, last, negative), `SPLIT`'s
//! axis as a 0-D and a 1-D constant, `SPLIT_V`'s sizes as int32 and int64 with and without a
//! `-1`, a single piece, rank-0 pieces of `UNPACK`, models that leave one piece unread, and
//! pieces of a transposed input (a strided view) added together, and the pieces of a RELU's
//! output (contiguous: views, no copy) added together.

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_dialects::graph::{Pieces, split_pieces, split_v_pieces, unpack_pieces};
use mc_tflite::{Activation, AddSubOptions, BuiltinOp, BuiltinOptions, SplitOptions, UnpackOptions};

/// Which operator cuts the input, with its options.
#[derive(Clone, Copy, Debug)]
enum Cut {
    /// `SPLIT` into `n` pieces along `axis`, the axis a 0-D constant or (`vector`) a 1-D one.
    Split { axis: i32, n: i32, vector: bool },
    /// `SPLIT_V` by `sizes` along `axis`, the sizes int64 when `wide`.
    SplitV { sizes: &'static [i64], axis: i32, wide: bool },
    /// `UNPACK` along `axis`.
    Unpack { axis: i32 },
}

impl Cut {
    /// Where the pieces of an input of `shape` come from (mc's rules, which the cases must obey).
    fn pieces(self, shape: &[i64]) -> Pieces {
        match self {
            Cut::Split { axis, n, .. } => split_pieces(shape, axis.into(), n.into()),
            Cut::SplitV { sizes, axis, .. } => split_v_pieces(shape, sizes, axis.into()),
            Cut::Unpack { axis } => {
                unpack_pieces(shape, axis.into(), shape[axis.rem_euclid(shape.len() as i32) as usize])
            }
        }
        .expect("the case's pieces fit its input")
    }
}

/// The quantization of `dtype`'s tensors in these cases.
fn quant(dtype: DType) -> Option<Quant> {
    match dtype {
        DType::Int8 => Some(Quant::tensor(0.05, -7)),
        DType::Int16 => Some(Quant::tensor(0.003, 0)),
        _ => None,
    }
}

/// `cut` of an input of `shape`; piece `unread`, if any, is no model output (nothing reads it).
fn case(rng: &mut Rng, shape: &[usize], cut: Cut, unread: Option<usize>, dtype: DType) -> Case {
    let dims: Vec<i64> = shape.iter().map(|&d| d as i64).collect();
    let pieces = cut.pieces(&dims);
    let mut m = OneOp::new();
    let x = m.input("x", &dims.iter().map(|&d| d as i32).collect::<Vec<_>>(), dtype, quant(dtype));
    let outputs: Vec<i32> = (0..pieces.ranges.len())
        .map(|i| {
            let out: Vec<i32> = pieces.shape(&dims, i).iter().map(|&d| d as i32).collect();
            match unread == Some(i) {
                true => m.intermediate(&format!("y{i}"), &out, dtype, quant(dtype)),
                false => m.output(&format!("y{i}"), &out, dtype, quant(dtype)),
            }
        })
        .collect();
    let count = outputs.len() as i32;
    match cut {
        Cut::Split { axis, vector, .. } => {
            let a = m.constant_i32("axis", if vector { &[1] } else { &[] }, &[axis], None);
            let options = BuiltinOptions::Split(SplitOptions { num_splits: count });
            m.op(BuiltinOp::Split, &[a, x], &outputs, options);
        }
        Cut::SplitV { sizes, axis, wide } => {
            let n = [sizes.len() as i32];
            let s = match wide {
                true => m.constant(
                    "sizes",
                    &n,
                    DType::Int64,
                    &sizes.iter().flat_map(|v| v.to_le_bytes()).collect::<Vec<_>>(),
                    None,
                ),
                false => m.constant_i32("sizes", &n, &sizes.iter().map(|&v| v as i32).collect::<Vec<_>>(), None),
            };
            let a = m.constant_i32("axis", &[], &[axis], None);
            let options = BuiltinOptions::SplitV(SplitOptions { num_splits: count });
            m.op(BuiltinOp::SplitV, &[x, s, a], &outputs, options);
        }
        Cut::Unpack { axis } => {
            let options = BuiltinOptions::Unpack(UnpackOptions { num: count, axis });
            m.op(BuiltinOp::Unpack, &[x], &outputs, options);
        }
    }
    let unread = unread.map_or(String::new(), |i| format!(", piece {i} unread"));
    m.case(&format!("{cut:?} of {shape:?} {dtype:?}{unread}"), vec![Tensor::full_range(dtype, shape, rng)])
}

/// SPLIT into two along axis 0 of a [6, 4] intermediate, the pieces added. `transposed`: the
/// intermediate is the TRANSPOSE of a [4, 6] input (the split reads a strided view, its pieces
/// are copies in scratch buffers); else the RELU of a [6, 4] input (the pieces are contiguous:
/// views of the RELU's output, no copy).
fn halves_added(rng: &mut Rng, dtype: DType, transposed: bool) -> Case {
    let mut m = OneOp::new();
    let t = m.intermediate("t", &[6, 4], dtype, quant(dtype));
    let input_shape: &[i32] = if transposed { &[4, 6] } else { &[6, 4] };
    let x = m.input("x", input_shape, dtype, quant(dtype));
    if transposed {
        let perm = m.constant_i32("perm", &[2], &[1, 0], None);
        m.op(BuiltinOp::Transpose, &[x, perm], &[t], BuiltinOptions::Transpose);
    } else {
        m.op(BuiltinOp::Relu, &[x], &[t], BuiltinOptions::None);
    }
    let axis = m.constant_i32("axis", &[], &[0], None);
    let halves =
        [m.intermediate("h0", &[3, 4], dtype, quant(dtype)), m.intermediate("h1", &[3, 4], dtype, quant(dtype))];
    m.op(BuiltinOp::Split, &[axis, t], &halves, BuiltinOptions::Split(SplitOptions { num_splits: 2 }));
    let y = m.output("y", &[3, 4], dtype, quant(dtype));
    let add = AddSubOptions { fused_activation: Activation::None, pot_scale_int16: false };
    m.op(BuiltinOp::Add, &halves, &[y], BuiltinOptions::Add(add));
    let what = if transposed { "a transpose" } else { "a relu" };
    let shape: Vec<usize> = input_shape.iter().map(|&d| d as usize).collect();
    m.case(&format!("halves of {what} added {dtype:?}"), vec![Tensor::full_range(dtype, &shape, rng)])
}

/// The cuts every type goes through: input shape, cut, unread piece.
const CUTS: [(&[usize], Cut, Option<usize>); 16] = [
    (&[6], Cut::Split { axis: 0, n: 3, vector: false }, None),
    (&[2, 6, 3], Cut::Split { axis: 1, n: 3, vector: true }, None),
    (&[4, 2, 4], Cut::Split { axis: -1, n: 2, vector: false }, None),
    (&[4, 3], Cut::Split { axis: -2, n: 4, vector: false }, Some(1)),
    (&[3, 5], Cut::Split { axis: 1, n: 1, vector: false }, None),
    (&[1, 2, 4, 6, 2], Cut::Split { axis: 3, n: 2, vector: false }, None),
    (&[2, 1, 2, 3, 2, 4], Cut::Split { axis: 5, n: 2, vector: true }, None),
    (&[7], Cut::SplitV { sizes: &[2, -1, 1], axis: 0, wide: false }, None),
    (&[3, 7, 2], Cut::SplitV { sizes: &[3, 4], axis: -2, wide: true }, None),
    (&[4, 5], Cut::SplitV { sizes: &[1, 1, -1], axis: 1, wide: false }, Some(0)),
    (&[2, 3, 4, 5], Cut::SplitV { sizes: &[1, 1], axis: 0, wide: false }, None),
    (&[4], Cut::Unpack { axis: 0 }, None),
    (&[2, 3, 4], Cut::Unpack { axis: 1 }, None),
    (&[2, 3, 4], Cut::Unpack { axis: -1 }, Some(2)),
    (&[3, 2], Cut::Unpack { axis: -2 }, None),
    (&[1, 2, 3, 2, 2], Cut::Unpack { axis: 2 }, None),
];

/// Every cut of [`CUTS`] on each of `dtypes`.
fn cases(seed: u64, dtypes: [DType; 2]) -> Vec<Case> {
    let mut rng = Rng(seed);
    let mut cases = Vec::new();
    for dtype in dtypes {
        for (shape, cut, unread) in CUTS {
            cases.push(case(&mut rng, shape, cut, unread, dtype));
        }
    }
    cases
}

/// The `split` suite: float32 and int8.
pub fn split() -> Vec<Case> {
    let mut rng = Rng(0x5B19);
    let chained = [DType::Float32, DType::Int8]
        .into_iter()
        .flat_map(|dtype| [true, false].map(|transposed| halves_added(&mut rng, dtype, transposed)))
        .collect::<Vec<_>>();
    cases(0x5B17, [DType::Float32, DType::Int8]).into_iter().chain(chained).collect()
}

/// The `int16_and_int32_split` suite (its int16 cases also run on the emulated boards).
pub fn int16_and_int32_split() -> Vec<Case> {
    cases(0x5B18, [DType::Int16, DType::Int32])
}
