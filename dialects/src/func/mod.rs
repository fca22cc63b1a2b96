//! The `func` dialect: functions, returns and calls.

mod asm;
mod ops;

pub use ops::{CallOp, FuncOp, ReturnOp};

use mc_ir::Dialect;

/// The `func` dialect.
pub fn dialect() -> Dialect {
    Dialect { name: "func", ops: vec![FuncOp::def(), ReturnOp::def(), CallOp::def()], materialize_constant: None }
}
