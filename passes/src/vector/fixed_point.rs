//! `vector-fixed-point`: TFLite's requantization on `i32` lanes without 64-bit lanes, which MVE
//! lacks (LLVM splits them into scalar multiplies): the two `arith` sequences of
//! [`mc_dialects::arith::fixed_point`], once vectorized, become the vector dialect's fixed-point
//! ops (MVE's `vqrdmulh` and `vrshl`).
//!
//! `SaturatingRoundingDoublingHighMul`, lane by lane on 64-bit lanes,
//!
//! ```text
//! trunci(minsi((extsi(a) · extsi(b) + 2^30) >>s 31, INT32_MAX))
//!   =  vector.rounding_doubling_high_mul a, b
//! ```
//!
//! is the op's definition. `MultiplyByQuantizedMultiplier` in the merged form
//! (`multiply_by_quantized_multiplier_down`, for multipliers in `[0, 2^31)` and right shifts
//! `r ≥ 2` given as `rounding = 2^(r-2)` and `shift = r - 1`),
//!
//! ```text
//! trunci((extsi(x) · extsi(m) + extsi(x < 0 ? -2^30 : 2^30) + (extui(rounding) << 32)) >>s 32) >>s shift
//!   =  h = vector.rounding_doubling_high_mul x, m
//!      vector.rounding_shift_right h + (h >>s 31), shift + 1
//! ```
//!
//! is `RoundingDivideByPOT(SRDHM(x, m), r)` (that function's documentation shows the merged form
//! equals it), and `RoundingDivideByPOT(h, r) = ⌊(h - [h < 0] + 2^(r-1)) / 2^r⌋`, which is the
//! rounding shift of `h + (h >>s 31)` (`h ≥ -2^31 + 1` as `m < 2^31`, so it cannot wrap). The
//! rewrite holds only when `rounding = 2^(shift-1)` in every lane: both must be broadcast
//! constants or read lane by lane from constant tables at the same positions whose every entry
//! satisfies it (the kernels' per-channel tables: a vector load of four channels, or scalar
//! loads gathered by `vector-store-groups`); otherwise the sequence stays (so does the masked step of
//! a channel loop, whose masked lanes hold no table entry).

use mc_dialects::arith::build::{binary, constant_int, constant_int_value};
use mc_dialects::buffer::{GetGlobalOp, GlobalOp, Role};
use mc_dialects::graph::attributes::int_elements;
use mc_dialects::loops::LoadOp;
use mc_dialects::vector::{BroadcastOp, FromElementsOp, RoundingDoublingHighMulOp, RoundingShiftRightOp};
use mc_ir::pass::{AnalysisManager, Pass};
use mc_ir::{Builder, Context, Failure, InsertPoint, OpId, Value};

/// The `vector-fixed-point` pass.
#[derive(Default)]
pub struct VectorFixedPoint;

impl Pass for VectorFixedPoint {
    fn argument(&self) -> &str {
        "vector-fixed-point"
    }

    fn summary(&self) -> &str {
        "Turn requantization sequences on i32 vectors into vector.rounding_doubling_high_mul and rounding_shift_right"
    }

    fn description(&self) -> &str {
        "SaturatingRoundingDoublingHighMul written with 64-bit lanes becomes \
         vector.rounding_doubling_high_mul; the merged MultiplyByQuantizedMultiplier (64-bit \
         lanes, a rounding table equal to 2^(shift-1)) becomes it followed by \
         vector.rounding_shift_right. Bit-exact; for cores with MVE (vqrdmulh, vrshl)."
    }

    fn run(&mut self, ctx: &mut Context, op: OpId, analyses: &mut AnalysisManager) -> Result<(), Failure> {
        super::preserve_if_unchanged(rewrite_fixed_point(ctx, op), analyses);
        Ok(())
    }
}

