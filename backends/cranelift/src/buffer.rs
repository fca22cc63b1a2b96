//! Built-in lowering of the `buffer` ops that remain at loop level: `buffer.alloc`,
//! `buffer.view`, `buffer.global` and `buffer.get_global`, and the memory planner's
//! `buffer.pool` and `buffer.pool_view`.
//!
//! A memory value is a pointer to its underlying storage; its type carries shape, strides and an
//! offset relative to that storage ([`crate::memory`]).
//!
//! ```text
//! %a = buffer.alloc() {alignment = 16} : !buffer<4x8xi8>     ss0 = explicit_slot 32, align = 16
//!                                                            a = stack_addr ss0
//! %v = buffer.view %a {offset = 8} : ... to !buffer<8xi8, strides: [1], offset: 8>
//!                                                            v = a (the type holds the offset)
//! buffer.global @w : !buffer<3xi32> = dense<[1, 2, 3]>       data mc.global.0: read-only, the
//!                                                            global's alignment, its 12 bytes
//! %w = buffer.get_global @w : !buffer<3xi32>                 w = global_value mc.global.0
//! buffer.pool @sram_scratch {size = 64 : i64, ...}           data mc.pool.0: writable, zeroed,
//!                                                            the pool's alignment, 64 bytes
//! %p = buffer.pool_view @sram_scratch {offset = 32 : i64}    p = global_value mc.pool.0 + 32
//! ```
//!
//! An alloc is an explicit stack slot of the buffer's byte span (unplanned allocs; the memory
//! planner later replaces them with views of pools). A model's activations can take megabytes,
//! so code with allocs must run on a thread with a large stack: see
//! [`run_with_stack`](crate::run_with_stack). Alignments above the 16 bytes the host stack
//! guarantees are met by over-allocating the slot and rounding the address up.

use crate::lower::FunctionLowering;
use crate::memory::layout_of;
use cranelift_codegen::ir::{InstBuilder, StackSlotData, StackSlotKind};
use cranelift_jit::JITModule;
use cranelift_module::{DataDescription, DataId, Linkage, Module};
use mc_dialects::buffer::{AllocOp, GlobalOp, PoolOp, PoolViewOp, StageOp};
use mc_ir::builtin::ModuleOp;
use mc_ir::printer::attributes::type_to_string;
use mc_ir::{Context, Diagnostic, OpId, SymbolTable};
use std::collections::HashMap;

/// Alignment in bytes of a stack slot's address on the host (the stack pointer's alignment).
const STACK_ALIGNMENT: u64 = 16;

/// Defines one data object per `buffer.global` (read-only, the global's bytes) and per
/// `buffer.pool` (writable, zeroed; a `constant` pool holds the globals `buffer.stage` copies
/// into it from the start, as initialization would) at the top level of `module`, each with its
/// alignment; returns them by symbol name.
pub(crate) fn define_globals(
    ctx: &Context,
    module: ModuleOp,
    jit: &mut JITModule,
) -> Result<HashMap<String, DataId>, Diagnostic> {
    let mut globals = HashMap::new();
    let symbols = SymbolTable::new(ctx, module.op());
    for op in module.ops(ctx) {
        let mut data = DataDescription::new();
        let (name, writable) = if let Some(global) = GlobalOp::cast(ctx, op) {
            let bytes = global.data(ctx).map_err(|message| Diagnostic::error(ctx.operation(op).loc(), message))?;
            data.define(bytes.into_owned().into_boxed_slice());
            data.set_align(global.alignment_value(ctx));
            (global.name(ctx), false)
        } else if let Some(pool) = PoolOp::cast(ctx, op) {
            let size = usize::try_from(pool.size_bytes(ctx))
                .map_err(|_| Diagnostic::error(ctx.operation(op).loc(), "the pool is too large for the host"))?;
            match staged_contents(ctx, module, &symbols, pool, size)? {
                Some(bytes) => data.define(bytes.into_boxed_slice()),
                None => data.define_zeroinit(size),
            }
            data.set_align(pool.alignment_value(ctx));
            (pool.name(ctx), true)
        } else {
            continue;
        };
        let error = |e: cranelift_module::ModuleError| {
            Diagnostic::error(ctx.operation(op).loc(), format!("Cranelift failed to define the data of @{name}: {e}"))
        };
        let symbol = format!("mc.{}.{}", if writable { "pool" } else { "global" }, globals.len());
        let id = jit.declare_data(&symbol, Linkage::Local, writable, false).map_err(error)?;
        jit.define_data(id, &data).map_err(error)?;
        globals.insert(name.to_string(), id);
    }
    Ok(globals)
}

