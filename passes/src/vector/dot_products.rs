//! `vectorize-dot-products`: innermost int8 dot-product loops as 128-bit vector code, the shape
//! of MVE's `vldrb.s8` + `vmlava.s8` (sixteen `i8 × i8` products added to an `i32` per
//! instruction).
//!
//! The convolution and fully connected kernels reduce over input channels in loops like
//!
//! ```text
//! %r:2 = loop.for %q = 0 to N step 1 iter_args(%a0 = %i0, %a1 = %i1) {
//!   s = a0 + sext(x[.., T·q + base_x]) · sext(w0[.., T·q + base_w]) + ... (T terms, k = 0..T-1: +k)
//!   t = a1 + sext(x[.., T·q + base_x]) · sext(w1[.., T·q + base_w]) + ...
//!   loop.yield s, t
//! }
//! ```
//!
//! (`T` consecutive input channels per step, each accumulator a chain of `arith.addi` of
//! `arith.muli` of two `arith.extsi` of `i8` `loop.load`s). Where every yielded value is such a
//! chain of its own loop-carried value, every load reads the innermost (unit-stride) dimension
//! at `T·q + c` with the other indices loop-invariant, and the two factors of each product read
//! the same position of their runs, the loop reads `E = T·N` consecutive elements of each
//! operand run; it becomes
//!
//! ```text
//! %r:2 = loop.for %v = 0 to E / 16 · 16 step 16 iter_args(%a0 = %i0, %a1 = %i1) {
//!   %x = vector.load x[.., base_x + v]       (one load per distinct run, shared by chains)
//!   s = vector.widening_dot %x, w0[..], a0 ; t = vector.widening_dot %x, w1[..], a1
//! }
//! then, when E is no multiple of 16, one step over the last E mod 16 elements with
//! vector.create_mask (E mod 16) and vector.maskedload (masked lanes read as 0)
//! ```
//!
//! A factor may carry a constant, `sext(w) · (sext(x) + c)` (the convolution's padded border,
//! whose input zero point cannot be folded into the bias): the chain is vectorized on the runs
//! of `w` and `x`, and `c · Σ w = -Σ w · (-c)` is one more `vector.widening_dot` per distinct
//! `(w run, c)` against `-c` in every lane (an `i8`: `c` in `[-127, 128]`), an accumulator from 0
//! shared by the chains of that run, subtracted from each after the loop.
//!
//! Bit-exact: the accumulators add the same products; `i32` addition wraps (a ring), so the
//! order of the additions does not change the bits, and a masked lane adds `0 · 0`.

use mc_dialects::arith::build::{binary, constant_index, constant_int, constant_int_value};
use mc_dialects::loops::{ForOp, LoadOp, YieldOp};
use mc_dialects::vector::{BroadcastOp, CreateMaskOp, LoadOp as VectorLoad, MaskedLoadOp, WideningDotOp};
use mc_ir::pass::{AnalysisManager, Pass};
use mc_ir::{BlockId, Builder, Context, Failure, InsertPoint, OpId, TypeKind, Value};

/// Bits of one vector register (Helium/MVE's `q` registers).
const VECTOR_BITS: i64 = 128;

/// Lanes of `i8` elements per vector.
const LANES: i64 = VECTOR_BITS / 8;

/// The `vectorize-dot-products` pass.
#[derive(Default)]
pub struct VectorizeDotProducts;

impl Pass for VectorizeDotProducts {
    fn argument(&self) -> &str {
        "vectorize-dot-products"
    }

    fn summary(&self) -> &str {
        "Turn innermost int8 dot-product loops into 16-lane vector.widening_dot loops"
    }

    fn description(&self) -> &str {
        "An innermost loop.for (0 to N by 1) whose every loop-carried value is a chain of \
         acc + sext(i8 load) * sext(i8 load) terms, the loads reading the innermost unit-stride \
         dimension at T*iv + c (T terms per chain) with loop-invariant other indices (one factor \
         may add a constant, the sum of the other times it added as one more dot product), becomes a \
         loop over 16 consecutive elements per step (vector.load, vector.widening_dot) and one \
         masked step for the remainder. Bit-exact (wrapping i32 sums). For cores with 128-bit \
         vectors (MVE)."
    }

    fn run(&mut self, ctx: &mut Context, op: OpId, analyses: &mut AnalysisManager) -> Result<(), Failure> {
        super::preserve_if_unchanged(vectorize_dot_products(ctx, op), analyses);
        Ok(())
    }
}

/// Vectorizes every dot-product loop under `root`; returns how many were.
pub fn vectorize_dot_products(ctx: &mut Context, root: OpId) -> usize {
    super::rewrite_loops(ctx, root, |ctx, for_op| {
        DotLoop::analyze(ctx, for_op).map(|plan| plan.rewrite(ctx, for_op)).is_some()
    })
}

