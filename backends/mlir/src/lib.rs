//! `mc-mlir`: mc's loop-level IR to and from upstream MLIR's own dialects, through melior (MLIR's
//! C API), so upstream passes and tools can read what mc plans and mc can plan kernels written in
//! upstream MLIR.
//!
//! One crate holds both directions, as MLIR's `Target/` translations do: they share the type,
//! attribute and location mappings, and neither the loop dialect nor the IR core depends on it
//! (only `tools/` and tests do).
//!
//! | mc | upstream MLIR |
//! |---|---|
//! | `func`, `arith`, `math` ops | the same ops |
//! | `loop.for` / `loop.if` / `loop.yield` | `scf.for` (iter_args) / `scf.if` / `scf.yield` |
//! | `loop.load` / `loop.store` | `memref.load` / `memref.store` |
//! | `vector.load` / `maskedload` / `store` / `maskedstore` / `broadcast` / `create_mask` | the same ops (export only) |
//! | `vector.rounding_doubling_high_mul` / `rounding_shift_right` | none: an error (export the IR before `vector-fixed-point`) |
//! | `vector.widening_dot a, b, acc` | `arith.extsi` + `arith.muli` + `vector.reduction <add>, %p, %acc` (export only) |
//! | `!buffer<2x3xf32, strides: [1, 2], offset: 4>` | `memref<2x3xf32, strided<[1, 2], offset: 4>>` |
//! | `!quant.uniform<i8:f32, ...>` elements | their storage integer (`i8`, what loads give), the type in `mc.quant` |
//! | `buffer.global` (dense or `dense_resource` data) | `memref.global` constant with the same dense data or blob |
//! | `buffer.get_global` | `memref.get_global` |
//! | `buffer.view` | `memref.reinterpret_cast` |
//! | `buffer.alloc` | `memref.alloca` (freed when the function returns), `mc.role` kept |
//! | `buffer.pool` | a writable `memref.global` of `i8` bytes, `{mc.bank, mc.role}` kept |
//! | `buffer.stage` | an entry of its constant pool's `mc.stages`; the pool starts with the data |
//! | `buffer.pool_view` | `memref.get_global` + `memref.view` at the byte offset, then `memref.reinterpret_cast` |
//! | `buffer.overlap` (a planning hint) | an unused `builtin.unrealized_conversion_cast` to `none` with `mc.overlap` |
//!
//! The `mc.*` attributes ([`carried`]) hold what upstream has no place for, so mc → MLIR → mc
//! gives back the same mc IR. Upstream semantics match mc's once mc has planned the module: a
//! persistent `buffer.alloc` is function-local as a `memref.alloca`, its planned pool global is
//! not.
//!
//! [`export`] builds the upstream module op by op with melior's builders (never by printing and
//! parsing text) and runs MLIR's verifier before anything is written; [`import`] parses upstream
//! text with MLIR's parser and rebuilds it as mc ops, rejecting what mc cannot represent with an
//! error at the op's location.

mod attributes;
pub mod carried;
pub mod export;
pub mod import;
mod locations;
mod quant;
mod resources;
mod session;
mod types;

pub use export::export_module;
pub use import::import_module;
pub use session::{Reported, Session};
