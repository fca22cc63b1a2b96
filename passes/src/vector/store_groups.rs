//! `vectorize-store-groups`: four scalar stores whose values are computed alike become one
//! computation on `vector<4xi32>` lanes (superword-level parallelism; two such stores fill the
//! lanes twice over, the block's edge), the shape of a
//! register-blocked kernel's epilogue: after `vectorize-dot-products`, a convolution's block of
//! two pixels by two output channels leaves four `i32` accumulators, each requantized by the
//! same fifteen scalar ops (with its channel's multiplier and shift) and stored as one byte.
//!
//! ```text
//! %y0 = requantize(%acc0, %m0, %r0, %s0) ; loop.store %y0, %out[.., p, c]
//! %y1 = requantize(%acc1, %m1, %r1, %s1) ; loop.store %y1, %out[.., p, c + 1]
//! ... (four stores, consecutive in the block)
//! ```
//!
//! becomes, before the first of the four stores,
//!
//! ```text
//! %acc = vector.from_elements %acc0, %acc1, %acc2, %acc3 : vector<4xi32>   (differing leaves)
//! %y = requantize(%acc, %m, %r, %s) on vector<4xT>                         (the same ops, lane-wise)
//! %y0 = vector.extract %y[0] ... ; each store keeps its place and stores its lane
//! ```
//!
//! Per position of the four value trees: the same value in every lane stays scalar (broadcast
//! where a vector op takes it); the same lane-wise `arith` op (same attributes) in every lane
//! becomes that op on vectors of its operands' images; anything else is a leaf gathered with
//! `vector.from_elements`. Leaves and shared values must be defined before the first store
//! (outside the block, or earlier in it), so no memory access moves: the stores stay where they
//! were and the vector code is pure. The group is taken when its vector ops are at least twice
//! its gathers, and kept only if, after [`super::fixed_point`] has turned the requantization's
//! 64-bit lanes into MVE's fixed-point ops, no 64-bit lane remains (those would be scalarized).
//!
//! Bit-exact: each lane computes its store's value with the same ops (lane-wise `arith` has the
//! scalar semantics per lane; the fixed-point rewrite is exact).

use super::fixed_point::rewrite_fixed_point;
use mc_dialects::loops::StoreOp;
use mc_dialects::vector::{BroadcastOp, ExtractOp, FromElementsOp};
use mc_ir::pass::{AnalysisManager, Pass};
use mc_ir::{BlockId, Builder, Context, Failure, InsertPoint, OpId, Value};
use rustc_hash::FxHashMap;

/// Bits of one vector register (Helium/MVE's `q` registers).
const VECTOR_BITS: i64 = 128;

/// Lanes of one vector: `i32` each.
const LANES: usize = (VECTOR_BITS / 32) as usize;

/// The group sizes tried: a group of two fills the lanes twice over.
const GROUPS: [usize; 2] = [LANES, LANES / 2];

/// The `vectorize-store-groups` pass.
#[derive(Default)]
pub struct VectorizeStoreGroups;

impl Pass for VectorizeStoreGroups {
    fn argument(&self) -> &str {
        "vectorize-store-groups"
    }

    fn summary(&self) -> &str {
        "Compute the values of four (or two) consecutive scalar stores computed alike on vector<4xT> lanes"
    }

    fn description(&self) -> &str {
        "Four (else two) consecutive loop.stores in a block whose value trees are the same lane-wise arith ops \
         (differing leaves gathered with vector.from_elements, shared values broadcast, all defined \
         before the first store) get one vector computation before the first store, each store \
         taking its lane with vector.extract; taken when the vector ops are at least twice the \
         gathers and no 64-bit lane remains after the fixed-point rewrite. Bit-exact; for cores \
         with 128-bit vectors (MVE)."
    }

    fn run(&mut self, ctx: &mut Context, op: OpId, analyses: &mut AnalysisManager) -> Result<(), Failure> {
        super::preserve_if_unchanged(vectorize_store_groups(ctx, op), analyses);
        Ok(())
    }
}

