//! The IR printer: MLIR's generic operation form, custom forms through op print hooks
//! ([`OpAsmPrinter`]), value and block naming, locations, resources.

pub mod attributes;
mod float_text;
mod op_asm;

pub use op_asm::{OpAsmPrinter, PrintFailed, PrintResult};

use crate::attributes::{AttrKind, Attribute};
use crate::block::BlockId;
use crate::context::Context;
use crate::dialect::Traits;
use crate::operation::OpId;
use crate::region::RegionId;
use crate::value::Value;
use attributes::{
    write_attr, write_attr_dict, write_key, write_loc, write_string_literal, write_type, write_type_list,
};
use rustc_hash::{FxHashMap, FxHashSet};
use std::fmt::Write;

/// Printer settings (mlir-opt's `--mlir-print-op-generic`, `--mlir-print-debuginfo`).
#[derive(Copy, Clone, Debug, Default)]
pub struct PrintOptions {
    /// Print every op in the generic form.
    pub generic: bool,
    /// Print `loc(...)` after ops and block arguments.
    pub debug_info: bool,
}

/// How a value is spelled.
#[derive(Clone)]
enum ValueName {
    /// `%N`, or `%N#i` for result `i` of a multi-result op.
    Numbered { number: u32, result: Option<u32> },
    /// `%argN`.
    Arg(u32),
    /// `%name` or `%name#i` (custom form: entry block arguments and hook-named results).
    Named { name: String, result: Option<u32> },
}

/// Prints `op` (usually a module) followed by the resource blobs it references.
pub fn print_top_level(ctx: &Context, op: OpId, options: PrintOptions) -> String {
    let mut printer = OpPrinter::new(ctx, options);
    printer.number_scope(op);
    printer.print_op(op);
    printer.out.push('\n');
    printer.print_resources(op);
    let mut text = alias_definitions_used(ctx, &printer.out);
    text.push_str(&printer.out);
    text
}

/// Like [`print_top_level`], streaming the text to `sink` as it is produced (large modules are
/// never held in memory as text).
pub fn print_top_level_to(
    ctx: &Context,
    op: OpId,
    options: PrintOptions,
    sink: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    if !ctx.opaque_alias_defs.is_empty() {
        // Opaque dialect text may name aliases whose definitions go first: the text is kept in
        // memory until they are known.
        return sink.write_all(print_top_level(ctx, op, options).as_bytes());
    }
    let mut printer = OpPrinter::new(ctx, options);
    printer.sink = Some(sink);
    printer.number_scope(op);
    printer.print_op(op);
    printer.out.push('\n');
    printer.print_resources(op);
    printer.flush(0)
}

/// The definitions (one a line) of the aliases that opaque dialect text in `text` names, and
/// of the aliases those definitions name, dependencies first.
fn alias_definitions_used(ctx: &Context, text: &str) -> String {
    if ctx.opaque_alias_defs.is_empty() {
        return String::new();
    }
    let mut used: FxHashSet<&str> = crate::parser::alias_references(text).collect();
    let mut definitions = Vec::new();
    for (name, definition) in ctx.opaque_alias_defs.iter().rev() {
        if used.contains(name.as_str()) {
            used.extend(crate::parser::alias_references(definition).skip(1));
            definitions.push(definition.as_str());
        }
    }
    definitions.iter().rev().map(|definition| format!("{definition}\n")).collect()
}

/// Prints one op (and what it contains) without a resource trailer.
pub fn op_to_string(ctx: &Context, op: OpId, options: PrintOptions) -> String {
    let mut printer = OpPrinter::new(ctx, options);
    printer.number_scope(op);
    printer.print_op(op);
    printer.out
}

