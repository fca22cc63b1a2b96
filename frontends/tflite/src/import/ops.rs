//! One TFLite operator as one `graph` op: operands, options as attributes, the result type.

use super::SubgraphImporter;
use crate::{
    Activation as TflActivation, BuiltinOp, BuiltinOptions, DType, MirrorPadMode, OpKind, Operator,
    Padding as TflPadding, ResizeOptions, TFLM_DECODE, WeightsFormat,
};
use mc_dialects::graph::attributes::{Activation, Padding};
use mc_dialects::graph::support;
use mc_dialects::graph::*;
use mc_ir::{BlockId, Builder, Diagnostic, InsertPoint, Type, Value};

/// The input of `SVDF` that holds its bias (optional in TFLite's schema, required by TFLite Micro).
const SVDF_BIAS_INPUT: usize = 3;

/// The input of `SVDF` that holds its activation state (a variable tensor).
const SVDF_STATE_INPUT: usize = 4;

/// The inputs of `UNIDIRECTIONAL_SEQUENCE_LSTM` that TFLite Micro's kernel requires, in the
/// order of `graph.lstm`'s operands but the states: the input, the eight gate weights and the
/// four gate biases.
const LSTM_REQUIRED_INPUTS: [usize; 13] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 12, 13, 14, 15];

/// The inputs of `UNIDIRECTIONAL_SEQUENCE_LSTM` that hold its hidden and cell states (variable
/// tensors).
const LSTM_STATE_INPUTS: [usize; 2] = [18, 19];

/// The inputs of `UNIDIRECTIONAL_SEQUENCE_LSTM`'s variants TFLite Micro's kernel refuses, and
/// what they are.
const LSTM_REFUSED_INPUTS: [(usize, &str); 9] = [
    (9, "peephole"),
    (10, "peephole"),
    (11, "peephole"),
    (16, "projection"),
    (17, "projection"),
    (20, "layer normalisation"),
    (21, "layer normalisation"),
    (22, "layer normalisation"),
    (23, "layer normalisation"),
];

/// The `container` of the variables made of TFLite variable tensors (state updated in place by
/// an operator), told apart from resource variables; their `shared_name` is the tensor's name.
const VARIABLE_TENSOR_CONTAINER: &str = "tflite.variable_tensor";

fn activation(a: TflActivation) -> Activation {
    match a {
        TflActivation::None => Activation::None,
        TflActivation::Relu => Activation::Relu,
        TflActivation::ReluN1To1 => Activation::ReluN1To1,
        TflActivation::Relu6 => Activation::Relu6,
        TflActivation::Tanh => Activation::Tanh,
        TflActivation::SignBit => Activation::SignBit,
    }
}

fn padding(p: TflPadding) -> Padding {
    match p {
        TflPadding::Same => Padding::Same,
        TflPadding::Valid => Padding::Valid,
    }
}

fn resize(o: &ResizeOptions) -> ResizeAttrs {
    ResizeAttrs { align_corners: o.align_corners, half_pixel_centers: o.half_pixel_centers }
}

impl SubgraphImporter<'_, '_> {
    /// An error about operator `index`, located at its first output (or the file).
    pub(super) fn op_error(&mut self, index: usize, message: impl std::fmt::Display) -> Diagnostic {
        let operator = &self.subgraph.operators()[index];
        let loc = match operator.outputs().iter().flatten().next() {
            Some(&t) => self.tensor_loc(t, Some(index)),
            None => self.ctx.file_loc(self.file, 0, 0),
        };
        Diagnostic::error(loc, format!("{}{message}", self.context_text(Some(index))))
    }

