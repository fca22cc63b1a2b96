//! The converter-made models of `conformance/models`: small Keras networks converted by
//! TensorFlow's TFLite converter, int8 and 16x8 (`make_models.py` there writes them, in a
//! throwaway venv; they are committed so nothing here needs TensorFlow), and their cases on
//! seeded random inputs of each model's input types and shapes.

use crate::paths::repo_root;
use crate::{Case, DType, Rng, Tensor};
use std::path::PathBuf;

/// The models, by file name.
pub const MODELS: [&str; 6] = [
    "ds_cnn_int8.tflite",
    "ds_cnn_16x8.tflite",
    "mixed_16x8.tflite",
    "mobilenet_v3_int8.tflite",
    "audio_16x8.tflite",
    "lstm_int8.tflite",
];

/// The Keras acceptance networks, each with its converted files: full-integer int8, 16x8 where
/// TFLite Micro runs it, float32. `dilated_chain_*.tflite` (the dilated network with a dynamic
/// batch: SPACE_TO_BATCH_ND -> convolution -> BATCH_TO_SPACE_ND) is not among them: the converter
/// stores those intermediate tensors with batch 1 where it is 4 (their shape signature says -1);
/// mc infers the real shapes, TFLite Micro computes with the stored ones (a wrong result), so
/// [`reference_case`] checks the float model against TensorFlow Lite instead.
pub const KERAS_NETWORKS: [(&str, &[&str]); 5] = [
    ("flatten_cnn", &["flatten_cnn_int8.tflite", "flatten_cnn_16x8.tflite", "flatten_cnn_f32.tflite"]),
    ("dilated", &["dilated_int8.tflite", "dilated_16x8.tflite", "dilated_f32.tflite"]),
    ("decoder", &["decoder_int8.tflite", "decoder_f32.tflite"]),
    ("attention", &["attention_int8.tflite", "attention_f32.tflite"]),
    ("conv1d", &["conv1d_int8.tflite", "conv1d_16x8.tflite", "conv1d_f32.tflite"]),
];

/// The model-zoo networks (architectures users ship on microcontrollers), each with its
/// converted files that TFLite Micro runs: full-integer int8, 16x8, float32.
pub const ZOO_NETWORKS: [(&str, &[&str]); 25] = [
    ("bilstm", &["bilstm_int8.tflite", "bilstm_f32.tflite"]),
    ("rnn", &["rnn_int8.tflite", "rnn_16x8.tflite"]),
    ("crnn", &["crnn_int8.tflite", "crnn_16x8.tflite"]),
    ("transformer", &["transformer_int8.tflite"]),
    ("mobilenet_v2", &["mobilenet_v2_int8.tflite", "mobilenet_v2_16x8.tflite", "mobilenet_v2_f32.tflite"]),
    ("efficientnet", &["efficientnet_int8.tflite", "efficientnet_16x8.tflite"]),
    ("separable", &["separable_int8.tflite"]),
    ("grouped", &["grouped_int8.tflite"]),
    ("dense3d", &["dense3d_int8.tflite"]),
    ("resize", &["resize_int8.tflite", "resize_f32.tflite"]),
    ("upsample", &["upsample_16x8.tflite"]),
    ("autoencoder", &["autoencoder_int8.tflite"]),
    ("gesture", &["gesture_int8.tflite"]),
    ("text", &["text_int8.tflite"]),
    ("tcn", &["tcn_int8.tflite", "tcn_16x8.tflite", "tcn_f32.tflite"]),
    ("decoder1d", &["decoder1d_int8.tflite", "decoder1d_16x8.tflite", "decoder1d_f32.tflite"]),
    ("siamese", &["siamese_int8.tflite", "siamese_16x8.tflite", "siamese_f32.tflite"]),
    ("additive", &["additive_int8.tflite", "additive_16x8.tflite", "additive_f32.tflite"]),
    ("unrolled_lstm", &["unrolled_lstm_int8.tflite", "unrolled_lstm_16x8.tflite"]),
    ("ds_cnn_bn", &["ds_cnn_bn_int8.tflite", "ds_cnn_bn_16x8.tflite"]),
    ("preprocess", &["preprocess_uint8.tflite", "preprocess_int8.tflite", "preprocess_16x8.tflite"]),
    ("heads", &["heads_int8.tflite", "heads_f32.tflite"]),
    ("video", &["video_int8.tflite", "video_16x8.tflite", "video_f32.tflite", "video_floatio_int8.tflite"]),
    ("bigru", &["bigru_int8.tflite", "bigru_16x8.tflite", "bigru_f32.tflite"]),
    ("causal", &["causal_int8.tflite", "causal_f32.tflite"]),
];

