//! Custom-form pieces of the `arith` ops that their declarative formats cannot say: result names
//! of constants (`%c5_i32`, `%true`, `%cst`), result type inference, and `arith.select`'s
//! syntax, which names the condition type only when it is a tensor.

use mc_ir::parser::{OpAsmParser, ParseResult, lexer::TokenKind};
use mc_ir::printer::attributes::type_to_string;
use mc_ir::printer::{OpAsmPrinter, PrintFailed, PrintResult};
use mc_ir::{AttrKind, Context, OpId, OperationState, Type, TypeKind, sign_extend};

/// Names `arith.constant` results as MLIR does: `%true`/`%false` for `i1`, `%c<value>_<type>` for
/// other integers (`%c<value>` for `index`), `%cst` for everything else.
pub(super) fn constant_result_names(ctx: &Context, op: OpId, names: &mut Vec<(usize, String)>) {
    let Some(value) = ctx.attr(op, "value") else { return };
    let name = match ctx.attr_kind(value) {
        AttrKind::Bool(b) => b.to_string(),
        &AttrKind::Integer { value, ty } => match ctx.type_kind(ty) {
            TypeKind::Integer { width: 1, .. } => (value != 0).to_string(),
            &TypeKind::Integer { width, .. } => format!("c{}_{}", sign_extend(value, width), type_to_string(ctx, ty)),
            _ => format!("c{value}"),
        },
        _ => "cst".to_string(),
    };
    names.push((0, name));
}

/// The result type of `arith.constant`: the type of its `value`.
pub(super) fn infer_constant_type(ctx: &mut Context, state: &OperationState) -> Result<Vec<Type>, String> {
    let value = state.attrs.iter().find(|(name, _)| name == "value").map(|&(_, attr)| attr);
    match value.and_then(|attr| ctx.attr_type(attr)) {
        Some(ty) => Ok(vec![ty]),
        None => Err("failed to infer returned types: 'value' must be a typed attribute".to_string()),
    }
}

/// The result type of a comparison: `i1`, or a tensor or vector of `i1` shaped like the operands.
pub(super) fn infer_i1_like(ctx: &mut Context, state: &OperationState) -> Result<Vec<Type>, String> {
    let Some(&lhs) = state.operands.first() else {
        return Err("failed to infer returned types: missing operands".to_string());
    };
    let i1 = ctx.integer_type(1);
    let operand_type = ctx.value_type(lhs);
    let shape = ctx.tensor_parts(operand_type).map(|(shape, _)| shape.to_vec());
    Ok(vec![match (shape, ctx.vector_parts(operand_type)) {
        (Some(shape), _) => ctx.tensor_type(shape, i1),
        (None, Some((lanes, _))) => ctx.vector_type(lanes, i1),
        (None, None) => i1,
    }])
}

/// `arith.select %cond, %a, %b {attrs} : [cond type,] type`.
pub(super) fn print_select(p: &mut OpAsmPrinter<'_, '_>, op: OpId) -> PrintResult {
    let ctx = p.ctx();
    let operation = ctx.operation(op);
    if operation.num_operands() != 3 || operation.num_results() != 1 {
        return Err(PrintFailed);
    }
    p.print(" ");
    p.print_operands(operation.operands());
    let attrs = p.op_attributes(op);
    p.print_optional_attr_dict(&attrs, &[]);
    p.print(" : ");
    let condition = ctx.value_type(operation.operand(0));
    if ctx.tensor_parts(condition).is_some() || ctx.vector_parts(condition).is_some() {
        p.print_type(condition);
        p.print(", ");
    }
    p.print_type(operation.result_type(0));
    Ok(())
}

/// Parses what [`print_select`] prints.
pub(super) fn parse_select(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let offset = p.current_offset();
    let operands = p.parse_operand_list()?;
    if operands.len() != 3 {
        return Err(p.error_at(offset, "expected 3 operands"));
    }
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let mut result = p.parse_colon_type()?;
    let condition = if p.parse_optional_punct(TokenKind::Comma)? {
        let condition = result;
        result = p.parse_type()?;
        condition
    } else {
        p.ctx().integer_type(1)
    };
    let name_offset = p.name_offset();
    state.operands = p.resolve_operands(&operands, &[condition, result, result], name_offset)?;
    state.result_types = vec![result];
    Ok(())
}
