//! Control flow: ops whose regions hold the subgraphs TFLite's control-flow operators run, as
//! MLIR's `scf.if` and `scf.while` hold theirs.
//!
//! | op | operands | regions | results | TFLite builtin |
//! |---|---|---|---|---|
//! | `graph.if` | `condition` (a `bool` tensor of one element) | `then`, `else`: one block without arguments each, ending in `graph.yield` of the results | the yielded values | `IF` (118) |
//! | `graph.while` | the initial values of the carried tensors | `cond`: one block, arguments the carried values, ending in `graph.yield` of a `bool` tensor of one element; `body`: one block, the same arguments, ending in `graph.yield` of the next carried values | the carried values after the last iteration | `WHILE` (119) |
//! | `graph.call_once` | — | `init`: one block without arguments, ending in `graph.yield` without values | — | `CALL_ONCE` (129) |
//! | `graph.yield` | the values a region passes on | — | — | (ends the regions above) |
//!
//! The importer inlines the branch, condition and body subgraphs into the regions: an `IF`'s
//! branches read the values of its inputs `1..n` directly (the regions capture them), a
//! `WHILE`'s regions read the carried values as their block arguments. Every carried value
//! keeps its type across iterations (TFLite Micro does not resize tensors), so the verifier
//! refuses a body yielding another type. A `CALL_ONCE`'s init subgraph (it initializes resource
//! variables) runs on the first invocation after `model_init` or `model_reset_state`, as in a
//! fresh TFLite Micro interpreter. The ops are not `PURE`: their regions may assign
//! variables.

use super::{OpEntry, op_entry};
use crate::graph::shape_inference::{Inference, Inferred, ShapeQuery};
use crate::graph::verify::{BOOL, Checker, Checks, Kind, verify_op};
use mc_ir::{BlockId, Builder, Context, InsertPoint, RegionId, Type, Value, define_op};

define_op! {
    /// Runs the `then` region if the one element of `condition` is true, else the `else` region
    /// (TFLite `IF`); the results are what the region run yields.
    pub struct IfOp = "graph.if" {
        summary: "if-then-else on a bool tensor",
        traits: [SINGLE_BLOCK],
        operands: [condition],
        results: variadic,
        attributes: [],
        regions: [then_region, else_region],
        verify: verify_op,
    }
}

define_op! {
    /// Runs the `body` region while the `cond` region yields true (TFLite `WHILE`); both read
    /// the carried values as block arguments, the body yields the next ones.
    pub struct WhileOp = "graph.while" {
        summary: "while loop over carried tensors",
        traits: [SINGLE_BLOCK, LOOP_LIKE],
        operands: variadic,
        results: variadic,
        attributes: [],
        regions: [cond_region, body_region],
        verify: verify_op,
    }
}

define_op! {
    /// Runs the `init` region on the model's first invocation (TFLite `CALL_ONCE`).
    pub struct CallOnceOp = "graph.call_once" {
        summary: "run a region once",
        traits: [SINGLE_BLOCK],
        operands: [],
        results: [],
        attributes: [],
        regions: [init_region],
        verify: verify_op,
    }
}

define_op! {
    /// Ends a `graph.if`, `graph.while` or `graph.call_once` region, passing its values on.
    pub struct YieldOp = "graph.yield" {
        summary: "control-flow region terminator",
        traits: [TERMINATOR, RETURN_LIKE],
        operands: variadic,
        results: [],
        attributes: [],
        verify: verify_op,
    }
}

/// The family's ops.
pub(super) const OPS: &[OpEntry] = &[
    op_entry!(IfOp, Checks::Op(check_if), Some(infer_if)),
    op_entry!(WhileOp, Checks::Op(check_while), Some(infer_while)),
    op_entry!(CallOnceOp, Checks::Op(check_call_once), None),
    op_entry!(YieldOp, Checks::Op(check_yield), None),
];

