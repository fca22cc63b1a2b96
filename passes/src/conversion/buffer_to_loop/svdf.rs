//! `svdf_state` and `svdf`: TFLite Micro's `SVDF`, `EvalFloatSvdfReference` (float) and
//! `EvalIntegerSvdfReference` (int8 input and output; `int16_t` or `int8_t` state and time
//! weights) in `svdf_common.cc`, split where TFLM's kernel finishes updating its state.
//!
//! The state `[B, F·M]` is read as `[B, F, M]` (filter `f`'s memory slots, oldest first):
//!
//! ```text
//! svdf_state:                                   svdf (rank R, U = F / R units):
//! for b, f, m < M-1:                            for b, u:
//!   new[b, f, m] = old[b, f, m + 1]               acc = bias[u]
//! for b, f:                                       for r < R: f = u·R + r
//!   acc = Σ_d w_feature[f, d] · (x[b, d] - x_zp)    acc += Σ_m w_time[f, m] · (state[b, f, m] - s_zp)
//!   new[b, f, M-1] = clamp(MBQM(acc, scale_1),    out[b, u] = clamp(MBQM(acc, scale_2) + out_zp, int8)
//!                          state type) + s_zp
//! ```
//!
//! The state's zero point is added after the clamp, in the state's type (so it wraps): the
//! installed TFLite Micro interpreter, which mc matches, does so; upstream's current
//! `svdf_common.cc` adds it before the clamp. Only a non-zero state zero point (int8 states)
//! tells them apart.
//!
//! TFLM shifts the whole flat state one element left and then overwrites every filter's newest
//! slot, which leaves the same values as shifting each filter's slots. Like TFLM, `svdf_state`
//! updates the state in place when its output is the state operand itself (graph-to-buffer
//! writes the variable directly): the shift runs oldest slot first, so every slot is read before
//! it is overwritten, and the newest slots depend on the input only. The two multipliers are
//! `PrepareSvdf`'s: `scale_1 = input · weights_feature / state` and `scale_2 = state ·
//! weights_time / output`, each product and quotient in `float` as TFLM computes them. Float
//! SVDFs sum in TFLM's order (dot products from `0.0f`; the output from the bias, adding the
//! rank's filters in turn) and then apply the fused activation as `ActivationValFloat` does;
//! TFLM's integer kernel applies none, whatever the options say, and neither does this one.

use super::activation::cmpf;
use super::emitter::{ElementKind, KernelEmitter};
use super::fully_connected::row_major_view;
use super::quantization::{INT8_RANGE, Scale, quantize_multiplier, requantize};
use super::window::offset;
use mc_dialects::arith::build::select;
use mc_dialects::graph::Activation;
use mc_ir::{Diagnostic, Value};

/// Lowers `svdf_state` (state, input, weights_feature; the output is the next state).
pub fn lower_state(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (old, input, weights) = (e.inputs[0], e.inputs[1], e.inputs[2]);
    let (batches, depth, filters) = (e.shape(input)[0], e.shape(input)[1], e.shape(weights)[0]);
    let memory = e.shape(old)[1] / filters;
    let state_kind = e.kind(old);
    let kinds = (state_kind, e.kind(input), e.kind(weights), e.kind(e.output));
    let integer = match kinds {
        (ElementKind::F32, ElementKind::F32, ElementKind::F32, ElementKind::F32) => false,
        (ElementKind::Int16 | ElementKind::Int8, ElementKind::Int8, ElementKind::Int8, out) if out == state_kind => {
            true
        }
        _ => {
            return Err(e.unsupported(format!(
                "state '{}' with input '{}' and weights '{}' (float32, or int8 input and weights with an \
                 int16 or int8 state)",
                e.type_text(old),
                e.type_text(input),
                e.type_text(weights)
            )));
        }
    };
    let old = row_major_view(e, old, &[batches, filters, memory])?;
    let new = row_major_view(e, e.output, &[batches, filters, memory])?;
    // Every filter's slots one place towards the oldest.
    e.nest(&[batches, filters, memory - 1], |e, ivs| {
        let next = offset(e, ivs[2], 1, 1);
        let value = e.load(old, &[ivs[0], ivs[1], next]);
        e.store(value, new, ivs);
        Ok(())
    })?;
    let newest = e.index(memory - 1);
    if !integer {
        let zero = e.f32(0.0);
        return e.nest(&[batches, filters], |e, ivs| {
            let (b, f) = (ivs[0], ivs[1]);
            let dot = e.for_range(0, depth, &[zero], |e, d, carried| {
                let w = e.load(weights, &[f, d]);
                let x = e.load(input, &[b, d]);
                let product = e.binary("arith.mulf", w, x);
                Ok(vec![e.binary("arith.addf", carried[0], product)])
            })?[0];
            e.store(dot, new, &[b, f, newest]);
            Ok(())
        });
    }
    let (input_scale, input_zero_point) = e.per_tensor(input)?;
    let (weights_scale, _) = e.per_tensor(weights)?;
    let (state_scale, state_zero_point) = e.per_tensor(e.output)?;
    // PrepareSvdf: the scales are floats, multiplied and divided in float.
    let scale_1 = input_scale as f32 * weights_scale as f32 / state_scale as f32;
    let multiplier = quantize_multiplier(f64::from(scale_1));
    let (width, range) = state_kind.storage().expect("an integer state");
    let input_zero_point = e.i32(input_zero_point as i32);
    let state_zero_point = e.int(state_zero_point, width);
    let zero = e.i32(0);
    e.nest(&[batches, filters], |e, ivs| {
        let (b, f) = (ivs[0], ivs[1]);
        let acc = e.for_range(0, depth, &[zero], |e, d, carried| {
            let w = e.load(weights, &[f, d]);
            let w = e.extsi_i32(w);
            let x = e.load(input, &[b, d]);
            let x = e.extsi_i32(x);
            let x = e.binary("arith.subi", x, input_zero_point);
            let product = e.muli(w, x);
            Ok(vec![e.addi(carried[0], product)])
        })?[0];
        let scale = Scale::constant(e, multiplier);
        let clamped = requantize(e, acc, scale, 0, range, width);
        let value = e.addi(clamped, state_zero_point);
        e.store(value, new, &[b, f, newest]);
        Ok(())
    })
}

