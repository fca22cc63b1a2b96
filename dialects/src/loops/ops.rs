//! `loop` op definitions, builders and verifiers.

use super::asm::{parse_for, parse_if, parse_load, parse_store, print_for, print_if, print_load, print_store};
use super::canonicalize::{for_patterns, if_patterns};
use mc_ir::printer::attributes::type_to_string;
use mc_ir::rewrite::fold::constant_value;
use mc_ir::{
    AttrKind, BlockId, Builder, Context, Diagnostic, InsertPoint, OpDef, OpId, RegionId, Signedness, Type, TypeKind,
    Value, define_op,
};

define_op! {
    /// A counted loop with loop-carried values, as `scf.for`.
    ///
    /// | operand | meaning |
    /// |---|---|
    /// | `lower_bound`, `upper_bound`, `step` | `index`; the body runs for `lb, lb + step, ...` below `ub` |
    /// | the rest | initial values of the loop-carried values |
    ///
    /// The body is one block with arguments `(%iv: index, %iter...)` ending in `loop.yield` with the
    /// next iteration's values; the results are the values after the last iteration (the initial
    /// values when the body never runs).
    pub struct ForOp = "loop.for" {
        summary: "for loop with loop-carried values",
        traits: [SINGLE_BLOCK, LOOP_LIKE],
        operands: variadic,
        results: variadic,
        attributes: [],
        regions: [body],
        verify: verify_for,
        canonicalize: for_patterns,
        print: print_for,
        parse: parse_for,
    }
}

define_op! {
    /// Runs the `then` region if `condition` holds, else the `else` region (which may be empty
    /// when the op has no results), as `scf.if`. Each region ends in `loop.yield` with the results.
    pub struct IfOp = "loop.if" {
        summary: "if-then-else operation",
        traits: [SINGLE_BLOCK],
        operands: [condition],
        results: variadic,
        attributes: [],
        regions: [then_region, else_region],
        verify: verify_if,
        canonicalize: if_patterns,
        print: print_if,
        parse: parse_if,
    }
}

define_op! {
    /// Runs the `before` region, then the `after` region while the `before` region's
    /// `loop.condition` holds, as `scf.while` without carried values (the values a loop carries
    /// live in buffers): `before` computes the condition, `after` is the body and ends in
    /// `loop.yield`.
    pub struct WhileOp = "loop.while" {
        summary: "while loop",
        traits: [SINGLE_BLOCK, LOOP_LIKE],
        operands: [],
        results: [],
        attributes: [],
        regions: [before_region, after_region],
        verify: verify_while,
    }
}

define_op! {
    /// Ends a `loop.while`'s `before` region: the loop goes on while `condition` holds.
    pub struct ConditionOp = "loop.condition" {
        summary: "loop continuation condition",
        traits: [TERMINATOR, RETURN_LIKE],
        operands: [condition],
        results: [],
        attributes: [],
        verify: verify_condition,
        format: "`(` $condition `)` attr-dict `:` type($condition)",
    }
}

define_op! {
    /// Ends a `loop.for` body (passing the next iteration's values), a `loop.if` region
    /// (passing the results) or a `loop.while` body (passing nothing).
    pub struct YieldOp = "loop.yield" {
        summary: "loop yield and termination operation",
        traits: [PURE, TERMINATOR, RETURN_LIKE],
        operands: variadic,
        results: [],
        attributes: [],
        verify: verify_yield,
        format: "attr-dict ($operands^ `:` type($operands))?",
    }
}

define_op! {
    /// Reads the element at the given indices (one `index` per dimension) of a buffer; the result
    /// has the element's storage type.
    pub struct LoadOp = "loop.load" {
        summary: "load an element of a buffer",
        traits: [],
        operands: variadic,
        results: [result],
        attributes: [],
        verify: verify_load,
        print: print_load,
        parse: parse_load,
    }
}

define_op! {
    /// Writes `value` (of the element's storage type) to the element at the given indices of a buffer.
    pub struct StoreOp = "loop.store" {
        summary: "store an element to a buffer",
        traits: [],
        operands: variadic,
        results: [],
        attributes: [],
        verify: verify_store,
        print: print_store,
        parse: parse_store,
    }
}

/// Definitions of every loop op.
pub(super) fn all_defs() -> Vec<OpDef> {
    vec![ForOp::def(), IfOp::def(), WhileOp::def(), ConditionOp::def(), YieldOp::def(), LoadOp::def(), StoreOp::def()]
}

