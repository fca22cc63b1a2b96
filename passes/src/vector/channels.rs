//! `vectorize-channels`: a loop over the channels of NHWC int8 tensors as a loop over four
//! channels per step, every lane one channel, the shape of CMSIS-NN's MVE depthwise kernels
//! (`vldrb.s32` widening four adjacent int8 channels to `i32` lanes, `vmla` into four
//! accumulators, the per-channel requantization lane by lane, `vstrb.32` narrowing the results).
//!
//! The depthwise convolution computes each channel on its own:
//!
//! ```text
//! loop.for %c = 0 to C step 1 {
//!   %init = loop.load %bias[%c]                  (per-channel tables: bias, multiplier, shift)
//!   %r = loop.for %t = ... iter_args(%a = %init) {   (taps; bounds do not depend on %c)
//!     %x = loop.load %in[.., %c] ; %f = loop.load %w[.., %c] ; ... arith.addi %a, ...
//!   }
//!   ... requantize %r (arith) ...
//!   loop.store %y, %out[.., %c]
//! }
//! ```
//!
//! Where `%c` is used only as the innermost index of loads and stores (unit stride), every other
//! op is integer `arith` or a nested `loop.for` whose bounds do not depend on `%c`, the loop
//! becomes
//!
//! ```text
//! loop.for %v = 0 to C / 4 · 4 step 4 {
//!   loads at [.., %v] are vector.load of 4 lanes; loads not indexed by %c stay scalar;
//!   arith ops with a vector operand work on vector<4xT> (scalar operands vector.broadcast);
//!   nested loops carry vector<4xi32> where a lane's value differs;
//!   stores at [.., %v] are vector.store
//! }
//! then, when C is no multiple of 4, the same body once at C / 4 · 4 with
//! vector.create_mask (C mod 4): vector.maskedload (masked lanes 0) and vector.maskedstore
//! ```
//!
//! Bit-exact: every lane computes what the scalar iteration of its channel computed, with the
//! same `arith` ops (lane-wise, the same semantics). Memory order: the four channels of a step
//! do all their reads before their writes, so a read that the scalar loop made after a write to
//! the same address in an earlier channel would move before it. The kernels never read what
//! they wrote (their outputs overlap their inputs only where the planner proved every element
//! read before it is written), so no such pair exists; a read and a write of one channel keep
//! their order.

use mc_dialects::arith::build::{constant_index, constant_int, constant_int_value};
use mc_dialects::loops::{ForOp, LoadOp, YieldOp};
use mc_dialects::vector::{
    BroadcastOp, CreateMaskOp, LoadOp as VectorLoad, MaskedLoadOp, MaskedStoreOp, StoreOp as VectorStore,
};
use mc_ir::pass::{AnalysisManager, OptionSet, Pass};
use mc_ir::{BlockId, Builder, Context, Diagnostic, Failure, InsertPoint, OpId, Traits, TypeKind, Value};
use rustc_hash::FxHashMap;

mc_ir::pass_options! {
    /// Options of `vectorize-channels`.
    pub struct VectorizeChannelsOptions {
        /// Channels per step, one `i32` lane each: 4 fill a 128-bit register (MVE's `q`
        /// registers, SSE), 8 a 256-bit one (AVX2), 16 a 512-bit one.
        lanes: i64 = 4,
    }
}

/// The lane counts [`VectorizeChannelsOptions::lanes`] may take.
const LANE_COUNTS: [i64; 3] = [4, 8, 16];

/// The `vectorize-channels` pass.
#[derive(Default)]
pub struct VectorizeChannels {
    options: VectorizeChannelsOptions,
}

impl Pass for VectorizeChannels {
    fn argument(&self) -> &str {
        "vectorize-channels"
    }

    fn summary(&self) -> &str {
        "Turn loops over the channels of int8 tensors into 4-lane vector loops"
    }

