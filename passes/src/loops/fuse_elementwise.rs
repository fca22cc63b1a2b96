//! `loop-fuse-elementwise`: an elementwise loop nest that reads, element by element, the tensor
//! the nest before it produces is computed inside that producer, at each of its stores: the
//! intermediate tensor's store and load (and its buffer, unless the consumer ran in place) go,
//! every arithmetic step of both stays as it was, so the results are bit for bit the same.
//!
//! After `buffer-to-loop`, a function body is a sequence of top-level loop nests (one or more per
//! kernel) separated by definitions (constants, allocs, globals, views, overlap hints). A
//! consumer nest `C` fuses into the producer `P` of the buffer `T` it reads when:
//!
//! 1. **`C` is elementwise over `T`**: a perfect nest of `loop.for`s from 0 to `T`'s dimensions
//!    by 1 (no loop-carried values), whose innermost body loads `T` once, at exactly the
//!    induction variables, and ends storing one element of its output `U` at the same indices;
//!    it stores nothing else. Other loads (a second operand, broadcast or not, lookup tables)
//!    may index anything.
//! 2. **`T` is `P`'s alone**: a scratch `buffer.alloc` (not a view, not the caller's memory)
//!    stored to only by `P` (one top-level op) and by `C` when `C` runs in place, read only by
//!    that load of `C`, used by nothing else but overlap hints; `P` never loads it.
//! 3. **Nothing in between**: between `P` and `C` only definitions (`arith.constant`,
//!    `buffer.alloc`, `buffer.get_global`, `buffer.view`, `buffer.overlap`) that do not use `P`.
//! 4. **No hazards**: `P` does not touch `U`'s storage unless `U` is `T` (the consumer ran in
//!    place), and stores nothing `C` reads.
//! 5. **Worth it**: when `P` accumulates (a loop carrying values: a convolution, a fully
//!    connected layer, a pool), `C` reads no second operand of `T`'s full shape. Such a body
//!    (a residual `ADD`'s load and requantization) placed among the accumulators of an unrolled
//!    convolution costs more than its own pass: ResNet-8's residual adds fused took 27,963,336
//!    instructions on the Cortex-M4, unfused 27,855,728. A broadcast operand (a bias, a
//!    squeeze-excite scale) or none (an activation) fuses.
//!
//! `P` then moves down to `C`'s place (past the definitions, which it does not use); at each of
//! its stores to `T` the body of `C` is copied with its induction variables replaced by the
//! store's indices and its load of `T` by the stored value, and the store goes. The pass repeats
//! to a fixed point, so `conv → add → relu` becomes one nest.
//!
//! **Overlap hints** (`buffer.overlap`, see `conversion::buffer_to_loop::overlap`): `C`'s hints
//! (output `U`, or input `T`) described an element order that no longer exists and go. `P`'s
//! hint `T` over `X` still holds for `U` written in `P`'s order when `U` has `T`'s shape and
//! element size and `C` does not read `X` (a fused read of `X` at the written index could see
//! bytes `P` already overwrote); it is moved to `U`, or dropped otherwise.

use mc_dialects::buffer::{AllocOp, OverlapOp, Role, ViewOp, aliases, root_buffer};
use mc_dialects::loops::{ForOp, LoadOp, StoreOp};
use mc_ir::pass::{AnalysisManager, Pass};
use mc_ir::rewrite::clone::clone_op;
use mc_ir::rewrite::fold::constant_value;
use mc_ir::{BlockId, Context, Failure, InsertPoint, OpId, Value};
use rustc_hash::{FxHashMap, FxHashSet};

/// The `loop-fuse-elementwise` pass.
#[derive(Default)]
pub struct LoopFuseElementwise;

impl Pass for LoopFuseElementwise {
    fn argument(&self) -> &str {
        "loop-fuse-elementwise"
    }

    fn summary(&self) -> &str {
        "Compute elementwise loop nests inside the nest producing their input"
    }

    fn description(&self) -> &str {
        "A top-level elementwise loop nest (a perfect nest over its input's shape, loading that \
         input once at the induction variables and storing its output at the same indices) that \
         reads a scratch buffer only the nest before it writes is computed at that producer's \
         stores instead; the intermediate store, load and buffer go, the arithmetic stays, so \
         results are bit-exact. Repeats to a fixed point."
    }

