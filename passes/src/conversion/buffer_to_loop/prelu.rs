//! `prelu`: TFLite Micro's PRELU (`prelu.cc`, `prelu_common.cc`), an input and an `alpha`
//! broadcast together.
//!
//! Float is `BroadcastPrelu4DSlowFloat`, `x >= 0 ? x : x · alpha`, over at most 4 dimensions (its
//! `NdArrayDesc<4>`). int8 (int8 alpha) and int16 (int8 alpha) are
//! `reference_ops::BroadcastPrelu4DSlow` (through `BroadcastBinaryOpSimple`, up to rank 8) with
//! `CalculatePreluParams`'s two multipliers, computed in `double` from the `float` scales:
//!
//! ```text
//! x' = x - input_zp
//! y  = x' >= 0 ? MBQM(x', in_scale / out_scale)
//!              : MBQM(x' · (alpha - alpha_zp), in_scale · alpha_scale / out_scale)
//! out = clamp(y + output_zp) to the storage range
//! ```
//!
//! As in `leaky_relu`, the branch is a `select` of the product and of the multiplier and shift,
//! so one `MultiplyByQuantizedMultiplier` runs per element. The nest is [`broadcast_nest`]'s: the
//! alpha (often one value per channel) is loaded and centred where its index is known.

use super::activation::cmpf;
use super::broadcast::broadcast_nest;
use super::emitter::{ElementKind, KernelEmitter};
use super::quantization::{Scale, quantize_multiplier};
use mc_dialects::arith::build::{cmpi, select};
use mc_ir::Diagnostic;

/// The largest output rank of TFLM's float kernel (`NdArrayDesc<4>`).
const MAX_FLOAT_RANK: usize = 4;
/// The largest output rank of TFLM's quantized kernel (`BroadcastBinaryOpSimple`'s `kMaxRank`).
const MAX_QUANTIZED_RANK: usize = 8;

/// Lowers `prelu`.
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, alpha, output) = (e.inputs[0], e.inputs[1], e.output);
    let shape = e.shape(output);
    let kinds = [e.kind(input), e.kind(alpha), e.kind(output)];
    let storage = match kinds {
        [ElementKind::F32, ElementKind::F32, ElementKind::F32] => None,
        [ElementKind::Int8, ElementKind::Int8, ElementKind::Int8]
        | [ElementKind::Int16, ElementKind::Int8, ElementKind::Int16] => kinds[0].storage(),
        _ => {
            return Err(e.unsupported(format!(
                "operand types {}, {} -> {} (f32; int8; int16 with an int8 alpha)",
                e.type_text(input),
                e.type_text(alpha),
                e.type_text(output)
            )));
        }
    };
    let max_rank = if storage.is_none() { MAX_FLOAT_RANK } else { MAX_QUANTIZED_RANK };
    if shape.len() > max_rank {
        return Err(e.unsupported(format!(
            "rank {} (TFLite Micro's {} PRELU handles up to {max_rank})",
            shape.len(),
            if storage.is_none() { "float" } else { "quantized" }
        )));
    }
    let Some((bits, (low, high))) = storage else {
        return broadcast_nest(
            e,
            &shape,
            &[input, alpha],
            &mut |e, _, buffer, indices| Ok(e.load(buffer, indices)),
            &mut |e, ivs, xs| {
                let zero = e.f32(0.0);
                let non_negative = cmpf(e, "oge", xs[0], zero);
                let scaled = e.binary("arith.mulf", xs[0], xs[1]);
                let value = select(&mut e.b, non_negative, xs[0], scaled);
                e.store(value, output, ivs);
                Ok(())
            },
        );
    };
    let (input_scale, input_zero_point) = e.per_tensor(input)?;
    let (alpha_scale, alpha_zero_point) = e.per_tensor(alpha)?;
    let (output_scale, output_zero_point) = e.per_tensor(output)?;
    let multipliers = PreluMultipliers::new(input_scale as f32, alpha_scale as f32, output_scale as f32);
    for (what, (_, shift)) in
        [("input scale over output scale", multipliers.identity), ("the alpha product's scale", multipliers.alpha)]
    {
        if shift > 30 {
            return Err(e.unsupported(format!(
                "{what} out of range (input scale {input_scale}, alpha scale {alpha_scale}, output scale \
                 {output_scale}: TFLite's MultiplyByQuantizedMultiplier takes shifts up to 30)"
            )));
        }
    }
    let zero_points = [input_zero_point as i32, alpha_zero_point as i32];
    broadcast_nest(
        e,
        &shape,
        &[input, alpha],
        &mut |e, k, buffer, indices| {
            let loaded = e.load(buffer, indices);
            let wide = e.extsi_i32(loaded);
            let zero_point = e.i32(zero_points[k]);
            Ok(e.binary("arith.subi", wide, zero_point))
        },
        &mut |e, ivs, xs| {
            let (centered, alpha) = (xs[0], xs[1]);
            let zero = e.i32(0);
            let non_negative = cmpi(&mut e.b, "sge", centered, zero);
            let product = e.muli(centered, alpha);
            let value = select(&mut e.b, non_negative, centered, product);
            let (identity_multiplier, identity_shift) = (e.i32(multipliers.identity.0), e.i32(multipliers.identity.1));
            let (alpha_multiplier, alpha_shift) = (e.i32(multipliers.alpha.0), e.i32(multipliers.alpha.1));
            let multiplier = select(&mut e.b, non_negative, identity_multiplier, alpha_multiplier);
            let shift = select(&mut e.b, non_negative, identity_shift, alpha_shift);
            let scaled = Scale::General(multiplier, shift).apply(e, value);
            let offset = e.i32(output_zero_point as i32);
            let shifted = e.addi(scaled, offset);
            let (low, high) = (e.i32(low), e.i32(high));
            let clamped = e.clamp_si(shifted, low, high);
            let stored = e.trunci(clamped, bits);
            e.store(stored, output, ivs);
            Ok(())
        },
    )
}

/// `CalculatePreluParams`'s multipliers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct PreluMultipliers {
    /// `QuantizeMultiplier(in_scale / out_scale)`, for inputs at or above the zero point.
    identity: (i32, i32),
    /// `QuantizeMultiplier(in_scale · alpha_scale / out_scale)`, for inputs below it.
    alpha: (i32, i32),
}

impl PreluMultipliers {
    /// The multipliers of the `float` scales, the ratios taken in `double` as TFLM does.
    fn new(input_scale: f32, alpha_scale: f32, output_scale: f32) -> PreluMultipliers {
        let (input, alpha, output) = (f64::from(input_scale), f64::from(alpha_scale), f64::from(output_scale));
        PreluMultipliers {
            identity: quantize_multiplier(input / output),
            alpha: quantize_multiplier(input * alpha / output),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mc_dialects::arith::fixed_point::reference::multiply_by_quantized_multiplier;

    #[test]
    fn the_multipliers_rescale_both_branches() {
        // Equal input and output scales: the identity is 1; alpha scale 0.25 makes the product's
        // multiplier a quarter.
        let m = PreluMultipliers::new(0.5, 0.25, 0.5);
        assert_eq!(multiply_by_quantized_multiplier(-40, m.identity.0, m.identity.1), -40);
        assert_eq!(multiply_by_quantized_multiplier(-40 * 3, m.alpha.0, m.alpha.1), -30);
    }
}
