//! Custom operators: the ones the support table lists, each read with its options (a FlexBuffer
//! map: [`crate::DetectionPostprocessOptions`], [`crate::SignalWindowOptions`],
//! [`crate::SignalRfftOptions`]) into one `graph`
//! op; any other custom code is an error naming it.

use super::SubgraphImporter;
use crate::{
    DETECTION_POSTPROCESS, DType, DetectionPostprocessOptions, Operator, SIGNAL_FFT_AUTO_SCALE, SIGNAL_RFFT,
    SIGNAL_WINDOW, SignalRfftOptions, SignalWindowOptions,
};
use mc_dialects::graph::{
    DetectionAttrs, DetectionPostprocessOp, SignalFftAutoScaleOp, SignalRfftOp, SignalWindowOp, support,
};
use mc_ir::{BlockId, Builder, Diagnostic, InsertPoint, OpId, Type, Value};

/// The custom operators mc imports, with their inputs and outputs: `TFLite_Detection_PostProcess`
/// (box encodings, class predictions, anchors; boxes, classes, scores, number of detections),
/// `SignalWindow` (samples, weights; windowed samples), `SignalFftAutoScale` (frame; scaled
/// frame, scale bits), `SignalRfft` (rows; spectra).
const CUSTOM_ARITIES: [(&str, (usize, usize)); 4] =
    [(DETECTION_POSTPROCESS, (3, 4)), (SIGNAL_WINDOW, (2, 1)), (SIGNAL_FFT_AUTO_SCALE, (1, 2)), (SIGNAL_RFFT, (1, 1))];

impl SubgraphImporter<'_, '_> {
    /// Translates custom operator `index`, whose `custom_code` is `name`.
    pub(super) fn build_custom(
        &mut self,
        index: usize,
        operator: &Operator<'_>,
        name: &str,
        body: BlockId,
    ) -> Result<OpId, Diagnostic> {
        let arity = CUSTOM_ARITIES.iter().find(|(code, _)| *code == name).map(|&(_, arity)| arity);
        let Some((inputs, outputs)) = arity.filter(|_| support::by_tflite_name(name).is_some()) else {
            return Err(self.op_error(
                index,
                format!("unsupported custom operator '{name}' (`mcc --supported-ops` lists those mc compiles)"),
            ));
        };
        let listed = (operator.inputs().len(), operator.outputs().len());
        if listed != (inputs, outputs) || operator.outputs().contains(&None) {
            return Err(self.op_error(
                index,
                format!(
                    "{name} takes {inputs} inputs and writes {outputs} outputs, but the operator lists {} and {}",
                    listed.0, listed.1
                ),
            ));
        }
        let options = operator.custom_options().unwrap_or_default();
        let operands: Vec<Value> =
            (0..inputs).map(|i| self.input(index, operator, i, body)).collect::<Result<_, _>>()?;
        let results: Vec<Type> =
            operator.outputs().iter().flatten().map(|&t| self.tensor_type(t, Some(index))).collect::<Result<_, _>>()?;
        let loc = self.ctx.file_loc(self.file, 0, 0);
        match name {
            DETECTION_POSTPROCESS => {
                let options = DetectionPostprocessOptions::read(options)
                    .map_err(|r| self.op_error(index, format!("{name}: {r}")))?;
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
                let mut b = Builder::at(self.ctx, InsertPoint::end(body), loc);
                let operands = [operands[0], operands[1], operands[2]];
                let results = [results[0], results[1], results[2], results[3]];
                Ok(DetectionPostprocessOp::build(&mut b, operands, &attrs, results).0)
            }
            SIGNAL_WINDOW => {
                let options =
                    SignalWindowOptions::read(options).map_err(|r| self.op_error(index, format!("{name}: {r}")))?;
                let mut b = Builder::at(self.ctx, InsertPoint::end(body), loc);
                Ok(SignalWindowOp::build(&mut b, operands[0], operands[1], options.shift.into(), results[0]).0)
            }
            SIGNAL_RFFT => {
                let options =
                    SignalRfftOptions::read(options).map_err(|r| self.op_error(index, format!("{name}: {r}")))?;
                if options.tensor_type != DType::Int16 {
                    let reason =
                        format!("{name}: option 'T' is {}: mc compiles the INT16 real FFT only", options.tensor_type);
                    return Err(self.op_error(index, reason));
                }
                let mut b = Builder::at(self.ctx, InsertPoint::end(body), loc);
                Ok(SignalRfftOp::build(&mut b, operands[0], options.fft_length.into(), results[0]).0)
            }
            _ => {
                let mut b = Builder::at(self.ctx, InsertPoint::end(body), loc);
                Ok(SignalFftAutoScaleOp::build(&mut b, operands[0], [results[0], results[1]]).0)
            }
        }
    }
}
