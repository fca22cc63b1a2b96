//! The conformance harness itself: a model with no kernel (a reshape: a view, then a copy into
//! the output) runs through mc and TFLite Micro, and a wrong expectation is caught.

use mc_conformance::models::{OneOp, Quant};
use mc_conformance::{DType, Rng, Tensor, check_cases, host, reference};
use mc_tflite::{BuiltinOp, BuiltinOptions, ReshapeOptions};

fn reshape_case(rng: &mut Rng) -> mc_conformance::Case {
    let mut m = OneOp::new();
    let q = Some(Quant::tensor(0.5, -3));
    let x = m.input("x", &[1, 2, 3, 4], DType::Int8, q.clone());
    let shape = m.constant_i32("shape", &[2], &[6, 4], None);
    let y = m.output("y", &[6, 4], DType::Int8, q);
    m.op(
        BuiltinOp::Reshape,
        &[x, shape],
        &[y],
        BuiltinOptions::Reshape(ReshapeOptions { new_shape: Some(vec![6, 4]) }),
    );
    m.case("reshape", vec![Tensor::random(DType::Int8, &[1, 2, 3, 4], rng)])
}

#[test]
fn a_reshape_matches_tflite_micro() {
    let mut rng = Rng(0xC0FFEE);
    let cases: Vec<_> = (0..2).map(|_| reshape_case(&mut rng)).collect();
    check_cases(&cases, 0.0);
}

#[test]
fn both_sides_compute_what_the_model_says() {
    // Not only equal to each other: equal to the input bytes, reshaped.
    let case = reshape_case(&mut Rng(7));
    let tflm = reference::run_tflm(std::slice::from_ref(&case));
    let mc = host::run_model(&case.model, &case.inputs, &case.name).unwrap();
    for outputs in [&tflm[0], &mc] {
        assert_eq!(outputs.len(), 1);
        assert_eq!(outputs[0].shape, vec![6, 4]);
        assert_eq!(outputs[0].data, case.inputs[0].data);
    }
}
