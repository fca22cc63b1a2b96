//! `div`, `floor_div` and `floor_mod`: elementwise division with numpy broadcasting, as TFLite
//! Micro's `div.cc`, `floor_div.cc` and `floor_mod.cc` compute it.
//!
//! - `div` on `f32` (`reference_ops::Div`/`BroadcastDivSlow<5>`): `x / y` clamped to the fused
//!   activation's range (`ActivationFunctionWithMinMax`); a zero divisor gives an infinity or a
//!   NaN, as in TFLM.
//! - `div` on `i32` (the same functions on `int32_t`): C's truncating division, clamped to the
//!   activation's integer range (`lowest`/`max`, `[0, max]`, `[0, 6]`, `[-1, 1]`). Division by
//!   zero is undefined in TFLM's kernel: a constant divisor holding a zero is refused here.
//! - `div` on int8: fixed-point reciprocals, in `quantized_division`.
//! - `floor_div` on `f32` (`reference_ops::FloorDiv`): `floor(double(x) / double(y))` rounded
//!   to `float`. TFLM's `Eval` fails when any divisor element is zero: a constant divisor holding
//!   a zero (of either sign) is refused here.
//! - `floor_mod` on `f32` (`reference_ops::FloorMod`): `r = fmod(x, y)` (`arith.remf`, C's
//!   `fmodf`), plus `y` when `r` is non-zero and its sign differs from `y`'s. TFLM checks no
//!   divisor: `fmod(x, 0)` is a NaN.
//!
//! TFLM broadcasts `div` through `NdArrayDesc<5>`, `floor_div` and `floor_mod` through
//! `BroadcastBinaryFunction4DSlow`: operands of different shapes broadcast up to rank 5 and 4,
//! equal shapes at any rank.
//!
//! ```text
//! loop.for %i ... {
//!   %x = loop.load %lhs[...]
//!   loop.for %j ... {
//!     %y = loop.load %rhs[...]
//!     %q = arith.divf %x, %y                 // divsi for i32; extf, divf, floor, truncf for floor_div
//!     loop.store clamp(%q), %out[%i, %j]
//! ```
//!
//! Buffers may be strided, and the output may be an input (in place).

use super::activation::cmpf;
use super::broadcast::broadcast_nest;
use super::emitter::{ElementKind, KernelEmitter};
use super::quantization::{activation_range_i32, clamp_f32, fused_range_f32};
use super::quantized_division::QuantizedDivision;
use mc_dialects::arith::build::select;
use mc_ir::{Diagnostic, FloatKind, Value};

/// The largest rank TFLM's `div` broadcasts (`BroadcastDivSlow<5>`).
const DIV_BROADCAST_RANK: usize = 5;

/// The largest rank TFLM's `BroadcastBinaryFunction4DSlow` broadcasts (`floor_div`,
/// `floor_mod`, `squared_difference`).
pub const BINARY_FUNCTION_BROADCAST_RANK: usize = 4;

/// Refuses operands that TFLM broadcasts through a descriptor of at most `max_rank`
/// dimensions when their shapes differ and the result's rank is above it.
pub fn check_broadcast_rank(e: &KernelEmitter<'_>, max_rank: usize) -> Result<(), Diagnostic> {
    let (lhs, rhs, out) = (e.inputs[0], e.inputs[1], e.output);
    let rank = e.shape(out).len();
    if e.shape(lhs) != e.shape(rhs) && rank > max_rank {
        return Err(e.unsupported(format!(
            "broadcasting '{}' and '{}' at rank {rank} (TFLite Micro's {} broadcasts up to rank {max_rank})",
            e.type_text(lhs),
            e.type_text(rhs),
            e.name
        )));
    }
    Ok(())
}

/// Which of the three kernels.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Division {
    Div,
    FloorDiv,
    FloorMod,
}

