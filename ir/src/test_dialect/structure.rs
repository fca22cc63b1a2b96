//! Ops for the verifier, the pass manager and the rewrite drivers: a terminator, generic users,
//! a symbol, and region holders of every kind.

use crate::{Context, Diagnostic, OpId, define_op};

define_op! {
    /// Ends a block: returns to the parent op, or branches to its successors.
    pub struct BrOp = "test.br" {
        summary: "a terminator or branch",
        traits: [TERMINATOR],
        operands: variadic,
        results: [],
        attributes: [],
        successors: variadic,
    }
}

define_op! {
    /// Uses values with a side effect, keeping them alive; may define values too.
    pub struct UseOp = "test.use" {
        summary: "a side-effecting use",
        traits: [],
        operands: variadic,
        results: variadic,
        attributes: [],
    }
}

define_op! {
    /// A plain op, as the pass manager's tests fill functions with.
    pub struct PlainOp = "test.op" {
        summary: "a plain op",
        traits: [],
        operands: variadic,
        results: variadic,
        attributes: [],
    }
}

define_op! {
    /// The source op of the conversion tests.
    pub struct AOp = "test.a" {
        summary: "conversion source",
        traits: [],
        operands: variadic,
        results: variadic,
        attributes: [],
    }
}

define_op! {
    /// The target op of the conversion tests.
    pub struct BOp = "test.b" {
        summary: "conversion target",
        traits: [],
        operands: variadic,
        results: variadic,
        attributes: [],
    }
}

define_op! {
    /// An op no conversion pattern converts.
    pub struct COp = "test.c" {
        summary: "never converted",
        traits: [],
        operands: variadic,
        results: variadic,
        attributes: [],
    }
}

define_op! {
    /// Operands of one type.
    pub struct SameOp = "test.same" {
        summary: "same operand types",
        traits: [SAME_OPERAND_TYPES],
        operands: variadic,
        results: [],
        attributes: [],
    }
}

define_op! {
    /// A symbol; its name and visibility are left to the verifier's symbol checks.
    pub struct SymbolOp = "test.symbol" {
        summary: "symbol",
        traits: [SYMBOL],
        operands: [],
        results: [],
        attributes: [],
        optional_attributes: [sym_name: Any, sym_visibility: Any],
    }
}

define_op! {
    /// A symbol that declares its symbol attributes, as `func.func` does.
    pub struct NamedOp = "test.named" {
        summary: "symbol with declared attributes",
        traits: [SYMBOL],
        operands: [],
        results: [],
        attributes: [sym_name: String],
        optional_attributes: [sym_visibility: String],
    }
}

define_op! {
    /// One SSA CFG region; its verifier rejects a `fail` attribute.
    pub struct RegionOp = "test.region" {
        summary: "region holder",
        traits: [],
        operands: variadic,
        results: variadic,
        attributes: [],
        optional_attributes: [fail: Any],
        regions: 1,
        verify: reject_fail,
    }
}

define_op! {
    /// A pure op with a region that is not isolated from above.
    pub struct PureRegionOp = "test.pure_region" {
        summary: "a pure op with a region",
        traits: [PURE],
        operands: [],
        results: variadic,
        attributes: [],
        regions: 1,
    }
}

define_op! {
    /// A region without terminators that sees the values of its parents.
    pub struct ScopeOp = "test.scope" {
        summary: "a region that sees values from outside",
        traits: [NO_TERMINATOR],
        operands: [],
        results: [],
        attributes: [],
        regions: 1,
    }
}

define_op! {
    /// One region isolated from above.
    pub struct IsolatedOp = "test.isolated" {
        summary: "an isolated-from-above op",
        traits: [ISOLATED_FROM_ABOVE],
        operands: [],
        results: [],
        attributes: [],
        regions: 1,
    }
}

define_op! {
    /// A function-like op: an isolated symbol whose region needs no terminators. Its `sym_name`
    /// is a discardable attribute (checked by the verifier's symbol checks).
    pub struct FuncOp = "test.func" {
        summary: "a function-like op",
        traits: [ISOLATED_FROM_ABOVE, SYMBOL, NO_TERMINATOR],
        operands: [],
        results: [],
        attributes: [],
        regions: 1,
    }
}

define_op! {
    /// One graph region without terminators.
    pub struct GraphOp = "test.graph" {
        summary: "graph region holder",
        traits: [GRAPH_REGION, NO_TERMINATOR],
        operands: [],
        results: [],
        attributes: [],
        regions: 1,
    }
}

fn reject_fail(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    if ctx.attr(op, "fail").is_some() {
        diags.push(ctx.op_error(op, "custom verifier failed"));
    }
}

define_op! {
    /// An op whose attribute is named by a keyword (`type`, declared as `r#type`).
    pub struct TypedOp = "test.typed" {
        summary: "raw identifier attribute",
        traits: [],
        operands: [],
        results: [],
        attributes: [r#type: Type],
    }
}
