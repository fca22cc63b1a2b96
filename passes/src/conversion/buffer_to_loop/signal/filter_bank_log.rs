//! `signal_filter_bank_log`: TFLite Micro's `SignalFilterBankLog` (`FilterbankLog` of
//! `signal/src/filter_bank_log.cc` with `Log32` of `signal/src/log.cc`): each channel shifted
//! left by `input_correction_bits` (in `uint32_t`), then, above 1, its natural log in fixed point
//! scaled by `output_scale` and capped at 32767; 0 for 0 and 1.
//!
//! `Log32` is the integer part of `log2` (the leading one's position) plus a fraction from a
//! 129-segment table with linear interpolation, in 16 fractional bits, times `ln 2` (45426 in
//! Q16, rounded), times `output_scale` (in `uint32_t`, wrapping as TFLM's does), rounded:
//!
//! ```text
//! %x = max_u(in[%i] << bits, 2); %int = msb32(%x) - 1
//! %frac = %x - (1 << %int), shifted to 16 bits (left if %int < 16, else right)
//! %seg = %frac >> 9; %c0, %c1 = lut[%seg], lut[%seg + 1]
//! %log2 = (%int << 16) + %frac + %c0 + (((%c1 - %c0) · (%frac - 512 %seg)) >> 16)
//! %ln = trunci((45426 · extui %log2 + 2^15) >>u 16)
//! out[%i] = in[%i] << bits > 1 ? trunci(min_u((output_scale · %ln + 2^15) >>u 16, 32767)) : 0
//! ```

use super::super::emitter::{ElementKind, KernelEmitter};
use super::{align_bit, most_significant_bit_32};
use mc_dialects::arith::build::{cmpi, select};
use mc_ir::Diagnostic;

/// `kLogLut`: the fraction of `log2(1 + s / 128)` above `s / 128`, in Q16, at the 128 segment
/// boundaries (and a padding entry).
const LOG_LUT: [i64; 130] = [
    0, 224, 442, 654, 861, 1063, 1259, 1450, 1636, 1817, 1992, 2163, 2329, 2490, 2646, 2797, 2944, 3087, 3224, 3358,
    3487, 3611, 3732, 3848, 3960, 4068, 4172, 4272, 4368, 4460, 4549, 4633, 4714, 4791, 4864, 4934, 5001, 5063, 5123,
    5178, 5231, 5280, 5326, 5368, 5408, 5444, 5477, 5507, 5533, 5557, 5578, 5595, 5610, 5622, 5631, 5637, 5640, 5641,
    5638, 5633, 5626, 5615, 5602, 5586, 5568, 5547, 5524, 5498, 5470, 5439, 5406, 5370, 5332, 5291, 5249, 5203, 5156,
    5106, 5054, 5000, 4944, 4885, 4825, 4762, 4697, 4630, 4561, 4490, 4416, 4341, 4264, 4184, 4103, 4020, 3935, 3848,
    3759, 3668, 3575, 3481, 3384, 3286, 3186, 3084, 2981, 2875, 2768, 2659, 2549, 2437, 2323, 2207, 2090, 1971, 1851,
    1729, 1605, 1480, 1353, 1224, 1094, 963, 830, 695, 559, 421, 282, 142, 0, 0,
];

/// `kLogScaleLog2`: fractional bits of `Log32`'s intermediate values.
const SCALE_BITS: i64 = 16;
/// `kLogSegmentsLog2`: the table has `2^7` segments.
const SEGMENT_BITS: i64 = 7;
/// `kLogCoeff`: `ln 2` in Q16.
const LN_2: i64 = 45426;

/// Lowers `signal_filter_bank_log`.
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let shape = e.shape(input);
    let kinds = e.kind(input) == ElementKind::UInt32 && e.kind(output) == ElementKind::Int16;
    if !kinds || shape.len() != 1 || e.shape(output) != shape {
        return Err(e.unsupported_types("TFLite Micro takes ui32 channels of rank 1 into i16 channels"));
    }
    let correction = e.i32(e.int_attr("input_correction_bits")? as i32);
    let scale = e.i32(e.int_attr("output_scale")? as i32);
    let table = e.table("signal_log_lut", 32, &LOG_LUT);
    let (i64_type, index) = (e.b.ctx.integer_type(64), e.b.ctx.index_type());
    e.for_range(0, shape[0], &[], |e, i, _| {
        let value = e.load(input, &[i]);
        let scaled = e.binary("arith.shli", value, correction);
        let (zero, one, two) = (e.i32(0), e.i32(1), e.i32(2));
        let positive = cmpi(&mut e.b, "ugt", scaled, one);
        let x = e.binary("arith.maxui", scaled, two);
        let msb = most_significant_bit_32(e, x);
        let integer = e.binary("arith.subi", msb, one);
        let leading = e.binary("arith.shli", one, integer);
        let frac = e.binary("arith.subi", x, leading);
        let sixteen = e.i32(SCALE_BITS as i32);
        let frac = align_bit(e, frac, integer, sixteen, "arith.shrsi");
        let segment_shift = e.i32((SCALE_BITS - SEGMENT_BITS) as i32);
        let segment = e.binary("arith.shrui", frac, segment_shift);
        let at0 = e.unary("arith.index_cast", segment, index);
        let index_one = e.index(1);
        let at1 = e.addi(at0, index_one);
        let (c0, c1) = (e.load(table, &[at0]), e.load(table, &[at1]));
        let segment_base = e.binary("arith.shli", segment, segment_shift);
        let offset = e.binary("arith.subi", frac, segment_base);
        let rise = e.binary("arith.subi", c1, c0);
        let rise = e.muli(rise, offset);
        let rise = e.binary("arith.shrsi", rise, sixteen);
        let fraction = e.addi(frac, c0);
        let fraction = e.addi(fraction, rise);
        let whole = e.binary("arith.shli", integer, sixteen);
        let log2 = e.addi(whole, fraction);
        let log2 = e.unary("arith.extui", log2, i64_type);
        let (ln2, half64, sixteen64) = (e.int(LN_2, 64), e.int(1 << (SCALE_BITS - 1), 64), e.int(SCALE_BITS, 64));
        let ln = e.muli(log2, ln2);
        let ln = e.addi(ln, half64);
        let ln = e.binary("arith.shrui", ln, sixteen64);
        let ln = e.trunci(ln, 32);
        let half = e.i32(1 << (SCALE_BITS - 1));
        let scaled_ln = e.muli(scale, ln);
        let scaled_ln = e.addi(scaled_ln, half);
        let scaled_ln = e.binary("arith.shrui", scaled_ln, sixteen);
        let cap = e.i32(i32::from(i16::MAX));
        let capped = e.binary("arith.minui", scaled_ln, cap);
        let result = select(&mut e.b, positive, capped, zero);
        let narrow = e.trunci(result, 16);
        e.store(narrow, output, &[i]);
        Ok(Vec::new())
    })?;
    Ok(())
}