/// State of one printing run.
struct OpPrinter<'a> {
    ctx: &'a Context,
    options: PrintOptions,
    out: String,
    indent: usize,
    names: FxHashMap<Value, ValueName>,
    block_names: FxHashMap<BlockId, u32>,
    /// Where text goes once `out` grows large; `None` keeps everything in `out`.
    sink: Option<&'a mut dyn std::io::Write>,
    /// The first write error; printing goes on into `out`, the error is reported at the end.
    sink_error: Option<std::io::Error>,
    /// Dialects whose prefix op names may drop in the custom form, innermost region last.
    default_dialects: Vec<&'static str>,
}

/// Bytes of text buffered before they are written to the sink.
const FLUSH_THRESHOLD: usize = 1 << 16;

impl<'a> OpPrinter<'a> {
    fn new(ctx: &'a Context, options: PrintOptions) -> Self {
        OpPrinter {
            ctx,
            options,
            out: String::new(),
            indent: 0,
            names: FxHashMap::default(),
            block_names: FxHashMap::default(),
            sink: None,
            sink_error: None,
            default_dialects: vec!["builtin"],
        }
    }

    /// Names the values defined by `root` and inside it, up to nested isolated-from-above ops.
    fn number_scope(&mut self, root: OpId) {
        if !self.options.generic {
            return self.number_custom(root);
        }
        let mut counters = (0u32, 0u32);
        self.number_results(root, &mut counters.0);
        self.number_regions(root, &mut counters);
    }

    fn number_results(&mut self, op: OpId, next_value: &mut u32) {
        let n = self.ctx.operation(op).num_results();
        if n == 0 {
            return;
        }
        let number = *next_value;
        *next_value += 1;
        for index in 0..n {
            let result = (n > 1).then_some(index as u32);
            self.names.insert(op.result(index), ValueName::Numbered { number, result });
        }
    }

    fn number_regions(&mut self, op: OpId, counters: &mut (u32, u32)) {
        for &region in self.ctx.operation(op).regions() {
            self.number_region(region, counters);
        }
    }

    fn number_region(&mut self, region: RegionId, counters: &mut (u32, u32)) {
        for (block_index, &block) in self.ctx.region_blocks(region).iter().enumerate() {
            self.block_names.insert(block, block_index as u32);
            for arg in self.ctx.block_args(block) {
                let name = if block_index == 0 {
                    counters.1 += 1;
                    ValueName::Arg(counters.1 - 1)
                } else {
                    counters.0 += 1;
                    ValueName::Numbered { number: counters.0 - 1, result: None }
                };
                self.names.insert(arg, name);
            }
            for nested in self.ctx.block_ops(block) {
                self.number_results(nested, &mut counters.0);
                if !self.ctx.has_trait(nested, Traits::ISOLATED_FROM_ABOVE) {
                    self.number_regions(nested, counters);
                }
            }
        }
    }

    /// Writes the buffered text to the sink if it holds more than `threshold` bytes.
    fn flush(&mut self, threshold: usize) -> std::io::Result<()> {
        if let Some(sink) = self.sink.as_mut()
            && self.out.len() > threshold
        {
            if self.sink_error.is_none()
                && let Err(e) = sink.write_all(self.out.as_bytes())
            {
                self.sink_error = Some(e);
            }
            self.out.clear();
        }
        self.sink_error.take().map_or(Ok(()), Err)
    }

    fn newline(&mut self) {
        if self.out.len() > FLUSH_THRESHOLD {
            // Keep the first error for the final flush.
            if let Err(e) = self.flush(FLUSH_THRESHOLD) {
                self.sink_error = Some(e);
            }
        }
        self.out.push('\n');
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
    }

    fn write_value(&mut self, value: Value) {
        match self.names.get(&value) {
            Some(ValueName::Numbered { number, result: None }) => {
                let _ = write!(self.out, "%{number}");
            }
            Some(ValueName::Numbered { number, result: Some(i) }) => {
                let _ = write!(self.out, "%{number}#{i}");
            }
            Some(ValueName::Arg(n)) => {
                let _ = write!(self.out, "%arg{n}");
            }
            Some(ValueName::Named { name, result }) => {
                let _ = write!(self.out, "%{name}");
                if let Some(i) = result {
                    let _ = write!(self.out, "#{i}");
                }
            }
            None => self.out.push_str("<<UNKNOWN SSA VALUE>>"),
        }
    }

