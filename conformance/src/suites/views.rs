//! Views and in-place concatenation against TFLite Micro: short chains in which contiguous
//! `SLICE`s and `STRIDED_SLICE`s become views of their input (`buffer-slice-views`) and the
//! producers of contiguous `CONCATENATION`s and `PACK`s write into their slice of its output
//! (`buffer-inplace-concat`), next to the same chains along an axis where both stay copies
//! (NHWC channels with `H·W > 1`), and such views read through a `RESHAPE`. int8 and float32. [`branch_concat_model`] is also the
//! inception-style block whose RAM `mcc`'s tests compare with and without in-place concatenation.

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{
    Activation, AddSubOptions, BuiltinOp, BuiltinOptions, ConcatenationOptions, PackOptions, Padding, Pool2DOptions,
    ReshapeOptions, SplitOptions, StridedSliceOptions,
};

/// One quantization for every tensor of a chain (`None` for float).
fn quant(dtype: DType) -> Option<Quant> {
    (dtype == DType::Int8).then(|| Quant::tensor(0.05, -7))
}

/// A `size`×`size` pool of stride 1 with SAME padding (the shape stays), or of stride `size`
/// with VALID padding.
fn pool(size: i32, same: bool) -> BuiltinOptions<'static> {
    let stride = if same { 1 } else { size };
    BuiltinOptions::Pool2D(Pool2DOptions {
        padding: if same { Padding::Same } else { Padding::Valid },
        stride_w: stride,
        stride_h: stride,
        filter_width: size,
        filter_height: size,
        fused_activation: Activation::None,
    })
}

fn add() -> BuiltinOptions<'static> {
    BuiltinOptions::Add(AddSubOptions { fused_activation: Activation::None, pot_scale_int16: true })
}

fn concat(axis: i32) -> BuiltinOptions<'static> {
    BuiltinOptions::Concatenation(ConcatenationOptions { axis, fused_activation: Activation::None })
}

/// An inception-style block on a `1x4x4x4` input: three branches (3×3 max pool, 3×3 average
/// pool, RELU) concatenated along `axis` (1: rows, contiguous, in place; 3: channels, copied),
/// then a 2×2 average pool of stride 2 reading the concatenation.
pub fn branch_concat_model(dtype: DType, axis: i32) -> OneOp {
    let q = quant(dtype);
    let mut m = OneOp::new();
    let x = m.input("x", &[1, 4, 4, 4], dtype, q.clone());
    let branches: Vec<i32> = ["max", "avg", "relu"]
        .into_iter()
        .map(|name| {
            let t = m.intermediate(&format!("branch_{name}"), &[1, 4, 4, 4], dtype, q.clone());
            let (op, options) = match name {
                "max" => (BuiltinOp::MaxPool2D, pool(3, true)),
                "avg" => (BuiltinOp::AveragePool2D, pool(3, true)),
                _ => (BuiltinOp::Relu, BuiltinOptions::None),
            };
            m.op(op, &[x], &[t], options);
            t
        })
        .collect();
    let joined_shape = if axis == 1 { [1, 12, 4, 4] } else { [1, 4, 4, 12] };
    let joined = m.intermediate("joined", &joined_shape, dtype, q.clone());
    m.op(BuiltinOp::Concatenation, &branches, &[joined], concat(axis));
    let out_shape = [1, joined_shape[1] / 2, 2, joined_shape[3]];
    let y = m.output("y", &out_shape, dtype, q);
    m.op(BuiltinOp::AveragePool2D, &[joined], &[y], pool(2, false));
    m
}

/// `[1, 8]` vectors from two activations and a sum of the input concatenated along axis 1 (in place),
/// one of them also read before the concatenation, then a RELU6 of the result.
fn vector_concat(dtype: DType, rng: &mut Rng) -> Case {
    let q = quant(dtype);
    let mut m = OneOp::new();
    let x = m.input("x", &[1, 8], dtype, q.clone());
    let mut parts = Vec::new();
    for (name, op) in [("relu", BuiltinOp::Relu), ("relu6", BuiltinOp::Relu6), ("sum", BuiltinOp::Add)] {
        let t = m.intermediate(name, &[1, 8], dtype, q.clone());
        match op {
            BuiltinOp::Add => m.op(op, &[x, x], &[t], add()),
            _ => m.op(op, &[x], &[t], BuiltinOptions::None),
        }
        parts.push(t);
    }
    // The RELU6 branch feeds a second output too (read before the concatenation).
    let side = m.output("side", &[1, 8], dtype, q.clone());
    m.op(BuiltinOp::Relu, &[parts[1]], &[side], BuiltinOptions::None);
    let joined = m.intermediate("joined", &[1, 24], dtype, q.clone());
    m.op(BuiltinOp::Concatenation, &parts, &[joined], concat(-1));
    let y = m.output("y", &[1, 24], dtype, q);
    m.op(BuiltinOp::Relu6, &[joined], &[y], BuiltinOptions::None);
    m.case(&format!("vector concat {dtype:?}"), vec![spread(dtype, &[1, 8], rng)])
}

