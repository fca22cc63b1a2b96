//! `vector.from_elements` and `vector.extract`: single lanes moved into and out of a vector, as
//! MLIR's ops of those names. The SLP-style passes gather scalars computed side by side (the
//! accumulators of a register-blocked dot product) into one vector, work on it lane-wise and
//! take the lanes out again for scalar stores; MVE moves two lanes per `vmov`.
//!
//! `vector.extract`'s positions are static integers or `index` operands (`%v[%i, 2]`: MLIR's
//! `static_position` holds `i64::MIN` where an operand gives the position); mc's passes build
//! static ones, the only ones the LLVM backend lowers.

use crate::graph::attributes::{i64_array, i64_array_attr};
use mc_ir::parser::{OpAsmParser, ParseResult, lexer::TokenKind};
use mc_ir::printer::attributes::type_to_string;
use mc_ir::printer::{OpAsmPrinter, PrintFailed, PrintResult};
use mc_ir::{AttrKind, Builder, Context, Diagnostic, OpId, OperationState, Type, TypeKind, Value, define_op};

define_op! {
    /// A vector of `elements`, lane `i` the `i`-th operand (one per element of the result, of
    /// its element type, row-major for n-D vectors).
    pub struct FromElementsOp = "vector.from_elements" {
        summary: "a vector from one scalar per lane",
        traits: [PURE],
        operands: variadic,
        results: [dest],
        attributes: [],
        verify: verify_from_elements,
        print: print_from_elements,
        parse: parse_from_elements,
    }
}

define_op! {
    /// The element (or the trailing sub-vector) of `source` (operand 0) at the position, one
    /// entry per leading dimension: `static_position`'s, where it holds [`DYNAMIC`] the next
    /// `index` operand's.
    pub struct ExtractOp = "vector.extract" {
        summary: "one lane (or sub-vector) of a vector",
        traits: [PURE],
        operands: variadic,
        results: [result],
        attributes: [static_position: DenseArray],
        verify: verify_extract,
        print: print_extract,
        parse: parse_extract,
    }
}

/// The position MLIR reads as "any value" (`poison`).
const POISON: i64 = -1;

/// The `static_position` entry of a position an operand gives (MLIR's `ShapedType::kDynamic`).
pub const DYNAMIC: i64 = i64::MIN;

impl FromElementsOp {
    /// Builds `vector.from_elements elements` (scalars of one type).
    pub fn build(b: &mut Builder<'_>, elements: &[Value]) -> FromElementsOp {
        let element = b.ctx.value_type(elements[0]);
        let ty = b.ctx.vector_type(elements.len() as i64, element);
        FromElementsOp(b.create(Self::NAME, elements, &[ty], Vec::new(), Vec::new()))
    }
}

impl ExtractOp {
    /// Builds `vector.extract source[lane]` of a one-dimensional vector.
    pub fn build(b: &mut Builder<'_>, source: Value, lane: i64) -> ExtractOp {
        let ty = b.ctx.element_type(b.ctx.value_type(source));
        let position = i64_array_attr(b.ctx, &[lane]);
        let attrs = vec![("static_position".to_string(), position)];
        ExtractOp(b.create(Self::NAME, &[source], &[ty], attrs, Vec::new()))
    }

    /// The static position.
    pub fn position(self, ctx: &Context) -> Vec<i64> {
        ctx.attr(self.0, "static_position").and_then(|attr| i64_array(ctx, attr)).unwrap_or_default()
    }
}

fn verify_from_elements(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let operation = ctx.operation(op);
    let result = operation.result_type(0);
    let Some((shape, scalable, element)) = ctx.vector_shape(result) else {
        let message = format!("result #0 must be a vector, but got '{}'", type_to_string(ctx, result));
        return diags.push(ctx.op_error(op, message));
    };
    if scalable.contains(&true) {
        return diags.push(ctx.op_error(op, "result #0 must be a fixed-length vector"));
    }
    let count = shape.iter().product::<i64>();
    if operation.num_operands() as i64 != count {
        let message = format!("requires {count} operands (one per element), but found {}", operation.num_operands());
        return diags.push(ctx.op_error(op, message));
    }
    if operation.operands().any(|v| ctx.value_type(v) != element) {
        let message = format!("operands must be of the result's element type '{}'", type_to_string(ctx, element));
        diags.push(ctx.op_error(op, message));
    }
}

