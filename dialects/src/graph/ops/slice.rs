//! Slicing.
//!
//! | op | operands | attributes | result | TFLite builtin |
//! |---|---|---|---|---|
//! | `graph.strided_slice` | `input`, then `begin`, `end`, `strides` (1-D i32) as operands, or none | `begin_mask`, `end_mask`, `ellipsis_mask`, `new_axis_mask`, `shrink_axis_mask`, `offset` (bool); `begin`, `end`, `strides` if not operands | TFLite's `StridedSlice` shape, rank ≤ 5 | `STRIDED_SLICE` (45) |
//! | `graph.slice` | `input`, then `begin`, `size` (1-D i32 or i64) as operands, or none | `begin`, `size` if not operands | `size[i]`, or `input[i] - begin[i]` where `size[i]` is -1; rank ≤ 5 | `SLICE` (65) |
//! | `graph.dynamic_update_slice` | `operand`, `update` (same rank, each dimension at most the operand's), `start_indices` (1-D i32 or i64, one per dimension; run-time values allowed) | — | the operand's type: the operand with `update` written from the start indices, clamped into range | `DYNAMIC_UPDATE_SLICE` (151) |
//!
//! The result's shape and which input elements it reads follow TFLite's `StridedSlice`
//! (`BuildStridedSliceParams`, the reference kernel): [`strided_slice_axes`]; a `slice` reads
//! `input[begin + i]` ([`slice_shape`], with TFLite Micro's `GetValidatedBeginAndSizeVectors`
//! checks: `0 <= begin <= input`, `0 <= size <= input - begin`).
//!
//! Quantization: the result's quantization is the input's, or another per-tensor quantization of
//! its storage (TFLite Micro copies the stored values). A `slice` of a constant folds to a
//! constant.

use super::{OpEntry, op_entry};
use crate::graph::attributes::i64_array_attr;
use crate::graph::builders::{get_bool, get_int, int_attrs};
use crate::graph::canonicalize::{slice_patterns, strided_slice_patterns};
use crate::graph::fold::fold_slice;
use crate::graph::shape_arithmetic::fold_strided_slice;
use crate::graph::shape_inference::{Inference, ShapeQuery, same_as_input};
use crate::graph::shapes::shape_to_string;
use crate::graph::verify::{Checker, Checks, INT_LIST, INT32_LIST, verify_op};
use mc_ir::{Attribute, Builder, Context, OpId, Type, Value, define_op};

/// Most dimensions of `strided_slice`, before and after adding new axes.
pub const MAX_STRIDED_SLICE_RANK: usize = 5;

/// Most dimensions of `slice` (TFLite Micro's `kMaxDim`).
pub const MAX_SLICE_RANK: usize = 5;

define_op! {
    /// TFLite's `STRIDED_SLICE`: `begin`, `end`, `strides` as three 1-D operands or as three
    /// attributes, with TFLite's masks and `offset`.
    pub struct StridedSliceOp = "graph.strided_slice" {
        summary: "strided slice",
        traits: [PURE],
        operands: [input],
        optional_operands: [begin_operand, end_operand, strides_operand],
        results: [result],
        attributes: [
            begin_mask: Integer, end_mask: Integer, ellipsis_mask: Integer, new_axis_mask: Integer,
            shrink_axis_mask: Integer, offset: Bool,
        ],
        optional_attributes: [begin: DenseArray, end: DenseArray, strides: DenseArray],
        verify: verify_op,
        fold: fold_strided_slice,
        canonicalize: strided_slice_patterns,
    }
}

define_op! {
    /// TFLite's `SLICE`: `size[i]` elements of dimension `i` from `begin[i]` on (`-1`: to the
    /// end); `begin` and `size` as two 1-D operands or as two attributes.
    pub struct SliceOp = "graph.slice" {
        summary: "slice",
        traits: [PURE],
        operands: [input],
        optional_operands: [begin_operand, size_operand],
        results: [result],
        attributes: [],
        optional_attributes: [begin: DenseArray, size: DenseArray],
        verify: verify_op,
        fold: fold_slice,
        canonicalize: slice_patterns,
    }
}

