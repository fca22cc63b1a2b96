//! Custom operators: the ones the support table lists, each read with its options (a FlexBuffer
//! map: [`crate::DetectionPostprocessOptions`], [`crate::SignalWindowOptions`],
//! [`crate::SignalRfftOptions`], [`crate::read_signal_options`]) into one `graph` op; any other
//! custom code is an error naming it.
//!
//! `SignalFilterBankSpectralSubtraction` keeps a noise estimate, `SignalDelay` the last
//! `delay_length` samples of each row, `SignalFramer` the samples its frames overlap,
//! `SignalStacker` the frames it has not stacked yet (and its last stack) and `SignalOverlapAdd` each row's unfinished frame from
//! one invocation to the next (TFLite Micro's persistent buffers, zeroed at `Prepare` and
//! `Reset`): each becomes a variable, read before the op and assigned the op's next state after,
//! so the state is persistent memory, zeroed at init and by `model_reset_state`, as SVDF's.
//! `CIRCULAR_BUFFER` keeps two: its slots (its output tensor, which TFLite Micro shifts in
//! place, as plain storage bytes: zeros at first) and the invocations counted towards the next
//! valid one.

use super::SubgraphImporter;
use crate::{
    CIRCULAR_BUFFER, DETECTION_POSTPROCESS, DType, DetectionPostprocessOptions, Operator, SIGNAL_DELAY, SIGNAL_ENERGY,
    SIGNAL_FFT_AUTO_SCALE, SIGNAL_FILTER_BANK, SIGNAL_FILTER_BANK_LOG, SIGNAL_FILTER_BANK_SPECTRAL_SUBTRACTION,
    SIGNAL_FILTER_BANK_SQUARE_ROOT, SIGNAL_FRAMER, SIGNAL_IRFFT, SIGNAL_OVERLAP_ADD, SIGNAL_PCAN, SIGNAL_RFFT,
    SIGNAL_STACKER, SIGNAL_WINDOW, SPECTRAL_SUBTRACTION_OPTIONS, STACKER_OPTIONS, SignalRfftOptions,
    SignalWindowOptions, read_signal_options,
};
use mc_dialects::graph::{
    AssignVariableOp, CircularBufferOp, DetectionAttrs, DetectionPostprocessOp, ReadVariableOp, SignalDelayOp,
    SignalEnergyOp, SignalFftAutoScaleOp, SignalFilterBankLogOp, SignalFilterBankOp,
    SignalFilterBankSpectralSubtractionOp, SignalFilterBankSquareRootOp, SignalFramerOp, SignalIrfftOp,
    SignalOverlapAddOp, SignalPcanOp, SignalRfftOp, SignalStackerOp, SignalWindowOp, VarHandleOp,
    signal_stacker_state_length, support,
};
use mc_ir::{BlockId, Builder, Diagnostic, InsertPoint, OpId, Signedness, Type, TypeKind, Value};

/// The container of the variables holding custom operators' state between invocations.
const SIGNAL_STATE_CONTAINER: &str = "tflite.signal_state";

/// The custom operators mc imports, with their inputs and outputs: `TFLite_Detection_PostProcess`
/// (box encodings, class predictions, anchors; boxes, classes, scores, number of detections),
/// `SignalWindow` (samples, weights; windowed samples), `SignalFftAutoScale` (frame; scaled
/// frame, scale bits), `SignalRfft` (rows; spectra), `SignalIrfft` (spectra; rows), `SignalEnergy` (spectrum; energies),
/// `SignalFilterBank` (energies, weights, unweights, the three channel tables; channels),
/// `SignalFilterBankSquareRoot` (channels, scale bits; roots), `SignalFilterBankSpectralSubtraction`
/// (channels; channels, noise estimate), `SignalPCAN` (channels, noise estimate, gain table;
/// channels), `SignalFilterBankLog` (channels; logs), `SignalDelay` (rows; delayed rows),
/// `SignalFramer` (rows; frames, valid), `SignalStacker` (frame; stack, valid),
/// `SignalOverlapAdd` (frames; stream), `CIRCULAR_BUFFER` (input; slots, valid).
const CUSTOM_ARITIES: [(&str, (usize, usize)); 16] = [
    (DETECTION_POSTPROCESS, (3, 4)),
    (SIGNAL_WINDOW, (2, 1)),
    (SIGNAL_FFT_AUTO_SCALE, (1, 2)),
    (SIGNAL_RFFT, (1, 1)),
    (SIGNAL_IRFFT, (1, 1)),
    (SIGNAL_ENERGY, (1, 1)),
    (SIGNAL_FILTER_BANK, (6, 1)),
    (SIGNAL_FILTER_BANK_SQUARE_ROOT, (2, 1)),
    (SIGNAL_FILTER_BANK_SPECTRAL_SUBTRACTION, (1, 2)),
    (SIGNAL_PCAN, (3, 1)),
    (SIGNAL_FILTER_BANK_LOG, (1, 1)),
    (SIGNAL_DELAY, (1, 1)),
    (SIGNAL_FRAMER, (1, 2)),
    (SIGNAL_STACKER, (1, 2)),
    (SIGNAL_OVERLAP_ADD, (1, 1)),
    (CIRCULAR_BUFFER, (1, 2)),
];

