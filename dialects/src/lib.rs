//! mc's dialects: op definitions, verifiers, folders and canonicalization patterns.
#![deny(missing_docs)]

pub mod arith;
pub mod buffer;
pub mod func;
pub mod graph;
pub mod loops;
pub mod math;
pub mod vector;

use mc_ir::Context;

/// Registers every dialect of this crate in `ctx` (as mlir-opt registers all dialects).
pub fn register_all(ctx: &mut Context) {
    ctx.register_dialect(func::dialect());
    ctx.register_dialect(arith::dialect());
    ctx.register_dialect(graph::dialect());
    ctx.register_dialect(buffer::dialect());
    ctx.register_dialect(loops::dialect());
    ctx.register_dialect(math::dialect());
    ctx.register_dialect(vector::dialect());
}
