//! `vector.create_mask`: the lane mask of a loop's tail, as MLIR's (one dimension): lanes below
//! the count are set (all when the count reaches the lanes, none when it is zero or negative).
//! MVE computes it with one `vctp`.

use mc_ir::parser::{OpAsmParser, ParseResult};
use mc_ir::printer::attributes::type_to_string;
use mc_ir::printer::{OpAsmPrinter, PrintFailed, PrintResult};
use mc_ir::{Builder, Context, Diagnostic, OpId, OperationState, TypeKind, Value, define_op};

define_op! {
    /// A `vector<Nxi1>` whose lanes `0 .. count` (an `index`) are set.
    pub struct CreateMaskOp = "vector.create_mask" {
        summary: "creates a mask of the first lanes",
        traits: [PURE],
        operands: [count],
        results: [mask],
        attributes: [],
        verify: verify_create_mask,
        print: print_create_mask,
        parse: parse_create_mask,
    }
}

impl CreateMaskOp {
    /// Builds `vector.create_mask count` of `lanes` lanes.
    pub fn build(b: &mut Builder<'_>, count: Value, lanes: i64) -> CreateMaskOp {
        let i1 = b.ctx.integer_type(1);
        let ty = b.ctx.vector_type(lanes, i1);
        CreateMaskOp(b.create(Self::NAME, &[count], &[ty], Vec::new(), Vec::new()))
    }
}

fn verify_create_mask(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let operation = ctx.operation(op);
    let count = ctx.value_type(operation.operand(0));
    if !matches!(ctx.type_kind(count), TypeKind::Index) {
        diags.push(ctx.op_error(op, format!("operand #0 must be index, but got '{}'", type_to_string(ctx, count))));
    }
    let result = operation.result_type(0);
    if ctx.vector_parts(result).and_then(|(_, element)| ctx.integer_width(element)) != Some(1) {
        diags.push(
            ctx.op_error(op, format!("result #0 must be a vector of i1, but got '{}'", type_to_string(ctx, result))),
        );
    }
}

/// Prints ` %n attr-dict : vector<16xi1>` (the count is an `index`).
fn print_create_mask(p: &mut OpAsmPrinter<'_, '_>, op: OpId) -> PrintResult {
    let ctx = p.ctx();
    let operation = ctx.operation(op);
    if operation.num_operands() != 1
        || operation.num_results() != 1
        || !matches!(ctx.type_kind(ctx.value_type(operation.operand(0))), TypeKind::Index)
    {
        return Err(PrintFailed);
    }
    let (count, mask) = (operation.operand(0), operation.result_type(0));
    p.print(" ");
    p.print_operand(count);
    let attrs = p.op_attributes(op);
    p.print_optional_attr_dict(&attrs, &[]);
    p.print(" : ");
    p.print_type(mask);
    Ok(())
}

/// Parses what [`print_create_mask`] prints.
fn parse_create_mask(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let count = p.parse_operand()?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let mask = p.parse_colon_type()?;
    let index = p.ctx().index_type();
    state.operands.push(p.resolve_operand(&count, index)?);
    state.result_types = vec![mask];
    Ok(())
}
