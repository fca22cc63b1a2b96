//! Builds small TFLite files programmatically, for tests of this crate and
//! of the importer: one operator per model, or a deliberately broken file.
//!
//! [`ModelBuilder`] writes well-formed models through planus' serializer;
//! [`ModelBuilder::raw`] exposes the owned flatbuffer types ([`raw`]) so a
//! test can break any field before [`ModelBuilder::finish`].
//!
//! ```
//! use mc_tflite::writer::ModelBuilder;
//! use mc_tflite::{BuiltinOp, BuiltinOptions, DType, MulOptions, Activation, Model};
//!
//! let mut b = ModelBuilder::new();
//! let x = b.add_tensor("x", &[1, 4], DType::Float32);
//! let w = b.add_constant("w", &[4], DType::Float32, &[0; 16]);
//! let y = b.add_tensor("y", &[1, 4], DType::Float32);
//! b.add_op(BuiltinOp::Mul, &[x, w], &[y], BuiltinOptions::Mul(MulOptions { fused_activation: Activation::None }));
//! b.set_inputs(&[x]);
//! b.set_outputs(&[y]);
//! let bytes = b.finish();
//! let model = Model::from_bytes(&bytes).unwrap();
//! assert_eq!(model.main_subgraph().operators().len(), 1);
//! ```

use crate::dtype::DType;
use crate::model::{FILE_IDENTIFIER, SCHEMA_VERSION};
use crate::opcode::BuiltinOp;
use crate::options::{Activation, BuiltinOptions, MirrorPadMode, Padding, WeightsFormat};

/// The owned flatbuffer types planus generates from the schema subset, to
/// build or break any field by hand.
pub use crate::schema::tflite as raw;

/// Serializes a raw model with the `TFL3` file identifier.
pub fn serialize(model: &raw::Model) -> Vec<u8> {
    let mut bytes = planus::Builder::new().finish(model, Some(FILE_IDENTIFIER)).to_vec();
    // planus 1.3 writes the 8-byte header in the wrong order: the identifier
    // at bytes 0..4 and, at 4..8, the root offset relative to byte 4.
    // Flatbuffers (and TFLite) want the root offset at 0..4, relative to byte
    // 0, then the identifier; nothing else moves, so alignment is kept.
    if bytes.get(0..4) == Some(&FILE_IDENTIFIER[..])
        && let Some(offset) = bytes.get(4..8).and_then(|b| <[u8; 4]>::try_from(b).ok())
    {
        let root = u32::from_le_bytes(offset) + 4;
        bytes[0..4].copy_from_slice(&root.to_le_bytes());
        bytes[4..8].copy_from_slice(&FILE_IDENTIFIER);
    }
    bytes
}

/// Builds a model: schema version 3, buffer 0 the empty sentinel, one
/// subgraph `main` that tensors and operators go to until
/// [`ModelBuilder::add_subgraph`] starts another.
#[derive(Clone, Debug)]
pub struct ModelBuilder {
    model: raw::Model,
    current: usize,
}

impl Default for ModelBuilder {
    fn default() -> Self {
        Self::new()
    }
}

impl ModelBuilder {
    /// An empty model with one empty subgraph named `main`.
    pub fn new() -> ModelBuilder {
        let model = raw::Model {
            version: SCHEMA_VERSION,
            description: Some("mc-tflite test writer".into()),
            buffers: Some(vec![raw::Buffer::default()]),
            operator_codes: Some(Vec::new()),
            subgraphs: Some(vec![raw::SubGraph { name: Some("main".into()), ..Default::default() }]),
            ..Default::default()
        };
        ModelBuilder { model, current: 0 }
    }

    /// The model as built so far, to change any field (e.g. to break it).
    pub fn raw(&mut self) -> &mut raw::Model {
        &mut self.model
    }

    /// Appends a subgraph, makes it the one tensors and operators go to,
    /// and returns its index.
    pub fn add_subgraph(&mut self, name: &str) -> usize {
        let subgraphs = self.model.subgraphs.get_or_insert_with(Vec::new);
        subgraphs.push(raw::SubGraph { name: Some(name.into()), ..Default::default() });
        self.current = subgraphs.len() - 1;
        self.current
    }

    /// Makes subgraph `index` the one tensors and operators go to (the
    /// methods that use it panic if it does not exist: this is a test tool).
    pub fn select_subgraph(&mut self, index: usize) {
        self.current = index;
    }

    /// The subgraph tensors and operators go to.
    pub fn subgraph(&mut self) -> &mut raw::SubGraph {
        let current = self.current;
        &mut self.model.subgraphs.get_or_insert_with(Vec::new)[current]
    }

    /// Appends a buffer holding `data` and returns its index.
    pub fn add_buffer(&mut self, data: &[u8]) -> u32 {
        let buffers = self.model.buffers.get_or_insert_with(Vec::new);
        buffers.push(raw::Buffer { data: Some(data.to_vec()), ..Default::default() });
        (buffers.len() - 1) as u32
    }

    /// Appends a tensor without data and returns its index.
    pub fn add_tensor(&mut self, name: &str, shape: &[i32], dtype: DType) -> i32 {
        let tensors = self.subgraph().tensors.get_or_insert_with(Vec::new);
        tensors.push(raw::Tensor {
            name: Some(name.into()),
            shape: Some(shape.to_vec()),
            type_: dtype.into(),
            has_rank: true,
            ..Default::default()
        });
        (tensors.len() - 1) as i32
    }