define_op! {
    /// TFLite's `DYNAMIC_UPDATE_SLICE`: `operand` with `update` written at `start_indices` (each
    /// clamped into `[0, operand - update]`, as TFLite Micro's `CalculateClampedStartIndices`).
    pub struct DynamicUpdateSliceOp = "graph.dynamic_update_slice" {
        summary: "write a slice at run-time indices",
        traits: [PURE],
        operands: [operand, update, start_indices],
        results: [result],
        attributes: [],
        verify: verify_op,
    }
}

/// Most dimensions of `dynamic_update_slice` (TFLite Micro's `kMaxDimensions`).
pub const MAX_DYNAMIC_UPDATE_SLICE_RANK: usize = 6;

/// The family's ops.
pub(super) const OPS: &[OpEntry] = &[
    op_entry!(StridedSliceOp, Checks::Signature(check_strided_slice), Some(infer_strided_slice))
        .with_lists(1, &["begin", "end", "strides"]),
    op_entry!(SliceOp, Checks::Signature(check_slice), Some(infer_slice)).with_lists(1, &["begin", "size"]),
    op_entry!(DynamicUpdateSliceOp, Checks::Signature(check_dynamic_update_slice), Some(same_as_input)),
];

impl DynamicUpdateSliceOp {
    /// Builds `graph.dynamic_update_slice` of `operand` with `update` at `start_indices`.
    pub fn build(b: &mut Builder<'_>, operand: Value, update: Value, start_indices: Value, result: Type) -> Self {
        DynamicUpdateSliceOp(b.create(Self::NAME, &[operand, update, start_indices], &[result], vec![], vec![]))
    }
}

/// TFLite Micro's `Prepare` checks: the update of the operand's type and rank, no larger in any
/// dimension, one start index per dimension; and its `Eval`'s rank limit.
fn check_dynamic_update_slice(c: &mut Checker<'_, '_>) {
    let (Some(operand), Some(update), Some(result)) =
        (c.operand("operand", 0), c.operand("update", 1), c.result("result"))
    else {
        return;
    };
    c.same_element("update", update, "operand", operand);
    c.same_element("result", result, "operand", operand);
    if operand.shape.len() > MAX_DYNAMIC_UPDATE_SLICE_RANK {
        c.error(format!(
            "operand has rank {}, above TFLite Micro's {MAX_DYNAMIC_UPDATE_SLICE_RANK}",
            operand.shape.len()
        ));
        return;
    }
    if update.shape.len() != operand.shape.len() || update.shape.iter().zip(operand.shape).any(|(u, o)| u > o) {
        c.error(format!(
            "update shape {} must have the operand's rank and fit in its shape {}",
            shape_to_string(update.shape),
            shape_to_string(operand.shape)
        ));
        return;
    }
    let Some(starts) = c.list_operand("start_indices", 2, INT_LIST) else { return };
    if starts != operand.shape.len() as i64 {
        c.error(format!(
            "start_indices must hold {} indices (one per dimension), but hold {starts}",
            operand.shape.len()
        ));
        return;
    }
    c.check_inferred();
}

/// The masks of `graph.strided_slice` (TFLite's `StridedSliceOptions`).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct StridedSliceAttrs {
    /// Bit `i`: start dimension `i` at its first element (last for negative strides).
    pub begin_mask: i64,
    /// Bit `i`: run dimension `i` to its end.
    pub end_mask: i64,
    /// Bit `i`: entry `i` is an ellipsis.
    pub ellipsis_mask: i64,
    /// Bit `i`: entry `i` inserts a dimension of size 1.
    pub new_axis_mask: i64,
    /// Bit `i`: entry `i` selects one index and removes the dimension.
    pub shrink_axis_mask: i64,
    /// `end` holds lengths relative to `begin`.
    pub offset: bool,
}

/// The integer attributes `names` of `op`, if all are present and fit in `i64`.
fn get_ints<const N: usize>(ctx: &Context, op: OpId, names: [&str; N]) -> Option<[i64; N]> {
    let mut values = [0; N];
    for (value, name) in values.iter_mut().zip(names) {
        *value = get_int(ctx, op, name)?;
    }
    Some(values)
}

impl StridedSliceAttrs {
    const MASKS: [&str; 5] = ["begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask"];

    fn read(ctx: &Context, op: OpId) -> Option<Self> {
        let [begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask] = get_ints(ctx, op, Self::MASKS)?;
        let offset = get_bool(ctx, op, "offset")?;
        Some(StridedSliceAttrs { begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask, offset })
    }

