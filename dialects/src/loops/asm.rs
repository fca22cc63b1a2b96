//! Custom forms of the `loop` ops, as MLIR's `scf.for`, `scf.if`, `memref.load` and
//! `memref.store` print them:
//!
//! ```mlir
//! %r = loop.for %iv = %lb to %ub step %s iter_args(%acc = %init) -> (i32) { ... }
//! loop.for %iv = %lb to %ub step %s { ... }            // no results: `loop.yield` implied
//! %r = loop.if %c -> (i32) { ... } else { ... }
//! %v = loop.load %buf[%i, %j] : !buffer<4x4xi8>
//! loop.store %v, %buf[%i, %j] : !buffer<4x4xi8>
//! ```

use super::ops::{YieldOp, is_storage_type, storage_type};
use mc_ir::parser::{Argument, OpAsmParser, ParseResult, lexer::TokenKind};
use mc_ir::printer::{OpAsmPrinter, PrintFailed, PrintResult};
use mc_ir::{Context, InsertPoint, OpId, OperationState, RegionId, Type, TypeKind};

/// True if the single block of `region` ends in a `loop.yield` with operands, which the custom
/// form must show.
fn yields_values(ctx: &Context, region: RegionId) -> bool {
    ctx.entry_block(region).and_then(|b| ctx.last_op(b)).is_some_and(|t| ctx.operation(t).num_operands() > 0)
}

/// True if `region` is printable in a custom form: at most one block, ending in `loop.yield`.
fn printable_region(ctx: &Context, region: RegionId) -> bool {
    match ctx.region_blocks(region) {
        [] => true,
        [block] => ctx.last_op(*block).is_some_and(|t| YieldOp::cast(ctx, t).is_some()),
        _ => false,
    }
}

/// Prints `loop.for`'s custom form.
pub(super) fn print_for(p: &mut OpAsmPrinter<'_, '_>, op: OpId) -> PrintResult {
    let ctx = p.ctx();
    let operation = ctx.operation(op);
    let &[body] = operation.regions() else { return Err(PrintFailed) };
    let Some(block) = ctx.entry_block(body) else { return Err(PrintFailed) };
    let operands: Vec<_> = operation.operands().collect();
    let args = ctx.block_args(block);
    if operands.len() < 3
        || args.len() != operands.len() - 2
        || !printable_region(ctx, body)
        || operation.num_results() != operands.len() - 3
        || args.iter().zip(&operands[2..]).skip(1).any(|(&a, &o)| ctx.value_type(a) != ctx.value_type(o))
        || operands[..3].iter().chain(&args[..1]).any(|&v| !matches!(ctx.type_kind(ctx.value_type(v)), TypeKind::Index))
    {
        return Err(PrintFailed);
    }
    p.print(" ");
    p.print_operand(args[0]);
    p.print(" = ");
    p.print_operand(operands[0]);
    p.print(" to ");
    p.print_operand(operands[1]);
    p.print(" step ");
    p.print_operand(operands[2]);
    if operands.len() > 3 {
        p.print(" iter_args(");
        for (index, (&arg, &init)) in args[1..].iter().zip(&operands[3..]).enumerate() {
            if index > 0 {
                p.print(", ");
            }
            p.print_operand(arg);
            p.print(" = ");
            p.print_operand(init);
        }
        p.print(") -> (");
        let types: Vec<Type> = operation.result_types().collect();
        p.print_types(&types);
        p.print(")");
    }
    p.print(" ");
    p.print_region(body, false, yields_values(ctx, body));
    let attrs = p.op_attributes(op);
    p.print_optional_attr_dict(&attrs, &[]);
    Ok(())
}

/// Appends `loop.yield` to the single block of `region` if it does not end in a terminator
/// (MLIR's `ensureTerminator`), creating the block if the region is empty.
fn ensure_terminator(p: &mut OpAsmParser<'_, '_>, region: RegionId, offset: u32) {
    let loc = p.loc_at(offset);
    let ctx = p.ctx();
    let block = match ctx.entry_block(region) {
        Some(block) => block,
        None => {
            let block = ctx.create_block(&[]);
            ctx.append_block(region, block);
            block
        }
    };
    let ends = ctx.last_op(block).is_some_and(|t| ctx.has_trait(t, mc_ir::Traits::TERMINATOR));
    if !ends {
        let state = OperationState::new(ctx.op_name(YieldOp::NAME), loc);
        let op = ctx.create_operation(state);
        ctx.insert_op(op, InsertPoint::end(block));
    }
}

