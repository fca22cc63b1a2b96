//! The dialect conversion driver: legalizes ops for a [`ConversionTarget`] with per-op patterns.
//!
//! A simple form of MLIR's dialect conversion. The driver visits the root and every op nested in
//! it, parents first. An op the target does not declare legal is handed to the
//! [`ConversionPattern`]s rooted at its name, highest benefit first; the first that succeeds wins.
//! Ops the pattern created (and the op itself, if it was only updated in place) are then legalized
//! the same way, except that a pattern is never reapplied to the ops its own application produced,
//! so conversion always terminates.
//!
//! Types: with a [`TypeConverter`], a pattern receives its op's operands converted (the driver
//! inserts `builtin.unrealized_conversion_cast` ops where the types differ), and when it replaces
//! results by values of another type, casts back to the original type feed the remaining users.
//! Casts that end up unused or that undo one another are removed when conversion ends; the rest
//! stay (for a later cast-reconciling pass). Block argument types are not converted.
//!
//! Differences from MLIR: changes are applied immediately, not rolled back. When conversion fails
//! the IR is left partially converted and the caller is expected to discard it. A pattern that
//! reports failure must not have changed the IR. Ops are not folded during conversion, and an op
//! not inside a block (a detached root) is only checked, never rewritten.
//!
//! Failure: a partial conversion fails if an op the target marks illegal remains; a full conversion
//! fails if any op remains that the target does not mark legal. Each such op gets an error
//! (MLIR's "failed to legalize operation 'x.y'") at its location.

use crate::block::InsertPoint;
use crate::builtin::UnrealizedConversionCastOp;
use crate::context::Context;
use crate::diagnostics::{Diagnostic, Failure};
use crate::dialect::dialect_of;
use crate::location::Location;
use crate::operation::{OpId, OperationState};
use crate::rewrite::pattern::PatternRewriter;
use crate::types::Type;
use crate::value::Value;
use rustc_hash::{FxHashMap, FxHashSet};
use std::ops::{Deref, DerefMut};

/// The function inside a [`TypeConverter`].
type ConvertFn = dyn Fn(&mut Context, Type) -> Option<Type>;

/// Converts types during a conversion: `None` means the type cannot be converted.
pub struct TypeConverter {
    convert: Box<ConvertFn>,
}

impl TypeConverter {
    /// A converter applying `convert` (which returns a type unchanged when it is already legal).
    pub fn new(convert: impl Fn(&mut Context, Type) -> Option<Type> + 'static) -> Self {
        TypeConverter { convert: Box::new(convert) }
    }

    /// The converted form of `ty`.
    pub fn convert_type(&self, ctx: &mut Context, ty: Type) -> Option<Type> {
        (self.convert)(ctx, ty)
    }
}

/// Decides whether an op is legal by looking at it.
type LegalityFn = Box<dyn Fn(&Context, OpId) -> bool>;

/// How a target treats an op name or a dialect.
enum Action {
    Legal,
    Illegal,
    Dynamic(LegalityFn),
}

impl Action {
    fn legality(&self, ctx: &Context, op: OpId) -> bool {
        match self {
            Action::Legal => true,
            Action::Illegal => false,
            Action::Dynamic(is_legal) => is_legal(ctx, op),
        }
    }
}

/// Which ops may remain after a conversion: by op name (which takes precedence) or by dialect.
#[derive(Default)]
pub struct ConversionTarget {
    ops: FxHashMap<String, Action>,
    dialects: FxHashMap<String, Action>,
    unknown: Option<LegalityFn>,
}

impl ConversionTarget {
    /// A target with no legality rules.
    pub fn new() -> Self {
        Self::default()
    }

    /// Ops named `name` are legal.
    pub fn add_legal_op(&mut self, name: &str) -> &mut Self {
        self.op_rule(name, Action::Legal)
    }

    /// Ops named `name` are illegal: they must be converted.
    pub fn add_illegal_op(&mut self, name: &str) -> &mut Self {
        self.op_rule(name, Action::Illegal)
    }

    /// Ops named `name` are legal when `is_legal` says so, illegal otherwise.
    pub fn add_dynamically_legal_op(
        &mut self,
        name: &str,
        is_legal: impl Fn(&Context, OpId) -> bool + 'static,
    ) -> &mut Self {
        self.op_rule(name, Action::Dynamic(Box::new(is_legal)))
    }

    /// Ops of dialect `name` are legal unless their op name says otherwise.
    pub fn add_legal_dialect(&mut self, name: &str) -> &mut Self {
        self.dialect_rule(name, Action::Legal)
    }

