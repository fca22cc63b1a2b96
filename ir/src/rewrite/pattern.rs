//! Rewrite patterns and the rewriter through which they change IR, so drivers see every change.

use crate::block::InsertPoint;
use crate::context::Context;
use crate::location::Location;
use crate::operation::{OpId, OperationState};
use crate::value::Value;
use rustc_hash::FxHashMap;

/// A local IR transformation rooted at one op.
pub trait RewritePattern {
    /// A name for debugging and statistics.
    fn name(&self) -> &str;

    /// The op name this pattern matches, or `None` to be tried on every op.
    fn root(&self) -> Option<&str>;

    /// Higher benefit patterns are tried first.
    fn benefit(&self) -> u16 {
        1
    }

    /// Tries to rewrite `op`; returns true if it changed the IR (only through `rewriter`).
    fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool;
}

/// A pattern given by a function: the common case of a pattern with no state of its own.
pub struct FnPattern {
    /// The pattern's name (for `enable-patterns`/`disable-patterns`).
    pub name: &'static str,
    /// The op name it matches.
    pub root: &'static str,
    /// Tries to rewrite the op; true if it changed the IR.
    pub apply: fn(OpId, &mut PatternRewriter<'_>) -> bool,
}

impl RewritePattern for FnPattern {
    fn name(&self) -> &str {
        self.name
    }

    fn root(&self) -> Option<&str> {
        Some(self.root)
    }

    fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
        (self.apply)(op, rewriter)
    }
}

/// An ordered collection of patterns.
#[derive(Default)]
pub struct RewritePatternSet {
    patterns: Vec<Box<dyn RewritePattern>>,
}

impl RewritePatternSet {
    /// Adds a pattern.
    pub fn add(&mut self, pattern: impl RewritePattern + 'static) {
        self.patterns.push(Box::new(pattern));
    }

    /// The canonicalization patterns of every registered op, or only of the ops of `dialect`.
    pub fn canonicalization_patterns(ctx: &crate::Context, dialect: Option<&str>) -> Self {
        let mut set = RewritePatternSet::default();
        for def in ctx.registered_ops() {
            if dialect.is_none_or(|d| crate::dialect_of(def.name) == d)
                && let Some(add) = def.canonicalize
            {
                add(&mut set);
            }
        }
        set
    }

    /// Freezes the patterns named in `enable` (all when empty) that are not named in `disable`,
    /// as MLIR's `FrozenRewritePatternSet(patterns, disabled, enabled)` does.
    pub fn freeze_filtered(self, enable: &[String], disable: &[String]) -> FrozenRewritePatternSet {
        let mut kept = RewritePatternSet::default();
        for pattern in self.patterns {
            let name = pattern.name();
            if !disable.iter().any(|d| d == name) && (enable.is_empty() || enable.iter().any(|e| e == name)) {
                kept.patterns.push(pattern);
            }
        }
        kept.freeze()
    }

    /// Adds an already boxed pattern.
    pub fn add_boxed(&mut self, pattern: Box<dyn RewritePattern>) {
        self.patterns.push(pattern);
    }

    /// The patterns, highest benefit first (stable among equals).
    pub fn into_sorted(mut self) -> Vec<Box<dyn RewritePattern>> {
        self.patterns.sort_by_key(|p| std::cmp::Reverse(p.benefit()));
        self.patterns
    }

    /// Number of patterns.
    pub fn len(&self) -> usize {
        self.patterns.len()
    }

    /// True if empty.
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }

    /// Sorts and indexes the patterns for a driver.
    pub fn freeze(self) -> FrozenRewritePatternSet {
        FrozenRewritePatternSet::from(self)
    }
}

/// Patterns ready for a driver: sorted by benefit and indexed by root op name, reusable across runs.
pub struct FrozenRewritePatternSet {
    patterns: Vec<Box<dyn RewritePattern>>,
    /// Per root name: the patterns rooted there and those matching any op, merged in benefit order.
    by_root: FxHashMap<String, Vec<usize>>,
    /// Patterns with no root, in benefit order.
    any_root: Vec<usize>,
}

impl From<RewritePatternSet> for FrozenRewritePatternSet {
    fn from(set: RewritePatternSet) -> Self {
        let patterns = set.into_sorted();
        let any_root: Vec<usize> = (0..patterns.len()).filter(|&i| patterns[i].root().is_none()).collect();
        let mut by_root: FxHashMap<String, Vec<usize>> = FxHashMap::default();
        for (index, pattern) in patterns.iter().enumerate() {
            if let Some(root) = pattern.root() {
                by_root.entry(root.to_string()).or_default().push(index);
            }
        }
        // Indices follow benefit order (the sort is stable), so a sorted merge keeps that order.
        for list in by_root.values_mut() {
            list.extend(&any_root);
            list.sort_unstable();
        }
        FrozenRewritePatternSet { patterns, by_root, any_root }
    }
}

