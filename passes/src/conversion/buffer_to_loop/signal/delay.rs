//! `signal_delay`: TFLite Micro's `SignalDelay` (`signal/micro/kernels/delay.cc`), one step. Each
//! row's circular buffer holds the last `D` samples (zeros after `Prepare` and `Reset`); the
//! kernel writes the row's `N` samples after them, reads the first `N` out and discards them,
//! leaving the last `D` of `state ++ input`:
//!
//! ```text
//! loop.for %r (rows) {
//!   loop.for %j = 0 to N { out[%r, %j] = %j < D ? state[%r, %j] : in[%r, %j - D] }
//!   loop.for %k = 0 to D { next[%r, %k] = N + %k < D ? state[%r, N + %k] : in[%r, N + %k - D] }
//! }
//! ```
//!
//! The next state may share the state's buffer (the importer keeps it in a variable): the
//! output is read from the old state first, and the new state's element `%k` reads the old
//! one's `N + %k`, which no earlier step has overwritten.

use super::super::emitter::{ElementKind, KernelEmitter};
use mc_dialects::arith::build::cmpi;
use mc_ir::{Diagnostic, Type, Value};

/// Lowers `signal_delay`.
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, state) = (e.inputs[0], e.inputs[1]);
    let (output, next) = (e.result_output(0), e.result_output(1));
    let (shape, state_shape) = (e.shape(input), e.shape(state));
    let kinds = [Some(input), Some(state), output, next].iter().flatten().all(|&v| e.kind(v) == ElementKind::Int16);
    let shapes = output.is_none_or(|o| e.shape(o) == shape) && next.is_none_or(|n| e.shape(n) == state_shape);
    let (Some((&samples, rows)), Some((&delay, state_rows))) = (shape.split_last(), state_shape.split_last()) else {
        return Err(e.unsupported_types("TFLite Micro delays i16 rows"));
    };
    if !kinds || !shapes || rows != state_rows || delay < 1 {
        return Err(e.unsupported_types("TFLite Micro delays i16 rows by a state of i16 rows of 1 or more samples"));
    }
    let i16_type = e.b.ctx.integer_type(16);
    let rows = rows.to_vec();
    e.nest(&rows, |e, ivs| {
        if let Some(output) = output {
            e.for_range(0, samples, &[], |e, j, _| {
                let value = delayed(e, [input, state], ivs, j, delay, i16_type)?;
                let at: Vec<Value> = ivs.iter().copied().chain([j]).collect();
                e.store(value, output, &at);
                Ok(Vec::new())
            })?;
        }
        if let Some(next) = next {
            e.for_range(0, delay, &[], |e, k, _| {
                let offset = e.index(samples);
                let position = e.addi(k, offset);
                let value = delayed(e, [input, state], ivs, position, delay, i16_type)?;
                let at: Vec<Value> = ivs.iter().copied().chain([k]).collect();
                e.store(value, next, &at);
                Ok(Vec::new())
            })?;
        }
        Ok(())
    })
}

/// Element `position` of row `ivs` of `state ++ input` (the state `delay` samples long); the
/// framer's streams too.
pub(super) fn delayed(
    e: &mut KernelEmitter<'_>,
    [input, state]: [Value; 2],
    ivs: &[Value],
    position: Value,
    delay: i64,
    i16_type: Type,
) -> Result<Value, Diagnostic> {
    let length = e.index(delay);
    let in_state = cmpi(&mut e.b, "slt", position, length);
    e.if_else(
        in_state,
        &[i16_type],
        |e| {
            let at: Vec<Value> = ivs.iter().copied().chain([position]).collect();
            Ok(vec![e.load(state, &at)])
        },
        |e| {
            let shifted = e.binary("arith.subi", position, length);
            let at: Vec<Value> = ivs.iter().copied().chain([shifted]).collect();
            Ok(vec![e.load(input, &at)])
        },
    )
    .map(|values| values[0])
}
