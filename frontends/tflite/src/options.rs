//! Typed builtin options: the `BuiltinOptions` union member of each operator
//! mc imports, with every upstream field up to the last one in the schema.

use crate::dtype::DType;
use crate::opcode::BuiltinOp;
use crate::schema::tflite as fb;

/// Padding mode of convolutions and pools (`Padding`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Padding {
    /// `SAME` (0): output size = ceil(input / stride).
    Same,
    /// `VALID` (1): no padding.
    Valid,
}

/// Activation fused into an operator's output (`ActivationFunctionType`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Activation {
    /// `NONE` (0), the schema's default.
    #[default]
    None,
    /// `RELU` (1).
    Relu,
    /// `RELU_N1_TO_1` (2).
    ReluN1To1,
    /// `RELU6` (3).
    Relu6,
    /// `TANH` (4).
    Tanh,
    /// `SIGN_BIT` (5).
    SignBit,
}

/// Weight layout of `FULLY_CONNECTED` (`FullyConnectedOptionsWeightsFormat`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum WeightsFormat {
    /// `DEFAULT` (0): `[out, in]`, the schema's default.
    #[default]
    Default,
    /// `SHUFFLED4x16INT8` (1).
    Shuffled4x16Int8,
}

/// `Conv2DOptions`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Conv2DOptions {
    /// `padding`.
    pub padding: Padding,
    /// `stride_w`.
    pub stride_w: i32,
    /// `stride_h`.
    pub stride_h: i32,
    /// `fused_activation_function`.
    pub fused_activation: Activation,
    /// `dilation_w_factor` (default 1).
    pub dilation_w_factor: i32,
    /// `dilation_h_factor` (default 1).
    pub dilation_h_factor: i32,
    /// `quantized_bias_type` (version 8+): the bias and accumulator type, or
    /// `None` when unset (stored as `FLOAT32`, 0).
    pub quantized_bias_type: Option<DType>,
}

/// `DepthwiseConv2DOptions`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DepthwiseConv2DOptions {
    /// `padding`.
    pub padding: Padding,
    /// `stride_w`.
    pub stride_w: i32,
    /// `stride_h`.
    pub stride_h: i32,
    /// `depth_multiplier` (TFLite ≥ 2.1 derives it from the shapes instead).
    pub depth_multiplier: i32,
    /// `fused_activation_function`.
    pub fused_activation: Activation,
    /// `dilation_w_factor` (default 1).
    pub dilation_w_factor: i32,
    /// `dilation_h_factor` (default 1).
    pub dilation_h_factor: i32,
}

/// `Pool2DOptions` (`AVERAGE_POOL_2D`, `MAX_POOL_2D`, `L2_POOL_2D`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pool2DOptions {
    /// `padding`.
    pub padding: Padding,
    /// `stride_w`.
    pub stride_w: i32,
    /// `stride_h`.
    pub stride_h: i32,
    /// `filter_width`.
    pub filter_width: i32,
    /// `filter_height`.
    pub filter_height: i32,
    /// `fused_activation_function`.
    pub fused_activation: Activation,
}

/// `FullyConnectedOptions`; its `Default` is the schema's (every field unset).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FullyConnectedOptions {
    /// `fused_activation_function`.
    pub fused_activation: Activation,
    /// `weights_format` (version 2+).
    pub weights_format: WeightsFormat,
    /// `keep_num_dims` (version 5+).
    pub keep_num_dims: bool,
    /// `asymmetric_quantize_inputs` (version 7+).
    pub asymmetric_quantize_inputs: bool,
    /// `quantized_bias_type` (version 11+), `None` when unset.
    pub quantized_bias_type: Option<DType>,
}

/// `TransposeConvOptions`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TransposeConvOptions {
    /// `padding`.
    pub padding: Padding,
    /// `stride_w`.
    pub stride_w: i32,
    /// `stride_h`.
    pub stride_h: i32,
    /// `fused_activation_function` (version 4+).
    pub fused_activation: Activation,
    /// `quantized_bias_type` (version 5+), `None` when unset.
    pub quantized_bias_type: Option<DType>,
}

/// `BatchMatMulOptions`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BatchMatMulOptions {
    /// `adj_x`: the left operand's last two dimensions are transposed.
    pub adj_x: bool,
    /// `adj_y`: the right operand's last two dimensions are transposed.
    pub adj_y: bool,
    /// `asymmetric_quantize_inputs` (hybrid kernels only).
    pub asymmetric_quantize_inputs: bool,
}

/// `SoftmaxOptions`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SoftmaxOptions {
    /// `beta`.
    pub beta: f32,
}

/// `SVDFOptions`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SvdfOptions {
    /// `rank`: how many filters add up to one output unit.
    pub rank: i32,
    /// `fused_activation_function`.
    pub fused_activation: Activation,
    /// `asymmetric_quantize_inputs` (version 4+, hybrid kernels only).
    pub asymmetric_quantize_inputs: bool,
}

/// `LeakyReluOptions`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LeakyReluOptions {
    /// `alpha`: the slope below zero (any sign or size).
    pub alpha: f32,
}

/// `L2NormOptions`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct L2NormOptions {
    /// `fused_activation_function` (TFLite Micro takes `NONE` only).
    pub fused_activation: Activation,
}

/// `CumsumOptions`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CumsumOptions {
    /// `exclusive`: each output sums the elements before it.
    pub exclusive: bool,
    /// `reverse`: the sums run from the end of the axis.
    pub reverse: bool,
}

/// `ConcatenationOptions`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ConcatenationOptions {
    /// `axis` (negative counts from the end).
    pub axis: i32,
    /// `fused_activation_function`.
    pub fused_activation: Activation,
}

/// `AddOptions` and `SubOptions` (same fields).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AddSubOptions {
    /// `fused_activation_function`.
    pub fused_activation: Activation,
    /// `pot_scale_int16` (default true): int16 inputs use power-of-two scales.
    pub pot_scale_int16: bool,
}

/// `MulOptions`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MulOptions {
    /// `fused_activation_function`.
    pub fused_activation: Activation,
}

/// `DivOptions`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DivOptions {
    /// `fused_activation_function`.
    pub fused_activation: Activation,
}

/// `ResizeBilinearOptions` and `ResizeNearestNeighborOptions` (the bilinear table's deprecated
/// `new_height` and `new_width` are not read: the size operand gives the size).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ResizeOptions {
    /// `align_corners`: the corner pixels of input and output are aligned.
    pub align_corners: bool,
    /// `half_pixel_centers`: pixels are sampled at their centres.
    pub half_pixel_centers: bool,
}

/// `SpaceToDepthOptions` and `DepthToSpaceOptions`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BlockSizeOptions {
    /// `block_size`.
    pub block_size: i32,
}

/// `ReshapeOptions`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ReshapeOptions {
    /// `new_shape`, when present (the shape operand takes precedence in TFLite).
    pub new_shape: Option<Vec<i32>>,
}

/// `ReducerOptions` (`MEAN`, `SUM`, `REDUCE_MAX`, `REDUCE_MIN`, `REDUCE_ALL`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ReducerOptions {
    /// `keep_dims`.
    pub keep_dims: bool,
}

/// `UnidirectionalSequenceLSTMOptions`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SequenceLstmOptions {
    /// `fused_activation_function`: the cell gate's and the cell output's activation.
    pub fused_activation: Activation,
    /// `cell_clip` (0: no clipping).
    pub cell_clip: f32,
    /// `proj_clip` (0: no clipping).
    pub proj_clip: f32,
    /// `time_major`: the input is `[time, batch, depth]` rather than `[batch, time, depth]`.
    pub time_major: bool,
    /// `asymmetric_quantize_inputs` (hybrid kernels only).
    pub asymmetric_quantize_inputs: bool,
    /// `diagonal_recurrent_tensors` (version 4+).
    pub diagonal_recurrent_tensors: bool,
}

