//! `IF`, `WHILE` and `CALL_ONCE` against TFLite Micro, with their subgraphs written by the model
//! writer: an `IF` choosing MAXIMUM or MINIMUM of two inputs by a bool input (both branches over
//! successive invocations), a `WHILE` doubling a tensor `n` times (`n` an input: 0, 1 and many
//! iterations), float and int8; a variable initialised by a `CALL_ONCE` init subgraph to a
//! non-zero constant and accumulated over invocations (the init runs on the first only).

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{
    Activation, AddSubOptions, BuiltinOp, BuiltinOptions, CallOnceOptions, IfOptions, VarHandleOptions, WhileOptions,
};

const SHAPE: [i32; 2] = [2, 5];

fn shape() -> Vec<usize> {
    SHAPE.iter().map(|&d| d as usize).collect()
}

fn add_options() -> BuiltinOptions<'static> {
    BuiltinOptions::Add(AddSubOptions { fused_activation: Activation::None, pot_scale_int16: true })
}

/// A bool scalar input holding `value`.
fn flag(value: bool) -> Tensor {
    Tensor { dtype: DType::Bool, shape: Vec::new(), data: vec![u8::from(value)] }
}

/// A branch subgraph `op(a, b)` of two `dtype` inputs.
fn branch(m: &mut OneOp, name: &str, op: BuiltinOp, dtype: DType, quant: &Option<Quant>) -> usize {
    m.subgraph(name, |m| {
        let a = m.intermediate(&format!("{name}_a"), &SHAPE, dtype, quant.clone());
        let b = m.intermediate(&format!("{name}_b"), &SHAPE, dtype, quant.clone());
        let r = m.intermediate(&format!("{name}_r"), &SHAPE, dtype, quant.clone());
        m.op(op, &[a, b], &[r], BuiltinOptions::None);
        (vec![a, b], vec![r])
    })
}

/// `y = c ? maximum(x, z) : minimum(x, z)`, invoked with `c` true, false, false, true.
fn if_case(dtype: DType, quant: Option<Quant>, rng: &mut Rng) -> Case {
    let mut m = OneOp::new();
    let c = m.input("c", &[], DType::Bool, None);
    let x = m.input("x", &SHAPE, dtype, quant.clone());
    let z = m.input("z", &SHAPE, dtype, quant.clone());
    let y = m.output("y", &SHAPE, dtype, quant.clone());
    let then = branch(&mut m, "then", BuiltinOp::Maximum, dtype, &quant);
    let otherwise = branch(&mut m, "else", BuiltinOp::Minimum, dtype, &quant);
    let options = IfOptions { then_subgraph_index: then, else_subgraph_index: otherwise };
    m.op(BuiltinOp::If, &[c, x, z], &[y], BuiltinOptions::If(options));
    let mut inputs = [true, false, false, true]
        .into_iter()
        .map(|value| vec![flag(value), Tensor::random(dtype, &shape(), rng), Tensor::random(dtype, &shape(), rng)]);
    let first = inputs.next().expect("four invocations");
    m.case(&format!("if {dtype:?}"), first).then_invoked_with(inputs.collect())
}

/// `(i, y) = (0, x); while i < n: (i, y) = (i + 1, y + y)`, returning `y` and `i`, invoked with
/// limits giving 0, 1 and 4 iterations (and a negative limit in float); `limits` are the float
/// values, or int8's stored values.
fn while_case(dtype: DType, counter: Option<Quant>, quant: Option<Quant>, limits: &[f32], rng: &mut Rng) -> Case {
    let mut m = OneOp::new();
    let x = m.input("x", &SHAPE, dtype, quant.clone());
    let n = m.input("n", &[], dtype, counter.clone());
    let y = m.output("y", &SHAPE, dtype, quant.clone());
    let count = m.output("count", &[], dtype, counter.clone());
    let zero = match dtype {
        DType::Float32 => m.constant("zero", &[], dtype, &0f32.to_le_bytes(), None),
        _ => m.constant("zero", &[], dtype, &[0], counter.clone()),
    };
    let cond = m.subgraph("cond", |m| {
        let i = m.intermediate("cond_i", &[], dtype, counter.clone());
        let y = m.intermediate("cond_y", &SHAPE, dtype, quant.clone());
        let n = m.intermediate("cond_n", &[], dtype, counter.clone());
        let more = m.intermediate("more", &[], DType::Bool, None);
        m.op(BuiltinOp::Less, &[i, n], &[more], BuiltinOptions::None);
        (vec![i, y, n], vec![more])
    });
    let body = m.subgraph("body", |m| {
        let i = m.intermediate("body_i", &[], dtype, counter.clone());
        let y = m.intermediate("body_y", &SHAPE, dtype, quant.clone());
        let n = m.intermediate("body_n", &[], dtype, counter.clone());
        let one = match dtype {
            DType::Float32 => m.constant("one", &[], dtype, &1f32.to_le_bytes(), None),
            _ => m.constant("one", &[], dtype, &[2], counter.clone()),
        };
        let next_i = m.intermediate("next_i", &[], dtype, counter.clone());
        let next_y = m.intermediate("next_y", &SHAPE, dtype, quant.clone());
        m.op(BuiltinOp::Add, &[i, one], &[next_i], add_options());
        m.op(BuiltinOp::Add, &[y, y], &[next_y], add_options());
        (vec![i, y, n], vec![next_i, next_y, n])
    });
    let limit = m.intermediate("limit", &[], dtype, counter.clone());
    let options = WhileOptions { cond_subgraph_index: cond, body_subgraph_index: body };
    m.op(BuiltinOp::While, &[zero, x, n], &[count, y, limit], BuiltinOptions::While(options));
    let limit_tensor = |value: f32| match dtype {
        DType::Float32 => Tensor::from_f32(&[], &[value]),
        _ => Tensor::from_i8(&[], &[value as i8]),
    };
    let mut inputs = limits.iter().map(|&value| vec![Tensor::random(dtype, &shape(), rng), limit_tensor(value)]);
    let first = inputs.next().expect("a limit");
    m.case(&format!("while {dtype:?}"), first).then_invoked_with(inputs.collect())
}

