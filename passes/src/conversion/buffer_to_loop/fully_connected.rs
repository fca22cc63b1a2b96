//! `fully_connected`: `output[b, u] = act(Σ_d input[b, d] · weights[u, d] + bias[u])`, TFLite
//! Micro's `reference_integer_ops::FullyConnected` / `FullyConnectedPerChannel` (int8, and their
//! `int16_t` overloads for 16x8) and `reference_ops::FullyConnected` (float).
//!
//! The input, of any rank, is read as `[batches, depth]` (depth = the weights' second dimension)
//! and the output as `[batches, units]` through row-major `buffer.view`s, so `keep_num_dims` only
//! changes the output's shape. The nest is
//!
//! ```text
//! for b in batches, u in units:
//!   acc = base[u] + Σ_d w[u, d] · (x[b, d] + input_offset)
//!   out[b, u] = clamp(MultiplyByQuantizedMultiplier(acc, m[u], s[u]) + output_offset)
//! ```
//!
//! Weight zero points are 0 (the kernel's verifier checks it), so TFLM's `filter_offset` term
//! vanishes. The int8 sums are [`super::dot_product`]'s, shared with the LSTM's gates: with
//! constant weights `input_offset · Σ_d w[u, d]` and a constant bias fold into a per-unit table
//! `base[u]` at compile time, leaving one multiply-add per tap, four units at a time sharing each
//! input word. Per-channel multipliers and shifts are tables loaded once per unit, outside the
//! reduction.
//!
//! 16x8 layers (int16 input and output with zero points 0, int8 weights) have no offsets: the
//! nest sums `w · x` from the bias in the accumulator TFLM picks by the bias type (`i32` with an
//! `i32` bias, else `i64`) and requantizes as the 16x8 convolutions do ([`Accumulation::int16`]).

use super::accumulation::{Accumulation, Accumulator16, Channel};
use super::dot_product::{FoldedBias, WeightRow, dot_products, packs};
use super::emitter::{ElementKind, KernelEmitter};
use super::quantization::{
    ChannelScales, channel_multipliers, clamp_f32, fused_range_f32, fused_range_quantized, product_multiplier,
    requantize_to_i8,
};
use super::window::offset;
use mc_dialects::buffer::ViewOp;
use mc_ir::buffer::row_major_strides;
use mc_ir::quant::QuantizedType;
use mc_ir::{Diagnostic, Value};

/// Lowers `fully_connected` (input, weights, optional bias).
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let fc = Operands::read(e)?;
    let kinds = (e.kind(fc.input), e.kind(fc.weights), fc.bias.map(|b| e.kind(b)), e.kind(e.output));
    match kinds {
        (ElementKind::F32, ElementKind::F32, None | Some(ElementKind::F32), ElementKind::F32) => lower_f32(e, &fc),
        (
            ElementKind::Int8,
            ElementKind::Int8 | ElementKind::Int4,
            None | Some(ElementKind::Int32),
            ElementKind::Int8,
        ) => lower_int8(e, &fc),
        (
            ElementKind::Int16,
            ElementKind::Int8,
            None | Some(ElementKind::Int32 | ElementKind::Int64),
            ElementKind::Int16,
        ) => lower_int16(e, &fc),
        _ => {
            let bias = fc.bias.map(|b| format!(", bias '{}'", e.type_text(b))).unwrap_or_default();
            Err(e.unsupported(format!(
                "input '{}' with weights '{}'{bias} and output '{}' (float32, int8 with int8 or int4 weights \
                 and int32 bias, or int16 with int8 weights and int32 or int64 bias)",
                e.type_text(fc.input),
                e.type_text(fc.weights),
                e.type_text(e.output)
            )))
        }
    }
}

/// The operands as the kernel reads them.
struct Operands {
    /// The input as `[batches, depth]`.
    input: Value,
    /// `[units, depth]`.
    weights: Value,
    /// `[units]`, if given.
    bias: Option<Value>,
    /// The output as `[batches, units]`.
    output: Value,
    batches: i64,
    depth: i64,
    units: i64,
}

