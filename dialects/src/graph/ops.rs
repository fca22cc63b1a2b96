//! The graph ops, one module per operator family. A family's module holds its ops' `define_op!`
//! definitions, typed attributes and builders, the verifier's checks and the shape rules, and
//! lists its ops with their TFLite builtins; its table of [`OpEntry`] rows registers them with
//! the dialect, the verifier and shape inference. [`FAMILIES`] is the one list of the families.
//!
//! The ops not yet in a family are declared here; their verifiers live in [`super::verify`] and
//! their shape rules in [`super::shape_inference`].

mod activation;
mod constant;
mod conv;
mod elementwise;
mod pool;
mod quantization;
mod reduction;
mod slice;
mod variable;

pub use activation::*;
pub use constant::*;
pub use conv::*;
pub use elementwise::*;
pub use pool::*;
pub use quantization::*;
pub use reduction::*;
pub use slice::*;
pub use variable::*;

use super::attributes::{Activation, i64_array};
use super::builders::{build_with_list, get_int, int_attr};
use super::shape_inference::ShapeRule;
use super::verify::Checks;
use super::{canonicalize, fold, verify};
use mc_ir::{Builder, Context, OpDef, OpShape, Type, Value, define_op};

/// Every family's table, in the order the dialect registers the ops.
const FAMILIES: &[&[OpEntry]] = &[
    constant::OPS,
    conv::OPS,
    elementwise::OPS,
    pool::OPS,
    activation::OPS,
    quantization::OPS,
    variable::OPS,
    reduction::OPS,
    slice::OPS,
];

/// One op's row in its family's table: what the dialect, the verifier and shape inference know
/// of it.
#[derive(Copy, Clone)]
pub(super) struct OpEntry {
    /// The op's full name (`graph.conv_2d`).
    pub(super) name: &'static str,
    /// Its definition, which the dialect registers.
    pub(super) def: fn() -> OpDef,
    /// Its declared structure: operand counts, attributes and their kinds.
    pub(super) shape: OpShape,
    /// Its verifier's checks.
    pub(super) checks: Checks,
    /// Its shape rule; `None` for an op whose results inference does not cover.
    pub(super) infer: Option<ShapeRule>,
    /// Its shape-like list operands (`shape`, `perm`, `axes`, ...), which it may take as
    /// attributes instead: the first one's index, and those attributes in operand order.
    pub(super) lists: Option<(usize, &'static [&'static str])>,
}

impl OpEntry {
    /// The entry with shape-like list operands from operand `first` on, carried by
    /// `attributes` when they are not operands.
    pub(super) const fn with_lists(self, first: usize, attributes: &'static [&'static str]) -> Self {
        OpEntry { lists: Some((first, attributes)), ..self }
    }
}

/// The table row of the op `$Op`: its definition and structure, its checks and its shape rule
/// (an `Option`).
macro_rules! op_entry {
    ($Op:ident, $checks:expr, $infer:expr) => {
        $crate::graph::ops::OpEntry {
            name: $Op::NAME,
            def: $Op::def,
            shape: $Op::SHAPE,
            checks: $checks,
            infer: $infer,
            lists: None,
        }
    };
}

use op_entry;

/// The entries of every graph op, family by family.
pub(super) fn entries() -> impl Iterator<Item = &'static OpEntry> {
    FAMILIES.iter().flat_map(|family| family.iter())
}

/// The entry of the graph op `name` (`graph.conv_2d`).
pub(super) fn entry(name: &str) -> Option<&'static OpEntry> {
    entries().find(|entry| entry.name == name)
}

define_op! {
    /// The input's elements in a new shape: from the constant `shape` operand if given, else
    /// `new_shape`, else the result type (TFLite `RESHAPE`).
    pub struct ReshapeOp = "graph.reshape" {
        summary: "reshape",
        traits: [PURE],
        operands: [input],
        optional_operands: [shape],
        results: [result],
        attributes: [],
        optional_attributes: [new_shape: DenseArray],
        verify: verify::verify_reshape,
        fold: fold::fold_reshape,
        canonicalize: canonicalize::reshape_patterns,
    }
}

define_op! {
    /// Permutes dimensions: `result.dim(i) = input.dim(perm[i])` (TFLite `TRANSPOSE`).
    pub struct TransposeOp = "graph.transpose" {
        summary: "transpose",
        traits: [PURE],
        operands: [input],
        optional_operands: [perm_operand],
        results: [result],
        attributes: [],
        optional_attributes: [perm: DenseArray],
        verify: verify::verify_transpose,
        fold: fold::fold_transpose,
        canonicalize: canonicalize::transpose_patterns,
    }
}

