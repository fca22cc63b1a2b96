//! `vector.transpose`: a vector's dimensions permuted, as MLIR's: result dimension `i` is the
//! source's dimension `permutation[i]`.
//!
//! ```mlir
//! %t = vector.transpose %v, [1, 0] : vector<2x3xf32> to vector<3x2xf32>
//! ```

use super::index_list::{parse_index_list, print_index_list, static_list};
use crate::graph::attributes::i64_array_attr;
use mc_ir::parser::{OpAsmParser, ParseResult};
use mc_ir::printer::attributes::type_to_string;
use mc_ir::printer::{OpAsmPrinter, PrintFailed, PrintResult};
use mc_ir::{Context, Diagnostic, OpId, OperationState, define_op};

define_op! {
    /// `vector` with its dimensions in the order `permutation` gives.
    pub struct TransposeOp = "vector.transpose" {
        summary: "vector transpose operation",
        traits: [PURE],
        operands: [vector],
        results: [result],
        attributes: [permutation: DenseArray],
        verify: verify_transpose,
        print: print_transpose,
        parse: parse_transpose,
    }
}

fn verify_transpose(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let operation = ctx.operation(op);
    let (source, result) = (ctx.value_type(operation.operand(0)), operation.result_type(0));
    for (what, ty) in [("operand", source), ("result", result)] {
        if ctx.vector_shape(ty).is_none() {
            let message = format!("{what} #0 must be vector of any type values, but got '{}'", type_to_string(ctx, ty));
            return diags.push(ctx.op_error(op, message));
        }
    }
    let (Some((from, from_scalable, from_element)), Some((to, to_scalable, to_element))) =
        (ctx.vector_shape(source), ctx.vector_shape(result))
    else {
        return;
    };
    if from_element != to_element {
        return diags.push(ctx.op_error(op, "failed to verify that operand and result have same element type"));
    }
    let Some(permutation) = static_list(ctx, op, "permutation") else { return };
    let rank = to.len();
    if from.len() != rank {
        return diags.push(ctx.op_error(op, format!("vector result rank mismatch: {rank}")));
    }
    if permutation.len() != rank {
        return diags.push(ctx.op_error(op, format!("transposition length mismatch: {}", permutation.len())));
    }
    let mut seen = vec![false; rank];
    for (index, &position) in permutation.iter().enumerate() {
        let Some(slot) = usize::try_from(position).ok().filter(|&p| p < rank) else {
            return diags.push(ctx.op_error(op, format!("transposition index out of range: {position}")));
        };
        if std::mem::replace(&mut seen[slot], true) {
            return diags.push(ctx.op_error(op, format!("duplicate position index: {position}")));
        }
        if (to[index], to_scalable[index]) != (from[slot], from_scalable[slot]) {
            return diags.push(ctx.op_error(op, format!("dimension size mismatch at: {position}")));
        }
    }
}

fn print_transpose(p: &mut OpAsmPrinter<'_, '_>, op: OpId) -> PrintResult {
    let ctx = p.ctx();
    let permutation = static_list(ctx, op, "permutation").ok_or(PrintFailed)?;
    let operation = ctx.operation(op);
    let (source, result) = (operation.operand(0), operation.result_type(0));
    p.print(" ");
    p.print_operand(source);
    p.print(", ");
    print_index_list(p, &permutation, &[]);
    let attrs = p.op_attributes(op);
    p.print_optional_attr_dict(&attrs, &["permutation"]);
    p.print(" : ");
    p.print_type(ctx.value_type(source));
    p.print(" to ");
    p.print_type(result);
    Ok(())
}

fn parse_transpose(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let source = p.parse_operand()?;
    p.parse_comma()?;
    let (permutation, _) = parse_index_list(p, false)?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let source_type = p.parse_colon_type()?;
    p.parse_keyword("to")?;
    let result = p.parse_type()?;
    state.operands.push(p.resolve_operand(&source, source_type)?);
    state.result_types.push(result);
    let permutation = i64_array_attr(p.ctx(), &permutation);
    state.attrs.push(("permutation".to_string(), permutation));
    Ok(())
}