impl FrozenRewritePatternSet {
    /// The patterns that may match an op named `name`, highest benefit first.
    pub fn patterns_for<'s>(&'s self, name: &str) -> impl Iterator<Item = &'s dyn RewritePattern> + use<'s> {
        let indices = self.by_root.get(name).unwrap_or(&self.any_root);
        indices.iter().map(|&i| self.patterns[i].as_ref())
    }

    /// Number of patterns.
    pub fn len(&self) -> usize {
        self.patterns.len()
    }

    /// True if empty.
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }
}

/// What a rewriter did, for the driver's worklist.
#[derive(Default, Debug)]
pub struct RewriteEvents {
    /// Ops created (and inserted).
    pub created: Vec<OpId>,
    /// Ops erased.
    pub erased: Vec<OpId>,
    /// Ops changed in place, and users of replaced values.
    pub modified: Vec<OpId>,
}

/// Changes IR on behalf of a pattern and records what changed.
pub struct PatternRewriter<'c> {
    /// The context (read freely; change IR only through the rewriter's methods).
    pub ctx: &'c mut Context,
    /// Where new ops are inserted: before the op being rewritten, by default.
    pub ip: InsertPoint,
    /// What happened so far.
    pub events: RewriteEvents,
}

impl<'c> PatternRewriter<'c> {
    /// A rewriter inserting before `op`.
    pub fn new(ctx: &'c mut Context, op: OpId) -> Self {
        let ip = InsertPoint::before(ctx, op);
        PatternRewriter { ctx, ip, events: RewriteEvents::default() }
    }

    /// Creates an op at the insertion point.
    pub fn create(&mut self, state: OperationState) -> OpId {
        let op = self.ctx.create_operation(state);
        self.ctx.insert_op(op, self.ip);
        self.events.created.push(op);
        op
    }

    /// Creates an op from its parts at the insertion point.
    pub fn create_op(
        &mut self,
        name: &str,
        loc: Location,
        operands: &[Value],
        result_types: &[crate::Type],
        attrs: Vec<(String, crate::Attribute)>,
    ) -> OpId {
        let mut state = OperationState::new(self.ctx.op_name(name), loc);
        state.operands = operands.to_vec();
        state.result_types = result_types.to_vec();
        state.attrs = attrs;
        self.create(state)
    }

    /// Records that an existing op was inserted at the insertion point (e.g. a materialized constant).
    pub fn notify_created(&mut self, op: OpId) {
        self.events.created.push(op);
    }

    /// Replaces all uses of `op`'s results and erases it.
    pub fn replace_op(&mut self, op: OpId, values: &[Value]) {
        for (index, &value) in values.iter().enumerate() {
            self.replace_all_uses_with(op.result(index), value);
        }
        self.erase_op(op);
    }

    /// Replaces all uses of `from` with `to`, recording the users as modified.
    pub fn replace_all_uses_with(&mut self, from: Value, to: Value) {
        self.events.modified.extend(self.ctx.uses(from).map(|u| u.user));
        self.ctx.replace_all_uses_with(from, to);
    }

    /// Erases `op` (its results must be unused) and everything nested in it.
    pub fn erase_op(&mut self, op: OpId) {
        self.events.erased.extend(self.ctx.walk_preorder(op));
        // Operands of an erased op may become dead: let the driver revisit their definitions.
        let operand_defs: Vec<OpId> =
            self.ctx.operation(op).operands().filter_map(|v| self.ctx.defining_op(v)).collect();
        self.events.modified.extend(operand_defs);
        self.ctx.erase_op(op);
    }

    /// Records that `op` was changed in place (operands, attributes, ...).
    pub fn modified_in_place(&mut self, op: OpId) {
        self.events.modified.push(op);
    }

    /// Replaces all operands of `op` (their number may change) and records the change; the
    /// definitions of the old operands are revisited, since they may have become dead.
    pub fn set_operands(&mut self, op: OpId, values: &[Value]) {
        let old_defs: Vec<OpId> = self.ctx.operation(op).operands().filter_map(|v| self.ctx.defining_op(v)).collect();
        self.events.modified.extend(old_defs);
        self.ctx.set_operands(op, values);
        self.events.modified.push(op);
    }

    /// Sets operand `index` of `op` and records the change.
    pub fn set_operand(&mut self, op: OpId, index: usize, value: Value) {
        if let Some(def) = self.ctx.defining_op(self.ctx.operation(op).operand(index)) {
            self.events.modified.push(def);
        }
        self.ctx.set_operand(op, index, value);
        self.events.modified.push(op);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rewrite::test_fixture::Fixture;

    #[test]
    fn set_operands_records_the_op_and_the_old_operands_definitions() {
        let mut fx = Fixture::new();
        let body = fx.body;
        let one = fx.constant(body, 1);
        let two = fx.constant(body, 2);
        let user = fx.op(body, "test.use", &[one, two], 0);
        let (one_def, two_def) = (fx.ctx.defining_op(one).unwrap(), fx.ctx.defining_op(two).unwrap());
        let mut rewriter = PatternRewriter::new(&mut fx.ctx, user);
        rewriter.set_operands(user, &[two]);
        assert_eq!(rewriter.events.modified, [one_def, two_def, user]);
        assert_eq!(fx.ctx.operation(user).operands().collect::<Vec<_>>(), [two]);
        assert!(!fx.ctx.has_uses(one));
    }
}
