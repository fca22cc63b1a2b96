//! Operator codes: which operator an `Operator` runs (a builtin with a
//! version, or a custom operator by name).

use crate::builtin_names::builtin_operator_name;
use crate::error::{At, TfliteError};
use crate::schema::tflite as fb;

/// The builtin operators this reader names: those mc imports, plus the
/// markers `CUSTOM` and `PLACEHOLDER_FOR_GREATER_OP_CODES` and `CALL_ONCE`
/// (streaming models call their variable-initialising subgraph with it).
/// Numbers are upstream's `BuiltinOperator` values; other builtins read as
/// [`OpKind::UnknownBuiltin`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BuiltinOp {
    /// `ADD` (0).
    Add,
    /// `AVERAGE_POOL_2D` (1).
    AveragePool2D,
    /// `CONCATENATION` (2).
    Concatenation,
    /// `CONV_2D` (3).
    Conv2D,
    /// `DEPTHWISE_CONV_2D` (4).
    DepthwiseConv2D,
    /// `DEPTH_TO_SPACE` (5).
    DepthToSpace,
    /// `DEQUANTIZE` (6).
    Dequantize,
    /// `FLOOR` (8).
    Floor,
    /// `EMBEDDING_LOOKUP` (7).
    EmbeddingLookup,
    /// `FULLY_CONNECTED` (9).
    FullyConnected,
    /// `L2_NORMALIZATION` (11).
    L2Normalization,
    /// `L2_POOL_2D` (12).
    L2Pool2D,
    /// `LOGISTIC` (14).
    Logistic,
    /// `MAX_POOL_2D` (17).
    MaxPool2D,
    /// `MUL` (18).
    Mul,
    /// `RELU` (19).
    Relu,
    /// `RELU_N1_TO_1` (20).
    ReluN1To1,
    /// `RELU6` (21).
    Relu6,
    /// `RESHAPE` (22).
    Reshape,
    /// `RESIZE_BILINEAR` (23).
    ResizeBilinear,
    /// `SOFTMAX` (25).
    Softmax,
    /// `SVDF` (27).
    Svdf,
    /// `SPACE_TO_DEPTH` (26).
    SpaceToDepth,
    /// `TANH` (28).
    Tanh,
    /// `CUSTOM` (32).
    Custom,
    /// `PAD` (34).
    Pad,
    /// `GATHER` (36).
    Gather,
    /// `BATCH_TO_SPACE_ND` (37).
    BatchToSpaceNd,
    /// `SPACE_TO_BATCH_ND` (38).
    SpaceToBatchNd,
    /// `TRANSPOSE` (39).
    Transpose,
    /// `MEAN` (40).
    Mean,
    /// `SUB` (41).
    Sub,
    /// `DIV` (42).
    Div,
    /// `SQUEEZE` (43).
    Squeeze,
    /// `UNIDIRECTIONAL_SEQUENCE_LSTM` (44).
    UnidirectionalSequenceLstm,
    /// `STRIDED_SLICE` (45).
    StridedSlice,
    /// `SPLIT` (49).
    Split,
    /// `LOG_SOFTMAX` (50).
    LogSoftmax,
    /// `CAST` (53).
    Cast,
    /// `PRELU` (54).
    Prelu,
    /// `EXP` (47).
    Exp,
    /// `MAXIMUM` (55).
    Maximum,
    /// `ARG_MAX` (56).
    ArgMax,
    /// `MINIMUM` (57).
    Minimum,
    /// `LESS` (58).
    Less,
    /// `NEG` (59).
    Neg,
    /// `PADV2` (60).
    PadV2,
    /// `SLICE` (65).
    Slice,
    /// `EXPAND_DIMS` (70).
    ExpandDims,
    /// `GREATER` (61).
    Greater,
    /// `GREATER_EQUAL` (62).
    GreaterEqual,
    /// `LESS_EQUAL` (63).
    LessEqual,
    /// `EQUAL` (71).
    Equal,
    /// `NOT_EQUAL` (72).
    NotEqual,
    /// `SUM` (74).
    Sum,
    /// `TRANSPOSE_CONV` (67).
    TransposeConv,
    /// `SIN` (66).
    Sin,
    /// `LOG` (73).
    Log,
    /// `SQRT` (75).
    Sqrt,
    /// `RSQRT` (76).
    Rsqrt,
    /// `SHAPE` (77).
    Shape,
    /// `ARG_MIN` (79).
    ArgMin,
    /// `REDUCE_MAX` (82).
    ReduceMax,
    /// `PACK` (83).
    Pack,
    /// `LOGICAL_OR` (84).
    LogicalOr,
    /// `LOGICAL_AND` (86).
    LogicalAnd,
    /// `LOGICAL_NOT` (87).
    LogicalNot,
    /// `UNPACK` (88).
    Unpack,
    /// `REDUCE_MIN` (89).
    ReduceMin,
    /// `FLOOR_DIV` (90).
    FloorDiv,
    /// `SQUARE` (92).
    Square,
    /// `FLOOR_MOD` (95).
    FloorMod,
    /// `ZEROS_LIKE` (93).
    ZerosLike,
    /// `FILL` (94).
    Fill,
    /// `RESIZE_NEAREST_NEIGHBOR` (97).
    ResizeNearestNeighbor,
    /// `LEAKY_RELU` (98).
    LeakyRelu,
    /// `SQUARED_DIFFERENCE` (99).
    SquaredDifference,
    /// `ABS` (101).
    Abs,
    /// `CEIL` (104).
    Ceil,
    /// `ADD_N` (106).
    AddN,
    /// `COS` (108).
    Cos,
    /// `MIRROR_PAD` (100).
    MirrorPad,
    /// `SPLIT_V` (102).
    SplitV,
    /// `REVERSE_V2` (105).
    ReverseV2,
    /// `GATHER_ND` (107).
    GatherNd,
    /// `ELU` (111).
    Elu,
    /// `QUANTIZE` (114).
    Quantize,
    /// `ROUND` (116).
    Round,
    /// `HARD_SWISH` (117).
    HardSwish,
    /// `IF` (118).
    If,
    /// `WHILE` (119).
    While,
    /// `BATCH_MATMUL` (126).
    BatchMatMul,
    /// `SELECT_V2` (123).
    SelectV2,
    /// `PLACEHOLDER_FOR_GREATER_OP_CODES` (127).
    PlaceholderForGreaterOpCodes,
    /// `CUMSUM` (128).
    Cumsum,
    /// `CALL_ONCE` (129).
    CallOnce,
    /// `BROADCAST_TO` (130).
    BroadcastTo,
    /// `REDUCE_ALL` (140).
    ReduceAll,
    /// `VAR_HANDLE` (142).
    VarHandle,
    /// `READ_VARIABLE` (143).
    ReadVariable,
    /// `ASSIGN_VARIABLE` (144).
    AssignVariable,
    /// `BROADCAST_ARGS` (145).
    BroadcastArgs,
    /// `DYNAMIC_UPDATE_SLICE` (151).
    DynamicUpdateSlice,
}

