//! `IF`, `WHILE` and `CALL_ONCE` against TFLite Micro, with their subgraphs written by the model
//! writer: an `IF` choosing MAXIMUM or MINIMUM of two inputs by a bool input (both branches over
//! successive invocations), a `WHILE` doubling a tensor `n` times (`n` an input: 0, 1 and many
//! iterations), float and int8; a variable initialised by a `CALL_ONCE` init subgraph to a
//! non-zero constant and accumulated over invocations (the init runs on the first only); a
//! variable assigned inside an `IF` branch and accumulated inside a `WHILE` body, read before and
//! after the op in the same invocation; control flow nested (an `IF` in a `WHILE` body, a
//! `WHILE` in an `IF` branch, an `IF` in an `IF` branch), float and int8; `WHILE` bodies yielding
//! their carried values in other places (swap, Fibonacci step, rotation, a value in two places,
//! a swap through reshapes), float and int8, over several invocations.

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{
    Activation, AddSubOptions, BuiltinOp, BuiltinOptions, CallOnceOptions, IfOptions, ReshapeOptions, VarHandleOptions,
    WhileOptions,
};

const SHAPE: [i32; 2] = [2, 5];

fn shape() -> Vec<usize> {
    SHAPE.iter().map(|&d| d as usize).collect()
}

fn add_options() -> BuiltinOptions<'static> {
    BuiltinOptions::Add(AddSubOptions { fused_activation: Activation::None, pot_scale_int16: true })
}

fn sub_options() -> BuiltinOptions<'static> {
    BuiltinOptions::Sub(AddSubOptions { fused_activation: Activation::None, pot_scale_int16: true })
}

/// A bool scalar input holding `value`.
fn flag(value: bool) -> Tensor {
    Tensor { dtype: DType::Bool, shape: Vec::new(), data: vec![u8::from(value)] }
}

/// The element type of a case's `SHAPE` tensors and of its scalar loop counters, with their
/// quantization (int8: the counters count in steps of 1 stored as 2, scale 0.5, since TFLite
/// Micro's int8 LESS aborts on input scales of 1 or more).
struct Elements {
    dtype: DType,
    quant: Option<Quant>,
    counter: Option<Quant>,
}

impl Elements {
    fn float() -> Elements {
        Elements { dtype: DType::Float32, quant: None, counter: None }
    }

    fn int8() -> Elements {
        Elements { dtype: DType::Int8, quant: Some(Quant::tensor(0.25, -3)), counter: Some(Quant::tensor(0.5, 0)) }
    }

    /// A `SHAPE` intermediate tensor.
    fn tensor(&self, m: &mut OneOp, name: &str) -> i32 {
        m.intermediate(name, &SHAPE, self.dtype, self.quant.clone())
    }

    /// A scalar counter intermediate tensor.
    fn counter(&self, m: &mut OneOp, name: &str) -> i32 {
        m.intermediate(name, &[], self.dtype, self.counter.clone())
    }

    /// A random `SHAPE` tensor.
    fn random(&self, rng: &mut Rng) -> Tensor {
        Tensor::random(self.dtype, &shape(), rng)
    }

    /// The stored counter representing `value`.
    fn counter_value(&self, value: f32) -> Tensor {
        match &self.counter {
            None => Tensor::from_f32(&[], &[value]),
            Some(q) => Tensor::from_i8(&[], &[(value / q.scales[0]).round() as i8]),
        }
    }

    /// A scalar counter constant holding `value`.
    fn counter_constant(&self, m: &mut OneOp, name: &str, value: f32) -> i32 {
        m.constant(name, &[], self.dtype, &self.counter_value(value).data, self.counter.clone())
    }
}

/// A value a `WHILE` carries besides its counter and limit.
#[derive(Clone, Copy)]
enum Carried {
    /// A `SHAPE` tensor.
    Tensor,
    /// A tensor of `SHAPE`'s elements in one dimension.
    Flat,
    /// A scalar counter.
    Counter,
}

impl Carried {
    fn shape(self) -> Vec<i32> {
        match self {
            Carried::Tensor => SHAPE.to_vec(),
            Carried::Flat => vec![SHAPE.iter().product()],
            Carried::Counter => Vec::new(),
        }
    }

