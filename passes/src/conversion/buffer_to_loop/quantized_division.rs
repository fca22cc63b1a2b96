//! int8 `div`: TFLite Micro's `DivElementwise`/`BroadcastDivSlowQuantized` on `int8_t`, as the
//! installed `tflite-micro` interpreter computes it.
//!
//! Per element, with `x` and `y` offset by their zero points (`[-255, 255]`):
//!
//! 1. a negative `y` flips both signs;
//! 2. `(inv, recip_shift) = GetReciprocal(y, 31)`: `1 / y` in Q0.31 and its exponent;
//! 3. `headroom = CountLeadingSignBits(x)`, `q = SaturatingRoundingDoublingHighMul(x << headroom,
//!    inv)` (`MultiplyByQuantizedMultiplierGreaterThanOne`);
//! 4. `RoundingDivideByPOT(SaturatingRoundingDoublingHighMul(q, multiplier), recip_shift +
//!    headroom - shift)` (`MultiplyByQuantizedMultiplierSmallerThanOneExp`), plus the output
//!    zero point, clamped to the fused activation's range.
//!
//! `(multiplier, shift)` is `QuantizeMultiplier(s_x / (s_y · s_out))`, the ratio in `double`:
//! the installed interpreter rounds it in `double` (upstream's source divides in `float` first;
//! the two differ by one in the last place on some scales, and the interpreter wins).
//!
//! **Shift counts outside `[0, 31]`.** The exponent of step 4 exceeds 31 whenever the true
//! quotient rounds to zero (a small `x`, `x` at its zero point), and `GetReciprocal(0)` shifts by
//! 32 when `y` sits at its zero point. C++ leaves such shifts undefined; the interpreter, built
//! for x86-64, takes 32-bit shift counts modulo 32 and 64-bit ones modulo 64, so its
//! `RoundingDivideByPOT` mask is `(1 << (e mod 64)) - 1` truncated to 32 bits and its quotient
//! `x >> (e mod 32)`. mc computes exactly that, on every target, so its outputs equal the
//! interpreter's for every pair of int8 values (zero divisors included); TFLite Micro compiled for
//! an Arm core shifts differently there and disagrees with its own interpreter.

use super::emitter::KernelEmitter;
use super::gemmlowp::{count_leading_sign_bits, get_reciprocal};
use super::quantization::{clamp_to, fused_range_quantized, quantize_multiplier};
use mc_dialects::arith::build::{cmpi, select};
use mc_dialects::arith::fixed_point::saturating_rounding_doubling_high_mul;
use mc_ir::{Diagnostic, Value};

/// The compile-time parameters of the int8 kernel (TFLM's `CalculateOpDataDiv`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct QuantizedDivision {
    /// `-zero_point` of each input.
    input_offsets: [i32; 2],
    /// `QuantizeMultiplier(s_x / (s_y · s_out))`.
    multiplier: (i32, i32),
    /// The output zero point.
    output_offset: i32,
    /// The fused activation's range within int8's.
    range: (i32, i32),
}

impl QuantizedDivision {
    /// The parameters of the kernel on `e` (int8 inputs and output, per-tensor quantized).
    pub fn new(e: &KernelEmitter<'_>) -> Result<QuantizedDivision, Diagnostic> {
        let (lhs, rhs, out) = (e.inputs[0], e.inputs[1], e.output);
        let (x, y, z) = (e.per_tensor(lhs)?, e.per_tensor(rhs)?, e.per_tensor(out)?);
        // The scales are `float`s in the model: widen each before the ratio, as the interpreter does.
        let ratio = f64::from(x.0 as f32) / (f64::from(y.0 as f32) * f64::from(z.0 as f32));
        Ok(QuantizedDivision {
            input_offsets: [-(x.1 as i32), -(y.1 as i32)],
            multiplier: quantize_multiplier(ratio),
            output_offset: z.1 as i32,
            range: fused_range_quantized(e, out)?,
        })
    }

    /// The quotient of the loaded int8 elements `x / y`, as an `i8`.
    pub fn quotient(&self, e: &mut KernelEmitter<'_>, x: Value, y: Value) -> Value {
        let x = e.extsi_i32(x);
        let y = e.extsi_i32(y);
        let (x_offset, y_offset) = (e.i32(self.input_offsets[0]), e.i32(self.input_offsets[1]));
        let x = e.addi(x, x_offset);
        let y = e.addi(y, y_offset);
        // A negative divisor flips both signs: the reciprocal must be positive.
        let zero = e.i32(0);
        let negative = cmpi(&mut e.b, "slt", y, zero);
        let minus_x = e.binary("arith.subi", zero, x);
        let minus_y = e.binary("arith.subi", zero, y);
        let x = select(&mut e.b, negative, minus_x, x);
        let y = select(&mut e.b, negative, minus_y, y);
        let (inverse, recip_shift) = get_reciprocal(&mut e.b, y, 31);
        let headroom = count_leading_sign_bits(&mut e.b, x);
        let normalized = e.binary("arith.shli", x, headroom);
        let unscaled = saturating_rounding_doubling_high_mul(&mut e.b, normalized, inverse);
        let multiplier = e.i32(self.multiplier.0);
        let scaled = saturating_rounding_doubling_high_mul(&mut e.b, unscaled, multiplier);
        let shift = e.i32(self.multiplier.1);
        let exponent = e.addi(recip_shift, headroom);
        let exponent = e.binary("arith.subi", exponent, shift);
        let quotient = rounding_divide_by_pot_modular(e, scaled, exponent);
        let offset = e.i32(self.output_offset);
        let result = e.addi(quotient, offset);
        clamp_to(e, result, self.range, 8)
    }
}

/// gemmlowp's `RoundingDivideByPOT(x, exponent)` with the shift counts of an x86-64 build for
/// any `i32` exponent (see the module doc): mask `(1 << (exponent mod 64)) - 1` truncated to 32
/// bits, quotient `x >> (exponent mod 32)`; equal to the defined function for `0..=31`.
fn rounding_divide_by_pot_modular(e: &mut KernelEmitter<'_>, x: Value, exponent: Value) -> Value {
    let i64 = e.b.ctx.integer_type(64);
    let i32 = e.b.ctx.integer_type(32);
    let wide_exponent = e.unary("arith.extsi", exponent, i64);
    let mod_64 = e.int(63, 64);
    let wide_exponent = e.binary("arith.andi", wide_exponent, mod_64);
    let one = e.int(1, 64);
    let power = e.binary("arith.shli", one, wide_exponent);
    let wide_mask = e.binary("arith.subi", power, one);
    let mask = e.unary("arith.trunci", wide_mask, i32);
    let one = e.i32(1);
    let half_mask = e.binary("arith.shrsi", mask, one);
    let sign_shift = e.i32(31);
    let is_negative = e.binary("arith.shrui", x, sign_shift);
    let threshold = e.addi(half_mask, is_negative);
    let remainder = e.binary("arith.andi", x, mask);
    let round_up = cmpi(&mut e.b, "sgt", remainder, threshold);
    let increment = e.unary("arith.extui", round_up, i32);
    let mod_32 = e.i32(31);
    let narrow_exponent = e.binary("arith.andi", exponent, mod_32);
    let truncated = e.binary("arith.shrsi", x, narrow_exponent);
    e.addi(truncated, increment)
}