impl Operands {
    /// Reads the operands, viewing input and output as matrices.
    fn read(e: &mut KernelEmitter<'_>) -> Result<Self, Diagnostic> {
        let (input, weights, bias) = (e.inputs[0], e.inputs[1], e.inputs.get(2).copied());
        let [units, depth] = e.shape(weights)[..] else {
            return Err(e.unsupported(format!("weights '{}' are not a matrix", e.type_text(weights))));
        };
        let inputs: i64 = e.shape(input).iter().product();
        if depth <= 0 || inputs % depth != 0 {
            return Err(
                e.unsupported(format!("input '{}' does not split into rows of depth {depth}", e.type_text(input)))
            );
        }
        let batches = inputs / depth;
        let outputs: i64 = e.shape(e.output).iter().product();
        if outputs != batches * units || e.shape(e.output).last() != Some(&units) {
            return Err(
                e.unsupported(format!("output '{}' is not {batches} rows of {units} units", e.type_text(e.output)))
            );
        }
        let input = row_major_view(e, input, &[batches, depth])?;
        let output = row_major_view(e, e.output, &[batches, units])?;
        Ok(Operands { input, weights, bias, output, batches, depth, units })
    }
}

/// `value` (row-major, any offset) seen with `shape` (as many elements): itself if it has that
/// shape, else a `buffer.view` (a matrix of the fully connected layer's rows, an SVDF state's
/// filters and memory slots).
pub(super) fn row_major_view(e: &mut KernelEmitter<'_>, value: Value, shape: &[i64]) -> Result<Value, Diagnostic> {
    let ty = e.b.ctx.value_type(value);
    let Some(buffer) = e.b.ctx.buffer(ty).cloned() else {
        return Err(e.unsupported(format!("operand '{}' is not a buffer", e.type_text(value))));
    };
    if buffer.shape == shape {
        return Ok(value);
    }
    if !buffer.is_row_major_contiguous() {
        return Err(e.unsupported(format!("operand '{}' is not row-major", e.type_text(value))));
    }
    let shape = shape.to_vec();
    let strides = row_major_strides(&shape);
    let matrix = e.b.ctx.strided_buffer_type(shape, buffer.element, strides, buffer.offset);
    let view = ViewOp::build(&mut e.b, value, matrix, 0);
    Ok(e.b.ctx.results(view.op())[0])
}

/// The float kernel: `total = Σ_d x·w` in order, then `clamp(total + bias)`.
fn lower_f32(e: &mut KernelEmitter<'_>, fc: &Operands) -> Result<(), Diagnostic> {
    let range = fused_range_f32(e)?;
    let zero = e.f32(0.0);
    e.nest(&[fc.batches, fc.units], |e, ivs| {
        let (b, u) = (ivs[0], ivs[1]);
        let total = e.for_range(0, fc.depth, &[zero], |e, d, carried| {
            let x = e.load(fc.input, &[b, d]);
            let w = e.load(fc.weights, &[u, d]);
            let product = e.binary("arith.mulf", x, w);
            Ok(vec![e.binary("arith.addf", carried[0], product)])
        })?[0];
        let value = match fc.bias {
            Some(bias) => {
                let bias = e.load(bias, &[u]);
                e.binary("arith.addf", total, bias)
            }
            None => total,
        };
        let clamped = clamp_f32(e, value, range);
        e.store(clamped, fc.output, &[b, u]);
        Ok(())
    })
}

/// The integer parameters of an int8 fully connected layer, derived as TFLM's
/// `CalculateOpDataFullyConnected` derives them (weight zero points are 0).
#[derive(Clone, Debug, PartialEq)]
struct Int8Params {
    /// `-input_zero_point`.
    input_offset: i32,
    /// The output zero point.
    output_offset: i32,
    /// `(multiplier, shift)`: one for the tensor, or one per unit.
    multipliers: Vec<(i32, i32)>,
}

/// TFLM's parameters from the input's and output's per-tensor `(scale, zero point)` and the
/// weights' scales (one per tensor, or one per unit along axis 0, as the verifier ensures).
///
/// Per tensor, `GetQuantizedConvolutionMultipler` multiplies the scales in `float` and divides in
/// `double`; per channel, `CalculateOpDataFullyConnected` multiplies them in `double`.
fn int8_params(
    (input_scale, input_zero_point): (f64, i64),
    weights: &QuantizedType,
    (output_scale, output_zero_point): (f64, i64),
) -> Int8Params {
    let multipliers = weight_multipliers(input_scale, weights, output_scale);
    Int8Params { input_offset: -input_zero_point as i32, output_offset: output_zero_point as i32, multipliers }
}