/// The `if_f32` suite.
pub fn if_f32() -> Vec<Case> {
    vec![if_case(DType::Float32, None, &mut Rng(0x1F32))]
}

/// The `if_int8` suite.
pub fn if_int8() -> Vec<Case> {
    vec![if_case(DType::Int8, Some(Quant::tensor(0.25, -3)), &mut Rng(0x1F08))]
}

/// The `while_f32` suite.
pub fn while_f32() -> Vec<Case> {
    vec![while_case(DType::Float32, None, None, &[0.0, 1.0, 4.0, -2.0, 2.5], &mut Rng(0x3F32))]
}

/// The `while_int8` suite: the counter in steps of 1 stored as 2 (scale 0.5: TFLite Micro's int8
/// LESS aborts on input scales of 1 or more), the doubled tensor saturating.
pub fn while_int8() -> Vec<Case> {
    let counter = Some(Quant::tensor(0.5, 0));
    vec![while_case(DType::Int8, counter, Some(Quant::tensor(0.25, -3)), &[0.0, 2.0, 8.0, 6.0], &mut Rng(0x3F08))]
}

/// The `call_once` suite: `v` initialised to 1.5 by the init subgraph; `new = read(v) + x;
/// assign(v, new)`, four invocations.
pub fn call_once() -> Vec<Case> {
    let mut rng = Rng(0xCA11);
    let mut m = OneOp::new();
    let handle = |m: &mut OneOp, name: &str| {
        let h = m.resource(name);
        let options = VarHandleOptions { container: Some(""), shared_name: Some("v") };
        m.op(BuiltinOp::VarHandle, &[], &[h], BuiltinOptions::VarHandle(options));
        h
    };
    let x = m.input("x", &SHAPE, DType::Float32, None);
    let init = m.subgraph("init", |m| {
        let h = handle(m, "init_handle");
        let data: Vec<u8> = (0..10).flat_map(|i| (1.5f32 + i as f32).to_le_bytes()).collect();
        let value = m.constant("initial", &SHAPE, DType::Float32, &data, None);
        m.op(BuiltinOp::AssignVariable, &[h, value], &[], BuiltinOptions::AssignVariable);
        (Vec::new(), Vec::new())
    });
    m.op(BuiltinOp::CallOnce, &[], &[], BuiltinOptions::CallOnce(CallOnceOptions { init_subgraph_index: init }));
    let h = handle(&mut m, "handle");
    let old = m.intermediate("old", &SHAPE, DType::Float32, None);
    let new = m.output("new", &SHAPE, DType::Float32, None);
    m.op(BuiltinOp::ReadVariable, &[h], &[old], BuiltinOptions::ReadVariable);
    m.op(BuiltinOp::Add, &[old, x], &[new], add_options());
    m.op(BuiltinOp::AssignVariable, &[h, new], &[], BuiltinOptions::AssignVariable);
    let later = (0..3).map(|_| vec![Tensor::random(DType::Float32, &shape(), &mut rng)]).collect();
    let first = vec![Tensor::random(DType::Float32, &shape(), &mut rng)];
    vec![m.case("call_once f32", first).then_invoked_with(later)]
}
