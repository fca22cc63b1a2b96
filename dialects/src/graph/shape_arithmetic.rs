//! Shape arithmetic at compile time: folders of the graph ops that compute on integer tensors,
//! when their operands are constants.
//!
//! A model converted with a dynamic batch computes its reshapes' shapes at run time
//! (Keras' `Flatten`: `SHAPE → STRIDED_SLICE → PACK → RESHAPE`). mc compiles static shapes, so
//! these ops fold to constants and the reshape gets a constant shape operand (which
//! `ReshapeShapeToAttr` then makes an attribute):
//!
//! | op | folds to |
//! |---|---|
//! | `graph.shape` | its input's dimensions (always: every tensor is statically shaped) |
//! | `graph.zeros_like`, `graph.fill` | zeros, the constant value everywhere |
//! | `graph.broadcast_args` | the numpy broadcast of its two constant shapes, as TFLite Micro's `BroadcastArgs` |
//! | `graph.strided_slice` | the elements TFLite's `StridedSlice` reads, for a constant input and constant `begin`/`end`/`strides` |
//! | `graph.pack` | the inputs stacked, as TFLite's `PackImpl` |
//! | `graph.concatenation` | the inputs joined, as TFLite's `Concatenation` |
//! | `graph.add`, `graph.sub`, `graph.mul` | the elementwise results with numpy broadcasting and (`sub`, `mul`) the fused activation's clamp (two's-complement wrapping on overflow; TFLite Micro's integer `add` ignores its activation) |
//!
//! Only plain integer tensors (`i32`, `i64`, ... without quantization) fold: that is what shapes
//! are made of, and the values are exact. (`reshape`, `squeeze` and `expand_dims` of constants
//! fold in [`super::fold`], whatever the element type.)

use super::attributes::{Activation, dense_int_elements, i64_array, int_elements};
use super::builders::{fused_activation, get_bool, get_int};
use super::ops::{StridedSliceSpec, strided_slice_axes};
use super::shapes::{broadcast_shapes, normalize_axis};
use mc_ir::{Attribute, Context, FoldResult, Folded, OpId, Type};

/// The row-major strides of `shape`.
fn strides(shape: &[i64]) -> Vec<i64> {
    let mut strides = vec![1; shape.len()];
    for i in (0..shape.len().saturating_sub(1)).rev() {
        strides[i] = strides[i + 1] * shape[i + 1];
    }
    strides
}

/// The shape of a tensor type whose elements are plain integers of `width` bits.
fn integer_tensor(ctx: &Context, ty: Type) -> Option<(Vec<i64>, u32)> {
    let (shape, element) = ctx.tensor_parts(ty)?;
    Some((shape.to_vec(), ctx.integer_width(element)?))
}

/// The values of constant operand `index` if it is a plain integer tensor.
fn integer_operand(ctx: &Context, op: OpId, constants: &[Option<Attribute>], index: usize) -> Option<Vec<i64>> {
    let attr = constants.get(index).copied().flatten()?;
    integer_tensor(ctx, ctx.value_type(ctx.operation(op).operand(index)))?;
    int_elements(ctx, attr)
}

/// The values of every operand, all plain integer constants.
fn integer_operands(ctx: &Context, op: OpId, constants: &[Option<Attribute>]) -> Option<Vec<Vec<i64>>> {
    (0..ctx.operation(op).num_operands()).map(|index| integer_operand(ctx, op, constants, index)).collect()
}

/// The operand shapes of `op`.
fn operand_shapes(ctx: &Context, op: OpId) -> Option<Vec<Vec<i64>>> {
    ctx.operation(op).operands().map(|v| ctx.tensor_parts(ctx.value_type(v)).map(|(s, _)| s.to_vec())).collect()
}

/// `values` as the op's one result, a plain integer tensor of as many elements; `Unchanged`
/// otherwise.
fn result(ctx: &mut Context, op: OpId, values: Option<Vec<i64>>) -> Folded {
    let ty = ctx.operation(op).result_type(0);
    let (Some(values), Some((shape, _))) = (values, integer_tensor(ctx, ty)) else { return Folded::Unchanged };
    if values.len() as i64 != shape.iter().product::<i64>() {
        return Folded::Unchanged;
    }
    Folded::Results(vec![FoldResult::Attr(dense_int_elements(ctx, ty, &values))])
}

/// `shape(x)` → the dimensions of `x`.
pub(super) fn fold_shape(ctx: &mut Context, op: OpId, _: &[Option<Attribute>]) -> Folded {
    let dims = ctx.tensor_parts(ctx.value_type(ctx.operation(op).operand(0))).map(|(shape, _)| shape.to_vec());
    result(ctx, op, dims)
}

