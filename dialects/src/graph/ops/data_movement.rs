//! Data movement: ops that rearrange, pad or join their inputs' elements without arithmetic.
//!
//! | op | operands | attributes | result | TFLite builtin |
//! |---|---|---|---|---|
//! | `graph.reshape` | `input`, `shape`? (1-D i32) | `new_shape`? | same element count; shape from constant `shape`, else `new_shape` (one `-1` allowed) | `RESHAPE` (22) |
//! | `graph.transpose` | `input`, `perm`? (1-D i32) | `perm`? (exactly one of the two) | `dim(i) = input.dim(perm[i])`, rank ≤ 6 | `TRANSPOSE` (39) |
//! | `graph.pad` | `input`, `paddings`? `[rank, 2]` i32 | `paddings`? flattened `[b0, a0, b1, a1, ...]` (exactly one) | `dim(i) + before(i) + after(i)`, rank ≤ 5; stored values copied (per-tensor scales and zero points may differ; int8 pads with the result's zero point) | `PAD` (34) |
//! | `graph.padv2` | `input`, `constant_values` (one element of the result's type), `paddings`? as `graph.pad`'s | `paddings`? | as `graph.pad` | `PADV2` (60) |
//! | `graph.mirror_pad` | `input`, `paddings`? as `graph.pad`'s | `mode` (`"REFLECT"`, `"SYMMETRIC"`), `paddings`? | as `graph.pad`, any rank; each padding at most the dimension (`REFLECT`: minus 1) | `MIRROR_PAD` (100) |
//! | `graph.concatenation` | `inputs...` (≥ 1) | `axis` (negative counts from the end), `fused_activation` (`"NONE"`) | sum along `axis` | `CONCATENATION` (2) |
//! | `graph.reverse_v2` | `input`, `axes`? (1-D i32) | `axes`? (exactly one of the two; negative count from the end) | the input's shape, rank ≤ 6 | `REVERSE_V2` (105) |
//! | `graph.squeeze` | `input` | `squeeze_dims` (negative counts from the end; empty: every dimension of size 1) | the input's shape without those dimensions, rank ≤ 8 | `SQUEEZE` (43) |
//! | `graph.expand_dims` | `input`, `axis` (one i32, rank ≤ 1) | — | a dimension of size 1 inserted at `axis` (negative counts from the end of the result) | `EXPAND_DIMS` (70) |
//! | `graph.pack` | `inputs...` (≥ 1, one shape) | `axis` (negative counts from the end of the result) | the inputs' shape with their count inserted at `axis` | `PACK` (83) |
//! | `graph.broadcast_to` | `input`, `shape`? (1-D i32/i64) | `shape`? (exactly one of the two) | `shape`: the input numpy-broadcast to it, ranks ≤ 5 | `BROADCAST_TO` (130) |
//!
//! A `reverse_v2` of a constant folds to a constant.
//! `reshape`, `squeeze` and `expand_dims` move no element: `graph-to-buffer` makes them views.
//! Quantization: the result's quantization is the input's (every input's, for concatenation and
//! pack), except that `reshape`, `squeeze`, `expand_dims` and `transpose` may quantize the same
//! storage per tensor with other parameters (TFLite Micro copies their bytes). `pack` takes the element types TFLite Micro's `PACK` stacks (f32, int8, int16, int32, int64),
//! `expand_dims` those of its `EXPAND_DIMS` (f32, int8, int16) with an i32 `axis`.

use super::{OpEntry, op_entry};
use crate::graph::attributes::{Activation, i64_array, i64_array_attr};
use crate::graph::builders::{build_with_list, get_int, int_attr};
use crate::graph::canonicalize::{
    mirror_pad_patterns, pad_patterns, padv2_patterns, reshape_patterns, reverse_v2_patterns, transpose_patterns,
};
use crate::graph::fold::{fold_pad, fold_reshape, fold_reverse_v2, fold_transpose};
use crate::graph::shape_arithmetic::{fold_concatenation, fold_pack};
use crate::graph::shape_inference::{Inference, ShapeQuery};
use crate::graph::shapes::{normalize_axis, shape_to_string};
use crate::graph::verify::{Checker, Checks, F32, I8, I16, I32, I64, INT_LIST, INT32_LIST, Kind, Q8, Q16, verify_op};
use mc_ir::{Builder, Context, Type, Value, define_op};