/// Vectorizes every group of stores under `root`; returns how many groups were.
pub fn vectorize_store_groups(ctx: &mut Context, root: OpId) -> usize {
    let mut blocks: Vec<BlockId> = Vec::new();
    for op in ctx.walk_postorder(root) {
        if ctx.op_name_of(op) == StoreOp::NAME
            && let Some(block) = ctx.operation(op).parent_block()
            && !blocks.contains(&block)
        {
            blocks.push(block);
        }
    }
    blocks.into_iter().map(|block| vectorize_block(ctx, block)).sum()
}

/// Vectorizes the groups of `block`'s stores, taking at each store the first group that fits:
/// of four stores, else of two (each value in two lanes).
fn vectorize_block(ctx: &mut Context, block: BlockId) -> usize {
    let stores: Vec<OpId> = ctx.block_ops(block).filter(|&op| ctx.op_name_of(op) == StoreOp::NAME).collect();
    let (mut count, mut next) = (0, 0);
    while next < stores.len() {
        let fits = GROUPS
            .into_iter()
            .find(|&size| next + size <= stores.len() && vectorize_group(ctx, block, &stores[next..next + size]));
        count += usize::from(fits.is_some());
        next += fits.unwrap_or(1);
    }
    count
}

/// One position of the lanes' value trees.
enum Node {
    /// The same value in every lane.
    Uniform(Value),
    /// Differing leaves, one per lane.
    Gather([Value; LANES]),
    /// The same op in every lane (lane 0's as the template) on these positions.
    Lanewise(OpId, Vec<usize>),
}

/// The analysis of one group: its nodes (operands before users) by the lanes' values.
struct Trees<'a> {
    ctx: &'a Context,
    block: BlockId,
    /// Position in the block of each op before the first store.
    before_first: FxHashMap<OpId, usize>,
    nodes: Vec<Node>,
    memo: FxHashMap<[Value; LANES], usize>,
}

impl Trees<'_> {
    /// True if `value` is available before the group's first store.
    fn dominates(&self, value: Value) -> bool {
        self.ctx.value_parent_block(value) != Some(self.block)
            || self.ctx.defining_op(value).is_none_or(|op| self.before_first.contains_key(&op))
    }

    /// The node of the lanes' `values`, `None` if a leaf is not available before the first store.
    fn node(&mut self, values: [Value; LANES]) -> Option<usize> {
        if let Some(&index) = self.memo.get(&values) {
            return Some(index);
        }
        let node = if values.iter().all(|&v| v == values[0]) {
            self.dominates(values[0]).then_some(Node::Uniform(values[0]))?
        } else if let Some(template) = self.alike(values) {
            let arity = self.ctx.operation(template).num_operands();
            let mut operands = Vec::with_capacity(arity);
            for index in 0..arity {
                let lanes = values.map(|v| self.ctx.operation(self.ctx.defining_op(v).expect("alike")).operand(index));
                operands.push(self.node(lanes)?);
            }
            Node::Lanewise(template, operands)
        } else {
            values.iter().all(|&v| self.dominates(v)).then_some(Node::Gather(values))?
        };
        self.nodes.push(node);
        self.memo.insert(values, self.nodes.len() - 1);
        Some(self.nodes.len() - 1)
    }

    /// Lane 0's op if every lane's value is the single integer result of the same lane-wise
    /// `arith` op in the block, with the same attributes and operand count.
    fn alike(&self, values: [Value; LANES]) -> Option<OpId> {
        let ctx = self.ctx;
        let ops: Vec<OpId> = values
            .iter()
            .map(|&v| ctx.defining_op(v).filter(|_| ctx.value_parent_block(v) == Some(self.block)))
            .collect::<Option<_>>()?;
        let first = ctx.operation(ops[0]);
        let fits = super::LANEWISE.contains(&ctx.op_name_of(ops[0]))
            && first.num_results() == 1
            && ctx.integer_width(first.result_type(0)).is_some();
        let same = ops.iter().all(|&op| {
            let operation = ctx.operation(op);
            operation.name() == first.name()
                && operation.properties() == first.properties()
                && operation.attr_dict() == first.attr_dict()
                && operation.num_operands() == first.num_operands()
                && operation.result_type(0) == first.result_type(0)
        });
        (fits && same).then_some(ops[0])
    }

    /// Vector ops and gathers among the nodes.
    fn counts(&self) -> (usize, usize) {
        let lanewise = self.nodes.iter().filter(|n| matches!(n, Node::Lanewise(..))).count();
        let gathers = self.nodes.iter().filter(|n| matches!(n, Node::Gather(_))).count();
        (lanewise, gathers)
    }
}

