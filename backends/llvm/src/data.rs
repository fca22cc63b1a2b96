//! Memory outside the functions and the `buffer` ops that point into it.
//!
//! ```text
//! buffer.global @w : !buffer<3xi32> = dense<[1, 2, 3]>
//!     @<prefix>_const_0 = private unnamed_addr constant [12 x i8] c"...",
//!                         section ".rodata.<prefix>.flash", align 16
//! buffer.pool @sram_scratch {bank = "sram", size = 64 : i64, ...}
//!     @<prefix>_pool_sram_scratch = internal global [64 x i8] zeroinitializer,
//!                                   section ".bss.<prefix>.sram", align 16
//!     (only when the object allocates its arenas; the code reaches every pool through the
//!     base the entry function receives: `%pool.sram_scratch`)
//! %w = buffer.get_global @w                         %w = @<prefix>_const_0
//! %p = buffer.pool_view @sram_scratch {offset = 32} %p = getelementptr inbounds i8, ptr %pool.sram_scratch, 32
//! %v = buffer.view %p ...                           %v = %p (the type holds the new layout)
//! %a = buffer.alloc() {alignment = 16}              %a = alloca [N x i8], align 16 (in the entry block)
//! ```
//!
//! LLVM may emit a bank's constants as several sections of the same name (small constants whose
//! address nothing compares go into mergeable ones); linker scripts gather them by name.
//!
//! Unplanned `buffer.alloc`s become stack slots (the caller's stack must hold them); run `usmp`
//! first to plan them into pools, as `mcc` does.

use crate::function::FunctionLowering;
use crate::layout::MemoryLayout;
use crate::symbols::{CONSTANT_BANK, Prefix};
use inkwell::AddressSpace;
use inkwell::context::Context as LlvmContext;
use inkwell::module::{Linkage, Module};
use inkwell::values::{PointerValue, UnnamedAddress};
use mc_dialects::buffer::{AllocOp, GlobalOp, PoolOp, PoolViewOp};
use mc_ir::builtin::ModuleOp;
use mc_ir::printer::attributes::type_to_string;
use mc_ir::{Context, Diagnostic, OpId};
use std::collections::HashMap;

/// The globals [`define_data`] defined.
pub(crate) struct Data<'ll> {
    /// Each `buffer.global`'s constant, by IR symbol name.
    pub(crate) constants: HashMap<String, PointerValue<'ll>>,
    /// Each `buffer.pool`'s zeroed arena, in module order, when the object allocates them.
    pub(crate) arenas: Vec<PointerValue<'ll>>,
}

/// Defines one LLVM global per `buffer.global` (constant bytes) and, if `allocate_arenas`, per
/// `buffer.pool` (zeroed arena) at the top level of `module`.
pub(crate) fn define_data<'ll>(
    ctx: &Context,
    module: ModuleOp,
    llvm: &'ll LlvmContext,
    target: &Module<'ll>,
    prefix: &Prefix,
    allocate_arenas: bool,
) -> Result<Data<'ll>, Diagnostic> {
    let mut constants = HashMap::new();
    let mut arenas = Vec::new();
    let mut count = 0;
    for op in module.ops(ctx) {
        let alignment;
        let global = if let Some(global) = GlobalOp::cast(ctx, op) {
            let bytes = global.data(ctx).map_err(|message| Diagnostic::error(ctx.operation(op).loc(), message))?;
            let value = llvm.const_string(&bytes, false);
            let symbol = target.add_global(value.get_type(), None, &prefix.constant(count));
            count += 1;
            symbol.set_initializer(&value);
            symbol.set_constant(true);
            symbol.set_unnamed_address(UnnamedAddress::Global);
            symbol.set_linkage(Linkage::Private);
            symbol.set_section(Some(&prefix.rodata_section(CONSTANT_BANK)));
            alignment = global.alignment_value(ctx);
            constants.insert(global.name(ctx).to_string(), symbol.as_pointer_value());
            symbol
        } else if let Some(pool) = PoolOp::cast(ctx, op).filter(|_| allocate_arenas) {
            let size = u32::try_from(pool.size_bytes(ctx)).map_err(|_| {
                Diagnostic::error(ctx.operation(op).loc(), "the pool is larger than 4 GiB, which no target here has")
            })?;
            let ty = llvm.i8_type().array_type(size);
            let symbol = target.add_global(ty, Some(AddressSpace::default()), &prefix.pool(pool.name(ctx)));
            symbol.set_initializer(&ty.const_zero());
            symbol.set_linkage(Linkage::Internal);
            symbol.set_section(Some(&prefix.bss_section(pool.bank_name(ctx))));
            alignment = pool.alignment_value(ctx);
            arenas.push(symbol.as_pointer_value());
            symbol
        } else {
            continue;
        };
        let alignment = u32::try_from(alignment)
            .map_err(|_| Diagnostic::error(ctx.operation(op).loc(), "the alignment is too large"))?;
        global.set_alignment(alignment);
    }
    Ok(Data { constants, arenas })
}

