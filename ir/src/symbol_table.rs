//! Symbol tables: ops with `sym_name` inside `SymbolTable` ops, and `@name` lookups.

use crate::attributes::AttrKind;
use crate::context::Context;
use crate::dialect::Traits;
use crate::operation::OpId;
use rustc_hash::FxHashMap;

/// Attribute holding a symbol's name.
pub const SYMBOL_NAME_ATTR: &str = "sym_name";
/// Attribute holding a symbol's visibility (`"private"`, `"nested"`, absent for public).
pub const VISIBILITY_ATTR: &str = "sym_visibility";

/// The symbols defined directly inside one symbol-table op.
pub struct SymbolTable {
    symbols: FxHashMap<String, OpId>,
}

impl SymbolTable {
    /// Collects the symbols of `table_op`'s regions (first definition wins).
    pub fn new(ctx: &Context, table_op: OpId) -> Self {
        let mut symbols = FxHashMap::default();
        for op in ctx.nested_ops(table_op) {
            if let Some(name) = ctx.symbol_name(op) {
                symbols.entry(name.to_string()).or_insert(op);
            }
        }
        SymbolTable { symbols }
    }

    /// The op defining `name`.
    pub fn lookup(&self, name: &str) -> Option<OpId> {
        self.symbols.get(name).copied()
    }
}

impl Context {
    /// The symbol name `op` defines, if any.
    pub fn symbol_name(&self, op: OpId) -> Option<&str> {
        self.attr(op, SYMBOL_NAME_ATTR).and_then(|a| self.string_value(a))
    }

    /// The symbol `attr` names when it is a flat reference (`@name`, no nested part).
    pub fn flat_symbol_ref(&self, attr: crate::attributes::Attribute) -> Option<&str> {
        match self.attr_kind(attr) {
            AttrKind::SymbolRef { root, nested } if nested.is_empty() => Some(root.as_str()),
            _ => None,
        }
    }

    /// The flat symbol reference in attribute `name` of `op`, if it has one.
    pub fn flat_symbol_attr(&self, op: OpId, name: &str) -> Option<&str> {
        self.attr(op, name).and_then(|a| self.flat_symbol_ref(a))
    }

    /// True if `op` is a symbol not visible outside its table.
    pub fn is_private_symbol(&self, op: OpId) -> bool {
        self.attr(op, VISIBILITY_ATTR).and_then(|a| self.string_value(a)).is_some_and(|v| v != "public")
    }

    /// The closest op enclosing `op` (or `op` itself) that is a symbol table.
    pub fn nearest_symbol_table(&self, mut op: OpId) -> Option<OpId> {
        loop {
            if self.is_symbol_table(op) {
                return Some(op);
            }
            op = self.parent_op(op)?;
        }
    }

    /// True for ops with the `SymbolTable` trait and for unregistered `builtin.module`-like tables.
    pub fn is_symbol_table(&self, op: OpId) -> bool {
        self.has_trait(op, Traits::SYMBOL_TABLE)
    }

    /// Resolves a symbol reference attribute (`@a` or `@a::@b`) seen from `from`: its root is looked
    /// up in the nearest symbol table enclosing `from` (or `from` itself) only, not in tables further
    /// out, as MLIR's `lookupNearestSymbolFrom` does.
    pub fn lookup_symbol(&self, from: OpId, reference: crate::attributes::Attribute) -> Option<OpId> {
        SymbolTableCollection::default().lookup(self, from, reference)
    }
}

/// Symbol tables built on demand and kept for repeated lookups (MLIR's `SymbolTableCollection`).
///
/// Valid while the symbols it has seen are not added, renamed or erased.
#[derive(Default)]
pub struct SymbolTableCollection {
    tables: FxHashMap<OpId, SymbolTable>,
}

impl SymbolTableCollection {
    fn table(&mut self, ctx: &Context, table_op: OpId) -> &SymbolTable {
        self.tables.entry(table_op).or_insert_with(|| SymbolTable::new(ctx, table_op))
    }

    /// Resolves a symbol reference seen from `from`: the op it names, if every part resolves.
    pub fn lookup(&mut self, ctx: &Context, from: OpId, reference: crate::attributes::Attribute) -> Option<OpId> {
        let expected = match ctx.attr_kind(reference) {
            AttrKind::SymbolRef { nested, .. } => nested.len() + 1,
            _ => return None,
        };
        let path = self.resolve_path(ctx, from, reference);
        (path.len() == expected).then(|| *path.last().expect("non-empty"))
    }

    /// The symbols along a reference `@a::@b::@c` seen from `from`, as far as they resolve: the
    /// root symbol is looked up in the nearest symbol table only, as MLIR resolves references.
    pub fn resolve_path(&mut self, ctx: &Context, from: OpId, reference: crate::attributes::Attribute) -> Vec<OpId> {
        let AttrKind::SymbolRef { root, nested } = ctx.attr_kind(reference) else { return Vec::new() };
        let Some(table_op) = ctx.nearest_symbol_table(from) else { return Vec::new() };
        let Some(found) = self.table(ctx, table_op).lookup(root) else { return Vec::new() };
        let mut path = vec![found];
        for name in nested {
            let current = *path.last().expect("non-empty");
            match self.table(ctx, current).lookup(name) {
                Some(next) => path.push(next),
                None => break,
            }
        }
        path
    }
}