    fn write_block_name(&mut self, block: BlockId) {
        match self.block_names.get(&block) {
            Some(n) => {
                let _ = write!(self.out, "^bb{n}");
            }
            None => self.out.push_str("<<UNKNOWN BLOCK>>"),
        }
    }

    fn print_op(&mut self, op: OpId) {
        if !self.options.generic && self.print_custom(op) {
            return;
        }
        let ctx = self.ctx;
        let operation = ctx.operation(op);
        let n = operation.num_results();
        if n > 0 {
            self.write_value(op.result(0));
            if let Some(ValueName::Numbered { number, result: Some(_) }) = self.names.get(&op.result(0)) {
                let number = *number;
                self.out.truncate(self.out.rfind('%').expect("just written"));
                let _ = write!(self.out, "%{number}:{n}");
            }
            self.out.push_str(" = ");
        }
        write_string_literal(ctx.op_name_of(op).as_bytes(), &mut self.out);
        self.out.push('(');
        for (i, value) in operation.operands().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.write_value(value);
        }
        self.out.push(')');
        if !operation.successors().is_empty() {
            self.out.push_str(" [");
            for (i, &block) in operation.successors().iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.write_block_name(block);
            }
            self.out.push(']');
        }
        if let Some(props) = operation.properties() {
            self.out.push_str(" <");
            write_attr(ctx, props, &mut self.out);
            self.out.push('>');
        }
        if !operation.regions().is_empty() {
            self.out.push_str(" (");
            let isolated = ctx.has_trait(op, Traits::ISOLATED_FROM_ABOVE);
            for (i, &region) in operation.regions().iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_region(region, isolated);
            }
            self.out.push(')');
        }
        let attrs = ctx.dictionary_entries(operation.attr_dict());
        if !attrs.is_empty() {
            self.out.push(' ');
            write_attr_dict(ctx, attrs, &mut self.out);
        }
        self.out.push_str(" : ");
        let operand_types: Vec<_> = operation.operands().map(|v| ctx.value_type(v)).collect();
        write_type_list(ctx, &operand_types, &mut self.out);
        self.out.push_str(" -> ");
        let result_types: Vec<_> = operation.result_types().collect();
        if result_types.len() == 1 && !matches!(ctx.type_kind(result_types[0]), crate::TypeKind::Function { .. }) {
            write_type(ctx, result_types[0], &mut self.out);
        } else {
            write_type_list(ctx, &result_types, &mut self.out);
        }
        if self.options.debug_info {
            self.out.push(' ');
            write_loc(ctx, operation.loc(), &mut self.out);
        }
    }

    fn print_region(&mut self, region: RegionId, isolated: bool) {
        self.default_dialects.push(op_asm::default_dialect_of_region(self.ctx, region));
        if isolated && self.options.generic {
            let saved = std::mem::take(&mut self.names);
            let saved_blocks = std::mem::take(&mut self.block_names);
            // Values defined outside stay unknown inside an isolated region, as MLIR prints them.
            self.number_region(region, &mut (0, 0));
            self.print_region_body(region);
            self.names = saved;
            self.block_names = saved_blocks;
        } else {
            self.print_region_body(region);
        }
        self.default_dialects.pop();
    }

    fn print_region_body(&mut self, region: RegionId) {
        let ctx = self.ctx;
        self.out.push('{');
        let blocks = ctx.region_blocks(region);
        let preds = op_asm::block_predecessors(ctx, region);
        for (index, &block) in blocks.iter().enumerate() {
            let has_args = ctx.num_block_args(block) > 0;
            // An empty entry block needs its label, or the next block's label would open the region.
            let print_label = index > 0 || has_args || ctx.first_op(block).is_none();
            if print_label {
                self.newline();
                self.write_block_label(block);
                op_asm::write_pred_comment(&mut self.out, &preds, index);
            }
            self.indent += 1;
            for op in ctx.block_ops(block) {
                self.newline();
                self.print_op(op);
            }
            self.indent -= 1;
        }
        self.newline();
        self.out.push('}');
    }

    /// Appends the `{-# dialect_resources: ... #-}` trailer for blobs referenced under `root`.
    fn print_resources(&mut self, root: OpId) {
        let referenced = referenced_resources(self.ctx, root);
        let blobs: Vec<_> = self.ctx.resources.iter().filter(|(name, _)| referenced.contains(*name)).collect();
        if blobs.is_empty() {
            return;
        }
        self.out.push_str("\n{-#\n  dialect_resources: {\n    builtin: {\n");
        for (i, (name, blob)) in blobs.iter().enumerate() {
            self.out.push_str("      ");
            write_key(name, &mut self.out);
            self.out.push_str(": \"0x");
            for b in blob.alignment.to_le_bytes().iter().chain(blob.data.iter()) {
                let _ = write!(self.out, "{b:02X}");
            }
            self.out.push('"');
            if i + 1 < blobs.len() {
                self.out.push(',');
            }
            self.out.push('\n');
        }
        self.out.push_str("    }\n  }\n#-}\n");
    }
}

