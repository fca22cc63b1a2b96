//! The JIT module: compiles a `builtin.module` of loop-level functions on the host and calls
//! them with checked arguments.
//!
//! Every defined function gets a trampoline `fn(args: *const u64, results: *mut u64)` that
//! loads each argument from its 8-byte slot, calls the function and stores the results, so
//! [`JitModule::call`] can call functions of any signature without generated Rust types.

use crate::lower::{FuncDecl, FunctionLowering, LowerHook, ModuleDecls, clif_type, returns_via_pointer, signature};
use crate::memory::layout_of;
use crate::runtime::{HostType, host_functions};
use cranelift_codegen::ir::{self, AbiParam, InstBuilder, MemFlagsData, UserFuncName};
use cranelift_codegen::{CodegenError, print_errors::pretty_verifier_error};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{Linkage, Module, ModuleError, default_libcall_names};
use mc_dialects::buffer::{GlobalOp, PoolOp, Role, Seed, StageOp, persistent_seeds};
use mc_dialects::func::FuncOp;
use mc_ir::builtin::ModuleOp;
use mc_ir::printer::attributes::type_to_string;
use mc_ir::{Context, Diagnostic, FloatKind, Location, OpId, Type, TypeKind};
use std::collections::HashMap;
use std::ffi::CString;
use thiserror::Error;

/// How [`JitModule::compile_with`] compiles.
#[derive(Clone)]
pub struct JitOptions {
    /// Check every run-time index of a load or store against its dimension; a failed check
    /// reports the op and its location on stderr and aborts the process (the IR is wrong, and
    /// going on would corrupt memory). On by default; see [`JitOptions::without_bounds_checks`].
    pub(crate) bounds_checks: bool,
    /// Lowerings of ops the backend does not know, by op name.
    pub(crate) hooks: HashMap<&'static str, LowerHook>,
    /// Keep each function's Cranelift IR text (before Cranelift's optimizations).
    pub(crate) keep_clif: bool,
}

impl Default for JitOptions {
    fn default() -> Self {
        JitOptions { bounds_checks: true, hooks: HashMap::new(), keep_clif: false }
    }
}

impl JitOptions {
    /// Drops the run-time bounds checks (for benchmarks).
    ///
    /// # Safety
    ///
    /// [`JitModule::call`] is then only sound if every load and store of the compiled IR
    /// indexes within its buffer's shape.
    pub unsafe fn without_bounds_checks(mut self) -> Self {
        self.bounds_checks = false;
        self
    }

    /// Keeps each function's Cranelift IR as lowered, for [`JitModule::clif`].
    pub fn keep_clif(mut self) -> Self {
        self.keep_clif = true;
        self
    }

    /// Lowers ops named `name` with `hook` (e.g. `buffer.alloc` before the buffer dialect has a
    /// built-in lowering).
    pub fn with_hook(mut self, name: &'static str, hook: LowerHook) -> Self {
        self.hooks.insert(name, hook);
        self
    }
}

/// The kind of a scalar argument or result.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ValueKind {
    /// `i1`.
    I1,
    /// `i8`.
    I8,
    /// `i16`.
    I16,
    /// `i32`.
    I32,
    /// `i64`.
    I64,
    /// `index` (64 bits on the host).
    Index,
    /// `f32`.
    F32,
    /// `f64`.
    F64,
}

/// A scalar argument or result.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum JitValue {
    /// An `i1`.
    I1(bool),
    /// An `i8`.
    I8(i8),
    /// An `i16`.
    I16(i16),
    /// An `i32`.
    I32(i32),
    /// An `i64`.
    I64(i64),
    /// An `index`.
    Index(i64),
    /// An `f32`.
    F32(f32),
    /// An `f64`.
    F64(f64),
}

impl JitValue {
    /// The kind of this value.
    pub fn kind(&self) -> ValueKind {
        match self {
            JitValue::I1(_) => ValueKind::I1,
            JitValue::I8(_) => ValueKind::I8,
            JitValue::I16(_) => ValueKind::I16,
            JitValue::I32(_) => ValueKind::I32,
            JitValue::I64(_) => ValueKind::I64,
            JitValue::Index(_) => ValueKind::Index,
            JitValue::F32(_) => ValueKind::F32,
            JitValue::F64(_) => ValueKind::F64,
        }
    }

