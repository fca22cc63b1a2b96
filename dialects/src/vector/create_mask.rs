//! `vector.create_mask`: the lane mask of a loop's tail, as MLIR's: lanes below the count are set
//! (all when the count reaches the lanes, none when it is zero or negative), one count per
//! dimension for n-D masks.
//! MVE computes it with one `vctp`.

use mc_ir::parser::{OpAsmParser, ParseResult};
use mc_ir::printer::attributes::type_to_string;
use mc_ir::printer::{OpAsmPrinter, PrintFailed, PrintResult};
use mc_ir::{Builder, Context, Diagnostic, OpId, OperationState, TypeKind, Value, define_op};

define_op! {
    /// A `vector<Nxi1>` whose lanes `0 .. count` (an `index`) are set; an n-D mask takes one count
    /// per dimension (a 0-D mask one count).
    pub struct CreateMaskOp = "vector.create_mask" {
        summary: "creates a mask of the first lanes",
        traits: [PURE],
        operands: variadic,
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
    for (index, count) in operation.operands().enumerate() {
        let ty = ctx.value_type(count);
        if !matches!(ctx.type_kind(ty), TypeKind::Index) {
            diags.push(ctx.op_error(op, format!("operand #{index} must be index, but got '{}'", type_to_string(ctx, ty))));
        }
    }
    let result = operation.result_type(0);
    let Some((shape, _, _)) = ctx.vector_shape(result).filter(|&(_, _, e)| ctx.integer_width(e) == Some(1))
    else {
        let message = format!("result #0 must be a vector of i1, but got '{}'", type_to_string(ctx, result));
        return diags.push(ctx.op_error(op, message));
    };
    if shape.is_empty() && operation.num_operands() != 1 {
        diags.push(ctx.op_error(op, "must specify exactly one operand for 0-D create_mask"));
    } else if !shape.is_empty() && operation.num_operands() != shape.len() {
        diags.push(ctx.op_error(op, "must specify an operand for each result vector dimension"));
    }
}

/// Prints ` %a, %b attr-dict : vector<4x8xi1>` (the counts are `index`es).
fn print_create_mask(p: &mut OpAsmPrinter<'_, '_>, op: OpId) -> PrintResult {
    let ctx = p.ctx();
    let operation = ctx.operation(op);
    let all_index = operation.operands().all(|count| matches!(ctx.type_kind(ctx.value_type(count)), TypeKind::Index));
    if operation.num_results() != 1 || !all_index {
        return Err(PrintFailed);
    }
    let counts: Vec<Value> = operation.operands().collect();
    let mask = operation.result_type(0);
    p.print(" ");
    p.print_operands(counts);
    let attrs = p.op_attributes(op);
    p.print_optional_attr_dict(&attrs, &[]);
    p.print(" : ");
    p.print_type(mask);
    Ok(())
}

/// Parses what [`print_create_mask`] prints.
fn parse_create_mask(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let counts = p.parse_operand_list()?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let mask = p.parse_colon_type()?;
    let index = p.ctx().index_type();
    for count in &counts {
        state.operands.push(p.resolve_operand(count, index)?);
    }
    state.result_types = vec![mask];
    Ok(())
}