/// `StridedSliceOptions`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StridedSliceOptions {
    /// `begin_mask`.
    pub begin_mask: i32,
    /// `end_mask`.
    pub end_mask: i32,
    /// `ellipsis_mask`.
    pub ellipsis_mask: i32,
    /// `new_axis_mask`.
    pub new_axis_mask: i32,
    /// `shrink_axis_mask`.
    pub shrink_axis_mask: i32,
    /// `offset`: `end` is an offset from `begin`.
    pub offset: bool,
}

/// `GatherOptions`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GatherOptions {
    /// `axis`: the dimension of the params that the indices select along (negative counts
    /// from the end).
    pub axis: i32,
    /// `batch_dims` (default 0): leading dimensions shared by params and indices.
    pub batch_dims: i32,
}

/// `SplitOptions` and `SplitVOptions` (the same one field).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SplitOptions {
    /// `num_splits`: how many outputs.
    pub num_splits: i32,
}

/// How `MIRROR_PAD` mirrors (`MirrorPadMode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MirrorPadMode {
    /// `REFLECT` (0): the edge element is not repeated.
    Reflect,
    /// `SYMMETRIC` (1): the edge element is repeated.
    Symmetric,
}

/// `MirrorPadOptions`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MirrorPadOptions {
    /// `mode`.
    pub mode: MirrorPadMode,
}

/// `SqueezeOptions`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SqueezeOptions {
    /// `squeeze_dims`: the dimensions to remove (negative counts from the end); empty or absent
    /// removes every dimension of size 1.
    pub squeeze_dims: Vec<i32>,
}

/// `ShapeOptions`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ShapeOptions {
    /// `out_type`: the element type of the result (`INT32` or `INT64`).
    pub out_type: DType,
}

/// `PackOptions`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PackOptions {
    /// `values_count`: how many inputs are stacked.
    pub values_count: i32,
    /// `axis`: where the new dimension goes (negative counts from the end of the result).
    pub axis: i32,
}

/// `UnpackOptions`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnpackOptions {
    /// `num`: how many outputs (the size of the input along `axis`).
    pub num: i32,
    /// `axis`: the dimension unstacked (negative counts from the end of the input).
    pub axis: i32,
}

/// `CastOptions`: the element types, which TFLite Micro ignores (it casts the input tensor's type
/// to the output tensor's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CastOptions {
    /// `in_data_type`.
    pub in_data_type: DType,
    /// `out_data_type`.
    pub out_data_type: DType,
}

/// `ArgMaxOptions` and `ArgMinOptions`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ArgMinMaxOptions {
    /// `output_type`: the index type (TFLite Micro reads the output tensor's type instead).
    pub output_type: DType,
}

/// `IfOptions`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IfOptions {
    /// `then_subgraph_index`, checked to name a subgraph of the model.
    pub then_subgraph_index: usize,
    /// `else_subgraph_index`, checked to name a subgraph of the model.
    pub else_subgraph_index: usize,
}

/// `WhileOptions`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WhileOptions {
    /// `cond_subgraph_index`, checked to name a subgraph of the model.
    pub cond_subgraph_index: usize,
    /// `body_subgraph_index`, checked to name a subgraph of the model.
    pub body_subgraph_index: usize,
}

/// `CallOnceOptions`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CallOnceOptions {
    /// `init_subgraph_index`, checked to name a subgraph of the model.
    pub init_subgraph_index: usize,
}

/// `VarHandleOptions`: which resource variable a `VAR_HANDLE` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VarHandleOptions<'a> {
    /// `container`.
    pub container: Option<&'a str>,
    /// `shared_name`: variables with equal names are the same variable.
    pub shared_name: Option<&'a str>,
}