/// `zeros_like(x)` → zeros (for a plain integer result).
pub(super) fn fold_zeros_like(ctx: &mut Context, op: OpId, _: &[Option<Attribute>]) -> Folded {
    let count = ctx.num_elements(ctx.operation(op).result_type(0)).and_then(|n| usize::try_from(n).ok());
    result(ctx, op, count.map(|n| vec![0; n]))
}

/// `fill(constant, dims)` → the value everywhere (the result's type has the shape).
pub(super) fn fold_fill(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Folded {
    let count = ctx.num_elements(ctx.operation(op).result_type(0)).and_then(|n| usize::try_from(n).ok());
    let value = integer_operand(ctx, op, constants, 0).and_then(|v| v.first().copied());
    result(ctx, op, value.zip(count).map(|(v, n)| vec![v; n]))
}

/// `broadcast_args(constant, constant)` → the broadcast shape (shapes that do not broadcast stay:
/// the verifier reports them).
pub(super) fn fold_broadcast_args(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Folded {
    let values = integer_operands(ctx, op, constants).and_then(|shapes| broadcast_shapes(&shapes[0], &shapes[1]).ok());
    result(ctx, op, values)
}

/// `pack(constants...)` → the stacked values: output element `(k, i, j)` is element `(k, j)` of
/// input `i`, where `k` runs over the dimensions before `axis` and `j` over those after.
pub(super) fn fold_pack(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Folded {
    let values = (|| {
        let inputs = integer_operands(ctx, op, constants)?;
        let shape = operand_shapes(ctx, op)?.into_iter().next()?;
        let axis = normalize_axis(get_int(ctx, op, "axis")?, shape.len() + 1).ok()?;
        let (outer, inner) = (shape[..axis].iter().product::<i64>(), shape[axis..].iter().product::<i64>());
        Some(join(&inputs, &vec![inner; inputs.len()], outer))
    })();
    result(ctx, op, values)
}

/// `concatenation(constants...)` → the joined values.
pub(super) fn fold_concatenation(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Folded {
    let values = (|| {
        if fused_activation(ctx, op)? != Activation::None {
            return None;
        }
        let inputs = integer_operands(ctx, op, constants)?;
        let shapes = operand_shapes(ctx, op)?;
        let axis = normalize_axis(get_int(ctx, op, "axis")?, shapes.first()?.len()).ok()?;
        let outer = shapes[0][..axis].iter().product::<i64>();
        let slabs: Vec<i64> = shapes.iter().map(|s| s[axis..].iter().product()).collect();
        Some(join(&inputs, &slabs, outer))
    })();
    result(ctx, op, values)
}

/// For each of `outer` rows, slab `k` of every input in turn (`slabs[i]` elements of input `i`).
fn join(inputs: &[Vec<i64>], slabs: &[i64], outer: i64) -> Vec<i64> {
    let mut values = Vec::new();
    for k in 0..outer as usize {
        for (input, &slab) in inputs.iter().zip(slabs) {
            let slab = slab as usize;
            values.extend_from_slice(&input[k * slab..(k + 1) * slab]);
        }
    }
    values
}

/// `strided_slice(constant, begin, end, strides)` → the elements it reads.
pub(super) fn fold_strided_slice(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Folded {
    let values = (|| {
        let input = integer_operand(ctx, op, constants, 0)?;
        let shape = operand_shapes(ctx, op)?.into_iter().next()?;
        let list = |index: usize, name: &str| match constants.len() > index {
            true => int_elements(ctx, constants[index]?),
            false => i64_array(ctx, ctx.attr(op, name)?),
        };
        let spec = StridedSliceSpec {
            begin: list(1, "begin")?,
            end: list(2, "end")?,
            strides: list(3, "strides")?,
            begin_mask: get_int(ctx, op, "begin_mask")?,
            end_mask: get_int(ctx, op, "end_mask")?,
            ellipsis_mask: get_int(ctx, op, "ellipsis_mask")?,
            new_axis_mask: get_int(ctx, op, "new_axis_mask")?,
            shrink_axis_mask: get_int(ctx, op, "shrink_axis_mask")?,
            offset: get_bool(ctx, op, "offset")?,
        };
        let axes = strided_slice_axes(&shape, &spec).ok()?;
        let input_strides = strides(&shape);
        // Each axis contributes `start + i · stride` along its input dimension; a new axis none.
        let mut offsets = vec![0i64];
        for axis in &axes {
            let step = |i: i64| axis.input_dim.map_or(0, |d| (axis.start + i * axis.stride) * input_strides[d]);
            let count = axis.size.unwrap_or(1);
            offsets = offsets.iter().flat_map(|&base| (0..count).map(move |i| base + step(i))).collect();
        }
        offsets.iter().map(|&o| usize::try_from(o).ok().and_then(|o| input.get(o).copied())).collect()
    })();
    result(ctx, op, values)
}

/// The elementwise arithmetic of `add`, `sub` and `mul`.
#[derive(Clone, Copy)]
enum Arithmetic {
    Add,
    Sub,
    Mul,
}

/// `add(constant, constant)` → the sums.
pub(super) fn fold_add(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Folded {
    fold_binary(ctx, op, constants, Arithmetic::Add)
}

/// `sub(constant, constant)` → the differences.
pub(super) fn fold_sub(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Folded {
    fold_binary(ctx, op, constants, Arithmetic::Sub)
}

/// `mul(constant, constant)` → the products.
pub(super) fn fold_mul(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Folded {
    fold_binary(ctx, op, constants, Arithmetic::Mul)
}

/// Integer `lhs op rhs` with numpy broadcasting, wrapped to the result's width and, for `sub`
/// and `mul`, clamped by the fused activation as TFLite's `CalculateActivationRange` for
/// integers clamps (TFLite Micro's integer `add` ignores its activation).
fn fold_binary(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>], arithmetic: Arithmetic) -> Folded {
    let values = (|| {
        let (lhs, rhs) = (integer_operand(ctx, op, constants, 0)?, integer_operand(ctx, op, constants, 1)?);
        let shapes = operand_shapes(ctx, op)?;
        let (out, width) = integer_tensor(ctx, ctx.operation(op).result_type(0))?;
        let (low, high) = match fused_activation(ctx, op)? {
            _ if matches!(arithmetic, Arithmetic::Add) => (i64::MIN, i64::MAX),
            Activation::None => (i64::MIN, i64::MAX),
            Activation::Relu => (0, i64::MAX),
            Activation::Relu6 => (0, 6),
            Activation::ReluN1To1 => (-1, 1),
            Activation::Tanh | Activation::SignBit => return None,
        };
        let (lhs_at, rhs_at) = (broadcast_index(&shapes[0], &out)?, broadcast_index(&shapes[1], &out)?);
        let count = out.iter().product::<i64>();
        (0..count)
            .map(|flat| {
                let (a, b) = (lhs[lhs_at(flat)], rhs[rhs_at(flat)]);
                let exact = match arithmetic {
                    Arithmetic::Add => a.wrapping_add(b),
                    Arithmetic::Sub => a.wrapping_sub(b),
                    Arithmetic::Mul => a.wrapping_mul(b),
                };
                Some(wrap(exact, width)?.clamp(low, high))
            })
            .collect()
    })();
    result(ctx, op, values)
}

/// `value` wrapped to a signed `width`-bit integer (widths up to 64).
fn wrap(value: i64, width: u32) -> Option<i64> {
    match width {
        64 => Some(value),
        1..64 => {
            let shift = 64 - width;
            Some((value << shift) >> shift)
        }
        _ => None,
    }
}

/// For an operand of `shape` broadcast to `out` (numpy rules), the operand's flat index of each
/// flat result index.
fn broadcast_index(shape: &[i64], out: &[i64]) -> Option<impl Fn(i64) -> usize> {
    if shape.len() > out.len() {
        return None;
    }
    let lead = out.len() - shape.len();
    let (own, out_strides) = (strides(shape), strides(out));
    // The operand's stride along each result dimension: 0 where it is broadcast.
    let mut steps = vec![0i64; out.len()];
    for (d, &size) in shape.iter().enumerate() {
        match size {
            s if s == out[lead + d] => steps[lead + d] = own[d],
            1 => {}
            _ => return None,
        }
    }
    Some(move |flat: i64| {
        let mut index = 0;
        for (d, &stride) in out_strides.iter().enumerate() {
            index += (flat / stride) % out[d].max(1) * steps[d];
        }
        index as usize
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_and_broadcasts() {
        assert_eq!(wrap(i64::from(i32::MAX) + 1, 32), Some(i64::from(i32::MIN)));
        assert_eq!(wrap(-1, 32), Some(-1));
        let at = broadcast_index(&[3, 1], &[2, 3, 4]).unwrap();
        assert_eq!((0..24).map(&at).collect::<Vec<_>>()[..8], [0, 0, 0, 0, 1, 1, 1, 1]);
        assert_eq!(at(23), 2);
        assert!(broadcast_index(&[2], &[3]).is_none());
        assert_eq!(join(&[vec![1, 2, 3, 4], vec![5, 6, 7, 8]], &[2, 2], 2), [1, 2, 5, 6, 3, 4, 7, 8]);
        assert_eq!(strides(&[2, 3, 4]), [12, 4, 1]);
    }
}
