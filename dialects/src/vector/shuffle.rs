//! `vector.shuffle`: lanes picked from two vectors along their leading dimension, as MLIR's:
//! mask entry `i` picks row `i` of the result from `v1` (entries below `v1`'s leading size) or
//! `v2` (the entries after), `-1` a poison row.
//!
//! ```mlir
//! %s = vector.shuffle %a, %b [0, 3, -1] : vector<2xf32>, vector<2xf32>
//! ```

use super::index_list::{is_position_or_poison, parse_index_list, print_index_list, static_list};
use crate::graph::attributes::i64_array_attr;
use mc_ir::parser::{OpAsmParser, ParseResult};
use mc_ir::printer::attributes::type_to_string;
use mc_ir::printer::{OpAsmPrinter, PrintFailed, PrintResult};
use mc_ir::{Context, Diagnostic, OpId, OperationState, Type, TypeKind, define_op};

define_op! {
    /// The rows of `v1` and `v2` that `mask` picks.
    pub struct ShuffleOp = "vector.shuffle" {
        summary: "shuffle operation",
        traits: [PURE],
        operands: [v1, v2],
        results: [vector],
        attributes: [mask: DenseArray],
        verify: verify_shuffle,
        print: print_shuffle,
        parse: parse_shuffle,
    }
}

/// The result type of shuffling `v1` (a fixed vector) with a mask of `rows` entries: `rows` rows
/// of `v1`'s trailing dimensions (one dimension of `rows` for 0-D operands).
fn shuffled_type(ctx: &mut Context, v1: Type, rows: usize) -> Option<Type> {
    let (shape, scalable, element) = ctx.vector_shape(v1)?;
    let mut shape = shape.to_vec();
    let mut scalable = scalable.to_vec();
    if shape.is_empty() {
        (shape, scalable) = (vec![0], vec![false]);
    }
    (shape[0], scalable[0]) = (rows as i64, false);
    Some(ctx.intern_type(TypeKind::Vector { shape, scalable, element }))
}

fn verify_shuffle(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let operation = ctx.operation(op);
    let types = [ctx.value_type(operation.operand(0)), ctx.value_type(operation.operand(1)), operation.result_type(0)];
    for (ty, what) in types.iter().zip(["operand #0", "operand #1", "result #0"]) {
        let fixed = ctx.vector_shape(*ty).is_some_and(|(_, scalable, _)| !scalable.contains(&true));
        if !fixed {
            let shown = type_to_string(ctx, *ty);
            let message = format!("{what} must be fixed-length vector of any type values, but got '{shown}'");
            return diags.push(ctx.op_error(op, message));
        }
    }
    let [Some(v1), Some(v2), Some(result)] = types.map(|ty| ctx.vector_shape(ty)) else { return };
    for (operand, name) in [(v1, "first operand v1"), (v2, "second operand v2")] {
        if operand.2 != result.2 {
            let message = format!("failed to verify that {name} and result have same element type");
            return diags.push(ctx.op_error(op, message));
        }
    }
    let Some(mask) = static_list(ctx, op, "mask") else { return };
    let (v1, v2, result) = (v1.0, v2.0, result.0);
    let zero_d = v1.is_empty() && v2.is_empty() && result.len() == 1;
    if !zero_d && (v1.len() != result.len() || v2.len() != result.len()) {
        return diags.push(ctx.op_error(op, "rank mismatch"));
    }
    for r in 1..v1.len() {
        if result[r] != v1[r] || v1[r] != v2[r] {
            return diags.push(ctx.op_error(op, "dimension mismatch"));
        }
    }
    if mask.is_empty() {
        return diags.push(ctx.op_error(op, "invalid mask length"));
    }
    if mask.len() as i64 != result[0] {
        return diags.push(ctx.op_error(op, "mask length mismatch"));
    }
    let rows = v1.first().copied().unwrap_or(1) + v2.first().copied().unwrap_or(1);
    if let Some(index) = mask.iter().position(|&position| !is_position_or_poison(position, rows)) {
        diags.push(ctx.op_error(op, format!("mask index #{} out of range", index + 1)));
    }
}

fn print_shuffle(p: &mut OpAsmPrinter<'_, '_>, op: OpId) -> PrintResult {
    let ctx = p.ctx();
    let mask = static_list(ctx, op, "mask").ok_or(PrintFailed)?;
    let operation = ctx.operation(op);
    let (v1, v2) = (operation.operand(0), operation.operand(1));
    p.print(" ");
    p.print_operands([v1, v2]);
    p.print(" ");
    print_index_list(p, &mask, &[]);
    let attrs = p.op_attributes(op);
    p.print_optional_attr_dict(&attrs, &["mask"]);
    p.print(" : ");
    p.print_types(&[ctx.value_type(v1), ctx.value_type(v2)]);
    Ok(())
}

fn parse_shuffle(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let v1 = p.parse_operand()?;
    p.parse_comma()?;
    let v2 = p.parse_operand()?;
    let (mask, _) = parse_index_list(p, false)?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.parse_colon()?;
    let offset = p.current_offset();
    let v1_type = p.parse_type()?;
    p.parse_comma()?;
    let v2_type = p.parse_type()?;
    let Some(result) = shuffled_type(p.ctx(), v1_type, mask.len()) else {
        let shown = type_to_string(p.ctx(), v1_type);
        return Err(p.error_at(offset, format!("expected a vector type, but got '{shown}'")));
    };
    state.operands.push(p.resolve_operand(&v1, v1_type)?);
    state.operands.push(p.resolve_operand(&v2, v2_type)?);
    state.result_types.push(result);
    let mask = i64_array_attr(p.ctx(), &mask);
    state.attrs.push(("mask".to_string(), mask));
    Ok(())
}