/// An operator's builtin options, typed for the operators mc imports.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum BuiltinOptions<'a> {
    /// No options table (operators without options, or a file leaving them
    /// out: TFLite then uses each field's default).
    None,
    /// `Conv2DOptions` (`CONV_2D`).
    Conv2D(Conv2DOptions),
    /// `DepthwiseConv2DOptions` (`DEPTHWISE_CONV_2D`).
    DepthwiseConv2D(DepthwiseConv2DOptions),
    /// `Pool2DOptions` (`AVERAGE_POOL_2D`, `MAX_POOL_2D`, `L2_POOL_2D`).
    Pool2D(Pool2DOptions),
    /// `FullyConnectedOptions` (`FULLY_CONNECTED`).
    FullyConnected(FullyConnectedOptions),
    /// `SoftmaxOptions` (`SOFTMAX`).
    Softmax(SoftmaxOptions),
    /// `SVDFOptions` (`SVDF`).
    Svdf(SvdfOptions),
    /// `ConcatenationOptions` (`CONCATENATION`).
    Concatenation(ConcatenationOptions),
    /// `AddOptions` (`ADD`).
    Add(AddSubOptions),
    /// `SubOptions` (`SUB`).
    Sub(AddSubOptions),
    /// `MulOptions` (`MUL`).
    Mul(MulOptions),
    /// `ReshapeOptions` (`RESHAPE`).
    Reshape(ReshapeOptions),
    /// `ResizeBilinearOptions` (`RESIZE_BILINEAR`).
    ResizeBilinear(ResizeOptions),
    /// `SpaceToDepthOptions` (`SPACE_TO_DEPTH`).
    SpaceToDepth(BlockSizeOptions),
    /// `BatchToSpaceNDOptions` (`BATCH_TO_SPACE_ND`, no fields).
    BatchToSpaceNd,
    /// `SpaceToBatchNDOptions` (`SPACE_TO_BATCH_ND`, no fields).
    SpaceToBatchNd,
    /// `PadOptions` (`PAD`, no fields).
    Pad,
    /// `GatherOptions` (`GATHER`).
    Gather(GatherOptions),
    /// `TransposeOptions` (`TRANSPOSE`, no fields).
    Transpose,
    /// `ReducerOptions` (`MEAN`, `SUM`, `REDUCE_MAX`, `REDUCE_MIN`, `REDUCE_ALL`).
    Reducer(ReducerOptions),
    /// `SqueezeOptions` (`SQUEEZE`).
    Squeeze(SqueezeOptions),
    /// `UnidirectionalSequenceLSTMOptions` (`UNIDIRECTIONAL_SEQUENCE_LSTM`).
    SequenceLstm(SequenceLstmOptions),
    /// `StridedSliceOptions` (`STRIDED_SLICE`).
    StridedSlice(StridedSliceOptions),
    /// `SplitOptions` (`SPLIT`).
    Split(SplitOptions),
    /// `DequantizeOptions` (`DEQUANTIZE`, no fields).
    Dequantize,
    /// `QuantizeOptions` (`QUANTIZE`, no fields).
    Quantize,
    /// `CastOptions` (`CAST`).
    Cast(CastOptions),
    /// `MaximumMinimumOptions` (`MAXIMUM`, `MINIMUM`, no fields).
    MaximumMinimum,
    /// `L2NormOptions` (`L2_NORMALIZATION`).
    L2Norm(L2NormOptions),
    /// `LogSoftmaxOptions` (`LOG_SOFTMAX`, no fields).
    LogSoftmax,
    /// `ArgMaxOptions` (`ARG_MAX`).
    ArgMax(ArgMinMaxOptions),
    /// `LessOptions` (`LESS`, no fields).
    Less,
    /// `NegOptions` (`NEG`, no fields).
    Neg,
    /// `TransposeConvOptions` (`TRANSPOSE_CONV`).
    TransposeConv(TransposeConvOptions),
    /// `DivOptions` (`DIV`).
    Div(DivOptions),
    /// `ExpOptions` (`EXP`, no fields).
    Exp,
    /// `FloorDivOptions` (`FLOOR_DIV`, no fields).
    FloorDiv,
    /// `SquareOptions` (`SQUARE`, no fields).
    Square,
    /// `FloorModOptions` (`FLOOR_MOD`, no fields).
    FloorMod,
    /// `SquaredDifferenceOptions` (`SQUARED_DIFFERENCE`, no fields).
    SquaredDifference,
    /// `AbsOptions` (`ABS`, no fields).
    Abs,
    /// `AddNOptions` (`ADD_N`, no fields).
    AddN,
    /// `CosOptions` (`COS`, no fields).
    Cos,
    /// `PadV2Options` (`PADV2`, no fields).
    PadV2,
    /// `SliceOptions` (`SLICE`, no fields).
    Slice,
    /// `ExpandDimsOptions` (`EXPAND_DIMS`, no fields).
    ExpandDims,
    /// `ShapeOptions` (`SHAPE`).
    Shape(ShapeOptions),
    /// `PackOptions` (`PACK`).
    Pack(PackOptions),
    /// `ZerosLikeOptions` (`ZEROS_LIKE`, no fields).
    ZerosLike,
    /// `FillOptions` (`FILL`, no fields).
    Fill,
    /// `GreaterOptions` (`GREATER`, no fields).
    Greater,
    /// `GreaterEqualOptions` (`GREATER_EQUAL`, no fields).
    GreaterEqual,
    /// `LessEqualOptions` (`LESS_EQUAL`, no fields).
    LessEqual,
    /// `EqualOptions` (`EQUAL`, no fields).
    Equal,
    /// `NotEqualOptions` (`NOT_EQUAL`, no fields).
    NotEqual,
    /// `ArgMinOptions` (`ARG_MIN`).
    ArgMin(ArgMinMaxOptions),
    /// `LogicalOrOptions` (`LOGICAL_OR`, no fields).
    LogicalOr,
    /// `LogicalAndOptions` (`LOGICAL_AND`, no fields).
    LogicalAnd,
    /// `LogicalNotOptions` (`LOGICAL_NOT`, no fields).
    LogicalNot,
    /// `UnpackOptions` (`UNPACK`).
    Unpack(UnpackOptions),
    /// `LeakyReluOptions` (`LEAKY_RELU`).
    LeakyRelu(LeakyReluOptions),
    /// `MirrorPadOptions` (`MIRROR_PAD`).
    MirrorPad(MirrorPadOptions),
    /// `SplitVOptions` (`SPLIT_V`).
    SplitV(SplitOptions),
    /// `ReverseV2Options` (`REVERSE_V2`, no fields).
    ReverseV2,
    /// `GatherNdOptions` (`GATHER_ND`, no fields).
    GatherNd,
    /// `ResizeNearestNeighborOptions` (`RESIZE_NEAREST_NEIGHBOR`).
    ResizeNearestNeighbor(ResizeOptions),
    /// `DepthToSpaceOptions` (`DEPTH_TO_SPACE`).
    DepthToSpace(BlockSizeOptions),
    /// `HardSwishOptions` (`HARD_SWISH`, no fields).
    HardSwish,
    /// `IfOptions` (`IF`).
    If(IfOptions),
    /// `WhileOptions` (`WHILE`).
    While(WhileOptions),
    /// `BatchMatMulOptions` (`BATCH_MATMUL`).
    BatchMatMul(BatchMatMulOptions),
    /// `CumsumOptions` (`CUMSUM`).
    Cumsum(CumsumOptions),
    /// `SelectV2Options` (`SELECT_V2`, no fields).
    SelectV2,
    /// `CallOnceOptions` (`CALL_ONCE`).
    CallOnce(CallOnceOptions),
    /// `BroadcastToOptions` (`BROADCAST_TO`, no fields).
    BroadcastTo,
    /// `VarHandleOptions` (`VAR_HANDLE`).
    VarHandle(VarHandleOptions<'a>),
    /// `ReadVariableOptions` (`READ_VARIABLE`, no fields).
    ReadVariable,
    /// `AssignVariableOptions` (`ASSIGN_VARIABLE`, no fields).
    AssignVariable,
    /// `DynamicUpdateSliceOptions` (`DYNAMIC_UPDATE_SLICE`, no fields).
    DynamicUpdateSlice,
    /// Options of an operator mc does not import; not decoded.
    Other {
        /// The upstream table name (`GatherOptions`), or `union member N`
        /// for members after the last one this reader's schema lists.
        table: String,
    },
}

