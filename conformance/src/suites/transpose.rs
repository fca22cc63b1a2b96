//! `TRANSPOSE` against TFLite Micro, int16: permutations of rank 2 to 5 (TFLM's transpose
//! refuses rank 6 and int32, though mc takes both), each as the strided view the output copy
//! reads and as the copy a pad reads. (Int8 and float transposes run in the activation and
//! binary suites' chains.)

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{BuiltinOp, BuiltinOptions};

/// `x` of `shape` transposed by `perm`, into the output or (`into_pad`) into a pad of one row
/// after the first dimension.
fn case(rng: &mut Rng, shape: &[usize], perm: &[i32], into_pad: bool) -> Case {
    let (dtype, q) = (DType::Int16, Some(Quant::tensor(0.003, 0)));
    let dims = |s: &[usize]| s.iter().map(|&d| d as i32).collect::<Vec<_>>();
    let out: Vec<usize> = perm.iter().map(|&p| shape[p as usize]).collect();
    let mut m = OneOp::new();
    let x = m.input("x", &dims(shape), dtype, q.clone());
    let p = m.constant_i32("perm", &[perm.len() as i32], perm, None);
    if into_pad {
        let t = m.intermediate("t", &dims(&out), dtype, q.clone());
        m.op(BuiltinOp::Transpose, &[x, p], &[t], BuiltinOptions::Transpose);
        let mut paddings = vec![0; 2 * out.len()];
        paddings[1] = 1;
        let paddings = m.constant_i32("paddings", &[out.len() as i32, 2], &paddings, None);
        let mut padded = out.clone();
        padded[0] += 1;
        let y = m.output("y", &dims(&padded), dtype, q);
        m.op(BuiltinOp::Pad, &[t, paddings], &[y], BuiltinOptions::Pad);
    } else {
        let y = m.output("y", &dims(&out), dtype, q);
        m.op(BuiltinOp::Transpose, &[x, p], &[y], BuiltinOptions::Transpose);
    }
    let name = format!("transpose {shape:?} perm {perm:?} (into a pad: {into_pad}) {dtype:?}");
    m.case(&name, vec![Tensor::full_range(dtype, shape, rng)])
}

/// The `int16_transpose` suite.
pub fn int16_transpose() -> Vec<Case> {
    let mut rng = Rng(0x7A16);
    let specs: [(&[usize], &[i32]); 8] = [
        (&[3, 5], &[1, 0]),
        (&[2, 3, 4], &[2, 0, 1]),
        (&[2, 3, 4], &[1, 2, 0]),
        (&[3, 1, 4], &[1, 0, 2]),
        (&[1, 4, 5, 3], &[0, 3, 1, 2]),
        (&[2, 3, 4, 5], &[3, 2, 1, 0]),
        (&[2, 1, 3, 1, 2], &[4, 2, 0, 3, 1]),
        (&[2, 2, 3, 2, 3], &[4, 0, 3, 1, 2]),
    ];
    let mut cases = Vec::new();
    for (shape, perm) in specs {
        for into_pad in [false, true] {
            cases.push(case(&mut rng, shape, perm, into_pad));
        }
    }
    cases
}