    /// Appends a tensor with constant `data` (in a new buffer) and returns its index.
    pub fn add_constant(&mut self, name: &str, shape: &[i32], dtype: DType, data: &[u8]) -> i32 {
        let buffer = self.add_buffer(data);
        let t = self.add_tensor(name, shape, dtype);
        self.tensor(t).buffer = buffer;
        t
    }

    /// Tensor `index` of the current subgraph, to change any field; panics
    /// if there is no such tensor.
    pub fn tensor(&mut self, index: i32) -> &mut raw::Tensor {
        &mut self.subgraph().tensors.get_or_insert_with(Vec::new)[index as usize]
    }

    /// Sets a tensor's quantization: one scale and zero point per tensor,
    /// or one per index of dimension `axis`.
    pub fn set_quantization(&mut self, tensor: i32, scales: &[f32], zero_points: &[i64], axis: i32) {
        self.tensor(tensor).quantization = Some(Box::new(raw::QuantizationParameters {
            scale: Some(scales.to_vec()),
            zero_point: Some(zero_points.to_vec()),
            quantized_dimension: axis,
            ..Default::default()
        }));
    }

    /// Marks a tensor as a variable.
    pub fn set_variable(&mut self, tensor: i32) {
        self.tensor(tensor).is_variable = true;
    }

    /// The index of the operator code for `op` at `version`, added if new.
    /// Codes are written as current converters write them: `builtin_code`
    /// set, and `deprecated_builtin_code` set to the code or, above 127, to
    /// the placeholder 127.
    pub fn opcode(&mut self, op: BuiltinOp, version: i32) -> u32 {
        let deprecated = i8::try_from(op.code()).unwrap_or(BuiltinOp::PlaceholderForGreaterOpCodes.code() as i8);
        self.find_or_add_opcode(raw::OperatorCode {
            deprecated_builtin_code: deprecated,
            custom_code: None,
            version,
            builtin_code: op.into(),
        })
    }

    /// The index of the operator code for custom operator `name`, added if new.
    pub fn custom_opcode(&mut self, name: &str, version: i32) -> u32 {
        self.find_or_add_opcode(raw::OperatorCode {
            deprecated_builtin_code: BuiltinOp::Custom.code() as i8,
            custom_code: Some(name.into()),
            version,
            builtin_code: BuiltinOp::Custom.into(),
        })
    }

    fn find_or_add_opcode(&mut self, code: raw::OperatorCode) -> u32 {
        let codes = self.model.operator_codes.get_or_insert_with(Vec::new);
        let index = codes.iter().position(|c| *c == code).unwrap_or_else(|| {
            codes.push(code);
            codes.len() - 1
        });
        index as u32
    }

    /// Appends an operator `op` (version 1) to the current subgraph and
    /// returns its index. `-1` in `inputs` is an absent optional operand.
    pub fn add_op(&mut self, op: BuiltinOp, inputs: &[i32], outputs: &[i32], options: BuiltinOptions<'_>) -> usize {
        let opcode = self.opcode(op, 1);
        self.add_op_raw(opcode, inputs, outputs, to_raw(&options))
    }

    /// Appends custom operator `name` (version 1) with `custom_options` (a FlexBuffer).
    pub fn add_custom_op(&mut self, name: &str, inputs: &[i32], outputs: &[i32], custom_options: Vec<u8>) -> usize {
        let opcode = self.custom_opcode(name, 1);
        let index = self.add_op_raw(opcode, inputs, outputs, None);
        self.subgraph().operators.as_mut().expect("just added")[index].custom_options = Some(custom_options);
        index
    }

    /// Appends an operator with any operator code index and raw options.
    pub fn add_op_raw(
        &mut self,
        opcode_index: u32,
        inputs: &[i32],
        outputs: &[i32],
        options: Option<raw::BuiltinOptions>,
    ) -> usize {
        let operators = self.subgraph().operators.get_or_insert_with(Vec::new);
        operators.push(raw::Operator {
            opcode_index,
            inputs: Some(inputs.to_vec()),
            outputs: Some(outputs.to_vec()),
            builtin_options: options,
            ..Default::default()
        });
        operators.len() - 1
    }

    /// Sets the current subgraph's inputs.
    pub fn set_inputs(&mut self, inputs: &[i32]) {
        self.subgraph().inputs = Some(inputs.to_vec());
    }

    /// Sets the current subgraph's outputs.
    pub fn set_outputs(&mut self, outputs: &[i32]) {
        self.subgraph().outputs = Some(outputs.to_vec());
    }

    /// Serializes the model.
    pub fn finish(&self) -> Vec<u8> {
        serialize(&self.model)
    }
}

/// A subgraph index as the schema stores it (`-1` for one past `i32`'s range).
fn raw_subgraph_index(index: usize) -> i32 {
    i32::try_from(index).unwrap_or(-1)
}