/// Names of the resources referenced by attributes of `root` and the ops inside it.
pub fn referenced_resources(ctx: &Context, root: OpId) -> FxHashSet<String> {
    let mut names = FxHashSet::default();
    let mut seen = FxHashSet::default();
    for op in ctx.walk_preorder(root) {
        let operation = ctx.operation(op);
        collect_resources(ctx, operation.attr_dict(), &mut names, &mut seen);
        if let Some(props) = operation.properties() {
            collect_resources(ctx, props, &mut names, &mut seen);
        }
    }
    names
}

fn collect_resources(ctx: &Context, attr: Attribute, names: &mut FxHashSet<String>, seen: &mut FxHashSet<Attribute>) {
    if !seen.insert(attr) {
        return;
    }
    match ctx.attr_kind(attr) {
        AttrKind::DenseResource { name, .. } => {
            names.insert(name.clone());
        }
        AttrKind::Array(elements) => elements.iter().for_each(|&e| collect_resources(ctx, e, names, seen)),
        AttrKind::Dictionary(entries) => entries.iter().for_each(|&(_, e)| collect_resources(ctx, e, names, seen)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::source::SourceBuffer;
    use crate::parser::parse_source;

    /// Parses `text` (unregistered dialects allowed) and prints it generically with debug info.
    fn parse_print(text: &str) -> String {
        let mut ctx = Context::new();
        ctx.allow_unregistered_dialects = true;
        let buffer = SourceBuffer::new("t.mlir", text.to_string(), 1);
        let module = parse_source(&mut ctx, &buffer).unwrap_or_else(|d| panic!("{}\n{text}", d.message));
        print_top_level(&ctx, module.op(), PrintOptions { generic: true, debug_info: true })
    }

    /// Checks that printing is a fixed point of parse-then-print and returns the printed text.
    fn assert_stable(text: &str) -> String {
        let printed = parse_print(text);
        assert_eq!(parse_print(&printed), printed, "input:\n{text}");
        printed
    }

    // Found by the `parse` fuzz target: op names were printed without escaping.
    #[test]
    fn op_names_are_escaped() {
        let printed = assert_stable("\"t.a\\nb\\22\\\\\"() : () -> ()");
        assert!(printed.contains("\"t.a\\0Ab\\22\\\\\"() : () -> ()"), "{printed}");
    }

    // Found by the `parse` fuzz target: an empty entry block followed by another block lost its
    // label, so the printed region had one block fewer.
    #[test]
    fn empty_entry_block_keeps_its_label() {
        let printed = assert_stable("\"t\"() ({^a: ^b: \"t.x\"() : () -> ()}) : () -> ()");
        assert!(printed.contains("({\n  ^bb0:\n  ^bb1:  // no predecessors\n    \"t.x\"()"), "{printed}");
    }
}
