//! The greedy pattern rewrite driver: folds, erases dead ops and applies patterns to a fixed point.
//!
//! Follows MLIR's `applyPatternsGreedily`. The driver works on every op nested in the root's
//! regions (never on the root itself). Each iteration fills a worklist from a walk of those ops
//! (constants are deduplicated and hoisted while walking when `cse_constants` is on), then pops
//! ops until it is empty. For each op it tries, in order:
//!
//! 1. erasing it if it is trivially dead ([`is_op_trivially_dead`]);
//! 2. folding it (when `fold` is on), see [`OperationFolder`];
//! 3. the patterns rooted at its name and those rooted anywhere, highest benefit first; the first
//!    that succeeds wins.
//!
//! Every change reported through the [`PatternRewriter`] feeds the worklist: created and modified
//! ops (and their ancestors up to the root), and the defining ops of an erased op's operands
//! (which may have become dead). After the worklist, `region_simplify` erases unreachable blocks.
//! A new iteration starts while the previous one changed the IR, up to `max_iterations`.

use crate::context::Context;
use crate::dialect::Traits;
use crate::operation::OpId;
use crate::rewrite::fold::{FoldOutcome, OperationFolder, is_op_trivially_dead};
use crate::rewrite::pattern::{FrozenRewritePatternSet, PatternRewriter, RewriteEvents};
use crate::rewrite::region_simplify::erase_unreachable_blocks;
use rustc_hash::FxHashSet;
use std::fmt;

/// How the greedy driver works; the fields mirror MLIR's `GreedyRewriteConfig`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GreedyRewriteConfig {
    /// Fill the worklist so ops are visited parents first, in textual order (`top-down`).
    /// Otherwise (MLIR's default) users are visited before the ops defining their operands,
    /// which lets patterns rooted at the end of a chain match first.
    pub top_down: bool,
    /// Erase unreachable blocks after each pass over the worklist (`region-simplify`).
    pub region_simplify: bool,
    /// Passes over the IR before giving up (`max-iterations`); `None` for no limit.
    pub max_iterations: Option<u32>,
    /// Successful pattern applications per iteration (`max-num-rewrites`), as in MLIR: reaching
    /// it ends the iteration's pass over the worklist (a new iteration starts if anything changed);
    /// `None` for no limit. A pattern that changes its op on every visit puts it back on the
    /// worklist each time: only this limit ends such an iteration, and only `max_iterations` the
    /// run. Folds are not counted (an in-place fold must make progress).
    pub max_num_rewrites: Option<u64>,
    /// Fold ops through their fold hooks.
    pub fold: bool,
    /// Deduplicate constants and hoist them to the entry of their isolated-from-above region.
    pub cse_constants: bool,
}

impl Default for GreedyRewriteConfig {
    fn default() -> Self {
        GreedyRewriteConfig {
            top_down: false,
            region_simplify: true,
            max_iterations: Some(10),
            max_num_rewrites: None,
            fold: true,
            cse_constants: true,
        }
    }
}

/// The driver stopped at a limit while the IR was still changing (the IR was changed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotConverged {
    /// Passes over the IR made.
    pub iterations: u32,
    /// Successful pattern applications, over all iterations.
    pub rewrites: u64,
}

impl fmt::Display for NotConverged {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "greedy pattern rewrite did not converge after {} iterations and {} rewrites",
            self.iterations, self.rewrites
        )
    }
}

impl std::error::Error for NotConverged {}

