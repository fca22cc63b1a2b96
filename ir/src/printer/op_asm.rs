//! Custom op forms: [`OpAsmPrinter`], the API an op's print hook writes its custom syntax with,
//! and the printer state it wraps: MLIR's value naming for the custom form (result-name hooks,
//! uniqued names, per-region counters) and default-dialect elision of op names.

use super::attributes::{write_attr, write_attr_dict, write_loc, write_symbol_name, write_type};
use super::{OpPrinter, ValueName};
use crate::attributes::{AttrKind, Attribute};
use crate::block::BlockId;
use crate::context::Context;
use crate::dialect::Traits;
use crate::operation::OpId;
use crate::region::RegionId;
use crate::types::{Type, TypeKind};
use crate::value::Value;
use rustc_hash::FxHashSet;
use std::fmt::Write;

/// The op does not fit its custom form (an attribute is missing, a count is wrong, ...): the
/// printer discards what the hook wrote and prints the op in the generic form instead, as MLIR
/// does for ops that fail to verify.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct PrintFailed;

/// What a custom print hook returns.
pub type PrintResult = Result<(), PrintFailed>;

/// The printer handed to an op's custom print hook (MLIR's `OpAsmPrinter`).
///
/// The op's results (`%0 = `) and its name are already written when the hook runs; the hook
/// writes the rest, starting with the space after the name. Values are spelled with the names
/// the printer assigned, regions are printed with the current indentation, and nested ops are
/// printed in their own custom form.
pub struct OpAsmPrinter<'p, 'a> {
    printer: &'p mut OpPrinter<'a>,
}