    fn quant(self, e: &Elements) -> Option<Quant> {
        match self {
            Carried::Tensor | Carried::Flat => e.quant.clone(),
            Carried::Counter => e.counter.clone(),
        }
    }

    fn intermediate(self, m: &mut OneOp, e: &Elements, name: &str) -> i32 {
        m.intermediate(name, &self.shape(), e.dtype, self.quant(e))
    }
}

/// The cond and body subgraphs of a `WHILE` over `(i, n, carried...)` counting `i` from 0 while
/// `i < n`: the body computes the next carried values with `step(m, i, carried)`.
fn counting_subgraphs(
    m: &mut OneOp,
    e: &Elements,
    name: &str,
    carried: &[Carried],
    step: impl FnOnce(&mut OneOp, i32, &[i32]) -> Vec<i32>,
) -> WhileOptions {
    let values = |m: &mut OneOp, prefix: &str| -> Vec<i32> {
        let (i, n) = (e.counter(m, &format!("{prefix}_i")), e.counter(m, &format!("{prefix}_n")));
        let rest = carried.iter().enumerate().map(|(k, c)| c.intermediate(m, e, &format!("{prefix}_{k}")));
        [i, n].into_iter().chain(rest.collect::<Vec<_>>()).collect()
    };
    let cond = m.subgraph(&format!("{name}_cond"), |m| {
        let inputs = values(m, &format!("{name}_cond"));
        let more = m.intermediate(&format!("{name}_more"), &[], DType::Bool, None);
        m.op(BuiltinOp::Less, &inputs[..2], &[more], BuiltinOptions::None);
        (inputs, vec![more])
    });
    let body = m.subgraph(&format!("{name}_body"), |m| {
        let inputs = values(m, &format!("{name}_body"));
        let one = e.counter_constant(m, &format!("{name}_one"), 1.0);
        let next_i = e.counter(m, &format!("{name}_next_i"));
        m.op(BuiltinOp::Add, &[inputs[0], one], &[next_i], add_options());
        let next = step(m, inputs[0], &inputs[2..]);
        (inputs.clone(), [next_i, inputs[1]].into_iter().chain(next).collect())
    });
    WhileOptions { cond_subgraph_index: cond, body_subgraph_index: body }
}

/// Adds the `WHILE` of [`counting_subgraphs`] `options` from 0 to `n` over `initial` (into
/// `results`), its final count in `count`.
fn counting_while(
    m: &mut OneOp,
    e: &Elements,
    options: WhileOptions,
    n: i32,
    initial: &[i32],
    count: i32,
    results: &[i32],
) {
    let zero = e.counter_constant(m, &format!("zero_{}", options.cond_subgraph_index), 0.0);
    let limit = e.counter(m, &format!("limit_{}", options.cond_subgraph_index));
    let inputs: Vec<i32> = [zero, n].iter().chain(initial).copied().collect();
    let outputs: Vec<i32> = [count, limit].iter().chain(results).copied().collect();
    m.op(BuiltinOp::While, &inputs, &outputs, BuiltinOptions::While(options));
}

/// A branch subgraph `op(a, b)` of two `SHAPE` inputs.
fn branch(m: &mut OneOp, e: &Elements, name: &str, op: BuiltinOp, options: BuiltinOptions<'_>) -> usize {
    m.subgraph(name, |m| {
        let a = e.tensor(m, &format!("{name}_a"));
        let b = e.tensor(m, &format!("{name}_b"));
        let r = e.tensor(m, &format!("{name}_r"));
        m.op(op, &[a, b], &[r], options);
        (vec![a, b], vec![r])
    })
}

/// The subgraphs of `c ? maximum(a, b) : minimum(a, b)`.
fn max_or_min(m: &mut OneOp, e: &Elements, name: &str) -> IfOptions {
    let then = branch(m, e, &format!("{name}_then"), BuiltinOp::Maximum, BuiltinOptions::None);
    let otherwise = branch(m, e, &format!("{name}_else"), BuiltinOp::Minimum, BuiltinOptions::None);
    IfOptions { then_subgraph_index: then, else_subgraph_index: otherwise }
}

