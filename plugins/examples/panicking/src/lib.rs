//! A deliberately broken planner plugin: its planner panics. `mc-plugin-api`'s entry point
//! catches the panic, so mc reports it as the plugin's failure instead of unwinding across the
//! C boundary (lit test `Tools/mc-plan/plugin-errors.test`).

use mc_plugin_api::{Planner, Problem};

/// The planner.
pub struct Panicking;

mc_plugin_api::export_planners!("panicking" => Panicking);

impl Planner for Panicking {
    fn plan(problem: &Problem<'_>) -> Result<Vec<u64>, String> {
        panic!("this planner always panics ({} buffers)", problem.buffers.len())
    }
}
