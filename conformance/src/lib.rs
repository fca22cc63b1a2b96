//! Conformance of mc with TFLite Micro: a model runs through mc's whole pipeline (import,
//! [`graph_to_loop`](mc_passes::pipelines::graph_to_loop), the Cranelift JIT) and through the `tflite-micro` Python interpreter on
//! the same inputs, and the outputs are compared (int8 byte for byte, float within a tolerance).
//!
//! Tests build small models op by op with [`mc_tflite::writer`] ([`models`]), or read the MLPerf
//! Tiny models from `../shared/models` ([`paths::models_dir`]); the reference runs in one
//! Python process per batch of cases ([`reference::run_tflm`]).
//!
//! | module | holds |
//! |---|---|
//! | [`tensor`] | a typed n-d array of bytes, seeded random data, comparisons |
//! | [`converted`] | the converter-made int8 and 16x8 models of `conformance/models` |
//! | [`models`] | builders of one-op TFLite models |
//! | [`networks`] | a small whole network (int8 and float), also the bundled example model |
//! | [`int4_network`] | a small int8 conv net with `INT4` weights (conformance and benchmarks) |
//! | [`suites`] | the per-operator case suites, one list of them |
//! | [`host`] | running a model through mc on the host |
//! | [`reference`] | running models through the tflite-micro interpreter |
//! | [`paths`] | where the shared models and the project venv are |
//! | [`plugins`] | the example planner plugins' shared libraries |
#![deny(missing_docs)]

pub mod branchy_networks;
pub mod converted;
pub mod host;
pub mod int4_network;
pub mod models;
pub mod networks;
pub mod paths;
pub mod plugins;
pub mod pytorch_network;
pub mod reference;
pub mod suites;
pub mod tensor;

pub use tensor::{DType, Rng, Tensor};

/// One model and the inputs to run it on.
#[derive(Clone, Debug)]
pub struct Case {
    /// Shown in failures.
    pub name: String,
    /// The `.tflite` bytes.
    pub model: Vec<u8>,
    /// One tensor per model input, in order.
    pub inputs: Vec<Tensor>,
    /// The inputs of the invocations after the first, one list per invocation (empty: one
    /// invocation). The model's state (variables) carries over from one invocation to the next,
    /// and the outputs of every invocation are compared.
    pub then: Vec<Vec<Tensor>>,
    /// The outputs, when a Rust transcription of TFLite's kernel computes them because TFLite
    /// Micro has no kernel for the operator (`RELU_N1_TO_1`); `None`: TFLite Micro's outputs.
    pub expected: Option<Vec<Tensor>>,
}

impl Case {
    /// The case invoked again after the first invocation, once per list of `inputs`, in the
    /// same model instance (state carries over).
    pub fn then_invoked_with(self, inputs: Vec<Vec<Tensor>>) -> Case {
        Case { then: inputs, ..self }
    }

    /// The inputs of every invocation, in order.
    pub fn invocations(&self) -> Vec<Vec<Tensor>> {
        std::iter::once(self.inputs.clone()).chain(self.then.iter().cloned()).collect()
    }

    /// One single-invocation case per invocation of this one, each with that invocation's
    /// inputs: what a fresh interpreter (or a model whose state was reset) computes for it.
    pub fn each_invocation_fresh(&self) -> Vec<Case> {
        self.invocations()
            .into_iter()
            .enumerate()
            .map(|(index, inputs)| Case {
                name: format!("{}, invocation {index} alone", self.name),
                model: self.model.clone(),
                inputs,
                then: Vec::new(),
                expected: None,
            })
            .collect()
    }

    /// The case with `outputs` as its expected outputs instead of TFLite Micro's.
    pub fn with_expected(self, outputs: Vec<Tensor>) -> Case {
        Case { expected: Some(outputs), ..self }
    }
}

/// Runs every case through mc and through TFLite Micro (or compares with its `expected` outputs),
/// invocation after invocation, and checks that the outputs agree: int8
/// and other integer outputs byte for byte, float outputs within `float_tolerance` relative
/// (plus the same absolute tolerance near zero). Panics listing every mismatching case.
pub fn check_cases(cases: &[Case], float_tolerance: f32) {
    check_cases_with_planner(cases, float_tolerance, "");
}

/// [`check_cases`] with the memory planner run with `usmp_options` (`usmp`'s option text, e.g.
/// `"overlap=false algorithm=first_fit"`; empty for the defaults).
pub fn check_cases_with_planner(cases: &[Case], float_tolerance: f32, usmp_options: &str) {
    let by_tflm: Vec<Case> = cases.iter().filter(|c| c.expected.is_none()).cloned().collect();
    let mut from_tflm = if by_tflm.is_empty() { Vec::new() } else { reference::run_tflm(&by_tflm) }.into_iter();
    let mut failures = Vec::new();
    for case in cases {
        let expected = match &case.expected {
            Some(outputs) => outputs.clone(),
            None => from_tflm.next().expect("one result per case"),
        };
        let got = match host::run_invocations(&case.model, &case.invocations(), &case.name, usmp_options) {
            Ok(outputs) => outputs,
            Err(message) => {
                failures.push(format!("{}: mc failed:\n{message}", case.name));
                continue;
            }
        };
        if let Err(message) = tensor::compare_outputs(&got, &expected, float_tolerance) {
            failures.push(format!("{}: {message}", case.name));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases differ from TFLite Micro (planner options '{usmp_options}'):\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