    /// The value in an argument slot (little-endian, low bytes first).
    fn to_slot(self) -> u64 {
        match self {
            JitValue::I1(b) => u64::from(b),
            JitValue::I8(v) => v as u8 as u64,
            JitValue::I16(v) => v as u16 as u64,
            JitValue::I32(v) => v as u32 as u64,
            JitValue::I64(v) | JitValue::Index(v) => v as u64,
            JitValue::F32(v) => u64::from(v.to_bits()),
            JitValue::F64(v) => v.to_bits(),
        }
    }

    /// Reads a result slot of kind `kind`.
    fn from_slot(kind: ValueKind, slot: u64) -> JitValue {
        match kind {
            ValueKind::I1 => JitValue::I1(slot & 1 == 1),
            ValueKind::I8 => JitValue::I8(slot as u8 as i8),
            ValueKind::I16 => JitValue::I16(slot as u16 as i16),
            ValueKind::I32 => JitValue::I32(slot as u32 as i32),
            ValueKind::I64 => JitValue::I64(slot as i64),
            ValueKind::Index => JitValue::Index(slot as i64),
            ValueKind::F32 => JitValue::F32(f32::from_bits(slot as u32)),
            ValueKind::F64 => JitValue::F64(f64::from_bits(slot)),
        }
    }
}

mod sealed {
    pub trait Sealed {}
}

/// Plain numbers whose slices may be viewed as bytes (every bit pattern valid, no padding).
pub trait Element: sealed::Sealed + Copy {}

macro_rules! elements {
    ($($t:ty),*) => {$(
        impl sealed::Sealed for $t {}
        impl Element for $t {}
    )*};
}
elements!(i8, u8, i16, u16, i32, u32, i64, u64, f32, f64);

/// An argument of [`JitModule::call`]: memory for a buffer parameter, or a scalar.
#[derive(Debug)]
pub enum JitArg<'a> {
    /// The bytes behind a buffer parameter; at least the parameter's span long.
    Memory(&'a mut [u8]),
    /// A scalar.
    Value(JitValue),
}

impl<'a> JitArg<'a> {
    /// Memory given as a slice of numbers (`&mut [i8]`, `&mut [f32]`, ...).
    pub fn memory<T: Element>(data: &'a mut [T]) -> Self {
        let len = std::mem::size_of_val(data);
        // SAFETY: `T` is a plain number type: any bytes are valid and there is no padding; the
        // byte slice borrows `data` mutably for the same lifetime.
        JitArg::Memory(unsafe { std::slice::from_raw_parts_mut(data.as_mut_ptr().cast::<u8>(), len) })
    }
}

/// A parameter of a compiled function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Param {
    /// A scalar of this kind.
    Value(ValueKind),
    /// Memory of at least `bytes` bytes, for a buffer of type `ty` (as text).
    Memory {
        /// Bytes the memory must have.
        bytes: usize,
        /// The buffer type, for messages.
        ty: String,
    },
}

/// Why [`JitModule::call`] refused a call.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum CallError {
    /// No function of that name was compiled.
    #[error("no function named '{0}' was compiled")]
    UnknownFunction(String),
    /// Wrong number of arguments.
    #[error("'{name}' takes {expected} arguments, but {given} were given")]
    ArgumentCount {
        /// The function.
        name: String,
        /// Parameters it has.
        expected: usize,
        /// Arguments given.
        given: usize,
    },
    /// An argument of the wrong kind.
    #[error("argument #{index} of '{name}' must be {expected}, but {given} was given")]
    ArgumentKind {
        /// The function.
        name: String,
        /// The argument's position.
        index: usize,
        /// What the parameter wants.
        expected: String,
        /// What was given.
        given: String,
    },
    /// Memory smaller than its buffer's layout reaches.
    #[error("argument #{index} of '{name}' ({ty}) needs {needed} bytes, but {given} were given")]
    MemoryTooSmall {
        /// The function.
        name: String,
        /// The argument's position.
        index: usize,
        /// The buffer type.
        ty: String,
        /// Bytes needed.
        needed: usize,
        /// Bytes given.
        given: usize,
    },
}