    fn description(&self) -> &str {
        "A loop.for (0 to C by 1, no loop-carried values) whose induction variable is only the \
         innermost index of loads and stores (at least one int8 load), the rest of its body \
         integer arith and nested loops with bounds independent of it, becomes a loop over \
         `lanes` (4, 8 or 16) channels per step: vector loads and stores, arith on \
         vector<lanes x T>, and one masked step for the remaining channels. Bit-exact (lane-wise \
         arith). 4 lanes for 128-bit vectors (MVE, SSE), 8 for AVX2's 256 bits."
    }

    fn options(&self) -> Option<&dyn OptionSet> {
        Some(&self.options)
    }

    fn options_mut(&mut self) -> Option<&mut dyn OptionSet> {
        Some(&mut self.options)
    }

    fn run(&mut self, ctx: &mut Context, op: OpId, analyses: &mut AnalysisManager) -> Result<(), Failure> {
        let lanes = self.options.lanes;
        if !LANE_COUNTS.contains(&lanes) {
            return Err(Failure(vec![Diagnostic::error(
                ctx.operation(op).loc(),
                format!("vectorize-channels: lanes must be 4, 8 or 16, not {lanes}"),
            )]));
        }
        super::preserve_if_unchanged(vectorize_channels(ctx, op, lanes), analyses);
        Ok(())
    }
}

/// Vectorizes every channel loop under `root`, `lanes` channels per step; returns how many were.
pub fn vectorize_channels(ctx: &mut Context, root: OpId, lanes: i64) -> usize {
    super::rewrite_loops(ctx, root, |ctx, for_op| {
        channel_count(ctx, for_op, lanes).is_some_and(|channels| rewrite(ctx, for_op, channels, lanes))
    })
}

/// The trip count `C` of `for_op` if it has the channel loop's shape: `0 to C step 1` with
/// `C ≥ lanes`, no loop-carried values, and an int8 load at `[.., iv]` in its body.
fn channel_count(ctx: &Context, for_op: ForOp, lanes: i64) -> Option<i64> {
    let constant = |value: Value| constant_int_value(ctx, value).and_then(|c| i64::try_from(c).ok());
    let (lb, ub, step) =
        (constant(for_op.lower_bound(ctx))?, constant(for_op.upper_bound(ctx))?, constant(for_op.step(ctx))?);
    if lb != 0 || step != 1 || ub < lanes || !for_op.inits(ctx).is_empty() {
        return None;
    }
    let iv = for_op.induction_var(ctx);
    let int8_load = ctx.uses(iv).any(|u| {
        let load = u.user;
        ctx.op_name_of(load) == LoadOp::NAME
            && LoadOp(load).indices(ctx).last() == Some(&iv)
            && ctx.integer_width(ctx.operation(load).result_type(0)) == Some(8)
    });
    int8_load.then_some(ub)
}

/// Replaces `for_op` (over `channels` channels) by the vector loop of `lanes` channels per step
/// and the masked step; false (and the IR unchanged) if its body has an op this pass cannot
/// widen.
fn rewrite(ctx: &mut Context, for_op: ForOp, channels: i64, lanes: i64) -> bool {
    let loc = ctx.operation(for_op.0).loc();
    let (old_iv, body) = (for_op.induction_var(ctx), for_op.body(ctx));
    let ip = InsertPoint::before(ctx, for_op.0);
    let mut b = Builder::at(ctx, ip, loc);
    let full = channels / lanes * lanes;
    let (lb, ub, step) = (constant_index(&mut b, 0), constant_index(&mut b, full), constant_index(&mut b, lanes));
    let (vector_loop, block) = ForOp::build(&mut b, lb, ub, step, &[]);
    let saved = b.ip;
    b.ip = Some(InsertPoint::end(block));
    let first = b.ctx.block_arg(block, 0);
    let widened =
        Widening { first, lanes, mask: None, map: FxHashMap::from_iter([(old_iv, first)]) }.body(&mut b, body);
    if widened.is_none() {
        b.ctx.erase_op(vector_loop.0);
        for bound in [lb, ub, step] {
            if !b.ctx.has_uses(bound)
                && let Some(constant) = b.ctx.defining_op(bound)
            {
                b.ctx.erase_op(constant);
            }
        }
        return false;
    }
    YieldOp::build_at_end(&mut b, block, &[]);
    b.ip = saved;
    let tail = channels - full;
    if tail > 0 {
        let first = constant_index(&mut b, full);
        let count = constant_index(&mut b, tail);
        let mask = CreateMaskOp::build(&mut b, count, lanes).0.result(0);
        let map = FxHashMap::from_iter([(old_iv, first)]);
        // The same ops as the vector body, which widened.
        Widening { first, lanes, mask: Some(mask), map }.body(&mut b, body).expect("the body widened once");
    }
    ctx.erase_op(for_op.0);
    true
}

