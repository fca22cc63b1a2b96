//! Result shapes of graph ops from their operands and attributes, with TFLite's arithmetic.
//!
//! The pure functions here (`fully_connected_shape`, `strided_slice_shape`, ...) mirror the
//! computations of TFLite's kernels (the `Prepare` functions of `fully_connected`, `reduce`, `pad`,
//! `transpose`, `reshape`, `concatenation`, `strided_slice`), with the arithmetic several ops share
//! (windows, broadcasting) in [`super::shapes`]; their errors are plain messages. [`infer`] applies them to an op, reading shape-like operands
//! (`shape`, `perm`, `axes`, `paddings`, `begin`/`end`/`strides`) when a `graph.const` defines
//! them, and [`infer_result_types`] turns the answer into result types (the `graph-infer-shapes`
//! pass uses it). Element types of results, quantization included, are never inferred: they come
//! from the model.

use super::attributes::{Padding, i64_array};
use super::ops::{self, *};
use super::shapes::{constant_ints, normalize_axis, shape_to_string};
use super::signature::Signature;
use mc_ir::{Context, Diagnostic, OpId, Type};

/// Most dimensions of `transpose` (TFLite's `TransposeParams` holds 6).
pub const MAX_TRANSPOSE_RANK: usize = 6;
/// Most dimensions of `pad` (TFLite's `PadKernelMaxDimensionCount`).
pub const MAX_PAD_RANK: usize = 5;
/// Most dimensions of `strided_slice`, before and after adding new axes.
pub const MAX_STRIDED_SLICE_RANK: usize = 5;

/// What inference determined about one result.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Inferred {
    /// The shape; the element type is the result's own (it carries the model's quantization).
    Shape(Vec<i64>),
    /// The whole type (e.g. a variable's value type).
    Type(Type),
}

/// `pad`: each dimension grows by its `[before, after]` pair; pairs must be non-negative.
pub fn pad_shape(input: &[i64], paddings: &[[i64; 2]]) -> Result<Vec<i64>, String> {
    if input.len() > MAX_PAD_RANK {
        return Err(format!(
            "pad supports inputs of rank at most {MAX_PAD_RANK}, but the input has rank {}",
            input.len()
        ));
    }
    if paddings.len() != input.len() {
        return Err(format!("paddings has {} rows, but the input has rank {}", paddings.len(), input.len()));
    }
    input
        .iter()
        .zip(paddings)
        .enumerate()
        .map(|(i, (&d, &[before, after]))| {
            if before < 0 || after < 0 {
                Err(format!("paddings of dimension {i} must be non-negative, but are [{before}, {after}]"))
            } else {
                Ok(d + before + after)
            }
        })
        .collect()
}

/// `transpose`: `result[i] = input[perm[i]]`; `perm` must be a permutation of `0..rank`.
pub fn transpose_shape(input: &[i64], perm: &[i64]) -> Result<Vec<i64>, String> {
    if input.len() > MAX_TRANSPOSE_RANK {
        return Err(format!(
            "transpose supports inputs of rank at most {MAX_TRANSPOSE_RANK}, but the input has rank {}",
            input.len()
        ));
    }
    let mut seen = vec![false; input.len()];
    let is_permutation = perm.len() == input.len()
        && perm
            .iter()
            .all(|&p| (0..input.len() as i64).contains(&p) && !std::mem::replace(&mut seen[p as usize], true));
    if !is_permutation {
        return Err(format!(
            "perm {} is not a permutation of the input's {} dimensions",
            shape_to_string(perm),
            input.len()
        ));
    }
    Ok(perm.iter().map(|&p| input[p as usize]).collect())
}

/// `reshape`: `new_shape` with its one allowed `-1` resolved so the element count is `count`.
pub fn reshape_shape(count: i64, new_shape: &[i64]) -> Result<Vec<i64>, String> {
    let mut stretch = None;
    for (i, &d) in new_shape.iter().enumerate() {
        match d {
            -1 if stretch.is_none() => stretch = Some(i),
            -1 => return Err(format!("new shape {} has more than one -1 dimension", shape_to_string(new_shape))),
            d if d < 0 => return Err(format!("new shape {} has a negative dimension", shape_to_string(new_shape))),
            _ => {}
        }
    }
    let known: i64 = new_shape.iter().filter(|&&d| d != -1).product();
    let mut shape = new_shape.to_vec();
    if let Some(i) = stretch {
        if known == 0 || count % known != 0 {
            return Err(format!(
                "cannot resolve the -1 dimension of new shape {} for {count} elements",
                shape_to_string(new_shape)
            ));
        }
        shape[i] = count / known;
    }
    let total: i64 = shape.iter().product();
    if total != count {
        return Err(format!(
            "new shape {} has {total} elements, but the input has {count}",
            shape_to_string(new_shape)
        ));
    }
    Ok(shape)
}

