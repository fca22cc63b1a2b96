//! mc's object-file backend: lowers planned loop-level IR (`func`, `arith`, `math`, `loop` on
//! `!buffer` memory, `buffer.pool`s and `buffer.global`s from the memory planner) to LLVM IR with
//! inkwell, optimizes it with LLVM's new pass manager and emits objects, assembly or IR for
//! Cortex-M, RISC-V RV32 and the host.
//!
//! The lowering has the semantics of the Cranelift backend (`mc-backend-cranelift`, the
//! reference) for every op, without its run-time bounds checks; the differential test
//! (`tests/differential.rs`) runs both on the same IR and compares the bytes.
//!
//! | module | holds |
//! |---|---|
//! | [`target`] | the target table (aliases, triples, CPUs, features), target machines, `-O` levels |
//! | [`symbols`] | the prefix and every symbol and section name |
//! | [`layout`] | buffer address arithmetic |
//! | `types` | mc types as LLVM types |
//! | `data` | constants and pools as globals; the `buffer` ops |
//! | `function` | one function: control flow, calls, loads and stores |
//! | `scalar` | `arith` and `math` ops |
//! | `dot` | four-term int8 dot products as Arm DSP instructions (`smlad`) where the core has them |
//! | `vector` | the `vector` dialect as LLVM vector code (MVE's `vldrb`, `vmlava` on the Cortex-M55) |
//! | [`module`] | a whole module |
//! | [`interface`] | what the C API exposes: regions, inputs, outputs, persistent seeds |
//! | [`api`] | the C API functions (`context_init`, `bind_arena`, `model_init`, `model_run`) |
//! | [`emit`] | optimization and object, assembly and IR output |
//! | [`jit`] | the host JIT: the model compiled in memory for this CPU, called through its C API |
//! | [`header`] | the C header: entry prototype, input/output and arena macros |
//!
//! Microcontroller objects may call the C library: `memcpy`/`memset` (LLVM forms them from
//! loops) and, for float models, libm's `expf`, `logf`, `sinf`, `cosf`, `fmodf`, `tanhf`, `roundf`; soft-float targets
//! also need the compiler's runtime (`libgcc.a`). Link them with the firmware.
#![deny(missing_docs)]

pub mod api;
mod data;
mod dot;
pub mod emit;
mod function;
pub mod header;
pub mod interface;
pub mod jit;
mod lanewise;
pub mod layout;
pub mod module;
mod scalar;
pub mod symbols;
pub mod target;
mod types;
mod vector;

/// The inkwell crate the backend builds on, for callers that hold LLVM modules.
pub use inkwell;

pub use api::{ContextLayout, Status};
pub use emit::{EmitKind, compile, emit, optimize};
pub use header::header;
pub use jit::HostJit;
pub use module::{CApi, LowerOptions, lower_module};
pub use symbols::Prefix;
pub use target::{OptLevel, TARGETS, TargetSpec, lookup};
