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
    /// `DEQUANTIZE` (6).
    Dequantize,
    /// `FULLY_CONNECTED` (9).
    FullyConnected,
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
    /// `SOFTMAX` (25).
    Softmax,
    /// `TANH` (28).
    Tanh,
    /// `CUSTOM` (32).
    Custom,
    /// `PAD` (34).
    Pad,
    /// `TRANSPOSE` (39).
    Transpose,
    /// `MEAN` (40).
    Mean,
    /// `SUB` (41).
    Sub,
    /// `STRIDED_SLICE` (45).
    StridedSlice,
    /// `CAST` (53).
    Cast,
    /// `PRELU` (54).
    Prelu,
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
    /// `ARG_MIN` (79).
    ArgMin,
    /// `REDUCE_MAX` (82).
    ReduceMax,
    /// `LOGICAL_OR` (84).
    LogicalOr,
    /// `LOGICAL_AND` (86).
    LogicalAnd,
    /// `LOGICAL_NOT` (87).
    LogicalNot,
    /// `REDUCE_MIN` (89).
    ReduceMin,
    /// `LEAKY_RELU` (98).
    LeakyRelu,
    /// `QUANTIZE` (114).
    Quantize,
    /// `HARD_SWISH` (117).
    HardSwish,
    /// `SELECT_V2` (123).
    SelectV2,
    /// `PLACEHOLDER_FOR_GREATER_OP_CODES` (127).
    PlaceholderForGreaterOpCodes,
    /// `CALL_ONCE` (129).
    CallOnce,
    /// `VAR_HANDLE` (142).
    VarHandle,
    /// `READ_VARIABLE` (143).
    ReadVariable,
    /// `ASSIGN_VARIABLE` (144).
    AssignVariable,
}

impl BuiltinOp {
    /// Every builtin this reader names, by increasing code.
    pub const ALL: [BuiltinOp; 51] = [
        BuiltinOp::Add,
        BuiltinOp::AveragePool2D,
        BuiltinOp::Concatenation,
        BuiltinOp::Conv2D,
        BuiltinOp::DepthwiseConv2D,
        BuiltinOp::Dequantize,
        BuiltinOp::FullyConnected,
        BuiltinOp::L2Pool2D,
        BuiltinOp::Logistic,
        BuiltinOp::MaxPool2D,
        BuiltinOp::Mul,
        BuiltinOp::Relu,
        BuiltinOp::ReluN1To1,
        BuiltinOp::Relu6,
        BuiltinOp::Reshape,
        BuiltinOp::Softmax,
        BuiltinOp::Tanh,
        BuiltinOp::Custom,
        BuiltinOp::Pad,
        BuiltinOp::Transpose,
        BuiltinOp::Mean,
        BuiltinOp::Sub,
        BuiltinOp::StridedSlice,
        BuiltinOp::Cast,
        BuiltinOp::Prelu,
        BuiltinOp::Maximum,
        BuiltinOp::ArgMax,
        BuiltinOp::Minimum,
        BuiltinOp::Less,
        BuiltinOp::Neg,
        BuiltinOp::Greater,
        BuiltinOp::GreaterEqual,
        BuiltinOp::LessEqual,
        BuiltinOp::Equal,
        BuiltinOp::NotEqual,
        BuiltinOp::Sum,
        BuiltinOp::ArgMin,
        BuiltinOp::ReduceMax,
        BuiltinOp::LogicalOr,
        BuiltinOp::LogicalAnd,
        BuiltinOp::LogicalNot,
        BuiltinOp::ReduceMin,
        BuiltinOp::LeakyRelu,
        BuiltinOp::Quantize,
        BuiltinOp::HardSwish,
        BuiltinOp::SelectV2,
        BuiltinOp::PlaceholderForGreaterOpCodes,
        BuiltinOp::CallOnce,
        BuiltinOp::VarHandle,
        BuiltinOp::ReadVariable,
        BuiltinOp::AssignVariable,
    ];