    /// Ops of dialect `name` are illegal unless their op name says otherwise.
    pub fn add_illegal_dialect(&mut self, name: &str) -> &mut Self {
        self.dialect_rule(name, Action::Illegal)
    }

    /// Ops of dialect `name` are legal when `is_legal` says so, unless their op name says otherwise.
    pub fn add_dynamically_legal_dialect(
        &mut self,
        name: &str,
        is_legal: impl Fn(&Context, OpId) -> bool + 'static,
    ) -> &mut Self {
        self.dialect_rule(name, Action::Dynamic(Box::new(is_legal)))
    }

    /// Sets the rule for ops named `name`.
    fn op_rule(&mut self, name: &str, action: Action) -> &mut Self {
        self.ops.insert(name.to_string(), action);
        self
    }

    /// Sets the rule for ops of dialect `name`.
    fn dialect_rule(&mut self, name: &str, action: Action) -> &mut Self {
        self.dialects.insert(name.to_string(), action);
        self
    }

    /// Ops with no rule of their own are legal when `is_legal` says so, illegal otherwise.
    pub fn mark_unknown_op_dynamically_legal(&mut self, is_legal: impl Fn(&Context, OpId) -> bool + 'static) {
        self.unknown = Some(Box::new(is_legal));
    }

    /// `Some(true)` if `op` is legal, `Some(false)` if illegal, `None` if no rule covers it.
    pub fn legality(&self, ctx: &Context, op: OpId) -> Option<bool> {
        let name = ctx.op_name_of(op);
        match self.ops.get(name).or_else(|| self.dialects.get(dialect_of(name))) {
            Some(action) => Some(action.legality(ctx, op)),
            None => self.unknown.as_ref().map(|is_legal| is_legal(ctx, op)),
        }
    }
}

/// Rewrites one kind of op (its root) into ops closer to the conversion target.
pub trait ConversionPattern {
    /// A name for debugging.
    fn name(&self) -> &str;

    /// The name of the ops this pattern converts.
    fn root(&self) -> &str;

    /// Higher benefit patterns are tried first.
    fn benefit(&self) -> u16 {
        1
    }

    /// Tries to convert `op`, whose operands converted to the target types are `operands`.
    ///
    /// Returns true if it replaced, erased or updated `op`, changing IR only through `rewriter`;
    /// returning false it must leave the IR as it found it.
    fn match_and_rewrite(&self, op: OpId, operands: &[Value], rewriter: &mut ConversionRewriter<'_>) -> bool;
}

/// A collection of conversion patterns.
#[derive(Default)]
pub struct ConversionPatternSet {
    patterns: Vec<Box<dyn ConversionPattern>>,
}

impl ConversionPatternSet {
    /// Adds a pattern.
    pub fn add(&mut self, pattern: impl ConversionPattern + 'static) {
        self.patterns.push(Box::new(pattern));
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

/// The rewriter given to conversion patterns: a [`PatternRewriter`] that also converts types.
///
/// [`ConversionRewriter::replace_op`] inserts casts where replacement types differ; the other
/// methods are the pattern rewriter's (through `Deref`), which insert none.
pub struct ConversionRewriter<'c> {
    rewriter: PatternRewriter<'c>,
    type_converter: Option<&'c TypeConverter>,
    /// Casts this rewriter materialized.
    casts: Vec<OpId>,
}

impl<'c> Deref for ConversionRewriter<'c> {
    type Target = PatternRewriter<'c>;

    fn deref(&self) -> &PatternRewriter<'c> {
        &self.rewriter
    }
}

impl<'c> DerefMut for ConversionRewriter<'c> {
    fn deref_mut(&mut self) -> &mut PatternRewriter<'c> {
        &mut self.rewriter
    }
}

impl ConversionRewriter<'_> {
    /// `ty` converted by the conversion's type converter; `ty` itself when there is none.
    pub fn convert_type(&mut self, ty: Type) -> Option<Type> {
        match self.type_converter {
            Some(converter) => converter.convert_type(self.rewriter.ctx, ty),
            None => Some(ty),
        }
    }

    /// Replaces `op`'s results by `values` and erases `op`.
    ///
    /// Where a value's type differs from the result's, remaining users get a cast of it back to
    /// the result type.
    pub fn replace_op(&mut self, op: OpId, values: &[Value]) {
        let loc = self.rewriter.ctx.operation(op).loc();
        for (index, &value) in values.iter().enumerate() {
            let result = op.result(index);
            let ctx = &mut *self.rewriter.ctx;
            let result_type = ctx.value_type(result);
            let replacement = if ctx.value_type(value) != result_type && ctx.has_uses(result) {
                let ip = after_definition(ctx, value);
                let cast = build_cast(ctx, ip, value, result_type, loc);
                self.casts.push(cast);
                cast.result(0)
            } else {
                value
            };
            self.rewriter.replace_all_uses_with(result, replacement);
        }
        self.rewriter.erase_op(op);
    }
}

