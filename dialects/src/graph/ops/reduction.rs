//! Reductions over axes, and the running sum along one.
//!
//! | op | operands | attributes | result | TFLite builtin |
//! |---|---|---|---|---|
//! | `graph.mean` | `input`, `axes`? (1-D i32) | `axes`? (exactly one), `keep_dims` (bool) | reduced dims removed, or 1 with `keep_dims` | `MEAN` (40) |
//! | `graph.sum` | as `graph.mean` | as `graph.mean` | as `graph.mean` | `SUM` (74) |
//! | `graph.reduce_max` | as `graph.mean` | as `graph.mean` | as `graph.mean` | `REDUCE_MAX` (82) |
//! | `graph.reduce_min` | as `graph.mean` | as `graph.mean` | as `graph.mean` | `REDUCE_MIN` (89) |
//! | `graph.reduce_all` | `input` (`i1`), `axes`? | as `graph.mean` | `i1`, as `graph.mean` | `REDUCE_ALL` (140) |
//! | `graph.cumsum` | `input` (rank ≥ 1), `axis`? (one i32, 0-D or 1-D) | `axis`? (one value, negative from the end), `exclusive`, `reverse` (bool) | input shape | `CUMSUM` (128) |
//!
//! Quantization: `mean` and `sum` keep the storage, per tensor, scales free; `reduce_max` and
//! `reduce_min` take float32 or int8 and the input's quantization unchanged (TFLM's `EvalMax`
//! and `EvalMin` check equal scales and zero points); `reduce_all` takes and gives `i1` (TFLM's `EvalAll` reduces `bool` only);
//! `cumsum` takes float32 or int8 (TFLM's
//! `CalculateOpData`), per tensor, scales free.

use super::{OpEntry, op_entry};
use crate::graph::attributes::i64_array;
use crate::graph::builders::build_with_list;
use crate::graph::canonicalize::{
    cumsum_patterns, mean_patterns, reduce_all_patterns, reduce_max_patterns, reduce_min_patterns, sum_patterns,
};
use crate::graph::shape_inference::{Inference, ShapeQuery};
use crate::graph::shapes::normalize_axis;
use crate::graph::verify::{ACTIVATIONS, BOOL, Checker, Checks, F32, Q8, verify_op};
use mc_ir::{Builder, Context, Type, Value, define_op};

