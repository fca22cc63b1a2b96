//! The one table of what mc compiles: for each TFLite operator, the graph op it imports as and
//! the element-type variants that are lowered and conformance-tested, with the constraints in
//! words.
//!
//! Everyone who needs to know what is supported reads [`TABLE`]:
//!
//! - the TFLite importer imports exactly the operators listed ([`by_tflite_name`]), so any other
//!   operator is an error naming it the way TFLite does;
//! - `graph-to-buffer` and `buffer-to-loop` check every op's operand and result types against its
//!   variants ([`check`]) before lowering it, so an op whose types no variant lists is an error
//!   naming the TFLite operator and the variants it has, never a kernel that computes something
//!   else;
//! - `mcc --supported-ops` prints it ([`render`]);
//! - the conformance crate's coverage test checks that every variant has conformance cases and
//!   that every operator its cases exercise matches a variant.
//!
//! A variant lists, per data operand and for the result, the element kinds it takes (shape-like
//! list operands such as `perm` or `axes` are not data and are not matched). Quantization details
//! that the kinds cannot express (zero points, fixed output scales, per-channel axes) are the
//! graph verifier's rules; a variant's `detail` summarises them for readers.

use super::signature::{Signature, first_list_operand};
use super::verify::Kind;

/// `f32`.
const F32: Kind = Kind::F32;
/// Quantized `i8`.
const Q8: Kind = Kind::Quant { width: 8, signed: true };
/// Quantized `i4` (`INT4` weights).
const Q4: Kind = Kind::Quant { width: 4, signed: true };
/// Quantized `i16`.
const Q16: Kind = Kind::Quant { width: 16, signed: true };
/// Quantized `i32` (biases of int8 convolutions).
const Q32: Kind = Kind::Quant { width: 32, signed: true };
/// Plain `i32`.
const I32: Kind = Kind::Int(32);
/// Plain `i64` (biases of 16x8 convolutions).
const I64: Kind = Kind::Int(64);
/// Plain `i16`.
const I16: Kind = Kind::Int(16);
/// Quantized `u8`.
const U8: Kind = Kind::Quant { width: 8, signed: false };
/// Plain `i8` (data movement does not care for quantization).
const I8: Kind = Kind::Int(8);
/// Plain `ui32` (energies and filter bank channels of the signal library).
const U32: Kind = Kind::UInt(32);
/// Plain `ui64` (the signal library's filter bank sums).
const U64: Kind = Kind::UInt(64);
/// A variable's handle (`!graph.resource`).
const RESOURCE: Kind = Kind::Other;

