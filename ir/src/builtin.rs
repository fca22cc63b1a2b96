//! The `builtin` dialect: `builtin.module` and `builtin.unrealized_conversion_cast`.

use crate::block::{BlockId, InsertPoint};
use crate::context::Context;
use crate::define_op;
use crate::dialect::Dialect;
use crate::location::Location;
use crate::operation::{OpId, OperationState};

define_op! {
    /// A top-level container of symbols: one block, no terminator.
    pub struct ModuleOp = "builtin.module" {
        summary: "a top level container operation",
        traits: [ISOLATED_FROM_ABOVE, SYMBOL_TABLE, NO_TERMINATOR, SINGLE_BLOCK, GRAPH_REGION],
        operands: [],
        results: [],
        attributes: [],
        optional_attributes: [sym_name: SymbolName, sym_visibility: String],
        regions: [body],
        format: "($sym_name^)? attr-dict-with-keyword $body",
        default_dialect: "builtin",
    }
}

define_op! {
    /// Casts values between type systems during a partial conversion; must be gone afterwards.
    pub struct UnrealizedConversionCastOp = "builtin.unrealized_conversion_cast" {
        summary: "an unrealized conversion from one set of types to another",
        traits: [PURE],
        operands: variadic,
        results: variadic,
        attributes: [],
        format: "($operands^ `:` type($operands))? `to` type($results) attr-dict",
    }
}

impl ModuleOp {
    /// Creates a detached, empty module.
    pub fn build(ctx: &mut Context, loc: Location) -> ModuleOp {
        let region = ctx.create_region();
        let block = ctx.create_block(&[]);
        ctx.append_block(region, block);
        let mut state = OperationState::new(ctx.op_name(Self::NAME), loc);
        state.regions = vec![region];
        ModuleOp(ctx.create_operation(state))
    }

    /// The module's single block.
    pub fn body(self, ctx: &Context) -> BlockId {
        ctx.entry_block(ctx.operation(self.0).regions()[0]).expect("module without a block")
    }

    /// An insertion point at the end of the body.
    pub fn body_end(self, ctx: &Context) -> InsertPoint {
        InsertPoint::end(self.body(ctx))
    }

    /// The ops of the module body, in order.
    pub fn ops(self, ctx: &Context) -> Vec<OpId> {
        ctx.block_ops(self.body(ctx)).collect()
    }
}

/// The builtin dialect.
pub fn dialect() -> Dialect {
    Dialect {
        name: "builtin",
        ops: vec![ModuleOp::def(), UnrealizedConversionCastOp::def()],
        materialize_constant: None,
    }
}