/// The raw union value for typed options; `None` for
/// [`BuiltinOptions::None`] and [`BuiltinOptions::Other`], which carries no
/// fields to write.
pub fn to_raw(options: &BuiltinOptions<'_>) -> Option<raw::BuiltinOptions> {
    use raw::BuiltinOptions as R;
    Some(match options {
        BuiltinOptions::None | BuiltinOptions::Other { .. } => return None,
        BuiltinOptions::Conv2D(o) => R::Conv2DOptions(Box::new(raw::Conv2DOptions {
            padding: o.padding.into(),
            stride_w: o.stride_w,
            stride_h: o.stride_h,
            fused_activation_function: o.fused_activation.into(),
            dilation_w_factor: o.dilation_w_factor,
            dilation_h_factor: o.dilation_h_factor,
            quantized_bias_type: o.quantized_bias_type.map_or(raw::TensorType::Float32, Into::into),
        })),
        BuiltinOptions::DepthwiseConv2D(o) => R::DepthwiseConv2DOptions(Box::new(raw::DepthwiseConv2DOptions {
            padding: o.padding.into(),
            stride_w: o.stride_w,
            stride_h: o.stride_h,
            depth_multiplier: o.depth_multiplier,
            fused_activation_function: o.fused_activation.into(),
            dilation_w_factor: o.dilation_w_factor,
            dilation_h_factor: o.dilation_h_factor,
        })),
        BuiltinOptions::Pool2D(o) => R::Pool2DOptions(Box::new(raw::Pool2DOptions {
            padding: o.padding.into(),
            stride_w: o.stride_w,
            stride_h: o.stride_h,
            filter_width: o.filter_width,
            filter_height: o.filter_height,
            fused_activation_function: o.fused_activation.into(),
        })),
        BuiltinOptions::FullyConnected(o) => R::FullyConnectedOptions(Box::new(raw::FullyConnectedOptions {
            fused_activation_function: o.fused_activation.into(),
            weights_format: match o.weights_format {
                WeightsFormat::Default => raw::FullyConnectedOptionsWeightsFormat::Default,
                WeightsFormat::Shuffled4x16Int8 => raw::FullyConnectedOptionsWeightsFormat::Shuffled4x16Int8,
            },
            keep_num_dims: o.keep_num_dims,
            asymmetric_quantize_inputs: o.asymmetric_quantize_inputs,
            quantized_bias_type: o.quantized_bias_type.map_or(raw::TensorType::Float32, Into::into),
        })),
        BuiltinOptions::Softmax(o) => R::SoftmaxOptions(Box::new(raw::SoftmaxOptions { beta: o.beta })),
        BuiltinOptions::Svdf(o) => R::SvdfOptions(Box::new(raw::SvdfOptions {
            rank: o.rank,
            fused_activation_function: o.fused_activation.into(),
            asymmetric_quantize_inputs: o.asymmetric_quantize_inputs,
        })),
        BuiltinOptions::Concatenation(o) => R::ConcatenationOptions(Box::new(raw::ConcatenationOptions {
            axis: o.axis,
            fused_activation_function: o.fused_activation.into(),
        })),
        BuiltinOptions::Add(o) => R::AddOptions(Box::new(raw::AddOptions {
            fused_activation_function: o.fused_activation.into(),
            pot_scale_int16: o.pot_scale_int16,
        })),
        BuiltinOptions::Sub(o) => R::SubOptions(Box::new(raw::SubOptions {
            fused_activation_function: o.fused_activation.into(),
            pot_scale_int16: o.pot_scale_int16,
        })),
        BuiltinOptions::Mul(o) => {
            R::MulOptions(Box::new(raw::MulOptions { fused_activation_function: o.fused_activation.into() }))
        }
        BuiltinOptions::Reshape(o) => {
            R::ReshapeOptions(Box::new(raw::ReshapeOptions { new_shape: o.new_shape.clone() }))
        }
        BuiltinOptions::ResizeBilinear(o) => R::ResizeBilinearOptions(Box::new(raw::ResizeBilinearOptions {
            align_corners: o.align_corners,
            half_pixel_centers: o.half_pixel_centers,
        })),
        BuiltinOptions::SpaceToDepth(o) => {
            R::SpaceToDepthOptions(Box::new(raw::SpaceToDepthOptions { block_size: o.block_size }))
        }
        BuiltinOptions::BatchToSpaceNd => R::BatchToSpaceNdOptions(Box::default()),
        BuiltinOptions::SpaceToBatchNd => R::SpaceToBatchNdOptions(Box::default()),
        BuiltinOptions::Pad => R::PadOptions(Box::default()),
        BuiltinOptions::Gather(o) => {
            R::GatherOptions(Box::new(raw::GatherOptions { axis: o.axis, batch_dims: o.batch_dims }))
        }
        BuiltinOptions::Transpose => R::TransposeOptions(Box::default()),
        BuiltinOptions::Reducer(o) => R::ReducerOptions(Box::new(raw::ReducerOptions { keep_dims: o.keep_dims })),
        BuiltinOptions::Squeeze(o) => {
            R::SqueezeOptions(Box::new(raw::SqueezeOptions { squeeze_dims: Some(o.squeeze_dims.clone()) }))
        }
        BuiltinOptions::SequenceLstm(o) => {
            R::UnidirectionalSequenceLstmOptions(Box::new(raw::UnidirectionalSequenceLstmOptions {
                fused_activation_function: o.fused_activation.into(),
                cell_clip: o.cell_clip,
                proj_clip: o.proj_clip,
                time_major: o.time_major,
                asymmetric_quantize_inputs: o.asymmetric_quantize_inputs,
                diagonal_recurrent_tensors: o.diagonal_recurrent_tensors,
            }))
        }
        BuiltinOptions::StridedSlice(o) => R::StridedSliceOptions(Box::new(raw::StridedSliceOptions {
            begin_mask: o.begin_mask,
            end_mask: o.end_mask,
            ellipsis_mask: o.ellipsis_mask,
            new_axis_mask: o.new_axis_mask,
            shrink_axis_mask: o.shrink_axis_mask,
            offset: o.offset,
        })),
        BuiltinOptions::Split(o) => R::SplitOptions(Box::new(raw::SplitOptions { num_splits: o.num_splits })),
        BuiltinOptions::Dequantize => R::DequantizeOptions(Box::default()),
        BuiltinOptions::Quantize => R::QuantizeOptions(Box::default()),
        BuiltinOptions::Cast(o) => R::CastOptions(Box::new(raw::CastOptions {
            in_data_type: o.in_data_type.into(),
            out_data_type: o.out_data_type.into(),
        })),
        BuiltinOptions::MaximumMinimum => R::MaximumMinimumOptions(Box::default()),
        BuiltinOptions::L2Norm(o) => {
            R::L2NormOptions(Box::new(raw::L2NormOptions { fused_activation_function: o.fused_activation.into() }))
        }
        BuiltinOptions::LogSoftmax => R::LogSoftmaxOptions(Box::default()),
        BuiltinOptions::ArgMax(o) => {
            R::ArgMaxOptions(Box::new(raw::ArgMaxOptions { output_type: o.output_type.into() }))
        }
        BuiltinOptions::Less => R::LessOptions(Box::default()),
        BuiltinOptions::Neg => R::NegOptions(Box::default()),
        BuiltinOptions::TransposeConv(o) => R::TransposeConvOptions(Box::new(raw::TransposeConvOptions {
            padding: o.padding.into(),
            stride_w: o.stride_w,
            stride_h: o.stride_h,
            fused_activation_function: o.fused_activation.into(),
            quantized_bias_type: o.quantized_bias_type.map_or(raw::TensorType::Float32, Into::into),
        })),
        BuiltinOptions::Div(o) => {
            R::DivOptions(Box::new(raw::DivOptions { fused_activation_function: o.fused_activation.into() }))
        }
        BuiltinOptions::Exp => R::ExpOptions(Box::default()),
        BuiltinOptions::FloorDiv => R::FloorDivOptions(Box::default()),
        BuiltinOptions::Square => R::SquareOptions(Box::default()),
        BuiltinOptions::FloorMod => R::FloorModOptions(Box::default()),
        BuiltinOptions::SquaredDifference => R::SquaredDifferenceOptions(Box::default()),
        BuiltinOptions::Abs => R::AbsOptions(Box::default()),
        BuiltinOptions::AddN => R::AddNOptions(Box::default()),
        BuiltinOptions::Cos => R::CosOptions(Box::default()),
        BuiltinOptions::PadV2 => R::PadV2Options(Box::default()),
        BuiltinOptions::Slice => R::SliceOptions(Box::default()),
        BuiltinOptions::ExpandDims => R::ExpandDimsOptions(Box::default()),
        BuiltinOptions::Shape(o) => R::ShapeOptions(Box::new(raw::ShapeOptions { out_type: o.out_type.into() })),
        BuiltinOptions::Pack(o) => {
            R::PackOptions(Box::new(raw::PackOptions { values_count: o.values_count, axis: o.axis }))
        }
        BuiltinOptions::ZerosLike => R::ZerosLikeOptions(Box::default()),
        BuiltinOptions::Fill => R::FillOptions(Box::default()),
        BuiltinOptions::Greater => R::GreaterOptions(Box::default()),
        BuiltinOptions::GreaterEqual => R::GreaterEqualOptions(Box::default()),
        BuiltinOptions::LessEqual => R::LessEqualOptions(Box::default()),
        BuiltinOptions::Equal => R::EqualOptions(Box::default()),
        BuiltinOptions::NotEqual => R::NotEqualOptions(Box::default()),
        BuiltinOptions::ArgMin(o) => {
            R::ArgMinOptions(Box::new(raw::ArgMinOptions { output_type: o.output_type.into() }))
        }
        BuiltinOptions::LogicalOr => R::LogicalOrOptions(Box::default()),
        BuiltinOptions::LogicalAnd => R::LogicalAndOptions(Box::default()),
        BuiltinOptions::LogicalNot => R::LogicalNotOptions(Box::default()),
        BuiltinOptions::Unpack(o) => R::UnpackOptions(Box::new(raw::UnpackOptions { num: o.num, axis: o.axis })),
        BuiltinOptions::LeakyRelu(o) => R::LeakyReluOptions(Box::new(raw::LeakyReluOptions { alpha: o.alpha })),
        BuiltinOptions::MirrorPad(o) => R::MirrorPadOptions(Box::new(raw::MirrorPadOptions {
            mode: match o.mode {
                MirrorPadMode::Reflect => raw::MirrorPadMode::Reflect,
                MirrorPadMode::Symmetric => raw::MirrorPadMode::Symmetric,
            },
        })),
        BuiltinOptions::SplitV(o) => R::SplitVOptions(Box::new(raw::SplitVOptions { num_splits: o.num_splits })),
        BuiltinOptions::ReverseV2 => R::ReverseV2Options(Box::default()),
        BuiltinOptions::GatherNd => R::GatherNdOptions(Box::default()),
        BuiltinOptions::ResizeNearestNeighbor(o) => {
            R::ResizeNearestNeighborOptions(Box::new(raw::ResizeNearestNeighborOptions {
                align_corners: o.align_corners,
                half_pixel_centers: o.half_pixel_centers,
            }))
        }
        BuiltinOptions::HardSwish => R::HardSwishOptions(Box::default()),
        BuiltinOptions::If(o) => R::IfOptions(Box::new(raw::IfOptions {
            then_subgraph_index: raw_subgraph_index(o.then_subgraph_index),
            else_subgraph_index: raw_subgraph_index(o.else_subgraph_index),
        })),
        BuiltinOptions::While(o) => R::WhileOptions(Box::new(raw::WhileOptions {
            cond_subgraph_index: raw_subgraph_index(o.cond_subgraph_index),
            body_subgraph_index: raw_subgraph_index(o.body_subgraph_index),
        })),
        BuiltinOptions::BatchMatMul(o) => R::BatchMatMulOptions(Box::new(raw::BatchMatMulOptions {
            adj_x: o.adj_x,
            adj_y: o.adj_y,
            asymmetric_quantize_inputs: o.asymmetric_quantize_inputs,
        })),
        BuiltinOptions::DepthToSpace(o) => {
            R::DepthToSpaceOptions(Box::new(raw::DepthToSpaceOptions { block_size: o.block_size }))
        }
        BuiltinOptions::Cumsum(o) => {
            R::CumsumOptions(Box::new(raw::CumsumOptions { exclusive: o.exclusive, reverse: o.reverse }))
        }
        BuiltinOptions::SelectV2 => R::SelectV2Options(Box::default()),
        BuiltinOptions::CallOnce(o) => R::CallOnceOptions(Box::new(raw::CallOnceOptions {
            init_subgraph_index: raw_subgraph_index(o.init_subgraph_index),
        })),
        BuiltinOptions::BroadcastTo => R::BroadcastToOptions(Box::default()),
        BuiltinOptions::VarHandle(o) => R::VarHandleOptions(Box::new(raw::VarHandleOptions {
            container: o.container.map(Into::into),
            shared_name: o.shared_name.map(Into::into),
        })),
        BuiltinOptions::ReadVariable => R::ReadVariableOptions(Box::default()),
        BuiltinOptions::AssignVariable => R::AssignVariableOptions(Box::default()),
        BuiltinOptions::DynamicUpdateSlice => R::DynamicUpdateSliceOptions(Box::default()),
    })
}

