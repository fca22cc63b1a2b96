//! Gathering: elements or slices selected by an index tensor.
//!
//! | op | operands | attributes | result | TFLite builtin |
//! |---|---|---|---|---|
//! | `graph.gather` | `params`, `indices` (i32 or i64) | `axis`, `batch_dims` | `params[:axis] ++ indices[batch_dims:] ++ params[axis + 1:]` | `GATHER` (36) |
//! | `graph.gather_nd` | `params`, `indices` (i32, last dimension `nd` ≤ 5) | — | `indices[:-1] ++ params[nd:]` | `GATHER_ND` (107) |
//! | `graph.embedding_lookup` | `value` (rank ≥ 2: f32, or int8), `ids` (1-D i32) | — | `[len(ids)] ++ value[1:]`: f32 of f32, int8 copied, or int8 dequantized to f32 | `EMBEDDING_LOOKUP` (7) |
//!
//! The shapes follow TFLite Micro's `GatherPrepare` and gather_nd's `Prepare` ([`gather_shape`],
//! [`gather_nd_shape`]). Indices are data: a constant or a run-time tensor. A constant index
//! outside its dimension is a verifier error naming it; what a run-time one does is the
//! lowering's (see `buffer_to_loop::gather`).
//!
//! Quantization: the result's is the params' (`gather` may quantize the same storage per tensor
//! otherwise: TFLite Micro copies the stored values). With constant params and indices both fold to a
//! constant. `embedding_lookup` is TFLite Micro's `EMBEDDING_LOOKUP`, which lists the ids first
//! (the graph op takes the data first): rows of `value` picked by `ids`, copied, or for int8
//! rows into an f32 result dequantized as its `EvalHybrid` does: the value's zero point must be 0,
//! and TFLite Micro scales every row by the tensor's first scale (`params.scale`), per-channel
//! quantized or not.

use super::{OpEntry, op_entry};
use crate::graph::builders::{get_int, int_attrs};
use crate::graph::fold::{fold_gather, fold_gather_nd};
use crate::graph::shape_inference::{Inference, ShapeQuery};
use crate::graph::shapes::{constant_ints, normalize_axis, shape_to_string};
use crate::graph::verify::{Checker, Checks, F32, I8, I32, I64, Kind, Q8, verify_op};
use mc_ir::{Builder, Type, Value, define_op};

/// The longest index tuple of `gather_nd` (TFLite Micro's `MAX_INDICES_ND`).
pub const MAX_GATHER_ND_INDEX: i64 = 5;

define_op! {
    /// TFLite's `GATHER`: slices of `params` along `axis` picked by `indices`, the first
    /// `batch_dims` dimensions shared by both.
    pub struct GatherOp = "graph.gather" {
        summary: "gather slices along an axis",
        traits: [PURE],
        operands: [params, indices],
        results: [result],
        attributes: [axis: Integer, batch_dims: Integer],
        verify: verify_op,
        fold: fold_gather,
    }
}

define_op! {
    /// TFLite's `GATHER_ND`: the slices of `params` that the index tuples in the last dimension
    /// of `indices` name.
    pub struct GatherNdOp = "graph.gather_nd" {
        summary: "gather slices by index tuples",
        traits: [PURE],
        operands: [params, indices],
        results: [result],
        attributes: [],
        verify: verify_op,
        fold: fold_gather_nd,
    }
}

define_op! {
    /// TFLite's `EMBEDDING_LOOKUP`: the rows of `value` that `ids` name, int8 rows dequantized
    /// when the result is f32.
    pub struct EmbeddingLookupOp = "graph.embedding_lookup" {
        summary: "look rows up by id",
        traits: [PURE],
        operands: [value, ids],
        results: [result],
        attributes: [],
        verify: verify_op,
    }
}

/// The family's ops.
pub(super) const OPS: &[OpEntry] = &[
    op_entry!(GatherOp, Checks::Signature(check_gather), Some(infer_gather)),
    op_entry!(GatherNdOp, Checks::Signature(check_gather_nd), Some(infer_gather_nd)),
    op_entry!(EmbeddingLookupOp, Checks::Signature(check_embedding_lookup), Some(infer_embedding_lookup)),
];

impl EmbeddingLookupOp {
    /// Builds `graph.embedding_lookup` of the rows of `value` named by `ids`.
    pub fn build(b: &mut Builder<'_>, value: Value, ids: Value, result: Type) -> Self {
        EmbeddingLookupOp(b.create(Self::NAME, &[value, ids], &[result], vec![], vec![]))
    }
}