    fn to_attrs(self, ctx: &mut Context) -> Vec<(String, Attribute)> {
        let offset = ctx.bool_attr(self.offset);
        let values = [self.begin_mask, self.end_mask, self.ellipsis_mask, self.new_axis_mask, self.shrink_axis_mask];
        let named: Vec<(&str, i64)> = Self::MASKS.into_iter().zip(values).collect();
        let mut attrs = int_attrs(ctx, &named);
        attrs.push(("offset".to_string(), offset));
        attrs
    }
}

impl StridedSliceOp {
    /// Builds `graph.strided_slice` with `begin`, `end` and `strides` operands.
    pub fn build(
        b: &mut Builder<'_>,
        input: Value,
        begin: Value,
        end: Value,
        strides: Value,
        attrs: &StridedSliceAttrs,
        result: Type,
    ) -> Self {
        let attrs = attrs.to_attrs(b.ctx);
        StridedSliceOp(b.create(Self::NAME, &[input, begin, end, strides], &[result], attrs, vec![]))
    }

    /// Builds `graph.strided_slice` with `begin`, `end` and `strides` attributes.
    pub fn build_static(
        b: &mut Builder<'_>,
        input: Value,
        begin: &[i64],
        end: &[i64],
        strides: &[i64],
        attrs: &StridedSliceAttrs,
        result: Type,
    ) -> Self {
        let mut named = attrs.to_attrs(b.ctx);
        named.push(("begin".to_string(), i64_array_attr(b.ctx, begin)));
        named.push(("end".to_string(), i64_array_attr(b.ctx, end)));
        named.push(("strides".to_string(), i64_array_attr(b.ctx, strides)));
        StridedSliceOp(b.create(Self::NAME, &[input], &[result], named, vec![]))
    }

    /// The masks and `offset`, if well-formed.
    pub fn attrs(self, ctx: &Context) -> Option<StridedSliceAttrs> {
        StridedSliceAttrs::read(ctx, self.0)
    }
}
impl SliceOp {
    /// Builds `graph.slice` with `begin` and `size` operands, or with `begin` and `size`
    /// attributes (`lists`).
    pub fn build(
        b: &mut Builder<'_>,
        input: Value,
        operands: Option<(Value, Value)>,
        lists: Option<(&[i64], &[i64])>,
        result: Type,
    ) -> Self {
        let mut named = Vec::new();
        if let Some((begin, size)) = lists {
            named.push(("begin".to_string(), i64_array_attr(b.ctx, begin)));
            named.push(("size".to_string(), i64_array_attr(b.ctx, size)));
        }
        let operands = match operands {
            Some((begin, size)) => vec![input, begin, size],
            None => vec![input],
        };
        SliceOp(b.create(Self::NAME, &operands, &[result], named, vec![]))
    }
}

fn check_slice(c: &mut Checker<'_, '_>) {
    let (ctx, op) = (c.ctx, c.op);
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    c.same_storage("result", result, "input", input);
    let attrs = ["begin", "size"].map(|name| ctx.attr(op, name).is_some());
    match (c.num_operands(), attrs) {
        (3, [false, false]) => {
            let (b, s) = (c.list_operand("begin operand", 1, INT_LIST), c.list_operand("size operand", 2, INT_LIST));
            if let (Some(b), Some(s)) = (b, s)
                && b != s
            {
                c.error(format!("begin and size operands must have the same length, but have {b} and {s}"));
            }
            let kinds = [1, 2].map(|index| c.parts(c.operand_type(index)).map(|(_, e)| e));
            if kinds[0] != kinds[1] {
                c.error("begin and size operands must have the same element type");
            }
        }
        (1, [true, true]) => {}
        _ => c.error("requires begin and size, both as operands or both as attributes"),
    }
    c.check_inferred();
}

/// The slice's shape, when `begin` and `size` are known.
fn infer_slice(q: &ShapeQuery<'_>) -> Inference {
    let (Some(begin), Some(size)) = (q.list(1, "begin")?, q.list(2, "size")?) else { return Ok(None) };
    q.one(slice_shape(q.shape(0)?, &begin, &size))
}