/// TFLM's `(multiplier, shift)` per tensor (one) or per unit from the input's and output's
/// scales and the weights' (see [`int8_params`] for the precision of each).
fn weight_multipliers(input_scale: f64, weights: &QuantizedType, output_scale: f64) -> Vec<(i32, i32)> {
    let (input_scale, output_scale) = (input_scale as f32, output_scale as f32);
    match &weights.scales()[..] {
        [scale] => vec![product_multiplier(f64::from(input_scale), *scale, f64::from(output_scale))],
        scales => channel_multipliers(f64::from(input_scale), scales, f64::from(output_scale), scales.len()),
    }
}

/// Units computed together by the packed int8 kernel and the 16x8 one (their accumulators carried
/// side by side, each input word or element loaded once for all of them).
const UNIT_BLOCK: i64 = 4;

/// The int8 kernel.
fn lower_int8(e: &mut KernelEmitter<'_>, fc: &Operands) -> Result<(), Diagnostic> {
    let weights_q = e.quantization(fc.weights).ok_or_else(|| e.unsupported("weights without quantization"))?;
    let params = int8_params(e.per_tensor(fc.input)?, &weights_q, e.per_tensor(e.output)?);
    let range = fused_range_quantized(e, e.output)?;

    // Constant weights fold the input offset (and a constant bias) into per-unit bases; packed
    // units then go in blocks sharing each input word.
    let starts = FoldedBias::new(e, "fc_base", (fc.weights, 0), fc.bias, params.input_offset);
    let channel_scales = ChannelScales::new(e, "fc", &params.multipliers);
    let block = if packs(starts.input_offset, fc.depth) && fc.units >= UNIT_BLOCK { UNIT_BLOCK } else { 1 };
    let units_at = |e: &mut KernelEmitter<'_>, b: Value, first: Value, width: i64| -> Result<(), Diagnostic> {
        let units: Vec<Value> = (0..width).map(|j| offset(e, first, 1, j)).collect();
        let mut inits = Vec::new();
        let mut scales = Vec::new();
        for &u in &units {
            inits.push(starts.start(e, u));
            scales.push(channel_scales.channel(e, u));
        }
        let rows: Vec<WeightRow> =
            units.iter().map(|&unit| WeightRow { weights: fc.weights, unit, offset: 0 }).collect();
        let accs = dot_products(e, (fc.input, &[b]), starts.input_offset, &rows, (fc.depth, true), &inits)?;
        for ((&u, &acc), &scale) in units.iter().zip(&accs).zip(&scales) {
            let out = requantize_to_i8(e, acc, scale, params.output_offset, range);
            e.store(out, fc.output, &[b, u]);
        }
        Ok(())
    };
    for_unit_blocks(e, fc, block, units_at)
}

