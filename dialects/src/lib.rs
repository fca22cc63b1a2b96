//! mc's dialects: op definitions, verifiers, folders and canonicalization patterns.
#![deny(missing_docs)]

pub mod arith;
pub mod buffer;
pub mod func;
pub mod graph;
pub mod loops;
pub mod math;
pub mod upstream_ops;
pub mod vector;

use mc_ir::Context;

/// Registers every dialect of this crate in `ctx` (as mlir-opt registers all dialects). `func`,
/// `arith`, `math` and `vector` hold part of upstream MLIR's dialects of those names, so with
/// unregistered dialects allowed their other upstream ops ([`upstream_ops`]) are read as
/// unregistered ops.
pub fn register_all(ctx: &mut Context) {
    ctx.register_upstream_subset(func::dialect(), upstream_ops::FUNC);
    ctx.register_upstream_subset(arith::dialect(), upstream_ops::ARITH);
    ctx.register_dialect(graph::dialect());
    ctx.register_dialect(buffer::dialect());
    ctx.register_dialect(loops::dialect());
    ctx.register_upstream_subset(math::dialect(), upstream_ops::MATH);
    ctx.register_upstream_subset(vector::dialect(), upstream_ops::VECTOR);
}