/// `concatenation`: inputs of equal rank agreeing on every dimension but `axis` (may be negative).
pub fn concat_shape(inputs: &[&[i64]], axis: i64) -> Result<Vec<i64>, String> {
    let Some(first) = inputs.first() else { return Err("requires at least one input".to_string()) };
    let axis = normalize_axis(axis, first.len())?;
    let mut shape = first.to_vec();
    for (index, input) in inputs.iter().enumerate().skip(1) {
        if input.len() != first.len() {
            return Err(format!("input #{index} has rank {}, but input #0 has rank {}", input.len(), first.len()));
        }
        for (d, (&a, &b)) in input.iter().zip(first.iter()).enumerate() {
            if d != axis && a != b {
                return Err(format!(
                    "input #{index} has shape {}, which differs from input #0 ({}) outside axis {axis}",
                    shape_to_string(input),
                    shape_to_string(first)
                ));
            }
        }
        shape[axis] += input[axis];
    }
    Ok(shape)
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

/// What a shape rule returns: what inference can tell about the results ([`infer`]).
pub(super) type Inference = Result<Option<Vec<Inferred>>, Diagnostic>;

/// A family's shape rule for one of its ops.
pub(super) type ShapeRule = fn(&ShapeQuery<'_>) -> Inference;

/// What a shape rule reads: the shapes of a signature's operands and the attributes of its op.
/// Its errors are diagnostics at the op.
pub(super) struct ShapeQuery<'a> {
    pub(super) ctx: &'a Context,
    pub(super) sig: &'a Signature<'a>,
}

impl<'a> ShapeQuery<'a> {
    /// An error at the signature's op.
    pub(super) fn error(&self, message: String) -> Diagnostic {
        self.sig.error(self.ctx, message)
    }

    /// How many operands the signature has.
    pub(super) fn num_operands(&self) -> usize {
        self.sig.operands.len()
    }

    /// The shape of operand `index`.
    pub(super) fn shape(&self, index: usize) -> Result<&'a [i64], Diagnostic> {
        self.sig
            .shaped
            .parts(self.ctx, self.sig.operands[index])
            .map(|(s, _)| s)
            .ok_or_else(|| self.error(format!("operand #{index} must be a {}", self.sig.shaped.noun())))
    }

    /// The shape of operand `index`, which must have rank `expected`.
    pub(super) fn rank(&self, index: usize, expected: usize) -> Result<&'a [i64], Diagnostic> {
        let s = self.shape(index)?;
        if s.len() != expected {
            return Err(self.error(format!("operand #{index} must have rank {expected}")));
        }
        Ok(s)
    }

    /// The integer attribute `attr`.
    pub(super) fn int_attr(&self, attr: &str) -> Result<i64, Diagnostic> {
        let (ctx, op) = (self.ctx, self.sig.op);
        ctx.attr(op, attr)
            .and_then(|a| ctx.integer_value(a))
            .map(|v| v as i64)
            .ok_or_else(|| self.error(format!("requires integer attribute '{attr}'")))
    }

    /// The bool attribute `attr`.
    pub(super) fn bool_attr(&self, attr: &str) -> Result<bool, Diagnostic> {
        let (ctx, op) = (self.ctx, self.sig.op);
        match ctx.attr(op, attr).map(|a| ctx.attr_kind(a)) {
            Some(mc_ir::AttrKind::Bool(b)) => Ok(*b),
            _ => Err(self.error(format!("requires bool attribute '{attr}'"))),
        }
    }

    /// The `padding` attribute.
    pub(super) fn padding(&self) -> Result<Padding, Diagnostic> {
        let (ctx, op) = (self.ctx, self.sig.op);
        ctx.attr(op, "padding")
            .and_then(|a| Padding::from_attr(ctx, a))
            .ok_or_else(|| self.error("requires a valid 'padding'".into()))
    }

    /// A list given as the constant operand `index` (if present) or as the attribute `attr`;
    /// `Ok(None)` if the operand is not constant.
    pub(super) fn list(&self, index: usize, attr: &str) -> Result<Option<Vec<i64>>, Diagnostic> {
        let (ctx, op) = (self.ctx, self.sig.op);
        if self.num_operands() > index {
            if !self.sig.has_own_operands() {
                return Ok(None);
            }
            return Ok(constant_ints(ctx, ctx.operation(op).operand(index)));
        }
        match ctx.attr(op, attr) {
            Some(a) => {
                i64_array(ctx, a).map(Some).ok_or_else(|| self.error(format!("'{attr}' must be an integer array")))
            }
            None => Ok(None),
        }
    }

    /// The one result's shape, or the error that there is none.
    pub(super) fn one(&self, shape: Result<Vec<i64>, String>) -> Inference {
        shape.map(|s| Some(vec![Inferred::Shape(s)])).map_err(|message| self.error(message))
    }
}

/// The shape rule of the ops whose result has their input's shape.
pub(super) fn same_as_input(q: &ShapeQuery<'_>) -> Inference {
    q.one(Ok(q.shape(0)?.to_vec()))
}