impl BuiltinOp {
    /// Every builtin this reader names, by increasing code.
    pub const ALL: [BuiltinOp; 103] = [
        BuiltinOp::Add,
        BuiltinOp::AveragePool2D,
        BuiltinOp::Concatenation,
        BuiltinOp::Conv2D,
        BuiltinOp::DepthwiseConv2D,
        BuiltinOp::DepthToSpace,
        BuiltinOp::Dequantize,
        BuiltinOp::Floor,
        BuiltinOp::EmbeddingLookup,
        BuiltinOp::FullyConnected,
        BuiltinOp::L2Normalization,
        BuiltinOp::L2Pool2D,
        BuiltinOp::Logistic,
        BuiltinOp::MaxPool2D,
        BuiltinOp::Mul,
        BuiltinOp::Relu,
        BuiltinOp::ReluN1To1,
        BuiltinOp::Relu6,
        BuiltinOp::Reshape,
        BuiltinOp::ResizeBilinear,
        BuiltinOp::Softmax,
        BuiltinOp::Svdf,
        BuiltinOp::SpaceToDepth,
        BuiltinOp::Tanh,
        BuiltinOp::Custom,
        BuiltinOp::Pad,
        BuiltinOp::Gather,
        BuiltinOp::BatchToSpaceNd,
        BuiltinOp::SpaceToBatchNd,
        BuiltinOp::Transpose,
        BuiltinOp::Mean,
        BuiltinOp::Sub,
        BuiltinOp::Div,
        BuiltinOp::Squeeze,
        BuiltinOp::UnidirectionalSequenceLstm,
        BuiltinOp::StridedSlice,
        BuiltinOp::Split,
        BuiltinOp::LogSoftmax,
        BuiltinOp::Cast,
        BuiltinOp::Prelu,
        BuiltinOp::Exp,
        BuiltinOp::Maximum,
        BuiltinOp::ArgMax,
        BuiltinOp::Minimum,
        BuiltinOp::Less,
        BuiltinOp::Neg,
        BuiltinOp::PadV2,
        BuiltinOp::Slice,
        BuiltinOp::ExpandDims,
        BuiltinOp::Greater,
        BuiltinOp::GreaterEqual,
        BuiltinOp::LessEqual,
        BuiltinOp::Equal,
        BuiltinOp::NotEqual,
        BuiltinOp::Sum,
        BuiltinOp::TransposeConv,
        BuiltinOp::Sin,
        BuiltinOp::Log,
        BuiltinOp::Sqrt,
        BuiltinOp::Rsqrt,
        BuiltinOp::Shape,
        BuiltinOp::ArgMin,
        BuiltinOp::ReduceMax,
        BuiltinOp::Pack,
        BuiltinOp::LogicalOr,
        BuiltinOp::LogicalAnd,
        BuiltinOp::LogicalNot,
        BuiltinOp::Unpack,
        BuiltinOp::ReduceMin,
        BuiltinOp::FloorDiv,
        BuiltinOp::Square,
        BuiltinOp::FloorMod,
        BuiltinOp::ZerosLike,
        BuiltinOp::Fill,
        BuiltinOp::ResizeNearestNeighbor,
        BuiltinOp::LeakyRelu,
        BuiltinOp::SquaredDifference,
        BuiltinOp::Abs,
        BuiltinOp::Ceil,
        BuiltinOp::AddN,
        BuiltinOp::Cos,
        BuiltinOp::MirrorPad,
        BuiltinOp::SplitV,
        BuiltinOp::ReverseV2,
        BuiltinOp::GatherNd,
        BuiltinOp::Elu,
        BuiltinOp::Quantize,
        BuiltinOp::Round,
        BuiltinOp::HardSwish,
        BuiltinOp::If,
        BuiltinOp::While,
        BuiltinOp::BatchMatMul,
        BuiltinOp::SelectV2,
        BuiltinOp::PlaceholderForGreaterOpCodes,
        BuiltinOp::Cumsum,
        BuiltinOp::CallOnce,
        BuiltinOp::BroadcastTo,
        BuiltinOp::ReduceAll,
        BuiltinOp::VarHandle,
        BuiltinOp::ReadVariable,
        BuiltinOp::AssignVariable,
        BuiltinOp::BroadcastArgs,
        BuiltinOp::DynamicUpdateSlice,
    ];