impl BuiltinOptions<'static> {
    /// The options TFLite uses when an operator of kind `op` has no options table: the
    /// table's schema defaults (a zero stride or `beta` stays zero, as in TFLite; the
    /// verifier then rejects what cannot run). [`BuiltinOptions::None`] for operators
    /// without a table.
    pub fn schema_defaults(op: BuiltinOp) -> BuiltinOptions<'static> {
        let conv = Conv2DOptions {
            padding: Padding::Same,
            stride_w: 0,
            stride_h: 0,
            fused_activation: Activation::None,
            dilation_w_factor: 1,
            dilation_h_factor: 1,
            quantized_bias_type: None,
        };
        let add_sub = AddSubOptions { fused_activation: Activation::None, pot_scale_int16: true };
        match op {
            BuiltinOp::Conv2D => BuiltinOptions::Conv2D(conv),
            BuiltinOp::DepthwiseConv2D => BuiltinOptions::DepthwiseConv2D(DepthwiseConv2DOptions {
                padding: conv.padding,
                stride_w: 0,
                stride_h: 0,
                depth_multiplier: 0,
                fused_activation: Activation::None,
                dilation_w_factor: 1,
                dilation_h_factor: 1,
            }),
            BuiltinOp::AveragePool2D | BuiltinOp::MaxPool2D | BuiltinOp::L2Pool2D => {
                BuiltinOptions::Pool2D(Pool2DOptions {
                    padding: Padding::Same,
                    stride_w: 0,
                    stride_h: 0,
                    filter_width: 0,
                    filter_height: 0,
                    fused_activation: Activation::None,
                })
            }
            BuiltinOp::FullyConnected => BuiltinOptions::FullyConnected(FullyConnectedOptions::default()),
            BuiltinOp::Softmax => BuiltinOptions::Softmax(SoftmaxOptions { beta: 0.0 }),
            BuiltinOp::Svdf => BuiltinOptions::Svdf(SvdfOptions {
                rank: 0,
                fused_activation: Activation::None,
                asymmetric_quantize_inputs: false,
            }),
            BuiltinOp::Concatenation => {
                BuiltinOptions::Concatenation(ConcatenationOptions { axis: 0, fused_activation: Activation::None })
            }
            BuiltinOp::Add => BuiltinOptions::Add(add_sub),
            BuiltinOp::Sub => BuiltinOptions::Sub(add_sub),
            BuiltinOp::Mul => BuiltinOptions::Mul(MulOptions { fused_activation: Activation::None }),
            BuiltinOp::Reshape => BuiltinOptions::Reshape(ReshapeOptions { new_shape: None }),
            BuiltinOp::ResizeBilinear => BuiltinOptions::ResizeBilinear(ResizeOptions::default()),
            BuiltinOp::SpaceToDepth => BuiltinOptions::SpaceToDepth(BlockSizeOptions { block_size: 0 }),
            BuiltinOp::BatchToSpaceNd => BuiltinOptions::BatchToSpaceNd,
            BuiltinOp::SpaceToBatchNd => BuiltinOptions::SpaceToBatchNd,
            BuiltinOp::Pad => BuiltinOptions::Pad,
            BuiltinOp::Gather => BuiltinOptions::Gather(GatherOptions { axis: 0, batch_dims: 0 }),
            BuiltinOp::Transpose => BuiltinOptions::Transpose,
            BuiltinOp::Mean | BuiltinOp::Sum | BuiltinOp::ReduceMax | BuiltinOp::ReduceMin | BuiltinOp::ReduceAll => {
                BuiltinOptions::Reducer(ReducerOptions { keep_dims: false })
            }
            BuiltinOp::Squeeze => BuiltinOptions::Squeeze(SqueezeOptions { squeeze_dims: Vec::new() }),
            BuiltinOp::UnidirectionalSequenceLstm => BuiltinOptions::SequenceLstm(SequenceLstmOptions {
                fused_activation: Activation::None,
                cell_clip: 0.0,
                proj_clip: 0.0,
                time_major: false,
                asymmetric_quantize_inputs: false,
                diagonal_recurrent_tensors: false,
            }),
            BuiltinOp::StridedSlice => BuiltinOptions::StridedSlice(StridedSliceOptions {
                begin_mask: 0,
                end_mask: 0,
                ellipsis_mask: 0,
                new_axis_mask: 0,
                shrink_axis_mask: 0,
                offset: false,
            }),
            BuiltinOp::Split => BuiltinOptions::Split(SplitOptions { num_splits: 0 }),
            BuiltinOp::Dequantize => BuiltinOptions::Dequantize,
            BuiltinOp::Quantize => BuiltinOptions::Quantize,
            BuiltinOp::Cast => {
                BuiltinOptions::Cast(CastOptions { in_data_type: DType::Float32, out_data_type: DType::Float32 })
            }
            BuiltinOp::Maximum | BuiltinOp::Minimum => BuiltinOptions::MaximumMinimum,
            BuiltinOp::L2Normalization => BuiltinOptions::L2Norm(L2NormOptions { fused_activation: Activation::None }),
            BuiltinOp::LogSoftmax => BuiltinOptions::LogSoftmax,
            BuiltinOp::ArgMax => BuiltinOptions::ArgMax(ArgMinMaxOptions { output_type: DType::Float32 }),
            BuiltinOp::Less => BuiltinOptions::Less,
            BuiltinOp::Neg => BuiltinOptions::Neg,
            BuiltinOp::TransposeConv => BuiltinOptions::TransposeConv(TransposeConvOptions {
                padding: Padding::Same,
                stride_w: 0,
                stride_h: 0,
                fused_activation: Activation::None,
                quantized_bias_type: None,
            }),
            BuiltinOp::Div => BuiltinOptions::Div(DivOptions { fused_activation: Activation::None }),
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
            BuiltinOp::Shape => BuiltinOptions::Shape(ShapeOptions { out_type: DType::Float32 }),
            BuiltinOp::Pack => BuiltinOptions::Pack(PackOptions { values_count: 0, axis: 0 }),
            BuiltinOp::ZerosLike => BuiltinOptions::ZerosLike,
            BuiltinOp::Fill => BuiltinOptions::Fill,
            BuiltinOp::Greater => BuiltinOptions::Greater,
            BuiltinOp::GreaterEqual => BuiltinOptions::GreaterEqual,
            BuiltinOp::LessEqual => BuiltinOptions::LessEqual,
            BuiltinOp::Equal => BuiltinOptions::Equal,
            BuiltinOp::NotEqual => BuiltinOptions::NotEqual,
            BuiltinOp::ArgMin => BuiltinOptions::ArgMin(ArgMinMaxOptions { output_type: DType::Float32 }),
            BuiltinOp::LogicalOr => BuiltinOptions::LogicalOr,
            BuiltinOp::LogicalAnd => BuiltinOptions::LogicalAnd,
            BuiltinOp::LogicalNot => BuiltinOptions::LogicalNot,
            BuiltinOp::Unpack => BuiltinOptions::Unpack(UnpackOptions { num: 0, axis: 0 }),
            BuiltinOp::LeakyRelu => BuiltinOptions::LeakyRelu(LeakyReluOptions { alpha: 0.0 }),
            BuiltinOp::MirrorPad => BuiltinOptions::MirrorPad(MirrorPadOptions { mode: MirrorPadMode::Reflect }),
            BuiltinOp::SplitV => BuiltinOptions::SplitV(SplitOptions { num_splits: 0 }),
            BuiltinOp::ReverseV2 => BuiltinOptions::ReverseV2,
            BuiltinOp::GatherNd => BuiltinOptions::GatherNd,
            BuiltinOp::ResizeNearestNeighbor => BuiltinOptions::ResizeNearestNeighbor(ResizeOptions::default()),
            BuiltinOp::DepthToSpace => BuiltinOptions::DepthToSpace(BlockSizeOptions { block_size: 0 }),
            BuiltinOp::HardSwish => BuiltinOptions::HardSwish,
            BuiltinOp::If => BuiltinOptions::If(IfOptions { then_subgraph_index: 0, else_subgraph_index: 0 }),
            BuiltinOp::While => BuiltinOptions::While(WhileOptions { cond_subgraph_index: 0, body_subgraph_index: 0 }),
            BuiltinOp::BatchMatMul => BuiltinOptions::BatchMatMul(BatchMatMulOptions {
                adj_x: false,
                adj_y: false,
                asymmetric_quantize_inputs: false,
            }),
            BuiltinOp::Cumsum => BuiltinOptions::Cumsum(CumsumOptions { exclusive: false, reverse: false }),
            BuiltinOp::SelectV2 => BuiltinOptions::SelectV2,
            BuiltinOp::CallOnce => BuiltinOptions::CallOnce(CallOnceOptions { init_subgraph_index: 0 }),
            BuiltinOp::BroadcastTo => BuiltinOptions::BroadcastTo,
            BuiltinOp::VarHandle => BuiltinOptions::VarHandle(VarHandleOptions { container: None, shared_name: None }),
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
}