/// Rewrites every matching sequence under `root`; returns how many were.
pub fn rewrite_fixed_point(ctx: &mut Context, root: OpId) -> usize {
    let mut count = 0;
    for op in ctx.walk_postorder(root) {
        let single = ctx.is_live(op) && ctx.operation(op).num_results() == 1;
        if !single || !is_i32_vector(ctx, Some(op.result(0))) {
            continue;
        }
        let replacement = match ctx.op_name_of(op) {
            "arith.shrsi" => match_quantized_multiply(ctx, op).map(|m| {
                let mut b = Builder::at(ctx, InsertPoint::before(ctx, op), ctx.operation(op).loc());
                m.build(&mut b)
            }),
            "arith.trunci" => match_high_mul(ctx, op).map(|(a, m)| {
                let mut b = Builder::at(ctx, InsertPoint::before(ctx, op), ctx.operation(op).loc());
                RoundingDoublingHighMulOp::build(&mut b, a, m).0.result(0)
            }),
            _ => None,
        };
        if let Some(value) = replacement {
            ctx.replace_all_uses_with(op.result(0), value);
            count += 1;
        }
    }
    count
}

/// True if `value` is a vector of `i32`.
fn is_i32_vector(ctx: &Context, value: Option<Value>) -> bool {
    value.is_some_and(|v| ctx.vector_parts(ctx.value_type(v)).and_then(|(_, lane)| ctx.integer_width(lane)) == Some(32))
}

/// The operands of the op named `name` defining `value`, if it is one.
fn operands<const N: usize>(ctx: &Context, value: Value, name: &str) -> Option<[Value; N]> {
    let op = ctx.defining_op(value).filter(|&op| ctx.op_name_of(op) == name)?;
    let operands: Vec<Value> = ctx.operation(op).operands().collect();
    operands.try_into().ok()
}

/// The lanes' value of a broadcast constant.
fn splat(ctx: &Context, value: Value) -> Option<i128> {
    let op = ctx.defining_op(value).filter(|&op| ctx.op_name_of(op) == BroadcastOp::NAME)?;
    constant_int_value(ctx, ctx.operation(op).operand(0))
}

/// `(a, b)` of `trunci(minsi((extsi(a) · extsi(b) + 2^30) >>s 31, INT32_MAX))` at `op`.
fn match_high_mul(ctx: &Context, op: OpId) -> Option<(Value, Value)> {
    let [saturated] = ctx.operation(op).operands().collect::<Vec<_>>().try_into().ok()?;
    let [high, max] = operands(ctx, saturated, "arith.minsi")?;
    let [nudged, thirty_one] = operands(ctx, high, "arith.shrsi")?;
    let [product, nudge] = operands(ctx, nudged, "arith.addi")?;
    let (a, b) = wide_product(ctx, product)?;
    let expected = [(max, i128::from(i32::MAX)), (thirty_one, 31), (nudge, 1 << 30)];
    expected.iter().all(|&(value, constant)| splat(ctx, value) == Some(constant)).then_some((a, b))
}

/// `(a, b)` of `extsi(a) · extsi(b)` from `i32` lanes.
fn wide_product(ctx: &Context, product: Value) -> Option<(Value, Value)> {
    let [wide_a, wide_b] = operands(ctx, product, "arith.muli")?;
    let ([a], [b]) = (operands(ctx, wide_a, "arith.extsi")?, operands(ctx, wide_b, "arith.extsi")?);
    (is_i32_vector(ctx, Some(a)) && is_i32_vector(ctx, Some(b))).then_some((a, b))
}

/// A matched merged `MultiplyByQuantizedMultiplier`.
struct QuantizedMultiply {
    x: Value,
    multiplier: Value,
    shift: Value,
}

impl QuantizedMultiply {
    /// `rounding_shift_right(h + (h >>s 31), shift + 1)` of `h = rounding_doubling_high_mul`.
    fn build(&self, b: &mut Builder<'_>) -> Value {
        let high = RoundingDoublingHighMulOp::build(b, self.x, self.multiplier).0.result(0);
        let lanes = b.ctx.vector_parts(b.ctx.value_type(high)).map_or(1, |(lanes, _)| lanes);
        let i32 = b.ctx.integer_type(32);
        let splat = |b: &mut Builder<'_>, value: i128| {
            let constant = constant_int(b, value, i32);
            BroadcastOp::build(b, constant, lanes).0.result(0)
        };
        let (thirty_one, one) = (splat(b, 31), splat(b, 1));
        let sign = binary(b, "arith.shrsi", high, thirty_one);
        let toward_zero = binary(b, "arith.addi", high, sign);
        let right = binary(b, "arith.addi", self.shift, one);
        RoundingShiftRightOp::build(b, toward_zero, right).0.result(0)
    }
}

