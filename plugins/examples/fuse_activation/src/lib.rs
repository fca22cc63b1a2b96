//! An example pass plugin: `graph-fuse-activation` folds a standalone `graph.relu`,
//! `graph.relu6` or `graph.relu_n1_to_1` into the op that produces its operand, when that op has
//! a `fused_activation` of `NONE`; the `fuse` dialect's `fuse.barrier` keeps an activation apart.
//!
//! ```sh
//! mc-opt model.mlir --load-pass-plugin=target/debug/libfuse_activation.so \
//!     --pass-pipeline='builtin.module(func.func(graph-fuse-activation))'
//! ```

pub mod barrier;
pub mod fuse;

use mc_pass_plugin::Registrar;

mc_pass_plugin::mc_pass_plugin!(name = "fuse_activation", register = register);

/// Registers the pass and the `fuse` dialect.
pub fn register(registrar: &mut Registrar) {
    registrar.pass::<fuse::FuseActivation>().dialect(barrier::dialect());
}
