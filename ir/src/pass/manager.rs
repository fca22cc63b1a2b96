//! Pass managers: op-anchored pipelines built from text, printed back to text, and run on IR with
//! verification, instrumentation, timing spans and analysis caching.
//!
//! Semantics follow MLIR's pass manager:
//!
//! - An [`OpPassManager`] is anchored on an op name (`func.func`) or on `any`, and holds passes
//!   and nested pass managers in order.
//! - A nested manager runs on every op *directly* inside the regions of the op its parent runs
//!   on (one level at a time) whose name is its anchor. Such an op must be registered and
//!   isolated from above; the run fails otherwise. An `any` manager runs on every directly nested
//!   op that is registered, isolated from above, and accepted by the anchors of all its passes.
//! - A pass whose [`anchor`](super::Pass::anchor) differs from the manager's anchor is rejected
//!   when the pipeline is built.
//!
//! Execution is sequential. Passes on sibling isolated-from-above ops are independent, so running
//! them one after another gives the result a parallel schedule would. A nested pipeline runs on
//! each sibling in turn, all its passes on one op before the next op; when it fails on one op it
//! still runs on the remaining siblings, and the run reports the failures of all of them (as
//! MLIR's multi-threaded execution does). Unlike MLIR, adjacent nested pipelines with the same
//! anchor are not merged, so a pipeline prints back exactly as written.

use super::analysis::AnalysisManager;
use super::instrumentation::PassInstrumentation;
use super::pass_trait::Pass;
use super::pipeline_text::{DisplayPipeline, PipelineElement, PipelineError, PrettyPipeline, parse_anchored};
use super::registry::PassRegistry;
use super::timing;
use crate::context::Context;
use crate::diagnostics::{Diagnostic, Failure, Severity};
use crate::dialect::Traits;
use crate::operation::OpId;
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

/// Checks the IR under an op (the verifier's signature); `Err` holds every problem found.
pub type VerifierFn = fn(&Context, OpId) -> Result<(), Vec<Diagnostic>>;

/// What a pass manager runs on.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Anchor {
    /// Ops with this name, e.g. `func.func`.
    Op(String),
    /// Any op that is registered and isolated from above (`any` in pipeline text).
    Any,
}

impl Anchor {
    /// Reads an anchor from pipeline text: `any` or an op name.
    pub fn parse(text: &str) -> Anchor {
        if text == "any" { Anchor::Any } else { Anchor::Op(text.to_owned()) }
    }
}

impl fmt::Display for Anchor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Anchor::Op(name) => f.write_str(name),
            Anchor::Any => f.write_str("any"),
        }
    }
}

/// A fresh identity for a pass or pass manager, so timing reports tell instances apart.
fn next_id() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// One step of a pipeline.
enum Element {
    /// A pass, with its identity.
    Pass(Box<dyn Pass>, u64),
    /// A nested pipeline.
    Nested(OpPassManager),
}

/// A pipeline anchored on an op: passes and nested pipelines, run in order.
pub struct OpPassManager {
    anchor: Anchor,
    elements: Vec<Element>,
    id: u64,
}

impl OpPassManager {
    /// An empty pipeline anchored on `anchor`.
    pub fn new(anchor: Anchor) -> Self {
        OpPassManager { anchor, elements: Vec::new(), id: next_id() }
    }

    /// What this pipeline runs on.
    pub fn anchor(&self) -> &Anchor {
        &self.anchor
    }

    /// Number of passes and nested pipelines directly in this pipeline.
    pub fn len(&self) -> usize {
        self.elements.len()
    }

    /// True if the pipeline holds nothing.
    pub fn is_empty(&self) -> bool {
        self.elements.is_empty()
    }

    /// Appends `pass`.
    ///
    /// # Errors
    ///
    /// Fails if the pass is restricted to an op other than this pipeline's anchor, e.g.
    /// `pass 'cse' is restricted to 'func.func' and cannot run on 'builtin.module'; did you mean
    /// 'func.func(cse)'?`. Passes restricted to an op may be added to an `any` pipeline; they make
    /// it skip other ops.
    pub fn add_pass(&mut self, pass: Box<dyn Pass>) -> Result<(), String> {
        if let (Some(restricted), Anchor::Op(anchor)) = (pass.anchor(), &self.anchor)
            && restricted != anchor
        {
            let argument = pass.argument();
            return Err(format!(
                "pass '{argument}' is restricted to '{restricted}' and cannot run on '{anchor}'; did you mean \
                 '{restricted}({argument})'?"
            ));
        }
        self.elements.push(Element::Pass(pass, next_id()));
        Ok(())
    }

