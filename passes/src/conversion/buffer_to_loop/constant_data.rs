//! The compile-time contents of a kernel operand that is a constant (`buffer.get_global` of a
//! `buffer.global` whose data is in the module), so a lowering can fold weight-dependent terms
//! (sums of weights, biases) into per-channel constants instead of computing them per inference.

use super::emitter::KernelEmitter;
use mc_dialects::buffer::{GetGlobalOp, GlobalOp};
use mc_dialects::graph::attributes::int_elements;
use mc_ir::Value;

/// The integer elements (storage values for quantized types) of `value`, row-major, if it is a
/// `buffer.get_global` of a global whose data is available; `None` otherwise (a run-time buffer,
/// a float global, an elided resource blob).
pub fn constant_ints(e: &KernelEmitter<'_>, value: Value) -> Option<Vec<i64>> {
    let ctx = &*e.b.ctx;
    let get = GetGlobalOp::cast(ctx, ctx.defining_op(value)?)?;
    let global = GlobalOp::cast(ctx, ctx.lookup_symbol(get.op(), get.name(ctx))?)?;
    int_elements(ctx, global.value(ctx))
}
