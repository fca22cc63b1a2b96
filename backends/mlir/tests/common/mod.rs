//! Shared by the integration tests: an mc context and rendered diagnostics
//! (`common/models.rs` has what the tests on whole models share).

use mc_ir::{Context, Diagnostic};

/// Renders diagnostics for a test failure message.
pub fn render(ctx: &Context, diags: &[Diagnostic]) -> String {
    diags.iter().map(|d| mc_ir::diagnostics::source::render(ctx, d, &[])).collect()
}

/// A context with every mc dialect registered.
pub fn context() -> Context {
    let mut ctx = Context::new();
    mc_dialects::register_all(&mut ctx);
    ctx
}