fn check_embedding_lookup(c: &mut Checker<'_, '_>) {
    let (Some(value), Some(result)) = (c.operand("value", 0), c.result("result")) else { return };
    let Some(ids) = indices_operand(c, &[I32]) else { return };
    if ids.len() != 1 {
        c.error(format!("ids must be 1-D (TFLite Micro's EMBEDDING_LOOKUP), but have rank {}", ids.len()));
        return;
    }
    let Some(kind) = c.kind("value", value, &[F32, Q8, I8]) else { return };
    if Kind::of(c.ctx, result.element) == F32 && kind != F32 {
        // The hybrid lookup: TFLite Micro dequantizes with zero point 0.
        if let Some(q) = c.ctx.quantization(value.element)
            && q.zero_points().iter().any(|&z| z != 0)
        {
            c.error(format!("value zero points must be 0 for an f32 result, but are {:?}", q.zero_points()));
            return;
        }
        if kind == I8 {
            c.error("an int8 value looked up into f32 must be quantized (TFLite Micro scales it)");
            return;
        }
    } else {
        c.same_element("result", result, "value", value);
    }
    if value.shape.len() >= 2 {
        constant_indices_in_range(c, &value.shape[..1]);
    }
    c.check_inferred();
}

/// `[len(ids)] ++ value[1:]`, the value at least a matrix (TFLite Micro's rule).
fn infer_embedding_lookup(q: &ShapeQuery<'_>) -> Inference {
    let (value, ids) = (q.shape(0)?, q.shape(1)?);
    if value.len() < 2 {
        return q.one(Err(format!("value must have rank 2 or more, but has rank {}", value.len())));
    }
    q.one(Ok(ids.iter().chain(&value[1..]).copied().collect()))
}

impl GatherOp {
    /// Builds `graph.gather`.
    pub fn build(b: &mut Builder<'_>, params: Value, indices: Value, axis: i64, batch_dims: i64, result: Type) -> Self {
        let attrs = int_attrs(b.ctx, &[("axis", axis), ("batch_dims", batch_dims)]);
        GatherOp(b.create(Self::NAME, &[params, indices], &[result], attrs, vec![]))
    }
}

impl GatherNdOp {
    /// Builds `graph.gather_nd`.
    pub fn build(b: &mut Builder<'_>, params: Value, indices: Value, result: Type) -> Self {
        GatherNdOp(b.create(Self::NAME, &[params, indices], &[result], vec![], vec![]))
    }
}

/// `axis` and `batch_dims` of a gather, normalized as TFLite Micro's `GatherPrepare` does
/// (negative `axis` counts from the params' rank, negative `batch_dims` from the indices').
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct GatherAxes {
    /// The params dimension the indices select along.
    pub axis: usize,
    /// Leading dimensions shared by params and indices.
    pub batch_dims: usize,
}

/// Checks `axis` and `batch_dims` against the params' and indices' shapes as TFLite Micro's
/// `GatherPrepare` does.
pub fn gather_axes(params: &[i64], indices: &[i64], axis: i64, batch_dims: i64) -> Result<GatherAxes, String> {
    let axis = normalize_axis(axis, params.len())?;
    let resolved = if batch_dims < 0 { batch_dims + indices.len() as i64 } else { batch_dims };
    if resolved < 0 || resolved as usize >= params.len() || resolved as usize > indices.len() {
        return Err(format!(
            "batch_dims {batch_dims} is out of range for params of rank {} and indices of rank {}",
            params.len(),
            indices.len()
        ));
    }
    let batch_dims = resolved as usize;
    if batch_dims > axis {
        return Err(format!("batch_dims {batch_dims} must not exceed axis {axis}"));
    }
    if params[..batch_dims] != indices[..batch_dims] {
        return Err(format!(
            "the first {batch_dims} dimensions of params {} and indices {} must be equal",
            shape_to_string(params),
            shape_to_string(indices)
        ));
    }
    Ok(GatherAxes { axis, batch_dims })
}

/// `gather`: `params[:axis] ++ indices[batch_dims:] ++ params[axis + 1:]`.
pub fn gather_shape(params: &[i64], indices: &[i64], axis: i64, batch_dims: i64) -> Result<Vec<i64>, String> {
    let GatherAxes { axis, batch_dims } = gather_axes(params, indices, axis, batch_dims)?;
    Ok(params[..axis].iter().chain(&indices[batch_dims..]).chain(&params[axis + 1..]).copied().collect())
}

/// `gather_nd`: `indices[:-1] ++ params[nd:]`, with TFLite Micro's checks (params and indices
/// at least vectors, `nd` at most the params' rank and [`MAX_GATHER_ND_INDEX`]).
pub fn gather_nd_shape(params: &[i64], indices: &[i64]) -> Result<Vec<i64>, String> {
    let Some((&nd, batch)) = indices.split_last() else { return Err("indices must be at least a vector".into()) };
    if params.is_empty() {
        return Err("params must be at least a vector".into());
    }
    if nd > params.len() as i64 || !(0..=MAX_GATHER_ND_INDEX).contains(&nd) {
        return Err(format!(
            "index tuples of length {nd} must be at most the params' rank {} and {MAX_GATHER_ND_INDEX}",
            params.len()
        ));
    }
    Ok(batch.iter().chain(&params[nd as usize..]).copied().collect())
}

