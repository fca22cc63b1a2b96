//! Result shapes of graph ops from their operands and attributes, with TFLite's arithmetic.
//!
//! Each op's shape rule lives in its family's module, next to the pure functions that mirror the
//! computations of TFLite's kernels (`fully_connected_shape`, `strided_slice_shape`, ...; the
//! arithmetic several families share, windows and broadcasting, is in [`super::shapes`]). A rule
//! reads the operands and attributes through a `ShapeQuery`, which reads shape-like operands
//! (`shape`, `perm`, `axes`, `paddings`, `begin`/`end`/`strides`) when a `graph.const` defines
//! them. [`infer`] applies the rule of an op's table row, and [`infer_result_types`] turns the
//! answer into result types (the `graph-infer-shapes` pass uses it). Element types of results,
//! quantization included, are never inferred: they come from the model.

use super::attributes::i64_array;
use super::builders::window_padding;
use super::ops;
use super::shapes::{WindowPadding, constant_ints};
use super::signature::Signature;
use mc_ir::{Context, Diagnostic, OpId, Type};

/// What inference determined about one result.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Inferred {
    /// The shape; the element type is the result's own (it carries the model's quantization).
    Shape(Vec<i64>),
    /// The whole type (e.g. a variable's value type).
    Type(Type),
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

    /// The padding of a windowed op: its `pad` amounts or its `padding` mode.
    pub(super) fn window_padding(&self) -> Result<WindowPadding, Diagnostic> {
        window_padding(self.ctx, self.sig.op).ok_or_else(|| self.error("requires a valid 'padding' or 'pad'".into()))
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
    match ops::entry(sig.name).and_then(|entry| entry.infer) {
        Some(rule) => rule(&ShapeQuery { ctx, sig }),
        None => Ok(None),
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
