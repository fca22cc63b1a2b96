//! `ADD`, `SUB` and `MUL` against TFLite Micro: int8 byte for byte and float, same shapes and
//! numpy broadcasting (scalars, per-channel, lower rank, both sides broadcast, rank 5), random
//! and extreme quantization (zero points at -128 and 127, outputs that saturate), and every fused
//! activation.

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{Activation, AddSubOptions, BuiltinOp, BuiltinOptions, MulOptions};

/// numpy's broadcast of two shapes.
fn broadcast(a: &[usize], b: &[usize]) -> Vec<usize> {
    let rank = a.len().max(b.len());
    let dim = |s: &[usize], i: usize| if i + s.len() >= rank { s[i + s.len() - rank] } else { 1 };
    (0..rank).map(|i| dim(a, i).max(dim(b, i))).collect()
}

fn dims(shape: &[usize]) -> Vec<i32> {
    shape.iter().map(|&d| d as i32).collect()
}

/// One binary op on inputs of shapes `a` and `b`: int8 with `quants` (lhs, rhs, output), or
/// float without.
fn case(
    rng: &mut Rng,
    op: BuiltinOp,
    (a, b): (&[usize], &[usize]),
    quants: Option<[Quant; 3]>,
    activation: Activation,
) -> Case {
    let out = broadcast(a, b);
    let dtype = if quants.is_some() { DType::Int8 } else { DType::Float32 };
    let [qa, qb, qo] = match quants {
        Some([qa, qb, qo]) => [Some(qa), Some(qb), Some(qo)],
        None => [None, None, None],
    };
    let mut m = OneOp::new();
    let x = m.input("x", &dims(a), dtype, qa);
    let y = m.input("y", &dims(b), dtype, qb);
    let z = m.output("z", &dims(&out), dtype, qo);
    let options = match op {
        BuiltinOp::Add => BuiltinOptions::Add(AddSubOptions { fused_activation: activation, pot_scale_int16: true }),
        BuiltinOp::Sub => BuiltinOptions::Sub(AddSubOptions { fused_activation: activation, pot_scale_int16: true }),
        _ => BuiltinOptions::Mul(MulOptions { fused_activation: activation }),
    };
    m.op(op, &[x, y], &[z], options);
    let mut inputs = vec![Tensor::random(dtype, a, rng), Tensor::random(dtype, b, rng)];
    if dtype == DType::Float32 {
        // Values beyond [-1, 1) so RELU6 and RELU_N1_TO_1 clamp.
        for t in &mut inputs {
            let scaled: Vec<f32> = t.f32s().iter().map(|v| v * 8.0).collect();
            *t = Tensor::from_f32(&t.shape, &scaled);
        }
    }
    let name = format!("{op:?} {a:?} {b:?} {dtype:?} {activation:?}");
    m.case(&name, inputs)
}

fn random_quant(rng: &mut Rng) -> Quant {
    Quant::tensor(rng.float(0.01, 0.2), rng.range(-128, 127))
}

const OPS: [BuiltinOp; 3] = [BuiltinOp::Add, BuiltinOp::Sub, BuiltinOp::Mul];
const ACTIVATIONS: [Activation; 4] = [Activation::None, Activation::Relu, Activation::ReluN1To1, Activation::Relu6];

/// Same shapes and broadcasting of rank ≤ 4 (TFLite Micro's `mul` broadcasts in 4-D).
const SHAPES: [(&[usize], &[usize]); 8] = [
    (&[1, 5, 7, 3], &[1, 5, 7, 3]),
    (&[2, 3, 4, 5], &[]),
    (&[1], &[2, 3, 5]),
    (&[1, 1, 1, 6], &[2, 3, 5, 6]),
    (&[2, 3, 5, 6], &[1, 1, 1, 6]),
    (&[5, 6], &[2, 3, 5, 6]),
    (&[3, 1], &[1, 4]),
    (&[2, 1, 4, 1], &[1, 3, 1, 5]),
];

