//! From a lowered LLVM module to bytes: LLVM's new pass manager at the chosen level
//! (`default<O2>`, ...), then an object file, assembly or textual LLVM IR; and [`compile`], the
//! whole way from a planned mc module.

use crate::module::{LowerOptions, lower_module};
use crate::target::{OptLevel, TargetSpec};
use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::context::Context as LlvmContext;
use inkwell::module::Module;
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::{FileType, TargetMachine};
use mc_ir::{Context, Diagnostic, OpId};
use std::str::FromStr;

/// What to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EmitKind {
    /// A relocatable object file (ELF).
    Object,
    /// Target assembly.
    Assembly,
    /// Textual LLVM IR.
    LlvmIr,
}

impl FromStr for EmitKind {
    type Err = String;

    /// `obj`, `asm` or `llvm-ir`.
    fn from_str(text: &str) -> Result<Self, String> {
        match text {
            "obj" => Ok(EmitKind::Object),
            "asm" => Ok(EmitKind::Assembly),
            "llvm-ir" => Ok(EmitKind::LlvmIr),
            _ => Err(format!("unknown output kind '{text}': expected obj, asm or llvm-ir")),
        }
    }
}

/// Runs LLVM's optimization pipeline for `level` on `module`. At `-Os` every function is also
/// marked `optsize`, as clang does: the pipeline alone leaves code generation tuned for speed.
pub fn optimize(module: &Module<'_>, machine: &TargetMachine, level: OptLevel) -> Result<(), String> {
    if level == OptLevel::Os {
        let optsize = module.get_context().create_enum_attribute(Attribute::get_named_enum_kind_id("optsize"), 0);
        for function in module.get_functions().filter(|f| f.count_basic_blocks() > 0) {
            function.add_attribute(AttributeLoc::Function, optsize);
        }
    }
    module
        .run_passes(level.pipeline(), machine, PassBuilderOptions::create())
        .map_err(|e| format!("LLVM's {} pipeline failed: {e}", level.pipeline()))
}

/// `module` as `kind` for `machine`.
pub fn emit(module: &Module<'_>, machine: &TargetMachine, kind: EmitKind) -> Result<Vec<u8>, String> {
    let file_type = match kind {
        EmitKind::LlvmIr => return Ok(module.print_to_string().to_bytes().to_vec()),
        EmitKind::Object => FileType::Object,
        EmitKind::Assembly => FileType::Assembly,
    };
    machine
        .write_to_memory_buffer(module, file_type)
        .map(|buffer| buffer.as_slice().to_vec())
        .map_err(|e| format!("LLVM could not emit code: {e}"))
}

/// Lowers, optimizes at `level` and emits `module` (planned loop-level IR) for `target`.
pub fn compile(
    ctx: &Context,
    module: OpId,
    target: &TargetSpec,
    level: OptLevel,
    options: &LowerOptions,
    kind: EmitKind,
) -> Result<Vec<u8>, Diagnostic> {
    let loc = ctx.operation(module).loc();
    let machine = target.machine(level).map_err(|m| Diagnostic::error(loc, m))?;
    let llvm = LlvmContext::create();
    let lowered = lower_module(ctx, module, &llvm, &machine, options)?;
    optimize(&lowered, &machine, level).map_err(|m| Diagnostic::error(loc, m))?;
    emit(&lowered, &machine, kind).map_err(|m| Diagnostic::error(loc, m))
}
