//! The custom form of `func.func`, as MLIR's `function_interface_impl` prints and parses it:
//!
//! ```mlir
//! func.func private @decl(i32 {arg.attr}, f32) -> (i32, f32) attributes {foo}
//! func.func @f(%arg0: i32) -> i32 {
//!   return %arg0 : i32
//! }
//! ```

use mc_ir::parser::{Argument, OpAsmParser, ParseResult, lexer::TokenKind};
use mc_ir::printer::{OpAsmPrinter, PrintFailed, PrintResult};
use mc_ir::{AttrKind, Attribute, Context, OpId, OperationState, SYMBOL_NAME_ATTR, Type, VISIBILITY_ATTR};

/// Attributes the signature shows, left out of the `attributes {...}` dictionary.
const ELIDED: [&str; 5] = [SYMBOL_NAME_ATTR, VISIBILITY_ATTR, "function_type", "arg_attrs", "res_attrs"];

/// Per-argument (or per-result) attribute dictionaries from `arg_attrs`/`res_attrs`: one entry
/// list per element, or `None` if the attribute is malformed.
fn per_element_attrs(ctx: &Context, op: OpId, name: &str, count: usize) -> Option<Vec<Vec<(String, Attribute)>>> {
    let Some(attr) = ctx.attr(op, name) else {
        return Some(vec![Vec::new(); count]);
    };
    let elements = ctx.array_value(attr)?;
    if elements.len() != count {
        return None;
    }
    elements
        .iter()
        .map(|&dict| match ctx.attr_kind(dict) {
            AttrKind::Dictionary(entries) => Some(entries.clone()),
            _ => None,
        })
        .collect()
}

/// Prints `func.func`'s custom form; ops that do not fit it print generically.
pub(super) fn print_func(p: &mut OpAsmPrinter<'_, '_>, op: OpId) -> PrintResult {
    let ctx = p.ctx();
    let name = ctx.attr(op, SYMBOL_NAME_ATTR).and_then(|a| ctx.string_value(a)).ok_or(PrintFailed)?;
    let ty = ctx.attr(op, "function_type").and_then(|a| ctx.type_value(a)).ok_or(PrintFailed)?;
    let (inputs, results) = ctx.function_signature(ty).ok_or(PrintFailed)?;
    let visibility = match ctx.attr(op, VISIBILITY_ATTR) {
        Some(attr) => Some(ctx.string_value(attr).ok_or(PrintFailed)?),
        None => None,
    };
    let &[body] = ctx.operation(op).regions() else { return Err(PrintFailed) };
    let entry = ctx.entry_block(body);
    if entry.is_some_and(|block| ctx.num_block_args(block) != inputs.len()) {
        return Err(PrintFailed);
    }
    let arg_attrs = per_element_attrs(ctx, op, "arg_attrs", inputs.len()).ok_or(PrintFailed)?;
    let res_attrs = per_element_attrs(ctx, op, "res_attrs", results.len()).ok_or(PrintFailed)?;

    p.print(" ");
    if let Some(visibility) = visibility {
        p.print(visibility);
        p.print(" ");
    }
    p.print_symbol_name(name);
    p.print("(");
    for (index, (&ty, attrs)) in inputs.iter().zip(&arg_attrs).enumerate() {
        if index > 0 {
            p.print(", ");
        }
        match entry {
            Some(block) => p.print_region_argument(ctx.block_arg(block, index), attrs),
            None => {
                p.print_type(ty);
                p.print_optional_attr_dict(attrs, &[]);
            }
        }
    }
    p.print(")");
    if !results.is_empty() {
        p.print(" -> ");
        let parens = results.len() > 1
            || matches!(ctx.type_kind(results[0]), mc_ir::TypeKind::Function { .. })
            || !res_attrs[0].is_empty();
        if parens {
            p.print("(");
        }
        for (index, (&ty, attrs)) in results.iter().zip(&res_attrs).enumerate() {
            if index > 0 {
                p.print(", ");
            }
            p.print_type(ty);
            p.print_optional_attr_dict(attrs, &[]);
        }
        if parens {
            p.print(")");
        }
    }
    let attrs = p.op_attributes(op);
    p.print_optional_attr_dict_with_keyword(&attrs, &ELIDED);
    if entry.is_some() {
        p.print(" ");
        p.print_region(body, false, true);
    }
    Ok(())
}

