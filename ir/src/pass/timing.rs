//! Pass timing (`--pass-timing`): the pass manager opens a `tracing` span for every pass run,
//! nested pipeline run and analysis computation; [`TimingLayer`] turns those spans into a tree of
//! wall times and [`TimingReport`] prints it in the format of MLIR's `-mlir-timing` report.
//!
//! ```
//! use mc_ir::pass::timing::{Timing, scope};
//! use tracing_subscriber::layer::SubscriberExt;
//!
//! let timing = Timing::new();
//! let subscriber = tracing_subscriber::registry().with(timing.layer());
//! tracing::subscriber::with_default(subscriber, || {
//!     let _parser = scope("Parser").entered();
//!     // ... parse, then run the pass manager ...
//! });
//! let report = timing.report();
//! assert_eq!(report.entries[0].label, "Parser");
//! print!("{report}");
//! ```
//!
//! Spans of the same pass instance (or pipeline, or analysis type under the same parent) are
//! merged into one row however often they run, as MLIR merges its timers; two instances of the
//! same pass in a pipeline get a row each. Rows keep the order in which they first ran.

use std::fmt;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id};
use tracing::{Span, Subscriber};
use tracing_subscriber::layer::{Context, Layer};
use tracing_subscriber::registry::LookupSpan;

/// The `tracing` target of every span the timing layer records.
pub const TIMING_TARGET: &str = "mc_ir::timing";

/// A span timed under `label` (e.g. `Parser`, `Output`), for tools that time their own phases
/// next to the passes.
pub fn scope(label: &str) -> Span {
    tracing::info_span!(target: TIMING_TARGET, "scope", label)
}

/// The span of one pass run; `key` tells instances of the same pass apart.
pub(crate) fn pass_span(name: &str, argument: &str, key: u64) -> Span {
    tracing::info_span!(target: TIMING_TARGET, "pass", label = name, key, argument)
}

/// The span of one nested pipeline run on one op; `key` tells pipelines with the same anchor apart.
pub(crate) fn pipeline_span(anchor: &str, key: u64) -> Span {
    tracing::info_span!(target: TIMING_TARGET, "pipeline", label = format_args!("'{anchor}' Pipeline"), key)
}

/// The span of one analysis computation.
pub(crate) fn analysis_span(name: &str) -> Span {
    tracing::info_span!(target: TIMING_TARGET, "analysis", label = format_args!("(A) {name}"))
}

/// One node of the timer tree.
struct Node {
    label: String,
    key: u64,
    wall: Duration,
    children: Vec<usize>,
}

/// The timer tree; node 0 is the hidden root.
struct Tree {
    nodes: Vec<Node>,
}

impl Tree {
    /// The child of `parent` with `label` and `key`, created if new.
    fn child(&mut self, parent: usize, label: String, key: u64) -> usize {
        let existing = self.nodes[parent]
            .children
            .iter()
            .copied()
            .find(|&child| self.nodes[child].label == label && self.nodes[child].key == key);
        existing.unwrap_or_else(|| {
            self.nodes.push(Node { label, key, wall: Duration::ZERO, children: Vec::new() });
            let index = self.nodes.len() - 1;
            self.nodes[parent].children.push(index);
            index
        })
    }

    fn entries(&self, node: usize, depth: usize, out: &mut Vec<TimingEntry>) {
        for &child in &self.nodes[node].children {
            let child_node = &self.nodes[child];
            out.push(TimingEntry { depth, label: child_node.label.clone(), wall: child_node.wall });
            self.entries(child, depth + 1, out);
        }
    }
}

/// Collects span timings; create one per report, install its [`layer`](Self::layer), then read the
/// [`report`](Self::report).
pub struct Timing {
    tree: Arc<Mutex<Tree>>,
    start: Instant,
}

impl Default for Timing {
    fn default() -> Self {
        Self::new()
    }
}

impl Timing {
    /// An empty collector; the report's total time counts from now.
    pub fn new() -> Self {
        let root = Node { label: String::new(), key: 0, wall: Duration::ZERO, children: Vec::new() };
        Timing { tree: Arc::new(Mutex::new(Tree { nodes: vec![root] })), start: Instant::now() }
    }

