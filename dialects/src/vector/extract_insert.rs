//! `vector.extract` and `vector.insert`: a scalar or a sub-vector at a position of a vector's
//! leading dimensions, as MLIR's: the position mixes constants and `index` operands (the
//! `static_position` array holds `DYNAMIC` for each operand), `-1` is a poison position.
//!
//! ```mlir
//! %e = vector.extract %v[1, %i] : f32 from vector<2x3xf32>
//! %r = vector.extract %v[0] : vector<3xf32> from vector<2x3xf32>
//! %w = vector.insert %s, %v[1, 2] : f32 into vector<2x3xf32>
//! ```

use super::index_list::{DYNAMIC, is_position_or_poison, parse_index_list, print_index_list, static_list};
use crate::graph::attributes::i64_array_attr;
use mc_ir::parser::{OpAsmParser, ParseResult, UnresolvedOperand};
use mc_ir::printer::attributes::type_to_string;
use mc_ir::printer::{OpAsmPrinter, PrintFailed, PrintResult};
use mc_ir::{Builder, Context, Diagnostic, OpId, OperationState, Type, TypeKind, Value, define_op};

/// The attribute holding the static position.
const POSITION: &str = "static_position";

define_op! {
    /// The element or sub-vector of `vector` (operand 0) at the position; the other operands are
    /// the dynamic positions.
    pub struct ExtractOp = "vector.extract" {
        summary: "extract operation",
        traits: [PURE],
        operands: variadic,
        results: [result],
        attributes: [static_position: DenseArray],
        verify: verify_extract,
        print: print_extract,
        parse: parse_extract,
    }
}

define_op! {
    /// `dest` (operand 1) with `value` (operand 0) stored at the position; the other operands
    /// are the dynamic positions.
    pub struct InsertOp = "vector.insert" {
        summary: "insert operation",
        traits: [PURE],
        operands: variadic,
        results: [result],
        attributes: [static_position: DenseArray],
        verify: verify_insert,
        print: print_insert,
        parse: parse_insert,
    }
}

impl ExtractOp {
    /// Builds `vector.extract source[lane]` of a one-dimensional vector.
    pub fn build(b: &mut Builder<'_>, source: Value, lane: i64) -> ExtractOp {
        let ty = b.ctx.element_type(b.ctx.value_type(source));
        let position = i64_array_attr(b.ctx, &[lane]);
        let attrs = vec![(POSITION.to_string(), position)];
        ExtractOp(b.create(Self::NAME, &[source], &[ty], attrs, Vec::new()))
    }

    /// The static position ([`DYNAMIC`] where an operand gives it).
    pub fn position(self, ctx: &Context) -> Vec<i64> {
        static_list(ctx, self.0, POSITION).unwrap_or_default()
    }
}

/// Checks the vector operand at `vector_index`, the dynamic positions after `first_dynamic` and
/// the static position of `op`; returns the static position and the vector's shape if they fit.
fn verify_position<'c>(
    ctx: &'c Context,
    op: OpId,
    vector_index: usize,
    first_dynamic: usize,
    diags: &mut Vec<Diagnostic>,
) -> Option<(Vec<i64>, &'c [i64])> {
    let operation = ctx.operation(op);
    if operation.num_operands() < first_dynamic {
        diags.push(ctx.op_error(op, format!("requires at least {first_dynamic} operands")));
        return None;
    }
    let vector = ctx.value_type(operation.operand(vector_index));
    let Some((shape, ..)) = ctx.vector_shape(vector) else {
        let shown = type_to_string(ctx, vector);
        diags.push(
            ctx.op_error(op, format!("operand #{vector_index} must be vector of any type values, but got '{shown}'")),
        );
        return None;
    };
    for index in first_dynamic..operation.num_operands() {
        let ty = ctx.value_type(operation.operand(index));
        if !matches!(ctx.type_kind(ty), TypeKind::Index) {
            let message = format!("operand #{index} must be variadic of index, but got '{}'", type_to_string(ctx, ty));
            diags.push(ctx.op_error(op, message));
            return None;
        }
    }
    let position = static_list(ctx, op, POSITION)?;
    if position.iter().filter(|&&p| p == DYNAMIC).count() != operation.num_operands() - first_dynamic {
        diags.push(ctx.op_error(
            op,
            "mismatch between dynamic and static positions (kDynamic marker but no corresponding dynamic \
             position) -- this can only happen due to an incorrect fold/rewrite",
        ));
        return None;
    }
    Some((position, shape))
}

