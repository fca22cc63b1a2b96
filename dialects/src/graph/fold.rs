//! Folders of the graph ops: ops that do nothing, and data movement of constants.
//!
//! | op | folds to |
//! |---|---|
//! | `graph.reshape` | its input when the result type equals the input type; a constant of the result's shape when the input is a constant (same bytes: `dense<...>` data or the same `dense_resource` blob) |
//! | `graph.transpose` | its input when `perm` is `0, 1, ..., rank - 1` and the types are equal |
//! | `graph.pad` | its input when every padding is 0 and the types are equal |
//! | `graph.slice` | a constant, when its input is one and `begin`/`size` are known |
//! | `graph.reverse_v2` | a constant, when its input is one and `axes` are known |
//! | `graph.gather`, `graph.gather_nd` | a constant, when params and indices are constants (indices in range) |
//! | `graph.split`, `graph.split_v`, `graph.unpack` | one constant per result, when the input is a constant and the pieces are known |
//!
//! A fold to the input needs the exact same type (quantization included): a value's type never
//! changes under its users. `perm` and `paddings` are read from the attribute or from a constant
//! operand.

use super::attributes::{i64_array, int_elements};
use super::builders::get_int;
use super::ops::{gather_axes, gather_nd_shape, pieces, reverse_axes, slice_shape};
use mc_ir::{AttrKind, Attribute, Context, FoldResult, Folded, OpId};

/// The op's operand `index`, as a fold result.
fn operand(ctx: &Context, op: OpId, index: usize) -> Folded {
    Folded::Results(vec![FoldResult::Value(ctx.operation(op).operand(index))])
}

/// True if the op's first operand has the type of its result.
fn same_type_as_input(ctx: &Context, op: OpId) -> bool {
    let operation = ctx.operation(op);
    ctx.value_type(operation.operand(0)) == operation.result_type(0)
}

/// A list given as constant operand `index` (its value in `constants`) or as attribute `attr`.
fn list(ctx: &Context, op: OpId, constants: &[Option<Attribute>], index: usize, attr: &str) -> Option<Vec<i64>> {
    match constants.len() > index {
        true => int_elements(ctx, constants[index]?),
        false => i64_array(ctx, ctx.attr(op, attr)?),
    }
}

