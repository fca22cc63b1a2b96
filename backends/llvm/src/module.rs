//! Lowering of a whole planned loop-level `builtin.module` to an LLVM module for one target:
//! data first ([`crate::data`]), then every `func.func` declared (so calls may go forwards),
//! then their bodies ([`crate::function`]).
//!
//! Functions take buffers as pointers and scalars as LLVM scalars (`index` as the target's
//! pointer-sized integer) and return nothing, one scalar, or a struct of their results. The
//! entry function (`@main` by default) becomes the internal `<prefix>_main`, which takes the
//! base of every pool before its buffers (all `noalias`), and the C API (`crate::api`) calls it;
//! symbol names and sections follow [`crate::symbols`]. Every function is `nounwind` and in its
//! own `.text` section.

use crate::api::define_api;
use crate::data::define_data;
use crate::function::{FunctionLowering, ModuleSymbols};
use crate::interface::Interface;
use crate::symbols::Prefix;
use crate::types::TypeMap;
use inkwell::AddressSpace;
use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::context::Context as LlvmContext;
use inkwell::module::{Linkage, Module};
use inkwell::targets::TargetMachine;
use inkwell::types::{BasicMetadataTypeEnum, BasicType};
use inkwell::values::PointerValue;
use mc_dialects::buffer::{GlobalOp, PoolOp, StageOp};
use mc_dialects::func::FuncOp;
use mc_ir::builtin::ModuleOp;
use mc_ir::{Context, Diagnostic, OpId};
use std::collections::HashMap;

/// How a module is lowered.
#[derive(Clone, Debug)]
pub struct LowerOptions {
    /// The prefix of every symbol and section.
    pub prefix: Prefix,
    /// The C API to generate around the entry function; `None` lowers the functions alone
    /// (each `<prefix>_<name>`, pools unreachable).
    pub api: Option<CApi>,
}

/// The C API of a model: `crate::api`.
#[derive(Clone, Debug)]
pub struct CApi {
    /// The IR name of the entry function, run by `<prefix>_model_run`.
    pub entry: String,
    /// How many of the entry's buffer parameters are the model's inputs (the rest are outputs).
    pub inputs: usize,
    /// Whether the object defines the arenas (`true`) or the application binds every region
    /// with `<prefix>_bind_arena` (`memory.allocate_arenas = false`).
    pub allocate_arenas: bool,
}

impl LowerOptions {
    /// The C API around `@main` with `inputs` inputs, prefix `prefix`, arenas in the object.
    pub fn new(prefix: Prefix, inputs: usize) -> LowerOptions {
        LowerOptions { prefix, api: Some(CApi { entry: "main".to_string(), inputs, allocate_arenas: true }) }
    }

    /// The functions alone, without a C API.
    pub fn functions_only(prefix: Prefix) -> LowerOptions {
        LowerOptions { prefix, api: None }
    }
}