    fn run(&mut self, ctx: &mut Context, op: OpId, analyses: &mut AnalysisManager) -> Result<(), Failure> {
        if fuse_elementwise(ctx, op) == 0 {
            analyses.mark_all_preserved();
        }
        Ok(())
    }
}

/// Fuses every elementwise nest under `root` into its producer where the conditions hold;
/// returns how many were.
pub fn fuse_elementwise(ctx: &mut Context, root: OpId) -> usize {
    let blocks: Vec<BlockId> = ctx
        .walk_preorder(root)
        .into_iter()
        .filter(|&op| ForOp::cast(ctx, op).is_some())
        .filter_map(|op| ctx.operation(op).parent_block())
        .filter(|&block| ctx.block_parent_op(block).is_some_and(|parent| ForOp::cast(ctx, parent).is_none()))
        .collect::<FxHashSet<_>>()
        .into_iter()
        .collect();
    let mut fused = 0;
    for block in blocks {
        // One forward scan: a fusion changes nothing ahead of its producer, which now sits in
        // its consumer's place (itself perhaps now a consumer, or the producer of the next
        // nest); the scan resumes there.
        let mut start = 0;
        while let Some(fusion) = find_fusion(ctx, block, start) {
            let producer = fusion.producer;
            apply(ctx, fusion);
            fused += 1;
            start = ctx.block_ops(block).position(|op| op == producer).expect("the producer stays in its block");
        }
    }
    fused
}

/// A consumer nest and the producer it fuses into.
struct Fusion {
    producer: OpId,
    consumer: OpId,
    /// The intermediate buffer (the alloc's result).
    tensor: Value,
    /// The consumer's loops, outermost first.
    loops: Vec<ForOp>,
    /// The consumer's load of `tensor`.
    load: LoadOp,
    /// The consumer's store of its output.
    store: StoreOp,
    /// The storage roots the consumer reads besides `tensor`.
    reads: FxHashSet<Value>,
}

/// The first consumer of `block` at or after position `start` that fuses into its producer.
fn find_fusion(ctx: &Context, block: BlockId, start: usize) -> Option<Fusion> {
    let ops: Vec<OpId> = ctx.block_ops(block).collect();
    (start..ops.len()).find_map(|position| consumer(ctx, ops[position]).and_then(|c| producer(ctx, &ops, position, c)))
}

/// `op` as an elementwise consumer nest (condition 1), without its producer yet.
fn consumer(ctx: &Context, op: OpId) -> Option<Fusion> {
    let mut loops = vec![ForOp::cast(ctx, op)?];
    loop {
        let level = *loops.last().unwrap();
        if !level.inits(ctx).is_empty() || constant_index(ctx, level.lower_bound(ctx)) != Some(0) {
            return None;
        }
        if constant_index(ctx, level.step(ctx)) != Some(1) {
            return None;
        }
        let body: Vec<OpId> = ctx.block_ops(level.body(ctx)).collect();
        match body.iter().filter_map(|&o| ForOp::cast(ctx, o)).collect::<Vec<_>>()[..] {
            [] => break,
            [inner] => loops.push(inner),
            _ => return None,
        }
    }
    let innermost = loops.last().unwrap().body(ctx);
    let ivs: Vec<Value> = loops.iter().map(|l| l.induction_var(ctx)).collect();
    let (body, _) = ctx.ops_and_terminator(innermost);
    let store = StoreOp::cast(ctx, *body.last()?)?;
    let at_ivs = |indices: Vec<Value>| indices == ivs;
    if !at_ivs(store.indices(ctx)) {
        return None;
    }
    // The one store of the nest is the output's; the load of the input is found by the producer
    // search (any load at the induction variables, directly in the innermost body).
    let nested = ctx.walk_preorder(op);
    if nested.iter().filter(|&&o| StoreOp::cast(ctx, o).is_some()).count() != 1 {
        return None;
    }
    let load = body
        .iter()
        .filter_map(|&o| LoadOp::cast(ctx, o))
        .find(|l| at_ivs(l.indices(ctx)) && is_scratch_alloc(ctx, l.buffer(ctx)))?;
    let tensor = load.buffer(ctx);
    let shape = ctx.buffer(ctx.value_type(tensor))?.shape.clone();
    let bounds: Option<Vec<i64>> = loops.iter().map(|l| constant_index(ctx, l.upper_bound(ctx))).collect();
    if bounds? != shape {
        return None;
    }
    Some(Fusion { producer: op, consumer: op, tensor, loops, load, store, reads: FxHashSet::default() })
}

