//! What the generated C API exposes of a planned module, read once from the IR for both the
//! header ([`crate::header`]) and the API functions (`api`): the arena regions (one per
//! `buffer.pool`, in module order), the entry's inputs and outputs, the state buffers in the
//! persistent regions (which the header lists) and the bytes of them `<prefix>_model_init` and
//! `<prefix>_model_reset_state` re-seed.
//!
//! The entry function must take only buffers (the model's inputs, then its outputs) and return
//! nothing: that is what `graph-to-buffer` produces for a model.
//!
//! Constant regions receive their staged constants (`buffer.stage`) at init. Persistent regions
//! are zeroed at init; a persistent buffer of a quantized 8-bit type with a
//! non-zero zero point is then filled with its zero point (the real value 0), as TFLite Micro
//! resets variable tensors.

use crate::module::CApi;
use mc_dialects::buffer::{PoolOp, Role, StageOp, persistent_seeds, state_buffers};
use mc_dialects::func::FuncOp;
use mc_ir::builtin::ModuleOp;
use mc_ir::printer::attributes::type_to_string;
use mc_ir::{Context, Diagnostic, OpId, Type};

/// One arena region: a `buffer.pool`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// The pool's symbol name (`sram_scratch`).
    pub pool: String,
    /// Its bank.
    pub bank: String,
    /// Its role.
    pub role: Role,
    /// Its size in bytes.
    pub bytes: u64,
    /// The alignment its base needs.
    pub alignment: u64,
}

/// One input or output buffer of the entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Port {
    /// Its mc type (`!buffer<...>`).
    pub ty: Type,
    /// The bytes the caller's buffer must have.
    pub bytes: u64,
}

/// Bytes of a persistent region that init fills with a non-zero value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seed {
    /// The region (index into [`Interface::regions`]).
    pub region: usize,
    /// The first byte, from the region's base.
    pub offset: u64,
    /// How many bytes.
    pub bytes: u64,
    /// The byte written.
    pub value: u8,
}

/// One buffer of state (a variable, an operator's state) in a persistent region, kept from one
/// `model_run` to the next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// Its name (the model's variable or state tensor).
    pub name: String,
    /// The region (index into [`Interface::regions`]).
    pub region: usize,
    /// The first byte, from the region's base.
    pub offset: u64,
    /// How many bytes.
    pub bytes: u64,
    /// The byte init and reset fill it with (its zero point, or 0).
    pub initial: u8,
}

/// A constant copied from its flash image into a region at init (`buffer.stage`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StagedConstant {
    /// The `buffer.global`'s symbol.
    pub global: String,
    /// The region (index into [`Interface::regions`]).
    pub region: usize,
    /// The byte offset in the region.
    pub offset: u64,
    /// How many bytes.
    pub bytes: u64,
}

/// The C-visible shape of a planned module.
#[derive(Clone, Debug)]
pub struct Interface {
    /// The entry function.
    pub entry: FuncOp,
    /// The arena regions, in module order.
    pub regions: Vec<Region>,
    /// The entry's input buffers.
    pub inputs: Vec<Port>,
    /// The entry's output buffers.
    pub outputs: Vec<Port>,
    /// The state buffers of the entry, by region then offset.
    pub state: Vec<State>,
    /// Persistent bytes re-seeded at init, by region then offset.
    pub seeds: Vec<Seed>,
    /// Constants staged into regions at init, in module order.
    pub staged: Vec<StagedConstant>,
}

impl Interface {
    /// The interface of `module` (planned loop-level IR) under `options`.
    pub fn of(ctx: &Context, module: OpId, options: &CApi) -> Result<Interface, Diagnostic> {
        let loc = ctx.operation(module).loc();
        let module_op =
            ModuleOp::cast(ctx, module).ok_or_else(|| Diagnostic::error(loc, "expected a 'builtin.module'"))?;
        let entry = module_op
            .ops(ctx)
            .into_iter()
            .filter_map(|op| FuncOp::cast(ctx, op))
            .find(|f| f.name(ctx) == options.entry)
            .ok_or_else(|| Diagnostic::error(loc, format!("the module has no entry function @{}", options.entry)))?;
        let entry_loc = ctx.operation(entry.op()).loc();
        let entry_error = |why: String| Diagnostic::error(entry_loc, format!("@{} has no C API: {why}", options.entry));
        let regions: Vec<Region> = module_op
            .ops(ctx)
            .into_iter()
            .filter_map(|op| PoolOp::cast(ctx, op))
            .map(|pool| Region {
                pool: pool.name(ctx).to_string(),
                bank: pool.bank_name(ctx).to_string(),
                role: pool.role_value(ctx).unwrap_or(Role::Scratch),
                bytes: pool.size_bytes(ctx),
                alignment: pool.alignment_value(ctx),
            })
            .collect();

        let (params, results) = entry.signature(ctx);
        if !results.is_empty() {
            return Err(entry_error(format!("it returns {} values; outputs must be buffer parameters", results.len())));
        }
        let mut ports = Vec::new();
        for (position, &ty) in params.iter().enumerate() {
            let bytes = ctx.buffer_storage_bytes(ty).filter(|_| ctx.is_buffer_type(ty)).ok_or_else(|| {
                entry_error(format!("parameter #{position} is '{}', not a buffer", type_to_string(ctx, ty)))
            })?;
            ports.push(Port { ty, bytes });
        }
        if options.inputs > ports.len() {
            return Err(entry_error(format!(
                "it has {} buffer parameters, fewer than the model's {} inputs",
                ports.len(),
                options.inputs
            )));
        }
        let outputs = ports.split_off(options.inputs);

        let mut seeds: Vec<Seed> = persistent_seeds(ctx, module, entry.op())
            .into_iter()
            .filter_map(|seed| {
                let region = regions.iter().position(|r| r.pool == seed.pool)?;
                Some(Seed { region, offset: seed.offset, bytes: seed.bytes, value: seed.value })
            })
            .collect();
        seeds.sort_by_key(|s| (s.region, s.offset));
        let mut state: Vec<State> = state_buffers(ctx, module, entry.op())
            .into_iter()
            .filter_map(|buffer| {
                let region = regions.iter().position(|r| r.pool == buffer.pool)?;
                Some(State {
                    name: buffer.name,
                    region,
                    offset: buffer.offset,
                    bytes: buffer.bytes,
                    initial: buffer.initial,
                })
            })
            .collect();
        state.sort_by_key(|s| (s.region, s.offset));
        let mut staged = Vec::new();
        let symbols = mc_ir::SymbolTable::new(ctx, module);
        for stage in module_op.ops(ctx).into_iter().filter_map(|op| StageOp::cast(ctx, op)) {
            let loc = ctx.operation(stage.op()).loc();
            let global = stage
                .source(ctx, &symbols)
                .ok_or_else(|| Diagnostic::error(loc, "the staged global is not at the top level of the module"))?;
            let region = stage
                .pool_name(ctx)
                .and_then(|name| regions.iter().position(|r| r.pool == name))
                .ok_or_else(|| Diagnostic::error(loc, "the staging pool is not at the top level of the module"))?;
            let bytes = global.data(ctx).map_err(|m| Diagnostic::error(loc, m))?.len() as u64;
            staged.push(StagedConstant {
                global: global.name(ctx).to_string(),
                region,
                offset: stage.offset_bytes(ctx),
                bytes,
            });
        }
        Ok(Interface { entry, regions, inputs: ports, outputs, state, seeds, staged })
    }
}
