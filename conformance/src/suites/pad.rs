//! `PAD` against TFLite Micro: rank 1, 2, 4 and 5 with asymmetric paddings (zero on some
//! sides), int8 with extreme zero points (the pad value), float, int32, and int16 (zero point 0:
//! TFLM pads int16 with 0 whatever the zero point, which mc refuses as meaning something else).

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{BuiltinOp, BuiltinOptions};

fn case(rng: &mut Rng, shape: &[usize], paddings: &[[i32; 2]], dtype: DType, quant: Option<Quant>) -> Case {
    let out: Vec<i32> = shape.iter().zip(paddings).map(|(&d, [b, a])| d as i32 + b + a).collect();
    let dims: Vec<i32> = shape.iter().map(|&d| d as i32).collect();
    let mut m = OneOp::new();
    let x = m.input("x", &dims, dtype, quant.clone());
    let flat: Vec<i32> = paddings.iter().flatten().copied().collect();
    let p = m.constant_i32("paddings", &[shape.len() as i32, 2], &flat, None);
    let y = m.output("y", &out, dtype, quant.clone());
    m.op(BuiltinOp::Pad, &[x, p], &[y], BuiltinOptions::Pad);
    m.case(&format!("pad {shape:?} {paddings:?} {dtype:?} {quant:?}"), vec![Tensor::full_range(dtype, shape, rng)])
}

/// Shapes and their `[before, after]` paddings, one pair per dimension.
type Layout = (&'static [usize], &'static [[i32; 2]]);

/// The layouts every type is padded with.
const LAYOUTS: [Layout; 6] = [
    (&[5], &[[2, 3]]),
    (&[3, 4], &[[1, 0], [2, 3]]),
    (&[3, 4], &[[0, 2], [0, 0]]),
    (&[1, 5, 3, 2], &[[0, 0], [1, 2], [2, 0], [0, 0]]),
    (&[2, 3, 3, 3], &[[1, 1], [0, 1], [3, 2], [1, 0]]),
    (&[2, 1, 3, 2, 2], &[[0, 1], [1, 0], [0, 0], [2, 1], [0, 2]]),
];

/// The `pad` suite.
pub fn pad() -> Vec<Case> {
    let mut rng = Rng(0x9AD);
    let mut cases = Vec::new();
    for (shape, paddings) in LAYOUTS {
        for zero_point in [-128, 127, -5] {
            cases.push(case(&mut rng, shape, paddings, DType::Int8, Some(Quant::tensor(0.1, zero_point))));
        }
        cases.push(case(&mut rng, shape, paddings, DType::Float32, None));
        cases.push(case(&mut rng, shape, paddings, DType::Int32, None));
    }
    cases
}

/// The `int16_pad` suite: every layout, and one without padding.
pub fn int16_pad() -> Vec<Case> {
    let mut rng = Rng(0x9AD16);
    let q = Some(Quant::tensor(0.003, 0));
    let mut layouts = LAYOUTS.to_vec();
    layouts.push((&[2, 3], &[[0, 0], [0, 0]]));
    layouts.into_iter().map(|(shape, paddings)| case(&mut rng, shape, paddings, DType::Int16, q.clone())).collect()
}
