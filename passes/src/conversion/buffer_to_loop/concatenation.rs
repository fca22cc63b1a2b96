//! `concatenation`: TFLite Micro's `reference_ops::Concatenation` as pure data movement. Each
//! input is copied by its own nest into its slab of the result along `axis` (result index =
//! input index + the sizes of the inputs before it along `axis`). TFLM copies bytes without
//! requantization; the verifier of `buffer.kernel` requires every input to have the result's
//! element type (quantization included) and no fused activation, so both mean the same.
//!
//! TFLite Micro's other limits are kept: at most 10 inputs, rank ≤ 4.

use super::emitter::KernelEmitter;
use mc_ir::{Diagnostic, Value};

/// TFLite Micro's `kMaxInputNum`.
const MAX_INPUTS: usize = 10;

/// The highest rank TFLite Micro concatenates.
const MAX_RANK: usize = 4;

/// TFLite Micro's limits on a concatenation of `inputs` tensors of rank `rank`: an error saying
/// which one it exceeds. `buffer-inplace-concat` only removes concatenations within them.
pub fn check_limits(inputs: usize, rank: usize) -> Result<(), String> {
    if inputs > MAX_INPUTS {
        return Err(format!("{inputs} inputs (TFLite Micro takes at most {MAX_INPUTS})"));
    }
    if rank > MAX_RANK {
        return Err(format!("rank {rank} (TFLite Micro concatenates at most rank {MAX_RANK})"));
    }
    Ok(())
}

/// Lowers `concatenation` (attribute `axis`, negative counts from the end).
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let output = e.output;
    let rank = e.shape(output).len();
    // The verifier of buffer.kernel checks that `axis` is in `[-rank, rank)`.
    let axis = e.int_attr("axis")?;
    let axis = if axis < 0 { axis + rank as i64 } else { axis } as usize;
    check_limits(e.inputs.len(), rank).map_err(|m| e.unsupported(m))?;
    let inputs = e.inputs.clone();
    let mut offset = 0;
    for input in inputs {
        let shape = e.shape(input);
        let shift = e.index(offset);
        e.nest(&shape, |e, ivs| {
            let value = e.load(input, ivs);
            let mut indices: Vec<Value> = ivs.to_vec();
            if offset != 0 {
                indices[axis] = e.addi(ivs[axis], shift);
            }
            e.store(value, output, &indices);
            Ok(())
        })?;
        offset += shape[axis];
    }
    Ok(())
}
