//! Reductions over an index range that unroll when the range is short and known at compile
//! time: a 3x3 depthwise tap window or a 1-to-4-channel inner loop costs more in loop control
//! than in arithmetic, so such reductions become straight-line code with constant indices;
//! anything else stays a `loop.for` carrying the accumulators.

use super::emitter::KernelEmitter;
use mc_dialects::arith::build::constant_int_value;
use mc_ir::{Diagnostic, Value};

/// The compile-time trip count of `lo..hi` when both are constants.
pub fn constant_trip_count(e: &KernelEmitter<'_>, lo: Value, hi: Value) -> Option<i64> {
    let lo = constant_int_value(e.b.ctx, lo)?;
    let hi = constant_int_value(e.b.ctx, hi)?;
    i64::try_from((hi - lo).max(0)).ok()
}

/// `body(e, i, accs)` folded over `i` in `lo..hi` from `inits`; unrolled (constant `i`) when the
/// trip count is a constant of at most `unroll_limit`, else a `loop.for` carrying the
/// accumulators. Returns the final accumulators.
pub fn reduce(
    e: &mut KernelEmitter<'_>,
    (lo, hi): (Value, Value),
    inits: &[Value],
    unroll_limit: i64,
    mut body: impl FnMut(&mut KernelEmitter<'_>, Value, &[Value]) -> Result<Vec<Value>, Diagnostic>,
) -> Result<Vec<Value>, Diagnostic> {
    match (constant_trip_count(e, lo, hi), constant_int_value(e.b.ctx, lo)) {
        (Some(count), Some(first)) if count <= unroll_limit => {
            let first = first as i64;
            let mut accs = inits.to_vec();
            for i in first..first + count {
                let index = e.index(i);
                accs = body(e, index, &accs)?;
            }
            Ok(accs)
        }
        _ => e.for_loop(lo, hi, inits, body),
    }
}
