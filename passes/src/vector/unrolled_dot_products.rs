//! `vectorize-unrolled-dot-products`: int8 dot products written out term by term (a kernel's
//! fully unrolled window, as the convolution has for few input channels) as 16-lane
//! `vector.widening_dot`s over the runs of consecutive elements the terms read, the shape of
//! CMSIS-NN's MVE kernels on an im2col row (`vldrb.s8` + `vmlava.s8`).
//!
//! A chain of `arith.addi` adding products `sext(a) · sext(b)` of `i8` `loop.load`s to an
//! initial value,
//!
//! ```text
//! s = init + sext(x[.., kx, 0]) · sext(w[o, .., kx, 0]) + sext(x[.., kx, 1]) · sext(w[o, .., kx, 1]) + ...
//! ```
//!
//! is grouped by run: terms whose loads read the same buffers at indices that differ only by
//! constants, the storage offsets (Σ index · stride) of both factors one more than the previous
//! term's. Each run of at least [`MIN_RUN`] terms (up to 16) becomes
//!
//! ```text
//! %xs = buffer.view %x : !buffer<..> to !buffer<extent x i8, strides: [1]>   (the storage, flat)
//! %a = vector.maskedload %xs[Σ index · stride of the first term], mask (run length), zeros
//! %b = ... (the other factor)
//! s = vector.widening_dot %a, %b, s
//! ```
//!
//! (an unmasked `vector.load` for 16 terms), the other terms stay scalar `arith.addi`s. Loads of
//! the same run are shared by the chains of one block (the output channels of one pixel).
//!
//! Bit-exact: the chain adds the same products; `i32` addition wraps (a ring), so their order
//! does not change the bits, and a masked lane adds `0 · 0`. The vector loads read where the
//! scalar loads did, moved to the chain's end: a chain is left alone when anything but pure ops
//! and loads lies between its first load and its end (nothing can write in between).

use mc_dialects::arith::build::{binary, constant_index, constant_int, constant_int_value};
use mc_dialects::buffer::ViewOp;
use mc_dialects::loops::LoadOp;
use mc_dialects::vector::{BroadcastOp, CreateMaskOp, LoadOp as VectorLoad, MaskedLoadOp, WideningDotOp};
use mc_ir::pass::{AnalysisManager, Pass};
use mc_ir::{BlockId, Builder, Context, Failure, InsertPoint, OpId, Traits, Value};
use rustc_hash::FxHashMap;

/// Lanes of `i8` elements per vector (Helium/MVE's 128-bit `q` registers).
const LANES: i64 = 16;

/// The fewest consecutive terms worth a vector step: shorter runs (a 4-wide window of one
/// channel) are cheaper as the packed `smlad` dot products the LLVM backend makes of four
/// terms, two products per instruction, than as predicated loads.
const MIN_RUN: usize = 8;

/// The `vectorize-unrolled-dot-products` pass.
#[derive(Default)]
pub struct VectorizeUnrolledDotProducts;

impl Pass for VectorizeUnrolledDotProducts {
    fn argument(&self) -> &str {
        "vectorize-unrolled-dot-products"
    }

    fn summary(&self) -> &str {
        "Turn unrolled int8 dot-product chains into 16-lane vector.widening_dot steps over their runs"
    }

    fn description(&self) -> &str {
        "A chain of arith.addi adding sext(i8 load) * sext(i8 load) terms to an initial value \
         has its terms grouped into runs of consecutive storage elements of both factors (same \
         buffers, indices differing by constants); each run of 8 to 16 terms becomes a (masked) \
         vector load of each factor from a flat view of the buffer and one vector.widening_dot, \
         loads shared between the chains of a block. Chains with a write between their first \
         load and their end stay. Bit-exact (wrapping i32 sums). For cores with 128-bit vectors \
         (MVE)."
    }

    fn run(&mut self, ctx: &mut Context, op: OpId, analyses: &mut AnalysisManager) -> Result<(), Failure> {
        super::preserve_if_unchanged(vectorize_unrolled_dot_products(ctx, op), analyses);
        Ok(())
    }
}

