//! `ADD`, `SUB` and `MUL` against TFLite Micro: int8 and int16 byte for byte and float, same
//! shapes and numpy broadcasting (scalars, per-channel, lower rank, both sides broadcast, rank 5,
//! int16 rank 6 too), random and extreme quantization (zero points at both ends, outputs that
//! saturate, output rescales above and below one), every fused activation, and for int16 both
//! values of `pot_scale_int16` (which TFLite Micro ignores) with power-of-two scales; plain
//! int32, wrapping.

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{Activation, AddSubOptions, BuiltinOp, BuiltinOptions, MulOptions};

/// numpy's broadcast of two shapes.
pub(crate) fn broadcast(a: &[usize], b: &[usize]) -> Vec<usize> {
    let rank = a.len().max(b.len());
    let dim = |s: &[usize], i: usize| if i + s.len() >= rank { s[i + s.len() - rank] } else { 1 };
    (0..rank).map(|i| dim(a, i).max(dim(b, i))).collect()
}

/// A shape as TFLite's `int32` dimensions.
pub(crate) fn dims(shape: &[usize]) -> Vec<i32> {
    shape.iter().map(|&d| d as i32).collect()
}

/// One binary op on inputs of shapes `a` and `b`: int8 with `quants` (lhs, rhs, output), or
/// float without.
fn case(
    rng: &mut Rng,
    op: BuiltinOp,
    shapes: (&[usize], &[usize]),
    quants: Option<[Quant; 3]>,
    activation: Activation,
) -> Case {
    let dtype = if quants.is_some() { DType::Int8 } else { DType::Float32 };
    case_of(rng, op, shapes, (dtype, quants), activation, true)
}

