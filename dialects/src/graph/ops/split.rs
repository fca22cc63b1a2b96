//! Ops with several results: one tensor cut into pieces along an axis.
//!
//! | op | operands | attributes | results | TFLite builtin |
//! |---|---|---|---|---|
//! | `graph.split` | `input` (rank ≥ 1), `axis`? (one i32, 0-D or 1-D) | `num_splits`, `axis`? (exactly one of the two; negative counts from the end) | `num_splits` equal pieces along `axis`, which must divide it | `SPLIT` (49) |
//! | `graph.split_v` | `input` (rank ≥ 1), then `size_splits` (1-D i32 or i64) and `axis` (one i32) as operands, or none | `num_splits`; `size_splits`, `axis` if not operands | piece `i` has `size_splits[i]` along `axis` (one `-1` takes the rest; the sizes sum to the dimension) | `SPLIT_V` (102) |
//! | `graph.unpack` | `input` (rank ≥ 1) | `num` (the dimension's size), `axis` (negative counts from the end of the input) | `num` results: the input without dimension `axis` | `UNPACK` (88) |
//!
//! TFLite's operand order (SPLIT lists `axis` before `input`) is the importer's business: here
//! the data comes first and the lists after it, as in every graph op. TFLite Micro's kernels
//! (`split.cc`, `split_v.cc`, `unpack.cc`) copy float32, int8, int16 and int32 elements and read
//! the pieces' sizes from the output tensors; mc checks that those sizes are the ones the options
//! and constants say ([`pieces`]). Quantization: every result's is the input's (nothing is
//! rescaled). Constant inputs fold to one constant per result, constant `axis` and `size_splits`
//! operands become attributes; `graph-to-buffer` makes each used result a copy of a strided view
//! of the input.

use super::{OpEntry, op_entry};
use crate::graph::attributes::i64_array_attr;
use crate::graph::builders::{get_int, int_attr, with_optional};
use crate::graph::canonicalize::{split_patterns, split_v_patterns};
use crate::graph::fold::fold_pieces;
use crate::graph::shape_inference::{Inference, Inferred, ShapeQuery};
use crate::graph::shapes::{constant_ints, normalize_axis, shape_to_string};
use crate::graph::verify::{Checker, Checks, F32, I8, I16, I32, Q8, Q16, Q32, INT_LIST, verify_op};
use mc_ir::{Builder, Context, OpId, Type, Value, define_op};

/// The element kinds TFLite Micro's `SPLIT`, `SPLIT_V` and `UNPACK` copy (f32, int8, int16,
/// int32; quantized or plain).
const COPIED: &[crate::graph::verify::Kind] = &[F32, Q8, I8, Q16, I16, Q32, I32];

define_op! {
    /// `num_splits` equal pieces of `input` along `axis` (constant operand or attribute)
    /// (TFLite `SPLIT`).
    pub struct SplitOp = "graph.split" {
        summary: "split into equal pieces along an axis",
        traits: [PURE],
        operands: [input],
        optional_operands: [axis_operand],
        results: variadic,
        attributes: [num_splits: Integer],
        optional_attributes: [axis: DenseArray],
        verify: verify_op,
        fold: fold_pieces,
        canonicalize: split_patterns,
    }
}

define_op! {
    /// Pieces of `input` along `axis` of the sizes `size_splits` (one `-1` takes the rest),
    /// both constant operands or both attributes (TFLite `SPLIT_V`).
    pub struct SplitVOp = "graph.split_v" {
        summary: "split into pieces of given sizes along an axis",
        traits: [PURE],
        operands: [input],
        optional_operands: [size_splits_operand, axis_operand],
        results: variadic,
        attributes: [num_splits: Integer],
        optional_attributes: [size_splits: DenseArray, axis: DenseArray],
        verify: verify_op,
        fold: fold_pieces,
        canonicalize: split_v_patterns,
    }
}

define_op! {
    /// The `num` slices of `input` along `axis`, that dimension removed (TFLite `UNPACK`).
    pub struct UnpackOp = "graph.unpack" {
        summary: "unstack along an axis",
        traits: [PURE],
        operands: [input],
        results: variadic,
        attributes: [num: Integer, axis: Integer],
        verify: verify_op,
        fold: fold_pieces,
    }
}

/// The family's ops.
pub(super) const OPS: &[OpEntry] = &[
    op_entry!(SplitOp, Checks::Signature(check_split), Some(infer_split)).with_lists(1, &["axis"]),
    op_entry!(SplitVOp, Checks::Signature(check_split_v), Some(infer_split_v)).with_lists(1, &["size_splits", "axis"]),
    op_entry!(UnpackOp, Checks::Signature(check_unpack), Some(infer_unpack)),
];

