//! Spatial rearrangements: resizing, and moving elements between the spatial dimensions, the
//! depth and the batch of NHWC tensors.
//!
//! | op | operands | attributes | result | TFLite builtin |
//! |---|---|---|---|---|
//! | `graph.resize_bilinear` | `input` NHWC, `size_operand`? (2 × i32) | `align_corners`, `half_pixel_centers` (not both); `size`? (exactly one of the two) | `[N, size0, size1, C]` | `RESIZE_BILINEAR` (23) |
//! | `graph.resize_nearest_neighbor` | as `resize_bilinear` | as `resize_bilinear` (both may be set) | `[N, size0, size1, C]` | `RESIZE_NEAREST_NEIGHBOR` (97) |
//! | `graph.depth_to_space` | `input` NHWC | `block_size` (≥ 1) | `[N, H·b, W·b, C/b²]` | `DEPTH_TO_SPACE` (5) |
//! | `graph.space_to_depth` | `input` NHWC | `block_size` (≥ 1) | `[N, H/b, W/b, C·b²]` | `SPACE_TO_DEPTH` (26) |
//! | `graph.space_to_batch_nd` | `input` NHWC or NHC, `block_shape_operand`?, `paddings_operand`? | `block_shape`, `paddings` (flattened `[top, bottom, left, right]`) if not operands | `[N·∏b, (H+pads)/bh, (W+pads)/bw, C]` | `SPACE_TO_BATCH_ND` (38) |
//! | `graph.batch_to_space_nd` | `input` NHWC or NHC, `block_shape_operand`?, `crops_operand`? | `block_shape`, `crops` (flattened) if not operands | `[N/∏b, H·bh−crops, W·bw−crops, C]` | `BATCH_TO_SPACE_ND` (37) |
//!
//! A 3-D (NHC) input of the batch rearrangements has one spatial dimension: one block size and
//! one pair of paddings or crops, as TFLite Micro reads it. Sizes, block shapes, paddings and
//! crops must be constants (mc compiles static shapes).
//!
//! Element types as TFLite Micro's kernels take them: `f32` and `i8` (quantized or plain), and
//! `i16` for `resize_nearest_neighbor`; `resize_bilinear` takes quantized `i8`. The result's
//! element type is the input's (the kernels move or interpolate stored values).

use super::{OpEntry, op_entry};
use crate::graph::attributes::{i64_array, i64_array_attr};
use crate::graph::builders::{build_with_list, get_bool, get_int, int_attr};
use crate::graph::canonicalize::{
    batch_to_space_patterns, resize_bilinear_patterns, resize_nearest_neighbor_patterns, space_to_batch_patterns,
};
use crate::graph::shape_inference::{Inference, ShapeQuery};
use crate::graph::shapes::shape_to_string;
use crate::graph::verify::{Checker, Checks, F32, I8, I16, I32, INT32_LIST, Kind, Q8, Q16, verify_op};
use mc_ir::{Builder, Context, Type, Value, define_op};

define_op! {
    /// Bilinear resize of the height and width of an NHWC tensor to `size` (TFLite
    /// `RESIZE_BILINEAR`).
    pub struct ResizeBilinearOp = "graph.resize_bilinear" {
        summary: "bilinear resize",
        traits: [PURE],
        operands: [input],
        optional_operands: [size_operand],
        results: [result],
        attributes: [align_corners: Bool, half_pixel_centers: Bool],
        optional_attributes: [size: DenseArray],
        verify: verify_op,
        canonicalize: resize_bilinear_patterns,
    }
}

define_op! {
    /// Nearest-neighbour resize of the height and width of an NHWC tensor to `size` (TFLite
    /// `RESIZE_NEAREST_NEIGHBOR`).
    pub struct ResizeNearestNeighborOp = "graph.resize_nearest_neighbor" {
        summary: "nearest-neighbour resize",
        traits: [PURE],
        operands: [input],
        optional_operands: [size_operand],
        results: [result],
        attributes: [align_corners: Bool, half_pixel_centers: Bool],
        optional_attributes: [size: DenseArray],
        verify: verify_op,
        canonicalize: resize_nearest_neighbor_patterns,
    }
}