    /// The upstream spelling, e.g. `CONV_2D`.
    pub fn name(self) -> &'static str {
        match self {
            BuiltinOp::Add => "ADD",
            BuiltinOp::AveragePool2D => "AVERAGE_POOL_2D",
            BuiltinOp::Concatenation => "CONCATENATION",
            BuiltinOp::Conv2D => "CONV_2D",
            BuiltinOp::DepthwiseConv2D => "DEPTHWISE_CONV_2D",
            BuiltinOp::DepthToSpace => "DEPTH_TO_SPACE",
            BuiltinOp::Dequantize => "DEQUANTIZE",
            BuiltinOp::Floor => "FLOOR",
            BuiltinOp::EmbeddingLookup => "EMBEDDING_LOOKUP",
            BuiltinOp::FullyConnected => "FULLY_CONNECTED",
            BuiltinOp::L2Normalization => "L2_NORMALIZATION",
            BuiltinOp::L2Pool2D => "L2_POOL_2D",
            BuiltinOp::Logistic => "LOGISTIC",
            BuiltinOp::MaxPool2D => "MAX_POOL_2D",
            BuiltinOp::Mul => "MUL",
            BuiltinOp::Relu => "RELU",
            BuiltinOp::ReluN1To1 => "RELU_N1_TO_1",
            BuiltinOp::Relu6 => "RELU6",
            BuiltinOp::Reshape => "RESHAPE",
            BuiltinOp::ResizeBilinear => "RESIZE_BILINEAR",
            BuiltinOp::Softmax => "SOFTMAX",
            BuiltinOp::Svdf => "SVDF",
            BuiltinOp::SpaceToDepth => "SPACE_TO_DEPTH",
            BuiltinOp::Tanh => "TANH",
            BuiltinOp::Custom => "CUSTOM",
            BuiltinOp::Pad => "PAD",
            BuiltinOp::Gather => "GATHER",
            BuiltinOp::BatchToSpaceNd => "BATCH_TO_SPACE_ND",
            BuiltinOp::SpaceToBatchNd => "SPACE_TO_BATCH_ND",
            BuiltinOp::Transpose => "TRANSPOSE",
            BuiltinOp::Mean => "MEAN",
            BuiltinOp::Sub => "SUB",
            BuiltinOp::Div => "DIV",
            BuiltinOp::Squeeze => "SQUEEZE",
            BuiltinOp::UnidirectionalSequenceLstm => "UNIDIRECTIONAL_SEQUENCE_LSTM",
            BuiltinOp::StridedSlice => "STRIDED_SLICE",
            BuiltinOp::Split => "SPLIT",
            BuiltinOp::LogSoftmax => "LOG_SOFTMAX",
            BuiltinOp::Cast => "CAST",
            BuiltinOp::Prelu => "PRELU",
            BuiltinOp::Exp => "EXP",
            BuiltinOp::Maximum => "MAXIMUM",
            BuiltinOp::ArgMax => "ARG_MAX",
            BuiltinOp::Minimum => "MINIMUM",
            BuiltinOp::Less => "LESS",
            BuiltinOp::Neg => "NEG",
            BuiltinOp::PadV2 => "PADV2",
            BuiltinOp::Slice => "SLICE",
            BuiltinOp::ExpandDims => "EXPAND_DIMS",
            BuiltinOp::Greater => "GREATER",
            BuiltinOp::GreaterEqual => "GREATER_EQUAL",
            BuiltinOp::LessEqual => "LESS_EQUAL",
            BuiltinOp::Equal => "EQUAL",
            BuiltinOp::NotEqual => "NOT_EQUAL",
            BuiltinOp::Sum => "SUM",
            BuiltinOp::TransposeConv => "TRANSPOSE_CONV",
            BuiltinOp::Sin => "SIN",
            BuiltinOp::Log => "LOG",
            BuiltinOp::Sqrt => "SQRT",
            BuiltinOp::Rsqrt => "RSQRT",
            BuiltinOp::Shape => "SHAPE",
            BuiltinOp::ArgMin => "ARG_MIN",
            BuiltinOp::ReduceMax => "REDUCE_MAX",
            BuiltinOp::Pack => "PACK",
            BuiltinOp::LogicalOr => "LOGICAL_OR",
            BuiltinOp::LogicalAnd => "LOGICAL_AND",
            BuiltinOp::LogicalNot => "LOGICAL_NOT",
            BuiltinOp::Unpack => "UNPACK",
            BuiltinOp::ReduceMin => "REDUCE_MIN",
            BuiltinOp::FloorDiv => "FLOOR_DIV",
            BuiltinOp::Square => "SQUARE",
            BuiltinOp::FloorMod => "FLOOR_MOD",
            BuiltinOp::ZerosLike => "ZEROS_LIKE",
            BuiltinOp::Fill => "FILL",
            BuiltinOp::ResizeNearestNeighbor => "RESIZE_NEAREST_NEIGHBOR",
            BuiltinOp::LeakyRelu => "LEAKY_RELU",
            BuiltinOp::SquaredDifference => "SQUARED_DIFFERENCE",
            BuiltinOp::Abs => "ABS",
            BuiltinOp::Ceil => "CEIL",
            BuiltinOp::AddN => "ADD_N",
            BuiltinOp::Cos => "COS",
            BuiltinOp::MirrorPad => "MIRROR_PAD",
            BuiltinOp::SplitV => "SPLIT_V",
            BuiltinOp::ReverseV2 => "REVERSE_V2",
            BuiltinOp::GatherNd => "GATHER_ND",
            BuiltinOp::Elu => "ELU",
            BuiltinOp::Quantize => "QUANTIZE",
            BuiltinOp::Round => "ROUND",
            BuiltinOp::HardSwish => "HARD_SWISH",
            BuiltinOp::If => "IF",
            BuiltinOp::While => "WHILE",
            BuiltinOp::BatchMatMul => "BATCH_MATMUL",
            BuiltinOp::SelectV2 => "SELECT_V2",
            BuiltinOp::PlaceholderForGreaterOpCodes => "PLACEHOLDER_FOR_GREATER_OP_CODES",
            BuiltinOp::Cumsum => "CUMSUM",
            BuiltinOp::CallOnce => "CALL_ONCE",
            BuiltinOp::BroadcastTo => "BROADCAST_TO",
            BuiltinOp::ReduceAll => "REDUCE_ALL",
            BuiltinOp::VarHandle => "VAR_HANDLE",
            BuiltinOp::ReadVariable => "READ_VARIABLE",
            BuiltinOp::AssignVariable => "ASSIGN_VARIABLE",
            BuiltinOp::BroadcastArgs => "BROADCAST_ARGS",
            BuiltinOp::DynamicUpdateSlice => "DYNAMIC_UPDATE_SLICE",
        }
    }

    /// The `BuiltinOperator` number in the file.
    pub fn code(self) -> i32 {
        match self {
            BuiltinOp::Add => 0,
            BuiltinOp::AveragePool2D => 1,
            BuiltinOp::Concatenation => 2,
            BuiltinOp::Conv2D => 3,
            BuiltinOp::DepthwiseConv2D => 4,
            BuiltinOp::DepthToSpace => 5,
            BuiltinOp::Dequantize => 6,
            BuiltinOp::Floor => 8,
            BuiltinOp::EmbeddingLookup => 7,
            BuiltinOp::FullyConnected => 9,
            BuiltinOp::L2Normalization => 11,
            BuiltinOp::L2Pool2D => 12,
            BuiltinOp::Logistic => 14,
            BuiltinOp::MaxPool2D => 17,
            BuiltinOp::Mul => 18,
            BuiltinOp::Relu => 19,
            BuiltinOp::ReluN1To1 => 20,
            BuiltinOp::Relu6 => 21,
            BuiltinOp::Reshape => 22,
            BuiltinOp::ResizeBilinear => 23,
            BuiltinOp::Softmax => 25,
            BuiltinOp::Svdf => 27,
            BuiltinOp::SpaceToDepth => 26,
            BuiltinOp::Tanh => 28,
            BuiltinOp::Custom => 32,
            BuiltinOp::Pad => 34,
            BuiltinOp::Gather => 36,
            BuiltinOp::BatchToSpaceNd => 37,
            BuiltinOp::SpaceToBatchNd => 38,
            BuiltinOp::Transpose => 39,
            BuiltinOp::Mean => 40,
            BuiltinOp::Sub => 41,
            BuiltinOp::Div => 42,
            BuiltinOp::Squeeze => 43,
            BuiltinOp::UnidirectionalSequenceLstm => 44,
            BuiltinOp::StridedSlice => 45,
            BuiltinOp::Split => 49,
            BuiltinOp::LogSoftmax => 50,
            BuiltinOp::Cast => 53,
            BuiltinOp::Prelu => 54,
            BuiltinOp::Exp => 47,
            BuiltinOp::Maximum => 55,
            BuiltinOp::ArgMax => 56,
            BuiltinOp::Minimum => 57,
            BuiltinOp::Less => 58,
            BuiltinOp::Neg => 59,
            BuiltinOp::PadV2 => 60,
            BuiltinOp::Slice => 65,
            BuiltinOp::ExpandDims => 70,
            BuiltinOp::Greater => 61,
            BuiltinOp::GreaterEqual => 62,
            BuiltinOp::LessEqual => 63,
            BuiltinOp::Equal => 71,
            BuiltinOp::NotEqual => 72,
            BuiltinOp::Sum => 74,
            BuiltinOp::TransposeConv => 67,
            BuiltinOp::Sin => 66,
            BuiltinOp::Log => 73,
            BuiltinOp::Sqrt => 75,
            BuiltinOp::Rsqrt => 76,
            BuiltinOp::Shape => 77,
            BuiltinOp::ArgMin => 79,
            BuiltinOp::ReduceMax => 82,
            BuiltinOp::Pack => 83,
            BuiltinOp::LogicalOr => 84,
            BuiltinOp::LogicalAnd => 86,
            BuiltinOp::LogicalNot => 87,
            BuiltinOp::Unpack => 88,
            BuiltinOp::ReduceMin => 89,
            BuiltinOp::FloorDiv => 90,
            BuiltinOp::Square => 92,
            BuiltinOp::FloorMod => 95,
            BuiltinOp::ZerosLike => 93,
            BuiltinOp::Fill => 94,
            BuiltinOp::ResizeNearestNeighbor => 97,
            BuiltinOp::LeakyRelu => 98,
            BuiltinOp::SquaredDifference => 99,
            BuiltinOp::Abs => 101,
            BuiltinOp::Ceil => 104,
            BuiltinOp::AddN => 106,
            BuiltinOp::Cos => 108,
            BuiltinOp::MirrorPad => 100,
            BuiltinOp::SplitV => 102,
            BuiltinOp::ReverseV2 => 105,
            BuiltinOp::GatherNd => 107,
            BuiltinOp::Elu => 111,
            BuiltinOp::Quantize => 114,
            BuiltinOp::Round => 116,
            BuiltinOp::HardSwish => 117,
            BuiltinOp::If => 118,
            BuiltinOp::While => 119,
            BuiltinOp::BatchMatMul => 126,
            BuiltinOp::SelectV2 => 123,
            BuiltinOp::PlaceholderForGreaterOpCodes => 127,
            BuiltinOp::Cumsum => 128,
            BuiltinOp::CallOnce => 129,
            BuiltinOp::BroadcastTo => 130,
            BuiltinOp::ReduceAll => 140,
            BuiltinOp::VarHandle => 142,
            BuiltinOp::ReadVariable => 143,
            BuiltinOp::AssignVariable => 144,
            BuiltinOp::BroadcastArgs => 145,
            BuiltinOp::DynamicUpdateSlice => 151,
        }
    }

    /// The builtin with number `code`, if this reader names it.
    pub fn from_code(code: i32) -> Option<BuiltinOp> {
        fb::BuiltinOperator::try_from(code).ok().map(BuiltinOp::from)
    }
}