/// One operand's run of consecutive elements: `buffer[outer..., base + c + T·iv]`.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Run {
    buffer: Value,
    /// The loop-invariant indices of the outer dimensions.
    outer: Vec<Value>,
    /// Loop-invariant values added to the innermost index (sorted).
    invariant: Vec<Value>,
    /// The constant part of the innermost index at the chain's first element.
    start: i64,
}

/// A vectorizable loop: the distinct runs, and per accumulator its two runs.
struct DotLoop {
    runs: Vec<Run>,
    /// Per loop-carried value: indices into `runs` of its two factors, and the constant added
    /// to the second factor's elements.
    chains: Vec<(usize, usize, i64)>,
    /// The distinct `(run, c)` of chains with an offset: `c · Σ run` is added to them.
    corrections: Vec<(usize, i64)>,
    /// Elements each run covers over the whole loop.
    elements: i64,
}

/// The innermost index of a load as `Σ invariant + constant + coefficient · iv`.
#[derive(Default, Debug)]
struct Linear {
    coefficient: i64,
    constant: i64,
    invariant: Vec<Value>,
}

/// `value` as a linear function of the induction variable `iv` of the loop with body `body`.
fn linear(ctx: &Context, body: BlockId, iv: Value, value: Value) -> Option<Linear> {
    if value == iv {
        return Some(Linear { coefficient: 1, ..Linear::default() });
    }
    if ctx.value_parent_block(value) != Some(body) {
        return Some(match constant_int_value(ctx, value) {
            Some(c) => Linear { constant: i64::try_from(c).ok()?, ..Linear::default() },
            None => Linear { invariant: vec![value], ..Linear::default() },
        });
    }
    let op = ctx.defining_op(value)?;
    let operation = ctx.operation(op);
    match ctx.op_name_of(op) {
        "arith.constant" => {
            Some(Linear { constant: i64::try_from(constant_int_value(ctx, value)?).ok()?, ..Linear::default() })
        }
        "arith.addi" => {
            let (lhs, rhs) =
                (linear(ctx, body, iv, operation.operand(0))?, linear(ctx, body, iv, operation.operand(1))?);
            let mut invariant = lhs.invariant;
            invariant.extend(rhs.invariant);
            Some(Linear {
                coefficient: lhs.coefficient.checked_add(rhs.coefficient)?,
                constant: lhs.constant.checked_add(rhs.constant)?,
                invariant,
            })
        }
        "arith.muli" => {
            let (a, b) = (operation.operand(0), operation.operand(1));
            let (factor, other) = match (constant_int_value(ctx, a), constant_int_value(ctx, b)) {
                (_, Some(c)) => (c, a),
                (Some(c), None) => (c, b),
                (None, None) => return None,
            };
            let factor = i64::try_from(factor).ok()?;
            let other = linear(ctx, body, iv, other)?;
            // A scaled invariant term would need its own multiplication: not this shape.
            other.invariant.is_empty().then_some(Linear {
                coefficient: other.coefficient.checked_mul(factor)?,
                constant: other.constant.checked_mul(factor)?,
                invariant: Vec::new(),
            })
        }
        _ => None,
    }
}

impl DotLoop {
    /// The plan for `for_op`, if it is a dot-product loop this pass vectorizes.
    fn analyze(ctx: &Context, for_op: ForOp) -> Option<DotLoop> {
        let constant = |value: Value| constant_int_value(ctx, value).and_then(|c| i64::try_from(c).ok());
        let (lb, ub, step) =
            (constant(for_op.lower_bound(ctx))?, constant(for_op.upper_bound(ctx))?, constant(for_op.step(ctx))?);
        if lb != 0 || step != 1 || ub <= 0 {
            return None;
        }
        let body = for_op.body(ctx);
        let (ops, terminator) = ctx.ops_and_terminator(body);
        // Only arithmetic and loads: nothing else may happen in the loop.
        if ops.iter().any(|&op| {
            let name = ctx.op_name_of(op);
            !(name.starts_with("arith.") || name == LoadOp::NAME) || !ctx.operation(op).regions().is_empty()
        }) {
            return None;
        }
        let iv = for_op.induction_var(ctx);
        let iter_args = for_op.region_iter_args(ctx);
        let yielded: Vec<Value> = ctx.operation(terminator?).operands().collect();
        if iter_args.is_empty() {
            return None;
        }
        let mut runs: Vec<Run> = Vec::new();
        let (mut chains, mut corrections) = (Vec::new(), Vec::new());
        let mut terms_per_chain = None;
        for (&arg, &result) in iter_args.iter().zip(&yielded) {
            if ctx.integer_width(ctx.value_type(arg)) != Some(32) || ctx.uses(arg).count() != 1 {
                return None;
            }
            let (terms, offset) = chain_terms(ctx, body, arg, result)?;
            if *terms_per_chain.get_or_insert(terms.len()) != terms.len() {
                return None;
            }
            let pair = chain_runs(ctx, body, iv, &terms, offset == 0)?;
            let mut index_of = |run: Run| match runs.iter().position(|r| *r == run) {
                Some(index) => index,
                None => {
                    runs.push(run);
                    runs.len() - 1
                }
            };
            let (lhs, rhs) = (index_of(pair.0), index_of(pair.1));
            // `c · Σ lhs` is a dot product with `-c` in every lane subtracted: `-c` must be an i8.
            if offset != 0 && !corrections.contains(&(lhs, offset)) {
                i8::try_from(-offset).ok()?;
                corrections.push((lhs, offset));
            }
            chains.push((lhs, rhs, offset));
        }
        let elements = ub.checked_mul(i64::try_from(terms_per_chain?).ok()?)?;
        Some(DotLoop { runs, chains, corrections, elements })
    }

