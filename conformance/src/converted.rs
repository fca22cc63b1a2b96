//! The converter-made models of `conformance/models`: small Keras networks converted by
//! TensorFlow's TFLite converter, int8 and 16x8 (`make_models.py` there writes them, in a
//! throwaway venv; they are committed so nothing here needs TensorFlow), and their cases on
//! seeded random inputs of each model's input types and shapes.

use crate::paths::repo_root;
use crate::{Case, DType, Rng, Tensor};
use std::path::PathBuf;

/// The models, by file name.
pub const MODELS: [&str; 5] =
    ["ds_cnn_int8.tflite", "ds_cnn_16x8.tflite", "mixed_16x8.tflite", "mobilenet_v3_int8.tflite", "audio_16x8.tflite"];

/// The Keras acceptance networks (issue 15), each with its converted files: full-integer int8,
/// 16x8 where TFLite Micro runs it, float32. `dilated_chain_*.tflite` (the dilated network with
/// a dynamic batch: SPACE_TO_BATCH_ND -> convolution -> BATCH_TO_SPACE_ND) is not among them yet:
/// the converter writes batch 1 into those intermediate tensors' shapes (their shape signature
/// says -1) where the batch is 4, and mc's importer takes the written shapes.
pub const KERAS_NETWORKS: [(&str, &[&str]); 5] = [
    ("flatten_cnn", &["flatten_cnn_int8.tflite", "flatten_cnn_16x8.tflite", "flatten_cnn_f32.tflite"]),
    ("dilated", &["dilated_int8.tflite", "dilated_16x8.tflite", "dilated_f32.tflite"]),
    ("decoder", &["decoder_int8.tflite", "decoder_f32.tflite"]),
    ("attention", &["attention_int8.tflite", "attention_f32.tflite"]),
    ("conv1d", &["conv1d_int8.tflite", "conv1d_16x8.tflite", "conv1d_f32.tflite"]),
];

/// Where the model `file` is.
pub fn path(file: &str) -> PathBuf {
    repo_root().join("conformance/models").join(file)
}

/// The test element type of a TFLite tensor type.
fn dtype(t: mc_tflite::DType) -> Option<DType> {
    [DType::Int8, DType::UInt8, DType::Int16, DType::Int32, DType::Float32].into_iter().find(|d| d.tflite() == t)
}

/// `count` cases of the model `file`, each on random inputs from `seed`.
pub fn cases(file: &str, count: usize, seed: u64) -> Vec<Case> {
    let model = std::fs::read(path(file)).unwrap_or_else(|e| panic!("cannot read {}: {e}", path(file).display()));
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
            inputs: inputs.iter().map(|(dtype, shape)| Tensor::random(*dtype, shape, &mut rng)).collect(),
            then: Vec::new(),
            expected: None,
        })
        .collect()
}