/// Most dimensions of `transpose` (TFLite's `TransposeParams` holds 6).
pub const MAX_TRANSPOSE_RANK: usize = 6;
/// Most dimensions of `pad` (TFLite's `PadKernelMaxDimensionCount`).
pub const MAX_PAD_RANK: usize = 5;
/// Most dimensions of `reverse_v2` (TFLite Micro's `kMaxDimensions`, `RuntimeShape`'s 6).
pub const MAX_REVERSE_RANK: usize = 6;

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
        verify: verify_op,
        fold: fold_reshape,
        canonicalize: reshape_patterns,
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
        verify: verify_op,
        fold: fold_transpose,
        canonicalize: transpose_patterns,
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
        verify: verify_op,
        fold: fold_pad,
        canonicalize: pad_patterns,
    }
}

define_op! {
    /// Pads with `constant_values` (one element of the input's type, quantized alike);
    /// `paddings` as `graph.pad`'s (TFLite `PADV2`).
    pub struct PadV2Op = "graph.padv2" {
        summary: "pad with a value",
        traits: [PURE],
        operands: [input, constant_values],
        optional_operands: [paddings_operand],
        results: [result],
        attributes: [],
        optional_attributes: [paddings: DenseArray],
        verify: verify_op,
        canonicalize: padv2_patterns,
    }
}

define_op! {
    /// Pads with the input mirrored at its edges: `mode` `"REFLECT"` leaves the edge element
    /// out of the mirror image, `"SYMMETRIC"` repeats it; `paddings` as `graph.pad`'s (TFLite
    /// `MIRROR_PAD`).
    pub struct MirrorPadOp = "graph.mirror_pad" {
        summary: "pad with a mirror image",
        traits: [PURE],
        operands: [input],
        optional_operands: [paddings_operand],
        results: [result],
        attributes: [mode: String],
        optional_attributes: [paddings: DenseArray],
        verify: verify_op,
        canonicalize: mirror_pad_patterns,
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
        verify: verify_op,
        fold: fold_concatenation,
    }
}

define_op! {
    /// Reverses the order of elements along each of `axes` (TFLite `REVERSE_V2`).
    pub struct ReverseV2Op = "graph.reverse_v2" {
        summary: "reverse along axes",
        traits: [PURE],
        operands: [input],
        optional_operands: [axes_operand],
        results: [result],
        attributes: [],
        optional_attributes: [axes: DenseArray],
        verify: verify_op,
        fold: fold_reverse_v2,
        canonicalize: reverse_v2_patterns,
    }
}

define_op! {
    /// Removes dimensions of size 1: those of `squeeze_dims`, or all when it is empty (TFLite
    /// `SQUEEZE`).
    pub struct SqueezeOp = "graph.squeeze" {
        summary: "remove dimensions of size 1",
        traits: [PURE],
        operands: [input],
        results: [result],
        attributes: [squeeze_dims: DenseArray],
        verify: verify_op,
        fold: fold_reshape,
    }
}

define_op! {
    /// Inserts a dimension of size 1 at the constant `axis` (TFLite `EXPAND_DIMS`).
    pub struct ExpandDimsOp = "graph.expand_dims" {
        summary: "insert a dimension of size 1",
        traits: [PURE],
        operands: [input, axis],
        results: [result],
        attributes: [],
        verify: verify_op,
        fold: fold_reshape,
    }
}

define_op! {
    /// Stacks equally shaped inputs along a new dimension at `axis` (TFLite `PACK`).
    pub struct PackOp = "graph.pack" {
        summary: "stack along a new axis",
        traits: [PURE],
        operands: variadic,
        results: [result],
        attributes: [axis: Integer],
        verify: verify_op,
        fold: fold_pack,
    }
}

define_op! {
    /// The input repeated along its size-1 (and missing leading) dimensions to the shape `shape`
    /// (TFLite `BROADCAST_TO`).
    pub struct BroadcastToOp = "graph.broadcast_to" {
        summary: "broadcast to a shape",
        traits: [PURE],
        operands: [input],
        optional_operands: [shape_operand],
        results: [result],
        attributes: [],
        optional_attributes: [shape: DenseArray],
        verify: verify_op,
    }
}