    /// Translates operator `index` into `body`.
    pub(super) fn import_operator(
        &mut self,
        index: usize,
        operator: &Operator<'_>,
        body: BlockId,
    ) -> Result<(), Diagnostic> {
        if let OpKind::Custom(name) = operator.opcode().kind() {
            if name == TFLM_DECODE {
                return self.import_decode(index, operator, body);
            }
            let op = self.build_custom(index, operator, name, body)?;
            self.bind_outputs(index, operator, op);
            return Ok(());
        }
        // Checked first: CALL_ONCE has no outputs. The support table is the list of operators mc
        // compiles.
        let supported = operator.opcode().builtin().filter(|b| support::by_tflite_name(b.name()).is_some());
        let Some(builtin) = supported else {
            return Err(self.op_error(index, "unsupported operator (`mcc --supported-ops` lists those mc compiles)"));
        };
        let outputs: Vec<usize> = operator.outputs().iter().flatten().copied().collect();
        let listed = operator.outputs().len();
        // The splits write one tensor per piece, every one present; IF and WHILE one per value
        // of their subgraphs; the others one tensor.
        let several = matches!(
            builtin,
            BuiltinOp::Split | BuiltinOp::SplitV | BuiltinOp::Unpack | BuiltinOp::If | BuiltinOp::While
        );
        let expected_outputs = usize::from(!matches!(builtin, BuiltinOp::AssignVariable | BuiltinOp::CallOnce));
        let counted = if several { listed > 0 } else { listed == expected_outputs };
        if !counted || outputs.len() != listed {
            let listed: Vec<String> =
                operator.outputs().iter().map(|t| t.map_or("-1".to_string(), |t| t.to_string())).collect();
            let expected = match (several, expected_outputs) {
                (true, _) => "one or more outputs, none missing".to_string(),
                (false, 1) => "1 output".to_string(),
                (false, n) => format!("{n} outputs"),
            };
            return Err(
                self.op_error(index, format!("expected {expected}, but the operator lists [{}]", listed.join(", ")))
            );
        }
        let results = outputs.iter().map(|&t| self.tensor_type(t, Some(index))).collect::<Result<Vec<_>, _>>()?;
        let op = match builtin {
            BuiltinOp::If | BuiltinOp::While | BuiltinOp::CallOnce => {
                self.import_control_flow(index, operator, builtin, &results, body)?
            }
            _ => self.build_operator(index, operator, builtin, &results, body)?,
        };
        self.bind_outputs(index, operator, op);
        Ok(())
    }

    /// Locates `op`, built for operator `index`, at its first output tensor and makes its results
    /// the values of the operator's outputs.
    pub(super) fn bind_outputs(&mut self, index: usize, operator: &Operator<'_>, op: mc_ir::OpId) {
        let outputs: Vec<usize> = operator.outputs().iter().flatten().copied().collect();
        match outputs.first() {
            Some(&t) => {
                let loc = self.tensor_loc(t, Some(index));
                self.ctx.set_loc(op, loc);
                for (position, &t) in outputs.iter().enumerate() {
                    self.values[t] = Some(op.result(position));
                }
            }
            // ASSIGN_VARIABLE and CALL_ONCE write no tensor: `loc("op#i"(file))`.
            None => {
                let file = self.ctx.file_loc(self.file, 0, 0);
                let loc = self.ctx.name_loc(&format!("op#{index}"), Some(file));
                self.ctx.set_loc(op, loc);
            }
        }
    }

    /// Operand `position` of operator `index`, which must be present.
    pub(super) fn input(
        &mut self,
        index: usize,
        operator: &Operator<'_>,
        position: usize,
        body: BlockId,
    ) -> Result<Value, Diagnostic> {
        match self.optional_input(index, operator, position, body)? {
            Some(value) => Ok(value),
            None => Err(self.op_error(index, format!("input {position} is missing"))),
        }
    }

    /// Operand `position` of operator `index`, `None` when absent (`-1` or past the end).
    fn optional_input(
        &mut self,
        index: usize,
        operator: &Operator<'_>,
        position: usize,
        body: BlockId,
    ) -> Result<Option<Value>, Diagnostic> {
        match operator.inputs().get(position).copied().flatten() {
            Some(t) if self.subgraph.tensors()[t].dtype() == DType::Int4 => {
                self.int4_weights(t, index, operator, position, body).map(Some)
            }
            Some(t) => self.value(t, Some(index), body).map(Some),
            None => Ok(None),
        }
    }

    /// The type of the variable a `VAR_HANDLE` (operator `index`) refers to: the value assigned
    /// to it or read from it by a later operator of the subgraph.
    fn variable_type(&mut self, index: usize) -> Result<Type, Diagnostic> {
        let handle = self.subgraph.operators()[index].outputs().iter().flatten().next().copied();
        let found = self.subgraph.operators().iter().enumerate().skip(index + 1).find_map(|(i, op)| {
            let builtin = op.opcode().builtin()?;
            if op.inputs().first().copied().flatten() != handle {
                return None;
            }
            match builtin {
                BuiltinOp::AssignVariable => op.inputs().get(1).copied().flatten().map(|t| (t, i)),
                BuiltinOp::ReadVariable => op.outputs().first().copied().flatten().map(|t| (t, i)),
                _ => None,
            }
        });
        match found {
            Some((tensor, user)) => self.tensor_type(tensor, Some(user)),
            None => {
                Err(self
                    .op_error(index, "no READ_VARIABLE or ASSIGN_VARIABLE uses this variable, so its type is unknown"))
            }
        }
    }

