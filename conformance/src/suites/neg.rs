//! `NEG` against TFLite Micro, which negates float32 only: shapes of rank 0 to 5, values of both
//! signs, zeros of both signs, infinities and the extremes of f32.

use crate::models::OneOp;
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{BuiltinOp, BuiltinOptions};

/// NEG on `input`.
fn case(name: &str, input: Tensor) -> Case {
    let shape: Vec<i32> = input.shape.iter().map(|&d| d as i32).collect();
    let mut m = OneOp::new();
    let x = m.input("x", &shape, DType::Float32, None);
    let y = m.output("y", &shape, DType::Float32, None);
    m.op(BuiltinOp::Neg, &[x], &[y], BuiltinOptions::Neg);
    m.case(&format!("Neg {:?} {name}", input.shape), vec![input])
}

/// The `float_neg` suite.
pub fn float_neg() -> Vec<Case> {
    let mut rng = Rng(0x4E6);
    let shapes: [&[usize]; 6] = [&[], &[7], &[3, 5], &[2, 3, 4], &[1, 5, 7, 3], &[2, 1, 3, 2, 2]];
    let mut cases: Vec<Case> =
        shapes.iter().map(|s| case("random", Tensor::random(DType::Float32, s, &mut rng))).collect();
    let special = [
        0.0,
        -0.0,
        1.0,
        -1.0,
        f32::MAX,
        f32::MIN,
        f32::MIN_POSITIVE,
        -f32::MIN_POSITIVE,
        f32::INFINITY,
        f32::NEG_INFINITY,
    ];
    cases.push(case("special values", Tensor::from_f32(&[2, 5], &special)));
    cases
}