/// Most dimensions of `broadcast_to`'s input and result (TFLite Micro's `kMaxDims`).
pub const MAX_BROADCAST_TO_RANK: usize = 5;

/// Most dimensions of `squeeze`'s input (TFLite Micro's `max_squeeze_dims`).
pub const MAX_SQUEEZE_RANK: usize = 8;

/// The family's ops.
pub(super) const OPS: &[OpEntry] = &[
    op_entry!(ReshapeOp, Checks::Signature(check_reshape), Some(infer_reshape)).with_lists(1, &["new_shape"]),
    op_entry!(TransposeOp, Checks::Signature(check_transpose), Some(infer_transpose)).with_lists(1, &["perm"]),
    op_entry!(PadOp, Checks::Signature(check_pad), Some(infer_pad)).with_lists(1, &["paddings"]),
    op_entry!(PadV2Op, Checks::Signature(check_padv2), Some(infer_padv2)).with_lists(2, &["paddings"]),
    op_entry!(MirrorPadOp, Checks::Signature(check_mirror_pad), Some(infer_mirror_pad)).with_lists(1, &["paddings"]),
    op_entry!(ConcatenationOp, Checks::Signature(check_concatenation), Some(infer_concatenation)),
    op_entry!(ReverseV2Op, Checks::Signature(check_reverse_v2), Some(infer_reverse_v2)).with_lists(1, &["axes"]),
    op_entry!(SqueezeOp, Checks::Signature(check_squeeze), Some(infer_squeeze)),
    op_entry!(ExpandDimsOp, Checks::Signature(check_expand_dims), Some(infer_expand_dims)).with_lists(1, &["axis"]),
    op_entry!(PackOp, Checks::Signature(check_pack), Some(infer_pack)),
    op_entry!(BroadcastToOp, Checks::Signature(check_broadcast_to), Some(infer_broadcast_to)).with_lists(1, &["shape"]),
];

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
    /// Builds `graph.reverse_v2` with an `axes` operand or an `axes` attribute.
    ReverseV2Op { axes_operand, axes, axes_values: "The `axes` attribute's values." }
    /// Builds `graph.broadcast_to` with a `shape` operand or a `shape` attribute.
    BroadcastToOp { shape_operand, shape, shape_values: "The `shape` attribute's values." }
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

impl PadV2Op {
    /// Builds `graph.padv2` with a `[rank, 2]` paddings operand or `(before, after)` pairs.
    pub fn build(
        b: &mut Builder<'_>,
        input: Value,
        constant_values: Value,
        paddings_operand: Option<Value>,
        paddings: Option<&[[i64; 2]]>,
        result: Type,
    ) -> Self {
        let mut named = Vec::new();
        if let Some(pairs) = paddings {
            let flat: Vec<i64> = pairs.iter().flatten().copied().collect();
            named.push(("paddings".to_string(), i64_array_attr(b.ctx, &flat)));
        }
        let operands: Vec<Value> = [input, constant_values].into_iter().chain(paddings_operand).collect();
        PadV2Op(b.create(Self::NAME, &operands, &[result], named, vec![]))
    }
}

