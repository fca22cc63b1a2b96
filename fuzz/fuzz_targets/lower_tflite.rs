//! Fuzzes the whole lowering of a TFLite model (what `mcc` and `mc-run` do before code
//! generation): any bytes that import are lowered by `graph_to_loop` (bufferization, kernels,
//! memory planning with its validator). Every step must return a module or an error, never
//! panic, overflow or read out of bounds.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mc_ir::Context;
use mc_ir::pass::{PassManager, PassRegistry};
use mc_passes::pipelines::graph_to_loop;

fuzz_target!(|bytes: &[u8]| {
    let mut ctx = Context::new();
    mc_dialects::register_all(&mut ctx);
    let Ok(module) = mc_tflite::import::import_and_verify(&mut ctx, bytes, "fuzz.tflite") else { return };
    let mut registry = PassRegistry::new();
    mc_passes::register_all_passes(&mut registry);
    let pipeline = graph_to_loop("");
    let mut pm = PassManager::parse(&pipeline, &registry).expect("the pipeline parses");
    let _ = pm.run(&mut ctx, module.op());
});