impl<'a> OpAsmPrinter<'_, 'a> {
    /// The context of the IR being printed.
    pub fn ctx(&self) -> &'a Context {
        self.printer.ctx
    }

    /// Appends raw text.
    pub fn print(&mut self, text: &str) {
        self.printer.out.push_str(text);
    }

    /// Starts a new line at the current indentation.
    pub fn print_newline(&mut self) {
        self.printer.newline();
    }

    /// Appends a value's name (`%0`, `%arg1`, `%c5_i32`, `%2#1`).
    pub fn print_operand(&mut self, value: Value) {
        self.printer.write_value(value);
    }

    /// Appends values separated by `, `.
    pub fn print_operands(&mut self, values: impl IntoIterator<Item = Value>) {
        for (i, value) in values.into_iter().enumerate() {
            if i > 0 {
                self.print(", ");
            }
            self.print_operand(value);
        }
    }

    /// Appends a type.
    pub fn print_type(&mut self, ty: Type) {
        write_type(self.printer.ctx, ty, &mut self.printer.out);
    }

    /// Appends types separated by `, ` (no parentheses).
    pub fn print_types(&mut self, types: &[Type]) {
        for (i, &ty) in types.iter().enumerate() {
            if i > 0 {
                self.print(", ");
            }
            self.print_type(ty);
        }
    }

    /// Appends function results as MLIR writes them after `->`: one non-function type bare,
    /// anything else in parentheses.
    pub fn print_result_types(&mut self, types: &[Type]) {
        let wrap = types.len() != 1 || matches!(self.ctx().type_kind(types[0]), TypeKind::Function { .. });
        if wrap {
            self.print("(");
        }
        self.print_types(types);
        if wrap {
            self.print(")");
        }
    }

    /// Appends `(inputs) -> results` (MLIR's `printFunctionalType`).
    pub fn print_functional_type(&mut self, inputs: &[Type], results: &[Type]) {
        self.print("(");
        self.print_types(inputs);
        self.print(") -> ");
        self.print_result_types(results);
    }

    /// Appends an attribute with its type (`5 : i32`).
    pub fn print_attribute(&mut self, attr: Attribute) {
        write_attr(self.printer.ctx, attr, &mut self.printer.out);
    }

    /// Appends an attribute, leaving out the `: type` of integer and float attributes.
    pub fn print_attribute_without_type(&mut self, attr: Attribute) {
        let mut text = String::new();
        write_attr(self.ctx(), attr, &mut text);
        if matches!(self.ctx().attr_kind(attr), AttrKind::Integer { .. } | AttrKind::Float { .. })
            && let Some((value, _)) = text.split_once(" : ")
        {
            text.truncate(value.len());
        }
        self.print(&text);
    }

    /// Appends `text` bare if it is a keyword, quoted otherwise.
    pub fn print_keyword_or_string(&mut self, text: &str) {
        if is_keyword(text) {
            self.print(text);
        } else {
            super::attributes::write_string_literal(text.as_bytes(), &mut self.printer.out);
        }
    }

    /// Appends `@name`, quoted if needed.
    pub fn print_symbol_name(&mut self, name: &str) {
        write_symbol_name(name, &mut self.printer.out);
    }

    /// Appends a successor's label (`^bb1`).
    pub fn print_successor(&mut self, block: BlockId) {
        self.printer.write_block_name(block);
    }

    /// All of an op's attributes, properties (inherent attributes) and discardable ones,
    /// sorted by name (MLIR's `getAttrs()` on an op with properties).
    pub fn op_attributes(&self, op: OpId) -> Vec<(String, Attribute)> {
        op_attributes(self.ctx(), op)
    }

    /// Appends ` {a = 1, b}` with the attributes not named in `elided`; nothing if none remain.
    pub fn print_optional_attr_dict(&mut self, attrs: &[(String, Attribute)], elided: &[&str]) {
        self.write_attr_dict(attrs, elided, false);
    }

    /// Like [`Self::print_optional_attr_dict`] with the `attributes` keyword: ` attributes {...}`.
    pub fn print_optional_attr_dict_with_keyword(&mut self, attrs: &[(String, Attribute)], elided: &[&str]) {
        self.write_attr_dict(attrs, elided, true);
    }

    fn write_attr_dict(&mut self, attrs: &[(String, Attribute)], elided: &[&str], keyword: bool) {
        let kept: Vec<(String, Attribute)> =
            attrs.iter().filter(|(name, _)| !elided.contains(&name.as_str())).cloned().collect();
        if kept.is_empty() {
            return;
        }
        self.print(if keyword { " attributes " } else { " " });
        write_attr_dict(self.printer.ctx, &kept, &mut self.printer.out);
    }

    /// Appends an entry block argument as a function signature shows it: `%arg0: i32 {attrs}`,
    /// followed by its location with `--print-debuginfo`.
    pub fn print_region_argument(&mut self, arg: Value, attrs: &[(String, Attribute)]) {
        self.print_operand(arg);
        self.print(": ");
        self.print_type(self.ctx().value_type(arg));
        self.print_optional_attr_dict(attrs, &[]);
        if self.printer.options.debug_info {
            self.print(" ");
            write_loc(self.printer.ctx, self.ctx().value_loc(arg), &mut self.printer.out);
        }
    }

    /// Appends `{ blocks }` (MLIR's `printRegion`): the entry block's label is shown only if
    /// `print_entry_block_args` and it has arguments; a trailing terminator is left out unless
    /// `print_block_terminators`. Inside, op names may drop the region owner's default dialect.
    pub fn print_region(&mut self, region: RegionId, print_entry_block_args: bool, print_block_terminators: bool) {
        let p = &mut *self.printer;
        let ctx = p.ctx;
        p.out.push('{');
        let blocks = ctx.region_blocks(region);
        if !blocks.is_empty() {
            p.default_dialects.push(default_dialect_of_region(ctx, region));
            let preds = block_predecessors(ctx, region);
            for (index, &block) in blocks.iter().enumerate() {
                if index > 0 || (print_entry_block_args && ctx.num_block_args(block) > 0) {
                    p.newline();
                    p.write_block_label(block);
                    write_pred_comment(&mut p.out, &preds, index);
                }
                p.indent += 1;
                let last = ctx.last_op(block);
                for op in ctx.block_ops(block) {
                    let elide = !print_block_terminators && Some(op) == last && ctx.has_trait(op, Traits::TERMINATOR);
                    if !elide {
                        p.newline();
                        p.print_op(op);
                    }
                }
                p.indent -= 1;
            }
            p.default_dialects.pop();
        }
        p.newline();
        p.out.push('}');
    }
}