fn verify_extract(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let result = ctx.operation(op).result_type(0);
    if ctx.vector_shape(result).is_some_and(|(shape, ..)| shape.is_empty()) {
        let message = "expected a scalar instead of a 0-d vector as the result type";
        return diags.push(Diagnostic::error(ctx.operation(op).loc(), message));
    }
    let Some((position, shape)) = verify_position(ctx, op, 0, 1, diags) else { return };
    if position.len() > shape.len() {
        return diags.push(ctx.op_error(op, "expected position attribute of rank no greater than vector rank"));
    }
    for (index, (&at, &size)) in position.iter().zip(shape).enumerate() {
        if at != DYNAMIC && !is_position_or_poison(at, size) {
            let message = format!(
                "expected position attribute #{} to be a non-negative integer smaller than the corresponding \
                 vector dimension or poison (-1)",
                index + 1
            );
            return diags.push(ctx.op_error(op, message));
        }
    }
    verify_inferred_type(ctx, op, 0, position.len(), result, diags);
}

/// Reports `actual` unless it is what sits at a position of `count` entries in operand
/// `vector_index`, with the two errors upstream's type inference reports.
fn verify_inferred_type(
    ctx: &Context,
    op: OpId,
    vector_index: usize,
    count: usize,
    actual: Type,
    diags: &mut Vec<Diagnostic>,
) {
    let vector = ctx.value_type(ctx.operation(op).operand(vector_index));
    let Some((shape, scalable, element)) = ctx.vector_shape(vector) else { return };
    let expected = (count >= shape.len()).then_some(element);
    let fits = match expected {
        Some(element) => actual == element,
        None => ctx.vector_shape(actual) == Some((&shape[count..], &scalable[count..], element)),
    };
    if !fits {
        let shown = match expected {
            Some(element) => type_to_string(ctx, element),
            None => {
                let dims: Vec<String> = shape[count..]
                    .iter()
                    .zip(&scalable[count..])
                    .map(|(size, &s)| if s { format!("[{size}]") } else { size.to_string() })
                    .collect();
                format!("vector<{}x{}>", dims.join("x"), type_to_string(ctx, element))
            }
        };
        diags.push(ctx.op_error(
            op,
            format!(
                "inferred type(s) '{shown}' are incompatible with return type(s) of operation '{}'",
                type_to_string(ctx, actual)
            ),
        ));
        diags.push(ctx.op_error(op, "failed to infer returned types"));
    }
}

fn verify_insert(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let operation = ctx.operation(op);
    if operation.num_operands() < 2 {
        return diags.push(ctx.op_error(op, "requires at least 2 operands"));
    }
    let value = ctx.value_type(operation.operand(0));
    let value_shape = ctx.vector_shape(value).map(|(shape, ..)| shape);
    if value_shape.is_some_and(|shape| shape.is_empty()) {
        let message = "expected a scalar instead of a 0-d vector as the source operand";
        return diags.push(Diagnostic::error(ctx.operation(op).loc(), message));
    }
    let Some((position, shape)) = verify_position(ctx, op, 1, 2, diags) else { return };
    if operation.result_type(0) != ctx.value_type(operation.operand(1)) {
        return diags.push(ctx.op_error(op, "failed to verify that all of {dest, result} have same type"));
    }
    if position.len() > shape.len() {
        return diags.push(ctx.op_error(op, "expected position attribute of rank no greater than dest vector rank"));
    }
    match value_shape {
        Some(value_shape) if value_shape.len() + position.len() != shape.len() => {
            return diags
                .push(ctx.op_error(op, "expected position attribute rank + source rank to match dest vector rank"));
        }
        None if position.len() != shape.len() => {
            return diags.push(ctx.op_error(op, "expected position attribute rank to match the dest vector rank"));
        }
        _ => {}
    }
    for (index, (&at, &size)) in position.iter().zip(shape).enumerate() {
        if at != DYNAMIC && !is_position_or_poison(at, size) {
            let message = format!(
                "expected position attribute #{} to be a non-negative integer smaller than the corresponding dest \
                 vector dimension",
                index + 1
            );
            return diags.push(ctx.op_error(op, message));
        }
    }
    verify_inferred_type(ctx, op, 1, position.len(), value, diags);
}

