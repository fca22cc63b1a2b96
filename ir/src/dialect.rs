//! Dialects and op definitions: what the context knows about each registered operation.

use crate::attributes::Attribute;
use crate::context::Context;
use crate::diagnostics::Diagnostic;
use crate::operation::OpId;
use crate::rewrite::pattern::RewritePatternSet;
use crate::value::Value;

/// An interned operation name such as `arith.addi`, registered or not.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct OpName(pub(crate) u32);

/// Structural properties of an op, checked by the verifier and used by passes.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Traits(u32);

impl Traits {
    /// No traits.
    pub const NONE: Traits = Traits(0);
    /// Must be the last op of its block.
    pub const TERMINATOR: Traits = Traits(1);
    /// Regions may not use values defined outside the op.
    pub const ISOLATED_FROM_ABOVE: Traits = Traits(1 << 1);
    /// Holds symbols whose names are unique in its region.
    pub const SYMBOL_TABLE: Traits = Traits(1 << 2);
    /// Defines a symbol through its `sym_name` attribute.
    pub const SYMBOL: Traits = Traits(1 << 3);
    /// Its blocks need no terminator.
    pub const NO_TERMINATOR: Traits = Traits(1 << 4);
    /// All operands and results have the same type.
    pub const SAME_OPERANDS_AND_RESULT_TYPE: Traits = Traits(1 << 5);
    /// All operands have the same type.
    pub const SAME_OPERAND_TYPES: Traits = Traits(1 << 6);
    /// Operand order does not matter.
    pub const COMMUTATIVE: Traits = Traits(1 << 7);
    /// No side effects: may be removed when unused, deduplicated, hoisted.
    pub const PURE: Traits = Traits(1 << 8);
    /// Materializes a constant held in its `value` attribute.
    pub const CONSTANT_LIKE: Traits = Traits(1 << 9);
    /// Each region has at most one block.
    pub const SINGLE_BLOCK: Traits = Traits(1 << 10);
    /// Returns control (and values) to the parent op.
    pub const RETURN_LIKE: Traits = Traits(1 << 11);
    /// Its regions are graph regions: no dominance order between ops.
    pub const GRAPH_REGION: Traits = Traits(1 << 12);
    /// A loop (MLIR's `LoopLikeOpInterface`): its regions may run again after they ran, so a
    /// value they read may be read again by a later iteration.
    pub const LOOP_LIKE: Traits = Traits(1 << 13);

    /// The union of two trait sets.
    pub const fn with(self, other: Traits) -> Traits {
        Traits(self.0 | other.0)
    }

    /// True if every trait of `other` is present.
    pub const fn contains(self, other: Traits) -> bool {
        self.0 & other.0 == other.0
    }
}

/// A folded result: an existing value or a constant attribute to materialize.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum FoldResult {
    /// The result equals this value.
    Value(Value),
    /// The result is this constant.
    Attr(Attribute),
}

/// What a fold hook did.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Folded {
    /// Nothing.
    Unchanged,
    /// The op was updated in place (e.g. operands swapped).
    InPlace,
    /// The op's results are replaced by these, one per result.
    Results(Vec<FoldResult>),
}

