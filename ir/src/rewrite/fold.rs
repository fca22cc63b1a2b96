//! Folding one op: evaluating it on constant operands and materializing the constants it folds to.
//!
//! An operand is constant when its defining op has the `CONSTANT_LIKE` trait; its value is that
//! op's `value` attribute. [`OperationFolder::try_to_fold`] first moves the constant operands of a
//! `COMMUTATIVE` op after the others (so fold hooks only look for constants on the right), then
//! calls the op's fold hook and applies what it returns: existing values replace results directly;
//! attributes become constant ops built by a dialect's constant materializer.
//!
//! Like MLIR's `OperationFolder`, constants are deduplicated: one constant op per (dialect,
//! value, type) in the nearest enclosing region whose parent op is isolated from above (or
//! unregistered, or top-level), placed at the start of that region's entry block so it dominates
//! every use. A folder created with [`OperationFolder::without_cse`] instead materializes each
//! constant right before the folded op.
//!
//! [`is_op_trivially_dead`] tells which ops may be erased just because nothing uses them.

use crate::attributes::Attribute;
use crate::block::{BlockId, InsertPoint};
use crate::builder::Builder;
use crate::context::Context;
use crate::dialect::{FoldResult, Folded, Traits, dialect_of};
use crate::location::Location;
use crate::operation::OpId;
use crate::region::RegionId;
use crate::rewrite::pattern::PatternRewriter;
use crate::types::Type;
use crate::value::Value;
use rustc_hash::FxHashMap;

/// The constant `value` holds: the `value` attribute of its defining op if that op is `CONSTANT_LIKE`.
pub fn constant_value(ctx: &Context, value: Value) -> Option<Attribute> {
    let op = ctx.defining_op(value)?;
    if !ctx.has_trait(op, Traits::CONSTANT_LIKE) {
        return None;
    }
    ctx.attr(op, "value")
}

/// True if `op` can be erased because nothing uses its results and erasing it changes nothing else.
///
/// That holds for a `PURE` op that is neither a terminator nor a symbol (symbols are used by name,
/// not through SSA values) whose nested ops are all `PURE` or terminators.
pub fn is_op_trivially_dead(ctx: &Context, op: OpId) -> bool {
    let traits = ctx.traits(op);
    if ctx.op_has_uses(op)
        || !traits.contains(Traits::PURE)
        || traits.contains(Traits::TERMINATOR)
        || traits.contains(Traits::SYMBOL)
    {
        return false;
    }
    ctx.walk_preorder(op)
        .into_iter()
        .skip(1)
        .all(|nested| ctx.has_trait(nested, Traits::PURE) || ctx.has_trait(nested, Traits::TERMINATOR))
}

/// What [`OperationFolder::try_to_fold`] did to an op.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum FoldOutcome {
    /// Nothing.
    Unchanged,
    /// The op was updated in place (operands reordered, or its fold hook changed it).
    InPlace,
    /// The op's results were replaced and the op erased.
    Replaced,
}

/// Identifies a deduplicated constant: insertion region, dialect, value, type.
type ConstKey = (RegionId, String, Attribute, Type);

/// Folds ops and owns the constants it materializes (see the module documentation).
pub struct OperationFolder {
    /// Constants are never hoisted out of this op's regions.
    scope: Option<OpId>,
    /// Deduplicate and hoist constants; otherwise build them before the folded op.
    cse: bool,
    /// The constant op of each key.
    constants: FxHashMap<ConstKey, OpId>,
    /// The keys under which each owned constant op is recorded.
    owned: FxHashMap<OpId, Vec<ConstKey>>,
}

impl OperationFolder {
    /// A folder deduplicating and hoisting constants, never above the regions of `scope` when given.
    pub fn new(scope: Option<OpId>) -> Self {
        OperationFolder { scope, cse: true, constants: FxHashMap::default(), owned: FxHashMap::default() }
    }