/// Prints `%vector[position] attr-dict` for the operands from `vector_index` on, with a space
/// before `[` where upstream's format puts one (`vector.insert`).
fn print_access(p: &mut OpAsmPrinter<'_, '_>, op: OpId, vector_index: usize, spaced: bool) -> PrintResult {
    let ctx = p.ctx();
    let position = static_list(ctx, op, POSITION).ok_or(PrintFailed)?;
    let operands: Vec<Value> = ctx.operation(op).operands().collect();
    let dynamic = &operands[vector_index + 1..];
    if position.iter().filter(|&&p| p == DYNAMIC).count() != dynamic.len() {
        return Err(PrintFailed);
    }
    p.print_operand(operands[vector_index]);
    if spaced {
        p.print(" ");
    }
    print_index_list(p, &position, dynamic);
    let attrs = p.op_attributes(op);
    p.print_optional_attr_dict(&attrs, &[POSITION]);
    Ok(())
}

fn print_extract(p: &mut OpAsmPrinter<'_, '_>, op: OpId) -> PrintResult {
    let ctx = p.ctx();
    let operation = ctx.operation(op);
    if operation.num_operands() == 0 {
        return Err(PrintFailed);
    }
    p.print(" ");
    print_access(p, op, 0, false)?;
    p.print(" : ");
    p.print_type(operation.result_type(0));
    p.print(" from ");
    p.print_type(ctx.value_type(operation.operand(0)));
    Ok(())
}

fn print_insert(p: &mut OpAsmPrinter<'_, '_>, op: OpId) -> PrintResult {
    let ctx = p.ctx();
    let operation = ctx.operation(op);
    if operation.num_operands() < 2 {
        return Err(PrintFailed);
    }
    p.print(" ");
    p.print_operand(operation.operand(0));
    p.print(", ");
    print_access(p, op, 1, true)?;
    p.print(" : ");
    p.print_type(ctx.value_type(operation.operand(0)));
    p.print(" into ");
    p.print_type(operation.result_type(0));
    Ok(())
}

/// Parses `%vector[position] attr-dict :`, recording the static position in `state`.
fn parse_access(
    p: &mut OpAsmParser<'_, '_>,
    state: &mut OperationState,
) -> ParseResult<(UnresolvedOperand, Vec<UnresolvedOperand>)> {
    let vector = p.parse_operand()?;
    let (position, dynamic) = parse_index_list(p, true)?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.parse_colon()?;
    let position = i64_array_attr(p.ctx(), &position);
    state.attrs.push((POSITION.to_string(), position));
    Ok((vector, dynamic))
}

/// Resolves the dynamic positions as `index` values into `state`.
fn resolve_dynamic(
    p: &mut OpAsmParser<'_, '_>,
    state: &mut OperationState,
    dynamic: &[UnresolvedOperand],
) -> ParseResult<()> {
    let index = p.ctx().index_type();
    for operand in dynamic {
        state.operands.push(p.resolve_operand(operand, index)?);
    }
    Ok(())
}

fn parse_extract(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let (vector, dynamic) = parse_access(p, state)?;
    let result = p.parse_type()?;
    p.parse_keyword("from")?;
    let vector_type = p.parse_type()?;
    state.operands.push(p.resolve_operand(&vector, vector_type)?);
    resolve_dynamic(p, state, &dynamic)?;
    state.result_types.push(result);
    Ok(())
}

fn parse_insert(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let value = p.parse_operand()?;
    p.parse_comma()?;
    let (dest, dynamic) = parse_access(p, state)?;
    let value_type = p.parse_type()?;
    p.parse_keyword("into")?;
    let dest_type = p.parse_type()?;
    state.operands.push(p.resolve_operand(&value, value_type)?);
    state.operands.push(p.resolve_operand(&dest, dest_type)?);
    resolve_dynamic(p, state, &dynamic)?;
    state.result_types.push(dest_type);
    Ok(())
}
