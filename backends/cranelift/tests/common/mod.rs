//! Helpers shared by the backend's integration tests.

#![allow(dead_code)]

use mc_backend_cranelift::{JitModule, JitOptions};
use mc_ir::Context;
use mc_ir::diagnostics::source::{SourceBuffer, render};

/// A context with every dialect registered.
pub fn context() -> Context {
    let mut ctx = Context::new();
    mc_dialects::register_all(&mut ctx);
    ctx
}

/// Parses `text` and compiles it, panicking with the rendered diagnostic on failure.
pub fn jit(text: &str) -> JitModule {
    jit_with(text, &JitOptions::default())
}

/// Parses `text` and compiles it with `options`.
pub fn jit_with(text: &str, options: &JitOptions) -> JitModule {
    match try_jit_with(text, options) {
        Ok(jit) => jit,
        Err(message) => panic!("{message}"),
    }
}

/// Parses and compiles `text`, returning the rendered diagnostic on failure.
pub fn try_jit(text: &str) -> Result<JitModule, String> {
    try_jit_with(text, &JitOptions::default())
}

fn try_jit_with(text: &str, options: &JitOptions) -> Result<JitModule, String> {
    let mut ctx = context();
    ctx.allow_unregistered_dialects = true;
    let buffer = SourceBuffer::new("test.mlir", text.to_string(), 1);
    let module = mc_ir::parser::parse_source(&mut ctx, &buffer).map_err(|d| render(&ctx, &d, &[&buffer]))?;
    JitModule::compile_with(&ctx, module.op(), options).map_err(|d| render(&ctx, &d, &[&buffer]))
}

/// A small deterministic generator (xorshift64*), so failures reproduce.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn i32(&mut self) -> i32 {
        self.next() as i32
    }

    pub fn i8(&mut self) -> i8 {
        self.next() as i8
    }

    pub fn range(&mut self, low: i64, high: i64) -> i64 {
        low + (self.next() % (high - low + 1) as u64) as i64
    }

    /// A float in `[low, high)`.
    pub fn float(&mut self, low: f32, high: f32) -> f32 {
        low + (high - low) * ((self.next() >> 40) as f32 / (1u64 << 24) as f32)
    }
}