/// A `1x6x4x2` max pool sliced three ways: rows 1..4 (`SLICE`, a view), rows 4..6
/// (`STRIDED_SLICE`, a view), row 0 shrunk to `4x2` (a second output, written by its kernel);
/// the first two and a RELU and an average pool of them are concatenated along the rows.
pub fn slices_model(dtype: DType) -> OneOp {
    let q = quant(dtype);
    let mut m = OneOp::new();
    let x = m.input("x", &[1, 6, 4, 2], dtype, q.clone());
    let pooled = m.intermediate("pooled", &[1, 6, 4, 2], dtype, q.clone());
    m.op(BuiltinOp::MaxPool2D, &[x], &[pooled], pool(3, true));
    let begin = m.constant_i32("begin", &[4], &[0, 1, 0, 0], None);
    let size = m.constant_i32("size", &[4], &[1, 3, -1, 2], None);
    let middle = m.intermediate("middle", &[1, 3, 4, 2], dtype, q.clone());
    m.op(BuiltinOp::Slice, &[pooled, begin, size], &[middle], BuiltinOptions::Slice);
    let strided = |m: &mut OneOp, name: &str, lists: [[i32; 4]; 3], shrink: i32, shape: &[i32], output: bool| {
        let [b, e, s] = lists.map(|l| l.to_vec());
        let b = m.constant_i32(&format!("{name}_begin"), &[4], &b, None);
        let e = m.constant_i32(&format!("{name}_end"), &[4], &e, None);
        let s = m.constant_i32(&format!("{name}_strides"), &[4], &s, None);
        let t = if output {
            m.output(name, shape, dtype, quant(dtype))
        } else {
            m.intermediate(name, shape, dtype, quant(dtype))
        };
        let options = StridedSliceOptions {
            begin_mask: 0,
            end_mask: 0b1000,
            ellipsis_mask: 0,
            new_axis_mask: 0,
            shrink_axis_mask: shrink,
            offset: false,
        };
        m.op(BuiltinOp::StridedSlice, &[pooled, b, e, s], &[t], BuiltinOptions::StridedSlice(options));
        t
    };
    let bottom = strided(&mut m, "bottom", [[0, 4, 0, 0], [1, 6, 4, 0], [1, 1, 1, 1]], 0, &[1, 2, 4, 2], false);
    strided(&mut m, "top_row", [[0, 0, 0, 0], [1, 1, 4, 0], [1, 1, 1, 1]], 0b11, &[4, 2], true);
    let relu = m.intermediate("middle_relu", &[1, 3, 4, 2], dtype, q.clone());
    m.op(BuiltinOp::Relu, &[middle], &[relu], BuiltinOptions::None);
    let smooth = m.intermediate("bottom_pool", &[1, 2, 4, 2], dtype, q.clone());
    m.op(BuiltinOp::AveragePool2D, &[bottom], &[smooth], pool(2, true));
    let y = m.output("y", &[1, 10, 4, 2], dtype, q);
    m.op(BuiltinOp::Concatenation, &[relu, middle, smooth, bottom], &[y], concat(1));
    m
}

