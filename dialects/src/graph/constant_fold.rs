//! Folders that compute ops on constant operands: comparisons, logic, selection, casts and arg
//! max/min, the result computed at compile time as TFLite Micro's kernels compute it (numpy
//! broadcasting; quantized comparisons rescaled as `ComparisonsPrepare` sets up; casts truncating
//! and saturating floats, wrapping integers; the first index on ties), as a `dense<...>` constant
//! of the result's type.
//!
//! | op | folds when |
//! |---|---|
//! | `graph.equal` ... `graph.greater_equal`, `graph.logical_and`, `graph.logical_or`, `graph.select_v2` | every operand is a constant |
//! | `graph.logical_not`, `graph.cast` | the input is a constant |
//! | `graph.arg_max`, `graph.arg_min` | the input is a constant and the axis known |
//!
//! Operands whose types the verifier refuses, and blobs that are missing, leave the op as it is.

use super::attributes::{f32_elements, i64_array, int_elements};
use crate::arith::fixed_point::reference;
use mc_ir::{AttrKind, Attribute, Context, FloatKind, FoldResult, Folded, OpId, Type, TypeKind};

/// One element: an integer (stored value; `i1` as 0 or 1) or an `f32`.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Scalar {
    Int(i64),
    Float(f32),
}

/// The elements of a constant of type `ty`, row-major, splats expanded.
fn elements(ctx: &Context, attr: Attribute, ty: Type) -> Option<Vec<Scalar>> {
    let element = ctx.element_type(ty);
    if matches!(ctx.type_kind(element), TypeKind::Float(FloatKind::F32)) {
        return Some(f32_elements(ctx, attr)?.into_iter().map(Scalar::Float).collect());
    }
    let bool_type = ctx.integer_width(element) == Some(1);
    let ints = int_elements(ctx, attr)?;
    Some(ints.into_iter().map(|v| Scalar::Int(if bool_type { i64::from(v != 0) } else { v })).collect())
}

/// The flat index into an operand of `shape` of the broadcast result's flat index `flat`.
fn broadcast_index(result: &[i64], shape: &[i64], mut flat: usize) -> usize {
    let lead = result.len() - shape.len();
    let (mut index, mut stride) = (0usize, 1usize);
    for d in (0..result.len()).rev() {
        let size = result[d].max(1) as usize;
        let coordinate = flat % size;
        flat /= size;
        if d >= lead {
            let own = shape[d - lead] as usize;
            if own != 1 {
                index += coordinate * stride;
            }
            stride *= own;
        }
    }
    index
}

/// The constant of type `ty` holding `values`.
fn dense(ctx: &mut Context, ty: Type, values: &[Scalar]) -> Attribute {
    let element = ctx.element_type(ty);
    let size = ctx.scalar_byte_size(element).unwrap_or(1);
    let data = values
        .iter()
        .flat_map(|v| match v {
            Scalar::Float(f) => f.to_le_bytes().to_vec(),
            Scalar::Int(i) => i.to_le_bytes()[..size].to_vec(),
        })
        .collect();
    ctx.intern_attr(AttrKind::DenseElements { ty, splat: false, data })
}

/// Folds `op` whose result element `i` is `compute` of its operands' elements at `i`
/// (broadcast), when every operand is a constant.
fn fold_with(
    ctx: &mut Context,
    op: OpId,
    constants: &[Option<Attribute>],
    compute: impl Fn(&Context, &[Type], &[Scalar]) -> Option<Scalar>,
) -> Folded {
    let operation = ctx.operation(op);
    let types: Vec<Type> = operation.operands().map(|v| ctx.value_type(v)).collect();
    let result_type = operation.result_type(0);
    let (Some(result), true) = (ctx.tensor_parts(result_type).map(|(s, _)| s.to_vec()), constants.len() == types.len())
    else {
        return Folded::Unchanged;
    };
    let mut operands = Vec::with_capacity(types.len());
    for (constant, &ty) in constants.iter().zip(&types) {
        let (Some(constant), Some((shape, _))) = (constant, ctx.tensor_parts(ty)) else { return Folded::Unchanged };
        let Some(values) = elements(ctx, *constant, ty) else { return Folded::Unchanged };
        if shape.len() > result.len() {
            return Folded::Unchanged;
        }
        operands.push((shape.to_vec(), values));
    }
    let count: i64 = result.iter().product();
    let mut values = Vec::with_capacity(count.max(0) as usize);
    for flat in 0..count.max(0) as usize {
        let at: Vec<Scalar> =
            operands.iter().map(|(shape, values)| values[broadcast_index(&result, shape, flat)]).collect();
        match compute(ctx, &types, &at) {
            Some(value) => values.push(value),
            None => return Folded::Unchanged,
        }
    }
    Folded::Results(vec![FoldResult::Attr(dense(ctx, result_type, &values))])
}

