//! Element type conversion.
//!
//! | op | operands | attributes | result | TFLite builtin |
//! |---|---|---|---|---|
//! | `graph.cast` | `input` | — | the input's shape, another element type | `CAST` (53) |
//!
//! The types are TFLite Micro's (`cast.cc`): any pair of `f32`, `i8`, `i16`, `i32` and `i1`
//! (TFLM also casts `ui32`, which mc has no kernels for). Quantization parameters are ignored,
//! as TFLM ignores them: stored values are converted. Floats become integers rounded toward zero
//! and saturated to the result's range (NaN becomes 0), integers wrap to narrower ones, anything
//! becomes `i1` as `x != 0`, and `i1` becomes 0 or 1.

use super::{OpEntry, op_entry};
use crate::graph::constant_fold::fold_cast;
use crate::graph::shape_inference::same_as_input;
use crate::graph::verify::{BOOL, Checker, Checks, F32, I32, Kind, Q8, Q16, verify_op};
use mc_ir::{Builder, Type, Value, define_op};

define_op! {
    /// `static_cast` of every element to the result's element type (TFLite `CAST`).
    pub struct CastOp = "graph.cast" {
        summary: "element type conversion",
        traits: [PURE],
        operands: [input],
        results: [result],
        attributes: [],
        verify: verify_op,
        fold: fold_cast,
    }
}

impl CastOp {
    /// Builds `graph.cast`.
    pub fn build(b: &mut Builder<'_>, input: Value, result: Type) -> Self {
        CastOp(b.create(Self::NAME, &[input], &[result], vec![], vec![]))
    }
}

/// The family's ops.
pub(super) const OPS: &[OpEntry] = &[op_entry!(CastOp, Checks::Signature(check_cast), Some(same_as_input))];

/// The element kinds TFLite Micro's `CAST` converts from and to (quantized storage counts as its
/// integer).
const CAST_KINDS: &[Kind] = &[F32, Kind::Int(8), Q8, Kind::Int(16), Q16, I32, BOOL];

fn check_cast(c: &mut Checker<'_, '_>) {
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    c.kind("input", input, CAST_KINDS);
    c.kind("result", result, CAST_KINDS);
    c.check_inferred();
}