define_op! {
    /// Moves depth into `block_size × block_size` spatial blocks (TFLite `DEPTH_TO_SPACE`).
    pub struct DepthToSpaceOp = "graph.depth_to_space" {
        summary: "depth to space",
        traits: [PURE],
        operands: [input],
        results: [result],
        attributes: [block_size: Integer],
        verify: verify_op,
    }
}

define_op! {
    /// Moves `block_size × block_size` spatial blocks into depth (TFLite `SPACE_TO_DEPTH`).
    pub struct SpaceToDepthOp = "graph.space_to_depth" {
        summary: "space to depth",
        traits: [PURE],
        operands: [input],
        results: [result],
        attributes: [block_size: Integer],
        verify: verify_op,
    }
}

define_op! {
    /// Pads the spatial dimensions and moves each `block_shape` offset into its own batch
    /// (TFLite `SPACE_TO_BATCH_ND`).
    pub struct SpaceToBatchNdOp = "graph.space_to_batch_nd" {
        summary: "space to batch",
        traits: [PURE],
        operands: [input],
        optional_operands: [block_shape_operand, paddings_operand],
        results: [result],
        attributes: [],
        optional_attributes: [block_shape: DenseArray, paddings: DenseArray],
        verify: verify_op,
        canonicalize: space_to_batch_patterns,
    }
}

define_op! {
    /// Interleaves batches into `block_shape` spatial blocks and crops the result (TFLite
    /// `BATCH_TO_SPACE_ND`).
    pub struct BatchToSpaceNdOp = "graph.batch_to_space_nd" {
        summary: "batch to space",
        traits: [PURE],
        operands: [input],
        optional_operands: [block_shape_operand, crops_operand],
        results: [result],
        attributes: [],
        optional_attributes: [block_shape: DenseArray, crops: DenseArray],
        verify: verify_op,
        canonicalize: batch_to_space_patterns,
    }
}

/// The family's ops.
pub(super) const OPS: &[OpEntry] = &[
    op_entry!(ResizeBilinearOp, Checks::Signature(check_resize_bilinear), Some(infer_resize)).with_lists(1, &["size"]),
    op_entry!(ResizeNearestNeighborOp, Checks::Signature(check_resize_nearest_neighbor), Some(infer_resize))
        .with_lists(1, &["size"]),
    op_entry!(DepthToSpaceOp, Checks::Signature(check_block_size), Some(infer_depth_to_space)),
    op_entry!(SpaceToDepthOp, Checks::Signature(check_block_size), Some(infer_space_to_depth)),
    op_entry!(SpaceToBatchNdOp, Checks::Signature(check_batch_rearrangement), Some(infer_space_to_batch))
        .with_lists(1, &["block_shape", "paddings"]),
    op_entry!(BatchToSpaceNdOp, Checks::Signature(check_batch_rearrangement), Some(infer_batch_to_space))
        .with_lists(1, &["block_shape", "crops"]),
];

/// The options of the resize ops.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct ResizeAttrs {
    /// The corner pixels of input and output are aligned.
    pub align_corners: bool,
    /// Pixels are sampled at their centres.
    pub half_pixel_centers: bool,
}