    /// The upstream spelling, e.g. `CONV_2D`.
    pub fn name(self) -> &'static str {
        match self {
            BuiltinOp::Add => "ADD",
            BuiltinOp::AveragePool2D => "AVERAGE_POOL_2D",
            BuiltinOp::Concatenation => "CONCATENATION",
            BuiltinOp::Conv2D => "CONV_2D",
            BuiltinOp::DepthwiseConv2D => "DEPTHWISE_CONV_2D",
            BuiltinOp::Dequantize => "DEQUANTIZE",
            BuiltinOp::FullyConnected => "FULLY_CONNECTED",
            BuiltinOp::L2Pool2D => "L2_POOL_2D",
            BuiltinOp::Logistic => "LOGISTIC",
            BuiltinOp::MaxPool2D => "MAX_POOL_2D",
            BuiltinOp::Mul => "MUL",
            BuiltinOp::Relu => "RELU",
            BuiltinOp::ReluN1To1 => "RELU_N1_TO_1",
            BuiltinOp::Relu6 => "RELU6",
            BuiltinOp::Reshape => "RESHAPE",
            BuiltinOp::Softmax => "SOFTMAX",
            BuiltinOp::Tanh => "TANH",
            BuiltinOp::Custom => "CUSTOM",
            BuiltinOp::Pad => "PAD",
            BuiltinOp::Transpose => "TRANSPOSE",
            BuiltinOp::Mean => "MEAN",
            BuiltinOp::Sub => "SUB",
            BuiltinOp::StridedSlice => "STRIDED_SLICE",
            BuiltinOp::Cast => "CAST",
            BuiltinOp::Prelu => "PRELU",
            BuiltinOp::Maximum => "MAXIMUM",
            BuiltinOp::ArgMax => "ARG_MAX",
            BuiltinOp::Minimum => "MINIMUM",
            BuiltinOp::Less => "LESS",
            BuiltinOp::Neg => "NEG",
            BuiltinOp::Greater => "GREATER",
            BuiltinOp::GreaterEqual => "GREATER_EQUAL",
            BuiltinOp::LessEqual => "LESS_EQUAL",
            BuiltinOp::Equal => "EQUAL",
            BuiltinOp::NotEqual => "NOT_EQUAL",
            BuiltinOp::Sum => "SUM",
            BuiltinOp::ArgMin => "ARG_MIN",
            BuiltinOp::ReduceMax => "REDUCE_MAX",
            BuiltinOp::LogicalOr => "LOGICAL_OR",
            BuiltinOp::LogicalAnd => "LOGICAL_AND",
            BuiltinOp::LogicalNot => "LOGICAL_NOT",
            BuiltinOp::ReduceMin => "REDUCE_MIN",
            BuiltinOp::LeakyRelu => "LEAKY_RELU",
            BuiltinOp::Quantize => "QUANTIZE",
            BuiltinOp::HardSwish => "HARD_SWISH",
            BuiltinOp::SelectV2 => "SELECT_V2",
            BuiltinOp::PlaceholderForGreaterOpCodes => "PLACEHOLDER_FOR_GREATER_OP_CODES",
            BuiltinOp::CallOnce => "CALL_ONCE",
            BuiltinOp::VarHandle => "VAR_HANDLE",
            BuiltinOp::ReadVariable => "READ_VARIABLE",
            BuiltinOp::AssignVariable => "ASSIGN_VARIABLE",
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
            BuiltinOp::Dequantize => 6,
            BuiltinOp::FullyConnected => 9,
            BuiltinOp::L2Pool2D => 12,
            BuiltinOp::Logistic => 14,
            BuiltinOp::MaxPool2D => 17,
            BuiltinOp::Mul => 18,
            BuiltinOp::Relu => 19,
            BuiltinOp::ReluN1To1 => 20,
            BuiltinOp::Relu6 => 21,
            BuiltinOp::Reshape => 22,
            BuiltinOp::Softmax => 25,
            BuiltinOp::Tanh => 28,
            BuiltinOp::Custom => 32,
            BuiltinOp::Pad => 34,
            BuiltinOp::Transpose => 39,
            BuiltinOp::Mean => 40,
            BuiltinOp::Sub => 41,
            BuiltinOp::StridedSlice => 45,
            BuiltinOp::Cast => 53,
            BuiltinOp::Prelu => 54,
            BuiltinOp::Maximum => 55,
            BuiltinOp::ArgMax => 56,
            BuiltinOp::Minimum => 57,
            BuiltinOp::Less => 58,
            BuiltinOp::Neg => 59,
            BuiltinOp::Greater => 61,
            BuiltinOp::GreaterEqual => 62,
            BuiltinOp::LessEqual => 63,
            BuiltinOp::Equal => 71,
            BuiltinOp::NotEqual => 72,
            BuiltinOp::Sum => 74,
            BuiltinOp::ArgMin => 79,
            BuiltinOp::ReduceMax => 82,
            BuiltinOp::LogicalOr => 84,
            BuiltinOp::LogicalAnd => 86,
            BuiltinOp::LogicalNot => 87,
            BuiltinOp::ReduceMin => 89,
            BuiltinOp::LeakyRelu => 98,
            BuiltinOp::Quantize => 114,
            BuiltinOp::HardSwish => 117,
            BuiltinOp::SelectV2 => 123,
            BuiltinOp::PlaceholderForGreaterOpCodes => 127,
            BuiltinOp::CallOnce => 129,
            BuiltinOp::VarHandle => 142,
            BuiltinOp::ReadVariable => 143,
            BuiltinOp::AssignVariable => 144,
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
            fb::BuiltinOperator::Dequantize => BuiltinOp::Dequantize,
            fb::BuiltinOperator::FullyConnected => BuiltinOp::FullyConnected,
            fb::BuiltinOperator::L2Pool2d => BuiltinOp::L2Pool2D,
            fb::BuiltinOperator::Logistic => BuiltinOp::Logistic,
            fb::BuiltinOperator::MaxPool2d => BuiltinOp::MaxPool2D,
            fb::BuiltinOperator::Mul => BuiltinOp::Mul,
            fb::BuiltinOperator::Relu => BuiltinOp::Relu,
            fb::BuiltinOperator::ReluN1To1 => BuiltinOp::ReluN1To1,
            fb::BuiltinOperator::Relu6 => BuiltinOp::Relu6,
            fb::BuiltinOperator::Reshape => BuiltinOp::Reshape,
            fb::BuiltinOperator::Softmax => BuiltinOp::Softmax,
            fb::BuiltinOperator::Tanh => BuiltinOp::Tanh,
            fb::BuiltinOperator::Custom => BuiltinOp::Custom,
            fb::BuiltinOperator::Pad => BuiltinOp::Pad,
            fb::BuiltinOperator::Transpose => BuiltinOp::Transpose,
            fb::BuiltinOperator::Mean => BuiltinOp::Mean,
            fb::BuiltinOperator::Sub => BuiltinOp::Sub,
            fb::BuiltinOperator::StridedSlice => BuiltinOp::StridedSlice,
            fb::BuiltinOperator::Cast => BuiltinOp::Cast,
            fb::BuiltinOperator::Prelu => BuiltinOp::Prelu,
            fb::BuiltinOperator::Maximum => BuiltinOp::Maximum,
            fb::BuiltinOperator::ArgMax => BuiltinOp::ArgMax,
            fb::BuiltinOperator::Minimum => BuiltinOp::Minimum,
            fb::BuiltinOperator::Less => BuiltinOp::Less,
            fb::BuiltinOperator::Neg => BuiltinOp::Neg,
            fb::BuiltinOperator::Greater => BuiltinOp::Greater,
            fb::BuiltinOperator::GreaterEqual => BuiltinOp::GreaterEqual,
            fb::BuiltinOperator::LessEqual => BuiltinOp::LessEqual,
            fb::BuiltinOperator::Equal => BuiltinOp::Equal,
            fb::BuiltinOperator::NotEqual => BuiltinOp::NotEqual,
            fb::BuiltinOperator::Sum => BuiltinOp::Sum,
            fb::BuiltinOperator::ArgMin => BuiltinOp::ArgMin,
            fb::BuiltinOperator::ReduceMax => BuiltinOp::ReduceMax,
            fb::BuiltinOperator::LogicalOr => BuiltinOp::LogicalOr,
            fb::BuiltinOperator::LogicalAnd => BuiltinOp::LogicalAnd,
            fb::BuiltinOperator::LogicalNot => BuiltinOp::LogicalNot,
            fb::BuiltinOperator::ReduceMin => BuiltinOp::ReduceMin,
            fb::BuiltinOperator::LeakyRelu => BuiltinOp::LeakyRelu,
            fb::BuiltinOperator::Quantize => BuiltinOp::Quantize,
            fb::BuiltinOperator::HardSwish => BuiltinOp::HardSwish,
            fb::BuiltinOperator::SelectV2 => BuiltinOp::SelectV2,
            fb::BuiltinOperator::PlaceholderForGreaterOpCodes => BuiltinOp::PlaceholderForGreaterOpCodes,
            fb::BuiltinOperator::CallOnce => BuiltinOp::CallOnce,
            fb::BuiltinOperator::VarHandle => BuiltinOp::VarHandle,
            fb::BuiltinOperator::ReadVariable => BuiltinOp::ReadVariable,
            fb::BuiltinOperator::AssignVariable => BuiltinOp::AssignVariable,
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
            BuiltinOp::Dequantize => fb::BuiltinOperator::Dequantize,
            BuiltinOp::FullyConnected => fb::BuiltinOperator::FullyConnected,
            BuiltinOp::L2Pool2D => fb::BuiltinOperator::L2Pool2d,
            BuiltinOp::Logistic => fb::BuiltinOperator::Logistic,
            BuiltinOp::MaxPool2D => fb::BuiltinOperator::MaxPool2d,
            BuiltinOp::Mul => fb::BuiltinOperator::Mul,
            BuiltinOp::Relu => fb::BuiltinOperator::Relu,
            BuiltinOp::ReluN1To1 => fb::BuiltinOperator::ReluN1To1,
            BuiltinOp::Relu6 => fb::BuiltinOperator::Relu6,
            BuiltinOp::Reshape => fb::BuiltinOperator::Reshape,
            BuiltinOp::Softmax => fb::BuiltinOperator::Softmax,
            BuiltinOp::Tanh => fb::BuiltinOperator::Tanh,
            BuiltinOp::Custom => fb::BuiltinOperator::Custom,
            BuiltinOp::Pad => fb::BuiltinOperator::Pad,
            BuiltinOp::Transpose => fb::BuiltinOperator::Transpose,
            BuiltinOp::Mean => fb::BuiltinOperator::Mean,
            BuiltinOp::Sub => fb::BuiltinOperator::Sub,
            BuiltinOp::StridedSlice => fb::BuiltinOperator::StridedSlice,
            BuiltinOp::Cast => fb::BuiltinOperator::Cast,
            BuiltinOp::Prelu => fb::BuiltinOperator::Prelu,
            BuiltinOp::Maximum => fb::BuiltinOperator::Maximum,
            BuiltinOp::ArgMax => fb::BuiltinOperator::ArgMax,
            BuiltinOp::Minimum => fb::BuiltinOperator::Minimum,
            BuiltinOp::Less => fb::BuiltinOperator::Less,
            BuiltinOp::Neg => fb::BuiltinOperator::Neg,
            BuiltinOp::Greater => fb::BuiltinOperator::Greater,
            BuiltinOp::GreaterEqual => fb::BuiltinOperator::GreaterEqual,
            BuiltinOp::LessEqual => fb::BuiltinOperator::LessEqual,
            BuiltinOp::Equal => fb::BuiltinOperator::Equal,
            BuiltinOp::NotEqual => fb::BuiltinOperator::NotEqual,
            BuiltinOp::Sum => fb::BuiltinOperator::Sum,
            BuiltinOp::ArgMin => fb::BuiltinOperator::ArgMin,
            BuiltinOp::ReduceMax => fb::BuiltinOperator::ReduceMax,
            BuiltinOp::LogicalOr => fb::BuiltinOperator::LogicalOr,
            BuiltinOp::LogicalAnd => fb::BuiltinOperator::LogicalAnd,
            BuiltinOp::LogicalNot => fb::BuiltinOperator::LogicalNot,
            BuiltinOp::ReduceMin => fb::BuiltinOperator::ReduceMin,
            BuiltinOp::LeakyRelu => fb::BuiltinOperator::LeakyRelu,
            BuiltinOp::Quantize => fb::BuiltinOperator::Quantize,
            BuiltinOp::HardSwish => fb::BuiltinOperator::HardSwish,
            BuiltinOp::SelectV2 => fb::BuiltinOperator::SelectV2,
            BuiltinOp::PlaceholderForGreaterOpCodes => fb::BuiltinOperator::PlaceholderForGreaterOpCodes,
            BuiltinOp::CallOnce => fb::BuiltinOperator::CallOnce,
            BuiltinOp::VarHandle => fb::BuiltinOperator::VarHandle,
            BuiltinOp::ReadVariable => fb::BuiltinOperator::ReadVariable,
            BuiltinOp::AssignVariable => fb::BuiltinOperator::AssignVariable,
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
            ("DEQUANTIZE", 6),
            ("FULLY_CONNECTED", 9),
            ("L2_POOL_2D", 12),
            ("LOGISTIC", 14),
            ("MAX_POOL_2D", 17),
            ("MUL", 18),
            ("RELU", 19),
            ("RELU_N1_TO_1", 20),
            ("RELU6", 21),
            ("RESHAPE", 22),
            ("SOFTMAX", 25),
            ("TANH", 28),
            ("CUSTOM", 32),
            ("PAD", 34),
            ("TRANSPOSE", 39),
            ("MEAN", 40),
            ("SUB", 41),
            ("STRIDED_SLICE", 45),
            ("CAST", 53),
            ("PRELU", 54),
            ("MAXIMUM", 55),
            ("ARG_MAX", 56),
            ("MINIMUM", 57),
            ("LESS", 58),
            ("NEG", 59),
            ("GREATER", 61),
            ("GREATER_EQUAL", 62),
            ("LESS_EQUAL", 63),
            ("EQUAL", 71),
            ("NOT_EQUAL", 72),
            ("SUM", 74),
            ("ARG_MIN", 79),
            ("REDUCE_MAX", 82),
            ("LOGICAL_OR", 84),
            ("LOGICAL_AND", 86),
            ("LOGICAL_NOT", 87),
            ("REDUCE_MIN", 89),
            ("LEAKY_RELU", 98),
            ("QUANTIZE", 114),
            ("HARD_SWISH", 117),
            ("SELECT_V2", 123),
            ("PLACEHOLDER_FOR_GREATER_OP_CODES", 127),
            ("CALL_ONCE", 129),
            ("VAR_HANDLE", 142),
            ("READ_VARIABLE", 143),
            ("ASSIGN_VARIABLE", 144),
        ];
        assert_eq!(BuiltinOp::ALL.len(), expected.len());
        for (op, (name, code)) in BuiltinOp::ALL.iter().zip(expected) {
            assert_eq!((op.name(), op.code()), (name, code));
            assert_eq!(BuiltinOp::from_code(code), Some(*op));
            assert_eq!(fb::BuiltinOperator::from(*op) as i32, code);
        }
        assert_eq!(BuiltinOp::from_code(36), None, "GATHER is not named");
    }

    #[test]
    fn display() {
        let conv = OperatorCode { kind: OpKind::Builtin(BuiltinOp::Conv2D), version: 3 };
        assert_eq!(conv.to_string(), "CONV_2D v3");
        let custom = OperatorCode { kind: OpKind::Custom("Foo"), version: 1 };
        assert_eq!(custom.to_string(), "custom \"Foo\" v1");
        assert_eq!(OperatorCode { kind: OpKind::UnknownBuiltin(99), version: 2 }.to_string(), "SQUARED_DIFFERENCE v2");
        assert_eq!(OperatorCode { kind: OpKind::UnknownBuiltin(36), version: 1 }.to_string(), "GATHER v1");
        assert_eq!(OperatorCode { kind: OpKind::UnknownBuiltin(900), version: 1 }.to_string(), "builtin 900 v1");
    }
}