/// `y = c ? maximum(x, z) : minimum(x, z)`, invoked with `c` true, false, false, true.
fn if_case(e: &Elements, rng: &mut Rng) -> Case {
    let mut m = OneOp::new();
    let c = m.input("c", &[], DType::Bool, None);
    let x = m.input("x", &SHAPE, e.dtype, e.quant.clone());
    let z = m.input("z", &SHAPE, e.dtype, e.quant.clone());
    let y = m.output("y", &SHAPE, e.dtype, e.quant.clone());
    let options = max_or_min(&mut m, e, "if");
    m.op(BuiltinOp::If, &[c, x, z], &[y], BuiltinOptions::If(options));
    let mut inputs =
        [true, false, false, true].into_iter().map(|value| vec![flag(value), e.random(rng), e.random(rng)]);
    let first = inputs.next().expect("four invocations");
    m.case(&format!("if {:?}", e.dtype), first).then_invoked_with(inputs.collect())
}

/// `(i, y) = (0, x); while i < n: (i, y) = (i + 1, y + y)`, returning `y` and `i`, invoked with
/// each of `limits`.
fn while_case(e: &Elements, limits: &[f32], rng: &mut Rng) -> Case {
    let mut m = OneOp::new();
    let x = m.input("x", &SHAPE, e.dtype, e.quant.clone());
    let n = m.input("n", &[], e.dtype, e.counter.clone());
    let y = m.output("y", &SHAPE, e.dtype, e.quant.clone());
    let count = m.output("count", &[], e.dtype, e.counter.clone());
    let options = counting_subgraphs(&mut m, e, "double", &[Carried::Tensor], |m, _, carried| {
        let next_y = e.tensor(m, "next_y");
        m.op(BuiltinOp::Add, &[carried[0], carried[0]], &[next_y], add_options());
        vec![next_y]
    });
    counting_while(&mut m, e, options, n, &[x], count, &[y]);
    let mut inputs = limits.iter().map(|&value| vec![e.random(rng), e.counter_value(value)]);
    let first = inputs.next().expect("a limit");
    m.case(&format!("while {:?}", e.dtype), first).then_invoked_with(inputs.collect())
}

/// The `if_f32` suite.
pub fn if_f32() -> Vec<Case> {
    vec![if_case(&Elements::float(), &mut Rng(0x1F32))]
}

/// The `if_int8` suite.
pub fn if_int8() -> Vec<Case> {
    vec![if_case(&Elements::int8(), &mut Rng(0x1F08))]
}

/// The `while_f32` suite.
pub fn while_f32() -> Vec<Case> {
    vec![while_case(&Elements::float(), &[0.0, 1.0, 4.0, -2.0, 2.5], &mut Rng(0x3F32))]
}

/// The `while_int8` suite: the doubled tensor saturating.
pub fn while_int8() -> Vec<Case> {
    vec![while_case(&Elements::int8(), &[0.0, 1.0, 4.0, 3.0], &mut Rng(0x3F08))]
}

/// A `VAR_HANDLE` of the variable `v`, its handle named `name`.
fn var_handle(m: &mut OneOp, name: &str) -> i32 {
    let h = m.resource(name);
    let options = VarHandleOptions { container: Some(""), shared_name: Some("v") };
    m.op(BuiltinOp::VarHandle, &[], &[h], BuiltinOptions::VarHandle(options));
    h
}

/// A `CALL_ONCE` whose init subgraph assigns `initial` (a `SHAPE` tensor of `e`) to `v`.
fn init_variable(m: &mut OneOp, e: &Elements, initial: &Tensor) {
    let init = m.subgraph("init", |m| {
        let h = var_handle(m, "init_handle");
        let value = m.constant("initial", &SHAPE, e.dtype, &initial.data, e.quant.clone());
        m.op(BuiltinOp::AssignVariable, &[h, value], &[], BuiltinOptions::AssignVariable);
        (Vec::new(), Vec::new())
    });
    m.op(BuiltinOp::CallOnce, &[], &[], BuiltinOptions::CallOnce(CallOnceOptions { init_subgraph_index: init }));
}