/// Vectorizes every unrolled dot-product chain under `root`; returns how many were.
pub fn vectorize_unrolled_dot_products(ctx: &mut Context, root: OpId) -> usize {
    let ends: Vec<OpId> = ctx.walk_postorder(root).into_iter().filter(|&op| is_chain_end(ctx, op)).collect();
    let mut shared = FxHashMap::default();
    ends.into_iter()
        .filter(|&end| {
            ctx.is_live(end) && Chain::analyze(ctx, end).is_some_and(|chain| chain.rewrite(ctx, end, &mut shared))
        })
        .count()
}

/// The block of `op`.
fn block_of(ctx: &Context, op: OpId) -> Option<BlockId> {
    ctx.operation(op).parent_block()
}

/// The `(rest, term)` operands of the chain link `add` (an `i32` `arith.addi` with an int8
/// product operand).
fn link(ctx: &Context, add: OpId) -> Option<(Value, (OpId, OpId))> {
    let block = block_of(ctx, add)?;
    if ctx.op_name_of(add) != "arith.addi" || ctx.integer_width(ctx.operation(add).result_type(0)) != Some(32) {
        return None;
    }
    let (lhs, rhs) = (ctx.operation(add).operand(0), ctx.operation(add).operand(1));
    match (super::int8_product(ctx, block, rhs), super::int8_product(ctx, block, lhs)) {
        (Some(term), _) => Some((lhs, term)),
        (None, Some(term)) => Some((rhs, term)),
        _ => None,
    }
}

/// True if `op` is a chain link whose sum no further link of its block continues.
fn is_chain_end(ctx: &Context, op: OpId) -> bool {
    if link(ctx, op).is_none() {
        return false;
    }
    let sum = op.result(0);
    let continued = ctx.uses(sum).count() == 1
        && ctx.uses(sum).all(|u| {
            block_of(ctx, u.user) == block_of(ctx, op) && link(ctx, u.user).is_some_and(|(rest, _)| rest == sum)
        });
    !continued
}

/// Where a load reads: its buffer, the loop-variable part of each index (the values added,
/// sorted), and the constant part's storage offset `Σ constant · stride`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Place {
    buffer: Value,
    variable: Vec<Vec<Value>>,
}

/// One factor's element: where, and its constant storage offset.
fn place(ctx: &Context, load: OpId) -> Option<(Place, i64)> {
    let load = LoadOp(load);
    let buffer = load.buffer(ctx);
    let strides = ctx.buffer(ctx.value_type(buffer))?.strides.clone();
    if strides.iter().any(|&s| s < 0) {
        return None;
    }
    let mut offset = 0i64;
    let mut variable = Vec::new();
    for (index, stride) in load.indices(ctx).into_iter().zip(strides) {
        let (mut values, constant) = split_constant(ctx, index)?;
        values.sort();
        variable.push(values);
        offset = offset.checked_add(constant.checked_mul(stride)?)?;
    }
    Some((Place { buffer, variable }, offset))
}

/// `value` as `Σ values + constant` through `arith.addi`s.
fn split_constant(ctx: &Context, value: Value) -> Option<(Vec<Value>, i64)> {
    if let Some(c) = constant_int_value(ctx, value) {
        return Some((Vec::new(), i64::try_from(c).ok()?));
    }
    match ctx.defining_op(value).filter(|&op| ctx.op_name_of(op) == "arith.addi") {
        Some(add) => {
            let (mut lhs, a) = split_constant(ctx, ctx.operation(add).operand(0))?;
            let (rhs, b) = split_constant(ctx, ctx.operation(add).operand(1))?;
            lhs.extend(rhs);
            Some((lhs, a.checked_add(b)?))
        }
        None => Some((vec![value], 0)),
    }
}

/// A run: `len` consecutive elements of each factor from the first term's loads.
#[derive(Clone, Copy)]
struct Run {
    first: (OpId, OpId),
    len: usize,
}