/// Lowers `module` (a verified, planned loop-level `builtin.module`) to an LLVM module for
/// `machine`, in `llvm`. Errors name the op that could not be lowered and its location.
pub fn lower_module<'ll>(
    ctx: &Context,
    module: OpId,
    llvm: &'ll LlvmContext,
    machine: &TargetMachine,
    options: &LowerOptions,
) -> Result<Module<'ll>, Diagnostic> {
    if let Err(mut diags) = mc_ir::verify(ctx, module) {
        let mut first = diags.remove(0);
        for other in diags {
            first = first.with_note(other.loc, other.message);
        }
        return Err(first);
    }
    let loc = ctx.operation(module).loc();
    let module_op = ModuleOp::cast(ctx, module)
        .ok_or_else(|| Diagnostic::error(loc, "expected a 'builtin.module' to lower to LLVM"))?;
    let target = llvm.create_module(options.prefix.as_str());
    target.set_triple(&machine.get_triple());
    let target_data = machine.get_target_data();
    target.set_data_layout(&target_data.get_data_layout());
    let types = TypeMap { llvm, index: llvm.ptr_sized_int_type(&target_data, None) };
    let extensions = crate::target::CoreExtensions::of(machine);

    let interface = options.api.as_ref().map(|api| Interface::of(ctx, module, api)).transpose()?;
    let pools: Vec<String> =
        interface.iter().flat_map(|interface| interface.regions.iter().map(|r| r.pool.clone())).collect();
    let allocate_arenas = options.api.as_ref().is_some_and(|api| api.allocate_arenas);
    let data = define_data(ctx, module_op, llvm, &target, &options.prefix, allocate_arenas)?;
    let nounwind = llvm.create_enum_attribute(Attribute::get_named_enum_kind_id("nounwind"), 0);
    let noalias = llvm.create_enum_attribute(Attribute::get_named_enum_kind_id("noalias"), 0);
    let mut symbols = ModuleSymbols { funcs: HashMap::new(), constants: data.constants };
    let mut bodies = Vec::new();
    for op in module_op.ops(ctx) {
        if GlobalOp::cast(ctx, op).is_some() || PoolOp::cast(ctx, op).is_some() || StageOp::cast(ctx, op).is_some() {
            continue;
        }
        let op_loc = ctx.operation(op).loc();
        let Some(func) = FuncOp::cast(ctx, op) else {
            return Err(Diagnostic::error(
                op_loc,
                format!(
                    "cannot lower top-level op '{}' to LLVM: only 'func.func', 'buffer.global', 'buffer.pool' and 'buffer.stage' are supported",
                    ctx.op_name_of(op)
                ),
            ));
        };
        let name = func.name(ctx).to_string();
        let Some(body) = func.entry_block(ctx) else {
            return Err(Diagnostic::error(
                op_loc,
                format!("cannot lower @{name} to LLVM: external declarations are not supported"),
            ));
        };
        let (inputs, results) = func.signature(ctx);
        let signature_error = |m: String| Diagnostic::error(op_loc, format!("cannot lower @{name} to LLVM: {m}"));
        let is_entry = options.api.as_ref().is_some_and(|api| api.entry == name);
        let bases = if is_entry { pools.len() } else { 0 };
        let pointer = llvm.ptr_type(AddressSpace::default());
        let params: Vec<BasicMetadataTypeEnum> = std::iter::repeat_n(Ok(pointer.into()), bases)
            .chain(inputs.iter().map(|&ty| types.of(ctx, ty).map(Into::into)))
            .collect::<Result<_, _>>()
            .map_err(signature_error)?;
        let results =
            results.iter().map(|&ty| types.of(ctx, ty)).collect::<Result<Vec<_>, _>>().map_err(signature_error)?;
        let fn_type = match results.as_slice() {
            [] => llvm.void_type().fn_type(&params, false),
            [one] => one.fn_type(&params, false),
            many => llvm.struct_type(many, false).fn_type(&params, false),
        };
        let private = ctx.attr(op, "sym_visibility").and_then(|a| ctx.string_value(a)).is_some_and(|v| v == "private");
        let symbol = options.prefix.function(&name);
        // `llvm.weak` (the profile's layer hook): a default a firmware may replace.
        let weak = ctx.attr(op, "llvm.weak").is_some();
        let linkage = match () {
            _ if private || is_entry => Linkage::Internal,
            _ if weak => Linkage::WeakAny,
            _ => Linkage::External,
        };
        let function = target.add_function(&symbol, fn_type, Some(linkage));
        function.add_attribute(AttributeLoc::Function, nounwind);
        if is_entry {
            for index in 0..function.count_params() {
                function.add_attribute(AttributeLoc::Param(index), noalias);
            }
        }
        function.as_global_value().set_section(Some(&options.prefix.text_section(&symbol)));
        symbols.funcs.insert(name, function);
        bodies.push((op, body, function, if is_entry { pools.as_slice() } else { &[] }));
    }
    for (op, body, function, bases) in bodies {
        FunctionLowering::new(ctx, types, &target, &symbols, function, bases, extensions).lower_body(op, body)?;
    }
    if let (Some(api), Some(interface)) = (&options.api, &interface) {
        let entry = symbols.funcs[&api.entry];
        let arenas = api.allocate_arenas.then_some(data.arenas.as_slice());
        let images: Vec<PointerValue> = interface.staged.iter().map(|s| symbols.constants[&s.global]).collect();
        define_api(llvm, &target, &options.prefix, interface, entry, arenas, &images, types.index)
            .map_err(|m| Diagnostic::error(loc, m))?;
    }
    target
        .verify()
        .map_err(|e| Diagnostic::error(loc, format!("internal error: LLVM rejected the lowered module: {e}")))?;
    Ok(target)
}