/// One binary op on random inputs of shapes `a` and `b` of `dtype`, quantized as `quants`
/// (lhs, rhs, output) or float (`None`); add and sub with `pot_scale_int16`.
fn case_of(
    rng: &mut Rng,
    op: BuiltinOp,
    (a, b): (&[usize], &[usize]),
    (dtype, quants): (DType, Option<[Quant; 3]>),
    activation: Activation,
    pot_scale_int16: bool,
) -> Case {
    let out = broadcast(a, b);
    let name = match &quants {
        Some(q) if dtype == DType::Int16 => {
            let q: Vec<(f32, i64)> = q.iter().map(|q| (q.scales[0], q.zero_points[0])).collect();
            format!("{op:?} {a:?} {b:?} {dtype:?} {activation:?} {q:?} pot_scale_int16 {pot_scale_int16}")
        }
        _ => format!("{op:?} {a:?} {b:?} {dtype:?} {activation:?}"),
    };
    let [qa, qb, qo] = match quants {
        Some([qa, qb, qo]) => [Some(qa), Some(qb), Some(qo)],
        None => [None, None, None],
    };
    let mut m = OneOp::new();
    let x = m.input("x", &dims(a), dtype, qa);
    let y = m.input("y", &dims(b), dtype, qb);
    let z = m.output("z", &dims(&out), dtype, qo);
    let options = match op {
        BuiltinOp::Add => BuiltinOptions::Add(AddSubOptions { fused_activation: activation, pot_scale_int16 }),
        BuiltinOp::Sub => BuiltinOptions::Sub(AddSubOptions { fused_activation: activation, pot_scale_int16 }),
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

/// Same shapes, scalars on either side, per-channel, lower rank, both sides broadcast, rank 5
/// and 6 (TFLite Micro broadcasts all three ops up to rank 6).
const INT16_SHAPES: [(&[usize], &[usize]); 10] = [
    (&[1, 5, 7, 3], &[1, 5, 7, 3]),
    (&[2, 3, 4, 5], &[]),
    (&[], &[4, 9]),
    (&[1], &[2, 3, 5]),
    (&[2, 3, 5, 6], &[1, 1, 1, 6]),
    (&[5, 6], &[2, 3, 5, 6]),
    (&[3, 1], &[1, 4]),
    (&[2, 1, 4, 1], &[1, 3, 1, 5]),
    (&[2, 1, 3, 1, 2], &[1, 2, 1, 2, 1]),
    (&[2, 1, 3, 1, 2, 2], &[1, 2, 1, 2, 1, 1]),
];

/// The `int16_binary_ops` suite: TFLite Micro's int16 add and sub take the general path
/// (`left_shift` 15) whatever `pot_scale_int16` says and accept any zero points; its int16 mul
/// requires zero points 0.
pub fn int16_binary_ops() -> Vec<Case> {
    let mut rng = Rng(0x16B1);
    let mut cases = Vec::new();
    let int16 = |quants: [(f32, i64); 3]| (DType::Int16, Some(quants.map(|(s, z)| Quant::tensor(s, z))));
    for op in OPS {
        let mul = op == BuiltinOp::Mul;
        // Every broadcast shape with random scales (and, for add and sub, zero points).
        for (a, b) in INT16_SHAPES {
            let quant = |rng: &mut Rng| (rng.float(0.0002, 0.005), if mul { 0 } else { rng.range(-20_000, 20_000) });
            let quants = [quant(&mut rng), quant(&mut rng), quant(&mut rng)];
            cases.push(case_of(&mut rng, op, (a, b), int16(quants), Activation::None, false));
        }
        // Every fused activation, pot_scale_int16 both ways: the output scale 1/2000 puts the
        // clamps of RELU6 and RELU_N1_TO_1 at 12000 and ±2000, inside the range.
        for activation in ACTIVATIONS {
            for pot_scale_int16 in [false, true] {
                let quants = int16([(0.0007, 0), (0.0011, 0), (0.0005, 0)]);
                cases.push(case_of(&mut rng, op, (&[2, 4, 4, 3], &[1, 1, 1, 3]), quants, activation, pot_scale_int16));
            }
        }
        // Power-of-two scales with zero points 0, which TFLite (not Micro) computes on its
        // power-of-two path under pot_scale_int16; exact products make rounding ties frequent.
        for pot_scale_int16 in [false, true] {
            let quants = int16([(1.0 / 1024.0, 0), (1.0 / 4096.0, 0), (1.0 / 2048.0, 0)]);
            cases.push(case_of(&mut rng, op, (&[3, 40], &[3, 40]), quants.clone(), Activation::None, pot_scale_int16));
            cases.push(case_of(&mut rng, op, (&[3, 40], &[40]), quants, Activation::Relu, pot_scale_int16));
        }
        // The inputs rescaled to the output above one (a smaller output scale, saturating at
        // both ends) and below one.
        let above = if mul { [(0.01, 0), (0.02, 0), (0.0001, 0)] } else { [(0.01, 0), (0.02, 0), (0.0005, 0)] };
        cases.push(case_of(&mut rng, op, (&[4, 33], &[4, 33]), int16(above), Activation::None, false));
        let below = [(0.0001, 0), (0.0002, 0), (0.01, 0)];
        cases.push(case_of(&mut rng, op, (&[4, 33], &[4, 33]), int16(below), Activation::None, false));
        // Input scales a thousand times apart.
        let apart = [(0.00001, 0), (0.01, 0), (0.005, 0)];
        cases.push(case_of(&mut rng, op, (&[1, 6, 6, 2], &[1, 6, 6, 2]), int16(apart), Activation::None, false));
        if !mul {
            // Extreme zero points: x - zero_point spans 65535, which shifted by 15 still fits.
            let extreme = [(0.001, -32768), (0.0015, 32767), (0.002, 32767)];
            cases.push(case_of(&mut rng, op, (&[3, 17], &[3, 17]), int16(extreme), Activation::None, false));
            let extreme = [(0.001, 32767), (0.0015, -32768), (0.002, -32768)];
            cases.push(case_of(&mut rng, op, (&[3, 17], &[17]), int16(extreme), Activation::Relu, true));
        }
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

/// The `int32_binary_ops` suite: plain `i32` add, sub and mul over the shapes above (products
/// that wrap), every fused activation on small values (TFLM's int32 add ignores it; sub and mul
/// clamp), the wrapping edges, and rank-5 broadcasting of add and sub.
pub fn int32_binary_ops() -> Vec<Case> {
    let mut rng = Rng(0x132B);
    let mut cases = Vec::new();
    let small = |shape: &[usize], rng: &mut Rng| {
        let values: Vec<i64> = (0..shape.iter().product()).map(|_| rng.range(-9, 9)).collect();
        Tensor::from_ints(DType::Int32, shape, &values)
    };
    for op in OPS {
        for (a, b) in SHAPES {
            cases.push(case_of(&mut rng, op, (a, b), (DType::Int32, None), Activation::None, false));
        }
        for activation in ACTIVATIONS {
            let mut case = case_of(&mut rng, op, (&[2, 3, 4], &[4]), (DType::Int32, None), activation, false);
            case.inputs = vec![small(&[2, 3, 4], &mut rng), small(&[4], &mut rng)];
            cases.push(case);
        }
        let mut case = case_of(&mut rng, op, (&[6], &[6]), (DType::Int32, None), Activation::None, false);
        let (max, min) = (i64::from(i32::MAX), i64::from(i32::MIN));
        case.inputs = vec![
            Tensor::from_ints(DType::Int32, &[6], &[max, min, max, min, 65536, -46341]),
            Tensor::from_ints(DType::Int32, &[6], &[1, -1, max, min, 65536, 46341]),
        ];
        cases.push(case);
    }
    for op in [BuiltinOp::Add, BuiltinOp::Sub] {
        let shapes: (&[usize], &[usize]) = (&[2, 1, 3, 1, 2], &[1, 2, 1, 2, 1]);
        cases.push(case_of(&mut rng, op, shapes, (DType::Int32, None), Activation::None, false));
    }
    cases
}

/// Operands that are not plain row-major inputs: the result of a previous op (which the kernel
/// may overwrite in place) and a transposed view (strided reads).
/// The `in_place_and_strided_operands` suite.
pub fn in_place_and_strided_operands() -> Vec<Case> {
    let mut rng = Rng(0x1A9ACE);
    let mut cases = Vec::new();
    for dtype in [DType::Int8, DType::Float32, DType::Int16] {
        // int16: finer scales, zero points 0 (as TFLite Micro's int16 mul requires).
        let q = |scale: f32, zero_point: i64| match dtype {
            DType::Int8 => Some(Quant::tensor(scale, zero_point)),
            DType::Int16 => Some(Quant::tensor(scale / 64.0, 0)),
            _ => None,
        };
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