macro_rules! resize_builders {
    ($($Op:ident),*) => {
        $(
            impl $Op {
                #[doc = concat!("Builds `", stringify!($Op), "` with a size operand or a `size` attribute.")]
                pub fn build(
                    b: &mut Builder<'_>,
                    input: Value,
                    size_operand: Option<Value>,
                    size: Option<&[i64]>,
                    attrs: ResizeAttrs,
                    result: Type,
                ) -> Self {
                    let named = vec![
                        ("align_corners".to_string(), b.ctx.bool_attr(attrs.align_corners)),
                        ("half_pixel_centers".to_string(), b.ctx.bool_attr(attrs.half_pixel_centers)),
                    ];
                    let size = size.map(|values| ("size", values));
                    $Op(build_with_list(b, Self::NAME, input, size_operand, size, named, result))
                }

                /// The options, if well-formed.
                pub fn attrs(self, ctx: &Context) -> Option<ResizeAttrs> {
                    Some(ResizeAttrs {
                        align_corners: get_bool(ctx, self.0, "align_corners")?,
                        half_pixel_centers: get_bool(ctx, self.0, "half_pixel_centers")?,
                    })
                }
            }
        )*
    };
}

resize_builders!(ResizeBilinearOp, ResizeNearestNeighborOp);

macro_rules! block_size_builders {
    ($($Op:ident),*) => {
        $(
            impl $Op {
                #[doc = concat!("Builds `", stringify!($Op), "`.")]
                pub fn build(b: &mut Builder<'_>, input: Value, block_size: i64, result: Type) -> Self {
                    let attrs = vec![("block_size".to_string(), int_attr(b.ctx, block_size))];
                    $Op(b.create(Self::NAME, &[input], &[result], attrs, vec![]))
                }

                /// The `block_size` attribute's value.
                pub fn block_size_value(self, ctx: &Context) -> Option<i64> {
                    get_int(ctx, self.0, "block_size")
                }
            }
        )*
    };
}

block_size_builders!(DepthToSpaceOp, SpaceToDepthOp);

macro_rules! batch_builders {
    ($($Op:ident { $pairs:ident, $pairs_doc:literal }),*) => {
        $(
            impl $Op {
                #[doc = concat!("Builds `", stringify!($Op), "` with its two list operands, or with `block_shape` and `",
                    stringify!($pairs), "` attributes (`(before, after)` pairs).")]
                pub fn build(
                    b: &mut Builder<'_>,
                    input: Value,
                    operands: Option<(Value, Value)>,
                    lists: Option<(&[i64], &[[i64; 2]])>,
                    result: Type,
                ) -> Self {
                    let mut attrs = Vec::new();
                    if let Some((block_shape, $pairs)) = lists {
                        let flat: Vec<i64> = $pairs.iter().flatten().copied().collect();
                        attrs.push(("block_shape".to_string(), i64_array_attr(b.ctx, block_shape)));
                        attrs.push((stringify!($pairs).to_string(), i64_array_attr(b.ctx, &flat)));
                    }
                    let mut all = vec![input];
                    all.extend(operands.map(|(block_shape, pairs)| [block_shape, pairs]).into_iter().flatten());
                    $Op(b.create(Self::NAME, &all, &[result], attrs, vec![]))
                }

                /// The `block_shape` attribute's values.
                pub fn block_shape_values(self, ctx: &Context) -> Option<Vec<i64>> {
                    i64_array(ctx, self.block_shape(ctx)?)
                }

                #[doc = $pairs_doc]
                pub fn pairs(self, ctx: &Context) -> Option<Vec<[i64; 2]>> {
                    let flat = i64_array(ctx, self.$pairs(ctx)?)?;
                    flat.len().is_multiple_of(2).then(|| flat.chunks(2).map(|p| [p[0], p[1]]).collect())
                }
            }
        )*
    };
}

batch_builders!(
    SpaceToBatchNdOp { paddings, "The `paddings` attribute as `(before, after)` pairs." },
    BatchToSpaceNdOp { crops, "The `crops` attribute as `(before, after)` pairs." }
);

/// Element kinds of the data-moving ops of the family (TFLite Micro's float32 and int8 cases).
const MOVED: &[Kind] = &[F32, Q8, I8];