/// A compiled function: its parameters, results and trampoline.
struct CompiledFunction {
    params: Vec<Param>,
    results: Vec<ValueKind>,
    trampoline: *const u8,
    entry: *const u8,
    clif: Option<String>,
}

/// Functions compiled for the host; freed when dropped.
pub struct JitModule {
    module: Option<JITModule>,
    functions: HashMap<String, CompiledFunction>,
    /// Each `buffer.pool`'s data object: its address and size.
    pools: HashMap<String, (*mut u8, usize)>,
    /// The persistent pools' names.
    persistent: Vec<String>,
    /// The persistent bytes that start non-zero.
    seeds: Vec<Seed>,
    /// Bounds-check messages the code points to.
    _messages: Vec<CString>,
}

impl std::fmt::Debug for JitModule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut names: Vec<&String> = self.functions.keys().collect();
        names.sort();
        f.debug_struct("JitModule").field("functions", &names).finish()
    }
}

impl Drop for JitModule {
    fn drop(&mut self) {
        if let Some(module) = self.module.take() {
            // SAFETY: code runs only inside `call`, which borrows `self`; no pointer to the code
            // outlives the module except through `entry_point`, whose users promised not to call
            // it after the module is gone.
            unsafe { module.free_memory() };
        }
    }
}

/// `file:line:col` of `loc`, or `unknown location`.
pub(crate) fn location_text(ctx: &Context, loc: Location) -> String {
    match ctx.file_position(loc) {
        Some((file, line, col)) => format!("{file}:{line}:{col}"),
        None => "unknown location".to_string(),
    }
}

fn value_kind(ctx: &Context, ty: Type) -> Option<ValueKind> {
    Some(match ctx.type_kind(ty) {
        TypeKind::Integer { width: 1, .. } => ValueKind::I1,
        TypeKind::Integer { width: 8, .. } => ValueKind::I8,
        TypeKind::Integer { width: 16, .. } => ValueKind::I16,
        TypeKind::Integer { width: 32, .. } => ValueKind::I32,
        TypeKind::Integer { width: 64, .. } => ValueKind::I64,
        TypeKind::Index => ValueKind::Index,
        TypeKind::Float(FloatKind::F32) => ValueKind::F32,
        TypeKind::Float(FloatKind::F64) => ValueKind::F64,
        _ => return None,
    })
}

fn host_type(ty: HostType, pointer: ir::Type) -> ir::Type {
    match ty {
        HostType::F32 => ir::types::F32,
        HostType::F64 => ir::types::F64,
        HostType::I64 => ir::types::I64,
        HostType::Pointer => pointer,
    }
}

/// A Cranelift error while defining `func`, as a diagnostic at the function.
fn module_error(ctx: &Context, func: OpId, error: ModuleError, clif: &ir::Function) -> Diagnostic {
    let message = match &error {
        ModuleError::Compilation(CodegenError::Verifier(errors)) => {
            format!("Cranelift rejected the lowered function:\n{}", pretty_verifier_error(clif, None, errors.clone()))
        }
        other => format!("Cranelift failed: {other}"),
    };
    Diagnostic::error(ctx.operation(func).loc(), message)
}

impl JitModule {
    /// Compiles every `func.func` of `module` (a `builtin.module`) with the default options.
    pub fn compile(ctx: &Context, module: OpId) -> Result<JitModule, Diagnostic> {
        Self::compile_with(ctx, module, &JitOptions::default())
    }

