//! Export: mc's loop-level module as upstream `func`/`arith`/`math`/`scf`/`memref` IR, built
//! with melior's operation builders and checked by MLIR's verifier before it is returned.
//!
//! Sketch (a planned pool view and a loop):
//!
//! ```text
//! buffer.pool @sram {bank = "sram", role = "scratch", size = 64 : i64}
//! %v = buffer.pool_view @sram {offset = 16 : i64} : !buffer<4xi32>
//! loop.for %i = %c0 to %c4 step %c1 { %x = loop.load %v[%i] : !buffer<4xi32> ... }
//! ```
//! becomes
//! ```text
//! memref.global "private" @sram : memref<64xi8> = uninitialized {alignment = 16 : i64, mc.bank = "sram", mc.role = "scratch"}
//! %g = memref.get_global @sram : memref<64xi8>
//! %o = arith.constant 16 : index
//! %v = memref.view %g[%o][] : memref<64xi8> to memref<4xi32>
//! scf.for %i = %c0 to %c4 step %c1 { %x = memref.load %v[%i] : memref<4xi32> ... }
//! ```

use crate::attributes::{dense_bytes, export_attr, export_named};
use crate::carried;
use crate::locations::export_loc;
use crate::quant::export_quant_attr;
use crate::resources::export_dense_resource;
use crate::session::Session;
use crate::types::{export_tensor_type, export_type};
use mc_dialects::buffer::{AllocOp, DeltaBound, GlobalOp, OverlapOp, PoolOp, PoolViewOp, Role, StageOp, ViewOp};
use mc_ir::builtin::ModuleOp;
use mc_ir::{AttrKind, BlockId, Context, Diagnostic, OpId, RegionId, Type, Value};
use melior::Context as MlirContext;
use melior::ir::RegionLike;
use melior::ir::attribute::{
    ArrayAttribute, DenseI32ArrayAttribute, DenseI64ArrayAttribute, DictionaryAttribute, FlatSymbolRefAttribute,
    IntegerAttribute, StringAttribute, TypeAttribute,
};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationBuilder, OperationLike, OperationMutLike, OperationPrintingFlags};
use melior::ir::r#type::{IntegerType, MemRefType};
use melior::ir::{
    Attribute as MlirAttribute, Block, Identifier, Location as MlirLocation, Module, Operation, Region,
    Type as MlirType, Value as MlirValue, ValueLike,
};
use std::collections::HashMap;

/// Translates the mc `module` (loop level, planned or not) into an upstream MLIR module in
/// `session`, verified by MLIR.
///
/// # Errors
///
/// A diagnostic at the mc op that has no upstream counterpart, or whose translation MLIR's
/// verifier rejects (with MLIR's messages): the module is never returned then.
pub fn export_module<'c>(ctx: &Context, module: ModuleOp, session: &'c Session) -> Result<Module<'c>, Diagnostic> {
    let mlir = session.context();
    let mut out = Module::new(export_loc(ctx, mlir, ctx.operation(module.op()).loc()));
    let pool_sizes = module
        .ops(ctx)
        .into_iter()
        .filter_map(|op| PoolOp::cast(ctx, op))
        .map(|pool| (pool.name(ctx).to_string(), pool.size_bytes(ctx) as i64))
        .collect();
    let mut stages: HashMap<String, Vec<StageOp>> = HashMap::new();
    for stage in module.ops(ctx).into_iter().filter_map(|op| StageOp::cast(ctx, op)) {
        stages.entry(stage.pool_name(ctx).unwrap_or_default().to_string()).or_default().push(stage);
    }
    let globals = module
        .ops(ctx)
        .into_iter()
        .filter_map(|op| GlobalOp::cast(ctx, op))
        .map(|global| (global.name(ctx).to_string(), global))
        .collect();
    let mut exporter = Exporter { ctx, mlir, values: HashMap::new(), origins: Vec::new(), pool_sizes, stages, globals };
    let body = out.body();
    for op in module.ops(ctx) {
        exporter.export_top_level(op, &body)?;
    }
    let referenced = mc_ir::printer::referenced_resources(ctx, module.op());
    let order: Vec<MlirAttribute<'c>> = ctx
        .resources
        .iter()
        .filter(|(name, _)| referenced.contains(*name))
        .map(|(name, _)| StringAttribute::new(mlir, name).into())
        .collect();
    if order.len() > 1 {
        out.as_operation_mut().set_discardable_attribute(carried::RESOURCES, ArrayAttribute::new(mlir, &order).into());
    }
    session.take_diagnostics();
    if out.as_operation().verify() {
        return Ok(out);
    }
    Err(exporter.verifier_error(session, module.op()))
}