/// Converts what it can and fails only if an op the target marks illegal remains.
///
/// See the module documentation for the process and what is left behind on failure.
pub fn apply_partial_conversion(
    ctx: &mut Context,
    root: OpId,
    target: &ConversionTarget,
    patterns: &ConversionPatternSet,
    type_converter: Option<&TypeConverter>,
) -> Result<(), Failure> {
    Converter::new(ctx, target, patterns, type_converter).run(root, Mode::Partial)
}

/// Converts everything and fails if any op remains that the target does not mark legal.
///
/// See the module documentation for the process and what is left behind on failure.
pub fn apply_full_conversion(
    ctx: &mut Context,
    root: OpId,
    target: &ConversionTarget,
    patterns: &ConversionPatternSet,
    type_converter: Option<&TypeConverter>,
) -> Result<(), Failure> {
    Converter::new(ctx, target, patterns, type_converter).run(root, Mode::Full)
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Mode {
    Partial,
    Full,
}

struct Converter<'a> {
    ctx: &'a mut Context,
    target: &'a ConversionTarget,
    patterns: &'a ConversionPatternSet,
    /// Pattern indices per root name, highest benefit first.
    by_root: FxHashMap<&'a str, Vec<usize>>,
    type_converter: Option<&'a TypeConverter>,
    /// Casts materialized by this conversion, in creation order, and as a set.
    casts: Vec<OpId>,
    cast_set: FxHashSet<OpId>,
}

impl<'a> Converter<'a> {
    fn new(
        ctx: &'a mut Context,
        target: &'a ConversionTarget,
        patterns: &'a ConversionPatternSet,
        type_converter: Option<&'a TypeConverter>,
    ) -> Self {
        let mut by_root: FxHashMap<&str, Vec<usize>> = FxHashMap::default();
        for (index, pattern) in patterns.patterns.iter().enumerate() {
            by_root.entry(pattern.root()).or_default().push(index);
        }
        for list in by_root.values_mut() {
            list.sort_by_key(|&i| std::cmp::Reverse(patterns.patterns[i].benefit()));
        }
        Converter { ctx, target, patterns, by_root, type_converter, casts: Vec::new(), cast_set: FxHashSet::default() }
    }

    fn run(mut self, root: OpId, mode: Mode) -> Result<(), Failure> {
        for op in self.ctx.walk_preorder(root) {
            self.legalize(op, &mut Vec::new());
        }
        self.remove_redundant_casts();
        let mut diags = Vec::new();
        for op in self.ctx.walk_preorder(root) {
            if self.cast_set.contains(&op) {
                continue;
            }
            let suffix = match (mode, self.target.legality(self.ctx, op)) {
                (_, Some(true)) | (Mode::Partial, None) => continue,
                (Mode::Full, _) => "",
                (Mode::Partial, Some(false)) => " that was explicitly marked illegal",
            };
            let message = format!("failed to legalize operation '{}'{suffix}", self.ctx.op_name_of(op));
            diags.push(Diagnostic::error(self.ctx.operation(op).loc(), message));
        }
        if diags.is_empty() { Ok(()) } else { Err(Failure(diags)) }
    }

    /// Tries to make `op` legal; `active` holds the patterns whose results are being legalized.
    fn legalize(&mut self, op: OpId, active: &mut Vec<usize>) {
        if !self.ctx.is_live(op)
            || self.cast_set.contains(&op)
            || self.ctx.operation(op).parent_block().is_none()
            || self.target.legality(self.ctx, op) == Some(true)
        {
            return;
        }
        let patterns = self.patterns;
        let Some(candidates) = self.by_root.get(self.ctx.op_name_of(op)) else { return };
        let candidates: Vec<usize> = candidates.iter().copied().filter(|i| !active.contains(i)).collect();
        if candidates.is_empty() {
            return;
        }
        let Some(operands) = self.remap_operands(op) else { return };
        for index in candidates {
            let mut rewriter = ConversionRewriter {
                rewriter: PatternRewriter::new(self.ctx, op),
                type_converter: self.type_converter,
                casts: Vec::new(),
            };
            let matched = patterns.patterns[index].match_and_rewrite(op, &operands, &mut rewriter);
            let ConversionRewriter { rewriter, casts, .. } = rewriter;
            let created = rewriter.events.created;
            self.record_casts(casts);
            if !matched {
                continue;
            }
            active.push(index);
            for created in created {
                if self.ctx.is_live(created) {
                    for nested in self.ctx.walk_preorder(created) {
                        self.legalize(nested, active);
                    }
                }
            }
            self.legalize(op, active);
            active.pop();
            return;
        }
    }