/// Checks the indices operand (#1): integers of `allowed` kinds; returns its shape.
fn indices_operand<'a>(c: &mut Checker<'a, '_>, allowed: &[Kind]) -> Option<&'a [i64]> {
    let indices = c.operand("indices", 1)?;
    c.kind("indices", indices, allowed)?;
    Some(indices.shape)
}

/// Checks that the values of a constant indices operand (#1) lie in `[0, sizes[j])`, where
/// `j` is a value's position modulo `sizes.len()`.
fn constant_indices_in_range(c: &mut Checker<'_, '_>, sizes: &[i64]) {
    if !c.sig.has_own_operands() || sizes.is_empty() {
        return;
    }
    let Some(values) = constant_ints(c.ctx, c.ctx.operation(c.op).operand(1)) else { return };
    let bad = values.iter().enumerate().find(|&(i, v)| !(0..sizes[i % sizes.len()]).contains(v));
    if let Some((position, value)) = bad {
        let size = sizes[position % sizes.len()];
        c.error(format!("constant indices hold {value} at position {position}, outside [0, {size}) of the params"));
    }
}

fn check_gather(c: &mut Checker<'_, '_>) {
    let (Some(params), Some(result)) = (c.operand("params", 0), c.result("result")) else { return };
    c.same_storage("result", result, "params", params);
    let Some(indices) = indices_operand(c, &[I32, I64]) else { return };
    let (Some(axis), Some(batch_dims)) = (get_int(c.ctx, c.op, "axis"), get_int(c.ctx, c.op, "batch_dims")) else {
        return;
    };
    if let Ok(axes) = gather_axes(params.shape, indices, axis, batch_dims) {
        constant_indices_in_range(c, &[params.shape[axes.axis]]);
    }
    c.check_inferred();
}

fn check_gather_nd(c: &mut Checker<'_, '_>) {
    let (Some(params), Some(result)) = (c.operand("params", 0), c.result("result")) else { return };
    c.same_element("result", result, "params", params);
    let Some(indices) = indices_operand(c, &[I32]) else { return };
    if gather_nd_shape(params.shape, indices).is_ok() {
        let nd = indices[indices.len() - 1] as usize;
        constant_indices_in_range(c, &params.shape[..nd]);
    }
    c.check_inferred();
}

fn infer_gather(q: &ShapeQuery<'_>) -> Inference {
    q.one(gather_shape(q.shape(0)?, q.shape(1)?, q.int_attr("axis")?, q.int_attr("batch_dims")?))
}

fn infer_gather_nd(q: &ShapeQuery<'_>) -> Inference {
    q.one(gather_nd_shape(q.shape(0)?, q.shape(1)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gather_shapes_follow_tflite_micro() {
        assert_eq!(gather_shape(&[4, 5], &[3], 0, 0), Ok(vec![3, 5]));
        assert_eq!(gather_shape(&[4, 5], &[2, 3], -1, 0), Ok(vec![4, 2, 3]));
        assert_eq!(gather_shape(&[2, 4, 5], &[2, 3], 1, 1), Ok(vec![2, 3, 5]));
        assert_eq!(gather_shape(&[2, 4, 5], &[2, 3], 2, -1), Ok(vec![2, 4, 3]));
        assert_eq!(gather_shape(&[4], &[], 0, 0), Ok(vec![]));
        assert!(gather_shape(&[4, 5], &[3], 2, 0).unwrap_err().contains("axis 2"));
        assert!(gather_shape(&[2, 4, 5], &[3, 3], 1, 1).unwrap_err().contains("must be equal"));
        assert!(gather_shape(&[2, 4, 5], &[2, 3], 0, 1).unwrap_err().contains("must not exceed"));
        assert!(gather_shape(&[2, 4], &[2], 1, 2).is_err());
    }

    #[test]
    fn gather_nd_shapes_follow_tflite_micro() {
        assert_eq!(gather_nd_shape(&[4, 5, 6], &[3, 2]), Ok(vec![3, 6]));
        assert_eq!(gather_nd_shape(&[4, 5], &[2, 3, 2]), Ok(vec![2, 3]));
        assert_eq!(gather_nd_shape(&[4, 5], &[1]), Ok(vec![5]));
        assert!(gather_nd_shape(&[4, 5], &[3, 3]).is_err());
        assert!(gather_nd_shape(&[], &[1]).is_err());
        assert!(gather_nd_shape(&[4], &[]).is_err());
    }
}
