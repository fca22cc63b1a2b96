//! TFLite Micro's `CIRCULAR_BUFFER` (the custom operator of streaming models) against TFLite
//! Micro over several invocations in a row: the slots (its output tensor) and the count towards
//! the next valid invocation carry over, compared through the slots and the `valid` flag of
//! each. One to six slots of one or more rows, `cycles_max` from 1 to more than the
//! invocations, and no options at all (TFLite Micro's rule from the slot count picks 1 or 2);
//! quantized and plain int8, valid flags of shape `[1]` and `[]`; and a chain in which the
//! buffer sits between two `RELU`s, its slots an intermediate tensor.

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{BuiltinOp, BuiltinOptions, CIRCULAR_BUFFER, signal_options_flexbuffer};

/// Invocations of every case: more than the most slots and most cycles, so every slot is
/// shifted out and every count wraps.
const INVOCATIONS: usize = 9;

/// One case's buffer: `(slots, rows, depth, cycles_max, quantized, valid shape)`, `cycles_max`
/// `None` for no options.
type Layout = (i32, i32, i32, Option<i64>, bool, &'static [i32]);

/// The `circular_buffer` suite: a buffer per [`Layout`], and the chain of [`relu_chain`].
pub fn circular_buffer() -> Vec<Case> {
    let mut rng = Rng(0xC1_4C_B0_F5);
    let layouts: [Layout; 8] = [
        (3, 1, 4, Some(1), true, &[1]),
        (5, 2, 3, Some(2), true, &[1]),
        (4, 1, 8, Some(3), false, &[]),
        (1, 3, 2, Some(4), true, &[1]),
        (6, 1, 5, Some(11), false, &[1]),
        (5, 1, 3, None, true, &[1]),
        (3, 2, 2, None, true, &[]),
        (2, 1, 16, Some(2), false, &[1]),
    ];
    let mut cases: Vec<Case> = layouts
        .into_iter()
        .map(|(slots, rows, depth, cycles_max, quantized, valid_shape)| {
            let quant = quantized.then(|| Quant::tensor(0.25, -3));
            let mut m = OneOp::new();
            let input = m.input("frame", &[1, 1, rows, depth], DType::Int8, quant.clone());
            let output = m.output("slots", &[1, slots, rows, depth], DType::Int8, quant);
            let valid = m.output("valid", valid_shape, DType::Bool, None);
            let options = cycles_max.map_or_else(Vec::new, |c| signal_options_flexbuffer(&[("cycles_max", c)], &[]));
            m.custom_op(CIRCULAR_BUFFER, &[input], &[output, valid], options);
            let shape = [1, 1, rows as usize, depth as usize];
            let mut invocations = (0..INVOCATIONS).map(|_| vec![Tensor::full_range(DType::Int8, &shape, &mut rng)]);
            let first = invocations.next().expect("several invocations");
            let cycles = cycles_max.map_or("no options".to_string(), |c| format!("cycles_max {c}"));
            let types = if quantized { "int8" } else { "plain int8" };
            let name = format!("CIRCULAR_BUFFER {slots} slots of [{rows}, {depth}] {types}, {cycles}");
            m.case(&name, first).then_invoked_with(invocations.collect())
        })
        .collect();
    cases.push(relu_chain(&mut rng));
    cases
}

/// `RELU`, a `CIRCULAR_BUFFER` of 4 slots of `[1, 6]` valid every third invocation, `RELU`.
fn relu_chain(rng: &mut Rng) -> Case {
    let quant = Some(Quant::tensor(0.5, 5));
    let mut m = OneOp::new();
    let x = m.input("x", &[1, 1, 1, 6], DType::Int8, quant.clone());
    let frame = m.intermediate("frame", &[1, 1, 1, 6], DType::Int8, quant.clone());
    let slots = m.intermediate("slots", &[1, 4, 1, 6], DType::Int8, quant.clone());
    let y = m.output("y", &[1, 4, 1, 6], DType::Int8, quant);
    let valid = m.output("valid", &[1], DType::Bool, None);
    m.op(BuiltinOp::Relu, &[x], &[frame], BuiltinOptions::None);
    m.custom_op(CIRCULAR_BUFFER, &[frame], &[slots, valid], signal_options_flexbuffer(&[("cycles_max", 3)], &[]));
    m.op(BuiltinOp::Relu, &[slots], &[y], BuiltinOptions::None);
    let mut invocations = (0..INVOCATIONS).map(|_| vec![Tensor::full_range(DType::Int8, &[1, 1, 1, 6], rng)]);
    let first = invocations.next().expect("several invocations");
    m.case("RELU, CIRCULAR_BUFFER 4 slots of [1, 6] int8, cycles_max 3, RELU", first)
        .then_invoked_with(invocations.collect())
}