define_op! {
    /// Pads with real zero (the stored zero point): `paddings` is a `[rank, 2]` operand or a
    /// flattened `array<i64: before0, after0, before1, ...>` attribute (TFLite `PAD`).
    pub struct PadOp = "graph.pad" {
        summary: "pad with zeros",
        traits: [PURE],
        operands: [input],
        optional_operands: [paddings_operand],
        results: [result],
        attributes: [],
        optional_attributes: [paddings: DenseArray],
        verify: verify::verify_pad,
        fold: fold::fold_pad,
        canonicalize: canonicalize::pad_patterns,
    }
}

define_op! {
    /// Joins the inputs along `axis` (negative counts from the end) (TFLite `CONCATENATION`).
    pub struct ConcatenationOp = "graph.concatenation" {
        summary: "concatenate along an axis",
        traits: [PURE],
        operands: variadic,
        results: [result],
        attributes: [axis: Integer, fused_activation: String],
        verify: verify::verify_concatenation,
    }
}

// ---------------------------------------------------------------------------------------------
// Typed attributes.

// ---------------------------------------------------------------------------------------------
// Builders and typed accessors.

/// Declares `build(b, input, operand, list, result)` and the list accessor for ops that take a
/// list either as an operand or as an `i64` array attribute.
macro_rules! list_builders {
    ($($(#[$doc:meta])* $Op:ident { $operand:ident, $attr:ident, $values:ident: $values_doc:literal })*) => {
        $(
            impl $Op {
                $(#[$doc])*
                pub fn build(
                    b: &mut Builder<'_>,
                    input: Value,
                    $operand: Option<Value>,
                    $attr: Option<&[i64]>,
                    result: Type,
                ) -> Self {
                    let attr = $attr.map(|values| (stringify!($attr), values));
                    $Op(build_with_list(b, Self::NAME, input, $operand, attr, vec![], result))
                }

                #[doc = $values_doc]
                pub fn $values(self, ctx: &Context) -> Option<Vec<i64>> {
                    i64_array(ctx, self.$attr(ctx)?)
                }
            }
        )*
    };
}

list_builders! {
    /// Builds `graph.reshape` with an optional `shape` operand and `new_shape` attribute.
    ReshapeOp { shape, new_shape, new_shape_values: "The `new_shape` attribute's values." }
    /// Builds `graph.transpose` with a `perm` operand or a `perm` attribute.
    TransposeOp { perm_operand, perm, perm_values: "The `perm` attribute's values." }
}

impl PadOp {
    /// Builds `graph.pad` with a `[rank, 2]` paddings operand or `(before, after)` pairs.
    pub fn build(
        b: &mut Builder<'_>,
        input: Value,
        paddings_operand: Option<Value>,
        paddings: Option<&[[i64; 2]]>,
        result: Type,
    ) -> Self {
        let flat: Option<Vec<i64>> = paddings.map(|p| p.iter().flatten().copied().collect());
        let attr = flat.as_deref().map(|f| ("paddings", f));
        PadOp(build_with_list(b, Self::NAME, input, paddings_operand, attr, vec![], result))
    }

    /// The `paddings` attribute as `(before, after)` pairs.
    pub fn padding_pairs(self, ctx: &Context) -> Option<Vec<[i64; 2]>> {
        let flat = i64_array(ctx, self.paddings(ctx)?)?;
        flat.len().is_multiple_of(2).then(|| flat.chunks(2).map(|p| [p[0], p[1]]).collect())
    }
}

impl ConcatenationOp {
    /// Builds `graph.concatenation`.
    pub fn build(b: &mut Builder<'_>, inputs: &[Value], axis: i64, fused_activation: Activation, result: Type) -> Self {
        let attrs = vec![
            ("axis".to_string(), int_attr(b.ctx, axis)),
            ("fused_activation".to_string(), fused_activation.attr(b.ctx)),
        ];
        ConcatenationOp(b.create(Self::NAME, inputs, &[result], attrs, vec![]))
    }

    /// The inputs.
    pub fn inputs(self, ctx: &Context) -> Vec<Value> {
        ctx.operation(self.0).operands().collect()
    }

    /// The `axis` attribute's value.
    pub fn axis_value(self, ctx: &Context) -> Option<i64> {
        get_int(ctx, self.0, "axis")
    }
}
