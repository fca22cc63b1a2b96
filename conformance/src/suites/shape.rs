//! `SHAPE` against TFLite Micro, alone (inputs of every element type, ranks 1 to 5) and in the
//! chains a dynamic batch leaves in converted models: Keras' `Flatten` and `Reshape` as
//! `SHAPE → STRIDED_SLICE → PACK → RESHAPE`, the shape also computed with `MUL`, `ADD`, `SUB`
//! and `CONCATENATION` of int32 pieces. mc folds every chain to one static reshape
//! ([`flatten_model`] builds both forms, which `tools/mcc` compares for RAM and code).

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{
    Activation, AddSubOptions, BuiltinOp, BuiltinOptions, ConcatenationOptions, MulOptions, PackOptions,
    ReshapeOptions, ShapeOptions, StridedSliceOptions,
};

/// The quantization data of `dtype` keeps (none for float and plain integers).
fn quantization(dtype: DType) -> Option<Quant> {
    match dtype {
        DType::Int8 => Some(Quant::tensor(0.25, 3)),
        DType::Int16 => Some(Quant::tensor(0.002, 0)),
        _ => None,
    }
}

fn dims(shape: &[usize]) -> Vec<i32> {
    shape.iter().map(|&d| d as i32).collect()
}

/// `SHAPE` of an input of `shape` and `dtype`.
fn shape_case(rng: &mut Rng, shape: &[usize], dtype: DType) -> Case {
    let mut m = OneOp::new();
    let x = m.input("x", &dims(shape), dtype, quantization(dtype));
    let y = m.output("y", &[shape.len() as i32], DType::Int32, None);
    let options = ShapeOptions { out_type: DType::Int32.tflite() };
    m.op(BuiltinOp::Shape, &[x], &[y], BuiltinOptions::Shape(options));
    m.case(&format!("shape of {shape:?} {dtype:?}"), vec![Tensor::full_range(dtype, shape, rng)])
}

/// The `shape` suite.
pub fn shape() -> Vec<Case> {
    let mut rng = Rng(0x5A9E);
    let shapes: [&[usize]; 5] = [&[7], &[3, 1], &[2, 3, 4], &[1, 5, 1, 3], &[2, 1, 3, 1, 2]];
    let dtypes = [DType::Float32, DType::Int8, DType::Int16, DType::Int32, DType::Int64];
    shapes.iter().zip(dtypes.iter().cycle()).map(|(shape, &dtype)| shape_case(&mut rng, shape, dtype)).collect()
}

/// Adds `x[index]` of the int32 vector `x` as a scalar (`STRIDED_SLICE` with `shrink_axis_mask`).
fn element(m: &mut OneOp, x: i32, index: i32, name: &str) -> i32 {
    let begin = m.constant_i32(&format!("{name}_begin"), &[1], &[index], None);
    let end = m.constant_i32(&format!("{name}_end"), &[1], &[index + 1], None);
    let strides = m.constant_i32(&format!("{name}_strides"), &[1], &[1], None);
    let y = m.intermediate(name, &[], DType::Int32, None);
    let options = StridedSliceOptions {
        begin_mask: 0,
        end_mask: 0,
        ellipsis_mask: 0,
        new_axis_mask: 0,
        shrink_axis_mask: 1,
        offset: false,
    };
    m.op(BuiltinOp::StridedSlice, &[x, begin, end, strides], &[y], BuiltinOptions::StridedSlice(options));
    y
}

/// A scalar int32 `a op b`.
fn arithmetic(m: &mut OneOp, op: BuiltinOp, a: i32, b: i32, name: &str) -> i32 {
    let y = m.intermediate(name, &[], DType::Int32, None);
    let options = match op {
        BuiltinOp::Mul => BuiltinOptions::Mul(MulOptions { fused_activation: Activation::None }),
        BuiltinOp::Add => {
            BuiltinOptions::Add(AddSubOptions { fused_activation: Activation::None, pot_scale_int16: true })
        }
        _ => BuiltinOptions::Sub(AddSubOptions { fused_activation: Activation::None, pot_scale_int16: true }),
    };
    m.op(op, &[a, b], &[y], options);
    y
}

