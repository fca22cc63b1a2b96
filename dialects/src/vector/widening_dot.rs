//! `vector.widening_dot`: the dot product of two integer vectors added to a wider scalar
//! accumulator, `acc + Σ sext(a[k]) · sext(b[k])`, wrapping in the accumulator's width: MVE's
//! `vmlava.s8` (sixteen `i8 × i8` products into an `i32`), and what MLIR writes as
//! `vector.contract` (or `arith.extsi` + `arith.muli` + `vector.reduction <add>`). The sum
//! wraps (a ring), so any order of the products gives the same bits.

use mc_ir::printer::attributes::type_to_string;
use mc_ir::{Builder, Context, Diagnostic, OpId, OperationState, Type, Value, define_op};

define_op! {
    /// `acc + Σ_k sext(lhs[k]) · sext(rhs[k])` (`lhs`, `rhs`: one integer vector type; `acc`
    /// and the result: an integer at least twice as wide as the elements).
    pub struct WideningDotOp = "vector.widening_dot" {
        summary: "widening multiply-accumulate reduction",
        traits: [PURE],
        operands: [lhs, rhs, acc],
        results: [result],
        attributes: [],
        verify: verify_widening_dot,
        format: "$lhs `,` $rhs `,` $acc attr-dict `:` type($lhs) `,` type($rhs) `into` type($acc)",
        infer_result_types: infer_accumulator_type,
    }
}

impl WideningDotOp {
    /// Builds `vector.widening_dot lhs, rhs, acc`.
    pub fn build(b: &mut Builder<'_>, lhs: Value, rhs: Value, acc: Value) -> WideningDotOp {
        let ty = b.ctx.value_type(acc);
        WideningDotOp(b.create(Self::NAME, &[lhs, rhs, acc], &[ty], Vec::new(), Vec::new()))
    }
}

/// The result has the accumulator's type.
fn infer_accumulator_type(ctx: &mut Context, state: &OperationState) -> Result<Vec<Type>, String> {
    match state.operands.get(2) {
        Some(&acc) => Ok(vec![ctx.value_type(acc)]),
        None => Err("failed to infer returned types: missing the accumulator".to_string()),
    }
}

fn verify_widening_dot(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let operation = ctx.operation(op);
    let [lhs, rhs, acc] = [0, 1, 2].map(|i| ctx.value_type(operation.operand(i)));
    let element = ctx.vector_parts(lhs).map(|(_, element)| element).filter(|&e| ctx.integer_width(e).is_some());
    let Some(element) = element else {
        diags.push(
            ctx.op_error(
                op,
                format!("operand #0 must be a vector of integers, but got '{}'", type_to_string(ctx, lhs)),
            ),
        );
        return;
    };
    if rhs != lhs {
        diags.push(ctx.op_error(
            op,
            format!("operands have different types: '{}' != '{}'", type_to_string(ctx, lhs), type_to_string(ctx, rhs)),
        ));
    }
    let (narrow, wide) = (ctx.integer_width(element).unwrap_or(0), ctx.integer_width(acc));
    if wide.is_none_or(|wide| wide < 2 * narrow) {
        diags.push(ctx.op_error(
            op,
            format!(
                "accumulator type '{}' must be an integer at least twice as wide as the elements of '{}'",
                type_to_string(ctx, acc),
                type_to_string(ctx, lhs)
            ),
        ));
    }
    if operation.result_type(0) != acc {
        diags.push(ctx.op_error(op, "result type must be the accumulator's"));
    }
}
