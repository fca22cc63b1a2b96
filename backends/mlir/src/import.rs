//! Import: upstream `func`/`arith`/`math`/`scf`/`memref` IR, parsed by MLIR, rebuilt as mc's
//! loop dialect and verified by mc.
//!
//! The reverse of [`export`](crate::export): `scf.for/if/yield` become `loop.for/if/yield`,
//! `memref.load/store` become `loop.load/store`, a constant `memref.global` becomes a
//! `buffer.global` (dense or `dense_resource` data) and a writable `memref.global` of `i8` bytes
//! a `buffer.pool` (bank, role and staged constants from `mc.bank` / `mc.role` / `mc.stages`,
//! else `"sram"` and scratch, or persistent when zero-initialized); `memref.view` of such a pool
//! at a constant byte offset is a `buffer.pool_view`, `memref.reinterpret_cast` and
//! `memref.subview` with static layouts a `buffer.view`, and a static `memref.alloca` or
//! `memref.alloc` a `buffer.alloc` (role from `mc.role`, else scratch). Quantized element types
//! come back from `mc.quant` (see [`carried`](crate::carried)). Anything else is an error naming
//! the op and its location.

use crate::attributes::import_attr;
use crate::carried;
use crate::locations::import_loc;
use crate::quant::{import_quant_attr, with_quantized_element};
use crate::resources::{insert_blob, is_dense_resource, printed_blobs, resource_key};
use crate::session::Session;
use crate::types::import_type;
use mc_dialects::buffer::{DeltaBound, GlobalOp, OverlapOp, PoolOp, PoolViewOp, Role, StageOp, ViewOp};
use mc_ir::builtin::ModuleOp;
use mc_ir::resources::ResourceTable;
use mc_ir::{
    AttrKind, Attribute, BlockId, Context, Diagnostic, InsertPoint, Location, OpId, OperationState, RegionId, Value,
};
use melior::ir::attribute::{
    ArrayAttribute, BoolAttribute, DenseElementsAttribute, DictionaryAttribute, FlatSymbolRefAttribute,
    IntegerAttribute, StringAttribute, TypeAttribute,
};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationResult};
use melior::ir::r#type::{FunctionType, RankedTensorType, ShapedTypeLike};
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
    let mut importer = Importer {
        ctx,
        file,
        module: &module,
        blobs: None,
        values: HashMap::new(),
        pools: HashMap::new(),
        view_offsets: Vec::new(),
        flat_pool_views: Vec::new(),
    };
    importer.import_module_body(module.body(), out).map_err(|d| vec![d])?;
    importer.erase_unused_helpers();
    mc_ir::verify(ctx, out.op())?;
    Ok(out)
}

/// An upstream value's identity: its C API handle.
type Key = *const std::ffi::c_void;

/// The state of one import: the upstream module, its resource blobs (read when first needed),
/// the mc value of each upstream value, and the pools (writable byte globals) by name.
struct Importer<'a, 'c> {
    ctx: &'a mut Context,
    file: &'a str,
    module: &'a Module<'c>,
    blobs: Option<ResourceTable>,
    values: HashMap<Key, Value>,
    pools: HashMap<String, u64>,
    /// The constants that gave pool views their byte offsets: the offsets are attributes of
    /// `buffer.pool_view`, so constants left without uses are erased after the import.
    view_offsets: Vec<Value>,
    /// The flat pool views that a cast marked `mc.pool_view` replaced: erased when unused.
    flat_pool_views: Vec<OpId>,
}

/// The name of an upstream op.
fn op_name(op: &OperationRef<'_, '_>) -> String {
    op.name().as_string_ref().as_str().unwrap_or_default().to_string()
}

/// The ops of an upstream block, in order.
fn block_ops<'c, 'a>(block: BlockRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    std::iter::successors(block.first_operation(), |op| op.next_in_block()).collect()
}

