//! `symbol-dce`: erases private symbols that nothing live references.
//!
//! Public symbols and every non-symbol op are live; a symbol becomes live when a live op
//! references it (`@name` or `@outer::@inner` anywhere in its attributes, properties or nested
//! ops; the first name is looked up in the symbol table nearest to the referencing op, as in
//! MLIR). Private (and `nested`) symbols that stay dead are erased, with everything nested in them.
//! Unlike MLIR's, references in the properties of unregistered ops count.
//!
//! ```mlir
//! "func.func"() <{sym_name = "unused", sym_visibility = "private", ...}> ...   // erased
//! ```

use mc_ir::pass::{AnalysisManager, Pass};
use mc_ir::{AttrKind, Attribute, Context, Failure, OpId, SymbolTableCollection};
use rustc_hash::FxHashSet;

/// Erases dead private symbols under `root` (a symbol table); returns how many were erased.
pub fn eliminate_dead_symbols(ctx: &mut Context, root: OpId) -> usize {
    let mut tables = SymbolTableCollection::default();
    let mut live: FxHashSet<OpId> = FxHashSet::default();
    let mut worklist: Vec<OpId> = Vec::new();
    // Roots: ops directly in symbol tables that are not private symbols (and the root itself).
    let mut candidates = Vec::new();
    let mut table_ops = vec![root];
    while let Some(table) = table_ops.pop() {
        for op in ctx.nested_ops(table) {
            if ctx.symbol_name(op).is_some() && ctx.is_private_symbol(op) {
                candidates.push(op);
            } else if live.insert(op) {
                worklist.push(op);
            }
            if ctx.is_symbol_table(op) {
                table_ops.push(op);
            }
        }
    }
    while let Some(op) = worklist.pop() {
        for nested in ctx.walk_preorder(op) {
            let mut refs = Vec::new();
            let operation = ctx.operation(nested);
            collect_symbol_refs(ctx, operation.attr_dict(), &mut refs);
            if let Some(props) = operation.properties() {
                collect_symbol_refs(ctx, props, &mut refs);
            }
            for reference in refs {
                for target in tables.resolve_path(ctx, nested, reference) {
                    if live.insert(target) {
                        worklist.push(target);
                    }
                }
            }
        }
    }
    let dead: Vec<OpId> = candidates.into_iter().filter(|op| !live.contains(op)).collect();
    let mut erased = 0;
    for op in dead {
        // A dead symbol nested in another dead symbol is gone with its parent.
        if ctx.is_live(op) {
            ctx.erase_op(op);
            erased += 1;
        }
    }
    erased
}

/// Symbol reference attributes inside `attr`, depth first.
fn collect_symbol_refs(ctx: &Context, attr: Attribute, out: &mut Vec<Attribute>) {
    match ctx.attr_kind(attr) {
        AttrKind::SymbolRef { .. } => out.push(attr),
        AttrKind::Array(elements) => elements.iter().for_each(|&e| collect_symbol_refs(ctx, e, out)),
        AttrKind::Dictionary(entries) => entries.iter().for_each(|&(_, e)| collect_symbol_refs(ctx, e, out)),
        _ => {}
    }
}

/// The `symbol-dce` pass.
#[derive(Default)]
pub struct SymbolDce;

impl Pass for SymbolDce {
    fn argument(&self) -> &str {
        "symbol-dce"
    }

    fn summary(&self) -> &str {
        "Eliminate dead symbols"
    }

    fn name(&self) -> String {
        "SymbolDCE".to_string()
    }

    fn run(&mut self, ctx: &mut Context, op: OpId, analyses: &mut AnalysisManager) -> Result<(), Failure> {
        if !ctx.is_symbol_table(op) {
            return Err(ctx
                .op_error(op, "was scheduled to run under SymbolDCE, but does not define a symbol table")
                .into());
        }
        if eliminate_dead_symbols(ctx, op) == 0 {
            analyses.mark_all_preserved();
        }
        Ok(())
    }
}
