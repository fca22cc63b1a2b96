//! The support table (`mc_dialects::graph::support`) and the conformance suites agree: every
//! (operator, variant) the table lists has at least one case among the suites, and every
//! operator the suites' cases run is an instance of a listed variant. The variant of an operator
//! is found as the lowering finds it: the model is imported and each graph op's signature is
//! checked against the table. An operator mc computes at compile time (shape arithmetic on
//! int32, which `graph-canonicalize` folds) is not run, so only those left after that pass must
//! be listed.

use mc_conformance::suites::ALL;
use mc_dialects::graph::{Signature, support};
use mc_ir::Context;
use mc_ir::pass::{PassManager, PassRegistry};
use std::collections::BTreeSet;

/// The graph ops of `module` but constants and region terminators.
fn graph_ops(ctx: &Context, module: mc_ir::OpId) -> Vec<mc_ir::OpId> {
    ctx.walk_preorder(module)
        .into_iter()
        // A region's terminator (`graph.yield`) is part of its control-flow operator.
        .filter(|&op| {
            ctx.op_name_of(op).starts_with("graph.") && !["graph.const", "graph.yield"].contains(&ctx.op_name_of(op))
        })
        .collect()
}

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
            for op in graph_ops(&ctx, module.op()) {
                if let Ok(variant) = support::check(&ctx, &Signature::of_op(&ctx, op)) {
                    let entry = support::by_op(&ctx.op_name_of(op)["graph.".len()..]).expect("checked");
                    covered.insert((entry.tflite, variant.name));
                }
            }
            let mut registry = PassRegistry::new();
            mc_passes::register_all_passes(&mut registry);
            let mut folds = PassManager::parse("builtin.module(func.func(graph-canonicalize))", &registry).unwrap();
            folds.run(&mut ctx, module.op()).unwrap_or_else(|_| panic!("{}: {}: does not fold", suite.name, case.name));
            for op in graph_ops(&ctx, module.op()) {
                if let Err(message) = support::check(&ctx, &Signature::of_op(&ctx, op)) {
                    unlisted.push(format!("{}: {}: {message}", suite.name, case.name));
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
