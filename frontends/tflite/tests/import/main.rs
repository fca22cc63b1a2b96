//! The TFLite importer's tests: one writer-made model per supported operator and element
//! type (`ops`), bad input (`errors`), and the MLPerf Tiny models cross-checked against
//! tflite-micro's reader (`models`).

mod accepts;
#[path = "../common/mod.rs"]
mod common;
mod errors;
mod models;
mod ops;
mod samples;
mod support;
