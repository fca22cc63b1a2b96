//! The IR verifier: checks an operation and everything nested in it, reporting every error found.
//!
//! Invariants checked, with MLIR's wording where MLIR has one:
//!
//! - **Registration.** An op of an unregistered dialect is an error unless
//!   [`Context::allow_unregistered_dialects`] is set; an unknown op of a registered dialect is
//!   always an error. Unregistered ops are opaque: no trait checks, but their regions are verified
//!   (a single-block region of an unregistered op needs no terminator and has no dominance order).
//! - **Blocks.** A block of a region whose parent op lacks `NO_TERMINATOR` (or that has more than
//!   one block) is non-empty and ends with a `TERMINATOR` op or an unregistered op; `TERMINATOR`
//!   ops are last in their block; only the last op has successors, and they are blocks of the same
//!   region; no branch targets the entry block of a region.
//! - **Regions.** `SINGLE_BLOCK` ops and `GRAPH_REGION` ops have at most one block per region.
//! - **Dominance.** In a region with SSA dominance, an operand is defined earlier in the same block,
//!   in a block dominating the user's block, or as an argument of such a block; uses in nested
//!   regions are judged at their ancestor op in the defining region, and an op's results are not
//!   visible inside its own regions. Graph regions (`GRAPH_REGION`, and single-block regions of
//!   unregistered ops) have no order. As in MLIR, the operands of ops directly in unreachable
//!   blocks are not checked for dominance (those of ops nested in them are).
//! - **Isolation.** Ops inside an `ISOLATED_FROM_ABOVE` op use only values defined inside the
//!   region they are in.
//! - **Invariants.** [`OpDef::verify_invariants`](crate::OpDef) (the counts and attribute kinds
//!   `define_op!` declares) runs first; when it fails, the op's trait checks and verifier are
//!   skipped, so one broken count or attribute is reported once (MLIR checks its count traits and
//!   ODS invariants first and stops at the first failure).
//! - **Traits.** `SAME_OPERANDS_AND_RESULT_TYPE`, `SAME_OPERAND_TYPES`, `SYMBOL` (string `sym_name`,
//!   valid `sym_visibility`), `SYMBOL_TABLE` (one region with one block, unique symbol names).
//! - **Op verifiers.** [`OpDef::verify`](crate::OpDef) runs after the op's regions have been
//!   verified, and only when they had no error, so op verifiers may rely on well-formed regions
//!   (MLIR likewise skips region verifiers when nested IR failed).
//!
//! The walk is iterative (deep nesting does not grow the call stack) and linear in the size of the
//! IR, plus the dominator computation of multi-block regions.

use crate::block::BlockId;
use crate::context::Context;
use crate::diagnostics::Diagnostic;
use crate::dialect::{Traits, dialect_of};
use crate::location::Location;
use crate::operation::OpId;
use crate::printer::{PrintOptions, attributes::attr_to_string, op_to_string};
use crate::region::RegionId;
use crate::symbol_table::{SYMBOL_NAME_ATTR, SymbolTableCollection, VISIBILITY_ATTR};
use crate::value::Value;
use rustc_hash::FxHashMap;

/// Verifies `root` and everything nested in it.
///
/// Returns every error found, each located at the op at fault, with notes pointing at related
/// places (the definition of a non-dominating operand, an earlier symbol of the same name, the
/// isolated op whose constraint is violated). Values defined above `root` may be used inside it
/// where they dominate the use, as in MLIR.
pub fn verify(ctx: &Context, root: OpId) -> Result<(), Vec<Diagnostic>> {
    let mut verifier = Verifier::new(ctx, root);
    verifier.run(root);
    let mut diags = verifier.diags;
    if diags.is_empty() {
        verify_symbol_uses(ctx, root, &mut diags);
    }
    if diags.is_empty() { Ok(()) } else { Err(diags) }
}

/// Runs the symbol-use checks of every op under `root` with one shared symbol table cache, once
/// the IR is otherwise valid (as MLIR does from the outermost symbol table).
fn verify_symbol_uses(ctx: &Context, root: OpId, diags: &mut Vec<Diagnostic>) {
    let mut tables = SymbolTableCollection::default();
    for op in ctx.walk_preorder(root) {
        if let Some(check) = ctx.op_def_of(op).and_then(|def| def.verify_symbol_uses) {
            check(ctx, op, &mut tables, diags);
        }
    }
}

/// Position of a reachable block in the dominator tree of its region: `a` dominates `b` when
/// `b`'s interval lies inside `a`'s. Unreachable blocks have `pre == u32::MAX`.
#[derive(Copy, Clone)]
struct DomInterval {
    pre: u32,
    post: u32,
}

impl DomInterval {
    const UNREACHABLE: DomInterval = DomInterval { pre: u32::MAX, post: u32::MAX };

    fn reachable(self) -> bool {
        self.pre != u32::MAX
    }
}

/// A region on the path from the outermost enclosing region to the op being checked.
struct Scope {
    /// The op owning the region (`None` for a detached region above the root).
    owner: Option<OpId>,
    region: RegionId,
    /// Index of the next block to start.
    next_block: usize,
    /// The block being walked.
    block: Option<BlockId>,
    /// The op of `block` being checked or holding the op being checked.
    cursor: Option<OpId>,
    /// The next op of `block` to visit.
    pending: Option<OpId>,
    /// Uses must follow definitions (false in graph regions).
    ssa: bool,
    /// `block` is reachable from the region's entry.
    reachable: bool,
    /// Depth of the innermost region of an `ISOLATED_FROM_ABOVE` op containing this one.
    isolation: Option<usize>,
    /// Above the root: not walked, so its ops are not in [`Verifier::visited`].
    outer: bool,
}

/// An op whose regions are being walked.
struct OpVisit {
    op: OpId,
    next_region: usize,
    /// Diagnostics reported before its regions were walked.
    errors_at_entry: usize,
    /// Its generated invariants held (always true for ops without any).
    invariants_ok: bool,
}

/// The state of one verification.
struct Verifier<'a> {
    ctx: &'a Context,
    diags: Vec<Diagnostic>,
    /// Regions enclosing the current position, outermost first; `scopes[d]` has depth `d`.
    scopes: Vec<Scope>,
    /// How many scopes lie above the root.
    num_outer: usize,
    ops: Vec<OpVisit>,
    /// Depth of every region entered so far.
    region_depth: FxHashMap<RegionId, usize>,
    /// Dominator intervals of the blocks of multi-block regions entered so far.
    dom: FxHashMap<BlockId, DomInterval>,
    dom_scratch: DomScratch,
    /// Result-defining ops visited so far: in a block being walked, exactly those before the cursor.
    visited: OpSet,
}

impl<'a> Verifier<'a> {
    fn new(ctx: &'a Context, root: OpId) -> Self {
        let mut verifier = Verifier {
            ctx,
            diags: Vec::new(),
            scopes: Vec::new(),
            num_outer: 0,
            ops: Vec::new(),
            region_depth: FxHashMap::default(),
            dom: FxHashMap::default(),
            dom_scratch: DomScratch::default(),
            visited: OpSet::new(ctx.ops.len()),
        };
        verifier.enter_outer_scopes(root);
        verifier
    }

    /// Records the regions above `root` so that values defined there can be judged.
    fn enter_outer_scopes(&mut self, root: OpId) {
        let ctx = self.ctx;
        let mut outer = Vec::new();
        let mut current = root;
        while let Some(block) = ctx.operation(current).parent_block() {
            let Some(region) = ctx.block_parent_region(block) else { break };
            let owner = ctx.region_parent_op(region);
            outer.push(Scope {
                owner,
                region,
                next_block: usize::MAX,
                block: Some(block),
                cursor: Some(current),
                pending: None,
                ssa: self.has_ssa_dominance(owner, region),
                reachable: true,
                isolation: None,
                outer: true,
            });
            match owner {
                Some(owner) => current = owner,
                None => break,
            }
        }
        outer.reverse();
        for (depth, scope) in outer.iter().enumerate() {
            self.region_depth.insert(scope.region, depth);
            self.compute_dominance(scope.region);
        }
        self.num_outer = outer.len();
        self.scopes = outer;
    }

