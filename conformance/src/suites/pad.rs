//! `PAD` and `PADV2` against TFLite Micro: rank 1, 2, 4 and 5 with asymmetric paddings (zero on
//! some sides), int8 with extreme zero points (the pad value), float, int32, and int16 (zero
//! point 0: TFLM pads int16 with 0 whatever the zero point, which mc refuses as meaning something
//! else). `PADV2` pads with its value, a constant or a model input, any zero point. Both with the
//! output quantized unlike the input (stored values copied).

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{BuiltinOp, BuiltinOptions};

/// A `PAD` case, its input quantized as `quant` and its output as `output_quant` (the same:
/// `None`).
fn case(
    rng: &mut Rng,
    (shape, paddings): Layout,
    dtype: DType,
    quant: Option<Quant>,
    output_quant: Option<Quant>,
) -> Case {
    let out: Vec<i32> = shape.iter().zip(paddings).map(|(&d, [b, a])| d as i32 + b + a).collect();
    let dims: Vec<i32> = shape.iter().map(|&d| d as i32).collect();
    let mut m = OneOp::new();
    let x = m.input("x", &dims, dtype, quant.clone());
    let flat: Vec<i32> = paddings.iter().flatten().copied().collect();
    let p = m.constant_i32("paddings", &[shape.len() as i32, 2], &flat, None);
    let output_quant = output_quant.or(quant.clone());
    let y = m.output("y", &out, dtype, output_quant.clone());
    m.op(BuiltinOp::Pad, &[x, p], &[y], BuiltinOptions::Pad);
    let name = format!("pad {shape:?} {paddings:?} {dtype:?} {quant:?} -> {output_quant:?}");
    m.case(&name, vec![Tensor::full_range(dtype, shape, rng)])
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
            cases.push(case(&mut rng, (shape, paddings), DType::Int8, Some(Quant::tensor(0.1, zero_point)), None));
        }
        cases.push(case(&mut rng, (shape, paddings), DType::Float32, None, None));
        cases.push(case(&mut rng, (shape, paddings), DType::Int32, None, None));
    }
    cases
}

/// The `int16_pad` suite: every layout, and one without padding.
pub fn int16_pad() -> Vec<Case> {
    let mut rng = Rng(0x9AD16);
    let q = Some(Quant::tensor(0.003, 0));
    let mut layouts = LAYOUTS.to_vec();
    layouts.push((&[2, 3], &[[0, 0], [0, 0]]));
    layouts.into_iter().map(|layout| case(&mut rng, layout, DType::Int16, q.clone(), None)).collect()
}

/// A `PADV2` case: the pad value `value` (raw little-endian bytes of one element), a constant
/// or a model input, quantized as the output; the input quantized as `quant`, the output as
/// `output_quant` (the same: `None`).
fn padv2_case(
    rng: &mut Rng,
    (shape, paddings): Layout,
    (dtype, quant, output_quant): (DType, Option<Quant>, Option<Quant>),
    value: &[u8],
    value_is_input: bool,
) -> Case {
    let output_quant = output_quant.or(quant.clone());
    let out: Vec<i32> = shape.iter().zip(paddings).map(|(&d, [b, a])| d as i32 + b + a).collect();
    let dims: Vec<i32> = shape.iter().map(|&d| d as i32).collect();
    let mut m = OneOp::new();
    let x = m.input("x", &dims, dtype, quant.clone());
    let mut inputs = vec![Tensor::full_range(dtype, shape, rng)];
    let flat: Vec<i32> = paddings.iter().flatten().copied().collect();
    let p = m.constant_i32("paddings", &[shape.len() as i32, 2], &flat, None);
    let v = if value_is_input {
        inputs.push(Tensor { dtype, shape: vec![1], data: value.to_vec() });
        m.input("value", &[1], dtype, output_quant.clone())
    } else {
        m.constant("value", &[], dtype, value, output_quant.clone())
    };
    let y = m.output("y", &out, dtype, output_quant.clone());
    m.op(BuiltinOp::PadV2, &[x, p, v], &[y], BuiltinOptions::PadV2);
    let from = if value_is_input { "input" } else { "constant" };
    let name = format!("padv2 {shape:?} {paddings:?} {dtype:?} {quant:?} -> {output_quant:?} value {value:?} ({from})");
    m.case(&name, inputs)
}

/// The `padv2` suite: float, int8 and int32 values, constant and at run time.
pub fn padv2() -> Vec<Case> {
    let mut rng = Rng(0x9AD2);
    let mut cases = Vec::new();
    for (n, layout) in LAYOUTS.into_iter().enumerate() {
        let value_is_input = n % 2 == 1;
        let q = Some(Quant::tensor(0.1, -5));
        let int8 = (DType::Int8, q, None);
        cases.push(padv2_case(&mut rng, layout, int8, &[(-128 + 50 * n as i32) as u8], value_is_input));
        let float = (DType::Float32, None, None);
        cases.push(padv2_case(&mut rng, layout, float, &(-2.5f32).to_le_bytes(), value_is_input));
        let int32 = (DType::Int32, None, None);
        cases.push(padv2_case(&mut rng, layout, int32, &(7 - n as i32).to_le_bytes(), value_is_input));
    }
    cases
}