/// What inference can tell about `op`'s results: `Ok(None)` for ops it does not cover (constants,
/// variable handles) and when a shape-like operand is not a constant; an error when the operands
/// and attributes admit no result (a window that does not fit, incompatible broadcast, ...).
pub fn infer(ctx: &Context, op: OpId) -> Result<Option<Vec<Inferred>>, Diagnostic> {
    infer_signature(ctx, &Signature::of_op(ctx, op))
}

/// [`infer`] for a [`Signature`]: the shape rule of the graph op `sig.name` applied to
/// `sig.operands` and the attributes of `sig.op`. Shape-like operands are read from their
/// defining `graph.const` only when the operands are the op's own; otherwise (a kernel's) the
/// lists must be attributes.
pub fn infer_signature(ctx: &Context, sig: &Signature<'_>) -> Result<Option<Vec<Inferred>>, Diagnostic> {
    let q = ShapeQuery { ctx, sig };
    if let Some(entry) = ops::entry(sig.name) {
        return entry.infer.map_or(Ok(None), |rule| rule(&q));
    }
    match sig.name {
        ConcatenationOp::NAME => {
            let shapes = (0..q.num_operands()).map(|index| q.shape(index)).collect::<Result<Vec<_>, _>>()?;
            q.one(concat_shape(&shapes, q.int_attr("axis")?))
        }
        PadOp::NAME => match q.list(1, "paddings")? {
            Some(flat) if flat.len() % 2 == 0 => {
                let pairs: Vec<[i64; 2]> = flat.chunks(2).map(|p| [p[0], p[1]]).collect();
                q.one(pad_shape(q.shape(0)?, &pairs))
            }
            Some(flat) => Err(q.error(format!("paddings must hold pairs, but has {} values", flat.len()))),
            None => Ok(None),
        },
        TransposeOp::NAME => match q.list(1, "perm")? {
            Some(perm) => q.one(transpose_shape(q.shape(0)?, &perm)),
            None => Ok(None),
        },
        ReshapeOp::NAME => match q.list(1, "new_shape")? {
            Some(new_shape) => q.one(reshape_shape(q.shape(0)?.iter().product(), &new_shape)),
            None => Ok(None),
        },
        StridedSliceOp::NAME => {
            let (Some(begin), Some(end), Some(strides)) =
                (q.list(1, "begin")?, q.list(2, "end")?, q.list(3, "strides")?)
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
        _ => Ok(None),
    }
}

/// Result types of `op` from [`infer`]: inferred shapes keep each result's element type.
///
/// (Interning a result type needs `&mut Context`; [`infer`] is the read-only query.)
pub fn infer_result_types(ctx: &mut Context, op: OpId) -> Result<Option<Vec<Type>>, Diagnostic> {
    let Some(inferred) = infer(ctx, op)? else { return Ok(None) };
    let mut types = Vec::with_capacity(inferred.len());
    for (index, result) in inferred.into_iter().enumerate() {
        types.push(match result {
            Inferred::Type(ty) => ty,
            Inferred::Shape(shape) => {
                let element = ctx.element_type(ctx.operation(op).result_type(index));
                ctx.tensor_type(shape, element)
            }
        });
    }
    Ok(Some(types))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reductions_pads_transposes_reshapes_and_concats() {
        assert_eq!(reduce_shape(&[1, 7, 7, 32], &[1, 2], true), Ok(vec![1, 1, 1, 32]));
        assert_eq!(reduce_shape(&[1, 7, 7, 32], &[-2, 1, 2], false), Ok(vec![1, 32]));
        assert_eq!(reduce_shape(&[3], &[0], false), Ok(vec![]));
        assert!(reduce_shape(&[3], &[1], false).is_err());
        assert_eq!(pad_shape(&[1, 5, 5, 3], &[[0, 0], [1, 2], [1, 1], [0, 0]]), Ok(vec![1, 8, 7, 3]));
        assert!(pad_shape(&[1, 5], &[[0, 0], [-1, 0]]).is_err());
        assert!(pad_shape(&[1, 5], &[[0, 0]]).is_err());
        assert_eq!(transpose_shape(&[1, 2, 3, 4], &[0, 3, 1, 2]), Ok(vec![1, 4, 2, 3]));
        assert!(transpose_shape(&[1, 2, 3], &[0, 0, 1]).is_err());
        assert!(transpose_shape(&[1, 2, 3], &[0, 1]).is_err());
        assert_eq!(reshape_shape(1600, &[1, -1]), Ok(vec![1, 1600]));
        assert_eq!(reshape_shape(1600, &[1, 40, 40]), Ok(vec![1, 40, 40]));
        assert!(reshape_shape(1600, &[-1, -1]).is_err());
        assert!(reshape_shape(1600, &[3, -1]).is_err());
        assert!(reshape_shape(1600, &[1, 41]).is_err());
        assert_eq!(concat_shape(&[&[1, 2, 3], &[1, 5, 3]], -2), Ok(vec![1, 7, 3]));
        assert!(concat_shape(&[&[1, 2, 3], &[2, 5, 3]], 1).is_err());
        assert!(concat_shape(&[&[1, 2, 3], &[2, 5]], 1).is_err());
    }

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