    /// Compiles every `func.func` of `module`. The IR is verified first; the first problem is
    /// returned (with the others as notes). Functions take buffers (as pointers) and scalars
    /// and return scalars.
    pub fn compile_with(ctx: &Context, module: OpId, options: &JitOptions) -> Result<JitModule, Diagnostic> {
        if let Err(mut diags) = mc_ir::verify(ctx, module) {
            let mut first = diags.remove(0);
            for other in diags {
                first = first.with_note(other.loc, other.message);
            }
            return Err(first);
        }
        let Some(module_op) = ModuleOp::cast(ctx, module) else {
            return Err(Diagnostic::error(ctx.operation(module).loc(), "expected a 'builtin.module' to compile"));
        };

        let mut builder = JITBuilder::with_flags(&[("opt_level", "speed")], default_libcall_names())
            .map_err(|e| Diagnostic::error(ctx.operation(module).loc(), format!("Cranelift set-up failed: {e}")))?;
        let hosts = host_functions();
        for host in &hosts {
            builder.symbol(host.symbol, host.address);
        }
        let mut jit = JITModule::new(builder);
        let pointer = jit.target_config().pointer_type();
        let setup_error =
            |e: ModuleError| Diagnostic::error(ctx.operation(module).loc(), format!("Cranelift failed: {e}"));

        let globals = crate::buffer::define_globals(ctx, module_op, &mut jit)?;
        let mut decls = ModuleDecls { funcs: HashMap::new(), host: HashMap::new(), globals };
        for host in &hosts {
            let mut sig = jit.make_signature();
            sig.params.extend(host.params.iter().map(|&t| AbiParam::new(host_type(t, pointer))));
            sig.returns.extend(host.results.iter().map(|&t| AbiParam::new(host_type(t, pointer))));
            let id = jit.declare_function(host.symbol, Linkage::Import, &sig).map_err(setup_error)?;
            decls.host.insert(host.symbol, FuncDecl { id, signature: sig });
        }

        // Declare every function first, so calls may go forwards.
        let mut funcs = Vec::new();
        for op in module_op.ops(ctx) {
            if GlobalOp::cast(ctx, op).is_some() || PoolOp::cast(ctx, op).is_some() || StageOp::cast(ctx, op).is_some()
            {
                continue;
            }
            let Some(func) = FuncOp::cast(ctx, op) else {
                return Err(Diagnostic::error(
                    ctx.operation(op).loc(),
                    format!(
                        "cannot compile top-level op '{}': only 'func.func', 'buffer.global', 'buffer.pool' and 'buffer.stage' are supported",
                        ctx.op_name_of(op)
                    ),
                ));
            };
            let Some(body) = func.entry_block(ctx) else {
                return Err(Diagnostic::error(
                    ctx.operation(op).loc(),
                    "external function declarations are not supported by the Cranelift backend",
                ));
            };
            let name = func.name(ctx).to_string();
            let (inputs, results) = func.signature(ctx);
            let sig = signature(ctx, &jit, &inputs, &results)
                .map_err(|m| Diagnostic::error(ctx.operation(op).loc(), format!("cannot compile @{name}: {m}")))?;
            let id = jit.declare_function(&format!("mc.{name}"), Linkage::Local, &sig).map_err(setup_error)?;
            decls.funcs.insert(name.clone(), FuncDecl { id, signature: sig });
            funcs.push((name, func, body, inputs, results));
        }

        let mut messages = Vec::new();
        let mut clif_text = HashMap::new();
        let mut clif = jit.make_context();
        let mut builder_context = FunctionBuilderContext::new();
        for (name, func, body, _, _) in &funcs {
            let decl = &decls.funcs[name];
            clif.func.signature = decl.signature.clone();
            clif.func.name = UserFuncName::user(0, decl.id.as_u32());
            let builder = FunctionBuilder::new(&mut clif.func, &mut builder_context);
            let lowering = FunctionLowering::new(ctx, builder, &mut jit, &decls, options, &mut messages);
            lowering.lower_function(*body, func.op())?;
            if options.keep_clif {
                clif_text.insert(name.clone(), clif.func.display().to_string());
            }
            let id = decl.id;
            if let Err(e) = jit.define_function(id, &mut clif) {
                return Err(module_error(ctx, func.op(), e, &clif.func));
            }
            jit.clear_context(&mut clif);
        }

        // Trampolines: `fn(args: *const u64, results: *mut u64)`.
        let mut trampolines = Vec::new();
        for (name, func, _, inputs, results) in &funcs {
            let decl = &decls.funcs[name];
            let mut sig = jit.make_signature();
            sig.params.push(AbiParam::new(pointer));
            sig.params.push(AbiParam::new(pointer));
            let id =
                jit.declare_function(&format!("mc.trampoline.{name}"), Linkage::Local, &sig).map_err(setup_error)?;
            clif.func.signature = sig;
            clif.func.name = UserFuncName::user(1, id.as_u32());
            {
                let mut b = FunctionBuilder::new(&mut clif.func, &mut builder_context);
                let block = b.create_block();
                b.append_block_params_for_function_params(block);
                b.switch_to_block(block);
                let (args, outs) = (b.block_params(block)[0], b.block_params(block)[1]);
                let mut values = Vec::new();
                for (index, &ty) in inputs.iter().enumerate() {
                    let clif_ty = clif_type(ctx, ty, pointer).expect("checked by the signature");
                    values.push(b.ins().load(clif_ty, MemFlagsData::trusted(), args, (index * 8) as i32));
                }
                let callee = jit.declare_func_in_func(decl.id, b.func);
                if returns_via_pointer(results.len()) {
                    // The function stores its results into the caller's slots itself.
                    values.push(outs);
                }
                let call = b.ins().call(callee, &values);
                let returned = b.inst_results(call).to_vec();
                for (index, value) in returned.into_iter().enumerate() {
                    b.ins().store(MemFlagsData::trusted(), value, outs, (index * 8) as i32);
                }
                b.ins().return_(&[]);
                b.seal_all_blocks();
                b.finalize(jit.target_config());
            }
            if let Err(e) = jit.define_function(id, &mut clif) {
                return Err(module_error(ctx, func.op(), e, &clif.func));
            }
            jit.clear_context(&mut clif);
            trampolines.push((id, decl.id, inputs.len(), results.len()));
        }
        jit.finalize_definitions().map_err(setup_error)?;
        let pools = module_op
            .ops(ctx)
            .into_iter()
            .filter_map(|op| PoolOp::cast(ctx, op))
            .map(|pool| {
                let (address, size) = jit.get_finalized_data(decls.globals[pool.name(ctx)]);
                (pool.name(ctx).to_string(), (address.cast_mut(), size))
            })
            .collect();

        let mut functions = HashMap::new();
        for ((name, func, _, inputs, results), (trampoline, entry, _, _)) in funcs.iter().zip(&trampolines) {
            let loc = ctx.operation(func.op()).loc();
            let params = inputs
                .iter()
                .map(|&ty| match layout_of(ctx, ty) {
                    Some(layout) => layout
                        .byte_span()
                        .and_then(|b| usize::try_from(b).ok())
                        .map(|bytes| Param::Memory { bytes, ty: type_to_string(ctx, ty) })
                        .ok_or_else(|| Diagnostic::error(loc, "a buffer layout reaches outside its memory")),
                    None => value_kind(ctx, ty)
                        .map(Param::Value)
                        .ok_or_else(|| Diagnostic::error(loc, "unsupported parameter type")),
                })
                .collect::<Result<Vec<_>, _>>()?;
            let results = results
                .iter()
                .map(|&ty| value_kind(ctx, ty).ok_or_else(|| Diagnostic::error(loc, "unsupported result type")))
                .collect::<Result<Vec<_>, _>>()?;
            functions.insert(
                name.clone(),
                CompiledFunction {
                    params,
                    results,
                    trampoline: jit.get_finalized_function(*trampoline),
                    entry: jit.get_finalized_function(*entry),
                    clif: clif_text.remove(name),
                },
            );
        }
        let persistent = module_op
            .ops(ctx)
            .into_iter()
            .filter_map(|op| PoolOp::cast(ctx, op))
            .filter(|pool| pool.role_value(ctx) == Some(Role::Persistent))
            .map(|pool| pool.name(ctx).to_string())
            .collect();
        let seeds = persistent_seeds(ctx, module, module);
        let mut compiled = JitModule { module: Some(jit), functions, pools, persistent, seeds, _messages: messages };
        // Persistent state starts as the C API's `model_init` leaves it.
        compiled.reset_state();
        Ok(compiled)
    }