/// TFLM's rescaled comparison operand: `MultiplyByQuantizedMultiplierSmallerThanOneExp((x - zero_point) << 8, scale)`.
fn rescaled(ctx: &Context, ty: Type, x: i64) -> Option<i64> {
    let (scale, zero_point) = ctx.quantization(ctx.element_type(ty))?.per_tensor()?;
    let (multiplier, shift) = reference::quantize_multiplier(scale);
    if shift > 0 {
        return None;
    }
    let shifted = i32::try_from((x - zero_point) << 8).ok()?;
    Some(i64::from(reference::multiply_by_quantized_multiplier(shifted, multiplier, shift)))
}

/// `graph.equal` ... `graph.greater_equal` on constants.
pub(super) fn fold_comparison(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Folded {
    let name = ctx.op_name_of(op).to_string();
    fold_with(ctx, op, constants, |ctx, types, xs| {
        let quantized = ctx.quantization(ctx.element_type(types[0])).is_some();
        let ordering = match (xs[0], xs[1]) {
            (Scalar::Float(a), Scalar::Float(b)) => a.partial_cmp(&b),
            (Scalar::Int(a), Scalar::Int(b)) if quantized => {
                rescaled(ctx, types[0], a)?.partial_cmp(&rescaled(ctx, types[1], b)?)
            }
            (Scalar::Int(a), Scalar::Int(b)) => a.partial_cmp(&b),
            _ => return None,
        };
        use std::cmp::Ordering::{Equal, Greater, Less};
        let holds = match name.as_str() {
            "graph.equal" => ordering == Some(Equal),
            // C++'s != is true with a NaN.
            "graph.not_equal" => ordering != Some(Equal),
            "graph.less" => ordering == Some(Less),
            "graph.less_equal" => matches!(ordering, Some(Less | Equal)),
            "graph.greater" => ordering == Some(Greater),
            "graph.greater_equal" => matches!(ordering, Some(Greater | Equal)),
            _ => return None,
        };
        Some(Scalar::Int(i64::from(holds)))
    })
}

/// `graph.logical_and`, `graph.logical_or`, `graph.logical_not` on constants.
pub(super) fn fold_logical(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Folded {
    let name = ctx.op_name_of(op).to_string();
    fold_with(ctx, op, constants, |_, _, xs| {
        let truth: Vec<bool> = xs.iter().map(|x| matches!(x, Scalar::Int(v) if *v != 0)).collect();
        let value = match (name.as_str(), truth.as_slice()) {
            ("graph.logical_and", [a, b]) => *a && *b,
            ("graph.logical_or", [a, b]) => *a || *b,
            ("graph.logical_not", [a]) => !*a,
            _ => return None,
        };
        Some(Scalar::Int(i64::from(value)))
    })
}

/// `graph.select_v2` on constants.
pub(super) fn fold_select(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Folded {
    fold_with(ctx, op, constants, |_, _, xs| match xs {
        [Scalar::Int(condition), x, y] => Some(if *condition != 0 { *x } else { *y }),
        _ => None,
    })
}

/// `graph.cast` of a constant, as TFLM's `static_cast` (the installed interpreter's: floats
/// truncate toward zero and saturate, NaN to 0; narrower integers wrap; anything to bool is
/// `x != 0`).
pub(super) fn fold_cast(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Folded {
    let result_element = ctx.element_type(ctx.operation(op).result_type(0));
    let to_float = matches!(ctx.type_kind(result_element), TypeKind::Float(FloatKind::F32));
    let Some(width) = ctx.integer_width(result_element).or_else(|| {
        let q = ctx.quantization(result_element)?;
        Some(q.storage_width)
    }) else {
        if !to_float {
            return Folded::Unchanged;
        }
        return fold_with(ctx, op, constants, |_, _, xs| match xs[0] {
            Scalar::Float(f) => Some(Scalar::Float(f)),
            Scalar::Int(i) => Some(Scalar::Float(i as f32)),
        });
    };
    fold_with(ctx, op, constants, move |_, _, xs| {
        let value = match (xs[0], width) {
            (Scalar::Float(f), 1) => i64::from(f != 0.0),
            (Scalar::Int(i), 1) => i64::from(i != 0),
            // Rust's float-to-int `as` truncates, saturates and maps NaN to 0.
            (Scalar::Float(f), 8) => i64::from(f as i8),
            (Scalar::Float(f), 16) => i64::from(f as i16),
            (Scalar::Float(f), 32) => i64::from(f as i32),
            (Scalar::Int(i), 8) => i64::from(i as i8),
            (Scalar::Int(i), 16) => i64::from(i as i16),
            (Scalar::Int(i), 32) => i64::from(i as i32),
            _ => return None,
        };
        Some(Scalar::Int(value))
    })
}

/// `graph.arg_max` / `graph.arg_min` of a constant: `ArgMinMax`'s scan, a later element
/// replacing the leader only when strictly greater (smaller), so the first index on ties and a
/// NaN never taken nor replaced once it leads.
pub(super) fn fold_arg_extremum(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Folded {
    let maximum = ctx.op_name_of(op) == "graph.arg_max";
    let operation = ctx.operation(op);
    let (input_type, result_type) = (ctx.value_type(operation.operand(0)), operation.result_type(0));
    let Some(Some(input)) = constants.first().copied() else { return Folded::Unchanged };
    let axis = match constants.get(1) {
        Some(axis) => axis.and_then(|a| int_elements(ctx, a)),
        None => ctx.attr(op, "axis").and_then(|a| i64_array(ctx, a)),
    };
    let (Some(&[axis]), Some((shape, _))) = (axis.as_deref(), ctx.tensor_parts(input_type)) else {
        return Folded::Unchanged;
    };
    let rank = shape.len() as i64;
    if !(-rank..rank).contains(&axis) {
        return Folded::Unchanged;
    }
    let axis = if axis < 0 { axis + rank } else { axis } as usize;
    let Some(values) = elements(ctx, input, input_type) else { return Folded::Unchanged };
    let size = shape[axis] as usize;
    let inner: usize = shape[axis + 1..].iter().map(|&d| d as usize).product();
    let outer: usize = shape[..axis].iter().map(|&d| d as usize).product();
    let wins = |candidate: Scalar, leader: Scalar| match (candidate, leader) {
        (Scalar::Float(c), Scalar::Float(l)) => (maximum && c > l) || (!maximum && c < l),
        (Scalar::Int(c), Scalar::Int(l)) => (maximum && c > l) || (!maximum && c < l),
        _ => false,
    };
    let mut indices = Vec::with_capacity(outer * inner);
    for o in 0..outer {
        for i in 0..inner {
            let mut index = 0;
            if size > 0 {
                let mut leader = values[o * size * inner + i];
                for k in 1..size {
                    let candidate = values[(o * size + k) * inner + i];
                    if wins(candidate, leader) {
                        (leader, index) = (candidate, k as i64);
                    }
                }
            }
            indices.push(Scalar::Int(index));
        }
    }
    Folded::Results(vec![FoldResult::Attr(dense(ctx, result_type, &indices))])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn broadcast_indices_follow_numpy() {
        // A [3] row against [2, 3]: the column index.
        let row: Vec<usize> = (0..6).map(|i| broadcast_index(&[2, 3], &[3], i)).collect();
        assert_eq!(row, [0, 1, 2, 0, 1, 2]);
        // A [2, 1] column: the row index.
        let column: Vec<usize> = (0..6).map(|i| broadcast_index(&[2, 3], &[2, 1], i)).collect();
        assert_eq!(column, [0, 0, 0, 1, 1, 1]);
        // A scalar: always 0.
        assert!((0..6).all(|i| broadcast_index(&[2, 3], &[], i) == 0));
    }
}
