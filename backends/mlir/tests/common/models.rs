//! Shared by the tests on whole models: an MLPerf Tiny model lowered by mc's pipelines, and
//! placement rules that stage constants into RAM.

use crate::common::render;
use mc_ir::Context;
use mc_ir::builtin::ModuleOp;
use mc_ir::pass::{PassManager, PassRegistry};
use std::path::Path;

/// Placement rules that stage every constant into a 64 KiB `dtcm` bank while it has room; the
/// rest stays in flash.
const STAGING: &str = r#"
[memory]
[[memory.banks]]
name = "dtcm"
capacity = 65536
[[memory.banks]]
name = "sram"
[[memory.banks]]
name = "flash"
access = "ro"

[[memory.placement]]
name = "*"
role = "constant"
banks = ["dtcm", "flash"]
"#;

/// The planner options (`config=...`) for the [`STAGING`] rules, written into `dir`.
pub fn staging_options(dir: &Path) -> String {
    std::fs::create_dir_all(dir).expect("the scratch folder is created");
    let config = dir.join("staging.toml");
    std::fs::write(&config, STAGING).expect("the placement rules are written");
    format!("config={}", config.display())
}

/// The model at `path` imported and lowered to planned loop-level IR (mc's default pipeline, the
/// planner given `usmp_options`).
pub fn planned_loop_ir(ctx: &mut Context, path: &Path, usmp_options: &str) -> ModuleOp {
    lowered(ctx, path, &[&mc_passes::pipelines::graph_to_loop(usmp_options)])
}

/// The model at `path` imported and run through `pipelines` in turn.
pub fn lowered(ctx: &mut Context, path: &Path, pipelines: &[&str]) -> ModuleOp {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let name = path.display().to_string();
    let module =
        mc_tflite::import::import_and_verify(ctx, &bytes, &name).unwrap_or_else(|d| panic!("{}", render(ctx, &d)));
    let mut registry = PassRegistry::new();
    mc_passes::register_all_passes(&mut registry);
    for pipeline in pipelines {
        let mut pm = PassManager::parse(pipeline, &registry).expect("the pipeline parses");
        pm.run(ctx, module.op()).unwrap_or_else(|f| panic!("{name}: {}", render(ctx, &f.0)));
    }
    module
}
