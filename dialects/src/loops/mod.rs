//! The `loop` dialect: structured loops and conditionals over scalar SSA values, and element
//! loads and stores on `!buffer` memory. Operator kernels are loop nests in this dialect; the
//! backends (Cranelift, LLVM) lower it to machine code.
//!
//! | op | generic form |
//! |---|---|
//! | `loop.for` | `%r = "loop.for"(%lb, %ub, %step, %init) ({ ^bb0(%iv: index, %acc: i32): ... "loop.yield"(%next) : (i32) -> () }) : (index, index, index, i32) -> i32` |
//! | `loop.if` | `%r = "loop.if"(%cond) ({ "loop.yield"(%a) : (i32) -> () }, { "loop.yield"(%b) : (i32) -> () }) : (i1) -> i32` |
//! | `loop.while` | `"loop.while"() ({ ... "loop.condition"(%c) : (i1) -> () }, { ... "loop.yield"() : () -> () }) : () -> ()` |
//! | `loop.condition` | `loop.condition(%c) : i1` |
//! | `loop.yield` | `"loop.yield"(%a, %b) : (i32, f32) -> ()` |
//! | `loop.load` | `%v = "loop.load"(%buf, %i, %j) : (!buffer<4x4xi8>, index, index) -> i8` |
//! | `loop.store` | `"loop.store"(%v, %buf, %i, %j) : (i8, !buffer<4x4xi8>, index, index) -> ()` |
//!
//! The custom forms are those of `scf.for`, `scf.if`, `scf.yield`, `memref.load` and
//! `memref.store`:
//!
//! ```mlir
//! %sum = loop.for %i = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> (i32) {
//!   %x = loop.load %buf[%i] : !buffer<16xi8>
//!   %w = arith.extsi %x : i8 to i32
//!   %next = arith.addi %acc, %w : i32
//!   loop.yield %next : i32
//! }
//! ```
//!
//! `loop.while` (a TFLite `WHILE`) runs its `before` region, and its `after` region as long as
//! the `before` region's `loop.condition` holds; it carries no SSA values (the tensors a
//! `WHILE` carries live in buffers the regions read and write).
//!
//! `loop.for` runs its body for `iv = lb, lb + step, ...` while `iv < ub` (signed comparison; no
//! iteration when `lb >= ub`); `step` must be positive. Loads and stores of quantized elements
//! move their storage integers (`i8` for `!quant.uniform<i8:f32, ...>`).

mod asm;
mod canonicalize;
mod ops;

pub use ops::*;

use mc_ir::Dialect;

/// The `loop` dialect.
pub fn dialect() -> Dialect {
    Dialect { name: "loop", ops: ops::all_defs(), materialize_constant: None }
}
