//! Comparisons of two operands with numpy broadcasting, giving booleans (`i1`).
//!
//! | op | operands | attributes | result | TFLite builtin |
//! |---|---|---|---|---|
//! | `graph.equal` / `graph.not_equal` | `lhs`, `rhs` | — | `i1`, broadcast shape (numpy rules, rank ≤ 6) | `EQUAL` (71) / `NOT_EQUAL` (72) |
//! | `graph.less` / `graph.less_equal` | `lhs`, `rhs` | — | as `graph.equal` | `LESS` (58) / `LESS_EQUAL` (63) |
//! | `graph.greater` / `graph.greater_equal` | `lhs`, `rhs` | — | as `graph.equal` | `GREATER` (61) / `GREATER_EQUAL` (62) |
//!
//! The element types are TFLite Micro's (`comparisons.cc`): `f32`, `i32`, `i64` and quantized
//! `i8` for all six, `i1` for `equal` and `not_equal`; both operands have one kind. TFLM's
//! `GREATER` also has an int16 case, but the installed interpreter's `ComparisonsPrepare` sets
//! the rescaling parameters for int8 only (newer upstream sources set them for int16 too), so its
//! int16 `GREATER` compares with unset multipliers (always false in a fresh interpreter): there is
//! no defined result to match, and mc refuses int16. Quantized operands are compared after TFLM rescales each by its own
//! scale (`QuantizeMultiplierSmallerThanOneExp(scale)`), so their scales and zero points are free
//! but each scale must be below 1, the only scales that rescaling is defined for.

use super::{OpEntry, op_entry};
use crate::graph::constant_fold::fold_comparison;
use crate::graph::shape_inference::{Inference, ShapeQuery};
use crate::graph::shapes::broadcast_shapes;
use crate::graph::verify::{BOOL, Checker, Checks, F32, I32, I64, Kind, Q8, verify_op};
use mc_ir::{Builder, Type, Value, define_op};

/// Declares the comparison ops and their `build`.
macro_rules! comparison_ops {
    ($($(#[$meta:meta])* $Op:ident = $name:literal, $summary:literal, [$($tr:ident),*];)*) => {
        $(
            define_op! {
                $(#[$meta])*
                pub struct $Op = $name {
                    summary: $summary,
                    traits: [PURE $(, $tr)*],
                    operands: [lhs, rhs],
                    results: [result],
                    attributes: [],
                    verify: verify_op,
                    fold: fold_comparison,
                }
            }

            impl $Op {
                #[doc = concat!("Builds `", $name, "`.")]
                pub fn build(b: &mut Builder<'_>, lhs: Value, rhs: Value, result: Type) -> Self {
                    $Op(b.create(Self::NAME, &[lhs, rhs], &[result], vec![], vec![]))
                }
            }
        )*
    };
}

comparison_ops! {
    /// Elementwise `lhs == rhs` with broadcasting (TFLite `EQUAL`).
    EqualOp = "graph.equal", "elementwise equality", [COMMUTATIVE];
    /// Elementwise `lhs != rhs` with broadcasting (TFLite `NOT_EQUAL`).
    NotEqualOp = "graph.not_equal", "elementwise inequality", [COMMUTATIVE];
    /// Elementwise `lhs < rhs` with broadcasting (TFLite `LESS`).
    LessOp = "graph.less", "elementwise less than", [];
    /// Elementwise `lhs <= rhs` with broadcasting (TFLite `LESS_EQUAL`).
    LessEqualOp = "graph.less_equal", "elementwise less than or equal", [];
    /// Elementwise `lhs > rhs` with broadcasting (TFLite `GREATER`).
    GreaterOp = "graph.greater", "elementwise greater than", [];
    /// Elementwise `lhs >= rhs` with broadcasting (TFLite `GREATER_EQUAL`).
    GreaterEqualOp = "graph.greater_equal", "elementwise greater than or equal", [];
}

/// The family's ops.
pub(super) const OPS: &[OpEntry] = &[
    op_entry!(EqualOp, Checks::Signature(check_comparison), Some(infer_comparison)),
    op_entry!(NotEqualOp, Checks::Signature(check_comparison), Some(infer_comparison)),
    op_entry!(LessOp, Checks::Signature(check_comparison), Some(infer_comparison)),
    op_entry!(LessEqualOp, Checks::Signature(check_comparison), Some(infer_comparison)),
    op_entry!(GreaterOp, Checks::Signature(check_comparison), Some(infer_comparison)),
    op_entry!(GreaterEqualOp, Checks::Signature(check_comparison), Some(infer_comparison)),
];

/// The operand kinds TFLite Micro's kernel of the comparison `name` takes.
fn operand_kinds(name: &str) -> &'static [Kind] {
    match name {
        n if n == EqualOp::NAME || n == NotEqualOp::NAME => &[F32, Q8, I32, I64, BOOL],
        _ => &[F32, Q8, I32, I64],
    }
}

/// Operands of one kind among the op's, an `i1` result, quantized scales below 1.
fn check_comparison(c: &mut Checker<'_, '_>) {
    let (Some(lhs), Some(rhs), Some(result)) = (c.operand("lhs", 0), c.operand("rhs", 1), c.result("result")) else {
        return;
    };
    c.kind("result", result, &[BOOL]);
    let Some(kind) = c.kind("lhs", lhs, operand_kinds(c.sig.name)) else { return };
    if c.kind("rhs", rhs, &[kind]).is_some() && matches!(kind, Kind::Quant { .. }) {
        for (what, operand) in [("lhs", lhs), ("rhs", rhs)] {
            if let Some((scale, _)) = c.per_tensor(what, operand)
                && scale >= 1.0
            {
                c.error(format!(
                    "{what} scale must be below 1 (TFLite Micro rescales compared values by their scale with \
                     QuantizeMultiplierSmallerThanOneExp), but is {scale}"
                ));
            }
        }
    }
    c.check_inferred();
}

/// The operands' broadcast shape.
fn infer_comparison(q: &ShapeQuery<'_>) -> Inference {
    q.one(broadcast_shapes(q.shape(0)?, q.shape(1)?))
}
