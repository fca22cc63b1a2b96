//! The converter-made models (`conformance/models`: TensorFlow's TFLite converter on small Keras
//! networks, int8, 16x8 and float32) through mc's full pipeline against TFLite Micro, byte for
//! byte (the first models' float outputs are dequantized int16, so they are exact too), on
//! seeded inputs.

use mc_conformance::converted::{
    KERAS_NETWORKS, MODELS, TEXT_TOKENS, ZOO_NETWORKS, cases, cases_with_tokens, reference_case,
};
use mc_conformance::{Case, check_cases};

#[test]
fn converter_made_int8_and_16x8_models_match_tflite_micro_exactly() {
    let cases: Vec<Case> = MODELS.iter().enumerate().flat_map(|(i, file)| cases(file, 3, 40 + i as u64)).collect();
    check_cases(&cases, 0.0);
}

/// Every converted file of the Keras acceptance network `network`, three seeded inputs each.
fn check_keras_network(network: &str) {
    let (index, (_, files)) =
        KERAS_NETWORKS.iter().enumerate().find(|(_, (name, _))| *name == network).expect("a Keras network");
    let cases: Vec<Case> =
        files.iter().enumerate().flat_map(|(i, file)| cases(file, 3, 100 + 10 * index as u64 + i as u64)).collect();
    check_cases(&cases, 0.0);
}

#[test]
fn keras_reshape_with_a_dynamic_batch_and_flatten_match_tflite_micro() {
    check_keras_network("flatten_cnn");
}

#[test]
fn keras_dilated_conv2d_and_depthwise_conv2d_match_tflite_micro() {
    check_keras_network("dilated");
}

/// The dilated network with a dynamic batch: intermediate shapes inferred at import; checked
/// against TensorFlow Lite (see `reference_case`).
#[test]
fn keras_dilated_convolutions_with_a_dynamic_batch_match_tensorflow_lite() {
    check_cases(&[reference_case("dilated_chain_f32.tflite")], 0.0);
}

#[test]
fn keras_conv2d_transpose_and_upsampling2d_decoder_matches_tflite_micro() {
    check_keras_network("decoder");
}

#[test]
fn keras_multi_head_attention_block_matches_tflite_micro() {
    check_keras_network("attention");
}

#[test]
fn keras_conv1d_network_matches_tflite_micro() {
    check_keras_network("conv1d");
}

/// Every converted file of the model-zoo network `network`, three seeded inputs each (token
/// ids below [`TEXT_TOKENS`] for int32 inputs), invoked `invocations` times in a row.
fn check_zoo_network(network: &str, invocations: usize) {
    let (index, (_, files)) =
        ZOO_NETWORKS.iter().enumerate().find(|(_, (name, _))| *name == network).expect("a zoo network");
    let cases: Vec<Case> = files
        .iter()
        .enumerate()
        .flat_map(|(i, file)| {
            let seed = 200 + 10 * index as u64 + i as u64;
            let mut all = cases_with_tokens(file, 3 * invocations, seed, Some(TEXT_TOKENS)).into_iter();
            std::iter::from_fn(move || {
                let first = all.next()?;
                Some(first.then_invoked_with(all.by_ref().take(invocations - 1).map(|c| c.inputs).collect()))
            })
        })
        .collect();
    check_cases(&cases, 0.0);
}

#[test]
fn keras_bidirectional_lstm_with_time_distributed_dense_matches_tflite_micro_over_invocations() {
    // The converter quantizes each direction's output and the reversed input apart from the
    // hidden state and the input: TFLite Micro copies the bytes.
    check_zoo_network("bilstm", 4);
}

#[test]
fn keras_unrolled_simple_rnn_and_gru_match_tflite_micro() {
    check_zoo_network("rnn", 1);
}

#[test]
fn keras_convolutional_recurrent_keyword_spotter_matches_tflite_micro() {
    check_zoo_network("crnn", 1);
}

#[test]
fn keras_transformer_encoder_block_matches_tflite_micro() {
    check_zoo_network("transformer", 1);
}

#[test]
fn keras_mobilenet_v2_and_efficientnet_blocks_match_tflite_micro() {
    check_zoo_network("mobilenet_v2", 1);
    check_zoo_network("efficientnet", 1);
}

#[test]
fn keras_separable_grouped_and_depth_multiplied_convolutions_match_tflite_micro() {
    check_zoo_network("separable", 1);
    check_zoo_network("grouped", 1);
}

#[test]
fn keras_dense_on_sequences_concatenation_and_l2_normalization_match_tflite_micro() {
    check_zoo_network("dense3d", 1);
}

#[test]
fn keras_resizes_and_16x8_upsampling_match_tflite_micro() {
    check_zoo_network("resize", 1);
    check_zoo_network("upsample", 1);
}

#[test]
fn keras_autoencoder_gesture_cnn_and_text_classifier_match_tflite_micro() {
    check_zoo_network("autoencoder", 1);
    check_zoo_network("gesture", 1);
    check_zoo_network("text", 1);
}

#[test]
fn keras_temporal_convolutional_network_matches_tflite_micro() {
    // Causal Conv1D (PAD then CONV_2D) with dilations 1, 2 and 4 and residual adds.
    check_zoo_network("tcn", 1);
}

