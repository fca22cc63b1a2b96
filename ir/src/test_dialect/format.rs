//! Ops for `define_op!` and the declarative assembly format: optional operands, an enum
//! attribute, a dialect attribute, variadic lists, a named region with a default dialect, and
//! inferred result types.

use crate::{Context, OperationState, Type, define_op};

define_op! {
    /// One required and two optional operands.
    pub struct SliceOp = "test.slice" {
        summary: "optional operands",
        traits: [],
        operands: [input],
        optional_operands: [begin, end],
        results: [],
        attributes: [],
        optional_attributes: [sizes: DenseArray],
    }
}

const MODES: [&str; 3] = ["fast", "exact", "strict"];

define_op! {
    /// An enum attribute (`fast`, `exact`, `strict`).
    pub struct ModeOp = "test.mode" {
        summary: "enum attribute",
        traits: [],
        operands: [],
        results: [],
        attributes: [mode: Enum(&MODES)],
    }
}

define_op! {
    /// Two operands of one type, an enum keyword and a defaulted dialect attribute.
    pub struct PairOp = "test.pair" {
        summary: "pair",
        traits: [SAME_OPERAND_TYPES],
        operands: [a, b],
        results: [r],
        attributes: [kind: Enum(&["first", "second"])],
        optional_attributes: [flag: DialectAttr("test.flag", "none")],
        format: "$kind $a `,` $b (`flag` `` $flag^)? attr-dict `:` type($a) `->` type($r)",
    }
}

define_op! {
    /// Any number of operands and results.
    pub struct ListOp = "test.list" {
        summary: "list",
        traits: [],
        operands: variadic,
        results: variadic,
        attributes: [],
        format: "`[` $operands `]` attr-dict `:` functional-type(operands, results)",
    }
}

define_op! {
    /// A named region whose ops may drop the `test.` prefix.
    pub struct WrapOp = "test.wrap" {
        summary: "wrap",
        traits: [SINGLE_BLOCK, NO_TERMINATOR],
        operands: [],
        results: [],
        attributes: [],
        optional_attributes: [sym_name: SymbolName],
        regions: [body],
        format: "($sym_name^)? attr-dict-with-keyword $body",
        default_dialect: "test",
    }
}

define_op! {
    /// A result type inferred from the operand: `tensor<2xT>` for an operand of type `T`.
    pub struct InferOp = "test.infer" {
        summary: "infer",
        traits: [],
        operands: [x],
        results: [r],
        attributes: [],
        format: "$x attr-dict `:` type($x)",
        infer_result_types: infer_tensor_of,
    }
}

fn infer_tensor_of(ctx: &mut Context, state: &OperationState) -> Result<Vec<Type>, String> {
    let element = ctx.value_type(state.operands[0]);
    Ok(vec![ctx.tensor_type(vec![2], element)])
}