/// The `int8_binary_ops` suite.
pub fn int8_binary_ops() -> Vec<Case> {
    let mut rng = Rng(0xB1AA);
    let mut cases = Vec::new();
    for op in OPS {
        for (a, b) in SHAPES {
            let quants = [random_quant(&mut rng), random_quant(&mut rng), random_quant(&mut rng)];
            cases.push(case(&mut rng, op, (a, b), Some(quants), Activation::None));
        }
        // Every fused activation, with an output zero point inside the range so each clamps.
        // (For sub, these scales also tell TFLite's double multipliers from float ones.)
        for activation in ACTIVATIONS {
            let quants = [Quant::tensor(0.05, 10), Quant::tensor(0.03, -20), Quant::tensor(0.02, -5)];
            cases.push(case(&mut rng, op, (&[2, 4, 4, 3], &[1, 1, 1, 3]), Some(quants), activation));
        }
        // Extreme zero points.
        let quants = [Quant::tensor(0.1, -128), Quant::tensor(0.07, 127), Quant::tensor(0.15, 127)];
        cases.push(case(&mut rng, op, (&[3, 17], &[3, 17]), Some(quants), Activation::None));
        let quants = [Quant::tensor(0.1, 127), Quant::tensor(0.07, -128), Quant::tensor(0.15, -128)];
        cases.push(case(&mut rng, op, (&[3, 17], &[17]), Some(quants), Activation::Relu));
        // Saturation at both ends: an output scale much smaller than the inputs'.
        let quants = [Quant::tensor(0.5, 0), Quant::tensor(0.25, 3), Quant::tensor(0.01, 0)];
        cases.push(case(&mut rng, op, (&[4, 9], &[4, 9]), Some(quants), Activation::None));
        // Very different input scales.
        let quants = [Quant::tensor(0.003921569, -128), Quant::tensor(0.9, 5), Quant::tensor(0.2, -20)];
        cases.push(case(&mut rng, op, (&[1, 6, 6, 2], &[1, 6, 6, 2]), Some(quants), Activation::None));
    }
    // Rank-5 broadcasting of add and sub (6-D kernels in TFLite Micro).
    for op in [BuiltinOp::Add, BuiltinOp::Sub] {
        let quants = [random_quant(&mut rng), random_quant(&mut rng), random_quant(&mut rng)];
        cases.push(case(&mut rng, op, (&[2, 1, 3, 1, 2], &[1, 2, 1, 2, 1]), Some(quants), Activation::None));
    }
    cases
}

/// The `float_binary_ops` suite.
pub fn float_binary_ops() -> Vec<Case> {
    let mut rng = Rng(0xF10A7);
    let mut cases = Vec::new();
    for op in OPS {
        for (a, b) in SHAPES {
            cases.push(case(&mut rng, op, (a, b), None, Activation::None));
        }
        for activation in ACTIVATIONS {
            cases.push(case(&mut rng, op, (&[2, 3, 3, 4], &[4]), None, activation));
        }
    }
    for op in [BuiltinOp::Add, BuiltinOp::Sub] {
        cases.push(case(&mut rng, op, (&[2, 1, 3, 1, 2], &[1, 2, 1, 2, 1]), None, Activation::Relu6));
    }
    cases
}

/// Operands that are not plain row-major inputs: the result of a previous op (which the kernel
/// may overwrite in place) and a transposed view (strided reads).
/// The `in_place_and_strided_operands` suite.
pub fn in_place_and_strided_operands() -> Vec<Case> {
    let mut rng = Rng(0x1A9ACE);
    let mut cases = Vec::new();
    for dtype in [DType::Int8, DType::Float32] {
        let q = |scale: f32, zero_point: i64| (dtype == DType::Int8).then(|| Quant::tensor(scale, zero_point));
        let add = BuiltinOptions::Add(AddSubOptions { fused_activation: Activation::None, pot_scale_int16: true });
        let sub = || BuiltinOptions::Sub(AddSubOptions { fused_activation: Activation::Relu, pot_scale_int16: true });
        let mul = BuiltinOptions::Mul(MulOptions { fused_activation: Activation::None });
        // t = x + y; u = t · y; z = y - u: the mul writes over t, the sub over u (its rhs).
        let mut m = OneOp::new();
        let x = m.input("x", &[2, 4, 3], dtype, q(0.05, 3));
        let y = m.input("y", &[3], dtype, q(0.04, -10));
        let t = m.intermediate("t", &[2, 4, 3], dtype, q(0.08, -2));
        let u = m.intermediate("u", &[2, 4, 3], dtype, q(0.08, -2));
        let z = m.output("z", &[2, 4, 3], dtype, q(0.1, 6));
        m.op(BuiltinOp::Add, &[x, y], &[t], add);
        m.op(BuiltinOp::Mul, &[t, y], &[u], mul);
        m.op(BuiltinOp::Sub, &[y, u], &[z], sub());
        let inputs = vec![Tensor::random(dtype, &[2, 4, 3], &mut rng), Tensor::random(dtype, &[3], &mut rng)];
        cases.push(m.case(&format!("add, mul, sub {dtype:?}"), inputs));
        // z = transpose(x, [0, 2, 1]) - y: the sub reads x through the transposed view.
        let mut m = OneOp::new();
        let x = m.input("x", &[2, 3, 4], dtype, q(0.05, 3));
        let perm = m.constant_i32("perm", &[3], &[0, 2, 1], None);
        let y = m.input("y", &[3], dtype, q(0.04, -10));
        let xt = m.intermediate("xt", &[2, 4, 3], dtype, q(0.05, 3));
        let z = m.output("z", &[2, 4, 3], dtype, q(0.07, -100));
        m.op(BuiltinOp::Transpose, &[x, perm], &[xt], BuiltinOptions::Transpose);
        m.op(BuiltinOp::Sub, &[xt, y], &[z], sub());
        let inputs = vec![Tensor::random(dtype, &[2, 3, 4], &mut rng), Tensor::random(dtype, &[3], &mut rng)];
        cases.push(m.case(&format!("transpose then sub {dtype:?}"), inputs));
    }
    cases
}
