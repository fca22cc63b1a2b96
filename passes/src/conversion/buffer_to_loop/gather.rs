//! `gather`, `gather_nd` and `embedding_lookup`: TFLite Micro's `Gather` (gather.cc), `GatherNd`
//! (gather_nd.cc) and `EMBEDDING_LOOKUP`'s `EvalSimple` (embedding_lookup.cc) as pure data
//! movement; `EvalHybrid`, the lookup of int8 rows into an f32 result, converts each element as
//! its `Dequantize` does, `(float)(q - 0) * scale` in f32 with the value's first scale (TFLM's
//! `params.scale`, also for a per-channel tensor). The index of each slice is loaded once, at the loop level where it is
//! known, and the slice is copied by an inner nest.
//!
//! ```text
//! gather (axis 1, indices [q]):           gather_nd (index tuples of 2):
//! for i, j:                               for i:
//!   %k = indices[j]                         %a = indices[i, 0], %b = indices[i, 1]
//!   for r: out[i, j, r] = params[i, %k, r]  for r: out[i, r] = params[%a, %b, r]
//! ```
//!
//! Indices out of range: constant indices are refused by the graph verifier. A run-time index
//! outside its dimension is clamped into it (`0` or the last slice is copied), so the kernel never
//! reads outside `params`. TFLite Micro's `GATHER` fails the invocation instead
//! (`kTfLiteError`) and its `GATHER_ND` reads outside `params` (no check): in both cases it
//! has no defined output to match. `EMBEDDING_LOOKUP` fails like `GATHER`; mc clamps alike.

use super::emitter::{ElementKind, KernelEmitter};
use mc_dialects::graph::{GatherAxes, gather_axes, gather_nd_shape};
use mc_ir::{Diagnostic, FloatKind, Value};

/// Lowers `gather` (attributes `axis`, `batch_dims`).
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (params, indices, output) = (e.inputs[0], e.inputs[1], e.output);
    let (params_shape, indices_shape) = (e.shape(params), e.shape(indices));
    let (axis, batch_dims) = (e.int_attr("axis")?, e.int_attr("batch_dims")?);
    let GatherAxes { axis, batch_dims } =
        gather_axes(&params_shape, &indices_shape, axis, batch_dims).map_err(|m| e.unsupported(m))?;
    let coords = indices_shape.len() - batch_dims;
    let output_shape = e.shape(output);
    reads_something(e, &params_shape, &output_shape)?;
    let (outer, inner) = output_shape.split_at(axis + coords);
    e.nest(outer, |e, ivs| {
        let position: Vec<Value> = ivs[..batch_dims].iter().chain(&ivs[axis..]).copied().collect();
        let coordinate = load_index(e, indices, &position, params_shape[axis]);
        e.nest(inner, |e, inner_ivs| {
            let read: Vec<Value> = ivs[..axis].iter().chain([&coordinate]).chain(inner_ivs).copied().collect();
            let written: Vec<Value> = ivs.iter().chain(inner_ivs).copied().collect();
            let value = e.load(params, &read);
            e.store(value, output, &written);
            Ok(())
        })
    })
}

/// Lowers `gather_nd`.
pub fn lower_nd(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (params, indices, output) = (e.inputs[0], e.inputs[1], e.output);
    let (params_shape, indices_shape) = (e.shape(params), e.shape(indices));
    gather_nd_shape(&params_shape, &indices_shape).map_err(|m| e.unsupported(m))?;
    let (&nd, tuples) = indices_shape.split_last().expect("checked: indices are at least a vector");
    let output_shape = e.shape(output);
    reads_something(e, &params_shape, &output_shape)?;
    let (outer, inner) = output_shape.split_at(tuples.len());
    e.nest(outer, |e, ivs| {
        let mut read = Vec::new();
        for (j, &size) in params_shape[..nd as usize].iter().enumerate() {
            let entry = e.index(j as i64);
            let position: Vec<Value> = ivs.iter().copied().chain([entry]).collect();
            read.push(load_index(e, indices, &position, size));
        }
        e.nest(inner, |e, inner_ivs| {
            let read: Vec<Value> = read.iter().chain(inner_ivs).copied().collect();
            let written: Vec<Value> = ivs.iter().chain(inner_ivs).copied().collect();
            let value = e.load(params, &read);
            e.store(value, output, &written);
            Ok(())
        })
    })
}

/// Lowers `embedding_lookup` (operands `value`, `ids`): row `ids[i]` of `value` into row `i`.
pub fn lower_embedding_lookup(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (value, ids, output) = (e.inputs[0], e.inputs[1], e.output);
    let value_shape = e.shape(value);
    let output_shape = e.shape(output);
    reads_something(e, &value_shape, &output_shape)?;
    let scale = match (e.kind(value), e.kind(output)) {
        (ElementKind::Int8, ElementKind::F32) => {
            let scales = e.quantization(value).map(|q| q.scales()).unwrap_or_default();
            let Some(&first) = scales.first() else {
                return Err(e.unsupported(format!("value '{}' is not quantized", e.type_text(value))));
            };
            Some(e.f32(first as f32))
        }
        _ => None,
    };
    let f32 = e.b.ctx.float_type(FloatKind::F32);
    let (rows, columns) = output_shape.split_at(1);
    e.nest(rows, |e, ivs| {
        let row = load_index(e, ids, ivs, value_shape[0]);
        e.nest(columns, |e, column| {
            let read: Vec<Value> = [row].iter().chain(column).copied().collect();
            let written: Vec<Value> = ivs.iter().chain(column).copied().collect();
            let mut element = e.load(value, &read);
            if let Some(scale) = scale {
                let wide = e.extsi_i32(element);
                let real = e.unary("arith.sitofp", wide, f32);
                element = e.binary("arith.mulf", real, scale);
            }
            e.store(element, output, &written);
            Ok(())
        })
    })
}

/// Refuses a gather of elements from empty params (TFLite Micro fails it: every index is out
/// of range).
fn reads_something(e: &KernelEmitter<'_>, params_shape: &[i64], output_shape: &[i64]) -> Result<(), Diagnostic> {
    if params_shape.contains(&0) && !output_shape.contains(&0) {
        return Err(e.unsupported("gathers elements from empty params"));
    }
    Ok(())
}

/// `indices[position]` (an `i32` or `i64`) clamped into `[0, size)`, as an `index`.
fn load_index(e: &mut KernelEmitter<'_>, indices: Value, position: &[Value], size: i64) -> Value {
    let raw = e.load(indices, position);
    let ty = e.b.ctx.value_type(raw);
    let width = e.b.ctx.integer_width(ty).unwrap_or(32);
    let (low, high) = (e.int(0, width), e.int(size - 1, width));
    let clamped = e.clamp_si(raw, low, high);
    let index = e.b.ctx.index_type();
    e.unary("arith.index_cast", clamped, index)
}