    /// Replaces `for_op` by the vector loop and the masked tail step.
    fn rewrite(&self, ctx: &mut Context, for_op: ForOp) {
        let loc = ctx.operation(for_op.0).loc();
        let inits = for_op.inits(ctx);
        let ip = InsertPoint::before(ctx, for_op.0);
        let mut b = Builder::at(ctx, ip, loc);
        // The innermost index of each run's first element, before the loop.
        let bases: Vec<Value> = self
            .runs
            .iter()
            .map(|run| {
                let start = constant_index(&mut b, run.start);
                run.invariant.iter().fold(start, |sum, &term| binary(&mut b, "arith.addi", sum, term))
            })
            .collect();
        // Each correction's `Σ run · (-c)` from 0, with `-c` in every lane.
        let i8 = b.ctx.integer_type(8);
        let i32 = b.ctx.integer_type(32);
        let mut negated = Vec::new();
        let mut accs = inits;
        for &(_, c) in &self.corrections {
            let lane = constant_int(&mut b, i128::from(-c), i8);
            negated.push(BroadcastOp::build(&mut b, lane, LANES).0.result(0));
            accs.push(constant_int(&mut b, 0, i32));
        }
        let full = self.elements / LANES * LANES;
        if full > 0 {
            let (lb, ub, step) =
                (constant_index(&mut b, 0), constant_index(&mut b, full), constant_index(&mut b, LANES));
            let (vector_loop, block) = ForOp::build(&mut b, lb, ub, step, &accs);
            let saved = b.ip;
            b.ip = Some(InsertPoint::end(block));
            let args = b.ctx.block_args(block);
            let next = self.step(&mut b, &bases, &negated, args[0], &args[1..], None);
            YieldOp::build_at_end(&mut b, block, &next);
            b.ip = saved;
            accs = b.ctx.results(vector_loop.0);
        }
        let tail = self.elements - full;
        if tail > 0 {
            let offset = constant_index(&mut b, full);
            let count = constant_index(&mut b, tail);
            let mask = CreateMaskOp::build(&mut b, count, LANES).0.result(0);
            let zero = constant_int(&mut b, 0, i8);
            let pass_thru = BroadcastOp::build(&mut b, zero, LANES).0.result(0);
            accs = self.step(&mut b, &bases, &negated, offset, &accs, Some((mask, pass_thru)));
        }
        let (sums, corrections) = accs.split_at(self.chains.len());
        let results: Vec<Value> = self
            .chains
            .iter()
            .zip(sums)
            .map(|(&(lhs, _, c), &sum)| match self.corrections.iter().position(|&k| k == (lhs, c)) {
                Some(k) => binary(&mut b, "arith.subi", sum, corrections[k]),
                None => sum,
            })
            .collect();
        for (index, acc) in results.into_iter().enumerate() {
            ctx.replace_all_uses_with(for_op.0.result(index), acc);
        }
        ctx.erase_op(for_op.0);
    }

    /// One step over the 16 elements from `offset` of every run: loads (masked if `masked`
    /// gives the mask and pass-through) and one `vector.widening_dot` per accumulator (the
    /// chains', then the corrections' with their `negated` offsets); returns the next
    /// accumulators.
    fn step(
        &self,
        b: &mut Builder<'_>,
        bases: &[Value],
        negated: &[Value],
        offset: Value,
        accs: &[Value],
        masked: Option<(Value, Value)>,
    ) -> Vec<Value> {
        let vectors: Vec<Value> = self
            .runs
            .iter()
            .zip(bases)
            .map(|(run, &base)| {
                let mut indices = run.outer.clone();
                indices.push(binary(b, "arith.addi", base, offset));
                match masked {
                    Some((mask, pass_thru)) => {
                        MaskedLoadOp::build(b, run.buffer, &indices, mask, pass_thru).0.result(0)
                    }
                    None => VectorLoad::build(b, run.buffer, &indices, LANES).0.result(0),
                }
            })
            .collect();
        let pairs = self.chains.iter().map(|&(lhs, rhs, _)| (vectors[lhs], vectors[rhs]));
        let corrections = self.corrections.iter().zip(negated).map(|(&(run, _), &lanes)| (vectors[run], lanes));
        pairs
            .chain(corrections)
            .zip(accs)
            .map(|((lhs, rhs), &acc)| WideningDotOp::build(b, lhs, rhs, acc).0.result(0))
            .collect()
    }
}