    /// Walks `root` and everything nested in it.
    fn run(&mut self, root: OpId) {
        let invariants_ok = self.check_op(root);
        self.start_op(root, invariants_ok);
        while !self.ops.is_empty() {
            let in_region = self.scopes.len() - self.num_outer == self.ops.len();
            let visit = self.ops.last_mut().expect("not empty");
            if in_region {
                // Walking a region of the top op.
                match self.next_op_in_scope() {
                    Some(op) => self.visit_nested_op(op),
                    None => {
                        self.scopes.pop();
                    }
                }
            } else if visit.next_region < self.ctx.operation(visit.op).regions().len() {
                let (op, index) = (visit.op, visit.next_region);
                visit.next_region += 1;
                self.enter_region(op, index);
            } else {
                let visit = self.ops.pop().expect("checked above");
                self.finish_op(visit);
            }
        }
    }

    /// Pushes `op` to have its regions walked, or finishes it at once if it has none.
    fn start_op(&mut self, op: OpId, invariants_ok: bool) {
        let visit = OpVisit { op, next_region: 0, errors_at_entry: self.diags.len(), invariants_ok };
        if self.ctx.operation(op).regions().is_empty() {
            self.finish_op(visit);
        } else {
            self.ops.push(visit);
        }
    }

    /// Advances the innermost scope to its next op, starting blocks as needed.
    fn next_op_in_scope(&mut self) -> Option<OpId> {
        let ctx = self.ctx;
        let depth = self.scopes.len() - 1;
        loop {
            let scope = &mut self.scopes[depth];
            if let Some(op) = scope.pending {
                scope.pending = ctx.operation(op).next();
                scope.cursor = Some(op);
                return Some(op);
            }
            let blocks = ctx.region_blocks(scope.region);
            let &block = blocks.get(scope.next_block)?;
            scope.next_block += 1;
            scope.block = Some(block);
            scope.cursor = None;
            scope.pending = ctx.first_op(block);
            scope.reachable = self.dom.get(&block).is_none_or(|interval| interval.reachable());
            self.check_block(depth, block);
        }
    }

    /// Checks an op met while walking a block, then walks into it.
    fn visit_nested_op(&mut self, op: OpId) {
        let ctx = self.ctx;
        let operation = ctx.operation(op);
        let reachable = self.scopes.last().expect("inside a region").reachable;
        for (index, value) in operation.operands().enumerate() {
            self.check_operand(op, index, value, reachable);
        }
        if !operation.successors().is_empty() && operation.next().is_some() {
            self.diags.push(Diagnostic::error(
                operation.loc(),
                "operation with block successors must terminate its parent block",
            ));
        }
        if operation.num_results() > 0 {
            self.visited.insert(op);
        }
        let invariants_ok = self.check_op(op);
        self.start_op(op, invariants_ok);
    }

    /// Checks of a registered op that do not look into its regions: its generated invariants,
    /// then, if they held, its traits. Returns whether the invariants held.
    fn check_op(&mut self, op: OpId) -> bool {
        let ctx = self.ctx;
        let Some(def) = ctx.op_def_of(op) else { return true };
        if let Some(invariants) = def.verify_invariants {
            let before = self.diags.len();
            invariants(ctx, op, &mut self.diags);
            if self.diags.len() != before {
                return false;
            }
        }
        let traits = def.traits;
        let operation = ctx.operation(op);
        if traits.contains(Traits::TERMINATOR) && (operation.parent_block().is_none() || operation.next().is_some()) {
            self.diags.push(ctx.op_error(op, "must be the last operation in the parent block"));
        }
        if traits.contains(Traits::SAME_OPERANDS_AND_RESULT_TYPE) {
            self.check_same_operands_and_result_type(op);
        }
        if traits.contains(Traits::SAME_OPERAND_TYPES) {
            let mut types = operation.operands().map(|v| ctx.value_type(v));
            if let Some(first) = types.next()
                && types.any(|ty| ty != first)
            {
                self.diags.push(ctx.op_error(op, "requires all operands to have the same type"));
            }
        }
        if traits.contains(Traits::SYMBOL) {
            self.check_symbol(op);
        }
        true
    }

    fn check_same_operands_and_result_type(&mut self, op: OpId) {
        let ctx = self.ctx;
        let operation = ctx.operation(op);
        if operation.num_operands() == 0 {
            self.diags.push(ctx.op_error(op, "expected 1 or more operands, but found 0"));
        } else if operation.num_results() == 0 {
            self.diags.push(ctx.op_error(op, "expected 1 or more results"));
        } else {
            let ty = operation.result_type(0);
            if operation.result_types().chain(operation.operands().map(|v| ctx.value_type(v))).any(|t| t != ty) {
                self.diags.push(ctx.op_error(op, "requires the same type for all operands and results"));
            }
        }
    }

    fn check_symbol(&mut self, op: OpId) {
        let ctx = self.ctx;
        if ctx.attr(op, SYMBOL_NAME_ATTR).and_then(|a| ctx.string_value(a)).is_none() {
            self.diags.push(ctx.op_error(op, format!("requires string attribute '{SYMBOL_NAME_ATTR}'")));
        }
        let Some(visibility) = ctx.attr(op, VISIBILITY_ATTR) else { return };
        match ctx.string_value(visibility) {
            None => self.diags.push(ctx.op_error(
                op,
                format!(
                    "requires visibility attribute '{VISIBILITY_ATTR}' to be a string attribute, but got {}",
                    attr_to_string(ctx, visibility)
                ),
            )),
            Some("public" | "private" | "nested") => {}
            Some(_) => self.diags.push(ctx.op_error(
                op,
                format!(
                    "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got {}",
                    attr_to_string(ctx, visibility)
                ),
            )),
        }
    }

    /// Checks that `value`, operand `index` of `user`, is visible at `user`; dominance is only
    /// judged when `dominance` is set (the user's block is reachable).
    fn check_operand(&mut self, user: OpId, index: usize, value: Value, dominance: bool) {
        let ctx = self.ctx;
        let def_block = match value {
            Value::Result { op, .. } if !ctx.is_live(op) => {
                self.diags.push(ctx.op_error(user, format!("operand #{index} uses a result of an erased operation")));
                return;
            }
            Value::Arg { block, .. } if !block_is_live(ctx, block) => {
                self.diags.push(ctx.op_error(user, format!("operand #{index} uses an argument of an erased block")));
                return;
            }
            Value::Result { op, .. } => ctx.operation(op).parent_block(),
            Value::Arg { block, .. } => Some(block),
        };
        let Some(region) = def_block.and_then(|b| ctx.block_parent_region(b)) else {
            self.diags.push(Diagnostic::error(ctx.operation(user).loc(), "operation's operand is unlinked"));
            return;
        };
        let def_block = def_block.expect("has a region");
        let top = self.scopes.len() - 1;
        let isolation = self.scopes[top].isolation;
        let depth = if self.scopes[top].region == region {
            Some(top)
        } else {
            self.region_depth.get(&region).copied().filter(|&d| self.scopes.get(d).is_some_and(|s| s.region == region))
        };
        let outside_isolation = match (depth, isolation) {
            (_, None) => false,
            (Some(depth), Some(limit)) => depth < limit,
            (None, Some(limit)) => !self.region_contains(self.scopes[limit].region, region),
        };
        if outside_isolation {
            let limit = isolation.expect("isolated");
            let isolated = self.scopes[limit].owner.expect("isolated scopes have an owner");
            self.diags.push(
                ctx.op_error(user, "using value defined outside the region")
                    .with_note(ctx.operation(isolated).loc(), "required by region isolation constraints"),
            );
            return;
        }
        if dominance && !depth.is_some_and(|depth| self.dominates_at(value, def_block, depth)) {
            self.diags.push(self.dominance_error(user, index, value));
        }
    }

