//! The converter-made models (`conformance/models`: TensorFlow's TFLite converter on small Keras
//! networks, int8 and 16x8) through mc's full pipeline against TFLite Micro, byte for byte
//! (their float outputs are dequantized int16, so they are exact too), on seeded inputs.

use mc_conformance::converted::{MODELS, cases};
use mc_conformance::{Case, check_cases};

#[test]
fn converter_made_int8_and_16x8_models_match_tflite_micro_exactly() {
    let cases: Vec<Case> = MODELS.iter().enumerate().flat_map(|(i, file)| cases(file, 3, 40 + i as u64)).collect();
    check_cases(&cases, 0.0);
}

#[test]
fn converter_made_lstm_keeps_its_states_across_invocations() {
    // Two stacked Keras LSTMs (four state variables): five invocations in a row on one instance.
    let mut cases = cases("lstm_int8.tflite", 5, 60);
    let first = cases.remove(0);
    let then = cases.into_iter().map(|case| case.inputs).collect();
    check_cases(&[first.then_invoked_with(then)], 0.0);
}