impl BuiltinOptions<'_> {
    /// The upstream table name (`Conv2DOptions`), `none` for no options.
    pub fn table_name(&self) -> &str {
        match self {
            BuiltinOptions::None => "none",
            BuiltinOptions::Conv2D(_) => "Conv2DOptions",
            BuiltinOptions::DepthwiseConv2D(_) => "DepthwiseConv2DOptions",
            BuiltinOptions::Pool2D(_) => "Pool2DOptions",
            BuiltinOptions::FullyConnected(_) => "FullyConnectedOptions",
            BuiltinOptions::Softmax(_) => "SoftmaxOptions",
            BuiltinOptions::Svdf(_) => "SVDFOptions",
            BuiltinOptions::Concatenation(_) => "ConcatenationOptions",
            BuiltinOptions::Add(_) => "AddOptions",
            BuiltinOptions::Sub(_) => "SubOptions",
            BuiltinOptions::Mul(_) => "MulOptions",
            BuiltinOptions::Reshape(_) => "ReshapeOptions",
            BuiltinOptions::ResizeBilinear(_) => "ResizeBilinearOptions",
            BuiltinOptions::SpaceToDepth(_) => "SpaceToDepthOptions",
            BuiltinOptions::BatchToSpaceNd => "BatchToSpaceNDOptions",
            BuiltinOptions::SpaceToBatchNd => "SpaceToBatchNDOptions",
            BuiltinOptions::Pad => "PadOptions",
            BuiltinOptions::Gather(_) => "GatherOptions",
            BuiltinOptions::Transpose => "TransposeOptions",
            BuiltinOptions::Reducer(_) => "ReducerOptions",
            BuiltinOptions::Squeeze(_) => "SqueezeOptions",
            BuiltinOptions::SequenceLstm(_) => "UnidirectionalSequenceLSTMOptions",
            BuiltinOptions::StridedSlice(_) => "StridedSliceOptions",
            BuiltinOptions::Split(_) => "SplitOptions",
            BuiltinOptions::Dequantize => "DequantizeOptions",
            BuiltinOptions::Quantize => "QuantizeOptions",
            BuiltinOptions::Cast(_) => "CastOptions",
            BuiltinOptions::MaximumMinimum => "MaximumMinimumOptions",
            BuiltinOptions::L2Norm(_) => "L2NormOptions",
            BuiltinOptions::LogSoftmax => "LogSoftmaxOptions",
            BuiltinOptions::ArgMax(_) => "ArgMaxOptions",
            BuiltinOptions::Less => "LessOptions",
            BuiltinOptions::Neg => "NegOptions",
            BuiltinOptions::TransposeConv(_) => "TransposeConvOptions",
            BuiltinOptions::Div(_) => "DivOptions",
            BuiltinOptions::Exp => "ExpOptions",
            BuiltinOptions::FloorDiv => "FloorDivOptions",
            BuiltinOptions::Square => "SquareOptions",
            BuiltinOptions::FloorMod => "FloorModOptions",
            BuiltinOptions::SquaredDifference => "SquaredDifferenceOptions",
            BuiltinOptions::Abs => "AbsOptions",
            BuiltinOptions::AddN => "AddNOptions",
            BuiltinOptions::Cos => "CosOptions",
            BuiltinOptions::PadV2 => "PadV2Options",
            BuiltinOptions::Slice => "SliceOptions",
            BuiltinOptions::ExpandDims => "ExpandDimsOptions",
            BuiltinOptions::Shape(_) => "ShapeOptions",
            BuiltinOptions::Pack(_) => "PackOptions",
            BuiltinOptions::ZerosLike => "ZerosLikeOptions",
            BuiltinOptions::Fill => "FillOptions",
            BuiltinOptions::Greater => "GreaterOptions",
            BuiltinOptions::GreaterEqual => "GreaterEqualOptions",
            BuiltinOptions::LessEqual => "LessEqualOptions",
            BuiltinOptions::Equal => "EqualOptions",
            BuiltinOptions::NotEqual => "NotEqualOptions",
            BuiltinOptions::ArgMin(_) => "ArgMinOptions",
            BuiltinOptions::LogicalOr => "LogicalOrOptions",
            BuiltinOptions::LogicalAnd => "LogicalAndOptions",
            BuiltinOptions::LogicalNot => "LogicalNotOptions",
            BuiltinOptions::Unpack(_) => "UnpackOptions",
            BuiltinOptions::LeakyRelu(_) => "LeakyReluOptions",
            BuiltinOptions::MirrorPad(_) => "MirrorPadOptions",
            BuiltinOptions::SplitV(_) => "SplitVOptions",
            BuiltinOptions::ReverseV2 => "ReverseV2Options",
            BuiltinOptions::GatherNd => "GatherNdOptions",
            BuiltinOptions::ResizeNearestNeighbor(_) => "ResizeNearestNeighborOptions",
            BuiltinOptions::DepthToSpace(_) => "DepthToSpaceOptions",
            BuiltinOptions::HardSwish => "HardSwishOptions",
            BuiltinOptions::If(_) => "IfOptions",
            BuiltinOptions::While(_) => "WhileOptions",
            BuiltinOptions::BatchMatMul(_) => "BatchMatMulOptions",
            BuiltinOptions::Cumsum(_) => "CumsumOptions",
            BuiltinOptions::SelectV2 => "SelectV2Options",
            BuiltinOptions::CallOnce(_) => "CallOnceOptions",
            BuiltinOptions::BroadcastTo => "BroadcastToOptions",
            BuiltinOptions::VarHandle(_) => "VarHandleOptions",
            BuiltinOptions::ReadVariable => "ReadVariableOptions",
            BuiltinOptions::AssignVariable => "AssignVariableOptions",
            BuiltinOptions::DynamicUpdateSlice => "DynamicUpdateSliceOptions",
            BuiltinOptions::Other { table } => table,
        }
    }
}

impl BuiltinOp {
    /// The options table this operator takes (`none` if it takes none), as
    /// TFLite's converter writes it.
    pub fn options_table(self) -> &'static str {
        match self {
            BuiltinOp::Add => "AddOptions",
            BuiltinOp::AveragePool2D | BuiltinOp::MaxPool2D | BuiltinOp::L2Pool2D => "Pool2DOptions",
            BuiltinOp::Concatenation => "ConcatenationOptions",
            BuiltinOp::Conv2D => "Conv2DOptions",
            BuiltinOp::DepthwiseConv2D => "DepthwiseConv2DOptions",
            BuiltinOp::Dequantize => "DequantizeOptions",
            BuiltinOp::FullyConnected => "FullyConnectedOptions",
            BuiltinOp::Mul => "MulOptions",
            BuiltinOp::Reshape => "ReshapeOptions",
            BuiltinOp::ResizeBilinear => "ResizeBilinearOptions",
            BuiltinOp::SpaceToDepth => "SpaceToDepthOptions",
            BuiltinOp::BatchToSpaceNd => "BatchToSpaceNDOptions",
            BuiltinOp::SpaceToBatchNd => "SpaceToBatchNDOptions",
            BuiltinOp::Softmax => "SoftmaxOptions",
            BuiltinOp::Svdf => "SVDFOptions",
            BuiltinOp::Pad => "PadOptions",
            BuiltinOp::Gather => "GatherOptions",
            BuiltinOp::Transpose => "TransposeOptions",
            BuiltinOp::Mean | BuiltinOp::Sum | BuiltinOp::ReduceMax | BuiltinOp::ReduceMin | BuiltinOp::ReduceAll => {
                "ReducerOptions"
            }
            BuiltinOp::Sub => "SubOptions",
            BuiltinOp::Squeeze => "SqueezeOptions",
            BuiltinOp::UnidirectionalSequenceLstm => "UnidirectionalSequenceLSTMOptions",
            BuiltinOp::StridedSlice => "StridedSliceOptions",
            BuiltinOp::Split => "SplitOptions",
            BuiltinOp::Quantize => "QuantizeOptions",
            BuiltinOp::Cast => "CastOptions",
            BuiltinOp::Maximum | BuiltinOp::Minimum => "MaximumMinimumOptions",
            BuiltinOp::L2Normalization => "L2NormOptions",
            BuiltinOp::LogSoftmax => "LogSoftmaxOptions",
            BuiltinOp::ArgMax => "ArgMaxOptions",
            BuiltinOp::Less => "LessOptions",
            BuiltinOp::Neg => "NegOptions",
            BuiltinOp::TransposeConv => "TransposeConvOptions",
            BuiltinOp::Div => "DivOptions",
            BuiltinOp::Exp => "ExpOptions",
            BuiltinOp::FloorDiv => "FloorDivOptions",
            BuiltinOp::Square => "SquareOptions",
            BuiltinOp::FloorMod => "FloorModOptions",
            BuiltinOp::SquaredDifference => "SquaredDifferenceOptions",
            BuiltinOp::Abs => "AbsOptions",
            BuiltinOp::AddN => "AddNOptions",
            BuiltinOp::Cos => "CosOptions",
            BuiltinOp::PadV2 => "PadV2Options",
            BuiltinOp::Slice => "SliceOptions",
            BuiltinOp::ExpandDims => "ExpandDimsOptions",
            BuiltinOp::Shape => "ShapeOptions",
            BuiltinOp::Pack => "PackOptions",
            BuiltinOp::ZerosLike => "ZerosLikeOptions",
            BuiltinOp::Fill => "FillOptions",
            BuiltinOp::Greater => "GreaterOptions",
            BuiltinOp::GreaterEqual => "GreaterEqualOptions",
            BuiltinOp::LessEqual => "LessEqualOptions",
            BuiltinOp::Equal => "EqualOptions",
            BuiltinOp::NotEqual => "NotEqualOptions",
            BuiltinOp::ArgMin => "ArgMinOptions",
            BuiltinOp::LogicalOr => "LogicalOrOptions",
            BuiltinOp::LogicalAnd => "LogicalAndOptions",
            BuiltinOp::LogicalNot => "LogicalNotOptions",
            BuiltinOp::Unpack => "UnpackOptions",
            BuiltinOp::LeakyRelu => "LeakyReluOptions",
            BuiltinOp::MirrorPad => "MirrorPadOptions",
            BuiltinOp::SplitV => "SplitVOptions",
            BuiltinOp::ReverseV2 => "ReverseV2Options",
            BuiltinOp::GatherNd => "GatherNdOptions",
            BuiltinOp::ResizeNearestNeighbor => "ResizeNearestNeighborOptions",
            BuiltinOp::DepthToSpace => "DepthToSpaceOptions",
            BuiltinOp::HardSwish => "HardSwishOptions",
            BuiltinOp::If => "IfOptions",
            BuiltinOp::While => "WhileOptions",
            BuiltinOp::BatchMatMul => "BatchMatMulOptions",
            BuiltinOp::Cumsum => "CumsumOptions",
            BuiltinOp::SelectV2 => "SelectV2Options",
            BuiltinOp::CallOnce => "CallOnceOptions",
            BuiltinOp::BroadcastTo => "BroadcastToOptions",
            BuiltinOp::VarHandle => "VarHandleOptions",
            BuiltinOp::ReadVariable => "ReadVariableOptions",
            BuiltinOp::AssignVariable => "AssignVariableOptions",
            BuiltinOp::DynamicUpdateSlice => "DynamicUpdateSliceOptions",
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
            | BuiltinOp::PlaceholderForGreaterOpCodes => "none",
        }
    }
}