    /// Appends `pass`, nesting it implicitly if it is restricted to an op other than this
    /// pipeline's anchor: into the last element if that is a nested pipeline on the pass's anchor,
    /// else into a new one. This is how `mlir-opt` adds passes given as flags (`--cse`).
    pub fn add_nested_pass(&mut self, pass: Box<dyn Pass>) {
        let restricted = match (pass.anchor(), &self.anchor) {
            (Some(restricted), Anchor::Op(anchor)) if restricted != anchor => Anchor::Op(restricted.to_owned()),
            _ => {
                self.elements.push(Element::Pass(pass, next_id()));
                return;
            }
        };
        let reuse_last = matches!(self.elements.last(), Some(Element::Nested(last)) if last.anchor == restricted);
        if !reuse_last {
            self.elements.push(Element::Nested(OpPassManager::new(restricted)));
        }
        let Some(Element::Nested(last)) = self.elements.last_mut() else { unreachable!("a nested pipeline is last") };
        last.elements.push(Element::Pass(pass, next_id()));
    }

    /// Appends an empty pipeline anchored on `anchor` and returns it, to add passes to.
    pub fn nest(&mut self, anchor: Anchor) -> &mut OpPassManager {
        self.elements.push(Element::Nested(OpPassManager::new(anchor)));
        let Some(Element::Nested(nested)) = self.elements.last_mut() else { unreachable!("just pushed") };
        nested
    }

    /// Appends parsed pipeline elements, creating passes from `registry`.
    ///
    /// # Errors
    ///
    /// The first unknown pass, invalid option, misplaced anchored pass, or nested anchor that is
    /// not an op name, located at the offending element.
    pub fn add_elements(&mut self, elements: &[PipelineElement], registry: &PassRegistry) -> Result<(), PipelineError> {
        for element in elements {
            let error = |message: String| PipelineError { message, offset: element.span().start };
            match element {
                PipelineElement::Pass { name, options, .. } => {
                    let pass = registry.create(name, options).map_err(error)?;
                    self.add_pass(pass).map_err(error)?;
                }
                PipelineElement::Nested { anchor, elements, .. } => {
                    if anchor != "any" && !anchor.contains('.') {
                        return Err(error(format!(
                            "'{anchor}' is not an operation name; a nested pipeline is anchored on an op such as \
                             'func.func', or on 'any'"
                        )));
                    }
                    self.nest(Anchor::parse(anchor)).add_elements(elements, registry)?;
                }
            }
        }
        Ok(())
    }

    /// The pipeline as parsed elements (without spans): passes with all their options.
    fn to_elements(&self) -> Vec<PipelineElement> {
        self.elements
            .iter()
            .map(|element| match element {
                Element::Pass(pass, _) => PipelineElement::Pass {
                    name: pass.argument().to_owned(),
                    options: pass.options().map(|options| options.print_options()).unwrap_or_default(),
                    span: 0..0,
                },
                Element::Nested(nested) => PipelineElement::Nested {
                    anchor: nested.anchor.to_string(),
                    elements: nested.to_elements(),
                    span: 0..0,
                },
            })
            .collect()
    }

    /// Calls [`Pass::initialize`] on every pass, nested ones included.
    fn initialize(&mut self, ctx: &mut Context) -> Result<(), Failure> {
        for element in &mut self.elements {
            match element {
                Element::Pass(pass, _) => pass.initialize(ctx)?,
                Element::Nested(nested) => nested.initialize(ctx)?,
            }
        }
        Ok(())
    }

