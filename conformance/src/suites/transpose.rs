//! `TRANSPOSE` against TFLite Micro, int16: permutations of rank 2 to 5 (TFLM's transpose
//! refuses rank 6 and int32, though mc takes both), each as the strided view the output copy
//! reads and as the copy a pad reads. (Int8 and float transposes run in the activation and
//! binary suites' chains.) The edge-transpose suites (int8, 16x8, float) transpose a model's
//! NCHW input and output around convolutions, as PyTorch exports do: strided views of the
//! caller's buffers (`buffer-transpose-views`), and around a pool, where they stay copies.

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{Activation, BuiltinOp, BuiltinOptions, Conv2DOptions, DepthwiseConv2DOptions, Padding, Pool2DOptions};

/// `x` of `shape` transposed by `perm`, into the output or (`into_pad`) into a pad of one row
/// after the first dimension.
fn case(rng: &mut Rng, shape: &[usize], perm: &[i32], into_pad: bool) -> Case {
    let (dtype, q) = (DType::Int16, Some(Quant::tensor(0.003, 0)));
    let dims = |s: &[usize]| s.iter().map(|&d| d as i32).collect::<Vec<_>>();
    let out: Vec<usize> = perm.iter().map(|&p| shape[p as usize]).collect();
    let mut m = OneOp::new();
    let x = m.input("x", &dims(shape), dtype, q.clone());
    let p = m.constant_i32("perm", &[perm.len() as i32], perm, None);
    if into_pad {
        let t = m.intermediate("t", &dims(&out), dtype, q.clone());
        m.op(BuiltinOp::Transpose, &[x, p], &[t], BuiltinOptions::Transpose);
        let mut paddings = vec![0; 2 * out.len()];
        paddings[1] = 1;
        let paddings = m.constant_i32("paddings", &[out.len() as i32, 2], &paddings, None);
        let mut padded = out.clone();
        padded[0] += 1;
        let y = m.output("y", &dims(&padded), dtype, q);
        m.op(BuiltinOp::Pad, &[t, paddings], &[y], BuiltinOptions::Pad);
    } else {
        let y = m.output("y", &dims(&out), dtype, q);
        m.op(BuiltinOp::Transpose, &[x, p], &[y], BuiltinOptions::Transpose);
    }
    let name = format!("transpose {shape:?} perm {perm:?} (into a pad: {into_pad}) {dtype:?}");
    m.case(&name, vec![Tensor::full_range(dtype, shape, rng)])
}

/// The `int16_transpose` suite.
pub fn int16_transpose() -> Vec<Case> {
    let mut rng = Rng(0x7A16);
    let specs: [(&[usize], &[i32]); 8] = [
        (&[3, 5], &[1, 0]),
        (&[2, 3, 4], &[2, 0, 1]),
        (&[2, 3, 4], &[1, 2, 0]),
        (&[3, 1, 4], &[1, 0, 2]),
        (&[1, 4, 5, 3], &[0, 3, 1, 2]),
        (&[2, 3, 4, 5], &[3, 2, 1, 0]),
        (&[2, 1, 3, 1, 2], &[4, 2, 0, 3, 1]),
        (&[2, 2, 3, 2, 3], &[4, 0, 3, 1, 2]),
    ];
    let mut cases = Vec::new();
    for (shape, perm) in specs {
        for into_pad in [false, true] {
            cases.push(case(&mut rng, shape, perm, into_pad));
        }
    }
    cases
}

/// How one edge-transpose model reads and writes the model's NCHW tensors.
#[derive(Clone, Copy, Debug)]
enum Edge {
    /// `TRANSPOSE → PAD (0, 1, 0, 1) → CONV_2D 3x3 stride 2 VALID → TRANSPOSE` on `1x3x7x6`:
    /// PyTorch's first layer; the pad folds, the convolution reads the caller's input and writes
    /// its output through strided views.
    PaddedConv,
    /// `TRANSPOSE → DEPTHWISE_CONV_2D 3x3 SAME (multiplier 2) → TRANSPOSE` on `1x2x5x4`, the
    /// transposed input also read by a RELU (a second output): every reader takes the view.
    DepthwiseAndRelu,
    /// `TRANSPOSE → AVERAGE_POOL_2D 2x2 SAME → TRANSPOSE` on `1x3x4x4`: the pool reads and
    /// writes row-major buffers only, so both transposes stay copies.
    Pool,
}