/// Checks an op's own invariants, pushing one diagnostic per problem found.
pub type VerifyFn = fn(&Context, OpId, &mut Vec<Diagnostic>);
/// Checks an op's symbol references with shared, cached symbol tables (MLIR's
/// `SymbolUserOpInterface::verifySymbolUses`); runs once the whole IR verified.
pub type VerifySymbolUsesFn = fn(&Context, OpId, &mut crate::symbol_table::SymbolTableCollection, &mut Vec<Diagnostic>);
/// Folds an op given the constant values of its operands (`None` where not constant).
pub type FoldFn = fn(&mut Context, OpId, &[Option<Attribute>]) -> Folded;
/// Adds an op's canonicalization patterns to a set.
pub type CanonicalizeFn = fn(&mut RewritePatternSet);
/// Builds a constant op of a dialect for a folded attribute of `ty` at the insertion point.
pub type MaterializeConstantFn = fn(&mut crate::builder::Builder<'_>, Attribute, crate::types::Type) -> Option<OpId>;
/// Prints an op in its custom form (after its results and name); see [`crate::printer::OpAsmPrinter`].
pub type PrintFn = fn(&mut crate::printer::OpAsmPrinter<'_, '_>, OpId) -> crate::printer::PrintResult;
/// Parses an op's custom form (after its name) into `state`; see [`crate::parser::OpAsmParser`].
pub type ParseFn = fn(
    &mut crate::parser::OpAsmParser<'_, '_>,
    &mut crate::operation::OperationState,
) -> crate::parser::ParseResult<()>;
/// Infers an op's result types from its resolved operands and attributes (MLIR's `InferTypeOpInterface`).
pub type InferResultTypesFn =
    fn(&mut Context, &crate::operation::OperationState) -> Result<Vec<crate::types::Type>, String>;
/// Suggests names for an op's results in the custom form (MLIR's `getAsmResultNames`): pushes
/// `(result index, name)` pairs.
pub type AsmResultNamesFn = fn(&Context, OpId, &mut Vec<(usize, String)>);

/// Everything the context knows about one registered operation.
#[derive(Clone, Debug)]
pub struct OpDef {
    /// Full name, `dialect.op`.
    pub name: &'static str,
    /// One-line summary.
    pub summary: &'static str,
    /// Structural traits.
    pub traits: Traits,
    /// Attributes that belong to the op's semantics; stored as properties.
    pub inherent_attrs: &'static [&'static str],
    /// Generated structural checks (operand, result, region and successor counts; declared
    /// attributes and their kinds), run when the verifier reaches the op. When they fail, the
    /// op's trait checks and [`OpDef::verify`] are skipped: as in MLIR, where the count traits and
    /// ODS invariants come first, a broken attribute or count is reported once.
    pub verify_invariants: Option<VerifyFn>,
    /// Op-specific verifier, run after the op's regions verified and its invariants held.
    pub verify: Option<VerifyFn>,
    /// Checks of the op's symbol references.
    pub verify_symbol_uses: Option<VerifySymbolUsesFn>,
    /// Folding hook.
    pub fold: Option<FoldFn>,
    /// Canonicalization patterns.
    pub canonicalize: Option<CanonicalizeFn>,
    /// Custom-form printer; without one the op always prints in the generic form.
    pub print: Option<PrintFn>,
    /// Custom-form parser, used when the op is written with its bare name.
    pub parse: Option<ParseFn>,
    /// The declarative assembly format the printer and parser interpret, if any (documentation).
    pub assembly_format: Option<&'static str>,
    /// Result type inference used by custom parsers when the syntax omits result types.
    pub infer_result_types: Option<InferResultTypesFn>,
    /// Result names for the custom form (`%c5_i32` for `arith.constant 5 : i32`).
    pub result_names: Option<AsmResultNamesFn>,
    /// Dialect whose prefix may be omitted on op names inside the op's regions (`func` for
    /// `func.func`, so `return` means `func.return`); MLIR's `getDefaultDialect`.
    pub default_dialect: Option<&'static str>,
}

impl OpDef {
    /// A definition with a name and summary and nothing else.
    pub const fn new(name: &'static str, summary: &'static str) -> Self {
        OpDef {
            name,
            summary,
            traits: Traits::NONE,
            inherent_attrs: &[],
            verify_invariants: None,
            verify: None,
            verify_symbol_uses: None,
            fold: None,
            canonicalize: None,
            print: None,
            parse: None,
            assembly_format: None,
            infer_result_types: None,
            result_names: None,
            default_dialect: None,
        }
    }
}

/// A dialect: a namespace of ops registered together.
#[derive(Clone, Debug)]
pub struct Dialect {
    /// Namespace, e.g. `arith`.
    pub name: &'static str,
    /// Its ops.
    pub ops: Vec<OpDef>,
    /// Builds the dialect's constant op for folded values.
    pub materialize_constant: Option<MaterializeConstantFn>,
}

/// What the context stores per dialect.
#[derive(Clone, Debug)]
pub(crate) struct DialectInfo {
    pub(crate) materialize_constant: Option<MaterializeConstantFn>,
    /// The ops of the upstream MLIR dialect of the same name, when this dialect holds some of
    /// them (see [`Context::register_upstream_subset`]); empty otherwise.
    pub(crate) upstream_ops: &'static [&'static str],
}