    /// A folder that materializes each constant right before the op folded to it.
    pub fn without_cse() -> Self {
        OperationFolder { cse: false, ..OperationFolder::new(None) }
    }

    /// Tries to fold `op`, changing IR only through `rewriter`.
    ///
    /// Constant-like ops are not folded (that would rebuild them forever); with deduplication on
    /// they are registered instead ([`Self::insert_known_constant`]), which may replace them by an
    /// identical constant found earlier.
    pub fn try_to_fold(&mut self, rewriter: &mut PatternRewriter<'_>, op: OpId) -> FoldOutcome {
        if rewriter.ctx.has_trait(op, Traits::CONSTANT_LIKE) {
            return match self.cse && !self.insert_known_constant(rewriter, op) {
                true => FoldOutcome::Replaced,
                false => FoldOutcome::Unchanged,
            };
        }
        let reordered = move_constants_last(rewriter, op);
        let unchanged = if reordered { FoldOutcome::InPlace } else { FoldOutcome::Unchanged };
        let Some(fold) = rewriter.ctx.op_def_of(op).and_then(|def| def.fold) else { return unchanged };
        let operation = rewriter.ctx.operation(op);
        let constants: Vec<Option<Attribute>> =
            operation.operands().map(|value| constant_value(rewriter.ctx, value)).collect();
        match fold(rewriter.ctx, op, &constants) {
            Folded::Unchanged => unchanged,
            Folded::InPlace => {
                rewriter.modified_in_place(op);
                FoldOutcome::InPlace
            }
            Folded::Results(results) if self.replace_with_fold_results(rewriter, op, &results) => FoldOutcome::Replaced,
            Folded::Results(_) => unchanged,
        }
    }

    /// Registers the constant-like `op`, which must be inserted in a block.
    ///
    /// Returns false if an identical constant already exists in its insertion region: `op` is then
    /// replaced by it and erased. Otherwise `op` is kept, moved to the start of the insertion
    /// region's entry block if needed, and returns true.
    pub fn insert_known_constant(&mut self, rewriter: &mut PatternRewriter<'_>, op: OpId) -> bool {
        let ctx = &mut *rewriter.ctx;
        if self.owned.contains_key(&op) {
            self.keep_in_front_run(ctx, op);
            return true;
        }
        let operation = ctx.operation(op);
        let (Some(value), 1, Some(block)) = (ctx.attr(op, "value"), operation.num_results(), operation.parent_block())
        else {
            return true;
        };
        let Some(region) = self.insertion_region(ctx, block) else { return true };
        let key = (region, dialect_of(ctx.op_name_of(op)).to_string(), value, operation.result_type(0));
        if let Some(&existing) = self.constants.get(&key) {
            self.keep_in_front_run(ctx, existing);
            rewriter.replace_op(op, &[existing.result(0)]);
            return false;
        }
        let entry = ctx.entry_block(region).expect("an op's region has a block");
        if block != entry {
            let first = ctx.first_op(entry);
            ctx.move_op(op, InsertPoint { block: entry, before: first });
        }
        self.keep_in_front_run(ctx, op);
        self.own(op, key);
        true
    }

    /// Forgets `op` if it is a constant this folder owns; call it when `op` is erased.
    pub fn notify_removal(&mut self, op: OpId) {
        for key in self.owned.remove(&op).unwrap_or_default() {
            if self.constants.get(&key) == Some(&op) {
                self.constants.remove(&key);
            }
        }
    }