/// In the current subgraph: `new = v + x; v = new` (read, add, assign).
fn accumulate(m: &mut OneOp, e: &Elements, prefix: &str, x: i32, new: i32) {
    let h = var_handle(m, &format!("{prefix}_handle"));
    let old = e.tensor(m, &format!("{prefix}_old"));
    m.op(BuiltinOp::ReadVariable, &[h], &[old], BuiltinOptions::ReadVariable);
    m.op(BuiltinOp::Add, &[old, x], &[new], add_options());
    m.op(BuiltinOp::AssignVariable, &[h, new], &[], BuiltinOptions::AssignVariable);
}

/// `before = v; ...; after = v; y = before + after` around the ops `between` adds, `y` an output.
fn read_around(m: &mut OneOp, e: &Elements, between: impl FnOnce(&mut OneOp)) {
    let h = var_handle(m, "handle");
    let before = e.tensor(m, "before");
    m.op(BuiltinOp::ReadVariable, &[h], &[before], BuiltinOptions::ReadVariable);
    between(m);
    let after = e.tensor(m, "after");
    m.op(BuiltinOp::ReadVariable, &[h], &[after], BuiltinOptions::ReadVariable);
    let y = m.output("y", &SHAPE, e.dtype, e.quant.clone());
    m.op(BuiltinOp::Add, &[before, after], &[y], add_options());
}

/// The `call_once` suite: `v` initialised to 1.5 by the init subgraph; `new = read(v) + x;
/// assign(v, new)`, four invocations.
pub fn call_once() -> Vec<Case> {
    let mut rng = Rng(0xCA11);
    let e = Elements::float();
    let mut m = OneOp::new();
    let x = m.input("x", &SHAPE, DType::Float32, None);
    init_variable(&mut m, &e, &Tensor::from_f32(&shape(), &(0..10).map(|i| 1.5 + i as f32).collect::<Vec<_>>()));
    let new = m.output("new", &SHAPE, DType::Float32, None);
    accumulate(&mut m, &e, "main", x, new);
    let later = (0..3).map(|_| vec![e.random(&mut rng)]).collect();
    vec![m.case("call_once f32", vec![e.random(&mut rng)]).then_invoked_with(later)]
}

/// `(i, v) = (0, x); while i < n: (i, v) = (i + 1, step(v))` over the tensors `carried`, every
/// one an input and an output, the body yielding carried values in other places (a swap, a
/// rotation...), invoked with `n` 3, 0, 1, 4, 5.
fn permuting_case(
    e: &Elements,
    name: &str,
    carried: &[Carried],
    step: impl FnOnce(&mut OneOp, &[i32]) -> Vec<i32>,
    rng: &mut Rng,
) -> Case {
    let mut m = OneOp::new();
    let named = |prefix: &'static str| (0..carried.len()).map(move |k| format!("{prefix}{k}"));
    let x: Vec<i32> =
        carried.iter().zip(named("x")).map(|(c, n)| m.input(&n, &c.shape(), e.dtype, c.quant(e))).collect();
    let n = m.input("n", &[], e.dtype, e.counter.clone());
    let y: Vec<i32> =
        carried.iter().zip(named("y")).map(|(c, n)| m.output(&n, &c.shape(), e.dtype, c.quant(e))).collect();
    let count = e.counter(&mut m, "count");
    let options = counting_subgraphs(&mut m, e, name, carried, |m, _, values| step(m, values));
    counting_while(&mut m, e, options, n, &x, count, &y);
    let mut inputs = [3.0, 0.0, 1.0, 4.0, 5.0].into_iter().map(|limit| {
        let tensors = carried.iter().map(|c| {
            let shape: Vec<usize> = c.shape().iter().map(|&d| d as usize).collect();
            Tensor::random(e.dtype, &shape, rng)
        });
        tensors.chain([e.counter_value(limit)]).collect::<Vec<_>>()
    });
    let first = inputs.next().expect("five invocations");
    m.case(&format!("{name} {:?}", e.dtype), first).then_invoked_with(inputs.collect())
}

/// A `RESHAPE` of `x` to `carried`'s shape.
fn reshape(m: &mut OneOp, e: &Elements, name: &str, x: i32, to: Carried) -> i32 {
    let shape = to.shape();
    let operand = m.constant_i32(&format!("{name}_shape"), &[shape.len() as i32], &shape, None);
    let y = to.intermediate(m, e, name);
    m.op(BuiltinOp::Reshape, &[x, operand], &[y], BuiltinOptions::Reshape(ReshapeOptions { new_shape: None }));
    y
}

