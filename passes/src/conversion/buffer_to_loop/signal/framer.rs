//! `signal_framer`: TFLite Micro's `SignalFramer` (`signal/micro/kernels/framer.cc`) with
//! `prefill`, one step. Each row's circular buffer starts with `frame_size - frame_step` zeros
//! and holds as many samples after every frame: each frame writes `frame_step` input samples,
//! reads `frame_size` out and discards `frame_step`, so frame `f` is samples
//! `[f · step, f · step + frame_size)` of `state ++ input`, every frame is valid, and the next
//! state is the last `frame_size - frame_step` samples of `state ++ input` (the delay's stream,
//! [`super::delay::delayed`]):
//!
//! ```text
//! loop.for %r (rows) {
//!   loop.for %f = 0 to N / step { loop.for %j = 0 to size { out[%r, %f, %j] = stream(%f * step + %j) } }
//!   valid[] = true
//!   loop.for %k = 0 to size - step { next[%r, %k] = stream(N + %k) }
//! }
//! ```
//!
//! The next state may share the state's buffer: the frames read the old state first, and the
//! new state's element `%k` reads the old one's `N + %k`, past `%k`.

use super::super::emitter::{ElementKind, KernelEmitter};
use super::delay::delayed;
use mc_ir::{Diagnostic, Value};

/// Lowers `signal_framer`.
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, state) = (e.inputs[0], e.inputs[1]);
    let (output, valid, next) = (e.result_output(0), e.result_output(1), e.result_output(2));
    let (size, step) = (e.int_attr("frame_size")?, e.int_attr("frame_step")?);
    let (shape, state_shape) = (e.shape(input), e.shape(state));
    let kinds = [Some(input), Some(state), output, next].iter().flatten().all(|&v| e.kind(v) == ElementKind::Int16)
        && valid.is_none_or(|v| e.kind(v) == ElementKind::Bool && e.shape(v).is_empty());
    let Some((&samples, rows)) = shape.split_last() else {
        return Err(e.unsupported_types("TFLite Micro frames i16 rows"));
    };
    let kept = size - step;
    let frames = if step >= 1 { samples / step } else { 0 };
    let frame_shape: Vec<i64> = rows.iter().copied().chain([frames, size]).collect();
    let shapes = state_shape.split_last() == Some((&kept, rows))
        && output.is_none_or(|o| e.shape(o) == frame_shape)
        && next.is_none_or(|n| e.shape(n) == state_shape);
    if !kinds || !shapes || !(1..size).contains(&step) || samples % step != 0 {
        return Err(e.unsupported_types(
            "TFLite Micro frames i16 rows of whole steps by a state of the samples its frames overlap",
        ));
    }
    if let Some(valid) = valid {
        let always = e.int(1, 1);
        e.store(always, valid, &[]);
    }
    let i16_type = e.b.ctx.integer_type(16);
    let rows = rows.to_vec();
    e.nest(&rows, |e, ivs| {
        if let Some(output) = output {
            e.for_range(0, frames, &[], |e, f, _| {
                e.for_range(0, size, &[], |e, j, _| {
                    let step = e.index(step);
                    let start = e.muli(f, step);
                    let position = e.addi(start, j);
                    let value = delayed(e, [input, state], ivs, position, kept, i16_type)?;
                    let at: Vec<Value> = ivs.iter().copied().chain([f, j]).collect();
                    e.store(value, output, &at);
                    Ok(Vec::new())
                })
            })?;
        }
        if let Some(next) = next {
            e.for_range(0, kept, &[], |e, k, _| {
                let offset = e.index(samples);
                let position = e.addi(k, offset);
                let value = delayed(e, [input, state], ivs, position, kept, i16_type)?;
                let at: Vec<Value> = ivs.iter().copied().chain([k]).collect();
                e.store(value, next, &at);
                Ok(Vec::new())
            })?;
        }
        Ok(())
    })
}
