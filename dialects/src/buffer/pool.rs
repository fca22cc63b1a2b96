//! `buffer.pool` (a planned memory arena) and `buffer.pool_view` (a buffer at a fixed offset in
//! one): what the memory planner turns `buffer.alloc`s into, so no allocation is left at run
//! time.

use super::alloc::{alignment_bytes, check_alignment};
use super::role::Role;
use mc_ir::printer::attributes::{attr_to_string, type_to_string};
use mc_ir::{
    Builder, Context, Diagnostic, Location, OpId, OperationState, SYMBOL_NAME_ATTR, SymbolTableCollection, Type,
    define_op,
};

define_op! {
    /// A memory arena of `size` bytes in memory bank `bank`, holding the buffers of one role that
    /// the memory planner placed there; backends give it storage (a section per bank).
    ///
    /// | attribute | meaning |
    /// |---|---|
    /// | `sym_name` | the symbol |
    /// | `bank` | the memory bank (`"sram"`, `"dtcm"`, ...) |
    /// | `role` | `"scratch"` (reused by liveness, uninitialized), `"persistent"` (zeroed at init) or `"constant"` (constants staged into RAM by `buffer.stage`) |
    /// | `size` | bytes |
    /// | `alignment` | optional `i64` power of two (16 when absent): the arena's start alignment |
    ///
    /// ```mlir
    /// buffer.pool @sram_scratch {bank = "sram", role = "scratch", size = 55296 : i64}
    /// ```
    pub struct PoolOp = "buffer.pool" {
        summary: "planned memory arena",
        traits: [SYMBOL],
        operands: [],
        results: [],
        attributes: [sym_name: SymbolName, bank: String, role: String, size: Integer],
        optional_attributes: [alignment: Integer],
        verify: verify_pool,
        format: "$sym_name attr-dict",
    }
}

define_op! {
    /// The buffer at byte `offset` of pool `pool`, of the result type (identity layout or any
    /// layout whose span fits in the pool from the offset). A view of a persistent pool may carry
    /// the `name` of the state it holds (the variable's `shared_name`), for the C API's header.
    ///
    /// ```mlir
    /// %0 = buffer.pool_view @sram_scratch {offset = 4096 : i64} : !buffer<1x48x48x8xi8>
    /// %1 = buffer.pool_view @sram_persistent {name = "svdf_state", offset = 0 : i64} : !buffer<1x40xi16>
    /// ```
    pub struct PoolViewOp = "buffer.pool_view" {
        summary: "buffer at a fixed offset in a pool",
        traits: [PURE],
        operands: [],
        results: [result],
        attributes: [pool: SymbolRef, offset: Integer],
        optional_attributes: [name: String],
        verify: verify_pool_view,
        verify_symbol_uses: verify_pool_view_uses,
        format: "$pool attr-dict `:` type($result)",
    }
}

impl PoolOp {
    /// Creates a detached `buffer.pool` named `name`.
    pub fn build(
        ctx: &mut Context,
        loc: Location,
        name: &str,
        bank: &str,
        role: Role,
        size: u64,
        alignment: u64,
    ) -> Self {
        let i64_type = ctx.integer_type(64);
        let mut state = OperationState::new(ctx.op_name(Self::NAME), loc);
        state.attrs = vec![
            (SYMBOL_NAME_ATTR.to_string(), ctx.string_attr(name)),
            ("bank".to_string(), ctx.string_attr(bank)),
            ("role".to_string(), role.attr(ctx)),
            ("size".to_string(), ctx.integer_attr(i128::from(size), i64_type)),
        ];
        if alignment != super::DEFAULT_ALIGNMENT {
            state.attrs.push(("alignment".to_string(), ctx.integer_attr(i128::from(alignment), i64_type)));
        }
        PoolOp(ctx.create_operation(state))
    }

    /// The symbol name.
    pub fn name(self, ctx: &Context) -> &str {
        ctx.string_value(self.sym_name(ctx)).expect("verified")
    }

    /// The bank.
    pub fn bank_name(self, ctx: &Context) -> &str {
        ctx.string_value(self.bank(ctx)).expect("verified")
    }