/// A chain to vectorize: its initial value, its runs and the terms left scalar (the products).
struct Chain {
    init: Value,
    runs: Vec<Run>,
    scalar: Vec<Value>,
    /// The chain's `arith.addi`s, its end first.
    links: Vec<OpId>,
}

/// A shared vector load: its block, place, first storage offset and length.
type SharedKey = (BlockId, Place, i64, usize);

impl Chain {
    /// The chain ending at `end`, if it has a run of [`MIN_RUN`] terms and nothing writes
    /// between its first load and `end`.
    fn analyze(ctx: &Context, end: OpId) -> Option<Chain> {
        let block = block_of(ctx, end)?;
        let mut links = vec![end];
        let mut terms: Vec<((OpId, OpId), Value)> = Vec::new();
        let mut sum = end.result(0);
        let init = loop {
            let Some(add) = ctx.defining_op(sum).filter(|&add| link(ctx, add).is_some()) else { break sum };
            if sum != end.result(0) && (ctx.uses(sum).count() != 1 || block_of(ctx, add) != Some(block)) {
                break sum;
            }
            let (rest, term) = link(ctx, add)?;
            let product = if ctx.operation(add).operand(0) == rest { 1 } else { 0 };
            terms.push((term, ctx.operation(add).operand(product)));
            if add != end {
                links.push(add);
            }
            sum = rest;
        };
        terms.reverse();
        // Group the terms by the places of both factors and the difference of their offsets.
        let mut groups: FxHashMap<(Place, Place, i64), Vec<(i64, usize)>> = FxHashMap::default();
        let mut order = Vec::new();
        for (k, &((a, b), _)) in terms.iter().enumerate() {
            let ((place_a, offset_a), (place_b, offset_b)) = (place(ctx, a)?, place(ctx, b)?);
            let key = (place_a, place_b, offset_a.checked_sub(offset_b)?);
            if !groups.contains_key(&key) {
                order.push(key.clone());
            }
            groups.entry(key).or_default().push((offset_a, k));
        }
        let (mut runs, mut scalar) = (Vec::new(), Vec::new());
        for key in order {
            let mut members = groups.remove(&key).unwrap_or_default();
            members.sort_unstable();
            // Maximal runs of consecutive offsets, at most 16 terms each.
            let mut pieces: Vec<Vec<(i64, usize)>> = Vec::new();
            for (offset, k) in members {
                match pieces.last_mut() {
                    Some(piece)
                        if piece.last().is_some_and(|&(last, _)| offset == last + 1)
                            && piece.len() < LANES as usize =>
                    {
                        piece.push((offset, k))
                    }
                    _ => pieces.push(vec![(offset, k)]),
                }
            }
            for piece in pieces {
                if piece.len() >= MIN_RUN {
                    runs.push(Run { first: terms[piece[0].1].0, len: piece.len() });
                } else {
                    scalar.extend(piece.iter().map(|&(_, k)| terms[k].1));
                }
            }
        }
        if runs.is_empty() || !writes_nothing_before(ctx, block, &terms, end) {
            return None;
        }
        Some(Chain { init, runs, scalar, links })
    }

