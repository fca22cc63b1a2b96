//! Shapes as data: ops whose result describes their input's shape rather than its values.
//!
//! | op | operands | attributes | result | TFLite builtin |
//! |---|---|---|---|---|
//! | `graph.shape` | `input` (any element type) | — | 1-D i32 of the input's rank: its dimensions | `SHAPE` (77) |
//!
//! mc compiles static shapes only, so `shape` always folds to a constant (the
//! `shape_arithmetic` folds); its kernel writes the same constants. TFLite Micro's `SHAPE`
//! writes int32 only (an `out_type` of int64 fails there), so the result must be i32.

use super::{OpEntry, op_entry};
use crate::graph::shape_arithmetic::fold_shape;
use crate::graph::shape_inference::{Inference, ShapeQuery};
use crate::graph::verify::{Checker, Checks, I32, Kind, verify_op};
use mc_ir::{Builder, Type, Value, define_op};

define_op! {
    /// The input's dimensions as a 1-D i32 tensor (TFLite `SHAPE`).
    pub struct ShapeOp = "graph.shape" {
        summary: "the input's shape",
        traits: [PURE],
        operands: [input],
        results: [result],
        attributes: [],
        verify: verify_op,
        fold: fold_shape,
    }
}

/// The family's ops.
pub(super) const OPS: &[OpEntry] = &[op_entry!(ShapeOp, Checks::Signature(check_shape), Some(infer_shape))];

impl ShapeOp {
    /// Builds `graph.shape` of `input`.
    pub fn build(b: &mut Builder<'_>, input: Value, result: Type) -> Self {
        ShapeOp(b.create(Self::NAME, &[input], &[result], vec![], vec![]))
    }
}

fn check_shape(c: &mut Checker<'_, '_>) {
    let (Some(_), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    if Kind::of(c.ctx, result.element) != I32 {
        let element = c.ty(result.element);
        c.error(format!(
            "result element type must be i32 (TFLite Micro's SHAPE writes int32 only), but got '{element}'"
        ));
        return;
    }
    c.check_inferred();
}

/// `[rank]`.
fn infer_shape(q: &ShapeQuery<'_>) -> Inference {
    q.one(Ok(vec![q.shape(0)?.len() as i64]))
}