/// `slice`: the result's shape (`size[i]`, or what remains after `begin[i]` for `-1`), with
/// TFLite Micro's checks: as many entries as dimensions, rank at most [`MAX_SLICE_RANK`],
/// `0 <= begin[i] <= input[i]` and `0 <= size[i] <= input[i] - begin[i]`.
pub fn slice_shape(input: &[i64], begin: &[i64], size: &[i64]) -> Result<Vec<i64>, String> {
    if input.len() > MAX_SLICE_RANK {
        return Err(format!(
            "slice supports inputs of rank at most {MAX_SLICE_RANK}, but the input has rank {}",
            input.len()
        ));
    }
    if begin.len() != input.len() || size.len() != input.len() {
        return Err(format!(
            "begin and size must have one entry per input dimension ({}), but have {} and {}",
            input.len(),
            begin.len(),
            size.len()
        ));
    }
    let mut shape = Vec::with_capacity(input.len());
    for (i, ((&d, &b), &s)) in input.iter().zip(begin).zip(size).enumerate() {
        if !(0..=d).contains(&b) {
            return Err(format!("begin {b} of dimension {i} is outside [0, {d}]"));
        }
        let resolved = if s == -1 { d - b } else { s };
        if !(0..=d - b).contains(&resolved) {
            return Err(format!("size {s} of dimension {i} does not fit: {} elements remain after begin {b}", d - b));
        }
        shape.push(resolved);
    }
    Ok(shape)
}

fn check_strided_slice(c: &mut Checker<'_, '_>) {
    let (ctx, op) = (c.ctx, c.op);
    for name in ["begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask"] {
        c.int_attr(name, 0);
    }
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    c.same_storage("result", result, "input", input);
    let attrs = ["begin", "end", "strides"].map(|name| ctx.attr(op, name).is_some());
    match (c.num_operands(), attrs) {
        (4, [false, false, false]) => {
            let lengths = [
                c.list_operand("begin operand", 1, INT32_LIST),
                c.list_operand("end operand", 2, INT32_LIST),
                c.list_operand("strides operand", 3, INT32_LIST),
            ];
            if let [Some(b), Some(e), Some(s)] = lengths
                && (b != e || b != s)
            {
                c.error(format!(
                    "begin, end and strides operands must have the same length, but have {b}, {e} and {s}"
                ));
            }
        }
        (1, [true, true, true]) => {}
        _ => c.error("requires begin, end and strides, all as operands or all as attributes"),
    }
    c.check_inferred();
}

/// TFLite's `StridedSlice` shape, when `begin`, `end` and `strides` are known.
fn infer_strided_slice(q: &ShapeQuery<'_>) -> Inference {
    let (Some(begin), Some(end), Some(strides)) = (q.list(1, "begin")?, q.list(2, "end")?, q.list(3, "strides")?)
    else {
        return Ok(None);
    };
    let spec = StridedSliceSpec {
        begin,
        end,
        strides,
        begin_mask: q.int_attr("begin_mask")?,
        end_mask: q.int_attr("end_mask")?,
        ellipsis_mask: q.int_attr("ellipsis_mask")?,
        new_axis_mask: q.int_attr("new_axis_mask")?,
        shrink_axis_mask: q.int_attr("shrink_axis_mask")?,
        offset: q.bool_attr("offset")?,
    };
    q.one(strided_slice_shape(q.shape(0)?, &spec))
}

/// The index lists and masks of a `strided_slice`.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct StridedSliceSpec {
    /// First index per sliced dimension.
    pub begin: Vec<i64>,
    /// End index (exclusive), or the slice length with `offset`.
    pub end: Vec<i64>,
    /// Step per sliced dimension (non-zero).
    pub strides: Vec<i64>,
    /// Bit `i` set: ignore `begin[i]`, start at the first (or last, for negative strides) element.
    pub begin_mask: i64,
    /// Bit `i` set: ignore `end[i]`, run to the end.
    pub end_mask: i64,
    /// Bit `i` set: entry `i` stands for as many full dimensions as the spec leaves unnamed.
    pub ellipsis_mask: i64,
    /// Bit `i` set: entry `i` inserts a new dimension of size 1.
    pub new_axis_mask: i64,
    /// Bit `i` set: entry `i` picks one index and removes the dimension.
    pub shrink_axis_mask: i64,
    /// `end` holds lengths relative to `begin`.
    pub offset: bool,
}