    /// Resets the persistent state (variables, operator state) as the C API's
    /// `model_reset_state` does: every persistent pool zeroed, then 8-bit quantized state set to
    /// its zero point ([`persistent_seeds`]). Nothing else changes.
    pub fn reset_state(&mut self) {
        for name in self.persistent.clone() {
            if let Some(memory) = self.pool_memory(&name) {
                memory.fill(0);
            }
        }
        for seed in self.seeds.clone() {
            let range = seed.offset as usize..(seed.offset + seed.bytes) as usize;
            if let Some(bytes) = self.pool_memory(&seed.pool).and_then(|memory| memory.get_mut(range)) {
                bytes.fill(seed.value);
            }
        }
    }

    /// Names of the compiled functions, sorted.
    pub fn function_names(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self.functions.keys().map(String::as_str).collect();
        names.sort_unstable();
        names
    }

    /// Parameters and results of the function `name`.
    pub fn signature(&self, name: &str) -> Option<(&[Param], &[ValueKind])> {
        self.functions.get(name).map(|f| (f.params.as_slice(), f.results.as_slice()))
    }

    /// The Cranelift IR of the function `name` as lowered (before Cranelift optimizes it), if
    /// compiled with [`JitOptions::keep_clif`].
    pub fn clif(&self, name: &str) -> Option<&str> {
        self.functions.get(name).and_then(|f| f.clif.as_deref())
    }