    /// The role, if valid.
    pub fn role_value(self, ctx: &Context) -> Option<Role> {
        Role::from_attr(ctx, self.role(ctx))
    }

    /// Size in bytes.
    pub fn size_bytes(self, ctx: &Context) -> u64 {
        ctx.integer_value(self.size(ctx)).and_then(|v| u64::try_from(v).ok()).unwrap_or(0)
    }

    /// The alignment in bytes (16 if absent).
    pub fn alignment_value(self, ctx: &Context) -> u64 {
        alignment_bytes(ctx, self.alignment(ctx))
    }
}

impl PoolViewOp {
    /// Builds `buffer.pool_view @pool {offset} : ty`.
    pub fn build(b: &mut Builder<'_>, pool: &str, offset: u64, ty: Type) -> Self {
        let symbol = b.ctx.symbol_ref_attr(pool);
        let i64_type = b.ctx.integer_type(64);
        let offset = b.ctx.integer_attr(i128::from(offset), i64_type);
        PoolViewOp(b.create(
            Self::NAME,
            &[],
            &[ty],
            vec![("pool".to_string(), symbol), ("offset".to_string(), offset)],
            vec![],
        ))
    }

    /// The pool's symbol name (flat references only).
    pub fn pool_name(self, ctx: &Context) -> Option<&str> {
        ctx.flat_symbol_ref(self.pool(ctx))
    }

    /// The byte offset.
    pub fn offset_bytes(self, ctx: &Context) -> u64 {
        ctx.integer_value(self.offset(ctx)).and_then(|v| u64::try_from(v).ok()).unwrap_or(0)
    }

    /// The name of the state a persistent view holds, if given.
    pub fn name_value(self, ctx: &Context) -> Option<&str> {
        self.name(ctx).and_then(|a| ctx.string_value(a))
    }
}

fn verify_pool(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let pool = PoolOp(op);
    check_alignment(ctx, op, diags);
    if pool.role_value(ctx).is_none() {
        diags.push(ctx.op_error(
            op,
            format!(
                "'role' must be \"scratch\", \"persistent\" or \"constant\", but is {}",
                attr_to_string(ctx, pool.role(ctx))
            ),
        ));
    }
    if ctx.integer_value(pool.size(ctx)).is_none_or(|v| v < 0) {
        diags.push(ctx.op_error(
            op,
            format!("'size' must be a non-negative integer, but is {}", attr_to_string(ctx, pool.size(ctx))),
        ));
    }
    if pool.bank_name(ctx).is_empty() {
        diags.push(ctx.op_error(op, "'bank' must not be empty"));
    }
}

fn verify_pool_view(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let view = PoolViewOp(op);
    let ty = ctx.operation(op).result_type(0);
    if ctx.buffer_storage_bytes(ty).is_none() {
        diags.push(ctx.op_error(op, format!("result must be a buffer, but got '{}'", type_to_string(ctx, ty))));
    }
    if ctx.integer_value(view.offset(ctx)).is_none_or(|v| v < 0) {
        diags.push(ctx.op_error(
            op,
            format!("'offset' must be a non-negative integer, but is {}", attr_to_string(ctx, view.offset(ctx))),
        ));
    }
}

fn verify_pool_view_uses(ctx: &Context, op: OpId, tables: &mut SymbolTableCollection, diags: &mut Vec<Diagnostic>) {
    let view = PoolViewOp(op);
    let Some(pool) = tables.lookup(ctx, op, view.pool(ctx)).and_then(|p| PoolOp::cast(ctx, p)) else {
        diags.push(
            ctx.op_error(
                op,
                format!("'{}' does not reference a valid buffer.pool", attr_to_string(ctx, view.pool(ctx))),
            ),
        );
        return;
    };
    let ty = ctx.operation(op).result_type(0);
    let Some(span) = ctx.buffer_storage_bytes(ty) else { return };
    let (offset, size) = (view.offset_bytes(ctx), pool.size_bytes(ctx));
    if offset.saturating_add(span) > size {
        diags.push(ctx.op_error(
            op,
            format!(
                "'{}' at offset {offset} ends at byte {}, past the pool's {size} bytes",
                type_to_string(ctx, ty),
                offset + span
            ),
        ));
    }
}