impl std::fmt::Display for BuiltinOp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl From<fb::BuiltinOperator> for BuiltinOp {
    fn from(op: fb::BuiltinOperator) -> BuiltinOp {
        match op {
            fb::BuiltinOperator::Add => BuiltinOp::Add,
            fb::BuiltinOperator::AveragePool2d => BuiltinOp::AveragePool2D,
            fb::BuiltinOperator::Concatenation => BuiltinOp::Concatenation,
            fb::BuiltinOperator::Conv2d => BuiltinOp::Conv2D,
            fb::BuiltinOperator::DepthwiseConv2d => BuiltinOp::DepthwiseConv2D,
            fb::BuiltinOperator::DepthToSpace => BuiltinOp::DepthToSpace,
            fb::BuiltinOperator::Dequantize => BuiltinOp::Dequantize,
            fb::BuiltinOperator::Floor => BuiltinOp::Floor,
            fb::BuiltinOperator::EmbeddingLookup => BuiltinOp::EmbeddingLookup,
            fb::BuiltinOperator::FullyConnected => BuiltinOp::FullyConnected,
            fb::BuiltinOperator::L2Normalization => BuiltinOp::L2Normalization,
            fb::BuiltinOperator::L2Pool2d => BuiltinOp::L2Pool2D,
            fb::BuiltinOperator::Logistic => BuiltinOp::Logistic,
            fb::BuiltinOperator::MaxPool2d => BuiltinOp::MaxPool2D,
            fb::BuiltinOperator::Mul => BuiltinOp::Mul,
            fb::BuiltinOperator::Relu => BuiltinOp::Relu,
            fb::BuiltinOperator::ReluN1To1 => BuiltinOp::ReluN1To1,
            fb::BuiltinOperator::Relu6 => BuiltinOp::Relu6,
            fb::BuiltinOperator::Reshape => BuiltinOp::Reshape,
            fb::BuiltinOperator::ResizeBilinear => BuiltinOp::ResizeBilinear,
            fb::BuiltinOperator::Softmax => BuiltinOp::Softmax,
            fb::BuiltinOperator::Svdf => BuiltinOp::Svdf,
            fb::BuiltinOperator::SpaceToDepth => BuiltinOp::SpaceToDepth,
            fb::BuiltinOperator::Tanh => BuiltinOp::Tanh,
            fb::BuiltinOperator::Custom => BuiltinOp::Custom,
            fb::BuiltinOperator::Pad => BuiltinOp::Pad,
            fb::BuiltinOperator::Gather => BuiltinOp::Gather,
            fb::BuiltinOperator::BatchToSpaceNd => BuiltinOp::BatchToSpaceNd,
            fb::BuiltinOperator::SpaceToBatchNd => BuiltinOp::SpaceToBatchNd,
            fb::BuiltinOperator::Transpose => BuiltinOp::Transpose,
            fb::BuiltinOperator::Mean => BuiltinOp::Mean,
            fb::BuiltinOperator::Sub => BuiltinOp::Sub,
            fb::BuiltinOperator::Div => BuiltinOp::Div,
            fb::BuiltinOperator::Squeeze => BuiltinOp::Squeeze,
            fb::BuiltinOperator::UnidirectionalSequenceLstm => BuiltinOp::UnidirectionalSequenceLstm,
            fb::BuiltinOperator::StridedSlice => BuiltinOp::StridedSlice,
            fb::BuiltinOperator::Split => BuiltinOp::Split,
            fb::BuiltinOperator::LogSoftmax => BuiltinOp::LogSoftmax,
            fb::BuiltinOperator::Cast => BuiltinOp::Cast,
            fb::BuiltinOperator::Prelu => BuiltinOp::Prelu,
            fb::BuiltinOperator::Exp => BuiltinOp::Exp,
            fb::BuiltinOperator::Maximum => BuiltinOp::Maximum,
            fb::BuiltinOperator::ArgMax => BuiltinOp::ArgMax,
            fb::BuiltinOperator::Minimum => BuiltinOp::Minimum,
            fb::BuiltinOperator::Less => BuiltinOp::Less,
            fb::BuiltinOperator::Neg => BuiltinOp::Neg,
            fb::BuiltinOperator::Padv2 => BuiltinOp::PadV2,
            fb::BuiltinOperator::Slice => BuiltinOp::Slice,
            fb::BuiltinOperator::ExpandDims => BuiltinOp::ExpandDims,
            fb::BuiltinOperator::Greater => BuiltinOp::Greater,
            fb::BuiltinOperator::GreaterEqual => BuiltinOp::GreaterEqual,
            fb::BuiltinOperator::LessEqual => BuiltinOp::LessEqual,
            fb::BuiltinOperator::Equal => BuiltinOp::Equal,
            fb::BuiltinOperator::NotEqual => BuiltinOp::NotEqual,
            fb::BuiltinOperator::Sum => BuiltinOp::Sum,
            fb::BuiltinOperator::TransposeConv => BuiltinOp::TransposeConv,
            fb::BuiltinOperator::Sin => BuiltinOp::Sin,
            fb::BuiltinOperator::Log => BuiltinOp::Log,
            fb::BuiltinOperator::Sqrt => BuiltinOp::Sqrt,
            fb::BuiltinOperator::Rsqrt => BuiltinOp::Rsqrt,
            fb::BuiltinOperator::Shape => BuiltinOp::Shape,
            fb::BuiltinOperator::ArgMin => BuiltinOp::ArgMin,
            fb::BuiltinOperator::ReduceMax => BuiltinOp::ReduceMax,
            fb::BuiltinOperator::Pack => BuiltinOp::Pack,
            fb::BuiltinOperator::LogicalOr => BuiltinOp::LogicalOr,
            fb::BuiltinOperator::LogicalAnd => BuiltinOp::LogicalAnd,
            fb::BuiltinOperator::LogicalNot => BuiltinOp::LogicalNot,
            fb::BuiltinOperator::Unpack => BuiltinOp::Unpack,
            fb::BuiltinOperator::ReduceMin => BuiltinOp::ReduceMin,
            fb::BuiltinOperator::FloorDiv => BuiltinOp::FloorDiv,
            fb::BuiltinOperator::Square => BuiltinOp::Square,
            fb::BuiltinOperator::FloorMod => BuiltinOp::FloorMod,
            fb::BuiltinOperator::ZerosLike => BuiltinOp::ZerosLike,
            fb::BuiltinOperator::Fill => BuiltinOp::Fill,
            fb::BuiltinOperator::ResizeNearestNeighbor => BuiltinOp::ResizeNearestNeighbor,
            fb::BuiltinOperator::LeakyRelu => BuiltinOp::LeakyRelu,
            fb::BuiltinOperator::SquaredDifference => BuiltinOp::SquaredDifference,
            fb::BuiltinOperator::Abs => BuiltinOp::Abs,
            fb::BuiltinOperator::Ceil => BuiltinOp::Ceil,
            fb::BuiltinOperator::AddN => BuiltinOp::AddN,
            fb::BuiltinOperator::Cos => BuiltinOp::Cos,
            fb::BuiltinOperator::MirrorPad => BuiltinOp::MirrorPad,
            fb::BuiltinOperator::SplitV => BuiltinOp::SplitV,
            fb::BuiltinOperator::ReverseV2 => BuiltinOp::ReverseV2,
            fb::BuiltinOperator::GatherNd => BuiltinOp::GatherNd,
            fb::BuiltinOperator::Elu => BuiltinOp::Elu,
            fb::BuiltinOperator::Quantize => BuiltinOp::Quantize,
            fb::BuiltinOperator::Round => BuiltinOp::Round,
            fb::BuiltinOperator::HardSwish => BuiltinOp::HardSwish,
            fb::BuiltinOperator::If => BuiltinOp::If,
            fb::BuiltinOperator::While => BuiltinOp::While,
            fb::BuiltinOperator::BatchMatmul => BuiltinOp::BatchMatMul,
            fb::BuiltinOperator::SelectV2 => BuiltinOp::SelectV2,
            fb::BuiltinOperator::PlaceholderForGreaterOpCodes => BuiltinOp::PlaceholderForGreaterOpCodes,
            fb::BuiltinOperator::Cumsum => BuiltinOp::Cumsum,
            fb::BuiltinOperator::CallOnce => BuiltinOp::CallOnce,
            fb::BuiltinOperator::BroadcastTo => BuiltinOp::BroadcastTo,
            fb::BuiltinOperator::ReduceAll => BuiltinOp::ReduceAll,
            fb::BuiltinOperator::VarHandle => BuiltinOp::VarHandle,
            fb::BuiltinOperator::ReadVariable => BuiltinOp::ReadVariable,
            fb::BuiltinOperator::AssignVariable => BuiltinOp::AssignVariable,
            fb::BuiltinOperator::BroadcastArgs => BuiltinOp::BroadcastArgs,
            fb::BuiltinOperator::DynamicUpdateSlice => BuiltinOp::DynamicUpdateSlice,
        }
    }
}

