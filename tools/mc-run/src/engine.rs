//! The engine that compiles and calls the model: Cranelift's JIT (the default, with run-time
//! bounds checks) or LLVM's, compiled for this CPU (`mc_backend_llvm::jit`).

use crate::model::Model;
use clap::ValueEnum;
use mc_backend_cranelift::{JitArg, JitModule};
use mc_backend_llvm::HostJit;
use mc_backend_llvm::inkwell::context::Context as LlvmContext;

/// Which engine compiles the model.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum EngineKind {
    /// Cranelift's JIT: fast to compile, every memory access bounds-checked at run time.
    Cranelift,
    /// LLVM at -O3 for this CPU's name and features (AVX2 where it has them): faster code, no
    /// run-time bounds checks (the IR is verified and the memory plan validated).
    Llvm,
}

impl EngineKind {
    /// The bits of the integer vectors the engine compiles to: 128 for Cranelift (SSE); for LLVM
    /// 512 on a CPU with AVX-512 (F and BW), 256 with AVX2, else 128.
    pub fn vector_bits(self) -> u32 {
        let cpu = match self {
            EngineKind::Cranelift => return 128,
            EngineKind::Llvm => mc_backend_llvm::jit::host_cpu().1,
        };
        let has = |feature: &str| cpu.split(',').any(|f| f.strip_prefix('+') == Some(feature));
        if has("avx512f") && has("avx512bw") {
            512
        } else if has("avx2") {
            256
        } else {
            128
        }
    }
}

/// A compiled model.
pub enum Engine<'ll> {
    /// Compiled by Cranelift.
    Cranelift(Box<JitModule>),
    /// Compiled by LLVM, its C API around `entry`.
    Llvm(Box<HostJit<'ll>>),
}

impl<'ll> Engine<'ll> {
    /// Compiles the model (at loop level) with `kind`; the LLVM engine builds its C API around
    /// `entry`, whose first `inputs` buffer parameters are the inputs, in `llvm`.
    pub fn compile(
        kind: EngineKind,
        model: &Model,
        entry: &str,
        inputs: usize,
        llvm: &'ll LlvmContext,
    ) -> Result<Engine<'ll>, String> {
        let rendered = |d| model.render(&[d]);
        match kind {
            EngineKind::Cranelift => JitModule::compile(&model.ctx, model.module)
                .map(|jit| Engine::Cranelift(Box::new(jit)))
                .map_err(rendered),
            EngineKind::Llvm => HostJit::compile(&model.ctx, model.module, llvm, entry, inputs)
                .map(|jit| Engine::Llvm(Box::new(jit)))
                .map_err(rendered),
        }
    }

    /// Calls `entry` on `buffers` (its buffer parameters, in order, as 8-byte words).
    pub fn call(&mut self, entry: &str, buffers: &mut [&mut [u64]]) -> Result<(), String> {
        match self {
            Engine::Cranelift(jit) => {
                let mut args: Vec<JitArg<'_>> = buffers.iter_mut().map(|words| JitArg::memory(words)).collect();
                jit.call(entry, &mut args).map(drop).map_err(|e| e.to_string())
            }
            Engine::Llvm(jit) => jit.run(buffers),
        }
    }

    /// The memory of the pool `name`.
    pub fn pool_memory(&mut self, name: &str) -> Option<&mut [u8]> {
        match self {
            Engine::Cranelift(jit) => jit.pool_memory(name),
            Engine::Llvm(jit) => jit.pool_memory(name),
        }
    }

    /// Resets the model's state (variables, operator state) as at the start.
    pub fn reset_state(&mut self) -> Result<(), String> {
        match self {
            Engine::Cranelift(jit) => {
                jit.reset_state();
                Ok(())
            }
            Engine::Llvm(jit) => jit.reset_state(),
        }
    }
}
