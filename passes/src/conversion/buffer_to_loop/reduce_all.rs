//! `reduce_all` over the `axes` attribute: TFLite Micro's `EvalAll` (`reduce_common.cc`),
//! `reference_ops::ReduceGeneric<bool>` with `in && current` folded from `true`, on `bool`
//! tensors only. The nest is [`AxesReduction`]'s.
//!
//! ```text
//! %acc = loop.for %r ... iter_args(%c = true) {
//!   %x = loop.load %input[..., %r, ...] : !buffer<...xi1>
//!   %a = arith.andi %c, %x : i1
//! }
//! loop.store %acc, %out[...]
//! ```

use super::emitter::{ElementKind, KernelEmitter};
use super::reduce_axes::AxesReduction;
use mc_ir::Diagnostic;

/// Lowers `reduce_all`.
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    if (e.kind(input), e.kind(output)) != (ElementKind::Bool, ElementKind::Bool) {
        return Err(e.unsupported(format!(
            "input '{}' and output '{}' (TFLite's REDUCE_ALL takes and gives bool)",
            e.type_text(input),
            e.type_text(output)
        )));
    }
    let reduction = AxesReduction::of(e)?;
    let init = e.int(1, 1);
    reduction.emit(e, init, &|e, acc, loaded| e.binary("arith.andi", acc, loaded), &|_, acc| acc)
}