/// `WHILE` bodies yielding carried values in other places: a swap `(a, b) -> (b, a)`, a
/// Fibonacci step `(a, b) -> (b, a + b)`, a rotation `(a, b, c) -> (b, c, a)`, a value yielded
/// in two places `(a, b, c) -> (b, a, a)` and a swap through reshapes (each next value a view of
/// the other carried tensor).
fn permutations(e: &Elements, rng: &mut Rng) -> Vec<Case> {
    let two = [Carried::Tensor, Carried::Tensor];
    let three = [Carried::Tensor, Carried::Tensor, Carried::Tensor];
    vec![
        permuting_case(e, "swap", &two, |_, v| vec![v[1], v[0]], rng),
        permuting_case(
            e,
            "fibonacci",
            &two,
            |m, v| {
                let sum = e.tensor(m, "sum");
                m.op(BuiltinOp::Add, &[v[0], v[1]], &[sum], add_options());
                vec![v[1], sum]
            },
            rng,
        ),
        permuting_case(e, "rotation", &three, |_, v| vec![v[1], v[2], v[0]], rng),
        permuting_case(e, "yielded_twice", &three, |_, v| vec![v[1], v[0], v[0]], rng),
        permuting_case(
            e,
            "swap_views",
            &[Carried::Tensor, Carried::Flat],
            |m, v| vec![reshape(m, e, "b_as_a", v[1], Carried::Tensor), reshape(m, e, "a_as_b", v[0], Carried::Flat)],
            rng,
        ),
    ]
}

/// The `while_permutations_f32` suite.
pub fn while_permutations_f32() -> Vec<Case> {
    permutations(&Elements::float(), &mut Rng(0x5A32))
}

/// The `while_permutations_int8` suite.
pub fn while_permutations_int8() -> Vec<Case> {
    permutations(&Elements::int8(), &mut Rng(0x5A08))
}

/// `v` initialised by `CALL_ONCE`; `r = c ? (v += x) : x + x` read around (`y = before +
/// after`), both outputs, invoked with `c` true, false, true, true, false.
fn assign_in_if_case(e: &Elements, rng: &mut Rng) -> Case {
    let mut m = OneOp::new();
    let c = m.input("c", &[], DType::Bool, None);
    let x = m.input("x", &SHAPE, e.dtype, e.quant.clone());
    init_variable(&mut m, e, &e.random(rng));
    let then = m.subgraph("then", |m| {
        let (a, new) = (e.tensor(m, "then_x"), e.tensor(m, "then_new"));
        accumulate(m, e, "then", a, new);
        (vec![a], vec![new])
    });
    let otherwise = m.subgraph("else", |m| {
        let a = e.tensor(m, "else_x");
        let r = e.tensor(m, "else_r");
        m.op(BuiltinOp::Add, &[a, a], &[r], add_options());
        (vec![a], vec![r])
    });
    read_around(&mut m, e, |m| {
        let r = m.output("r", &SHAPE, e.dtype, e.quant.clone());
        let options = IfOptions { then_subgraph_index: then, else_subgraph_index: otherwise };
        m.op(BuiltinOp::If, &[c, x], &[r], BuiltinOptions::If(options));
    });
    let mut inputs = [true, false, true, true, false].into_iter().map(|value| vec![flag(value), e.random(rng)]);
    let first = inputs.next().expect("five invocations");
    m.case(&format!("assign in if {:?}", e.dtype), first).then_invoked_with(inputs.collect())
}

