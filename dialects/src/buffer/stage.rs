//! `buffer.stage`: a constant staged into RAM. The memory planner moves a `buffer.global` that a
//! placement rule sends to a writable bank into that bank's `constant` pool; the global stays as
//! the flash image, and the program's initialization copies it into the pool (the C API's
//! `<prefix>_hydrate_constants`, which the application may override, e.g. with DMA).

use super::global::GlobalOp;
use super::pool::PoolOp;
use super::role::Role;
use mc_ir::printer::attributes::attr_to_string;
use mc_ir::{Context, Diagnostic, Location, OpId, OperationState, SymbolTable, SymbolTableCollection, define_op};

define_op! {
    /// Initialization copies the data of the `buffer.global` `global` to byte `offset` of the
    /// `constant` pool `pool`, where the code reads it (`buffer.pool_view`).
    ///
    /// ```mlir
    /// buffer.pool @dtcm_constant {bank = "dtcm", role = "constant", size = 2048 : i64}
    /// buffer.stage @conv_w to @dtcm_constant {offset = 0 : i64}
    /// ```
    pub struct StageOp = "buffer.stage" {
        summary: "constant copied into a pool at initialization",
        traits: [],
        operands: [],
        results: [],
        attributes: [global: SymbolRef, pool: SymbolRef, offset: Integer],
        verify: verify_stage,
        verify_symbol_uses: verify_stage_uses,
        format: "$global `to` $pool attr-dict",
    }
}

impl StageOp {
    /// Creates a detached `buffer.stage @global to @pool {offset}`.
    pub fn build(ctx: &mut Context, loc: Location, global: &str, pool: &str, offset: u64) -> Self {
        let i64_type = ctx.integer_type(64);
        let mut state = OperationState::new(ctx.op_name(Self::NAME), loc);
        state.attrs = vec![
            ("global".to_string(), ctx.symbol_ref_attr(global)),
            ("pool".to_string(), ctx.symbol_ref_attr(pool)),
            ("offset".to_string(), ctx.integer_attr(i128::from(offset), i64_type)),
        ];
        StageOp(ctx.create_operation(state))
    }

    /// The global's symbol name (flat references only).
    pub fn global_name(self, ctx: &Context) -> Option<&str> {
        ctx.flat_symbol_ref(self.global(ctx))
    }

    /// The `buffer.global` it copies, looked up in the module's `symbols`.
    pub fn source(self, ctx: &Context, symbols: &SymbolTable) -> Option<GlobalOp> {
        symbols.lookup(self.global_name(ctx)?).and_then(|op| GlobalOp::cast(ctx, op))
    }

    /// The pool's symbol name (flat references only).
    pub fn pool_name(self, ctx: &Context) -> Option<&str> {
        ctx.flat_symbol_ref(self.pool(ctx))
    }

    /// The byte offset in the pool.
    pub fn offset_bytes(self, ctx: &Context) -> u64 {
        ctx.integer_value(self.offset(ctx)).and_then(|v| u64::try_from(v).ok()).unwrap_or(0)
    }
}

fn verify_stage(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let stage = StageOp(op);
    if ctx.integer_value(stage.offset(ctx)).is_none_or(|v| v < 0) {
        diags.push(ctx.op_error(
            op,
            format!("'offset' must be a non-negative integer, but is {}", attr_to_string(ctx, stage.offset(ctx))),
        ));
    }
}

fn verify_stage_uses(ctx: &Context, op: OpId, tables: &mut SymbolTableCollection, diags: &mut Vec<Diagnostic>) {
    let stage = StageOp(op);
    let Some(global) = tables.lookup(ctx, op, stage.global(ctx)).and_then(|g| GlobalOp::cast(ctx, g)) else {
        let name = attr_to_string(ctx, stage.global(ctx));
        diags.push(ctx.op_error(op, format!("'{name}' does not reference a valid buffer.global")));
        return;
    };
    let Some(pool) = tables.lookup(ctx, op, stage.pool(ctx)).and_then(|p| PoolOp::cast(ctx, p)) else {
        let name = attr_to_string(ctx, stage.pool(ctx));
        diags.push(ctx.op_error(op, format!("'{name}' does not reference a valid buffer.pool")));
        return;
    };
    if pool.role_value(ctx) != Some(Role::Constant) {
        diags.push(ctx.op_error(
            op,
            format!("pool @{} holds {} buffers, not constants", pool.name(ctx), attr_to_string(ctx, pool.role(ctx))),
        ));
    }
    let Some(bytes) = ctx.buffer_storage_bytes(global.buffer_type(ctx)) else { return };
    let (offset, size, alignment) = (stage.offset_bytes(ctx), pool.size_bytes(ctx), global.alignment_value(ctx));
    if offset.saturating_add(bytes) > size {
        diags.push(ctx.op_error(
            op,
            format!("@{}'s {bytes} bytes at offset {offset} end past the pool's {size} bytes", global.name(ctx)),
        ));
    }
    if offset % alignment != 0 {
        diags.push(ctx.op_error(
            op,
            format!("offset {offset} is not a multiple of @{}'s alignment {alignment}", global.name(ctx)),
        ));
    }
}
