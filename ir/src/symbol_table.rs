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
        let AttrKind::SymbolRef { root, nested } = self.attr_kind(reference) else { return None };
        let scope = self.nearest_symbol_table(from)?;
        let found = SymbolTable::new(self, scope).lookup(root)?;
        nested.iter().try_fold(found, |table, name| SymbolTable::new(self, table).lookup(name))
    }
}