/// The upstream text of an exported module, printed by MLIR as `options` say (generic form,
/// locations), with its resource blobs.
///
/// # Errors
///
/// MLIR's message should it fail to print.
pub fn to_text(module: &Module<'_>, options: mc_ir::printer::PrintOptions) -> Result<String, String> {
    let mut flags = OperationPrintingFlags::new().enable_debug_info(options.debug_info, false);
    if options.generic {
        flags = flags.print_generic_operation_form();
    }
    module.as_operation().to_string_with_flags(flags).map_err(|e| e.to_string())
}

/// MLIR's pending messages, joined.
fn messages(session: &Session) -> String {
    session.take_diagnostics().into_iter().map(|r| r.message).collect::<Vec<_>>().join("; ")
}

/// The state of one export: the upstream value of each mc value, the mc op each upstream op came
/// from (in creation order: nested ops before the op holding them), the pools' sizes and stages,
/// and the globals.
struct Exporter<'a, 'c> {
    ctx: &'a Context,
    mlir: &'c MlirContext,
    values: HashMap<Value, mlir_sys::MlirValue>,
    origins: Vec<(mlir_sys::MlirOperation, OpId)>,
    /// The size in bytes of each `buffer.pool`, by name.
    pool_sizes: HashMap<String, i64>,
    /// The `buffer.stage`s into each pool, by the pool's name, in module order.
    stages: HashMap<String, Vec<StageOp>>,
    /// The `buffer.global`s, by name.
    globals: HashMap<String, GlobalOp>,
}

impl<'a, 'c> Exporter<'a, 'c> {
    fn error(&self, op: OpId, message: impl std::fmt::Display) -> Diagnostic {
        self.ctx.op_error(op, format!("cannot be exported to upstream MLIR: {message}"))
    }