/// One dimension of a strided slice after ellipsis and new-axis expansion (TFLite's effective
/// `StridedSliceParams` and effective input shape).
#[derive(Clone, Copy, Debug)]
struct SliceDim {
    size: i64,
    start: i64,
    stop: i64,
    stride: i64,
    begin_mask: bool,
    end_mask: bool,
    shrink: bool,
    /// Length used with `offset`: `stop` for named dimensions, the whole (or new) dimension otherwise.
    offset_len: i64,
    /// The input dimension this one reads (`None` for a new axis).
    input_dim: Option<usize>,
}

fn bit(mask: i64, i: i64) -> bool {
    (0..63).contains(&i) && (mask >> i) & 1 == 1
}

/// Expands ellipsis and new axes into one entry per effective dimension, as TFLite's
/// `BuildStridedSliceParams` does.
fn strided_slice_dims(input: &[i64], s: &StridedSliceSpec) -> Result<Vec<SliceDim>, String> {
    let n = s.begin.len() as i64;
    let input_dims = input.len() as i64;
    let num_add_axis = (0..n).filter(|&i| !bit(s.ellipsis_mask, i) && bit(s.new_axis_mask, i)).count() as i64;
    let effective_dims = input_dims + num_add_axis;
    if effective_dims as usize > MAX_STRIDED_SLICE_RANK {
        return Err(format!(
            "strided_slice supports at most {MAX_STRIDED_SLICE_RANK} dimensions including new axes, but needs {effective_dims}"
        ));
    }
    let (mut ellipsis, mut new_axis) = (0i64, 0i64);
    let (mut ellipsis_start, mut expanded) = (effective_dims, 0i64);
    let mut i = 0;
    while i < effective_dims {
        if bit(s.ellipsis_mask, i) {
            ellipsis_start = i;
            let end = (i + 1).max((i + 1 + num_add_axis + input_dims - n).min(effective_dims));
            expanded = end - ellipsis_start - 1;
            while i < end {
                ellipsis |= 1 << i;
                i += 1;
            }
            continue;
        }
        if bit(s.new_axis_mask, i - expanded) {
            new_axis |= 1 << i;
        }
        i += 1;
    }
    let misfit = || "the strided_slice spec does not fit the input's rank".to_string();
    let input_dim = |i: i64| input.get(i as usize).copied().ok_or_else(misfit);
    let (mut added_ellipsis, mut added_axes) = (0i64, 0i64);
    let full = |size, input_dim| SliceDim {
        size,
        start: 0,
        stop: 0,
        stride: 1,
        begin_mask: true,
        end_mask: true,
        shrink: false,
        offset_len: size,
        input_dim: Some(input_dim),
    };
    let mut dims = Vec::new();
    for i in 0..effective_dims {
        let dim = if bit(ellipsis, i) {
            added_ellipsis = (i - ellipsis_start).max(0);
            full(input_dim(i - added_axes)?, (i - added_axes) as usize)
        } else if bit(new_axis, i) {
            added_axes += 1;
            SliceDim {
                size: 1,
                start: 0,
                stop: 1,
                stride: 1,
                begin_mask: false,
                end_mask: false,
                shrink: false,
                offset_len: 1,
                input_dim: None,
            }
        } else if i >= n + expanded {
            full(input_dim(i - added_axes)?, (i - added_axes) as usize)
        } else {
            let orig = (i - added_ellipsis) as usize;
            if orig >= s.begin.len() {
                return Err(misfit());
            }
            SliceDim {
                size: input_dim(i - added_axes)?,
                start: s.begin[orig],
                stop: s.end[orig],
                stride: s.strides[orig],
                begin_mask: bit(s.begin_mask, orig as i64),
                end_mask: bit(s.end_mask, orig as i64),
                shrink: bit(s.shrink_axis_mask, orig as i64),
                offset_len: s.end[orig],
                input_dim: Some((i - added_axes) as usize),
            }
        };
        dims.push(dim);
    }
    Ok(dims)
}

/// TFLite's `StridedSliceStartForAxis`.
fn slice_start(d: &SliceDim) -> i64 {
    let mut start = d.start;
    if start < 0 {
        start += d.size;
    }
    start = if d.stride > 0 { start.clamp(0, d.size) } else { start.clamp(-1, (d.size - 1).max(-1)) };
    if d.begin_mask {
        start = if d.stride > 0 { 0 } else { d.size - 1 };
    }
    start
}

