//! `SOFTMAX` through mc and TFLite Micro: int8 (TFLM's gemmlowp path, output scale 1/256 zero
//! point -128) with rows of 1 to 1001 elements, batches of rows, beta 1 and 0.5, small and large
//! input scales (every difference counted, or only a few), all-equal and extreme inputs; and
//! float softmax.

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{BuiltinOp, BuiltinOptions, SoftmaxOptions};

/// A one-softmax model over `shape`: int8 with input `(scale, zero_point)`, or float (`None`).
fn model(shape: &[usize], beta: f32, input: Option<(f32, i64)>) -> OneOp {
    let dims: Vec<i32> = shape.iter().map(|&d| d as i32).collect();
    let mut m = OneOp::new();
    let (dtype, in_q, out_q) = match input {
        Some((scale, zero_point)) => {
            (DType::Int8, Some(Quant::tensor(scale, zero_point)), Some(Quant::tensor(1.0 / 256.0, -128)))
        }
        None => (DType::Float32, None, None),
    };
    let x = m.input("x", &dims, dtype, in_q);
    let y = m.output("y", &dims, dtype, out_q);
    m.op(BuiltinOp::Softmax, &[x], &[y], BuiltinOptions::Softmax(SoftmaxOptions { beta }));
    m
}

fn int8_case(name: &str, shape: &[usize], beta: f32, input: (f32, i64), data: Tensor) -> Case {
    model(shape, beta, Some(input)).case(name, vec![data])
}

/// The `int8_softmax` suite.
pub fn int8_softmax() -> Vec<Case> {
    let mut rng = Rng(0x50F7_4A11);
    let mut cases = Vec::new();
    let shapes: [&[usize]; 7] = [&[1, 1], &[1, 2], &[1, 10], &[1, 12], &[1, 100], &[3, 12], &[2, 3, 10]];
    // Small scales count every difference; 1.0 and 4.0 only a few (diff_min -15, -3); 100 only
    // the maximum (the real multiplier is capped at 2^31 - 1).
    let scales = [(0.003_906_25, -128), (0.144_692_51, 14), (0.05, 0), (1.0, 3), (4.0, -7), (100.0, 0)];
    for shape in shapes {
        for &(scale, zero_point) in &scales {
            for beta in [1.0, 0.5] {
                for seed in 0..2 {
                    let name = format!("softmax {shape:?} scale {scale} beta {beta} #{seed}");
                    let data = Tensor::random(DType::Int8, shape, &mut rng);
                    cases.push(int8_case(&name, shape, beta, (scale, zero_point), data));
                }
            }
        }
    }
    // Long rows (an ImageNet classifier's 1001 classes), with scales for which TFLM's output
    // exponent stays within its bound of 31.
    for &(scale, zero_point) in &[(0.1, -20), (0.5, 0)] {
        let data = Tensor::random(DType::Int8, &[2, 1001], &mut rng);
        cases.push(int8_case(&format!("long rows scale {scale}"), &[2, 1001], 1.0, (scale, zero_point), data));
    }
    // All-equal rows (every element the maximum) and extremes: one 127 among -128s, and a row
    // spanning the whole range.
    for &(scale, zero_point) in &scales[..4] {
        for value in [-128i8, 0, 127] {
            let data = Tensor::from_i8(&[2, 10], &[value; 20]);
            cases.push(int8_case(&format!("all {value} scale {scale}"), &[2, 10], 1.0, (scale, zero_point), data));
        }
        let mut one_high = vec![-128i8; 12];
        one_high[5] = 127;
        let data = Tensor::from_i8(&[1, 12], &one_high);
        cases.push(int8_case(&format!("one 127 scale {scale}"), &[1, 12], 1.0, (scale, zero_point), data));
        let span: Vec<i8> = (0..100).map(|i| (i * 255 / 99 - 128) as i8).collect();
        let data = Tensor::from_i8(&[1, 100], &span);
        cases.push(int8_case(&format!("span scale {scale}"), &[1, 100], 0.5, (scale, zero_point), data));
    }
    cases
}

/// The `float_softmax` suite.
pub fn float_softmax() -> Vec<Case> {
    let mut rng = Rng(0xF1_0A7);
    let mut cases = Vec::new();
    let shapes: [&[usize]; 5] = [&[1, 1], &[1, 10], &[4, 12], &[2, 3, 7], &[1, 100]];
    for shape in shapes {
        for beta in [1.0, 0.5, 3.0] {
            let count: usize = shape.iter().product();
            let values: Vec<f32> = (0..count).map(|_| rng.float(-8.0, 8.0)).collect();
            let name = format!("float softmax {shape:?} beta {beta}");
            cases.push(model(shape, beta, None).case(&name, vec![Tensor::from_f32(shape, &values)]));
        }
    }
    cases
}