impl MirrorPadOp {
    /// Builds `graph.mirror_pad` with a `[rank, 2]` paddings operand or `(before, after)` pairs;
    /// `symmetric` picks `"SYMMETRIC"` over `"REFLECT"`.
    pub fn build(
        b: &mut Builder<'_>,
        input: Value,
        paddings_operand: Option<Value>,
        paddings: Option<&[[i64; 2]]>,
        symmetric: bool,
        result: Type,
    ) -> Self {
        let mode = b.ctx.string_attr(if symmetric { "SYMMETRIC" } else { "REFLECT" });
        let flat: Option<Vec<i64>> = paddings.map(|p| p.iter().flatten().copied().collect());
        let attr = flat.as_deref().map(|f| ("paddings", f));
        let attrs = vec![("mode".to_string(), mode)];
        MirrorPadOp(build_with_list(b, Self::NAME, input, paddings_operand, attr, attrs, result))
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
impl SqueezeOp {
    /// Builds `graph.squeeze` of the dimensions `squeeze_dims` (all of size 1 if empty).
    pub fn build(b: &mut Builder<'_>, input: Value, squeeze_dims: &[i64], result: Type) -> Self {
        let attrs = vec![("squeeze_dims".to_string(), i64_array_attr(b.ctx, squeeze_dims))];
        SqueezeOp(b.create(Self::NAME, &[input], &[result], attrs, vec![]))
    }
}

impl ExpandDimsOp {
    /// Builds `graph.expand_dims` with its `axis` operand.
    pub fn build(b: &mut Builder<'_>, input: Value, axis: Value, result: Type) -> Self {
        ExpandDimsOp(b.create(Self::NAME, &[input, axis], &[result], vec![], vec![]))
    }
}

impl PackOp {
    /// Builds `graph.pack`.
    pub fn build(b: &mut Builder<'_>, inputs: &[Value], axis: i64, result: Type) -> Self {
        let attrs = vec![("axis".to_string(), int_attr(b.ctx, axis))];
        PackOp(b.create(Self::NAME, inputs, &[result], attrs, vec![]))
    }

    /// The `axis` attribute's value.
    pub fn axis_value(self, ctx: &Context) -> Option<i64> {
        get_int(ctx, self.0, "axis")
    }
}

/// The input of a `reshape`, `squeeze` or `expand_dims`: ops that only rename the dimensions of
/// their input's elements (views once bufferized); `None` for other ops.
pub fn reshaped_input(ctx: &Context, op: mc_ir::OpId) -> Option<Value> {
    let name = ctx.op_name_of(op);
    [ReshapeOp::NAME, SqueezeOp::NAME, ExpandDimsOp::NAME].contains(&name).then(|| ctx.operation(op).operand(0))
}

fn check_reshape(c: &mut Checker<'_, '_>) {
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    c.same_storage("result", result, "input", input);
    let elements = |shape: &[i64]| shape.iter().try_fold(1i64, |n, &d| n.checked_mul(d));
    match (elements(input.shape), elements(result.shape)) {
        (Some(count), Some(result_count)) if count != result_count => {
            c.error(format!("result has {result_count} elements, but the input has {count}"))
        }
        (Some(_), Some(_)) => {}
        _ => c.error("the element count of the input or the result overflows a 64-bit integer"),
    }
    if c.num_operands() == 2 {
        c.list_operand("shape operand", 1, INT_LIST);
    }
    c.check_inferred();
}

fn check_transpose(c: &mut Checker<'_, '_>) {
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    c.same_storage("result", result, "input", input);
    if let Some(Some(n)) = c.list_once("perm", "perm operand", INT_LIST)
        && n != input.shape.len() as i64
    {
        c.error(format!("perm operand has {n} elements, but the input has rank {}", input.shape.len()));
    }
    c.check_inferred();
}

fn check_broadcast_to(c: &mut Checker<'_, '_>) {
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    c.same_element("result", result, "input", input);
    c.list_once("shape", "shape operand", INT_LIST);
    c.check_inferred();
}

/// The `shape`, once it is known to be a broadcast of the input's.
fn infer_broadcast_to(q: &ShapeQuery<'_>) -> Inference {
    match q.list(1, "shape")? {
        Some(shape) => q.one(broadcast_to_shape(q.shape(0)?, &shape)),
        None => Ok(None),
    }
}

/// `broadcast_to`: `shape` itself, with TFLite Micro's `BroadcastToPrepare` checks: ranks at most
/// [`MAX_BROADCAST_TO_RANK`], the input's rank at most the shape's, and each input dimension 1 or
/// the shape's (aligned at the last dimension).
pub fn broadcast_to_shape(input: &[i64], shape: &[i64]) -> Result<Vec<i64>, String> {
    if shape.len() > MAX_BROADCAST_TO_RANK || input.len() > MAX_BROADCAST_TO_RANK {
        return Err(format!(
            "broadcasts at most rank {MAX_BROADCAST_TO_RANK} (TFLite Micro's BROADCAST_TO), but the input has rank {} and the shape {}",
            input.len(),
            shape.len()
        ));
    }
    if let Some(&d) = shape.iter().find(|&&d| d < 0) {
        return Err(format!("shape {} has a negative size {d}", shape_to_string(shape)));
    }
    let lead = shape.len().checked_sub(input.len()).ok_or_else(|| {
        format!("input of rank {} cannot be broadcast to the lower rank {}", input.len(), shape.len())
    })?;
    for (i, &d) in input.iter().enumerate() {
        if d != 1 && d != shape[lead + i] {
            return Err(format!(
                "input shape {} cannot be broadcast to {}: dimension {i} is {d}",
                shape_to_string(input),
                shape_to_string(shape)
            ));
        }
    }
    Ok(shape.to_vec())
}

fn check_reverse_v2(c: &mut Checker<'_, '_>) {
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    c.same_storage("result", result, "input", input);
    c.list_once("axes", "axes operand", INT32_LIST);
    c.check_inferred();
}

/// The input's shape, once the `axes` are known to name its dimensions.
fn infer_reverse_v2(q: &ShapeQuery<'_>) -> Inference {
    match q.list(1, "axes")? {
        Some(axes) => {
            let shape = q.shape(0)?;
            q.one(reverse_axes(shape.len(), &axes).map(|_| shape.to_vec()))
        }
        None => Ok(None),
    }
}

/// `reverse_v2`: the dimensions `axes` name (negative ones count from the end), normalized,
/// with TFLite Micro's `ReverseV2Prepare` checks: rank at most [`MAX_REVERSE_RANK`], no more
/// axes than dimensions, each in range; and no axis twice (TensorFlow's rule).
pub fn reverse_axes(rank: usize, axes: &[i64]) -> Result<Vec<usize>, String> {
    if rank > MAX_REVERSE_RANK {
        return Err(format!(
            "reverse_v2 supports inputs of rank at most {MAX_REVERSE_RANK}, but the input has rank {rank}"
        ));
    }
    if axes.len() > rank {
        return Err(format!("{} axes for an input of rank {rank}", axes.len()));
    }
    let normalized = axes.iter().map(|&axis| normalize_axis(axis, rank)).collect::<Result<Vec<_>, _>>()?;
    if let Some(axis) = normalized.iter().enumerate().find_map(|(i, a)| normalized[..i].contains(a).then_some(a)) {
        return Err(format!("axes {} name dimension {axis} twice", shape_to_string(axes)));
    }
    Ok(normalized)
}

fn check_pad(c: &mut Checker<'_, '_>) {
    if let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) {
        // TFLite Micro's `PadEval` copies the stored values whatever the scales and zero points.
        c.same_storage("result", result, "input", input);
    }
    check_pad_with(c, PAD_PADDINGS);
}

/// The paddings of `pad` and `padv2`: TFLite Micro's `PadPrepare` reads them as int32 whatever
/// their type (int64 ones would be misread).
const PAD_PADDINGS: (&[Kind], &str) = (&[I32], "i32 (TFLite Micro's PAD reads int32 paddings only)");
/// The paddings of `mirror_pad`: its kernel reads int32 and int64 ones.
const MIRROR_PAD_PADDINGS: (&[Kind], &str) = (&[I32, I64], "i32 or i64");

/// `pad` and `mirror_pad`: paddings as an operand (of a kind of `paddings`) or an attribute.
fn check_pad_with(c: &mut Checker<'_, '_>, paddings: (&[Kind], &str)) {
    let (ctx, op) = (c.ctx, c.op);
    let Some(input) = c.operand("input", 0) else { return };
    match (c.num_operands() == 2, ctx.attr(op, "paddings").is_some()) {
        (true, true) => c.error("takes 'paddings' as an operand or as an attribute, not both"),
        (false, false) => c.error("requires a paddings operand or a 'paddings' attribute"),
        (true, false) => check_paddings_operand(c, 1, input.shape.len(), paddings),
        (false, true) => {}
    }
    c.check_inferred();
}

/// Operand `index` is a `[rank, 2]` tensor of one of the `paddings` kinds.
fn check_paddings_operand(c: &mut Checker<'_, '_>, index: usize, rank: usize, (kinds, text): (&[Kind], &str)) {
    let ty = c.operand_type(index);
    let ok = matches!(c.parts(ty), Some((&[r, 2], e)) if r == rank as i64 && kinds.contains(&Kind::of(c.ctx, e)));
    if !ok {
        c.error(format!("paddings operand must be a {rank}x2 tensor of {text}, but got '{}'", c.ty(ty)));
    }
}

fn check_padv2(c: &mut Checker<'_, '_>) {
    let (ctx, op) = (c.ctx, c.op);
    let (Some(input), Some(value), Some(result)) =
        (c.operand("input", 0), c.operand("constant_values", 1), c.result("result"))
    else {
        return;
    };
    // As `pad`'s; the value is stored as the result (TFLite Micro requires its scale and zero
    // point to be the output's).
    c.same_storage("result", result, "input", input);
    c.same_element("constant_values", value, "result", result);
    if value.shape.iter().product::<i64>() != 1 {
        c.error(format!("constant_values must hold one element, but has shape {}", shape_to_string(value.shape)));
    }
    match (c.num_operands() == 3, ctx.attr(op, "paddings").is_some()) {
        (true, true) => c.error("takes 'paddings' as an operand or as an attribute, not both"),
        (false, false) => c.error("requires a paddings operand or a 'paddings' attribute"),
        (true, false) => check_paddings_operand(c, 2, input.shape.len(), PAD_PADDINGS),
        (false, true) => {}
    }
    c.check_inferred();
}

fn check_mirror_pad(c: &mut Checker<'_, '_>) {
    if let Some(mode) = c.ctx.attr(c.op, "mode").and_then(|a| c.ctx.string_value(a))
        && mirror_offset(mode).is_none()
    {
        c.error(format!("'mode' must be \"REFLECT\" or \"SYMMETRIC\", but is \"{mode}\""));
        return;
    }
    if let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) {
        c.same_element("result", result, "input", input);
    }
    check_pad_with(c, MIRROR_PAD_PADDINGS);
}

