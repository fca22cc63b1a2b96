//! The fixed-point steps of TFLite's requantization on `i32` lanes, as single vector ops (MVE
//! has an instruction for each; written with `arith` they need 64-bit lanes, which MVE lacks):
//!
//! - `vector.rounding_doubling_high_mul %a, %b`: gemmlowp's `SaturatingRoundingDoublingHighMul`
//!   per lane, `min(⌊(a·b + 2^30) / 2^31⌋, INT32_MAX)` (only `INT32_MIN · INT32_MIN` saturates):
//!   MVE's `vqrdmulh.s32`, whose `sat((2ab + 2^31) >> 32)` is the same integer;
//! - `vector.rounding_shift_right %x, %r`: `⌊(x + 2^(r-1)) / 2^r⌋` per lane, exact (no
//!   intermediate overflow; `x` itself for `r = 0`), the amount taken modulo 32: MVE's
//!   `vrshl.s32` by `-r`. TFLite's `RoundingDivideByPOT` (ties away from zero) is this applied
//!   to `x - [x < 0]`.

use mc_ir::printer::attributes::type_to_string;
use mc_ir::{Builder, Context, Diagnostic, OpId, Value, define_op};

define_op! {
    /// `min(⌊(lhs·rhs + 2^30) / 2^31⌋, INT32_MAX)` per lane (`vector<Nxi32>` operands and result).
    pub struct RoundingDoublingHighMulOp = "vector.rounding_doubling_high_mul" {
        summary: "saturating rounding doubling high multiply per lane",
        traits: [PURE, SAME_OPERANDS_AND_RESULT_TYPE, COMMUTATIVE],
        operands: [lhs, rhs],
        results: [result],
        attributes: [],
        verify: verify_i32_lanes,
        format: "$lhs `,` $rhs attr-dict `:` type($result)",
    }
}

define_op! {
    /// `⌊(value + 2^(amount-1)) / 2^amount⌋` per lane, exact, `amount` modulo 32
    /// (`vector<Nxi32>` operands and result).
    pub struct RoundingShiftRightOp = "vector.rounding_shift_right" {
        summary: "rounding arithmetic shift right per lane",
        traits: [PURE, SAME_OPERANDS_AND_RESULT_TYPE],
        operands: [value, amount],
        results: [result],
        attributes: [],
        verify: verify_i32_lanes,
        format: "$value `,` $amount attr-dict `:` type($result)",
    }
}

impl RoundingDoublingHighMulOp {
    /// Builds `vector.rounding_doubling_high_mul lhs, rhs`.
    pub fn build(b: &mut Builder<'_>, lhs: Value, rhs: Value) -> RoundingDoublingHighMulOp {
        let ty = b.ctx.value_type(lhs);
        RoundingDoublingHighMulOp(b.create(Self::NAME, &[lhs, rhs], &[ty], Vec::new(), Vec::new()))
    }
}

impl RoundingShiftRightOp {
    /// Builds `vector.rounding_shift_right value, amount`.
    pub fn build(b: &mut Builder<'_>, value: Value, amount: Value) -> RoundingShiftRightOp {
        let ty = b.ctx.value_type(value);
        RoundingShiftRightOp(b.create(Self::NAME, &[value, amount], &[ty], Vec::new(), Vec::new()))
    }
}

/// The result (and so, by the trait, every operand) is a vector of `i32`.
fn verify_i32_lanes(ctx: &Context, op: OpId, diags: &mut Vec<Diagnostic>) {
    let result = ctx.operation(op).result_type(0);
    if ctx.vector_parts(result).and_then(|(_, lane)| ctx.integer_width(lane)) != Some(32) {
        diags.push(
            ctx.op_error(op, format!("result #0 must be a vector of i32, but got '{}'", type_to_string(ctx, result))),
        );
    }
}