/// Applies `patterns`, folding and dead-op erasure to the ops nested in `root` until nothing changes.
///
/// Returns whether the IR changed, or [`NotConverged`] if a limit of `config` was reached first
/// (the caller decides whether that is an error, as canonicalize's `test-convergence` does).
pub fn apply_patterns_greedily(
    ctx: &mut Context,
    root: OpId,
    patterns: &FrozenRewritePatternSet,
    config: &GreedyRewriteConfig,
) -> Result<bool, NotConverged> {
    let mut driver = Driver {
        ctx,
        root,
        patterns,
        config,
        worklist: Worklist::default(),
        folder: new_folder(config, root),
        rewrites: 0,
    };
    let mut iterations = 0;
    let mut changed_any = false;
    let mut still_changing = false;
    while config.max_iterations.is_none_or(|max| iterations < max) {
        iterations += 1;
        let changed = driver.iteration();
        changed_any |= changed;
        still_changing = changed;
        if !changed {
            break;
        }
    }
    match still_changing {
        true => Err(NotConverged { iterations, rewrites: driver.rewrites }),
        false => Ok(changed_any),
    }
}

fn new_folder(config: &GreedyRewriteConfig, root: OpId) -> OperationFolder {
    match config.cse_constants {
        true => OperationFolder::new(Some(root)),
        false => OperationFolder::without_cse(),
    }
}

/// Ops waiting to be visited: a stack without duplicates.
#[derive(Default)]
struct Worklist {
    stack: Vec<OpId>,
    members: FxHashSet<OpId>,
}

impl Worklist {
    fn push(&mut self, op: OpId) {
        if self.members.insert(op) {
            self.stack.push(op);
        }
    }

    fn pop(&mut self) -> Option<OpId> {
        let op = self.stack.pop()?;
        self.members.remove(&op);
        Some(op)
    }

    fn is_empty(&self) -> bool {
        self.stack.is_empty()
    }
}

struct Driver<'a> {
    ctx: &'a mut Context,
    root: OpId,
    patterns: &'a FrozenRewritePatternSet,
    config: &'a GreedyRewriteConfig,
    worklist: Worklist,
    folder: OperationFolder,
    rewrites: u64,
}

