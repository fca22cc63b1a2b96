//! `vector.from_elements`: a vector gathered from one scalar per lane, as MLIR's op of that
//! name. The SLP-style passes gather scalars computed side by side (the accumulators of a
//! register-blocked dot product) into one vector, work on it lane-wise and take the lanes out
//! again with `vector.extract` for scalar stores; MVE moves two lanes per `vmov`.

use mc_ir::parser::{OpAsmParser, ParseResult};
use mc_ir::printer::attributes::type_to_string;
use mc_ir::printer::{OpAsmPrinter, PrintFailed, PrintResult};
use mc_ir::{Builder, Context, Diagnostic, OpId, OperationState, Value, define_op};

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

impl FromElementsOp {
    /// Builds `vector.from_elements elements` (scalars of one type).
    pub fn build(b: &mut Builder<'_>, elements: &[Value]) -> FromElementsOp {
        let element = b.ctx.value_type(elements[0]);
        let ty = b.ctx.vector_type(elements.len() as i64, element);
        FromElementsOp(b.create(Self::NAME, elements, &[ty], Vec::new(), Vec::new()))
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