#[test]
fn keras_conv1d_transpose_upsampling1d_padding_and_cropping_decoder_matches_tflite_micro() {
    check_zoo_network("decoder1d", 1);
}

#[test]
fn keras_two_input_two_output_siamese_network_matches_tflite_micro() {
    check_zoo_network("siamese", 1);
}

#[test]
fn keras_dot_product_and_additive_attention_match_tflite_micro() {
    check_zoo_network("additive", 1);
}

#[test]
fn keras_unrolled_lstms_match_tflite_micro() {
    check_zoo_network("unrolled_lstm", 1);
}

#[test]
fn keras_ds_cnn_with_folded_batch_norm_and_same_average_pooling_matches_tflite_micro() {
    check_zoo_network("ds_cnn_bn", 1);
}

#[test]
fn keras_rescaling_and_normalization_with_uint8_and_int8_io_match_tflite_micro() {
    check_zoo_network("preprocess", 1);
}

#[test]
fn keras_elementwise_merges_axis_softmax_and_an_int32_argmax_head_match_tflite_micro() {
    check_zoo_network("heads", 1);
}

#[test]
fn keras_time_distributed_convolutions_over_frames_match_tflite_micro() {
    check_zoo_network("video", 1);
}

#[test]
fn keras_bidirectional_unrolled_gru_batch_norm_and_backwards_simple_rnn_match_tflite_micro() {
    check_zoo_network("bigru", 1);
}

#[test]
fn keras_causally_masked_attention_and_concat_scored_attention_match_tflite_micro() {
    check_zoo_network("causal", 1);
}

#[test]
fn svdf_keyword_network_matches_tflite_micro_over_successive_invocations() {
    // One case invoked eight times in a row: the SVDF states carry over from one to the next.
    let mut invocations = cases("svdf_keyword_int8.tflite", 8, 60).into_iter();
    let mut case = invocations.next().expect("a case");
    case.then = invocations.map(|later| later.inputs).collect();
    check_cases(&[case], 0.0);
}

#[test]
fn converter_made_lstm_keeps_its_states_across_invocations() {
    // Two stacked Keras LSTMs (four state variables): five invocations in a row on one instance.
    let mut cases = cases("lstm_int8.tflite", 5, 60);
    let first = cases.remove(0);
    let then = cases.into_iter().map(|case| case.inputs).collect();
    check_cases(&[first.then_invoked_with(then)], 0.0);
}

/// `file` invoked `count` times in a row on one instance, seeded inputs.
fn successive_invocations(file: &str, count: usize, seed: u64) -> Case {
    let mut cases = cases(file, count, seed);
    let first = cases.remove(0);
    let then = cases.into_iter().map(|case| case.inputs).collect();
    first.then_invoked_with(then)
}

#[test]
fn converter_made_if_and_while_match_tflite_micro() {
    // tf.cond (IF: both branches over the invocations) and tf.while_loop (WHILE: iteration
    // counts from the inputs), eight invocations each.
    let cases = [successive_invocations("cond_f32.tflite", 8, 70), successive_invocations("while_f32.tflite", 8, 71)];
    check_cases(&cases, 0.0);
}

#[test]
fn converter_made_int8_if_matches_tflite_micro() {
    // cond_f32's function converted full-integer: int8 inside the branches, float at the IF's
    // boundary (the converter's own choice), eight invocations.
    check_cases(&[successive_invocations("cond_int8.tflite", 8, 73)], 0.0);
}

#[test]
fn converter_made_int8_while_loop_matches_tflite_micro() {
    // while_f32's function converted full-integer: QUANTIZE/DEQUANTIZE of the carried float
    // values inside the condition and the body. The condition's QUANTIZE is the carried value's
    // last reader in its region, yet the body and the code after the loop read it again: the
    // planner must not let its output overlap it.
    check_cases(&[successive_invocations("while_int8.tflite", 8, 76)], 0.0);
}

#[test]
fn converter_made_while_loop_swapping_its_carried_values_matches_tflite_micro() {
    // tf.while_loop whose body returns two carried values in each other's place (`a, b = b, a`,
    // a value computed from both in the order they have), float and full-integer int8, eight
    // invocations each.
    let cases = [
        successive_invocations("while_swap_f32.tflite", 8, 77),
        successive_invocations("while_swap_int8.tflite", 8, 78),
    ];
    check_cases(&cases, 0.0);
}

#[test]
fn converter_made_variable_assigned_in_a_cond_branch_matches_tflite_micro_over_invocations() {
    // A tf.Variable read before a tf.cond, assigned in one of its branches and read after it.
    check_cases(&[successive_invocations("cond_variable_f32.tflite", 8, 75)], 0.0);
}

#[test]
fn converter_made_variable_initialised_by_call_once_matches_tflite_micro_over_invocations() {
    // A tf.Variable: CALL_ONCE's init subgraph assigns it on the first invocation only, then
    // each invocation reads and assigns it.
    check_cases(&[successive_invocations("variable_f32.tflite", 6, 72)], 0.0);
}
