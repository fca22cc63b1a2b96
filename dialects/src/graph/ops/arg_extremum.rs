//! Indices of the largest or smallest element along one axis.
//!
//! | op | operands | attributes | result | TFLite builtin |
//! |---|---|---|---|---|
//! | `graph.arg_max` | `input`, `axis`? (`i32`, one element) | `axis`? (exactly one of the two, one value) | `i32`, the input's shape without the axis | `ARG_MAX` (56) |
//! | `graph.arg_min` | as `graph.arg_max` | as `graph.arg_max` | as `graph.arg_max` | `ARG_MIN` (79) |
//!
//! The types are TFLite Micro's (`arg_min_max.cc`): an `f32` or `i8` input (quantized or not:
//! stored values are compared), an `i32` axis and an `i32` result; TFLM refuses an `i64` axis or
//! result. The axis may be negative (counted from the end) and must name a dimension.

use super::{OpEntry, op_entry};
use crate::graph::attributes::i64_array;
use crate::graph::builders::build_with_list;
use crate::graph::canonicalize::{arg_max_patterns, arg_min_patterns};
use crate::graph::constant_fold::fold_arg_extremum;
use crate::graph::shape_inference::{Inference, ShapeQuery};
use crate::graph::shapes::normalize_axis;
use crate::graph::verify::{Checker, Checks, F32, I32, Kind, Q8, verify_op};
use mc_ir::{Builder, Context, Type, Value, define_op};

/// Plain `i8` (TFLM compares stored values, quantized or not).
const I8: Kind = Kind::Int(8);

define_op! {
    /// Index of the largest element along `axis`, the first one on ties (TFLite `ARG_MAX`).
    pub struct ArgMaxOp = "graph.arg_max" {
        summary: "index of the maximum along an axis",
        traits: [PURE],
        operands: [input],
        optional_operands: [axis_operand],
        results: [result],
        attributes: [],
        optional_attributes: [axis: DenseArray],
        verify: verify_op,
        fold: fold_arg_extremum,
        canonicalize: arg_max_patterns,
    }
}

define_op! {
    /// Index of the smallest element along `axis`, the first one on ties (TFLite `ARG_MIN`).
    pub struct ArgMinOp = "graph.arg_min" {
        summary: "index of the minimum along an axis",
        traits: [PURE],
        operands: [input],
        optional_operands: [axis_operand],
        results: [result],
        attributes: [],
        optional_attributes: [axis: DenseArray],
        verify: verify_op,
        fold: fold_arg_extremum,
        canonicalize: arg_min_patterns,
    }
}

/// The family's ops.
pub(super) const OPS: &[OpEntry] = &[
    op_entry!(ArgMaxOp, Checks::Signature(check_arg), Some(infer_arg)).with_lists(1, &["axis"]),
    op_entry!(ArgMinOp, Checks::Signature(check_arg), Some(infer_arg)).with_lists(1, &["axis"]),
];

/// The builder and accessor both ops share.
macro_rules! arg_op_impl {
    ($($Op:ident),*) => {$(
        impl $Op {
            /// Builds the op with an `axis` operand or an `axis` attribute.
            pub fn build(
                b: &mut Builder<'_>,
                input: Value,
                axis_operand: Option<Value>,
                axis: Option<i64>,
                result: Type,
            ) -> Self {
                let axis = axis.map(|a| [a]);
                $Op(build_with_list(b, Self::NAME, input, axis_operand, axis.as_ref().map(|a| ("axis", &a[..])), vec![], result))
            }

            /// The `axis` attribute's value.
            pub fn axis_value(self, ctx: &Context) -> Option<i64> {
                match i64_array(ctx, self.axis(ctx)?)?.as_slice() {
                    [axis] => Some(*axis),
                    _ => None,
                }
            }
        }
    )*};
}

arg_op_impl!(ArgMaxOp, ArgMinOp);

/// An `f32` or `i8` input of rank ≥ 1, an `i32` result, one `i32` axis.
fn check_arg(c: &mut Checker<'_, '_>) {
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    if let Some(kind) = c.kind("input", input, &[F32, Q8, I8])
        && kind == Q8
    {
        c.per_tensor("input", input);
    }
    c.kind("result", result, &[I32]);
    if input.shape.is_empty() {
        c.error("input must have rank 1 or more");
    }
    let (has_operand, has_attr) = (c.num_operands() == 2, c.ctx.attr(c.op, "axis").is_some());
    match (has_operand, has_attr) {
        (true, true) => c.error("takes 'axis' as an operand or as an attribute, not both"),
        (false, false) => c.error("requires an axis operand or an 'axis' attribute"),
        (true, false) => {
            let ty = c.operand_type(1);
            let one_i32 = c.parts(ty).is_some_and(|(shape, element)| {
                shape.iter().product::<i64>() == 1 && shape.len() <= 1 && Kind::of(c.ctx, element) == I32
            });
            if !one_i32 {
                let noun = c.sig.shaped.noun();
                c.error(format!(
                    "axis operand must be a {noun} of one i32 (TFLite Micro reads int32 axes only), but got '{}'",
                    c.ty(ty)
                ));
            }
        }
        (false, true) => {}
    }
    c.check_inferred();
}

/// The input's shape without the axis.
fn infer_arg(q: &ShapeQuery<'_>) -> Inference {
    let Some(axis) = q.list(1, "axis")? else { return Ok(None) };
    let input = q.shape(0)?;
    q.one(match axis.as_slice() {
        [axis] => normalize_axis(*axis, input.len())
            .map(|axis| input.iter().enumerate().filter(|&(d, _)| d != axis).map(|(_, &size)| size).collect()),
        other => Err(format!("axis must be one value, but has {}", other.len())),
    })
}