    /// True if this nested pipeline runs on `op` (ignoring registration and isolation for
    /// op-anchored pipelines, which are errors rather than reasons to skip).
    fn selects(&self, ctx: &Context, op: OpId) -> bool {
        let name = ctx.op_name_of(op);
        match &self.anchor {
            Anchor::Op(anchor) => anchor == name,
            Anchor::Any => {
                ctx.op_def_of(op).is_some()
                    && ctx.has_trait(op, Traits::ISOLATED_FROM_ABOVE)
                    && self.elements.iter().all(|element| match element {
                        Element::Pass(pass, _) => pass.anchor().is_none_or(|anchor| anchor == name),
                        Element::Nested(_) => true,
                    })
            }
        }
    }
}

/// Prints the pipeline's elements (not its anchor) as pipeline text, with every option of every
/// pass, sorted by name, as MLIR prints pipelines.
impl fmt::Display for OpPassManager {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", DisplayPipeline(&self.to_elements()))
    }
}

/// How a [`PassManager`] runs.
#[derive(Clone, Copy, Debug)]
pub struct PassManagerConfig {
    /// Verify the IR after every pass that may have changed it, and after every nested pipeline
    /// on the op holding the ops it ran on (`--verify-each`; on by default, as in `mlir-opt`).
    /// Has no effect without a [`verifier`](Self::verifier).
    pub verify_each: bool,
    /// The verifier `--verify-each` calls, normally `mc_ir::verifier::verify`.
    pub verifier: Option<VerifierFn>,
}

impl Default for PassManagerConfig {
    fn default() -> Self {
        PassManagerConfig { verify_each: true, verifier: None }
    }
}

/// The top-level pass manager: a pipeline for the root op, its configuration and its
/// instrumentations.
///
/// ```
/// use mc_ir::pass::{PassManager, PassRegistry};
///
/// let registry = PassRegistry::new();
/// let error = PassManager::parse("builtin.module(cse)", &registry).err().unwrap();
/// assert_eq!(error.message, "'cse' does not refer to a registered pass");
/// assert_eq!(PassManager::parse("builtin.module(func.func())", &registry).unwrap().to_string(), "builtin.module(func.func())");
/// ```
pub struct PassManager {
    pipeline: OpPassManager,
    /// False for a pipeline written as a bare list (`cse,canonicalize`), which runs on whatever
    /// root op it is given and prints without an anchor.
    anchored: bool,
    /// Verification settings.
    pub config: PassManagerConfig,
    instrumentations: Vec<Box<dyn PassInstrumentation>>,
}

impl PassManager {
    /// An empty pass manager for root ops matching `anchor`.
    pub fn new(anchor: Anchor) -> Self {
        PassManager {
            pipeline: OpPassManager::new(anchor),
            anchored: true,
            config: PassManagerConfig::default(),
            instrumentations: Vec::new(),
        }
    }

    /// Builds a pass manager from pipeline text, creating passes from `registry`.
    ///
    /// `builtin.module(...)` or `any(...)` anchors the pipeline on the root op; a bare list
    /// (`cse,canonicalize`) runs on whatever root op it is given.
    ///
    /// # Errors
    ///
    /// A syntax error, an unknown pass or option (with a suggestion when one is close), an invalid
    /// option value, a pass restricted to another op than the one it is nested under, or a nested
    /// anchor that is not an op name; [`PipelineError::render`] shows where.
    pub fn parse(text: &str, registry: &PassRegistry) -> Result<PassManager, PipelineError> {
        let (anchor, elements) = parse_anchored(text)?;
        let mut pm = PassManager::new(anchor.as_deref().map_or(Anchor::Any, Anchor::parse));
        pm.anchored = anchor.is_some();
        pm.pipeline.add_elements(&elements, registry)?;
        Ok(pm)
    }

    /// The root pipeline.
    pub fn pipeline(&self) -> &OpPassManager {
        &self.pipeline
    }

    /// The root pipeline, to add passes to.
    pub fn pipeline_mut(&mut self) -> &mut OpPassManager {
        &mut self.pipeline
    }

    /// The pipeline as `mlir-opt --dump-pass-pipeline` prints it (MLIR's `OpPassManager::dump`): a
    /// header counting the root pipeline's elements, then one element per line, nested pipelines
    /// indented, then a blank line.
    ///
    /// ```text
    /// Pass Manager with 2 passes:
    /// builtin.module(
    ///   func.func(
    ///     cse
    ///   ),
    ///   symbol-dce
    /// )
    ///
    /// ```
    ///
    /// A bare list (`cse,canonicalize`) prints its elements without an anchor.
    pub fn dump(&self) -> String {
        let elements = self.pipeline.to_elements();
        let pipeline = if self.anchored {
            let span = 0..0;
            let anchor = self.pipeline.anchor.to_string();
            PrettyPipeline(&[PipelineElement::Nested { anchor, elements, span }]).to_string()
        } else {
            PrettyPipeline(&elements).to_string()
        };
        format!("Pass Manager with {} passes:\n{pipeline}\n\n", self.pipeline.len())
    }