fn verify_extract(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let operation = ctx.operation(op);
    let Some(source) = operation.operands().next().map(|v| ctx.value_type(v)) else {
        return diags.push(ctx.op_error(op, "requires a vector operand"));
    };
    let Some((shape, scalable, element)) = ctx.vector_shape(source) else {
        let message = format!("operand #0 must be a vector, but got '{}'", type_to_string(ctx, source));
        return diags.push(ctx.op_error(op, message));
    };
    let position = ExtractOp(op).position(ctx);
    let dynamic = position.iter().filter(|&&at| at == DYNAMIC).count();
    if dynamic != operation.num_operands() - 1 {
        let message = format!(
            "expected {dynamic} dynamic position operands (one per dynamic entry of static_position), but found {}",
            operation.num_operands() - 1
        );
        return diags.push(ctx.op_error(op, message));
    }
    for (index, value) in operation.operands().enumerate().skip(1) {
        let ty = ctx.value_type(value);
        if !matches!(ctx.type_kind(ty), TypeKind::Index) {
            diags.push(
                ctx.op_error(op, format!("operand #{index} must be index, but got '{}'", type_to_string(ctx, ty))),
            );
        }
    }
    if position.len() > shape.len() {
        return diags.push(ctx.op_error(op, "expected position attribute of rank no greater than vector rank"));
    }
    for (index, (&at, &size)) in position.iter().zip(shape).enumerate() {
        if at != POISON && at != DYNAMIC && !(0..size).contains(&at) {
            let message = format!(
                "expected position attribute #{} to be a non-negative integer smaller than the corresponding vector \
                 dimension or poison (-1)",
                index + 1
            );
            return diags.push(ctx.op_error(op, message));
        }
    }
    let result = operation.result_type(0);
    let expected = if position.len() == shape.len() {
        Some(element)
    } else {
        ctx.vector_shape(result)
            .filter(|(rest, rest_scalable, lane)| {
                *lane == element
                    && rest[..] == shape[position.len()..]
                    && rest_scalable[..] == scalable[position.len()..]
            })
            .map(|_| result)
    };
    if expected != Some(result) {
        let message = format!(
            "result type '{}' is not the element or trailing sub-vector of '{}' at the position",
            type_to_string(ctx, result),
            type_to_string(ctx, source)
        );
        diags.push(ctx.op_error(op, message));
    }
}

/// Prints ` %a, %b attr-dict : vector<2xi32>`.
fn print_from_elements(p: &mut OpAsmPrinter<'_, '_>, op: OpId) -> PrintResult {
    let ctx = p.ctx();
    let operation = ctx.operation(op);
    let result = operation.result_type(0);
    let element = ctx.vector_shape(result).map(|(_, _, element)| element).ok_or(PrintFailed)?;
    if operation.num_results() != 1 || operation.operands().any(|v| ctx.value_type(v) != element) {
        return Err(PrintFailed);
    }
    let elements: Vec<Value> = operation.operands().collect();
    p.print(" ");
    p.print_operands(elements);
    let attrs = p.op_attributes(op);
    p.print_optional_attr_dict(&attrs, &[]);
    p.print(" : ");
    p.print_type(result);
    Ok(())
}

/// Parses what [`print_from_elements`] prints.
fn parse_from_elements(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let elements = p.parse_operand_list()?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let result = p.parse_colon_type()?;
    let element = p.ctx().element_type(result);
    for value in &elements {
        state.operands.push(p.resolve_operand(value, element)?);
    }
    state.result_types = vec![result];
    Ok(())
}

/// Prints ` %v[1] attr-dict : i32 from vector<4xi32>`.
fn print_extract(p: &mut OpAsmPrinter<'_, '_>, op: OpId) -> PrintResult {
    let ctx = p.ctx();
    let operation = ctx.operation(op);
    let position = ctx.attr(op, "static_position").and_then(|attr| i64_array(ctx, attr)).ok_or(PrintFailed)?;
    let operands: Vec<Value> = operation.operands().collect();
    let dynamic = position.iter().filter(|&&at| at == DYNAMIC).count();
    if operands.len() != dynamic + 1 || operation.num_results() != 1 {
        return Err(PrintFailed);
    }
    let (source, result) = (operands[0], operation.result_type(0));
    let source_type = ctx.value_type(source);
    p.print(" ");
    p.print_operand(source);
    p.print("[");
    let mut dynamic_operands = operands[1..].iter();
    for (index, &at) in position.iter().enumerate() {
        if index > 0 {
            p.print(", ");
        }
        match at {
            POISON => p.print("poison"),
            DYNAMIC => p.print_operand(*dynamic_operands.next().ok_or(PrintFailed)?),
            _ => p.print(&at.to_string()),
        }
    }
    p.print("]");
    let attrs = p.op_attributes(op);
    p.print_optional_attr_dict(&attrs, &["static_position"]);
    p.print(" : ");
    p.print_type(result);
    p.print(" from ");
    p.print_type(source_type);
    Ok(())
}

/// Parses what [`print_extract`] prints (positions: integers, `poison` or `index` operands).
fn parse_extract(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let source = p.parse_operand()?;
    p.parse_punct(TokenKind::LSquare)?;
    let (mut position, mut dynamic) = (Vec::new(), Vec::new());
    if !p.parse_optional_punct(TokenKind::RSquare)? {
        loop {
            if let Some(operand) = p.parse_optional_operand()? {
                dynamic.push(operand);
                position.push(DYNAMIC);
            } else if p.parse_optional_keyword("poison")? {
                position.push(POISON);
            } else {
                let attr = p.parse_attribute()?;
                let AttrKind::Integer { value, .. } = p.ctx().attr_kind(attr) else {
                    return Err(p.error_here("expected an integer position or 'poison'"));
                };
                position.push(i64::try_from(*value).map_err(|_| p.error_here("position out of range"))?);
            }
            if !p.parse_optional_comma()? {
                break;
            }
        }
        p.parse_punct(TokenKind::RSquare)?;
    }
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let result = p.parse_colon_type()?;
    p.parse_keyword("from")?;
    let source_type: Type = p.parse_type()?;
    state.operands.push(p.resolve_operand(&source, source_type)?);
    let index = p.ctx().index_type();
    for operand in &dynamic {
        state.operands.push(p.resolve_operand(operand, index)?);
    }
    let position = i64_array_attr(p.ctx(), &position);
    state.attrs.push(("static_position".to_string(), position));
    state.result_types = vec![result];
    Ok(())
}