/// TFLite's `StridedSliceEndForAxis` (for dimensions that are not shrunk).
fn slice_end(d: &SliceDim) -> i64 {
    let mut end = d.stop;
    if end < 0 {
        end += d.size;
    }
    end = if d.stride > 0 { end.clamp(0, d.size) } else { end.clamp(-1, (d.size - 1).max(-1)) };
    if d.end_mask {
        end = if d.stride > 0 { d.size } else { -1 };
    }
    end
}

/// `ceil(a / b)` for non-zero `b`, exactly (TFLite computes it in `float`).
fn ceil_div(a: i64, b: i64) -> i64 {
    let (q, r) = (a / b, a % b);
    if r != 0 && ((r > 0) == (b > 0)) { q + 1 } else { q }
}

/// How a strided slice reads one dimension of its (effective) input, in result order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SliceAxis {
    /// The input dimension read; `None` for a new axis (its one result index reads nothing).
    pub input_dim: Option<usize>,
    /// The first input index read (TFLite's `StridedSliceStartForAxis`).
    pub start: i64,
    /// The step between input indices (non-zero).
    pub stride: i64,
    /// The result extent, `None` for a shrunk axis (only `start` is read, no result dimension).
    pub size: Option<i64>,
}

/// `strided_slice`: how each dimension is read, after ellipsis and new-axis expansion, as
/// TFLite's `BuildStridedSliceParams` and reference kernel do: result index `i` of a kept axis
/// reads input index `start + i · stride`.
pub fn strided_slice_axes(input: &[i64], spec: &StridedSliceSpec) -> Result<Vec<SliceAxis>, String> {
    let n = spec.begin.len();
    if spec.end.len() != n || spec.strides.len() != n {
        return Err(format!(
            "begin, end and strides must have the same length, but have {}, {} and {}",
            n,
            spec.end.len(),
            spec.strides.len()
        ));
    }
    if input.len() > MAX_STRIDED_SLICE_RANK {
        return Err(format!(
            "strided_slice supports inputs of rank at most {MAX_STRIDED_SLICE_RANK}, but the input has rank {}",
            input.len()
        ));
    }
    let dims = strided_slice_dims(input, spec)?;
    let mut axes = Vec::new();
    for (i, d) in dims.iter().enumerate() {
        if d.stride == 0 {
            return Err(format!("stride of dimension {i} must be non-zero"));
        }
        let start = slice_start(d);
        let size = (!d.shrink).then(|| {
            let length = if spec.offset { d.offset_len } else { slice_end(d) - start };
            ceil_div(length, d.stride).max(0)
        });
        axes.push(SliceAxis { input_dim: d.input_dim, start, stride: d.stride, size });
    }
    Ok(axes)
}

