//! `signal_stacker`: TFLite Micro's `SignalStacker` (`signal/micro/kernels/stacker.cc`), one
//! step. Its circular buffer holds up to `K = left_context + 1 + right_context` frames of `C`
//! channels: each invocation writes its frame (the first one `1 + left_context` times, TFLite
//! Micro's `CircularBufferExtend`), and once `K` frames are there it copies them out, valid, and
//! discards `step`. The state ([`signal_stacker_state_length`]) is `code` (one more than the
//! frames stored, 0 before the first frame), the `K - 1` frames' room, and the last stack, which
//! an invalid step outputs again (TFLite Micro leaves its output tensor as it was):
//!
//! ```text
//! n = code == 0 ? 0 : code - 1;  m = n + (code == 0 ? 1 + left : 1);  valid = m >= K
//! stream(p) = p < n · C ? stored[p] : in[(p - n · C) mod C]
//! loop.for %i = 0 to K · C { out[%i] = next.last[%i] = valid ? stream(%i) : last[%i] }
//! loop.for %j = 0 to (K - 1) · C { next.stored[%j] = stream(%j + (valid ? step · C : 0)) }
//! next.code = m - (valid ? step : 0) + 1
//! ```
//!
//! The next state may share the state's buffer: the code is read first, the stacks read the
//! stored frames before they move, and stored frame `%j` reads the old `%j` or later.

use super::super::emitter::{ElementKind, KernelEmitter};
use mc_dialects::arith::build::{cmpi, select};
use mc_dialects::graph::signal_stacker_state_length;
use mc_ir::{Diagnostic, Type, Value};

/// Lowers `signal_stacker`.
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, state) = (e.inputs[0], e.inputs[1]);
    let (output, valid, next) = (e.result_output(0), e.result_output(1), e.result_output(2));
    let frames = e.int_attr("left_context")? + e.int_attr("right_context")? + 1;
    let (left, step) = (e.int_attr("left_context")?, e.int_attr("step")?);
    let channels = e.shape(input).first().copied().unwrap_or(0);
    let kinds = [Some(input), Some(state), output, next].iter().flatten().all(|&v| e.kind(v) == ElementKind::Int16)
        && valid.is_none_or(|v| e.kind(v) == ElementKind::Bool && e.shape(v).is_empty());
    let state_shape = vec![signal_stacker_state_length(channels, frames)];
    let shapes = e.shape(input).len() == 1
        && e.shape(state) == state_shape
        && output.is_none_or(|o| e.shape(o) == [frames * channels])
        && next.is_none_or(|n| e.shape(n) == state_shape);
    if !kinds || !shapes || !(1..=frames).contains(&step) {
        return Err(e.unsupported_types(
            "TFLite Micro stacks an i16 frame every 1 to K frames, with a state of the frames stored and the last stack",
        ));
    }
    let (index_type, i16_type) = (e.b.ctx.index_type(), e.b.ctx.integer_type(16));
    let zero = e.index(0);
    let code = e.load(state, &[zero]);
    let code = e.unary("arith.index_cast", code, index_type);
    let first = cmpi(&mut e.b, "eq", code, zero);
    let one = e.index(1);
    let code_less_one = e.binary("arith.subi", code, one);
    let stored = select(&mut e.b, first, zero, code_less_one);
    let padded = e.index(1 + left);
    let written = select(&mut e.b, first, padded, one);
    let held = e.addi(stored, written);
    let stack = e.index(frames);
    let is_valid = cmpi(&mut e.b, "sge", held, stack);
    if let Some(valid) = valid {
        e.store(is_valid, valid, &[]);
    }
    let channel_count = e.index(channels);
    let prefix = e.muli(stored, channel_count);
    let stream = Stream { input, state, prefix, channels: channel_count, i16_type };
    let last_start = 1 + (frames - 1) * channels;
    e.for_range(0, frames * channels, &[], |e, i, _| {
        let offset = e.index(last_start);
        let in_last = e.addi(i, offset);
        let value =
            e.if_else(is_valid, &[i16_type], |e| Ok(vec![stream.at(e, i)?]), |e| Ok(vec![e.load(state, &[in_last])]))?
                [0];
        if let Some(output) = output {
            e.store(value, output, &[i]);
        }
        if let Some(next) = next {
            e.store(value, next, &[in_last]);
        }
        Ok(Vec::new())
    })?;
    let Some(next) = next else { return Ok(()) };
    let step_samples = e.index(step * channels);
    let shift = select(&mut e.b, is_valid, step_samples, zero);
    e.for_range(0, (frames - 1) * channels, &[], |e, j, _| {
        let position = e.addi(j, shift);
        let value = stream.at(e, position)?;
        let at = e.addi(j, one);
        e.store(value, next, &[at]);
        Ok(Vec::new())
    })?;
    let step_frames = e.index(step);
    let discarded = select(&mut e.b, is_valid, step_frames, zero);
    let kept = e.binary("arith.subi", held, discarded);
    let next_code = e.addi(kept, one);
    let next_code = e.unary("arith.index_cast", next_code, i16_type);
    e.store(next_code, next, &[zero]);
    Ok(())
}

/// The frames after the step, oldest first: the `prefix` samples stored in the state (after its
/// code), then the input frame, repeated.
struct Stream {
    input: Value,
    state: Value,
    prefix: Value,
    channels: Value,
    i16_type: Type,
}

impl Stream {
    /// Sample `position` of the stream.
    fn at(&self, e: &mut KernelEmitter<'_>, position: Value) -> Result<Value, Diagnostic> {
        let stored = cmpi(&mut e.b, "slt", position, self.prefix);
        let values = e.if_else(
            stored,
            &[self.i16_type],
            |e| {
                let one = e.index(1);
                let at = e.addi(position, one);
                Ok(vec![e.load(self.state, &[at])])
            },
            |e| {
                let past = e.binary("arith.subi", position, self.prefix);
                let channel = e.binary("arith.remui", past, self.channels);
                Ok(vec![e.load(self.input, &[channel])])
            },
        )?;
        Ok(values[0])
    }
}