    /// `op`'s operands as the patterns see them: converted to the target types, through casts.
    fn remap_operands(&mut self, op: OpId) -> Option<Vec<Value>> {
        let operands: Vec<Value> = self.ctx.operation(op).operands().collect();
        let loc = self.ctx.operation(op).loc();
        let mut remapped = Vec::with_capacity(operands.len());
        for value in operands {
            // A cast this conversion inserted hides the converted value it was built from.
            let source = self.cast_source(value);
            let Some(converter) = self.type_converter else {
                remapped.push(source.unwrap_or(value));
                continue;
            };
            let ty = self.ctx.value_type(value);
            let converted = converter.convert_type(self.ctx, ty)?;
            if let Some(source) = source.filter(|&s| self.ctx.value_type(s) == converted) {
                remapped.push(source);
            } else if converted == ty {
                remapped.push(value);
            } else {
                let ip = InsertPoint::before(self.ctx, op);
                let cast = build_cast(self.ctx, ip, value, converted, loc);
                self.record_casts(vec![cast]);
                remapped.push(cast.result(0));
            }
        }
        Some(remapped)
    }

    /// The input of `value`'s defining op if it is a cast made by this conversion.
    fn cast_source(&self, value: Value) -> Option<Value> {
        let def = self.ctx.defining_op(value).filter(|def| self.cast_set.contains(def))?;
        Some(self.ctx.operation(def).operand(0))
    }

    fn record_casts(&mut self, casts: Vec<OpId>) {
        self.cast_set.extend(&casts);
        self.casts.extend(casts);
    }

    /// Erases this conversion's casts that are unused, identities, or undo another of its casts.
    fn remove_redundant_casts(&mut self) {
        let mut changed = true;
        while changed {
            changed = false;
            for &cast in self.casts.iter().rev() {
                if !self.ctx.is_live(cast) {
                    continue;
                }
                let result = cast.result(0);
                let ty = self.ctx.value_type(result);
                let input = self.ctx.operation(cast).operand(0);
                let bypass = [Some(input), self.cast_source(input)]
                    .into_iter()
                    .flatten()
                    .find(|&v| self.ctx.value_type(v) == ty);
                if let Some(bypass) = bypass {
                    self.ctx.replace_all_uses_with(result, bypass);
                }
                if !self.ctx.has_uses(result) {
                    self.ctx.erase_op(cast);
                    changed = true;
                }
            }
        }
    }
}

/// The point right after `value` is defined (the start of its block for a block argument).
fn after_definition(ctx: &Context, value: Value) -> InsertPoint {
    match value {
        Value::Result { op, .. } => InsertPoint::after(ctx, op),
        Value::Arg { block, .. } => InsertPoint { block, before: ctx.first_op(block) },
    }
}