/// The vocabulary of the zoo's text classifier (`make_models.py`'s `TOKENS`): its int32 input
/// holds token ids below it.
pub const TEXT_TOKENS: i64 = 50;

/// Where the model `file` is.
pub fn path(file: &str) -> PathBuf {
    repo_root().join("conformance/models").join(file)
}

/// The test element type of a TFLite tensor type.
fn dtype(t: mc_tflite::DType) -> Option<DType> {
    [DType::Int8, DType::UInt8, DType::Int16, DType::Int32, DType::Float32].into_iter().find(|d| d.tflite() == t)
}

/// The bytes of the file at `path` (a test fixture: panics naming it when missing).
fn read(path: &std::path::Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// `count` cases of the model `file`, each on random inputs from `seed`.
pub fn cases(file: &str, count: usize, seed: u64) -> Vec<Case> {
    cases_with_tokens(file, count, seed, None)
}

/// [`cases`] whose int32 inputs, with `vocabulary` given, are token ids below it (an
/// `Embedding`'s GATHER reads its table at them: others are out of bounds).
pub fn cases_with_tokens(file: &str, count: usize, seed: u64, vocabulary: Option<i64>) -> Vec<Case> {
    let model = read(&path(file));
    let parsed = mc_tflite::Model::from_bytes(&model).unwrap_or_else(|e| panic!("{file}: {e}"));
    let graph = parsed.main_subgraph();
    let inputs: Vec<(DType, Vec<usize>)> = graph
        .inputs()
        .iter()
        .map(|&t| {
            let tensor = &graph.tensors()[t];
            let shape = tensor.shape().iter().map(|&d| d as usize).collect();
            (dtype(tensor.dtype()).unwrap_or_else(|| panic!("{file}: input type {:?}", tensor.dtype())), shape)
        })
        .collect();
    let mut rng = Rng(seed);
    (0..count)
        .map(|i| Case {
            name: format!("{file}, input {i}"),
            model: model.clone(),
            inputs: inputs
                .iter()
                .map(|(dtype, shape)| match (dtype, vocabulary) {
                    (DType::Int32, Some(words)) => {
                        let ids: Vec<i64> = (0..shape.iter().product()).map(|_| rng.range(0, words - 1)).collect();
                        Tensor::from_ints(DType::Int32, shape, &ids)
                    }
                    _ => Tensor::random(*dtype, shape, &mut rng),
                })
                .collect(),
            then: Vec::new(),
            expected: None,
        })
        .collect()
}

/// The case of the float32 model `file` with the input and expected output recorded in
/// `<stem>.reference.bin` (`make_models.py`: a seeded input, then TensorFlow Lite's reference
/// kernels' output, raw little-endian).
pub fn reference_case(file: &str) -> Case {
    let model = read(&path(file));
    let parsed = mc_tflite::Model::from_bytes(&model).unwrap_or_else(|e| panic!("{file}: {e}"));
    let graph = parsed.main_subgraph();
    let shape = |t: usize| graph.tensors()[t].shape().iter().map(|&d| d as usize).collect::<Vec<usize>>();
    let (input, output) = (shape(graph.inputs()[0]), shape(graph.outputs()[0]));
    let recorded = path(&file.replace(".tflite", ".reference.bin"));
    let bytes = read(&recorded);
    let split = 4 * input.iter().product::<usize>();
    assert_eq!(bytes.len(), split + 4 * output.iter().product::<usize>(), "{}", recorded.display());
    let tensor = |shape: Vec<usize>, data: &[u8]| Tensor { dtype: DType::Float32, shape, data: data.to_vec() };
    Case {
        name: format!("{file}, recorded input"),
        model,
        inputs: vec![tensor(input, &bytes[..split])],
        then: Vec::new(),
        expected: None,
    }
    .with_expected(vec![tensor(output, &bytes[split..])])
}