impl From<BuiltinOp> for fb::BuiltinOperator {
    fn from(op: BuiltinOp) -> fb::BuiltinOperator {
        match op {
            BuiltinOp::Add => fb::BuiltinOperator::Add,
            BuiltinOp::AveragePool2D => fb::BuiltinOperator::AveragePool2d,
            BuiltinOp::Concatenation => fb::BuiltinOperator::Concatenation,
            BuiltinOp::Conv2D => fb::BuiltinOperator::Conv2d,
            BuiltinOp::DepthwiseConv2D => fb::BuiltinOperator::DepthwiseConv2d,
            BuiltinOp::DepthToSpace => fb::BuiltinOperator::DepthToSpace,
            BuiltinOp::Dequantize => fb::BuiltinOperator::Dequantize,
            BuiltinOp::Floor => fb::BuiltinOperator::Floor,
            BuiltinOp::EmbeddingLookup => fb::BuiltinOperator::EmbeddingLookup,
            BuiltinOp::FullyConnected => fb::BuiltinOperator::FullyConnected,
            BuiltinOp::L2Normalization => fb::BuiltinOperator::L2Normalization,
            BuiltinOp::L2Pool2D => fb::BuiltinOperator::L2Pool2d,
            BuiltinOp::Logistic => fb::BuiltinOperator::Logistic,
            BuiltinOp::MaxPool2D => fb::BuiltinOperator::MaxPool2d,
            BuiltinOp::Mul => fb::BuiltinOperator::Mul,
            BuiltinOp::Relu => fb::BuiltinOperator::Relu,
            BuiltinOp::ReluN1To1 => fb::BuiltinOperator::ReluN1To1,
            BuiltinOp::Relu6 => fb::BuiltinOperator::Relu6,
            BuiltinOp::Reshape => fb::BuiltinOperator::Reshape,
            BuiltinOp::ResizeBilinear => fb::BuiltinOperator::ResizeBilinear,
            BuiltinOp::Softmax => fb::BuiltinOperator::Softmax,
            BuiltinOp::Svdf => fb::BuiltinOperator::Svdf,
            BuiltinOp::SpaceToDepth => fb::BuiltinOperator::SpaceToDepth,
            BuiltinOp::Tanh => fb::BuiltinOperator::Tanh,
            BuiltinOp::Custom => fb::BuiltinOperator::Custom,
            BuiltinOp::Pad => fb::BuiltinOperator::Pad,
            BuiltinOp::Gather => fb::BuiltinOperator::Gather,
            BuiltinOp::BatchToSpaceNd => fb::BuiltinOperator::BatchToSpaceNd,
            BuiltinOp::SpaceToBatchNd => fb::BuiltinOperator::SpaceToBatchNd,
            BuiltinOp::Transpose => fb::BuiltinOperator::Transpose,
            BuiltinOp::Mean => fb::BuiltinOperator::Mean,
            BuiltinOp::Sub => fb::BuiltinOperator::Sub,
            BuiltinOp::Div => fb::BuiltinOperator::Div,
            BuiltinOp::Squeeze => fb::BuiltinOperator::Squeeze,
            BuiltinOp::UnidirectionalSequenceLstm => fb::BuiltinOperator::UnidirectionalSequenceLstm,
            BuiltinOp::StridedSlice => fb::BuiltinOperator::StridedSlice,
            BuiltinOp::Split => fb::BuiltinOperator::Split,
            BuiltinOp::LogSoftmax => fb::BuiltinOperator::LogSoftmax,
            BuiltinOp::Cast => fb::BuiltinOperator::Cast,
            BuiltinOp::Prelu => fb::BuiltinOperator::Prelu,
            BuiltinOp::Exp => fb::BuiltinOperator::Exp,
            BuiltinOp::Maximum => fb::BuiltinOperator::Maximum,
            BuiltinOp::ArgMax => fb::BuiltinOperator::ArgMax,
            BuiltinOp::Minimum => fb::BuiltinOperator::Minimum,
            BuiltinOp::Less => fb::BuiltinOperator::Less,
            BuiltinOp::Neg => fb::BuiltinOperator::Neg,
            BuiltinOp::PadV2 => fb::BuiltinOperator::Padv2,
            BuiltinOp::Slice => fb::BuiltinOperator::Slice,
            BuiltinOp::ExpandDims => fb::BuiltinOperator::ExpandDims,
            BuiltinOp::Greater => fb::BuiltinOperator::Greater,
            BuiltinOp::GreaterEqual => fb::BuiltinOperator::GreaterEqual,
            BuiltinOp::LessEqual => fb::BuiltinOperator::LessEqual,
            BuiltinOp::Equal => fb::BuiltinOperator::Equal,
            BuiltinOp::NotEqual => fb::BuiltinOperator::NotEqual,
            BuiltinOp::Sum => fb::BuiltinOperator::Sum,
            BuiltinOp::TransposeConv => fb::BuiltinOperator::TransposeConv,
            BuiltinOp::Sin => fb::BuiltinOperator::Sin,
            BuiltinOp::Log => fb::BuiltinOperator::Log,
            BuiltinOp::Sqrt => fb::BuiltinOperator::Sqrt,
            BuiltinOp::Rsqrt => fb::BuiltinOperator::Rsqrt,
            BuiltinOp::Shape => fb::BuiltinOperator::Shape,
            BuiltinOp::ArgMin => fb::BuiltinOperator::ArgMin,
            BuiltinOp::ReduceMax => fb::BuiltinOperator::ReduceMax,
            BuiltinOp::Pack => fb::BuiltinOperator::Pack,
            BuiltinOp::LogicalOr => fb::BuiltinOperator::LogicalOr,
            BuiltinOp::LogicalAnd => fb::BuiltinOperator::LogicalAnd,
            BuiltinOp::LogicalNot => fb::BuiltinOperator::LogicalNot,
            BuiltinOp::Unpack => fb::BuiltinOperator::Unpack,
            BuiltinOp::ReduceMin => fb::BuiltinOperator::ReduceMin,
            BuiltinOp::FloorDiv => fb::BuiltinOperator::FloorDiv,
            BuiltinOp::Square => fb::BuiltinOperator::Square,
            BuiltinOp::FloorMod => fb::BuiltinOperator::FloorMod,
            BuiltinOp::ZerosLike => fb::BuiltinOperator::ZerosLike,
            BuiltinOp::Fill => fb::BuiltinOperator::Fill,
            BuiltinOp::ResizeNearestNeighbor => fb::BuiltinOperator::ResizeNearestNeighbor,
            BuiltinOp::LeakyRelu => fb::BuiltinOperator::LeakyRelu,
            BuiltinOp::SquaredDifference => fb::BuiltinOperator::SquaredDifference,
            BuiltinOp::Abs => fb::BuiltinOperator::Abs,
            BuiltinOp::Ceil => fb::BuiltinOperator::Ceil,
            BuiltinOp::AddN => fb::BuiltinOperator::AddN,
            BuiltinOp::Cos => fb::BuiltinOperator::Cos,
            BuiltinOp::MirrorPad => fb::BuiltinOperator::MirrorPad,
            BuiltinOp::SplitV => fb::BuiltinOperator::SplitV,
            BuiltinOp::ReverseV2 => fb::BuiltinOperator::ReverseV2,
            BuiltinOp::GatherNd => fb::BuiltinOperator::GatherNd,
            BuiltinOp::Elu => fb::BuiltinOperator::Elu,
            BuiltinOp::Quantize => fb::BuiltinOperator::Quantize,
            BuiltinOp::Round => fb::BuiltinOperator::Round,
            BuiltinOp::HardSwish => fb::BuiltinOperator::HardSwish,
            BuiltinOp::If => fb::BuiltinOperator::If,
            BuiltinOp::While => fb::BuiltinOperator::While,
            BuiltinOp::BatchMatMul => fb::BuiltinOperator::BatchMatmul,
            BuiltinOp::SelectV2 => fb::BuiltinOperator::SelectV2,
            BuiltinOp::PlaceholderForGreaterOpCodes => fb::BuiltinOperator::PlaceholderForGreaterOpCodes,
            BuiltinOp::Cumsum => fb::BuiltinOperator::Cumsum,
            BuiltinOp::CallOnce => fb::BuiltinOperator::CallOnce,
            BuiltinOp::BroadcastTo => fb::BuiltinOperator::BroadcastTo,
            BuiltinOp::ReduceAll => fb::BuiltinOperator::ReduceAll,
            BuiltinOp::VarHandle => fb::BuiltinOperator::VarHandle,
            BuiltinOp::ReadVariable => fb::BuiltinOperator::ReadVariable,
            BuiltinOp::AssignVariable => fb::BuiltinOperator::AssignVariable,
            BuiltinOp::BroadcastArgs => fb::BuiltinOperator::BroadcastArgs,
            BuiltinOp::DynamicUpdateSlice => fb::BuiltinOperator::DynamicUpdateSlice,
        }
    }
}