impl SplitOp {
    /// Builds `graph.split` of `input` into `results`, with an `axis` operand or attribute.
    pub fn build(
        b: &mut Builder<'_>,
        input: Value,
        axis_operand: Option<Value>,
        axis: Option<i64>,
        results: &[Type],
    ) -> Self {
        let mut attrs = vec![("num_splits".to_string(), int_attr(b.ctx, results.len() as i64))];
        if let Some(axis) = axis {
            attrs.push(("axis".to_string(), i64_array_attr(b.ctx, &[axis])));
        }
        SplitOp(b.create(Self::NAME, &with_optional(&[input], axis_operand), results, attrs, vec![]))
    }
}

impl SplitVOp {
    /// Builds `graph.split_v` of `input` into `results`, with `size_splits` and `axis` operands
    /// or attributes (`lists`).
    pub fn build(
        b: &mut Builder<'_>,
        input: Value,
        operands: Option<(Value, Value)>,
        lists: Option<(&[i64], i64)>,
        results: &[Type],
    ) -> Self {
        let mut attrs = vec![("num_splits".to_string(), int_attr(b.ctx, results.len() as i64))];
        if let Some((size_splits, axis)) = lists {
            attrs.push(("size_splits".to_string(), i64_array_attr(b.ctx, size_splits)));
            attrs.push(("axis".to_string(), i64_array_attr(b.ctx, &[axis])));
        }
        let operands = match operands {
            Some((size_splits, axis)) => vec![input, size_splits, axis],
            None => vec![input],
        };
        SplitVOp(b.create(Self::NAME, &operands, results, attrs, vec![]))
    }
}

impl UnpackOp {
    /// Builds `graph.unpack` of `input` into `results` along `axis`.
    pub fn build(b: &mut Builder<'_>, input: Value, axis: i64, results: &[Type]) -> Self {
        let attrs = vec![
            ("num".to_string(), int_attr(b.ctx, results.len() as i64)),
            ("axis".to_string(), int_attr(b.ctx, axis)),
        ];
        UnpackOp(b.create(Self::NAME, &[input], results, attrs, vec![]))
    }
}

/// Where each result of a `split`, `split_v` or `unpack` comes from: the input's dimension
/// `axis` (normalized), the range `(offset, size)` of it each result reads, and whether that
/// dimension stays in the results (`unpack` drops it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pieces {
    /// The dimension cut, in `0..rank`.
    pub axis: usize,
    /// Each result's first index and length along `axis`.
    pub ranges: Vec<(i64, i64)>,
    /// True if the results keep dimension `axis` (`split`, `split_v`), false if they lose it
    /// (`unpack`).
    pub keep_axis: bool,
}

impl Pieces {
    /// The shape of result `index` of a split of `input`.
    pub fn shape(&self, input: &[i64], index: usize) -> Vec<i64> {
        let mut shape = input.to_vec();
        if self.keep_axis {
            shape[self.axis] = self.ranges[index].1;
        } else {
            shape.remove(self.axis);
        }
        shape
    }

    /// Every result's shape.
    fn shapes(&self, input: &[i64]) -> Vec<Vec<i64>> {
        (0..self.ranges.len()).map(|index| self.shape(input, index)).collect()
    }
}

/// `split`: `num_splits` equal pieces along `axis`, which must divide that dimension (TFLite
/// Micro only `DCHECK`s it).
pub fn split_pieces(input: &[i64], axis: i64, num_splits: i64) -> Result<Pieces, String> {
    let axis = normalize_axis(axis, input.len())?;
    if num_splits < 1 {
        return Err(format!("num_splits must be at least 1, but is {num_splits}"));
    }
    let dim = input[axis];
    if dim % num_splits != 0 {
        return Err(format!(
            "dimension {axis} of the input {} (size {dim}) does not split into {num_splits} equal pieces",
            shape_to_string(input)
        ));
    }
    let size = dim / num_splits;
    Ok(Pieces { axis, ranges: (0..num_splits).map(|i| (i * size, size)).collect(), keep_axis: true })
}

