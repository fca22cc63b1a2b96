//! The `fuse` dialect: one op, `fuse.barrier`, the identity on a tensor, which
//! `graph-fuse-activation` does not fuse across (like StableHLO's `optimization_barrier`), then
//! erases so that the graph lowers as before.
//!
//! ```mlir
//! %kept = fuse.barrier %conv : tensor<1x8x8x16xf32>
//! %relu = "graph.relu"(%kept) : (tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
//! ```

use mc_ir::{Dialect, define_op};

define_op! {
    /// The identity; `graph-fuse-activation` does not look through it.
    pub struct BarrierOp = "fuse.barrier" {
        summary: "keeps an activation apart from its producer",
        traits: [SAME_OPERANDS_AND_RESULT_TYPE],
        operands: [input],
        results: [result],
        attributes: [],
        format: "$input attr-dict `:` type($result)",
    }
}

/// The `fuse` dialect.
pub fn dialect() -> Dialect {
    Dialect { name: "fuse", ops: vec![BarrierOp::def()], materialize_constant: None }
}
