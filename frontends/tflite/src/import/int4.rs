//! `INT4` weights: the filters of `FULLY_CONNECTED`, `CONV_2D` and `DEPTHWISE_CONV_2D` over int8
//! inputs may be 4-bit constants, two per byte, low nibble first (what TFLite's converter writes
//! for 4-bit-quantized models). TFLite Micro unpacks them into int8 scratch RAM before running
//! its int8 kernel (`tensor_utils::UnpackDenseInt4IntoInt8`); mc keeps them `i4`: the constant
//! is a `tensor<...x!quant.uniform<i4:f32, ...>>` whose dense elements hold one value per
//! element (as MLIR's dense elements hold `i4`), the kernels load `i4` values and
//! `loop-emulate-narrow-type` packs the constant two per byte again and reads it a byte at a
//! time, so flash holds what the file held and no RAM is spent unpacking.
//! Any other use of an `INT4` tensor is refused, as TFLite Micro refuses it: its kernels read
//! no other, and its `FULLY_CONNECTED` takes only per-tensor int4 weights.

use super::SubgraphImporter;
use crate::{BuiltinOp, DType, Operator, Quantization};
use mc_ir::{BlockId, Diagnostic, Value};

/// The input position of the filter in the operators that take `INT4` weights.
const FILTER_INPUT: usize = 1;

/// The values of `count` int4 values packed two per byte, low nibble first, one byte each,
/// sign-extended (an odd count leaves the last byte's high nibble unused): the elements of the
/// `i4` constant.
pub(super) fn unpack_int4(packed: &[u8], count: usize) -> Vec<u8> {
    (0..count)
        .map(|i| {
            let byte = packed[i / 2];
            let nibble = if i % 2 == 0 { byte << 4 } else { byte & 0xF0 };
            ((nibble as i8) >> 4) as u8
        })
        .collect()
}

impl SubgraphImporter<'_, '_> {
    /// The value of `INT4` tensor `t`, input `position` of operator `index`: an `i4` constant, or
    /// an error if TFLite Micro does not take int4 there.
    pub(super) fn int4_weights(
        &mut self,
        t: usize,
        index: usize,
        operator: &Operator<'_>,
        position: usize,
        body: BlockId,
    ) -> Result<Value, Diagnostic> {
        let subgraph = self.subgraph;
        let tensors = subgraph.tensors();
        let tensor = &tensors[t];
        let builtin = operator.opcode().builtin();
        let weighted =
            matches!(builtin, Some(BuiltinOp::FullyConnected | BuiltinOp::Conv2D | BuiltinOp::DepthwiseConv2D));
        let per_channel = matches!(tensor.quantization(), Some(Quantization::PerAxis { .. }));
        let int8_input =
            operator.inputs().first().copied().flatten().is_some_and(|i| tensors[i].dtype() == DType::Int8);
        let problem = if !(weighted && position == FILTER_INPUT && int8_input) {
            Some(
                "INT4 tensors are supported only as the filter (input 1) of FULLY_CONNECTED, CONV_2D and \
                 DEPTHWISE_CONV_2D over an int8 input",
            )
        } else if !tensor.is_constant() || tensor.is_sparse() {
            Some("INT4 weights must be a dense constant")
        } else if builtin == Some(BuiltinOp::FullyConnected) && per_channel {
            Some("FULLY_CONNECTED takes INT4 weights with one scale per tensor only (as TFLite Micro)")
        } else {
            None
        };
        if let Some(problem) = problem {
            let name = tensor.name();
            return Err(self.op_error(index, format!("tensor {t} '{name}': {problem}")));
        }
        if let Some(value) = self.values[t] {
            return Ok(value);
        }
        let count = tensor.num_elements().expect("a constant's shape was checked against its data") as usize;
        let data = unpack_int4(tensor.data().expect("checked constant"), count);
        let ty = super::types::tensor_type(self.ctx, tensor).map_err(|reason| {
            let name = tensor.name();
            self.op_error(index, format!("tensor {t} '{name}': {reason}"))
        })?;
        Ok(self.constant(t, ty, data, body))
    }
}

#[cfg(test)]
mod tests {
    use super::unpack_int4;

    #[test]
    fn low_nibble_first_sign_extended() {
        // TFLite's own example: {0x12, 0x34} is {2, 1, 4, 3}.
        assert_eq!(unpack_int4(&[0x12, 0x34], 4), vec![2, 1, 4, 3]);
        // 0x8 is -8, 0xF is -1, 0x7 is 7.
        assert_eq!(unpack_int4(&[0xF8, 0x07], 3), vec![-8i8 as u8, -1i8 as u8, 7]);
    }

    #[test]
    fn odd_count_ignores_the_last_high_nibble() {
        assert_eq!(unpack_int4(&[0x21, 0xF3], 3), vec![1, 2, 3]);
    }
}