    /// Replaces `op`'s results by `results`, materializing constants; false (and no change) on failure.
    fn replace_with_fold_results(
        &mut self,
        rewriter: &mut PatternRewriter<'_>,
        op: OpId,
        results: &[FoldResult],
    ) -> bool {
        let ctx = &*rewriter.ctx;
        let operation = ctx.operation(op);
        if results.len() != operation.num_results() || results.is_empty() {
            return false;
        }
        let values_fit = results.iter().enumerate().all(|(index, result)| match *result {
            FoldResult::Value(value) => {
                ctx.defining_op(value) != Some(op) && ctx.value_type(value) == operation.result_type(index)
            }
            FoldResult::Attr(_) => true,
        });
        if !values_fit {
            return false;
        }
        let dialects = materializing_dialects(ctx, op);
        let first_created = rewriter.events.created.len();
        let mut values = Vec::with_capacity(results.len());
        for (index, result) in results.iter().enumerate() {
            let value = match *result {
                FoldResult::Value(value) => Some(value),
                FoldResult::Attr(attr) => {
                    let ty = rewriter.ctx.operation(op).result_type(index);
                    self.constant_for(rewriter, op, &dialects, attr, ty)
                }
            };
            match value {
                Some(value) => values.push(value),
                None => {
                    self.erase_unused_created(rewriter, first_created);
                    return false;
                }
            }
        }
        rewriter.replace_op(op, &values);
        true
    }

    /// A constant `attr` of type `ty` usable by `op`, from the first of `dialects` that can build it.
    fn constant_for(
        &mut self,
        rewriter: &mut PatternRewriter<'_>,
        op: OpId,
        dialects: &[String],
        attr: Attribute,
        ty: Type,
    ) -> Option<Value> {
        let operation = rewriter.ctx.operation(op);
        let (block, loc) = (operation.parent_block()?, operation.loc());
        let region = if self.cse { self.insertion_region(rewriter.ctx, block) } else { None };
        let Some(region) = region else {
            let ip = InsertPoint::before(rewriter.ctx, op);
            return dialects.iter().find_map(|d| materialize(rewriter, ip, d, attr, ty, loc)).map(|c| c.result(0));
        };
        let constant = dialects.iter().find_map(|d| self.get_or_create(rewriter, region, d, attr, ty, loc))?;
        self.keep_in_front_run(rewriter.ctx, constant);
        Some(constant.result(0))
    }

    /// The deduplicated constant of `dialect` for (`attr`, `ty`) in `region`, built if missing.
    fn get_or_create(
        &mut self,
        rewriter: &mut PatternRewriter<'_>,
        region: RegionId,
        dialect: &str,
        attr: Attribute,
        ty: Type,
        loc: Location,
    ) -> Option<OpId> {
        let key = (region, dialect.to_string(), attr, ty);
        if let Some(&constant) = self.constants.get(&key) {
            return Some(constant);
        }
        let entry = rewriter.ctx.entry_block(region)?;
        let ip = InsertPoint { block: entry, before: rewriter.ctx.first_op(entry) };
        let constant = materialize(rewriter, ip, dialect, attr, ty, loc)?;
        let built_dialect = dialect_of(rewriter.ctx.op_name_of(constant)).to_string();
        if built_dialect == dialect {
            self.own(constant, key);
            return Some(constant);
        }
        // The materializer built another dialect's constant: that dialect's key must stay unique too.
        let built_key = (region, built_dialect, attr, ty);
        if let Some(&existing) = self.constants.get(&built_key) {
            rewriter.erase_op(constant);
            self.own(existing, key);
            return Some(existing);
        }
        self.own(constant, key);
        self.own(constant, built_key);
        Some(constant)
    }

    /// The region whose entry block receives constants folded for an op in `block`.
    fn insertion_region(&self, ctx: &Context, mut block: BlockId) -> Option<RegionId> {
        loop {
            let region = ctx.block_parent_region(block)?;
            let Some(parent) = ctx.region_parent_op(region) else { return Some(region) };
            let boundary = Some(parent) == self.scope
                || ctx.op_def_of(parent).is_none()
                || ctx.has_trait(parent, Traits::ISOLATED_FROM_ABOVE);
            match ctx.operation(parent).parent_block() {
                Some(parent_block) if !boundary => block = parent_block,
                _ => return Some(region),
            }
        }
    }