/// Parses what [`print_for`] prints.
pub(super) fn parse_for(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let index = p.ctx().index_type();
    let iv = p.parse_argument_name(index)?;
    p.parse_punct(TokenKind::Equal)?;
    let lb = p.parse_operand()?;
    p.parse_keyword("to")?;
    let ub = p.parse_operand()?;
    p.parse_keyword("step")?;
    let step = p.parse_operand()?;
    let mut args: Vec<Argument> = vec![iv];
    let mut inits = Vec::new();
    let mut result_types = Vec::new();
    if p.parse_optional_keyword("iter_args")? {
        p.parse_punct(TokenKind::LParen)?;
        loop {
            args.push(p.parse_argument_name(index)?);
            p.parse_punct(TokenKind::Equal)?;
            inits.push(p.parse_operand()?);
            if !p.parse_optional_comma()? {
                break;
            }
        }
        p.parse_punct(TokenKind::RParen)?;
        p.parse_punct(TokenKind::Arrow)?;
        let offset = p.current_offset();
        result_types = p.parse_result_types()?;
        if result_types.len() != inits.len() {
            return Err(p.error_at(offset, "mismatch in number of loop-carried values and defined values"));
        }
    } else if p.parse_optional_punct(TokenKind::Colon)? {
        let offset = p.current_offset();
        let ty = p.parse_type()?;
        if ty != index {
            return Err(p.error_at(offset, "expected 'index' as the type of the bounds and step"));
        }
    }
    for (arg, &ty) in args[1..].iter_mut().zip(&result_types) {
        arg.ty = ty;
    }
    let mut operands = vec![p.resolve_operand(&lb, index)?, p.resolve_operand(&ub, index)?];
    operands.push(p.resolve_operand(&step, index)?);
    for (init, &ty) in inits.iter().zip(&result_types) {
        operands.push(p.resolve_operand(init, ty)?);
    }
    let offset = p.current_offset();
    let body = p.parse_region(&args)?;
    ensure_terminator(p, body, offset);
    p.parse_optional_attr_dict(&mut state.attrs)?;
    state.operands = operands;
    state.result_types = result_types;
    state.regions = vec![body];
    Ok(())
}

/// Prints `loop.if`'s custom form.
pub(super) fn print_if(p: &mut OpAsmPrinter<'_, '_>, op: OpId) -> PrintResult {
    let ctx = p.ctx();
    let operation = ctx.operation(op);
    let &[then_region, else_region] = operation.regions() else { return Err(PrintFailed) };
    if operation.num_operands() != 1
        || ctx.entry_block(then_region).is_none()
        || !printable_region(ctx, then_region)
        || !printable_region(ctx, else_region)
        || ctx.entry_block(then_region).is_some_and(|b| ctx.num_block_args(b) > 0)
        || ctx.entry_block(else_region).is_some_and(|b| ctx.num_block_args(b) > 0)
    {
        return Err(PrintFailed);
    }
    p.print(" ");
    p.print_operand(operation.operand(0));
    if operation.num_results() > 0 {
        p.print(" -> (");
        let types: Vec<Type> = operation.result_types().collect();
        p.print_types(&types);
        p.print(")");
    }
    p.print(" ");
    p.print_region(then_region, false, yields_values(ctx, then_region));
    if ctx.entry_block(else_region).is_some() {
        p.print(" else ");
        p.print_region(else_region, false, yields_values(ctx, else_region));
    }
    let attrs = p.op_attributes(op);
    p.print_optional_attr_dict(&attrs, &[]);
    Ok(())
}

