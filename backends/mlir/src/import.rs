//! Import: upstream `func`/`arith`/`math`/`scf`/`memref` IR, parsed by MLIR, rebuilt as mc's
//! loop dialect and verified by mc.
//!
//! The reverse of [`export`](crate::export): `scf.for/if/yield` become `loop.for/if/yield`,
//! `memref.load/store` become `loop.load/store`, a constant `memref.global` becomes a
//! `buffer.global` and a writable `memref.global` of `i8` bytes a `buffer.pool` (bank and role
//! from `mc.bank` / `mc.role`, else `"sram"` and scratch, or persistent when zero-initialized);
//! `memref.view` of such a pool at a constant byte offset is a `buffer.pool_view`,
//! `memref.reinterpret_cast` with static layout a `buffer.view`, and a static `memref.alloca`
//! or `memref.alloc` a scratch `buffer.alloc`. Anything else is an error naming the op and its
//! location.

use crate::attributes::import_attr;
use crate::locations::import_loc;
use crate::session::Session;
use crate::types::import_type;
use mc_dialects::buffer::{GlobalOp, PoolOp, PoolViewOp, Role, ViewOp};
use mc_ir::builtin::ModuleOp;
use mc_ir::{
    AttrKind, Attribute, BlockId, Context, Diagnostic, InsertPoint, Location, OpId, OperationState, RegionId, Value,
};
use melior::ir::attribute::{BoolAttribute, DenseElementsAttribute, IntegerAttribute, StringAttribute, TypeAttribute};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationResult};
use melior::ir::r#type::ShapedTypeLike;
use melior::ir::{
    Attribute as MlirAttribute, AttributeLike, BlockRef, Module, OperationRef, RegionLike, RegionRef, ValueLike,
};
use std::collections::HashMap;

/// Parses upstream MLIR `text` (from `file`, for locations) in `session` and rebuilds it as an mc
/// module in `ctx`, verified by mc.
///
/// # Errors
///
/// MLIR's parse errors, an error at each op or type mc cannot represent (the first stops the
/// import), or mc's verifier errors.
pub fn import_module(
    ctx: &mut Context,
    text: &str,
    file: &str,
    session: &Session,
) -> Result<ModuleOp, Vec<Diagnostic>> {
    session.take_diagnostics();
    let Some(module) = Module::parse(session.context(), text) else {
        let mut diags: Vec<Diagnostic> = session
            .take_diagnostics()
            .into_iter()
            .map(|reported| {
                let loc = match reported.position {
                    Some((name, line, col)) => {
                        ctx.file_loc(if name.is_empty() || name == "-" { file } else { &name }, line, col)
                    }
                    None => ctx.file_loc(file, 1, 1),
                };
                Diagnostic::error(loc, reported.message)
            })
            .collect();
        if diags.is_empty() {
            let loc = ctx.file_loc(file, 1, 1);
            diags.push(Diagnostic::error(loc, "MLIR could not parse the input"));
        }
        return Err(diags);
    };
    let loc = import_loc(ctx, module.as_operation().location(), file);
    let out = ModuleOp::build(ctx, loc);
    let mut importer = Importer { ctx, file, values: HashMap::new(), pools: HashMap::new(), view_offsets: Vec::new() };
    importer.import_module_body(module.body(), out).map_err(|d| vec![d])?;
    importer.erase_unused_view_offsets();
    mc_ir::verify(ctx, out.op())?;
    Ok(out)
}

/// An upstream value's identity: its C API handle.
type Key = *const std::ffi::c_void;

/// The state of one import: the mc value of each upstream value, and the pools (writable
/// byte globals) by name.
struct Importer<'a> {
    ctx: &'a mut Context,
    file: &'a str,
    values: HashMap<Key, Value>,
    pools: HashMap<String, u64>,
    /// The constants that gave pool views their byte offsets: the offsets are attributes of
    /// `buffer.pool_view`, so constants left without uses are erased after the import.
    view_offsets: Vec<Value>,
}

/// The name of an upstream op.
fn op_name(op: &OperationRef<'_, '_>) -> String {
    op.name().as_string_ref().as_str().unwrap_or_default().to_string()
}

/// The ops of an upstream block, in order.
fn block_ops<'c, 'a>(block: BlockRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    std::iter::successors(block.first_operation(), |op| op.next_in_block()).collect()
}