/// How far a mirror image starts from the edge: 1 for `"REFLECT"` (the edge element is left
/// out), 0 for `"SYMMETRIC"` (TFLite Micro's `offset`).
pub fn mirror_offset(mode: &str) -> Option<i64> {
    match mode {
        "REFLECT" => Some(1),
        "SYMMETRIC" => Some(0),
        _ => None,
    }
}

/// `mirror_pad`: `pad`'s shape at any rank (TFLite Micro's `MirrorPad` walks any number of
/// dimensions), each padding at most the dimension minus `offset` (TensorFlow's rule; TFLite
/// Micro reads outside the input beyond it).
pub fn mirror_pad_shape(input: &[i64], paddings: &[[i64; 2]], offset: i64) -> Result<Vec<i64>, String> {
    let shape = padded_shape(input, paddings)?;
    for (i, (&d, &[before, after])) in input.iter().zip(paddings).enumerate() {
        if before.max(after) > d - offset {
            return Err(format!(
                "paddings [{before}, {after}] of dimension {i} exceed its size {d}{} for a mirror image",
                if offset == 1 { " minus 1" } else { "" }
            ));
        }
    }
    Ok(shape)
}

fn check_concatenation(c: &mut Checker<'_, '_>) {
    if let Some(activation) = c.activation()
        && activation != Activation::None
    {
        c.error(format!(
            "fused activation must be \"NONE\", but is \"{activation}\" (TFLite's concatenation fuses none)"
        ));
    }
    if c.num_operands() == 0 {
        c.error("requires at least one input");
        return;
    }
    let Some(result) = c.result("result") else { return };
    for index in 0..c.num_operands() {
        let what = format!("input #{index}");
        if let Some(input) = c.operand(&what, index) {
            c.same_element(&what, input, "result", result);
        }
    }
    c.check_inferred();
}