fn check_resize_bilinear(c: &mut Checker<'_, '_>) {
    check_resize(c, &[F32, Q8]);
    let both = ["align_corners", "half_pixel_centers"].map(|name| get_bool(c.ctx, c.op, name) == Some(true));
    if both == [true, true] {
        c.error("'half_pixel_centers' requires 'align_corners' to be false (as TFLite Micro's RESIZE_BILINEAR)");
    }
}

fn check_resize_nearest_neighbor(c: &mut Checker<'_, '_>) {
    check_resize(c, &[F32, Q8, I8, Q16, I16]);
}

/// The resize ops: NHWC in and out of one element type, a size of two values given once.
fn check_resize(c: &mut Checker<'_, '_>, kinds: &[Kind]) {
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    let ranks_ok = c.rank("input", input, 4) & c.rank("result", result, 4);
    if c.kind("input", input, kinds).is_some() {
        c.same_element("result", result, "input", input);
    }
    if let Some(Some(n)) = c.list_once("size", "size operand", INT32_LIST)
        && n != 2
    {
        c.error(format!("size operand must have 2 elements, but has {n}"));
    }
    if ranks_ok {
        c.check_inferred();
    }
}

/// `depth_to_space` and `space_to_depth`.
fn check_block_size(c: &mut Checker<'_, '_>) {
    c.int_attr("block_size", 1);
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    let ranks_ok = c.rank("input", input, 4) & c.rank("result", result, 4);
    if c.kind("input", input, MOVED).is_some() {
        c.same_element("result", result, "input", input);
    }
    if ranks_ok {
        c.check_inferred();
    }
}

/// `space_to_batch_nd` and `batch_to_space_nd`: rank 3 or 4, the lists given once.
fn check_batch_rearrangement(c: &mut Checker<'_, '_>) {
    let (ctx, op) = (c.ctx, c.op);
    let (Some(input), Some(result)) = (c.operand("input", 0), c.result("result")) else { return };
    let rank = input.shape.len();
    if !(3..=4).contains(&rank) {
        c.error(format!("input must have rank 3 or 4, but has rank {rank}"));
        return;
    }
    if result.shape.len() != rank {
        c.error(format!("result must have the input's rank {rank}, but has rank {}", result.shape.len()));
        return;
    }
    if c.kind("input", input, MOVED).is_some() {
        c.same_element("result", result, "input", input);
    }
    let pairs = if c.sig.name == SpaceToBatchNdOp::NAME { "paddings" } else { "crops" };
    let spatial = rank as i64 - 2;
    let attrs = ["block_shape", pairs].map(|name| ctx.attr(op, name).is_some());
    match (c.num_operands(), attrs) {
        (3, [false, false]) => {
            if let Some(n) = c.list_operand("block shape operand", 1, INT32_LIST)
                && n != spatial
            {
                c.error(format!("block shape operand must have {spatial} elements, but has {n}"));
            }
            let ty = c.operand_type(2);
            let ok = matches!(c.parts(ty), Some((&[r, 2], e)) if r == spatial && Kind::of(ctx, e) == I32);
            if !ok {
                c.error(format!(
                    "{pairs} operand must be a {spatial}x2 tensor of i32 (TFLite Micro reads int32 only), but got '{}'",
                    c.ty(ty)
                ));
            }
        }
        (1, [true, true]) => {}
        _ => c.error(format!("requires 'block_shape' and '{pairs}', both as operands or both as attributes")),
    }
    c.check_inferred();
}

/// `[N, size0, size1, C]` when the size is known.
fn infer_resize(q: &ShapeQuery<'_>) -> Inference {
    let input = q.rank(0, 4)?;
    match q.list(1, "size")? {
        Some(size) => q.one(resize_shape(input, &size)),
        None => Ok(None),
    }
}

fn infer_depth_to_space(q: &ShapeQuery<'_>) -> Inference {
    q.one(depth_to_space_shape(q.rank(0, 4)?, q.int_attr("block_size")?))
}

