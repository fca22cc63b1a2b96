//! A JIT for the host: a planned module lowered with its C API ([`crate::api`]), optimized and
//! compiled in memory by LLVM (MCJIT) for the CPU it runs on, then called through that API.
//!
//! The CPU is detected when the JIT is created: LLVM's host CPU name and its feature list (from
//! `cpuid` on x86-64: AVX2, AVX-512, ...). Every function carries them as its `target-cpu` and
//! `target-features`, so both the optimizer and the code generator use the host's widest vectors.
//! A CPU LLVM does not know by name is `generic` with its detected features.
//!
//! Safety: LLVM's code has no run-time bounds checks (the Cranelift JIT's have). It runs
//! verified IR whose memory plan was validated by the planner; [`HostJit::run`] checks that every
//! input and output buffer has the bytes its port needs before the call, and the regions are the
//! module's own arenas, which `model_init` checks for size and alignment.

use crate::api::{ContextLayout, Status};
use crate::emit::optimize;
use crate::interface::{Interface, Port};
use crate::module::{CApi, LowerOptions, lower_module};
use crate::symbols::Prefix;
use crate::target::{OptLevel, initialize_targets, lookup};
use inkwell::attributes::AttributeLoc;
use inkwell::context::Context as LlvmContext;
use inkwell::execution_engine::ExecutionEngine;
use inkwell::targets::{CodeModel, RelocMode, Target as LlvmTarget, TargetMachine, TargetMachineOptions};
use mc_ir::{Context, Diagnostic, OpId};

/// The optimization level of JIT-compiled code.
const LEVEL: OptLevel = OptLevel::O3;

/// The bytes of a pointer, which the context's 8-byte words hold on x86-64.
const POINTER: usize = size_of::<u64>();

/// A C API function: takes the context, returns a [`Status`].
type ApiFn = unsafe extern "C" fn(*mut u64) -> i32;

/// A model compiled for the host CPU, with its context initialized.
pub struct HostJit<'ll> {
    /// Owns the compiled code.
    _engine: ExecutionEngine<'ll>,
    /// `<prefix>_model_run`.
    run: ApiFn,
    /// `<prefix>_model_reset_state`.
    reset_state: ApiFn,
    /// The regions and ports.
    interface: Interface,
    /// Where the context's fields are.
    layout: ContextLayout,
    /// The context, in 8-byte words.
    context: Vec<u64>,
    /// The CPU the code was compiled for: LLVM's name and features.
    cpu: (String, String),
}

/// The host's CPU as LLVM detects it: its name (`generic` if unknown) and features.
pub fn host_cpu() -> (String, String) {
    let name = TargetMachine::get_host_cpu_name().to_string_lossy().into_owned();
    let features = TargetMachine::get_host_cpu_features().to_string_lossy().into_owned();
    (if name.is_empty() { "generic".to_string() } else { name }, features)
}

/// A target machine for the host's triple and CPU.
fn host_machine(cpu: &(String, String)) -> Result<TargetMachine, String> {
    initialize_targets();
    let host = lookup("host")?;
    let triple = TargetMachine::get_default_triple();
    let triple_text = triple.as_str().to_string_lossy().into_owned();
    let architecture = |triple: &str| triple.split('-').next().unwrap_or_default().to_string();
    if architecture(&triple_text) != architecture(host.llvm_triple) {
        return Err(format!(
            "the LLVM engine runs on {} hosts; this one is {triple_text}",
            architecture(host.llvm_triple)
        ));
    }
    let target = LlvmTarget::from_triple(&triple).map_err(|e| format!("LLVM has no target for the host: {e}"))?;
    let options = TargetMachineOptions::new()
        .set_cpu(&cpu.0)
        .set_features(&cpu.1)
        .set_level(LEVEL.codegen())
        .set_reloc_mode(RelocMode::Default)
        .set_code_model(CodeModel::JITDefault);
    target
        .create_target_machine_from_options(&triple, options)
        .ok_or_else(|| format!("LLVM could not create a target machine for the host CPU '{}'", cpu.0))
}

