//! mc's host JIT: lowers loop-level IR (`func`, `arith`, `math`, `loop` on `!buffer` memory, and
//! `vector` code on x86-64 with SSE4.1) to Cranelift and runs it.
//!
//! ```
//! # use mc_backend_cranelift::{JitArg, JitModule, JitValue};
//! # use mc_ir::diagnostics::source::SourceBuffer;
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! # let mut ctx = mc_ir::Context::new();
//! # mc_dialects::register_all(&mut ctx);
//! # let text = "func.func @kernel(%in: !buffer<16xi32>, %out: !buffer<16xi32>, %k: i32) {
//! #   %c0 = arith.constant 0 : index
//! #   %c1 = arith.constant 1 : index
//! #   %c16 = arith.constant 16 : index
//! #   loop.for %i = %c0 to %c16 step %c1 {
//! #     %x = loop.load %in[%i] : !buffer<16xi32>
//! #     %y = arith.muli %x, %k : i32
//! #     loop.store %y, %out[%i] : !buffer<16xi32>
//! #   }
//! #   return
//! # }";
//! # let source = SourceBuffer::new("kernel.mlir", text.to_string(), 1);
//! # let mut input: Vec<i32> = (0..16).collect();
//! let module = mc_ir::parser::parse_source(&mut ctx, &source).map_err(|d| d.message.clone())?;
//! let jit = JitModule::compile(&ctx, module.op()).map_err(|d| d.message.clone())?;
//! let mut out = [0i32; 16];
//! jit.call("kernel", &mut [JitArg::memory(&mut input), JitArg::memory(&mut out), JitArg::Value(JitValue::I32(3))])?;
//! assert_eq!(out[5], 15);
//! # Ok(())
//! # }
//! ```
//!
//! Functions take buffers (lowered to pointers; the caller's memory is checked to be as large as
//! each buffer's layout reaches) and scalars, and return scalars. Run-time indices are
//! bounds-checked unless compiled [`JitOptions::without_bounds_checks`]. Ops of other dialects
//! lower through [`LowerHook`]s; an op with no lowering is an error naming the op and its
//! location, never a panic. The `buffer` ops that remain at loop level (`buffer.alloc` as a
//! stack slot, `buffer.view`, `buffer.global` data and `buffer.get_global`) are built in; code
//! with allocs needs a large stack: call it inside [`run_with_stack`].
//!
//! | module | holds |
//! |---|---|
//! | [`memory`] | the layout of a memory operand, from its type |
//! | `lower` | lowering of one function (ops, loops, loads and stores) |
//! | `buffer` | the `buffer` ops of loop-level IR: allocs, views, globals |
//! | `stack` | [`run_with_stack`]: a thread with a large stack for the code's allocs |
//! | `jit` | the module: compilation, trampolines, checked calls |
//! | `isa` | [`host_runs_vectors`]: whether this CPU runs the vector lowering (SSE4.1 on x86-64) |
//! | `lower::vector` | the `vector` dialect and `arith` on vectors as Cranelift SIMD |
//! | `runtime` | host functions the code calls (`expf`, bounds-failure report) |
//! | `vectorize` | [`vectorize_for_host`]: vectorized code where the JIT lowers it, else scalar |
#![deny(missing_docs)]

mod buffer;
mod isa;
mod jit;
mod lower;
pub mod memory;
mod runtime;
mod stack;
mod vectorize;

/// The Cranelift crates the backend uses, for [`LowerHook`]s that emit instructions.
pub use {cranelift_codegen, cranelift_frontend};

pub use isa::host_runs_vectors;
pub use jit::{CallError, Element, JitArg, JitModule, JitOptions, JitValue, Param, ValueKind};
pub use lower::{FunctionLowering, LowerHook};
pub use stack::{MODEL_STACK_BYTES, run_with_stack};
pub use vectorize::vectorize_for_host;
