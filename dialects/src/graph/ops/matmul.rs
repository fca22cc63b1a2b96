//! Matrix products of activations.
//!
//! | op | operands | attributes | result | TFLite builtin |
//! |---|---|---|---|---|
//! | `graph.batch_matmul` | `lhs` `[..., M, K]`, `rhs` `[..., K, N]` (ranks 2 to 5) | `adj_x`, `adj_y` (bool) | `[broadcast batch..., M, N]` | `BATCH_MATMUL` (126) |
//!
//! `adj_x` (`adj_y`) reads the left (right) operand's last two dimensions swapped:
//! `lhs [..., K, M]` (`rhs [..., N, K]`). The dimensions before the last two are batch
//! dimensions, broadcast numpy-style (aligned at the end, equal or 1); the result has the larger
//! rank. The inner dimensions `K` of both operands must be equal.
//!
//! Element types as TFLite Micro's kernel takes them: all `f32`, all quantized `i8` (any zero
//! points), or all quantized `i16` with zero points 0; per-tensor quantization (the kernel reads
//! one scale and zero point of each). There is no fused activation and no bias.

use super::{OpEntry, op_entry};
use crate::graph::builders::get_bool;
use crate::graph::shape_inference::{Inference, ShapeQuery};
use crate::graph::shapes::shape_to_string;
use crate::graph::verify::{ACTIVATIONS, Checker, Checks, F32, Q16, verify_op};
use mc_ir::{Builder, Context, Type, Value, define_op};

/// The ranks TFLite Micro's `BATCH_MATMUL` takes for each operand.
pub const BATCH_MATMUL_RANKS: std::ops::RangeInclusive<usize> = 2..=5;

define_op! {
    /// `lhs × rhs` over broadcast batch dimensions, either operand transposed in its last two
    /// dimensions (TFLite `BATCH_MATMUL`).
    pub struct BatchMatMulOp = "graph.batch_matmul" {
        summary: "batched matrix product",
        traits: [PURE],
        operands: [lhs, rhs],
        results: [result],
        attributes: [adj_x: Bool, adj_y: Bool],
        verify: verify_op,
    }
}

/// The family's ops.
pub(super) const OPS: &[OpEntry] =
    &[op_entry!(BatchMatMulOp, Checks::Signature(check_batch_matmul), Some(infer_batch_matmul))];

impl BatchMatMulOp {
    /// Builds `graph.batch_matmul`.
    pub fn build(b: &mut Builder<'_>, lhs: Value, rhs: Value, adj_x: bool, adj_y: bool, result: Type) -> Self {
        let attrs = vec![("adj_x".to_string(), b.ctx.bool_attr(adj_x)), ("adj_y".to_string(), b.ctx.bool_attr(adj_y))];
        BatchMatMulOp(b.create(Self::NAME, &[lhs, rhs], &[result], attrs, vec![]))
    }

    /// `(adj_x, adj_y)`, if both are present.
    pub fn adjoints(self, ctx: &Context) -> Option<(bool, bool)> {
        Some((get_bool(ctx, self.0, "adj_x")?, get_bool(ctx, self.0, "adj_y")?))
    }
}

/// `batch_matmul`: TFLite Micro's `BatchMatMulPrepare` (types, quantization, ranks; the shapes
/// through shape inference).
fn check_batch_matmul(c: &mut Checker<'_, '_>) {
    let (lhs, rhs, result) = (c.operand("lhs", 0), c.operand("rhs", 1), c.result("result"));
    let (Some(lhs), Some(rhs), Some(result)) = (lhs, rhs, result) else { return };
    let mut ranks_ok = true;
    for (what, t) in [("lhs", lhs), ("rhs", rhs)] {
        if !BATCH_MATMUL_RANKS.contains(&t.shape.len()) {
            c.error(format!("{what} must have rank 2 to 5, but has rank {}", t.shape.len()));
            ranks_ok = false;
        }
    }
    let Some(kind) = c.kind("lhs", lhs, ACTIVATIONS) else { return };
    let rhs_ok = c.kind("rhs", rhs, &[kind]).is_some();
    let result_ok = c.kind("result", result, &[kind]).is_some();
    if kind != F32 && rhs_ok && result_ok {
        for (what, t) in [("lhs", lhs), ("rhs", rhs), ("result", result)] {
            if kind == Q16 {
                c.zero_point_zero(what, t);
            } else {
                c.per_tensor(what, t);
            }
        }
    }
    if ranks_ok {
        c.check_inferred();
    }
}