fn infer_space_to_depth(q: &ShapeQuery<'_>) -> Inference {
    q.one(space_to_depth_shape(q.rank(0, 4)?, q.int_attr("block_size")?))
}

/// A batch rearrangement's block shape and its pairs (paddings or crops).
type BatchLists = (Vec<i64>, Vec<[i64; 2]>);

/// The block shape and the pairs (paddings or crops) of a batch rearrangement, when known.
fn batch_lists(q: &ShapeQuery<'_>, pairs: &str) -> Result<Option<BatchLists>, mc_ir::Diagnostic> {
    let (Some(block), Some(flat)) = (q.list(1, "block_shape")?, q.list(2, pairs)?) else { return Ok(None) };
    if flat.len() % 2 != 0 {
        return Err(q.error(format!("{pairs} must hold pairs, but has {} values", flat.len())));
    }
    Ok(Some((block, flat.chunks(2).map(|p| [p[0], p[1]]).collect())))
}

fn infer_space_to_batch(q: &ShapeQuery<'_>) -> Inference {
    match batch_lists(q, "paddings")? {
        Some((block, paddings)) => q.one(space_to_batch_shape(q.shape(0)?, &block, &paddings)),
        None => Ok(None),
    }
}

fn infer_batch_to_space(q: &ShapeQuery<'_>) -> Inference {
    match batch_lists(q, "crops")? {
        Some((block, crops)) => q.one(batch_to_space_shape(q.shape(0)?, &block, &crops)),
        None => Ok(None),
    }
}

/// `resize_*`: the NHWC input with height and width `size`, which must be positive.
pub fn resize_shape(input: &[i64], size: &[i64]) -> Result<Vec<i64>, String> {
    match size {
        &[h, w] if h > 0 && w > 0 => Ok(vec![input[0], h, w, input[3]]),
        _ => Err(format!("size must be two positive values, but is {}", shape_to_string(size))),
    }
}

/// `depth_to_space`: `[N, H·b, W·b, C/b²]`; the depth must be a multiple of `b²`.
pub fn depth_to_space_shape(input: &[i64], block: i64) -> Result<Vec<i64>, String> {
    let area = block.checked_mul(block).filter(|&a| a > 0).ok_or(format!("block size {block} must be positive"))?;
    if input[3] % area != 0 {
        return Err(format!("input depth {} is not a multiple of block size² ({area})", input[3]));
    }
    Ok(vec![input[0], input[1] * block, input[2] * block, input[3] / area])
}

/// `space_to_depth`: `[N, H/b, W/b, C·b²]`; height and width must be multiples of `b`.
pub fn space_to_depth_shape(input: &[i64], block: i64) -> Result<Vec<i64>, String> {
    if block < 1 {
        return Err(format!("block size {block} must be positive"));
    }
    if input[1] % block != 0 || input[2] % block != 0 {
        return Err(format!(
            "input height {} and width {} must be multiples of block size {block}",
            input[1], input[2]
        ));
    }
    Ok(vec![input[0], input[1] / block, input[2] / block, input[3] * block * block])
}

/// Checks the block shape and pairs of a batch rearrangement of `input` (rank 3 or 4).
fn check_batch_lists(input: &[i64], block: &[i64], pairs: &[[i64; 2]], noun: &str) -> Result<(), String> {
    let spatial = input.len().saturating_sub(2);
    if block.len() != spatial || pairs.len() != spatial {
        return Err(format!(
            "a rank-{} input takes {spatial} block sizes and {spatial} {noun} pairs, but has {} and {}",
            input.len(),
            block.len(),
            pairs.len()
        ));
    }
    if let Some(b) = block.iter().find(|&&b| b < 1) {
        return Err(format!("block shape {} must be positive, but has {b}", shape_to_string(block)));
    }
    if let Some((d, p)) = pairs.iter().enumerate().find(|(_, p)| p[0] < 0 || p[1] < 0) {
        return Err(format!("{noun} of spatial dimension {d} must be non-negative, but are [{}, {}]", p[0], p[1]));
    }
    Ok(())
}

