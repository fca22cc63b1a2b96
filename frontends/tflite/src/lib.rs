//! mc's TFLite translation. [`Model::from_bytes`] reads a `.tflite`
//! flatbuffer through planus' verifying reader (code generated at build time
//! from `schema/tflite_subset.fbs`), checks it, and returns a safe model that
//! borrows weights and names from the input bytes; that part knows nothing of
//! mc's IR. [`import`] maps the model to the `graph` dialect.
//!
//! ```no_run
//! let bytes = std::fs::read("model.tflite").unwrap();
//! let model = mc_tflite::Model::from_bytes(&bytes).unwrap();
//! for op in model.main_subgraph().operators() {
//!     println!("{} {:?} -> {:?}", op.opcode(), op.inputs(), op.outputs());
//! }
//! ```
//!
//! With the `writer` feature, [`writer`] builds small TFLite files for tests.
#![deny(missing_docs)]

#[cfg(test)]
mod bad_input_tests;
mod builtin_names;
mod custom_options;
mod dtype;
mod error;
pub mod import;
mod model;
mod opcode;
mod operator;
mod options;
mod quantization;
mod schema;
mod subgraph;
mod tensor;
#[cfg(any(test, feature = "writer"))]
pub mod writer;

pub use builtin_names::{BUILTIN_OPERATOR_NAMES, builtin_operator_name};
#[cfg(any(test, feature = "writer"))]
pub use custom_options::signal_options_flexbuffer;
pub use custom_options::{
    CIRCULAR_BUFFER, DETECTION_POSTPROCESS, DetectionPostprocessOptions, SIGNAL_DELAY, SIGNAL_ENERGY,
    SIGNAL_FFT_AUTO_SCALE, SIGNAL_FILTER_BANK, SIGNAL_FILTER_BANK_LOG, SIGNAL_FILTER_BANK_SPECTRAL_SUBTRACTION,
    SIGNAL_FILTER_BANK_SQUARE_ROOT, SIGNAL_FRAMER, SIGNAL_IRFFT, SIGNAL_OVERLAP_ADD, SIGNAL_PCAN, SIGNAL_RFFT,
    SIGNAL_STACKER, SIGNAL_WINDOW, SPECTRAL_SUBTRACTION_OPTIONS, STACKER_OPTIONS, SignalRfftOptions,
    SignalWindowOptions, TFLM_DECODE, read_signal_options,
};
pub use dtype::DType;
pub use error::TfliteError;
pub use model::{FILE_IDENTIFIER, Metadata, Model, SCHEMA_VERSION, SignatureDef};
pub use opcode::{BuiltinOp, OpKind, OperatorCode};
pub use operator::Operator;
pub use options::{
    Activation, AddSubOptions, ArgMinMaxOptions, BatchMatMulOptions, BlockSizeOptions, BuiltinOptions, CallOnceOptions,
    CastOptions, ConcatenationOptions, Conv2DOptions, CumsumOptions, DepthwiseConv2DOptions, DivOptions,
    FullyConnectedOptions, GatherOptions, IfOptions, L2NormOptions, LeakyReluOptions, MirrorPadMode, MirrorPadOptions,
    MulOptions, PackOptions, Padding, Pool2DOptions, ReducerOptions, ReshapeOptions, ResizeOptions,
    SequenceLstmOptions, ShapeOptions, SoftmaxOptions, SplitOptions, SqueezeOptions, StridedSliceOptions, SvdfOptions,
    TransposeConvOptions, UnpackOptions, VarHandleOptions, WeightsFormat, WhileOptions,
};
pub use quantization::Quantization;
pub use subgraph::Subgraph;
pub use tensor::Tensor;