impl<'ll> HostJit<'ll> {
    /// Compiles `module` (verified, planned loop-level IR) in `llvm` for this CPU, around the
    /// entry function `entry` whose first `inputs` buffer parameters are the inputs, and runs
    /// `context_init` and `model_init`.
    pub fn compile(
        ctx: &Context,
        module: OpId,
        llvm: &'ll LlvmContext,
        entry: &str,
        inputs: usize,
    ) -> Result<HostJit<'ll>, Diagnostic> {
        let loc = ctx.operation(module).loc();
        let error = |m: String| Diagnostic::error(loc, m);
        let cpu = host_cpu();
        let machine = host_machine(&cpu).map_err(error)?;
        let api = CApi { entry: entry.to_string(), inputs, allocate_arenas: true };
        let prefix = Prefix::new("mc").map_err(error)?;
        let options = LowerOptions { prefix: prefix.clone(), api: Some(api.clone()) };
        let interface = Interface::of(ctx, module, &api)?;
        let lowered = lower_module(ctx, module, llvm, &machine, &options)?;
        // MCJIT's own target machine is generic: the functions' attributes select the host CPU.
        let target_cpu = llvm.create_string_attribute("target-cpu", &cpu.0);
        let target_features = llvm.create_string_attribute("target-features", &cpu.1);
        for function in lowered.get_functions().filter(|f| f.count_basic_blocks() > 0) {
            function.add_attribute(AttributeLoc::Function, target_cpu);
            function.add_attribute(AttributeLoc::Function, target_features);
        }
        optimize(&lowered, &machine, LEVEL).map_err(error)?;
        let engine = lowered
            .create_jit_execution_engine(LEVEL.codegen())
            .map_err(|e| error(format!("LLVM could not JIT-compile the model: {e}")))?;
        let function = |name: String| -> Result<ApiFn, Diagnostic> {
            let address = engine
                .get_function_address(&name)
                .map_err(|e| error(format!("internal error: the JIT has no function '{name}': {e}")))?;
            // SAFETY: `name` is a C API function, which takes a context pointer and returns a status.
            Ok(unsafe { std::mem::transmute::<usize, ApiFn>(address) })
        };
        let (context_init, model_init) = (function(prefix.context_init())?, function(prefix.model_init())?);
        let (run, reset_state) = (function(prefix.entry())?, function(prefix.model_reset_state())?);
        let layout =
            ContextLayout::new(POINTER, interface.regions.len(), interface.inputs.len(), interface.outputs.len());
        let mut jit =
            HostJit { _engine: engine, run, reset_state, interface, layout, context: vec![0; layout.size / 8], cpu };
        jit.api(context_init, "context_init").and_then(|()| jit.api(model_init, "model_init")).map_err(error)?;
        Ok(jit)
    }

    /// Calls `function` on the context; an error names it and its status.
    fn api(&mut self, function: ApiFn, name: &str) -> Result<(), String> {
        // SAFETY: the C API functions take a context laid out as `self.layout` says, which
        // `self.context` holds; the pointers in it are the module's arenas and the buffers
        // `run` checked.
        let status = unsafe { function(self.context.as_mut_ptr()) };
        match Status::ALL.iter().find(|s| **s as i32 == status) {
            Some(Status::Ok) => Ok(()),
            Some(other) => Err(format!("the model's {name} failed: {}", other.meaning())),
            None => Err(format!("the model's {name} returned the unknown status {status}")),
        }
    }

    /// The CPU the code was compiled for: LLVM's name for it and its features.
    pub fn cpu(&self) -> &(String, String) {
        &self.cpu
    }

    /// Runs one inference on `buffers`, the entry's inputs then outputs as 8-byte words (so
    /// each is aligned as any buffer needs); each must hold at least its port's bytes.
    pub fn run(&mut self, buffers: &mut [&mut [u64]]) -> Result<(), String> {
        let ports: Vec<Port> = self.interface.inputs.iter().chain(&self.interface.outputs).copied().collect();
        if buffers.len() != ports.len() {
            return Err(format!("the model takes {} buffers, {} were given", ports.len(), buffers.len()));
        }
        let inputs = self.interface.inputs.len();
        for (index, (buffer, port)) in buffers.iter_mut().zip(&ports).enumerate() {
            if (size_of_val(*buffer) as u64) < port.bytes {
                return Err(format!(
                    "buffer #{index} has {} bytes, the model needs {}",
                    size_of_val(*buffer),
                    port.bytes
                ));
            }
            let slot = if index < inputs {
                self.layout.input + index * POINTER
            } else {
                self.layout.output + (index - inputs) * POINTER
            };
            self.context[slot / 8] = buffer.as_mut_ptr() as u64;
        }
        let run = self.run;
        let result = self.api(run, "model_run");
        // The caller's buffers are borrowed for this call only.
        self.context[self.layout.input / 8..self.layout.state / 8].fill(0);
        result
    }

    /// Resets the model's state as `model_init` set it.
    pub fn reset_state(&mut self) -> Result<(), String> {
        let reset = self.reset_state;
        self.api(reset, "model_reset_state")
    }

    /// The memory of the pool `name` (a region: the module's own arena).
    pub fn pool_memory(&mut self, name: &str) -> Option<&mut [u8]> {
        let index = self.interface.regions.iter().position(|r| r.pool == name)?;
        let base = self.context[(self.layout.arena + index * POINTER) / 8] as *mut u8;
        let bytes = self.interface.regions[index].bytes as usize;
        if base.is_null() || bytes == 0 {
            return Some(&mut []);
        }
        // SAFETY: `context_init` pointed the region at the module's arena of `bytes` bytes,
        // which lives as long as the engine; `&mut self` keeps runs and other borrows away.
        Some(unsafe { std::slice::from_raw_parts_mut(base, bytes) })
    }
}