/// Which values an operand position takes.
#[derive(Clone, Copy, Debug)]
pub enum Slot {
    /// A present operand of one of these kinds.
    One(&'static [Kind]),
    /// An absent operand, or one of these kinds.
    Optional(&'static [Kind]),
    /// Every remaining data operand (at least one) of one of these kinds.
    Each(&'static [Kind]),
}

/// One element-type combination of an operator.
#[derive(Clone, Copy, Debug)]
pub struct Variant {
    /// How users and `--supported-ops` name it: `f32`, `int8`, `int16x8`, `int8->int16`.
    pub name: &'static str,
    /// What the verifier requires beyond the kinds, in words (empty if nothing).
    pub detail: &'static str,
    /// The data operands, in order.
    pub operands: &'static [Slot],
    /// The result's kinds (ops without a result: empty; ops with several: every result's).
    pub result: &'static [Kind],
}

/// One TFLite operator mc compiles.
#[derive(Clone, Copy, Debug)]
pub struct OpSupport {
    /// TFLite's `BuiltinOperator` name (`CONV_2D`), or a custom operator's `custom_code`
    /// (`TFLite_Detection_PostProcess`).
    pub tflite: &'static str,
    /// The graph op it imports as, without the `graph.` prefix (`conv_2d`).
    pub op: &'static str,
    /// The element-type variants, in the order `--supported-ops` lists them.
    pub variants: &'static [Variant],
    /// Options and shapes handled, in words.
    pub options: &'static str,
}

/// A variant whose data operands and result all have the one kind `kind`.
const fn variant(
    name: &'static str,
    detail: &'static str,
    operands: &'static [Slot],
    result: &'static [Kind],
) -> Variant {
    Variant { name, detail, operands, result }
}

const F32_UNARY: Variant = variant("f32", "", &[Slot::One(&[F32])], &[F32]);
const INT8_UNARY: Variant = variant("int8", "", &[Slot::One(&[Q8])], &[Q8]);
const INT16_UNARY: Variant = variant("int16", "", &[Slot::One(&[Q16])], &[Q16]);
/// int16 with the symmetric quantization (zero point 0) TFLite Micro's int16 kernel requires.
const INT16_SYMMETRIC: Variant = variant("int16", "zero point 0", &[Slot::One(&[Q16])], &[Q16]);
const F32_BINARY: Variant = variant("f32", "", &[Slot::One(&[F32]), Slot::One(&[F32])], &[F32]);
const INT32_BINARY: Variant = variant("int32", "", &[Slot::One(&[I32]), Slot::One(&[I32])], &[I32]);
const INT8_BINARY: Variant = variant("int8", "", &[Slot::One(&[Q8]), Slot::One(&[Q8])], &[Q8]);
const INT16_BINARY: Variant = variant("int16", "", &[Slot::One(&[Q16]), Slot::One(&[Q16])], &[Q16]);
/// int16 operands and result with zero points 0, as TFLite Micro's int16 `MUL` requires.
const INT16_SYMMETRIC_BINARY: Variant =
    variant("int16", "zero points 0", &[Slot::One(&[Q16]), Slot::One(&[Q16])], &[Q16]);
const F32_WEIGHTED: Variant =
    variant("f32", "", &[Slot::One(&[F32]), Slot::One(&[F32]), Slot::Optional(&[F32])], &[F32]);
const INT8_WEIGHTED: Variant = variant(
    "int8",
    "per-channel, per-tensor",
    &[Slot::One(&[Q8]), Slot::One(&[Q8]), Slot::Optional(&[Q32, I32])],
    &[Q8],
);
/// [`INT8_WEIGHTED`] whose weights may also be `INT4` (quantized `i4`): convolutions and fully
/// connected layers, as TFLite Micro.
const INT8_WEIGHTED_OR_INT4: Variant = variant(
    "int8",
    "per-channel, per-tensor",
    &[Slot::One(&[Q8]), Slot::One(&[Q8, Q4]), Slot::Optional(&[Q32, I32])],
    &[Q8],
);
/// Data movement: quantized or plain `i8`, the same type in and out (the verifier checks).
/// int8 with the output quantized as the input, as TFLite Micro's REDUCE_MAX and REDUCE_MIN require.
const EXTREMUM_INT8: Variant = variant("int8", "output scale and zero point = input's", &[Slot::One(&[Q8])], &[Q8]);
const INT8_MOVED: Variant = variant("int8", "", &[Slot::One(&[Q8, I8])], &[Q8, I8]);
/// TFLite's 16x8 quantization: int16 activations, int8 weights, a 64-bit (or 32-bit) bias.
const INT16X8_WEIGHTED: Variant = variant(
    "int16x8",
    "zero points 0, per-channel or per-tensor weights, bias i64 or i32",
    &[Slot::One(&[Q16]), Slot::One(&[Q8]), Slot::Optional(&[I64, Q32, I32])],
    &[Q16],
);
/// The 16x8 depthwise convolution: TFLite Micro reads its bias as 64-bit only.
const INT16X8_DEPTHWISE: Variant = variant(
    "int16x8",
    "zero points 0, per-channel or per-tensor weights, bias i64",
    &[Slot::One(&[Q16]), Slot::One(&[Q8]), Slot::Optional(&[I64])],
    &[Q16],
);
/// The 16x8 transposed convolution: TFLite Micro reads its bias as 64-bit, or widens a 16-bit one.
const INT16X8_TRANSPOSED: Variant = variant(
    "int16x8",
    "zero points 0, per-channel or per-tensor weights, bias i64 or i16",
    &[Slot::One(&[Q16]), Slot::One(&[Q8]), Slot::Optional(&[I64, Q16, I16])],
    &[Q16],
);
/// Data movement of 16-bit values, quantized or plain.
const INT16_MOVED: Variant = variant("int16", "", &[Slot::One(&[Q16, I16])], &[Q16, I16]);
/// Data movement of 32-bit integers, quantized or plain.
const INT32_MOVED: Variant = variant("int32", "", &[Slot::One(&[Q32, I32])], &[Q32, I32]);
/// Data movement of quantized `u8` (a model's uint8 input before its `QUANTIZE`).
const UINT8_MOVED: Variant = variant("uint8", "", &[Slot::One(&[U8])], &[U8]);
/// Data movement of 64-bit integers.
const INT64_MOVED: Variant = variant("int64", "", &[Slot::One(&[I64])], &[I64]);
/// `SPLIT`, `SPLIT_V`, `UNPACK`: TFLite Micro copies float32, int8, int16 and int32 pieces, each
/// of the input's type.
const SPLIT: &[Variant] = &[F32_UNARY, INT8_MOVED, INT16_MOVED, INT32_MOVED];
/// Booleans in and out (`i1`, stored one byte each as TFLite's `bool`): moved, or reduced.
const BOOL_MOVED: Variant = variant("bool", "", &[Slot::One(&[BOOL])], &[BOOL]);
/// Every element kind a tensor of mc can hold (what `SHAPE` reads the shape of).
const ANY: &[Kind] = &[F32, Q8, I8, U8, Q16, I16, Q32, I32, I64];
/// `i1`, TFLite's `BOOL`.
const BOOL: Kind = Kind::Int(1);
/// A comparison of two operands of `kind` giving booleans.
macro_rules! comparison {
    ($name:literal, $detail:literal, $kind:expr) => {
        variant($name, $detail, &[Slot::One(&[$kind]), Slot::One(&[$kind])], &[BOOL])
    };
}
const COMPARE_F32: Variant = comparison!("f32", "", F32);
const COMPARE_INT8: Variant = comparison!("int8", "scales below 1", Q8);
const COMPARE_INT32: Variant = comparison!("int32", "", I32);
const COMPARE_INT64: Variant = comparison!("int64", "", I64);
/// `LESS`, `LESS_EQUAL`, `GREATER`, `GREATER_EQUAL` (the installed TFLite Micro leaves int16
/// `GREATER`'s rescaling unset, so it has no int16 variant).
const ORDERED: &[Variant] = &[COMPARE_F32, COMPARE_INT8, COMPARE_INT32, COMPARE_INT64];
/// `EQUAL`, `NOT_EQUAL`.
const EQUALITY: &[Variant] = &[COMPARE_F32, COMPARE_INT8, COMPARE_INT32, COMPARE_INT64, comparison!("bool", "", BOOL)];
const COMPARISON_OPTIONS: &str = "numpy broadcasting up to rank 6";
/// `ARG_MAX`, `ARG_MIN`: TFLite Micro's int32 index of an f32 or int8 input.
const ARG_EXTREMUM: &[Variant] = &[
    variant("f32->int32", "", &[Slot::One(&[F32])], &[I32]),
    variant("int8->int32", "", &[Slot::One(&[Q8, I8])], &[I32]),
];
/// `CAST`'s int8: plain or quantized storage (TFLite Micro ignores quantization).
const CAST_INT8: &[Kind] = &[I8, Q8];
/// `CAST`'s int16, plain or quantized.
const CAST_INT16: &[Kind] = &[I16, Q16];
/// `CAST`: every pair of TFLite Micro's types.
const CAST: &[Variant] = &[
    variant("f32->f32", "", &[Slot::One(&[F32])], &[F32]),
    variant("f32->int8", "", &[Slot::One(&[F32])], CAST_INT8),
    variant("f32->int16", "", &[Slot::One(&[F32])], CAST_INT16),
    variant("f32->int32", "", &[Slot::One(&[F32])], &[I32]),
    variant("f32->bool", "", &[Slot::One(&[F32])], &[BOOL]),
    variant("int8->f32", "", &[Slot::One(CAST_INT8)], &[F32]),
    variant("int8->int8", "", &[Slot::One(CAST_INT8)], CAST_INT8),
    variant("int8->int16", "", &[Slot::One(CAST_INT8)], CAST_INT16),
    variant("int8->int32", "", &[Slot::One(CAST_INT8)], &[I32]),
    variant("int8->bool", "", &[Slot::One(CAST_INT8)], &[BOOL]),
    variant("int16->f32", "", &[Slot::One(CAST_INT16)], &[F32]),
    variant("int16->int8", "", &[Slot::One(CAST_INT16)], CAST_INT8),
    variant("int16->int16", "", &[Slot::One(CAST_INT16)], CAST_INT16),
    variant("int16->int32", "", &[Slot::One(CAST_INT16)], &[I32]),
    variant("int16->bool", "", &[Slot::One(CAST_INT16)], &[BOOL]),
    variant("int32->f32", "", &[Slot::One(&[I32])], &[F32]),
    variant("int32->int8", "", &[Slot::One(&[I32])], CAST_INT8),
    variant("int32->int16", "", &[Slot::One(&[I32])], CAST_INT16),
    variant("int32->int32", "", &[Slot::One(&[I32])], &[I32]),
    variant("int32->bool", "", &[Slot::One(&[I32])], &[BOOL]),
    variant("bool->f32", "", &[Slot::One(&[BOOL])], &[F32]),
    variant("bool->int8", "", &[Slot::One(&[BOOL])], CAST_INT8),
    variant("bool->int16", "", &[Slot::One(&[BOOL])], CAST_INT16),
    variant("bool->int32", "", &[Slot::One(&[BOOL])], &[I32]),
    variant("bool->bool", "", &[Slot::One(&[BOOL])], &[BOOL]),
];
/// `MAXIMUM`/`MINIMUM`: one kind throughout; the stored values compared, quantizations ignored.
const MIN_MAX: &[Variant] = &[
    F32_BINARY,
    variant("int8", "stored values compared, as TFLite Micro", &[Slot::One(&[Q8]), Slot::One(&[Q8])], &[Q8]),
    variant("int16", "stored values compared, as TFLite Micro", &[Slot::One(&[Q16]), Slot::One(&[Q16])], &[Q16]),
    INT32_BINARY,
    variant("int64", "", &[Slot::One(&[I64]), Slot::One(&[I64])], &[I64]),
];
const FUSED: &str = "fused NONE/RELU/RELU6/RELU_N1_TO_1";
/// The options of `DEPTH_TO_SPACE` and `SPACE_TO_DEPTH`.
const BLOCK: &str = "any block size";

/// Every operator mc compiles, in TFLite's `BuiltinOperator` order.
pub const TABLE: &[OpSupport] = &[
    OpSupport {
        tflite: "ADD",
        op: "add",
        variants: &[F32_BINARY, INT8_BINARY, INT16_BINARY, INT32_BINARY],
        options: "numpy broadcasting up to rank 6, fused NONE/RELU/RELU6/RELU_N1_TO_1 (int32: ignored, as TFLite Micro ignores it)",
    },
    OpSupport {
        tflite: "AVERAGE_POOL_2D",
        op: "avg_pool_2d",
        variants: &[F32_UNARY, INT8_UNARY, INT16_UNARY],
        options: "any filter and stride, SAME/VALID, fused NONE/RELU/RELU6/RELU_N1_TO_1",
    },
    OpSupport {
        tflite: "CONCATENATION",
        op: "concatenation",
        variants: &[
            variant("f32", "", &[Slot::Each(&[F32])], &[F32]),
            variant("int8", "equal quantization", &[Slot::Each(&[Q8, I8])], &[Q8, I8]),
            variant("int16", "equal quantization", &[Slot::Each(&[Q16, I16])], &[Q16, I16]),
            variant("int32", "equal quantization", &[Slot::Each(&[Q32, I32])], &[Q32, I32]),
            variant("int64", "", &[Slot::Each(&[I64])], &[I64]),
            variant("bool", "", &[Slot::Each(&[BOOL])], &[BOOL]),
        ],
        options: "any axis (negative counts from the end), up to 10 inputs, rank <= 6",
    },
    OpSupport {
        tflite: "CONV_2D",
        op: "conv_2d",
        variants: &[F32_WEIGHTED, INT8_WEIGHTED_OR_INT4, INT16X8_WEIGHTED],
        options: "any stride and dilation, SAME/VALID, grouped, fused NONE/RELU/RELU6/RELU_N1_TO_1, int8 also with INT4 filters (kept packed, two per byte in flash)",
    },
    OpSupport {
        tflite: "CUMSUM",
        op: "cumsum",
        variants: &[F32_UNARY, INT8_UNARY],
        options: "constant axis (negative counts from the end), exclusive, reverse",
    },
    OpSupport {
        tflite: "DEPTHWISE_CONV_2D",
        op: "depthwise_conv_2d",
        variants: &[F32_WEIGHTED, INT8_WEIGHTED_OR_INT4, INT16X8_DEPTHWISE],
        options: "any stride, dilation and depth multiplier, SAME/VALID, fused NONE/RELU/RELU6/RELU_N1_TO_1, int8 also with INT4 filters (kept packed, two per byte in flash)",
    },
    OpSupport { tflite: "DEPTH_TO_SPACE", op: "depth_to_space", variants: &[F32_UNARY, INT8_MOVED], options: BLOCK },
    OpSupport {
        tflite: "DEQUANTIZE",
        op: "dequantize",
        variants: &[
            variant(
                "int8->f32",
                "per-tensor, or per-channel read with its first channel's scale and zero point, as TFLite Micro reads it",
                &[Slot::One(&[Q8])],
                &[F32],
            ),
            variant("uint8->f32", "per-tensor", &[Slot::One(&[U8])], &[F32]),
            variant("int16->f32", "per-tensor", &[Slot::One(&[Q16])], &[F32]),
        ],
        options: "",
    },
    OpSupport {
        tflite: "EMBEDDING_LOOKUP",
        op: "embedding_lookup",
        variants: &[
            variant("f32", "", &[Slot::One(&[F32]), Slot::One(&[I32])], &[F32]),
            variant("int8", "", &[Slot::One(&[Q8, I8]), Slot::One(&[I32])], &[Q8, I8]),
            variant(
                "int8->f32",
                "zero point 0; every row scaled by the first scale, as TFLite Micro",
                &[Slot::One(&[Q8]), Slot::One(&[I32])],
                &[F32],
            ),
        ],
        options: "value of rank >= 2, 1-D i32 ids (run-time ones clamped into range)",
    },
    OpSupport { tflite: "FLOOR", op: "floor", variants: &[F32_UNARY], options: "" },
    OpSupport {
        tflite: "HARD_SWISH",
        op: "hard_swish",
        variants: &[F32_UNARY, variant("int8", "output scale above input scale / 128", &[Slot::One(&[Q8])], &[Q8])],
        options: "",
    },
    OpSupport {
        tflite: "FULLY_CONNECTED",
        op: "fully_connected",
        variants: &[F32_WEIGHTED, INT8_WEIGHTED_OR_INT4, INT16X8_WEIGHTED],
        options: "keep_num_dims, batches, fused NONE/RELU/RELU6/RELU_N1_TO_1, int8 also with per-tensor INT4 weights (kept packed, two per byte in flash)",
    },
    OpSupport {
        tflite: "L2_NORMALIZATION",
        op: "l2_normalization",
        variants: &[
            F32_UNARY,
            variant("int8", "output in units of 1/128, whatever its quantization says", &[Slot::One(&[Q8])], &[Q8]),
        ],
        options: "rank <= 4, along the last dimension",
    },
    OpSupport {
        tflite: "L2_POOL_2D",
        op: "l2_pool_2d",
        variants: &[F32_UNARY],
        options: "any filter and stride, SAME/VALID, fused NONE/RELU/RELU6/RELU_N1_TO_1",
    },
    OpSupport { tflite: "LOGISTIC", op: "logistic", variants: &[F32_UNARY, INT8_UNARY, INT16_SYMMETRIC], options: "" },
    OpSupport {
        tflite: "LOG_SOFTMAX",
        op: "log_softmax",
        variants: &[F32_UNARY, variant("int8", "output scale 16/256, zero point 127", &[Slot::One(&[Q8])], &[Q8])],
        options: "along the last dimension (int8: rows of at most 4095)",
    },
    OpSupport {
        tflite: "MAX_POOL_2D",
        op: "max_pool_2d",
        variants: &[F32_UNARY, INT8_UNARY, INT16_UNARY],
        options: "any filter and stride, SAME/VALID, fused NONE/RELU/RELU6/RELU_N1_TO_1",
    },
    OpSupport {
        tflite: "CAST",
        op: "cast",
        variants: CAST,
        options: "any pair of element types (quantization ignored); floats truncate and saturate, NaN to 0",
    },
    OpSupport {
        tflite: "PRELU",
        op: "prelu",
        variants: &[
            F32_BINARY,
            INT8_BINARY,
            variant("int16", "int8 alpha", &[Slot::One(&[Q16]), Slot::One(&[Q8])], &[Q16]),
        ],
        options: "numpy broadcasting of alpha up to rank 6 (f32: 4, as TFLM's float kernel)",
    },
    OpSupport { tflite: "MAXIMUM", op: "maximum", variants: MIN_MAX, options: "numpy broadcasting up to rank 5" },
    OpSupport {
        tflite: "ARG_MAX",
        op: "arg_max",
        variants: ARG_EXTREMUM,
        options: "constant int32 axis (negative counts from the end), first index on ties",
    },
    OpSupport { tflite: "MINIMUM", op: "minimum", variants: MIN_MAX, options: "numpy broadcasting up to rank 5" },
    OpSupport { tflite: "LESS", op: "less", variants: ORDERED, options: COMPARISON_OPTIONS },
    OpSupport { tflite: "NEG", op: "neg", variants: &[F32_UNARY], options: "" },
    OpSupport { tflite: "GREATER", op: "greater", variants: ORDERED, options: COMPARISON_OPTIONS },
    OpSupport { tflite: "GREATER_EQUAL", op: "greater_equal", variants: ORDERED, options: COMPARISON_OPTIONS },
    OpSupport { tflite: "LESS_EQUAL", op: "less_equal", variants: ORDERED, options: COMPARISON_OPTIONS },
    OpSupport {
        tflite: "MUL",
        op: "mul",
        variants: &[F32_BINARY, INT8_BINARY, INT16_SYMMETRIC_BINARY, INT32_BINARY],
        options: "numpy broadcasting up to rank 4 (int16: 6), fused NONE/RELU/RELU6/RELU_N1_TO_1",
    },
    OpSupport { tflite: "RELU", op: "relu", variants: &[F32_UNARY, INT8_UNARY, INT16_SYMMETRIC], options: "" },
    OpSupport { tflite: "RELU_N1_TO_1", op: "relu_n1_to_1", variants: &[F32_UNARY, INT8_UNARY], options: "" },
    OpSupport { tflite: "RELU6", op: "relu6", variants: &[F32_UNARY, INT8_UNARY, INT16_UNARY], options: "" },
    OpSupport {
        tflite: "RESHAPE",
        op: "reshape",
        variants: &[F32_UNARY, INT8_MOVED, UINT8_MOVED, INT16_MOVED, INT32_MOVED, INT64_MOVED, BOOL_MOVED],
        options: "static shapes, the output's scale and zero point free (stored values kept) (a view: no copy)",
    },
    OpSupport {
        tflite: "RESIZE_BILINEAR",
        op: "resize_bilinear",
        variants: &[F32_UNARY, INT8_UNARY],
        options: "constant int32 size, align_corners or half_pixel_centers (int8 in TFLite Micro's 10-bit fixed point)",
    },
    OpSupport {
        tflite: "SOFTMAX",
        op: "softmax",
        variants: &[
            F32_UNARY,
            variant("int8", "output scale 1/256, zero point -128", &[Slot::One(&[Q8])], &[Q8]),
            variant("int8->int16", "output scale 1/65536, zero point -32768", &[Slot::One(&[Q8])], &[Q16]),
            variant("int16", "zero points 0, output scale 1/32768", &[Slot::One(&[Q16])], &[Q16]),
        ],
        options: "any beta (int16: beta × input scale below about 5), along the last dimension",
    },
    OpSupport {
        tflite: "SVDF",
        op: "svdf",
        variants: &[
            variant("f32", "", &[Slot::One(&[F32]), Slot::One(&[F32]), Slot::One(&[F32])], &[F32]),
            variant(
                "int8",
                "int16 state and time weights, int32 bias",
                &[Slot::One(&[Q16]), Slot::One(&[Q16]), Slot::One(&[Q32, I32])],
                &[Q8],
            ),
            variant(
                "int8/int8-state",
                "int8 state and time weights, int32 bias",
                &[Slot::One(&[Q8]), Slot::One(&[Q8]), Slot::One(&[Q32, I32])],
                &[Q8],
            ),
        ],
        options: "a bias (TFLite Micro fails without one), any rank, batches, state persisting across invocations, fused activation (float: NONE/RELU/RELU6/RELU_N1_TO_1/TANH; int8: ignored, as TFLite Micro)",
    },
    OpSupport {
        tflite: "CIRCULAR_BUFFER",
        op: "circular_buffer",
        variants: &[variant(
            "int8",
            "quantized or plain, a bool valid output",
            &[Slot::One(&[Q8, I8]), Slot::One(&[I8]), Slot::One(&[U32])],
            &[Q8, I8, BOOL, U32],
        )],
        options: "custom operator of TFLite Micro: an input [1, 1, H, D] shifted into the last of the output's \
                  [1, S, H, D] slots every invocation, with a bool valid output set every cycles_max-th (1 or more; \
                  none or 0: TFLite Micro's rule from the slots, 1 for 5, 13 or 25, else 2), the slots and the count \
                  kept between invocations (reset with the model's state)",
    },
    OpSupport { tflite: "SPACE_TO_DEPTH", op: "space_to_depth", variants: &[F32_UNARY, INT8_MOVED], options: BLOCK },
    OpSupport {
        tflite: "TANH",
        op: "tanh",
        variants: &[
            F32_UNARY,
            variant("int8", "output in units of 1/128, whatever its quantization says", &[Slot::One(&[Q8])], &[Q8]),
            INT16_SYMMETRIC,
        ],
        options: "",
    },
    OpSupport {
        tflite: "PAD",
        op: "pad",
        variants: &[
            F32_UNARY,
            INT8_MOVED,
            variant("int16", "zero point 0", &[Slot::One(&[Q16, I16])], &[Q16, I16]),
            variant("int32", "", &[Slot::One(&[I32])], &[I32]),
        ],
        options: "constant int32 paddings, rank <= 5, the output's scale and zero point free (stored values kept; int8 pads with the output's zero point)",
    },
    OpSupport {
        tflite: "GATHER",
        op: "gather",
        variants: &[
            variant("f32", "", &[Slot::One(&[F32]), Slot::One(&[I32])], &[F32]),
            variant("int8", "", &[Slot::One(&[Q8, I8]), Slot::One(&[I32])], &[Q8, I8]),
        ],
        options: "any axis and batch_dims, constant or run-time i32 indices, the output's scale and zero point free (stored values kept)",
    },
    OpSupport {
        tflite: "BATCH_TO_SPACE_ND",
        op: "batch_to_space_nd",
        variants: &[F32_UNARY, INT8_MOVED],
        options: "constant int32 block shape and crops, NHWC or NHC (3-D) input",
    },
    OpSupport {
        tflite: "SPACE_TO_BATCH_ND",
        op: "space_to_batch_nd",
        variants: &[F32_UNARY, INT8_MOVED],
        options: "constant int32 block shape and paddings, NHWC or NHC (3-D) input, padding with stored 0 as TFLite Micro",
    },
    OpSupport {
        tflite: "TRANSPOSE",
        op: "transpose",
        variants: &[F32_UNARY, INT8_MOVED, INT16_MOVED],
        options: "constant permutation, rank <= 6, the output's scale and zero point free (stored values kept) (a strided view where the consumer reads any layout)",
    },
    OpSupport {
        tflite: "MEAN",
        op: "mean",
        variants: &[F32_UNARY, INT8_UNARY, INT16_UNARY],
        options: "constant int32 axes (an empty list too: every element its own result), keep_dims both ways",
    },
    OpSupport {
        tflite: "SUB",
        op: "sub",
        variants: &[F32_BINARY, INT8_BINARY, INT16_BINARY, INT32_BINARY],
        options: FUSED,
    },
    OpSupport {
        tflite: "DIV",
        op: "div",
        variants: &[F32_BINARY, INT8_BINARY, INT32_BINARY],
        options: "numpy broadcasting up to rank 5, fused NONE/RELU/RELU6/RELU_N1_TO_1; a constant int32 divisor must hold no zero; int8 computes what the x86-64 interpreter does for divisors at their zero point",
    },
    OpSupport {
        tflite: "SQUEEZE",
        op: "squeeze",
        variants: &[F32_UNARY, INT8_MOVED, UINT8_MOVED, INT16_MOVED, INT32_MOVED, INT64_MOVED, BOOL_MOVED],
        options: "squeeze_dims given (negative counts from the end) or empty, rank <= 8, the output's scale and zero point free (stored values kept) (a view: no copy)",
    },
    OpSupport {
        tflite: "UNIDIRECTIONAL_SEQUENCE_LSTM",
        op: "lstm",
        variants: &[LSTM_F32, LSTM_INT8, LSTM_INT16X8],
        options: "time_major or batch major, batches, TANH cell activation, cell_clip, hidden and cell states persisting across invocations, the output sequence's scale and zero point free (the hidden state's stored values); no peephole, projection, layer normalisation or CIFG (TFLite Micro refuses them)",
    },
    OpSupport {
        tflite: "STRIDED_SLICE",
        op: "strided_slice",
        variants: &[F32_UNARY, INT8_MOVED, INT16_MOVED, INT32_MOVED, BOOL_MOVED],
        options: "constant int32 begin/end/strides, negative strides, begin/end/shrink masks, rank <= 5, the output's scale and zero point free (stored values kept)",
    },
    OpSupport { tflite: "EXP", op: "exp", variants: &[F32_UNARY], options: "" },
    OpSupport {
        tflite: "SPLIT",
        op: "split",
        variants: SPLIT,
        options: "constant axis (negative counts from the end), any rank, equal pieces",
    },
    OpSupport { tflite: "SIN", op: "sin", variants: &[F32_UNARY], options: "" },
    OpSupport { tflite: "LOG", op: "log", variants: &[F32_UNARY], options: "" },
    OpSupport { tflite: "SQRT", op: "sqrt", variants: &[F32_UNARY], options: "" },
    OpSupport {
        tflite: "RSQRT",
        op: "rsqrt",
        variants: &[F32_UNARY, variant("int8", "input zero point at most 127", &[Slot::One(&[Q8])], &[Q8])],
        options: "",
    },
    OpSupport {
        tflite: "PADV2",
        op: "padv2",
        variants: &[
            variant("f32", "", &[Slot::One(&[F32]), Slot::One(&[F32])], &[F32]),
            variant(
                "int8",
                "constant value quantized as the output",
                &[Slot::One(&[Q8, I8]), Slot::One(&[Q8, I8])],
                &[Q8, I8],
            ),
            variant("int16", "", &[Slot::One(&[Q16, I16]), Slot::One(&[Q16, I16])], &[Q16, I16]),
            variant("int32", "", &[Slot::One(&[Q32, I32]), Slot::One(&[Q32, I32])], &[Q32, I32]),
        ],
        options: "constant int32 paddings, a constant or run-time pad value, rank <= 5, the output's scale and zero point free (stored values kept)",
    },
    OpSupport {
        tflite: "SLICE",
        op: "slice",
        variants: &[F32_UNARY, INT8_MOVED, INT16_MOVED, INT32_MOVED, BOOL_MOVED],
        options: "constant begin/size (i32 or i64), size -1 to the end, rank <= 5, the output's scale and zero point free (stored values kept)",
    },
    OpSupport {
        tflite: "EXPAND_DIMS",
        op: "expand_dims",
        variants: &[F32_UNARY, INT8_MOVED, INT16_MOVED],
        options: "constant int32 axis (negative counts from the end), the output's scale and zero point free (stored values kept) (a view: no copy)",
    },
    OpSupport {
        tflite: "SUM",
        op: "sum",
        variants: &[F32_UNARY, INT8_UNARY, INT16_UNARY],
        options: "constant int32 axes (an empty list too: every element its own result), keep_dims both ways",
    },
    OpSupport {
        tflite: "TRANSPOSE_CONV",
        op: "transpose_conv",
        variants: &[F32_WEIGHTED, INT8_WEIGHTED, INT16X8_TRANSPOSED],
        options: "constant output_shape, any stride, SAME/VALID, fused NONE/RELU/RELU6/RELU_N1_TO_1",
    },
    OpSupport {
        tflite: "SHAPE",
        op: "shape",
        variants: &[variant("int32", "", &[Slot::One(ANY)], &[I32])],
        options: "any input type (a constant: shapes are static)",
    },
    OpSupport {
        tflite: "REDUCE_MAX",
        op: "reduce_max",
        variants: &[F32_UNARY, EXTREMUM_INT8],
        options: "constant int32 axes (an empty list too: every element its own result), keep_dims both ways",
    },
    OpSupport {
        tflite: "PACK",
        op: "pack",
        variants: &[
            variant("f32", "", &[Slot::Each(&[F32])], &[F32]),
            variant("int8", "equal quantization", &[Slot::Each(&[Q8, I8])], &[Q8, I8]),
            variant("int16", "equal quantization", &[Slot::Each(&[Q16, I16])], &[Q16, I16]),
            variant("int32", "", &[Slot::Each(&[I32])], &[I32]),
            variant("int64", "", &[Slot::Each(&[I64])], &[I64]),
        ],
        options: "any axis (negative counts from the end), folded when the inputs are constants",
    },
    OpSupport {
        tflite: "UNPACK",
        op: "unpack",
        variants: SPLIT,
        options: "any axis (negative counts from the end), any rank",
    },
    OpSupport {
        tflite: "REDUCE_MIN",
        op: "reduce_min",
        variants: &[F32_UNARY, EXTREMUM_INT8],
        options: "constant int32 axes (an empty list too: every element its own result), keep_dims both ways",
    },
    OpSupport { tflite: "EQUAL", op: "equal", variants: EQUALITY, options: COMPARISON_OPTIONS },
    OpSupport { tflite: "NOT_EQUAL", op: "not_equal", variants: EQUALITY, options: COMPARISON_OPTIONS },
    OpSupport {
        tflite: "ARG_MIN",
        op: "arg_min",
        variants: ARG_EXTREMUM,
        options: "constant int32 axis (negative counts from the end), first index on ties",
    },
    OpSupport {
        tflite: "LOGICAL_OR",
        op: "logical_or",
        variants: &[variant("bool", "", &[Slot::One(&[BOOL]), Slot::One(&[BOOL])], &[BOOL])],
        options: COMPARISON_OPTIONS,
    },
    OpSupport {
        tflite: "LOGICAL_AND",
        op: "logical_and",
        variants: &[variant("bool", "", &[Slot::One(&[BOOL]), Slot::One(&[BOOL])], &[BOOL])],
        options: COMPARISON_OPTIONS,
    },
    OpSupport {
        tflite: "LOGICAL_NOT",
        op: "logical_not",
        variants: &[variant("bool", "", &[Slot::One(&[BOOL])], &[BOOL])],
        options: "",
    },
    OpSupport {
        tflite: "FLOOR_DIV",
        op: "floor_div",
        variants: &[F32_BINARY],
        options: "numpy broadcasting up to rank 4; a constant divisor must hold no zero",
    },
    OpSupport { tflite: "SQUARE", op: "square", variants: &[F32_UNARY], options: "" },
    OpSupport {
        tflite: "FLOOR_MOD",
        op: "floor_mod",
        variants: &[F32_BINARY],
        options: "numpy broadcasting up to rank 4",
    },
    OpSupport {
        tflite: "ZEROS_LIKE",
        op: "zeros_like",
        variants: &[F32_UNARY, INT8_MOVED, variant("int32", "", &[Slot::One(&[I32])], &[I32]), INT64_MOVED],
        options: "the stored 0 (an int8 result holds 0, not its zero point)",
    },
    OpSupport {
        tflite: "FILL",
        op: "fill",
        variants: &[F32_UNARY, INT8_MOVED, variant("int32", "", &[Slot::One(&[I32])], &[I32])],
        options: "a scalar value, constant int32 or int64 dims",
    },
    OpSupport {
        tflite: "RESIZE_NEAREST_NEIGHBOR",
        op: "resize_nearest_neighbor",
        variants: &[F32_UNARY, INT8_MOVED, INT16_MOVED],
        options: "constant int32 size, align_corners, half_pixel_centers",
    },
    OpSupport {
        tflite: "LEAKY_RELU",
        op: "leaky_relu",
        variants: &[F32_UNARY, INT8_UNARY, INT16_UNARY],
        options: "any alpha (negative, zero, above 1), any zero points",
    },
    OpSupport {
        tflite: "SQUARED_DIFFERENCE",
        op: "squared_difference",
        variants: &[F32_BINARY, INT32_BINARY, INT8_BINARY, INT16_SYMMETRIC_BINARY],
        options: "numpy broadcasting up to rank 4",
    },
    OpSupport {
        tflite: "ABS",
        op: "abs",
        variants: &[
            F32_UNARY,
            INT8_UNARY,
            variant("int16", "quantized with zero points 0, or plain", &[Slot::One(&[Q16, I16])], &[Q16, I16]),
        ],
        options: "",
    },
    OpSupport {
        tflite: "SPLIT_V",
        op: "split_v",
        variants: SPLIT,
        options: "constant size_splits (one -1 allowed) and axis (negative counts from the end), any rank",
    },
    OpSupport { tflite: "CEIL", op: "ceil", variants: &[F32_UNARY], options: "" },
    OpSupport {
        tflite: "ADD_N",
        op: "add_n",
        variants: &[
            variant("f32", "", &[Slot::Each(&[F32])], &[F32]),
            variant("int8", "inputs of one scale and zero point", &[Slot::Each(&[Q8])], &[Q8]),
        ],
        options: "two or more inputs of one shape",
    },
    OpSupport { tflite: "COS", op: "cos", variants: &[F32_UNARY], options: "" },
    OpSupport {
        tflite: "MIRROR_PAD",
        op: "mirror_pad",
        variants: &[F32_UNARY, INT8_MOVED],
        options: "REFLECT and SYMMETRIC, constant int32 or int64 paddings up to the dimension (REFLECT: minus 1), any rank",
    },
    OpSupport {
        tflite: "REVERSE_V2",
        op: "reverse_v2",
        variants: &[
            F32_UNARY,
            INT8_MOVED,
            UINT8_MOVED,
            INT16_MOVED,
            INT32_MOVED,
            variant("int64", "", &[Slot::One(&[I64])], &[I64]),
            BOOL_MOVED,
        ],
        options: "constant int32 axes, contiguous, rank <= 6, the output's scale and zero point free (stored values kept)",
    },
    OpSupport {
        tflite: "GATHER_ND",
        op: "gather_nd",
        variants: &[
            variant("f32", "", &[Slot::One(&[F32]), Slot::One(&[I32])], &[F32]),
            variant("int8", "", &[Slot::One(&[Q8, I8]), Slot::One(&[I32])], &[Q8, I8]),
        ],
        options: "constant or run-time i32 index tuples of up to 5 entries",
    },
    OpSupport { tflite: "ELU", op: "elu", variants: &[F32_UNARY, INT8_UNARY], options: "" },
    OpSupport {
        tflite: "QUANTIZE",
        op: "quantize",
        variants: &[
            variant("f32->int8", "", &[Slot::One(&[F32])], &[Q8]),
            variant("f32->int16", "", &[Slot::One(&[F32])], &[Q16]),
            variant("int8->int8", "", &[Slot::One(&[Q8])], &[Q8]),
            variant("int8->uint8", "", &[Slot::One(&[Q8])], &[U8]),
            variant("int8->int16", "", &[Slot::One(&[Q8])], &[Q16]),
            variant("int8->int32", "", &[Slot::One(&[Q8])], &[Q32]),
            variant("uint8->int8", "", &[Slot::One(&[U8])], &[Q8]),
            variant("int16->int8", "", &[Slot::One(&[Q16])], &[Q8]),
            variant("int16->int16", "", &[Slot::One(&[Q16])], &[Q16]),
            variant("int16->int32", "", &[Slot::One(&[Q16])], &[Q32]),
            variant("int32->int8", "", &[Slot::One(&[Q32])], &[Q8]),
            variant("int32->int16", "", &[Slot::One(&[Q32])], &[Q16]),
        ],
        options: "per-tensor quantization",
    },
    OpSupport { tflite: "ROUND", op: "round", variants: &[F32_UNARY], options: "" },
    OpSupport {
        tflite: "IF",
        op: "if",
        variants: &[
            variant("f32", "int32 and bool results too", &[Slot::One(&[BOOL])], &[F32, I32, BOOL]),
            variant("int8", "int32 and bool results too", &[Slot::One(&[BOOL])], &[Q8, I32, BOOL]),
        ],
        options: "then and else subgraphs inlined as regions (nested control flow and variable assignments inside too), a bool condition of one element",
    },
    OpSupport {
        tflite: "WHILE",
        op: "while",
        variants: &[
            variant("f32", "int32 and bool values too", &[Slot::Each(&[F32, I32, BOOL])], &[F32, I32, BOOL]),
            variant("int8", "int32 and bool values too", &[Slot::Each(&[Q8, I32, BOOL])], &[Q8, I32, BOOL]),
        ],
        options: "cond and body subgraphs inlined as regions (nested control flow and variable assignments inside too), carried tensors keep their shapes, the body may yield them in any places (swaps, rotations)",
    },
    OpSupport {
        tflite: "BATCH_MATMUL",
        op: "batch_matmul",
        variants: &[F32_BINARY, INT8_BINARY, INT16_SYMMETRIC_BINARY],
        options: "adj_x, adj_y, broadcast batch dimensions, ranks 2 to 5, constant or activation rhs",
    },
    OpSupport {
        tflite: "SELECT_V2",
        op: "select_v2",
        variants: &[
            variant("f32", "", &[Slot::One(&[BOOL]), Slot::One(&[F32]), Slot::One(&[F32])], &[F32]),
            variant("int8", "equal quantization", &[Slot::One(&[BOOL]), Slot::One(&[Q8]), Slot::One(&[Q8])], &[Q8]),
            variant("int16", "equal quantization", &[Slot::One(&[BOOL]), Slot::One(&[Q16]), Slot::One(&[Q16])], &[Q16]),
        ],
        options: "numpy broadcasting of condition, x and y up to rank 6",
    },
    OpSupport {
        tflite: "CALL_ONCE",
        op: "call_once",
        variants: &[variant("subgraph", "", &[], &[])],
        options: "the init subgraph inlined, run on the first invocation after init or reset_state",
    },
    OpSupport {
        tflite: "BROADCAST_TO",
        op: "broadcast_to",
        variants: &[F32_UNARY, INT8_MOVED, UINT8_MOVED, INT16_MOVED, INT32_MOVED, INT64_MOVED, BOOL_MOVED],
        options: "constant int32 or int64 shape, numpy broadcasting, ranks <= 5",
    },
    OpSupport {
        tflite: "REDUCE_ALL",
        op: "reduce_all",
        variants: &[BOOL_MOVED],
        options: "constant int32 axes (an empty list too: every element its own result), keep_dims both ways",
    },
    OpSupport {
        tflite: "VAR_HANDLE",
        op: "var_handle",
        variants: &[variant("resource", "", &[], &[RESOURCE])],
        options: "a variable of the subgraph, in the persistent pool",
    },
    OpSupport {
        tflite: "READ_VARIABLE",
        op: "read_variable",
        variants: &[
            variant("f32", "", &[Slot::One(&[RESOURCE])], &[F32]),
            variant("int8", "", &[Slot::One(&[RESOURCE])], &[Q8]),
            variant("plain int8", "", &[Slot::One(&[RESOURCE])], &[I8]),
            variant("int16", "", &[Slot::One(&[RESOURCE])], &[Q16]),
            variant("plain int16", "", &[Slot::One(&[RESOURCE])], &[I16]),
            variant("uint32", "", &[Slot::One(&[RESOURCE])], &[U32]),
        ],
        options: "",
    },
    OpSupport {
        tflite: "ASSIGN_VARIABLE",
        op: "assign_variable",
        variants: &[
            variant("f32", "", &[Slot::One(&[RESOURCE]), Slot::One(&[F32])], &[]),
            variant("int8", "", &[Slot::One(&[RESOURCE]), Slot::One(&[Q8])], &[]),
            variant("plain int8", "", &[Slot::One(&[RESOURCE]), Slot::One(&[I8])], &[]),
            variant("int16", "", &[Slot::One(&[RESOURCE]), Slot::One(&[Q16])], &[]),
            variant("plain int16", "", &[Slot::One(&[RESOURCE]), Slot::One(&[I16])], &[]),
            variant("uint32", "", &[Slot::One(&[RESOURCE]), Slot::One(&[U32])], &[]),
        ],
        options: "",
    },
    OpSupport {
        tflite: "BROADCAST_ARGS",
        op: "broadcast_args",
        variants: &[
            variant("int32", "", &[Slot::One(&[I32]), Slot::One(&[I32])], &[I32]),
            variant("int64", "", &[Slot::One(&[I64]), Slot::One(&[I64])], &[I64]),
        ],
        options: "constant shapes fold; run-time shapes computed (mismatched dimensions: the first's)",
    },
    OpSupport {
        tflite: "DYNAMIC_UPDATE_SLICE",
        op: "dynamic_update_slice",
        variants: &[
            variant("f32", "", &[Slot::One(&[F32]), Slot::One(&[F32]), Slot::One(&[I32, I64])], &[F32]),
            variant(
                "int8",
                "equal quantization",
                &[Slot::One(&[Q8, I8]), Slot::One(&[Q8, I8]), Slot::One(&[I32, I64])],
                &[Q8, I8],
            ),
            variant(
                "int16",
                "equal quantization",
                &[Slot::One(&[Q16, I16]), Slot::One(&[Q16, I16]), Slot::One(&[I32, I64])],
                &[Q16, I16],
            ),
            variant("int32", "", &[Slot::One(&[I32]), Slot::One(&[I32]), Slot::One(&[I32, I64])], &[I32]),
        ],
        options: "run-time or constant int32/int64 start indices, clamped into range as TFLite Micro; rank <= 6",
    },
    OpSupport {
        tflite: "TFLite_Detection_PostProcess",
        op: "detection_postprocess",
        variants: &[variant("f32", "", &[Slot::One(&[F32]), Slot::One(&[F32]), Slot::One(&[F32])], &[F32])],
        options: "custom operator of SSD detectors: anchors constant or computed, regular and fast NMS, background \
                  class or none, max_classes_per_detection 1 in fast NMS",
    },
    OpSupport {
        tflite: "SignalWindow",
        op: "signal_window",
        variants: &[variant("int16", "", &[Slot::One(&[I16]), Slot::One(&[I16])], &[I16])],
        options: "custom operator of TFLite Micro's signal library: any rank, weights as long as the rows, shift \
                  0 to 31",
    },
    OpSupport {
        tflite: "SignalFftAutoScale",
        op: "signal_fft_auto_scale",
        variants: &[variant("int16", "int32 scale_bits", &[Slot::One(&[I16])], &[I16, I32])],
        options: "custom operator of TFLite Micro's signal library: a frame of rank 1",
    },
    OpSupport {
        tflite: "SignalRfft",
        op: "signal_rfft",
        variants: &[
            variant("int16", "kissfft's 16-bit fixed point", &[Slot::One(&[I16])], &[I16]),
            variant("int32", "kissfft's 32-bit fixed point", &[Slot::One(&[I32])], &[I32]),
            variant("f32", "kissfft's float", &[Slot::One(&[F32])], &[F32]),
        ],
        options: "custom operator of TFLite Micro's signal library: fft_length a power of two from 4 to 32768, \
                  rows zero-padded to it, any rank",
    },
    OpSupport {
        tflite: "SignalIrfft",
        op: "signal_irfft",
        variants: &[
            variant("int16", "kissfft's 16-bit fixed point", &[Slot::One(&[I16])], &[I16]),
            variant("int32", "kissfft's 32-bit fixed point", &[Slot::One(&[I32])], &[I32]),
            variant("f32", "kissfft's float, divided by fft_length", &[Slot::One(&[F32])], &[F32]),
        ],
        options: "custom operator of TFLite Micro's signal library: fft_length a power of two from 4 to 32768, \
                  rows of fft_length / 2 + 1 (real, imaginary) pairs, any rank",
    },
    OpSupport {
        tflite: "SignalEnergy",
        op: "signal_energy",
        variants: &[variant("int16", "uint32 output", &[Slot::One(&[I16])], &[U32])],
        options: "custom operator of TFLite Micro's signal library: (real, imaginary) pairs of rank 1, bins \
                  start_index to end_index (the other outputs are left as they were)",
    },
    OpSupport {
        tflite: "SignalFilterBank",
        op: "signal_filter_bank",
        variants: &[variant(
            "uint32",
            "int16 weights and channel tables, uint64 output",
            &FILTER_BANK_OPERANDS,
            &[U64],
        )],
        options: "custom operator of TFLite Micro's signal library: num_channels the output's length, channel tables \
                  one longer; constant tables must stay inside the energies and weights",
    },
    OpSupport {
        tflite: "SignalFilterBankSquareRoot",
        op: "signal_filter_bank_square_root",
        variants: &[variant(
            "uint64",
            "int32 scale_bits, uint32 output",
            &[Slot::One(&[U64]), Slot::One(&[I32])],
            &[U32],
        )],
        options: "custom operator of TFLite Micro's signal library: channels of rank 1",
    },
    OpSupport {
        tflite: "SignalFilterBankSpectralSubtraction",
        op: "signal_filter_bank_spectral_subtraction",
        variants: &[variant("uint32", "uint32 noise estimate", &[Slot::One(&[U32]), Slot::One(&[U32])], &[U32, U32])],
        options: "custom operator of TFLite Micro's signal library: num_channels the input's length, the noise \
                  estimate kept between invocations (reset with the model's state), smoothing_bits 0 to 31",
    },
    OpSupport {
        tflite: "SignalPCAN",
        op: "signal_pcan",
        variants: &[variant(
            "uint32",
            "int16 gain table",
            &[Slot::One(&[U32]), Slot::One(&[U32]), Slot::One(&[I16])],
            &[U32],
        )],
        options: "custom operator of TFLite Micro's signal library: channels of rank 1, a gain table of 125 entries \
                  or more, snr_shift 0 to 63",
    },
    OpSupport {
        tflite: "SignalFilterBankLog",
        op: "signal_filter_bank_log",
        variants: &[variant("uint32", "int16 output", &[Slot::One(&[U32])], &[I16])],
        options: "custom operator of TFLite Micro's signal library: channels of rank 1, input_correction_bits 0 to \
                  31",
    },
    OpSupport {
        tflite: "SignalDelay",
        op: "signal_delay",
        variants: &[variant("int16", "int16 state", &[Slot::One(&[I16]), Slot::One(&[I16])], &[I16, I16])],
        options: "custom operator of TFLite Micro's signal library: any rank, each row delayed by delay_length \
                  (1 or more) samples kept between invocations (reset with the model's state)",
    },
    OpSupport {
        tflite: "SignalFramer",
        op: "signal_framer",
        variants: &[variant(
            "int16",
            "int16 state, bool valid flag",
            &[Slot::One(&[I16]), Slot::One(&[I16])],
            &[I16, BOOL, I16],
        )],
        options: "custom operator of TFLite Micro's signal library: prefill true (every frame valid), any rank, \
                  rows a multiple of frame_step, frame_step 1 to frame_size - 1, the samples frames overlap kept \
                  between invocations (reset with the model's state)",
    },
    OpSupport {
        tflite: "SignalStacker",
        op: "signal_stacker",
        variants: &[variant(
            "int16",
            "int16 state, bool valid flag",
            &[Slot::One(&[I16]), Slot::One(&[I16])],
            &[I16, BOOL, I16],
        )],
        options: "custom operator of TFLite Micro's signal library: a frame of num_channels, stacks of \
                  stacker_left_context + 1 + stacker_right_context frames every stacker_step (1 to the frames \
                  stacked), the frames kept between invocations (reset with the model's state); an output that is \
                  not valid repeats the last stack",
    },
    OpSupport {
        tflite: "SignalOverlapAdd",
        op: "signal_overlap_add",
        variants: &[
            variant("int16", "int16 state, saturating sums", &[Slot::One(&[I16]), Slot::One(&[I16])], &[I16, I16]),
            variant("f32", "f32 state", &[Slot::One(&[F32]), Slot::One(&[F32])], &[F32, F32]),
        ],
        options: "custom operator of TFLite Micro's signal library: frames of any leading dimensions, frame_step \
                  1 to the frame size, the unfinished samples kept between invocations (reset with the model's state)",
    },
    OpSupport { tflite: "TFLM_DECODE", op: "decode", variants: DECODE_VARIANTS, options: DECODE_OPTIONS },
];

/// `TFLM_DECODE`'s element types: constant uint8 encoded and ancillary tensors in, one decoded
/// tensor out.
const DECODE_VARIANTS: &[Variant] = &[
    variant("f32", "", DECODE_OPERANDS, &[F32]),
    variant("int8", "per-channel, per-tensor", DECODE_OPERANDS, &[Q8, I8]),
    variant("int16", "", DECODE_OPERANDS, &[Q16, I16]),
    variant("int32", "", DECODE_OPERANDS, &[I32, Q32]),
    variant("int64", "", DECODE_OPERANDS, &[I64]),
    variant("bool", "", DECODE_OPERANDS, &[Kind::Int(1)]),
];
const DECODE_OPERANDS: &[Slot] = &[Slot::One(&[Kind::UInt(8)]), Slot::One(&[Kind::UInt(8)])];
const DECODE_OPTIONS: &str = "TFLite Micro's compressed tensors: LUT (1- to 7-bit indices, per-tensor or \
                              per-channel value tables along the first or last axis) and pruning decode at compile \
                              time into constants; Huffman is refused";

/// `SignalFilterBank`'s operands: uint32 energies, then int16 weights, unweights and the three
/// channel tables.
const FILTER_BANK_OPERANDS: [Slot; 6] =
    [Slot::One(&[U32]), Slot::One(&[I16]), Slot::One(&[I16]), Slot::One(&[I16]), Slot::One(&[I16]), Slot::One(&[I16])];

/// An LSTM's 15 operands: the input, eight gate weights, four biases, the hidden and cell states.
const fn lstm_operands(activation: Kind, weights: Kind, biases: &'static [Kind], cell: Kind) -> [Slot; 15] {
    let w = Slot::One(match weights {
        F32 => &[F32],
        _ => &[Q8],
    });
    let a = Slot::One(match activation {
        F32 => &[F32],
        Q8 => &[Q8],
        _ => &[Q16],
    });
    let c = Slot::One(match cell {
        F32 => &[F32],
        _ => &[Q16],
    });
    let b = Slot::One(biases);
    [a, w, w, w, w, w, w, w, w, b, b, b, b, a, c]
}

const LSTM_F32_OPERANDS: [Slot; 15] = lstm_operands(F32, F32, &[F32], F32);
const LSTM_INT8_OPERANDS: [Slot; 15] = lstm_operands(Q8, Q8, &[Q32, I32], Q16);
const LSTM_INT16X8_OPERANDS: [Slot; 15] = lstm_operands(Q16, Q8, &[I64], Q16);
// The results: the output and the final hidden state of the activations' kind, the final cell
// state int16 (the verifier checks which is which).
const LSTM_F32: Variant = variant("f32", "", &LSTM_F32_OPERANDS, &[F32]);
const LSTM_INT8: Variant =
    variant("int8", "int16 cell state, int32 biases, per-tensor weights", &LSTM_INT8_OPERANDS, &[Q8, Q16]);
const LSTM_INT16X8: Variant =
    variant("int16x8", "int16 cell state, int64 biases, per-tensor weights", &LSTM_INT16X8_OPERANDS, &[Q16]);

/// Graph ops that compute one step of an operator of [`TABLE`] and are imported with its own op
/// (SVDF's state update, `svdf_state`, before `svdf`): each entry names the operator it belongs
/// to, and its variants are named as that operator's.
pub const STEPS: &[OpSupport] = &[OpSupport {
    tflite: "SVDF",
    op: "svdf_state",
    variants: &[
        variant("f32", "", &[Slot::One(&[F32]), Slot::One(&[F32]), Slot::One(&[F32])], &[F32]),
        variant("int8", "", &[Slot::One(&[Q16]), Slot::One(&[Q8]), Slot::One(&[Q8])], &[Q16]),
        variant("int8/int8-state", "", &[Slot::One(&[Q8]), Slot::One(&[Q8]), Slot::One(&[Q8])], &[Q8]),
    ],
    options: "",
}];

/// The entry of the TFLite operator called `name` (`CONV_2D`).
pub fn by_tflite_name(name: &str) -> Option<&'static OpSupport> {
    TABLE.iter().find(|s| s.tflite == name)
}

/// The entry of the graph op `op` (without the `graph.` prefix): its operator's, or its step's
/// ([`STEPS`]).
pub fn by_op(op: &str) -> Option<&'static OpSupport> {
    TABLE.iter().chain(STEPS).find(|s| s.op == op)
}

impl Variant {
    /// True if the data operands' kinds `operands` and the result kinds `results` are this
    /// variant's.
    pub fn matches(&self, operands: &[Kind], results: &[Kind]) -> bool {
        let result_ok = match (self.result, results) {
            ([], []) => true,
            // Several results (SPLIT's pieces): each of the one kind list.
            (kinds, results) => !results.is_empty() && results.iter().all(|result| kinds.contains(result)),
        };
        result_ok && operands_match(self.operands, operands)
    }
}

fn operands_match(slots: &[Slot], operands: &[Kind]) -> bool {
    match (slots.split_first(), operands.split_first()) {
        (None, None) => true,
        (None, Some(_)) => false,
        (Some((Slot::Each(kinds), _)), _) => !operands.is_empty() && operands.iter().all(|k| kinds.contains(k)),
        (Some((Slot::One(kinds), rest)), Some((first, others))) => {
            kinds.contains(first) && operands_match(rest, others)
        }
        (Some((Slot::One(_), _)), None) => false,
        (Some((Slot::Optional(kinds), rest)), Some((first, others))) => {
            (kinds.contains(first) && operands_match(rest, others)) || operands_match(rest, operands)
        }
        (Some((Slot::Optional(_), rest)), None) => operands_match(rest, operands),
    }
}

/// The element kinds of the data operands and of the results of `sig`.
fn kinds(ctx: &mc_ir::Context, sig: &Signature<'_>) -> (Vec<Kind>, Vec<Kind>) {
    let data = first_list_operand(sig.name).unwrap_or(sig.operands.len()).min(sig.operands.len());
    let kind = |ty| sig.shaped.parts(ctx, ty).map_or(Kind::Other, |(_, element)| Kind::of(ctx, element));
    (sig.operands[..data].iter().map(|&t| kind(t)).collect(), sig.results.iter().map(|&t| kind(t)).collect())
}

/// How a kind reads in messages: `f32`, `int8`, `i32`.
fn kind_text(kind: Kind) -> String {
    match kind {
        Kind::F32 => "f32".to_string(),
        Kind::F16 => "f16".to_string(),
        Kind::Quant { width, signed } => format!("{}int{width}", if signed { "" } else { "u" }),
        Kind::Int(width) => format!("i{width}"),
        Kind::UInt(width) => format!("ui{width}"),
        Kind::Other => "other".to_string(),
    }
}

/// The variant of the table that `sig` (a graph op's, or a kernel's) is an instance of.
///
/// # Errors
///
/// A message for an op the table does not list, or whose types no variant takes:
/// `CONV_2D with int16, int16 -> int16 is not supported (CONV_2D: f32 | int8)`.
pub fn check(ctx: &mc_ir::Context, sig: &Signature<'_>) -> Result<&'static Variant, String> {
    let short = sig.name.strip_prefix("graph.").unwrap_or(sig.name);
    let Some(entry) = by_op(short) else {
        return Err(format!("graph.{short} is not an operator mc compiles (see `mcc --supported-ops`)"));
    };
    let (operands, results) = kinds(ctx, sig);
    if let Some(variant) = entry.variants.iter().find(|v| v.matches(&operands, &results)) {
        return Ok(variant);
    }
    let list = |kinds: &[Kind]| kinds.iter().map(|&k| kind_text(k)).collect::<Vec<_>>().join(", ");
    Err(format!(
        "{} with {} -> {} is not supported ({}: {})",
        entry.tflite,
        list(&operands),
        list(&results),
        entry.tflite,
        variant_names(entry)
    ))
}

/// `f32 | int8 (per-channel, per-tensor) | int16x8`.
fn variant_names(entry: &OpSupport) -> String {
    let names: Vec<String> = entry
        .variants
        .iter()
        .map(|v| if v.detail.is_empty() { v.name.to_string() } else { format!("{} ({})", v.name, v.detail) })
        .collect();
    names.join(" | ")
}

/// The table as `mcc --supported-ops` prints it: one line per operator, alphabetical,
/// `CONV_2D  f32 | int8 (per-channel, per-tensor) — any stride, ...`.
pub fn render() -> String {
    let mut entries: Vec<&OpSupport> = TABLE.iter().collect();
    entries.sort_by_key(|e| e.tflite);
    let width = entries.iter().map(|e| e.tflite.len()).max().unwrap_or(0);
    let mut out = String::new();
    for entry in entries {
        let options = if entry.options.is_empty() { String::new() } else { format!(" — {}", entry.options) };
        out.push_str(&format!("{:width$}  {}{options}\n", entry.tflite, variant_names(entry)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operators_and_ops_appear_once_and_name_graph_ops() {
        for (i, entry) in TABLE.iter().enumerate() {
            assert!(TABLE[i + 1..].iter().all(|e| e.tflite != entry.tflite && e.op != entry.op), "{}", entry.tflite);
            assert!(super::super::op_name(entry.op).is_some(), "{} names no graph op", entry.op);
            assert!(!entry.variants.is_empty(), "{}", entry.tflite);
        }
    }

    #[test]
    fn steps_name_graph_ops_and_their_operators_variants() {
        for step in STEPS {
            assert!(super::super::op_name(step.op).is_some(), "{} names no graph op", step.op);
            assert!(TABLE.iter().all(|e| e.op != step.op), "{} is an operator's op", step.op);
            let operator = by_tflite_name(step.tflite).expect("a step of a listed operator");
            for variant in step.variants {
                assert!(operator.variants.iter().any(|v| v.name == variant.name), "{} {}", step.op, variant.name);
            }
        }
    }

    #[test]
    fn slots_match_optional_and_variadic_operands() {
        let conv = by_tflite_name("CONV_2D").unwrap();
        let int8 = &conv.variants[1];
        assert!(int8.matches(&[Q8, Q8, Q32], &[Q8]));
        assert!(int8.matches(&[Q8, Q8], &[Q8]));
        assert!(!int8.matches(&[Q8, Q8, F32], &[Q8]));
        assert!(!int8.matches(&[Q16, Q8], &[Q16]));
        assert!(!int8.matches(&[Q8], &[Q8]));
        let concat = &by_op("concatenation").unwrap().variants[1];
        assert!(concat.matches(&[Q8, Q8, Q8], &[Q8]));
        assert!(!concat.matches(&[], &[Q8]));
        assert!(!concat.matches(&[Q8, F32], &[Q8]));
    }

    #[test]
    fn render_lists_every_operator_with_its_variants() {
        let text = render();
        assert_eq!(text.lines().count(), TABLE.len());
        assert!(
            text.lines()
                .any(|l| l.starts_with("CONV_2D  ") && l.contains("f32 | int8 (per-channel, per-tensor) | int16x8")),
            "{text}"
        );
    }
}
