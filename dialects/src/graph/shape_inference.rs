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
}