/// Lowers `svdf` (state, weights_time, bias).
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (state, weights, bias) = (e.inputs[0], e.inputs[1], e.inputs[2]);
    let rank = e.int_attr("rank")?;
    let (filters, memory) = (e.shape(weights)[0], e.shape(weights)[1]);
    let (batches, units) = (e.shape(e.output)[0], e.shape(e.output)[1]);
    if rank < 1 || filters != units * rank {
        return Err(e.unsupported(format!("{filters} filters in {units} units of rank {rank}")));
    }
    let state_kind = e.kind(state);
    let kinds = (state_kind, e.kind(weights), e.kind(bias), e.kind(e.output));
    let integer = match kinds {
        (ElementKind::F32, ElementKind::F32, ElementKind::F32, ElementKind::F32) => false,
        (ElementKind::Int16 | ElementKind::Int8, time, ElementKind::Int32, ElementKind::Int8) if time == state_kind => {
            true
        }
        _ => {
            return Err(e.unsupported(format!(
                "state '{}' with time weights '{}' and output '{}' (float32, or int16 or int8 state and time \
                 weights with an int32 bias and an int8 output)",
                e.type_text(state),
                e.type_text(weights),
                e.type_text(e.output)
            )));
        }
    };
    let state = row_major_view(e, state, &[batches, filters, memory])?;
    let output = e.output;
    if !integer {
        let activation = e.activation()?;
        let zero = e.f32(0.0);
        return e.nest(&[batches, units], |e, ivs| {
            let (b, u) = (ivs[0], ivs[1]);
            let mut total = e.load(bias, &[u]);
            for r in 0..rank {
                let f = offset(e, u, rank, r);
                let dot = e.for_range(0, memory, &[zero], |e, m, carried| {
                    let w = e.load(weights, &[f, m]);
                    let s = e.load(state, &[b, f, m]);
                    let product = e.binary("arith.mulf", w, s);
                    Ok(vec![e.binary("arith.addf", carried[0], product)])
                })?[0];
                total = e.binary("arith.addf", total, dot);
            }
            let value = activation_f32(e, activation, total)?;
            e.store(value, output, &[b, u]);
            Ok(())
        });
    }
    let (state_scale, state_zero_point) = e.per_tensor(state)?;
    let (weights_scale, _) = e.per_tensor(weights)?;
    let (output_scale, output_zero_point) = e.per_tensor(output)?;
    let scale_2 = state_scale as f32 * weights_scale as f32 / output_scale as f32;
    let multiplier = quantize_multiplier(f64::from(scale_2));
    let state_zero_point = e.i32(state_zero_point as i32);
    let zero = e.i32(0);
    e.nest(&[batches, units], |e, ivs| {
        let (b, u) = (ivs[0], ivs[1]);
        let mut acc = e.load(bias, &[u]);
        for r in 0..rank {
            let f = offset(e, u, rank, r);
            let dot = e.for_range(0, memory, &[zero], |e, m, carried| {
                let w = e.load(weights, &[f, m]);
                let w = e.extsi_i32(w);
                let s = e.load(state, &[b, f, m]);
                let s = e.extsi_i32(s);
                let s = e.binary("arith.subi", s, state_zero_point);
                let product = e.muli(w, s);
                Ok(vec![e.addi(carried[0], product)])
            })?[0];
            acc = e.addi(acc, dot);
        }
        let scale = Scale::constant(e, multiplier);
        let value = requantize(e, acc, scale, output_zero_point as i32, INT8_RANGE, 8);
        e.store(value, output, &[b, u]);
        Ok(())
    })
}

/// TFLM's `ActivationValFloat` for the activations TFLite's schema has but `SIGN_BIT` (an error:
/// the sign bit of a NaN is not computed here): `TfLiteMax`/`TfLiteMin` are `std::max`/`std::min`,
/// which return their first operand unless the second compares greater (or smaller).
fn activation_f32(e: &mut KernelEmitter<'_>, activation: Activation, x: Value) -> Result<Value, Diagnostic> {
    // std::max(low, v): low < v ? v : low.
    let max = |e: &mut KernelEmitter<'_>, low: f32, v: Value| {
        let low = e.f32(low);
        let above = cmpf(e, "olt", low, v);
        select(&mut e.b, above, v, low)
    };
    // std::min(v, high): high < v ? high : v.
    let min = |e: &mut KernelEmitter<'_>, v: Value, high: f32| {
        let high = e.f32(high);
        let above = cmpf(e, "olt", high, v);
        select(&mut e.b, above, high, v)
    };
    Ok(match activation {
        Activation::None => x,
        Activation::Relu => max(e, 0.0, x),
        Activation::ReluN1To1 => {
            let low = min(e, x, 1.0);
            max(e, -1.0, low)
        }
        Activation::Relu6 => {
            let low = min(e, x, 6.0);
            max(e, 0.0, low)
        }
        Activation::Tanh => {
            let f32 = e.b.ctx.value_type(x);
            e.unary("math.tanh", x, f32)
        }
        Activation::SignBit => return Err(e.unsupported("fused activation SIGN_BIT on a float SVDF")),
    })
}
