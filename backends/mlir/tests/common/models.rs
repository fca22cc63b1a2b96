//! Shared by the tests on whole models: an MLPerf Tiny model lowered to planned loop-level IR,
//! seeded buffers for its entry, and a run of the entry on mc's Cranelift JIT.

use crate::common::render;
use mc_backend_cranelift::{JitArg, JitModule};
use mc_conformance::tensor::Rng;
use mc_ir::Context;
use mc_ir::builtin::ModuleOp;
use mc_ir::pass::{PassManager, PassRegistry};
use std::path::Path;

/// The model at `path` imported and lowered to planned loop-level IR (mc's default pipeline).
pub fn planned_loop_ir(ctx: &mut Context, path: &Path) -> ModuleOp {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let name = path.display().to_string();
    let module =
        mc_tflite::import::import_and_verify(ctx, &bytes, &name).unwrap_or_else(|d| panic!("{}", render(ctx, &d)));
    let mut registry = PassRegistry::new();
    mc_passes::register_all_passes(&mut registry);
    let mut pm = PassManager::parse(&mc_passes::pipelines::graph_to_loop(""), &registry).expect("the pipeline parses");
    pm.run(ctx, module.op()).unwrap_or_else(|f| panic!("{name}: {}", render(ctx, &f.0)));
    module
}

/// One buffer per parameter of `@main`, as many bytes as its type spans, filled from a fixed
/// seed (outputs too: both sides start from the same bytes, so stray writes show).
pub fn seeded_buffers(ctx: &Context, module: ModuleOp) -> Vec<Vec<u8>> {
    let main = mc_ir::SymbolTable::new(ctx, module.op()).lookup("main").expect("the module has @main");
    let func = mc_dialects::func::FuncOp::cast(ctx, main).expect("@main is a func.func");
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    func.signature(ctx)
        .0
        .iter()
        .map(|&ty| {
            let bytes = ctx.buffer_span_bytes(ty).expect("every parameter of @main is a buffer") as usize;
            (0..bytes).map(|_| rng.next_u64() as u8).collect()
        })
        .collect()
}

/// Runs `@main` of `module` on mc's Cranelift JIT on `buffers` (changed in place).
pub fn run_on_jit(ctx: &Context, module: ModuleOp, buffers: &mut [Vec<u8>]) {
    let jit = JitModule::compile(ctx, module.op()).unwrap_or_else(|d| panic!("{}", render(ctx, &[d])));
    let mut args: Vec<JitArg<'_>> = buffers.iter_mut().map(|b| JitArg::Memory(b)).collect();
    jit.call("main", &mut args).unwrap_or_else(|e| panic!("the JIT call failed: {e}"));
}