    /// Adds an instrumentation; its hooks run after those of earlier ones before a pass, and
    /// before them after a pass.
    pub fn add_instrumentation(&mut self, instrumentation: Box<dyn PassInstrumentation>) {
        self.instrumentations.push(instrumentation);
    }

    /// Runs the pipeline on `root`.
    ///
    /// # Errors
    ///
    /// Fails if `root` does not match the pipeline's anchor, a pass initialization or pass fails,
    /// a nested pipeline meets an op that is unregistered or not isolated from above, or
    /// verification fails. The failure holds the diagnostics of every failing op; a pass that
    /// failed without an error gets one naming it.
    pub fn run(&mut self, ctx: &mut Context, root: OpId) -> Result<(), Failure> {
        let root_name = ctx.op_name_of(root).to_owned();
        if let Anchor::Op(anchor) = &self.pipeline.anchor
            && *anchor != root_name
        {
            let loc = ctx.operation(root).loc();
            return Err(Diagnostic::error(loc, format!("can't run '{anchor}' pass manager on '{root_name}' op")).into());
        }
        for element in &self.pipeline.elements {
            if let Element::Pass(pass, _) = element
                && let Some(restricted) = pass.anchor()
                && restricted != root_name
            {
                return Err(ctx
                    .op_error(
                        root,
                        format!("cannot run pass '{}', which is restricted to '{restricted}'", pass.argument()),
                    )
                    .into());
            }
        }
        self.pipeline.initialize(ctx)?;
        let mut runner = Runner {
            config: self.config,
            instrumentations: &mut self.instrumentations,
            analyses: AnalysisManager::new(),
        };
        runner.run_pipeline(&mut self.pipeline, ctx, root).map(|_| ())
    }
}

/// Prints the pipeline text the pass manager was built from, with every option spelled out:
/// `builtin.module(test.func(cse),symbol-dce)`.
impl fmt::Display for PassManager {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.anchored {
            write!(f, "{}({})", self.pipeline.anchor, self.pipeline)
        } else {
            write!(f, "{}", self.pipeline)
        }
    }
}

/// State of one [`PassManager::run`].
struct Runner<'a> {
    config: PassManagerConfig,
    instrumentations: &'a mut [Box<dyn PassInstrumentation>],
    analyses: AnalysisManager,
}