    /// The variable tensor that operator `index` takes as input `position` and updates in place
    /// (an SVDF's activation state): the name of the variable it becomes and its type.
    fn state_variable(
        &mut self,
        index: usize,
        operator: &Operator<'_>,
        position: usize,
    ) -> Result<(String, Type), Diagnostic> {
        let Some(t) = operator.inputs().get(position).copied().flatten() else {
            return Err(self.op_error(index, format!("input {position} (the state) is missing")));
        };
        let tensor = &self.subgraph.tensors()[t];
        if !tensor.is_variable() || tensor.is_constant() || self.values[t].is_some() {
            let name = tensor.name().to_string();
            return Err(self.op_error(
                index,
                format!(
                    "input {position} (the state), tensor {t} '{name}', must be a variable tensor that is no constant, subgraph input or other operator's output"
                ),
            ));
        }
        // Named after the tensor; unnamed or with a name another tensor shares, after its index.
        let tensors = self.subgraph.tensors();
        let shared = tensors.iter().enumerate().any(|(i, other)| i != t && other.name() == tensor.name());
        let name = if tensor.name().is_empty() || shared { format!("tensor_{t}") } else { tensor.name().to_string() };
        Ok((name, self.tensor_type(t, Some(index))?))
    }

    /// `UNIDIRECTIONAL_SEQUENCE_LSTM`: its two states read from variables, `graph.lstm` for the
    /// output, the final states computed and assigned back; TFLite Micro's checks on which inputs
    /// are present.
    fn build_lstm(
        &mut self,
        index: usize,
        operator: &Operator<'_>,
        results: &[Type],
        body: BlockId,
    ) -> Result<mc_ir::OpId, Diagnostic> {
        if operator.inputs().len() != 24 || operator.outputs().len() != 1 {
            let (inputs, outputs) = (operator.inputs().len(), operator.outputs().len());
            let message = format!("has {inputs} inputs and {outputs} outputs (TFLite Micro requires 24 and 1)");
            return Err(self.op_error(index, message));
        }
        for (position, what) in LSTM_REFUSED_INPUTS {
            if operator.inputs()[position].is_some() {
                let message = format!(
                    "input {position} ({what}) is not supported: TFLite Micro's kernel refuses LSTMs with {what} tensors"
                );
                return Err(self.op_error(index, message));
            }
        }
        let mut operands = Vec::new();
        for position in LSTM_REQUIRED_INPUTS {
            if operator.inputs()[position].is_none() {
                let what = if (1..=8).contains(&position) { "a gate weight" } else { "a gate bias" };
                let message = format!(
                    "input {position} ({what}) is missing: TFLite Micro's kernel requires all eight gate weights and \
                     four biases (no CIFG)"
                );
                return Err(self.op_error(index, message));
            }
            operands.push(self.input(index, operator, position, body)?);
        }
        let states = [
            self.state_variable(index, operator, LSTM_STATE_INPUTS[0])?,
            self.state_variable(index, operator, LSTM_STATE_INPUTS[1])?,
        ];
        let o = match operator.options() {
            BuiltinOptions::SequenceLstm(o) => *o,
            BuiltinOptions::None => match BuiltinOptions::schema_defaults(BuiltinOp::UnidirectionalSequenceLstm) {
                BuiltinOptions::SequenceLstm(o) => o,
                _ => unreachable!("the LSTM's options"),
            },
            _ => return Err(self.op_error(index, "has options of another operator")),
        };
        let options = LstmOptions {
            activation: activation(o.fused_activation),
            cell_clip: o.cell_clip,
            time_major: o.time_major,
        };
        let result_type = results.first().copied().unwrap_or_else(|| self.ctx.none_type());
        let loc = self.ctx.file_loc(self.file, 0, 0);
        let b = &mut Builder::at(self.ctx, InsertPoint::end(body), loc);
        let handles =
            states.map(|(name, ty)| (VarHandleOp::build(b, VARIABLE_TENSOR_CONTAINER, &name, ty).handle(), ty));
        for (handle, ty) in handles {
            operands.push(ReadVariableOp::build(b, handle, ty).result());
        }
        let operands: [Value; 15] = operands.try_into().expect("13 inputs and 2 states");
        let lstm = LstmOp::build(b, &operands, options, result_type);
        let (hidden, cell) = (lstm.final_hidden_state(), lstm.final_cell_state());
        AssignVariableOp::build(b, handles[0].0, hidden);
        AssignVariableOp::build(b, handles[1].0, cell);
        Ok(lstm.0)
    }

