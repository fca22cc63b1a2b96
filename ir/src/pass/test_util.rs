//! Test helpers for the pass manager: IR built from the `test` dialect, and small passes.

use super::analysis::{Analysis, AnalysisManager};
use super::options::OptionSet;
use super::pass_trait::Pass;
use super::registry::PassRegistry;
use crate::builder::Builder;
use crate::builtin::ModuleOp;
use crate::context::Context;
use crate::diagnostics::{Diagnostic, Failure};
use crate::operation::OpId;
use crate::test_dialect::{self, FuncOp, PlainOp};
use std::cell::RefCell;

/// A context holding a module with `test.func` ops.
pub(crate) struct TestIr {
    pub(crate) ctx: Context,
    pub(crate) module: OpId,
    pub(crate) funcs: Vec<OpId>,
}

/// A module holding one `test.func @name` per name, each holding `ops_per_func` `test.op`s that
/// carry a unit attribute `old`.
pub(crate) fn build_test_ir(names: &[&str], ops_per_func: usize) -> TestIr {
    let mut ctx = test_dialect::context();
    let loc = ctx.unknown_loc();
    let module = ModuleOp::build(&mut ctx, loc);
    let end = module.body_end(&ctx);
    let mut funcs = Vec::new();
    for name in names {
        let sym_name = ctx.string_attr(name);
        let unit = ctx.unit_attr();
        let mut builder = Builder::at(&mut ctx, end, loc);
        let (region, block) = builder.region_with_block(&[]);
        funcs.push(builder.create(FuncOp::NAME, &[], &[], vec![("sym_name".to_owned(), sym_name)], vec![region]));
        builder.set_insertion_point_to_end(block);
        for _ in 0..ops_per_func {
            builder.create(PlainOp::NAME, &[], &[], vec![("old".to_owned(), unit)], vec![]);
        }
    }
    TestIr { ctx, module: module.op(), funcs }
}

