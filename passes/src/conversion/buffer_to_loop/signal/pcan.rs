//! `signal_pcan`: TFLite Micro's `SignalPCAN` (`ApplyPcanAutoGainControlFixed` of
//! `signal/src/pcan_argc_fixed.cc`): per-channel energy normalization. Each channel's gain is
//! `WideDynamicFunction(noise_estimate[i], gain_lut)`, a quadratic in the estimate's top 10
//! bits below its leading one, with coefficients from the table's entries `4 msb - 6` to
//! `4 msb - 4` (estimates 0 to 2 read entries 0 to 2 directly); the signal-to-noise ratio
//! `(input[i] · gain) >> snr_shift` (64-bit product) then goes through `PcanShrink`: `x² / 4`
//! below 2 and `x - 1` above, from 12 to 6 fractional bits.
//!
//! ```text
//! %n = est[%i]; %msb = msb32(%n); %lut = 4 %msb - 6 (at least 0)
//! %frac = (%msb < 11 ? %n << (11 - %msb) : %n >>u (%msb - 11)) & 0x3FF
//! %r = ((((lut[%lut + 2] · %frac) >> 5) + (lut[%lut + 1] << 5)) · %frac + 2^14) >> 15
//! %gain = extsi(trunci(%r + lut[%lut]) : i16)  or  extsi lut[%n] when %n <= 2
//! %snr = trunci((extui in[%i] · extui %gain) >>u snr_shift)
//! out[%i] = %snr <u 2^13 ? (%snr · %snr) >>u 20 : (%snr >>u 6) - 64
//! ```

use super::super::emitter::{ElementKind, KernelEmitter};
use super::{align_bit, most_significant_bit_32};
use mc_dialects::arith::build::{cmpi, select};
use mc_ir::{Diagnostic, Value};

/// `kPcanSnrBits`: fractional bits of the signal-to-noise ratio.
const SNR_BITS: i32 = 12;
/// `kPcanOutputBits`: fractional bits of the output.
const OUTPUT_BITS: i32 = 6;

/// Lowers `signal_pcan`.
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, estimate, lut, output) = (e.inputs[0], e.inputs[1], e.inputs[2], e.output);
    let shape = e.shape(input);
    let channels_ok =
        [input, estimate, output].iter().all(|&v| e.kind(v) == ElementKind::UInt32 && e.shape(v) == shape);
    let lut_ok = e.kind(lut) == ElementKind::Int16 && e.shape(lut).len() == 1 && e.shape(lut)[0] >= 125;
    if !channels_ok || !lut_ok || shape.len() != 1 {
        return Err(e.unsupported_types(
            "TFLite Micro normalizes ui32 channels of rank 1 by ui32 estimates as long, with an i16 table of 125 \
             entries or more",
        ));
    }
    let snr_shift = e.int(e.int_attr("snr_shift")?, 64);
    let i64_type = e.b.ctx.integer_type(64);
    e.for_range(0, shape[0], &[], |e, i, _| {
        let noise = e.load(estimate, &[i]);
        let gain = wide_dynamic_function(e, noise, lut);
        let signal = e.load(input, &[i]);
        let signal = e.unary("arith.extui", signal, i64_type);
        let gain = e.unary("arith.extui", gain, i64_type);
        let product = e.muli(signal, gain);
        let snr = e.binary("arith.shrui", product, snr_shift);
        let snr = e.trunci(snr, 32);
        let shrunk = shrink(e, snr);
        e.store(shrunk, output, &[i]);
        Ok(Vec::new())
    })?;
    Ok(())
}

/// TFLM's `WideDynamicFunction(x, lut)` as the `uint32_t` the caller makes of its `int16_t`.
fn wide_dynamic_function(e: &mut KernelEmitter<'_>, x: Value, lut: Value) -> Value {
    let index = e.b.ctx.index_type();
    let entry = |e: &mut KernelEmitter<'_>, at: Value| {
        let at = e.unary("arith.index_cast", at, index);
        let value = e.load(lut, &[at]);
        e.extsi_i32(value)
    };
    let (zero, two, five, eleven) = (e.i32(0), e.i32(2), e.i32(5), e.i32(11));
    let interval = most_significant_bit_32(e, x);
    // Estimates of 2 or less take the table directly; the polynomial's indices stay in the
    // table for them (at least 0) though its value is not used.
    let four = e.i32(4);
    let six = e.i32(6);
    let base = e.muli(interval, four);
    let base = e.binary("arith.subi", base, six);
    let base = e.binary("arith.maxsi", base, zero);
    let c0 = entry(e, base);
    let one = e.i32(1);
    let at1 = e.addi(base, one);
    let c1 = entry(e, at1);
    let at2 = e.addi(base, two);
    let c2 = entry(e, at2);
    let frac = align_bit(e, x, interval, eleven, "arith.shrui");
    let mask = e.i32(0x3FF);
    let frac = e.binary("arith.andi", frac, mask);
    let result = e.muli(c2, frac);
    let result = e.binary("arith.shrsi", result, five);
    let linear = e.binary("arith.shli", c1, five);
    let result = e.addi(result, linear);
    let result = e.muli(result, frac);
    let (half, fifteen) = (e.i32(1 << 14), e.i32(15));
    let result = e.addi(result, half);
    let result = e.binary("arith.shrsi", result, fifteen);
    let result = e.addi(result, c0);
    let narrow = e.trunci(result, 16);
    let polynomial = e.extsi_i32(narrow);
    let small = cmpi(&mut e.b, "ule", x, two);
    let direct_at = select(&mut e.b, small, x, zero);
    let direct = entry(e, direct_at);
    select(&mut e.b, small, direct, polynomial)
}

/// TFLM's `PcanShrink` on a `uint32_t`.
fn shrink(e: &mut KernelEmitter<'_>, x: Value) -> Value {
    let limit = e.i32(2 << SNR_BITS);
    let small = cmpi(&mut e.b, "ult", x, limit);
    let square = e.muli(x, x);
    let square_shift = e.i32(2 + 2 * SNR_BITS - OUTPUT_BITS);
    let quarter = e.binary("arith.shrui", square, square_shift);
    let down = e.i32(SNR_BITS - OUTPUT_BITS);
    let scaled = e.binary("arith.shrui", x, down);
    let one = e.i32(1 << OUTPUT_BITS);
    let less_one = e.binary("arith.subi", scaled, one);
    select(&mut e.b, small, quarter, less_one)
}
