//! `LOGICAL_AND`, `LOGICAL_OR`, `LOGICAL_NOT` and `SELECT_V2` against TFLite Micro: booleans
//! with numpy broadcasting up to rank 6; selections of f32, int8 and int16 with the condition,
//! `x` and `y` each broadcast (scalars, lower ranks, all three different); and chains whose
//! booleans stay inside the model (a comparison feeding a logical operator and a selection),
//! as detection heads use them.

use super::binary::{broadcast, dims};
use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{BuiltinOp, BuiltinOptions};

/// Same shapes, scalars on either side, lower rank, both sides broadcast, ranks 5 and 6.
const SHAPES: [(&[usize], &[usize]); 6] = [
    (&[3, 7], &[3, 7]),
    (&[2, 3, 4], &[]),
    (&[], &[5]),
    (&[3, 1], &[2, 1, 4]),
    (&[2, 1, 3, 1, 2], &[1, 2, 1, 2, 1]),
    (&[2, 1, 2, 1, 2, 3], &[1, 2, 1, 2, 1, 1]),
];

/// The `logical_ops` suite: AND and OR over [`SHAPES`], NOT over several ranks.
pub fn logical_ops() -> Vec<Case> {
    let mut rng = Rng(0x10C);
    let mut cases = Vec::new();
    for op in [BuiltinOp::LogicalAnd, BuiltinOp::LogicalOr] {
        for (a, b) in SHAPES {
            let out = broadcast(a, b);
            let mut m = OneOp::new();
            let x = m.input("x", &dims(a), DType::Bool, None);
            let y = m.input("y", &dims(b), DType::Bool, None);
            let z = m.output("z", &dims(&out), DType::Bool, None);
            m.op(op, &[x, y], &[z], BuiltinOptions::schema_defaults(op));
            let inputs = vec![Tensor::random(DType::Bool, a, &mut rng), Tensor::random(DType::Bool, b, &mut rng)];
            cases.push(m.case(&format!("{op:?} {a:?} {b:?}"), inputs));
        }
    }
    for shape in [&[][..], &[9], &[2, 3, 4], &[1, 2, 3, 2, 2]] {
        let mut m = OneOp::new();
        let x = m.input("x", &dims(shape), DType::Bool, None);
        let z = m.output("z", &dims(shape), DType::Bool, None);
        m.op(BuiltinOp::LogicalNot, &[x], &[z], BuiltinOptions::LogicalNot);
        cases.push(m.case(&format!("LogicalNot {shape:?}"), vec![Tensor::random(DType::Bool, shape, &mut rng)]));
    }
    cases
}

/// Condition, `x` and `y` shapes: all equal, a scalar condition, a per-row condition, scalars for
/// `x` or `y`, all three broadcast, rank 5 and 6.
const SELECT_SHAPES: [[&[usize]; 3]; 8] = [
    [&[4, 5], &[4, 5], &[4, 5]],
    [&[], &[3, 4], &[3, 4]],
    [&[3, 1], &[3, 4], &[3, 4]],
    [&[2, 6], &[], &[2, 6]],
    [&[2, 6], &[2, 6], &[]],
    [&[2, 1, 3], &[1, 4, 1], &[4, 3]],
    [&[2, 1, 3, 1, 2], &[1, 2, 1, 2, 1], &[2]],
    [&[1, 2, 1, 2, 1, 3], &[2, 1, 2, 1, 2, 1], &[3]],
];

/// SELECT_V2 of `dtype` (quantized as `quant`, the same for x, y and the output) over
/// [`SELECT_SHAPES`].
fn select_cases(dtype: DType, quant: Option<Quant>, seed: u64) -> Vec<Case> {
    let mut rng = Rng(seed);
    SELECT_SHAPES
        .iter()
        .map(|[c, a, b]| {
            let out = broadcast(&broadcast(c, a), b);
            let mut m = OneOp::new();
            let cond = m.input("condition", &dims(c), DType::Bool, None);
            let x = m.input("x", &dims(a), dtype, quant.clone());
            let y = m.input("y", &dims(b), dtype, quant.clone());
            let z = m.output("z", &dims(&out), dtype, quant.clone());
            m.op(BuiltinOp::SelectV2, &[cond, x, y], &[z], BuiltinOptions::SelectV2);
            let inputs = vec![
                Tensor::random(DType::Bool, c, &mut rng),
                Tensor::full_range(dtype, a, &mut rng),
                Tensor::full_range(dtype, b, &mut rng),
            ];
            m.case(&format!("SelectV2 {c:?} {a:?} {b:?} {dtype:?}"), inputs)
        })
        .collect()
}

