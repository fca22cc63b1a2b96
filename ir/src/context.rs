//! The context: owns interned types, attributes and locations, the op registry, and all IR storage.

use crate::attributes::AttrKind;
use crate::block::Block;
use crate::dialect::{DialectInfo, OpDef, OpName};
use crate::interner::Interner;
use crate::location::LocKind;
use crate::operation::Operation;
use crate::region::Region;
use crate::resources::ResourceTable;
use crate::types::TypeKind;
use rustc_hash::FxHashMap;

/// Owns everything: uniqued types/attributes/locations, registered dialects, and the IR itself.
///
/// IR entities are named by copyable ids (`OpId`, `BlockId`, `RegionId`, `Value`);
/// all queries and mutations go through the context.
pub struct Context {
    pub(crate) types: Interner<TypeKind>,
    pub(crate) attrs: Interner<AttrKind>,
    pub(crate) locs: Interner<LocKind>,
    pub(crate) ops: Vec<Option<Operation>>,
    pub(crate) blocks: Vec<Option<Block>>,
    pub(crate) regions: Vec<Option<Region>>,
    pub(crate) op_names: Vec<String>,
    pub(crate) op_defs: Vec<Option<OpDef>>,
    pub(crate) op_name_ids: FxHashMap<String, OpName>,
    pub(crate) dialects: FxHashMap<String, DialectInfo>,
    /// Blobs of the `builtin` resource section (`dense_resource<name>` data).
    pub resources: ResourceTable,
    /// Accept ops of unregistered dialects (`--allow-unregistered-dialect`).
    pub allow_unregistered_dialects: bool,
    /// File names of locations, stored once each.
    pub(crate) file_names: rustc_hash::FxHashSet<std::sync::Arc<str>>,
    /// `i1`, the type of bool attributes.
    pub(crate) bool_type: crate::types::Type,
    /// Alias definitions that the text of opaque dialect attributes or types refers to
    /// (`#a = ...` for `#foo.x<#a>`), as (`#a`, definition line), dependencies first: the
    /// printer puts the ones it needs before the IR, where upstream parsers look them up.
    pub(crate) opaque_alias_defs: Vec<(String, String)>,
}

impl Default for Context {
    fn default() -> Self {
        Self::new()
    }
}

impl Context {
    /// A context with only the builtin dialect registered.
    pub fn new() -> Self {
        let mut ctx = Context {
            types: Interner::new(),
            attrs: Interner::new(),
            locs: Interner::new(),
            ops: Vec::new(),
            blocks: Vec::new(),
            regions: Vec::new(),
            op_names: Vec::new(),
            op_defs: Vec::new(),
            op_name_ids: FxHashMap::default(),
            dialects: FxHashMap::default(),
            resources: ResourceTable::default(),
            allow_unregistered_dialects: false,
            file_names: Default::default(),
            bool_type: crate::types::Type(0),
            opaque_alias_defs: Vec::new(),
        };
        ctx.bool_type = ctx.integer_type(1);
        ctx.register_dialect(crate::builtin::dialect());
        ctx
    }
}
