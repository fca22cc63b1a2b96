//! `circular_buffer`: TFLite Micro's `CIRCULAR_BUFFER` (`circular_buffer.cc`'s `EvalInt8` and its
//! countdown), one step. The buffer `[1, S, H, D]` moves one slot towards the oldest and the input
//! `[1, 1, H, D]` fills the newest; the output is the next buffer; every `cycles_max`-th step is
//! valid (TFLM counts `cycles_until_run` down from `cycles_max`; the count here runs up from 0,
//! the zeroed state):
//!
//! ```text
//! for s < S-1, h, w:  next[0, s, h, w] = buffer[0, s + 1, h, w]
//! for h, w:           next[0, S-1, h, w] = in[0, 0, h, w]
//! for s, h, w:        out[0, s, h, w] = next[0, s, h, w]
//! c = count[0] + 1;  valid = c == cycles_max;  next_count[0] = valid ? 0 : c
//! ```
//!
//! The next buffer may be the buffer itself (graph-to-buffer writes the variable in place): the
//! slots move oldest first, as TFLM's `memmove`, so each is read before it is overwritten.

use super::emitter::{ElementKind, KernelEmitter};
use mc_dialects::arith::build::{cmpi, select};
use mc_ir::{Diagnostic, Value};

/// Lowers `circular_buffer`.
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, buffer, count) = (e.inputs[0], e.inputs[1], e.inputs[2]);
    let (output, valid) = (e.result_output(0), e.result_output(1));
    let (next_buffer, next_count) = (e.result_output(2), e.result_output(3));
    let cycles_max = e.int_attr("cycles_max")?;
    let bytes = [Some(input), Some(buffer), output, next_buffer];
    let int8 = bytes.iter().flatten().all(|&v| e.kind(v) == ElementKind::Int8);
    let counts = [Some(count), next_count].iter().flatten().all(|&v| e.kind(v) == ElementKind::UInt32);
    let shape = e.shape(buffer);
    let shapes = shape.len() == 4
        && shape[1] >= 1
        && e.shape(input) == [1, 1, shape[2], shape[3]]
        && [output, next_buffer].iter().flatten().all(|&o| e.shape(o) == shape);
    let cycles = i32::try_from(cycles_max).ok().filter(|&c| c >= 1);
    let flag = valid.is_none_or(|v| e.kind(v) == ElementKind::Bool);
    let (true, true, true, true, Some(cycles)) = (int8, counts, shapes, flag, cycles) else {
        return Err(e.unsupported_types(
            "TFLite Micro shifts an int8 input [1, 1, H, D] into a buffer [1, S, H, D], counting to an int32 cycles_max",
        ));
    };
    if let Some(shifted) = next_buffer.or(output) {
        shift_in(e, input, buffer, shifted, &shape)?;
        if let Some(output) = output.filter(|&o| o != shifted) {
            e.nest(&shape, |e, ivs| {
                let value = e.load(shifted, ivs);
                e.store(value, output, ivs);
                Ok(())
            })?;
        }
    }
    let zero = e.index(0);
    let before = e.load(count, &[zero]);
    let one = e.i32(1);
    let counted = e.addi(before, one);
    let cycles = e.i32(cycles);
    let is_valid = cmpi(&mut e.b, "eq", counted, cycles);
    if let Some(valid) = valid {
        let at = vec![zero; e.shape(valid).len()];
        e.store(is_valid, valid, &at);
    }
    if let Some(next_count) = next_count {
        let restart = e.i32(0);
        let next = select(&mut e.b, is_valid, restart, counted);
        e.store(next, next_count, &[zero]);
    }
    Ok(())
}

/// Writes `buffer` (`[1, S, H, D]`) moved one slot towards the oldest, `input` in the newest
/// slot, into `shifted` (which may be `buffer`).
fn shift_in(
    e: &mut KernelEmitter<'_>,
    input: Value,
    buffer: Value,
    shifted: Value,
    shape: &[i64],
) -> Result<(), Diagnostic> {
    let (slots, rows, depth) = (shape[1], shape[2], shape[3]);
    let zero = e.index(0);
    e.nest(&[slots - 1, rows, depth], |e, ivs| {
        let one = e.index(1);
        let newer = e.addi(ivs[0], one);
        let value = e.load(buffer, &[zero, newer, ivs[1], ivs[2]]);
        e.store(value, shifted, &[zero, ivs[0], ivs[1], ivs[2]]);
        Ok(())
    })?;
    let newest = e.index(slots - 1);
    e.nest(&[rows, depth], |e, ivs| {
        let value = e.load(input, &[zero, zero, ivs[0], ivs[1]]);
        e.store(value, shifted, &[zero, newest, ivs[0], ivs[1]]);
        Ok(())
    })
}
