//! Lookup tables of TFLite's kernels.
//!
//! int8: a kernel whose output depends on nothing but the input byte is a 256-entry table
//! computed at compile time and indexed by `x + 128` ([`lookup_int8`]); [`populate_int8`] fills
//! one as TFLM's `PopulateLookupTable<int8_t>` (`elu.cc`) does.
//!
//! int16: TFLite's interpolating lookup tables (`kernels/internal/common.h`): a function sampled
//! at compile time into 513 `i16` entries over the int16 input range, as `LUTPopulate<int16_t>`
//! fills them in `Prepare` ([`populate_int16`]), and read per element as `LUTLookup(int16_t)`
//! reads them ([`lookup`]): the top 9 bits of the input pick an entry, the low 7 interpolate
//! towards the next one.
//!
//! ```text
//! index = 256 + (x >> 7)          offset = x & 0x7F
//! y = lut[index] + (((lut[index + 1] - lut[index]) · offset + 64) >> 7)
//! ```
//!
//! TFLM casts `y` back to `int16_t`; the cast never changes it, since the rounded fraction of the
//! slope keeps `y` between `lut[index]` and `lut[index + 1]` (`⌊(s·o + 64) / 128⌋` lies between
//! 0 and `s` for `o` in `0..128`), so none is emitted.

use super::activation::elementwise;
use super::emitter::KernelEmitter;
use mc_ir::{Diagnostic, Value};

/// `PopulateLookupTable<int8_t>` of TFLM's `elu.cc`: for each input byte `-128..=127` (entry
/// `x + 128`), `transform` of its dequantized value, rounded (`TfLiteRound`) at the output
/// scale, plus the output zero point, clamped to int8; every step in `float` as TFLM computes it.
pub fn populate_int8(input: (f32, i32), output: (f32, i32), transform: impl Fn(f32) -> f32) -> Vec<i64> {
    let (input_scale, input_zero_point) = input;
    let (output_scale, output_zero_point) = output;
    let inverse_scale = 1.0 / output_scale;
    (i32::from(i8::MIN)..=i32::from(i8::MAX))
        .map(|x| {
            let dequantized = input_scale * (x - input_zero_point) as f32;
            let rescaled = (transform(dequantized) * inverse_scale).round();
            let quantized = (rescaled + output_zero_point as f32) as i32;
            i64::from(quantized.clamp(i32::from(i8::MIN), i32::from(i8::MAX)))
        })
        .collect()
}

/// An int8 kernel as one load per element from `values` (256 entries, the result of each input
/// byte at `x + 128`), a module-level constant table named after `hint`.
pub fn lookup_int8(e: &mut KernelEmitter<'_>, hint: &str, values: &[i64]) -> Result<(), Diagnostic> {
    debug_assert_eq!(values.len(), 256);
    let table = e.table(hint, 8, values);
    let index_ty = e.b.ctx.index_type();
    elementwise(e, |e, x| {
        let x = e.extsi_i32(x);
        let offset = e.i32(128);
        let shifted = e.addi(x, offset);
        let index = e.unary("arith.index_cast", shifted, index_ty);
        e.load(table, &[index])
    })
}

/// Entries of an int16 table: 512 samples and one more for the last slope.
pub const INT16_LUT_SIZE: usize = 513;

/// TFLite's `LUTPopulateInt16<float>`: `transform` sampled over the range of an int16 input of
/// `(scale, zero_point)` into entries quantized as `(scale, zero_point)` of the output, every
/// step in `float` as TFLite computes it. Each of the 512 samples is biased by half the error of
/// linear interpolation at its midpoint; the last entry is the plain sample at the top.
pub fn populate_int16(input: (f32, i32), output: (f32, i32), transform: impl Fn(f32) -> f32) -> Vec<i16> {
    let (input_scale, input_zero_point) = input;
    let (output_scale, output_zero_point) = output;
    let (min, max) = (i32::from(i16::MIN), i32::from(i16::MAX));
    let input_min = input_scale * (min - input_zero_point) as f32;
    let input_max = input_scale * (max - input_zero_point) as f32;
    let output_min = output_scale * (min - output_zero_point) as f32;
    let output_max = output_scale * (max - output_zero_point) as f32;
    let steps = INT16_LUT_SIZE - 1;
    let step = (input_max - input_min) / steps as f32;
    let half_step = step / 2.0;
    let output_scaling_inverse = (max - min + 1) as f32 / (output_max - output_min);
    // `static_cast<int16_t>(min(max(v, -32768.f), 32767.f))` of an integral float.
    let saturate = |v: f32| v.clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16;
    let mut table: Vec<i16> = (0..steps)
        .map(|i| {
            let value = transform(input_min + i as f32 * step);
            let midpoint = transform(input_min + i as f32 * step + half_step);
            let next = transform(input_min + (i + 1) as f32 * step);
            let sample = (value * output_scaling_inverse).round();
            let interpolated_midpoint =
                ((next * output_scaling_inverse + (value * output_scaling_inverse).round()) / 2.0).round();
            let exact_midpoint = (midpoint * output_scaling_inverse).round();
            let bias = ((interpolated_midpoint - exact_midpoint) / 2.0).round();
            saturate(sample - bias)
        })
        .collect();
    table.push(saturate((transform(input_max) * output_scaling_inverse).round()));
    table
}