/// The `(a, b)` `i8` loads of the terms `sext(a) · (sext(b) + c)` of the chain from the
/// loop-carried value `arg` to the yielded `result` (first term first), and their common `c`
/// (0 for plain products), if it is one: each `arith.addi` adds one term to the previous sum,
/// and is used by the next one only.
fn chain_terms(ctx: &Context, body: BlockId, arg: Value, result: Value) -> Option<(Vec<(OpId, OpId)>, i64)> {
    let defined_in_body = |value: Value, name: &str| super::defined_in(ctx, body, value, name);
    let term = |value: Value| super::int8_offset_product(ctx, body, value);
    let mut offset = None;
    let mut terms = Vec::new();
    let mut sum = result;
    while sum != arg {
        let add = defined_in_body(sum, "arith.addi")?;
        if sum != result && ctx.uses(sum).count() != 1 {
            return None;
        }
        let operation = ctx.operation(add);
        let (lhs, rhs) = (operation.operand(0), operation.operand(1));
        let (rest, pair) = match (term(rhs), term(lhs)) {
            (Some(pair), _) if lhs == arg || defined_in_body(lhs, "arith.addi").is_some() => (lhs, pair),
            (_, Some(pair)) => (rhs, pair),
            _ => return None,
        };
        let (a, b, c) = pair;
        if *offset.get_or_insert(c) != c {
            return None;
        }
        terms.push((a, b));
        sum = rest;
    }
    terms.reverse();
    (!terms.is_empty()).then_some((terms, offset?))
}

/// The two runs the terms of one chain read, if each term reads the same position `k` of both
/// runs, the `k`-th term reading element `k` of each (in any order of the terms); its factors
/// in either order if `swappable` (not where an offset belongs to the second).
fn chain_runs(ctx: &Context, body: BlockId, iv: Value, terms: &[(OpId, OpId)], swappable: bool) -> Option<(Run, Run)> {
    let count = i64::try_from(terms.len()).ok()?;
    let run_of = |load: OpId| -> Option<Run> {
        let load = LoadOp(load);
        let buffer = load.buffer(ctx);
        let TypeKind::Buffer(layout) = ctx.type_kind(ctx.value_type(buffer)) else { return None };
        if layout.strides.last() != Some(&1) || ctx.value_parent_block(buffer) == Some(body) {
            return None;
        }
        let mut indices = load.indices(ctx);
        let innermost = indices.pop()?;
        if indices.iter().any(|&index| ctx.value_parent_block(index) == Some(body)) {
            return None;
        }
        let mut position = linear(ctx, body, iv, innermost)?;
        if position.coefficient != count {
            return None;
        }
        position.invariant.sort();
        Some(Run { buffer, outer: indices, invariant: position.invariant, start: position.constant })
    };
    let same_except_start = |a: &Run, b: &Run| a.buffer == b.buffer && a.outer == b.outer && a.invariant == b.invariant;
    let (first_a, first_b) = (run_of(terms[0].0)?, run_of(terms[0].1)?);
    let mut positions = Vec::with_capacity(terms.len());
    for &(a, b) in terms {
        let (a, b) = (run_of(a)?, run_of(b)?);
        let (a, b) = if same_except_start(&a, &first_a) && same_except_start(&b, &first_b) {
            (a, b)
        } else if swappable && same_except_start(&b, &first_a) && same_except_start(&a, &first_b) {
            (b, a)
        } else {
            return None;
        };
        // Both factors at the same position of their runs.
        let position = a.start - first_a.start;
        if b.start - first_b.start != position {
            return None;
        }
        positions.push(position);
    }
    // The positions relative to the lowest are exactly 0 .. count-1.
    let lowest = *positions.iter().min()?;
    let mut relative: Vec<i64> = positions.iter().map(|p| p - lowest).collect();
    relative.sort_unstable();
    if relative != (0..count).collect::<Vec<_>>() {
        return None;
    }
    let start = |run: Run| Run { start: run.start + lowest, ..run };
    Some((start(first_a), start(first_b)))
}
