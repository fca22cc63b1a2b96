//! What the op families' builders and typed attribute views share: reading and making integer,
//! boolean, `padding` (or explicit `pad`) and `fused_activation` attributes, optional and list operands, and two
//! declarations that recur: one-operand ops ([`unary_ops!`]) and the attribute structs of
//! windowed ops ([`windowed_attrs!`]).
//!
//! Builders insert at the builder's insertion point with its location and take the result type
//! explicitly: the element type (with quantization) comes from the model, the shape can be
//! checked or computed with [`infer_result_types`](super::shape_inference::infer_result_types).

use super::attributes::{Activation, Padding, i64_array, i64_array_attr};
use super::shapes::WindowPadding;
use mc_ir::{AttrKind, Attribute, Builder, Context, OpId, Type, Value};

/// An `i64` integer attribute.
pub(super) fn int_attr(ctx: &mut Context, value: i64) -> Attribute {
    let i64_type = ctx.integer_type(64);
    ctx.integer_attr(value as i128, i64_type)
}

/// The integer attribute `name` of `op`, if present and it fits in `i64`.
pub(super) fn get_int(ctx: &Context, op: OpId, name: &str) -> Option<i64> {
    ctx.attr(op, name).and_then(|a| ctx.integer_value(a)).and_then(|v| i64::try_from(v).ok())
}

/// The bool attribute `name` of `op`, if present.
pub(super) fn get_bool(ctx: &Context, op: OpId, name: &str) -> Option<bool> {
    match ctx.attr_kind(ctx.attr(op, name)?) {
        AttrKind::Bool(b) => Some(*b),
        _ => None,
    }
}

/// The `padding` of `op`, if it has a valid one.
pub(super) fn get_padding(ctx: &Context, op: OpId) -> Option<Padding> {
    Padding::from_attr(ctx, ctx.attr(op, "padding")?)
}

/// The padding of a windowed op: its explicit `pad` amounts (four non-negative integers) or its
/// `padding` mode, if it has exactly one of them and that is valid.
pub fn window_padding(ctx: &Context, op: OpId) -> Option<WindowPadding> {
    match (ctx.attr(op, "pad"), ctx.attr(op, "padding")) {
        (Some(pad), None) => {
            let amounts: [i64; 4] = i64_array(ctx, pad)?.try_into().ok()?;
            amounts.iter().all(|&a| a >= 0).then_some(WindowPadding::Explicit(amounts))
        }
        (None, Some(_)) => get_padding(ctx, op).map(WindowPadding::Mode),
        _ => None,
    }
}

/// The attribute spelling `padding`: `padding = "SAME"` for a mode, `pad = array<i64: ...>` for
/// explicit amounts.
pub fn window_padding_attr(ctx: &mut Context, padding: WindowPadding) -> (String, Attribute) {
    match padding {
        WindowPadding::Mode(mode) => ("padding".to_string(), mode.attr(ctx)),
        WindowPadding::Explicit(amounts) => ("pad".to_string(), i64_array_attr(ctx, &amounts)),
    }
}

/// The `fused_activation` of `op`, if it has a valid one.
pub fn fused_activation(ctx: &Context, op: OpId) -> Option<Activation> {
    Activation::from_attr(ctx, ctx.attr(op, "fused_activation")?)
}

/// Named `i64` attributes, in order.
pub(super) fn int_attrs(ctx: &mut Context, named: &[(&str, i64)]) -> Vec<(String, Attribute)> {
    named.iter().map(|&(name, value)| (name.to_string(), int_attr(ctx, value))).collect()
}

/// Declares one-operand ops (`input` to `result`, no attributes, `PURE`) and their `build`.
macro_rules! unary_ops {
    ($($(#[$meta:meta])* $Op:ident = $name:literal, $summary:literal;)*) => {
        $(
            mc_ir::define_op! {
                $(#[$meta])*
                pub struct $Op = $name {
                    summary: $summary,
                    traits: [PURE],
                    operands: [input],
                    results: [result],
                    attributes: [],
                    verify: $crate::graph::verify::verify_op,
                }
            }

            impl $Op {
                #[doc = concat!("Builds `", stringify!($Op), "` of `input`.")]
                pub fn build(b: &mut mc_ir::Builder<'_>, input: mc_ir::Value, result: mc_ir::Type) -> Self {
                    $Op(b.create(Self::NAME, &[input], &[result], vec![], vec![]))
                }
            }
        )*
    };
}

pub(super) use unary_ops;

/// Declares `read` and `to_attrs` for an attribute struct of the windowed ops: integer fields,
/// then `padding` (a [`WindowPadding`]) and `fused_activation`.
macro_rules! windowed_attrs {
    ($S:ident { $($int:ident),* }) => {
        impl $S {
            fn read(ctx: &mc_ir::Context, op: mc_ir::OpId) -> Option<Self> {
                use $crate::graph::builders::{fused_activation, get_int, window_padding};
                Some($S {
                    $($int: get_int(ctx, op, stringify!($int))?,)*
                    padding: window_padding(ctx, op)?,
                    fused_activation: fused_activation(ctx, op)?,
                })
            }

            fn to_attrs(self, ctx: &mut mc_ir::Context) -> Vec<(String, mc_ir::Attribute)> {
                let mut attrs = $crate::graph::builders::int_attrs(ctx, &[$((stringify!($int), self.$int)),*]);
                attrs.push($crate::graph::builders::window_padding_attr(ctx, self.padding));
                attrs.push(("fused_activation".to_string(), self.fused_activation.attr(ctx)));
                attrs
            }
        }
    };
}

pub(super) use windowed_attrs;

/// `operands` followed by `optional` if present.
pub(super) fn with_optional(operands: &[Value], optional: Option<Value>) -> Vec<Value> {
    operands.iter().copied().chain(optional).collect()
}

/// Builds an op with one input, an optional list operand and an optional list attribute.
pub(super) fn build_with_list(
    b: &mut Builder<'_>,
    name: &str,
    input: Value,
    operand: Option<Value>,
    attr: Option<(&str, &[i64])>,
    mut attrs: Vec<(String, Attribute)>,
    result: Type,
) -> OpId {
    if let Some((attr_name, values)) = attr {
        attrs.push((attr_name.to_string(), i64_array_attr(b.ctx, values)));
    }
    b.create(name, &with_optional(&[input], operand), &[result], attrs, vec![])
}