    /// True if `value`, defined in `def_block` of the region of `scopes[depth]`, dominates the
    /// scope's cursor (the user or its ancestor in that region).
    fn dominates_at(&self, value: Value, def_block: BlockId, depth: usize) -> bool {
        let scope = &self.scopes[depth];
        let block = scope.block.expect("a block is being walked");
        if def_block != block {
            return self.block_dominates(def_block, block);
        }
        match value {
            Value::Arg { .. } => true,
            Value::Result { op, .. } => {
                let cursor = scope.cursor.expect("an op is being walked");
                !scope.ssa || (op != cursor && self.is_before(op, cursor, scope.outer))
            }
        }
    }

    /// True if `op` comes before `cursor` in their common block.
    fn is_before(&self, op: OpId, cursor: OpId, outer: bool) -> bool {
        if !outer {
            return self.visited.contains(op);
        }
        let mut next = self.ctx.operation(op).next();
        while let Some(current) = next {
            if current == cursor {
                return true;
            }
            next = self.ctx.operation(current).next();
        }
        false
    }

    /// Dominance between two distinct blocks of one region; every block dominates an unreachable one.
    fn block_dominates(&self, a: BlockId, b: BlockId) -> bool {
        let (Some(&a), Some(&b)) = (self.dom.get(&a), self.dom.get(&b)) else { return false };
        !b.reachable() || (a.reachable() && a.pre <= b.pre && b.post <= a.post)
    }

    /// True if `region` is `ancestor` or nested in it.
    fn region_contains(&self, ancestor: RegionId, mut region: RegionId) -> bool {
        let ctx = self.ctx;
        loop {
            if region == ancestor {
                return true;
            }
            let parent = ctx
                .region_parent_op(region)
                .and_then(|op| ctx.operation(op).parent_block())
                .and_then(|block| ctx.block_parent_region(block));
            match parent {
                Some(parent) => region = parent,
                None => return false,
            }
        }
    }

    /// The error for an operand that does not dominate its use, with a note on its definition.
    fn dominance_error(&self, user: OpId, index: usize, value: Value) -> Diagnostic {
        let ctx = self.ctx;
        let diag = Diagnostic::error(ctx.operation(user).loc(), format!("operand #{index} does not dominate this use"));
        let user_block = ctx.operation(user).parent_block().expect("nested ops are in a block");
        let user_region = ctx.block_parent_region(user_block).expect("walked blocks are in a region");
        match value {
            Value::Result { op, .. } => {
                let def_block = ctx.operation(op).parent_block().expect("checked by the caller");
                let def_region = ctx.block_parent_region(def_block).expect("checked by the caller");
                let relation = if def_block == user_block {
                    "(op in the same block)"
                } else if def_region == user_region {
                    "(op in the same region)"
                } else if self.region_contains(def_region, user_region) {
                    "(op in a parent region)"
                } else if self.region_contains(user_region, def_region) {
                    "(op in a child region)"
                } else {
                    "(op is neither in a parent nor in a child region)"
                };
                diag.with_note(ctx.operation(op).loc(), format!("operand defined here {relation}"))
            }
            Value::Arg { block, .. } => {
                let loc = ctx.block_parent_op(block).map_or_else(|| ctx.value_loc(value), |op| ctx.operation(op).loc());
                let region = ctx.block_parent_region(block).expect("checked by the caller");
                let number =
                    ctx.region_blocks(region).iter().position(|&b| b == block).expect("block is in its region");
                let relation = if region == user_region {
                    "in the same region"
                } else if self.region_contains(region, user_region) {
                    "in a parent region"
                } else if self.region_contains(user_region, region) {
                    "in a child region"
                } else {
                    "neither in a parent nor in a child region"
                };
                diag.with_note(loc, format!("operand defined as a block argument (block #{number} {relation})"))
            }
        }
    }

    /// Starts walking region `index` of `op`: region-level checks, then dominance information.
    fn enter_region(&mut self, op: OpId, index: usize) {
        let ctx = self.ctx;
        let region = ctx.operation(op).regions()[index];
        let traits = ctx.op_def_of(op).map(|def| def.traits);
        let num_blocks = ctx.region_blocks(region).len();
        if num_blocks > 1 {
            if traits.is_some_and(|t| t.contains(Traits::SINGLE_BLOCK)) {
                self.diags.push(ctx.op_error(op, format!("expects region #{index} to have 0 or 1 blocks")));
            } else if traits.is_some_and(|t| t.contains(Traits::GRAPH_REGION)) {
                self.diags.push(ctx.op_error(op, format!("expects graph region #{index} to have 0 or 1 blocks")));
            }
        }
        if self.entry_has_predecessors(region) {
            self.diags
                .push(Diagnostic::error(ctx.operation(op).loc(), "entry block of region may not have predecessors"));
        }
        self.compute_dominance(region);
        let depth = self.scopes.len();
        let isolated = traits.is_some_and(|t| t.contains(Traits::ISOLATED_FROM_ABOVE));
        let isolation = if isolated { Some(depth) } else { self.scopes.last().and_then(|s| s.isolation) };
        self.region_depth.insert(region, depth);
        self.scopes.push(Scope {
            owner: Some(op),
            region,
            next_block: 0,
            block: None,
            cursor: None,
            pending: None,
            ssa: self.has_ssa_dominance(Some(op), region),
            reachable: true,
            isolation,
            outer: false,
        });
    }

    /// MLIR's rule: multi-block regions, regions of registered ops without `GRAPH_REGION` and
    /// detached regions order their values; single-block regions of unregistered ops do not.
    fn has_ssa_dominance(&self, owner: Option<OpId>, region: RegionId) -> bool {
        if self.ctx.region_blocks(region).len() > 1 {
            return true;
        }
        match owner {
            None => true,
            Some(op) => self.ctx.op_def_of(op).is_some_and(|def| !def.traits.contains(Traits::GRAPH_REGION)),
        }
    }

    /// True if a terminator of `region` branches to its entry block.
    fn entry_has_predecessors(&self, region: RegionId) -> bool {
        let ctx = self.ctx;
        let blocks = ctx.region_blocks(region);
        let Some(&entry) = blocks.first() else { return false };
        blocks.iter().filter_map(|&b| ctx.last_op(b)).any(|last| ctx.operation(last).successors().contains(&entry))
    }

    /// Records the dominator-tree intervals of the blocks of a multi-block region.
    fn compute_dominance(&mut self, region: RegionId) {
        let blocks = self.ctx.region_blocks(region);
        if blocks.len() > 1 {
            self.dom_scratch.compute(self.ctx, blocks, &mut self.dom);
        }
    }

    /// Checks a block when the walk starts it: terminator and successors.
    fn check_block(&mut self, depth: usize, block: BlockId) {
        let ctx = self.ctx;
        let scope = &self.scopes[depth];
        let (region, owner) = (scope.region, scope.owner.expect("walked regions have an owner"));
        let needs_terminator = ctx.region_blocks(region).len() > 1
            || ctx.op_def_of(owner).is_some_and(|def| !def.traits.contains(Traits::NO_TERMINATOR));
        let Some(last) = ctx.last_op(block) else {
            if needs_terminator {
                self.diags
                    .push(Diagnostic::error(ctx.operation(owner).loc(), "empty block: expect at least a terminator"));
            }
            return;
        };
        let last_op = ctx.operation(last);
        if last_op.successors().iter().any(|&s| !block_is_live(ctx, s) || ctx.block_parent_region(s) != Some(region)) {
            self.diags.push(ctx.op_error(last, "branching to block of a different region"));
        }
        let might_terminate = ctx.op_def(last_op.name()).is_none_or(|def| def.traits.contains(Traits::TERMINATOR));
        if needs_terminator && !might_terminate {
            let text = op_to_string(ctx, last, PrintOptions { generic: true, debug_info: false });
            let separator = if text.contains('\n') { "\n" } else { "" };
            self.diags
                .push(Diagnostic::error(last_op.loc(), format!("block with no terminator, has {separator}{text}")));
        }
    }