/// `space_to_batch_nd`: the padded spatial dimensions divided by the block, the batch
/// multiplied by its product; each padded dimension must be a multiple of its block size.
pub fn space_to_batch_shape(input: &[i64], block: &[i64], paddings: &[[i64; 2]]) -> Result<Vec<i64>, String> {
    check_batch_lists(input, block, paddings, "paddings")?;
    let mut shape = input.to_vec();
    for (d, (&b, p)) in block.iter().zip(paddings).enumerate() {
        let padded = input[d + 1] + p[0] + p[1];
        if padded % b != 0 {
            return Err(format!("padded spatial dimension {d} ({padded}) is not a multiple of its block size {b}"));
        }
        shape[d + 1] = padded / b;
    }
    shape[0] = input[0] * block.iter().product::<i64>();
    Ok(shape)
}

/// `batch_to_space_nd`: the spatial dimensions multiplied by the block and cropped, the batch
/// divided by its product; the batch must be a multiple of it and the crops must leave a size
/// of at least 0.
pub fn batch_to_space_shape(input: &[i64], block: &[i64], crops: &[[i64; 2]]) -> Result<Vec<i64>, String> {
    check_batch_lists(input, block, crops, "crops")?;
    let blocks: i64 = block.iter().product();
    if input[0] % blocks != 0 {
        return Err(format!("input batch {} is not a multiple of the block shape's product {blocks}", input[0]));
    }
    let mut shape = input.to_vec();
    shape[0] = input[0] / blocks;
    for (d, (&b, c)) in block.iter().zip(crops).enumerate() {
        let size = input[d + 1] * b - c[0] - c[1];
        if size < 0 {
            return Err(format!(
                "crops [{}, {}] of spatial dimension {d} are larger than its size {}",
                c[0],
                c[1],
                input[d + 1] * b
            ));
        }
        shape[d + 1] = size;
    }
    Ok(shape)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spatial_shapes() {
        assert_eq!(resize_shape(&[1, 2, 3, 4], &[5, 6]), Ok(vec![1, 5, 6, 4]));
        assert!(resize_shape(&[1, 2, 3, 4], &[0, 6]).is_err());
        assert!(resize_shape(&[1, 2, 3, 4], &[5]).is_err());
        assert_eq!(depth_to_space_shape(&[1, 2, 3, 8], 2), Ok(vec![1, 4, 6, 2]));
        assert!(depth_to_space_shape(&[1, 2, 3, 6], 2).is_err());
        assert_eq!(space_to_depth_shape(&[1, 4, 6, 2], 2), Ok(vec![1, 2, 3, 8]));
        assert!(space_to_depth_shape(&[1, 4, 5, 2], 2).is_err());
        assert_eq!(space_to_batch_shape(&[1, 5, 5, 3], &[2, 2], &[[2, 3], [2, 3]]), Ok(vec![4, 5, 5, 3]));
        assert_eq!(space_to_batch_shape(&[2, 4, 3], &[2], &[[0, 0]]), Ok(vec![4, 2, 3]));
        assert!(space_to_batch_shape(&[1, 5, 5, 3], &[2, 2], &[[0, 0], [0, 0]]).is_err());
        assert!(space_to_batch_shape(&[1, 4, 4, 3], &[2, 0], &[[0, 0], [0, 0]]).is_err());
        assert_eq!(batch_to_space_shape(&[4, 5, 5, 3], &[2, 2], &[[0, 1], [0, 1]]), Ok(vec![1, 9, 9, 3]));
        assert!(batch_to_space_shape(&[3, 5, 5, 3], &[2, 2], &[[0, 0], [0, 0]]).is_err());
        assert!(batch_to_space_shape(&[4, 1, 1, 3], &[2, 2], &[[2, 1], [0, 0]]).is_err());
    }
}