impl BuiltinOptions<'_> {
    /// The subgraphs a control-flow operator runs (`IF`, `WHILE`, `CALL_ONCE`), with the
    /// options' field names, in schema order.
    pub fn subgraph_indices(&self) -> Vec<(&'static str, usize)> {
        match self {
            BuiltinOptions::If(o) => {
                vec![("then_subgraph_index", o.then_subgraph_index), ("else_subgraph_index", o.else_subgraph_index)]
            }
            BuiltinOptions::While(o) => {
                vec![("cond_subgraph_index", o.cond_subgraph_index), ("body_subgraph_index", o.body_subgraph_index)]
            }
            BuiltinOptions::CallOnce(o) => vec![("init_subgraph_index", o.init_subgraph_index)],
            _ => Vec::new(),
        }
    }
}

/// A subgraph index as stored: negative indices map past any subgraph count, so the operator
/// reader reports them as out of range.
fn subgraph_index(raw: i32) -> usize {
    usize::try_from(raw).unwrap_or(usize::MAX)
}

/// Reads the options union of one operator. `UnknownEnumTag` errors (a
/// padding or activation value newer than the schema) come back as planus
/// errors for the caller to locate. `CallOnceOptions`, `IfOptions` and
/// `WhileOptions` are returned with their raw indices; the operator reader checks them against
/// the subgraph count.
pub(crate) fn read<'a>(raw: Option<fb::BuiltinOptionsRef<'a>>) -> planus::Result<BuiltinOptions<'a>> {
    use fb::BuiltinOptionsRef as R;
    let Some(raw) = raw else { return Ok(BuiltinOptions::None) };
    Ok(match raw {
        R::Conv2DOptions(o) => BuiltinOptions::Conv2D(Conv2DOptions {
            padding: o.padding()?.into(),
            stride_w: o.stride_w()?,
            stride_h: o.stride_h()?,
            fused_activation: o.fused_activation_function()?.into(),
            dilation_w_factor: o.dilation_w_factor()?,
            dilation_h_factor: o.dilation_h_factor()?,
            quantized_bias_type: bias_type(o.quantized_bias_type()?),
        }),
        R::DepthwiseConv2DOptions(o) => BuiltinOptions::DepthwiseConv2D(DepthwiseConv2DOptions {
            padding: o.padding()?.into(),
            stride_w: o.stride_w()?,
            stride_h: o.stride_h()?,
            depth_multiplier: o.depth_multiplier()?,
            fused_activation: o.fused_activation_function()?.into(),
            dilation_w_factor: o.dilation_w_factor()?,
            dilation_h_factor: o.dilation_h_factor()?,
        }),
        R::Pool2DOptions(o) => BuiltinOptions::Pool2D(Pool2DOptions {
            padding: o.padding()?.into(),
            stride_w: o.stride_w()?,
            stride_h: o.stride_h()?,
            filter_width: o.filter_width()?,
            filter_height: o.filter_height()?,
            fused_activation: o.fused_activation_function()?.into(),
        }),
        R::FullyConnectedOptions(o) => BuiltinOptions::FullyConnected(FullyConnectedOptions {
            fused_activation: o.fused_activation_function()?.into(),
            weights_format: match o.weights_format()? {
                fb::FullyConnectedOptionsWeightsFormat::Default => WeightsFormat::Default,
                fb::FullyConnectedOptionsWeightsFormat::Shuffled4x16Int8 => WeightsFormat::Shuffled4x16Int8,
            },
            keep_num_dims: o.keep_num_dims()?,
            asymmetric_quantize_inputs: o.asymmetric_quantize_inputs()?,
            quantized_bias_type: bias_type(o.quantized_bias_type()?),
        }),
        R::SoftmaxOptions(o) => BuiltinOptions::Softmax(SoftmaxOptions { beta: o.beta()? }),
        R::SvdfOptions(o) => BuiltinOptions::Svdf(SvdfOptions {
            rank: o.rank()?,
            fused_activation: o.fused_activation_function()?.into(),
            asymmetric_quantize_inputs: o.asymmetric_quantize_inputs()?,
        }),
        R::ConcatenationOptions(o) => BuiltinOptions::Concatenation(ConcatenationOptions {
            axis: o.axis()?,
            fused_activation: o.fused_activation_function()?.into(),
        }),
        R::AddOptions(o) => BuiltinOptions::Add(AddSubOptions {
            fused_activation: o.fused_activation_function()?.into(),
            pot_scale_int16: o.pot_scale_int16()?,
        }),
        R::SubOptions(o) => BuiltinOptions::Sub(AddSubOptions {
            fused_activation: o.fused_activation_function()?.into(),
            pot_scale_int16: o.pot_scale_int16()?,
        }),
        R::MulOptions(o) => BuiltinOptions::Mul(MulOptions { fused_activation: o.fused_activation_function()?.into() }),
        R::ReshapeOptions(o) => {
            BuiltinOptions::Reshape(ReshapeOptions { new_shape: o.new_shape()?.map(|v| v.iter().collect()) })
        }
        R::ResizeBilinearOptions(o) => BuiltinOptions::ResizeBilinear(ResizeOptions {
            align_corners: o.align_corners()?,
            half_pixel_centers: o.half_pixel_centers()?,
        }),
        R::SpaceToDepthOptions(o) => BuiltinOptions::SpaceToDepth(BlockSizeOptions { block_size: o.block_size()? }),
        R::BatchToSpaceNdOptions(_) => BuiltinOptions::BatchToSpaceNd,
        R::SpaceToBatchNdOptions(_) => BuiltinOptions::SpaceToBatchNd,
        R::PadOptions(_) => BuiltinOptions::Pad,
        R::GatherOptions(o) => BuiltinOptions::Gather(GatherOptions { axis: o.axis()?, batch_dims: o.batch_dims()? }),
        R::TransposeOptions(_) => BuiltinOptions::Transpose,
        R::ReducerOptions(o) => BuiltinOptions::Reducer(ReducerOptions { keep_dims: o.keep_dims()? }),
        R::SqueezeOptions(o) => BuiltinOptions::Squeeze(SqueezeOptions {
            squeeze_dims: o.squeeze_dims()?.map(|v| v.iter().collect()).unwrap_or_default(),
        }),
        R::UnidirectionalSequenceLstmOptions(o) => BuiltinOptions::SequenceLstm(SequenceLstmOptions {
            fused_activation: o.fused_activation_function()?.into(),
            cell_clip: o.cell_clip()?,
            proj_clip: o.proj_clip()?,
            time_major: o.time_major()?,
            asymmetric_quantize_inputs: o.asymmetric_quantize_inputs()?,
            diagonal_recurrent_tensors: o.diagonal_recurrent_tensors()?,
        }),
        R::StridedSliceOptions(o) => BuiltinOptions::StridedSlice(StridedSliceOptions {
            begin_mask: o.begin_mask()?,
            end_mask: o.end_mask()?,
            ellipsis_mask: o.ellipsis_mask()?,
            new_axis_mask: o.new_axis_mask()?,
            shrink_axis_mask: o.shrink_axis_mask()?,
            offset: o.offset()?,
        }),
        R::SplitOptions(o) => BuiltinOptions::Split(SplitOptions { num_splits: o.num_splits()? }),
        R::DequantizeOptions(_) => BuiltinOptions::Dequantize,
        R::QuantizeOptions(_) => BuiltinOptions::Quantize,
        R::CastOptions(o) => BuiltinOptions::Cast(CastOptions {
            in_data_type: o.in_data_type()?.into(),
            out_data_type: o.out_data_type()?.into(),
        }),
        R::MaximumMinimumOptions(_) => BuiltinOptions::MaximumMinimum,
        R::L2NormOptions(o) => {
            BuiltinOptions::L2Norm(L2NormOptions { fused_activation: o.fused_activation_function()?.into() })
        }
        R::LogSoftmaxOptions(_) => BuiltinOptions::LogSoftmax,
        R::ArgMaxOptions(o) => BuiltinOptions::ArgMax(ArgMinMaxOptions { output_type: o.output_type()?.into() }),
        R::LessOptions(_) => BuiltinOptions::Less,
        R::NegOptions(_) => BuiltinOptions::Neg,
        R::TransposeConvOptions(o) => BuiltinOptions::TransposeConv(TransposeConvOptions {
            padding: o.padding()?.into(),
            stride_w: o.stride_w()?,
            stride_h: o.stride_h()?,
            fused_activation: o.fused_activation_function()?.into(),
            quantized_bias_type: bias_type(o.quantized_bias_type()?),
        }),
        R::DivOptions(o) => BuiltinOptions::Div(DivOptions { fused_activation: o.fused_activation_function()?.into() }),
        R::ExpOptions(_) => BuiltinOptions::Exp,
        R::FloorDivOptions(_) => BuiltinOptions::FloorDiv,
        R::SquareOptions(_) => BuiltinOptions::Square,
        R::FloorModOptions(_) => BuiltinOptions::FloorMod,
        R::SquaredDifferenceOptions(_) => BuiltinOptions::SquaredDifference,
        R::AbsOptions(_) => BuiltinOptions::Abs,
        R::AddNOptions(_) => BuiltinOptions::AddN,
        R::CosOptions(_) => BuiltinOptions::Cos,
        R::PadV2Options(_) => BuiltinOptions::PadV2,
        R::SliceOptions(_) => BuiltinOptions::Slice,
        R::ExpandDimsOptions(_) => BuiltinOptions::ExpandDims,
        R::ShapeOptions(o) => BuiltinOptions::Shape(ShapeOptions { out_type: o.out_type()?.into() }),
        R::PackOptions(o) => BuiltinOptions::Pack(PackOptions { values_count: o.values_count()?, axis: o.axis()? }),
        R::ZerosLikeOptions(_) => BuiltinOptions::ZerosLike,
        R::FillOptions(_) => BuiltinOptions::Fill,
        R::GreaterOptions(_) => BuiltinOptions::Greater,
        R::GreaterEqualOptions(_) => BuiltinOptions::GreaterEqual,
        R::LessEqualOptions(_) => BuiltinOptions::LessEqual,
        R::EqualOptions(_) => BuiltinOptions::Equal,
        R::NotEqualOptions(_) => BuiltinOptions::NotEqual,
        R::ArgMinOptions(o) => BuiltinOptions::ArgMin(ArgMinMaxOptions { output_type: o.output_type()?.into() }),
        R::LogicalOrOptions(_) => BuiltinOptions::LogicalOr,
        R::LogicalAndOptions(_) => BuiltinOptions::LogicalAnd,
        R::LogicalNotOptions(_) => BuiltinOptions::LogicalNot,
        R::UnpackOptions(o) => BuiltinOptions::Unpack(UnpackOptions { num: o.num()?, axis: o.axis()? }),
        R::LeakyReluOptions(o) => BuiltinOptions::LeakyRelu(LeakyReluOptions { alpha: o.alpha()? }),
        R::MirrorPadOptions(o) => BuiltinOptions::MirrorPad(MirrorPadOptions {
            mode: match o.mode()? {
                fb::MirrorPadMode::Reflect => MirrorPadMode::Reflect,
                fb::MirrorPadMode::Symmetric => MirrorPadMode::Symmetric,
            },
        }),
        R::SplitVOptions(o) => BuiltinOptions::SplitV(SplitOptions { num_splits: o.num_splits()? }),
        R::ReverseV2Options(_) => BuiltinOptions::ReverseV2,
        R::GatherNdOptions(_) => BuiltinOptions::GatherNd,
        R::ResizeNearestNeighborOptions(o) => BuiltinOptions::ResizeNearestNeighbor(ResizeOptions {
            align_corners: o.align_corners()?,
            half_pixel_centers: o.half_pixel_centers()?,
        }),
        R::HardSwishOptions(_) => BuiltinOptions::HardSwish,
        R::IfOptions(o) => BuiltinOptions::If(IfOptions {
            then_subgraph_index: subgraph_index(o.then_subgraph_index()?),
            else_subgraph_index: subgraph_index(o.else_subgraph_index()?),
        }),
        R::WhileOptions(o) => BuiltinOptions::While(WhileOptions {
            cond_subgraph_index: subgraph_index(o.cond_subgraph_index()?),
            body_subgraph_index: subgraph_index(o.body_subgraph_index()?),
        }),
        R::BatchMatMulOptions(o) => BuiltinOptions::BatchMatMul(BatchMatMulOptions {
            adj_x: o.adj_x()?,
            adj_y: o.adj_y()?,
            asymmetric_quantize_inputs: o.asymmetric_quantize_inputs()?,
        }),
        R::DepthToSpaceOptions(o) => BuiltinOptions::DepthToSpace(BlockSizeOptions { block_size: o.block_size()? }),
        R::CumsumOptions(o) => {
            BuiltinOptions::Cumsum(CumsumOptions { exclusive: o.exclusive()?, reverse: o.reverse()? })
        }
        R::SelectV2Options(_) => BuiltinOptions::SelectV2,
        R::CallOnceOptions(o) => {
            BuiltinOptions::CallOnce(CallOnceOptions { init_subgraph_index: subgraph_index(o.init_subgraph_index()?) })
        }
        R::BroadcastToOptions(_) => BuiltinOptions::BroadcastTo,
        R::VarHandleOptions(o) => {
            BuiltinOptions::VarHandle(VarHandleOptions { container: o.container()?, shared_name: o.shared_name()? })
        }
        R::ReadVariableOptions(_) => BuiltinOptions::ReadVariable,
        R::AssignVariableOptions(_) => BuiltinOptions::AssignVariable,
        R::DynamicUpdateSliceOptions(_) => BuiltinOptions::DynamicUpdateSlice,
        other => BuiltinOptions::Other { table: other_table_name(&other) },
    })
}

