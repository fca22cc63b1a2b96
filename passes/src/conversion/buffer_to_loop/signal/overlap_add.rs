//! `signal_overlap_add`: TFLite Micro's `SignalOverlapAdd` (`signal/micro/kernels/overlap_add.cc`,
//! `signal/src/overlap_add.cc`), one step. Each row's buffer holds the `S` unfinished samples
//! of its stream (zeros after `Prepare` and `Reset`); the kernel adds each of the row's `F`
//! frames onto it (int16 saturating after each frame), writes its first `frame_step` samples
//! out and shifts the buffer left by as many, zero-filling. Sample `p` of the row's stream
//! (`0 <= p < F · frame_step + S`) is therefore the state's (0 past its `S`) with every frame
//! `f` that covers it (`f · frame_step <= p < f · frame_step + S`) added in frame order: the
//! output is samples `[0, F · frame_step)`, the next state the `S` after.
//!
//! ```text
//! loop.for %r (rows) {
//!   loop.for %p = 0 to F * step { out[%r, %p] = sample(%p) }
//!   loop.for %k = 0 to S { next[%r, %k] = sample(F * step + %k) }
//! }
//! sample(%p) = fold over %f in [0, F) of (covered ? add(acc, in[%r, %f, %p - %f * step]) : acc),
//!              from (%p < S ? state[%r, %p] : 0)
//! ```
//!
//! The next state may share the state's buffer (the importer keeps it in a variable): the
//! output reads the old state first, and the new state's element `%k` reads the old one's
//! `F · step + %k`, past `%k`, which no earlier step has overwritten.

use super::super::emitter::{ElementKind, KernelEmitter};
use mc_dialects::arith::build::cmpi;
use mc_ir::{Diagnostic, Value};

/// Lowers `signal_overlap_add`.
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, state) = (e.inputs[0], e.inputs[1]);
    let (output, next) = (e.result_output(0), e.result_output(1));
    let step = e.int_attr("frame_step")?;
    let (shape, state_shape) = (e.shape(input), e.shape(state));
    let kind = e.kind(input);
    let kinds = [Some(state), output, next].iter().flatten().all(|&v| e.kind(v) == kind)
        && matches!(kind, ElementKind::Int16 | ElementKind::F32);
    let frame = shape.len().checked_sub(2).map(|rows| (shape[..rows].to_vec(), shape[rows], shape[rows + 1]));
    let Some((rows, frames, size)) = frame.filter(|(rows, _, size)| state_shape.split_last() == Some((size, rows)))
    else {
        return Err(e.unsupported_types("TFLite Micro overlap-adds frames [..., F, S] onto a state [..., S]"));
    };
    let stream: Vec<i64> = rows.iter().copied().chain([frames * step]).collect();
    if !kinds || !(1..=size).contains(&step) || output.is_some_and(|o| e.shape(o) != stream) {
        return Err(e.unsupported_types(
            "TFLite Micro overlap-adds i16 or f32 frames by a frame_step of 1 to the frame size, into its stream",
        ));
    }
    let row = Row { input, state, frames, step, size, kind };
    e.nest(&rows, |e, ivs| {
        if let Some(output) = output {
            e.for_range(0, frames * step, &[], |e, p, _| {
                let value = row.sample(e, ivs, p)?;
                let at: Vec<Value> = ivs.iter().copied().chain([p]).collect();
                e.store(value, output, &at);
                Ok(Vec::new())
            })?;
        }
        if let Some(next) = next {
            e.for_range(0, size, &[], |e, k, _| {
                let finished = e.index(frames * step);
                let position = e.addi(k, finished);
                let value = row.sample(e, ivs, position)?;
                let at: Vec<Value> = ivs.iter().copied().chain([k]).collect();
                e.store(value, next, &at);
                Ok(Vec::new())
            })?;
        }
        Ok(())
    })
}

/// One row's overlap-add: its frames, the state, the arithmetic.
struct Row {
    input: Value,
    state: Value,
    frames: i64,
    step: i64,
    size: i64,
    kind: ElementKind,
}

impl Row {
    /// Sample `position` of row `ivs`'s stream.
    fn sample(&self, e: &mut KernelEmitter<'_>, ivs: &[Value], position: Value) -> Result<Value, Diagnostic> {
        let element = e.element(self.state);
        let size = e.index(self.size);
        let in_state = cmpi(&mut e.b, "slt", position, size);
        let zero = if self.kind == ElementKind::F32 { e.f32(0.0) } else { e.int(0, 16) };
        let at = |position: Value| -> Vec<Value> { ivs.iter().copied().chain([position]).collect() };
        let from_state =
            e.if_else(in_state, &[element], |e| Ok(vec![e.load(self.state, &at(position))]), |_| Ok(vec![zero]))?[0];
        let step = e.index(self.step);
        let sums = e.for_range(0, self.frames, &[from_state], |e, f, carried| {
            let start = e.muli(f, step);
            let offset = e.binary("arith.subi", position, start);
            let started = cmpi(&mut e.b, "sle", start, position);
            let unfinished = cmpi(&mut e.b, "slt", offset, size);
            let covered = e.binary("arith.andi", started, unfinished);
            e.if_else(
                covered,
                &[element],
                |e| {
                    let frame_at: Vec<Value> = ivs.iter().copied().chain([f, offset]).collect();
                    let sample = e.load(self.input, &frame_at);
                    Ok(vec![self.add(e, carried[0], sample)])
                },
                |_| Ok(vec![carried[0]]),
            )
        })?;
        Ok(sums[0])
    }

    /// `acc + sample`: float, or int16 saturating as `OverlapAdd`'s `int32_t` sum clamped.
    fn add(&self, e: &mut KernelEmitter<'_>, acc: Value, sample: Value) -> Value {
        if self.kind == ElementKind::F32 {
            return e.binary("arith.addf", acc, sample);
        }
        let (acc, sample) = (e.extsi_i32(acc), e.extsi_i32(sample));
        let sum = e.addi(acc, sample);
        let (low, high) = (e.i32(i32::from(i16::MIN)), e.i32(i32::from(i16::MAX)));
        let clamped = e.clamp_si(sum, low, high);
        e.trunci(clamped, 16)
    }
}
