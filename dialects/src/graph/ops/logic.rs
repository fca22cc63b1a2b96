//! Boolean logic and selection by a boolean condition.
//!
//! | op | operands | attributes | result | TFLite builtin |
//! |---|---|---|---|---|
//! | `graph.logical_and` / `graph.logical_or` | `lhs`, `rhs` (`i1`) | — | `i1`, broadcast shape (numpy rules, rank ≤ 6) | `LOGICAL_AND` (86) / `LOGICAL_OR` (84) |
//! | `graph.logical_not` | `input` (`i1`) | — | `i1`, the input's shape | `LOGICAL_NOT` (87) |
//! | `graph.select_v2` | `condition` (`i1`), `x`, `y` | — | `x`'s element type, the three operands' broadcast shape (one-element operands: any one-element shape, as TFLM keeps the model's) | `SELECT_V2` (123) |
//!
//! TFLite Micro's logical kernels read their operands as `bool` whatever their declared type
//! (`LogicalImpl` has no type check), so any other type would be read byte by byte as booleans:
//! mc takes `i1` only, as TFLite's converter writes them. `select_v2` takes `f32` and quantized
//! `i8`/`i16` (`select.cc`), copying stored values: `x`, `y` and the result share one element
//! type, quantization included.

use super::{OpEntry, op_entry};
use crate::graph::constant_fold::{fold_logical, fold_select};
use crate::graph::shape_inference::{Inference, ShapeQuery, same_as_input};
use crate::graph::shapes::broadcast_shapes;
use crate::graph::verify::{BOOL, Checker, Checks, F32, Q8, Q16, verify_op};
use mc_ir::{Builder, Type, Value, define_op};

/// Declares the broadcasting boolean ops and their `build`.
macro_rules! logical_binary_ops {
    ($($(#[$meta:meta])* $Op:ident = $name:literal, $summary:literal;)*) => {
        $(
            define_op! {
                $(#[$meta])*
                pub struct $Op = $name {
                    summary: $summary,
                    traits: [PURE, COMMUTATIVE],
                    operands: [lhs, rhs],
                    results: [result],
                    attributes: [],
                    verify: verify_op,
                    fold: fold_logical,
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

logical_binary_ops! {
    /// Elementwise `lhs && rhs` with broadcasting (TFLite `LOGICAL_AND`).
    LogicalAndOp = "graph.logical_and", "elementwise logical and";
    /// Elementwise `lhs || rhs` with broadcasting (TFLite `LOGICAL_OR`).
    LogicalOrOp = "graph.logical_or", "elementwise logical or";
}

define_op! {
    /// `!x` (TFLite `LOGICAL_NOT`).
    pub struct LogicalNotOp = "graph.logical_not" {
        summary: "elementwise logical not",
        traits: [PURE],
        operands: [input],
        results: [result],
        attributes: [],
        verify: verify_op,
        fold: fold_logical,
    }
}

impl LogicalNotOp {
    /// Builds `graph.logical_not`.
    pub fn build(b: &mut Builder<'_>, input: Value, result: Type) -> Self {
        LogicalNotOp(b.create(Self::NAME, &[input], &[result], vec![], vec![]))
    }
}

define_op! {
    /// `condition ? x : y` elementwise, the three broadcast together (TFLite `SELECT_V2`).
    pub struct SelectV2Op = "graph.select_v2" {
        summary: "elementwise selection by a condition",
        traits: [PURE],
        operands: [condition, x, y],
        results: [result],
        attributes: [],
        verify: verify_op,
        fold: fold_select,
    }
}

impl SelectV2Op {
    /// Builds `graph.select_v2`.
    pub fn build(b: &mut Builder<'_>, condition: Value, x: Value, y: Value, result: Type) -> Self {
        SelectV2Op(b.create(Self::NAME, &[condition, x, y], &[result], vec![], vec![]))
    }
}

/// The family's ops.
pub(super) const OPS: &[OpEntry] = &[
    op_entry!(LogicalAndOp, Checks::Signature(check_logical), Some(infer_binary)),
    op_entry!(LogicalOrOp, Checks::Signature(check_logical), Some(infer_binary)),
    op_entry!(LogicalNotOp, Checks::Signature(check_logical), Some(same_as_input)),
    op_entry!(SelectV2Op, Checks::Signature(check_select), Some(infer_select)),
];

/// `logical_and`, `logical_or`, `logical_not`: `i1` throughout.
fn check_logical(c: &mut Checker<'_, '_>) {
    for index in 0..c.num_operands() {
        let what = if c.num_operands() == 1 { "input" } else { ["lhs", "rhs"][index.min(1)] };
        if let Some(operand) = c.operand(what, index) {
            c.kind(what, operand, &[BOOL]);
        }
    }
    if let Some(result) = c.result("result") {
        c.kind("result", result, &[BOOL]);
    }
    c.check_inferred();
}

/// `select_v2`: an `i1` condition; `x`, `y` and the result of one element type among TFLM's.
fn check_select(c: &mut Checker<'_, '_>) {
    let (Some(condition), Some(x), Some(y), Some(result)) =
        (c.operand("condition", 0), c.operand("x", 1), c.operand("y", 2), c.result("result"))
    else {
        return;
    };
    c.kind("condition", condition, &[BOOL]);
    let one_element = |shape: &[i64]| shape.iter().product::<i64>() == 1;
    if [condition, x, y].iter().all(|t| one_element(t.shape)) && !one_element(result.shape) {
        c.error("the result of one-element operands must hold one element");
    }
    if let Some(kind) = c.kind("x", x, &[F32, Q8, Q16]) {
        if kind != F32 {
            c.per_tensor("x", x);
        }
        c.same_element("y", y, "x", x);
        c.same_element("result", result, "x", x);
    }
    c.check_inferred();
}

/// The operands' broadcast shape.
fn infer_binary(q: &ShapeQuery<'_>) -> Inference {
    q.one(broadcast_shapes(q.shape(0)?, q.shape(1)?))
}

/// The broadcast shape of the condition, `x` and `y`; none when all three hold one element,
/// where TFLite Micro's `SelectPrepare` keeps the model's result shape (any with one element).
fn infer_select(q: &ShapeQuery<'_>) -> Inference {
    let (condition, x, y) = (q.shape(0)?, q.shape(1)?, q.shape(2)?);
    if [condition, x, y].iter().all(|shape| shape.iter().product::<i64>() == 1) {
        return Ok(None);
    }
    q.one(broadcast_shapes(condition, x).and_then(|cx| broadcast_shapes(&cx, y)))
}
