//! `l2_normalization` over the last dimension, each row on its own ([`rows`](super::rows)), as
//! TFLite Micro computes it.
//!
//! Float (`reference_ops::L2Normalization`, with the `epsilon` of 1e-6 its kernel passes): the
//! sum of squares from `0.f`, its square root raised to at least `epsilon`, then each element
//! divided by it.
//!
//! ```text
//! loop.for %row ... {
//!   %sum = loop.for %c ... iter_args(0.0)   addf(x · x)
//!   %norm = maximumf(sqrt(%sum), 1e-6)
//!   loop.for %c ... { loop.store x / %norm, %out[%row, %c] }
//! }
//! ```
//!
//! Int8 (`reference_integer_ops::L2Normalization`): the sum of squares of `x - input_zp` in
//! `int32` (wrapping, as TFLM's), its inverse square root as a multiplier and shift
//! (`GetInvSqrtQuantizedMultiplierExp(sum, kReverseShift)`, emitted per row by
//! [`gemmlowp`](super::gemmlowp)), then each element `MultiplyByQuantizedMultiplier(x - input_zp,
//! multiplier, shift + 7)` clamped to int8. The result is in units of 1/128 whatever the output's
//! quantization says: TFLM's `Prepare` reads only the input zero point.
//!
//! Each element is read before its output is written, so the kernel also runs in place.

use super::emitter::{ElementKind, KernelEmitter};
use super::gemmlowp::inv_sqrt_quantized_multiplier_exp;
use super::rows::for_each_row;
use mc_dialects::arith::fixed_point::multiply_by_quantized_multiplier;
use mc_ir::Diagnostic;

/// The `epsilon` TFLite Micro's kernel passes (`const float epsilon = 1e-6f`).
const EPSILON: f32 = 1e-6;

/// `kReverseShift`: TFLite's right shifts turned into left shifts.
const REVERSE_SHIFT: i32 = -1;

/// `kOutputScale`: the output is in units of 2^-7.
const OUTPUT_SCALE_BITS: i32 = 7;

/// Lowers `l2_normalization` (float32 or int8).
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    match (e.kind(input), e.kind(output)) {
        (ElementKind::F32, ElementKind::F32) => lower_f32(e),
        (ElementKind::Int8, ElementKind::Int8) => lower_int8(e),
        _ => Err(e.unsupported_types("TFLite Micro's kernel takes float32 or int8")),
    }
}

/// Float L2 normalization, TFLM's two passes per row.
fn lower_f32(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    for_each_row(e, |e, row| {
        let zero = e.f32(0.0);
        let f32 = e.b.ctx.value_type(zero);
        let sum = row.reduce(e, input, zero, |e, carried, x| {
            let square = e.binary("arith.mulf", x, x);
            e.binary("arith.addf", carried, square)
        })?;
        let root = e.unary("math.sqrt", sum, f32);
        let epsilon = e.f32(EPSILON);
        let norm = e.binary("arith.maximumf", root, epsilon);
        row.map(e, input, output, |e, x| e.binary("arith.divf", x, norm))
    })
}

/// Int8 L2 normalization: the per-row inverse square root of the sum of squares.
fn lower_int8(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let (_, input_zero_point) = e.per_tensor(input)?;
    let centered = |e: &mut KernelEmitter<'_>, x| {
        let x = e.extsi_i32(x);
        let zero_point = e.i32(input_zero_point as i32);
        e.binary("arith.subi", x, zero_point)
    };
    for_each_row(e, |e, row| {
        let zero = e.i32(0);
        let sum = row.reduce(e, input, zero, |e, carried, x| {
            let c = centered(e, x);
            let square = e.muli(c, c);
            e.addi(carried, square)
        })?;
        let (multiplier, shift) = inv_sqrt_quantized_multiplier_exp(&mut e.b, sum, REVERSE_SHIFT);
        let output_bits = e.i32(OUTPUT_SCALE_BITS);
        let shift = e.addi(shift, output_bits);
        row.map(e, input, output, |e, x| {
            let c = centered(e, x);
            let scaled = multiply_by_quantized_multiplier(&mut e.b, c, multiplier, shift);
            let (low, high) = (e.i32(i32::from(i8::MIN)), e.i32(i32::from(i8::MAX)));
            let clamped = e.clamp_si(scaled, low, high);
            e.trunci(clamped, 8)
        })
    })
}
