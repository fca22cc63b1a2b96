//! mc → upstream MLIR → mc is lossless for the loop dialect on every MLPerf Tiny model: the mc IR
//! printed after the round trip is the very text printed before it, locations included, for the
//! loop IR before planning (`buffer.alloc`s with their roles), after planning (pools and pool
//! views) and with constants staged into a RAM bank (`buffer.stage`); quantized element types,
//! `dense_resource` blobs (and their order) come back as they were. Exporting the re-imported
//! module also gives the very same upstream text.

mod common;
#[path = "common/models.rs"]
mod models;

use common::{context, render};
use mc_ir::printer::{PrintOptions, print_top_level};
use mc_ir::{Context, builtin::ModuleOp};
use mc_mlir::{Session, export_module, import_module};
use melior::ir::operation::{OperationLike, OperationPrintingFlags};
use models::{lowered, planned_loop_ir, staging_options};
use std::path::Path;

/// The model at `path` lowered to loop-level IR that is not planned yet (allocations left).
fn loop_ir(ctx: &mut Context, path: &Path) -> ModuleOp {
    let to_loops = "builtin.module(buffer-to-loop,func.func(canonicalize,cse))";
    lowered(ctx, path, &[&mc_passes::pipelines::graph_to_inplace_buffers(), to_loops])
}

/// mc's text of `module`, locations included.
fn printed(ctx: &Context, module: ModuleOp) -> String {
    print_top_level(ctx, module.op(), PrintOptions { generic: false, debug_info: true })
}

/// `module` exported to upstream MLIR in a session of its own (MLIR renames resource blobs a
/// context has seen), as upstream text with locations.
fn exported(ctx: &Context, module: ModuleOp) -> String {
    let session = Session::new();
    let exported = export_module(ctx, module, &session).unwrap_or_else(|d| panic!("{}", render(ctx, &[d])));
    let flags = OperationPrintingFlags::new().enable_debug_info(true, false);
    exported.as_operation().to_string_with_flags(flags).expect("MLIR prints the module")
}

/// Exports `module`, imports the result and exports that again: the two mc texts and the two
/// upstream texts must be the same.
fn round_trip(ctx: &Context, module: ModuleOp, name: &str) {
    let upstream = exported(ctx, module);
    let mut back_ctx = context();
    let session = Session::new();
    let back = import_module(&mut back_ctx, &upstream, name, &session)
        .unwrap_or_else(|d| panic!("{name}: the export does not import back:\n{}", render(&back_ctx, &d)));
    let (before, after) = (printed(ctx, module), printed(&back_ctx, back));
    if let Some((line, (b, a))) = before.lines().zip(after.lines()).enumerate().find(|(_, (b, a))| b != a) {
        panic!("{name}: the round trip changes line {}:\n- {b:.300}\n+ {a:.300}", line + 1);
    }
    assert_eq!(before.len(), after.len(), "{name}: the round trip changes the text's length");

    assert!(
        exported(&back_ctx, back) == upstream,
        "{name}: exporting the re-imported module changes the upstream text"
    );
}

/// Runs `check` on each MLPerf Tiny model, on a thread with a model-sized stack.
fn for_each_model(check: impl Fn(&Path) + Send + Sync) {
    mc_backend_cranelift::run_with_stack(mc_backend_cranelift::MODEL_STACK_BYTES, || {
        for path in mc_conformance::paths::model_paths() {
            check(&path);
        }
    })
    .expect("a thread");
}

#[test]
fn loop_ir_before_planning_round_trips_exactly_on_every_mlperf_tiny_model() {
    for_each_model(|path| {
        let mut ctx = context();
        let module = loop_ir(&mut ctx, path);
        round_trip(&ctx, module, &path.display().to_string());
    });
}

#[test]
fn planned_loop_ir_round_trips_exactly_on_every_mlperf_tiny_model() {
    for_each_model(|path| {
        let mut ctx = context();
        let module = planned_loop_ir(&mut ctx, path, "");
        round_trip(&ctx, module, &path.display().to_string());
    });
}

#[test]
fn planned_loop_ir_with_staged_constants_round_trips_exactly_on_every_mlperf_tiny_model() {
    let options = staging_options(&std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("mc-mlir-round-trip"));
    for_each_model(|path| {
        let mut ctx = context();
        let module = planned_loop_ir(&mut ctx, path, &options);
        let text = printed(&ctx, module);
        assert!(text.contains("buffer.stage"), "{}: no constant was staged", path.display());
        round_trip(&ctx, module, &path.display().to_string());
    });
}