/// `strided_slice`: TFLite's output shape, including ellipsis, new axes, shrunk axes and `offset`.
pub fn strided_slice_shape(input: &[i64], spec: &StridedSliceSpec) -> Result<Vec<i64>, String> {
    Ok(strided_slice_axes(input, spec)?.iter().filter_map(|axis| axis.size).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slice(begin: &[i64], end: &[i64], strides: &[i64]) -> StridedSliceSpec {
        StridedSliceSpec { begin: begin.to_vec(), end: end.to_vec(), strides: strides.to_vec(), ..Default::default() }
    }

    #[test]
    fn strided_slices() {
        let input = [1, 49, 10, 8];
        // Plain slice, negative end.
        assert_eq!(
            strided_slice_shape(&input, &slice(&[0, 1, 0, 0], &[1, -1, 10, 8], &[1, 1, 1, 1])),
            Ok(vec![1, 47, 10, 8])
        );
        // Stride 2 rounds up; masks take whole dimensions.
        let mut s = slice(&[0, 1, 0, 0], &[0, 0, 0, 0], &[1, 2, 3, 1]);
        s.begin_mask = 0b1101;
        s.end_mask = 0b1111;
        assert_eq!(strided_slice_shape(&input, &s), Ok(vec![1, 24, 4, 8]));
        // Negative stride walks backwards.
        assert_eq!(strided_slice_shape(&[5], &slice(&[-1], &[-6], &[-1])), Ok(vec![5]));
        assert_eq!(strided_slice_shape(&[5], &slice(&[4], &[0], &[-2])), Ok(vec![2]));
        // Shrinking drops the dimension; a shorter spec keeps trailing dimensions whole.
        let mut s = slice(&[0, 3], &[1, 4], &[1, 1]);
        s.shrink_axis_mask = 0b10;
        assert_eq!(strided_slice_shape(&input, &s), Ok(vec![1, 10, 8]));
        // Ellipsis expands to the unnamed dimensions; a new axis adds a 1.
        let mut s = slice(&[0, 0, 2], &[0, 0, 4], &[1, 1, 1]);
        s.ellipsis_mask = 0b1;
        s.new_axis_mask = 0b10;
        assert_eq!(strided_slice_shape(&[2, 3, 6], &s), Ok(vec![2, 3, 1, 2]));
        // Offset: end holds lengths.
        let mut s = slice(&[1, 2], &[3, 2], &[1, 1]);
        s.offset = true;
        assert_eq!(strided_slice_shape(&[5, 6], &s), Ok(vec![3, 2]));
        // Out-of-range indices clamp; empty slices have size 0.
        assert_eq!(strided_slice_shape(&[5], &slice(&[3], &[100], &[1])), Ok(vec![2]));
        assert_eq!(strided_slice_shape(&[5], &slice(&[4], &[1], &[1])), Ok(vec![0]));
        assert!(strided_slice_shape(&[5], &slice(&[0], &[1], &[0])).unwrap_err().contains("non-zero"));
        assert!(strided_slice_shape(&[5], &slice(&[0], &[1, 2], &[1])).is_err());
        assert!(strided_slice_shape(&[1; 6], &slice(&[0], &[1], &[1])).is_err());
    }

    #[test]
    fn slices_resolve_minus_one_and_check_bounds() {
        assert_eq!(slice_shape(&[4, 5], &[1, 2], &[2, -1]), Ok(vec![2, 3]));
        assert_eq!(slice_shape(&[4, 5], &[4, 0], &[0, 5]), Ok(vec![0, 5]));
        assert_eq!(slice_shape(&[4], &[4], &[-1]), Ok(vec![0]));
        assert!(slice_shape(&[4], &[5], &[-1]).unwrap_err().contains("begin 5"));
        assert!(slice_shape(&[4], &[-1], &[1]).is_err());
        assert!(slice_shape(&[4], &[1], &[4]).unwrap_err().contains("3 elements remain"));
        assert!(slice_shape(&[4], &[1], &[-2]).is_err());
        assert!(slice_shape(&[4, 5], &[1], &[1]).is_err());
        assert!(slice_shape(&[1; 6], &[0; 6], &[1; 6]).is_err());
    }

    #[test]
    fn strided_slice_axes_give_start_and_stride_per_dimension() {
        let axis = |input_dim, start, stride, size| SliceAxis { input_dim, start, stride, size };
        // x[1, 4:0:-2]: the shrunk axis reads index 1; the kept one 4, 2.
        let mut s = slice(&[1, 4], &[2, 0], &[1, -2]);
        s.shrink_axis_mask = 0b01;
        assert_eq!(strided_slice_axes(&[4, 5], &s), Ok(vec![axis(Some(0), 1, 1, None), axis(Some(1), 4, -2, Some(2))]));
        // Negative begin counts from the end; begin_mask of a negative stride starts at the last.
        let mut s = slice(&[-2, 0], &[4, -6], &[1, -1]);
        s.begin_mask = 0b10;
        assert_eq!(
            strided_slice_axes(&[4, 5], &s),
            Ok(vec![axis(Some(0), 2, 1, Some(2)), axis(Some(1), 4, -1, Some(5))])
        );
        // A new axis reads no input dimension; an ellipsis keeps whole dimensions.
        let mut s = slice(&[0, 0, 1], &[0, 1, 3], &[1, 1, 1]);
        s.ellipsis_mask = 0b001;
        s.new_axis_mask = 0b010;
        assert_eq!(
            strided_slice_axes(&[2, 3, 4], &s),
            Ok(vec![
                axis(Some(0), 0, 1, Some(2)),
                axis(Some(1), 0, 1, Some(3)),
                axis(None, 0, 1, Some(1)),
                axis(Some(2), 1, 1, Some(2)),
            ])
        );
    }
}