    /// The machine-code address of the function `name`, for callers that build their own
    /// calls (benchmarks). It follows the host's C calling convention with the function's
    /// signature (buffers as pointers, `index` as a pointer-sized integer, `i1` as a byte); a
    /// function with several results takes a trailing pointer to 8-byte result slots instead
    /// of returning them. It is valid while `self` lives.
    pub fn entry_point(&self, name: &str) -> Option<*const u8> {
        self.functions.get(name).map(|f| f.entry)
    }

    /// The memory of the pool `name` (a `buffer.pool`), zeroed at compilation (persistent 8-bit
    /// state at its zero point, [`persistent_seeds`]): a runtime writes
    /// a model's inputs into it and reads its outputs from it when the planner put them there
    /// (`usmp{use-workspace-io}`, the function's `usmp.io` attribute says where).
    pub fn pool_memory(&mut self, name: &str) -> Option<&mut [u8]> {
        let &(address, size) = self.pools.get(name)?;
        // SAFETY: the pool is a writable data object of `size` bytes that lives as long as the
        // module; `&mut self` keeps calls (which borrow `self`) and other borrows of it away.
        Some(unsafe { std::slice::from_raw_parts_mut(address, size) })
    }

    /// Calls the function `name`: checks the arguments against its parameters (count, scalar
    /// kinds, memory at least as large as each buffer's layout reaches) and returns its results.
    pub fn call(&self, name: &str, args: &mut [JitArg<'_>]) -> Result<Vec<JitValue>, CallError> {
        let function = self.functions.get(name).ok_or_else(|| CallError::UnknownFunction(name.to_string()))?;
        if args.len() != function.params.len() {
            return Err(CallError::ArgumentCount {
                name: name.to_string(),
                expected: function.params.len(),
                given: args.len(),
            });
        }
        let mut slots = Vec::with_capacity(args.len());
        for (index, (arg, param)) in args.iter_mut().zip(&function.params).enumerate() {
            let slot = match (arg, param) {
                (JitArg::Value(value), Param::Value(kind)) if value.kind() == *kind => value.to_slot(),
                (JitArg::Memory(bytes), Param::Memory { bytes: needed, ty }) => {
                    if bytes.len() < *needed {
                        return Err(CallError::MemoryTooSmall {
                            name: name.to_string(),
                            index,
                            ty: ty.clone(),
                            needed: *needed,
                            given: bytes.len(),
                        });
                    }
                    bytes.as_mut_ptr() as u64
                }
                (arg, param) => {
                    let expected = match param {
                        Param::Value(kind) => format!("a {kind:?} value"),
                        Param::Memory { ty, .. } => format!("memory for '{ty}'"),
                    };
                    let given = match arg {
                        JitArg::Value(value) => format!("a {:?} value", value.kind()),
                        JitArg::Memory(_) => "memory".to_string(),
                    };
                    return Err(CallError::ArgumentKind { name: name.to_string(), index, expected, given });
                }
            };
            slots.push(slot);
        }
        let mut results = vec![0u64; function.results.len()];
        // SAFETY: the trampoline was compiled for this signature; `slots` holds one value per
        // parameter, `results` one slot per result; memory arguments are live, exclusive
        // borrows at least as large as their buffers' layouts reach, and the generated code
        // checks run-time indices against the shapes unless the caller opted out (unsafely).
        unsafe {
            let trampoline: extern "C" fn(*const u64, *mut u64) = std::mem::transmute(function.trampoline);
            trampoline(slots.as_ptr(), results.as_mut_ptr());
        }
        Ok(function.results.iter().zip(results).map(|(&kind, slot)| JitValue::from_slot(kind, slot)).collect())
    }
}
