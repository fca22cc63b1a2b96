//! `RESIZE_BILINEAR`, `RESIZE_NEAREST_NEIGHBOR`, `DEPTH_TO_SPACE`, `SPACE_TO_DEPTH`,
//! `SPACE_TO_BATCH_ND` and `BATCH_TO_SPACE_ND` against TFLite Micro, over every element type its
//! kernels take and every option: resizes up and down (scales whose fixed-point rounding
//! matters, sizes of 1), with aligned corners or half-pixel centres; block sizes 1 to 3; 4-D and
//! 3-D batch rearrangements with the paddings and crops TensorFlow writes around dilated
//! convolutions, int8 with zero points away from 0 (TFLM pads with the stored 0).

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{
    Activation, BlockSizeOptions, BuiltinOp, BuiltinOptions, Conv2DOptions, DepthwiseConv2DOptions, Padding,
    ResizeOptions,
};

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

/// A dilated convolution as TensorFlow exports it: `SPACE_TO_BATCH_ND → CONV_2D |
/// DEPTHWISE_CONV_2D → BATCH_TO_SPACE_ND` (mc rewrites the chain into one dilated convolution).
struct Dilated {
    input: [usize; 4],
    filter: [usize; 2],
    rate: [usize; 2],
    same: bool,
    depthwise: bool,
    /// Output channels (conv) or depth multiplier (depthwise).
    channels: usize,
    activation: Activation,
}

impl Dilated {
    /// TensorFlow's `with_space_to_batch` paddings and crops of spatial dimension `d`: SAME's
    /// `(k−1)·rate` split (the smaller half first), plus what rounds the padded size up to a
    /// multiple of the rate, cropped again.
    fn paddings_and_crops(&self, d: usize) -> ([i32; 2], [i32; 2]) {
        let reach = (self.filter[d] - 1) * self.rate[d];
        let (before, after) = if self.same { (reach / 2, reach - reach / 2) } else { (0, 0) };
        let padded = self.input[d + 1] + before + after;
        let extra = (self.rate[d] - padded % self.rate[d]) % self.rate[d];
        ([before as i32, (after + extra) as i32], [0, extra as i32])
    }