impl Write for OpAsmPrinter<'_, '_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.print(s);
        Ok(())
    }
}

/// All attributes of `op`: properties and discardable attributes, sorted by name.
pub(crate) fn op_attributes(ctx: &Context, op: OpId) -> Vec<(String, Attribute)> {
    let operation = ctx.operation(op);
    let mut attrs: Vec<(String, Attribute)> = ctx.dictionary_entries(operation.attr_dict()).to_vec();
    if let Some(props) = operation.properties() {
        attrs.extend(ctx.dictionary_entries(props).iter().cloned());
    }
    attrs.sort_by(|a, b| a.0.cmp(&b.0));
    attrs
}

/// True if `text` can be written as a bare keyword.
pub(crate) fn is_keyword(text: &str) -> bool {
    let mut chars = text.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.'))
}

/// For each block of `region` (by index), the indices of the blocks branching to it, one per
/// edge, sorted; empty for single-block regions, which never show predecessor comments.
pub(super) fn block_predecessors(ctx: &Context, region: RegionId) -> Vec<Vec<usize>> {
    let blocks = ctx.region_blocks(region);
    if blocks.len() < 2 {
        return Vec::new();
    }
    let index: rustc_hash::FxHashMap<BlockId, usize> = blocks.iter().enumerate().map(|(i, &b)| (b, i)).collect();
    let mut preds = vec![Vec::new(); blocks.len()];
    for (from, &block) in blocks.iter().enumerate() {
        for op in ctx.block_ops(block) {
            for successor in ctx.operation(op).successors() {
                if let Some(&to) = index.get(successor) {
                    preds[to].push(from);
                }
            }
        }
    }
    for list in &mut preds {
        list.sort_unstable();
    }
    preds
}

/// Appends MLIR's comment after a block label: `  // pred: ^bb0`, `  // 2 preds: ^bb1, ^bb2`,
/// or `  // no predecessors` (never for the entry block).
pub(super) fn write_pred_comment(out: &mut String, preds: &[Vec<usize>], index: usize) {
    let Some(list) = preds.get(index) else { return };
    match list.as_slice() {
        [] if index == 0 => {}
        [] => out.push_str("  // no predecessors"),
        [single] => {
            let _ = write!(out, "  // pred: ^bb{single}");
        }
        many => {
            let _ = write!(out, "  // {} preds: ", many.len());
            for (i, pred) in many.iter().enumerate() {
                let _ = write!(out, "{}^bb{pred}", if i > 0 { ", " } else { "" });
            }
        }
    }
}

/// The default dialect inside `region`: its owner's, if the owner is registered and has one.
pub(super) fn default_dialect_of_region(ctx: &Context, region: RegionId) -> &'static str {
    ctx.region_parent_op(region).and_then(|op| ctx.op_def_of(op)).and_then(|def| def.default_dialect).unwrap_or("")
}

/// Counters and names in flight while naming values for the custom form.
#[derive(Default)]
struct Namer {
    next_value: u32,
    next_arg: u32,
    next_conflict: u32,
    /// Names used in the enclosing regions, innermost last.
    used: Vec<FxHashSet<String>>,
}

impl Namer {
    /// `name` made a valid identifier and unique among the names in scope (MLIR appends
    /// `_<n>` from a counter that runs through the whole region tree).
    fn unique(&mut self, name: &str) -> String {
        let name = sanitize_identifier(name);
        let taken = |used: &[FxHashSet<String>], n: &str| used.iter().any(|set| set.contains(n));
        let unique = if !taken(&self.used, &name) {
            name
        } else {
            loop {
                let probe = format!("{name}_{}", self.next_conflict);
                self.next_conflict += 1;
                if !taken(&self.used, &probe) {
                    break probe;
                }
            }
        };
        self.used.last_mut().expect("a name scope").insert(unique.clone());
        unique
    }
}