fn check_squeeze(c: &mut Checker<'_, '_>) {
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    c.same_storage("result", result, "input", input);
    c.check_inferred();
}

fn check_expand_dims(c: &mut Checker<'_, '_>) {
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    if c.kind("input", input, &[F32, Q8, I8, Q16, I16]).is_some() {
        c.same_storage("result", result, "input", input);
    }
    let axis_type = c.operand_type(1);
    let ok = matches!(c.parts(axis_type), Some((shape, e)) if shape.len() <= 1 && shape.iter().product::<i64>() == 1 && Kind::of(c.ctx, e) == I32);
    if !ok {
        c.error(format!(
            "axis operand must hold one i32 (TFLite Micro's EXPAND_DIMS reads an int32 axis only), but got '{}'",
            c.ty(axis_type)
        ));
        return;
    }
    c.check_inferred();
}

fn check_pack(c: &mut Checker<'_, '_>) {
    if c.num_operands() == 0 {
        c.error("requires at least one input");
        return;
    }
    let Some(result) = c.result("result") else { return };
    if c.kind("result", result, &[F32, Q8, I8, Q16, I16, I32, I64]).is_none() {
        return;
    }
    for index in 0..c.num_operands() {
        let what = format!("input #{index}");
        if let Some(input) = c.operand(&what, index) {
            c.same_element(&what, input, "result", result);
        }
    }
    c.check_inferred();
}

