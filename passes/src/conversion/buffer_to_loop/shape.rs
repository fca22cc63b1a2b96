//! `shape`: TFLite Micro's `SHAPE` (`ExtractShape` in `shape.cc`), which writes the input's
//! dimensions as int32. Shapes are static in mc, so the kernel stores constants (the graph op
//! folds to the same constant before bufferization; this runs only when nothing folded it).
//!
//! ```text
//! loop.store %c1_i32, %out[%c0]
//! loop.store %c28_i32, %out[%c1]
//! ```

use super::emitter::KernelEmitter;
use mc_ir::Diagnostic;

/// Lowers `shape`.
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    for (index, dim) in e.shape(input).into_iter().enumerate() {
        let dim = i32::try_from(dim).map_err(|_| e.unsupported(format!("dimension {dim} does not fit int32")))?;
        let (value, at) = (e.i32(dim), e.index(index as i64));
        e.store(value, output, &[at]);
    }
    Ok(())
}
