//! `RESIZE_BILINEAR`, `RESIZE_NEAREST_NEIGHBOR`, `DEPTH_TO_SPACE`, `SPACE_TO_DEPTH`,
//! `SPACE_TO_BATCH_ND` and `BATCH_TO_SPACE_ND` against TFLite Micro, over every element type its
//! kernels take and every option: resizes up and down (scales whose fixed-point rounding
//! matters, sizes of 1), with aligned corners or half-pixel centres; block sizes 1 to 3; 4-D and
//! 3-D batch rearrangements with the paddings and crops TensorFlow writes around dilated
//! convolutions, int8 with zero points away from 0 (TFLM pads with the stored 0).

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{BlockSizeOptions, BuiltinOp, BuiltinOptions, ResizeOptions};

/// The quantization of a case's tensors: int8 and int16 quantized, f32 not.
fn quant(dtype: DType, zero_point: i64) -> Option<Quant> {
    match dtype {
        DType::Float32 => None,
        DType::Int16 => Some(Quant::tensor(0.002, 0)),
        _ => Some(Quant::tensor(0.05, zero_point)),
    }
}

fn dims(shape: &[usize]) -> Vec<i32> {
    shape.iter().map(|&d| d as i32).collect()
}

/// A resize (`bilinear` or nearest neighbour) of `shape` (NHWC) to `size`.
fn resize(
    rng: &mut Rng,
    bilinear: bool,
    shape: [usize; 4],
    size: [i32; 2],
    options: ResizeOptions,
    dtype: DType,
) -> Case {
    let q = quant(dtype, -7);
    let mut m = OneOp::new();
    let x = m.input("x", &dims(&shape), dtype, q.clone());
    let s = m.constant_i32("size", &[2], &size, None);
    let y = m.output("y", &[shape[0] as i32, size[0], size[1], shape[3] as i32], dtype, q);
    let (op, opts) = if bilinear {
        (BuiltinOp::ResizeBilinear, BuiltinOptions::ResizeBilinear(options))
    } else {
        (BuiltinOp::ResizeNearestNeighbor, BuiltinOptions::ResizeNearestNeighbor(options))
    };
    m.op(op, &[x, s], &[y], opts);
    let name = format!("{op:?} {shape:?} to {size:?} {options:?} {dtype:?}");
    m.case(&name, vec![Tensor::full_range(dtype, &shape, rng)])
}

/// `(input shape, size)` pairs every resize runs: up, down, mixed, to and from size 1.
const RESIZES: [([usize; 4], [i32; 2]); 6] = [
    ([1, 2, 2, 1], [4, 4]),
    ([2, 3, 5, 2], [7, 3]),
    ([1, 5, 4, 3], [2, 9]),
    ([1, 1, 3, 2], [3, 1]),
    ([1, 4, 4, 1], [1, 1]),
    ([1, 3, 3, 2], [8, 5]),
];

/// The option combinations of a resize (bilinear refuses both at once).
fn resize_options(both: bool) -> Vec<ResizeOptions> {
    let mut options = vec![
        ResizeOptions { align_corners: false, half_pixel_centers: false },
        ResizeOptions { align_corners: true, half_pixel_centers: false },
        ResizeOptions { align_corners: false, half_pixel_centers: true },
    ];
    if both {
        options.push(ResizeOptions { align_corners: true, half_pixel_centers: true });
    }
    options
}

fn resizes(seed: u64, bilinear: bool, dtypes: &[DType]) -> Vec<Case> {
    let mut rng = Rng(seed);
    let mut cases = Vec::new();
    for &dtype in dtypes {
        for options in resize_options(!bilinear) {
            for (shape, size) in RESIZES {
                cases.push(resize(&mut rng, bilinear, shape, size, options, dtype));
            }
        }
    }
    cases
}

/// The `resize_bilinear` suite: f32 and int8 (TFLM's fixed point, rounding of negative sums).
pub fn resize_bilinear() -> Vec<Case> {
    let mut cases = resizes(0xB11, true, &[DType::Float32, DType::Int8]);
    // Halfway between -1 and -2 and between 1 and 2: rounding half away from zero.
    let halves = Tensor::from_i8(&[1, 1, 2, 2], &[-1, 1, -2, 2]);
    let mut m = OneOp::new();
    let q = quant(DType::Int8, 0);
    let x = m.input("x", &[1, 1, 2, 2], DType::Int8, q.clone());
    let s = m.constant_i32("size", &[2], &[1, 4], None);
    let y = m.output("y", &[1, 1, 4, 2], DType::Int8, q);
    m.op(BuiltinOp::ResizeBilinear, &[x, s], &[y], BuiltinOptions::ResizeBilinear(ResizeOptions::default()));
    cases.push(m.case("ResizeBilinear halves", vec![halves]));
    cases
}

/// The `resize_nearest_neighbor` suite: f32 and int8, with every option combination.
pub fn resize_nearest_neighbor() -> Vec<Case> {
    resizes(0x4EA, false, &[DType::Float32, DType::Int8])
}

/// The `int16_resize_nearest_neighbor` suite.
pub fn int16_resize_nearest_neighbor() -> Vec<Case> {
    resizes(0x4EA16, false, &[DType::Int16])
}

