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
