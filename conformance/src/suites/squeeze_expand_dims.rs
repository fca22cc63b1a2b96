//! `SQUEEZE` and `EXPAND_DIMS` against TFLite Micro. Both are views in mc: each case copies its
//! input's bytes. `SQUEEZE` (any element type: float32, int8, uint8, int16, int32, int64, bool) with its
//! `squeeze_dims` empty (every dimension of size 1) or given, negative ones included;
//! `EXPAND_DIMS` (float32, int8, int16, as TFLM) at every axis, negative ones included, its axis a
//! scalar or a one-element int32 constant. Each type also runs behind a `RELU` or a
//! concatenation, so the view is of a kernel's output.

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_tflite::{Activation, BuiltinOp, BuiltinOptions, ConcatenationOptions, SqueezeOptions};

fn quantization(dtype: DType) -> Option<Quant> {
    match dtype {
        DType::Int8 => Some(Quant::tensor(0.5, -3)),
        DType::UInt8 => Some(Quant::tensor(0.5, 128)),
        DType::Int16 => Some(Quant::tensor(0.003, 0)),
        _ => None,
    }
}

fn dims(shape: &[usize]) -> Vec<i32> {
    shape.iter().map(|&d| d as i32).collect()
}

/// `SQUEEZE` of `shape` by `squeeze_dims`, giving `out`.
fn squeeze(rng: &mut Rng, shape: &[usize], squeeze_dims: &[i32], out: &[usize], dtype: DType) -> Case {
    let quant = quantization(dtype);
    let mut m = OneOp::new();
    let x = m.input("x", &dims(shape), dtype, quant.clone());
    let y = m.output("y", &dims(out), dtype, quant);
    let options = SqueezeOptions { squeeze_dims: squeeze_dims.to_vec() };
    m.op(BuiltinOp::Squeeze, &[x], &[y], BuiltinOptions::Squeeze(options));
    m.case(&format!("squeeze {shape:?} dims {squeeze_dims:?} {dtype:?}"), vec![Tensor::full_range(dtype, shape, rng)])
}

/// `EXPAND_DIMS` of `shape` at `axis` (a scalar constant, or a `[1]` one).
fn expand_dims(rng: &mut Rng, shape: &[usize], axis: i32, scalar: bool, dtype: DType) -> Case {
    let quant = quantization(dtype);
    let at = if axis < 0 { axis + shape.len() as i32 + 1 } else { axis } as usize;
    let mut out = dims(shape);
    out.insert(at, 1);
    let mut m = OneOp::new();
    let x = m.input("x", &dims(shape), dtype, quant.clone());
    let a = m.constant_i32("axis", if scalar { &[] } else { &[1] }, &[axis], None);
    let y = m.output("y", &out, dtype, quant);
    m.op(BuiltinOp::ExpandDims, &[x, a], &[y], BuiltinOptions::ExpandDims);
    m.case(
        &format!("expand_dims {shape:?} axis {axis} scalar {scalar} {dtype:?}"),
        vec![Tensor::full_range(dtype, shape, rng)],
    )
}

/// `concatenation([a, b]) → squeeze → expand_dims` of `dtype`: the views read a kernel's output
/// and the expand_dims writes the model's output.
fn behind_a_kernel(rng: &mut Rng, dtype: DType) -> Case {
    let quant = quantization(dtype);
    let mut m = OneOp::new();
    let a = m.input("a", &[1, 2, 1, 3], dtype, quant.clone());
    let b = m.input("b", &[1, 2, 1, 2], dtype, quant.clone());
    let joined = m.intermediate("joined", &[1, 2, 1, 5], dtype, quant.clone());
    let options = ConcatenationOptions { axis: 3, fused_activation: Activation::None };
    m.op(BuiltinOp::Concatenation, &[a, b], &[joined], BuiltinOptions::Concatenation(options));
    let squeezed = m.intermediate("squeezed", &[2, 5], dtype, quant.clone());
    let options = SqueezeOptions { squeeze_dims: vec![] };
    m.op(BuiltinOp::Squeeze, &[joined], &[squeezed], BuiltinOptions::Squeeze(options));
    let axis = m.constant_i32("axis", &[], &[-2], None);
    let y = m.output("y", &[2, 1, 5], dtype, quant);
    m.op(BuiltinOp::ExpandDims, &[squeezed, axis], &[y], BuiltinOptions::ExpandDims);
    let inputs = vec![Tensor::full_range(dtype, &[1, 2, 1, 3], rng), Tensor::full_range(dtype, &[1, 2, 1, 2], rng)];
    m.case(&format!("concatenation -> squeeze -> expand_dims {dtype:?}"), inputs)
}

/// The squeezes every type runs: input shape, `squeeze_dims`, result shape.
const SQUEEZES: [(&[usize], &[i32], &[usize]); 5] = [
    (&[1, 3, 1, 2], &[], &[3, 2]),
    (&[1, 3, 1, 2], &[0], &[3, 1, 2]),
    (&[1, 3, 1, 2], &[-2, 0], &[3, 2]),
    (&[4, 1], &[-1], &[4]),
    (&[1, 1, 1], &[], &[]),
];

/// Every squeeze of each of `dtypes`, and with `expand` every expand_dims and the chain behind a
/// kernel (TFLM's `EXPAND_DIMS` takes no int32 or int64 data).
fn cases(rng: &mut Rng, dtypes: &[DType], expand: bool) -> Vec<Case> {
    let mut cases = Vec::new();
    for &dtype in dtypes {
        cases.extend(SQUEEZES.iter().map(|&(shape, dims, out)| squeeze(rng, shape, dims, out, dtype)));
        if expand {
            for (axis, scalar) in [(0, true), (1, false), (2, true), (-1, false), (-3, true)] {
                cases.push(expand_dims(rng, &[2, 3], axis, scalar, dtype));
            }
            cases.push(behind_a_kernel(rng, dtype));
        }
    }
    cases
}

/// The `squeeze_expand_dims` suite: float32 and int8 both ways, int32 and int64 squeezed.
pub fn squeeze_expand_dims() -> Vec<Case> {
    let mut rng = Rng(0x5E0E);
    let mut all = cases(&mut rng, &[DType::Float32, DType::Int8], true);
    all.extend(cases(&mut rng, &[DType::Int32, DType::Int64], false));
    all
}

/// The `bool_squeeze` suite (TFLM's `EXPAND_DIMS` takes no bool).
pub fn bool_squeeze() -> Vec<Case> {
    cases(&mut Rng(0x5E0EB0), &[DType::Bool], false)
}

/// The `uint8_squeeze` suite (TFLM's `EXPAND_DIMS` takes no uint8).
pub fn uint8_squeeze() -> Vec<Case> {
    cases(&mut Rng(0x5E0E08), &[DType::UInt8], false)
}

/// The `int16_squeeze_expand_dims` suite.
pub fn int16_squeeze_expand_dims() -> Vec<Case> {
    cases(&mut Rng(0x5E0E16), &[DType::Int16], true)
}
