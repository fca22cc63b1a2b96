//! Custom operators: the ones the support table lists, each read with its options (a FlexBuffer
//! map, [`crate::DetectionPostprocessOptions`]) into one `graph` op; any other custom code is an
//! error naming it.

use super::SubgraphImporter;
use crate::{DETECTION_POSTPROCESS, DetectionPostprocessOptions, Operator};
use mc_dialects::graph::{DetectionAttrs, DetectionPostprocessOp, support};
use mc_ir::{BlockId, Builder, Diagnostic, InsertPoint, OpId, Type, Value};

/// `TFLite_Detection_PostProcess`'s inputs (box encodings, class predictions, anchors) and
/// outputs (boxes, classes, scores, number of detections).
const DETECTION_ARITY: (usize, usize) = (3, 4);

impl SubgraphImporter<'_, '_> {
    /// Translates custom operator `index`, whose `custom_code` is `name`.
    pub(super) fn build_custom(
        &mut self,
        index: usize,
        operator: &Operator<'_>,
        name: &str,
        body: BlockId,
    ) -> Result<OpId, Diagnostic> {
        if name != DETECTION_POSTPROCESS || support::by_tflite_name(name).is_none() {
            return Err(self.op_error(
                index,
                format!("unsupported custom operator '{name}' (`mcc --supported-ops` lists those mc compiles)"),
            ));
        }
        let (inputs, outputs) = (operator.inputs().len(), operator.outputs().len());
        if (inputs, outputs) != DETECTION_ARITY || operator.outputs().contains(&None) {
            return Err(self.op_error(
                index,
                format!(
                    "{name} takes {} inputs and writes {} outputs, but the operator lists {inputs} and {outputs}",
                    DETECTION_ARITY.0, DETECTION_ARITY.1
                ),
            ));
        }
        let options = DetectionPostprocessOptions::read(operator.custom_options().unwrap_or_default())
            .map_err(|reason| self.op_error(index, format!("{name}: {reason}")))?;
        let operands: Vec<Value> =
            (0..DETECTION_ARITY.0).map(|i| self.input(index, operator, i, body)).collect::<Result<_, _>>()?;
        let results: Vec<Type> =
            operator.outputs().iter().flatten().map(|&t| self.tensor_type(t, Some(index))).collect::<Result<_, _>>()?;
        let attrs = DetectionAttrs {
            max_detections: options.max_detections.into(),
            max_classes_per_detection: options.max_classes_per_detection.into(),
            detections_per_class: options.detections_per_class.into(),
            use_regular_nms: options.use_regular_nms,
            nms_score_threshold: options.nms_score_threshold,
            nms_iou_threshold: options.nms_iou_threshold,
            num_classes: options.num_classes.into(),
            scales: options.scales,
        };
        let loc = self.ctx.file_loc(self.file, 0, 0);
        let mut b = Builder::at(self.ctx, InsertPoint::end(body), loc);
        let operands = [operands[0], operands[1], operands[2]];
        let results = [results[0], results[1], results[2], results[3]];
        Ok(DetectionPostprocessOp::build(&mut b, operands, &attrs, results).0)
    }
}
