//! `VAR_HANDLE`, `READ_VARIABLE` and `ASSIGN_VARIABLE` against TFLite Micro: a streaming state
//! read (before any assignment: as TFLite Micro initialises it), combined with the input, and
//! written back, over four invocations (the state carries over); and a variable assigned then
//! read within one invocation. Float, int8 with a non-zero zero point, and int16.

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{Activation, AddSubOptions, BuiltinOp, BuiltinOptions, VarHandleOptions};

const SHAPE: [i32; 2] = [2, 5];

fn handle(m: &mut OneOp, name: &'static str) -> i32 {
    let h = m.resource(&format!("{name}_handle"));
    let options = VarHandleOptions { container: Some(""), shared_name: Some(name) };
    m.op(BuiltinOp::VarHandle, &[], &[h], BuiltinOptions::VarHandle(options));
    h
}

/// `new = read(state) + x; assign(state, new)`, returning `new`.
fn accumulate(dtype: DType, quant: Option<Quant>, rng: &mut Rng) -> Case {
    let mut m = OneOp::new();
    let x = m.input("x", &SHAPE, dtype, quant.clone());
    let h = handle(&mut m, "state");
    let old = m.intermediate("old", &SHAPE, dtype, quant.clone());
    let new = m.output("new", &SHAPE, dtype, quant);
    m.op(BuiltinOp::ReadVariable, &[h], &[old], BuiltinOptions::ReadVariable);
    let add = AddSubOptions { fused_activation: Activation::None, pot_scale_int16: true };
    m.op(BuiltinOp::Add, &[old, x], &[new], BuiltinOptions::Add(add));
    m.op(BuiltinOp::AssignVariable, &[h, new], &[], BuiltinOptions::AssignVariable);
    let shape: Vec<usize> = SHAPE.iter().map(|&d| d as usize).collect();
    let later = (0..3).map(|_| vec![Tensor::random(dtype, &shape, rng)]).collect();
    m.case(&format!("accumulate {dtype:?}"), vec![Tensor::random(dtype, &shape, rng)]).then_invoked_with(later)
}

/// `assign(v, x); y = read(v)`.
fn assign_then_read(dtype: DType, quant: Option<Quant>, rng: &mut Rng) -> Case {
    let mut m = OneOp::new();
    let x = m.input("x", &SHAPE, dtype, quant.clone());
    let h = handle(&mut m, "v");
    let y = m.output("y", &SHAPE, dtype, quant);
    m.op(BuiltinOp::AssignVariable, &[h, x], &[], BuiltinOptions::AssignVariable);
    m.op(BuiltinOp::ReadVariable, &[h], &[y], BuiltinOptions::ReadVariable);
    let shape: Vec<usize> = SHAPE.iter().map(|&d| d as usize).collect();
    m.case(&format!("assign then read {dtype:?}"), vec![Tensor::random(dtype, &shape, rng)])
}

/// The `variables` suite.
pub fn variables() -> Vec<Case> {
    let mut rng = Rng(0x5A7E);
    let mut cases = Vec::new();
    let kinds = [
        (DType::Float32, None),
        (DType::Int8, Some(Quant::tensor(0.25, -3))),
        (DType::Int16, Some(Quant::tensor(0.25, 0))),
    ];
    for (dtype, quant) in kinds {
        cases.push(accumulate(dtype, quant.clone(), &mut rng));
        cases.push(assign_then_read(dtype, quant, &mut rng));
    }
    cases
}