/// Inserts `builtin.unrealized_conversion_cast(input) : ty` at `ip`.
fn build_cast(ctx: &mut Context, ip: InsertPoint, input: Value, ty: Type, loc: Location) -> OpId {
    let mut state = OperationState::new(ctx.op_name(UnrealizedConversionCastOp::NAME), loc);
    state.operands = vec![input];
    state.result_types = vec![ty];
    let cast = ctx.create_operation(state);
    ctx.insert_op(cast, ip);
    cast
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rewrite::test_fixture::Fixture;

    /// Rewrites ops named `from` into ops named `to` with the same operands (converted) and
    /// converted result types.
    struct Rename {
        from: &'static str,
        to: &'static str,
        benefit: u16,
    }

    impl ConversionPattern for Rename {
        fn name(&self) -> &str {
            "rename"
        }

        fn root(&self) -> &str {
            self.from
        }

        fn benefit(&self) -> u16 {
            self.benefit
        }

        fn match_and_rewrite(&self, op: OpId, operands: &[Value], rewriter: &mut ConversionRewriter<'_>) -> bool {
            let operation = rewriter.ctx.operation(op);
            let loc = operation.loc();
            let types: Vec<Type> = operation.result_types().collect();
            let Some(types) = types.into_iter().map(|ty| rewriter.convert_type(ty)).collect::<Option<Vec<_>>>() else {
                return false;
            };
            let new = rewriter.create_op(self.to, loc, operands, &types, Vec::new());
            let results = rewriter.ctx.results(new);
            rewriter.replace_op(op, &results);
            true
        }
    }

    fn rename(from: &'static str, to: &'static str) -> Rename {
        Rename { from, to, benefit: 1 }
    }

    fn patterns(list: impl IntoIterator<Item = Rename>) -> ConversionPatternSet {
        let mut set = ConversionPatternSet::default();
        for pattern in list {
            set.add(pattern);
        }
        set
    }

    /// A target where the module, the `test.isolated` op and `test.b` are legal and `test.a` illegal.
    fn target() -> ConversionTarget {
        let mut target = ConversionTarget::new();
        target
            .add_legal_dialect("builtin")
            .add_legal_op("test.isolated")
            .add_legal_op("test.b")
            .add_illegal_op("test.a");
        target
    }

    fn messages(result: Result<(), Failure>) -> Vec<String> {
        result.err().map(|f| f.0.into_iter().map(|d| d.message).collect()).unwrap_or_default()
    }

    #[test]
    fn illegal_ops_are_rewritten_by_their_patterns() {
        let mut fx = Fixture::new();
        let body = fx.body;
        let a = fx.op(body, "test.a", &[], 1);
        let user = fx.op(body, "test.use", &[a.result(0)], 0);
        let root = fx.ctx.parent_op(fx.func).unwrap();
        let result =
            apply_partial_conversion(&mut fx.ctx, root, &target(), &patterns([rename("test.a", "test.b")]), None);
        assert_eq!(result, Ok(()));
        assert_eq!(fx.names(body), ["test.b", "test.use"]);
        let b = fx.ctx.first_op(body).unwrap();
        assert_eq!(fx.ctx.operation(user).operand(0), b.result(0));
    }

    #[test]
    fn a_full_conversion_fails_on_ops_not_marked_legal() {
        let mut fx = Fixture::new();
        let body = fx.body;
        fx.op(body, "test.a", &[], 0);
        let user = fx.op(body, "test.use", &[], 0);
        let loc = fx.ctx.file_loc("t.mlir", 3, 5);
        fx.ctx.set_loc(user, loc);
        let set = patterns([rename("test.a", "test.b")]);
        let result = apply_full_conversion(&mut fx.ctx, fx.func, &target(), &set, None);
        let failure = result.unwrap_err();
        assert_eq!(failure.0, [Diagnostic::error(loc, "failed to legalize operation 'test.use'")]);
        // Everything legalizable was converted anyway.
        assert_eq!(fx.names(body), ["test.b", "test.use"]);

        let mut target = target();
        target.mark_unknown_op_dynamically_legal(|ctx, op| ctx.operation(op).num_operands() == 0);
        assert_eq!(apply_full_conversion(&mut fx.ctx, fx.func, &target, &set, None), Ok(()));
    }

    #[test]
    fn a_partial_conversion_fails_only_on_ops_marked_illegal() {
        let mut fx = Fixture::new();
        let body = fx.body;
        fx.op(body, "test.c", &[], 0);
        fx.op(body, "test.use", &[], 0);
        let mut target = target();
        target.add_illegal_dialect("test");
        let result = apply_partial_conversion(&mut fx.ctx, fx.func, &target, &patterns([]), None);
        assert_eq!(
            messages(result),
            [
                "failed to legalize operation 'test.c' that was explicitly marked illegal",
                "failed to legalize operation 'test.use' that was explicitly marked illegal"
            ]
        );
        target.add_legal_op("test.use").add_dynamically_legal_op("test.c", |ctx, op| ctx.attr(op, "ok").is_some());
        let result = apply_partial_conversion(&mut fx.ctx, fx.func, &target, &patterns([]), None);
        assert_eq!(messages(result), ["failed to legalize operation 'test.c' that was explicitly marked illegal"]);
        let c = fx.ctx.first_op(body).unwrap();
        let unit = fx.ctx.unit_attr();
        fx.ctx.set_attr(c, "ok", Some(unit));
        assert_eq!(apply_partial_conversion(&mut fx.ctx, fx.func, &target, &patterns([]), None), Ok(()));
    }

    #[test]
    fn ops_created_by_patterns_are_legalized_and_patterns_do_not_recurse_forever() {
        let mut fx = Fixture::new();
        let body = fx.body;
        fx.op(body, "test.a", &[], 0);
        // a -> c -> b, through an illegal intermediate op.
        let mut target = target();
        target.add_illegal_op("test.c");
        let set = patterns([rename("test.a", "test.c"), rename("test.c", "test.b")]);
        assert_eq!(apply_full_conversion(&mut fx.ctx, fx.func, &target, &set, None), Ok(()));
        assert_eq!(fx.names(body), ["test.b"]);

        // a -> a and a -> c -> a: each pattern applies once per chain, then the driver gives up.
        fx.op(body, "test.a", &[], 0);
        let set = patterns([rename("test.a", "test.a"), rename("test.a", "test.c"), rename("test.c", "test.a")]);
        let result = apply_partial_conversion(&mut fx.ctx, fx.func, &target, &set, None);
        assert_eq!(messages(result), ["failed to legalize operation 'test.a' that was explicitly marked illegal"]);
    }

    #[test]
    fn higher_benefit_patterns_are_tried_first() {
        let mut fx = Fixture::new();
        let body = fx.body;
        fx.op(body, "test.a", &[], 0);
        let mut target = target();
        target.add_legal_op("test.c");
        let set = patterns([
            Rename { benefit: 1, ..rename("test.a", "test.c") },
            Rename { benefit: 2, ..rename("test.a", "test.b") },
        ]);
        assert_eq!(apply_full_conversion(&mut fx.ctx, fx.func, &target, &set, None), Ok(()));
        assert_eq!(fx.names(body), ["test.b"]);
    }

    #[test]
    fn type_conversions_insert_casts_that_vanish_once_users_convert() {
        let mut fx = Fixture::new();
        let body = fx.body;
        let a = fx.op(body, "test.a", &[], 1);
        fx.op(body, "test.use", &[a.result(0)], 0);
        let i32 = fx.i32;
        let widen = TypeConverter::new(move |ctx, ty| Some(if ty == i32 { ctx.integer_type(64) } else { ty }));

        // Only test.a converts: test.use keeps an i32 through a cast.
        let result = apply_partial_conversion(
            &mut fx.ctx,
            fx.func,
            &target(),
            &patterns([rename("test.a", "test.b")]),
            Some(&widen),
        );
        assert_eq!(result, Ok(()));
        assert_eq!(
            fx.print(),
            "\"test.isolated\"() ({\n  %0 = \"test.b\"() : () -> i64\n  \
             %1 = \"builtin.unrealized_conversion_cast\"(%0) : (i64) -> i32\n  \
             \"test.use\"(%1) : (i32) -> ()\n}) : () -> ()"
        );

        // Converting test.use too: it gets the i64 directly and the cast goes away.
        let mut fx = Fixture::new();
        let body = fx.body;
        let a = fx.op(body, "test.a", &[], 1);
        fx.op(body, "test.use", &[a.result(0)], 0);
        let mut target = target();
        target.add_dynamically_legal_op("test.use", move |ctx, op| {
            ctx.operation(op).operands().all(|v| ctx.value_type(v) != i32)
        });
        let set = patterns([rename("test.a", "test.b"), rename("test.use", "test.use")]);
        assert_eq!(apply_full_conversion(&mut fx.ctx, fx.func, &target, &set, Some(&widen)), Ok(()));
        assert_eq!(
            fx.print(),
            "\"test.isolated\"() ({\n  %0 = \"test.b\"() : () -> i64\n  \"test.use\"(%0) : (i64) -> ()\n}) : () -> ()"
        );

        // A user converted first gets a cast of its unconverted operand.
        let mut fx = Fixture::new();
        let body = fx.body;
        let c = fx.op(body, "test.c", &[], 1);
        fx.op(body, "test.use", &[c.result(0)], 0);
        let result = apply_partial_conversion(&mut fx.ctx, fx.func, &target, &set, Some(&widen));
        assert_eq!(result, Ok(()));
        assert_eq!(
            fx.print(),
            "\"test.isolated\"() ({\n  %0 = \"test.c\"() : () -> i32\n  \
             %1 = \"builtin.unrealized_conversion_cast\"(%0) : (i32) -> i64\n  \
             \"test.use\"(%1) : (i64) -> ()\n}) : () -> ()"
        );
    }
}