/// Makes `name` a valid SSA name suffix as MLIR does: a leading digit gets a `_` prefix, a space
/// becomes `_`, other invalid characters become their hex code.
fn sanitize_identifier(name: &str) -> String {
    let valid = |c: char| c.is_ascii_alphanumeric() || matches!(c, '$' | '.' | '_' | '-');
    if name.chars().all(valid) && !name.starts_with(|c: char| c.is_ascii_digit()) {
        return name.to_string();
    }
    let mut out = String::new();
    if name.starts_with(|c: char| c.is_ascii_digit()) {
        out.push('_');
    }
    for b in name.bytes() {
        match b as char {
            c if valid(c) => out.push(c),
            ' ' => out.push('_'),
            _ => {
                let _ = write!(out, "{b:X}");
            }
        }
    }
    out
}

impl OpPrinter<'_> {
    /// Names every value under `root` as MLIR does for the custom form: each region continues
    /// the counters of its parent region as they stand after that whole region is numbered
    /// (sibling regions reuse the same numbers), entry block arguments are `%argN`, and ops with a
    /// result-name hook get uniqued names.
    pub(super) fn number_custom(&mut self, root: OpId) {
        let mut namer = Namer { used: vec![FxHashSet::default()], ..Namer::default() };
        self.name_results(root, &mut namer);
        for &region in self.ctx.operation(root).regions() {
            self.name_region(region, (0, 0, 0), &mut namer);
        }
    }

    fn name_region(&mut self, region: RegionId, counters: (u32, u32, u32), namer: &mut Namer) {
        let ctx = self.ctx;
        (namer.next_value, namer.next_arg, namer.next_conflict) = counters;
        namer.used.push(FxHashSet::default());
        let blocks = ctx.region_blocks(region);
        for (block_index, &block) in blocks.iter().enumerate() {
            self.block_names.insert(block, block_index as u32);
            for arg in ctx.block_args(block) {
                let name = if block_index == 0 {
                    namer.next_arg += 1;
                    ValueName::Named { name: namer.unique(&format!("arg{}", namer.next_arg - 1)), result: None }
                } else {
                    namer.next_value += 1;
                    ValueName::Numbered { number: namer.next_value - 1, result: None }
                };
                self.names.insert(arg, name);
            }
            for op in ctx.block_ops(block) {
                self.name_results(op, namer);
            }
        }
        let after = (namer.next_value, namer.next_arg, namer.next_conflict);
        for &block in blocks {
            for op in ctx.block_ops(block) {
                for &nested in ctx.operation(op).regions() {
                    self.name_region(nested, after, namer);
                }
            }
        }
        namer.used.pop();
    }

    fn name_results(&mut self, op: OpId, namer: &mut Namer) {
        let ctx = self.ctx;
        let count = ctx.operation(op).num_results();
        let mut suggested = Vec::new();
        if let Some(hook) = ctx.op_def_of(op).and_then(|def| def.result_names) {
            hook(ctx, op, &mut suggested);
        }
        // Each named result starts a group that runs to the next named result.
        let mut groups: Vec<(usize, Option<String>)> = Vec::new();
        for (index, name) in suggested {
            if index < count && !name.is_empty() && !groups.iter().any(|(i, _)| *i == index) {
                groups.push((index, Some(namer.unique(&name))));
            }
        }
        if count == 0 {
            return;
        }
        if !groups.iter().any(|(i, _)| *i == 0) {
            groups.push((0, None));
        }
        groups.sort_by_key(|(i, _)| *i);
        for (g, (start, name)) in groups.iter().enumerate() {
            let end = groups.get(g + 1).map_or(count, |(next, _)| *next);
            let number = if name.is_none() {
                namer.next_value += 1;
                namer.next_value - 1
            } else {
                0
            };
            for index in *start..end {
                let result = (end - start > 1).then_some((index - start) as u32);
                let value_name = match name {
                    Some(name) => ValueName::Named { name: name.clone(), result },
                    None => ValueName::Numbered { number, result },
                };
                self.names.insert(op.result(index), value_name);
            }
        }
    }

    /// Prints `op` in its custom form if it has one that fits; false if nothing was printed.
    pub(super) fn print_custom(&mut self, op: OpId) -> bool {
        let ctx = self.ctx;
        let Some(print) = ctx.op_def_of(op).and_then(|def| def.print) else {
            return false;
        };
        let (mark, indent, depth) = (self.out.len(), self.indent, self.default_dialects.len());
        self.write_result_groups(op);
        let name = ctx.op_name_of(op);
        let default = self.default_dialects.last().copied().unwrap_or("");
        let short =
            name.strip_prefix(default).and_then(|rest| rest.strip_prefix('.')).filter(|rest| !rest.contains('.'));
        self.out.push_str(if default.is_empty() { name } else { short.unwrap_or(name) });
        if print(&mut OpAsmPrinter { printer: self }, op).is_err() {
            self.out.truncate(mark);
            self.indent = indent;
            self.default_dialects.truncate(depth);
            return false;
        }
        if self.options.debug_info {
            self.out.push(' ');
            write_loc(ctx, ctx.operation(op).loc(), &mut self.out);
        }
        true
    }

    /// Writes `%0 = `, `%0:2 = ` or, for ops whose results are named in groups, `%a:2, %b = `.
    fn write_result_groups(&mut self, op: OpId) {
        let count = self.ctx.operation(op).num_results();
        if count == 0 {
            return;
        }
        let starts: Vec<usize> = (0..count)
            .filter(|&i| match self.names.get(&op.result(i)) {
                Some(ValueName::Numbered { result, .. } | ValueName::Named { result, .. }) => {
                    matches!(result, None | Some(0))
                }
                _ => i == 0,
            })
            .collect();
        for (g, &start) in starts.iter().enumerate() {
            if g > 0 {
                self.out.push_str(", ");
            }
            let end = starts.get(g + 1).copied().unwrap_or(count);
            self.write_value_base(op.result(start));
            if end - start > 1 {
                let _ = write!(self.out, ":{}", end - start);
            }
        }
        self.out.push_str(" = ");
    }

    /// A value's name without its `#i` result index.
    fn write_value_base(&mut self, value: Value) {
        let mark = self.out.len();
        self.write_value(value);
        if let Some(hash) = self.out[mark..].find('#') {
            self.out.truncate(mark + hash);
        }
    }

    /// Writes `^bbN(%a: t, ...):` for a block.
    pub(super) fn write_block_label(&mut self, block: BlockId) {
        let ctx = self.ctx;
        self.write_block_name(block);
        let args = ctx.block_args(block);
        if !args.is_empty() {
            self.out.push('(');
            for (i, arg) in args.into_iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.write_value(arg);
                self.out.push_str(": ");
                write_type(ctx, ctx.value_type(arg), &mut self.out);
                if self.options.debug_info {
                    self.out.push(' ');
                    write_loc(ctx, ctx.value_loc(arg), &mut self.out);
                }
            }
            self.out.push(')');
        }
        self.out.push(':');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_sanitized_like_mlir() {
        assert_eq!(sanitize_identifier("c5_i32"), "c5_i32");
        assert_eq!(sanitize_identifier("c-1_i32"), "c-1_i32");
        assert_eq!(sanitize_identifier("5x"), "_5x");
        assert_eq!(sanitize_identifier("a b+c"), "a_b2Bc");
    }

    #[test]
    fn conflicts_take_a_counter_suffix() {
        let mut namer = Namer { used: vec![FxHashSet::default()], ..Namer::default() };
        assert_eq!(namer.unique("cst"), "cst");
        assert_eq!(namer.unique("cst"), "cst_0");
        assert_eq!(namer.unique("c1"), "c1");
        assert_eq!(namer.unique("cst"), "cst_1");
        namer.used.push(FxHashSet::default());
        assert_eq!(namer.unique("c1"), "c1_2");
    }
}