/// The merged `MultiplyByQuantizedMultiplier` ending at the `arith.shrsi` `op`, if its rounding
/// is `2^(shift-1)` in every lane.
fn match_quantized_multiply(ctx: &Context, op: OpId) -> Option<QuantizedMultiply> {
    let [narrow, shift] = ctx.operation(op).operands().collect::<Vec<_>>().try_into().ok()?;
    let [high] = operands(ctx, narrow, "arith.trunci")?;
    let [sum, thirty_two] = operands(ctx, high, "arith.shrsi")?;
    let [nudged, high_rounding] = operands(ctx, sum, "arith.addi")?;
    let [wide_rounding, thirty_two_again] = operands(ctx, high_rounding, "arith.shli")?;
    let [rounding] = operands(ctx, wide_rounding, "arith.extui")?;
    let [product, wide_nudge] = operands(ctx, nudged, "arith.addi")?;
    let [nudge] = operands(ctx, wide_nudge, "arith.extsi")?;
    let (x, multiplier) = wide_product(ctx, product)?;
    let [negative, down, up] = operands(ctx, nudge, "arith.select")?;
    let compare = ctx.defining_op(negative).filter(|&c| ctx.op_name_of(c) == "arith.cmpi")?;
    let [compared, zero] = operands(ctx, negative, "arith.cmpi")?;
    let less = mc_dialects::arith::predicate_keyword(ctx, compare, &mc_dialects::arith::CMPI_PREDICATES) == Some("slt");
    let constants = [(thirty_two, 32), (thirty_two_again, 32), (zero, 0), (down, -(1 << 30)), (up, 1 << 30)];
    let shape = less && compared == x && constants.iter().all(|&(value, c)| splat(ctx, value) == Some(c));
    (shape && rounding_matches_shift(ctx, rounding, shift)).then_some(QuantizedMultiply { x, multiplier, shift })
}

/// True if every lane of `rounding` is `2^(shift-1)` of the same lane of `shift`, the shift in
/// `1..=30`: both broadcast constants, or read lane by lane from constant tables at the same
/// position, whose every entry pair fits (an unmasked `vector.load` of all lanes, a broadcast of
/// one `loop.load`, or a `vector.from_elements` of `loop.load`s; a masked load's pass-through
/// lanes hold no table entry, so it stays).
fn rounding_matches_shift(ctx: &Context, rounding: Value, shift: Value) -> bool {
    let fits = |rounding: i64, shift: i64| (1..=30).contains(&shift) && rounding == 1 << (shift - 1);
    if let (Some(r), Some(s)) = (splat(ctx, rounding), splat(ctx, shift)) {
        return i64::try_from(r).is_ok_and(|r| i64::try_from(s).is_ok_and(|s| fits(r, s)));
    }
    match (table_lanes(ctx, rounding), table_lanes(ctx, shift)) {
        (Some(roundings), Some(shifts)) => {
            roundings.len() == shifts.len()
                && roundings.iter().zip(&shifts).all(|(r, s)| {
                    r.at == s.at
                        && r.table.len() == s.table.len()
                        && r.table.iter().zip(&s.table).all(|(&r, &s)| fits(r, s))
                })
        }
        _ => false,
    }
}

/// Where one lane of a vector is read from a constant table.
struct TableLane {
    /// The table's entries.
    table: Vec<i64>,
    /// The indices read at, and the lane's offset from the last one.
    at: (Vec<Value>, i64),
}