/// The quantization of every activation of an edge-transpose case (`None` for float).
fn edge_quant(dtype: DType) -> Option<Quant> {
    match dtype {
        DType::Int8 => Some(Quant::tensor(0.05, -7)),
        DType::Int16 => Some(Quant::tensor(1.0 / 4096.0, 0)),
        _ => None,
    }
}

/// Weights `[filter]` quantized per channel along `axis` (float: plain) and a bias (int32 for
/// int8, int64 for 16x8), about `±1/√fan_in` so outputs keep the input's range.
fn edge_weights(m: &mut OneOp, dtype: DType, filter: &[usize], axis: usize, rng: &mut Rng) -> (i32, i32) {
    let dims: Vec<i32> = filter.iter().map(|&d| d as i32).collect();
    let (count, channels) = (filter.iter().product::<usize>(), filter[axis]);
    let unit = 1.0 / ((count / channels) as f32).sqrt();
    if dtype == DType::Float32 {
        let values: Vec<f32> = (0..count).map(|_| rng.float(-unit, unit)).collect();
        let bias: Vec<f32> = (0..channels).map(|_| rng.float(-0.5, 0.5)).collect();
        let w = m.constant("w", &dims, dtype, &Tensor::from_f32(filter, &values).data, None);
        let b = m.constant("b", &[channels as i32], dtype, &Tensor::from_f32(&[channels], &bias).data, None);
        return (w, b);
    }
    let input_scale = edge_quant(dtype).expect("quantized").scales[0];
    let scales: Vec<f32> = (0..channels).map(|_| rng.float(0.5, 1.5) * unit / 127.0).collect();
    let w = m.constant("w", &dims, DType::Int8, &rng.bytes(count), Some(Quant::channels(&scales, axis as i32)));
    let bias_quant = Quant::channels(&scales.iter().map(|s| s * input_scale).collect::<Vec<_>>(), 0);
    let b = if dtype == DType::Int8 {
        let values: Vec<i32> = (0..channels).map(|_| rng.range(-2000, 2000) as i32).collect();
        m.constant_i32("b", &[channels as i32], &values, Some(bias_quant))
    } else {
        let values: Vec<u8> = (0..channels).flat_map(|_| rng.range(-1 << 20, 1 << 20).to_le_bytes()).collect();
        m.constant("b", &[channels as i32], DType::Int64, &values, Some(bias_quant))
    };
    (w, b)
}