/// The bytes of `pool` (`size` long) with every constant `buffer.stage` puts there copied in;
/// `None` if nothing is staged into it.
fn staged_contents(
    ctx: &Context,
    module: ModuleOp,
    symbols: &SymbolTable,
    pool: PoolOp,
    size: usize,
) -> Result<Option<Vec<u8>>, Diagnostic> {
    let mut contents: Option<Vec<u8>> = None;
    for op in module.ops(ctx) {
        let Some(stage) = StageOp::cast(ctx, op).filter(|s| s.pool_name(ctx) == Some(pool.name(ctx))) else { continue };
        let error = |m: String| Diagnostic::error(ctx.operation(op).loc(), m);
        let global = stage
            .source(ctx, symbols)
            .ok_or_else(|| error("the staged global is not at the top level of the module".into()))?;
        let bytes = global.data(ctx).map_err(error)?;
        let start = usize::try_from(stage.offset_bytes(ctx)).unwrap_or(usize::MAX);
        let buffer = contents.get_or_insert_with(|| vec![0; size]);
        let end = start
            .checked_add(bytes.len())
            .filter(|&end| end <= size)
            .ok_or_else(|| error("the staged global does not fit its pool".into()))?;
        buffer[start..end].copy_from_slice(&bytes);
    }
    Ok(contents)
}

/// `buffer.alloc`: an explicit stack slot of the result's byte span, aligned as the op says.
pub(crate) fn lower_alloc(lowering: &mut FunctionLowering<'_, '_>, op: OpId) -> Result<(), Diagnostic> {
    let ctx = lowering.ctx();
    let alloc = AllocOp::cast(ctx, op).ok_or_else(|| lowering.error(op, "expected a 'buffer.alloc'"))?;
    let ty = ctx.operation(op).result_type(0);
    let span = layout_of(ctx, ty)
        .and_then(|layout| layout.byte_span())
        .ok_or_else(|| lowering.error(op, format!("'{}' has no valid layout", type_to_string(ctx, ty))))?;
    let alignment = alloc.alignment_value(ctx);
    let padding = alignment.saturating_sub(STACK_ALIGNMENT);
    let size = u64::try_from(span).ok().and_then(|span| span.checked_add(padding)).and_then(|s| u32::try_from(s).ok());
    let size = size.ok_or_else(|| {
        lowering.error(op, format!("a buffer of {span} bytes is too large for a stack slot (at most 4 GiB)"))
    })?;
    let shift = alignment.min(STACK_ALIGNMENT).trailing_zeros() as u8;
    let pointer = lowering.pointer_type();
    let builder = lowering.builder();
    let slot = builder.create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, size, shift));
    let mut address = builder.ins().stack_addr(pointer, slot, 0);
    if padding > 0 {
        // Round up to the alignment: (address + alignment - 1) & -alignment.
        let bumped = builder.ins().iadd_imm_s(address, padding as i64 + STACK_ALIGNMENT as i64 - 1);
        address = builder.ins().band_imm_s(bumped, -(alignment as i64));
    }
    lowering.define(op.result(0), address);
    Ok(())
}

/// `buffer.view`: the source's pointer (the result type carries the new layout).
pub(crate) fn lower_view(lowering: &mut FunctionLowering<'_, '_>, op: OpId) -> Result<(), Diagnostic> {
    let source = lowering.value(lowering.ctx().operation(op).operand(0))?;
    lowering.define(op.result(0), source);
    Ok(())
}

/// `buffer.get_global @g`: the address of `@g`'s data object.
pub(crate) fn lower_get_global(lowering: &mut FunctionLowering<'_, '_>, op: OpId) -> Result<(), Diagnostic> {
    let ctx = lowering.ctx();
    let name = ctx.flat_symbol_attr(op, "name").ok_or_else(|| lowering.error(op, "expected a flat 'name' symbol"))?;
    let address = lowering
        .global_address(name)
        .ok_or_else(|| lowering.error(op, format!("no 'buffer.global' @{name} at the top level of the module")))?;
    lowering.define(op.result(0), address);
    Ok(())
}

/// `buffer.pool_view @pool {offset}`: the address of `@pool`'s data object plus the offset.
pub(crate) fn lower_pool_view(lowering: &mut FunctionLowering<'_, '_>, op: OpId) -> Result<(), Diagnostic> {
    let ctx = lowering.ctx();
    let view = PoolViewOp::cast(ctx, op).ok_or_else(|| lowering.error(op, "expected a 'buffer.pool_view'"))?;
    let name = view.pool_name(ctx).ok_or_else(|| lowering.error(op, "expected a flat 'pool' symbol"))?;
    let offset = view.offset_bytes(ctx);
    let base = lowering
        .global_address(name)
        .ok_or_else(|| lowering.error(op, format!("no 'buffer.pool' @{name} at the top level of the module")))?;
    let offset = i64::try_from(offset).map_err(|_| lowering.error(op, "the offset is too large"))?;
    let address = lowering.builder().ins().iadd_imm_s(base, offset);
    lowering.define(op.result(0), address);
    Ok(())
}
