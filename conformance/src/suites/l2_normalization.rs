//! `L2_NORMALIZATION` against TFLite Micro. Float32: ranks 1 to 4, rows of 1 to 64 elements,
//! narrow and wide value ranges, a row of zeros and rows so small that the norm is raised to
//! TFLM's epsilon (1e-6), and rows whose squares overflow. Int8: ranks 1 to 4, rows of 1 to 300
//! elements, input zero points at both ends and in between, output quantizations TFLM ignores,
//! rows at the zero point (a sum of 0), of one element off it (a sum of 1), and of extremes
//! (the largest magnitudes, a sum above 2^29).

use crate::models::{OneOp, Quant};
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

/// A one-L2_NORMALIZATION int8 model on `input` quantized as `input_q`, its output as `output_q`.
fn int8_case(name: &str, input_q: (f32, i64), output_q: (f32, i64), input: Tensor) -> Case {
    let shape: Vec<i32> = input.shape.iter().map(|&d| d as i32).collect();
    let mut m = OneOp::new();
    let x = m.input("x", &shape, DType::Int8, Some(Quant::tensor(input_q.0, input_q.1)));
    let y = m.output("y", &shape, DType::Int8, Some(Quant::tensor(output_q.0, output_q.1)));
    let options = L2NormOptions { fused_activation: Activation::None };
    m.op(BuiltinOp::L2Normalization, &[x], &[y], BuiltinOptions::L2Norm(options));
    m.case(&format!("int8 l2_normalization {:?} zp {} {name}", input.shape, input_q.1), vec![input])
}

/// The `int8_l2_normalization` suite.
pub fn int8_l2_normalization() -> Vec<Case> {
    let mut rng = Rng(0x12_08);
    let mut cases = Vec::new();
    let quants = [
        ((0.05, 0), (1.0 / 128.0, 0)),
        ((0.1, -128), (1.0 / 128.0, 0)),
        ((0.02, 127), (0.5, 3)),
        ((1.0, 17), (0.01, -5)),
    ];
    let shapes: [&[usize]; 6] = [&[1], &[9], &[3, 8], &[2, 3, 5], &[1, 2, 2, 64], &[2, 300]];
    for shape in shapes {
        for &(input_q, output_q) in &quants {
            let data = Tensor::random(DType::Int8, shape, &mut rng);
            cases.push(int8_case("random", input_q, output_q, data));
        }
    }
    for &(input_q, output_q) in &quants {
        let zp = input_q.1 as i8;
        let mut values = vec![zp; 8];
        let mut one_off = vec![zp; 8];
        one_off[3] = if zp < 127 { zp + 1 } else { zp - 1 };
        values.extend(one_off);
        values.extend([-128i8, 127, -128, 127, -128, 127, -128, 127]);
        values.extend([127i8, -128, 0, 0, 0, 0, 0, 0]);
        cases.push(int8_case("zero, one, extremes", input_q, output_q, Tensor::from_i8(&[4, 8], &values)));
    }
    // 8300 elements 255 below the zero point: a sum of squares above 2^29, which TFLM divides by 4
    // before its Newton-Raphson steps.
    let far = Tensor::from_i8(&[1, 8300], &[-128; 8300]);
    cases.push(int8_case("sum above 2^29", (0.02, 127), (1.0 / 128.0, 0), far));
    cases
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