    /// The `tracing` layer feeding this collector; add it to the subscriber in use.
    pub fn layer(&self) -> TimingLayer {
        TimingLayer { tree: Arc::clone(&self.tree) }
    }

    /// The times recorded so far, with the time since [`new`](Self::new) as the total.
    pub fn report(&self) -> TimingReport {
        let mut entries = Vec::new();
        lock(&self.tree).entries(0, 0, &mut entries);
        TimingReport { total: self.start.elapsed(), entries }
    }
}

/// Locks the tree, ignoring poisoning: a panic elsewhere leaves the times merely incomplete.
fn lock(tree: &Mutex<Tree>) -> MutexGuard<'_, Tree> {
    tree.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The `tracing_subscriber` layer of a [`Timing`] collector. It records spans with target
/// [`TIMING_TARGET`] and ignores all others.
pub struct TimingLayer {
    tree: Arc<Mutex<Tree>>,
}

/// Where a timed span sits in the tree, and when it was last entered.
struct Timer {
    node: usize,
    entered: Option<Instant>,
}

/// Reads the `label` and `key` fields of a timed span.
#[derive(Default)]
struct Fields {
    label: String,
    key: u64,
}

impl Visit for Fields {
    fn record_str(&mut self, field: &Field, value: &str) {
        if field.name() == "label" {
            self.label = value.to_owned();
        }
    }

    fn record_u64(&mut self, field: &Field, value: u64) {
        if field.name() == "key" {
            self.key = value;
        }
    }

    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        if field.name() == "label" {
            self.label = format!("{value:?}");
        }
    }
}

impl<S: Subscriber + for<'a> LookupSpan<'a>> Layer<S> for TimingLayer {
    fn on_new_span(&self, attrs: &Attributes<'_>, id: &Id, ctx: Context<'_, S>) {
        if attrs.metadata().target() != TIMING_TARGET {
            return;
        }
        let Some(span) = ctx.span(id) else { return };
        let mut fields = Fields::default();
        attrs.record(&mut fields);
        let parent =
            span.scope().skip(1).find_map(|ancestor| ancestor.extensions().get::<Timer>().map(|timer| timer.node));
        let node = lock(&self.tree).child(parent.unwrap_or(0), fields.label, fields.key);
        span.extensions_mut().insert(Timer { node, entered: None });
    }

    fn on_enter(&self, id: &Id, ctx: Context<'_, S>) {
        if let Some(span) = ctx.span(id)
            && let Some(timer) = span.extensions_mut().get_mut::<Timer>()
        {
            timer.entered = Some(Instant::now());
        }
    }

    fn on_exit(&self, id: &Id, ctx: Context<'_, S>) {
        if let Some(span) = ctx.span(id)
            && let Some(timer) = span.extensions_mut().get_mut::<Timer>()
            && let Some(entered) = timer.entered.take()
        {
            lock(&self.tree).nodes[timer.node].wall += entered.elapsed();
        }
    }
}

/// One row of a timing report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimingEntry {
    /// Nesting depth; 0 for top-level rows.
    pub depth: usize,
    /// What was timed: a pass name, `'func.func' Pipeline`, `(A) Dominance`, or a scope label.
    pub label: String,
    /// Accumulated wall time.
    pub wall: Duration,
}

/// Recorded times, printed (`Display`) like MLIR's `-mlir-timing` tree report:
///
/// ```text
/// ===-------------------------------------------------------------------------===
///                          ... Execution time report ...
/// ===-------------------------------------------------------------------------===
///   Total Execution Time: 0.0013 seconds
///
///   ----Wall Time----  ----Name----
///     0.0002 ( 17.2%)  'func.func' Pipeline
///     0.0000 (  1.1%)    CSE
///     0.0011 ( 82.8%)  Rest
///     0.0013 (100.0%)  Total
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimingReport {
    /// Total wall time of the timed run.
    pub total: Duration,
    /// The rows in tree order: each row is followed by the rows nested in it.
    pub entries: Vec<TimingEntry>,
}

impl TimingReport {
    /// Time not spent in any top-level row.
    pub fn rest(&self) -> Duration {
        let timed: Duration = self.entries.iter().filter(|entry| entry.depth == 0).map(|entry| entry.wall).sum();
        self.total.saturating_sub(timed)
    }
}