impl IfOp {
    /// Builds `graph.if condition -> result_types` with empty `then` and `else` blocks, which the
    /// caller fills and ends with `graph.yield`.
    pub fn build(b: &mut Builder<'_>, condition: Value, result_types: &[Type]) -> (IfOp, BlockId, BlockId) {
        let (then_region, then_block) = b.region_with_block(&[]);
        let (else_region, else_block) = b.region_with_block(&[]);
        let op = b.create(Self::NAME, &[condition], result_types, vec![], vec![then_region, else_region]);
        (IfOp(op), then_block, else_block)
    }

    /// The `then` and `else` blocks.
    pub fn blocks(self, ctx: &Context) -> Option<(BlockId, BlockId)> {
        let regions = ctx.operation(self.0).regions();
        Some((ctx.entry_block(regions[0])?, ctx.entry_block(regions[1])?))
    }
}

impl WhileOp {
    /// Builds `graph.while(inits)` with empty `cond` and `body` blocks whose arguments have the
    /// inits' types; the caller fills them and ends each with `graph.yield`.
    pub fn build(b: &mut Builder<'_>, inits: &[Value]) -> (WhileOp, BlockId, BlockId) {
        let types: Vec<Type> = inits.iter().map(|&v| b.ctx.value_type(v)).collect();
        let (cond_region, cond_block) = b.region_with_block(&types);
        let (body_region, body_block) = b.region_with_block(&types);
        let op = b.create(Self::NAME, inits, &types, vec![], vec![cond_region, body_region]);
        (WhileOp(op), cond_block, body_block)
    }

    /// The `cond` and `body` blocks.
    pub fn blocks(self, ctx: &Context) -> Option<(BlockId, BlockId)> {
        let regions = ctx.operation(self.0).regions();
        Some((ctx.entry_block(regions[0])?, ctx.entry_block(regions[1])?))
    }
}

impl CallOnceOp {
    /// Builds `graph.call_once` with an empty `init` block, which the caller fills and ends
    /// with `graph.yield`.
    pub fn build(b: &mut Builder<'_>) -> (CallOnceOp, BlockId) {
        let (region, block) = b.region_with_block(&[]);
        (CallOnceOp(b.create(Self::NAME, &[], &[], vec![], vec![region])), block)
    }
}

impl YieldOp {
    /// Appends `graph.yield values` to `block`.
    pub fn build_at_end(b: &mut Builder<'_>, block: BlockId, values: &[Value]) -> YieldOp {
        let saved = b.ip;
        b.ip = Some(InsertPoint::end(block));
        let op = b.create(Self::NAME, values, &[], vec![], vec![]);
        b.ip = saved;
        YieldOp(op)
    }
}

/// The values `block`'s `graph.yield` passes on, if it ends in one.
pub fn yielded(ctx: &Context, block: BlockId) -> Option<Vec<Value>> {
    let last = ctx.last_op(block).filter(|&op| YieldOp::cast(ctx, op).is_some())?;
    Some(ctx.operation(last).operands().collect())
}

/// The types `block`'s `graph.yield` passes on.
fn yielded_types(ctx: &Context, block: BlockId) -> Option<Vec<Type>> {
    Some(yielded(ctx, block)?.into_iter().map(|v| ctx.value_type(v)).collect())
}

/// Whether `ty` is a `bool` tensor of one element (a condition).
fn is_condition(c: &Checker<'_, '_>, ty: Type) -> bool {
    c.parts(ty).is_some_and(|(shape, element)| Kind::of(c.ctx, element) == BOOL && shape.iter().product::<i64>() == 1)
}