    /// Moves the constant `op` to the front of its block unless it is in the run of owned constants
    /// starting the block, so that it dominates the whole block and what is nested in it.
    ///
    /// Owned constants only leave that run when ops are inserted before them; checking the block's
    /// first op and `op`'s predecessor catches that cheaply.
    fn keep_in_front_run(&self, ctx: &mut Context, op: OpId) {
        let Some(block) = ctx.operation(op).parent_block() else { return };
        let first = ctx.first_op(block);
        let owned = |candidate: Option<OpId>| candidate.is_some_and(|c| self.owned.contains_key(&c));
        let in_run = first == Some(op) || (owned(first) && owned(ctx.operation(op).prev()));
        if !in_run {
            ctx.move_op(op, InsertPoint { block, before: first });
        }
    }

    fn own(&mut self, op: OpId, key: ConstKey) {
        self.constants.insert(key.clone(), op);
        self.owned.entry(op).or_default().push(key);
    }

    /// Erases the still unused ops created through `rewriter` since event `first_created`.
    fn erase_unused_created(&mut self, rewriter: &mut PatternRewriter<'_>, first_created: usize) {
        let created = rewriter.events.created[first_created..].to_vec();
        for op in created.into_iter().rev() {
            if rewriter.ctx.is_live(op) && !rewriter.ctx.op_has_uses(op) {
                self.notify_removal(op);
                rewriter.erase_op(op);
            }
        }
    }
}

/// Moves the constant operands of a commutative op after the others (keeping relative order).
fn move_constants_last(rewriter: &mut PatternRewriter<'_>, op: OpId) -> bool {
    let ctx = &mut *rewriter.ctx;
    if !ctx.has_trait(op, Traits::COMMUTATIVE) || ctx.operation(op).num_operands() < 2 {
        return false;
    }
    let operands: Vec<Value> = ctx.operation(op).operands().collect();
    let (mut reordered, constants): (Vec<Value>, Vec<Value>) =
        operands.iter().partition(|&&value| constant_value(ctx, value).is_none());
    reordered.extend(constants);
    if reordered == operands {
        return false;
    }
    ctx.set_operands(op, &reordered);
    rewriter.modified_in_place(op);
    true
}

/// Dialects asked to materialize `op`'s folded constants: its own, then those of its constant operands.
fn materializing_dialects(ctx: &Context, op: OpId) -> Vec<String> {
    let mut dialects = vec![dialect_of(ctx.op_name_of(op)).to_string()];
    for value in ctx.operation(op).operands() {
        let Some(def) = ctx.defining_op(value).filter(|&def| ctx.has_trait(def, Traits::CONSTANT_LIKE)) else {
            continue;
        };
        let dialect = dialect_of(ctx.op_name_of(def));
        if !dialects.iter().any(|d| d == dialect) {
            dialects.push(dialect.to_string());
        }
    }
    dialects
}