impl fmt::Display for TimingReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const DESCRIPTION: &str = "... Execution time report ...";
        let rule = format!("==={}===", "-".repeat(73));
        let total = self.total.as_secs_f64();
        writeln!(f, "{rule}")?;
        writeln!(f, "{}{DESCRIPTION}", " ".repeat((80 - DESCRIPTION.len()) / 2))?;
        writeln!(f, "{rule}")?;
        writeln!(f, "  Total Execution Time: {total:.4} seconds\n")?;
        writeln!(f, "  ----Wall Time----  ----Name----")?;
        let row = |f: &mut fmt::Formatter<'_>, wall: Duration, depth: usize, label: &str| {
            let wall = wall.as_secs_f64();
            let percent = if total > 0.0 { 100.0 * wall / total } else { 0.0 };
            writeln!(f, "  {wall:8.4} ({percent:5.1}%)  {}{label}", "  ".repeat(depth))
        };
        for entry in &self.entries {
            row(f, entry.wall, entry.depth, &entry.label)?;
        }
        row(f, self.rest(), 0, "Rest")?;
        row(f, self.total, 0, "Total")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pass::PassManager;
    use crate::pass::test_util::{TestIr, build_test_ir, test_registry};
    use tracing_subscriber::layer::SubscriberExt;

    fn rows(report: &TimingReport) -> Vec<String> {
        report.entries.iter().map(|entry| format!("{}{}", "  ".repeat(entry.depth), entry.label)).collect()
    }

    #[test]
    fn pass_runs_form_a_merged_tree() {
        let TestIr { mut ctx, module, .. } = build_test_ir(&["a", "b"], 1);
        let mut pm = PassManager::parse(
            "builtin.module(test.func(count-ops,rename-attr,count-ops),count-ops,any(count-ops))",
            &test_registry(),
        )
        .unwrap();
        let timing = Timing::new();
        let subscriber = tracing_subscriber::registry().with(timing.layer());
        tracing::subscriber::with_default(subscriber, || {
            {
                let _parser = scope("Parser").entered();
            }
            pm.run(&mut ctx, module).unwrap();
            let _output = scope("Output").entered();
            // Spans of other targets are ignored.
            let _other = tracing::info_span!("unrelated").entered();
        });
        let report = timing.report();
        assert_eq!(
            rows(&report),
            [
                "Parser",
                "'test.func' Pipeline",
                "  CountOps",
                "    (A) OpCount",
                "  RenameAttribute",
                "  CountOps",
                "    (A) OpCount",
                "CountOps",
                "  (A) OpCount",
                // The functions' counts are still cached: nothing changed them since.
                "'any' Pipeline",
                "  CountOps",
                "Output",
            ]
        );
        let top: Duration = report.entries.iter().filter(|entry| entry.depth == 0).map(|entry| entry.wall).sum();
        assert!(top <= report.total);
        assert_eq!(report.rest(), report.total - top);
    }

    #[test]
    fn report_has_mlir_layout() {
        let report = TimingReport {
            total: Duration::from_millis(1300),
            entries: vec![
                TimingEntry { depth: 0, label: "'func.func' Pipeline".to_owned(), wall: Duration::from_millis(200) },
                TimingEntry { depth: 1, label: "CSE".to_owned(), wall: Duration::from_micros(14_300) },
                TimingEntry { depth: 0, label: "SymbolDCE".to_owned(), wall: Duration::from_millis(100) },
            ],
        };
        let expected = "\
===-------------------------------------------------------------------------===
                         ... Execution time report ...
===-------------------------------------------------------------------------===
  Total Execution Time: 1.3000 seconds

  ----Wall Time----  ----Name----
    0.2000 ( 15.4%)  'func.func' Pipeline
    0.0143 (  1.1%)    CSE
    0.1000 (  7.7%)  SymbolDCE
    1.0000 ( 76.9%)  Rest
    1.3000 (100.0%)  Total
";
        assert_eq!(report.to_string(), expected);
        let empty = TimingReport { total: Duration::ZERO, entries: Vec::new() };
        assert!(empty.to_string().ends_with("    0.0000 (  0.0%)  Rest\n    0.0000 (  0.0%)  Total\n"));
    }
}