    /// Checks that need the op's regions walked first, then the op's own verifier.
    fn finish_op(&mut self, visit: OpVisit) {
        let ctx = self.ctx;
        let op = visit.op;
        let regions_ok = self.diags.len() == visit.errors_at_entry;
        let Some(def) = ctx.op_def_of(op) else {
            self.check_unregistered(op);
            return;
        };
        if !visit.invariants_ok {
            return;
        }
        if def.traits.contains(Traits::SYMBOL_TABLE) {
            self.check_symbol_table(op);
        }
        if let Some(verify) = def.verify
            && regions_ok
        {
            verify(ctx, op, &mut self.diags);
        }
    }

    fn check_unregistered(&mut self, op: OpId) {
        let ctx = self.ctx;
        let name = ctx.op_name_of(op);
        let dialect = dialect_of(name);
        if ctx.rejects_unknown_op(name) {
            self.diags.push(Diagnostic::error(
                ctx.operation(op).loc(),
                format!(
                    "unregistered operation '{name}' found in dialect ('{dialect}') that does not allow unknown operations"
                ),
            ));
        } else if !ctx.allow_unregistered_dialects && !ctx.is_dialect_registered(dialect) {
            self.diags.push(ctx.op_error(
                op,
                "created with unregistered dialect. If this is intended, please set \
                 Context::allow_unregistered_dialects, or use -allow-unregistered-dialect with the opt tool used",
            ));
        }
    }

    fn check_symbol_table(&mut self, op: OpId) {
        let ctx = self.ctx;
        let regions = ctx.operation(op).regions();
        if regions.len() != 1 {
            self.diags.push(ctx.op_error(op, "Operations with a 'SymbolTable' must have exactly one region"));
            return;
        }
        let blocks = ctx.region_blocks(regions[0]);
        // More than one block in a `SINGLE_BLOCK` op was reported when the region was entered.
        let single_block = ctx.op_def_of(op).is_some_and(|def| def.traits.contains(Traits::SINGLE_BLOCK));
        if blocks.is_empty() || (blocks.len() > 1 && !single_block) {
            self.diags.push(ctx.op_error(op, "Operations with a 'SymbolTable' must have exactly one block"));
        }
        let mut seen: FxHashMap<&str, Location> = FxHashMap::default();
        for &block in blocks {
            for child in ctx.block_ops(block) {
                let Some(name) = ctx.symbol_name(child) else { continue };
                let loc = ctx.operation(child).loc();
                if let Some(&first) = seen.get(name) {
                    self.diags.push(
                        Diagnostic::error(loc, format!("redefinition of symbol named '{name}'"))
                            .with_note(first, "see existing symbol definition here"),
                    );
                } else {
                    seen.insert(name, loc);
                }
            }
        }
    }
}

/// Buffers of the dominator computation, reused across regions.
#[derive(Default)]
struct DomScratch {
    index: FxHashMap<BlockId, u32>,
    edges: Vec<(u32, u32)>,
    /// By block index.
    successors: Csr,
    /// By reverse post-order number, of reverse post-order numbers (as all below).
    predecessors: Csr,
    children: Csr,
    /// Reverse post-order number of each block index (`NONE` if unreachable).
    rpo: Vec<u32>,
    /// Block index of each reverse post-order number.
    order: Vec<u32>,
    stack: Vec<(u32, u32)>,
    idom: Vec<u32>,
    intervals: Vec<DomInterval>,
}

/// Marks a missing number.
const NONE: u32 = u32::MAX;

impl DomScratch {
    /// Computes the dominator tree of `blocks` (a region's blocks, entry first) with Cooper, Harvey
    /// and Kennedy's iterative algorithm over reverse post-order, and records each block's interval.
    fn compute(&mut self, ctx: &Context, blocks: &[BlockId], out: &mut FxHashMap<BlockId, DomInterval>) {
        let n = blocks.len();
        self.index.clear();
        self.index.extend(blocks.iter().enumerate().map(|(i, &b)| (b, i as u32)));
        self.edges.clear();
        for (i, &block) in blocks.iter().enumerate() {
            let Some(last) = ctx.last_op(block) else { continue };
            let targets = ctx.operation(last).successors().iter().filter_map(|s| self.index.get(s));
            self.edges.extend(targets.map(|&t| (i as u32, t)));
        }
        self.successors.build(n, &self.edges);

        // Post-order of the blocks reachable from the entry, then reverse post-order numbers.
        self.rpo.clear();
        self.rpo.resize(n, NONE);
        self.order.clear();
        self.stack.clear();
        self.stack.push((0, 0));
        self.rpo[0] = 0;
        while let Some(&mut (block, ref mut next)) = self.stack.last_mut() {
            if let Some(&succ) = self.successors.of(block).get(*next as usize) {
                *next += 1;
                if self.rpo[succ as usize] == NONE {
                    self.rpo[succ as usize] = 0;
                    self.stack.push((succ, 0));
                }
            } else {
                self.order.push(block);
                self.stack.pop();
            }
        }
        self.order.reverse();
        for (number, &block) in self.order.iter().enumerate() {
            self.rpo[block as usize] = number as u32;
        }
        let m = self.order.len();
        self.edges.clear();
        for &block in &self.order {
            let from = self.rpo[block as usize];
            self.edges.extend(self.successors.of(block).iter().map(|&s| (self.rpo[s as usize], from)));
        }
        self.predecessors.build(m, &self.edges);

        // Immediate dominators.
        self.idom.clear();
        self.idom.resize(m, NONE);
        self.idom[0] = 0;
        let mut changed = true;
        while changed {
            changed = false;
            for b in 1..m {
                let mut new_idom = NONE;
                for &p in self.predecessors.of(b as u32) {
                    if self.idom[p as usize] != NONE {
                        new_idom = if new_idom == NONE { p } else { intersect(&self.idom, p, new_idom) };
                    }
                }
                if self.idom[b] != new_idom {
                    self.idom[b] = new_idom;
                    changed = true;
                }
            }
        }

        // Pre/post numbering of the dominator tree.
        self.edges.clear();
        self.edges.extend((1..m).map(|b| (self.idom[b], b as u32)));
        self.children.build(m, &self.edges);
        self.intervals.clear();
        self.intervals.resize(m, DomInterval::UNREACHABLE);
        self.intervals[0].pre = 0;
        let mut counter = 0;
        self.stack.clear();
        self.stack.push((0, 0));
        while let Some(&mut (node, ref mut next)) = self.stack.last_mut() {
            counter += 1;
            if let Some(&child) = self.children.of(node).get(*next as usize) {
                *next += 1;
                self.intervals[child as usize].pre = counter;
                self.stack.push((child, 0));
            } else {
                self.intervals[node as usize].post = counter;
                self.stack.pop();
            }
        }
        for (&block, &number) in blocks.iter().zip(&self.rpo) {
            let interval = if number == NONE { DomInterval::UNREACHABLE } else { self.intervals[number as usize] };
            out.insert(block, interval);
        }
    }
}

/// Adjacency lists in one array: node `i`'s targets are `targets[start[i]..start[i + 1]]`.
#[derive(Default)]
struct Csr {
    start: Vec<u32>,
    targets: Vec<u32>,
}

impl Csr {
    /// Rebuilds from `(source, target)` edges over `n` nodes, keeping each node's edges in order.
    fn build(&mut self, n: usize, edges: &[(u32, u32)]) {
        self.start.clear();
        self.start.resize(n + 1, 0);
        for &(source, _) in edges {
            self.start[source as usize] += 1;
        }
        // Running ends, then filling backwards turns each end into its node's start.
        let mut end = 0;
        for slot in &mut self.start[..n] {
            end += *slot;
            *slot = end;
        }
        self.start[n] = end;
        self.targets.clear();
        self.targets.resize(edges.len(), 0);
        for &(source, target) in edges.iter().rev() {
            self.start[source as usize] -= 1;
            self.targets[self.start[source as usize] as usize] = target;
        }
    }