/// One entry of a signature's argument list: named (`%a: i32`) or a bare type.
enum SignatureArg {
    Named(Argument),
    Unnamed(Type, Vec<(String, Attribute)>),
}

/// Parses `func.func`'s custom form.
pub(super) fn parse_func(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let mut attrs: Vec<(String, Attribute)> = Vec::new();
    for visibility in ["public", "private", "nested"] {
        if p.parse_optional_keyword(visibility)? {
            let attr = p.string_attr(visibility);
            attrs.push((VISIBILITY_ATTR.to_string(), attr));
            break;
        }
    }
    let name = p.parse_symbol_name()?;
    let name_attr = p.string_attr(&name);
    attrs.push((SYMBOL_NAME_ATTR.to_string(), name_attr));

    let mut args: Vec<SignatureArg> = Vec::new();
    p.parse_punct(TokenKind::LParen)?;
    if !p.parse_optional_punct(TokenKind::RParen)? {
        loop {
            let named = p.is(TokenKind::PercentIdentifier);
            match args.first() {
                Some(SignatureArg::Named(_)) if !named => return Err(p.error_here("expected SSA identifier")),
                Some(SignatureArg::Unnamed(..)) if named => {
                    return Err(p.error_here("expected type instead of SSA identifier"));
                }
                _ => {}
            }
            if named {
                args.push(SignatureArg::Named(p.parse_argument(true)?));
            } else {
                let ty = p.parse_type()?;
                let mut arg_attrs = Vec::new();
                p.parse_optional_attr_dict(&mut arg_attrs)?;
                args.push(SignatureArg::Unnamed(ty, arg_attrs));
            }
            if !p.parse_optional_comma()? {
                break;
            }
        }
        p.parse_punct(TokenKind::RParen)?;
    }
    let mut results: Vec<(Type, Vec<(String, Attribute)>)> = Vec::new();
    if p.parse_optional_arrow()? {
        if p.parse_optional_punct(TokenKind::LParen)? {
            if !p.parse_optional_punct(TokenKind::RParen)? {
                loop {
                    let ty = p.parse_type()?;
                    let mut result_attrs = Vec::new();
                    p.parse_optional_attr_dict(&mut result_attrs)?;
                    results.push((ty, result_attrs));
                    if !p.parse_optional_comma()? {
                        break;
                    }
                }
                p.parse_punct(TokenKind::RParen)?;
            }
        } else {
            results.push((p.parse_type()?, Vec::new()));
        }
    }

    let (input_types, arg_attrs): (Vec<Type>, Vec<Vec<(String, Attribute)>>) = args
        .iter()
        .map(|arg| match arg {
            SignatureArg::Named(arg) => (arg.ty, arg.attrs.clone()),
            SignatureArg::Unnamed(ty, attrs) => (*ty, attrs.clone()),
        })
        .unzip();
    let (result_types, res_attrs): (Vec<Type>, Vec<Vec<(String, Attribute)>>) = results.into_iter().unzip();
    let ctx = p.ctx();
    let function_type = ctx.function_type(input_types, result_types);
    let type_attr = ctx.type_attr(function_type);
    attrs.push(("function_type".to_string(), type_attr));
    for (name, per_element) in [("arg_attrs", arg_attrs), ("res_attrs", res_attrs)] {
        if per_element.iter().any(|entries| !entries.is_empty()) {
            let dicts = per_element.into_iter().map(|entries| ctx.dictionary_attr(entries)).collect();
            let array = ctx.array_attr(dicts);
            attrs.push((name.to_string(), array));
        }
    }
    p.parse_optional_attr_dict_with_keyword(&mut attrs)?;

    let named: Vec<Argument> = args
        .into_iter()
        .filter_map(|arg| match arg {
            SignatureArg::Named(arg) => Some(arg),
            SignatureArg::Unnamed(..) => None,
        })
        .collect();
    let body_offset = p.current_offset();
    let body = match p.parse_optional_region(&named)? {
        Some(body) => {
            if p.ctx().region_blocks(body).is_empty() {
                return Err(p.error_at(body_offset, "expected non-empty function body"));
            }
            body
        }
        None => p.ctx().create_region(),
    };
    state.attrs.extend(attrs);
    state.regions.push(body);
    Ok(())
}