    fn loc(&self, op: OpId) -> MlirLocation<'c> {
        export_loc(self.ctx, self.mlir, self.ctx.operation(op).loc())
    }

    fn ty(&self, op: OpId, ty: Type) -> Result<MlirType<'c>, Diagnostic> {
        export_type(self.ctx, self.mlir, ty).map_err(|e| self.error(op, e))
    }

    fn value(&self, op: OpId, value: Value) -> Result<MlirValue<'c, '_>, Diagnostic> {
        let raw = self.values.get(&value).ok_or_else(|| self.error(op, "an operand is defined by no exported op"))?;
        // SAFETY: the raw value was taken from an op or block of the module being built, which
        // lives as long as the export.
        Ok(unsafe { MlirValue::from_raw(*raw) })
    }

    fn operands(&self, op: OpId) -> Result<Vec<MlirValue<'c, '_>>, Diagnostic> {
        self.ctx.operation(op).operands().map(|v| self.value(op, v)).collect()
    }

    fn result_types(&self, op: OpId) -> Result<Vec<MlirType<'c>>, Diagnostic> {
        self.ctx.operation(op).result_types().map(|t| self.ty(op, t)).collect()
    }

    /// Every attribute of `op` (properties and discardable ones) in upstream form.
    fn attributes(&self, op: OpId) -> Result<Vec<(Identifier<'c>, MlirAttribute<'c>)>, Diagnostic> {
        let operation = self.ctx.operation(op);
        let mut named = Vec::new();
        for dict in operation.properties().into_iter().chain([operation.attr_dict()]) {
            for (name, attr) in self.ctx.dictionary_entries(dict) {
                named.extend(export_named(self.ctx, self.mlir, name, *attr).map_err(|e| self.error(op, e))?);
            }
        }
        Ok(named)
    }

    fn named(&self, name: &str, attr: impl Into<MlirAttribute<'c>>) -> (Identifier<'c>, MlirAttribute<'c>) {
        (Identifier::new(self.mlir, name), attr.into())
    }

    fn i64_attr(&self, value: i64) -> MlirAttribute<'c> {
        IntegerAttribute::new(IntegerType::new(self.mlir, 64).into(), value).into()
    }

    /// The `mc.quant` attribute for the value of type `ty`, if its elements are quantized.
    fn quant(&self, op: OpId, ty: Type) -> Result<Option<MlirAttribute<'c>>, Diagnostic> {
        export_quant_attr(self.ctx, self.mlir, ty).map_err(|e| self.error(op, e))
    }

    /// Appends `built` to `block`, maps the results of `op` to its results (a quantized buffer
    /// result carried as `mc.quant`) and remembers where it came from.
    fn append(
        &mut self,
        op: OpId,
        block: &Block<'c>,
        built: Result<Operation<'c>, melior::Error>,
    ) -> Result<(), Diagnostic> {
        let mut built = built.map_err(|e| self.error(op, e))?;
        let result_types: Vec<Type> = self.ctx.operation(op).result_types().collect();
        for &ty in &result_types {
            if let Some(quant) = self.quant(op, ty)? {
                if result_types.len() != 1 {
                    return Err(self.error(op, "a quantized buffer is carried upstream only as an op's single result"));
                }
                built.set_discardable_attribute(carried::QUANT, quant);
            }
        }
        let appended = block.append_operation(built);
        for (index, value) in self.ctx.results(op).into_iter().enumerate() {
            let result = appended.result(index).map_err(|e| self.error(op, e))?;
            self.values.insert(value, result.to_raw());
        }
        self.origins.push((appended.to_raw(), op));
        Ok(())
    }

    /// Appends an op without an mc counterpart (a helper of `op`'s translation) and returns its
    /// single result.
    fn append_helper(
        &mut self,
        op: OpId,
        block: &Block<'c>,
        built: Result<Operation<'c>, melior::Error>,
    ) -> Result<mlir_sys::MlirValue, Diagnostic> {
        let built = built.map_err(|e| self.error(op, e))?;
        let appended = block.append_operation(built);
        self.origins.push((appended.to_raw(), op));
        Ok(appended.result(0).map_err(|e| self.error(op, e))?.to_raw())
    }

    fn export_top_level(&mut self, op: OpId, block: &Block<'c>) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let loc = self.loc(op);
        let built = match ctx.op_name_of(op) {
            "func.func" => {
                let body = *ctx.operation(op).regions().first().ok_or_else(|| self.error(op, "has no body region"))?;
                let region = self.export_region(op, body)?;
                let mut attributes = self.attributes(op)?;
                self.signature_attributes(op, &mut attributes)?;
                OperationBuilder::new("func.func", loc).add_attributes(&attributes).add_regions([region]).build()
            }
            "buffer.global" => self.global(op, loc)?,
            "buffer.pool" => self.pool(op, loc)?,
            // Carried by its pool's `mc.stages`.
            "buffer.stage" => return self.check_stage(op),
            name => return Err(self.error(op, format!("'{name}' is not a loop-level module op"))),
        };
        self.append(op, block, built)
    }

    /// `buffer.global` as a private constant `memref.global`: its data as dense elements, or as a
    /// `dense_resource` blob of the same key; a quantized element type as `mc.quant`.
    fn global(&self, op: OpId, loc: MlirLocation<'c>) -> Result<Result<Operation<'c>, melior::Error>, Diagnostic> {
        let ctx = self.ctx;
        let global = GlobalOp(op);
        let ty = global.buffer_type(ctx);
        let memref = self.ty(op, ty)?;
        let data = global.data(ctx).map_err(|e| self.error(op, e))?;
        let storage = MemRefType::try_from(memref).map_err(|e| self.error(op, e))?;
        let shape = ctx.buffer_parts(ty).map(|(s, _)| s.to_vec()).unwrap_or_default();
        let tensor = export_tensor_type(melior::ir::r#type::ShapedTypeLike::element(&storage), &shape);
        let value = global.value(ctx);
        let initial = match ctx.attr_kind(value) {
            AttrKind::DenseResource { name, .. } => {
                let alignment = ctx.resources.get(name).map_or(1, |blob| blob.alignment);
                export_dense_resource(tensor, name, &data, alignment).map_err(|e| self.error(op, e))?
            }
            _ => dense_bytes(tensor, &data),
        };
        let mut attrs = vec![
            self.named("sym_name", StringAttribute::new(self.mlir, global.name(ctx))),
            self.named("sym_visibility", StringAttribute::new(self.mlir, "private")),
            self.named("type", TypeAttribute::new(memref)),
            self.named("initial_value", initial),
            self.named("constant", MlirAttribute::unit(self.mlir)),
            self.named("alignment", self.i64_attr(global.alignment_value(ctx) as i64)),
        ];
        if let AttrKind::DenseElements { splat: false, data: elements, .. } = ctx.attr_kind(value)
            && let Some(size) = ctx.buffer_element_bytes(ty).filter(|&size| size > 0 && elements.len() as u64 >= size)
            && elements.chunks(size as usize).all(|element| element == &elements[..size as usize])
        {
            attrs.push(self.named(carried::NOT_SPLAT, MlirAttribute::unit(self.mlir)));
        }
        if let Some(quant) = self.quant(op, ty)? {
            attrs.push(self.named(carried::QUANT, quant));
            let data_quantized = ctx.attr_type(value).is_some_and(|t| ctx.quantization(t).is_some());
            if !data_quantized {
                attrs.push(self.named(carried::STORAGE_DATA, MlirAttribute::unit(self.mlir)));
            }
        }
        Ok(OperationBuilder::new("memref.global", loc).add_attributes(&attrs).build())
    }

    /// `buffer.pool` as a private writable `memref.global` of its bytes: uninitialized for
    /// scratch, zeroed for persistent state, the staged constants for a constant pool (listed in
    /// `mc.stages`); bank and role kept as `mc.bank` / `mc.role`.
    fn pool(&self, op: OpId, loc: MlirLocation<'c>) -> Result<Result<Operation<'c>, melior::Error>, Diagnostic> {
        let pool = PoolOp(op);
        let size = pool.size_bytes(self.ctx) as i64;
        let i8_type: MlirType<'c> = IntegerType::new(self.mlir, 8).into();
        let memref = MemRefType::new(i8_type, &[size], None, None);
        let role = pool.role_value(self.ctx).unwrap_or(Role::Scratch);
        let stages = self.stages.get(pool.name(self.ctx)).map(Vec::as_slice).unwrap_or_default();
        let initial = match role {
            Role::Persistent => dense_bytes(export_tensor_type(i8_type, &[size]), &[0]),
            Role::Constant => dense_bytes(export_tensor_type(i8_type, &[size]), &self.staged_bytes(op, stages, size)?),
            Role::Scratch => MlirAttribute::unit(self.mlir),
        };
        let mut attrs = vec![
            self.named("sym_name", StringAttribute::new(self.mlir, pool.name(self.ctx))),
            self.named("sym_visibility", StringAttribute::new(self.mlir, "private")),
            self.named("type", TypeAttribute::new(memref.into())),
            self.named("initial_value", initial),
            self.named("alignment", self.i64_attr(pool.alignment_value(self.ctx) as i64)),
            self.named("mc.bank", StringAttribute::new(self.mlir, pool.bank_name(self.ctx))),
            self.named(
                carried::ROLE,
                export_attr(self.ctx, self.mlir, pool.role(self.ctx)).map_err(|e| self.error(op, e))?,
            ),
        ];
        if !stages.is_empty() {
            let entries: Vec<MlirAttribute<'c>> = stages
                .iter()
                .map(|stage| {
                    let global =
                        FlatSymbolRefAttribute::new(self.mlir, stage.global_name(self.ctx).unwrap_or_default());
                    let offset = self.i64_attr(stage.offset_bytes(self.ctx) as i64);
                    DictionaryAttribute::new(self.mlir, &[self.named("global", global), self.named("offset", offset)])
                        .into()
                })
                .collect();
            attrs.push(self.named(carried::STAGES, ArrayAttribute::new(self.mlir, &entries)));
        }
        Ok(OperationBuilder::new("memref.global", loc).add_attributes(&attrs).build())
    }

    /// The initial bytes of the constant pool `op` of `size` bytes: each staged constant's data at
    /// its offset, zero elsewhere (what initialization leaves there).
    fn staged_bytes(&self, op: OpId, stages: &[StageOp], size: i64) -> Result<Vec<u8>, Diagnostic> {
        let mut bytes = vec![0u8; size.max(0) as usize];
        for &stage in stages {
            let data = self.staged_global(stage)?.data(self.ctx).map_err(|e| self.error(stage.op(), e))?;
            let start = stage.offset_bytes(self.ctx) as usize;
            let slot = start.checked_add(data.len()).and_then(|end| bytes.get_mut(start..end));
            let slot = slot.ok_or_else(|| self.error(stage.op(), "the staged constant does not fit in its pool"))?;
            slot.copy_from_slice(&data);
        }
        if stages.is_empty() && size > 0 {
            return Err(self.error(op, "is a constant pool that no buffer.stage fills"));
        }
        Ok(bytes)
    }

    /// The global a `buffer.stage` copies.
    fn staged_global(&self, stage: StageOp) -> Result<GlobalOp, Diagnostic> {
        let name = stage.global_name(self.ctx).unwrap_or_default();
        self.globals
            .get(name)
            .copied()
            .ok_or_else(|| self.error(stage.op(), format!("global @{name} is not defined in the module")))
    }

    /// A `buffer.stage`, which its pool carries: its global and a pool of its own must exist.
    fn check_stage(&self, op: OpId) -> Result<(), Diagnostic> {
        let stage = StageOp(op);
        self.staged_global(stage)?;
        let pool = stage.pool_name(self.ctx).unwrap_or_default();
        if !self.pool_sizes.contains_key(pool) {
            return Err(self.error(op, format!("pool @{pool} is not defined in the module")));
        }
        Ok(())
    }

    /// Replaces `arg_attrs` and `res_attrs` of the function `op` in `attributes` with the mc ones
    /// plus `mc.quant` for each quantized buffer in its signature.
    fn signature_attributes(
        &self,
        op: OpId,
        attributes: &mut Vec<(Identifier<'c>, MlirAttribute<'c>)>,
    ) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let signature = ctx.attr(op, "function_type").and_then(|a| ctx.type_value(a));
        let (inputs, results) = signature
            .and_then(|ty| ctx.function_signature(ty))
            .ok_or_else(|| self.error(op, "'function_type' is not a function type"))?;
        for (key, types) in [("arg_attrs", inputs), ("res_attrs", results)] {
            let existing = ctx.attr(op, key).map(|a| match ctx.attr_kind(a) {
                AttrKind::Array(dictionaries) => dictionaries.clone(),
                _ => Vec::new(),
            });
            let mut dictionaries = Vec::with_capacity(types.len());
            let mut carried_any = existing.is_some();
            for (index, &ty) in types.iter().enumerate() {
                let mut entries = Vec::new();
                if let Some(&dictionary) = existing.as_ref().and_then(|d| d.get(index)) {
                    for (name, attr) in ctx.dictionary_entries(dictionary) {
                        entries.extend(export_named(ctx, self.mlir, name, *attr).map_err(|e| self.error(op, e))?);
                    }
                }
                if let Some(quant) = self.quant(op, ty)? {
                    entries.push(self.named(carried::QUANT, quant));
                    carried_any = true;
                }
                dictionaries.push(DictionaryAttribute::new(self.mlir, &entries).into());
            }
            attributes.retain(|(name, _)| name.as_string_ref().as_str() != Ok(key));
            if carried_any {
                attributes.push(self.named(key, ArrayAttribute::new(self.mlir, &dictionaries)));
            }
        }
        Ok(())
    }

    /// The region `region` of the mc op `owner`, translated.
    fn export_region(&mut self, owner: OpId, region: RegionId) -> Result<Region<'c>, Diagnostic> {
        let out = Region::new();
        for &block in self.ctx.region_blocks(region) {
            out.append_block(self.export_block(owner, block)?);
        }
        Ok(out)
    }

    fn export_block(&mut self, owner: OpId, block: BlockId) -> Result<Block<'c>, Diagnostic> {
        let ctx = self.ctx;
        let args = ctx.block_args(block);
        let arg_types = args
            .iter()
            .map(|&v| Ok((self.ty(owner, ctx.value_type(v))?, export_loc(ctx, self.mlir, ctx.value_loc(v)))))
            .collect::<Result<Vec<_>, Diagnostic>>()?;
        if ctx.op_name_of(owner) != "func.func" {
            for &value in &args {
                if self.quant(owner, ctx.value_type(value))?.is_some() {
                    return Err(self.error(owner, "a quantized buffer as a block argument has no upstream carrier"));
                }
            }
        }
        let out = Block::new(&arg_types);
        for (index, &value) in args.iter().enumerate() {
            let arg = out.argument(index).map_err(|e| self.error(owner, e))?;
            self.values.insert(value, arg.to_raw());
        }
        for op in ctx.block_ops(block).collect::<Vec<_>>() {
            self.export_op(op, &out)?;
        }
        Ok(out)
    }

    /// Translates one op inside a function.
    fn export_op(&mut self, op: OpId, block: &Block<'c>) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let loc = self.loc(op);
        let name = ctx.op_name_of(op);
        let renamed = match name {
            "loop.yield" => Some("scf.yield"),
            "loop.load" => Some("memref.load"),
            "loop.store" => Some("memref.store"),
            _ => None,
        };
        let built = match name {
            "vector.widening_dot" => return self.widening_dot(op, loc, block),
            "vector.rounding_doubling_high_mul" | "vector.rounding_shift_right" => {
                return Err(self.error(op, "no upstream MLIR counterpart (export the IR before vector-fixed-point)"));
            }
            _ if renamed.is_some() || ["arith", "math", "func", "vector"].contains(&mc_ir::dialect_of(name)) => {
                if !ctx.operation(op).regions().is_empty() {
                    return Err(self.error(op, "ops with regions are only exported at module level"));
                }
                OperationBuilder::new(renamed.unwrap_or(name), loc)
                    .add_operands(&self.operands(op)?)
                    .add_results(&self.result_types(op)?)
                    .add_attributes(&self.attributes(op)?)
                    .build()
            }
            "loop.for" | "loop.if" => {
                let regions = ctx
                    .operation(op)
                    .regions()
                    .to_vec()
                    .into_iter()
                    .map(|r| self.export_region(op, r))
                    .collect::<Result<Vec<_>, _>>()?;
                let upstream = if name == "loop.for" { "scf.for" } else { "scf.if" };
                OperationBuilder::new(upstream, loc)
                    .add_operands(&self.operands(op)?)
                    .add_results(&self.result_types(op)?)
                    .add_regions_vec(regions)
                    .build()
            }
            "buffer.get_global" => {
                let symbol = ctx.attr(op, "name").map(|a| export_attr(ctx, self.mlir, a)).transpose();
                let symbol = symbol.map_err(|e| self.error(op, e))?.ok_or_else(|| self.error(op, "no 'name'"))?;
                OperationBuilder::new("memref.get_global", loc)
                    .add_results(&self.result_types(op)?)
                    .add_attributes(&[self.named("name", symbol)])
                    .build()
            }
            "buffer.view" => {
                let view = ViewOp(op);
                let source = self.value(op, view.source(ctx))?;
                let result = ctx.operation(op).result_type(0);
                self.reinterpret_cast(op, loc, source, result)?
            }
            "buffer.alloc" => {
                let alloc = AllocOp(op);
                let role = export_attr(ctx, self.mlir, alloc.role(ctx)).map_err(|e| self.error(op, e))?;
                let mut attrs = vec![
                    self.named("operandSegmentSizes", DenseI32ArrayAttribute::new(self.mlir, &[0, 0])),
                    self.named("alignment", self.i64_attr(alloc.alignment_value(ctx) as i64)),
                    self.named(carried::ROLE, role),
                ];
                if let Some(name) = alloc.name_value(ctx) {
                    attrs.push(self.named(carried::NAME, StringAttribute::new(self.mlir, name)));
                }
                if let Some(kernel) = alloc.kernel_value(ctx) {
                    attrs.push(self.named(carried::KERNEL, StringAttribute::new(self.mlir, kernel)));
                }
                OperationBuilder::new("memref.alloca", loc)
                    .add_results(&self.result_types(op)?)
                    .add_attributes(&attrs)
                    .build()
            }
            "buffer.pool_view" => return self.pool_view(op, loc, block),
            "buffer.overlap" => {
                let bound = OverlapOp(op).bound(ctx).ok_or_else(|| self.error(op, "has no valid bound"))?;
                let name = match bound {
                    DeltaBound::AtMost(_) => carried::OVERLAP,
                    DeltaBound::AtLeast(_) => carried::OVERLAP_MIN,
                };
                let delta = ctx.attr(op, bound.attribute_name()).ok_or_else(|| self.error(op, "has no bound"))?;
                let delta = export_attr(ctx, self.mlir, delta).map_err(|e| self.error(op, e))?;
                OperationBuilder::new("builtin.unrealized_conversion_cast", loc)
                    .add_operands(&self.operands(op)?)
                    .add_results(&[MlirType::none(self.mlir)])
                    .add_attributes(&[self.named(name, delta)])
                    .build()
            }
            _ => return Err(self.error(op, "no upstream MLIR counterpart")),
        };
        self.append(op, block, built)
    }

    /// `vector.widening_dot a, b, acc` as upstream spells it: `arith.extsi` of both vectors to
    /// the accumulator's width, `arith.muli`, `vector.reduction <add>` into the accumulator.
    fn widening_dot(&mut self, op: OpId, loc: MlirLocation<'c>, block: &Block<'c>) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let operands: Vec<Value> = ctx.operation(op).operands().collect();
        let (lanes, _) = ctx.vector_parts(ctx.value_type(operands[0])).ok_or_else(|| self.error(op, "no vector"))?;
        let acc_type = self.ty(op, ctx.value_type(operands[2]))?;
        let wide = MlirType::vector(&[lanes as u64], acc_type);
        let mut widened = Vec::new();
        for &operand in &operands[..2] {
            let narrow = self.value(op, operand)?;
            let built = OperationBuilder::new("arith.extsi", loc).add_operands(&[narrow]).add_results(&[wide]).build();
            widened.push(self.append_helper(op, block, built)?);
        }
        // SAFETY: the raw values are results of ops just appended to the block being built.
        let [lhs, rhs] = [0, 1].map(|i| unsafe { MlirValue::from_raw(widened[i]) });
        let products = OperationBuilder::new("arith.muli", loc).add_operands(&[lhs, rhs]).add_results(&[wide]).build();
        let products = self.append_helper(op, block, products)?;
        // SAFETY: as above.
        let products = unsafe { MlirValue::from_raw(products) };
        let kind =
            MlirAttribute::parse(self.mlir, "#vector.kind<add>").ok_or_else(|| self.error(op, "no vector kind"))?;
        let acc = self.value(op, operands[2])?;
        let reduction = OperationBuilder::new("vector.reduction", loc)
            .add_operands(&[products, acc])
            .add_results(&[acc_type])
            .add_attributes(&[self.named("kind", kind)])
            .build();
        self.append(op, block, reduction)
    }

    /// `memref.reinterpret_cast` of `source` to the layout of the mc buffer type `result`.
    fn reinterpret_cast(
        &self,
        op: OpId,
        loc: MlirLocation<'c>,
        source: MlirValue<'c, '_>,
        result: Type,
    ) -> Result<Result<Operation<'c>, melior::Error>, Diagnostic> {
        let buffer = self.ctx.buffer(result).ok_or_else(|| self.error(op, "the result is not a buffer"))?;
        let attrs = [
            self.named("operandSegmentSizes", DenseI32ArrayAttribute::new(self.mlir, &[1, 0, 0, 0])),
            self.named("static_offsets", DenseI64ArrayAttribute::new(self.mlir, &[buffer.offset])),
            self.named("static_sizes", DenseI64ArrayAttribute::new(self.mlir, &buffer.shape)),
            self.named("static_strides", DenseI64ArrayAttribute::new(self.mlir, &buffer.strides)),
        ];
        Ok(OperationBuilder::new("memref.reinterpret_cast", loc)
            .add_operands(&[source])
            .add_results(&[self.ty(op, result)?])
            .add_attributes(&attrs)
            .build())
    }

    /// `buffer.pool_view`: the pool's bytes, a `memref.view` at the byte offset (to the buffer
    /// itself when its layout is the identity, else to the elements its layout reaches) and a
    /// `memref.reinterpret_cast` to the layout.
    fn pool_view(&mut self, op: OpId, loc: MlirLocation<'c>, block: &Block<'c>) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let view = PoolViewOp(op);
        let pool = view.pool_name(ctx).ok_or_else(|| self.error(op, "'pool' is not a flat symbol"))?;
        let pool_size = *self
            .pool_sizes
            .get(pool)
            .ok_or_else(|| self.error(op, format!("pool @{pool} is not defined in the module")))?;
        let result = ctx.operation(op).result_type(0);
        let buffer = ctx.buffer(result).ok_or_else(|| self.error(op, "the result is not a buffer"))?.clone();
        let i8_type: MlirType<'c> = IntegerType::new(self.mlir, 8).into();
        let index = MlirType::index(self.mlir);
        let bytes = self.append_helper(
            op,
            block,
            OperationBuilder::new("memref.get_global", loc)
                .add_results(&[MemRefType::new(i8_type, &[pool_size], None, None).into()])
                .add_attributes(&[self.named("name", FlatSymbolRefAttribute::new(self.mlir, pool))])
                .build(),
        )?;
        let offset = self.append_helper(
            op,
            block,
            OperationBuilder::new("arith.constant", loc)
                .add_results(&[index])
                .add_attributes(&[self.named("value", IntegerAttribute::new(index, view.offset_bytes(ctx) as i64))])
                .build(),
        )?;
        let element = self.ty(op, buffer.element)?;
        let flat = if buffer.is_identity_layout() {
            self.ty(op, result)?
        } else {
            MemRefType::new(element, &[buffer.span().end], None, None).into()
        };
        // SAFETY: both values were just appended to `block`.
        let (bytes, offset) = unsafe { (MlirValue::from_raw(bytes), MlirValue::from_raw(offset)) };
        let viewed =
            OperationBuilder::new("memref.view", loc).add_operands(&[bytes, offset]).add_results(&[flat]).build();
        if buffer.is_identity_layout() {
            return self.append(op, block, viewed);
        }
        let flat_value = self.append_helper(op, block, viewed)?;
        // SAFETY: just appended to `block`.
        let flat_value = unsafe { MlirValue::from_raw(flat_value) };
        let cast = self.reinterpret_cast(op, loc, flat_value, result)?.map(|mut cast| {
            cast.set_discardable_attribute(carried::POOL_VIEW, MlirAttribute::unit(self.mlir));
            cast
        });
        self.append(op, block, cast)
    }

    /// The error for a module MLIR's verifier rejected: the innermost upstream op that fails on
    /// its own names the mc op it came from.
    fn verifier_error(&self, session: &Session, module: OpId) -> Diagnostic {
        session.take_diagnostics();
        for &(raw, op) in &self.origins {
            // SAFETY: every recorded op belongs to the module, which is still alive.
            let upstream = unsafe { melior::ir::OperationRef::from_raw(raw) };
            if !upstream.verify() {
                let messages = messages(session);
                return self
                    .ctx
                    .op_error(op, format!("its upstream MLIR translation fails MLIR's verifier: {messages}"));
            }
        }
        let messages = messages(session);
        self.ctx.op_error(module, format!("its upstream MLIR translation fails MLIR's verifier: {messages}"))
    }
}