/// The reductions over axes: one `define_op!` each (operand `input`, optional `axes_operand`,
/// `keep_dims`, optional `axes`) and the builder and accessors they share.
macro_rules! reduction_ops {
    ($($(#[$meta:meta])* $Op:ident = $name:literal, $summary:literal, $patterns:path;)*) => {$(
        define_op! {
            $(#[$meta])*
            pub struct $Op = $name {
                summary: $summary,
                traits: [PURE],
                operands: [input],
                optional_operands: [axes_operand],
                results: [result],
                attributes: [keep_dims: Bool],
                optional_attributes: [axes: DenseArray],
                verify: verify_op,
                canonicalize: $patterns,
            }
        }

        impl $Op {
            /// Builds the reduction with an `axes` operand or an `axes` attribute.
            pub fn build(
                b: &mut Builder<'_>,
                input: Value,
                axes_operand: Option<Value>,
                axes: Option<&[i64]>,
                keep_dims: bool,
                result: Type,
            ) -> Self {
                let attrs = vec![("keep_dims".to_string(), b.ctx.bool_attr(keep_dims))];
                $Op(build_with_list(b, Self::NAME, input, axes_operand, axes.map(|a| ("axes", a)), attrs, result))
            }

            /// The `axes` attribute's values.
            pub fn axes_values(self, ctx: &Context) -> Option<Vec<i64>> {
                i64_array(ctx, self.axes(ctx)?)
            }
        }
    )*};
}

reduction_ops! {
    /// Mean over `axes` (constant operand or attribute), keeping them as 1s with `keep_dims`
    /// (TFLite `MEAN`).
    MeanOp = "graph.mean", "mean over axes", mean_patterns;
    /// Sum over `axes` (constant operand or attribute), keeping them as 1s with `keep_dims`
    /// (TFLite `SUM`).
    SumOp = "graph.sum", "sum over axes", sum_patterns;
    /// Maximum over `axes` (constant operand or attribute), keeping them as 1s with `keep_dims`
    /// (TFLite `REDUCE_MAX`).
    ReduceMaxOp = "graph.reduce_max", "maximum over axes", reduce_max_patterns;
    /// Minimum over `axes` (constant operand or attribute), keeping them as 1s with `keep_dims`
    /// (TFLite `REDUCE_MIN`).
    ReduceMinOp = "graph.reduce_min", "minimum over axes", reduce_min_patterns;
    /// Logical and over `axes` (constant operand or attribute) of an `i1` tensor, keeping them as
    /// 1s with `keep_dims` (TFLite `REDUCE_ALL`).
    ReduceAllOp = "graph.reduce_all", "logical and over axes", reduce_all_patterns;
}

define_op! {
    /// The running sum of `input` along `axis` (constant operand or attribute); `exclusive`
    /// sums the elements before each one, `reverse` runs from the axis' end (TFLite `CUMSUM`).
    pub struct CumsumOp = "graph.cumsum" {
        summary: "cumulative sum along an axis",
        traits: [PURE],
        operands: [input],
        optional_operands: [axis_operand],
        results: [result],
        attributes: [exclusive: Bool, reverse: Bool],
        optional_attributes: [axis: DenseArray],
        verify: verify_op,
        canonicalize: cumsum_patterns,
    }
}

/// The family's ops.
pub(super) const OPS: &[OpEntry] = &[
    op_entry!(MeanOp, Checks::Signature(check_mean_or_sum), Some(infer_reduction)).with_lists(1, &["axes"]),
    op_entry!(SumOp, Checks::Signature(check_mean_or_sum), Some(infer_reduction)).with_lists(1, &["axes"]),
    op_entry!(ReduceMaxOp, Checks::Signature(check_extremum), Some(infer_reduction)).with_lists(1, &["axes"]),
    op_entry!(ReduceMinOp, Checks::Signature(check_extremum), Some(infer_reduction)).with_lists(1, &["axes"]),
    op_entry!(ReduceAllOp, Checks::Signature(check_all), Some(infer_reduction)).with_lists(1, &["axes"]),
    op_entry!(CumsumOp, Checks::Signature(check_cumsum), Some(infer_cumsum)).with_lists(1, &["axis"]),
];

/// `mean` / `sum` (TFLM's `EvalMean` / `EvalSum`): float32, int8 or int16, the result of the
/// input's kind, scales and zero points free.
fn check_mean_or_sum(c: &mut Checker<'_, '_>) {
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    if let Some(kind) = c.kind("input", input, ACTIVATIONS)
        && c.kind("result", result, &[kind]).is_some()
        && kind != F32
    {
        c.per_tensor("input", input);
        c.per_tensor("result", result);
    }
    c.axes_once();
    c.check_inferred();
}

/// `reduce_max` / `reduce_min` (TFLM's `EvalMax` / `EvalMin`): float32 or int8, the result's
/// element type (quantization included) the input's.
fn check_extremum(c: &mut Checker<'_, '_>) {
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    if let Some(kind) = c.kind("input", input, &[F32, Q8])
        && c.same_element("result", result, "input", input)
        && kind != F32
    {
        c.per_tensor("input", input);
    }
    c.axes_once();
    c.check_inferred();
}

/// `reduce_all` (TFLM's `EvalAll`): `i1` in and out.
fn check_all(c: &mut Checker<'_, '_>) {
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    c.kind("input", input, &[BOOL]);
    c.kind("result", result, &[BOOL]);
    c.axes_once();
    c.check_inferred();
}

impl CumsumOp {
    /// Builds the running sum with an `axis` operand or an `axis` attribute.
    pub fn build(
        b: &mut Builder<'_>,
        input: Value,
        axis_operand: Option<Value>,
        axis: Option<i64>,
        (exclusive, reverse): (bool, bool),
        result: Type,
    ) -> Self {
        let attrs = vec![
            ("exclusive".to_string(), b.ctx.bool_attr(exclusive)),
            ("reverse".to_string(), b.ctx.bool_attr(reverse)),
        ];
        let axis = axis.map(|a| [a]);
        CumsumOp(build_with_list(
            b,
            Self::NAME,
            input,
            axis_operand,
            axis.as_ref().map(|a| ("axis", &a[..])),
            attrs,
            result,
        ))
    }
}

/// `cumsum` (TFLM's `CUMSUM` `CalculateOpData`): float32 or int8 of rank ≥ 1, the result of the
/// input's kind (per tensor, scales free), one int32 axis given once.
fn check_cumsum(c: &mut Checker<'_, '_>) {
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    if let Some(kind) = c.kind("input", input, &[F32, Q8])
        && c.kind("result", result, &[kind]).is_some()
        && kind != F32
    {
        c.per_tensor("input", input);
        c.per_tensor("result", result);
    }
    c.axis_once(1);
    c.check_inferred();
}

/// The input's shape, once the axis (operand or attribute) is known to be one value within the
/// input's rank (TFLM's `Eval` refuses any other: `CUMSUM Invalid axis`).
fn infer_cumsum(q: &ShapeQuery<'_>) -> Inference {
    let input = q.shape(0)?;
    match q.list(1, "axis")? {
        Some(axis) => q.one(match axis[..] {
            [a] if !input.is_empty() => normalize_axis(a, input.len()).map(|_| input.to_vec()),
            [_] => Err("the input must have rank 1 or more".to_string()),
            _ => Err(format!("'axis' must hold one value, but holds {}", axis.len())),
        }),
        None => Ok(None),
    }
}

/// The input's shape reduced over the `axes` (operand or attribute), when they are known.
fn infer_reduction(q: &ShapeQuery<'_>) -> Inference {
    match q.list(1, "axes")? {
        Some(axes) => q.one(reduce_shape(q.shape(0)?, &axes, q.bool_attr("keep_dims")?)),
        None => Ok(None),
    }
}

/// `mean` (and other reductions): reduced dimensions become 1 with `keep_dims`, else disappear;
/// axes may be negative and repeat, as in TFLite.
pub fn reduce_shape(input: &[i64], axes: &[i64], keep_dims: bool) -> Result<Vec<i64>, String> {
    let mut reduced = vec![false; input.len()];
    for &axis in axes {
        reduced[normalize_axis(axis, input.len())?] = true;
    }
    Ok(input
        .iter()
        .zip(&reduced)
        .filter_map(|(&d, &r)| match (r, keep_dims) {
            (false, _) => Some(d),
            (true, true) => Some(1),
            (true, false) => None,
        })
        .collect())
}