/// Views read through a `RESHAPE` (Keras's Cropping1D then Reshape): a RELU of a `1x8x4`
/// input, rows 3..5 of it (`SLICE`, a view at offset 12) reshaped to `1x2x2x2` into a RELU6, and
/// its two halves (`SPLIT` along the rows, views at 0 and 16), the second reshaped to `16` into a
/// RELU, the first into a RELU as it is.
fn reshaped_views(dtype: DType, rng: &mut Rng) -> Case {
    let q = quant(dtype);
    let mut m = OneOp::new();
    let x = m.input("x", &[1, 8, 4], dtype, q.clone());
    let rows = m.intermediate("rows", &[1, 8, 4], dtype, q.clone());
    m.op(BuiltinOp::Relu, &[x], &[rows], BuiltinOptions::None);
    let reshape = |m: &mut OneOp, name: &str, from: i32, to: &[i32]| {
        let shape = m.constant_i32(&format!("{name}_shape"), &[to.len() as i32], to, None);
        let t = m.intermediate(name, to, dtype, quant(dtype));
        m.op(BuiltinOp::Reshape, &[from, shape], &[t], BuiltinOptions::Reshape(ReshapeOptions { new_shape: None }));
        t
    };
    let begin = m.constant_i32("begin", &[3], &[0, 3, 0], None);
    let size = m.constant_i32("size", &[3], &[1, 2, -1], None);
    let window = m.intermediate("window", &[1, 2, 4], dtype, q.clone());
    m.op(BuiltinOp::Slice, &[rows, begin, size], &[window], BuiltinOptions::Slice);
    let square = reshape(&mut m, "square", window, &[1, 2, 2, 2]);
    let y = m.output("y", &[1, 2, 2, 2], dtype, q.clone());
    m.op(BuiltinOp::Relu6, &[square], &[y], BuiltinOptions::None);
    let axis = m.constant_i32("axis", &[], &[1], None);
    let halves =
        [m.intermediate("h0", &[1, 4, 4], dtype, q.clone()), m.intermediate("h1", &[1, 4, 4], dtype, q.clone())];
    m.op(BuiltinOp::Split, &[axis, rows], &halves, BuiltinOptions::Split(SplitOptions { num_splits: 2 }));
    let flat = reshape(&mut m, "flat", halves[1], &[16]);
    let z = m.output("z", &[16], dtype, q.clone());
    m.op(BuiltinOp::Relu, &[flat], &[z], BuiltinOptions::None);
    let w = m.output("w", &[1, 4, 4], dtype, q);
    m.op(BuiltinOp::Relu, &[halves[0]], &[w], BuiltinOptions::None);
    m.case(&format!("reshaped slice and split views {dtype:?}"), vec![spread(dtype, &[1, 8, 4], rng)])
}

/// `PACK` of a RELU, a RELU6 and the input itself (`2x3` each) along `axis` (0: in place but for
/// the input, copied; 1: copies), then a RELU.
fn pack(dtype: DType, axis: i32, rng: &mut Rng) -> Case {
    let q = quant(dtype);
    let mut m = OneOp::new();
    let x = m.input("x", &[2, 3], dtype, q.clone());
    let mut parts = Vec::new();
    for (name, op) in [("relu", BuiltinOp::Relu), ("relu6", BuiltinOp::Relu6)] {
        let t = m.intermediate(name, &[2, 3], dtype, q.clone());
        m.op(op, &[x], &[t], BuiltinOptions::None);
        parts.push(t);
    }
    parts.push(x);
    let shape = if axis == 0 { [3, 2, 3] } else { [2, 3, 3] };
    let packed = m.intermediate("packed", &shape, dtype, q.clone());
    m.op(BuiltinOp::Pack, &parts, &[packed], BuiltinOptions::Pack(PackOptions { values_count: 3, axis }));
    let y = m.output("y", &shape, dtype, q);
    m.op(BuiltinOp::Relu, &[packed], &[y], BuiltinOptions::None);
    m.case(&format!("pack axis {axis} {dtype:?}"), vec![spread(dtype, &[2, 3], rng)])
}

/// A random input: every int8 value, or floats in [-8, 8) (RELU6 clamps).
fn spread(dtype: DType, shape: &[usize], rng: &mut Rng) -> Tensor {
    if dtype == DType::Float32 {
        let values: Vec<f32> = Tensor::random(dtype, shape, rng).f32s().iter().map(|v| v * 8.0).collect();
        Tensor::from_f32(shape, &values)
    } else {
        Tensor::full_range(dtype, shape, rng)
    }
}

/// The `views_and_inplace_concat` suite.
pub fn views_and_inplace_concat() -> Vec<Case> {
    let mut rng = Rng(0x71E35);
    let mut cases = Vec::new();
    for dtype in [DType::Int8, DType::Float32] {
        for axis in [1, 3] {
            let input = spread(dtype, &[1, 4, 4, 4], &mut rng);
            cases.push(branch_concat_model(dtype, axis).case(&format!("inception axis {axis} {dtype:?}"), vec![input]));
        }
        cases.push(vector_concat(dtype, &mut rng));
        let input = spread(dtype, &[1, 6, 4, 2], &mut rng);
        cases.push(slices_model(dtype).case(&format!("slices {dtype:?}"), vec![input]));
        cases.push(reshaped_views(dtype, &mut rng));
        for axis in [0, 1] {
            cases.push(pack(dtype, axis, &mut rng));
        }
    }
    cases
}
