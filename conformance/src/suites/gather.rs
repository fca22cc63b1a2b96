//! `GATHER` and `GATHER_ND` against TFLite Micro: float and int8 params; indices as constants
//! and as run-time inputs; `GATHER` along every axis (negative too), with `batch_dims` 0, 1 and
//! -1, scalar, vector and matrix indices; `GATHER_ND` with index tuples naming elements and
//! slices. Indices are int32: TFLite Micro refuses int64 ones in both. `EMBEDDING_LOOKUP`:
//! float32, int8, and int8 rows dequantized into float32 (per-tensor and per-channel scales).

use crate::models::{OneOp, Quant};
use crate::{Case, DType, Rng, Tensor};
use mc_dialects::graph::{gather_nd_shape, gather_shape};
use mc_tflite::{BuiltinOp, BuiltinOptions, GatherOptions};

/// Where the indices come from.
#[derive(Copy, Clone, Debug)]
enum Indices {
    /// A constant tensor of the model.
    Constant,
    /// A model input.
    Input,
}

/// The indices as an int32 tensor.
fn index_tensor(shape: &[i64], values: &[i64]) -> Tensor {
    let data: Vec<u8> = values.iter().flat_map(|&v| (v as i32).to_le_bytes()).collect();
    Tensor { dtype: DType::Int32, shape: shape.iter().map(|&d| d as usize).collect(), data }
}

/// A one-op model of `op` over params of `shape` and `dtype` and the given indices; the result
/// has `out` dims.
#[allow(clippy::too_many_arguments)]
fn case(
    rng: &mut Rng,
    op: BuiltinOp,
    options: BuiltinOptions<'_>,
    shape: &[usize],
    dtype: DType,
    (indices_shape, values): (&[i64], &[i64]),
    from: Indices,
    out: &[i64],
) -> Case {
    let quant = (dtype == DType::Int8).then(|| Quant::tensor(0.25, 3));
    let dims: Vec<i32> = shape.iter().map(|&d| d as i32).collect();
    let index_dims: Vec<i32> = indices_shape.iter().map(|&d| d as i32).collect();
    let out: Vec<i32> = out.iter().map(|&d| d as i32).collect();
    let mut m = OneOp::new();
    let x = m.input("params", &dims, dtype, quant.clone());
    let indices = index_tensor(indices_shape, values);
    let mut inputs = vec![Tensor::full_range(dtype, shape, rng)];
    let i = match from {
        Indices::Constant => m.constant("indices", &index_dims, DType::Int32, &indices.data, None),
        Indices::Input => {
            inputs.push(indices);
            m.input("indices", &index_dims, DType::Int32, None)
        }
    };
    let y = m.output("y", &out, dtype, quant);
    let name = format!("{op:?} {options:?} params {shape:?} {dtype:?} indices {indices_shape:?} {values:?} {from:?}");
    m.op(op, &[x, i], &[y], options);
    m.case(&name, inputs)
}

