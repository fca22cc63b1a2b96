//! `dynamic_update_slice`: TFLite Micro's `DYNAMIC_UPDATE_SLICE` (`dynamic_update_slice.cc`): the
//! operand copied to the result (unless they share storage), then the update written over it
//! from the start indices. The indices are run-time int32 or int64 values, each clamped into
//! `[0, operand - update]` as `CalculateClampedStartIndices` does, so the update always lands
//! inside; no arithmetic on the elements (f32, int8, int32 as TFLM's source; int16 too, which
//! the installed interpreter also takes). Ranks up to 6.
//!
//! ```text
//! loop.for %i, %j { loop.store (loop.load %operand[%i, %j]), %out[%i, %j] }
//! %s0 = index_cast (clamp (loop.load %starts[%c0]), 0, 4 - 2)   // once per dimension
//! loop.for %i, %j { loop.store (loop.load %update[%i, %j]), %out[%s0 + %i, %s1 + %j] }
//! ```

use super::emitter::KernelEmitter;
use mc_dialects::graph::MAX_DYNAMIC_UPDATE_SLICE_RANK;
use mc_ir::{Diagnostic, Value};

/// Lowers `dynamic_update_slice` (inputs `operand`, `update`, `start_indices`).
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (operand, update, starts, out) = (e.inputs[0], e.inputs[1], e.inputs[2], e.output);
    let (shape, update_shape) = (e.shape(out), e.shape(update));
    if shape.len() > MAX_DYNAMIC_UPDATE_SLICE_RANK || update_shape.len() != shape.len() {
        return Err(e.unsupported(format!(
            "operand rank {} with an update of rank {} (TFLite Micro updates equal ranks up to {MAX_DYNAMIC_UPDATE_SLICE_RANK})",
            shape.len(),
            update_shape.len()
        )));
    }
    if operand != out {
        e.nest(&shape, |e, ivs| {
            let value = e.load(operand, ivs);
            e.store(value, out, ivs);
            Ok(())
        })?;
    }
    if update_shape.contains(&0) {
        return Ok(());
    }
    let begins: Vec<Value> =
        (0..shape.len()).map(|i| clamped_start(e, starts, i, shape[i] - update_shape[i])).collect();
    e.nest(&update_shape, |e, ivs| {
        let value = e.load(update, ivs);
        let written: Vec<Value> = begins.iter().zip(ivs).map(|(&begin, &iv)| e.addi(begin, iv)).collect();
        e.store(value, out, &written);
        Ok(())
    })
}

/// Start index `i`, loaded and clamped into `[0, last]`, as an index.
fn clamped_start(e: &mut KernelEmitter<'_>, starts: Value, i: usize, last: i64) -> Value {
    let at = e.index(i as i64);
    let raw = e.load(starts, &[at]);
    let width = e.b.ctx.integer_width(e.b.ctx.value_type(raw)).unwrap_or(32);
    let (low, high) = (e.int(0, width), e.int(last, width));
    let clamped = e.clamp_si(raw, low, high);
    let index = e.b.ctx.index_type();
    e.unary("arith.index_cast", clamped, index)
}