    fn case(&self, dtype: DType, input_zero_point: i64, rng: &mut Rng) -> Case {
        let [n, h, w, c] = self.input;
        let out_c = if self.depthwise { c * self.channels } else { self.channels };
        let [fh, fw] = self.filter;
        let filter_shape = if self.depthwise { [1, fh, fw, out_c] } else { [out_c, fh, fw, c] };
        let (pads, crops): (Vec<[i32; 2]>, Vec<[i32; 2]>) = (0..2).map(|d| self.paddings_and_crops(d)).unzip();
        let blocks = (self.rate[0] * self.rate[1]) as i32;
        let sub: Vec<i32> =
            (0..2).map(|d| (self.input[d + 1] as i32 + pads[d][0] + pads[d][1]) / self.rate[d] as i32).collect();
        let sub_out: Vec<i32> = (0..2).map(|d| sub[d] - self.filter[d] as i32 + 1).collect();
        let out: Vec<i32> = (0..2).map(|d| sub_out[d] * self.rate[d] as i32 - crops[d][1]).collect();
        let (n, c, out_c) = (n as i32, c as i32, out_c as i32);
        let float = dtype == DType::Float32;
        let in_q = (!float).then(|| Quant::tensor(0.05, input_zero_point));
        let mut m = OneOp::new();
        let x = m.input("x", &[n, h as i32, w as i32, c], dtype, in_q.clone());
        let block = m.constant_i32("block_shape", &[2], &[self.rate[0] as i32, self.rate[1] as i32], None);
        let paddings = m.constant_i32("paddings", &[2, 2], &pads.concat(), None);
        let crops_t = m.constant_i32("crops", &[2, 2], &crops.concat(), None);
        let batches = m.intermediate("batches", &[n * blocks, sub[0], sub[1], c], dtype, in_q);
        let filter_count: usize = filter_shape.iter().product();
        let taps = fh * fw * if self.depthwise { 1 } else { self.input[3] };
        let (f, b, out_q) = if float {
            let weights = Tensor::random(DType::Float32, &filter_shape, rng);
            let f = m.constant("w", &dims(&filter_shape), DType::Float32, &weights.data, None);
            let bias = Tensor::random(DType::Float32, &[out_c as usize], rng);
            (f, m.constant("b", &[out_c], DType::Float32, &bias.data, None), None)
        } else {
            let scales: Vec<f32> = (0..out_c).map(|_| rng.float(0.002, 0.02)).collect();
            let axis = if self.depthwise { 3 } else { 0 };
            let weights = rng.bytes(filter_count);
            let f = m.constant("w", &dims(&filter_shape), DType::Int8, &weights, Some(Quant::channels(&scales, axis)));
            let values: Vec<i32> = (0..out_c).map(|_| rng.range(-20_000, 20_000) as i32).collect();
            let bias_scales: Vec<f32> = scales.iter().map(|s| 0.05 * s).collect();
            let b = m.constant_i32("b", &[out_c], &values, Some(Quant::channels(&bias_scales, 0)));
            let typical = 0.05 * 0.01 * (taps as f32).sqrt() * 74.0 * 74.0 * 2.0 / 128.0;
            (f, b, Some(Quant::tensor(typical, 4)))
        };
        let convolved = m.intermediate("convolved", &[n * blocks, sub_out[0], sub_out[1], out_c], dtype, out_q.clone());
        let y = m.output("y", &[n, out[0], out[1], out_c], dtype, out_q);
        m.op(BuiltinOp::SpaceToBatchNd, &[x, block, paddings], &[batches], BuiltinOptions::SpaceToBatchNd);
        let (op, options) = if self.depthwise {
            let options = DepthwiseConv2DOptions {
                padding: Padding::Valid,
                stride_w: 1,
                stride_h: 1,
                depth_multiplier: self.channels as i32,
                fused_activation: self.activation,
                dilation_w_factor: 1,
                dilation_h_factor: 1,
            };
            (BuiltinOp::DepthwiseConv2D, BuiltinOptions::DepthwiseConv2D(options))
        } else {
            let options = Conv2DOptions {
                padding: Padding::Valid,
                stride_w: 1,
                stride_h: 1,
                fused_activation: self.activation,
                dilation_w_factor: 1,
                dilation_h_factor: 1,
                quantized_bias_type: None,
            };
            (BuiltinOp::Conv2D, BuiltinOptions::Conv2D(options))
        };
        m.op(op, &[batches, f, b], &[convolved], options);
        m.op(BuiltinOp::BatchToSpaceNd, &[convolved, block, crops_t], &[y], BuiltinOptions::BatchToSpaceNd);
        let kind = if self.depthwise { "depthwise" } else { "conv" };
        let padding = if self.same { "SAME" } else { "VALID" };
        let name = format!(
            "dilated {kind} {:?} rate {:?} {padding} {dtype:?} zero point {input_zero_point}",
            self.input, self.rate
        );
        m.case(&name, vec![Tensor::random(dtype, &self.input, rng)])
    }
}

/// The `dilated_convolutions` suite: TensorFlow's space-to-batch form of dilated convolutions
/// (SAME and VALID, conv and depthwise, rates 2 and 3, odd sizes that need the rounding crop,
/// batches, a fused activation), float and int8, run by TFLite Micro as the chain and by mc as
/// the one dilated convolution it rewrites the chain into, except int8 SAME with a zero point
/// other than 0, which stays a chain (TFLM pads with the stored 0, not the zero point).
pub fn dilated_convolutions() -> Vec<Case> {
    let mut rng = Rng(0xD11A);
    let spec = |input, filter, rate, same, depthwise, channels| Dilated {
        input,
        filter,
        rate,
        same,
        depthwise,
        channels,
        activation: Activation::None,
    };
    let specs = [
        spec([1, 7, 7, 2], [3, 3], [2, 2], true, false, 3),
        spec([1, 6, 8, 2], [3, 2], [2, 3], true, true, 2),
        spec([2, 8, 9, 1], [3, 3], [2, 2], false, false, 2),
        spec([1, 9, 7, 3], [2, 3], [3, 2], false, true, 1),
        Dilated { activation: Activation::Relu6, ..spec([1, 5, 6, 2], [3, 3], [2, 2], true, false, 2) },
    ];
    let mut cases = Vec::new();
    for spec in &specs {
        cases.push(spec.case(DType::Float32, 0, &mut rng));
        cases.push(spec.case(DType::Int8, 0, &mut rng));
        cases.push(spec.case(DType::Int8, -3, &mut rng));
    }
    cases
}