/// Completes `fusion` with the producer of its tensor among the ops of the block (`ops`) ahead
/// of the consumer (at `consumer_at`), checking conditions 2 to 4.
fn producer(ctx: &Context, ops: &[OpId], consumer_at: usize, mut fusion: Fusion) -> Option<Fusion> {
    let tensor = fusion.tensor;
    let consumer = fusion.consumer;
    // The producer: the op before the definitions ahead of the consumer.
    let producer = *ops[..consumer_at].iter().rev().find(|&&op| !is_definition(ctx, op))?;
    if ctx.operation(producer).num_results() != 0 || ctx.operation(producer).regions().is_empty() {
        return None;
    }
    // Condition 2: T's uses (and its views') are the producer's stores, the consumer's load
    // (and store, in place), hints, and — in place, where T is the output — ops after the
    // consumer.
    let output = root_buffer(ctx, fusion.store.buffer(ctx));
    let in_place = output == tensor;
    let position = |op: OpId| ops.iter().position(|&o| ctx.is_ancestor(o, op));
    for alias in aliases(ctx, tensor) {
        for u in ctx.uses(alias) {
            let user = u.user;
            if OverlapOp::cast(ctx, user).is_some() || ViewOp::cast(ctx, user).is_some() {
                continue;
            }
            if user == fusion.load.op() || user == fusion.store.op() {
                continue;
            }
            if ctx.is_ancestor(producer, user) {
                if StoreOp::cast(ctx, user).is_some_and(|s| s.buffer(ctx) == tensor) {
                    continue;
                }
                return None;
            }
            if !(in_place && position(user).is_some_and(|p| p > consumer_at)) {
                return None;
            }
        }
    }
    let producer_ops = ctx.walk_preorder(producer);
    if !producer_ops.iter().any(|&o| StoreOp::cast(ctx, o).is_some_and(|s| s.buffer(ctx) == tensor)) {
        return None;
    }
    // Condition 4: the producer leaves the output and the consumer's inputs alone.
    let consumer_reads = fusion_reads(ctx, consumer, tensor);
    // Condition 5: worth it.
    if reads_full_operand(ctx, &consumer_reads, tensor, output) && accumulates(ctx, &producer_ops) {
        return None;
    }
    for &op in &producer_ops {
        if let Some(load) = LoadOp::cast(ctx, op)
            && root_buffer(ctx, load.buffer(ctx)) == output
        {
            return None;
        }
        if let Some(store) = StoreOp::cast(ctx, op) {
            let written = root_buffer(ctx, store.buffer(ctx));
            if written != tensor && (written == output || consumer_reads.contains(&written)) {
                return None;
            }
        }
    }
    fusion.producer = producer;
    fusion.reads = consumer_reads;
    Some(fusion)
}

/// True if the consumer reads, besides `tensor`, another buffer of `tensor`'s shape (not its own
/// output): a second full operand, loaded afresh at every element (condition 5).
fn reads_full_operand(ctx: &Context, reads: &FxHashSet<Value>, tensor: Value, output: Value) -> bool {
    let shape = |value: Value| ctx.buffer(ctx.value_type(value)).map(|b| b.shape.clone());
    reads.iter().any(|&read| read != output && shape(read) == shape(tensor))
}

/// True if a loop of the producer carries values (accumulators: a convolution, a fully connected
/// layer, a pool) (condition 5).
fn accumulates(ctx: &Context, producer_ops: &[OpId]) -> bool {
    producer_ops.iter().any(|&op| ForOp::cast(ctx, op).is_some_and(|l| !l.inits(ctx).is_empty()))
}

/// True for the ops that may sit between a producer and its consumer (condition 3).
fn is_definition(ctx: &Context, op: OpId) -> bool {
    matches!(
        ctx.op_name_of(op),
        "arith.constant" | "buffer.alloc" | "buffer.get_global" | "buffer.view" | "buffer.overlap"
    )
}

/// True if `value` is the result of a scratch `buffer.alloc`.
fn is_scratch_alloc(ctx: &Context, value: Value) -> bool {
    ctx.defining_op(value)
        .and_then(|op| AllocOp::cast(ctx, op))
        .is_some_and(|a| a.role_value(ctx) == Some(Role::Scratch))
}

