//! Functions as values, as MLIR's `func` dialect has them: `func.constant` names a function as a
//! value of its function type, `func.call_indirect` calls such a value.
//!
//! ```mlir
//! %f = constant @callee : (i32) -> i32
//! %r = call_indirect %f(%x) : (i32) -> i32
//! ```

use super::FuncOp;
use mc_ir::parser::{OpAsmParser, ParseResult, lexer::TokenKind};
use mc_ir::printer::attributes::type_to_string;
use mc_ir::printer::{OpAsmPrinter, PrintFailed, PrintResult};
use mc_ir::{AttrKind, Context, Diagnostic, OpId, OperationState, SymbolTableCollection, define_op};

define_op! {
    /// The function `value` names, as a value of the function's type.
    pub struct ConstantOp = "func.constant" {
        summary: "constant",
        traits: [PURE, CONSTANT_LIKE],
        operands: [],
        results: [result],
        attributes: [value: SymbolRef],
        verify_symbol_uses: verify_constant,
        format: "attr-dict $value `:` type($result)",
        result_names: function_result_name,
    }
}

define_op! {
    /// Calls the function value `callee` (operand 0) with the other operands.
    pub struct CallIndirectOp = "func.call_indirect" {
        summary: "indirect call operation",
        traits: [],
        operands: variadic,
        results: variadic,
        attributes: [],
        optional_attributes: [arg_attrs: Array, res_attrs: Array],
        verify: verify_call_indirect,
        print: print_call_indirect,
        parse: parse_call_indirect,
    }
}

/// Upstream's result name: `%f = constant @g : () -> ()`.
fn function_result_name(_: &Context, _: OpId, names: &mut Vec<(usize, String)>) {
    names.push((0, "f".to_string()));
}

fn verify_constant(ctx: &Context, op: OpId, tables: &mut SymbolTableCollection, diags: &mut Vec<Diagnostic>) {
    let value = ConstantOp(op).value(ctx);
    let AttrKind::SymbolRef { root, nested } = ctx.attr_kind(value) else { return };
    if !nested.is_empty() {
        let message = "attribute 'value' failed to satisfy constraint: flat symbol reference attribute";
        return diags.push(ctx.op_error(op, message));
    }
    let Some(func) = tables.lookup(ctx, op, value).and_then(|f| FuncOp::cast(ctx, f)) else {
        return diags.push(ctx.op_error(op, format!("reference to undefined function '{root}'")));
    };
    // The function is verified on its own: its `function_type` may be missing here.
    let function_type = ctx.attr(func.0, "function_type").and_then(|attr| ctx.type_value(attr));
    if function_type != Some(ctx.operation(op).result_type(0)) {
        diags.push(ctx.op_error(op, "reference to function with mismatched type"));
    }
}

fn verify_call_indirect(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let operation = ctx.operation(op);
    if operation.num_operands() == 0 {
        return diags.push(ctx.op_error(op, "requires a callee operand"));
    }
    let callee = ctx.value_type(operation.operand(0));
    let Some((inputs, results)) = ctx.function_signature(callee) else {
        let message = format!("operand #0 must be function type, but got '{}'", type_to_string(ctx, callee));
        return diags.push(ctx.op_error(op, message));
    };
    let arguments: Vec<_> = operation.operands().skip(1).map(|value| ctx.value_type(value)).collect();
    if arguments != inputs {
        diags.push(ctx.op_error(op, "failed to verify that callee input types match argument types"));
    }
    if !operation.result_types().eq(results.iter().copied()) {
        diags.push(ctx.op_error(op, "failed to verify that callee result types match result types"));
    }
}

/// Prints ` %callee(%args) attr-dict : type`, as upstream's `$callee `(` $callee_operands `)`
/// attr-dict `:` type($callee)`; a call whose types do not follow from the callee's prints
/// generically.
fn print_call_indirect(p: &mut OpAsmPrinter<'_, '_>, op: OpId) -> PrintResult {
    let ctx = p.ctx();
    let operation = ctx.operation(op);
    if operation.num_operands() == 0 {
        return Err(PrintFailed);
    }
    let callee = operation.operand(0);
    let callee_type = ctx.value_type(callee);
    let Some((inputs, results)) = ctx.function_signature(callee_type) else { return Err(PrintFailed) };
    let fits = operation.operands().skip(1).map(|value| ctx.value_type(value)).eq(inputs.iter().copied())
        && operation.result_types().eq(results.iter().copied());
    if !fits {
        return Err(PrintFailed);
    }
    p.print(" ");
    p.print_operand(callee);
    p.print("(");
    p.print_operands(operation.operands().skip(1));
    p.print(")");
    let attrs = p.op_attributes(op);
    p.print_optional_attr_dict(&attrs, &[]);
    p.print(" : ");
    p.print_type(callee_type);
    Ok(())
}

fn parse_call_indirect(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let callee = p.parse_operand()?;
    p.parse_punct(TokenKind::LParen)?;
    let offset = p.current_offset();
    let arguments = p.parse_operand_list()?;
    p.parse_punct(TokenKind::RParen)?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.parse_colon()?;
    let (inputs, results) = p.parse_function_type()?;
    let callee_type = p.ctx().function_type(inputs.clone(), results.clone());
    state.operands.push(p.resolve_operand(&callee, callee_type)?);
    state.operands.extend(p.resolve_operands(&arguments, &inputs, offset)?);
    state.result_types = results;
    Ok(())
}