/// `split_v`: pieces of `size_splits[i]` along `axis`; one `-1` takes what the others leave, and
/// the sizes must sum to the dimension (TFLite's `SPLIT_V` rules).
pub fn split_v_pieces(input: &[i64], size_splits: &[i64], axis: i64) -> Result<Pieces, String> {
    let axis = normalize_axis(axis, input.len())?;
    if size_splits.is_empty() {
        return Err("size_splits must hold at least one size".to_string());
    }
    if let Some(&bad) = size_splits.iter().find(|&&s| s < -1) {
        return Err(format!("size_splits may hold sizes and one -1, but holds {bad}"));
    }
    let unknown: Vec<usize> = size_splits.iter().enumerate().filter(|&(_, &s)| s == -1).map(|(i, _)| i).collect();
    if unknown.len() > 1 {
        return Err(format!("size_splits may hold one -1, but holds {}", unknown.len()));
    }
    let dim = input[axis];
    let known: i64 = size_splits.iter().filter(|&&s| s != -1).sum();
    let mut sizes = size_splits.to_vec();
    match unknown.first() {
        Some(&i) if known <= dim => sizes[i] = dim - known,
        None if known == dim => {}
        _ => {
            return Err(format!(
                "size_splits {} does not sum to dimension {axis} of the input {} (size {dim})",
                shape_to_string(size_splits),
                shape_to_string(input)
            ));
        }
    }
    // TFLite Micro refuses empty tensors (dynamic ones to it), so no piece may be empty.
    if let Some(i) = sizes.iter().position(|&s| s == 0) {
        return Err(format!("piece {i} of size_splits {} would be empty", shape_to_string(size_splits)));
    }
    let mut offset = 0;
    let ranges = sizes
        .iter()
        .map(|&size| {
            offset += size;
            (offset - size, size)
        })
        .collect();
    Ok(Pieces { axis, ranges, keep_axis: true })
}

/// `unpack`: the `num` slices along `axis` (negative counts from the end of the input), `num`
/// being that dimension's size.
pub fn unpack_pieces(input: &[i64], axis: i64, num: i64) -> Result<Pieces, String> {
    let axis = normalize_axis(axis, input.len())?;
    if num != input[axis] {
        return Err(format!(
            "num is {num}, but dimension {axis} of the input {} has size {}",
            shape_to_string(input),
            input[axis]
        ));
    }
    Ok(Pieces { axis, ranges: (0..num).map(|i| (i, 1)).collect(), keep_axis: false })
}

/// The pieces of the graph op `op` (`split`, `split_v` or `unpack`) when its lists are known
/// (attributes or constant operands) and fit its input (a tensor, or already a buffer);
/// `None` otherwise.
pub fn pieces(ctx: &Context, op: OpId) -> Option<Pieces> {
    let operation = ctx.operation(op);
    let ty = ctx.value_type(operation.operand(0));
    let input = ctx.tensor_parts(ty).or_else(|| ctx.buffer_parts(ty))?.0;
    let list = |index: usize, attr: &str| match operation.num_operands() > index {
        true => constant_ints(ctx, operation.operand(index)),
        false => crate::graph::attributes::i64_array(ctx, ctx.attr(op, attr)?),
    };
    let one = |values: Vec<i64>| match values[..] {
        [value] => Some(value),
        _ => None,
    };
    let found = match ctx.op_name_of(op) {
        SplitOp::NAME => split_pieces(input, one(list(1, "axis")?)?, get_int(ctx, op, "num_splits")?),
        SplitVOp::NAME => split_v_pieces(input, &list(1, "size_splits")?, one(list(2, "axis")?)?),
        UnpackOp::NAME => unpack_pieces(input, get_int(ctx, op, "axis")?, get_int(ctx, op, "num")?),
        _ => return None,
    };
    found.ok().filter(|p| p.ranges.len() == operation.num_results())
}

/// The checks the three ops share: the input's and every result's element kinds (one type, the
/// input's), and as many results as `count` says.
fn check_results(c: &mut Checker<'_, '_>, count_attr: &str) -> bool {
    let Some(input) = c.operand("input", 0) else { return false };
    if c.kind("input", input, COPIED).is_none() {
        return false;
    }
    let mut ok = true;
    for index in 0..c.num_results() {
        let what = format!("result #{index}");
        match c.result_at(&what, index) {
            Some(result) => ok &= c.same_element(&what, result, "input", input),
            None => ok = false,
        }
    }
    let count = c.ctx.attr(c.op, count_attr).and_then(|a| c.ctx.integer_value(a));
    if count != Some(c.num_results() as i128) {
        let count = count.map_or("missing".to_string(), |n| n.to_string());
        c.error(format!("'{count_attr}' is {count}, but the op has {} results", c.num_results()));
        ok = false;
    }
    ok
}

/// `split` (TFLM's `SplitPrepare`/`SplitEval`): a constant axis, given once.
fn check_split(c: &mut Checker<'_, '_>) {
    if check_results(c, "num_splits") {
        c.axis_once(1);
        c.check_inferred();
    }
}

