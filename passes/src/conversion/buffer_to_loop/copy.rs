//! `buffer.copy`: one loop per dimension, each element loaded through the source's layout and
//! stored through the target's.

use super::emitter::KernelEmitter;
use mc_ir::Diagnostic;

/// Lowers `buffer.copy %source, %target`.
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (source, target) = (e.inputs[0], e.output);
    let shape = e.shape(target);
    e.nest(&shape, |e, ivs| {
        let value = e.load(source, ivs);
        e.store(value, target, ivs);
        Ok(())
    })
}