thread_local! {
    /// What the test passes did, in order, on this thread.
    static LOG: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// Appends an entry to this thread's log.
pub(crate) fn log(entry: String) {
    LOG.with(|log| log.borrow_mut().push(entry));
}

/// Takes this thread's log.
pub(crate) fn take_log() -> Vec<String> {
    LOG.with(|log| std::mem::take(&mut *log.borrow_mut()))
}

/// `@name` of a symbol op, or its op name.
pub(crate) fn label(ctx: &Context, op: OpId) -> String {
    match ctx.attr(op, "sym_name").and_then(|name| ctx.string_value(name)) {
        Some(name) => format!("@{name}"),
        None => ctx.op_name_of(op).to_owned(),
    }
}

/// The number of ops under an op (including it), as an analysis.
pub(crate) struct OpCount(pub(crate) usize);

impl Analysis for OpCount {
    fn compute(ctx: &Context, op: OpId) -> Self {
        log(format!("compute OpCount {}", label(ctx, op)));
        OpCount(ctx.walk_preorder(op).len())
    }
}

/// `count-ops`: logs the number of ops under its op, through the cached [`OpCount`] analysis;
/// changes nothing.
#[derive(Default)]
pub(crate) struct CountOps;

impl Pass for CountOps {
    fn argument(&self) -> &str {
        "count-ops"
    }
    fn summary(&self) -> &str {
        "Count the ops under the op"
    }
    fn run(&mut self, ctx: &mut Context, op: OpId, analyses: &mut AnalysisManager) -> Result<(), Failure> {
        let count = analyses.get_analysis::<OpCount>(ctx, op).0;
        log(format!("count-ops {} = {count}", label(ctx, op)));
        analyses.mark_all_preserved();
        Ok(())
    }
}

crate::option_enum! {
    /// Which ops `rename-attr` visits.
    pub(crate) enum Scope {
        /// Only the op the pass runs on.
        Root = "root",
        /// The op and everything nested in it.
        Nested = "nested",
    }
}

crate::pass_options! {
    /// Options of `rename-attr`.
    pub(crate) struct RenameAttrOptions {
        /// The attribute to rename.
        from: String = "old".to_owned(),
        /// Its new name.
        to: String = "new".to_owned(),
        /// Which ops to visit.
        scope: Scope = Scope::Nested,
        /// Rename at most this many attributes; -1 for no limit.
        max_renames: i64 = -1,
        /// Ops to skip, by name.
        skip: Vec<String> = Vec::new(),
        /// Log what was renamed.
        verbose: bool = false,
    }
}

/// `rename-attr`: renames a discardable attribute on the op and the ops nested in it.
#[derive(Default)]
pub(crate) struct RenameAttr {
    options: RenameAttrOptions,
}

impl Pass for RenameAttr {
    fn argument(&self) -> &str {
        "rename-attr"
    }
    fn summary(&self) -> &str {
        "Rename an attribute"
    }
    fn description(&self) -> &str {
        "Renames the attribute `from` to `to` wherever it appears."
    }
    fn name(&self) -> String {
        "RenameAttribute".to_owned()
    }
    fn options(&self) -> Option<&dyn OptionSet> {
        Some(&self.options)
    }
    fn options_mut(&mut self) -> Option<&mut dyn OptionSet> {
        Some(&mut self.options)
    }
    fn run(&mut self, ctx: &mut Context, op: OpId, analyses: &mut AnalysisManager) -> Result<(), Failure> {
        let options = &self.options;
        let targets = match options.scope {
            Scope::Root => vec![op],
            Scope::Nested => ctx.walk_preorder(op),
        };
        let mut renamed = 0;
        for target in targets {
            if options.max_renames >= 0 && renamed >= options.max_renames {
                break;
            }
            if options.skip.iter().any(|name| name == ctx.op_name_of(target)) {
                continue;
            }
            if let Some(value) = ctx.attr(target, &options.from) {
                ctx.set_attr(target, &options.from, None);
                ctx.set_attr(target, &options.to, Some(value));
                renamed += 1;
            }
        }
        if options.verbose {
            log(format!("rename-attr {} renamed {renamed}", label(ctx, op)));
        }
        if renamed == 0 {
            analyses.mark_all_preserved();
        }
        Ok(())
    }
}

/// `func-only`: anchored on `test.func`; logs and changes nothing.
#[derive(Default)]
pub(crate) struct FuncOnly;

impl Pass for FuncOnly {
    fn argument(&self) -> &str {
        "func-only"
    }
    fn summary(&self) -> &str {
        "A pass that only runs on test.func"
    }
    fn anchor(&self) -> Option<&str> {
        Some(FuncOp::NAME)
    }
    fn run(&mut self, ctx: &mut Context, op: OpId, analyses: &mut AnalysisManager) -> Result<(), Failure> {
        log(format!("func-only {}", label(ctx, op)));
        analyses.mark_all_preserved();
        Ok(())
    }
}

/// `always-fail`: fails without saying why.
#[derive(Default)]
pub(crate) struct AlwaysFail;

impl Pass for AlwaysFail {
    fn argument(&self) -> &str {
        "always-fail"
    }
    fn summary(&self) -> &str {
        "Fail silently"
    }
    fn run(&mut self, ctx: &mut Context, op: OpId, _: &mut AnalysisManager) -> Result<(), Failure> {
        log(format!("always-fail {}", label(ctx, op)));
        Err(Failure(Vec::new()))
    }
}

/// `fail-on-b`: fails with an error on `@b`, succeeds elsewhere.
#[derive(Default)]
pub(crate) struct FailOnB;

impl Pass for FailOnB {
    fn argument(&self) -> &str {
        "fail-on-b"
    }
    fn summary(&self) -> &str {
        "Fail on @b with an error"
    }
    fn run(&mut self, ctx: &mut Context, op: OpId, analyses: &mut AnalysisManager) -> Result<(), Failure> {
        log(format!("fail-on-b {}", label(ctx, op)));
        if label(ctx, op) == "@b" {
            return Err(ctx.op_error(op, "is @b").into());
        }
        analyses.mark_all_preserved();
        Ok(())
    }
}

/// `break-ir`: tags the op with `broken`, which [`test_verifier`] rejects.
#[derive(Default)]
pub(crate) struct BreakIr;

impl Pass for BreakIr {
    fn argument(&self) -> &str {
        "break-ir"
    }
    fn summary(&self) -> &str {
        "Make the op invalid"
    }
    fn run(&mut self, ctx: &mut Context, op: OpId, _: &mut AnalysisManager) -> Result<(), Failure> {
        let unit = ctx.unit_attr();
        ctx.set_attr(op, "broken", Some(unit));
        Ok(())
    }
}

/// A verifier that rejects ops tagged `broken` and logs what it verified.
pub(crate) fn test_verifier(ctx: &Context, root: OpId) -> Result<(), Vec<Diagnostic>> {
    log(format!("verify {}", label(ctx, root)));
    let errors: Vec<Diagnostic> = ctx
        .walk_preorder(root)
        .into_iter()
        .filter(|&op| ctx.attr(op, "broken").is_some())
        .map(|op| ctx.op_error(op, "is broken"))
        .collect();
    if errors.is_empty() { Ok(()) } else { Err(errors) }
}

/// A registry holding every test pass.
pub(crate) fn test_registry() -> PassRegistry {
    let mut registry = PassRegistry::new();
    let constructors: [fn() -> Box<dyn Pass>; 6] = [
        || Box::new(CountOps),
        || Box::new(RenameAttr::default()),
        || Box::new(FuncOnly),
        || Box::new(AlwaysFail),
        || Box::new(FailOnB),
        || Box::new(BreakIr),
    ];
    for constructor in constructors {
        registry.register(constructor).expect("test passes are valid");
    }
    registry
}
