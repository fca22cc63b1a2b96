//! `buffer.copy`: one loop per dimension, each element loaded through the source's layout and
//! stored through the target's. The pieces of `SPLIT`, `SPLIT_V` and `UNPACK` are such copies
//! (of strided views of the input), matching TFLite Micro's `SplitImpl` and `UnpackImpl`, which
//! copy each output's rows in turn: the same elements, in another order.

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