/// Per lane of `value`, the constant table and position it is read from, if every lane is.
fn table_lanes(ctx: &Context, value: Value) -> Option<Vec<TableLane>> {
    // The entries of a constant table and the indices a load of it (`operands`) reads at.
    let read = |operands: &[Value]| -> Option<(Vec<i64>, Vec<Value>)> {
        let get = GetGlobalOp::cast(ctx, ctx.defining_op(*operands.first()?)?)?;
        let global = GlobalOp::cast(ctx, ctx.lookup_symbol(get.op(), get.name(ctx))?)?;
        (Role::from_attr(ctx, global.role(ctx)) == Some(Role::Constant)).then_some(())?;
        Some((int_elements(ctx, global.value(ctx))?, operands[1..].to_vec()))
    };
    let scalar_load = |value: Value| -> Option<(Vec<i64>, Vec<Value>)> {
        let load = ctx.defining_op(value).filter(|&load| ctx.op_name_of(load) == LoadOp::NAME)?;
        read(&ctx.operation(load).operands().collect::<Vec<_>>())
    };
    let op = ctx.defining_op(value)?;
    let operands: Vec<Value> = ctx.operation(op).operands().collect();
    let lanes = ctx.vector_parts(ctx.value_type(value))?.0;
    match ctx.op_name_of(op) {
        "vector.load" => {
            let (table, at) = read(&operands)?;
            Some((0..lanes).map(|lane| TableLane { table: table.clone(), at: (at.clone(), lane) }).collect())
        }
        name if name == BroadcastOp::NAME => {
            let (table, at) = scalar_load(operands[0])?;
            Some((0..lanes).map(|_| TableLane { table: table.clone(), at: (at.clone(), 0) }).collect())
        }
        name if name == FromElementsOp::NAME => {
            operands.iter().map(|&lane| scalar_load(lane).map(|(table, at)| TableLane { table, at: (at, 0) })).collect()
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use mc_dialects::arith::fixed_point::reference;

    /// MVE's `vqrdmulh.s32` as Arm's pseudocode defines it: `sat((2ab + 2^31) >> 32)`.
    fn vqrdmulh(a: i32, b: i32) -> i32 {
        let high = (2 * i128::from(a) * i128::from(b) + (1 << 31)) >> 32;
        high.clamp(i32::MIN.into(), i32::MAX.into()) as i32
    }

    /// `vector.rounding_doubling_high_mul` without MVE (the LLVM backend's 64-bit lanes).
    fn high_mul_wide(a: i32, b: i32) -> i32 {
        ((i64::from(a) * i64::from(b) + (1 << 30)) >> 31).min(i64::from(i32::MAX)) as i32
    }

    /// MVE's `vrshl.s32` by `-right`: `(x + 2^(right-1)) >> right` without overflow.
    fn vrshl_right(x: i32, right: i32) -> i32 {
        if right == 0 { x } else { ((i64::from(x) + (1i64 << (right - 1))) >> right) as i32 }
    }

    /// Corners (both ends, zero, ±1, powers of two around them) and pseudo-random values.
    fn samples() -> Vec<i32> {
        let mut values = vec![i32::MIN, i32::MIN + 1, -1, 0, 1, i32::MAX - 1, i32::MAX];
        for bit in [1, 15, 16, 29, 30] {
            values.extend([1 << bit, (1 << bit) - 1, -(1 << bit), 1 - (1 << bit)]);
        }
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        values.extend((0..150).map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 32) as u32 as i32 >> (state % 31)
        }));
        values
    }

    #[test]
    fn vqrdmulh_is_tflites_saturating_rounding_doubling_high_mul() {
        // Including INT32_MIN · INT32_MIN, the one product that saturates.
        for a in samples() {
            for b in samples() {
                let expected = reference::saturating_rounding_doubling_high_mul(a, b);
                assert_eq!(vqrdmulh(a, b), expected, "vqrdmulh({a}, {b})");
                assert_eq!(high_mul_wide(a, b), expected, "64-bit lanes ({a}, {b})");
            }
        }
    }

    #[test]
    fn the_rewrite_computes_the_merged_multiply_by_quantized_multiplier() {
        // Every right shift the merged form takes, multipliers in [0, 2^31), any accumulator:
        // what the pass builds equals the merged form and TFLite's double rounding.
        let multipliers: Vec<i32> = samples().into_iter().filter(|&m| m >= 0).collect();
        for shift in 1..=30 {
            let rounding = 1 << (shift - 1);
            for x in samples() {
                for &m in &multipliers {
                    let high = vqrdmulh(x, m);
                    let rewritten = vrshl_right(high + (high >> 31), shift + 1);
                    let merged = reference::multiply_by_quantized_multiplier_down(x, m, rounding, shift);
                    assert_eq!(rewritten, merged, "x {x}, multiplier {m}, shift {shift}");
                    assert_eq!(merged, reference::multiply_by_quantized_multiplier(x, m, -(shift + 1)));
                }
            }
        }
    }
}