/// Vectorizes the values of the stores of `group` (consecutive in the block; lane `l` computes
/// store `l mod` its size); false (the IR unchanged) when they are not computed alike or it
/// would not pay.
fn vectorize_group(ctx: &mut Context, block: BlockId, group: &[OpId]) -> bool {
    let values: [Value; LANES] = std::array::from_fn(|lane| StoreOp(group[lane % group.len()]).value(ctx));
    let element = ctx.value_type(values[0]);
    if values.iter().any(|&v| ctx.value_type(v) != element) || ctx.integer_width(element).is_none() {
        return false;
    }
    let before_first: FxHashMap<OpId, usize> =
        ctx.block_ops(block).take_while(|&op| op != group[0]).enumerate().map(|(i, op)| (op, i)).collect();
    let mut trees = Trees { ctx, block, before_first, nodes: Vec::new(), memo: FxHashMap::default() };
    let Some(root) = trees.node(values) else { return false };
    let (lanewise, gathers) = trees.counts();
    if lanewise == 0 || lanewise < 2 * gathers {
        return false;
    }
    let nodes = std::mem::take(&mut trees.nodes);
    let existing: rustc_hash::FxHashSet<OpId> = ctx.block_ops(block).collect();
    let loc = ctx.operation(group[0]).loc();
    let mut b = Builder::at(ctx, InsertPoint::before(ctx, group[0]), loc);
    let mut images: Vec<Value> = Vec::with_capacity(nodes.len());
    for node in &nodes {
        let image = match node {
            Node::Uniform(value) => *value,
            Node::Gather(values) => FromElementsOp::build(&mut b, values).0.result(0),
            Node::Lanewise(template, operands) => lanewise_copy(&mut b, *template, operands.iter().map(|&i| images[i])),
        };
        images.push(image);
    }
    let parent = ctx.block_parent_op(block).expect("a store's block has a parent op");
    rewrite_fixed_point(ctx, parent);
    let result = images[root];
    if has_wide_lanes(ctx, result) {
        // Undo: erase the ops the group added, users first.
        let new: Vec<OpId> = ctx.block_ops(block).filter(|op| !existing.contains(op)).collect();
        for op in new.into_iter().rev() {
            ctx.erase_op(op);
        }
        return false;
    }
    let mut b = Builder::at(ctx, InsertPoint::before(ctx, group[0]), loc);
    let lanes: Vec<Value> =
        (0..group.len()).map(|lane| ExtractOp::build(&mut b, result, lane as i64).0.result(0)).collect();
    for (&store, lane) in group.iter().zip(lanes) {
        ctx.set_operand(store, 0, lane);
    }
    true
}

/// A copy of the lane-wise `template` on `operands`, on vectors if any operand is one (the
/// scalar operands broadcast), else on scalars.
fn lanewise_copy(b: &mut Builder<'_>, template: OpId, operands: impl Iterator<Item = Value>) -> Value {
    let operands: Vec<Value> = operands.collect();
    let is_vector = |ctx: &Context, v: Value| ctx.vector_parts(ctx.value_type(v)).is_some();
    let vector = operands.iter().any(|&v| is_vector(b.ctx, v));
    let operands: Vec<Value> = operands
        .into_iter()
        .map(|v| if vector && !is_vector(b.ctx, v) { BroadcastOp::build(b, v, LANES as i64).0.result(0) } else { v })
        .collect();
    super::copy_op(b, template, &operands, vector.then_some(LANES as i64))
        .expect("a lane-wise op has one integer result")
}

/// True if a vector with lanes wider than 32 bits computes `value`.
fn has_wide_lanes(ctx: &Context, value: Value) -> bool {
    let mut pending = vec![value];
    let mut seen = rustc_hash::FxHashSet::default();
    while let Some(value) = pending.pop() {
        let Some((_, lane)) = ctx.vector_parts(ctx.value_type(value)) else { continue };
        if !seen.insert(value) {
            continue;
        }
        if ctx.integer_width(lane).is_some_and(|width| width > 32) {
            return true;
        }
        if let Some(op) = ctx.defining_op(value) {
            pending.extend(ctx.operation(op).operands());
        }
    }
    false
}