fn infer_batch_matmul(q: &ShapeQuery<'_>) -> Inference {
    let adjoints = (q.bool_attr("adj_x")?, q.bool_attr("adj_y")?);
    q.one(batch_matmul_shape(q.shape(0)?, q.shape(1)?, adjoints))
}

/// The result shape of `lhs × rhs` with the adjoint flags `(adj_x, adj_y)`: the batch
/// dimensions broadcast, then `[M, N]`; an error naming the operand when the inner dimensions
/// differ or the batch dimensions do not broadcast.
pub fn batch_matmul_shape(lhs: &[i64], rhs: &[i64], (adj_x, adj_y): (bool, bool)) -> Result<Vec<i64>, String> {
    if lhs.len() < 2 || rhs.len() < 2 {
        return Err("lhs and rhs must have rank 2 or more".to_string());
    }
    let (l, r) = (lhs.len(), rhs.len());
    let (rows, lhs_inner) = if adj_x { (lhs[l - 1], (lhs[l - 2], l - 2)) } else { (lhs[l - 2], (lhs[l - 1], l - 1)) };
    let (columns, rhs_inner) =
        if adj_y { (rhs[r - 2], (rhs[r - 1], r - 1)) } else { (rhs[r - 1], (rhs[r - 2], r - 2)) };
    if lhs_inner.0 != rhs_inner.0 {
        return Err(format!(
            "the inner dimensions differ: lhs {} has {} (dimension {}{}), rhs {} has {} (dimension {}{})",
            shape_to_string(lhs),
            lhs_inner.0,
            lhs_inner.1,
            if adj_x { ", adj_x" } else { "" },
            shape_to_string(rhs),
            rhs_inner.0,
            rhs_inner.1,
            if adj_y { ", adj_y" } else { "" },
        ));
    }
    let rank = l.max(r);
    let batch = |shape: &[i64], i: usize| {
        let offset = rank - shape.len();
        if i < offset { 1 } else { shape[i - offset] }
    };
    let mut shape = Vec::with_capacity(rank);
    for i in 0..rank - 2 {
        shape.push(match (batch(lhs, i), batch(rhs, i)) {
            (a, b) if a == b => a,
            (1, b) => b,
            (a, 1) => a,
            (a, b) => {
                return Err(format!(
                    "batch dimensions of lhs {} and rhs {} do not broadcast ({a} against {b})",
                    shape_to_string(lhs),
                    shape_to_string(rhs)
                ));
            }
        });
    }
    shape.extend([rows, columns]);
    Ok(shape)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batch_dimensions_broadcast_and_adjoints_swap() {
        assert_eq!(batch_matmul_shape(&[2, 3, 4], &[4, 5], (false, false)), Ok(vec![2, 3, 5]));
        assert_eq!(batch_matmul_shape(&[2, 4, 3], &[5, 4], (true, true)), Ok(vec![2, 3, 5]));
        assert_eq!(batch_matmul_shape(&[1, 3, 2, 4], &[2, 1, 4, 5], (false, false)), Ok(vec![2, 3, 2, 5]));
        let inner = batch_matmul_shape(&[2, 3, 4], &[5, 6], (false, false)).unwrap_err();
        assert!(inner.contains("inner dimensions differ"), "{inner}");
        assert!(batch_matmul_shape(&[2, 3, 4], &[3, 4, 5], (false, false)).is_err());
    }
}
