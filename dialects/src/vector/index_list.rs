//! The `[1, %i, 0]` lists of the `vector` ops' custom forms: a dense `i64` array attribute whose
//! `DYNAMIC` entries stand for SSA `index` operands, in order (MLIR's `printDynamicIndexList`),
//! and plain `[1, 0]` lists of a dense `i64` array.

use crate::graph::attributes::i64_array;
use mc_ir::parser::{OpAsmParser, ParseResult, UnresolvedOperand, lexer::TokenKind};
use mc_ir::printer::OpAsmPrinter;
use mc_ir::{AttrKind, Context, OpId, Value};

/// The entry of a static position array that stands for the next dynamic position operand
/// (MLIR's `ShapedType::kDynamic`).
pub(super) const DYNAMIC: i64 = i64::MIN;

/// The entry of a position or mask that stands for a poison position (MLIR's `kPoisonIndex`).
pub(super) const POISON: i64 = -1;

/// The values of `op`'s dense `i64` array attribute `name`.
pub(super) fn static_list(ctx: &Context, op: OpId, name: &str) -> Option<Vec<i64>> {
    i64_array(ctx, ctx.attr(op, name)?)
}

/// True if `position` indexes a dimension of `size`, or is poison.
pub(super) fn is_position_or_poison(position: i64, size: i64) -> bool {
    position == POISON || (0..size).contains(&position)
}

/// Prints `[a, b, ...]`, each [`DYNAMIC`] entry as the next of `dynamic` (callers print only
/// lists with one operand per such entry).
pub(super) fn print_index_list(p: &mut OpAsmPrinter<'_, '_>, statics: &[i64], dynamic: &[Value]) {
    let mut dynamic = dynamic.iter();
    p.print("[");
    for (index, &value) in statics.iter().enumerate() {
        if index > 0 {
            p.print(", ");
        }
        match if value == DYNAMIC { dynamic.next() } else { None } {
            Some(&operand) => p.print_operand(operand),
            None => p.print(&value.to_string()),
        }
    }
    p.print("]");
}

/// Parses `[...]` of integers and (where `operands` allows) operands: the static entries, with
/// [`DYNAMIC`] for each operand, and the operands.
pub(super) fn parse_index_list(
    p: &mut OpAsmParser<'_, '_>,
    operands: bool,
) -> ParseResult<(Vec<i64>, Vec<UnresolvedOperand>)> {
    let (mut statics, mut dynamic) = (Vec::new(), Vec::new());
    p.parse_punct(TokenKind::LSquare)?;
    if p.parse_optional_punct(TokenKind::RSquare)? {
        return Ok((statics, dynamic));
    }
    loop {
        if let Some(operand) = operands.then(|| p.parse_optional_operand()).transpose()?.flatten() {
            statics.push(DYNAMIC);
            dynamic.push(operand);
        } else {
            let offset = p.current_offset();
            let attr = p.parse_attribute()?;
            let value = match p.ctx().attr_kind(attr) {
                AttrKind::Integer { value, .. } => i64::try_from(*value).ok(),
                _ => None,
            };
            let Some(value) = value else { return Err(p.error_at(offset, "expected integer value")) };
            statics.push(value);
        }
        if !p.parse_optional_comma()? {
            break;
        }
    }
    p.parse_punct(TokenKind::RSquare)?;
    Ok((statics, dynamic))
}
