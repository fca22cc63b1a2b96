//! Bufferization of `graph.if` and `graph.while`.
//!
//! `graph.if` becomes a `loop.if` on the one element of the condition's buffer, each region's
//! ops converted in place and its yielded values copied into the buffers of the `IF`'s results
//! (as TFLite Micro copies the active branch's outputs into the `IF`'s).
//!
//! ```mlir
//! %r = "graph.if"(%c) ({ ...; "graph.yield"(%a) }, { ...; "graph.yield"(%b) })
//! // becomes
//! %alloc = buffer.alloc() {role = "scratch"} : !buffer<4xf32>
//! %v = loop.load %cbuf[] : !buffer<i1>
//! loop.if %v { ...; buffer.copy %abuf, %alloc; loop.yield } else { ...; buffer.copy %bbuf, %alloc; loop.yield }
//! ```
//!
//! `graph.while` becomes a `loop.while` over the buffers of its results, which carry the values:
//! the initial values are copied into them, both regions read them (the block arguments), the
//! `before` region loads its condition's element into `loop.condition`, and the body copies
//! the next values into them at its end, after computing all of them, as one parallel copy: a
//! next value may be another carried value or a view of one (a swap, a rotation), so the copies
//! go in an order in which none overwrites a carried value another still reads, a cycle broken
//! by one temporary buffer ([`super::parallel_copy`]).
//!
//! `graph.call_once` becomes a `loop.if` on a persistent `bool` flag (zeroed by `model_init` and
//! `model_reset_state`, as a fresh interpreter has not run its init subgraph yet): when it is
//! clear, the init region runs and sets it.
//!
//! Variables may be read and assigned inside the regions: the snapshot analysis
//! ([`super::snapshots`]) orders them across regions.
//!
//! The buffers the regions allocate are hoisted before the `loop.if`, so the planner sees them at
//! the step of the whole op: a buffer used inside a region lives across it.

use super::parallel_copy::{self, Step};
use super::{BodyConverter, Fail};
use mc_dialects::arith::build::constant_index;
use mc_dialects::arith::build::constant_int;
use mc_dialects::buffer::{AllocOp, CopyOp, Role, root_buffer};
use mc_dialects::graph::{CallOnceOp, IfOp, WhileOp};
use mc_dialects::loops;
use mc_ir::{BlockId, Builder, Context, InsertPoint, OpId, RegionId, Value};

