//! `vector.fma`: the lane-wise fused multiply-add `lhs * rhs + acc` of float vectors, as MLIR's.
//!
//! ```mlir
//! %r = vector.fma %a, %b, %c : vector<8xf32>
//! ```

use mc_ir::parser::{OpAsmParser, ParseResult};
use mc_ir::printer::attributes::type_to_string;
use mc_ir::printer::{OpAsmPrinter, PrintFailed, PrintResult};
use mc_ir::{Context, Diagnostic, OpId, OperationState, TypeKind, define_op};

define_op! {
    /// `lhs * rhs + acc`, lane by lane, rounded once.
    pub struct FmaOp = "vector.fma" {
        summary: "vector fused multiply-add",
        traits: [PURE],
        operands: [lhs, rhs, acc],
        results: [result],
        attributes: [],
        verify: verify_fma,
        print: print_fma,
        parse: parse_fma,
    }
}

fn verify_fma(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let operation = ctx.operation(op);
    let types = [
        ctx.value_type(operation.operand(0)),
        ctx.value_type(operation.operand(1)),
        ctx.value_type(operation.operand(2)),
        operation.result_type(0),
    ];
    let names = ["operand #0", "operand #1", "operand #2", "result #0"];
    for (ty, what) in types.iter().zip(names) {
        let floats =
            ctx.vector_shape(*ty).is_some_and(|(.., element)| matches!(ctx.type_kind(element), TypeKind::Float(_)));
        if !floats {
            let message =
                format!("{what} must be vector of floating-point values, but got '{}'", type_to_string(ctx, *ty));
            return diags.push(ctx.op_error(op, message));
        }
    }
    if types.iter().any(|&ty| ty != types[0]) {
        diags.push(ctx.op_error(op, "failed to verify that all of {lhs, rhs, acc, result} have same type"));
    }
}

/// Prints upstream's `$lhs, $rhs, $acc attr-dict : type($lhs)`; an fma whose operands and result
/// differ in type prints generically.
fn print_fma(p: &mut OpAsmPrinter<'_, '_>, op: OpId) -> PrintResult {
    let ctx = p.ctx();
    let operation = ctx.operation(op);
    let ty = operation.result_type(0);
    if operation.operands().any(|value| ctx.value_type(value) != ty) {
        return Err(PrintFailed);
    }
    p.print(" ");
    p.print_operands(operation.operands());
    let attrs = p.op_attributes(op);
    p.print_optional_attr_dict(&attrs, &[]);
    p.print(" : ");
    p.print_type(ty);
    Ok(())
}

/// Parses what [`print_fma`] prints: every operand and the result of the one type.
fn parse_fma(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let offset = p.current_offset();
    let operands = p.parse_operand_list()?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let ty = p.parse_colon_type()?;
    state.operands = p.resolve_operands(&operands, &[ty; 3], offset)?;
    state.result_types.push(ty);
    Ok(())
}