/// The type a load of an element of type `element` produces: the signless storage integer of a
/// quantized type (`i8` for `!quant.uniform<i8:f32, ...>`, `u8` storage also gives `i8`) or of a
/// signed or unsigned integer (`ui32` gives `i32`: arithmetic is on signless integers, and the
/// ops say how they read them, `arith.divui`, `arith.cmpi ult`, `arith.extui`), else `element`.
pub fn storage_type(ctx: &mut Context, element: Type) -> Type {
    match storage_of(ctx, element) {
        Ok(element) => element,
        Err(width) => ctx.integer_type(width),
    }
}

/// [`storage_type`] without interning: `Ok(ty)` if it is `element`, or the width of the
/// signless storage integer of a quantized or explicitly signed or unsigned `element`.
fn storage_of(ctx: &Context, element: Type) -> Result<Type, u32> {
    match ctx.type_kind(element) {
        TypeKind::Quantized(q) => Err(q.storage_width),
        TypeKind::Integer { width, signedness } if *signedness != Signedness::Signless => Err(*width),
        _ => Ok(element),
    }
}

/// True if `ty` is the storage type of elements of type `element`.
pub(super) fn is_storage_type(ctx: &Context, element: Type, ty: Type) -> bool {
    match storage_of(ctx, element) {
        Ok(element) => element == ty,
        Err(width) => {
            matches!(ctx.type_kind(ty), TypeKind::Integer { width: w, signedness: Signedness::Signless } if *w == width)
        }
    }
}

fn is_index(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_kind(ty), TypeKind::Index)
}

impl ForOp {
    /// Builds `loop.for %iv = lb to ub step step iter_args(inits)` at the builder's insertion
    /// point, with an empty body block (arguments `iv` and one per init) that the caller fills
    /// and ends with `loop.yield`.
    pub fn build(b: &mut Builder<'_>, lb: Value, ub: Value, step: Value, inits: &[Value]) -> (ForOp, BlockId) {
        let index = b.ctx.index_type();
        let types: Vec<Type> = inits.iter().map(|&v| b.ctx.value_type(v)).collect();
        let mut arg_types = vec![index];
        arg_types.extend(&types);
        let (region, block) = b.region_with_block(&arg_types);
        let mut operands = vec![lb, ub, step];
        operands.extend_from_slice(inits);
        let op = b.create(Self::NAME, &operands, &types, Vec::new(), vec![region]);
        (ForOp(op), block)
    }

    /// Lower bound.
    pub fn lower_bound(self, ctx: &Context) -> Value {
        ctx.operation(self.0).operand(0)
    }

    /// Upper bound (exclusive).
    pub fn upper_bound(self, ctx: &Context) -> Value {
        ctx.operation(self.0).operand(1)
    }

    /// Step.
    pub fn step(self, ctx: &Context) -> Value {
        ctx.operation(self.0).operand(2)
    }

    /// Initial values of the loop-carried values.
    pub fn inits(self, ctx: &Context) -> Vec<Value> {
        ctx.operation(self.0).operands().skip(3).collect()
    }

    /// The body region.
    pub fn body_region(self, ctx: &Context) -> RegionId {
        ctx.operation(self.0).regions()[0]
    }

    /// The body block.
    pub fn body(self, ctx: &Context) -> BlockId {
        ctx.entry_block(self.body_region(ctx)).expect("verified loop.for has a body")
    }

    /// The induction variable.
    pub fn induction_var(self, ctx: &Context) -> Value {
        ctx.block_arg(self.body(ctx), 0)
    }

    /// The body's loop-carried value arguments.
    pub fn region_iter_args(self, ctx: &Context) -> Vec<Value> {
        ctx.block_args(self.body(ctx)).into_iter().skip(1).collect()
    }
}

impl IfOp {
    /// Builds `loop.if condition -> result_types` with a `then` block and, if `with_else`, an
    /// `else` block (needed when there are results); both are empty and must be ended with
    /// `loop.yield` by the caller.
    pub fn build(
        b: &mut Builder<'_>,
        condition: Value,
        result_types: &[Type],
        with_else: bool,
    ) -> (IfOp, BlockId, Option<BlockId>) {
        let (then_region, then_block) = b.region_with_block(&[]);
        let (else_region, else_block) = if with_else {
            let (region, block) = b.region_with_block(&[]);
            (region, Some(block))
        } else {
            (b.ctx.create_region(), None)
        };
        let op = b.create(Self::NAME, &[condition], result_types, Vec::new(), vec![then_region, else_region]);
        (IfOp(op), then_block, else_block)
    }