impl Runner<'_> {
    /// Runs `pm` on `op`, stopping at the first failure. Returns whether the IR may have changed.
    fn run_pipeline(&mut self, pm: &mut OpPassManager, ctx: &mut Context, op: OpId) -> Result<bool, Failure> {
        let mut changed = false;
        for element in &mut pm.elements {
            changed |= match element {
                Element::Pass(pass, id) => self.run_pass(&mut **pass, *id, ctx, op)?,
                Element::Nested(nested) => self.run_nested(nested, ctx, op)?,
            };
        }
        Ok(changed)
    }

    /// Runs one pass on `op`, with instrumentation, invalidation and verification.
    fn run_pass(&mut self, pass: &mut dyn Pass, id: u64, ctx: &mut Context, op: OpId) -> Result<bool, Failure> {
        let span = timing::pass_span(&pass.name(), pass.argument(), id);
        let _entered = span.enter();
        for instrumentation in self.instrumentations.iter_mut() {
            instrumentation.run_before_pass(pass, ctx, op);
        }
        self.analyses.begin_pass();
        let result = pass.run(ctx, op, &mut self.analyses);
        let changed = self.analyses.finish_pass(ctx, op);
        let result = match result {
            Ok(()) if changed => self.verify(ctx, op, || format!("pass '{}'", pass.argument())),
            Ok(()) => Ok(()),
            Err(mut failure) => {
                if !failure.0.iter().any(|diagnostic| diagnostic.severity == Severity::Error) {
                    failure.0.push(ctx.op_error(op, format!("pass '{}' failed", pass.argument())));
                }
                Err(failure)
            }
        };
        for instrumentation in self.instrumentations.iter_mut().rev() {
            match result {
                Ok(()) => instrumentation.run_after_pass(pass, ctx, op),
                Err(_) => instrumentation.run_after_pass_failed(pass, ctx, op),
            }
        }
        result.map(|()| changed)
    }

    /// Runs a nested pipeline on each op directly inside `parent` that it selects, then verifies
    /// `parent` if anything changed.
    fn run_nested(&mut self, nested: &mut OpPassManager, ctx: &mut Context, parent: OpId) -> Result<bool, Failure> {
        let targets: Vec<OpId> = ctx.nested_ops(parent).into_iter().filter(|&op| nested.selects(ctx, op)).collect();
        let mut changed = false;
        let mut failures = Vec::new();
        for op in targets {
            if !ctx.is_live(op) {
                continue;
            }
            if ctx.op_def_of(op).is_none() {
                failures.push(ctx.op_error(op, "trying to schedule a pass on an unregistered operation"));
                continue;
            }
            if !ctx.has_trait(op, Traits::ISOLATED_FROM_ABOVE) {
                failures.push(
                    ctx.op_error(op, "trying to schedule a pass on an operation not marked as 'IsolatedFromAbove'"),
                );
                continue;
            }
            let span = timing::pipeline_span(&nested.anchor.to_string(), nested.id);
            let _entered = span.enter();
            match self.run_pipeline(nested, ctx, op) {
                Ok(op_changed) => changed |= op_changed,
                Err(Failure(diagnostics)) => failures.extend(diagnostics),
            }
        }
        if !failures.is_empty() {
            return Err(Failure(failures));
        }
        if changed {
            self.verify(ctx, parent, || format!("the '{}' pipeline", nested.anchor))?;
        }
        Ok(changed)
    }

    /// Runs the verifier on `op` if `--verify-each` is on; `what` names what ran before it.
    fn verify(&self, ctx: &Context, op: OpId, what: impl FnOnce() -> String) -> Result<(), Failure> {
        let Some(verifier) = self.config.verifier.filter(|_| self.config.verify_each) else { return Ok(()) };
        verifier(ctx, op).map_err(|mut diagnostics| {
            if diagnostics.is_empty() {
                diagnostics.push(ctx.op_error(op, format!("failed to verify after {}", what())));
            }
            Failure(diagnostics)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pass::test_util::{FuncOnly, RenameAttr, TestIr, build_test_ir, take_log, test_registry, test_verifier};

    fn parse(text: &str) -> PassManager {
        PassManager::parse(text, &test_registry()).unwrap_or_else(|error| panic!("{}", error.render(text)))
    }

    fn parse_err(text: &str) -> PipelineError {
        PassManager::parse(text, &test_registry()).err().expect("pipeline should not build")
    }

    /// Runs `text` on a module with functions `@a` and `@b` (two ops each); returns the result
    /// and the test passes' log.
    fn run(text: &str) -> (Result<(), Failure>, Vec<String>) {
        let TestIr { mut ctx, module, .. } = build_test_ir(&["a", "b"], 2);
        let mut pm = parse(text);
        pm.config.verifier = Some(test_verifier);
        take_log();
        let result = pm.run(&mut ctx, module);
        (result, take_log())
    }

    fn messages(failure: &Failure) -> Vec<&str> {
        failure.0.iter().map(|diagnostic| diagnostic.message.as_str()).collect()
    }

    #[test]
    fn builds_and_prints_pipelines() {
        let rename = "rename-attr{from=old max-renames=-1 scope=nested to=new verbose=false}";
        for (text, printed) in [
            (
                "builtin.module(test.func(count-ops,func-only),count-ops)",
                "builtin.module(test.func(count-ops,func-only),count-ops)".to_owned(),
            ),
            ("any(count-ops)", "any(count-ops)".to_owned()),
            ("count-ops, count-ops", "count-ops,count-ops".to_owned()),
            ("", String::new()),
            ("builtin.module()", "builtin.module()".to_owned()),
            ("builtin.module(test.func(rename-attr))", format!("builtin.module(test.func({rename}))")),
            (
                "builtin.module(any(test.func(count-ops)),test.func())",
                "builtin.module(any(test.func(count-ops)),test.func())".to_owned(),
            ),
        ] {
            let pm = parse(text);
            assert_eq!(pm.to_string(), printed, "{text}");
            assert_eq!(parse(&printed).to_string(), printed, "{text}");
        }
        let pm = parse("builtin.module(test.func(count-ops),count-ops)");
        assert_eq!(pm.pipeline().anchor(), &Anchor::Op("builtin.module".to_owned()));
        assert_eq!(pm.pipeline().len(), 2);
        assert!(!pm.pipeline().is_empty());
    }

    #[test]
    fn dumps_like_mlir() {
        assert_eq!(
            parse("builtin.module(test.func(count-ops,func-only),count-ops)").dump(),
            "Pass Manager with 2 passes:\nbuiltin.module(\n  test.func(\n    count-ops,\n    func-only\n  ),\n  \
             count-ops\n)\n\n"
        );
        assert_eq!(parse("builtin.module()").dump(), "Pass Manager with 0 passes:\nbuiltin.module(\n\n)\n\n");
        assert_eq!(parse("count-ops,count-ops").dump(), "Pass Manager with 2 passes:\ncount-ops,\ncount-ops\n\n");
    }

    #[test]
    fn options_round_trip_through_printing() {
        let text = "builtin.module(rename-attr{to=\"new name\" skip=test.op,test.func scope=root verbose})";
        let printed = parse(text).to_string();
        assert_eq!(
            printed,
            "builtin.module(rename-attr{from=old max-renames=-1 scope=root skip={test.op,test.func} to=\"new name\" verbose=true})"
        );
        assert_eq!(parse(&printed).to_string(), printed);
    }

    #[test]
    fn construction_errors_are_located() {
        let text = "builtin.module(test.func(count-op))";
        let error = parse_err(text);
        assert_eq!(error.message, "'count-op' does not refer to a registered pass; did you mean 'count-ops'?");
        assert_eq!(error.offset, 25);
        assert_eq!(
            error.render(text),
            "'count-op' does not refer to a registered pass; did you mean 'count-ops'?\n\
             builtin.module(test.func(count-op))\n                         ^"
        );

        let error = parse_err("builtin.module(rename-attr{scope=all})");
        assert_eq!(error.message, "invalid value 'all' for option 'scope': expected one of 'root', 'nested'");
        assert_eq!(error.offset, 15);

        let error = parse_err("builtin.module(func-only)");
        assert_eq!(
            error.message,
            "pass 'func-only' is restricted to 'test.func' and cannot run on 'builtin.module'; did you mean \
             'test.func(func-only)'?"
        );

        let error = parse_err("builtin.module(count-ops(func-only))");
        assert_eq!(
            error.message,
            "'count-ops' is not an operation name; a nested pipeline is anchored on an op such as 'func.func', or on 'any'"
        );
        assert_eq!(parse_err("builtin.module(cse").message, "expected ')' to close 'builtin.module('");
        // Anchored passes may sit in `any` pipelines and in bare top-level lists.
        parse("any(func-only)");
        parse("func-only");
    }

    #[test]
    fn nested_pipelines_run_per_op_one_level_at_a_time() {
        let (result, log) = run("builtin.module(test.func(count-ops,func-only),count-ops)");
        result.unwrap();
        assert_eq!(
            log,
            [
                "compute OpCount @a",
                "count-ops @a = 3",
                "func-only @a",
                "compute OpCount @b",
                "count-ops @b = 3",
                "func-only @b",
                "compute OpCount builtin.module",
                "count-ops builtin.module = 7",
            ]
        );
        // Nested pipelines only see ops directly inside the parent: the `test.op`s inside the
        // functions are not directly inside the module.
        let (result, log) = run("builtin.module(test.op(count-ops),test.func())");
        result.unwrap();
        assert!(log.is_empty(), "{log:?}");
    }

    #[test]
    fn any_pipelines_select_isolated_registered_ops() {
        let (result, log) = run("builtin.module(any(count-ops))");
        result.unwrap();
        assert_eq!(log, ["compute OpCount @a", "count-ops @a = 3", "compute OpCount @b", "count-ops @b = 3"]);
        let (result, log) = run("any(func-only)");
        assert!(result.is_err());
        assert!(log.is_empty());
        let (result, log) = run("builtin.module(any(func-only))");
        result.unwrap();
        assert_eq!(log, ["func-only @a", "func-only @b"]);
    }

    #[test]
    fn root_must_match_anchor() {
        let (result, _) = run("test.func(count-ops)");
        assert_eq!(messages(&result.unwrap_err()), ["can't run 'test.func' pass manager on 'builtin.module' op"]);
        let (result, _) = run("func-only");
        assert_eq!(
            messages(&result.unwrap_err()),
            ["'builtin.module' op cannot run pass 'func-only', which is restricted to 'test.func'"]
        );
        let (result, log) = run("count-ops");
        result.unwrap();
        assert_eq!(log, ["compute OpCount builtin.module", "count-ops builtin.module = 7"]);
    }

    #[test]
    fn nested_ops_must_be_registered_and_isolated() {
        let TestIr { mut ctx, module, funcs } = build_test_ir(&["a"], 1);
        let inner = ctx.nested_ops(funcs[0])[0];
        let mut pm = parse("builtin.module(test.func(test.op(count-ops)))");
        let error = pm.run(&mut ctx, module).unwrap_err();
        assert_eq!(
            messages(&error),
            ["'test.op' op trying to schedule a pass on an operation not marked as 'IsolatedFromAbove'"]
        );
        assert_eq!(error.0[0].loc, ctx.operation(inner).loc());

        let loc = ctx.unknown_loc();
        let end = crate::builtin::ModuleOp(module).body_end(&ctx);
        crate::Builder::at(&mut ctx, end, loc).create("other.thing", &[], &[], vec![], vec![]);
        let mut pm = parse("builtin.module(other.thing(count-ops))");
        let error = pm.run(&mut ctx, module).unwrap_err();
        assert_eq!(messages(&error), ["'other.thing' op trying to schedule a pass on an unregistered operation"]);
    }

    #[test]
    fn failures_name_the_pass_and_stop_the_pipeline() {
        let (result, log) = run("builtin.module(test.func(always-fail,count-ops),count-ops)");
        assert_eq!(
            messages(&result.unwrap_err()),
            ["'test.func' op pass 'always-fail' failed", "'test.func' op pass 'always-fail' failed"]
        );
        // The failing pipeline still runs on the sibling, but nothing runs after the failure.
        assert_eq!(log, ["always-fail @a", "always-fail @b"]);

        // A pass that reports its own error is not named again.
        let (result, log) = run("builtin.module(test.func(fail-on-b,count-ops))");
        assert_eq!(messages(&result.unwrap_err()), ["'test.func' op is @b"]);
        assert_eq!(log, ["fail-on-b @a", "compute OpCount @a", "count-ops @a = 3", "fail-on-b @b"]);
    }

    #[test]
    fn verify_each_runs_after_changing_passes() {
        let (result, log) = run("builtin.module(test.func(count-ops,rename-attr),count-ops)");
        result.unwrap();
        assert_eq!(
            log,
            [
                "compute OpCount @a",
                "count-ops @a = 3",
                "verify @a",
                "compute OpCount @b",
                "count-ops @b = 3",
                "verify @b",
                "verify builtin.module",
                "compute OpCount builtin.module",
                "count-ops builtin.module = 7",
            ]
        );
        let (result, log) = run("builtin.module(test.func(break-ir,count-ops))");
        assert_eq!(messages(&result.unwrap_err()), ["'test.func' op is broken", "'test.func' op is broken"]);
        assert_eq!(log, ["verify @a", "verify @b"]);

        // Without --verify-each the broken IR goes through.
        let TestIr { mut ctx, module, .. } = build_test_ir(&["a"], 1);
        let mut pm = parse("builtin.module(test.func(break-ir))");
        pm.config = PassManagerConfig { verify_each: false, verifier: Some(test_verifier) };
        take_log();
        pm.run(&mut ctx, module).unwrap();
        assert!(take_log().is_empty());
    }

    #[test]
    fn verifier_without_diagnostics_still_names_the_pass() {
        fn reject(_: &Context, _: OpId) -> Result<(), Vec<Diagnostic>> {
            Err(Vec::new())
        }
        let TestIr { mut ctx, module, .. } = build_test_ir(&["a"], 1);
        let mut pm = parse("builtin.module(rename-attr)");
        pm.config.verifier = Some(reject);
        let error = pm.run(&mut ctx, module).unwrap_err();
        assert_eq!(messages(&error), ["'builtin.module' op failed to verify after pass 'rename-attr'"]);
        let TestIr { mut ctx, module, .. } = build_test_ir(&["a"], 1);
        let mut pm = parse("builtin.module(test.func(count-ops),any(rename-attr))");
        pm.config.verifier = Some(reject);
        let error = pm.run(&mut ctx, module).unwrap_err();
        assert_eq!(messages(&error), ["'test.func' op failed to verify after pass 'rename-attr'"]);
    }

    #[test]
    fn analyses_are_cached_across_passes_until_invalidated() {
        // count-ops preserves everything, so the second run reuses the analysis; rename-attr
        // changes the function, which drops the function's and the module's analyses.
        let (result, log) =
            run("builtin.module(count-ops,test.func(count-ops,count-ops,rename-attr,count-ops),count-ops)");
        result.unwrap();
        assert_eq!(
            log,
            [
                "compute OpCount builtin.module",
                "count-ops builtin.module = 7",
                "compute OpCount @a",
                "count-ops @a = 3",
                "count-ops @a = 3",
                "verify @a",
                "compute OpCount @a",
                "count-ops @a = 3",
                "compute OpCount @b",
                "count-ops @b = 3",
                "count-ops @b = 3",
                "verify @b",
                "compute OpCount @b",
                "count-ops @b = 3",
                "verify builtin.module",
                "compute OpCount builtin.module",
                "count-ops builtin.module = 7",
            ]
        );
    }

    #[test]
    fn initialize_runs_once_before_any_pass() {
        #[derive(Default)]
        struct Init;
        impl Pass for Init {
            fn argument(&self) -> &str {
                "init"
            }
            fn summary(&self) -> &str {
                "logs initialization"
            }
            fn initialize(&mut self, _: &mut Context) -> Result<(), Failure> {
                crate::pass::test_util::log("initialize".to_owned());
                Ok(())
            }
            fn run(&mut self, ctx: &mut Context, op: OpId, _: &mut AnalysisManager) -> Result<(), Failure> {
                crate::pass::test_util::log(format!("init {}", crate::pass::test_util::label(ctx, op)));
                Ok(())
            }
        }
        let mut registry = test_registry();
        registry.register(|| Box::new(Init)).unwrap();
        let TestIr { mut ctx, module, .. } = build_test_ir(&["a", "b"], 0);
        let mut pm = PassManager::parse("builtin.module(count-ops,test.func(init))", &registry).unwrap();
        take_log();
        pm.run(&mut ctx, module).unwrap();
        assert_eq!(
            take_log(),
            ["initialize", "compute OpCount builtin.module", "count-ops builtin.module = 3", "init @a", "init @b"]
        );
    }

    #[test]
    fn programmatic_construction() {
        let mut pm = PassManager::new(Anchor::Op("builtin.module".to_owned()));
        let root = pm.pipeline_mut();
        root.add_nested_pass(Box::new(FuncOnly));
        root.add_nested_pass(Box::new(FuncOnly));
        root.add_nested_pass(Box::new(RenameAttr::default()));
        root.add_nested_pass(Box::new(FuncOnly));
        root.nest(Anchor::Any).add_pass(Box::new(FuncOnly)).unwrap();
        assert_eq!(
            pm.to_string(),
            "builtin.module(test.func(func-only,func-only),rename-attr{from=old max-renames=-1 scope=nested to=new \
             verbose=false},test.func(func-only),any(func-only))"
        );
        let error = pm.pipeline_mut().add_pass(Box::new(FuncOnly)).unwrap_err();
        assert!(error.starts_with("pass 'func-only' is restricted to 'test.func'"), "{error}");
        let mut any = OpPassManager::new(Anchor::Any);
        any.add_nested_pass(Box::new(FuncOnly));
        assert_eq!(any.to_string(), "func-only");
        assert_eq!(Anchor::parse("any"), Anchor::Any);
    }
}