/// `v` initialised by `CALL_ONCE`; `for i < n: v += x` read around (`y = before + after`),
/// the count an output too, invoked with `n` 2, 0, 3, 1.
fn assign_in_while_case(e: &Elements, rng: &mut Rng) -> Case {
    let mut m = OneOp::new();
    let x = m.input("x", &SHAPE, e.dtype, e.quant.clone());
    let n = m.input("n", &[], e.dtype, e.counter.clone());
    init_variable(&mut m, e, &e.random(rng));
    let options = counting_subgraphs(&mut m, e, "accumulate", &[Carried::Tensor], |m, _, carried| {
        let new = e.tensor(m, "body_new");
        accumulate(m, e, "body", carried[0], new);
        vec![carried[0]]
    });
    read_around(&mut m, e, |m| {
        let count = m.output("count", &[], e.dtype, e.counter.clone());
        let unchanged = e.tensor(m, "unchanged");
        counting_while(m, e, options, n, &[x], count, &[unchanged]);
    });
    let mut inputs = [2.0, 0.0, 3.0, 1.0].into_iter().map(|value| vec![e.random(rng), e.counter_value(value)]);
    let first = inputs.next().expect("four invocations");
    m.case(&format!("assign in while {:?}", e.dtype), first).then_invoked_with(inputs.collect())
}

/// The `assign_in_if_f32` suite.
pub fn assign_in_if_f32() -> Vec<Case> {
    vec![assign_in_if_case(&Elements::float(), &mut Rng(0xA1F3))]
}

/// The `assign_in_if_int8` suite.
pub fn assign_in_if_int8() -> Vec<Case> {
    vec![assign_in_if_case(&Elements::int8(), &mut Rng(0xA1F8))]
}

/// The `assign_in_while_f32` suite.
pub fn assign_in_while_f32() -> Vec<Case> {
    vec![assign_in_while_case(&Elements::float(), &mut Rng(0xA3F3))]
}

/// The `assign_in_while_int8` suite.
pub fn assign_in_while_int8() -> Vec<Case> {
    vec![assign_in_while_case(&Elements::int8(), &mut Rng(0xA3F8))]
}

/// `(i, y) = (0, x); while i < n: (i, y) = (i + 1, i < k ? y + z : y - z)`, returning `y` and
/// `i`, invoked with `(n, k)` pairs taking either branch, both and none.
fn if_in_while_case(e: &Elements, rng: &mut Rng) -> Case {
    let mut m = OneOp::new();
    let x = m.input("x", &SHAPE, e.dtype, e.quant.clone());
    let z = m.input("z", &SHAPE, e.dtype, e.quant.clone());
    let n = m.input("n", &[], e.dtype, e.counter.clone());
    let k = m.input("k", &[], e.dtype, e.counter.clone());
    let y = m.output("y", &SHAPE, e.dtype, e.quant.clone());
    let count = m.output("count", &[], e.dtype, e.counter.clone());
    let then = branch(&mut m, e, "add", BuiltinOp::Add, add_options());
    let otherwise = branch(&mut m, e, "sub", BuiltinOp::Sub, sub_options());
    let carried = [Carried::Tensor, Carried::Tensor, Carried::Counter];
    let options = counting_subgraphs(&mut m, e, "loop", &carried, |m, i, carried| {
        let below = m.intermediate("below", &[], DType::Bool, None);
        m.op(BuiltinOp::Less, &[i, carried[2]], &[below], BuiltinOptions::None);
        let next_y = e.tensor(m, "next_y");
        let options = IfOptions { then_subgraph_index: then, else_subgraph_index: otherwise };
        m.op(BuiltinOp::If, &[below, carried[0], carried[1]], &[next_y], BuiltinOptions::If(options));
        vec![next_y, carried[1], carried[2]]
    });
    let (z_out, k_out) = (e.tensor(&mut m, "z_out"), e.counter(&mut m, "k_out"));
    counting_while(&mut m, e, options, n, &[x, z, k], count, &[y, z_out, k_out]);
    let mut inputs = [(3.0, 1.0), (0.0, 2.0), (4.0, 4.0), (2.0, 0.0)]
        .into_iter()
        .map(|(n, k)| vec![e.random(rng), e.random(rng), e.counter_value(n), e.counter_value(k)]);
    let first = inputs.next().expect("four invocations");
    m.case(&format!("if in while {:?}", e.dtype), first).then_invoked_with(inputs.collect())
}