    /// The `then` block.
    pub fn then_block(self, ctx: &Context) -> BlockId {
        ctx.entry_block(ctx.operation(self.0).regions()[0]).expect("verified loop.if has a then block")
    }

    /// The `else` block, if any.
    pub fn else_block(self, ctx: &Context) -> Option<BlockId> {
        ctx.entry_block(ctx.operation(self.0).regions()[1])
    }
}

impl WhileOp {
    /// Builds `loop.while` with empty `before` and `after` blocks, which the caller fills and
    /// ends with `loop.condition` and `loop.yield`.
    pub fn build(b: &mut Builder<'_>) -> (WhileOp, BlockId, BlockId) {
        let (before_region, before_block) = b.region_with_block(&[]);
        let (after_region, after_block) = b.region_with_block(&[]);
        let op = b.create(Self::NAME, &[], &[], Vec::new(), vec![before_region, after_region]);
        (WhileOp(op), before_block, after_block)
    }

    /// The `before` (condition) and `after` (body) blocks.
    pub fn blocks(self, ctx: &Context) -> Option<(BlockId, BlockId)> {
        let regions = ctx.operation(self.0).regions();
        Some((ctx.entry_block(regions[0])?, ctx.entry_block(regions[1])?))
    }
}

impl YieldOp {
    /// Appends `loop.yield values` to the end of `block`.
    pub fn build_at_end(b: &mut Builder<'_>, block: BlockId, values: &[Value]) -> YieldOp {
        let saved = b.ip;
        b.ip = Some(InsertPoint::end(block));
        let op = b.create(Self::NAME, values, &[], Vec::new(), Vec::new());
        b.ip = saved;
        YieldOp(op)
    }
}

impl LoadOp {
    /// Builds `loop.load buffer[indices]`.
    pub fn build(b: &mut Builder<'_>, buffer: Value, indices: &[Value]) -> LoadOp {
        let ty = b.ctx.value_type(buffer);
        let element = b.ctx.element_type(ty);
        let result = storage_type(b.ctx, element);
        let mut operands = vec![buffer];
        operands.extend_from_slice(indices);
        LoadOp(b.create(Self::NAME, &operands, &[result], Vec::new(), Vec::new()))
    }

    /// The buffer read.
    pub fn buffer(self, ctx: &Context) -> Value {
        ctx.operation(self.0).operand(0)
    }

    /// The indices, one per dimension.
    pub fn indices(self, ctx: &Context) -> Vec<Value> {
        ctx.operation(self.0).operands().skip(1).collect()
    }
}

impl StoreOp {
    /// Builds `loop.store value, buffer[indices]`.
    pub fn build(b: &mut Builder<'_>, value: Value, buffer: Value, indices: &[Value]) -> StoreOp {
        let mut operands = vec![value, buffer];
        operands.extend_from_slice(indices);
        StoreOp(b.create(Self::NAME, &operands, &[], Vec::new(), Vec::new()))
    }

    /// The value written.
    pub fn value(self, ctx: &Context) -> Value {
        ctx.operation(self.0).operand(0)
    }

    /// The buffer written.
    pub fn buffer(self, ctx: &Context) -> Value {
        ctx.operation(self.0).operand(1)
    }

    /// The indices, one per dimension.
    pub fn indices(self, ctx: &Context) -> Vec<Value> {
        ctx.operation(self.0).operands().skip(2).collect()
    }
}

/// Checks that `block`'s terminator is a `loop.yield` whose operand types are `expected`;
/// `what` names the values it feeds ("loop result", "region iter_arg", "result").
fn verify_yield_types(
    ctx: &Context,
    op: OpId,
    block: BlockId,
    expected: &[Type],
    what: &str,
    diags: &mut Vec<Diagnostic>,
) {
    let Some(terminator) = ctx.last_op(block).filter(|&t| YieldOp::cast(ctx, t).is_some()) else {
        diags.push(ctx.op_error(op, "expects its regions to end with 'loop.yield'"));
        return;
    };
    let yielded: Vec<Type> = ctx.operation(terminator).operands().map(|v| ctx.value_type(v)).collect();
    if yielded.len() != expected.len() {
        diags.push(ctx.op_error(
            op,
            format!("'loop.yield' passes {} values, but {} {what}s need them", yielded.len(), expected.len()),
        ));
        return;
    }
    for (index, (&actual, &expected)) in yielded.iter().zip(expected).enumerate() {
        if actual != expected {
            diags.push(ctx.op_error(
                op,
                format!(
                    "{index}-th {what} and {index}-th yielded value have different type: '{}' != '{}'",
                    type_to_string(ctx, expected),
                    type_to_string(ctx, actual)
                ),
            ));
        }
    }
}

