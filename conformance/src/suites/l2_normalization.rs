//! `L2_NORMALIZATION` against TFLite Micro, float32 (TFLM's int8 path is not lowered yet): ranks
//! 1 to 4, rows of 1 to 64 elements, narrow and wide value ranges, a row of zeros and rows so
//! small that the norm is raised to TFLM's epsilon (1e-6), and rows whose squares overflow.

use crate::models::OneOp;
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{Activation, BuiltinOp, BuiltinOptions, L2NormOptions};

/// A one-L2_NORMALIZATION float model on `input`.
fn case(name: &str, input: Tensor) -> Case {
    let shape: Vec<i32> = input.shape.iter().map(|&d| d as i32).collect();
    let mut m = OneOp::new();
    let x = m.input("x", &shape, DType::Float32, None);
    let y = m.output("y", &shape, DType::Float32, None);
    let options = L2NormOptions { fused_activation: Activation::None };
    m.op(BuiltinOp::L2Normalization, &[x], &[y], BuiltinOptions::L2Norm(options));
    m.case(&format!("float l2_normalization {:?} {name}", input.shape), vec![input])
}

/// The `float_l2_normalization` suite.
pub fn float_l2_normalization() -> Vec<Case> {
    let mut rng = Rng(0x12_0F);
    let mut cases = Vec::new();
    let shapes: [&[usize]; 6] = [&[1], &[9], &[3, 8], &[2, 3, 5], &[1, 2, 2, 64], &[2, 2, 3, 1]];
    for shape in shapes {
        for (low, high) in [(-4.0, 4.0), (-1e-3, 1e-3), (0.0, 1e4)] {
            let count: usize = shape.iter().product();
            let values: Vec<f32> = (0..count).map(|_| rng.float(low, high)).collect();
            cases.push(case(&format!("values in [{low}, {high}]"), Tensor::from_f32(shape, &values)));
        }
    }
    let special = [
        0.0,
        0.0,
        0.0,
        -0.0, //
        1e-7,
        -2e-7,
        3e-8,
        0.0, //
        1e20,
        -1e20,
        1.0,
        2.0, //
        f32::MIN_POSITIVE,
        3.0,
        -4.0,
        0.0,
    ];
    cases.push(case("zeros, epsilon, overflow", Tensor::from_f32(&[4, 4], &special)));
    cases
}