/// The `float_select_v2` suite, with one-element operands of different ranks (TFLM keeps the
/// model's result shape).
pub fn float_select_v2() -> Vec<Case> {
    let mut cases = select_cases(DType::Float32, None, 0x5E1F);
    for (shapes, condition) in [([&[1, 1][..], &[], &[1], &[1, 1, 1]], true), ([&[], &[1], &[1, 1], &[]], false)] {
        let [c, a, b, out] = shapes;
        let mut m = OneOp::new();
        let cond = m.input("condition", &dims(c), DType::Bool, None);
        let x = m.input("x", &dims(a), DType::Float32, None);
        let y = m.input("y", &dims(b), DType::Float32, None);
        let z = m.output("z", &dims(out), DType::Float32, None);
        m.op(BuiltinOp::SelectV2, &[cond, x, y], &[z], BuiltinOptions::SelectV2);
        let inputs =
            vec![Tensor::from_bools(c, &[condition]), Tensor::from_f32(a, &[1.5]), Tensor::from_f32(b, &[-2.5])];
        cases.push(m.case(&format!("SelectV2 {c:?} {a:?} {b:?} -> {out:?} one element"), inputs));
    }
    cases
}

/// The `int8_select_v2` suite.
pub fn int8_select_v2() -> Vec<Case> {
    select_cases(DType::Int8, Some(Quant::tensor(0.07, -5)), 0x5E18)
}

/// The `int16_select_v2` suite.
pub fn int16_select_v2() -> Vec<Case> {
    select_cases(DType::Int16, Some(Quant::tensor(0.001, 0)), 0x5E16)
}

/// The `boolean_chains` suite: booleans as intermediates. `scores > threshold` (int8, against a
/// constant), AND with a bool input, NOT, then a selection between the scores and a constant
/// (a detection head's filter); and float `x == y` OR `x < 0` selecting `x` or `y`.
pub fn boolean_chains() -> Vec<Case> {
    let mut rng = Rng(0xB0C4);
    let mut cases = Vec::new();
    {
        let q = Some(Quant::tensor(0.02, -10));
        let mut m = OneOp::new();
        let scores = m.input("scores", &[2, 8], DType::Int8, q.clone());
        let keep = m.input("keep", &[8], DType::Bool, None);
        let threshold = m.constant("threshold", &[], DType::Int8, &[25u8], Some(Quant::tensor(0.03, 3)));
        let floor = m.constant("floor", &[1], DType::Int8, &[0x80], q.clone());
        let above = m.intermediate("above", &[2, 8], DType::Bool, None);
        let kept = m.intermediate("kept", &[2, 8], DType::Bool, None);
        let dropped = m.intermediate("dropped", &[2, 8], DType::Bool, None);
        let out = m.output("filtered", &[2, 8], DType::Int8, q);
        m.op(BuiltinOp::Greater, &[scores, threshold], &[above], BuiltinOptions::Greater);
        m.op(BuiltinOp::LogicalAnd, &[above, keep], &[kept], BuiltinOptions::LogicalAnd);
        m.op(BuiltinOp::LogicalNot, &[kept], &[dropped], BuiltinOptions::LogicalNot);
        m.op(BuiltinOp::SelectV2, &[dropped, floor, scores], &[out], BuiltinOptions::SelectV2);
        let inputs = vec![Tensor::random(DType::Int8, &[2, 8], &mut rng), Tensor::random(DType::Bool, &[8], &mut rng)];
        cases.push(m.case("Greater, LogicalAnd, LogicalNot, SelectV2 int8", inputs));
    }
    {
        let mut m = OneOp::new();
        let x = m.input("x", &[3, 5], DType::Float32, None);
        let y = m.input("y", &[5], DType::Float32, None);
        let zero = m.constant("zero", &[], DType::Float32, &0f32.to_le_bytes(), None);
        let same = m.intermediate("same", &[3, 5], DType::Bool, None);
        let negative = m.intermediate("negative", &[3, 5], DType::Bool, None);
        let either = m.intermediate("either", &[3, 5], DType::Bool, None);
        let out = m.output("z", &[3, 5], DType::Float32, None);
        let flag = m.output("flag", &[3, 5], DType::Bool, None);
        m.op(BuiltinOp::Equal, &[x, y], &[same], BuiltinOptions::Equal);
        m.op(BuiltinOp::Less, &[x, zero], &[negative], BuiltinOptions::Less);
        m.op(BuiltinOp::LogicalOr, &[same, negative], &[either], BuiltinOptions::LogicalOr);
        m.op(BuiltinOp::SelectV2, &[either, x, y], &[out], BuiltinOptions::SelectV2);
        m.op(BuiltinOp::LogicalNot, &[either], &[flag], BuiltinOptions::LogicalNot);
        let xs: Vec<f32> = (0..15).map(|i| [0.5, -0.25, 1.0][i % 3] * (i % 4) as f32).collect();
        let inputs = vec![Tensor::from_f32(&[3, 5], &xs), Tensor::from_f32(&[5], &[0.0, 0.5, 2.0, -0.0, 0.75])];
        cases.push(m.case("Equal, Less, LogicalOr, SelectV2, LogicalNot f32", inputs));
    }
    cases
}
