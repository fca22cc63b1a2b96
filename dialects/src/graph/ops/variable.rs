//! Resource variables: state that persists across invocations of the model.
//!
//! | op | operands | attributes | result | TFLite builtin |
//! |---|---|---|---|---|
//! | `graph.var_handle` | — | `container`, `shared_name` (strings), `value_type` (tensor type) | `!graph.resource` | `VAR_HANDLE` (142) |
//! | `graph.read_variable` | `handle` | — | the variable's `value_type` | `READ_VARIABLE` (143) |
//! | `graph.assign_variable` | `handle`, `value` (the variable's `value_type`) | — | — | `ASSIGN_VARIABLE` (144) |
//!
//! The variable ops are not `PURE`. Their checks read the ops themselves (the handle's
//! `graph.var_handle`), so they apply to graph ops only, never to a kernel's signature.

use super::{OpEntry, op_entry};
use crate::graph::attributes::{is_resource_type, resource_type};
use crate::graph::shape_inference::{Inference, Inferred, ShapeQuery};
use crate::graph::verify::{Checker, Checks, verify_op};
use mc_ir::{Builder, Context, Type, Value, define_op};

define_op! {
    /// The handle of the resource variable `(container, shared_name)` holding a `value_type`
    /// (TFLite `VAR_HANDLE`).
    pub struct VarHandleOp = "graph.var_handle" {
        summary: "resource variable handle",
        traits: [],
        operands: [],
        results: [handle],
        attributes: [container: String, shared_name: String, value_type: Type],
        verify: verify_op,
    }
}

define_op! {
    /// The current value of a resource variable (TFLite `READ_VARIABLE`).
    pub struct ReadVariableOp = "graph.read_variable" {
        summary: "read a resource variable",
        traits: [],
        operands: [handle],
        results: [result],
        attributes: [],
        verify: verify_op,
    }
}

define_op! {
    /// Stores `value` in a resource variable (TFLite `ASSIGN_VARIABLE`).
    pub struct AssignVariableOp = "graph.assign_variable" {
        summary: "assign a resource variable",
        traits: [],
        operands: [handle, value],
        results: [],
        attributes: [],
        verify: verify_op,
    }
}

/// The family's ops.
pub(super) const OPS: &[OpEntry] = &[
    op_entry!(VarHandleOp, Checks::Op(check_var_handle), None),
    op_entry!(ReadVariableOp, Checks::Op(check_read_variable), Some(infer_read_variable)),
    op_entry!(AssignVariableOp, Checks::Op(check_assign_variable), None),
];

impl VarHandleOp {
    /// Builds `graph.var_handle` for a variable holding `value_type`.
    pub fn build(b: &mut Builder<'_>, container: &str, shared_name: &str, value_type: Type) -> Self {
        let handle = resource_type(b.ctx);
        let attrs = vec![
            ("container".to_string(), b.ctx.string_attr(container)),
            ("shared_name".to_string(), b.ctx.string_attr(shared_name)),
            ("value_type".to_string(), b.ctx.type_attr(value_type)),
        ];
        VarHandleOp(b.create(Self::NAME, &[], &[handle], attrs, vec![]))
    }
}

impl ReadVariableOp {
    /// Builds `graph.read_variable` producing `result`.
    pub fn build(b: &mut Builder<'_>, handle: Value, result: Type) -> Self {
        ReadVariableOp(b.create(Self::NAME, &[handle], &[result], vec![], vec![]))
    }
}

impl AssignVariableOp {
    /// Builds `graph.assign_variable`.
    pub fn build(b: &mut Builder<'_>, handle: Value, value: Value) -> Self {
        AssignVariableOp(b.create(Self::NAME, &[handle, value], &[], vec![], vec![]))
    }
}
/// Checks that `ty` is `!graph.resource`.
fn check_handle(c: &mut Checker<'_, '_>, what: &str, ty: Type) -> bool {
    if is_resource_type(c.ctx, ty) {
        return true;
    }
    c.error(format!("{what} must be of type '!graph.resource', but got '{}'", c.ty(ty)));
    false
}

fn check_var_handle(c: &mut Checker<'_, '_>) {
    let (ctx, op) = (c.ctx, c.op);
    let result = c.result_type(0);
    check_handle(c, "result", result);
    if let Some(ty) = ctx.type_value(VarHandleOp(op).value_type(ctx))
        && ctx.tensor_parts(ty).is_none()
    {
        c.error(format!("'value_type' must be a tensor type, but is '{}'", c.ty(ty)));
    }
}

/// The variable's type must match the value read or assigned, when the handle's op is visible.
fn check_variable_value(c: &mut Checker<'_, '_>, what: &str, ty: Type) {
    let handle = c.ctx.operation(c.op).operand(0);
    if c.tensor(what, ty).is_none() || !check_handle(c, "handle", c.ctx.value_type(handle)) {
        return;
    }
    if let Some(expected) = variable_type(c.ctx, handle)
        && expected != ty
    {
        c.error(format!("{what} type '{}' does not match the variable's type '{}'", c.ty(ty), c.ty(expected)));
    }
}

fn check_read_variable(c: &mut Checker<'_, '_>) {
    let result = c.result_type(0);
    check_variable_value(c, "result", result);
}

fn check_assign_variable(c: &mut Checker<'_, '_>) {
    let value = c.operand_type(1);
    check_variable_value(c, "value", value);
}

/// The `value_type` of the `graph.var_handle` defining `handle`, if one does.
pub fn variable_type(ctx: &Context, handle: Value) -> Option<Type> {
    let def = ctx.defining_op(handle).and_then(|op| VarHandleOp::cast(ctx, op))?;
    ctx.type_value(def.value_type(ctx))
}

/// The variable's `value_type`, when the handle's `graph.var_handle` is visible (the operands are
/// the op's own).
fn infer_read_variable(q: &ShapeQuery<'_>) -> Inference {
    if !q.sig.has_own_operands() {
        return Ok(None);
    }
    Ok(variable_type(q.ctx, q.ctx.operation(q.sig.op).operand(0)).map(|ty| vec![Inferred::Type(ty)]))
}
