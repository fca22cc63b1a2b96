//! Whole small networks built by the project (not only single ops), int8 and float, through
//! mc's full pipeline against TFLite Micro: conv (stride 2, RELU6) → depthwise conv (RELU) →
//! 1x1 conv → residual add → average pool → reshape → fully connected → softmax, on several
//! seeded inputs. Intermediate tensors here are planned together into one pool and run in
//! place, so these also check the planner and bufferization on a real chain.

use mc_conformance::networks::{EXAMPLE_SEED, network, network_cases};
use mc_conformance::{Case, check_cases};

#[test]
fn int8_networks_match_tflite_micro_exactly() {
    let cases: Vec<Case> = [1, 2, 3].into_iter().flat_map(|seed| network_cases(false, seed, 3)).collect();
    check_cases(&cases, 0.0);
}

#[test]
fn float_networks_match_tflite_micro() {
    let cases: Vec<Case> = [1, 2, 3].into_iter().flat_map(|seed| network_cases(true, seed, 3)).collect();
    check_cases(&cases, 1e-5);
}

#[test]
fn the_bundled_example_is_the_int8_network() {
    let path = mc_conformance::paths::repo_root().join("examples/tiny_cnn_int8.tflite");
    let bundled = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(
        bundled == network(false, EXAMPLE_SEED),
        "{} is not the network's int8 form: run `cargo run -p mc-conformance --example write_example_model`",
        path.display()
    );
}