/// The input's shape without the squeezed dimensions.
fn infer_squeeze(q: &ShapeQuery<'_>) -> Inference {
    let dims = q.list(1, "squeeze_dims")?.unwrap_or_default();
    q.one(squeeze_shape(q.shape(0)?, &dims))
}

/// The input's shape with a 1 at the constant `axis`, when known.
fn infer_expand_dims(q: &ShapeQuery<'_>) -> Inference {
    match q.list(1, "axis")? {
        Some(axis) if axis.len() == 1 => q.one(expand_dims_shape(q.shape(0)?, axis[0])),
        Some(axis) => Err(q.error(format!("axis must hold one value, but holds {}", axis.len()))),
        None => Ok(None),
    }
}

/// The inputs stacked along `axis`.
fn infer_pack(q: &ShapeQuery<'_>) -> Inference {
    let shapes = (0..q.num_operands()).map(|index| q.shape(index)).collect::<Result<Vec<_>, _>>()?;
    q.one(pack_shape(&shapes, q.int_attr("axis")?))
}

/// `squeeze`: removes the dimensions `squeeze_dims` (negative counts from the end), each of size
/// 1, or every dimension of size 1 when `squeeze_dims` is empty, as TFLite's `SqueezePrepare`.
pub fn squeeze_shape(input: &[i64], squeeze_dims: &[i64]) -> Result<Vec<i64>, String> {
    if input.len() > MAX_SQUEEZE_RANK {
        return Err(format!(
            "squeeze supports inputs of rank at most {MAX_SQUEEZE_RANK}, but the input has rank {}",
            input.len()
        ));
    }
    let mut squeezed = vec![squeeze_dims.is_empty(); input.len()];
    if !squeeze_dims.is_empty() {
        for &dim in squeeze_dims {
            let index = normalize_axis(dim, input.len()).map_err(|e| format!("squeeze_dims: {e}"))?;
            if input[index] != 1 {
                return Err(format!("squeeze_dims names dimension {dim}, of size {}, not 1", input[index]));
            }
            squeezed[index] = true;
        }
    }
    Ok(input.iter().zip(squeezed).filter(|&(&d, s)| !(s && d == 1)).map(|(&d, _)| d).collect())
}

/// `expand_dims`: a dimension of size 1 inserted at `axis`, which counts from the end of the
/// result when negative (`axis + rank + 1`), as TFLite's `EXPAND_DIMS`.
pub fn expand_dims_shape(input: &[i64], axis: i64) -> Result<Vec<i64>, String> {
    let index = normalize_axis(axis, input.len() + 1)?;
    let mut shape = input.to_vec();
    shape.insert(index, 1);
    Ok(shape)
}

/// `pack`: inputs of one shape, their count inserted at `axis` (negative counts from the end of
/// the result).
pub fn pack_shape(inputs: &[&[i64]], axis: i64) -> Result<Vec<i64>, String> {
    let Some(first) = inputs.first() else { return Err("requires at least one input".to_string()) };
    if let Some(index) = inputs.iter().position(|input| input != first) {
        return Err(format!(
            "input #{index} has shape {}, but input #0 has shape {}",
            shape_to_string(inputs[index]),
            shape_to_string(first)
        ));
    }
    let index = normalize_axis(axis, first.len() + 1)?;
    let mut shape = first.to_vec();
    shape.insert(index, inputs.len() as i64);
    Ok(shape)
}

/// The input's elements in the shape of the `shape` operand or `new_shape`, when known.
fn infer_reshape(q: &ShapeQuery<'_>) -> Inference {
    match q.list(1, "new_shape")? {
        Some(new_shape) => q.one(reshape_shape(q.shape(0)?.iter().product(), &new_shape)),
        None => Ok(None),
    }
}

/// The input's dimensions permuted by `perm`, when known.
fn infer_transpose(q: &ShapeQuery<'_>) -> Inference {
    match q.list(1, "perm")? {
        Some(perm) => q.one(transpose_shape(q.shape(0)?, &perm)),
        None => Ok(None),
    }
}