/// Parses what [`print_if`] prints.
pub(super) fn parse_if(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let condition = p.parse_operand()?;
    let i1 = p.ctx().integer_type(1);
    state.operands = vec![p.resolve_operand(&condition, i1)?];
    if p.parse_optional_punct(TokenKind::Arrow)? {
        state.result_types = p.parse_result_types()?;
    }
    let offset = p.current_offset();
    let then_region = p.parse_region(&[])?;
    ensure_terminator(p, then_region, offset);
    let else_region = if p.parse_optional_keyword("else")? {
        let offset = p.current_offset();
        let region = p.parse_region(&[])?;
        ensure_terminator(p, region, offset);
        region
    } else {
        p.ctx().create_region()
    };
    p.parse_optional_attr_dict(&mut state.attrs)?;
    state.regions = vec![then_region, else_region];
    Ok(())
}

/// Prints `buffer[indices] attr-dict : type`, the common tail of loads and stores.
fn print_access(p: &mut OpAsmPrinter<'_, '_>, op: OpId, buffer_index: usize) -> PrintResult {
    let ctx = p.ctx();
    let operation = ctx.operation(op);
    if operation.num_operands() <= buffer_index {
        return Err(PrintFailed);
    }
    let operands: Vec<_> = operation.operands().collect();
    let buffer = operands[buffer_index];
    p.print_operand(buffer);
    p.print("[");
    p.print_operands(operands[buffer_index + 1..].iter().copied());
    p.print("]");
    let attrs = p.op_attributes(op);
    p.print_optional_attr_dict(&attrs, &[]);
    p.print(" : ");
    p.print_type(ctx.value_type(buffer));
    Ok(())
}

/// Prints `loop.load`'s custom form.
pub(super) fn print_load(p: &mut OpAsmPrinter<'_, '_>, op: OpId) -> PrintResult {
    let ctx = p.ctx();
    let operation = ctx.operation(op);
    if operation.num_results() != 1 || operation.num_operands() == 0 {
        return Err(PrintFailed);
    }
    // The custom form infers the result type: print generically when it would infer another.
    let ty = ctx.value_type(operation.operand(0));
    let Some((_, element)) = ctx.buffer_parts(ty) else { return Err(PrintFailed) };
    if !is_storage_type(ctx, element, operation.result_type(0)) {
        return Err(PrintFailed);
    }
    p.print(" ");
    print_access(p, op, 0)
}

/// Parses `buffer[indices] attr-dict : type` into operands (after any already there); returns
/// the buffer's element type.
fn parse_access(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<Type> {
    let buffer = p.parse_operand()?;
    p.parse_punct(TokenKind::LSquare)?;
    let indices = p.parse_operand_list()?;
    p.parse_punct(TokenKind::RSquare)?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.parse_colon()?;
    let offset = p.current_offset();
    let ty = p.parse_type()?;
    let Some((_, element)) = p.ctx().buffer_parts(ty) else {
        return Err(p.error_at(offset, "expected a buffer type"));
    };
    let index = p.ctx().index_type();
    state.operands.push(p.resolve_operand(&buffer, ty)?);
    for operand in &indices {
        state.operands.push(p.resolve_operand(operand, index)?);
    }
    Ok(element)
}

/// Parses what [`print_load`] prints.
pub(super) fn parse_load(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let element = parse_access(p, state)?;
    state.result_types = vec![storage_type(p.ctx(), element)];
    Ok(())
}

/// Prints `loop.store`'s custom form.
pub(super) fn print_store(p: &mut OpAsmPrinter<'_, '_>, op: OpId) -> PrintResult {
    let ctx = p.ctx();
    let operation = ctx.operation(op);
    if operation.num_operands() < 2 || operation.num_results() != 0 {
        return Err(PrintFailed);
    }
    let (value, buffer) = (operation.operand(0), operation.operand(1));
    let Some((_, element)) = ctx.buffer_parts(ctx.value_type(buffer)) else { return Err(PrintFailed) };
    // The custom form infers the value's type from the buffer's.
    if !is_storage_type(ctx, element, ctx.value_type(value)) {
        return Err(PrintFailed);
    }
    p.print(" ");
    p.print_operand(value);
    p.print(", ");
    print_access(p, op, 1)
}

/// Parses what [`print_store`] prints.
pub(super) fn parse_store(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let value = p.parse_operand()?;
    p.parse_comma()?;
    let element = parse_access(p, state)?;
    let ty = storage_type(p.ctx(), element);
    let value = p.resolve_operand(&value, ty)?;
    state.operands.insert(0, value);
    Ok(())
}