/// The widening of one channel loop's body: the images of its values (scalars where every lane
/// is the same, vectors of `lanes` lanes where lanes differ).
struct Widening {
    /// The image of the induction variable: the first channel of the step.
    first: Value,
    /// Channels per step.
    lanes: i64,
    /// The lanes to touch memory for (the masked step), or all.
    mask: Option<Value>,
    /// Original values to their images.
    map: FxHashMap<Value, Value>,
}

impl Widening {
    fn image(&self, value: Value) -> Value {
        self.map.get(&value).copied().unwrap_or(value)
    }

    fn is_vector(ctx: &Context, value: Value) -> bool {
        ctx.vector_parts(ctx.value_type(value)).is_some()
    }

    /// `value` as a vector: itself, or its broadcast.
    fn lanes(&self, b: &mut Builder<'_>, value: Value) -> Value {
        if Self::is_vector(b.ctx, value) { value } else { BroadcastOp::build(b, value, self.lanes).0.result(0) }
    }

    /// Widens the ops of `block` but its terminator at `b`; `None` at the first op it cannot.
    fn body(&mut self, b: &mut Builder<'_>, block: BlockId) -> Option<()> {
        let (ops, _) = b.ctx.ops_and_terminator(block);
        ops.into_iter().try_for_each(|op| self.op(b, op))
    }

    fn op(&mut self, b: &mut Builder<'_>, op: OpId) -> Option<()> {
        let name = b.ctx.op_name_of(op).to_string();
        let operands: Vec<Value> = b.ctx.operation(op).operands().map(|v| self.image(v)).collect();
        match name.as_str() {
            "loop.load" => self.load(b, op, &operands),
            "loop.store" => self.store(b, &operands),
            "loop.for" => self.nested_loop(b, ForOp(op), &operands),
            _ => {
                let vector = operands.iter().any(|&v| Self::is_vector(b.ctx, v));
                // Lane-wise work, or pure work the same in every lane.
                let fits =
                    if vector { super::LANEWISE.contains(&name.as_str()) } else { b.ctx.has_trait(op, Traits::PURE) };
                if !fits || operands.contains(&self.first) {
                    return None;
                }
                let operands: Vec<Value> =
                    if vector { operands.iter().map(|&v| self.lanes(b, v)).collect() } else { operands };
                self.map.insert(op.result(0), super::copy_op(b, op, &operands, vector.then_some(self.lanes))?);
                Some(())
            }
        }
    }

    /// The buffer and indices of an access at `[.., first]` (a unit-stride innermost dimension
    /// of a non-boolean buffer), `Some(false)` for one that no index of depends on the channel,
    /// `None` otherwise.
    fn channel_access(&self, ctx: &Context, buffer: Value, indices: &[Value]) -> Option<bool> {
        if indices.iter().any(|&v| Self::is_vector(ctx, v)) {
            return None;
        }
        match indices.split_last() {
            Some((&last, outer)) if last == self.first && !outer.contains(&self.first) => {
                let TypeKind::Buffer(layout) = ctx.type_kind(ctx.value_type(buffer)) else { return None };
                // Booleans are bytes in buffers, but a vector of `i1` is a packed bit mask in memory.
                let boolean = ctx.integer_width(layout.element) == Some(1);
                (layout.strides.last() == Some(&1) && !boolean).then_some(true)
            }
            _ => (!indices.contains(&self.first)).then_some(false),
        }
    }