/// `LUTLookup(int16_t)`: the interpolated entry of `table` (an [`INT16_LUT_SIZE`]-entry `i16`
/// buffer) for `x`, an `i32` holding an int16 value; the result is an `i32` in int16 range.
pub fn lookup(e: &mut KernelEmitter<'_>, table: Value, x: Value) -> Value {
    let index_ty = e.b.ctx.index_type();
    let (seven, middle) = (e.i32(7), e.i32(256));
    let high = e.binary("arith.shrsi", x, seven);
    let index = e.addi(high, middle);
    let index = e.unary("arith.index_cast", index, index_ty);
    let one = e.index(1);
    let next_index = e.addi(index, one);
    let base = e.load(table, &[index]);
    let base = e.extsi_i32(base);
    let next = e.load(table, &[next_index]);
    let next = e.extsi_i32(next);
    let slope = e.binary("arith.subi", next, base);
    let mask = e.i32(0x7F);
    let offset = e.binary("arith.andi", x, mask);
    let scaled = e.muli(slope, offset);
    let half = e.i32(64);
    let rounded = e.addi(scaled, half);
    let delta = e.binary("arith.shrsi", rounded, seven);
    e.addi(base, delta)
}

/// The Rust version of [`lookup`], for tests.
#[cfg(test)]
pub fn lookup_reference(table: &[i16], x: i16) -> i16 {
    let index = (256 + (x >> 7)) as usize;
    let offset = i32::from(x & 0x7F);
    let base = i32::from(table[index]);
    let slope = i32::from(table[index + 1]) - base;
    (base + ((slope * offset + 64) >> 7)) as i16
}

#[cfg(test)]
mod tests {
    use super::*;

    /// TFLM's softmax exp table: `exp` over `[-10, 0]` into Q0.15 (`2 / 65535` over the int16
    /// range), as `SoftmaxPrepare` asks for it.
    fn exp_table() -> Vec<i16> {
        let range = 65535.0f32;
        populate_int16((10.0 / range, 32767), (2.0 / range, 0), f32::exp)
    }

    #[test]
    fn tables_sample_the_function_with_a_midpoint_bias() {
        let table = exp_table();
        assert_eq!(table.len(), INT16_LUT_SIZE);
        // exp(0) = 1 saturates at 32767; exp(-10) · 32768 ≈ 1.49.
        assert_eq!(table[512], i16::MAX);
        assert!((1..=2).contains(&table[0]), "{}", table[0]);
        // Every entry is within 1 of the sample (the bias is half the midpoint error).
        for (i, &entry) in table.iter().enumerate().take(512) {
            let x = -10.0 + 10.0 * i as f64 / 512.0;
            assert!((f64::from(entry) - x.exp() * 32768.0).abs() <= 1.5, "entry {i}: {entry}");
        }
    }

    #[test]
    fn lookup_interpolates_between_entries() {
        let table: Vec<i16> = (0..INT16_LUT_SIZE as i32).map(|i| (i * 100 - 25_600) as i16).collect();
        // x = 0: entry 256 exactly; every 128 steps of x move one entry.
        assert_eq!(lookup_reference(&table, 0), 0);
        assert_eq!(lookup_reference(&table, 128), 100);
        assert_eq!(lookup_reference(&table, -128), -100);
        // Half way: (100 · 64 + 64) >> 7 = 50; rounding of a quarter: (100 · 32 + 64) >> 7 = 25.
        assert_eq!(lookup_reference(&table, 64), 50);
        assert_eq!(lookup_reference(&table, 32), 25);
        assert_eq!(lookup_reference(&table, i16::MIN), -25_600);
        assert_eq!(lookup_reference(&table, i16::MAX), 25_500 + ((100 * 127 + 64) >> 7));
        // Falling tables round the same way (the shift floors).
        let falling: Vec<i16> = table.iter().map(|&v| -v).collect();
        assert_eq!(lookup_reference(&falling, 1), (-100 + 64) >> 7);
    }
}