impl Context {
    /// Registers `dialect` and its ops; registering the same dialect twice is harmless.
    pub fn register_dialect(&mut self, dialect: Dialect) {
        self.insert_dialect(dialect, &[]);
    }

    /// Registers `dialect` as a subset of the upstream MLIR dialect of the same name, whose ops
    /// are `upstream_ops` (mc's `arith`, `func`, `math`, `vector` define some of upstream's ops).
    /// An op of `upstream_ops` that mc does not define, such as upstream's `vector.shuffle`, is
    /// then read as an unregistered op (kept, printed back generically, not verified) when
    /// unregistered dialects are allowed, so mc-opt reads what mlir-opt prints. Any other unknown
    /// op of the dialect stays an error, as upstream reports it.
    pub fn register_upstream_subset(&mut self, dialect: Dialect, upstream_ops: &'static [&'static str]) {
        self.insert_dialect(dialect, upstream_ops);
    }

    fn insert_dialect(&mut self, dialect: Dialect, upstream_ops: &'static [&'static str]) {
        for def in dialect.ops {
            let name = self.op_name(def.name);
            self.op_defs[name.0 as usize] = Some(def);
        }
        let info = DialectInfo { materialize_constant: dialect.materialize_constant, upstream_ops };
        self.dialects.insert(dialect.name.to_string(), info);
    }

    /// True if `op_name`, which the context does not define, is an error although unregistered
    /// dialects may be allowed: its dialect is registered, and the op is not one of upstream's
    /// read as an unregistered op (see [`Context::register_upstream_subset`]).
    pub fn rejects_unknown_op(&self, op_name: &str) -> bool {
        self.dialects
            .get(dialect_of(op_name))
            .is_some_and(|info| !(self.allow_unregistered_dialects && info.upstream_ops.contains(&op_name)))
    }

    /// True if a dialect called `name` is registered.
    pub fn is_dialect_registered(&self, name: &str) -> bool {
        self.dialects.contains_key(name)
    }

    /// Names of the registered dialects, sorted.
    pub fn registered_dialects(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self.dialects.keys().map(String::as_str).collect();
        names.sort_unstable();
        names
    }

    /// Interns an op name.
    pub fn op_name(&mut self, name: &str) -> OpName {
        if let Some(&id) = self.op_name_ids.get(name) {
            return id;
        }
        let id = OpName(self.op_names.len() as u32);
        self.op_names.push(name.to_string());
        self.op_defs.push(None);
        self.op_name_ids.insert(name.to_string(), id);
        id
    }

    /// The text of an op name.
    pub fn op_name_str(&self, name: OpName) -> &str {
        &self.op_names[name.0 as usize]
    }

    /// The name of `op`'s operation as text.
    pub fn op_name_of(&self, op: OpId) -> &str {
        self.op_name_str(self.operation(op).name)
    }

    /// The definition of a registered op.
    pub fn op_def(&self, name: OpName) -> Option<&OpDef> {
        self.op_defs[name.0 as usize].as_ref()
    }

    /// The definition of `op`'s operation, if registered.
    pub fn op_def_of(&self, op: OpId) -> Option<&OpDef> {
        self.op_def(self.operation(op).name)
    }

    /// The traits of `op` (none for unregistered ops).
    pub fn traits(&self, op: OpId) -> Traits {
        self.op_def_of(op).map_or(Traits::NONE, |d| d.traits)
    }

    /// True if `op` has every trait in `traits`.
    pub fn has_trait(&self, op: OpId, traits: Traits) -> bool {
        self.traits(op).contains(traits)
    }

    /// All registered op definitions, sorted by name.
    pub fn registered_ops(&self) -> Vec<&OpDef> {
        let mut defs: Vec<&OpDef> = self.op_defs.iter().flatten().collect();
        defs.sort_by_key(|d| d.name);
        defs
    }

    /// The constant materializer of the dialect named by `op_name`'s prefix.
    pub fn constant_materializer(&self, dialect: &str) -> Option<MaterializeConstantFn> {
        self.dialects.get(dialect).and_then(|d| d.materialize_constant)
    }
}

/// The dialect prefix of an op name (`arith` for `arith.addi`).
pub fn dialect_of(op_name: &str) -> &str {
    op_name.split_once('.').map_or(op_name, |(dialect, _)| dialect)
}
