//! `SOFTMAX` through mc and TFLite Micro: int8 (TFLM's gemmlowp path, output scale 1/256 zero
//! point -128) with rows of 1 to 1001 elements, batches of rows, beta 1 and 0.5, small and large
//! input scales (every difference counted, or only a few), all-equal and extreme inputs; the
//! same kernel into int16 (scale 1/65536, zero point -32768); int16 (TFLM's two interpolated
//! tables) over input scales and betas that take every path of its rescaling; and float softmax.
//!
//! `LOG_SOFTMAX`, float32: rows of 1 to 100 elements in ranks 1 to 4, narrow and wide value
//! ranges, all-equal rows, large magnitudes and infinities; int8 (output scale 16/256, zero point
//! 127): rows of 1 to 1001 elements in ranks 1 to 4, input scales that count every difference,
//! some or only the maximum, all-equal rows and extremes.

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{BuiltinOp, BuiltinOptions, SoftmaxOptions};

/// A one-softmax model over `shape`: int8 with input `(scale, zero_point)`, or float (`None`).
fn model(shape: &[usize], beta: f32, input: Option<(f32, i64)>) -> OneOp {
    match input {
        Some((scale, zero_point)) => one_softmax(
            shape,
            beta,
            (DType::Int8, Some(Quant::tensor(scale, zero_point))),
            (DType::Int8, Some(Quant::tensor(1.0 / 256.0, -128))),
        ),
        None => one_softmax(shape, beta, (DType::Float32, None), (DType::Float32, None)),
    }
}