/// What an operator code names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpKind<'a> {
    /// A builtin operator this reader names.
    Builtin(BuiltinOp),
    /// A builtin operator newer or rarer than this reader's list, by number.
    UnknownBuiltin(i32),
    /// A custom operator (`CUSTOM` with `custom_code`), by name.
    Custom(&'a str),
}

/// One entry of `Model.operator_codes`: the operator kind and its version.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OperatorCode<'a> {
    kind: OpKind<'a>,
    version: i32,
}

impl<'a> OperatorCode<'a> {
    /// The operator.
    pub fn kind(&self) -> OpKind<'a> {
        self.kind
    }

    /// The builtin operator, if this is one this reader names.
    pub fn builtin(&self) -> Option<BuiltinOp> {
        match self.kind {
            OpKind::Builtin(op) => Some(op),
            _ => None,
        }
    }

    /// The operator's version (1 when the file leaves it out).
    pub fn version(&self) -> i32 {
        self.version
    }

    /// Reads entry `index` of `Model.operator_codes`.
    ///
    /// The builtin code is `max(builtin_code, deprecated_builtin_code)`, as
    /// TFLite computes it: files before schema 3a set only the byte-sized
    /// deprecated field, newer ones set both, and codes above 127 put the
    /// placeholder 127 in the deprecated field.
    pub(crate) fn read(index: usize, code: fb::OperatorCodeRef<'a>) -> Result<OperatorCode<'a>, TfliteError> {
        let at = |field: &'static str| move || format!("operator code {index}, {field}");
        let deprecated = i32::from(code.deprecated_builtin_code().at(at("deprecated_builtin_code"))?);
        let extended = match code.builtin_code() {
            Ok(op) => op as i32,
            Err(e) => match e.error_kind {
                planus::errors::ErrorKind::UnknownEnumTag { source } => i32::try_from(source.tag).unwrap_or(i32::MIN),
                _ => return Err(TfliteError::Corrupt { at: at("builtin_code")(), source: e }),
            },
        };
        let builtin = extended.max(deprecated);
        let version = code.version().at(at("version"))?;
        let kind = if builtin < 0 {
            return Err(TfliteError::OperatorCode { index, reason: format!("negative builtin code {builtin}") });
        } else if builtin == BuiltinOp::Custom.code() {
            match code.custom_code().at(at("custom_code"))? {
                Some(name) => OpKind::Custom(name),
                None => {
                    return Err(TfliteError::OperatorCode {
                        index,
                        reason: "CUSTOM operator code without a custom_code name".into(),
                    });
                }
            }
        } else {
            match BuiltinOp::from_code(builtin) {
                Some(op) => OpKind::Builtin(op),
                None => OpKind::UnknownBuiltin(builtin),
            }
        };
        Ok(OperatorCode { kind, version })
    }
}