impl BodyConverter<'_> {
    /// Converts the `graph.if` `op` (the builder is before it).
    pub(super) fn convert_if(&mut self, b: &mut Builder<'_>, op: OpId) -> Result<(), Fail> {
        if IfOp(op).blocks(b.ctx).is_none() {
            return Err("it has no then or else block".into());
        }
        let condition = self.operand_buffer(b.ctx, op, 0)?;
        let results = b.ctx.results(op);
        let mut destinations = Vec::with_capacity(results.len());
        for &result in &results {
            destinations.push(self.destination(b, result).ok_or("unsupported result type")?);
        }
        let flag = load_flag(b, condition);
        let regions = take_regions(b.ctx, op);
        let loop_if = b.create(loops::IfOp::NAME, &[flag], &[], vec![], regions.clone());
        for (result, &destination) in results.iter().zip(&destinations) {
            self.buffers.insert(*result, destination);
        }
        self.convert_regions(b.ctx, loop_if, &regions, &destinations, None)
    }

    /// Converts the `graph.while` `op` (the builder is before it).
    pub(super) fn convert_while(&mut self, b: &mut Builder<'_>, op: OpId) -> Result<(), Fail> {
        if WhileOp(op).blocks(b.ctx).is_none() {
            return Err("it has no cond or body block".into());
        }
        let results = b.ctx.results(op);
        let mut carried = Vec::with_capacity(results.len());
        for (index, &result) in results.iter().enumerate() {
            let init = self.operand_buffer(b.ctx, op, index)?;
            let destination = self.destination(b, result).ok_or("unsupported result type")?;
            if init != destination {
                CopyOp::build(b, init, destination);
            }
            self.buffers.insert(result, destination);
            carried.push(destination);
        }
        let regions = take_regions(b.ctx, op);
        // The regions read the carried values through the results' buffers.
        for &region in &regions {
            let block = b.ctx.entry_block(region).expect("a graph.while region has a block");
            for (index, arg) in b.ctx.block_args(block).into_iter().enumerate() {
                b.ctx.replace_all_uses_with(arg, results[index]);
            }
            b.ctx.truncate_block_args(block, 0);
        }
        let loop_while = b.create(loops::WhileOp::NAME, &[], &[], vec![], regions.clone());
        self.convert_regions(b.ctx, loop_while, &regions, &carried, Some(regions[0]))
    }

    /// Converts the `graph.call_once` `op` (the builder is before it).
    pub(super) fn convert_call_once(&mut self, b: &mut Builder<'_>, op: OpId) -> Result<(), Fail> {
        if CallOnceOp::cast(b.ctx, op).is_none() || b.ctx.entry_block(b.ctx.operation(op).regions()[0]).is_none() {
            return Err("it has no init block".into());
        }
        let bool_type = b.ctx.integer_type(1);
        let flag_type = b.ctx.buffer_type(Vec::new(), bool_type);
        let name = format!("call_once_{}", self.call_onces);
        self.call_onces += 1;
        let flag = self.persistent_buffer(b, flag_type, &name);
        let done = load_flag(b, flag);
        let (then_region, then_block) = b.region_with_block(&[]);
        loops::YieldOp::build_at_end(b, then_block, &[]);
        let init = take_regions(b.ctx, op);
        let loop_if = b.create(loops::IfOp::NAME, &[done], &[], vec![], vec![then_region, init[0]]);
        self.convert_regions(b.ctx, loop_if, &init, &[], None)?;
        let block = b.ctx.entry_block(init[0]).expect("the init region has a block");
        let terminator = b.ctx.last_op(block).expect("converted with a loop.yield");
        let mut set = Builder::at(b.ctx, InsertPoint::before(b.ctx, terminator), b.loc);
        let one = constant_int(&mut set, 1, bool_type);
        loops::StoreOp::build(&mut set, one, flag, &[]);
        Ok(())
    }

    /// Converts the blocks of `regions` (now `op`'s), yielding into `destinations` (or, in
    /// `condition_region`, a condition), hoists their allocs before `op` and erases the graph
    /// ops converted in them.
    fn convert_regions(
        &mut self,
        ctx: &mut Context,
        op: OpId,
        regions: &[RegionId],
        destinations: &[Value],
        condition_region: Option<RegionId>,
    ) -> Result<(), Fail> {
        let (diags, converted) = (self.diags.len(), self.converted.len());
        for &region in regions {
            let block = ctx.entry_block(region).expect("a control-flow region has a block");
            if Some(region) == condition_region {
                self.convert_region_block(ctx, block, &[], true)?;
            } else {
                self.convert_region_block(ctx, block, destinations, false)?;
            }
        }
        if self.diags.len() > diags {
            return Err(Fail::Skip);
        }
        hoist_allocs(ctx, op);
        // The graph ops of the regions go now: they read the control-flow op's results.
        for nested in self.converted.drain(converted..).rev().collect::<Vec<_>>() {
            ctx.erase_op(nested);
        }
        Ok(())
    }

    /// Converts the ops of a region's `block` in order and turns its `graph.yield` into copies of
    /// the yielded values into `destinations` and a `loop.yield`, or (a `condition` block) into
    /// a load of the yielded condition's element and a `loop.condition`.
    fn convert_region_block(
        &mut self,
        ctx: &mut Context,
        block: BlockId,
        destinations: &[Value],
        condition: bool,
    ) -> Result<(), Fail> {
        let ops: Vec<OpId> = ctx.block_ops(block).collect();
        let Some((&terminator, body)) = ops.split_last() else { return Err("a region is empty".into()) };
        for &op in body {
            if ctx.op_name_of(op).starts_with("graph.") {
                self.convert_graph_op(ctx, op);
            } else {
                self.check_other(ctx, op);
            }
        }
        let yielded: Vec<Value> = ctx.operation(terminator).operands().collect();
        if yielded.iter().any(|v| self.failed.contains(v)) {
            return Err(Fail::Skip);
        }
        let loc = ctx.operation(terminator).loc();
        let sources = yielded
            .iter()
            .map(|&v| self.buffer(v).ok_or("a yielded value has no buffer"))
            .collect::<Result<Vec<Value>, _>>()?;
        let mut b = Builder::at(ctx, InsertPoint::before(ctx, terminator), loc);
        if condition {
            let source = *sources.first().ok_or("a condition region yields nothing")?;
            let flag = load_flag(&mut b, source);
            b.create(loops::ConditionOp::NAME, &[flag], &[], vec![], vec![]);
        } else {
            copy_in_parallel(&mut b, &sources, destinations)?;
            b.create(loops::YieldOp::NAME, &[], &[], vec![], vec![]);
        }
        ctx.erase_op(terminator);
        Ok(())
    }
}