/// Lowers `div`, `floor_div` or `floor_mod` (by `e.name`).
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (lhs, rhs, out) = (e.inputs[0], e.inputs[1], e.output);
    let kinds = [e.kind(lhs), e.kind(rhs), e.kind(out)];
    let division = match e.name.as_str() {
        "div" => Division::Div,
        "floor_div" => Division::FloorDiv,
        "floor_mod" => Division::FloorMod,
        other => return Err(e.unsupported(format!("'{other}' is not div, floor_div or floor_mod"))),
    };
    let rank = if division == Division::Div { DIV_BROADCAST_RANK } else { BINARY_FUNCTION_BROADCAST_RANK };
    check_broadcast_rank(e, rank)?;
    let output = e.shape(out);
    const F32: [ElementKind; 3] = [ElementKind::F32; 3];
    match (kinds, division) {
        (F32, Division::Div) => {
            let range = fused_range_f32(e)?;
            nest(e, &output, &mut |e, x, y| {
                let quotient = e.binary("arith.divf", x, y);
                clamp_f32(e, quotient, range)
            })
        }
        ([ElementKind::Int32, ElementKind::Int32, ElementKind::Int32], Division::Div) => {
            refuse_zero_divisor(e, e.constant_ints(rhs).is_some_and(|v| v.contains(&0)))?;
            let (low, high) = activation_range_i32(e.activation()?).map_err(|m| e.unsupported(m))?;
            nest(e, &output, &mut |e, x, y| {
                let quotient = e.binary("arith.divsi", x, y);
                let (low, high) = (e.i32(low), e.i32(high));
                e.clamp_si(quotient, low, high)
            })
        }
        ([ElementKind::Int8, ElementKind::Int8, ElementKind::Int8], Division::Div) => {
            let division = QuantizedDivision::new(e)?;
            nest(e, &output, &mut |e, x, y| division.quotient(e, x, y))
        }
        (F32, Division::FloorDiv) => {
            refuse_zero_divisor(e, e.constant_f32s(rhs).is_some_and(|v| v.contains(&0.0)))?;
            nest(e, &output, &mut |e, x, y| {
                let (f32, f64) = (e.b.ctx.value_type(x), e.b.ctx.float_type(FloatKind::F64));
                let (x, y) = (e.unary("arith.extf", x, f64), e.unary("arith.extf", y, f64));
                let quotient = e.binary("arith.divf", x, y);
                let floor = e.unary("math.floor", quotient, f64);
                e.unary("arith.truncf", floor, f32)
            })
        }
        (F32, Division::FloorMod) => nest(e, &output, &mut |e, x, y| {
            let remainder = e.binary("arith.remf", x, y);
            let zero = e.f32(0.0);
            let nonzero = cmpf(e, "une", remainder, zero);
            let divisor_negative = cmpf(e, "olt", y, zero);
            let remainder_negative = cmpf(e, "olt", remainder, zero);
            let signs_differ = e.binary("arith.xori", divisor_negative, remainder_negative);
            let adjust = e.binary("arith.andi", nonzero, signs_differ);
            let adjusted = e.binary("arith.addf", remainder, y);
            select(&mut e.b, adjust, adjusted, remainder)
        }),
        _ => Err(e.unsupported(format!(
            "operand types {}, {} -> {} (TFLite Micro's {} takes {})",
            e.type_text(lhs),
            e.type_text(rhs),
            e.type_text(out),
            e.name,
            if division == Division::Div { "f32, int8 and i32" } else { "f32" }
        ))),
    }
}

/// An error at the kernel when its constant divisor holds a zero (`zero`).
fn refuse_zero_divisor(e: &KernelEmitter<'_>, zero: bool) -> Result<(), Diagnostic> {
    if zero {
        return Err(e.unsupported(format!(
            "division by zero: the constant divisor '{}' holds a zero (TFLite Micro's {} fails on it)",
            e.type_text(e.inputs[1]),
            e.name
        )));
    }
    Ok(())
}

/// The broadcast nest over `output` storing `combine(x, y)` of the two loaded operands.
fn nest(
    e: &mut KernelEmitter<'_>,
    output: &[i64],
    combine: &mut dyn FnMut(&mut KernelEmitter<'_>, Value, Value) -> Value,
) -> Result<(), Diagnostic> {
    let inputs = [e.inputs[0], e.inputs[1]];
    let out = e.output;
    broadcast_nest(e, output, &inputs, &mut |e, _, buffer, indices| Ok(e.load(buffer, indices)), &mut |e, ivs, xs| {
        let value = combine(e, xs[0], xs[1]);
        e.store(value, out, ivs);
        Ok(())
    })
}
