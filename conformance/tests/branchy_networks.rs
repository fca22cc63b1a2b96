//! Networks with independent branches (`mc_conformance::branchy_networks`: an inception-like
//! block, two towers) through mc against TFLite Micro: bit-exact with the operators reordered
//! for memory, the same outputs in the model's order, and smaller pools than in the model's
//! order: 46,080 B instead of 46,464 B, and 8,320 B instead of 14,464 B (run with
//! `--nocapture` for the figures).

use mc_conformance::branchy_networks::{INCEPTION_INPUT, TOWER_INPUT, branchy_cases, inception, two_tower};
use mc_conformance::host::{run_model_with_pipeline, run_model_with_planner};
use mc_conformance::{DType, Rng, Tensor, check_cases};
use mc_passes::pipelines::{LoweringChoices, graph_to_loop_with};

#[test]
fn the_branchy_networks_match_tflite_micro_exactly() {
    check_cases(&branchy_cases(11, 2), 0.0);
}

/// The pool bytes of mc's plan of `model` (reordered, or in the model's order), its outputs and
/// the residency report.
fn planned(model: &[u8], inputs: &[Tensor], reorder: bool) -> (u64, Vec<Tensor>, serde_json::Value) {
    let dir = std::env::temp_dir().join(format!("mc-branchy-networks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let report = dir.join(format!("reorder-{reorder}-{}.json", model.len()));
    let options = format!("residency-report=\"{}\"", report.display());
    let outputs = if reorder {
        run_model_with_planner(model, inputs, "branchy", &options)
    } else {
        let pipeline = graph_to_loop_with(&options, &LoweringChoices { reorder: false, ..LoweringChoices::default() });
        run_model_with_pipeline(model, inputs, "branchy", &pipeline)
    }
    .unwrap();
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    (json["pools"].as_array().unwrap().iter().map(|p| p["size"].as_u64().unwrap()).sum(), outputs, json)
}

/// Plans `model` both ways; checks the outputs agree and the report; returns the pools
/// (reordered, model's order).
fn pools_both_ways(name: &str, model: &[u8], inputs: &[Tensor]) -> (u64, u64) {
    let (reordered, reordered_out, report) = planned(model, inputs, true);
    let (given, given_out, given_report) = planned(model, inputs, false);
    assert_eq!(reordered_out, given_out, "{name}: reordering changed the output");
    let orders = report["operator_orders"].as_array().unwrap_or_else(|| panic!("{name}: not reordered: {report}"));
    let (original_peak, peak) = (orders[0]["original_peak"].as_u64().unwrap(), orders[0]["peak"].as_u64().unwrap());
    assert!(peak < original_peak, "{name}: {orders:?}");
    assert!(given_report.get("operator_orders").is_none(), "{name}: reordered in the model's order");
    println!(
        "{name}: pools {reordered} B reordered, {given} B in the model's order ({:.2}x); activations' peak \
         {peak} B vs {original_peak} B",
        reordered as f64 / given as f64
    );
    (reordered, given)
}

#[test]
fn reordering_shrinks_the_pools_of_the_branchy_networks() {
    let mut rng = Rng(5);
    let x = Tensor::random(DType::Int8, &INCEPTION_INPUT, &mut rng);
    let (reordered, given) = pools_both_ways("inception-like block", &inception(11), &[x]);
    // The wide branch first: its 27,648-byte expansion is gone before the others' outputs exist.
    assert_eq!((reordered, given), (46_080, 46_464), "inception-like block");
    let towers: Vec<Tensor> = (0..2).map(|_| Tensor::random(DType::Int8, &TOWER_INPUT, &mut rng)).collect();
    let (reordered, given) = pools_both_ways("two towers", &two_tower(11), &towers);
    // Tower by tower: the two widened activations (8,192 and 6,144 bytes) never live together.
    assert_eq!((reordered, given), (8_320, 14_464), "two towers");
}
