//! `vector.reduction`: the lanes of a 0-D or 1-D vector combined into one scalar by a combining
//! kind (`#vector.kind<add>`), with an optional accumulator and fast-math flags, as MLIR's.
//!
//! ```mlir
//! %s = vector.reduction <add>, %v : vector<16xf32> into f32
//! %t = vector.reduction <maxsi>, %w, %acc : vector<8xi32> into i32
//! ```

use mc_ir::parser::{OpAsmParser, ParseResult};
use mc_ir::printer::attributes::type_to_string;
use mc_ir::printer::{OpAsmPrinter, PrintFailed, PrintResult};
use mc_ir::{AttrKind, Context, Diagnostic, OpId, OperationState, TypeKind, define_op};

/// The mnemonic of the combining-kind attribute.
const KIND: &str = "vector.kind";
/// The mnemonic of the fast-math flags attribute.
const FASTMATH: &str = "arith.fastmath";

define_op! {
    /// The lanes of `vector` (and `acc`) combined by `kind`.
    pub struct ReductionOp = "vector.reduction" {
        summary: "reduction operation",
        traits: [PURE],
        operands: [vector],
        optional_operands: [acc],
        results: [dest],
        attributes: [kind: DialectAttr(KIND, "")],
        optional_attributes: [fastmath: DialectAttr(FASTMATH, "none")],
        verify: verify_reduction,
        print: print_reduction,
        parse: parse_reduction,
    }
}

/// The kinds upstream's `CombiningKind` has, and whether each combines integers and floats.
const KINDS: [(&str, bool, bool); 13] = [
    ("add", true, true),
    ("mul", true, true),
    ("minui", true, false),
    ("minsi", true, false),
    ("minnumf", false, true),
    ("maxui", true, false),
    ("maxsi", true, false),
    ("maxnumf", false, true),
    ("and", true, false),
    ("or", true, false),
    ("xor", true, false),
    ("maximumf", false, true),
    ("minimumf", false, true),
];

/// The `<...>` body of `op`'s dialect attribute `name` of mnemonic `mnemonic`.
fn attr_body<'c>(ctx: &'c Context, op: OpId, name: &str, mnemonic: &str) -> Option<&'c str> {
    match ctx.attr_kind(ctx.attr(op, name)?) {
        AttrKind::Opaque(text) => text.strip_prefix(mnemonic).filter(|body| body.starts_with('<')),
        _ => None,
    }
}

fn verify_reduction(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let operation = ctx.operation(op);
    let (source, dest) = (ctx.value_type(operation.operand(0)), operation.result_type(0));
    let Some((shape, _, element)) = ctx.vector_shape(source) else {
        let message =
            format!("operand #0 must be vector of any type values, but got '{}'", type_to_string(ctx, source));
        return diags.push(ctx.op_error(op, message));
    };
    if element != dest {
        return diags.push(ctx.op_error(op, "failed to verify that source operand and result have same element type"));
    }
    if operation.num_operands() == 2 && ctx.value_type(operation.operand(1)) != dest {
        return diags.push(ctx.op_error(op, "failed to verify that dest and acc have the same type"));
    }
    if shape.len() > 1 {
        return diags.push(ctx.op_error(op, format!("unsupported reduction rank: {}", shape.len())));
    }
    let Some(kind) = attr_body(ctx, op, "kind", KIND) else { return };
    let name = &kind[1..kind.len() - 1];
    let Some(&(_, integers, floats)) = KINDS.iter().find(|(k, ..)| *k == name) else {
        return diags.push(ctx.op_error(op, format!("unknown combining kind '{name}'")));
    };
    let supported = match ctx.type_kind(dest) {
        TypeKind::Integer { .. } | TypeKind::Index => integers,
        TypeKind::Float(_) => floats,
        _ => false,
    };
    if !supported {
        // Upstream quotes the type twice: its message quotes it, and so does its type printer.
        let message = format!("unsupported reduction type ''{}'' for kind '{name}'", type_to_string(ctx, dest));
        diags.push(ctx.op_error(op, message));
    }
}

fn print_reduction(p: &mut OpAsmPrinter<'_, '_>, op: OpId) -> PrintResult {
    let ctx = p.ctx();
    let kind = attr_body(ctx, op, "kind", KIND).ok_or(PrintFailed)?;
    let fastmath = match ctx.attr(op, "fastmath") {
        Some(_) => Some(attr_body(ctx, op, "fastmath", FASTMATH).ok_or(PrintFailed)?),
        None => None,
    };
    let operation = ctx.operation(op);
    p.print(" ");
    p.print(kind);
    p.print(", ");
    p.print_operands(operation.operands());
    if let Some(flags) = fastmath.filter(|&flags| flags != "<none>") {
        p.print(" fastmath");
        p.print(flags);
    }
    let attrs = p.op_attributes(op);
    p.print_optional_attr_dict(&attrs, &["kind", "fastmath"]);
    p.print(" : ");
    p.print_type(ctx.value_type(operation.operand(0)));
    p.print(" into ");
    p.print_type(operation.result_type(0));
    Ok(())
}

fn parse_reduction(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let kind = p.parse_angle_body()?;
    p.parse_comma()?;
    let vector = p.parse_operand()?;
    let acc = if p.parse_optional_comma()? { Some(p.parse_operand()?) } else { None };
    if p.parse_optional_keyword("fastmath")? {
        let flags = p.parse_angle_body()?;
        let attr = p.ctx().intern_attr(AttrKind::Opaque(format!("{FASTMATH}{flags}")));
        state.attrs.push(("fastmath".to_string(), attr));
    }
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let vector_type = p.parse_colon_type()?;
    p.parse_keyword("into")?;
    let dest = p.parse_type()?;
    state.operands.push(p.resolve_operand(&vector, vector_type)?);
    if let Some(acc) = acc {
        state.operands.push(p.resolve_operand(&acc, dest)?);
    }
    state.result_types.push(dest);
    let kind = p.ctx().intern_attr(AttrKind::Opaque(format!("{KIND}{kind}")));
    state.attrs.push(("kind".to_string(), kind));
    Ok(())
}
