//! The support table (`mc_dialects::graph::support`) and the conformance suites agree: every
//! (operator, variant) the table lists has at least one case among the suites, and every
//! operator the suites' cases run is an instance of a listed variant. The variant of an operator
//! is found as the lowering finds it: the model is imported and each graph op's signature is
//! checked against the table.

use mc_conformance::suites::ALL;
use mc_dialects::graph::{Signature, support};
use mc_ir::Context;
use std::collections::BTreeSet;

#[test]
fn every_listed_variant_has_cases_and_every_case_is_listed() {
    let mut covered = BTreeSet::new();
    let mut unlisted = Vec::new();
    for suite in ALL {
        for case in (suite.cases)() {
            let mut ctx = Context::new();
            mc_dialects::register_all(&mut ctx);
            let module = mc_tflite::import::import_and_verify(&mut ctx, &case.model, &case.name)
                .unwrap_or_else(|_| panic!("{}: {}: the model does not import", suite.name, case.name));
            for op in ctx.walk_preorder(module.op()) {
                let name = ctx.op_name_of(op);
                if !name.starts_with("graph.") || name == "graph.const" {
                    continue;
                }
                match support::check(&ctx, &Signature::of_op(&ctx, op)) {
                    Ok(variant) => {
                        let entry = support::by_op(&name["graph.".len()..]).expect("checked");
                        covered.insert((entry.tflite, variant.name));
                    }
                    Err(message) => unlisted.push(format!("{}: {}: {message}", suite.name, case.name)),
                }
            }
        }
    }
    let missing: Vec<String> = support::TABLE
        .iter()
        .flat_map(|entry| entry.variants.iter().map(move |v| (entry.tflite, v.name)))
        .filter(|pair| !covered.contains(pair))
        .map(|(op, variant)| format!("{op} {variant}"))
        .collect();
    assert!(
        missing.is_empty() && unlisted.is_empty(),
        "listed without conformance cases:\n  {}\ncases of operators the table does not list:\n  {}",
        missing.join("\n  "),
        unlisted.join("\n  ")
    );
}