/// `y = c ? (x doubled n times by a WHILE) : x + x`, invoked with both flags and several `n`.
fn while_in_if_case(e: &Elements, rng: &mut Rng) -> Case {
    let mut m = OneOp::new();
    let c = m.input("c", &[], DType::Bool, None);
    let x = m.input("x", &SHAPE, e.dtype, e.quant.clone());
    let n = m.input("n", &[], e.dtype, e.counter.clone());
    let y = m.output("y", &SHAPE, e.dtype, e.quant.clone());
    let double = counting_subgraphs(&mut m, e, "double", &[Carried::Tensor], |m, _, carried| {
        let next_y = e.tensor(m, "next_y");
        m.op(BuiltinOp::Add, &[carried[0], carried[0]], &[next_y], add_options());
        vec![next_y]
    });
    let then = m.subgraph("then", |m| {
        let (a, limit) = (e.tensor(m, "then_x"), e.counter(m, "then_n"));
        let (count, r) = (e.counter(m, "then_count"), e.tensor(m, "then_r"));
        counting_while(m, e, double, limit, &[a], count, &[r]);
        (vec![a, limit], vec![r])
    });
    let otherwise = m.subgraph("else", |m| {
        let (a, limit) = (e.tensor(m, "else_x"), e.counter(m, "else_n"));
        let r = e.tensor(m, "else_r");
        m.op(BuiltinOp::Add, &[a, a], &[r], add_options());
        (vec![a, limit], vec![r])
    });
    let options = IfOptions { then_subgraph_index: then, else_subgraph_index: otherwise };
    m.op(BuiltinOp::If, &[c, x, n], &[y], BuiltinOptions::If(options));
    let mut inputs = [(true, 2.0), (false, 3.0), (true, 0.0), (true, 3.0)]
        .into_iter()
        .map(|(c, n)| vec![flag(c), e.random(rng), e.counter_value(n)]);
    let first = inputs.next().expect("four invocations");
    m.case(&format!("while in if {:?}", e.dtype), first).then_invoked_with(inputs.collect())
}

/// `y = c ? (d ? maximum(x, z) : minimum(x, z)) : x + z`, invoked with every pair of flags.
fn if_in_if_case(e: &Elements, rng: &mut Rng) -> Case {
    let mut m = OneOp::new();
    let c = m.input("c", &[], DType::Bool, None);
    let d = m.input("d", &[], DType::Bool, None);
    let x = m.input("x", &SHAPE, e.dtype, e.quant.clone());
    let z = m.input("z", &SHAPE, e.dtype, e.quant.clone());
    let y = m.output("y", &SHAPE, e.dtype, e.quant.clone());
    let inner = max_or_min(&mut m, e, "inner");
    let then = m.subgraph("then", |m| {
        let flag = m.intermediate("then_d", &[], DType::Bool, None);
        let (a, b, r) = (e.tensor(m, "then_x"), e.tensor(m, "then_z"), e.tensor(m, "then_r"));
        m.op(BuiltinOp::If, &[flag, a, b], &[r], BuiltinOptions::If(inner));
        (vec![flag, a, b], vec![r])
    });
    let otherwise = m.subgraph("else", |m| {
        let flag = m.intermediate("else_d", &[], DType::Bool, None);
        let (a, b, r) = (e.tensor(m, "else_x"), e.tensor(m, "else_z"), e.tensor(m, "else_r"));
        m.op(BuiltinOp::Add, &[a, b], &[r], add_options());
        (vec![flag, a, b], vec![r])
    });
    let options = IfOptions { then_subgraph_index: then, else_subgraph_index: otherwise };
    m.op(BuiltinOp::If, &[c, d, x, z], &[y], BuiltinOptions::If(options));
    let mut inputs = [(true, true), (true, false), (false, true), (false, false), (true, false)]
        .into_iter()
        .map(|(c, d)| vec![flag(c), flag(d), e.random(rng), e.random(rng)]);
    let first = inputs.next().expect("five invocations");
    m.case(&format!("if in if {:?}", e.dtype), first).then_invoked_with(inputs.collect())
}

/// The nested cases for the elements `e`.
fn nested(e: &Elements, rng: &mut Rng) -> Vec<Case> {
    vec![if_in_while_case(e, rng), while_in_if_case(e, rng), if_in_if_case(e, rng)]
}

/// The `nested_f32` suite.
pub fn nested_f32() -> Vec<Case> {
    nested(&Elements::float(), &mut Rng(0x4E32))
}

/// The `nested_int8` suite.
pub fn nested_int8() -> Vec<Case> {
    nested(&Elements::int8(), &mut Rng(0x4E08))
}