    fn build_operator(
        &mut self,
        index: usize,
        operator: &Operator<'_>,
        builtin: BuiltinOp,
        results: &[Type],
        body: BlockId,
    ) -> Result<mc_ir::OpId, Diagnostic> {
        use BuiltinOp as B;
        if builtin == B::UnidirectionalSequenceLstm {
            return self.build_lstm(index, operator, results, body);
        }
        let required = match builtin {
            B::Conv2D | B::DepthwiseConv2D | B::FullyConnected => 2,
            B::Add | B::Sub | B::Mul | B::Maximum | B::Minimum | B::Prelu | B::AssignVariable => 2,
            B::Div | B::FloorDiv | B::FloorMod | B::SquaredDifference => 2,
            B::Gather | B::GatherNd | B::ExpandDims | B::Fill | B::BroadcastTo | B::BroadcastArgs => 2,
            B::EmbeddingLookup => 2,
            B::Equal | B::NotEqual | B::Less | B::LessEqual | B::Greater | B::GreaterEqual => 2,
            B::LogicalAnd | B::LogicalOr => 2,
            B::SelectV2 | B::SplitV | B::DynamicUpdateSlice => 3,
            B::Split => 2,
            B::StridedSlice => 4,
            B::TransposeConv => 3,
            B::BatchMatMul => 2,
            B::Concatenation | B::AddN | B::Pack => operator.inputs().len(),
            B::Svdf => 3,
            B::Slice => 3,
            B::ResizeBilinear | B::ResizeNearestNeighbor => 2,
            B::SpaceToBatchNd | B::BatchToSpaceNd => 3,
            B::VarHandle => 0,
            _ => 1,
        };
        if builtin == B::Svdf && operator.inputs().get(SVDF_BIAS_INPUT).copied().flatten().is_none() {
            return Err(self.op_error(
                index,
                "an SVDF without a bias (input 3) is not supported: TFLite Micro's kernel fails without one",
            ));
        }
        let mut inputs = Vec::new();
        for position in 0..required {
            inputs.push(self.input(index, operator, position, body)?);
        }
        let optional = self.optional_input(index, operator, required, body)?;
        // No options table means the table's defaults, as TFLite reads it.
        let defaults;
        let options = match operator.options() {
            BuiltinOptions::None => {
                defaults = BuiltinOptions::schema_defaults(builtin);
                &defaults
            }
            options => options,
        };
        if let BuiltinOptions::FullyConnected(o) = options
            && o.weights_format != WeightsFormat::Default
        {
            return Err(self.op_error(index, "shuffled weights formats are not supported"));
        }
        // Without a bias, TFLite Micro's 16x8 kernels accumulate in 32 bits when the options ask
        // for an int32 bias type, in 64 bits otherwise; mc's follow the bias tensor.
        let bias_type = match options {
            BuiltinOptions::Conv2D(o) => o.quantized_bias_type,
            BuiltinOptions::FullyConnected(o) => o.quantized_bias_type,
            _ => None,
        };
        let int16_input = operator.inputs().first().copied().flatten().map(|t| self.subgraph.tensors()[t].dtype())
            == Some(DType::Int16);
        if optional.is_none() && int16_input && bias_type == Some(DType::Int32) {
            return Err(self.op_error(
                index,
                "a 16x8 operator without a bias but with quantized_bias_type INT32 (32-bit accumulation) is not supported",
            ));
        }
        if let BuiltinOptions::Pack(o) = options
            && usize::try_from(o.values_count).ok() != Some(inputs.len())
        {
            let message = format!("values_count is {}, but the operator has {} inputs", o.values_count, inputs.len());
            return Err(self.op_error(index, message));
        }
        // How many pieces the options ask for must be how many outputs the operator lists.
        let pieces = match options {
            BuiltinOptions::Split(o) | BuiltinOptions::SplitV(o) => Some(("num_splits", o.num_splits)),
            BuiltinOptions::Unpack(o) => Some(("num", o.num)),
            _ => None,
        };
        if let Some((name, count)) = pieces
            && usize::try_from(count).ok() != Some(results.len())
        {
            return Err(
                self.op_error(index, format!("{name} is {count}, but the operator has {} outputs", results.len()))
            );
        }
        let variable_type = if builtin == B::VarHandle { Some(self.variable_type(index)?) } else { None };
        // TRANSPOSE_CONV's output shape (its operand 0) must be known: the result's shape.
        let output_shape = if builtin == B::TransposeConv {
            match mc_dialects::graph::shapes::constant_ints(self.ctx, inputs[0]) {
                Some(shape) => Some(shape),
                None => {
                    return Err(self.op_error(index, "output_shape (input 0) must be a constant tensor"));
                }
            }
        } else {
            None
        };
        let state =
            if builtin == B::Svdf { Some(self.state_variable(index, operator, SVDF_STATE_INPUT)?) } else { None };
        // PADV2's constant_values, after its paddings.
        let pad_value = if builtin == B::PadV2 { self.optional_input(index, operator, 2, body)? } else { None };
        let result_type = match results.first() {
            Some(&ty) => ty,
            None => self.ctx.none_type(),
        };
        let loc = self.ctx.file_loc(self.file, 0, 0);
        let mut builder = Builder::at(self.ctx, InsertPoint::end(body), loc);
        let b = &mut builder;
        let op = match (builtin, options) {
            (B::Conv2D, BuiltinOptions::Conv2D(o)) => {
                let attrs = Conv2DAttrs {
                    stride_h: o.stride_h.into(),
                    stride_w: o.stride_w.into(),
                    dilation_h: o.dilation_h_factor.into(),
                    dilation_w: o.dilation_w_factor.into(),
                    padding: padding(o.padding).into(),
                    fused_activation: activation(o.fused_activation),
                };
                Some(Conv2DOp::build(b, inputs[0], inputs[1], optional, &attrs, result_type).0)
            }
            (B::DepthwiseConv2D, BuiltinOptions::DepthwiseConv2D(o)) => {
                let attrs = DepthwiseConv2DAttrs {
                    conv: Conv2DAttrs {
                        stride_h: o.stride_h.into(),
                        stride_w: o.stride_w.into(),
                        dilation_h: o.dilation_h_factor.into(),
                        dilation_w: o.dilation_w_factor.into(),
                        padding: padding(o.padding).into(),
                        fused_activation: activation(o.fused_activation),
                    },
                    depth_multiplier: o.depth_multiplier.into(),
                };
                Some(DepthwiseConv2DOp::build(b, inputs[0], inputs[1], optional, &attrs, result_type).0)
            }
            (B::TransposeConv, BuiltinOptions::TransposeConv(o)) => {
                // TFLite's operands: output_shape, weights, input, bias.
                let attrs = TransposeConvAttrs {
                    output_shape: output_shape.unwrap_or_default(),
                    stride_h: o.stride_h.into(),
                    stride_w: o.stride_w.into(),
                    padding: padding(o.padding),
                    fused_activation: activation(o.fused_activation),
                };
                Some(TransposeConvOp::build(b, inputs[2], inputs[1], optional, &attrs, result_type).0)
            }
            (B::BatchMatMul, BuiltinOptions::BatchMatMul(o)) => {
                Some(BatchMatMulOp::build(b, inputs[0], inputs[1], o.adj_x, o.adj_y, result_type).0)
            }
            (B::FullyConnected, BuiltinOptions::FullyConnected(o)) => {
                let act = activation(o.fused_activation);
                Some(FullyConnectedOp::build(b, inputs[0], inputs[1], optional, act, o.keep_num_dims, result_type).0)
            }
            (B::Add, BuiltinOptions::Add(o)) => {
                Some(AddOp::build(b, inputs[0], inputs[1], activation(o.fused_activation), result_type).0)
            }
            (B::Sub, BuiltinOptions::Sub(o)) => {
                Some(SubOp::build(b, inputs[0], inputs[1], activation(o.fused_activation), result_type).0)
            }
            (B::Mul, BuiltinOptions::Mul(o)) => {
                Some(MulOp::build(b, inputs[0], inputs[1], activation(o.fused_activation), result_type).0)
            }
            (B::Div, BuiltinOptions::Div(o)) => {
                Some(DivOp::build(b, inputs[0], inputs[1], activation(o.fused_activation), result_type).0)
            }
            (B::FloorDiv, _) => Some(FloorDivOp::build(b, inputs[0], inputs[1], result_type).0),
            (B::FloorMod, _) => Some(FloorModOp::build(b, inputs[0], inputs[1], result_type).0),
            (B::SquaredDifference, _) => Some(SquaredDifferenceOp::build(b, inputs[0], inputs[1], result_type).0),
            (B::AddN, _) => Some(AddNOp::build(b, &inputs, result_type).0),
            (B::AveragePool2D | B::MaxPool2D | B::L2Pool2D, BuiltinOptions::Pool2D(o)) => {
                let attrs = Pool2DAttrs {
                    filter_h: o.filter_height.into(),
                    filter_w: o.filter_width.into(),
                    stride_h: o.stride_h.into(),
                    stride_w: o.stride_w.into(),
                    padding: padding(o.padding).into(),
                    fused_activation: activation(o.fused_activation),
                };
                Some(match builtin {
                    B::AveragePool2D => AvgPool2DOp::build(b, inputs[0], &attrs, result_type).0,
                    B::MaxPool2D => MaxPool2DOp::build(b, inputs[0], &attrs, result_type).0,
                    _ => L2Pool2DOp::build(b, inputs[0], &attrs, result_type).0,
                })
            }
            (B::Reshape, options) => {
                // A shape operand wins over the options' `new_shape`, as in TFLite.
                let new_shape: Option<Vec<i64>> = match (&optional, options) {
                    (None, BuiltinOptions::Reshape(o)) => {
                        o.new_shape.as_ref().map(|s| s.iter().map(|&d| i64::from(d)).collect())
                    }
                    _ => None,
                };
                Some(ReshapeOp::build(b, inputs[0], optional, new_shape.as_deref(), result_type).0)
            }
            (B::ResizeBilinear, BuiltinOptions::ResizeBilinear(o)) => {
                let attrs = resize(o);
                Some(ResizeBilinearOp::build(b, inputs[0], Some(inputs[1]), None, attrs, result_type).0)
            }
            (B::ResizeNearestNeighbor, BuiltinOptions::ResizeNearestNeighbor(o)) => {
                let attrs = resize(o);
                Some(ResizeNearestNeighborOp::build(b, inputs[0], Some(inputs[1]), None, attrs, result_type).0)
            }
            (B::DepthToSpace, BuiltinOptions::DepthToSpace(o)) => {
                Some(DepthToSpaceOp::build(b, inputs[0], o.block_size.into(), result_type).0)
            }
            (B::SpaceToDepth, BuiltinOptions::SpaceToDepth(o)) => {
                Some(SpaceToDepthOp::build(b, inputs[0], o.block_size.into(), result_type).0)
            }
            (B::SpaceToBatchNd, _) => {
                Some(SpaceToBatchNdOp::build(b, inputs[0], Some((inputs[1], inputs[2])), None, result_type).0)
            }
            (B::BatchToSpaceNd, _) => {
                Some(BatchToSpaceNdOp::build(b, inputs[0], Some((inputs[1], inputs[2])), None, result_type).0)
            }
            (B::Softmax, BuiltinOptions::Softmax(o)) => Some(SoftmaxOp::build(b, inputs[0], o.beta, result_type).0),
            (B::Logistic, _) => Some(LogisticOp::build(b, inputs[0], result_type).0),
            (B::Tanh, _) => Some(TanhOp::build(b, inputs[0], result_type).0),
            (B::Relu, _) => Some(ReluOp::build(b, inputs[0], result_type).0),
            (B::Relu6, _) => Some(Relu6Op::build(b, inputs[0], result_type).0),
            (B::ReluN1To1, _) => Some(ReluN1To1Op::build(b, inputs[0], result_type).0),
            (B::LeakyRelu, BuiltinOptions::LeakyRelu(o)) => {
                Some(LeakyReluOp::build(b, inputs[0], o.alpha, result_type).0)
            }
            (B::Prelu, _) => Some(PreluOp::build(b, inputs[0], inputs[1], result_type).0),
            (B::HardSwish, _) => Some(HardSwishOp::build(b, inputs[0], result_type).0),
            (B::Maximum, _) => Some(MaximumOp::build(b, inputs[0], inputs[1], result_type).0),
            (B::Minimum, _) => Some(MinimumOp::build(b, inputs[0], inputs[1], result_type).0),
            (B::Neg, _) => Some(NegOp::build(b, inputs[0], result_type).0),
            (B::LogSoftmax, _) => Some(LogSoftmaxOp::build(b, inputs[0], result_type).0),
            (B::L2Normalization, BuiltinOptions::L2Norm(o)) => {
                Some(L2NormalizationOp::build(b, inputs[0], activation(o.fused_activation), result_type).0)
            }
            (B::Abs, _) => Some(AbsOp::build(b, inputs[0], result_type).0),
            (B::Rsqrt, _) => Some(RsqrtOp::build(b, inputs[0], result_type).0),
            (B::Sqrt, _) => Some(SqrtOp::build(b, inputs[0], result_type).0),
            (B::Exp, _) => Some(ExpOp::build(b, inputs[0], result_type).0),
            (B::Log, _) => Some(LogOp::build(b, inputs[0], result_type).0),
            (B::Square, _) => Some(SquareOp::build(b, inputs[0], result_type).0),
            (B::Sin, _) => Some(SinOp::build(b, inputs[0], result_type).0),
            (B::Cos, _) => Some(CosOp::build(b, inputs[0], result_type).0),
            (B::Floor, _) => Some(FloorOp::build(b, inputs[0], result_type).0),
            (B::Ceil, _) => Some(CeilOp::build(b, inputs[0], result_type).0),
            (B::Round, _) => Some(RoundOp::build(b, inputs[0], result_type).0),
            (B::Elu, _) => Some(EluOp::build(b, inputs[0], result_type).0),
            (B::Equal, _) => Some(EqualOp::build(b, inputs[0], inputs[1], result_type).0),
            (B::NotEqual, _) => Some(NotEqualOp::build(b, inputs[0], inputs[1], result_type).0),
            (B::Less, _) => Some(LessOp::build(b, inputs[0], inputs[1], result_type).0),
            (B::LessEqual, _) => Some(LessEqualOp::build(b, inputs[0], inputs[1], result_type).0),
            (B::Greater, _) => Some(GreaterOp::build(b, inputs[0], inputs[1], result_type).0),
            (B::GreaterEqual, _) => Some(GreaterEqualOp::build(b, inputs[0], inputs[1], result_type).0),
            (B::LogicalAnd, _) => Some(LogicalAndOp::build(b, inputs[0], inputs[1], result_type).0),
            (B::LogicalOr, _) => Some(LogicalOrOp::build(b, inputs[0], inputs[1], result_type).0),
            (B::LogicalNot, _) => Some(LogicalNotOp::build(b, inputs[0], result_type).0),
            (B::SelectV2, _) => Some(SelectV2Op::build(b, inputs[0], inputs[1], inputs[2], result_type).0),
            // TFLite Micro reads the tensors' types, not the options' (output_type, in/out_data_type).
            (B::ArgMax, _) => Some(ArgMaxOp::build(b, inputs[0], optional, None, result_type).0),
            (B::ArgMin, _) => Some(ArgMinOp::build(b, inputs[0], optional, None, result_type).0),
            (B::Cast, _) => Some(CastOp::build(b, inputs[0], result_type).0),
            (B::Quantize, _) => Some(QuantizeOp::build(b, inputs[0], result_type).0),
            (B::Dequantize, _) => Some(DequantizeOp::build(b, inputs[0], result_type).0),
            (B::Mean, BuiltinOptions::Reducer(o)) => {
                Some(MeanOp::build(b, inputs[0], optional, None, o.keep_dims, result_type).0)
            }
            (B::Sum, BuiltinOptions::Reducer(o)) => {
                Some(SumOp::build(b, inputs[0], optional, None, o.keep_dims, result_type).0)
            }
            (B::Cumsum, BuiltinOptions::Cumsum(o)) => {
                Some(CumsumOp::build(b, inputs[0], optional, None, (o.exclusive, o.reverse), result_type).0)
            }
            (B::ReduceMax, BuiltinOptions::Reducer(o)) => {
                Some(ReduceMaxOp::build(b, inputs[0], optional, None, o.keep_dims, result_type).0)
            }
            (B::ReduceMin, BuiltinOptions::Reducer(o)) => {
                Some(ReduceMinOp::build(b, inputs[0], optional, None, o.keep_dims, result_type).0)
            }
            (B::ReduceAll, BuiltinOptions::Reducer(o)) => {
                Some(ReduceAllOp::build(b, inputs[0], optional, None, o.keep_dims, result_type).0)
            }
            (B::Pad, _) => Some(PadOp::build(b, inputs[0], optional, None, result_type).0),
            (B::MirrorPad, BuiltinOptions::MirrorPad(o)) => {
                let symmetric = o.mode == MirrorPadMode::Symmetric;
                Some(MirrorPadOp::build(b, inputs[0], optional, None, symmetric, result_type).0)
            }
            // Without constant_values, PADV2 pads as PAD does (TFLite Micro runs both alike).
            (B::PadV2, _) => match pad_value {
                Some(value) => Some(PadV2Op::build(b, inputs[0], value, optional, None, result_type).0),
                None => Some(PadOp::build(b, inputs[0], optional, None, result_type).0),
            },
            (B::Gather, BuiltinOptions::Gather(o)) => {
                Some(GatherOp::build(b, inputs[0], inputs[1], o.axis.into(), o.batch_dims.into(), result_type).0)
            }
            (B::GatherNd, _) => Some(GatherNdOp::build(b, inputs[0], inputs[1], result_type).0),
            (B::DynamicUpdateSlice, _) => {
                Some(DynamicUpdateSliceOp::build(b, inputs[0], inputs[1], inputs[2], result_type).0)
            }
            // EMBEDDING_LOOKUP lists the ids first; the graph op takes the value first.
            (B::EmbeddingLookup, _) => Some(EmbeddingLookupOp::build(b, inputs[1], inputs[0], result_type).0),
            (B::ReverseV2, _) => Some(ReverseV2Op::build(b, inputs[0], optional, None, result_type).0),
            (B::Transpose, _) => Some(TransposeOp::build(b, inputs[0], optional, None, result_type).0),
            (B::Concatenation, BuiltinOptions::Concatenation(o)) => {
                Some(ConcatenationOp::build(b, &inputs, o.axis.into(), activation(o.fused_activation), result_type).0)
            }
            (B::Squeeze, BuiltinOptions::Squeeze(o)) => {
                let dims: Vec<i64> = o.squeeze_dims.iter().map(|&d| i64::from(d)).collect();
                Some(SqueezeOp::build(b, inputs[0], &dims, result_type).0)
            }
            (B::ExpandDims, _) => Some(ExpandDimsOp::build(b, inputs[0], inputs[1], result_type).0),
            (B::Shape, _) => Some(ShapeOp::build(b, inputs[0], result_type).0),
            (B::ZerosLike, _) => Some(ZerosLikeOp::build(b, inputs[0], result_type).0),
            // FILL lists `dims` first; the graph op takes the value first.
            (B::Fill, _) => Some(FillOp::build(b, inputs[1], inputs[0], result_type).0),
            (B::Pack, BuiltinOptions::Pack(o)) => Some(PackOp::build(b, &inputs, o.axis.into(), result_type).0),
            (B::BroadcastTo, _) => Some(BroadcastToOp::build(b, inputs[0], Some(inputs[1]), None, result_type).0),
            (B::BroadcastArgs, _) => Some(BroadcastArgsOp::build(b, inputs[0], inputs[1], result_type).0),
            (B::StridedSlice, BuiltinOptions::StridedSlice(o)) => {
                let attrs = StridedSliceAttrs {
                    begin_mask: o.begin_mask.into(),
                    end_mask: o.end_mask.into(),
                    ellipsis_mask: o.ellipsis_mask.into(),
                    new_axis_mask: o.new_axis_mask.into(),
                    shrink_axis_mask: o.shrink_axis_mask.into(),
                    offset: o.offset,
                };
                Some(StridedSliceOp::build(b, inputs[0], inputs[1], inputs[2], inputs[3], &attrs, result_type).0)
            }
            // SPLIT lists its axis first.
            (B::Split, _) => Some(SplitOp::build(b, inputs[1], Some(inputs[0]), None, results).0),
            (B::SplitV, _) => Some(SplitVOp::build(b, inputs[0], Some((inputs[1], inputs[2])), None, results).0),
            (B::Unpack, BuiltinOptions::Unpack(o)) => Some(UnpackOp::build(b, inputs[0], o.axis.into(), results).0),
            (B::Slice, _) => Some(SliceOp::build(b, inputs[0], Some((inputs[1], inputs[2])), None, result_type).0),
            (B::VarHandle, BuiltinOptions::VarHandle(o)) => {
                let value_type = variable_type.expect("computed for VAR_HANDLE");
                let (container, shared_name) = (o.container.unwrap_or(""), o.shared_name.unwrap_or(""));
                Some(VarHandleOp::build(b, container, shared_name, value_type).0)
            }
            (B::Svdf, BuiltinOptions::Svdf(o)) => optional.map(|bias| {
                // The state tensor TFLite updates in place: read, replaced, written back.
                let (name, ty) = state.expect("computed for SVDF");
                let handle = VarHandleOp::build(b, VARIABLE_TENSOR_CONTAINER, &name, ty).handle();
                let old = ReadVariableOp::build(b, handle, ty).result();
                let new = SvdfStateOp::build(b, old, inputs[0], inputs[1]).result();
                AssignVariableOp::build(b, handle, new);
                let act = activation(o.fused_activation);
                SvdfOp::build(b, new, inputs[2], bias, o.rank.into(), act, result_type).0
            }),
            (B::ReadVariable, _) => Some(ReadVariableOp::build(b, inputs[0], result_type).0),
            (B::AssignVariable, _) => Some(AssignVariableOp::build(b, inputs[0], inputs[1]).0),
            _ => None,
        };
        op.ok_or_else(|| self.op_error(index, "options do not match the operator"))
    }
}
