//! `signal_fft_auto_scale`: TFLite Micro's `SignalFftAutoScale` (`FftAutoScale` of
//! `signal/src/fft_auto_scale.cc`): the frame's largest magnitude (`MaxAbs16`), the bits it
//! leaves free (`16 - MostSignificantBit32(max) - 1`, at least 0), and the frame shifted left by
//! them, truncated to 16 bits.
//!
//! `MaxAbs16` is reproduced step by step, including what it does with -32768: `-value` is 32768,
//! which becomes -32768 again in the `int16_t` maximum, so every later sample replaces it (and a
//! maximum of -32768 left at the end has `MostSignificantBit32` 32: no scaling).
//!
//! ```text
//! %max = loop.for %i iter_args(%m = 0 : i16) {
//!   %v = loop.load in[%i]
//!   yield %v > %m ? %v : (-(i32)%v > %m ? trunci(-(i32)%v) : %m)
//! }
//! %msb  = %max == 0 ? 32 : 32 - clz((i32)%max)
//! %bits = max(15 - %msb, 0)
//! loop.for %i { out[%i] = trunci((i32)in[%i] << %bits) }; scale_bits[] = %bits
//! ```

use super::super::emitter::{ElementKind, KernelEmitter};
use super::most_significant_bit_32;
use mc_dialects::arith::build::{cmpi, select};
use mc_ir::Diagnostic;

/// Lowers `signal_fft_auto_scale`.
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let input = e.inputs[0];
    let (output, scale_bits) = (e.result_output(0), e.result_output(1));
    let shape = e.shape(input);
    let frame_ok = shape.len() == 1 && e.kind(input) == ElementKind::Int16;
    let output_ok = output.is_none_or(|o| e.shape(o) == shape && e.kind(o) == ElementKind::Int16);
    let bits_ok = scale_bits.is_none_or(|b| e.shape(b).is_empty() && e.kind(b) == ElementKind::Int32);
    if !(frame_ok && output_ok && bits_ok) {
        return Err(
            e.unsupported_types("TFLite Micro scales an i16 frame of rank 1 into i16, with an i32 scalar count")
        );
    }
    let i16_type = e.b.ctx.integer_type(16);
    let zero16 = e.int(0, 16);
    let zero32 = e.i32(0);
    let max = e.for_range(0, shape[0], &[zero16], |e, i, carried| {
        let value = e.load(input, &[i]);
        let max = carried[0];
        let above = cmpi(&mut e.b, "sgt", value, max);
        let wide = e.extsi_i32(value);
        let negated = e.binary("arith.subi", zero32, wide);
        let wide_max = e.extsi_i32(max);
        let negated_above = cmpi(&mut e.b, "sgt", negated, wide_max);
        let narrow = e.unary("arith.trunci", negated, i16_type);
        let otherwise = select(&mut e.b, negated_above, narrow, max);
        Ok(vec![select(&mut e.b, above, value, otherwise)])
    })?[0];
    let wide_max = e.extsi_i32(max);
    let msb = most_significant_bit_32(e, wide_max);
    let fifteen = e.i32(15);
    let free = e.binary("arith.subi", fifteen, msb);
    let bits = e.binary("arith.maxsi", free, zero32);
    if let Some(output) = output {
        e.for_range(0, shape[0], &[], |e, i, _| {
            let value = e.load(input, &[i]);
            let wide = e.extsi_i32(value);
            let scaled = e.binary("arith.shli", wide, bits);
            let narrow = e.trunci(scaled, 16);
            e.store(narrow, output, &[i]);
            Ok(Vec::new())
        })?;
    }
    if let Some(scale_bits) = scale_bits {
        e.store(bits, scale_bits, &[]);
    }
    Ok(())
}
