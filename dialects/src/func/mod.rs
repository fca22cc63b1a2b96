//! The `func` dialect: functions, returns, calls and functions as values.

mod asm;
mod function_values;
mod ops;

pub use function_values::{CallIndirectOp, ConstantOp};
pub use ops::{CallOp, FuncOp, ReturnOp};

use mc_ir::Dialect;

/// The `func` dialect.
pub fn dialect() -> Dialect {
    Dialect {
        name: "func",
        ops: vec![FuncOp::def(), ReturnOp::def(), CallOp::def(), ConstantOp::def(), CallIndirectOp::def()],
        materialize_constant: None,
    }
}
