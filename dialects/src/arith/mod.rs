//! The `arith` dialect: integer and float scalar (and elementwise tensor) arithmetic.

mod asm;
pub mod build;
mod canonicalize;
mod extended;
pub mod fixed_point;
mod fold;
mod ops;
mod upstream_folds;

pub use extended::{AddUIExtendedOp, MulSIExtendedOp, MulUIExtendedOp};
pub use ops::*;

use mc_ir::{Attribute, Builder, Dialect, OpId, OperationState, Type};

/// The `arith` dialect.
pub fn dialect() -> Dialect {
    Dialect { name: "arith", ops: ops::all_defs(), materialize_constant: Some(materialize_constant) }
}

/// Builds `arith.constant` for a folded scalar or elements attribute of type `ty`.
pub(crate) fn materialize_constant(builder: &mut Builder<'_>, value: Attribute, ty: Type) -> Option<OpId> {
    if builder.ctx.attr_type(value) != Some(ty) {
        return None;
    }
    let mut state = OperationState::new(builder.ctx.op_name(ConstantOp::NAME), builder.loc);
    state.attrs = vec![("value".to_string(), value)];
    state.result_types = vec![ty];
    Some(builder.insert(state))
}