/// How the reshape of a flatten model gets its shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapeSource {
    /// A constant shape operand `[1, -1]`: the plain reshape.
    Constant,
    /// Keras' dynamic batch: `PACK(STRIDED_SLICE(SHAPE(x))[0], -1)`.
    Keras,
    /// The product of the dimensions after the batch computed with `MUL` (and a `SUB`/`ADD`
    /// pair that cancels), joined to the batch with `CONCATENATION`.
    Arithmetic,
}

/// `x [1, 4, 3, 2] → relu → reshape → relu → y [1, 24]` with the reshape's shape from
/// `source`: the reshape is a view of a scratch buffer between two kernels.
pub fn flatten_model(source: ShapeSource, dtype: DType) -> OneOp {
    let shape = [1, 4, 3, 2];
    let quant = quantization(dtype);
    let mut m = OneOp::new();
    let x = m.input("x", &shape, dtype, quant.clone());
    let relu = m.intermediate("relu", &shape, dtype, quant.clone());
    m.op(BuiltinOp::Relu, &[x], &[relu], BuiltinOptions::None);
    let new_shape = match source {
        ShapeSource::Constant => m.constant_i32("shape", &[2], &[1, -1], None),
        ShapeSource::Keras | ShapeSource::Arithmetic => {
            let dims = m.intermediate("dims", &[4], DType::Int32, None);
            m.op(
                BuiltinOp::Shape,
                &[relu],
                &[dims],
                BuiltinOptions::Shape(ShapeOptions { out_type: DType::Int32.tflite() }),
            );
            let batch = element(&mut m, dims, 0, "batch");
            let packed = m.intermediate("packed", &[2], DType::Int32, None);
            let rest = match source {
                ShapeSource::Keras => m.constant_i32("minus_one", &[], &[-1], None),
                _ => {
                    let (h, w, c) =
                        (element(&mut m, dims, 1, "h"), element(&mut m, dims, 2, "w"), element(&mut m, dims, 3, "c"));
                    let hw = arithmetic(&mut m, BuiltinOp::Mul, h, w, "hw");
                    let hwc = arithmetic(&mut m, BuiltinOp::Mul, hw, c, "hwc");
                    let seven = m.constant_i32("seven", &[], &[7], None);
                    let more = arithmetic(&mut m, BuiltinOp::Add, hwc, seven, "more");
                    arithmetic(&mut m, BuiltinOp::Sub, more, seven, "rest")
                }
            };
            let options = PackOptions { values_count: 2, axis: 0 };
            match source {
                ShapeSource::Keras => m.op(BuiltinOp::Pack, &[batch, rest], &[packed], BuiltinOptions::Pack(options)),
                _ => {
                    let (one_batch, one_rest) = (
                        m.intermediate("one_batch", &[1], DType::Int32, None),
                        m.intermediate("one_rest", &[1], DType::Int32, None),
                    );
                    let single = PackOptions { values_count: 1, axis: 0 };
                    m.op(BuiltinOp::Pack, &[batch], &[one_batch], BuiltinOptions::Pack(single));
                    m.op(BuiltinOp::Pack, &[rest], &[one_rest], BuiltinOptions::Pack(single));
                    let join = ConcatenationOptions { axis: 0, fused_activation: Activation::None };
                    m.op(
                        BuiltinOp::Concatenation,
                        &[one_batch, one_rest],
                        &[packed],
                        BuiltinOptions::Concatenation(join),
                    );
                }
            }
            packed
        }
    };
    let flat = m.intermediate("flat", &[1, 24], dtype, quant.clone());
    m.op(BuiltinOp::Reshape, &[relu, new_shape], &[flat], BuiltinOptions::Reshape(ReshapeOptions { new_shape: None }));
    let y = m.output("y", &[1, 24], dtype, quant);
    m.op(BuiltinOp::Relu, &[flat], &[y], BuiltinOptions::None);
    m
}

/// The `keras_dynamic_batch_reshape` suite: every shape source on float and int8.
pub fn keras_dynamic_batch_reshape() -> Vec<Case> {
    let mut rng = Rng(0xF1A7);
    let mut cases = Vec::new();
    for dtype in [DType::Float32, DType::Int8] {
        for source in [ShapeSource::Constant, ShapeSource::Keras, ShapeSource::Arithmetic] {
            let input = Tensor::full_range(dtype, &[1, 4, 3, 2], &mut rng);
            cases.push(flatten_model(source, dtype).case(&format!("flatten {source:?} {dtype:?}"), vec![input]));
        }
    }
    cases
}
