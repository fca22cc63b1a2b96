//! Placeholder: strided_slice kernels are not lowered yet (being written).

use super::emitter::KernelEmitter;
use mc_ir::Diagnostic;

/// Not lowered yet: an unsupported error.
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    Err(e.unsupported("no loop lowering yet"))
}