/// The dimensions of a tensor type (data types are static: a dynamic one counts 0).
fn static_shape(tensor: &RankedTensorType<'_>) -> Vec<i64> {
    (0..tensor.rank())
        .map(|i| match tensor.dim_size(i) {
            Ok(melior::ir::r#type::DimSize::Static(size)) => size as i64,
            _ => 0,
        })
        .collect()
}

/// The blocks of an upstream region, in order.
fn region_blocks<'c, 'a>(region: RegionRef<'c, 'a>) -> Vec<BlockRef<'c, 'a>> {
    std::iter::successors(region.first_block(), |block| block.next_in_region()).collect()
}

impl Importer<'_, '_> {
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

    /// The type of the single result of `op` (MLIR's verifier checked it has one), quantized as
    /// its `mc.quant` says.
    fn result_type(&mut self, op: &OperationRef<'_, '_>) -> Result<mc_ir::Type, Diagnostic> {
        let types = self.result_types(op)?;
        types.first().copied().ok_or_else(|| self.error(op, "has no result"))
    }

    /// The types of the results of `op`; with `mc.quant`, the single result is a buffer of that
    /// quantized type.
    fn result_types(&mut self, op: &OperationRef<'_, '_>) -> Result<Vec<mc_ir::Type>, Diagnostic> {
        let types: Vec<_> = op.results().map(|r| r.r#type()).collect();
        let mut types = types.into_iter().map(|t| self.ty(op, t)).collect::<Result<Vec<_>, _>>()?;
        if let Ok(quant) = op.attribute(carried::QUANT) {
            let count = types.len();
            let [ty] = types.as_mut_slice() else {
                return Err(self.error(op, format!("has '{}' but {count} results", carried::QUANT)));
            };
            *ty = self.quantized(op, *ty, quant)?;
        }
        Ok(types)
    }

    /// The buffer or tensor type `ty` of storage integers with the element type `quant` names.
    fn quantized(
        &mut self,
        op: &OperationRef<'_, '_>,
        ty: mc_ir::Type,
        quant: MlirAttribute<'_>,
    ) -> Result<mc_ir::Type, Diagnostic> {
        let element = import_quant_attr(self.ctx, quant).map_err(|e| self.error(op, e))?;
        with_quantized_element(self.ctx, ty, element).map_err(|e| self.error(op, e))
    }

    /// The attributes of `op` in mc form, but `mc.quant` (in the result types) and those named in
    /// `skip`; those at an upstream default are dropped.
    fn attributes_but(
        &mut self,
        op: &OperationRef<'_, '_>,
        skip: &[&str],
    ) -> Result<Vec<(String, Attribute)>, Diagnostic> {
        let mut out = Vec::new();
        for (name, attr) in op.attributes() {
            let name = name.as_string_ref().as_str().unwrap_or_default().to_string();
            if name == "nontemporal" && BoolAttribute::try_from(attr).is_ok_and(|b| !b.value()) {
                continue;
            }
            if name == carried::QUANT || skip.contains(&name.as_str()) {
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
        self.order_resources()?;
        let block = out.body(self.ctx);
        for op in block_ops(body) {
            match op_name(&op).as_str() {
                "func.func" => self.function(&op, block)?,
                "memref.global" => self.global(&op, block)?,
                _ => return Err(self.unsupported(&op)),
            }
        }
        Ok(())
    }

    /// `func.func`, its signature's quantized buffers taken from the `mc.quant` entries of its
    /// `arg_attrs` / `res_attrs`.
    fn function(&mut self, op: &OperationRef<'_, '_>, block: BlockId) -> Result<(), Diagnostic> {
        let signature = TypeAttribute::try_from(self.attr(op, "function_type")?).map(|t| t.value());
        let signature = signature.ok().and_then(|t| FunctionType::try_from(t).ok());
        let signature = signature.ok_or_else(|| self.error(op, "'function_type' is not a function type"))?;
        let inputs = (0..signature.input_count()).filter_map(|i| signature.input(i).ok()).collect();
        let results = (0..signature.result_count()).filter_map(|i| signature.result(i).ok()).collect();
        let mut state = self.state("func.func");
        state.attrs = self.attributes_but(op, &["function_type", "arg_attrs", "res_attrs"])?;
        let (inputs, arg_attrs) = self.signature_side(op, "arg_attrs", inputs)?;
        let (results, res_attrs) = self.signature_side(op, "res_attrs", results)?;
        let function_type = self.ctx.function_type(inputs.clone(), results);
        state.attrs.push(("function_type".to_string(), self.ctx.type_attr(function_type)));
        state.attrs.extend(arg_attrs.map(|a| ("arg_attrs".to_string(), a)));
        state.attrs.extend(res_attrs.map(|a| ("res_attrs".to_string(), a)));
        state.regions = vec![self.import_region(op, 0, Some(&inputs))?];
        self.create(op, block, state);
        Ok(())
    }

    /// The mc types of one side of a signature (`upstream`, whose per-position dictionaries are
    /// the attribute `key`), quantized by their `mc.quant` entries, and the dictionaries without
    /// them (`None` when there were none, or only `mc.quant` entries).
    fn signature_side(
        &mut self,
        op: &OperationRef<'_, '_>,
        key: &str,
        upstream: Vec<melior::ir::Type<'_>>,
    ) -> Result<(Vec<mc_ir::Type>, Option<Attribute>), Diagnostic> {
        let dictionaries = match op.attribute(key) {
            Ok(attr) => Some(ArrayAttribute::try_from(attr).map_err(|e| self.error(op, e))?),
            Err(_) => None,
        };
        let mut types = Vec::with_capacity(upstream.len());
        let mut kept = Vec::with_capacity(upstream.len());
        let mut keep_any = false;
        for (index, ty) in upstream.into_iter().enumerate() {
            let mut ty = self.ty(op, ty)?;
            let mut entries = Vec::new();
            let dictionary = dictionaries.as_ref().and_then(|d| d.element(index).ok());
            let dictionary =
                dictionary.map(DictionaryAttribute::try_from).transpose().map_err(|e| self.error(op, e))?;
            for entry in dictionary.iter().flat_map(|d| (0..d.len()).filter_map(|i| d.element(i).ok())) {
                let (name, value) = entry;
                let name = name.as_string_ref().as_str().unwrap_or_default().to_string();
                if name == carried::QUANT {
                    ty = self.quantized(op, ty, value)?;
                    continue;
                }
                keep_any = true;
                if let Some(value) = import_attr(self.ctx, &name, value).map_err(|e| self.error(op, e))? {
                    entries.push((name, value));
                }
            }
            types.push(ty);
            kept.push(self.ctx.dictionary_attr(entries));
        }
        Ok((types, keep_any.then(|| self.ctx.array_attr(kept))))
    }

    /// A constant `memref.global` as a `buffer.global`, a writable one of `i8` bytes as a
    /// `buffer.pool` (with a `buffer.stage` after it for each entry of its `mc.stages`).
    fn global(&mut self, op: &OperationRef<'_, '_>, block: BlockId) -> Result<(), Diagnostic> {
        let name = self.string_attr(op, "sym_name")?;
        let memref = TypeAttribute::try_from(self.attr(op, "type")?).map_err(|e| self.error(op, e))?.value();
        let mut ty = self.ty(op, memref)?;
        let alignment = op
            .attribute("alignment")
            .ok()
            .and_then(|a| IntegerAttribute::try_from(a).ok())
            .map(|a| a.signed_value() as u64)
            .unwrap_or(mc_dialects::buffer::DEFAULT_ALIGNMENT);
        let initial = op.attribute("initial_value").ok();
        let loc = self.loc(op);
        if op.has_attribute("constant") {
            let quant = op.attribute(carried::QUANT).ok();
            if let Some(quant) = quant {
                ty = self.quantized(op, ty, quant)?;
            }
            let data_quant = quant.filter(|_| !op.has_attribute(carried::STORAGE_DATA));
            let value = match initial {
                Some(data) if is_dense_resource(data) => self.dense_resource(op, data, data_quant)?,
                Some(data) => match DenseElementsAttribute::try_from(data) {
                    Ok(data) => {
                        let value = self.dense(op, data, data_quant)?;
                        if op.has_attribute(carried::NOT_SPLAT) { self.unsplat(value) } else { value }
                    }
                    Err(_) => return Err(self.error(op, "is a constant without dense data")),
                },
                None => return Err(self.error(op, "is a constant without dense data")),
            };
            let global = GlobalOp::build(self.ctx, loc, &name, ty, value);
            if alignment != mc_dialects::buffer::DEFAULT_ALIGNMENT {
                let i64_type = self.ctx.integer_type(64);
                let attr = self.ctx.integer_attr(i128::from(alignment), i64_type);
                self.ctx.set_attr(global.0, "alignment", Some(attr));
            }
            self.ctx.insert_op(global.0, InsertPoint::end(block));
            return Ok(());
        }
        let bytes = self.ctx.buffer(ty).filter(|b| b.rank() == 1 && b.is_identity_layout());
        let is_bytes = bytes.is_some_and(|b| self.ctx.integer_width(b.element) == Some(8));
        let size = bytes.map(|b| b.shape[0] as u64).unwrap_or(0);
        if !is_bytes {
            return Err(self.error(op, "is writable but not a 1-D memref of i8 bytes (mc's pools)"));
        }
        let initial = initial.filter(|a| !a.is_unit());
        let zeroed = initial.and_then(|a| DenseElementsAttribute::try_from(a).ok()).is_some_and(|data| {
            // SAFETY: the raw data of a non-empty splat holds its element's byte (MLIR's verifier
            // checked the data is typed as the `i8` memref).
            size > 0
                && unsafe {
                    let raw = MlirAttribute::from(data).to_raw();
                    mlir_sys::mlirDenseElementsAttrIsSplat(raw)
                        && *mlir_sys::mlirDenseElementsAttrGetRawData(raw).cast::<u8>() == 0
                }
        });
        let role = match op.attribute(carried::ROLE).ok().and_then(|a| StringAttribute::try_from(a).ok()) {
            Some(role) => Role::parse(role.value())
                .ok_or_else(|| self.error(op, format!("has an unknown {} \"{}\"", carried::ROLE, role.value())))?,
            None if zeroed => Role::Persistent,
            None => Role::Scratch,
        };
        let expected = match role {
            Role::Scratch => initial.is_none(),
            Role::Persistent => zeroed,
            // The staged constants' bytes, which `mc.stages` says how to fill.
            Role::Constant => true,
        };
        if !expected {
            return Err(self.error(
                op,
                format!(
                    "is a {} pool with initial data mc's pools do not start with (scratch: none, persistent: zeros; \
                     a constant pool says so in '{}')",
                    role.as_str(),
                    carried::ROLE
                ),
            ));
        }
        let bank = op.attribute(carried::BANK).ok().and_then(|a| StringAttribute::try_from(a).ok());
        let bank = bank.map_or("sram", |b| b.value());
        self.pools.insert(name.clone(), size);
        let pool = PoolOp::build(self.ctx, loc, &name, bank, role, size, alignment).0;
        self.ctx.insert_op(pool, InsertPoint::end(block));
        for (global, offset) in self.stages(op)? {
            let stage = StageOp::build(self.ctx, loc, &global, &name, offset).op();
            self.ctx.insert_op(stage, InsertPoint::end(block));
        }
        Ok(())
    }

    /// Adds the blobs that the module's `mc.resources` lists to the context first, in that order.
    fn order_resources(&mut self) -> Result<(), Diagnostic> {
        let module = self.module.as_operation();
        let Ok(order) = module.attribute(carried::RESOURCES) else { return Ok(()) };
        let keys = ArrayAttribute::try_from(order).ok().and_then(|keys| {
            (0..keys.len())
                .map(|i| {
                    keys.element(i).ok().and_then(|k| StringAttribute::try_from(k).ok()).map(|k| k.value().to_string())
                })
                .collect::<Option<Vec<_>>>()
        });
        let Some(keys) = keys else {
            return Err(self.error(&module, format!("has '{}' = {order}, not an array of strings", carried::RESOURCES)));
        };
        for key in keys {
            if let Some(blob) = self.blobs()?.get(&key).cloned() {
                insert_blob(self.ctx, &key, &blob);
            }
        }
        Ok(())
    }

    /// The blobs of the upstream module's resource section, read from MLIR's printing of it
    /// the first time they are needed.
    fn blobs(&mut self) -> Result<&ResourceTable, Diagnostic> {
        if self.blobs.is_none() {
            let module = self.module.as_operation();
            let blobs = printed_blobs(&module.to_string()).map_err(|e| self.error(&module, e))?;
            self.blobs = Some(blobs);
        }
        Ok(self.blobs.get_or_insert_default())
    }

    /// The `(global, offset)` entries of the pool global `op`'s `mc.stages`.
    fn stages(&mut self, op: &OperationRef<'_, '_>) -> Result<Vec<(String, u64)>, Diagnostic> {
        let Ok(attr) = op.attribute(carried::STAGES) else { return Ok(Vec::new()) };
        let malformed = |this: &mut Self| {
            this.error(op, format!("has '{}' = {attr}, not [{{global = @g, offset = n : i64}}, ...]", carried::STAGES))
        };
        let Ok(entries) = ArrayAttribute::try_from(attr) else { return Err(malformed(self)) };
        let mut stages = Vec::with_capacity(entries.len());
        for index in 0..entries.len() {
            let entry = entries.element(index).ok().and_then(|e| DictionaryAttribute::try_from(e).ok());
            let global =
                entry.and_then(|e| e.element_by_name("global")).and_then(|g| FlatSymbolRefAttribute::try_from(g).ok());
            let offset =
                entry.and_then(|e| e.element_by_name("offset")).and_then(|o| IntegerAttribute::try_from(o).ok());
            match (global, offset) {
                (Some(global), Some(offset)) if offset.signed_value() >= 0 => {
                    stages.push((global.value().to_string(), offset.signed_value() as u64))
                }
                _ => return Err(malformed(self)),
            }
        }
        Ok(stages)
    }

    /// An upstream `dense_resource` as mc's, its blob (read from MLIR's printing of the module)
    /// added to the context's resources; its elements are `quant` when given.
    fn dense_resource(
        &mut self,
        op: &OperationRef<'_, '_>,
        data: MlirAttribute<'_>,
        quant: Option<MlirAttribute<'_>>,
    ) -> Result<Attribute, Diagnostic> {
        let key = resource_key(data).ok_or_else(|| self.error(op, format!("has a resource MLIR printed as {data}")))?;
        let blob = self.blobs()?.get(&key).cloned();
        let blob = blob.ok_or_else(|| {
            self.error(op, format!("its data, resource blob '{key}', is not in the input's dialect_resources"))
        })?;
        let name = insert_blob(self.ctx, &key, &blob);
        let ty = self.data_type(op, data, quant)?;
        Ok(self.ctx.intern_attr(AttrKind::DenseResource { name, ty }))
    }

    /// `value` (dense elements) with a splat spelled out element by element.
    fn unsplat(&mut self, value: Attribute) -> Attribute {
        let AttrKind::DenseElements { ty, splat: true, data } = self.ctx.attr_kind(value).clone() else { return value };
        let count = self.ctx.tensor_parts(ty).map_or(1, |(shape, _)| shape.iter().product::<i64>().max(0) as usize);
        self.ctx.intern_attr(AttrKind::DenseElements { ty, splat: false, data: data.repeat(count) })
    }

    /// The mc tensor type of the data `data`, quantized by `quant` when given.
    fn data_type(
        &mut self,
        op: &OperationRef<'_, '_>,
        data: MlirAttribute<'_>,
        quant: Option<MlirAttribute<'_>>,
    ) -> Result<mc_ir::Type, Diagnostic> {
        let tensor = RankedTensorType::try_from(data.r#type()).map_err(|e| self.error(op, e))?;
        let element = self.ty(op, tensor.element())?;
        let ty = self.ctx.tensor_type(static_shape(&tensor), element);
        match quant {
            Some(quant) => self.quantized(op, ty, quant),
            None => Ok(ty),
        }
    }

    /// Dense elements as mc's `dense<...>` attribute of the same tensor type (its elements
    /// `quant` when given) and bytes.
    fn dense(
        &mut self,
        op: &OperationRef<'_, '_>,
        data: DenseElementsAttribute<'_>,
        quant: Option<MlirAttribute<'_>>,
    ) -> Result<Attribute, Diagnostic> {
        let attr: MlirAttribute<'_> = data.into();
        let tensor = RankedTensorType::try_from(attr.r#type()).map_err(|e| self.error(op, e))?;
        let element = self.ty(op, tensor.element())?;
        let shape = static_shape(&tensor);
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
        let ty = self.data_type(op, attr, quant)?;
        Ok(self.ctx.intern_attr(AttrKind::DenseElements { ty, splat, data: bytes }))
    }

    /// Erases the helpers that translations left without uses: flat pool views a marked cast
    /// replaced, then the constants that gave pool views their offsets.
    fn erase_unused_helpers(&mut self) {
        let views = std::mem::take(&mut self.flat_pool_views);
        let offsets = std::mem::take(&mut self.view_offsets).into_iter().filter_map(|v| self.ctx.defining_op(v));
        for op in views.into_iter().chain(offsets.collect::<Vec<_>>()) {
            if self.ctx.is_live(op) && !self.ctx.op_has_uses(op) {
                self.ctx.erase_op(op);
            }
        }
    }

    /// The `index`-th region of `op` as a detached mc region; `entry_types`, when given, are the
    /// types of its entry block's arguments (a function's, quantized by its signature).
    fn import_region(
        &mut self,
        op: &OperationRef<'_, '_>,
        index: usize,
        entry_types: Option<&[mc_ir::Type]>,
    ) -> Result<RegionId, Diagnostic> {
        let region = op.region(index).map_err(|e| self.error(op, e))?;
        let out = self.ctx.create_region();
        for (position, block) in region_blocks(region).into_iter().enumerate() {
            let mut args = Vec::with_capacity(block.argument_count());
            for i in 0..block.argument_count() {
                let arg = block.argument(i).map_err(|e| self.error(op, e))?;
                let given = entry_types.filter(|_| position == 0).and_then(|types| types.get(i).copied());
                let ty = match given {
                    Some(ty) => ty,
                    None => self.ty(op, arg.r#type())?,
                };
                let loc = import_loc(self.ctx, arg.location(), self.file);
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
            "memref.reinterpret_cast" | "memref.subview" => return self.strided_view(op, block),
            "memref.alloca" | "memref.alloc" => return self.alloc(op, block),
            "builtin.unrealized_conversion_cast" => return self.overlap(op, block),
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
        state.attrs = self.attributes_but(op, &[])?;
        state.regions = (0..op.region_count()).map(|i| self.import_region(op, i, None)).collect::<Result<_, _>>()?;
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

    /// `memref.reinterpret_cast` or `memref.subview` with static offsets, sizes and strides: a
    /// `buffer.view` (the result type holds the layout; a rank-reducing subview's too), or, for a
    /// cast marked `mc.pool_view`, the pool view it casts with this layout.
    fn strided_view(&mut self, op: &OperationRef<'_, '_>, block: BlockId) -> Result<(), Diagnostic> {
        let operands = self.operands(op)?;
        let [source] = operands.as_slice() else {
            return Err(self.error(op, "with dynamic offsets, sizes or strides cannot be represented in mc"));
        };
        let ty = self.result_type(op)?;
        let loc = self.loc(op);
        let result = if op.has_attribute(carried::POOL_VIEW) {
            let flat = self.ctx.defining_op(*source).and_then(|o| PoolViewOp::cast(self.ctx, o));
            let Some(flat) = flat.filter(|_| op_name(op) == "memref.reinterpret_cast") else {
                return Err(self.error(op, format!("has '{}' but does not cast a pool view", carried::POOL_VIEW)));
            };
            let (pool, offset) =
                (flat.pool_name(self.ctx).unwrap_or_default().to_string(), flat.offset_bytes(self.ctx));
            self.flat_pool_views.push(flat.0);
            let mut builder = mc_ir::Builder::at(self.ctx, InsertPoint::end(block), loc);
            PoolViewOp::build(&mut builder, &pool, offset, ty).0.result(0)
        } else {
            let source_offset = self.ctx.buffer(self.ctx.value_type(*source)).map_or(0, |b| b.offset);
            let result_offset = self.ctx.buffer(ty).map_or(0, |b| b.offset);
            let mut builder = mc_ir::Builder::at(self.ctx, InsertPoint::end(block), loc);
            ViewOp::build(&mut builder, *source, ty, result_offset - source_offset).0.result(0)
        };
        let upstream = op.result(0).map_err(|e| self.error(op, e))?;
        self.values.insert(upstream.to_raw().ptr, result);
        Ok(())
    }

    /// A `builtin.unrealized_conversion_cast %output, %input : ... to none {mc.overlap = d}` (or
    /// `mc.overlap_min`) without uses: the planning hint `buffer.overlap` (no other cast has an
    /// mc counterpart).
    fn overlap(&mut self, op: &OperationRef<'_, '_>, block: BlockId) -> Result<(), Diagnostic> {
        // SAFETY: a query on live values.
        let unused =
            op.results().all(|r| unsafe { mlir_sys::mlirOpOperandIsNull(mlir_sys::mlirValueGetFirstUse(r.to_raw())) });
        let delta = |name| op.attribute(name).ok().and_then(|d| IntegerAttribute::try_from(d).ok());
        let bound = match (delta(carried::OVERLAP), delta(carried::OVERLAP_MIN)) {
            (Some(max), None) => Some(DeltaBound::AtMost(max.signed_value())),
            (None, Some(min)) => Some(DeltaBound::AtLeast(min.signed_value())),
            _ => None,
        };
        let (Some(bound), 2, 1, true) = (bound, op.operand_count(), op.result_count(), unused) else {
            return Err(self.error(
                op,
                format!(
                    "cannot be represented in mc's loop dialect (only an unused '{}' hint of two buffers)",
                    carried::OVERLAP
                ),
            ));
        };
        let operands = self.operands(op)?;
        let loc = self.loc(op);
        let mut builder = mc_ir::Builder::at(self.ctx, InsertPoint::end(block), loc);
        OverlapOp::build(&mut builder, operands[0], operands[1], bound);
        Ok(())
    }

    /// A static `memref.alloca` / `memref.alloc`: a `buffer.alloc` of the role in `mc.role`
    /// (scratch without it), the variable in `mc.name` and the writing kernel in `mc.kernel`.
    fn alloc(&mut self, op: &OperationRef<'_, '_>, block: BlockId) -> Result<(), Diagnostic> {
        if op.operand_count() != 0 {
            return Err(self.error(op, "with dynamic sizes cannot be represented in mc"));
        }
        let ty = self.result_type(op)?;
        let role = match op.attribute(carried::ROLE) {
            Ok(role) => StringAttribute::try_from(role)
                .ok()
                .and_then(|r| Role::parse(r.value()))
                .filter(|&r| r != Role::Constant)
                .ok_or_else(|| {
                    self.error(op, format!("has '{}' = {role}, not \"scratch\" or \"persistent\"", carried::ROLE))
                })?,
            Err(_) => Role::Scratch,
        };
        let mut state = self.state("buffer.alloc");
        state.result_types = vec![ty];
        state.attrs = vec![("role".to_string(), role.attr(self.ctx))];
        if let Ok(alignment) = op.attribute("alignment").and_then(IntegerAttribute::try_from)
            && alignment.signed_value() as u64 != mc_dialects::buffer::DEFAULT_ALIGNMENT
        {
            let i64_type = self.ctx.integer_type(64);
            let attr = self.ctx.integer_attr(i128::from(alignment.signed_value()), i64_type);
            state.attrs.push(("alignment".to_string(), attr));
        }
        for (carrier, attribute) in [(carried::NAME, "name"), (carried::KERNEL, "kernel")] {
            if let Ok(value) = op.attribute(carrier) {
                let value = StringAttribute::try_from(value).map_err(|e| self.error(op, e))?.value().to_string();
                state.attrs.push((attribute.to_string(), self.ctx.string_attr(&value)));
            }
        }
        self.create(op, block, state);
        Ok(())
    }
}
