//! `reduce_max` and `reduce_min` over the `axes` attribute: TFLite Micro's `EvalMax` / `EvalMin`
//! (`reduce_common.cc`), `reference_ops::ReduceGeneric` with `in > current ? in : current` (or
//! `<`) folded from the type's lowest (highest) value.
//!
//! Float starts from `±FLT_MAX`, not infinity, and replaces the accumulator only when the
//! comparison holds: a NaN never wins and an all-`-inf` maximum is `-FLT_MAX`, as in TFLM.
//! int8 compares the stored values: TFLM requires the output's scale and zero point to equal the
//! input's (exactly, as floats), so no requantization happens. The nest is [`AxesReduction`]'s;
//! an empty reduction writes the starting value, as TFLM's does.

use super::activation::cmpf;
use super::emitter::{ElementKind, KernelEmitter};
use super::reduce_axes::AxesReduction;
use mc_dialects::arith::build::select;
use mc_ir::Diagnostic;

/// Lowers `reduce_max` (`maximum`) or `reduce_min`.
fn lower(e: &mut KernelEmitter<'_>, maximum: bool) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let reduction = AxesReduction::of(e)?;
    match (e.kind(input), e.kind(output)) {
        (ElementKind::F32, ElementKind::F32) => {
            let init = e.f32(if maximum { f32::MIN } else { f32::MAX });
            let predicate = if maximum { "ogt" } else { "olt" };
            let step = move |e: &mut KernelEmitter<'_>, acc, loaded| {
                let wins = cmpf(e, predicate, loaded, acc);
                select(&mut e.b, wins, loaded, acc)
            };
            reduction.emit(e, init, &step, &|_, acc| acc)
        }
        (ElementKind::Int8, ElementKind::Int8) => {
            let (input_scale, input_zero_point) = e.per_tensor(input)?;
            let (output_scale, output_zero_point) = e.per_tensor(output)?;
            // TFLM compares the float scales (as doubles) and the zero points for equality.
            if input_scale as f32 != output_scale as f32 || input_zero_point != output_zero_point {
                return Err(e.unsupported(format!(
                    "int8 output '{}' quantized unlike input '{}' (TFLM requires equal scales and zero points)",
                    e.type_text(output),
                    e.type_text(input)
                )));
            }
            let init = e.int(if maximum { i64::from(i8::MIN) } else { i64::from(i8::MAX) }, 8);
            let op = if maximum { "arith.maxsi" } else { "arith.minsi" };
            reduction.emit(e, init, &|e, acc, loaded| e.binary(op, acc, loaded), &|_, acc| acc)
        }
        _ => Err(e.unsupported(format!(
            "input '{}' and output '{}' (float32 or int8, the same type)",
            e.type_text(input),
            e.type_text(output)
        ))),
    }
}

/// Lowers `reduce_max`.
pub fn lower_max(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    lower(e, true)
}

/// Lowers `reduce_min`.
pub fn lower_min(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    lower(e, false)
}