/// A gather: params shape, indices shape and values, `axis`, `batch_dims`.
type GatherSpec = (&'static [usize], &'static [i64], &'static [i64], i32, i32);

/// The gathers every params type runs.
const GATHERS: [GatherSpec; 8] = [
    (&[5], &[3], &[4, 0, 2], 0, 0),
    (&[4, 3], &[], &[2], 0, 0),
    (&[4, 3], &[2, 2], &[3, 0, 1, 1], 0, 0),
    (&[3, 5, 2], &[4], &[4, 1, 0, 3], 1, 0),
    (&[3, 5, 2], &[2], &[1, 0], -1, 0),
    (&[2, 5, 3], &[2, 3], &[4, 0, 2, 1, 1, 3], 1, 1),
    (&[2, 3, 4, 2], &[2, 2], &[3, 0, 1, 2], 2, -1),
    (&[2, 3, 4], &[2, 3, 2], &[0, 1, 1, 0, 1, 1, 0, 0, 1, 0, 0, 1], 1, 1),
];

fn gathers(seed: u64, dtype: DType) -> Vec<Case> {
    let mut rng = Rng(seed);
    let mut cases = Vec::new();
    for (shape, indices_shape, values, axis, batch_dims) in GATHERS {
        let dims: Vec<i64> = shape.iter().map(|&d| d as i64).collect();
        let out = gather_shape(&dims, indices_shape, axis.into(), batch_dims.into()).unwrap();
        let options = BuiltinOptions::Gather(GatherOptions { axis, batch_dims });
        for from in [Indices::Constant, Indices::Input] {
            let indices = (indices_shape, values);
            cases.push(case(&mut rng, BuiltinOp::Gather, options.clone(), shape, dtype, indices, from, &out));
        }
    }
    cases
}

/// A gather_nd: params shape, indices shape and values.
type GatherNdSpec = (&'static [usize], &'static [i64], &'static [i64]);

/// The gather_nds every params type runs.
const GATHER_NDS: [GatherNdSpec; 5] = [
    (&[4, 3], &[3, 2], &[3, 2, 0, 0, 1, 1]),
    (&[4, 3], &[2, 1], &[3, 1]),
    (&[2, 3, 4], &[2, 2, 2], &[1, 2, 0, 0, 1, 1, 0, 2]),
    (&[2, 3, 4], &[3], &[1, 0, 3]),
    (&[5, 2], &[1], &[4]),
];

fn gather_nds(seed: u64, dtype: DType) -> Vec<Case> {
    let mut rng = Rng(seed);
    let mut cases = Vec::new();
    for (shape, indices_shape, values) in GATHER_NDS {
        let dims: Vec<i64> = shape.iter().map(|&d| d as i64).collect();
        let out = gather_nd_shape(&dims, indices_shape).unwrap();
        for from in [Indices::Constant, Indices::Input] {
            let indices = (indices_shape, values);
            cases.push(case(
                &mut rng,
                BuiltinOp::GatherNd,
                BuiltinOptions::GatherNd,
                shape,
                dtype,
                indices,
                from,
                &out,
            ));
        }
    }
    cases
}

/// The `gather` suite.
pub fn gather() -> Vec<Case> {
    let mut cases = gathers(0x6A7, DType::Int8);
    cases.extend(gathers(0x6A7F, DType::Float32));
    cases
}

/// The `gather_nd` suite.
pub fn gather_nd() -> Vec<Case> {
    let mut cases = gather_nds(0x6A7D, DType::Int8);
    cases.extend(gather_nds(0x6A7DF, DType::Float32));
    cases
}

/// How an `EMBEDDING_LOOKUP` case stores its value and reads it out.
#[derive(Copy, Clone, Debug)]
enum Lookup {
    /// float32 rows into float32.
    Float,
    /// int8 rows copied into int8.
    Int8,
    /// int8 rows dequantized into float32 with one scale.
    Hybrid,
    /// int8 rows with one scale per row, dequantized into float32.
    HybridPerChannel,
}

/// `EMBEDDING_LOOKUP` of the rows `ids` of a value of `shape`, the value `constant` (a table of
/// the model, the usual case) or a model input, the ids a model input.
fn lookup_case(rng: &mut Rng, shape: &[usize], ids: &[i64], lookup: Lookup, constant: bool) -> Case {
    let rows = shape[0];
    let (dtype, quant, out_dtype) = match lookup {
        Lookup::Float => (DType::Float32, None, DType::Float32),
        Lookup::Int8 => (DType::Int8, Some(Quant::tensor(0.5, -3)), DType::Int8),
        Lookup::Hybrid => (DType::Int8, Some(Quant::tensor(0.0371, 0)), DType::Float32),
        Lookup::HybridPerChannel => {
            let scales: Vec<f32> = (0..rows).map(|r| 0.01 + 0.013 * r as f32).collect();
            (DType::Int8, Some(Quant::channels(&scales, 0)), DType::Float32)
        }
    };
    let out_quant = if out_dtype == DType::Int8 { quant.clone() } else { None };
    let dims: Vec<i32> = shape.iter().map(|&d| d as i32).collect();
    let mut out = dims.clone();
    out[0] = ids.len() as i32;
    let table = Tensor::full_range(dtype, shape, rng);
    let mut m = OneOp::new();
    let id = m.input("ids", &[ids.len() as i32], DType::Int32, None);
    let value = if constant {
        m.constant("value", &dims, dtype, &table.data, quant)
    } else {
        m.input("value", &dims, dtype, quant)
    };
    let y = m.output("y", &out, out_dtype, out_quant);
    m.op(BuiltinOp::EmbeddingLookup, &[id, value], &[y], BuiltinOptions::None);
    let ids_tensor = index_tensor(&[ids.len() as i64], ids);
    let inputs = if constant { vec![ids_tensor] } else { vec![ids_tensor, table] };
    m.case(&format!("embedding_lookup {shape:?} ids {ids:?} {lookup:?} constant {constant}"), inputs)
}

/// The `embedding_lookup` suite: float32, int8 and int8 dequantized into float32 (per-tensor and
/// per-channel scales), tables of rank 2 to 4 as constants and as inputs, repeated ids, the first
/// and last rows.
pub fn embedding_lookup() -> Vec<Case> {
    let mut rng = Rng(0xE3B);
    let mut cases = Vec::new();
    let layouts: [(&[usize], &[i64]); 4] =
        [(&[5, 3], &[4, 0, 2]), (&[6, 2, 3], &[5, 5, 1, 0]), (&[1, 4], &[0, 0]), (&[4, 2, 2, 3], &[3, 1])];
    for lookup in [Lookup::Float, Lookup::Int8, Lookup::Hybrid, Lookup::HybridPerChannel] {
        for (i, (shape, ids)) in layouts.into_iter().enumerate() {
            cases.push(lookup_case(&mut rng, shape, ids, lookup, i % 2 == 0));
        }
    }
    cases
}