/// `reshape(x)` → `x` for equal types; `reshape(constant)` → the constant in the result's shape.
pub(super) fn fold_reshape(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Folded {
    if same_type_as_input(ctx, op) {
        return operand(ctx, op, 0);
    }
    let Some(input) = constants.first().copied().flatten() else { return Folded::Unchanged };
    let Some((shape, _)) = ctx.tensor_parts(ctx.operation(op).result_type(0)) else { return Folded::Unchanged };
    let shape = shape.to_vec();
    // The value keeps its own element type (the storage type of a quantized constant, or the
    // quantized type itself); the materializer checks it against the result type.
    let reshaped = match ctx.attr_kind(input).clone() {
        AttrKind::DenseElements { ty, splat, data } => {
            let ty = ctx.tensor_type(shape, ctx.element_type(ty));
            AttrKind::DenseElements { ty, splat, data }
        }
        AttrKind::DenseResource { name, ty } => {
            let ty = ctx.tensor_type(shape, ctx.element_type(ty));
            AttrKind::DenseResource { name, ty }
        }
        _ => return Folded::Unchanged,
    };
    Folded::Results(vec![FoldResult::Attr(ctx.intern_attr(reshaped))])
}

/// `transpose(x, perm = identity)` → `x`.
pub(super) fn fold_transpose(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Folded {
    if !same_type_as_input(ctx, op) {
        return Folded::Unchanged;
    }
    match list(ctx, op, constants, 1, "perm") {
        Some(perm) if perm.iter().enumerate().all(|(i, &p)| p == i as i64) => operand(ctx, op, 0),
        _ => Folded::Unchanged,
    }
}

/// `pad(x, paddings = 0)` → `x`.
pub(super) fn fold_pad(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Folded {
    if !same_type_as_input(ctx, op) {
        return Folded::Unchanged;
    }
    match list(ctx, op, constants, 1, "paddings") {
        Some(paddings) if paddings.iter().all(|&p| p == 0) => operand(ctx, op, 0),
        _ => Folded::Unchanged,
    }
}

/// The bytes of every element of the constant `attr` (a splat expanded) and each element's size;
/// `None` for other attributes and for constants without elements.
fn constant_bytes(ctx: &Context, attr: Attribute) -> Option<(Vec<u8>, usize)> {
    let (ty, splat, data) = match ctx.attr_kind(attr) {
        AttrKind::DenseElements { ty, splat, data } => (*ty, *splat, data.as_slice()),
        AttrKind::DenseResource { name, ty } => (*ty, false, ctx.resources.get(name)?.data.as_slice()),
        _ => return None,
    };
    let size = ctx.scalar_byte_size(ctx.element_type(ty))?;
    let count = usize::try_from(ctx.num_elements(ty)?).ok()?;
    match splat {
        true if data.len() == size => Some((data.repeat(count), size)),
        false if data.len() == count * size && count > 0 => Some((data.to_vec(), size)),
        _ => None,
    }
}

/// The constant of the op's result shape whose element `i` (row-major) is element `sources[i]`
/// of the constant `input`: how data movement folds. The value keeps the input's element type.
pub(super) fn rearranged(ctx: &mut Context, op: OpId, input: Attribute, sources: &[usize]) -> Folded {
    rearranged_results(ctx, op, input, &[sources.to_vec()])
}

/// [`rearranged`] for each result of the op: result `r`'s element `i` is element
/// `sources[r][i]` of `input`.
fn rearranged_results(ctx: &mut Context, op: OpId, input: Attribute, sources: &[Vec<usize>]) -> Folded {
    let Some((bytes, size)) = constant_bytes(ctx, input) else { return Folded::Unchanged };
    let Some(element) = ctx.attr_type(input).map(|ty| ctx.element_type(ty)) else { return Folded::Unchanged };
    let count = bytes.len() / size;
    let mut results = Vec::with_capacity(sources.len());
    for (index, sources) in sources.iter().enumerate() {
        let Some((shape, _)) = ctx.tensor_parts(ctx.operation(op).result_type(index)) else {
            return Folded::Unchanged;
        };
        let shape = shape.to_vec();
        if sources.iter().any(|&source| source >= count) {
            return Folded::Unchanged;
        }
        let data: Vec<u8> =
            sources.iter().flat_map(|&source| &bytes[source * size..(source + 1) * size]).copied().collect();
        let ty = ctx.tensor_type(shape, element);
        results.push(FoldResult::Attr(ctx.intern_attr(AttrKind::DenseElements { ty, splat: false, data })));
    }
    Folded::Results(results)
}

/// `split(constant)`, `split_v(constant)`, `unpack(constant)` → one constant per result, when
/// the pieces are known.
pub(super) fn fold_pieces(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Folded {
    let Some(input) = constants.first().copied().flatten() else { return Folded::Unchanged };
    let (Some(pieces), Some(shape)) = (pieces(ctx, op), operand_shape(ctx, op, 0)) else { return Folded::Unchanged };
    let (axis, dim) = (pieces.axis, shape[pieces.axis]);
    let inner: i64 = shape[axis + 1..].iter().product();
    let outer: i64 = shape[..axis].iter().product();
    let sources: Vec<Vec<usize>> = pieces
        .ranges
        .iter()
        .map(|&(offset, size)| {
            (0..outer).flat_map(|k| (0..size * inner).map(move |j| ((k * dim + offset) * inner + j) as usize)).collect()
        })
        .collect();
    rearranged_results(ctx, op, input, &sources)
}

/// Every index of `shape`, row-major.
pub(super) fn indices(shape: &[i64]) -> impl Iterator<Item = Vec<i64>> + '_ {
    let count: i64 = shape.iter().product();
    (0..count.max(0)).map(move |mut flat| {
        let mut index = vec![0; shape.len()];
        for (i, &d) in shape.iter().enumerate().rev() {
            index[i] = flat % d;
            flat /= d;
        }
        index
    })
}

/// The row-major flat position of `index` in `shape`.
pub(super) fn flat_index(shape: &[i64], index: &[i64]) -> usize {
    index.iter().zip(shape).fold(0, |flat, (&i, &d)| flat * d + i) as usize
}

/// The shape of the op's operand `index`.
fn operand_shape(ctx: &Context, op: OpId, index: usize) -> Option<Vec<i64>> {
    ctx.tensor_parts(ctx.value_type(ctx.operation(op).operand(index))).map(|(shape, _)| shape.to_vec())
}

/// `slice(constant)` → the sliced constant.
pub(super) fn fold_slice(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Folded {
    let Some(input) = constants.first().copied().flatten() else { return Folded::Unchanged };
    let (Some(begin), Some(size), Some(shape)) =
        (list(ctx, op, constants, 1, "begin"), list(ctx, op, constants, 2, "size"), operand_shape(ctx, op, 0))
    else {
        return Folded::Unchanged;
    };
    let Ok(result_shape) = slice_shape(&shape, &begin, &size) else { return Folded::Unchanged };
    let sources: Vec<usize> = indices(&result_shape)
        .map(|index| {
            let moved: Vec<i64> = index.iter().zip(&begin).map(|(&i, &b)| i + b).collect();
            flat_index(&shape, &moved)
        })
        .collect();
    rearranged(ctx, op, input, &sources)
}

/// The shapes of the op's first two operands and their constant values as integers (indices),
/// or `None`.
fn params_and_indices(
    ctx: &Context,
    op: OpId,
    constants: &[Option<Attribute>],
) -> Option<(Vec<i64>, Vec<i64>, Vec<i64>)> {
    let indices = int_elements(ctx, constants.get(1).copied().flatten()?)?;
    Some((operand_shape(ctx, op, 0)?, operand_shape(ctx, op, 1)?, indices))
}

/// `gather(constant, constant)` → the gathered constant.
pub(super) fn fold_gather(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Folded {
    let Some(params) = constants.first().copied().flatten() else { return Folded::Unchanged };
    let Some((shape, indices_shape, values)) = params_and_indices(ctx, op, constants) else { return Folded::Unchanged };
    let (Some(axis), Some(batch_dims)) = (get_int(ctx, op, "axis"), get_int(ctx, op, "batch_dims")) else {
        return Folded::Unchanged;
    };
    let Ok(axes) = gather_axes(&shape, &indices_shape, axis, batch_dims) else { return Folded::Unchanged };
    let (axis, batch_dims) = (axes.axis, axes.batch_dims);
    let coords = indices_shape.len() - batch_dims;
    let result_shape: Vec<i64> =
        shape[..axis].iter().chain(&indices_shape[batch_dims..]).chain(&shape[axis + 1..]).copied().collect();
    let mut sources = Vec::new();
    for index in indices(&result_shape) {
        let position: Vec<i64> = index[..batch_dims].iter().chain(&index[axis..axis + coords]).copied().collect();
        let coordinate = values[flat_index(&indices_shape, &position)];
        if !(0..shape[axis]).contains(&coordinate) {
            return Folded::Unchanged;
        }
        let read: Vec<i64> =
            index[..axis].iter().chain([&coordinate]).chain(&index[axis + coords..]).copied().collect();
        sources.push(flat_index(&shape, &read));
    }
    rearranged(ctx, op, params, &sources)
}

/// `gather_nd(constant, constant)` → the gathered constant.
pub(super) fn fold_gather_nd(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Folded {
    let Some(params) = constants.first().copied().flatten() else { return Folded::Unchanged };
    let Some((shape, indices_shape, values)) = params_and_indices(ctx, op, constants) else { return Folded::Unchanged };
    let Ok(result_shape) = gather_nd_shape(&shape, &indices_shape) else { return Folded::Unchanged };
    let nd = indices_shape[indices_shape.len() - 1] as usize;
    let tuples = indices_shape.len() - 1;
    let mut sources = Vec::new();
    for index in indices(&result_shape) {
        let tuple = flat_index(&indices_shape[..tuples], &index[..tuples]) * nd;
        let coordinates = &values[tuple..tuple + nd];
        if coordinates.iter().zip(&shape).any(|(c, &d)| !(0..d).contains(c)) {
            return Folded::Unchanged;
        }
        let read: Vec<i64> = coordinates.iter().chain(&index[tuples..]).copied().collect();
        sources.push(flat_index(&shape, &read));
    }
    rearranged(ctx, op, params, &sources)
}

/// `reverse_v2(constant)` → the reversed constant.
pub(super) fn fold_reverse_v2(ctx: &mut Context, op: OpId, constants: &[Option<Attribute>]) -> Folded {
    let Some(input) = constants.first().copied().flatten() else { return Folded::Unchanged };
    let (Some(axes), Some(shape)) = (list(ctx, op, constants, 1, "axes"), operand_shape(ctx, op, 0)) else {
        return Folded::Unchanged;
    };
    let Ok(axes) = reverse_axes(shape.len(), &axes) else { return Folded::Unchanged };
    let sources: Vec<usize> = indices(&shape)
        .map(|mut index| {
            for &axis in &axes {
                index[axis] = shape[axis] - 1 - index[axis];
            }
            flat_index(&shape, &index)
        })
        .collect();
    rearranged(ctx, op, input, &sources)
}
