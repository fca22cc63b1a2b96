//! The `test` dialect: ops with no meaning of their own, each shaped to exercise one part of the
//! IR core (terminators, dominance, isolation, symbols, trait checks, folding, constant
//! materialization, dialect conversion, declarative assembly formats).
//!
//! Compiled for mc-ir's own unit tests and, behind the `test-dialect` feature, for other crates'
//! tests (`mc-ir = { workspace = true, features = ["test-dialect"] }` in `[dev-dependencies]`);
//! tools never register it. Lit tests write `test.*` ops unregistered instead
//! (`--allow-unregistered-dialect`).
//!
//! | op | shape |
//! | --- | --- |
//! | `test.br` | terminator: any operands, any successors |
//! | `test.use`, `test.op`, `test.a`, `test.b`, `test.c` | no traits: any operands and results |
//! | `test.same` | operands of one type |
//! | `test.symbol` | a symbol (`sym_name`, `sym_visibility` optional, checked by the verifier) |
//! | `test.region` | one SSA CFG region; its verifier rejects a `fail` attribute |
//! | `test.pure_region` | a pure op with one region, not isolated |
//! | `test.scope` | one region without terminators, not isolated |
//! | `test.isolated` | one region isolated from above |
//! | `test.func` | an isolated symbol with one region without terminators |
//! | `test.graph` | one graph region without terminators |
//! | `test.constant` | constant-like `value`; the dialect materializes typed constants with it |
//! | `test.add` | pure, commutative; folds constant + constant and x + 0 |
//! | `test.neg` | pure, no folder |
//! | `test.split` | folds to two constants, the second of which no dialect can materialize |
//! | `test.slice` | optional operands, an optional dense array attribute |
//! | `test.mode` | an enum attribute |
//! | `test.pair`, `test.list`, `test.wrap`, `test.infer` | declarative assembly formats |
//!
//! [`other_dialect`] adds `other.add` and `other.constant`, a dialect without a constant
//! materializer.

mod fold;
mod format;
mod structure;

pub use fold::{AddOp, ConstantOp, NegOp, OtherAddOp, OtherConstantOp, SplitOp};
pub use format::{InferOp, ListOp, ModeOp, PairOp, SliceOp, WrapOp};
pub use structure::{
    AOp, BOp, BrOp, COp, FuncOp, GraphOp, IsolatedOp, NamedOp, PlainOp, PureRegionOp, RegionOp, SameOp, ScopeOp,
    SymbolOp, TypedOp, UseOp,
};

use crate::diagnostics::Diagnostic;
use crate::diagnostics::source::SourceBuffer;
use crate::printer::{PrintOptions, print_top_level};
use crate::{Context, Dialect, OpId};

/// The `test` dialect.
pub fn dialect() -> Dialect {
    Dialect {
        name: "test",
        ops: vec![
            BrOp::def(),
            UseOp::def(),
            PlainOp::def(),
            AOp::def(),
            BOp::def(),
            COp::def(),
            SameOp::def(),
            SymbolOp::def(),
            NamedOp::def(),
            TypedOp::def(),
            RegionOp::def(),
            PureRegionOp::def(),
            ScopeOp::def(),
            IsolatedOp::def(),
            FuncOp::def(),
            GraphOp::def(),
            ConstantOp::def(),
            AddOp::def(),
            NegOp::def(),
            SplitOp::def(),
            SliceOp::def(),
            ModeOp::def(),
            PairOp::def(),
            ListOp::def(),
            WrapOp::def(),
            InferOp::def(),
        ],
        materialize_constant: Some(fold::materialize_constant),
    }
}

/// The `other` dialect: `other.add` and `other.constant`, without a constant materializer.
pub fn other_dialect() -> Dialect {
    Dialect { name: "other", ops: vec![OtherAddOp::def(), OtherConstantOp::def()], materialize_constant: None }
}

/// A context with the `test` dialect registered.
pub fn context() -> Context {
    let mut ctx = Context::new();
    ctx.register_dialect(dialect());
    ctx
}

/// Parses `text` (as a file named `test.mlir`) into `ctx` and returns the top-level module,
/// without verifying it.
pub fn parse(ctx: &mut Context, text: &str) -> Result<OpId, Diagnostic> {
    crate::parser::parse_source(ctx, &SourceBuffer::new("test.mlir", text.to_string(), 1)).map(|module| module.op())
}

/// The generic form of `op`, with the resource trailer if it refers to resources.
pub fn print_generic(ctx: &Context, op: OpId) -> String {
    print_top_level(ctx, op, PrintOptions { generic: true, debug_info: false })
}

#[cfg(test)]
mod tests {
    /// Registering an op name twice would silently replace the first definition.
    #[test]
    fn op_names_are_unique_and_in_their_dialect() {
        for dialect in [super::dialect(), super::other_dialect()] {
            let mut names: Vec<&str> = dialect.ops.iter().map(|def| def.name).collect();
            assert!(names.iter().all(|name| crate::dialect_of(name) == dialect.name), "{names:?}");
            names.sort_unstable();
            let count = names.len();
            names.dedup();
            assert_eq!(names.len(), count, "an op name is registered twice");
        }
    }
}