/// The `int16_padv2` suite: any zero point (the value is given).
pub fn int16_padv2() -> Vec<Case> {
    let mut rng = Rng(0x9AD216);
    let mut cases = Vec::new();
    for (n, layout) in LAYOUTS.into_iter().enumerate() {
        let q = Some(Quant::tensor(0.003, if n % 2 == 0 { 0 } else { -100 }));
        let value = ((i32::from(i16::MIN) + 9000 * n as i32) as i16).to_le_bytes();
        cases.push(padv2_case(&mut rng, layout, (DType::Int16, q, None), &value, n % 3 == 1));
    }
    cases
}

/// The `requantized_pad` suite: `PAD` and `PADV2` whose output is quantized unlike the input,
/// which TFLite Micro's kernel copies the stored values of whatever the scales and zero points:
/// int8 `PAD` fills with the output's zero point, `PADV2` with its value (quantized as the
/// output), int16 `PAD` with 0 (zero points 0, scales differing).
pub fn requantized_pad() -> Vec<Case> {
    let mut rng = Rng(0x9AD9);
    let mut cases = Vec::new();
    for (n, layout) in LAYOUTS.into_iter().enumerate() {
        let (int8_in, int8_out) = (Quant::tensor(0.5, -3), Quant::tensor(0.02, 17 + 20 * n as i64));
        cases.push(case(&mut rng, layout, DType::Int8, Some(int8_in.clone()), Some(int8_out.clone())));
        let (int16_in, int16_out) = (Quant::tensor(0.003, 0), Quant::tensor(0.0007, 0));
        cases.push(case(&mut rng, layout, DType::Int16, Some(int16_in.clone()), Some(int16_out.clone())));
        let value_is_input = n % 2 == 0;
        let int8 = (DType::Int8, Some(int8_in), Some(int8_out));
        cases.push(padv2_case(&mut rng, layout, int8, &[(100 - 45 * n as i32) as u8], value_is_input));
        let int16 = (DType::Int16, Some(int16_in), Some(Quant::tensor(0.0007, -40)));
        cases.push(padv2_case(&mut rng, layout, int16, &(1234 * n as i16 - 3000).to_le_bytes(), value_is_input));
    }
    cases
}

/// The `mirror_pad` suite: `REFLECT` and `SYMMETRIC` with paddings up to their limits, ranks 1
/// to 7 (TFLM's `MirrorPad` has no rank limit, unlike its `Pad`), int32 and int64 paddings, int8
/// and float.
pub fn mirror_pad() -> Vec<Case> {
    use mc_tflite::{MirrorPadMode, MirrorPadOptions};
    // Shapes and paddings that both modes take (REFLECT: at most the dimension minus 1).
    let layouts: [Layout; 7] = [
        (&[5], &[[4, 2]]),
        (&[3, 4], &[[2, 0], [1, 3]]),
        (&[2, 3, 4], &[[1, 1], [0, 2], [3, 3]]),
        (&[1, 4, 3, 2], &[[0, 0], [3, 1], [2, 2], [1, 0]]),
        (&[2, 2, 3, 2, 2], &[[1, 0], [0, 1], [2, 1], [1, 1], [0, 1]]),
        (&[1, 2, 1, 2, 1, 3], &[[0, 0], [1, 0], [0, 0], [0, 1], [0, 0], [2, 1]]),
        (&[2, 1, 2, 1, 2, 1, 2], &[[1, 1], [0, 0], [1, 0], [0, 0], [0, 1], [0, 0], [1, 1]]),
    ];
    let mut rng = Rng(0x1111);
    let mut cases = Vec::new();
    // The kernel reads int64 paddings too: every other layout gives them so.
    for (n, (shape, paddings)) in layouts.into_iter().enumerate() {
        for mode in [MirrorPadMode::Reflect, MirrorPadMode::Symmetric] {
            for (dtype, quant) in [(DType::Int8, Some(Quant::tensor(0.1, 7))), (DType::Float32, None)] {
                let out: Vec<i32> = shape.iter().zip(paddings).map(|(&d, [b, a])| d as i32 + b + a).collect();
                let dims: Vec<i32> = shape.iter().map(|&d| d as i32).collect();
                let mut m = OneOp::new();
                let x = m.input("x", &dims, dtype, quant.clone());
                let flat: Vec<i32> = paddings.iter().flatten().copied().collect();
                let pairs = [shape.len() as i32, 2];
                let wide = n % 2 == 1;
                let p = if wide {
                    let data: Vec<u8> = flat.iter().flat_map(|&v| i64::from(v).to_le_bytes()).collect();
                    m.constant("paddings", &pairs, DType::Int64, &data, None)
                } else {
                    m.constant_i32("paddings", &pairs, &flat, None)
                };
                let y = m.output("y", &out, dtype, quant);
                m.op(BuiltinOp::MirrorPad, &[x, p], &[y], BuiltinOptions::MirrorPad(MirrorPadOptions { mode }));
                let name = format!("mirror_pad {mode:?} {shape:?} {paddings:?} int64 paddings {wide} {dtype:?}");
                cases.push(m.case(&name, vec![Tensor::full_range(dtype, shape, &mut rng)]));
            }
        }
    }
    cases
}
