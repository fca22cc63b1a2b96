//! The initial state of persistent pools: zero, except 8-bit quantized state with a non-zero
//! zero point, which starts at its zero point (the real value 0), as TFLite Micro initialises
//! variables. Every runtime that initialises a planned program (the C API's `model_init` and
//! `model_reset_state`, the host JIT) writes these seeds after zeroing the persistent pools.
//! [`state_buffers`] lists the state itself (name, pool, offset, size), for the C header.

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

/// The byte every byte of a persistent buffer of type `ty` starts with (and is reset to): its
/// zero point for 8-bit quantized state, else 0.
pub fn initial_state_byte(ctx: &Context, ty: Type) -> u8 {
    zero_point_byte(ctx, ty).unwrap_or(0)
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

/// One buffer of state in a persistent pool (a variable, an operator's state).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct StateBuffer {
    /// The pool's symbol name.
    pub pool: String,
    /// The first byte, from the pool's base.
    pub offset: u64,
    /// How many bytes.
    pub bytes: u64,
    /// The state's name (the view's `name`, the variable's `shared_name`; empty when absent).
    pub name: String,
    /// The byte every byte of it starts with (a zero point, or 0).
    pub initial: u8,
}

/// The state buffers of the persistent pools of `module` (top-level `buffer.pool`s) that the
/// pool views under `root` (a function, or the module) place, sorted by pool and offset, without
/// repeats (one buffer viewed by several functions).
pub fn state_buffers(ctx: &Context, module: OpId, root: OpId) -> Vec<StateBuffer> {
    let persistent: Vec<&str> = ctx
        .walk_preorder(module)
        .into_iter()
        .filter_map(|op| PoolOp::cast(ctx, op))
        .filter(|pool| pool.role_value(ctx) == Some(Role::Persistent))
        .map(|pool| pool.name(ctx))
        .collect();
    let mut buffers: Vec<StateBuffer> = ctx
        .walk_preorder(root)
        .into_iter()
        .filter_map(|op| PoolViewOp::cast(ctx, op))
        .filter_map(|view| {
            let pool = view.pool_name(ctx).filter(|name| persistent.contains(name))?;
            let ty = ctx.operation(view.op()).result_type(0);
            Some(StateBuffer {
                pool: pool.to_string(),
                offset: view.offset_bytes(ctx),
                bytes: ctx.buffer_storage_bytes(ty).unwrap_or(0),
                name: view.name_value(ctx).unwrap_or_default().to_string(),
                initial: initial_state_byte(ctx, ty),
            })
        })
        .collect();
    buffers.sort();
    buffers.dedup();
    buffers
}

/// The seeds of the persistent pools of `module` (top-level `buffer.pool`s) that the pool views
/// under `root` (a function, or the module) place, sorted by pool and offset, without repeats.
pub fn persistent_seeds(ctx: &Context, module: OpId, root: OpId) -> Vec<Seed> {
    let mut seeds: Vec<Seed> = state_buffers(ctx, module, root)
        .into_iter()
        .filter(|state| state.initial != 0)
        .map(|state| Seed { pool: state.pool, offset: state.offset, bytes: state.bytes, value: state.initial })
        .collect();
    seeds.dedup();
    seeds
}
