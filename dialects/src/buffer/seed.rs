//! The initial state of persistent pools: zero, except 8-bit quantized state with a non-zero
//! zero point, which starts at its zero point (the real value 0), as TFLite Micro initialises
//! variables. Every runtime that initialises a planned program (the C API's `model_init`, the
//! host JIT) writes these seeds after zeroing the persistent pools.

use super::pool::{PoolOp, PoolViewOp};
use super::role::Role;
use mc_ir::quant::QuantParams;
use mc_ir::{Context, OpId, Type};

/// Bytes of a persistent pool that start with a non-zero value.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Seed {
    /// The pool's symbol name.
    pub pool: String,
    /// The first byte, from the pool's base.
    pub offset: u64,
    /// How many bytes.
    pub bytes: u64,
    /// The byte written.
    pub value: u8,
}

/// The byte an 8-bit quantized buffer of type `ty` starts with, if it is not zero.
fn zero_point_byte(ctx: &Context, ty: Type) -> Option<u8> {
    let (_, element) = ctx.buffer_parts(ty)?;
    let quant = ctx.quantization(element)?;
    match (&quant.params, quant.storage_width) {
        (QuantParams::PerTensor { zero_point, .. }, 8) if *zero_point != 0 => Some(*zero_point as u8),
        _ => None,
    }
}

/// The seeds of the persistent pools of `module` (top-level `buffer.pool`s) that the pool views
/// under `root` (a function, or the module) place, sorted by pool and offset, without repeats.
pub fn persistent_seeds(ctx: &Context, module: OpId, root: OpId) -> Vec<Seed> {
    let persistent: Vec<&str> = ctx
        .walk_preorder(module)
        .into_iter()
        .filter_map(|op| PoolOp::cast(ctx, op))
        .filter(|pool| pool.role_value(ctx) == Some(Role::Persistent))
        .map(|pool| pool.name(ctx))
        .collect();
    let mut seeds: Vec<Seed> = ctx
        .walk_preorder(root)
        .into_iter()
        .filter_map(|op| PoolViewOp::cast(ctx, op))
        .filter_map(|view| {
            let pool = view.pool_name(ctx).filter(|name| persistent.contains(name))?;
            let ty = ctx.operation(view.op()).result_type(0);
            let value = zero_point_byte(ctx, ty)?;
            let bytes = ctx.buffer_storage_bytes(ty).unwrap_or(0);
            Some(Seed { pool: pool.to_string(), offset: view.offset_bytes(ctx), bytes, value })
        })
        .collect();
    seeds.sort();
    seeds.dedup();
    seeds
}
