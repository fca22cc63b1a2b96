//! [`ModuleGlobals`]: the `buffer.global`s a conversion adds to a module, one per distinct
//! (value, type), named uniquely, placed together at the top of the module in creation order.

use mc_dialects::buffer::GlobalOp;
use mc_ir::{AttrKind, Attribute, BlockId, Context, InsertPoint, Location, OpId, Type};
use rustc_hash::{FxHashMap, FxHashSet};

/// The globals of one module, created on demand.
pub struct ModuleGlobals {
    /// The module's block, where globals go.
    body: BlockId,
    /// Symbol names in use.
    symbols: FxHashSet<String>,
    /// The global holding each (value, buffer type).
    globals: FxHashMap<(Attribute, Type), String>,
    /// The last global created: the next goes after it.
    last_global: Option<OpId>,
}

impl ModuleGlobals {
    /// The globals of `module` (an op with one region); `None` if it has no body.
    pub fn new(ctx: &Context, module: OpId) -> Option<Self> {
        let body = ctx.operation(module).regions().first().and_then(|&r| ctx.entry_block(r))?;
        let symbols = ctx.block_ops(body).filter_map(|op| ctx.symbol_name(op).map(str::to_string)).collect();
        Some(ModuleGlobals { body, symbols, globals: FxHashMap::default(), last_global: None })
    }

    /// The module's body block.
    pub fn body(&self) -> BlockId {
        self.body
    }

    /// The name of the global holding `value` as buffer type `ty`, creating it if needed: named
    /// after a `dense_resource` blob, else `base`.
    pub fn global(&mut self, ctx: &mut Context, loc: Location, value: Attribute, ty: Type, base: &str) -> String {
        if let Some(name) = self.globals.get(&(value, ty)) {
            return name.clone();
        }
        let base = match ctx.attr_kind(value) {
            AttrKind::DenseResource { name, .. } => name.clone(),
            _ => base.to_string(),
        };
        let name = unique_name(&base, &self.symbols);
        self.symbols.insert(name.clone());
        let global = GlobalOp::build(ctx, loc, &name, ty, value).op();
        let ip = match self.last_global {
            Some(last) => InsertPoint::after(ctx, last),
            None => match ctx.first_op(self.body) {
                Some(first) => InsertPoint::before(ctx, first),
                None => InsertPoint::end(self.body),
            },
        };
        ctx.insert_op(global, ip);
        self.last_global = Some(global);
        self.globals.insert((value, ty), name.clone());
        name
    }
}

/// `base` if unused, else `base_0`, `base_1`, ... (MLIR's uniquing of symbol names).
fn unique_name(base: &str, used: &FxHashSet<String>) -> String {
    if !used.contains(base) {
        return base.to_string();
    }
    (0..).map(|i| format!("{base}_{i}")).find(|name| !used.contains(name)).expect("a free name")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbol_names_are_uniqued() {
        let used: FxHashSet<String> = ["cst", "cst_0", "w"].iter().map(|s| s.to_string()).collect();
        assert_eq!(unique_name("cst", &used), "cst_1");
        assert_eq!(unique_name("w", &used), "w_0");
        assert_eq!(unique_name("b", &used), "b");
    }
}
