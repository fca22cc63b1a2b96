//! A deliberately broken pass plugin, for the failure tests (lit test
//! `Plugins/pass-plugin-errors.test`). By default it registers `panic-on-run`, a pass that
//! panics when it runs; the environment variable `BROKEN_PASS_PLUGIN` picks another misdeed:
//!
//! | value | the registration function |
//! |---|---|
//! | `panic` | panics |
//! | `builtin-pass` | registers a pass named `cse`, like a built-in |
//! | `builtin-dialect` | registers a dialect named `graph`, like a built-in |
//! | `plugin-dialect` | registers a dialect named `fuse`, like the `fuse_activation` example's |

use mc_ir::pass::{AnalysisManager, Pass};
use mc_ir::{Context, Dialect, Failure, OpId};
use mc_pass_plugin::Registrar;

mc_pass_plugin::mc_pass_plugin!(name = "broken_pass", register = register);

/// Registers what `BROKEN_PASS_PLUGIN` asks for.
pub fn register(registrar: &mut Registrar) {
    let dialect = |name| Dialect { name, ops: Vec::new(), materialize_constant: None };
    match std::env::var("BROKEN_PASS_PLUGIN").as_deref() {
        Ok("panic") => panic!("this plugin always panics while registering"),
        Ok("builtin-pass") => registrar.pass::<Cse>(),
        Ok("builtin-dialect") => registrar.dialect(dialect("graph")),
        Ok("plugin-dialect") => registrar.dialect(dialect("fuse")),
        _ => registrar.pass::<PanicOnRun>(),
    };
}

/// A pass that panics when it runs.
#[derive(Default)]
pub struct PanicOnRun;

impl Pass for PanicOnRun {
    fn argument(&self) -> &str {
        "panic-on-run"
    }

    fn summary(&self) -> &str {
        "Panic"
    }

    fn run(&mut self, ctx: &mut Context, op: OpId, _: &mut AnalysisManager) -> Result<(), Failure> {
        panic!("this pass always panics (on '{}')", ctx.op_name_of(op))
    }
}

/// A pass named like the built-in `cse`.
#[derive(Default)]
pub struct Cse;

impl Pass for Cse {
    fn argument(&self) -> &str {
        "cse"
    }

    fn summary(&self) -> &str {
        "Not mc's cse"
    }

    fn run(&mut self, _: &mut Context, _: OpId, _: &mut AnalysisManager) -> Result<(), Failure> {
        Ok(())
    }
}