    fn of(&self, node: u32) -> &[u32] {
        &self.targets[self.start[node as usize] as usize..self.start[node as usize + 1] as usize]
    }
}

/// A set of ops as a bit per op id.
struct OpSet(Vec<u64>);

impl OpSet {
    fn new(num_ops: usize) -> Self {
        OpSet(vec![0; num_ops.div_ceil(64)])
    }

    fn insert(&mut self, op: OpId) {
        self.0[op.0 as usize / 64] |= 1 << (op.0 % 64);
    }

    fn contains(&self, op: OpId) -> bool {
        self.0[op.0 as usize / 64] & (1 << (op.0 % 64)) != 0
    }
}

/// The nearest common dominator of two reachable blocks, in reverse post-order numbers.
fn intersect(idom: &[u32], mut a: u32, mut b: u32) -> u32 {
    while a != b {
        while a > b {
            a = idom[a as usize];
        }
        while b > a {
            b = idom[b as usize];
        }
    }
    a
}

/// True if `block` exists (was created and not erased).
fn block_is_live(ctx: &Context, block: BlockId) -> bool {
    ctx.blocks.get(block.0 as usize).is_some_and(Option::is_some)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attributes::Attribute;
    use crate::block::InsertPoint;
    use crate::builtin::ModuleOp;
    use crate::dialect::Dialect;
    use crate::operation::OperationState;
    use crate::test_dialect;
    use crate::types::{FloatKind, Type};

    /// Builds IR with a fresh file location (`test.mlir:N:1`) per op.
    struct Ir {
        ctx: Context,
        i32: Type,
        line: u32,
    }

    impl Ir {
        fn new() -> Self {
            let mut ctx = test_dialect::context();
            let i32 = ctx.integer_type(32);
            Ir { ctx, i32, line: 0 }
        }

        fn loc(&mut self) -> Location {
            self.line += 1;
            self.ctx.file_loc("test.mlir", self.line, 1)
        }

        /// A module and its body.
        fn module(&mut self) -> (OpId, BlockId) {
            let loc = self.loc();
            let module = ModuleOp::build(&mut self.ctx, loc);
            (module.op(), module.body(&self.ctx))
        }

        fn state(&mut self, name: &str, operands: &[Value], results: usize) -> OperationState {
            let loc = self.loc();
            let mut state = OperationState::new(self.ctx.op_name(name), loc);
            state.operands = operands.to_vec();
            state.result_types = vec![self.i32; results];
            state
        }

        fn insert(&mut self, block: BlockId, state: OperationState) -> OpId {
            let op = self.ctx.create_operation(state);
            self.ctx.insert_op(op, InsertPoint::end(block));
            op
        }

        /// Appends `name(operands)` with `results` `i32` results to `block`.
        fn op(&mut self, block: BlockId, name: &str, operands: &[Value], results: usize) -> OpId {
            let state = self.state(name, operands, results);
            self.insert(block, state)
        }

        /// Appends a `test.use` with one result.
        fn value(&mut self, block: BlockId, operands: &[Value]) -> Value {
            self.op(block, "test.use", operands, 1).result(0)
        }

        fn term(&mut self, block: BlockId, operands: &[Value], successors: &[BlockId]) -> OpId {
            let mut state = self.state("test.br", operands, 0);
            state.successors = successors.to_vec();
            self.insert(block, state)
        }

        /// Appends an op holding one region of `blocks` blocks, each with one `i32` argument.
        fn region_op(&mut self, block: BlockId, name: &str, operands: &[Value], blocks: usize) -> (OpId, Vec<BlockId>) {
            let region = self.ctx.create_region();
            let loc = self.loc();
            let blocks: Vec<BlockId> = (0..blocks)
                .map(|_| {
                    let b = self.ctx.create_block(&[(self.i32, loc)]);
                    self.ctx.append_block(region, b);
                    b
                })
                .collect();
            let mut state = self.state(name, operands, usize::from(name == "test.region"));
            state.regions = vec![region];
            (self.insert(block, state), blocks)
        }

        fn verify(&self, root: OpId) -> Vec<Diagnostic> {
            verify(&self.ctx, root).err().unwrap_or_default()
        }

        fn messages(&self, root: OpId) -> Vec<String> {
            self.verify(root).into_iter().map(|d| d.message).collect()
        }

        fn line_of(&self, loc: Location) -> u32 {
            self.ctx.file_position(loc).expect("file location").1
        }

        fn line_of_op(&self, op: OpId) -> u32 {
            self.line_of(self.ctx.operation(op).loc())
        }
    }

    #[test]
    fn valid_ir_verifies() {
        let mut ir = Ir::new();
        let (module, body) = ir.module();
        let (func, blocks) = ir.region_op(body, "test.region", &[], 1);
        let entry = blocks[0];
        let arg = ir.ctx.block_arg(entry, 0);
        let c = ir.value(entry, &[]);
        let sum = ir.op(entry, "test.add", &[arg, c], 1).result(0);
        let (_, inner) = ir.region_op(entry, "test.region", &[sum], 1);
        ir.value(inner[0], &[sum, arg, c]);
        ir.term(inner[0], &[], &[]);
        ir.term(entry, &[sum], &[]);
        let mut symbol = ir.state("test.symbol", &[], 0);
        let name = ir.ctx.string_attr("f");
        symbol.attrs = vec![("sym_name".to_string(), name)];
        ir.insert(body, symbol);
        assert_eq!(ir.messages(module), Vec::<String>::new());
        assert_eq!(ir.messages(func), Vec::<String>::new());
    }

    #[test]
    fn unregistered_dialects_need_permission() {
        let mut ir = Ir::new();
        let (module, body) = ir.module();
        ir.op(body, "foo.bar", &[], 0);
        assert_eq!(
            ir.messages(module),
            ["'foo.bar' op created with unregistered dialect. If this is intended, please set \
              Context::allow_unregistered_dialects, or use -allow-unregistered-dialect with the opt tool used"]
        );
        ir.ctx.allow_unregistered_dialects = true;
        assert!(ir.messages(module).is_empty());
    }

    #[test]
    fn unknown_ops_of_registered_dialects_are_rejected() {
        let mut ir = Ir::new();
        ir.ctx.allow_unregistered_dialects = true;
        let (module, body) = ir.module();
        let unknown = ir.op(body, "test.unknown", &[], 0);
        let diags = ir.verify(module);
        assert_eq!(diags.len(), 1);
        assert_eq!(
            diags[0].message,
            "unregistered operation 'test.unknown' found in dialect ('test') that does not allow unknown operations"
        );
        assert_eq!(ir.line_of(diags[0].loc), ir.line_of_op(unknown));
    }

    #[test]
    fn unknown_ops_of_upstream_subsets_are_read_only_with_unregistered_dialects_allowed() {
        let mut ir = Ir::new();
        let part = Dialect { name: "part", ops: Vec::new(), materialize_constant: None };
        ir.ctx.register_upstream_subset(part, &["part.upstream_only"]);
        let (module, body) = ir.module();
        ir.op(body, "part.upstream_only", &[], 0);
        let unknown_upstream = ir.op(body, "part.unknown", &[], 0);
        let messages = |ir: &Ir| ir.verify(module).into_iter().map(|d| d.message).collect::<Vec<_>>();
        assert_eq!(
            messages(&ir),
            [
                "unregistered operation 'part.upstream_only' found in dialect ('part') that does not allow unknown operations",
                "unregistered operation 'part.unknown' found in dialect ('part') that does not allow unknown operations"
            ]
        );
        ir.ctx.allow_unregistered_dialects = true;
        let diags = ir.verify(module);
        assert_eq!(diags.len(), 1);
        assert_eq!(ir.line_of(diags[0].loc), ir.line_of_op(unknown_upstream));
    }

    #[test]
    fn unregistered_ops_are_opaque_but_their_regions_are_verified() {
        let mut ir = Ir::new();
        ir.ctx.allow_unregistered_dialects = true;
        let (module, body) = ir.module();
        // A single-block region of an unregistered op needs no terminator and has no order.
        let (_, blocks) = ir.region_op(body, "foo.wrap", &[], 1);
        let user = ir.op(blocks[0], "test.use", &[], 0);
        let def = ir.value(blocks[0], &[]);
        ir.ctx.set_operands(user, &[def]);
        let f32 = ir.ctx.float_type(FloatKind::F32);
        let mut bad = ir.state("test.add", &[def, def], 0);
        bad.result_types = vec![f32];
        ir.insert(blocks[0], bad);
        // An unregistered op at the end of a block may be a terminator.
        let (_, blocks) = ir.region_op(body, "test.region", &[], 1);
        ir.op(blocks[0], "foo.end", &[], 0);
        assert_eq!(ir.messages(module), ["'test.add' op requires the same type for all operands and results"]);
    }

    #[test]
    fn graph_regions_have_no_order() {
        let mut ir = Ir::new();
        let (module, body) = ir.module();
        let user = ir.op(body, "test.use", &[], 0);
        let def = ir.value(body, &[]);
        ir.ctx.set_operands(user, &[def]);
        let (_, blocks) = ir.region_op(body, "test.graph", &[], 1);
        let own = ir.op(blocks[0], "test.use", &[], 1);
        ir.ctx.set_operands(own, &[own.result(0)]);
        assert!(ir.messages(module).is_empty());
    }

    #[test]
    fn blocks_need_terminators_at_their_end() {
        let mut ir = Ir::new();
        let (module, body) = ir.module();
        let (empty, _) = ir.region_op(body, "test.region", &[], 1);
        let (_, blocks) = ir.region_op(body, "test.region", &[], 1);
        let last = ir.op(blocks[0], "test.use", &[], 1);
        let (_, blocks) = ir.region_op(body, "test.region", &[], 1);
        let early = ir.term(blocks[0], &[], &[]);
        ir.term(blocks[0], &[], &[]);
        let diags = ir.verify(module);
        let messages: Vec<&str> = diags.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "empty block: expect at least a terminator",
                "block with no terminator, has %0 = \"test.use\"() : () -> i32",
                "'test.br' op must be the last operation in the parent block",
            ]
        );
        assert_eq!(ir.line_of(diags[0].loc), ir.line_of_op(empty));
        assert_eq!(ir.line_of(diags[1].loc), ir.line_of_op(last));
        assert_eq!(ir.line_of(diags[2].loc), ir.line_of_op(early));
    }

    #[test]
    fn successors_stay_at_block_ends_within_their_region() {
        let mut ir = Ir::new();
        let (module, body) = ir.module();
        let (_, a) = ir.region_op(body, "test.region", &[], 2);
        let (_, b) = ir.region_op(body, "test.region", &[], 2);
        // a: ^bb0 branches in the middle of the block, then into region b.
        ir.term(a[0], &[], &[a[1]]);
        ir.term(a[0], &[], &[b[1]]);
        ir.term(a[1], &[], &[]);
        // b: ^bb1 branches back to the entry block.
        ir.term(b[0], &[], &[b[1]]);
        ir.term(b[1], &[], &[b[0]]);
        assert_eq!(
            ir.messages(module),
            [
                "'test.br' op branching to block of a different region",
                "operation with block successors must terminate its parent block",
                "'test.br' op must be the last operation in the parent block",
                "entry block of region may not have predecessors",
            ]
        );
    }

    #[test]
    fn single_block_and_graph_regions_have_at_most_one_block() {
        let mut ir = Ir::new();
        let (module, body) = ir.module();
        let (_, blocks) = ir.region_op(body, "test.graph", &[], 2);
        ir.term(blocks[0], &[], &[blocks[1]]);
        ir.term(blocks[1], &[], &[]);
        let extra = ir.ctx.create_block(&[]);
        let module_region = ir.ctx.operation(module).regions()[0];
        ir.ctx.append_block(module_region, extra);
        // The module's blocks now also need terminators.
        let messages = ir.messages(module);
        for expected in [
            "'builtin.module' op expects region #0 to have 0 or 1 blocks",
            "'test.graph' op expects graph region #0 to have 0 or 1 blocks",
            "empty block: expect at least a terminator",
        ] {
            assert!(messages.iter().any(|m| m == expected), "{expected} not in {messages:?}");
        }
        // The module's extra block is reported once, not again by the symbol table check.
        assert!(!messages.iter().any(|m| m.contains("'SymbolTable' must have exactly one block")), "{messages:?}");
        assert!(messages.iter().any(|m| m.starts_with("block with no terminator, has \n\"test.graph\"() ({")));
    }

    #[test]
    fn uses_must_follow_definitions_in_a_block() {
        let mut ir = Ir::new();
        let (module, body) = ir.module();
        let (_, blocks) = ir.region_op(body, "test.region", &[], 1);
        let user = ir.op(blocks[0], "test.use", &[], 1);
        let def = ir.value(blocks[0], &[]);
        ir.ctx.set_operands(user, &[user.result(0), def]);
        ir.term(blocks[0], &[], &[]);
        let diags = ir.verify(module);
        assert_eq!(diags.len(), 2);
        assert_eq!(diags[0].message, "operand #0 does not dominate this use");
        assert_eq!(diags[1].message, "operand #1 does not dominate this use");
        assert_eq!(ir.line_of(diags[1].loc), ir.line_of_op(user));
        let note = &diags[1].notes[0];
        assert_eq!(note.message, "operand defined here (op in the same block)");
        assert_eq!(ir.line_of(note.loc), ir.line_of(ir.ctx.value_loc(def)));
    }

    #[test]
    fn definitions_must_dominate_across_blocks() {
        let mut ir = Ir::new();
        let (module, body) = ir.module();
        // ^bb0 -> ^bb1, ^bb2; ^bb1 -> ^bb3; ^bb2 -> ^bb3; ^bb3 -> ^bb4 (a loop back to ^bb3 via ^bb4).
        let (_, b) = ir.region_op(body, "test.region", &[], 5);
        let x = ir.value(b[0], &[]);
        ir.term(b[0], &[], &[b[1], b[2]]);
        let y = ir.value(b[1], &[]);
        ir.term(b[1], &[], &[b[3]]);
        ir.term(b[2], &[], &[b[3]]);
        let bb1_arg = ir.ctx.block_arg(b[1], 0);
        let user = ir.op(b[3], "test.use", &[x, y, bb1_arg], 0);
        let late_user = ir.op(b[3], "test.use", &[], 0);
        ir.term(b[3], &[], &[b[4]]);
        let z = ir.value(b[4], &[x]);
        ir.ctx.set_operands(late_user, &[z]);
        ir.term(b[4], &[], &[b[3]]);
        let diags = ir.verify(module);
        let summary: Vec<(u32, &str, &str)> =
            diags.iter().map(|d| (ir.line_of(d.loc), d.message.as_str(), d.notes[0].message.as_str())).collect();
        assert_eq!(
            summary,
            [
                (
                    ir.line_of_op(user),
                    "operand #1 does not dominate this use",
                    "operand defined here (op in the same region)"
                ),
                (
                    ir.line_of_op(user),
                    "operand #2 does not dominate this use",
                    "operand defined as a block argument (block #1 in the same region)"
                ),
                (
                    ir.line_of_op(late_user),
                    "operand #0 does not dominate this use",
                    "operand defined here (op in the same region)"
                ),
            ]
        );
    }

    #[test]
    fn unreachable_blocks_are_not_checked_but_nested_uses_are() {
        let mut ir = Ir::new();
        let (module, body) = ir.module();
        let (_, b) = ir.region_op(body, "test.region", &[], 2);
        ir.term(b[0], &[], &[]);
        let user = ir.op(b[1], "test.use", &[], 0);
        let (nested, inner) = ir.region_op(b[1], "test.region", &[], 1);
        let inner_user = ir.op(inner[0], "test.use", &[], 0);
        ir.term(inner[0], &[], &[]);
        let late = ir.value(b[1], &[]);
        ir.ctx.set_operands(user, &[late]);
        ir.ctx.set_operands(inner_user, &[late, nested.result(0)]);
        ir.term(b[1], &[], &[]);
        let diags = ir.verify(module);
        let messages: Vec<(&str, &str)> =
            diags.iter().map(|d| (d.message.as_str(), d.notes[0].message.as_str())).collect();
        assert_eq!(
            messages,
            [
                ("operand #0 does not dominate this use", "operand defined here (op in a parent region)"),
                ("operand #1 does not dominate this use", "operand defined here (op in a parent region)"),
            ]
        );
    }

    #[test]
    fn values_of_sibling_and_child_regions_are_not_visible() {
        let mut ir = Ir::new();
        let (module, body) = ir.module();
        let (_, outer) = ir.region_op(body, "test.region", &[], 1);
        let (_, a) = ir.region_op(outer[0], "test.region", &[], 1);
        let inside_a = ir.value(a[0], &[]);
        ir.term(a[0], &[], &[]);
        let (_, b) = ir.region_op(outer[0], "test.region", &[], 1);
        ir.op(b[0], "test.use", &[inside_a], 0);
        ir.term(b[0], &[], &[]);
        let a_arg = ir.ctx.block_arg(a[0], 0);
        ir.op(outer[0], "test.use", &[inside_a, a_arg], 0);
        ir.term(outer[0], &[], &[]);
        let notes: Vec<String> = ir.verify(module).into_iter().map(|d| d.notes[0].message.clone()).collect();
        assert_eq!(
            notes,
            [
                "operand defined here (op is neither in a parent nor in a child region)",
                "operand defined here (op in a child region)",
                "operand defined as a block argument (block #0 in a child region)",
            ]
        );
    }

    #[test]
    fn isolated_regions_use_only_their_own_values() {
        let mut ir = Ir::new();
        let (module, body) = ir.module();
        let outside = ir.value(body, &[]);
        let (isolated, blocks) = ir.region_op(body, "test.isolated", &[], 1);
        let arg = ir.ctx.block_arg(blocks[0], 0);
        let inside = ir.value(blocks[0], &[arg]);
        let direct = ir.op(blocks[0], "test.use", &[inside, outside], 0);
        let (_, nested) = ir.region_op(blocks[0], "test.region", &[inside], 1);
        let deep = ir.op(nested[0], "test.use", &[outside, inside], 0);
        ir.term(nested[0], &[], &[]);
        let (inner_isolated, inner_blocks) = ir.region_op(blocks[0], "test.isolated", &[], 1);
        let inner = ir.op(inner_blocks[0], "test.use", &[inside], 0);
        ir.term(inner_blocks[0], &[], &[]);
        ir.term(blocks[0], &[], &[]);
        let diags = ir.verify(module);
        let lines: Vec<u32> = diags.iter().map(|d| ir.line_of(d.loc)).collect();
        assert_eq!(lines, [ir.line_of_op(direct), ir.line_of_op(deep), ir.line_of_op(inner)]);
        assert!(diags.iter().all(|d| d.message == "'test.use' op using value defined outside the region"));
        assert_eq!(diags[0].notes[0].message, "required by region isolation constraints");
        assert_eq!(ir.line_of(diags[1].notes[0].loc), ir.line_of_op(isolated));
        assert_eq!(ir.line_of(diags[2].notes[0].loc), ir.line_of_op(inner_isolated));
    }

    #[test]
    fn trait_checks_compare_types() {
        let mut ir = Ir::new();
        let (module, body) = ir.module();
        let f32 = ir.ctx.float_type(FloatKind::F32);
        let int = ir.value(body, &[]);
        let mut float = ir.state("test.use", &[], 0);
        float.result_types = vec![f32];
        let float = ir.insert(body, float).result(0);
        ir.op(body, "test.add", &[int, float], 1);
        ir.op(body, "test.add", &[int, int], 1);
        ir.op(body, "test.same", &[int, int, float], 0);
        ir.op(body, "test.same", &[float, float], 0);
        ir.op(body, "test.add", &[int], 1);
        assert_eq!(
            ir.messages(module),
            [
                "'test.add' op requires the same type for all operands and results",
                "'test.same' op requires all operands to have the same type",
                "'test.add' op requires 2 operands, but found 1",
            ]
        );
    }

    #[test]
    fn broken_invariants_are_reported_once() {
        // As in MLIR, where count traits and ODS invariants come before the other traits: a wrong
        // count or attribute kind is not reported again by the traits (or the op verifier).
        let mut ir = Ir::new();
        let (module, body) = ir.module();
        let int = ir.value(body, &[]);
        ir.op(body, "test.add", &[], 1);
        ir.op(body, "test.add", &[int, int], 0);
        let (f, three) = (ir.ctx.string_attr("f"), ir.ctx.integer_attr(3, ir.i32));
        let named = ir.state("test.named", &[], 0);
        ir.insert(body, named);
        let mut named = ir.state("test.named", &[], 0);
        named.attrs = vec![("sym_name".to_string(), f), ("sym_visibility".to_string(), three)];
        ir.insert(body, named);
        let no_region = ir.state("builtin.module", &[], 0);
        ir.insert(body, no_region);
        let unit = ir.ctx.unit_attr();
        let mut failing = ir.state("test.region", &[], 0);
        failing.attrs = vec![("fail".to_string(), unit)];
        ir.insert(body, failing);
        assert_eq!(
            ir.messages(module),
            [
                "'test.add' op requires 2 operands, but found 0",
                "'test.add' op requires 1 results, but found 0",
                "'test.named' op requires attribute 'sym_name'",
                "'test.named' op attribute 'sym_visibility' failed to satisfy constraint: string attribute",
                "'builtin.module' op requires 1 regions, but found 0",
                "'test.region' op requires 1 regions, but found 0",
            ]
        );
    }

    fn symbol(ir: &mut Ir, block: BlockId, attrs: Vec<(&str, Attribute)>) -> OpId {
        let mut state = ir.state("test.symbol", &[], 0);
        state.attrs = attrs.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        ir.insert(block, state)
    }

    #[test]
    fn symbols_have_unique_string_names() {
        let mut ir = Ir::new();
        let (module, body) = ir.module();
        let (f, g, three) = (ir.ctx.string_attr("f"), ir.ctx.string_attr("g"), ir.ctx.integer_attr(3, ir.i32));
        let first = symbol(&mut ir, body, vec![("sym_name", f)]);
        symbol(&mut ir, body, vec![("sym_name", g)]);
        let again = symbol(&mut ir, body, vec![("sym_name", f)]);
        symbol(&mut ir, body, vec![]);
        symbol(&mut ir, body, vec![("sym_name", three)]);
        let bogus = ir.ctx.string_attr("bogus");
        symbol(&mut ir, body, vec![("sym_name", g), ("sym_visibility", bogus)]);
        symbol(&mut ir, body, vec![("sym_name", three), ("sym_visibility", three)]);
        let diags = ir.verify(module);
        let messages: Vec<&str> = diags.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "'test.symbol' op requires string attribute 'sym_name'",
                "'test.symbol' op requires string attribute 'sym_name'",
                "'test.symbol' op visibility expected to be one of [\"public\", \"private\", \"nested\"], but got \"bogus\"",
                "'test.symbol' op requires string attribute 'sym_name'",
                "'test.symbol' op requires visibility attribute 'sym_visibility' to be a string attribute, but got 3 : i32",
                "redefinition of symbol named 'f'",
                "redefinition of symbol named 'g'",
            ]
        );
        let redefinition = &diags[5];
        assert_eq!(ir.line_of(redefinition.loc), ir.line_of_op(again));
        assert_eq!(redefinition.notes[0].message, "see existing symbol definition here");
        assert_eq!(ir.line_of(redefinition.notes[0].loc), ir.line_of_op(first));
    }

    #[test]
    fn op_verifiers_run_only_on_valid_regions() {
        let mut ir = Ir::new();
        let (module, body) = ir.module();
        let unit = ir.ctx.unit_attr();
        let (failing, blocks) = ir.region_op(body, "test.region", &[], 1);
        ir.ctx.set_attr(failing, "fail", Some(unit));
        ir.term(blocks[0], &[], &[]);
        let (broken, _) = ir.region_op(body, "test.region", &[], 1);
        ir.ctx.set_attr(broken, "fail", Some(unit));
        assert_eq!(
            ir.messages(module),
            ["'test.region' op custom verifier failed", "empty block: expect at least a terminator"]
        );
    }

    #[test]
    fn every_error_is_reported() {
        let mut ir = Ir::new();
        let (module, body) = ir.module();
        let mut expected = 0;
        for _ in 0..10 {
            let (_, blocks) = ir.region_op(body, "test.region", &[], 1);
            let user = ir.op(blocks[0], "test.use", &[], 0);
            let late = ir.value(blocks[0], &[]);
            ir.ctx.set_operands(user, &[late, late]);
            ir.op(blocks[0], "test.add", &[late], 1);
            ir.term(blocks[0], &[], &[]);
            expected += 3;
        }
        ir.op(body, "bad.op", &[], 0);
        expected += 1;
        assert_eq!(ir.verify(module).len(), expected);
    }

    #[test]
    fn deep_nesting_does_not_overflow_the_stack() {
        const DEPTH: usize = 10_000;
        let mut ir = Ir::new();
        let (module, body) = ir.module();
        let (_, top) = ir.region_op(body, "test.region", &[], 1);
        let early = ir.value(top[0], &[]);
        let mut block = top[0];
        let mut top_term = None;
        for _ in 0..DEPTH {
            let (_, blocks) = ir.region_op(block, "test.region", &[], 1);
            let term = ir.term(block, &[], &[]);
            top_term.get_or_insert(term);
            block = blocks[0];
        }
        let user = ir.op(block, "test.use", &[early], 0);
        let (innermost_holder, _) = ir.region_op(block, "test.region", &[], 0);
        ir.term(block, &[], &[]);
        assert_eq!(ir.messages(module), Vec::<String>::new());
        // Verifying from deep inside still sees the values defined above.
        assert_eq!(ir.messages(innermost_holder), Vec::<String>::new());

        // A use of a value defined after the outermost nested op.
        let top_term = top_term.expect("nested");
        let late = ir.value(top[0], &[]);
        ir.ctx.move_op(top_term, InsertPoint::end(top[0]));
        ir.ctx.set_operands(user, &[early, late]);
        let diags = ir.verify(module);
        assert_eq!(diags.len(), 1);
        assert_eq!(diags[0].message, "operand #1 does not dominate this use");
        assert_eq!(diags[0].notes[0].message, "operand defined here (op in a parent region)");
    }

    #[test]
    fn long_blocks_and_long_cfgs_verify() {
        let mut ir = Ir::new();
        let (module, body) = ir.module();
        let (_, blocks) = ir.region_op(body, "test.region", &[], 1);
        let mut last = ir.value(blocks[0], &[]);
        for _ in 0..100_000 {
            last = ir.value(blocks[0], &[last]);
        }
        ir.term(blocks[0], &[last], &[]);
        let (_, chain) = ir.region_op(body, "test.region", &[], 20_000);
        let first = ir.value(chain[0], &[]);
        for pair in chain.windows(2) {
            ir.value(pair[0], &[first]);
            ir.term(pair[0], &[], &[pair[1]]);
        }
        let end = *chain.last().expect("blocks");
        ir.term(end, &[first], &[]);
        assert_eq!(ir.messages(module), Vec::<String>::new());
    }

    /// A small deterministic generator (64-bit LCG).
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((self.0 >> 33) % n as u64) as usize
        }
    }

    /// Where a value is defined: block and position (`None` for the block argument).
    #[derive(Copy, Clone)]
    struct Def {
        block: usize,
        position: Option<usize>,
    }

    #[test]
    fn random_cfgs_match_a_reference_dominance() {
        let mut rng = Rng(0x5eed);
        let (mut total_uses, mut total_errors) = (0, 0);
        for _ in 0..300 {
            let mut ir = Ir::new();
            let (module, body) = ir.module();
            let n = 1 + rng.below(7);
            let (_, blocks) = ir.region_op(body, "test.region", &[], n);
            // Ops first, operands later, so uses may precede definitions.
            let mut defs: Vec<(Value, Def)> =
                (0..n).map(|b| (ir.ctx.block_arg(blocks[b], 0), Def { block: b, position: None })).collect();
            // (user op, its block, its position, nested in an op at that position?)
            let mut users: Vec<(OpId, usize, usize, bool)> = Vec::new();
            let mut successors = vec![Vec::new(); n];
            for (b, &block) in blocks.iter().enumerate() {
                for position in 0..rng.below(4) {
                    if rng.below(3) == 0 {
                        let (holder, inner) = ir.region_op(block, "test.region", &[], 1);
                        let user = ir.op(inner[0], "test.use", &[], 0);
                        ir.term(inner[0], &[], &[]);
                        users.push((user, b, position, true));
                        defs.push((holder.result(0), Def { block: b, position: Some(position) }));
                    } else {
                        let user = ir.op(block, "test.use", &[], 1);
                        users.push((user, b, position, false));
                        defs.push((user.result(0), Def { block: b, position: Some(position) }));
                    }
                }
                let targets: Vec<usize> = (0..rng.below(3)).filter(|_| n > 1).map(|_| 1 + rng.below(n - 1)).collect();
                let targets_ids: Vec<BlockId> = targets.iter().map(|&t| blocks[t]).collect();
                ir.term(block, &[], &targets_ids);
                successors[b] = targets;
            }
            let mut uses: Vec<(usize, usize, bool, Def)> = Vec::new();
            for &(user, b, position, nested) in &users {
                let operands: Vec<(Value, Def)> = (0..rng.below(3)).map(|_| defs[rng.below(defs.len())]).collect();
                let values: Vec<Value> = operands.iter().map(|&(v, _)| v).collect();
                ir.ctx.set_operands(user, &values);
                uses.extend(operands.iter().map(|&(_, def)| (b, position, nested, def)));
            }

            // Reference: reachability and dominator sets by fixed-point iteration.
            let mut reachable = vec![false; n];
            let mut work = vec![0];
            reachable[0] = true;
            while let Some(b) = work.pop() {
                for &s in &successors[b] {
                    if !reachable[s] {
                        reachable[s] = true;
                        work.push(s);
                    }
                }
            }
            let all = (1u32 << n) - 1;
            let mut dom: Vec<u32> = (0..n).map(|b| if b == 0 { 1 } else { all }).collect();
            let mut changed = true;
            while changed {
                changed = false;
                for b in 1..n {
                    let preds = (0..n).filter(|&p| reachable[p] && successors[p].contains(&b));
                    let new = preds.fold(all, |acc, p| acc & dom[p]) | (1 << b);
                    if new != dom[b] {
                        dom[b] = new;
                        changed = true;
                    }
                }
            }
            let expected = uses
                .iter()
                .filter(|&&(block, position, nested, def)| {
                    let same_block_ok = def.position.is_none_or(|p| p < position);
                    let valid = if def.block == block {
                        same_block_ok || (!nested && !reachable[block])
                    } else if !reachable[block] {
                        true
                    } else {
                        reachable[def.block] && dom[block] & (1 << def.block) != 0
                    };
                    !valid
                })
                .count();
            let diags = ir.verify(module);
            assert!(diags.iter().all(|d| d.message.ends_with("does not dominate this use")), "{diags:?}");
            assert_eq!(diags.len(), expected);
            total_uses += uses.len();
            total_errors += expected;
        }
        // The generator exercises both outcomes.
        assert!(total_errors > 100 && total_errors * 2 < total_uses, "{total_errors} errors in {total_uses} uses");
    }
}
