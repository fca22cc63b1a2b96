//! `TfliteError`: everything that can be wrong with a TFLite file, each error
//! naming where it is (subgraph, operator index and op code, tensor index and
//! name, buffer) so a user can find it with any TFLite viewer.

use thiserror::Error;

/// Why a byte string is not a model mc can read.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum TfliteError {
    /// Too short, or without TFLite's `TFL3` file identifier.
    #[error("not a TFLite file: {reason}")]
    NotTflite {
        /// What is missing.
        reason: String,
    },
    /// The flatbuffer itself is damaged (truncated, offsets out of the file,
    /// bad UTF-8, ...), as found by planus' verifying reader.
    #[error("corrupted flatbuffer at {at}: {source}")]
    Corrupt {
        /// The table or field being read.
        at: String,
        /// planus' description of the damage.
        #[source]
        source: planus::Error,
    },
    /// `Model.version` is not 3, the only schema version TFLite has used since 2018.
    #[error("unsupported TFLite schema version {found}; mc reads version 3")]
    UnsupportedVersion {
        /// The version in the file.
        found: u32,
    },
    /// The model has no subgraph (subgraph 0 is the entry point).
    #[error("the model has no subgraphs")]
    NoSubgraphs,
    /// An index (tensor, buffer, operator code, subgraph) points past the end
    /// of the list it indexes.
    #[error("{at}: {what} index {index} is out of range (there are {len})")]
    IndexOutOfRange {
        /// Where the index is, e.g. `subgraph 0, operator 3 (CONV_2D v3), input 1`.
        at: String,
        /// What it indexes: `tensor`, `buffer`, `operator code`, `subgraph`.
        what: &'static str,
        /// The index as stored in the file.
        index: i64,
        /// The length of the indexed list.
        len: usize,
    },
    /// A buffer stored after the flatbuffer (`Buffer.offset`/`size`, used by
    /// models over 2 GB) or large custom options lie outside the file.
    #[error("{at}: bytes {offset}..+{size} lie outside the {file_len}-byte file")]
    OutOfFile {
        /// Which buffer or operator.
        at: String,
        /// Offset from the start of the file.
        offset: u64,
        /// Length in bytes.
        size: u64,
        /// Length of the file.
        file_len: usize,
    },
    /// A tensor type this reader does not know (newer than its schema).
    #[error("{tensor}: unknown tensor type {code}")]
    UnknownTensorType {
        /// The tensor, e.g. `subgraph 0, tensor 5 "conv/weights"`.
        tensor: String,
        /// The raw `TensorType` value.
        code: i64,
    },
    /// A constant tensor whose data does not have shape × element size bytes.
    #[error("{tensor}: buffer {buffer} holds {found} bytes but a {dtype} tensor of shape {shape:?} needs {expected}")]
    BufferSize {
        /// The tensor.
        tensor: String,
        /// Its buffer index.
        buffer: u32,
        /// Its element type, upstream spelling.
        dtype: &'static str,
        /// Its shape.
        shape: Vec<i32>,
        /// Bytes the shape needs.
        expected: u64,
        /// Bytes the buffer has.
        found: usize,
    },
    /// A constant tensor whose shape has a negative dimension, or whose size
    /// overflows.
    #[error("{tensor}: constant tensor has invalid shape {shape:?}")]
    ConstantShape {
        /// The tensor.
        tensor: String,
        /// Its shape.
        shape: Vec<i32>,
    },
    /// Quantization parameters TFLite would reject (scale/zero-point counts,
    /// quantized dimension).
    #[error("{tensor}: invalid quantization: {reason}")]
    Quantization {
        /// The tensor.
        tensor: String,
        /// What is inconsistent.
        reason: String,
    },
    /// An operator code that names no operator (CUSTOM without a name,
    /// a negative builtin code).
    #[error("operator code {index}: {reason}")]
    OperatorCode {
        /// Index into `Model.operator_codes`.
        index: usize,
        /// What is wrong.
        reason: String,
    },
    /// An operator whose builtin options table is not the one its op code uses.
    #[error("{op}: builtin options are {found}, but this operator takes {expected}")]
    OptionsMismatch {
        /// The operator, e.g. `subgraph 0, operator 3 (CONV_2D v3)`.
        op: String,
        /// The options table the op code takes (`none` for ops without options).
        expected: &'static str,
        /// The options table found.
        found: String,
    },
}

/// Attaches a location to planus' errors.
pub(crate) trait At<T> {
    /// Maps a planus error to [`TfliteError::Corrupt`] at the place `at` names.
    fn at(self, at: impl FnOnce() -> String) -> Result<T, TfliteError>;
}

impl<T> At<T> for Result<T, planus::Error> {
    fn at(self, at: impl FnOnce() -> String) -> Result<T, TfliteError> {
        self.map_err(|source| TfliteError::Corrupt { at: at(), source })
    }
}

/// `subgraph S, tensor T "name"`: how errors name a tensor.
pub(crate) fn tensor_at(subgraph: usize, index: usize, name: &str) -> String {
    format!("subgraph {subgraph}, tensor {index} {name:?}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_can_cross_threads_and_box() {
        fn check<T: Send + Sync + 'static + std::error::Error>() {}
        check::<TfliteError>();
    }

    #[test]
    fn locations() {
        assert_eq!(tensor_at(0, 5, "conv/w"), "subgraph 0, tensor 5 \"conv/w\"");
    }
}