impl std::fmt::Display for OperatorCode<'_> {
    /// `CONV_2D v3`, `custom "TFLite_Detection_PostProcess" v1`, `GATHER v2` (every builtin
    /// by its upstream name), `builtin 300 v1` (a code newer than upstream's schema here).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.kind {
            OpKind::Builtin(op) => write!(f, "{op} v{}", self.version),
            OpKind::UnknownBuiltin(code) => match builtin_operator_name(code) {
                Some(name) => write!(f, "{name} v{}", self.version),
                None => write!(f, "builtin {code} v{}", self.version),
            },
            OpKind::Custom(name) => write!(f, "custom {name:?} v{}", self.version),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_upstream_numbers() {
        let expected = [
            ("ADD", 0),
            ("AVERAGE_POOL_2D", 1),
            ("CONCATENATION", 2),
            ("CONV_2D", 3),
            ("DEPTHWISE_CONV_2D", 4),
            ("DEPTH_TO_SPACE", 5),
            ("DEQUANTIZE", 6),
            ("FLOOR", 8),
            ("EMBEDDING_LOOKUP", 7),
            ("FULLY_CONNECTED", 9),
            ("L2_NORMALIZATION", 11),
            ("L2_POOL_2D", 12),
            ("LOGISTIC", 14),
            ("MAX_POOL_2D", 17),
            ("MUL", 18),
            ("RELU", 19),
            ("RELU_N1_TO_1", 20),
            ("RELU6", 21),
            ("RESHAPE", 22),
            ("RESIZE_BILINEAR", 23),
            ("SOFTMAX", 25),
            ("SVDF", 27),
            ("SPACE_TO_DEPTH", 26),
            ("TANH", 28),
            ("CUSTOM", 32),
            ("PAD", 34),
            ("GATHER", 36),
            ("BATCH_TO_SPACE_ND", 37),
            ("SPACE_TO_BATCH_ND", 38),
            ("TRANSPOSE", 39),
            ("MEAN", 40),
            ("SUB", 41),
            ("DIV", 42),
            ("SQUEEZE", 43),
            ("UNIDIRECTIONAL_SEQUENCE_LSTM", 44),
            ("STRIDED_SLICE", 45),
            ("SPLIT", 49),
            ("LOG_SOFTMAX", 50),
            ("CAST", 53),
            ("PRELU", 54),
            ("EXP", 47),
            ("MAXIMUM", 55),
            ("ARG_MAX", 56),
            ("MINIMUM", 57),
            ("LESS", 58),
            ("NEG", 59),
            ("PADV2", 60),
            ("SLICE", 65),
            ("EXPAND_DIMS", 70),
            ("GREATER", 61),
            ("GREATER_EQUAL", 62),
            ("LESS_EQUAL", 63),
            ("EQUAL", 71),
            ("NOT_EQUAL", 72),
            ("SUM", 74),
            ("TRANSPOSE_CONV", 67),
            ("SIN", 66),
            ("LOG", 73),
            ("SQRT", 75),
            ("RSQRT", 76),
            ("SHAPE", 77),
            ("ARG_MIN", 79),
            ("REDUCE_MAX", 82),
            ("PACK", 83),
            ("LOGICAL_OR", 84),
            ("LOGICAL_AND", 86),
            ("LOGICAL_NOT", 87),
            ("UNPACK", 88),
            ("REDUCE_MIN", 89),
            ("FLOOR_DIV", 90),
            ("SQUARE", 92),
            ("FLOOR_MOD", 95),
            ("ZEROS_LIKE", 93),
            ("FILL", 94),
            ("RESIZE_NEAREST_NEIGHBOR", 97),
            ("LEAKY_RELU", 98),
            ("SQUARED_DIFFERENCE", 99),
            ("ABS", 101),
            ("CEIL", 104),
            ("ADD_N", 106),
            ("COS", 108),
            ("MIRROR_PAD", 100),
            ("SPLIT_V", 102),
            ("REVERSE_V2", 105),
            ("GATHER_ND", 107),
            ("ELU", 111),
            ("QUANTIZE", 114),
            ("ROUND", 116),
            ("HARD_SWISH", 117),
            ("IF", 118),
            ("WHILE", 119),
            ("BATCH_MATMUL", 126),
            ("SELECT_V2", 123),
            ("PLACEHOLDER_FOR_GREATER_OP_CODES", 127),
            ("CUMSUM", 128),
            ("CALL_ONCE", 129),
            ("BROADCAST_TO", 130),
            ("REDUCE_ALL", 140),
            ("VAR_HANDLE", 142),
            ("READ_VARIABLE", 143),
            ("ASSIGN_VARIABLE", 144),
            ("BROADCAST_ARGS", 145),
            ("DYNAMIC_UPDATE_SLICE", 151),
        ];
        assert_eq!(BuiltinOp::ALL.len(), expected.len());
        for (op, (name, code)) in BuiltinOp::ALL.iter().zip(expected) {
            assert_eq!((op.name(), op.code()), (name, code));
            assert_eq!(BuiltinOp::from_code(code), Some(*op));
            assert_eq!(fb::BuiltinOperator::from(*op) as i32, code);
        }
        assert_eq!(BuiltinOp::from_code(30), None, "SKIP_GRAM is not named");
    }

    #[test]
    fn display() {
        let conv = OperatorCode { kind: OpKind::Builtin(BuiltinOp::Conv2D), version: 3 };
        assert_eq!(conv.to_string(), "CONV_2D v3");
        let custom = OperatorCode { kind: OpKind::Custom("Foo"), version: 1 };
        assert_eq!(custom.to_string(), "custom \"Foo\" v1");
        assert_eq!(OperatorCode { kind: OpKind::UnknownBuiltin(99), version: 2 }.to_string(), "SQUARED_DIFFERENCE v2");
        assert_eq!(OperatorCode { kind: OpKind::UnknownBuiltin(30), version: 1 }.to_string(), "SKIP_GRAM v1");
        assert_eq!(OperatorCode { kind: OpKind::UnknownBuiltin(900), version: 1 }.to_string(), "builtin 900 v1");
    }
}
