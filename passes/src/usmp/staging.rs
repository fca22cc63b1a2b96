//! Constant staging: constants (`buffer.global`s) that a `role = "constant"` placement rule sends
//! to a writable bank are copied there at initialization, so the kernels read them from fast RAM
//! instead of flash. Each bank gets one `constant` pool after its scratch and persistent pools
//! are planned (activations come first); the constants are laid out one after the other in
//! module order, each at its alignment.
//!
//! ```mlir
//! %w = buffer.get_global @conv_w : !buffer<8x3x3x1xi8>
//! // becomes
//! buffer.pool @dtcm_constant {bank = "dtcm", role = "constant", size = 80 : i64}
//! buffer.stage @conv_w to @dtcm_constant {offset = 0 : i64}
//! %w = buffer.pool_view @dtcm_constant {offset = 0 : i64} : !buffer<8x3x3x1xi8>
//! ```
//!
//! A constant tries its rule's banks in order: a read-only bank keeps it in place; a writable
//! bank takes it if the bank's capacity (or budget) still has room. A constant that fits none of
//! its banks is an error naming it, its size and each bank's free bytes.

use super::banks::Bank;
use super::placement::{Rule, constant_rule};
use super::problem::align_up;
use mc_dialects::buffer::{DEFAULT_ALIGNMENT, GetGlobalOp, GlobalOp, PoolOp, PoolViewOp, Role, StageOp};
use mc_ir::{Builder, Context, InsertPoint, OpId};

/// A constant staged into a bank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Staged {
    /// The global's symbol.
    pub global: String,
    /// The bank (index into the banks).
    pub bank: usize,
    /// Its offset in the bank's constant pool.
    pub offset: u64,
    /// Its size in bytes.
    pub size: u64,
}

/// Where every constant that a rule stages goes, given the bytes each bank's planned pools
/// already take (`used`, per bank).
///
/// # Errors
///
/// A constant that fits none of its rule's banks.
pub fn place_constants(
    ctx: &Context,
    module: OpId,
    banks: &[Bank],
    rules: &[Rule],
    used: &[u64],
) -> Result<Vec<Staged>, String> {
    let mut filled = vec![0u64; banks.len()];
    let mut staged = Vec::new();
    for op in ctx.walk_preorder(module) {
        let Some(global) = GlobalOp::cast(ctx, op) else { continue };
        let name = global.name(ctx);
        let size = global.data(ctx).map_err(|m| format!("constant @{name}: {m}"))?.len() as u64;
        let Some(rule) = constant_rule(rules, name, size) else { continue };
        let alignment = global.alignment_value(ctx);
        let mut refused = Vec::new();
        let mut placed = false;
        for &bank in &rule.banks {
            if !banks[bank].writable() {
                placed = true;
                break;
            }
            let offset = align_up(filled[bank], alignment);
            let pool_end = align_up(offset + size, DEFAULT_ALIGNMENT);
            let free = banks[bank].capacity.map(|c| c.saturating_sub(used[bank] + filled[bank]));
            if banks[bank].capacity.is_none_or(|capacity| used[bank] + pool_end <= capacity) {
                filled[bank] = offset + size;
                staged.push(Staged { global: name.to_string(), bank, offset, size });
                placed = true;
                break;
            }
            refused.push(format!("{} has {} bytes free", banks[bank].name, free.unwrap_or(0)));
        }
        if !placed {
            return Err(format!(
                "{}: constant @{name} ({size} bytes) fits none of its banks ({}); list a read-only bank last to let it stay in place",
                rule.label,
                refused.join(", ")
            ));
        }
    }
    Ok(staged)
}

/// The constant pool of each bank that stages constants: `(bank, size)`, sizes aligned.
pub fn constant_pools(staged: &[Staged]) -> Vec<(usize, u64)> {
    let mut pools: Vec<(usize, u64)> = Vec::new();
    for s in staged {
        let end = align_up(s.offset + s.size, DEFAULT_ALIGNMENT);
        match pools.iter_mut().find(|(bank, _)| *bank == s.bank) {
            Some((_, size)) => *size = (*size).max(end),
            None => pools.push((s.bank, end)),
        }
    }
    pools
}

/// Creates each constant pool and `buffer.stage` after the last top-level `buffer.pool` of
/// `module`, and replaces every `buffer.get_global` of a staged constant with a view of its pool.
pub fn rewrite_staged(
    ctx: &mut Context,
    module: OpId,
    banks: &[Bank],
    staged: &[Staged],
    pool_name: impl Fn(&str) -> String,
) {
    let Some(body) = ctx.operation(module).regions().first().and_then(|&r| ctx.entry_block(r)) else { return };
    let loc = ctx.operation(module).loc();
    let mut after = ctx.block_ops(body).filter(|&op| PoolOp::cast(ctx, op).is_some()).last();
    let mut insert = |ctx: &mut Context, op: OpId| {
        let ip = match after {
            Some(previous) => InsertPoint::after(ctx, previous),
            None => match ctx.first_op(body) {
                Some(first) => InsertPoint::before(ctx, first),
                None => InsertPoint::end(body),
            },
        };
        ctx.insert_op(op, ip);
        after = Some(op);
    };
    for (bank, size) in constant_pools(staged) {
        let alignment = banks[bank].alignment.max(DEFAULT_ALIGNMENT);
        let name = pool_name(&banks[bank].name);
        let pool = PoolOp::build(ctx, loc, &name, &banks[bank].name, Role::Constant, size, alignment).op();
        insert(ctx, pool);
        for s in staged.iter().filter(|s| s.bank == bank) {
            let stage = StageOp::build(ctx, loc, &s.global, &name, s.offset).op();
            insert(ctx, stage);
        }
    }
    for op in ctx.walk_preorder(module) {
        let Some(get) = GetGlobalOp::cast(ctx, op) else { continue };
        let Some(s) = ctx.flat_symbol_ref(get.name(ctx)).and_then(|name| staged.iter().find(|s| s.global == name))
        else {
            continue;
        };
        let ty = ctx.operation(op).result_type(0);
        let op_loc = ctx.operation(op).loc();
        let mut b = Builder::at(ctx, InsertPoint::before(ctx, op), op_loc);
        let view = PoolViewOp::build(&mut b, &pool_name(&banks[s.bank].name), s.offset, ty);
        ctx.replace_all_uses_with(op.result(0), view.result());
        ctx.erase_op(op);
    }
}