    /// Replaces the chain ending at `end` by its vector steps and scalar rest, loads shared
    /// through `shared`; erases the scalar ops nothing uses any more. Returns true.
    fn rewrite(&self, ctx: &mut Context, end: OpId, shared: &mut FxHashMap<SharedKey, Value>) -> bool {
        let loc = ctx.operation(end).loc();
        let block = block_of(ctx, end).expect("a chain end is in a block");
        let mut b = Builder::at(ctx, InsertPoint::before(ctx, end), loc);
        let mut acc = self.init;
        for run in &self.runs {
            let a = vector_of(&mut b, block, run.first.0, run.len, shared);
            let x = vector_of(&mut b, block, run.first.1, run.len, shared);
            acc = WideningDotOp::build(&mut b, a, x, acc).0.result(0);
        }
        for &product in &self.scalar {
            acc = binary(&mut b, "arith.addi", acc, product);
        }
        ctx.replace_all_uses_with(end.result(0), acc);
        // The links, then the products, their extensions and loads once unused.
        let mut dead: Vec<OpId> = self.links.clone();
        while let Some(op) = dead.pop() {
            if !ctx.is_live(op) || (0..ctx.operation(op).num_results()).any(|r| ctx.has_uses(op.result(r))) {
                continue;
            }
            let operands: Vec<Value> = ctx.operation(op).operands().collect();
            ctx.erase_op(op);
            dead.extend(
                operands.into_iter().filter_map(|v| ctx.defining_op(v)).filter(|&d| {
                    matches!(ctx.op_name_of(d), "arith.addi" | "arith.muli" | "arith.extsi" | "loop.load")
                }),
            );
        }
        true
    }
}

/// True if only pure ops and loads lie between the first load of `terms` and `end` in `block`.
fn writes_nothing_before(ctx: &Context, block: BlockId, terms: &[((OpId, OpId), Value)], end: OpId) -> bool {
    let loads: Vec<OpId> = terms.iter().flat_map(|&((a, b), _)| [a, b]).collect();
    let mut started = false;
    for op in ctx.block_ops(block) {
        if op == end {
            return started;
        }
        started |= loads.contains(&op);
        let harmless = ctx.has_trait(op, Traits::PURE)
            || matches!(ctx.op_name_of(op), "loop.load" | "vector.load" | "vector.maskedload");
        if started && !harmless {
            return false;
        }
    }
    false
}

/// The `len` consecutive elements from the one `load` reads, as a vector of 16 `i8` lanes (the
/// lanes past `len` zero): a load from the flat view of its buffer, shared per block.
fn vector_of(
    b: &mut Builder<'_>,
    block: BlockId,
    load: OpId,
    len: usize,
    shared: &mut FxHashMap<SharedKey, Value>,
) -> Value {
    let (where_, offset) = place(b.ctx, load).expect("analyzed loads have a place");
    let key = (block, where_, offset, len);
    if let Some(&vector) = shared.get(&key) {
        return vector;
    }
    let buffer = LoadOp(load).buffer(b.ctx);
    let layout = b.ctx.buffer(b.ctx.value_type(buffer)).expect("a load reads a buffer").clone();
    let flat_type = b.ctx.strided_buffer_type(vec![layout.extent()], layout.element, vec![1], layout.offset);
    let flat =
        if b.ctx.value_type(buffer) == flat_type { buffer } else { ViewOp::build(b, buffer, flat_type, 0).result() };
    // Σ index · stride, the constant parts summed at compile time.
    let mut constant = 0;
    let mut sum: Option<Value> = None;
    for (index, &stride) in LoadOp(load).indices(b.ctx).into_iter().zip(&layout.strides) {
        match constant_int_value(b.ctx, index) {
            Some(c) => constant += i64::try_from(c).expect("an index constant") * stride,
            None => {
                let scaled = if stride == 1 {
                    index
                } else {
                    let stride = constant_index(b, stride);
                    binary(b, "arith.muli", index, stride)
                };
                sum = Some(sum.map_or(scaled, |s| binary(b, "arith.addi", s, scaled)));
            }
        }
    }
    let constant = constant_index(b, constant);
    let at = sum.map_or(constant, |s| binary(b, "arith.addi", s, constant));
    let vector = if len == LANES as usize {
        VectorLoad::build(b, flat, &[at], LANES).0.result(0)
    } else {
        let count = constant_index(b, len as i64);
        let mask = CreateMaskOp::build(b, count, LANES).0.result(0);
        let i8 = b.ctx.integer_type(8);
        let zero = constant_int(b, 0, i8);
        let pass_thru = BroadcastOp::build(b, zero, LANES).0.result(0);
        MaskedLoadOp::build(b, flat, &[at], mask, pass_thru).0.result(0)
    };
    shared.insert(key, vector);
    vector
}