/// `DEPTH_TO_SPACE` (or `SPACE_TO_DEPTH`) of `shape` with `block`.
fn block_case(rng: &mut Rng, to_space: bool, shape: [usize; 4], block: i32, dtype: DType) -> Case {
    let b = block as usize;
    let out = if to_space {
        [shape[0], shape[1] * b, shape[2] * b, shape[3] / (b * b)]
    } else {
        [shape[0], shape[1] / b, shape[2] / b, shape[3] * b * b]
    };
    let q = quant(dtype, 9);
    let mut m = OneOp::new();
    let x = m.input("x", &dims(&shape), dtype, q.clone());
    let y = m.output("y", &dims(&out), dtype, q);
    let options = BlockSizeOptions { block_size: block };
    let (op, opts) = if to_space {
        (BuiltinOp::DepthToSpace, BuiltinOptions::DepthToSpace(options))
    } else {
        (BuiltinOp::SpaceToDepth, BuiltinOptions::SpaceToDepth(options))
    };
    m.op(op, &[x], &[y], opts);
    m.case(&format!("{op:?} {shape:?} block {block} {dtype:?}"), vec![Tensor::full_range(dtype, &shape, rng)])
}

/// The `depth_to_space_space_to_depth` suite: f32 and int8, block sizes 1 to 3, batches.
pub fn depth_to_space_space_to_depth() -> Vec<Case> {
    let mut rng = Rng(0xD25);
    let mut cases = Vec::new();
    for dtype in [DType::Float32, DType::Int8] {
        for (shape, block) in [([1, 2, 3, 8], 2), ([2, 1, 2, 9], 3), ([1, 2, 2, 3], 1), ([1, 3, 1, 4], 2)] {
            cases.push(block_case(&mut rng, true, shape, block, dtype));
        }
        for (shape, block) in [([1, 4, 6, 2], 2), ([2, 3, 6, 1], 3), ([1, 2, 2, 3], 1), ([1, 2, 4, 3], 2)] {
            cases.push(block_case(&mut rng, false, shape, block, dtype));
        }
    }
    cases
}

/// `SPACE_TO_BATCH_ND` (or `BATCH_TO_SPACE_ND`) of `shape` with `block` and `pairs`
/// (paddings or crops).
fn batch_case(rng: &mut Rng, to_batch: bool, shape: &[usize], block: &[i32], pairs: &[[i32; 2]], dtype: DType) -> Case {
    let mut out = dims(shape);
    let blocks: i32 = block.iter().product();
    for (d, (&b, p)) in block.iter().zip(pairs).enumerate() {
        out[d + 1] = if to_batch { (out[d + 1] + p[0] + p[1]) / b } else { out[d + 1] * b - p[0] - p[1] };
    }
    out[0] = if to_batch { out[0] * blocks } else { out[0] / blocks };
    let q = quant(dtype, -20);
    let mut m = OneOp::new();
    let x = m.input("x", &dims(shape), dtype, q.clone());
    let spatial = block.len() as i32;
    let b = m.constant_i32("block_shape", &[spatial], block, None);
    let flat: Vec<i32> = pairs.iter().flatten().copied().collect();
    let p = m.constant_i32(if to_batch { "paddings" } else { "crops" }, &[spatial, 2], &flat, None);
    let y = m.output("y", &out, dtype, q);
    let (op, opts) = if to_batch {
        (BuiltinOp::SpaceToBatchNd, BuiltinOptions::SpaceToBatchNd)
    } else {
        (BuiltinOp::BatchToSpaceNd, BuiltinOptions::BatchToSpaceNd)
    };
    m.op(op, &[x, b, p], &[y], opts);
    m.case(
        &format!("{op:?} {shape:?} block {block:?} {pairs:?} {dtype:?}"),
        vec![Tensor::full_range(dtype, shape, rng)],
    )
}

/// The `space_to_batch_batch_to_space` suite: f32 and int8, 4-D and 3-D, the paddings and crops
/// of TensorFlow's dilated convolutions (SAME: `(k−1)·d` split, plus what rounds up to the
/// block; VALID: only that) and others.
pub fn space_to_batch_batch_to_space() -> Vec<Case> {
    let mut rng = Rng(0x52B);
    let mut cases = Vec::new();
    type Layout = (&'static [usize], &'static [i32], &'static [[i32; 2]]);
    let to_batch: [Layout; 6] = [
        (&[1, 4, 4, 1], &[2, 2], &[[0, 0], [0, 0]]),
        (&[1, 5, 5, 3], &[2, 2], &[[2, 3], [2, 3]]),
        (&[2, 7, 6, 2], &[3, 2], &[[3, 5], [1, 1]]),
        (&[1, 5, 4, 2], &[2, 2], &[[0, 1], [0, 0]]),
        (&[2, 6, 3], &[3], &[[1, 2]]),
        (&[1, 3, 2, 1], &[1, 1], &[[0, 0], [0, 0]]),
    ];
    let to_space: [Layout; 6] = [
        (&[4, 2, 2, 1], &[2, 2], &[[0, 0], [0, 0]]),
        (&[4, 5, 5, 3], &[2, 2], &[[0, 1], [0, 1]]),
        (&[12, 3, 4, 2], &[3, 2], &[[1, 2], [0, 3]]),
        (&[4, 2, 2, 2], &[2, 2], &[[2, 1], [0, 0]]),
        (&[6, 3, 3], &[3], &[[0, 2]]),
        (&[2, 3, 2, 1], &[1, 1], &[[0, 0], [1, 0]]),
    ];
    for dtype in [DType::Float32, DType::Int8] {
        for (shape, block, pairs) in to_batch {
            cases.push(batch_case(&mut rng, true, shape, block, pairs, dtype));
        }
        for (shape, block, pairs) in to_space {
            cases.push(batch_case(&mut rng, false, shape, block, pairs, dtype));
        }
    }
    cases
}