/// The slot counts for which TFLite Micro's `CircularBufferPrepare` picks a `cycles_max` of 1
/// when the options give none (or 0); 2 otherwise, but for its `[_, _, 2, 96]` exception.
const CIRCULAR_BUFFER_SINGLE_CYCLE_SLOTS: [i64; 3] = [5, 13, 25];

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
        if name == CIRCULAR_BUFFER && listed == (1, 1) {
            return Err(self.op_error(
                index,
                format!(
                    "{name} without its 'valid' output ends TFLite Micro's invocation early (kTfLiteAbort) until \
                     cycles_max inputs have arrived: mc compiles the form with a bool 'valid' output"
                ),
            ));
        }
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
        let read = |this: &mut Self, keys: &[&str]| {
            read_signal_options(options, name, keys).map_err(|r| this.op_error(index, format!("{name}: {r}")))
        };
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
            SIGNAL_RFFT | SIGNAL_IRFFT => {
                let options =
                    SignalRfftOptions::read(options).map_err(|r| self.op_error(index, format!("{name}: {r}")))?;
                let input = operator.inputs()[0].expect("checked: present");
                let dtype = self.subgraph.tensors()[input].dtype();
                let problem = if ![DType::Int16, DType::Int32, DType::Float32].contains(&options.tensor_type) {
                    Some(format!(
                        "option 'T' is {}: mc compiles INT16, INT32 and FLOAT32 transforms",
                        options.tensor_type
                    ))
                } else if options.tensor_type != dtype {
                    Some(format!("option 'T' is {}, but the input is {dtype}", options.tensor_type))
                } else {
                    None
                };
                if let Some(problem) = problem {
                    return Err(self.op_error(index, format!("{name}: {problem}")));
                }
                let mut b = Builder::at(self.ctx, InsertPoint::end(body), loc);
                let length = options.fft_length.into();
                Ok(if name == SIGNAL_RFFT {
                    SignalRfftOp::build(&mut b, operands[0], length, results[0]).0
                } else {
                    SignalIrfftOp::build(&mut b, operands[0], length, results[0]).0
                })
            }
            SIGNAL_ENERGY => {
                let [end, start] = read(self, &["end_index", "start_index"])?[..] else { unreachable!("two keys") };
                let mut b = Builder::at(self.ctx, InsertPoint::end(body), loc);
                Ok(SignalEnergyOp::build(&mut b, operands[0], start, end, results[0]).0)
            }
            SIGNAL_FILTER_BANK => {
                let channels = read(self, &["num_channels"])?[0];
                self.check_channels(index, name, channels, results[0], "output")?;
                let mut b = Builder::at(self.ctx, InsertPoint::end(body), loc);
                let operands = [operands[0], operands[1], operands[2], operands[3], operands[4], operands[5]];
                Ok(SignalFilterBankOp::build(&mut b, operands, results[0]).0)
            }
            SIGNAL_FILTER_BANK_SQUARE_ROOT => {
                let mut b = Builder::at(self.ctx, InsertPoint::end(body), loc);
                Ok(SignalFilterBankSquareRootOp::build(&mut b, operands[0], operands[1], results[0]).0)
            }
            SIGNAL_FILTER_BANK_SPECTRAL_SUBTRACTION => {
                let values = read(self, &SPECTRAL_SUBTRACTION_OPTIONS)?;
                let option =
                    |key: &str| values[SPECTRAL_SUBTRACTION_OPTIONS.iter().position(|&k| k == key).expect("a key")];
                self.check_channels(index, name, option("num_channels"), results[0], "output")?;
                let attrs = mc_dialects::graph::SPECTRAL_SUBTRACTION_ATTRS.map(option);
                let clamping = option("clamping") != 0;
                let estimate = operator.outputs()[1].expect("checked: no missing output");
                let mut b = Builder::at(self.ctx, InsertPoint::end(body), loc);
                Ok(with_state(&mut b, &format!("tensor_{estimate}"), results[1], |b, old| {
                    let results = [results[0], results[1]];
                    SignalFilterBankSpectralSubtractionOp::build(b, operands[0], old, attrs, clamping, results).0
                }))
            }
            SIGNAL_DELAY => {
                let delay = read(self, &["delay_length"])?[0];
                let shape = self.ctx.tensor_parts(results[0]).map(|(shape, _)| shape.to_vec()).unwrap_or_default();
                if delay < 1 || shape.is_empty() {
                    let reason = format!(
                        "{name}: option 'delay_length' is {delay} on rows of rank {}: mc compiles delays of 1 or more \
                         samples of rows of rank 1 or more",
                        shape.len()
                    );
                    return Err(self.op_error(index, reason));
                }
                let state = self.i16_rows(shape, delay);
                Ok(self.with_row_state(operator, body, state, |b, old| {
                    SignalDelayOp::build(b, operands[0], old, [results[0], state]).0
                }))
            }
            SIGNAL_FRAMER => {
                let [size, step, prefill] = read(self, &["frame_size", "frame_step", "prefill"])?[..] else {
                    unreachable!("three keys")
                };
                let shape = self.ctx.tensor_parts(self.ctx.value_type(operands[0])).map(|(s, _)| s.to_vec());
                let shape = shape.unwrap_or_default();
                let problem = if prefill == 0 {
                    Some("option 'prefill' is false: mc compiles prefilled framers only".to_string())
                } else if !(1..size).contains(&step) {
                    Some(format!(
                        "option 'frame_step' is {step}: mc compiles steps of 1 to frame_size - 1 ({size} - 1)"
                    ))
                } else if shape.last().is_none_or(|&samples| samples % step != 0) {
                    Some(format!("rows of shape {shape:?} are not a whole number of {step}-sample steps"))
                } else {
                    None
                };
                if let Some(problem) = problem {
                    return Err(self.op_error(index, format!("{name}: {problem}")));
                }
                let state = self.i16_rows(shape, size - step);
                Ok(self.with_row_state(operator, body, state, |b, old| {
                    SignalFramerOp::build(b, operands[0], old, [size, step], [results[0], results[1], state]).0
                }))
            }
            SIGNAL_STACKER => {
                let [channels, left, right, step] = read(self, &STACKER_OPTIONS)?[..] else {
                    unreachable!("four keys")
                };
                let input_type = self.ctx.value_type(operands[0]);
                self.check_channels(index, name, channels, input_type, "input")?;
                let frames = left.max(0) + right.max(0) + 1;
                let problem = if left < 0 || right < 0 {
                    Some(format!(
                        "options 'stacker_left_context' {left} and 'stacker_right_context' {right}: contexts are 0 or more frames"
                    ))
                } else if !(1..=frames).contains(&step) {
                    Some(format!(
                        "option 'stacker_step' is {step}: mc compiles steps of 1 to the {frames} frames stacked"
                    ))
                } else if self.ctx.tensor_parts(results[0]).map(|(shape, _)| shape.to_vec())
                    != Some(vec![frames * channels])
                {
                    Some(format!("the output must hold the {frames} frames of {channels} channels stacked"))
                } else {
                    None
                };
                if let Some(problem) = problem {
                    return Err(self.op_error(index, format!("{name}: {problem}")));
                }
                let i16_type = self.ctx.integer_type(16);
                let state = self.ctx.tensor_type(vec![signal_stacker_state_length(channels, frames)], i16_type);
                Ok(self.with_row_state(operator, body, state, |b, old| {
                    SignalStackerOp::build(b, operands[0], old, [left, right, step], [results[0], results[1], state]).0
                }))
            }
            SIGNAL_OVERLAP_ADD => {
                let [code, step] = read(self, &["T", "frame_step"])?[..] else { unreachable!("two keys") };
                let input = operator.inputs()[0].expect("checked: present");
                let dtype = self.subgraph.tensors()[input].dtype();
                let named = i8::try_from(code).ok().and_then(DType::from_code);
                let (shape, element) = match self.ctx.tensor_parts(self.ctx.value_type(operands[0])) {
                    Some((shape, element)) => (shape.to_vec(), element),
                    None => (Vec::new(), results[0]),
                };
                let frame = shape.len().checked_sub(2).map(|rows| (&shape[..rows], shape[rows + 1]));
                let problem = match (named, frame) {
                    (_, None) => Some(format!("the input has rank {}: frames have rank 2 or more", shape.len())),
                    (Some(t), _) if t != dtype => Some(format!("option 'T' is {code}, but the input is {dtype}")),
                    (None, _) => Some(format!("option 'T' is {code}, not a tensor type")),
                    (_, Some((_, size))) if !(1..=size).contains(&step) => {
                        Some(format!("option 'frame_step' is {step}: mc compiles steps of 1 to the frame size {size}"))
                    }
                    _ => None,
                };
                if let Some(problem) = problem {
                    return Err(self.op_error(index, format!("{name}: {problem}")));
                }
                let (rows, size) = frame.expect("checked");
                let state_shape: Vec<i64> = rows.iter().copied().chain([size]).collect();
                let state = self.ctx.tensor_type(state_shape, element);
                Ok(self.with_row_state(operator, body, state, |b, old| {
                    SignalOverlapAddOp::build(b, operands[0], old, step, [results[0], state]).0
                }))
            }
            CIRCULAR_BUFFER => {
                let cycles_max = if options.is_empty() { 0 } else { read(self, &["cycles_max"])?[0] };
                let shape = |ty| self.ctx.tensor_parts(ty).map_or(Vec::new(), |(shape, _)| shape.to_vec());
                let (input, slots) = (shape(self.ctx.value_type(operands[0])), shape(results[0]));
                let problem = match (&input[..], &slots[..]) {
                    _ if cycles_max > i64::from(i32::MAX) => Some(format!(
                        "option 'cycles_max' is {cycles_max}: TFLite Micro reads it as an int32 (at most {})",
                        i32::MAX
                    )),
                    ([1, 1, rows, depth], [1, count, rows2, depth2]) if rows == rows2 && depth == depth2 => {
                        let exception = [*rows, *depth] == [2, 96];
                        (cycles_max <= 0 && !CIRCULAR_BUFFER_SINGLE_CYCLE_SLOTS.contains(count) && exception).then(
                            || {
                                "no cycles_max for slots of [2, 96]: TFLite Micro then picks 1 or 2 from how many \
                                 circular buffers the process prepared before"
                                    .to_string()
                            },
                        )
                    }
                    _ => Some(format!(
                        "the input {input:?} must be [1, 1, H, D] and the output {slots:?} [1, S, H, D], as TFLite \
                         Micro's kernel takes them"
                    )),
                };
                if let Some(problem) = problem {
                    return Err(self.op_error(index, format!("{name}: {problem}")));
                }
                let cycles_max = match cycles_max {
                    1.. => cycles_max,
                    _ if CIRCULAR_BUFFER_SINGLE_CYCLE_SLOTS.contains(&slots[1]) => 1,
                    _ => 2,
                };
                let output = operator.outputs()[0].expect("checked: no missing output");
                let u32_type = self.ctx.intern_type(TypeKind::Integer { width: 32, signedness: Signedness::Unsigned });
                let count = self.ctx.tensor_type(vec![1], u32_type);
                let i8_type = self.ctx.integer_type(8);
                let storage = self.ctx.tensor_type(slots.clone(), i8_type);
                let mut b = Builder::at(self.ctx, InsertPoint::end(body), loc);
                let slots_handle =
                    VarHandleOp::build(&mut b, SIGNAL_STATE_CONTAINER, &format!("tensor_{output}"), storage);
                let count_handle =
                    VarHandleOp::build(&mut b, SIGNAL_STATE_CONTAINER, &format!("tensor_{output}_count"), count);
                let old_slots = ReadVariableOp::build(&mut b, slots_handle.handle(), storage).result();
                let old_count = ReadVariableOp::build(&mut b, count_handle.handle(), count).result();
                let op = CircularBufferOp::build(
                    &mut b,
                    [operands[0], old_slots, old_count],
                    cycles_max,
                    [results[0], results[1], storage, count],
                );
                let next = b.ctx.results(op.0);
                AssignVariableOp::build(&mut b, slots_handle.handle(), next[2]);
                AssignVariableOp::build(&mut b, count_handle.handle(), next[3]);
                Ok(op.0)
            }
            SIGNAL_PCAN => {
                let shift = read(self, &["snr_shift"])?[0];
                let mut b = Builder::at(self.ctx, InsertPoint::end(body), loc);
                Ok(SignalPcanOp::build(&mut b, [operands[0], operands[1], operands[2]], shift, results[0]).0)
            }
            SIGNAL_FILTER_BANK_LOG => {
                let [bits, scale] = read(self, &["input_correction_bits", "output_scale"])?[..] else {
                    unreachable!("two keys")
                };
                let mut b = Builder::at(self.ctx, InsertPoint::end(body), loc);
                Ok(SignalFilterBankLogOp::build(&mut b, operands[0], bits, scale, results[0]).0)
            }
            _ => {
                let mut b = Builder::at(self.ctx, InsertPoint::end(body), loc);
                Ok(SignalFftAutoScaleOp::build(&mut b, operands[0], [results[0], results[1]]).0)
            }
        }
    }

    /// The type of int16 rows shaped as `shape` (rank 1 or more) but `samples` long.
    fn i16_rows(&mut self, mut shape: Vec<i64>, samples: i64) -> Type {
        *shape.last_mut().expect("checked: rank 1 or more") = samples;
        let i16_type = self.ctx.integer_type(16);
        self.ctx.tensor_type(shape, i16_type)
    }

    /// [`with_state`] at the end of `body`, the variable named after `operator`'s first output
    /// (the rows whose state it keeps).
    fn with_row_state(
        &mut self,
        operator: &Operator<'_>,
        body: BlockId,
        state: Type,
        build: impl FnOnce(&mut Builder<'_>, Value) -> OpId,
    ) -> OpId {
        let output = operator.outputs()[0].expect("checked: no missing output");
        let loc = self.ctx.file_loc(self.file, 0, 0);
        let mut b = Builder::at(self.ctx, InsertPoint::end(body), loc);
        with_state(&mut b, &format!("tensor_{output}"), state, build)
    }

    /// An error unless option `num_channels` of `name` is the length of its `what` (of type `ty`),
    /// which TFLite Micro trusts: it loops over `num_channels` and copies whole tensors.
    fn check_channels(
        &mut self,
        index: usize,
        name: &str,
        channels: i64,
        ty: Type,
        what: &str,
    ) -> Result<(), Diagnostic> {
        let length = self.ctx.tensor_parts(ty).and_then(|(shape, _)| (shape.len() == 1).then_some(shape[0]));
        if length == Some(channels) {
            return Ok(());
        }
        let holds = length.map_or("no channels (it is not a vector)".to_string(), |l| format!("{l} channels"));
        Err(self.op_error(index, format!("{name}: option 'num_channels' is {channels}, but the {what} holds {holds}")))
    }
}

/// A stateful op `build` makes from its state before the step (`graph.read_variable` of a
/// variable named `name` in [`SIGNAL_STATE_CONTAINER`] holding `state`), whose last result is
/// assigned back as the state after the step.
fn with_state(
    b: &mut Builder<'_>,
    name: &str,
    state: Type,
    build: impl FnOnce(&mut Builder<'_>, Value) -> OpId,
) -> OpId {
    let handle = VarHandleOp::build(b, SIGNAL_STATE_CONTAINER, name, state).handle();
    let old = ReadVariableOp::build(b, handle, state).result();
    let op = build(b, old);
    let last = *b.ctx.results(op).last().expect("a stateful op has its next state as a result");
    AssignVariableOp::build(b, handle, last);
    op
}