/// The member name of a union value this reader does not decode. planus
/// derives `Debug` on the union as `Member(MemberRef { .. })`; the variant
/// name is planus' UpperCamelCase of the upstream table name, e.g.
/// `LshProjectionOptions` for `LSHProjectionOptions`.
fn other_table_name(other: &fb::BuiltinOptionsRef<'_>) -> String {
    let debug = format!("{other:?}");
    debug.split(['(', ' ', '{']).next().unwrap_or_default().to_string()
}

/// `quantized_bias_type`: 0 (`FLOAT32`, the default) means unset.
fn bias_type(t: fb::TensorType) -> Option<DType> {
    match t {
        fb::TensorType::Float32 => None,
        t => Some(t.into()),
    }
}

impl From<fb::Padding> for Padding {
    fn from(p: fb::Padding) -> Padding {
        match p {
            fb::Padding::Same => Padding::Same,
            fb::Padding::Valid => Padding::Valid,
        }
    }
}

impl From<fb::ActivationFunctionType> for Activation {
    fn from(a: fb::ActivationFunctionType) -> Activation {
        match a {
            fb::ActivationFunctionType::None => Activation::None,
            fb::ActivationFunctionType::Relu => Activation::Relu,
            fb::ActivationFunctionType::ReluN1To1 => Activation::ReluN1To1,
            fb::ActivationFunctionType::Relu6 => Activation::Relu6,
            fb::ActivationFunctionType::Tanh => Activation::Tanh,
            fb::ActivationFunctionType::SignBit => Activation::SignBit,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_named_op_takes_a_table_the_enum_can_hold() {
        let names = [
            "none",
            "Conv2DOptions",
            "DepthwiseConv2DOptions",
            "Pool2DOptions",
            "FullyConnectedOptions",
            "SoftmaxOptions",
            "SVDFOptions",
            "ConcatenationOptions",
            "AddOptions",
            "SubOptions",
            "MulOptions",
            "ReshapeOptions",
            "ResizeBilinearOptions",
            "SpaceToDepthOptions",
            "BatchToSpaceNDOptions",
            "SpaceToBatchNDOptions",
            "PadOptions",
            "GatherOptions",
            "TransposeOptions",
            "ReducerOptions",
            "SqueezeOptions",
            "UnidirectionalSequenceLSTMOptions",
            "StridedSliceOptions",
            "SplitOptions",
            "DequantizeOptions",
            "QuantizeOptions",
            "CastOptions",
            "MaximumMinimumOptions",
            "L2NormOptions",
            "LogSoftmaxOptions",
            "ArgMaxOptions",
            "LessOptions",
            "NegOptions",
            "TransposeConvOptions",
            "DivOptions",
            "ExpOptions",
            "FloorDivOptions",
            "SquareOptions",
            "FloorModOptions",
            "SquaredDifferenceOptions",
            "AbsOptions",
            "AddNOptions",
            "CosOptions",
            "PadV2Options",
            "SliceOptions",
            "ExpandDimsOptions",
            "ShapeOptions",
            "PackOptions",
            "ZerosLikeOptions",
            "FillOptions",
            "GreaterOptions",
            "GreaterEqualOptions",
            "LessEqualOptions",
            "EqualOptions",
            "NotEqualOptions",
            "ArgMinOptions",
            "LogicalOrOptions",
            "LogicalAndOptions",
            "LogicalNotOptions",
            "UnpackOptions",
            "LeakyReluOptions",
            "MirrorPadOptions",
            "SplitVOptions",
            "ReverseV2Options",
            "GatherNdOptions",
            "ResizeNearestNeighborOptions",
            "HardSwishOptions",
            "IfOptions",
            "WhileOptions",
            "BatchMatMulOptions",
            "DepthToSpaceOptions",
            "CumsumOptions",
            "SelectV2Options",
            "CallOnceOptions",
            "BroadcastToOptions",
            "VarHandleOptions",
            "ReadVariableOptions",
            "AssignVariableOptions",
            "DynamicUpdateSliceOptions",
        ];
        for op in BuiltinOp::ALL {
            assert!(names.contains(&op.options_table()), "{op}");
        }
    }

    #[test]
    fn schema_defaults_are_the_generated_tables_defaults() {
        use crate::writer::{raw, to_raw};
        use raw::BuiltinOptions as R;
        for op in BuiltinOp::ALL {
            let defaults = BuiltinOptions::schema_defaults(op);
            assert_eq!(defaults.table_name(), op.options_table(), "{op}");
            // planus' owned types default every field to the schema's default.
            let expected = match to_raw(&defaults) {
                None => continue,
                Some(R::Conv2DOptions(_)) => R::Conv2DOptions(Box::default()),
                Some(R::DepthwiseConv2DOptions(_)) => R::DepthwiseConv2DOptions(Box::default()),
                Some(R::Pool2DOptions(_)) => R::Pool2DOptions(Box::default()),
                Some(R::FullyConnectedOptions(_)) => R::FullyConnectedOptions(Box::default()),
                Some(R::SoftmaxOptions(_)) => R::SoftmaxOptions(Box::default()),
                Some(R::SvdfOptions(_)) => R::SvdfOptions(Box::default()),
                Some(R::ConcatenationOptions(_)) => R::ConcatenationOptions(Box::default()),
                Some(R::AddOptions(_)) => R::AddOptions(Box::default()),
                Some(R::SubOptions(_)) => R::SubOptions(Box::default()),
                Some(R::MulOptions(_)) => R::MulOptions(Box::default()),
                Some(R::DivOptions(_)) => R::DivOptions(Box::default()),
                Some(R::ReshapeOptions(_)) => R::ReshapeOptions(Box::default()),
                Some(R::ResizeBilinearOptions(_)) => R::ResizeBilinearOptions(Box::default()),
                Some(R::SpaceToDepthOptions(_)) => R::SpaceToDepthOptions(Box::default()),
                Some(R::ReducerOptions(_)) => R::ReducerOptions(Box::default()),
                Some(R::UnidirectionalSequenceLstmOptions(_)) => R::UnidirectionalSequenceLstmOptions(Box::default()),
                Some(R::StridedSliceOptions(_)) => R::StridedSliceOptions(Box::default()),
                Some(R::GatherOptions(_)) => R::GatherOptions(Box::default()),
                Some(R::SplitOptions(_)) => R::SplitOptions(Box::default()),
                Some(R::MirrorPadOptions(_)) => R::MirrorPadOptions(Box::default()),
                Some(R::SplitVOptions(_)) => R::SplitVOptions(Box::default()),
                Some(R::UnpackOptions(_)) => R::UnpackOptions(Box::default()),
                Some(R::CastOptions(_)) => R::CastOptions(Box::default()),
                Some(R::ArgMaxOptions(_)) => R::ArgMaxOptions(Box::default()),
                Some(R::ArgMinOptions(_)) => R::ArgMinOptions(Box::default()),
                Some(R::LeakyReluOptions(_)) => R::LeakyReluOptions(Box::default()),
                Some(R::TransposeConvOptions(_)) => R::TransposeConvOptions(Box::default()),
                Some(R::BatchMatMulOptions(_)) => R::BatchMatMulOptions(Box::default()),
                Some(R::ResizeNearestNeighborOptions(_)) => R::ResizeNearestNeighborOptions(Box::default()),
                Some(R::DepthToSpaceOptions(_)) => R::DepthToSpaceOptions(Box::default()),
                Some(R::CumsumOptions(_)) => R::CumsumOptions(Box::default()),
                Some(R::L2NormOptions(_)) => R::L2NormOptions(Box::default()),
                Some(R::IfOptions(_)) => R::IfOptions(Box::default()),
                Some(R::WhileOptions(_)) => R::WhileOptions(Box::default()),
                Some(R::CallOnceOptions(_)) => R::CallOnceOptions(Box::default()),
                Some(R::VarHandleOptions(_)) => R::VarHandleOptions(Box::default()),
                Some(other) => other,
            };
            assert_eq!(to_raw(&defaults), Some(expected), "{op}");
        }
    }

    #[test]
    fn absent_options_read_as_none() {
        assert_eq!(read(None).unwrap(), BuiltinOptions::None);
        assert_eq!(BuiltinOptions::None.table_name(), "none");
    }
}
