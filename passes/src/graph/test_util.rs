//! Helpers of the graph passes' unit tests: IR from text, IR to text.

use mc_ir::test_dialect;
use mc_ir::{Context, OpId};

/// A context with every dialect and the module parsed from `text` (which must verify).
pub(crate) fn parse(text: &str) -> (Context, OpId) {
    let (ctx, module) = parse_unverified(text);
    if let Err(diags) = mc_ir::verify(&ctx, module) {
        panic!("input does not verify: {:?}", diags.iter().map(|d| &d.message).collect::<Vec<_>>());
    }
    (ctx, module)
}

/// Like [`parse`], without verifying (for inputs whose types a pass is meant to fix).
pub(crate) fn parse_unverified(text: &str) -> (Context, OpId) {
    let mut ctx = Context::new();
    mc_dialects::register_all(&mut ctx);
    let module = test_dialect::parse(&mut ctx, text).unwrap_or_else(|d| panic!("parse error: {}", d.message));
    (ctx, module)
}

/// The generic form of `op` with its resource trailer, after checking that it verifies.
pub(crate) fn print(ctx: &Context, op: OpId) -> String {
    if let Err(diags) = mc_ir::verify(ctx, op) {
        panic!("output does not verify: {:?}", diags.iter().map(|d| &d.message).collect::<Vec<_>>());
    }
    test_dialect::print_generic(ctx, op)
}

/// The names of the ops in `func`'s body (the first function of the module), in order.
pub(crate) fn body_ops(ctx: &Context, module: OpId) -> Vec<String> {
    let func = ctx.nested_ops(module)[0];
    ctx.nested_ops(func).into_iter().map(|op| ctx.op_name_of(op).to_string()).collect()
}