impl Driver<'_> {
    /// One pass: returns whether the IR changed.
    fn iteration(&mut self) -> bool {
        // A fresh folder and worklist each pass: the folder learns the constants again while the
        // worklist is filled.
        self.folder = new_folder(self.config, self.root);
        self.worklist = Worklist::default();
        let mut changed = self.fill_worklist();
        let rewrites_before = self.rewrites;
        while !self.worklist.is_empty() {
            if self.config.max_num_rewrites.is_some_and(|max| self.rewrites - rewrites_before >= max) {
                break;
            }
            let op = self.worklist.pop().expect("worklist is not empty");
            if self.ctx.is_live(op) && self.in_scope(op) {
                changed |= self.visit(op);
            }
        }
        if self.config.region_simplify {
            changed |= erase_unreachable_blocks(self.ctx, self.root);
        }
        changed
    }

    /// Fills the worklist so that popping visits ops in the configured order; true if constants were merged.
    fn fill_worklist(&mut self) -> bool {
        let walk = match self.config.top_down {
            true => self.ctx.walk_preorder(self.root),
            false => self.ctx.walk_postorder(self.root),
        };
        let mut changed = false;
        let mut seeds = Vec::with_capacity(walk.len());
        for op in walk {
            if op == self.root || !self.ctx.is_live(op) {
                continue;
            }
            if self.config.cse_constants && self.ctx.has_trait(op, Traits::CONSTANT_LIKE) {
                let mut rewriter = PatternRewriter::new(self.ctx, op);
                let kept = self.folder.insert_known_constant(&mut rewriter, op);
                let events = rewriter.events;
                self.absorb(events);
                if !kept {
                    changed = true;
                    continue;
                }
            }
            seeds.push(op);
        }
        // The worklist pops from the end: reversing a pre-order visits parents first, in textual
        // order; a post-order left as is visits the last op first, users before definitions.
        if self.config.top_down {
            seeds.reverse();
        }
        for op in seeds {
            self.worklist.push(op);
        }
        changed
    }

    /// Erases, folds or rewrites `op`; true if the IR changed.
    fn visit(&mut self, op: OpId) -> bool {
        if is_op_trivially_dead(self.ctx, op) {
            let mut rewriter = PatternRewriter::new(self.ctx, op);
            rewriter.erase_op(op);
            let events = rewriter.events;
            self.absorb(events);
            return true;
        }
        if self.config.fold {
            let mut rewriter = PatternRewriter::new(self.ctx, op);
            let outcome = self.folder.try_to_fold(&mut rewriter, op);
            let events = rewriter.events;
            self.absorb(events);
            if outcome != FoldOutcome::Unchanged {
                return true;
            }
        }
        let patterns = self.patterns;
        for pattern in patterns.patterns_for(self.ctx.op_name_of(op)) {
            let mut rewriter = PatternRewriter::new(self.ctx, op);
            let matched = pattern.match_and_rewrite(op, &mut rewriter);
            let events = rewriter.events;
            self.absorb(events);
            if matched {
                self.rewrites += 1;
                return true;
            }
        }
        false
    }

    /// Feeds what a rewriter did into the worklist and the folder.
    fn absorb(&mut self, events: RewriteEvents) {
        for op in events.erased {
            self.folder.notify_removal(op);
        }
        for op in events.created.into_iter().chain(events.modified) {
            if self.ctx.is_live(op) {
                self.add_with_ancestors(op);
            }
        }
    }

    /// Adds `op` and its ancestors below the root, if `op` is nested in the root.
    fn add_with_ancestors(&mut self, op: OpId) {
        let mut chain = vec![op];
        loop {
            match self.ctx.parent_op(*chain.last().expect("chain starts non-empty")) {
                Some(parent) if parent == self.root => break,
                Some(parent) => chain.push(parent),
                None => return,
            }
        }
        for op in chain {
            self.worklist.push(op);
        }
    }

    fn in_scope(&self, op: OpId) -> bool {
        op != self.root && self.ctx.is_ancestor(self.root, op)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rewrite::pattern::{RewritePattern, RewritePatternSet};
    use crate::rewrite::test_fixture::Fixture;
    use crate::{BlockId, Value};
    use std::cell::RefCell;
    use std::rc::Rc;

    /// `test.neg(test.neg(x))` -> `x`.
    struct DoubleNegation;

    impl RewritePattern for DoubleNegation {
        fn name(&self) -> &str {
            "double-negation"
        }

        fn root(&self) -> Option<&str> {
            Some("test.neg")
        }

        fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
            let ctx = &*rewriter.ctx;
            let input = ctx.operation(op).operand(0);
            let Some(inner) = ctx.defining_op(input).filter(|&d| ctx.op_name_of(d) == "test.neg") else {
                return false;
            };
            let x = ctx.operation(inner).operand(0);
            rewriter.replace_op(op, &[x]);
            true
        }
    }

    /// Sets a `tag` string attribute on untagged ops.
    struct Tag {
        root: Option<&'static str>,
        tag: &'static str,
        benefit: u16,
    }

    impl RewritePattern for Tag {
        fn name(&self) -> &str {
            self.tag
        }

        fn root(&self) -> Option<&str> {
            self.root
        }

        fn benefit(&self) -> u16 {
            self.benefit
        }

        fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
            if rewriter.ctx.attr(op, "tag").is_some() || rewriter.ctx.operation(op).num_results() > 0 {
                return false;
            }
            let tag = rewriter.ctx.string_attr(self.tag);
            rewriter.ctx.set_attr(op, "tag", Some(tag));
            rewriter.modified_in_place(op);
            true
        }
    }

    /// Bumps a `count` attribute of `test.a`, notifying the rewriter only if `notify`.
    struct Bump {
        notify: bool,
    }

    impl RewritePattern for Bump {
        fn name(&self) -> &str {
            "bump"
        }

        fn root(&self) -> Option<&str> {
            Some("test.a")
        }

        fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
            let ctx = &mut *rewriter.ctx;
            let count = ctx.attr(op, "count").and_then(|c| ctx.integer_value(c)).unwrap_or(0);
            let i64 = ctx.integer_type(64);
            let count = ctx.integer_attr(count + 1, i64);
            ctx.set_attr(op, "count", Some(count));
            if self.notify {
                rewriter.modified_in_place(op);
            }
            true
        }
    }

    /// Replaces `test.a` with one result by a new `test.constant 5`.
    struct MakeFive;

    impl RewritePattern for MakeFive {
        fn name(&self) -> &str {
            "make-five"
        }

        fn root(&self) -> Option<&str> {
            Some("test.a")
        }

        fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
            let ctx = &mut *rewriter.ctx;
            let (loc, ty) = (ctx.operation(op).loc(), ctx.operation(op).result_type(0));
            let five = ctx.integer_attr(5, ty);
            let constant = rewriter.create_op("test.constant", loc, &[], &[ty], vec![("value".to_string(), five)]);
            rewriter.replace_op(op, &[constant.result(0)]);
            true
        }
    }

    /// Records the name of every op it is tried on, matching none.
    struct Record(Rc<RefCell<Vec<String>>>);

    impl RewritePattern for Record {
        fn name(&self) -> &str {
            "record"
        }

        fn root(&self) -> Option<&str> {
            None
        }

        fn match_and_rewrite(&self, op: OpId, rewriter: &mut PatternRewriter<'_>) -> bool {
            self.0.borrow_mut().push(rewriter.ctx.op_name_of(op).to_string());
            false
        }
    }

    fn freeze(patterns: impl FnOnce(&mut RewritePatternSet)) -> FrozenRewritePatternSet {
        let mut set = RewritePatternSet::default();
        patterns(&mut set);
        set.freeze()
    }

    fn run(
        fx: &mut Fixture,
        patterns: &FrozenRewritePatternSet,
        config: &GreedyRewriteConfig,
    ) -> Result<bool, NotConverged> {
        apply_patterns_greedily(&mut fx.ctx, fx.func, patterns, config)
    }

    fn operand(fx: &Fixture, op: OpId, index: usize) -> Value {
        fx.ctx.operation(op).operand(index)
    }

    fn tag_of(fx: &Fixture, op: OpId) -> Option<&str> {
        fx.ctx.attr(op, "tag").and_then(|t| fx.ctx.string_value(t))
    }

    fn count_of(fx: &Fixture, op: OpId) -> Option<i128> {
        fx.ctx.attr(op, "count").and_then(|c| fx.ctx.integer_value(c))
    }

    #[test]
    fn folds_constants_and_erases_what_became_dead() {
        let mut fx = Fixture::new();
        let body = fx.body;
        let one = fx.constant(body, 1);
        let two = fx.constant(body, 2);
        let add = fx.op(body, "test.add", &[one, two], 1);
        let add2 = fx.op(body, "test.add", &[add.result(0), one], 1);
        fx.op(body, "test.use", &[add2.result(0)], 0);
        let patterns = RewritePatternSet::default().freeze();
        assert_eq!(run(&mut fx, &patterns, &GreedyRewriteConfig::default()), Ok(true));
        assert_eq!(
            fx.print(),
            "\"test.isolated\"() ({\n  %0 = \"test.constant\"() <{value = 4 : i32}> : () -> i32\n  \
             \"test.use\"(%0) : (i32) -> ()\n}) : () -> ()"
        );
        // A second run finds nothing to do.
        assert_eq!(run(&mut fx, &patterns, &GreedyRewriteConfig::default()), Ok(false));
    }

    #[test]
    fn patterns_apply_until_a_fixed_point_in_either_order() {
        for top_down in [false, true] {
            let mut fx = Fixture::new();
            let body = fx.body;
            let x = fx.op(body, "test.c", &[], 1).result(0);
            let mut value = x;
            for _ in 0..5 {
                value = fx.op(body, "test.neg", &[value], 1).result(0);
            }
            let user = fx.op(body, "test.use", &[value], 0);
            // An unused chain disappears entirely, constants included.
            let zero = fx.constant(body, 0);
            let sum = fx.op(body, "test.add", &[zero, x], 1);
            fx.op(body, "test.neg", &[sum.result(0)], 1);

            let patterns = freeze(|set| set.add(DoubleNegation));
            let config = GreedyRewriteConfig { top_down, ..GreedyRewriteConfig::default() };
            assert_eq!(run(&mut fx, &patterns, &config), Ok(true));
            assert_eq!(fx.names(body), ["test.c", "test.neg", "test.use"]);
            let neg = fx.ctx.defining_op(operand(&fx, user, 0)).unwrap();
            assert_eq!(operand(&fx, neg, 0), x);
            assert_eq!(run(&mut fx, &patterns, &config), Ok(false));
        }
    }

    #[test]
    fn patterns_are_tried_by_benefit_rooted_or_not() {
        let mut fx = Fixture::new();
        let body = fx.body;
        let a = fx.op(body, "test.a", &[], 0);
        let b = fx.op(body, "test.b", &[], 0);
        let patterns = freeze(|set| {
            set.add(Tag { root: Some("test.a"), tag: "low", benefit: 1 });
            set.add(Tag { root: None, tag: "any", benefit: 2 });
            set.add(Tag { root: Some("test.a"), tag: "high", benefit: 3 });
        });
        assert_eq!(run(&mut fx, &patterns, &GreedyRewriteConfig::default()), Ok(true));
        assert_eq!(tag_of(&fx, a), Some("high"));
        assert_eq!(tag_of(&fx, b), Some("any"));
    }

    #[test]
    fn iteration_and_rewrite_limits_stop_a_driver_that_does_not_converge() {
        let mut fx = Fixture::new();
        let a = fx.op(fx.body, "test.a", &[], 0);
        // Changing IR behind the rewriter's back is only seen by the next iteration.
        let silent = freeze(|set| set.add(Bump { notify: false }));
        let config = GreedyRewriteConfig { max_iterations: Some(3), ..GreedyRewriteConfig::default() };
        assert_eq!(run(&mut fx, &silent, &config), Err(NotConverged { iterations: 3, rewrites: 3 }));
        assert_eq!(count_of(&fx, a), Some(3));
        // A pattern that always re-queues its op never empties the worklist: only a rewrite limit
        // ends an iteration, and only the iteration limit the run.
        let noisy = freeze(|set| set.add(Bump { notify: true }));
        let config = GreedyRewriteConfig { max_iterations: Some(2), max_num_rewrites: Some(5), ..Default::default() };
        assert_eq!(run(&mut fx, &noisy, &config), Err(NotConverged { iterations: 2, rewrites: 10 }));
        assert_eq!(count_of(&fx, a), Some(13));
        // No rewrites allowed: as in MLIR, the worklist is not even visited.
        let config = GreedyRewriteConfig { max_num_rewrites: Some(0), ..Default::default() };
        assert_eq!(run(&mut fx, &noisy, &config), Ok(false));
        assert_eq!(count_of(&fx, a), Some(13));
        let config = GreedyRewriteConfig { max_iterations: Some(0), ..GreedyRewriteConfig::default() };
        assert_eq!(run(&mut fx, &noisy, &config), Ok(false));
    }

    #[test]
    fn bottom_up_visits_users_first_and_top_down_visits_in_order() {
        let mut fx = Fixture::new();
        let body = fx.body;
        fx.op(body, "test.a", &[], 0);
        let (_, inner) = fx.region_op(body, "test.b", 0);
        fx.op(inner, "test.c", &[], 0);
        fx.op(body, "test.use", &[], 0);
        for (top_down, expected) in
            [(false, ["test.use", "test.b", "test.c", "test.a"]), (true, ["test.a", "test.b", "test.c", "test.use"])]
        {
            let log = Rc::new(RefCell::new(Vec::new()));
            let patterns = freeze(|set| set.add(Record(log.clone())));
            let config = GreedyRewriteConfig { top_down, ..GreedyRewriteConfig::default() };
            assert_eq!(run(&mut fx, &patterns, &config), Ok(false));
            assert_eq!(*log.borrow(), expected);
        }
    }

    #[test]
    fn constants_are_merged_unless_disabled_and_folding_can_be_turned_off() {
        let build = || {
            let mut fx = Fixture::new();
            let body = fx.body;
            let (_, inner) = fx.region_op(body, "test.b", 0);
            let one = fx.constant(inner, 1);
            let other_one = fx.constant(body, 1);
            let two = fx.constant(body, 2);
            let add = fx.op(body, "test.add", &[other_one, two], 1);
            fx.op(body, "test.use", &[one, add.result(0)], 0);
            fx
        };
        let patterns = RewritePatternSet::default().freeze();

        let mut fx = build();
        let config = GreedyRewriteConfig { fold: false, cse_constants: false, ..GreedyRewriteConfig::default() };
        let before = fx.print();
        assert_eq!(run(&mut fx, &patterns, &config), Ok(false));
        assert_eq!(fx.print(), before);

        let mut fx = build();
        let config = GreedyRewriteConfig { fold: false, ..GreedyRewriteConfig::default() };
        assert_eq!(run(&mut fx, &patterns, &config), Ok(true));
        assert_eq!(fx.names(fx.body), ["test.constant", "test.constant", "test.b", "test.add", "test.use"]);

        let mut fx = build();
        let config = GreedyRewriteConfig { cse_constants: false, ..GreedyRewriteConfig::default() };
        assert_eq!(run(&mut fx, &patterns, &config), Ok(true));
        assert_eq!(fx.names(fx.body), ["test.b", "test.constant", "test.use"]);
    }

    #[test]
    fn constants_created_by_patterns_are_deduplicated() {
        let mut fx = Fixture::new();
        let body = fx.body;
        let five = fx.constant(body, 5);
        let a = fx.op(body, "test.a", &[], 1);
        let user = fx.op(body, "test.use", &[five, a.result(0)], 0);
        let patterns = freeze(|set| set.add(MakeFive));
        assert_eq!(run(&mut fx, &patterns, &GreedyRewriteConfig::default()), Ok(true));
        assert_eq!(fx.names(body), ["test.constant", "test.use"]);
        assert_eq!(operand(&fx, user, 1), five);
    }

    #[test]
    fn unreachable_blocks_are_erased_when_simplifying_regions() {
        let mut fx = Fixture::new();
        let entry = fx.body;
        let region = fx.ctx.operation(fx.func).regions()[0];
        let [exit, dead]: [BlockId; 2] = std::array::from_fn(|_| fx.ctx.create_block(&[]));
        fx.ctx.append_block(region, exit);
        fx.ctx.append_block(region, dead);
        let br = fx.op(entry, "test.br", &[], 0);
        fx.ctx.operation_mut(br).successors.push(exit);
        fx.op(exit, "test.use", &[], 0);
        let x = fx.op(dead, "test.c", &[], 1).result(0);
        let back = fx.op(dead, "test.br", &[x], 0);
        fx.ctx.operation_mut(back).successors.push(dead);
        let patterns = RewritePatternSet::default().freeze();

        let config = GreedyRewriteConfig { region_simplify: false, ..GreedyRewriteConfig::default() };
        assert_eq!(run(&mut fx, &patterns, &config), Ok(false));
        assert_eq!(fx.ctx.region_blocks(region), [entry, exit, dead]);
        assert_eq!(run(&mut fx, &patterns, &GreedyRewriteConfig::default()), Ok(true));
        assert_eq!(fx.ctx.region_blocks(region), [entry, exit]);
    }

    #[test]
    fn the_root_itself_is_never_rewritten() {
        let mut fx = Fixture::new();
        let (root, inner) = fx.region_op(fx.body, "test.pure_region", 0);
        fx.op(inner, "test.neg", &[], 1);
        let patterns = RewritePatternSet::default().freeze();
        assert_eq!(apply_patterns_greedily(&mut fx.ctx, root, &patterns, &GreedyRewriteConfig::default()), Ok(true));
        assert!(fx.ctx.is_live(root));
        assert!(fx.names(inner).is_empty());
    }
}