/// The value of a constant `index`.
fn constant_index(ctx: &Context, value: Value) -> Option<i64> {
    constant_value(ctx, value).and_then(|attr| ctx.integer_value(attr)).and_then(|v| i64::try_from(v).ok())
}

/// Performs `fusion`: the consumer's body at each of the producer's stores to the tensor, the
/// producer in the consumer's place, hints updated, the consumer and (if unused) the tensor gone.
fn apply(ctx: &mut Context, fusion: Fusion) {
    let Fusion { producer, consumer, tensor, loops, load, store, reads } = fusion;
    let output = store.buffer(ctx);
    let in_place = root_buffer(ctx, output) == tensor;
    update_hints(ctx, &reads, tensor, output, consumer, in_place);
    let sites: Vec<StoreOp> = ctx
        .walk_preorder(producer)
        .into_iter()
        .filter_map(|o| StoreOp::cast(ctx, o))
        .filter(|s| s.buffer(ctx) == tensor)
        .collect();
    for site in sites {
        let mut map: FxHashMap<Value, Value> = FxHashMap::default();
        map.insert(load.result(), site.value(ctx));
        let ip = InsertPoint::before(ctx, site.op());
        for (level, index) in loops.iter().zip(site.indices(ctx)) {
            map.insert(level.induction_var(ctx), index);
        }
        for level in &loops {
            let (body, _) = ctx.ops_and_terminator(level.body(ctx));
            for op in body {
                if ForOp::cast(ctx, op).is_some() || op == load.op() {
                    continue;
                }
                clone_op(ctx, op, &mut map, ip);
            }
        }
        ctx.erase_op(site.op());
    }
    ctx.move_op(producer, InsertPoint::before(ctx, consumer));
    ctx.erase_op(consumer);
    if !ctx.has_uses(tensor) {
        let alloc = ctx.defining_op(tensor).expect("an alloc");
        ctx.erase_op(alloc);
    }
}

/// The storage roots the consumer reads besides `tensor`.
fn fusion_reads(ctx: &Context, consumer: OpId, tensor: Value) -> FxHashSet<Value> {
    ctx.walk_preorder(consumer)
        .into_iter()
        .filter_map(|o| LoadOp::cast(ctx, o))
        .map(|l| root_buffer(ctx, l.buffer(ctx)))
        .filter(|&b| b != tensor)
        .collect()
}

/// Drops the consumer's hints (on its output, unless it ran in place) and keeps the producer's
/// (its output `tensor` over an input) where they still hold, moved to the consumer's output
/// `output` in front of `consumer` unless the consumer ran in place (see the module docs);
/// `consumer_reads` are the storage roots the consumer reads besides `tensor`.
fn update_hints(
    ctx: &mut Context,
    consumer_reads: &FxHashSet<Value>,
    tensor: Value,
    output: Value,
    consumer: OpId,
    in_place: bool,
) {
    let same_elements = {
        let (t, o) = (ctx.value_type(tensor), ctx.value_type(output));
        ctx.buffer(t).map(|b| b.shape.clone()) == ctx.buffer(o).map(|b| b.shape.clone())
            && ctx.buffer_element_bytes(t) == ctx.buffer_element_bytes(o)
    };
    if !in_place {
        let consumer_hints: Vec<OverlapOp> =
            ctx.uses(output).filter_map(|u| OverlapOp::cast(ctx, u.user)).filter(|h| h.output(ctx) == output).collect();
        for hint in consumer_hints {
            ctx.erase_op(hint.op());
        }
    }
    let producer_hints: Vec<OverlapOp> = ctx.uses(tensor).filter_map(|u| OverlapOp::cast(ctx, u.user)).collect();
    for hint in producer_hints {
        if !ctx.is_live(hint.op()) || hint.output(ctx) != tensor {
            continue;
        }
        let input = root_buffer(ctx, hint.input(ctx));
        if consumer_reads.contains(&input) || !(in_place || same_elements) {
            ctx.erase_op(hint.op());
        } else if !in_place {
            // Next to the producer, which moves down to where the output is defined.
            ctx.set_operand(hint.op(), 0, output);
            ctx.move_op(hint.op(), InsertPoint::before(ctx, consumer));
        }
    }
}
