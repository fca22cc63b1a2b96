//! The example planner plugins (`plugins/examples/`) plan the four MLPerf Tiny models: loaded
//! into the process, selected with `usmp{algorithm=...}`, each plan validated by mc, and the
//! models compute exactly what they compute with mc's default planner (which the TFLite Micro
//! conformance tests check) on a random input.

use mc_conformance::host::run_model_with_planner;
use mc_conformance::paths::{models_dir, repo_root};
use mc_conformance::tensor::{DType, Rng, Tensor, compare_outputs};
use mc_passes::usmp::plugin;
use std::env::consts::{DLL_PREFIX, DLL_SUFFIX};
use std::path::Path;
use std::process::Command;

/// The planners of the two example plugins.
const PLANNERS: [&str; 2] = ["best_fit_lifetime", "c_first_fit"];

/// Loads the Rust example (built by cargo as a dev-dependency, beside this test) and the C one
/// (built here with the system C compiler).
fn load_examples(work: &Path) {
    let deps = std::env::current_exe().unwrap().parent().unwrap().to_path_buf();
    let rust = deps.join(format!("{DLL_PREFIX}best_fit_lifetime{DLL_SUFFIX}"));
    let c = work.join(format!("{DLL_PREFIX}c_first_fit{DLL_SUFFIX}"));
    let plugins = repo_root().join("plugins");
    let status = Command::new("cc")
        .args(["-shared", "-fPIC", "-I"])
        .arg(plugins.join("api/include"))
        .arg(plugins.join("examples/c_first_fit/first_fit.c"))
        .arg("-o")
        .arg(&c)
        .status()
        .expect("the system C compiler `cc` runs");
    assert!(status.success(), "the C example plugin does not build");
    for library in [rust, c] {
        plugin::load(library.to_str().unwrap()).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn the_example_plugins_plan_the_mlperf_tiny_models() {
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("plugins");
    std::fs::create_dir_all(&work).unwrap();
    load_examples(&work);
    let models: [(&str, &[usize]); 4] = [
        ("ad01_int8.tflite", &[1, 640]),
        ("kws_ref_model.tflite", &[1, 49, 10, 1]),
        ("pretrainedResnet_quant.tflite", &[1, 32, 32, 3]),
        ("vww_96_int8.tflite", &[1, 96, 96, 3]),
    ];
    for (model, shape) in models {
        let bytes = std::fs::read(models_dir().join(model)).unwrap();
        let input = [Tensor::random(DType::Int8, shape, &mut Rng(8))];
        let reference = run_model_with_planner(&bytes, &input, model, "").unwrap_or_else(|e| panic!("{model}: {e}"));
        for planner in PLANNERS {
            let report = work.join(format!("{model}.{planner}.json"));
            let options = format!("algorithm={planner} residency-report=\"{}\"", report.display());
            let outputs = run_model_with_planner(&bytes, &input, model, &options)
                .unwrap_or_else(|e| panic!("{model} planned by {planner}: {e}"));
            compare_outputs(&outputs, &reference, 0.0).unwrap_or_else(|e| panic!("{model} planned by {planner}: {e}"));
            let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
            assert_eq!(json["algorithm"], planner, "{model}");
            let buffers = json["buffers"].as_array().unwrap();
            assert!(!buffers.is_empty(), "{model}: no buffer planned");
            assert!(buffers.iter().all(|b| b["algorithm"] == planner), "{model}: a buffer planned by another planner");
        }
    }
}