fn verify_for(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let operation = ctx.operation(op);
    if operation.num_operands() < 3 {
        diags.push(ctx.op_error(
            op,
            format!("requires at least 3 operands (bounds and step), but found {}", operation.num_operands()),
        ));
        return;
    }
    let operand_types: Vec<Type> = operation.operands().map(|v| ctx.value_type(v)).collect();
    for (index, &ty) in operand_types[..3].iter().enumerate() {
        if !is_index(ctx, ty) {
            diags.push(
                ctx.op_error(op, format!("operand #{index} must be index, but got '{}'", type_to_string(ctx, ty))),
            );
        }
    }
    if let Some(step) = constant_value(ctx, operation.operand(2))
        && matches!(ctx.attr_kind(step), AttrKind::Integer { value, .. } if *value <= 0)
    {
        diags.push(ctx.op_error(op, "constant step operand must be positive"));
    }
    let inits = &operand_types[3..];
    let results: Vec<Type> = operation.result_types().collect();
    if results.len() != inits.len() {
        diags.push(
            ctx.op_error(op, format!("different number of inits and results: {} != {}", inits.len(), results.len())),
        );
        return;
    }
    let Some(body) = ctx.entry_block(operation.regions()[0]) else {
        diags.push(ctx.op_error(op, "expects a body block"));
        return;
    };
    let args: Vec<Type> = ctx.block_args(body).iter().map(|&v| ctx.value_type(v)).collect();
    if args.first().is_none_or(|&ty| !is_index(ctx, ty)) {
        diags.push(ctx.op_error(op, "expected the body's first argument (the induction variable) to be index"));
        return;
    }
    let iter_args = &args[1..];
    if iter_args.len() != inits.len() {
        diags.push(ctx.op_error(
            op,
            format!("different number of inits and region iter_args: {} != {}", inits.len(), iter_args.len()),
        ));
        return;
    }
    let mut ok = true;
    for (index, ((&init, &arg), &result)) in inits.iter().zip(iter_args).zip(&results).enumerate() {
        if init != arg {
            ok = false;
            diags.push(ctx.op_error(
                op,
                format!(
                    "{index}-th init and {index}-th region iter_arg have different type: '{}' != '{}'",
                    type_to_string(ctx, init),
                    type_to_string(ctx, arg)
                ),
            ));
        }
        if arg != result {
            ok = false;
            diags.push(ctx.op_error(
                op,
                format!(
                    "{index}-th region iter_arg and {index}-th loop result have different type: '{}' != '{}'",
                    type_to_string(ctx, arg),
                    type_to_string(ctx, result)
                ),
            ));
        }
    }
    if ok {
        verify_yield_types(ctx, op, body, iter_args, "region iter_arg", diags);
    }
}

fn verify_if(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let operation = ctx.operation(op);
    let condition = ctx.value_type(operation.operand(0));
    if ctx.integer_width(condition) != Some(1)
        || !matches!(ctx.type_kind(condition), TypeKind::Integer { signedness: Signedness::Signless, .. })
    {
        diags.push(ctx.op_error(
            op,
            format!("operand #0 must be 1-bit signless integer, but got '{}'", type_to_string(ctx, condition)),
        ));
    }
    let results: Vec<Type> = operation.result_types().collect();
    let (then_region, else_region) = (operation.regions()[0], operation.regions()[1]);
    let Some(then_block) = ctx.entry_block(then_region) else {
        diags.push(ctx.op_error(op, "expects a 'then' block"));
        return;
    };
    verify_yield_types(ctx, op, then_block, &results, "result", diags);
    match ctx.entry_block(else_region) {
        Some(else_block) => verify_yield_types(ctx, op, else_block, &results, "result", diags),
        None if !results.is_empty() => diags.push(ctx.op_error(op, "must have an else block if defining values")),
        None => {}
    }
}

