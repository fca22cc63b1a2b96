//! mc → upstream MLIR → mc is lossless for the loop dialect on every MLPerf Tiny model.
//!
//! "Lossless" means: (1) the re-imported module runs on mc's Cranelift JIT leaving exactly the
//! bytes the original leaves, from the same seeded buffers, and (2) exporting the re-imported
//! module gives the very same upstream text, so the import keeps everything the export carries.
//! What the export itself drops by design is the quantization metadata of element types
//! (`!quant.uniform<i8:f32, ...>` becomes its storage `i8`, which loads already return) and the
//! `dense_resource` indirection of weights (the bytes are carried as dense data).

mod common;
#[path = "common/models.rs"]
mod models;

use common::{context, render};
use mc_mlir::{Session, export_module, import_module};
use models::{planned_loop_ir, run_on_jit, seeded_buffers};
use std::path::Path;

fn round_trip(path: &Path) {
    let name = path.display().to_string();
    let mut ctx = context();
    let module = planned_loop_ir(&mut ctx, path);
    let session = Session::new();
    let exported = export_module(&ctx, module, &session).unwrap_or_else(|d| panic!("{}", render(&ctx, &[d])));
    let upstream = exported.as_operation().to_string();

    let mut back_ctx = context();
    let back = import_module(&mut back_ctx, &upstream, &name, &session)
        .unwrap_or_else(|d| panic!("{name}: the export does not import back:\n{}", render(&back_ctx, &d)));
    let again = export_module(&back_ctx, back, &session).unwrap_or_else(|d| panic!("{}", render(&back_ctx, &[d])));
    assert!(
        again.as_operation().to_string() == upstream,
        "{name}: exporting the re-imported module changes the upstream text"
    );

    let seeded = seeded_buffers(&ctx, module);
    let mut original = seeded.clone();
    run_on_jit(&ctx, module, &mut original);
    let mut round_tripped = seeded.clone();
    run_on_jit(&back_ctx, back, &mut round_tripped);
    assert_ne!(original, seeded, "{name}: the run changed no byte, so the comparison would prove nothing");
    assert!(original == round_tripped, "{name}: the re-imported module computes different bytes on the JIT");
}

#[test]
fn mc_to_mlir_to_mc_is_lossless_on_every_mlperf_tiny_model() {
    mc_backend_cranelift::run_with_stack(mc_backend_cranelift::MODEL_STACK_BYTES, || {
        for path in mc_conformance::paths::model_paths() {
            round_trip(&path);
        }
    })
    .expect("a thread");
}