/// For every batch `b`: `units_at(e, b, first, block)` over the blocks of `block` consecutive
/// units from unit 0, then `units_at(e, b, u, 1)` for each unit left over.
fn for_unit_blocks(
    e: &mut KernelEmitter<'_>,
    fc: &Operands,
    block: i64,
    units_at: impl Fn(&mut KernelEmitter<'_>, Value, Value, i64) -> Result<(), Diagnostic>,
) -> Result<(), Diagnostic> {
    let blocked = fc.units / block * block;
    e.for_range(0, fc.batches, &[], |e, b, _| {
        if blocked > 0 {
            e.for_range(0, blocked / block, &[], |e, index, _| {
                let first = offset(e, index, block, 0);
                units_at(e, b, first, block)?;
                Ok(Vec::new())
            })?;
        }
        if blocked < fc.units {
            e.for_range(blocked, fc.units, &[], |e, u, _| {
                units_at(e, b, u, 1)?;
                Ok(Vec::new())
            })?;
        }
        Ok(Vec::new())
    })
    .map(drop)
}

/// The 16x8 kernel: per batch and unit, `Σ_d w[u, d] · x[b, d]` from the bias, requantized;
/// [`UNIT_BLOCK`] units at a time sharing each input load.
fn lower_int16(e: &mut KernelEmitter<'_>, fc: &Operands) -> Result<(), Diagnostic> {
    let weights_q = e.quantization(fc.weights).ok_or_else(|| e.unsupported("weights without quantization"))?;
    let multipliers = weight_multipliers(e.per_tensor(fc.input)?.0, &weights_q, e.per_tensor(e.output)?.0);
    // One multiplier per tensor, or per unit: the same per-channel form as the convolutions'.
    let multipliers = if multipliers.len() == 1 { vec![multipliers[0]; fc.units as usize] } else { multipliers };
    let arith = Accumulation::int16(e, [fc.input, e.output], fc.bias, Accumulator16::OfBias, ("fc", &multipliers))?;
    let units_at = |e: &mut KernelEmitter<'_>, b: Value, first: Value, width: i64| -> Result<(), Diagnostic> {
        let units: Vec<Value> = (0..width).map(|j| offset(e, first, 1, j)).collect();
        let channels: Vec<Channel> = units.iter().map(|&u| arith.channel(e, u, true)).collect();
        let inits: Vec<Value> = channels.iter().map(|c| c.init).collect();
        let accs = e.for_range(0, fc.depth, &inits, |e, d, carried| {
            let x = e.load(fc.input, &[b, d]);
            Ok(units
                .iter()
                .zip(carried)
                .map(|(&u, &acc)| {
                    let w = e.load(fc.weights, &[u, d]);
                    arith.accumulate(e, acc, x, w, true)
                })
                .collect())
        })?;
        for ((&u, &acc), channel) in units.iter().zip(&accs).zip(&channels) {
            let out = channel.finish(e, acc);
            e.store(out, fc.output, &[b, u]);
        }
        Ok(())
    };
    let block = if fc.units >= UNIT_BLOCK { UNIT_BLOCK } else { 1 };
    for_unit_blocks(e, fc, block, units_at)
}

#[cfg(test)]
mod tests {
    use super::super::quantization::quantize_multiplier;
    use super::*;
    use mc_ir::Context;
    use mc_ir::quant::QuantParams;

    fn quantized(ctx: &mut Context, params: QuantParams) -> QuantizedType {
        let expressed = ctx.float_type(mc_ir::FloatKind::F32);
        QuantizedType { storage_width: 8, signed: true, storage_min: -128, storage_max: 127, expressed, params }
    }

    fn per_tensor(ctx: &mut Context, scale: f32, zero_point: i64) -> QuantizedType {
        quantized(ctx, QuantParams::PerTensor { scale_bits: f64::from(scale).to_bits(), zero_point })
    }

    #[test]
    fn per_tensor_scales_multiply_in_float() {
        let mut ctx = Context::new();
        let (input, weights, output) = (0.1f32, 0.3f32, 0.7f32);
        let q = per_tensor(&mut ctx, weights, 0);
        let params = int8_params((f64::from(input), -5), &q, (f64::from(output), 9));
        let product = input * weights;
        assert_eq!(params.multipliers, vec![quantize_multiplier(f64::from(product) / f64::from(output))]);
        // Not the product in double.
        let double = f64::from(input) * f64::from(weights) / f64::from(output);
        assert_ne!(params.multipliers, vec![quantize_multiplier(double)]);
        assert_eq!((params.input_offset, params.output_offset), (5, 9));
    }

    #[test]
    fn per_channel_scales_multiply_in_double() {
        let mut ctx = Context::new();
        let scales = [0.3f32, 0.02];
        let params = QuantParams::PerAxis {
            axis: 0,
            scale_bits: scales.iter().map(|&s| f64::from(s).to_bits()).collect(),
            zero_points: vec![0, 0],
        };
        let q = quantized(&mut ctx, params);
        let got = int8_params((f64::from(0.1f32), 0), &q, (f64::from(0.7f32), 0));
        let expected: Vec<_> =
            scales.iter().map(|&s| quantize_multiplier(f64::from(0.1f32) * f64::from(s) / f64::from(0.7f32))).collect();
        assert_eq!(got.multipliers, expected);
    }
}