fn verify_while(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let regions = ctx.operation(op).regions();
    let (Some(before), Some(after)) = (ctx.entry_block(regions[0]), ctx.entry_block(regions[1])) else {
        diags.push(ctx.op_error(op, "expects a 'before' and an 'after' block"));
        return;
    };
    if !ctx.block_args(before).is_empty() || !ctx.block_args(after).is_empty() {
        diags.push(ctx.op_error(op, "expects blocks without arguments (carried values live in buffers)"));
    }
    if ctx.last_op(before).is_none_or(|t| ConditionOp::cast(ctx, t).is_none()) {
        diags.push(ctx.op_error(op, "expects the 'before' region to end with 'loop.condition'"));
    }
    match ctx.last_op(after).filter(|&t| YieldOp::cast(ctx, t).is_some()) {
        None => diags.push(ctx.op_error(op, "expects the 'after' region to end with 'loop.yield'")),
        Some(t) if ctx.operation(t).num_operands() != 0 => {
            diags.push(ctx.op_error(op, "expects the 'after' region's 'loop.yield' to pass no values"))
        }
        Some(_) => {}
    }
}

fn verify_condition(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    if ctx.parent_op(op).is_none_or(|p| WhileOp::cast(ctx, p).is_none()) {
        diags.push(ctx.op_error(op, "expects parent op 'loop.while'"));
    }
    let ty = ctx.value_type(ctx.operation(op).operand(0));
    if ctx.integer_width(ty) != Some(1) {
        diags.push(
            ctx.op_error(
                op,
                format!("operand #0 must be 1-bit signless integer, but got '{}'", type_to_string(ctx, ty)),
            ),
        );
    }
}

fn verify_yield(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let parent = ctx.parent_op(op);
    if !parent.is_some_and(|p| {
        ForOp::cast(ctx, p).is_some() || IfOp::cast(ctx, p).is_some() || WhileOp::cast(ctx, p).is_some()
    }) {
        diags.push(ctx.op_error(op, "expects parent op to be one of 'loop.for, loop.if, loop.while'"));
    }
}

/// Checks a buffer access: the buffer operand at `buffer_index`, then one `index` per dimension;
/// returns the element type.
fn verify_access(ctx: &Context, op: OpId, buffer_index: usize, diags: &mut Vec<Diagnostic>) -> Option<Type> {
    let operation = ctx.operation(op);
    if operation.num_operands() <= buffer_index {
        diags.push(ctx.op_error(
            op,
            format!("requires at least {} operands, but found {}", buffer_index + 1, operation.num_operands()),
        ));
        return None;
    }
    let buffer_type = ctx.value_type(operation.operand(buffer_index));
    let Some((shape, element)) = ctx.buffer_parts(buffer_type) else {
        diags.push(ctx.op_error(
            op,
            format!("operand #{buffer_index} must be a buffer, but got '{}'", type_to_string(ctx, buffer_type)),
        ));
        return None;
    };
    let indices = operation.num_operands() - buffer_index - 1;
    let kind = if buffer_index == 0 { "load" } else { "store" };
    if indices != shape.len() {
        diags.push(ctx.op_error(
            op,
            format!("incorrect number of indices for {kind}, expected {} but got {indices}", shape.len()),
        ));
    }
    for (index, value) in operation.operands().enumerate().skip(buffer_index + 1) {
        let ty = ctx.value_type(value);
        if !is_index(ctx, ty) {
            diags.push(
                ctx.op_error(op, format!("operand #{index} must be index, but got '{}'", type_to_string(ctx, ty))),
            );
        }
    }
    Some(element)
}

fn verify_load(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let Some(element) = verify_access(ctx, op, 0, diags) else { return };
    let result = ctx.operation(op).result_type(0);
    if !is_storage_type(ctx, element, result) {
        diags.push(ctx.op_error(
            op,
            format!(
                "result type '{}' is not the storage type of the buffer's element type '{}'",
                type_to_string(ctx, result),
                type_to_string(ctx, element)
            ),
        ));
    }
}

fn verify_store(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let Some(element) = verify_access(ctx, op, 1, diags) else { return };
    let value = ctx.value_type(ctx.operation(op).operand(0));
    if !is_storage_type(ctx, element, value) {
        diags.push(ctx.op_error(
            op,
            format!(
                "value type '{}' is not the storage type of the buffer's element type '{}'",
                type_to_string(ctx, value),
                type_to_string(ctx, element)
            ),
        ));
    }
}