impl From<Padding> for raw::Padding {
    fn from(p: Padding) -> raw::Padding {
        match p {
            Padding::Same => raw::Padding::Same,
            Padding::Valid => raw::Padding::Valid,
        }
    }
}

impl From<Activation> for raw::ActivationFunctionType {
    fn from(a: Activation) -> raw::ActivationFunctionType {
        match a {
            Activation::None => raw::ActivationFunctionType::None,
            Activation::Relu => raw::ActivationFunctionType::Relu,
            Activation::ReluN1To1 => raw::ActivationFunctionType::ReluN1To1,
            Activation::Relu6 => raw::ActivationFunctionType::Relu6,
            Activation::Tanh => raw::ActivationFunctionType::Tanh,
            Activation::SignBit => raw::ActivationFunctionType::SignBit,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::*;
    use crate::{Model, OpKind, Quantization};

    /// Options for each builtin mc names, with non-default values so a
    /// field read from the wrong slot shows.
    fn sample_options(op: BuiltinOp) -> BuiltinOptions<'static> {
        match op {
            BuiltinOp::Conv2D => BuiltinOptions::Conv2D(Conv2DOptions {
                padding: Padding::Valid,
                stride_w: 2,
                stride_h: 3,
                fused_activation: Activation::Relu6,
                dilation_w_factor: 4,
                dilation_h_factor: 5,
                quantized_bias_type: Some(DType::Int64),
            }),
            BuiltinOp::DepthwiseConv2D => BuiltinOptions::DepthwiseConv2D(DepthwiseConv2DOptions {
                padding: Padding::Valid,
                stride_w: 2,
                stride_h: 3,
                depth_multiplier: 4,
                fused_activation: Activation::Relu,
                dilation_w_factor: 5,
                dilation_h_factor: 6,
            }),
            BuiltinOp::AveragePool2D | BuiltinOp::MaxPool2D | BuiltinOp::L2Pool2D => {
                BuiltinOptions::Pool2D(Pool2DOptions {
                    padding: Padding::Valid,
                    stride_w: 2,
                    stride_h: 3,
                    filter_width: 4,
                    filter_height: 5,
                    fused_activation: Activation::ReluN1To1,
                })
            }
            BuiltinOp::FullyConnected => BuiltinOptions::FullyConnected(FullyConnectedOptions {
                fused_activation: Activation::Tanh,
                weights_format: WeightsFormat::Shuffled4x16Int8,
                keep_num_dims: true,
                asymmetric_quantize_inputs: true,
                quantized_bias_type: Some(DType::Int32),
            }),
            BuiltinOp::Softmax => BuiltinOptions::Softmax(SoftmaxOptions { beta: 0.25 }),
            BuiltinOp::Svdf => BuiltinOptions::Svdf(SvdfOptions {
                rank: 2,
                fused_activation: Activation::Relu6,
                asymmetric_quantize_inputs: true,
            }),
            BuiltinOp::Concatenation => {
                BuiltinOptions::Concatenation(ConcatenationOptions { axis: -1, fused_activation: Activation::SignBit })
            }
            BuiltinOp::Add => {
                BuiltinOptions::Add(AddSubOptions { fused_activation: Activation::Relu, pot_scale_int16: false })
            }
            BuiltinOp::Sub => {
                BuiltinOptions::Sub(AddSubOptions { fused_activation: Activation::Relu6, pot_scale_int16: false })
            }
            BuiltinOp::Mul => BuiltinOptions::Mul(MulOptions { fused_activation: Activation::Relu }),
            BuiltinOp::Reshape => BuiltinOptions::Reshape(ReshapeOptions { new_shape: Some(vec![1, -1]) }),
            BuiltinOp::ResizeBilinear => {
                BuiltinOptions::ResizeBilinear(ResizeOptions { align_corners: true, half_pixel_centers: false })
            }
            BuiltinOp::SpaceToDepth => BuiltinOptions::SpaceToDepth(BlockSizeOptions { block_size: 2 }),
            BuiltinOp::BatchToSpaceNd => BuiltinOptions::BatchToSpaceNd,
            BuiltinOp::SpaceToBatchNd => BuiltinOptions::SpaceToBatchNd,
            BuiltinOp::Pad => BuiltinOptions::Pad,
            BuiltinOp::Gather => BuiltinOptions::Gather(GatherOptions { axis: -2, batch_dims: 1 }),
            BuiltinOp::Transpose => BuiltinOptions::Transpose,
            BuiltinOp::Mean | BuiltinOp::Sum | BuiltinOp::ReduceMax | BuiltinOp::ReduceMin | BuiltinOp::ReduceAll => {
                BuiltinOptions::Reducer(ReducerOptions { keep_dims: true })
            }
            BuiltinOp::Squeeze => BuiltinOptions::Squeeze(SqueezeOptions { squeeze_dims: vec![0, -1] }),
            BuiltinOp::UnidirectionalSequenceLstm => BuiltinOptions::SequenceLstm(SequenceLstmOptions {
                fused_activation: Activation::Tanh,
                cell_clip: 2.5,
                proj_clip: 0.5,
                time_major: true,
                asymmetric_quantize_inputs: true,
                diagonal_recurrent_tensors: true,
            }),
            BuiltinOp::StridedSlice => BuiltinOptions::StridedSlice(StridedSliceOptions {
                begin_mask: 1,
                end_mask: 2,
                ellipsis_mask: 4,
                new_axis_mask: 8,
                shrink_axis_mask: 16,
                offset: true,
            }),
            BuiltinOp::Split => BuiltinOptions::Split(SplitOptions { num_splits: 3 }),
            BuiltinOp::Dequantize => BuiltinOptions::Dequantize,
            BuiltinOp::Quantize => BuiltinOptions::Quantize,
            BuiltinOp::Cast => {
                BuiltinOptions::Cast(CastOptions { in_data_type: DType::Int8, out_data_type: DType::Bool })
            }
            BuiltinOp::Maximum | BuiltinOp::Minimum => BuiltinOptions::MaximumMinimum,
            BuiltinOp::L2Normalization => BuiltinOptions::L2Norm(L2NormOptions { fused_activation: Activation::Relu6 }),
            BuiltinOp::LogSoftmax => BuiltinOptions::LogSoftmax,
            BuiltinOp::ArgMax => BuiltinOptions::ArgMax(ArgMinMaxOptions { output_type: DType::Int32 }),
            BuiltinOp::Less => BuiltinOptions::Less,
            BuiltinOp::Neg => BuiltinOptions::Neg,
            BuiltinOp::TransposeConv => BuiltinOptions::TransposeConv(TransposeConvOptions {
                padding: Padding::Valid,
                stride_w: 2,
                stride_h: 3,
                fused_activation: Activation::Relu6,
                quantized_bias_type: Some(DType::Int64),
            }),
            BuiltinOp::Div => BuiltinOptions::Div(DivOptions { fused_activation: Activation::Relu6 }),
            BuiltinOp::Exp => BuiltinOptions::Exp,
            BuiltinOp::FloorDiv => BuiltinOptions::FloorDiv,
            BuiltinOp::Square => BuiltinOptions::Square,
            BuiltinOp::FloorMod => BuiltinOptions::FloorMod,
            BuiltinOp::SquaredDifference => BuiltinOptions::SquaredDifference,
            BuiltinOp::Abs => BuiltinOptions::Abs,
            BuiltinOp::AddN => BuiltinOptions::AddN,
            BuiltinOp::Cos => BuiltinOptions::Cos,
            BuiltinOp::PadV2 => BuiltinOptions::PadV2,
            BuiltinOp::Slice => BuiltinOptions::Slice,
            BuiltinOp::ExpandDims => BuiltinOptions::ExpandDims,
            BuiltinOp::Shape => BuiltinOptions::Shape(ShapeOptions { out_type: DType::Int64 }),
            BuiltinOp::Pack => BuiltinOptions::Pack(PackOptions { values_count: 3, axis: -1 }),
            BuiltinOp::ZerosLike => BuiltinOptions::ZerosLike,
            BuiltinOp::Fill => BuiltinOptions::Fill,
            BuiltinOp::Greater => BuiltinOptions::Greater,
            BuiltinOp::GreaterEqual => BuiltinOptions::GreaterEqual,
            BuiltinOp::LessEqual => BuiltinOptions::LessEqual,
            BuiltinOp::Equal => BuiltinOptions::Equal,
            BuiltinOp::NotEqual => BuiltinOptions::NotEqual,
            BuiltinOp::ArgMin => BuiltinOptions::ArgMin(ArgMinMaxOptions { output_type: DType::Int64 }),
            BuiltinOp::LogicalOr => BuiltinOptions::LogicalOr,
            BuiltinOp::LogicalAnd => BuiltinOptions::LogicalAnd,
            BuiltinOp::LogicalNot => BuiltinOptions::LogicalNot,
            BuiltinOp::Unpack => BuiltinOptions::Unpack(UnpackOptions { num: 4, axis: -2 }),
            BuiltinOp::LeakyRelu => BuiltinOptions::LeakyRelu(LeakyReluOptions { alpha: -0.375 }),
            BuiltinOp::MirrorPad => BuiltinOptions::MirrorPad(MirrorPadOptions { mode: MirrorPadMode::Symmetric }),
            BuiltinOp::SplitV => BuiltinOptions::SplitV(SplitOptions { num_splits: 2 }),
            BuiltinOp::ReverseV2 => BuiltinOptions::ReverseV2,
            BuiltinOp::GatherNd => BuiltinOptions::GatherNd,
            BuiltinOp::ResizeNearestNeighbor => {
                BuiltinOptions::ResizeNearestNeighbor(ResizeOptions { align_corners: false, half_pixel_centers: true })
            }
            BuiltinOp::DepthToSpace => BuiltinOptions::DepthToSpace(BlockSizeOptions { block_size: 3 }),
            BuiltinOp::HardSwish => BuiltinOptions::HardSwish,
            BuiltinOp::If => BuiltinOptions::If(IfOptions { then_subgraph_index: 0, else_subgraph_index: 0 }),
            BuiltinOp::While => BuiltinOptions::While(WhileOptions { cond_subgraph_index: 0, body_subgraph_index: 0 }),
            BuiltinOp::BatchMatMul => BuiltinOptions::BatchMatMul(BatchMatMulOptions {
                adj_x: true,
                adj_y: false,
                asymmetric_quantize_inputs: true,
            }),
            BuiltinOp::Cumsum => BuiltinOptions::Cumsum(CumsumOptions { exclusive: true, reverse: true }),
            BuiltinOp::SelectV2 => BuiltinOptions::SelectV2,
            BuiltinOp::CallOnce => BuiltinOptions::CallOnce(CallOnceOptions { init_subgraph_index: 0 }),
            BuiltinOp::BroadcastTo => BuiltinOptions::BroadcastTo,
            BuiltinOp::VarHandle => {
                BuiltinOptions::VarHandle(VarHandleOptions { container: Some("c"), shared_name: Some("state") })
            }
            BuiltinOp::ReadVariable => BuiltinOptions::ReadVariable,
            BuiltinOp::AssignVariable => BuiltinOptions::AssignVariable,
            BuiltinOp::DynamicUpdateSlice => BuiltinOptions::DynamicUpdateSlice,
            BuiltinOp::EmbeddingLookup
            | BuiltinOp::Logistic
            | BuiltinOp::Prelu
            | BuiltinOp::Floor
            | BuiltinOp::Sin
            | BuiltinOp::Log
            | BuiltinOp::Sqrt
            | BuiltinOp::Rsqrt
            | BuiltinOp::Ceil
            | BuiltinOp::Elu
            | BuiltinOp::Round
            | BuiltinOp::Relu
            | BuiltinOp::ReluN1To1
            | BuiltinOp::Relu6
            | BuiltinOp::Tanh
            | BuiltinOp::BroadcastArgs
            | BuiltinOp::Custom
            | BuiltinOp::PlaceholderForGreaterOpCodes => BuiltinOptions::None,
        }
    }

    #[test]
    fn every_builtin_round_trips_with_its_options() {
        for op in BuiltinOp::ALL {
            if matches!(op, BuiltinOp::Custom | BuiltinOp::PlaceholderForGreaterOpCodes) {
                continue;
            }
            let mut b = ModelBuilder::new();
            let x = b.add_tensor("x", &[1, 2], DType::Float32);
            let y = b.add_tensor("y", &[1, 2], DType::Float32);
            let options = sample_options(op);
            b.add_op(op, &[x, -1], &[y], options.clone());
            b.set_inputs(&[x]);
            b.set_outputs(&[y]);
            let bytes = b.finish();
            let model = Model::from_bytes(&bytes).unwrap_or_else(|e| panic!("{op}: {e}"));
            let read = &model.main_subgraph().operators()[0];
            assert_eq!(read.opcode().kind(), OpKind::Builtin(op));
            assert_eq!(read.opcode().version(), 1);
            assert_eq!(read.options(), &options, "{op}");
            assert_eq!(read.inputs(), &[Some(0), None]);
            assert_eq!(read.outputs(), &[Some(1)]);
        }
    }

    #[test]
    fn codes_above_127_use_the_placeholder_in_the_deprecated_field() {
        let mut b = ModelBuilder::new();
        b.opcode(BuiltinOp::VarHandle, 1);
        b.opcode(BuiltinOp::Conv2D, 3);
        let codes = b.raw().operator_codes.clone().unwrap();
        assert_eq!(codes[0].deprecated_builtin_code, 127);
        assert_eq!(codes[1].deprecated_builtin_code, 3);
        // Reading takes the larger field.
        let bytes = b.finish();
        let model = Model::from_bytes(&bytes).unwrap();
        assert_eq!(model.operator_codes()[0].builtin(), Some(BuiltinOp::VarHandle));
        assert_eq!(model.operator_codes()[1].to_string(), "CONV_2D v3");
    }

    #[test]
    fn opcodes_are_shared() {
        let mut b = ModelBuilder::new();
        assert_eq!(b.opcode(BuiltinOp::Add, 1), 0);
        assert_eq!(b.opcode(BuiltinOp::Mul, 1), 1);
        assert_eq!(b.opcode(BuiltinOp::Add, 1), 0);
        assert_eq!(b.opcode(BuiltinOp::Add, 2), 2);
        assert_eq!(b.custom_opcode("Foo", 1), 3);
        assert_eq!(b.custom_opcode("Foo", 1), 3);
    }

    #[test]
    fn constants_quantization_variables_and_subgraphs() {
        let mut b = ModelBuilder::new();
        let w = b.add_constant("w", &[2, 1, 1, 1], DType::Int8, &[1, 0xff]);
        b.set_quantization(w, &[0.5, 0.25], &[0, 0], 0);
        let bias = b.add_constant("b", &[2], DType::Int32, &[1, 0, 0, 0, 2, 0, 0, 0]);
        b.set_quantization(bias, &[0.125], &[0], 0);
        let state = b.add_tensor("state", &[1, 4], DType::Int8);
        b.set_variable(state);
        let init = b.add_subgraph("init");
        let h = b.add_tensor("h", &[], DType::Resource);
        b.add_op(BuiltinOp::VarHandle, &[], &[h], sample_options(BuiltinOp::VarHandle));
        b.select_subgraph(0);
        b.add_op(
            BuiltinOp::CallOnce,
            &[],
            &[],
            BuiltinOptions::CallOnce(CallOnceOptions { init_subgraph_index: init }),
        );
        let bytes = b.finish();
        let model = Model::from_bytes(&bytes).unwrap();
        assert_eq!(model.subgraphs().len(), 2);
        assert_eq!(model.subgraphs()[1].name(), Some("init"));
        let main = model.main_subgraph();
        let [w, bias, state] = [&main.tensors()[0], &main.tensors()[1], &main.tensors()[2]];
        assert_eq!(w.data(), Some(&[1u8, 0xff][..]));
        assert_eq!(
            w.quantization(),
            Some(&Quantization::PerAxis { scales: vec![0.5, 0.25], zero_points: vec![0, 0], axis: 0 })
        );
        assert_eq!(bias.quantization(), Some(&Quantization::PerTensor { scale: 0.125, zero_point: 0 }));
        assert!(state.is_variable() && !state.is_constant() && state.quantization().is_none());
        assert_eq!(state.buffer_index(), 0);
        let handle = &model.subgraphs()[1].tensors()[0];
        assert_eq!((handle.dtype(), handle.shape()), (DType::Resource, &[][..]));
        assert!(handle.has_rank());
        // The weights are slices of the file, not copies.
        assert!(bytes.as_ptr_range().contains(&w.data().unwrap().as_ptr()));
    }

    /// The writer's files are real TFLite files: TFLite Micro's Python
    /// interpreter (the project venv, `scripts/setup.sh`) checks the file
    /// identifier, loads a model with a constant and an int8 quantized
    /// operator, and runs it.
    #[test]
    fn tflite_micro_runs_what_the_writer_writes() {
        let python = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../.venv/bin/python");
        assert!(python.is_file(), "{} is missing: run scripts/setup.sh", python.display());

        // y = x + c (float32), z = quantize(y) as int8 with scale 0.5.
        let mut b = ModelBuilder::new();
        let x = b.add_tensor("x", &[1, 4], DType::Float32);
        let c: Vec<u8> = [0.5f32, 1.0, -1.0, 2.0].iter().flat_map(|v| v.to_le_bytes()).collect();
        let c = b.add_constant("c", &[1, 4], DType::Float32, &c);
        let y = b.add_tensor("y", &[1, 4], DType::Float32);
        let z = b.add_tensor("z", &[1, 4], DType::Int8);
        b.set_quantization(z, &[0.5], &[-1], 0);
        b.add_op(BuiltinOp::Add, &[x, c], &[y], sample_options(BuiltinOp::Add));
        b.add_op(BuiltinOp::Quantize, &[y], &[z], BuiltinOptions::None);
        b.set_inputs(&[x]);
        b.set_outputs(&[z]);
        let path = std::env::temp_dir().join(format!("mc-tflite-writer-{}.tflite", std::process::id()));
        std::fs::write(&path, b.finish()).unwrap();

        let script = r#"
import sys
import numpy as np
from tflite_micro.python.tflite_micro import runtime
from tflite_micro.tensorflow.lite.micro.python import schema_py_generated as fb
buf = open(sys.argv[1], "rb").read()
assert fb.Model.ModelBufferHasIdentifier(buf, 0), "no TFL3 identifier"
interpreter = runtime.Interpreter.from_bytes(buf)
interpreter.set_input(np.array([[1.0, 2.0, 3.0, 4.0]], dtype=np.float32), 0)
interpreter.invoke()
print(interpreter.get_output(0).tolist())
"#;
        let out = std::process::Command::new(&python).arg("-c").arg(script).arg(&path).output().unwrap();
        let _ = std::fs::remove_file(&path);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        // relu(x + c) = [1.5, 3, 2, 6]; / 0.5 - 1 = [2, 5, 3, 11].
        assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "[[2, 5, 3, 11]]");
    }
}
