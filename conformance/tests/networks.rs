//! Whole small networks built by the project (not only single ops), int8 and float, through
//! mc's full pipeline against TFLite Micro: conv (stride 2, RELU6) → depthwise conv (RELU) →
//! 1x1 conv → residual add → average pool → reshape → fully connected → softmax, on several
//! seeded inputs; and an int8 conv net whose weights are all INT4 (`int4_network`), kept packed.
//! Intermediate tensors here are planned together into one pool and run in
//! place, so these also check the planner and bufferization on a real chain.

use mc_conformance::int4_network::int4_network_cases;
use mc_conformance::networks::{EXAMPLE_SEED, network, network_cases};
use mc_conformance::{Case, check_cases, check_cases_with_planner};

#[test]
fn int8_networks_match_tflite_micro_exactly() {
    let cases: Vec<Case> = [1, 2, 3].into_iter().flat_map(|seed| network_cases(false, seed, 3)).collect();
    check_cases(&cases, 0.0);
}

#[test]
fn int4_weight_networks_match_tflite_micro_exactly() {
    // Every weight INT4, kept packed two per byte and read a nibble at a time.
    let cases: Vec<Case> = [1, 2].into_iter().flat_map(|seed| int4_network_cases(seed, 2)).collect();
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

#[test]
fn networks_match_tflite_micro_with_and_without_overlapping_buffers() {
    let int8: Vec<Case> = network_cases(false, 4, 2);
    let float: Vec<Case> = network_cases(true, 4, 2);
    for options in ["overlap=true", "overlap=false algorithm=first_fit", "overlap=true algorithm=first_fit"] {
        check_cases_with_planner(&int8, 0.0, options);
        check_cases_with_planner(&float, 1e-5, options);
    }
}

#[test]
fn the_planner_overlaps_a_kernels_output_with_its_input_in_these_networks() {
    let dir = std::env::temp_dir().join(format!("mc-networks-overlap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut pool_bytes = Vec::new();
    for overlap in [true, false] {
        let report = dir.join(format!("{overlap}.json"));
        let options = format!("overlap={overlap} residency-report=\"{}\"", report.display());
        let case = &network_cases(false, 5, 1)[0];
        mc_conformance::host::run_model_with_planner(&case.model, &case.inputs, &case.name, &options).unwrap();
        let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
        let overlapping = json["buffers"].as_array().unwrap().iter().filter(|b| b.get("overlaps").is_some()).count();
        assert_eq!(overlapping > 0, overlap, "buffers placed over their kernel's input: {overlapping}");
        pool_bytes.push(json["pools"].as_array().unwrap().iter().map(|p| p["size"].as_u64().unwrap()).sum::<u64>());
    }
    assert!(pool_bytes[0] < pool_bytes[1], "pools with and without overlap: {pool_bytes:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}