impl FunctionLowering<'_, '_> {
    /// `buffer.alloc`: an aligned stack slot of the buffer's byte span in the entry block.
    pub(crate) fn lower_alloc(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let alloc = AllocOp::cast(ctx, op).ok_or_else(|| self.error(op, "expected a 'buffer.alloc'"))?;
        let ty = ctx.operation(op).result_type(0);
        let span = MemoryLayout::of(ctx, ty)
            .and_then(|layout| layout.byte_span())
            .and_then(|span| u32::try_from(span).ok())
            .ok_or_else(|| self.error(op, format!("'{}' has no layout of at most 4 GiB", type_to_string(ctx, ty))))?;
        let slot_type = self.types.llvm.i8_type().array_type(span);
        let slot = self.built(op, self.entry_builder().build_alloca(slot_type, "alloc"))?;
        if let Some(instruction) = slot.as_instruction() {
            instruction.set_alignment(alloc.alignment_value(ctx) as u32).map_err(|e| self.error(op, e.to_string()))?;
        }
        self.define(op, 0, slot.into());
        Ok(())
    }

    /// `buffer.view`: the source's pointer (the result type carries the new layout).
    pub(crate) fn lower_view(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let source = self.operand(op, 0)?;
        self.define(op, 0, source);
        Ok(())
    }

    /// `buffer.get_global @g`: the address of `@g`'s constant.
    pub(crate) fn lower_get_global(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let name = ctx.flat_symbol_attr(op, "name").ok_or_else(|| self.error(op, "expected a flat 'name' symbol"))?;
        let address = *self
            .symbols
            .constants
            .get(name)
            .ok_or_else(|| self.error(op, format!("no 'buffer.global' @{name} at the top level of the module")))?;
        self.define(op, 0, address.into());
        Ok(())
    }

    /// `buffer.pool_view @pool {offset}`: the pool's base (a parameter of the entry function)
    /// plus the offset.
    pub(crate) fn lower_pool_view(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let view = PoolViewOp::cast(ctx, op).ok_or_else(|| self.error(op, "expected a 'buffer.pool_view'"))?;
        let name = view.pool_name(ctx).ok_or_else(|| self.error(op, "expected a flat 'pool' symbol"))?;
        let base = *self.pools.get(name).ok_or_else(|| {
            self.error(op, format!("no base for pool @{name}: pools are reachable from the entry function only"))
        })?;
        let offset = self.types.index.const_int(view.offset_bytes(ctx), false);
        let i8_type = self.types.llvm.i8_type();
        // SAFETY (LLVM's): the verifier checked that the view lies inside its pool.
        let address = self.built(op, unsafe { self.builder.build_in_bounds_gep(i8_type, base, &[offset], "") })?;
        self.define(op, 0, address.into());
        Ok(())
    }
}
