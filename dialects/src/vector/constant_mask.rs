//! `vector.constant_mask`: a mask whose set lanes form the leading `[n0, n1, ...]` corner of
//! its shape, as MLIR's.
//!
//! ```mlir
//! %m = vector.constant_mask [3, 2] : vector<4x3xi1>
//! ```

use super::index_list::{parse_index_list, print_index_list, static_list};
use crate::graph::attributes::i64_array_attr;
use mc_ir::parser::{OpAsmParser, ParseResult};
use mc_ir::printer::attributes::type_to_string;
use mc_ir::printer::{OpAsmPrinter, PrintFailed, PrintResult};
use mc_ir::{Context, Diagnostic, OpId, OperationState, define_op};

define_op! {
    /// Lanes set where every index is below the `mask_dim_sizes` entry of its dimension.
    pub struct ConstantMaskOp = "vector.constant_mask" {
        summary: "creates a constant vector mask",
        traits: [PURE],
        operands: [],
        results: [result],
        attributes: [mask_dim_sizes: DenseArray],
        verify: verify_constant_mask,
        print: print_constant_mask,
        parse: parse_constant_mask,
    }
}

fn verify_constant_mask(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let result = ctx.operation(op).result_type(0);
    let i1 = |element| ctx.integer_width(element) == Some(1) && ctx.is_signless(element);
    let Some((shape, scalable, _)) = ctx.vector_shape(result).filter(|&(.., element)| i1(element)) else {
        let shown = type_to_string(ctx, result);
        let message = format!("result #0 must be vector of 1-bit signless integer values, but got '{shown}'");
        return diags.push(ctx.op_error(op, message));
    };
    let Some(sizes) = static_list(ctx, op, "mask_dim_sizes") else { return };
    let loc = ctx.operation(op).loc();
    if shape.is_empty() {
        if sizes.len() != 1 {
            diags.push(Diagnostic::error(loc, "array attr must have length 1 for 0-D vectors"));
        } else if !matches!(sizes[0], 0 | 1) {
            diags.push(Diagnostic::error(loc, "mask dim size must be either 0 or 1 for 0-D vectors"));
        }
        return;
    }
    if sizes.len() != shape.len() {
        return diags.push(ctx.op_error(op, "must specify array attr of size equal vector result rank"));
    }
    for ((&size, &dim), &is_scalable) in sizes.iter().zip(shape).zip(scalable) {
        if !(0..=dim).contains(&size) {
            let message = "array attr of size out of bounds of vector result dimension size";
            return diags.push(ctx.op_error(op, message));
        }
        if is_scalable && size != 0 && size != dim {
            return diags.push(ctx.op_error(op, "only supports 'none set' or 'all set' scalable dimensions"));
        }
    }
    if sizes.contains(&0) && sizes.iter().any(|&size| size != 0) {
        let message = "expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim";
        diags.push(ctx.op_error(op, message));
    }
}

fn print_constant_mask(p: &mut OpAsmPrinter<'_, '_>, op: OpId) -> PrintResult {
    let ctx = p.ctx();
    let sizes = static_list(ctx, op, "mask_dim_sizes").ok_or(PrintFailed)?;
    p.print(" ");
    print_index_list(p, &sizes, &[]);
    let attrs = p.op_attributes(op);
    p.print_optional_attr_dict(&attrs, &["mask_dim_sizes"]);
    p.print(" : ");
    p.print_type(ctx.operation(op).result_type(0));
    Ok(())
}

fn parse_constant_mask(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let (sizes, _) = parse_index_list(p, false)?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let result = p.parse_colon_type()?;
    state.result_types.push(result);
    let sizes = i64_array_attr(p.ctx(), &sizes);
    state.attrs.push(("mask_dim_sizes".to_string(), sizes));
    Ok(())
}