/// Builds a constant through `dialect`'s materializer at `ip`; `None` if it has none or declines.
///
/// The result must be a single-result constant-like op of type `ty`; anything else is erased.
fn materialize(
    rewriter: &mut PatternRewriter<'_>,
    ip: InsertPoint,
    dialect: &str,
    attr: Attribute,
    ty: Type,
    loc: Location,
) -> Option<OpId> {
    let materializer = rewriter.ctx.constant_materializer(dialect)?;
    let constant = materializer(&mut Builder::at(rewriter.ctx, ip, loc), attr, ty)?;
    let operation = rewriter.ctx.operation(constant);
    let well_formed = rewriter.ctx.has_trait(constant, Traits::CONSTANT_LIKE)
        && operation.num_results() == 1
        && operation.result_type(0) == ty;
    if !well_formed {
        rewriter.ctx.erase_op(constant);
        return None;
    }
    rewriter.notify_created(constant);
    Some(constant)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rewrite::test_fixture::Fixture;

    /// Folds `op` with `folder` and returns the outcome.
    fn fold(fx: &mut Fixture, folder: &mut OperationFolder, op: OpId) -> FoldOutcome {
        let mut rewriter = PatternRewriter::new(&mut fx.ctx, op);
        folder.try_to_fold(&mut rewriter, op)
    }

    #[test]
    fn constant_operands_fold_to_a_constant_at_the_region_entry() {
        let mut fx = Fixture::new();
        let (body, func) = (fx.body, fx.func);
        let x = fx.op(body, "test.c", &[], 1);
        let one = fx.constant(body, 1);
        let two = fx.constant(body, 2);
        let add = fx.op(body, "test.add", &[one, two], 1);
        fx.op(body, "test.use", &[x.result(0), add.result(0)], 0);
        let mut folder = OperationFolder::new(Some(func));
        assert_eq!(fold(&mut fx, &mut folder, add), FoldOutcome::Replaced);
        assert!(!fx.ctx.is_live(add));
        assert_eq!(fx.names(body), ["test.constant", "test.c", "test.constant", "test.constant", "test.use"]);
        let three = fx.ctx.first_op(body).unwrap().result(0);
        assert_eq!(constant_value(&fx.ctx, three).and_then(|c| fx.ctx.integer_value(c)), Some(3));
        let user = fx.ctx.last_op(body).unwrap();
        assert_eq!(fx.ctx.operation(user).operand(1), three);
    }

    #[test]
    fn folding_to_an_existing_value_replaces_the_results() {
        let mut fx = Fixture::new();
        let body = fx.body;
        let x = fx.op(body, "test.c", &[], 1).result(0);
        let zero = fx.constant(body, 0);
        let add = fx.op(body, "test.add", &[x, zero], 1);
        let user = fx.op(body, "test.use", &[add.result(0)], 0);
        let mut folder = OperationFolder::new(None);
        assert_eq!(fold(&mut fx, &mut folder, add), FoldOutcome::Replaced);
        assert_eq!(fx.ctx.operation(user).operand(0), x);
        assert_eq!(fx.names(body), ["test.c", "test.constant", "test.use"]);
    }

    #[test]
    fn commutative_ops_get_their_constants_last() {
        let mut fx = Fixture::new();
        let body = fx.body;
        let x = fx.op(body, "test.c", &[], 1).result(0);
        let five = fx.constant(body, 5);
        let add = fx.op(body, "test.add", &[five, x], 1);
        fx.op(body, "test.use", &[add.result(0)], 0);
        let mut folder = OperationFolder::new(None);
        assert_eq!(fold(&mut fx, &mut folder, add), FoldOutcome::InPlace);
        assert_eq!(fx.ctx.operation(add).operands().collect::<Vec<_>>(), [x, five]);
        assert_eq!(fold(&mut fx, &mut folder, add), FoldOutcome::Unchanged);

        // With the zero moved right, x + 0 folds.
        let zero = fx.constant(body, 0);
        let add = fx.op(body, "test.add", &[zero, x], 1);
        let user = fx.op(body, "test.use", &[add.result(0)], 0);
        assert_eq!(fold(&mut fx, &mut folder, add), FoldOutcome::Replaced);
        assert_eq!(fx.ctx.operation(user).operand(0), x);
    }

    #[test]
    fn constants_are_deduplicated_within_the_nearest_isolated_region() {
        let mut fx = Fixture::new();
        let (body, func) = (fx.body, fx.func);
        let first = fx.constant(body, 7);
        fx.op(body, "test.use", &[first], 0);
        // A non-isolated region shares the function's constants ...
        let (_, inner) = fx.region_op(body, "test.pure_region", 0);
        let nested = fx.constant(inner, 7);
        let nested_user = fx.op(inner, "test.use", &[nested], 0);
        // ... an isolated one has its own.
        let (_, isolated) = fx.region_op(body, "test.isolated", 0);
        let own = fx.constant(isolated, 7);
        fx.op(isolated, "test.use", &[own], 0);

        let mut folder = OperationFolder::new(Some(func));
        for value in [first, nested, own] {
            let op = fx.ctx.defining_op(value).unwrap();
            let mut rewriter = PatternRewriter::new(&mut fx.ctx, op);
            let kept = folder.insert_known_constant(&mut rewriter, op);
            assert_eq!(kept, value != nested);
        }
        assert_eq!(fx.ctx.operation(nested_user).operand(0), first);
        assert_eq!(fx.names(inner), ["test.use"]);
        assert_eq!(fx.names(isolated), ["test.constant", "test.use"]);

        // Folding to 7 reuses the known constant.
        let three = fx.constant(inner, 3);
        let four = fx.constant(inner, 4);
        let add = fx.op(inner, "test.add", &[three, four], 1);
        let user = fx.op(inner, "test.use", &[add.result(0)], 0);
        assert_eq!(fold(&mut fx, &mut folder, add), FoldOutcome::Replaced);
        assert_eq!(fx.ctx.operation(user).operand(0), first);
    }

    #[test]
    fn constants_found_after_other_ops_are_hoisted_to_the_entry() {
        let mut fx = Fixture::new();
        let (body, func) = (fx.body, fx.func);
        let x = fx.op(body, "test.c", &[], 1).result(0);
        let (_, inner) = fx.region_op(body, "test.pure_region", 0);
        let c = fx.constant(inner, 1);
        fx.op(inner, "test.use", &[x, c], 0);
        let mut folder = OperationFolder::new(Some(func));
        let op = fx.ctx.defining_op(c).unwrap();
        let mut rewriter = PatternRewriter::new(&mut fx.ctx, op);
        assert!(folder.insert_known_constant(&mut rewriter, op));
        assert_eq!(fx.names(body), ["test.constant", "test.c", "test.pure_region"]);

        // An op inserted in front of an owned constant makes it move up again.
        let extra = fx.op(body, "test.c", &[], 1);
        let first = fx.ctx.first_op(body);
        fx.ctx.move_op(extra, InsertPoint { block: body, before: first });
        let mut rewriter = PatternRewriter::new(&mut fx.ctx, op);
        assert!(folder.insert_known_constant(&mut rewriter, op));
        assert_eq!(fx.ctx.first_op(body), Some(op));

        // Once erased, the constant is forgotten: an equal one is kept.
        fx.ctx.replace_all_uses_with(c, x);
        fx.ctx.erase_op(op);
        folder.notify_removal(op);
        let again = fx.constant(body, 1);
        let again_op = fx.ctx.defining_op(again).unwrap();
        let mut rewriter = PatternRewriter::new(&mut fx.ctx, again_op);
        assert!(folder.insert_known_constant(&mut rewriter, again_op));
    }

    #[test]
    fn a_reused_constant_moves_above_ops_inserted_before_it() {
        let mut fx = Fixture::new();
        let (body, func) = (fx.body, fx.func);
        let known = fx.constant(body, 7);
        let mut folder = OperationFolder::new(Some(func));
        let known_op = fx.ctx.defining_op(known).unwrap();
        let mut rewriter = PatternRewriter::new(&mut fx.ctx, known_op);
        assert!(folder.insert_known_constant(&mut rewriter, known_op));
        // A duplicate and its user land in front of the known constant.
        let duplicate = fx.constant(body, 7);
        let user = fx.op(body, "test.use", &[duplicate], 0);
        let duplicate_op = fx.ctx.defining_op(duplicate).unwrap();
        for op in [user, duplicate_op] {
            let first = fx.ctx.first_op(body);
            fx.ctx.move_op(op, InsertPoint { block: body, before: first });
        }
        let mut rewriter = PatternRewriter::new(&mut fx.ctx, duplicate_op);
        assert!(!folder.insert_known_constant(&mut rewriter, duplicate_op));
        assert_eq!(fx.ctx.block_ops(body).collect::<Vec<_>>(), [known_op, user]);
        assert_eq!(fx.ctx.operation(user).operand(0), known);
    }

    #[test]
    fn without_cse_constants_are_built_before_the_folded_op() {
        let mut fx = Fixture::new();
        let body = fx.body;
        let one = fx.constant(body, 1);
        let x = fx.op(body, "test.c", &[], 1).result(0);
        let add = fx.op(body, "test.add", &[one, one], 1);
        fx.op(body, "test.use", &[x, add.result(0)], 0);
        let mut folder = OperationFolder::without_cse();
        assert_eq!(fold(&mut fx, &mut folder, add), FoldOutcome::Replaced);
        assert_eq!(fx.names(body), ["test.constant", "test.c", "test.constant", "test.use"]);
        // Constants themselves are left alone.
        let op = fx.ctx.defining_op(one).unwrap();
        assert_eq!(fold(&mut fx, &mut folder, op), FoldOutcome::Unchanged);
    }

    #[test]
    fn constants_are_materialized_by_the_op_dialect_then_the_operands_dialects() {
        let mut fx = Fixture::new();
        let (body, func) = (fx.body, fx.func);
        let one = fx.constant(body, 1);
        let add = fx.op(body, "other.add", &[one, one], 1);
        fx.op(body, "test.use", &[add.result(0)], 0);
        let mut folder = OperationFolder::new(Some(func));
        assert_eq!(fold(&mut fx, &mut folder, add), FoldOutcome::Replaced);
        assert_eq!(fx.names(body), ["test.constant", "test.constant", "test.use"]);

        // No dialect involved can build a constant: nothing changes.
        let a = fx.dialect_constant(body, "other.constant", 1);
        let add = fx.op(body, "other.add", &[a, a], 1);
        fx.op(body, "test.use", &[add.result(0)], 0);
        let before = fx.print();
        assert_eq!(fold(&mut fx, &mut folder, add), FoldOutcome::Unchanged);
        assert_eq!(fx.print(), before);
    }

    #[test]
    fn a_partly_materializable_fold_leaves_no_trace() {
        let mut fx = Fixture::new();
        let (body, func) = (fx.body, fx.func);
        let one = fx.constant(body, 1);
        let split = fx.op(body, "test.split", &[one], 2);
        fx.op(body, "test.use", &[split.result(0), split.result(1)], 0);
        let before = fx.print();
        let mut folder = OperationFolder::new(Some(func));
        assert_eq!(fold(&mut fx, &mut folder, split), FoldOutcome::Unchanged);
        assert_eq!(fx.print(), before);
    }

    #[test]
    fn only_unused_effect_free_ops_are_trivially_dead() {
        let mut fx = Fixture::new();
        let body = fx.body;
        let one = fx.constant(body, 1);
        let used = fx.op(body, "test.add", &[one, one], 1);
        let unused = fx.op(body, "test.add", &[one, one], 1);
        let effect = fx.op(body, "test.use", &[used.result(0)], 0);
        let (pure_region, inner) = fx.region_op(body, "test.pure_region", 1);
        fx.op(inner, "test.neg", &[one], 1);
        fx.op(inner, "test.br", &[], 0);
        let (effectful_region, inner) = fx.region_op(body, "test.pure_region", 1);
        fx.op(inner, "test.use", &[], 0);
        let terminator = fx.op(body, "test.br", &[], 0);
        let dead = |fx: &Fixture, op| is_op_trivially_dead(&fx.ctx, op);
        assert!(!dead(&fx, used));
        assert!(dead(&fx, unused));
        assert!(!dead(&fx, effect));
        assert!(dead(&fx, pure_region));
        assert!(!dead(&fx, effectful_region));
        assert!(!dead(&fx, terminator));
        assert!(!dead(&fx, fx.func));
    }
}