/// `split_v` (TFLM's `SplitVPrepare`/`SplitVEval`): `size_splits` and a constant axis, both
/// operands or both attributes.
fn check_split_v(c: &mut Checker<'_, '_>) {
    if !check_results(c, "num_splits") {
        return;
    }
    let (ctx, op) = (c.ctx, c.op);
    let attrs = ["size_splits", "axis"].map(|name| ctx.attr(op, name).is_some());
    match (c.num_operands(), attrs) {
        (3, [false, false]) => {
            c.list_operand("size_splits operand", 1, INT_LIST);
            c.axis_once(2);
        }
        (1, [true, true]) => {}
        _ => c.error("requires size_splits and axis, both as operands or both as attributes"),
    }
    c.check_inferred();
}

/// `unpack` (TFLM's `UnpackEval`): `num` results along `axis`.
fn check_unpack(c: &mut Checker<'_, '_>) {
    if check_results(c, "num") {
        c.check_inferred();
    }
}

/// Every result's shape, from the pieces when they are known.
fn shapes(q: &ShapeQuery<'_>, found: Result<Pieces, String>) -> Inference {
    let input = q.shape(0)?;
    let pieces = found.map_err(|message| q.error(message))?;
    if pieces.ranges.len() != q.sig.results.len() {
        let n = pieces.ranges.len();
        return Err(q.error(format!("the op makes {n} pieces, but has {} results", q.sig.results.len())));
    }
    Ok(Some(pieces.shapes(input).into_iter().map(Inferred::Shape).collect()))
}

/// The one axis of a list, or an error.
fn single(q: &ShapeQuery<'_>, values: &[i64]) -> Result<i64, mc_ir::Diagnostic> {
    match values {
        [axis] => Ok(*axis),
        _ => Err(q.error(format!("'axis' must hold one value, but holds {}", values.len()))),
    }
}

fn infer_split(q: &ShapeQuery<'_>) -> Inference {
    let Some(axis) = q.list(1, "axis")? else { return Ok(None) };
    let axis = single(q, &axis)?;
    shapes(q, split_pieces(q.shape(0)?, axis, q.int_attr("num_splits")?))
}

fn infer_split_v(q: &ShapeQuery<'_>) -> Inference {
    let (Some(size_splits), Some(axis)) = (q.list(1, "size_splits")?, q.list(2, "axis")?) else { return Ok(None) };
    let axis = single(q, &axis)?;
    shapes(q, split_v_pieces(q.shape(0)?, &size_splits, axis))
}

fn infer_unpack(q: &ShapeQuery<'_>) -> Inference {
    shapes(q, unpack_pieces(q.shape(0)?, q.int_attr("axis")?, q.int_attr("num")?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_cuts_equal_pieces_and_refuses_remainders() {
        let p = split_pieces(&[2, 6, 3], -2, 3).expect("divides");
        assert_eq!((p.axis, p.ranges.clone()), (1, vec![(0, 2), (2, 2), (4, 2)]));
        assert_eq!(p.shape(&[2, 6, 3], 1), vec![2, 2, 3]);
        assert!(split_pieces(&[2, 5], 1, 2).unwrap_err().contains("does not split into 2 equal pieces"));
        assert!(split_pieces(&[2, 5], 2, 1).unwrap_err().contains("out of range"));
        assert!(split_pieces(&[], 0, 1).is_err());
    }

    #[test]
    fn split_v_fills_one_unknown_size() {
        let p = split_v_pieces(&[7, 2], &[2, -1, 1], 0).expect("sums");
        assert_eq!(p.ranges, vec![(0, 2), (2, 4), (6, 1)]);
        assert!(split_v_pieces(&[4], &[4, 0], 0).unwrap_err().contains("empty"));
        assert!(split_v_pieces(&[4], &[4, -1], 0).unwrap_err().contains("empty"));
        assert!(split_v_pieces(&[7], &[2, 2], 0).unwrap_err().contains("does not sum"));
        assert!(split_v_pieces(&[7], &[-1, -1], 0).unwrap_err().contains("one -1"));
        assert!(split_v_pieces(&[7], &[9, -1], 0).unwrap_err().contains("does not sum"));
        assert!(split_v_pieces(&[7], &[-2, 9], 0).is_err());
    }

    #[test]
    fn unpack_drops_the_axis() {
        let p = unpack_pieces(&[2, 3, 4], -1, 4).expect("fits");
        assert_eq!((p.axis, p.ranges.len()), (2, 4));
        assert_eq!(p.shape(&[2, 3, 4], 3), vec![2, 3]);
        assert!(unpack_pieces(&[2, 3], 0, 3).unwrap_err().contains("num is 3"));
    }
}