/// A one-softmax model over `shape` from `input` to `output` (element type, quantization).
fn one_softmax(shape: &[usize], beta: f32, input: (DType, Option<Quant>), output: (DType, Option<Quant>)) -> OneOp {
    let dims: Vec<i32> = shape.iter().map(|&d| d as i32).collect();
    let mut m = OneOp::new();
    let x = m.input("x", &dims, input.0, input.1);
    let y = m.output("y", &dims, output.0, output.1);
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

/// An int8 softmax input `(scale, zero_point)` into the int16 output TFLM requires.
fn int8_to_int16(shape: &[usize], beta: f32, (scale, zero_point): (f32, i64)) -> OneOp {
    let input = (DType::Int8, Some(Quant::tensor(scale, zero_point)));
    one_softmax(shape, beta, input, (DType::Int16, Some(Quant::tensor(1.0 / 65536.0, -32768))))
}

/// The `int8_to_int16_softmax` suite: TFLM's int8 kernel into an int16 output (scale 1/65536,
/// zero point -32768) over the int8 suite's input scales (every difference counted, a few, only
/// the maximum), beta 1 and 0.5, rows of 1 to 1001 elements and batches of rows; all-equal rows
/// and one 127 among -128s.
pub fn int8_to_int16_softmax() -> Vec<Case> {
    let mut rng = Rng(0x5816);
    let mut cases = Vec::new();
    let shapes: [&[usize]; 5] = [&[1, 1], &[1, 10], &[3, 12], &[2, 3, 10], &[2, 1001]];
    let inputs = [(0.003_906_25, -128), (0.144_692_51, 14), (0.05, 0), (1.0, 3), (4.0, -7), (100.0, 0)];
    for shape in shapes {
        for input in inputs {
            for beta in [1.0, 0.5] {
                let data = Tensor::random(DType::Int8, shape, &mut rng);
                let name = format!("int8->int16 softmax {shape:?} scale {} beta {beta}", input.0);
                cases.push(int8_to_int16(shape, beta, input).case(&name, vec![data]));
            }
        }
    }
    let mut one_high = vec![-128i8; 12];
    one_high[5] = 127;
    for input in &inputs[..4] {
        for (what, values) in
            [("all -128", vec![-128i8; 12]), ("all 127", vec![127; 12]), ("one 127", one_high.clone())]
        {
            let name = format!("int8->int16 softmax {what} scale {}", input.0);
            cases.push(int8_to_int16(&[1, 12], 1.0, *input).case(&name, vec![Tensor::from_i8(&[1, 12], &values)]));
        }
    }
    // Output scales within TFLite Micro's 0.1% of 2^-16, computed as 2^-16.
    for output in [1.0009 / 65536.0, 0.9991 / 65536.0] {
        let input = (DType::Int8, Some(Quant::tensor(0.05, 3)));
        let m = one_softmax(&[2, 10], 1.0, input, (DType::Int16, Some(Quant::tensor(output, -32768))));
        let data = Tensor::random(DType::Int8, &[2, 10], &mut rng);
        cases.push(m.case(&format!("int8->int16 softmax output scale {output}"), vec![data]));
    }
    cases
}

/// An int16 softmax of input scale `scale` (zero point 0, as TFLM requires) into 2^-15.
fn int16(shape: &[usize], beta: f32, scale: f32) -> OneOp {
    let q = |scale: f32| Some(Quant::tensor(scale, 0));
    one_softmax(shape, beta, (DType::Int16, q(scale)), (DType::Int16, q(1.0 / 32768.0)))
}

/// The `int16_softmax` suite: rows of 1 to 1500 elements and batches of rows; input scales from
/// 2^-15 (every difference within [-2, 0] of the exp table's [-10, 0]) through 10/65535 (the
/// multiplier exactly 1) to 4.9 (left shift 15, the last without overflow; differences past -10
/// clamp), 3.78e-6 (the converter-made `ds_cnn_16x8` model's), 10^-7 (a right shift) and 10^-15 (`QuantizeMultiplier` gives 0: every exp is 1); beta
/// 1, 0.5, 2 and 0.1; all-equal rows, one maximum among minima, a ramp; the longest row whose
/// int32 sum of exps cannot overflow (65538 elements; all equal, the sum is 2^31 - 2).
pub fn int16_softmax() -> Vec<Case> {
    let mut rng = Rng(0x5016);
    let mut cases = Vec::new();
    let shapes: [&[usize]; 6] = [&[1, 1], &[1, 2], &[4, 10], &[2, 3, 17], &[1, 100], &[2, 1500]];
    let scales = [1.0 / 32768.0, 10.0 / 65535.0, 3.779_276_5e-6, 1e-4, 0.001, 0.01, 0.3, 4.9, 1e-7, 1e-15];
    for shape in shapes {
        for scale in scales {
            for beta in [1.0f32, 0.5, 2.0, 0.1] {
                // From beta · scale ≈ 5 on TFLM's rescaled differences overflow (mc rejects it).
                if beta * scale >= 5.0 {
                    continue;
                }
                let data = Tensor::random(DType::Int16, shape, &mut rng);
                let name = format!("int16 softmax {shape:?} scale {scale} beta {beta}");
                cases.push(int16(shape, beta, scale).case(&name, vec![data]));
            }
        }
    }
    let mut one_high = vec![i16::MIN; 12];
    one_high[3] = i16::MAX;
    let ramp: Vec<i16> = (0..12).map(|i| (i * 65535 / 11 - 32768) as i16).collect();
    for scale in [1.0 / 32768.0, 0.001, 0.1] {
        let rows = [("all min", vec![i16::MIN; 12]), ("all max", vec![i16::MAX; 12]), ("one max", one_high.clone())];
        for (what, values) in rows.into_iter().chain([("ramp", ramp.clone())]) {
            let name = format!("int16 softmax {what} scale {scale}");
            cases.push(int16(&[1, 12], 1.0, scale).case(&name, vec![Tensor::from_i16(&[1, 12], &values)]));
        }
    }
    let longest = [1, 65538];
    let equal = Tensor::from_i16(&longest, &[1000; 65538]);
    for (what, data) in [("equal", equal), ("random", Tensor::random(DType::Int16, &longest, &mut rng))] {
        cases.push(int16(&longest, 1.0, 0.001).case(&format!("int16 softmax longest row {what}"), vec![data]));
    }
    // Output scales within TFLite Micro's 0.1% of 2^-15 (its `TF_LITE_ENSURE_NEAR`), computed as 2^-15.
    for output in [1.0009 / 32768.0, 0.9991 / 32768.0] {
        let q = |scale: f32| Some(Quant::tensor(scale, 0));
        let m = one_softmax(&[2, 10], 1.0, (DType::Int16, q(0.001)), (DType::Int16, q(output)));
        let data = Tensor::random(DType::Int16, &[2, 10], &mut rng);
        cases.push(m.case(&format!("int16 softmax output scale {output}"), vec![data]));
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

/// A one-LOG_SOFTMAX float model on `input`.
fn log_softmax_case(name: &str, input: Tensor) -> Case {
    let shape: Vec<i32> = input.shape.iter().map(|&d| d as i32).collect();
    let mut m = OneOp::new();
    let x = m.input("x", &shape, DType::Float32, None);
    let y = m.output("y", &shape, DType::Float32, None);
    m.op(BuiltinOp::LogSoftmax, &[x], &[y], BuiltinOptions::LogSoftmax);
    m.case(&format!("float log_softmax {:?} {name}", input.shape), vec![input])
}

/// A one-LOG_SOFTMAX int8 model on `input` quantized as `(scale, zero_point)`.
fn int8_log_softmax_case(name: &str, (scale, zero_point): (f32, i64), input: Tensor) -> Case {
    let shape: Vec<i32> = input.shape.iter().map(|&d| d as i32).collect();
    let mut m = OneOp::new();
    let x = m.input("x", &shape, DType::Int8, Some(Quant::tensor(scale, zero_point)));
    let y = m.output("y", &shape, DType::Int8, Some(Quant::tensor(16.0 / 256.0, 127)));
    m.op(BuiltinOp::LogSoftmax, &[x], &[y], BuiltinOptions::LogSoftmax);
    m.case(&format!("int8 log_softmax {:?} scale {scale} {name}", input.shape), vec![input])
}

/// The `int8_log_softmax` suite.
pub fn int8_log_softmax() -> Vec<Case> {
    let mut rng = Rng(0x10_65F8);
    let mut cases = Vec::new();
    // Small scales count every difference; 0.25, 1.0 and 4.0 only some (diff_min -62, -15, -3);
    // 100 only the maximum (the real multiplier is capped at 2^31 - 1).
    let scales = [(0.003_906_25, -128), (0.0625, 5), (0.144_692_51, 14), (0.25, -3), (1.0, 3), (4.0, -7), (100.0, 0)];
    let shapes: [&[usize]; 6] = [&[1], &[7], &[1, 10], &[3, 12], &[2, 3, 7], &[1, 2, 2, 30]];
    for shape in shapes {
        for &quant in &scales {
            let data = Tensor::random(DType::Int8, shape, &mut rng);
            cases.push(int8_log_softmax_case("random", quant, data));
        }
    }
    for &quant in &scales[..3] {
        let data = Tensor::random(DType::Int8, &[2, 1001], &mut rng);
        cases.push(int8_log_softmax_case("long rows", quant, data));
    }
    for &quant in &scales {
        let mut values = Vec::new();
        for value in [-128i8, 0, 127] {
            values.extend([value; 10]);
        }
        let mut one_high = [-128i8; 10];
        one_high[4] = 127;
        values.extend(one_high);
        values.extend((0..10).map(|i| (i * 255 / 9 - 128) as i8));
        cases.push(int8_log_softmax_case("all equal, one high, span", quant, Tensor::from_i8(&[5, 10], &values)));
    }
    cases
}

/// The `float_log_softmax` suite.
pub fn float_log_softmax() -> Vec<Case> {
    let mut rng = Rng(0x1065F);
    let mut cases = Vec::new();
    let shapes: [&[usize]; 6] = [&[1], &[7], &[1, 10], &[4, 12], &[2, 3, 7], &[1, 2, 2, 100]];
    for shape in shapes {
        for (low, high) in [(-8.0, 8.0), (-0.5, 0.5), (-80.0, 30.0)] {
            let count: usize = shape.iter().product();
            let values: Vec<f32> = (0..count).map(|_| rng.float(low, high)).collect();
            let name = format!("values in [{low}, {high}]");
            cases.push(log_softmax_case(&name, Tensor::from_f32(shape, &values)));
        }
    }
    let special = [
        3.0,
        3.0,
        3.0,
        3.0, //
        1e30,
        -1e30,
        0.0,
        1.0, //
        f32::MAX,
        f32::MIN,
        0.0,
        -0.0, //
        f32::NEG_INFINITY,
        1.0,
        2.0,
        f32::NEG_INFINITY,
    ];
    cases.push(log_softmax_case("special values", Tensor::from_f32(&[4, 4], &special)));
    cases
}