    fn load(&mut self, b: &mut Builder<'_>, op: OpId, operands: &[Value]) -> Option<()> {
        let (buffer, indices) = (operands[0], &operands[1..]);
        let value = if self.channel_access(b.ctx, buffer, indices)? {
            match self.mask {
                Some(mask) => {
                    let element = b.ctx.operation(op).result_type(0);
                    let zero = constant_int(b, 0, element);
                    let pass_thru = BroadcastOp::build(b, zero, self.lanes).0.result(0);
                    MaskedLoadOp::build(b, buffer, indices, mask, pass_thru).0.result(0)
                }
                None => VectorLoad::build(b, buffer, indices, self.lanes).0.result(0),
            }
        } else {
            LoadOp::build(b, buffer, indices).0.result(0)
        };
        self.map.insert(op.result(0), value);
        Some(())
    }

    fn store(&mut self, b: &mut Builder<'_>, operands: &[Value]) -> Option<()> {
        let (value, buffer, indices) = (operands[0], operands[1], &operands[2..]);
        if !self.channel_access(b.ctx, buffer, indices)? {
            return None;
        }
        let value = self.lanes(b, value);
        match self.mask {
            Some(mask) => _ = MaskedStoreOp::build(b, buffer, indices, mask, value),
            None => _ = VectorStore::build(b, value, buffer, indices),
        }
        Some(())
    }

    /// A nested loop with bounds independent of the channel: its loop-carried values are
    /// vectors where the initial or the yielded value differs between lanes (found by widening
    /// the body again until the two agree).
    fn nested_loop(&mut self, b: &mut Builder<'_>, for_op: ForOp, operands: &[Value]) -> Option<()> {
        let (bounds, inits) = operands.split_at(3);
        if bounds.iter().any(|&v| v == self.first || Self::is_vector(b.ctx, v)) {
            return None;
        }
        let mut vector: Vec<bool> = inits.iter().map(|&v| Self::is_vector(b.ctx, v)).collect();
        let body = for_op.body(b.ctx);
        let old_args = b.ctx.block_args(body);
        let terminator = b.ctx.ops_and_terminator(body).1?;
        loop {
            let inits: Vec<Value> =
                inits.iter().zip(&vector).map(|(&v, &wide)| if wide { self.lanes(b, v) } else { v }).collect();
            let (copy, block) = ForOp::build(b, bounds[0], bounds[1], bounds[2], &inits);
            let saved = b.ip;
            b.ip = Some(InsertPoint::end(block));
            for (&old, new) in old_args.iter().zip(b.ctx.block_args(block)) {
                self.map.insert(old, new);
            }
            let widened = self.body(b, body);
            let yielded: Vec<Value> = b.ctx.operation(terminator).operands().map(|v| self.image(v)).collect();
            let mut agree = widened.is_some();
            for (wide, &value) in vector.iter_mut().zip(&yielded) {
                if !*wide && Self::is_vector(b.ctx, value) {
                    *wide = true;
                    agree = false;
                }
            }
            if agree {
                let yielded: Vec<Value> =
                    yielded.iter().zip(&vector).map(|(&v, &wide)| if wide { self.lanes(b, v) } else { v }).collect();
                YieldOp::build_at_end(b, block, &yielded);
                b.ip = saved;
                for (old, new) in b.ctx.results(for_op.0).into_iter().zip(b.ctx.results(copy.0)) {
                    self.map.insert(old, new);
                }
                return Some(());
            }
            b.ip = saved;
            b.ctx.erase_op(copy.0);
            widened?;
        }
    }
}