/// The blocks of an upstream region, in order.
fn region_blocks<'c, 'a>(region: RegionRef<'c, 'a>) -> Vec<BlockRef<'c, 'a>> {
    std::iter::successors(region.first_block(), |block| block.next_in_region()).collect()
}

impl Importer<'_> {
    fn loc(&mut self, op: &OperationRef<'_, '_>) -> Location {
        import_loc(self.ctx, op.location(), self.file)
    }

    fn error(&mut self, op: &OperationRef<'_, '_>, message: impl std::fmt::Display) -> Diagnostic {
        let loc = self.loc(op);
        Diagnostic::error(loc, format!("'{}' op {message}", op_name(op)))
    }

    fn unsupported(&mut self, op: &OperationRef<'_, '_>) -> Diagnostic {
        self.error(op, "cannot be represented in mc's loop dialect")
    }

    fn ty(&mut self, op: &OperationRef<'_, '_>, ty: melior::ir::Type<'_>) -> Result<mc_ir::Type, Diagnostic> {
        import_type(self.ctx, ty).map_err(|e| self.error(op, e))
    }

    fn attr(&mut self, op: &OperationRef<'_, '_>, name: &str) -> Result<MlirAttribute<'static>, Diagnostic> {
        // SAFETY: the attribute lives in the session's context, which outlives the import; the
        // lifetime is only widened to keep it in local variables across `&mut self` calls.
        op.attribute(name)
            .map(|a| unsafe { MlirAttribute::from_raw(a.to_raw()) })
            .map_err(|_| self.error(op, format!("has no '{name}' attribute")))
    }

    fn string_attr(&mut self, op: &OperationRef<'_, '_>, name: &str) -> Result<String, Diagnostic> {
        let attr = self.attr(op, name)?;
        StringAttribute::try_from(attr).map(|s| s.value().to_string()).map_err(|e| self.error(op, e))
    }

    fn operands(&mut self, op: &OperationRef<'_, '_>) -> Result<Vec<Value>, Diagnostic> {
        let mut out = Vec::with_capacity(op.operand_count());
        for operand in op.operands() {
            match self.values.get(&operand.to_raw().ptr) {
                Some(&value) => out.push(value),
                None => return Err(self.error(op, "uses a value mc could not import (a pool's bytes are only viewed)")),
            }
        }
        Ok(out)
    }

    /// The type of the single result of `op` (MLIR's verifier checked it has one).
    fn result_type(&mut self, op: &OperationRef<'_, '_>) -> Result<mc_ir::Type, Diagnostic> {
        let ty = op.result(0).map_err(|e| self.error(op, e))?.r#type();
        self.ty(op, ty)
    }

    fn result_types(&mut self, op: &OperationRef<'_, '_>) -> Result<Vec<mc_ir::Type>, Diagnostic> {
        let types: Vec<_> = op.results().map(|r| r.r#type()).collect();
        types.into_iter().map(|t| self.ty(op, t)).collect()
    }

    /// The attributes of `op` in mc form; those at an upstream default are dropped.
    fn attributes(&mut self, op: &OperationRef<'_, '_>) -> Result<Vec<(String, Attribute)>, Diagnostic> {
        let mut out = Vec::new();
        for (name, attr) in op.attributes() {
            let name = name.as_string_ref().as_str().unwrap_or_default().to_string();
            if name == "nontemporal" && BoolAttribute::try_from(attr).is_ok_and(|b| !b.value()) {
                continue;
            }
            match import_attr(self.ctx, &name, attr) {
                Ok(Some(value)) => out.push((name, value)),
                Ok(None) => {}
                Err(e) => return Err(self.error(op, e)),
            }
        }
        Ok(out)
    }

    /// Creates an mc op at the end of `block` and maps the upstream op's results to it.
    fn create(&mut self, upstream: &OperationRef<'_, '_>, block: BlockId, mut state: OperationState) -> OpId {
        state.loc = self.loc(upstream);
        let op = self.ctx.create_operation(state);
        self.ctx.insert_op(op, InsertPoint::end(block));
        for (result, value) in upstream.results().zip(self.ctx.results(op)) {
            self.values.insert(result.to_raw().ptr, value);
        }
        op
    }

    fn state(&mut self, name: &str) -> OperationState {
        let loc = self.ctx.unknown_loc();
        OperationState::new(self.ctx.op_name(name), loc)
    }

    fn import_module_body(&mut self, body: BlockRef<'_, '_>, out: ModuleOp) -> Result<(), Diagnostic> {
        let block = out.body(self.ctx);
        for op in block_ops(body) {
            match op_name(&op).as_str() {
                "func.func" => {
                    let mut state = self.state("func.func");
                    state.attrs = self.attributes(&op)?;
                    state.regions = vec![self.import_region(&op, 0)?];
                    self.create(&op, block, state);
                }
                "memref.global" => self.global(&op, block)?,
                _ => return Err(self.unsupported(&op)),
            }
        }
        Ok(())
    }

    /// A constant `memref.global` as a `buffer.global`, a writable one of `i8` bytes as a
    /// `buffer.pool`.
    fn global(&mut self, op: &OperationRef<'_, '_>, block: BlockId) -> Result<(), Diagnostic> {
        let name = self.string_attr(op, "sym_name")?;
        let memref = TypeAttribute::try_from(self.attr(op, "type")?).map_err(|e| self.error(op, e))?.value();
        let ty = self.ty(op, memref)?;
        let alignment = op
            .attribute("alignment")
            .ok()
            .and_then(|a| IntegerAttribute::try_from(a).ok())
            .map(|a| a.signed_value() as u64)
            .unwrap_or(mc_dialects::buffer::DEFAULT_ALIGNMENT);
        let initial = op.attribute("initial_value").ok();
        let loc = self.loc(op);
        let created = if op.has_attribute("constant") {
            let data = initial.and_then(|a| DenseElementsAttribute::try_from(a).ok());
            let data = data.ok_or_else(|| self.error(op, "is a constant without dense data"))?;
            let value = self.dense(op, data)?;
            let global = GlobalOp::build(self.ctx, loc, &name, ty, value);
            if alignment != mc_dialects::buffer::DEFAULT_ALIGNMENT {
                let i64_type = self.ctx.integer_type(64);
                let attr = self.ctx.integer_attr(i128::from(alignment), i64_type);
                self.ctx.set_attr(global.0, "alignment", Some(attr));
            }
            global.0
        } else {
            let bytes = self.ctx.buffer(ty).filter(|b| b.rank() == 1 && b.is_identity_layout());
            let is_bytes = bytes.is_some_and(|b| self.ctx.integer_width(b.element) == Some(8));
            let size = bytes.map(|b| b.shape[0] as u64).unwrap_or(0);
            if !is_bytes {
                return Err(self.error(op, "is writable but not a 1-D memref of i8 bytes (mc's pools)"));
            }
            let zeroed = initial.is_some_and(|a| DenseElementsAttribute::try_from(a).is_ok());
            let role = match op.attribute("mc.role").ok().and_then(|a| StringAttribute::try_from(a).ok()) {
                Some(role) => Role::parse(role.value())
                    .ok_or_else(|| self.error(op, format!("has an unknown mc.role \"{}\"", role.value())))?,
                None if zeroed => Role::Persistent,
                None => Role::Scratch,
            };
            let bank = op.attribute("mc.bank").ok().and_then(|a| StringAttribute::try_from(a).ok());
            let bank = bank.map_or("sram", |b| b.value());
            self.pools.insert(name.clone(), size);
            PoolOp::build(self.ctx, loc, &name, bank, role, size, alignment).0
        };
        self.ctx.insert_op(created, InsertPoint::end(block));
        Ok(())
    }

    /// Dense elements as mc's `dense<...>` attribute of the same tensor type and bytes.
    fn dense(&mut self, op: &OperationRef<'_, '_>, data: DenseElementsAttribute<'_>) -> Result<Attribute, Diagnostic> {
        let attr: MlirAttribute<'_> = data.into();
        let tensor = melior::ir::r#type::RankedTensorType::try_from(attr.r#type()).map_err(|e| self.error(op, e))?;
        let element = self.ty(op, tensor.element())?;
        let shape: Vec<i64> = (0..tensor.rank())
            .map(|i| match tensor.dim_size(i) {
                Ok(melior::ir::r#type::DimSize::Static(size)) => size as i64,
                _ => 0,
            })
            .collect();
        let element_bytes = self.ctx.scalar_byte_size(element).filter(|_| self.ctx.integer_width(element) != Some(1));
        let element_bytes = element_bytes.ok_or_else(|| self.error(op, "holds data of a type mc cannot store"))?;
        // SAFETY: the raw data of dense elements is the packed storage: one element when it is a
        // splat, else every element, each `element_bytes` bytes (byte-sized, non-`i1` types).
        let (splat, bytes) = unsafe {
            let raw = attr.to_raw();
            let splat = mlir_sys::mlirDenseElementsAttrIsSplat(raw);
            let count = if splat { 1 } else { shape.iter().product::<i64>() as usize };
            let pointer = mlir_sys::mlirDenseElementsAttrGetRawData(raw).cast::<u8>();
            (splat, std::slice::from_raw_parts(pointer, count * element_bytes).to_vec())
        };
        let ty = self.ctx.tensor_type(shape, element);
        Ok(self.ctx.intern_attr(AttrKind::DenseElements { ty, splat, data: bytes }))
    }

    fn erase_unused_view_offsets(&mut self) {
        for value in std::mem::take(&mut self.view_offsets) {
            if let Some(op) = self.ctx.defining_op(value)
                && self.ctx.is_live(op)
                && !self.ctx.op_has_uses(op)
            {
                self.ctx.erase_op(op);
            }
        }
    }

    /// The `index`-th region of `op` as a detached mc region.
    fn import_region(&mut self, op: &OperationRef<'_, '_>, index: usize) -> Result<RegionId, Diagnostic> {
        let region = op.region(index).map_err(|e| self.error(op, e))?;
        let out = self.ctx.create_region();
        for block in region_blocks(region) {
            let mut args = Vec::with_capacity(block.argument_count());
            for i in 0..block.argument_count() {
                let arg = block.argument(i).map_err(|e| self.error(op, e))?;
                let ty = self.ty(op, arg.r#type())?;
                let loc = self.loc(op);
                args.push((ty, loc));
            }
            let mc_block = self.ctx.create_block(&args);
            for i in 0..block.argument_count() {
                let arg = block.argument(i).map_err(|e| self.error(op, e))?;
                let value = self.ctx.block_arg(mc_block, i);
                self.values.insert(arg.to_raw().ptr, value);
            }
            self.ctx.append_block(out, mc_block);
            for nested in block_ops(block) {
                self.import_op(&nested, mc_block)?;
            }
        }
        Ok(out)
    }

    /// Translates one op inside a function.
    fn import_op(&mut self, op: &OperationRef<'_, '_>, block: BlockId) -> Result<(), Diagnostic> {
        let name = op_name(op);
        let renamed = match name.as_str() {
            "scf.for" => "loop.for",
            "scf.if" => "loop.if",
            "scf.yield" => "loop.yield",
            "memref.load" => "loop.load",
            "memref.store" => "loop.store",
            other => other,
        };
        match renamed {
            "memref.get_global" => return self.get_global(op, block),
            "memref.view" => return self.view(op, block),
            "memref.reinterpret_cast" => return self.reinterpret_cast(op, block),
            "memref.alloca" | "memref.alloc" => return self.alloc(op, block),
            _ => {}
        }
        let op_name = self.ctx.op_name(renamed);
        let known = self.ctx.op_def(op_name).is_some();
        if !known || !["loop", "arith", "math", "func"].contains(&mc_ir::dialect_of(renamed)) || renamed == "func.func"
        {
            return Err(self.unsupported(op));
        }
        let mut state = self.state(renamed);
        state.operands = self.operands(op)?;
        state.result_types = self.result_types(op)?;
        state.attrs = self.attributes(op)?;
        state.regions = (0..op.region_count()).map(|i| self.import_region(op, i)).collect::<Result<_, _>>()?;
        self.create(op, block, state);
        Ok(())
    }

    /// `memref.get_global`: a `buffer.get_global`, or, for a pool, nothing (its bytes are only
    /// reachable through `memref.view`).
    fn get_global(&mut self, op: &OperationRef<'_, '_>, block: BlockId) -> Result<(), Diagnostic> {
        let attr = self.attr(op, "name")?;
        let symbol = melior::ir::attribute::FlatSymbolRefAttribute::try_from(attr).map_err(|e| self.error(op, e))?;
        if self.pools.contains_key(symbol.value()) {
            return Ok(());
        }
        let mut state = self.state("buffer.get_global");
        state.result_types = self.result_types(op)?;
        state.attrs = vec![("name".to_string(), self.ctx.symbol_ref_attr(symbol.value()))];
        self.create(op, block, state);
        Ok(())
    }

    /// `memref.view` of a pool's bytes at a constant offset: a `buffer.pool_view`.
    fn view(&mut self, op: &OperationRef<'_, '_>, block: BlockId) -> Result<(), Diagnostic> {
        let (Ok(source), Ok(shift)) = (op.operand(0), op.operand(1)) else { return Err(self.unsupported(op)) };
        let pool = OperationResult::try_from(source)
            .ok()
            .map(|r| r.owner())
            .filter(|owner| op_name(owner) == "memref.get_global")
            .and_then(|owner| owner.attribute("name").ok())
            .and_then(|a| melior::ir::attribute::FlatSymbolRefAttribute::try_from(a).ok())
            .map(|s| s.value().to_string())
            .filter(|name| self.pools.contains_key(name));
        let offset = OperationResult::try_from(shift)
            .ok()
            .map(|r| r.owner())
            .filter(|owner| op_name(owner) == "arith.constant")
            .and_then(|owner| owner.attribute("value").ok())
            .and_then(|a| IntegerAttribute::try_from(a).ok())
            .map(|a| a.signed_value());
        let (Some(pool), Some(offset), 2) = (pool, offset, op.operand_count()) else {
            return Err(
                self.error(op, "is only representable in mc as a view of a pool global at a constant byte offset")
            );
        };
        self.view_offsets.extend(self.values.get(&shift.to_raw().ptr));
        let ty = self.result_type(op)?;
        let loc = self.loc(op);
        let mut builder = mc_ir::Builder::at(self.ctx, InsertPoint::end(block), loc);
        let view = PoolViewOp::build(&mut builder, &pool, offset as u64, ty);
        let result = view.0.result(0);
        let upstream = op.result(0).map_err(|e| self.error(op, e))?;
        self.values.insert(upstream.to_raw().ptr, result);
        Ok(())
    }

    /// `memref.reinterpret_cast` with a static layout: a `buffer.view`.
    fn reinterpret_cast(&mut self, op: &OperationRef<'_, '_>, block: BlockId) -> Result<(), Diagnostic> {
        let operands = self.operands(op)?;
        let [source] = operands.as_slice() else {
            return Err(self.error(op, "with dynamic offsets, sizes or strides cannot be represented in mc"));
        };
        let ty = self.result_type(op)?;
        let source_offset = self.ctx.buffer(self.ctx.value_type(*source)).map_or(0, |b| b.offset);
        let result_offset = self.ctx.buffer(ty).map_or(0, |b| b.offset);
        let loc = self.loc(op);
        let mut builder = mc_ir::Builder::at(self.ctx, InsertPoint::end(block), loc);
        let view = ViewOp::build(&mut builder, *source, ty, result_offset - source_offset);
        let result = view.0.result(0);
        let upstream = op.result(0).map_err(|e| self.error(op, e))?;
        self.values.insert(upstream.to_raw().ptr, result);
        Ok(())
    }

    /// A static `memref.alloca` / `memref.alloc`: a scratch `buffer.alloc`.
    fn alloc(&mut self, op: &OperationRef<'_, '_>, block: BlockId) -> Result<(), Diagnostic> {
        if op.operand_count() != 0 {
            return Err(self.error(op, "with dynamic sizes cannot be represented in mc"));
        }
        let ty = self.result_type(op)?;
        let mut state = self.state("buffer.alloc");
        state.result_types = vec![ty];
        state.attrs = vec![("role".to_string(), Role::Scratch.attr(self.ctx))];
        if let Ok(alignment) = op.attribute("alignment").and_then(IntegerAttribute::try_from) {
            let i64_type = self.ctx.integer_type(64);
            let attr = self.ctx.integer_attr(i128::from(alignment.signed_value()), i64_type);
            state.attrs.push(("alignment".to_string(), attr));
        }
        self.create(op, block, state);
        Ok(())
    }
}