/// The input's dimensions grown by the `paddings`, when known.
fn infer_pad(q: &ShapeQuery<'_>) -> Inference {
    infer_padded(q, 1)
}

/// As `pad`'s, the paddings no longer than the mirror image.
fn infer_mirror_pad(q: &ShapeQuery<'_>) -> Inference {
    let mode = q.ctx.attr(q.sig.op, "mode").and_then(|a| q.ctx.string_value(a)).and_then(mirror_offset);
    let Some(offset) = mode else { return Err(q.error("requires a valid 'mode'".into())) };
    match q.list(1, "paddings")? {
        Some(flat) if flat.len() % 2 == 0 => {
            let pairs: Vec<[i64; 2]> = flat.chunks(2).map(|p| [p[0], p[1]]).collect();
            q.one(mirror_pad_shape(q.shape(0)?, &pairs, offset))
        }
        Some(flat) => Err(q.error(format!("paddings must hold pairs, but has {} values", flat.len()))),
        None => Ok(None),
    }
}

/// As `pad`'s, the paddings being operand #2.
fn infer_padv2(q: &ShapeQuery<'_>) -> Inference {
    infer_padded(q, 2)
}

/// The input's dimensions grown by the paddings (operand `index` or the attribute), when known.
fn infer_padded(q: &ShapeQuery<'_>, index: usize) -> Inference {
    match q.list(index, "paddings")? {
        Some(flat) if flat.len() % 2 == 0 => {
            let pairs: Vec<[i64; 2]> = flat.chunks(2).map(|p| [p[0], p[1]]).collect();
            q.one(pad_shape(q.shape(0)?, &pairs))
        }
        Some(flat) => Err(q.error(format!("paddings must hold pairs, but has {} values", flat.len()))),
        None => Ok(None),
    }
}

/// The inputs joined along `axis`.
fn infer_concatenation(q: &ShapeQuery<'_>) -> Inference {
    let shapes = (0..q.num_operands()).map(|index| q.shape(index)).collect::<Result<Vec<_>, _>>()?;
    q.one(concat_shape(&shapes, q.int_attr("axis")?))
}

/// `pad`: each dimension grows by its `[before, after]` pair; pairs must be non-negative; rank at
/// most [`MAX_PAD_RANK`] (TFLite's `PadKernelMaxDimensionCount`).
pub fn pad_shape(input: &[i64], paddings: &[[i64; 2]]) -> Result<Vec<i64>, String> {
    if input.len() > MAX_PAD_RANK {
        return Err(format!(
            "pad supports inputs of rank at most {MAX_PAD_RANK}, but the input has rank {}",
            input.len()
        ));
    }
    padded_shape(input, paddings)
}

/// Each dimension grown by its non-negative `[before, after]` pair, at any rank.
fn padded_shape(input: &[i64], paddings: &[[i64; 2]]) -> Result<Vec<i64>, String> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::reduce_shape;

    #[test]
    fn reductions_pads_transposes_reshapes_and_concats() {
        assert_eq!(reduce_shape(&[1, 7, 7, 32], &[1, 2], true), Ok(vec![1, 1, 1, 32]));
        assert_eq!(reduce_shape(&[1, 7, 7, 32], &[-2, 1, 2], false), Ok(vec![1, 32]));
        assert_eq!(reduce_shape(&[3], &[0], false), Ok(vec![]));
        assert!(reduce_shape(&[3], &[1], false).is_err());
        assert_eq!(pad_shape(&[1, 5, 5, 3], &[[0, 0], [1, 2], [1, 1], [0, 0]]), Ok(vec![1, 8, 7, 3]));
        assert!(pad_shape(&[1, 5], &[[0, 0], [-1, 0]]).is_err());
        assert!(pad_shape(&[1, 5], &[[0, 0]]).is_err());
        assert!(pad_shape(&[1; 6], &[[0, 1]; 6]).is_err());
        assert_eq!(mirror_pad_shape(&[2; 7], &[[1, 0]; 7], 1), Ok(vec![3; 7]));
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
        assert_eq!(reverse_axes(3, &[-1, 0]), Ok(vec![2, 0]));
        assert!(reverse_axes(2, &[2]).is_err());
        assert!(reverse_axes(1, &[0, 0]).is_err());
        assert!(reverse_axes(7, &[0]).is_err());
    }
}
