//! TFLite Micro's `DECODE` (custom code `TFLM_DECODE`): inputs in pairs, an encoded tensor and
//! its ancillary tensor (a DCM header and the decode type's data), one output per pair. Each pair
//! becomes one `graph.decode` located at its output; the importer checks what TFLite Micro's
//! `Prepare` checks (both inputs constant, the header, the data long enough) so a malformed
//! model is an error naming the operator and the pair.

use super::SubgraphImporter;
use crate::{DType, Operator, TFLM_DECODE};
use mc_dialects::graph::{DecodeOp, constant_bytes, decode_constant, support};
use mc_ir::rewrite::fold::constant_value;
use mc_ir::{BlockId, Builder, Diagnostic, InsertPoint};

impl SubgraphImporter<'_, '_> {
    /// Translates the `TFLM_DECODE` operator `index`: one `graph.decode` per input pair.
    pub(super) fn import_decode(
        &mut self,
        index: usize,
        operator: &Operator<'_>,
        body: BlockId,
    ) -> Result<(), Diagnostic> {
        if support::by_tflite_name(TFLM_DECODE).is_none() {
            return Err(self.op_error(index, format!("unsupported custom operator '{TFLM_DECODE}'")));
        }
        let (inputs, outputs) = (operator.inputs().len(), operator.outputs().len());
        if outputs == 0 || inputs != 2 * outputs || operator.outputs().contains(&None) {
            return Err(self.op_error(
                index,
                format!(
                    "{TFLM_DECODE} takes an encoded and an ancillary tensor per output, but the operator lists {inputs} \
                     inputs and {outputs} outputs"
                ),
            ));
        }
        for (pair, output) in operator.outputs().iter().flatten().copied().enumerate() {
            let mut bytes = Vec::with_capacity(2);
            let mut operands = Vec::with_capacity(2);
            for (position, what) in [(2 * pair, "encoded"), (2 * pair + 1, "ancillary")] {
                let value = self.input(index, operator, position, body)?;
                let tensor = operator.inputs()[position].expect("present: input() checked");
                let dtype = self.subgraph.tensors()[tensor].dtype();
                let data = constant_value(self.ctx, value).and_then(|attr| constant_bytes(self.ctx, attr));
                let problem = match (&data, dtype) {
                    (_, dtype) if dtype != DType::UInt8 => Some(format!("is {dtype}, not UINT8")),
                    (None, _) => Some("is not a constant (TFLite Micro decodes constant tensors only)".to_string()),
                    _ => None,
                };
                if let Some(problem) = problem {
                    return Err(
                        self.op_error(index, format!("{TFLM_DECODE}: the {what} tensor (input {position}) {problem}"))
                    );
                }
                bytes.push(data.expect("checked above"));
                operands.push(value);
            }
            let result = self.tensor_type(output, Some(index))?;
            if let Err(problem) = decode_constant(self.ctx, &bytes[0], &bytes[1], result) {
                return Err(self.op_error(index, format!("{TFLM_DECODE}: output {pair}: {problem}")));
            }
            let loc = self.tensor_loc(output, Some(index));
            let mut b = Builder::at(self.ctx, InsertPoint::end(body), loc);
            let op = DecodeOp::build(&mut b, operands[0], operands[1], result);
            self.values[output] = Some(op.0.result(0));
        }
        Ok(())
    }
}