/// Copies each of `sources` into its one of `destinations` as if all at once: a source may be
/// (a view of) another destination, which a WHILE body yielding its carried values in other
/// places hands on (a swap, a rotation, a Fibonacci step). The copies are ordered so that no
/// destination is written before every copy reading it ([`parallel_copy`]); each cycle left is
/// broken by copying one source into a temporary scratch buffer (one per buffer type, reused by
/// the cycles of that type), which the planner places like any buffer of the region.
fn copy_in_parallel(b: &mut Builder<'_>, sources: &[Value], destinations: &[Value]) -> Result<(), Fail> {
    // A source that is its destination's very bytes needs no copy.
    let copies: Vec<(Value, Value)> = sources
        .iter()
        .zip(destinations)
        .filter(|&(&s, &d)| {
            s != d && (root_buffer(b.ctx, s) != root_buffer(b.ctx, d) || b.ctx.value_type(s) != b.ctx.value_type(d))
        })
        .map(|(&s, &d)| (s, d))
        .collect();
    let roots: Vec<Value> = copies.iter().map(|&(_, d)| root_buffer(b.ctx, d)).collect();
    if roots.iter().enumerate().any(|(i, root)| roots[..i].contains(root)) {
        return Err("two values a region yields go to the same storage".into());
    }
    let reads: Vec<Option<usize>> =
        copies.iter().map(|&(s, _)| roots.iter().position(|&root| root == root_buffer(b.ctx, s))).collect();
    let mut temporaries: Vec<Value> = Vec::new();
    let mut saved = None;
    for step in parallel_copy::sequence(&reads) {
        match step {
            Step::Copy(i) => {
                CopyOp::build(b, copies[i].0, copies[i].1);
            }
            Step::Save(i) => {
                let ty = b.ctx.value_type(copies[i].1);
                let layout = b.ctx.buffer(ty).cloned().ok_or("a yielded value is no buffer")?;
                let ty = b.ctx.buffer_type(layout.shape, layout.element);
                let temporary = match temporaries.iter().find(|&&t| b.ctx.value_type(t) == ty) {
                    Some(&t) => t,
                    None => {
                        let t = AllocOp::build(b, ty, Role::Scratch).result();
                        temporaries.push(t);
                        t
                    }
                };
                CopyOp::build(b, copies[i].0, temporary);
                saved = Some(temporary);
            }
            Step::Restore(i) => {
                CopyOp::build(b, saved.take().expect("a saved source"), copies[i].1);
            }
        }
    }
    Ok(())
}

/// `loop.load` of the one element of the `bool` buffer `buffer`.
fn load_flag(b: &mut Builder<'_>, buffer: Value) -> Value {
    let rank = b.ctx.buffer(b.ctx.value_type(buffer)).map_or(0, |layout| layout.rank());
    let zero: Vec<Value> = (0..rank).map(|_| constant_index(b, 0)).collect();
    loops::LoadOp::build(b, buffer, &zero).0.result(0)
}

/// Moves the blocks of `op`'s regions into new regions, which it returns.
fn take_regions(ctx: &mut Context, op: OpId) -> Vec<RegionId> {
    let regions = ctx.operation(op).regions().to_vec();
    regions
        .into_iter()
        .map(|region| {
            let target = ctx.create_region();
            ctx.take_region_blocks(region, target);
            target
        })
        .collect()
}

/// Moves the `buffer.alloc`s nested in `op` before it.
fn hoist_allocs(ctx: &mut Context, op: OpId) {
    let allocs: Vec<OpId> = ctx.walk_preorder(op).into_iter().filter(|&o| AllocOp::cast(ctx, o).is_some()).collect();
    for alloc in allocs {
        let ip = InsertPoint::before(ctx, op);
        ctx.move_op(alloc, ip);
    }
}