/// The entry block of `region` (named `what`), which must end in `graph.yield` and have
/// arguments of types `args`.
fn region_block(c: &mut Checker<'_, '_>, region: RegionId, what: &str, args: &[Type]) -> Option<BlockId> {
    let Some(block) = c.ctx.entry_block(region) else {
        c.error(format!("expects a '{what}' block"));
        return None;
    };
    let types: Vec<Type> = c.ctx.block_args(block).iter().map(|&v| c.ctx.value_type(v)).collect();
    if types != args {
        let list = |types: &[Type]| types.iter().map(|&t| c.ty(t)).collect::<Vec<_>>().join(", ");
        let message = format!("the '{what}' block's arguments ({}) must be ({})", list(&types), list(args));
        c.error(message);
        return None;
    }
    if yielded(c.ctx, block).is_none() {
        c.error(format!("the '{what}' block must end in 'graph.yield'"));
        return None;
    }
    Some(block)
}

/// Checks that `block` (named `what`) yields values of types `expected` (named `noun`s).
fn check_yields(c: &mut Checker<'_, '_>, block: BlockId, what: &str, expected: &[Type], noun: &str) {
    let actual = yielded_types(c.ctx, block).unwrap_or_default();
    if actual.len() != expected.len() {
        c.error(format!("the '{what}' block yields {} values, but there are {} {noun}s", actual.len(), expected.len()));
        return;
    }
    for (index, (&a, &e)) in actual.iter().zip(expected).enumerate() {
        if a != e {
            let message = format!("the '{what}' block yields '{}' as {noun} #{index}, which is '{}'", c.ty(a), c.ty(e));
            c.error(message);
        }
    }
}

fn check_if(c: &mut Checker<'_, '_>) {
    let condition = c.operand_type(0);
    if !is_condition(c, condition) {
        c.error(format!("condition must be a bool tensor of one element, but got '{}'", c.ty(condition)));
    }
    let regions = c.ctx.operation(c.op).regions().to_vec();
    let results = c.sig.results.clone();
    for (region, what) in regions.into_iter().zip(["then", "else"]) {
        if let Some(block) = region_block(c, region, what, &[]) {
            check_yields(c, block, what, &results, "result");
        }
    }
}

fn check_while(c: &mut Checker<'_, '_>) {
    let carried = c.sig.operands.clone();
    if c.sig.results != carried {
        c.error("the results must have the types of the initial values");
    }
    let regions = c.ctx.operation(c.op).regions().to_vec();
    if let Some(block) = region_block(c, regions[0], "cond", &carried) {
        let yielded = yielded_types(c.ctx, block).unwrap_or_default();
        if yielded.len() != 1 || !is_condition(c, yielded[0]) {
            c.error("the 'cond' block must yield one bool tensor of one element");
        }
    }
    if let Some(block) = region_block(c, regions[1], "body", &carried) {
        check_yields(c, block, "body", &carried, "carried value");
    }
}

fn check_call_once(c: &mut Checker<'_, '_>) {
    let region = c.ctx.operation(c.op).regions()[0];
    if let Some(block) = region_block(c, region, "init", &[]) {
        check_yields(c, block, "init", &[], "result");
    }
}

fn check_yield(c: &mut Checker<'_, '_>) {
    let parent = c.ctx.parent_op(c.op);
    let known =
        |p| IfOp::cast(c.ctx, p).is_some() || WhileOp::cast(c.ctx, p).is_some() || CallOnceOp::cast(c.ctx, p).is_some();
    if !parent.is_some_and(known) {
        c.error("expects parent op to be one of 'graph.if, graph.while, graph.call_once'");
    }
}

/// The types the `then` region yields.
fn infer_if(q: &ShapeQuery<'_>) -> Inference {
    if !q.sig.has_own_operands() {
        return Ok(None);
    }
    let Some(types) = IfOp(q.sig.op).blocks(q.ctx).and_then(|(then, _)| yielded_types(q.ctx, then)) else {
        return Ok(None);
    };
    Ok(Some(types.into_iter().map(Inferred::Type).collect()))
}

/// The carried values keep their types.
fn infer_while(q: &ShapeQuery<'_>) -> Inference {
    Ok(Some(q.sig.operands.iter().map(|&t| Inferred::Type(t)).collect()))
}
