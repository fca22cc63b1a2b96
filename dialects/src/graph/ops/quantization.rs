//! Conversions between floats and quantized values, and between quantizations.
//!
//! | op | operands | attributes | result | TFLite builtin |
//! |---|---|---|---|---|
//! | `graph.quantize` | `input` (f32 or quantized) | — | input shape, quantized | `QUANTIZE` (114) |
//! | `graph.dequantize` | `input` (quantized or f16) | — | input shape, f32 | `DEQUANTIZE` (6) |
//!
//! Quantization:
//!
//! | op | rule |
//! |---|---|
//! | quantize | f32 → i8/i16; i8 → i8/u8/i16/i32; u8 → i8; i16 → i8/i16/i32; i32 → i8/i16 (TFLite Micro's set); per-tensor result |
//! | dequantize | `i8` (per tensor, or per channel read as its first channel, as TFLM does), per-tensor `u8`/`i16`, or `f16`, to `f32` |

use super::{OpEntry, op_entry};
use crate::graph::builders::unary_ops;
use crate::graph::shape_inference::same_as_input;
use crate::graph::verify::{Checker, Checks, F32, Kind, Q8, Q16, Q32, U8};

unary_ops! {
    /// Converts floats to a quantized type, or requantizes (TFLite `QUANTIZE`).
    QuantizeOp = "graph.quantize", "quantize or requantize";
    /// Converts quantized values (or f16) to f32 (TFLite `DEQUANTIZE`).
    DequantizeOp = "graph.dequantize", "dequantize";
}

/// The family's ops.
pub(super) const OPS: &[OpEntry] = &[
    op_entry!(QuantizeOp, Checks::Signature(check_quantize), Some(same_as_input)),
    op_entry!(DequantizeOp, Checks::Signature(check_dequantize), Some(same_as_input)),
];

fn check_quantize(c: &mut Checker<'_, '_>) {
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    let (Some(from), Some(to)) =
        (c.kind("input", input, &[F32, Q8, U8, Q16, Q32]), c.kind("result", result, &[Q8, U8, Q16, Q32]))
    else {
        return;
    };
    // The conversions TFLite Micro's QUANTIZE kernel implements.
    let supported = match from {
        F32 => [Q8, Q16].contains(&to),
        Q8 => [Q8, U8, Q16, Q32].contains(&to),
        U8 => to == Q8,
        Q16 => [Q8, Q16, Q32].contains(&to),
        _ => [Q8, Q16].contains(&to),
    };
    if !supported {
        c.error(format!("cannot quantize {} to {}", from.describe(), to.describe()));
    }
    if from != F32 {
        c.per_tensor("input", input);
    }
    c.per_tensor("result", result);
    c.check_inferred();
}

fn check_dequantize(c: &mut Checker<'_, '_>) {
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    // TFLite Micro dequantizes an int8 tensor quantized per channel with its first channel's
    // parameters.
    match c.kind("input", input, &[Q8, U8, Q16, Kind::F16]) {
        Some(Q8) => c.per_tensor_or_axis("input", input),
        Some(_) => {
            c.per_tensor("input", input);
        }
        None => {}
    }
    c.kind("result", result, &[F32]);
    c.check_inferred();
}
