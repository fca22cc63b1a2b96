//! `broadcast_args`: TFLite Micro's `BROADCAST_ARGS` (`reference_ops::BroadcastArgs`) of two
//! run-time shapes (constant ones fold in `graph-canonicalize`). Aligned at the end, a missing
//! dimension reads as 1 (the constant, no load); each result dimension is the second shape's where the first's is 1,
//! else the first's. Where both differ from 1 and from each other TFLM aborts
//! (`TFLITE_CHECK_EQ`); mc writes the first shape's dimension there. The shapes are short and
//! their lengths static, so the kernel is unrolled: no loop.
//!
//! ```text
//! %a = loop.load %lhs[%c1]
//! %b = loop.load %rhs[%c0]
//! %one = arith.cmpi eq, %a, %c1_i32
//! %d = arith.select %one, %b, %a
//! loop.store %d, %out[%c1]
//! ```

use super::emitter::KernelEmitter;
use mc_dialects::arith::build::{cmpi, select};
use mc_ir::{Diagnostic, Value};

/// Lowers `broadcast_args`.
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (lhs, rhs, out) = (e.inputs[0], e.inputs[1], e.output);
    let width = match e.b.ctx.integer_width(e.element(out)) {
        Some(width @ (32 | 64)) => width,
        _ => return Err(e.unsupported(format!("result '{}' (int32 and int64 shapes are lowered)", e.type_text(out)))),
    };
    let count = e.shape(out).first().copied().unwrap_or(0);
    let one = e.int(1, width);
    for backward in 0..count {
        let b = dimension_from_end(e, rhs, backward).unwrap_or(one);
        // A dimension the first shape lacks reads as 1: the second's is taken.
        let dim = match dimension_from_end(e, lhs, backward) {
            Some(a) => {
                let a_is_one = cmpi(&mut e.b, "eq", a, one);
                select(&mut e.b, a_is_one, b, a)
            }
            None => b,
        };
        let at = e.index(count - 1 - backward);
        e.store(dim, out, &[at]);
    }
    Ok(())
}

/// Dimension `backward` counted from the end of the 1-D `shape`, loaded; `None` past its start.
fn dimension_from_end(e: &mut KernelEmitter<'_>, shape: Value, backward: i64) -> Option<Value> {
    let length = e.shape(shape)[0];
    let at = e.index(length.checked_sub(backward + 1).filter(|&i| i >= 0)?);
    Some(e.load(shape, &[at]))
}