/// One edge-transpose case of `dtype`.
fn edge_case(edge: Edge, dtype: DType, rng: &mut Rng) -> Case {
    let q = edge_quant(dtype);
    let nchw: [usize; 4] = match edge {
        Edge::PaddedConv => [1, 3, 7, 6],
        Edge::DepthwiseAndRelu => [1, 2, 5, 4],
        Edge::Pool => [1, 3, 4, 4],
    };
    let dims = |s: &[usize]| s.iter().map(|&d| d as i32).collect::<Vec<_>>();
    let [n, c, h, w] = nchw;
    let mut m = OneOp::new();
    let x = m.input("x", &dims(&nchw), dtype, q.clone());
    let to_nhwc = m.constant_i32("to_nhwc", &[4], &[0, 2, 3, 1], None);
    let nhwc = m.intermediate("x_nhwc", &dims(&[n, h, w, c]), dtype, q.clone());
    m.op(BuiltinOp::Transpose, &[x, to_nhwc], &[nhwc], BuiltinOptions::Transpose);
    let conv = |padding, stride| Conv2DOptions {
        padding,
        stride_w: stride,
        stride_h: stride,
        fused_activation: Activation::None,
        dilation_w_factor: 1,
        dilation_h_factor: 1,
        quantized_bias_type: None,
    };
    let (y, y_shape) = match edge {
        Edge::PaddedConv => {
            let amounts = m.constant_i32("paddings", &[4, 2], &[0, 0, 0, 1, 0, 1, 0, 0], None);
            let padded = m.intermediate("padded", &dims(&[n, h + 1, w + 1, c]), dtype, q.clone());
            m.op(BuiltinOp::Pad, &[nhwc, amounts], &[padded], BuiltinOptions::Pad);
            let (weights, bias) = edge_weights(&mut m, dtype, &[4, 3, 3, c], 0, rng);
            let shape = [n, (h + 1 - 3) / 2 + 1, (w + 1 - 3) / 2 + 1, 4];
            let y = m.intermediate("y", &dims(&shape), dtype, q.clone());
            m.op(BuiltinOp::Conv2D, &[padded, weights, bias], &[y], BuiltinOptions::Conv2D(conv(Padding::Valid, 2)));
            (y, shape)
        }
        Edge::DepthwiseAndRelu => {
            let (weights, bias) = edge_weights(&mut m, dtype, &[1, 3, 3, 2 * c], 3, rng);
            let shape = [n, h, w, 2 * c];
            let y = m.intermediate("y", &dims(&shape), dtype, q.clone());
            let options = DepthwiseConv2DOptions {
                padding: Padding::Same,
                stride_w: 1,
                stride_h: 1,
                depth_multiplier: 2,
                fused_activation: Activation::Relu6,
                dilation_w_factor: 1,
                dilation_h_factor: 1,
            };
            m.op(BuiltinOp::DepthwiseConv2D, &[nhwc, weights, bias], &[y], BuiltinOptions::DepthwiseConv2D(options));
            (y, shape)
        }
        Edge::Pool => {
            let shape = [n, h, w, c];
            let y = m.intermediate("y", &dims(&shape), dtype, q.clone());
            let options = Pool2DOptions {
                padding: Padding::Same,
                stride_w: 1,
                stride_h: 1,
                filter_width: 2,
                filter_height: 2,
                fused_activation: Activation::None,
            };
            m.op(BuiltinOp::AveragePool2D, &[nhwc], &[y], BuiltinOptions::Pool2D(options));
            (y, shape)
        }
    };
    let to_nchw = m.constant_i32("to_nchw", &[4], &[0, 3, 1, 2], None);
    let [_, oh, ow, oc] = y_shape;
    let out = m.output("y_nchw", &dims(&[n, oc, oh, ow]), dtype, q.clone());
    m.op(BuiltinOp::Transpose, &[y, to_nchw], &[out], BuiltinOptions::Transpose);
    if let Edge::DepthwiseAndRelu = edge {
        let relu = m.output("relu", &dims(&[n, h, w, c]), dtype, q);
        m.op(BuiltinOp::Relu, &[nhwc], &[relu], BuiltinOptions::None);
    }
    let input = match dtype {
        DType::Float32 => {
            let values: Vec<f32> = (0..nchw.iter().product()).map(|_| rng.float(-4.0, 4.0)).collect();
            Tensor::from_f32(&nchw, &values)
        }
        _ => Tensor::full_range(dtype, &nchw, rng),
    };
    m.case(&format!("edge transposes around {edge:?} {dtype:?}"), vec![input])
}

/// The edge-transpose cases of `dtype`.
fn edge_cases(dtype: DType, seed: u64) -> Vec<Case> {
    let mut rng = Rng(seed);
    [Edge::PaddedConv, Edge::DepthwiseAndRelu, Edge::Pool].into_iter().map(|e| edge_case(e, dtype, &mut rng)).collect()
}

/// The `edge_transposes` suite: int8 models whose NCHW input and output are `TRANSPOSE`d around
/// NHWC kernels, as PyTorch exports write them (`buffer-transpose-views` makes the transposes
/// next to convolutions strided views of the caller's buffers; next to a pool they stay copies).
pub fn edge_transposes() -> Vec<Case> {
    edge_cases(DType::Int8, 0xED6E8)
}

/// The `int16_edge_transposes` suite: the 16x8 forms (int64 biases).
pub fn int16_edge_transposes() -> Vec<Case> {
    edge_cases(DType::Int16, 0xED6E16)
}

/// The `float_edge_transposes` suite.
pub fn float_edge_transposes() -> Vec<Case> {
    edge_cases(DType::Float32, 0xED6EF)
}
