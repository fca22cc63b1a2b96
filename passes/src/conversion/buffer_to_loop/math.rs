//! The one-operand math kernels `abs`, `rsqrt`, `sqrt`, `exp`, `log`, `square`, `sin`, `cos`,
//! `floor`, `ceil`, `round` and `elu`: one loop per output dimension, each element loaded, mapped and
//! stored at the same indices (strided operands work, the kernel may run in place).
//!
//! | kernel | float (TFLite Micro) | int8 / int16 (TFLite Micro) |
//! |---|---|---|
//! | `abs` | `std::abs`: `math.absf` | `AbsEvalQuantized`: `clamp(out_zp + MBQM(|x - in_zp|))` (no MBQM for equal scales); plain `i16`: `math.absi` (`-32768` stays) |
//! | `rsqrt` | `1.f / std::sqrt(x)`: `math.rsqrt` | int8 `RsqrtEvalQuantized`, as a table of its 256 results |
//! | `sqrt`, `exp`, `log` | `std::sqrt`, `std::exp`, `std::log`: `math.sqrt`, `math.exp`, `math.log` | — |
//! | `sin`, `cos` | `std::sin`, `std::cos`: `math.sin`, `math.cos` | — |
//! | `square` | `x * x`: `arith.mulf` | — |
//! | `floor`, `ceil` | `std::floor`, `std::ceil`: `math.floor`, `math.ceil` | — |
//! | `elu` | `reference_ops::Elu`: `x < 0 ? std::expm1(x) : x` (`math.expm1`) | int8 `EvalUsingLookupTable`: the table `PopulateLookupTable<int8_t>` fills in `Prepare` (`expf(v) - 1` below zero, in `float`) |
//! | `round` | `RoundToNearest`: `floor(x)`, plus 1 above one half or at one half with an odd floor (so `-0.25` gives `+0.0`, unlike `roundeven`) | — |
//!
//! The library functions (`exp`, `log`, `sin`, `cos`, `expm1`) are calls to the C library's
//! `expf`, `logf`, `sinf`, `cosf`, `expm1f` on both backends, as TFLM's kernels call them.
//!
//! An int8 `rsqrt` depends on nothing but the input byte, so mc evaluates TFLM's fixed-point
//! arithmetic (`GetInvSqrtQuantizedMultiplierExp` and two `MultiplyByQuantizedMultiplier`s) for
//! every input value at compile time. TFLM's `Eval` fails on a value below the input zero point
//! (a negative real); the table holds the output's maximum there, as for the zero point itself.

use super::activation::{cmpf, elementwise};
use super::emitter::{ElementKind, KernelEmitter};
use super::gemmlowp::reference::inv_sqrt_quantized_multiplier_exp;
use super::lut::{lookup_int8, populate_int8};
use super::quantization::{INT8_RANGE, INT16_RANGE, Scale, quantize_multiplier, requantize};
use mc_dialects::arith::build::select;
use mc_dialects::arith::fixed_point::reference::multiply_by_quantized_multiplier;
use mc_ir::{Diagnostic, Value};

/// Lowers one of the math kernels (`e.name` says which).
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let kinds = (e.kind(input), e.kind(output));
    let quantized = e.quantization(input).is_some();
    if e.shape(input) != e.shape(output) || kinds.0 != kinds.1 {
        return Err(e.unsupported_types(""));
    }
    match (e.name.as_str(), kinds.0) {
        (_, ElementKind::F32) => lower_f32(e),
        ("abs", ElementKind::Int16) if !quantized => elementwise(e, |e, x| {
            let ty = e.b.ctx.value_type(x);
            e.unary("math.absi", x, ty)
        }),
        ("abs", ElementKind::Int8) => lower_abs_quantized(e, (8, INT8_RANGE)),
        ("abs", ElementKind::Int16) => lower_abs_quantized(e, (16, INT16_RANGE)),
        ("rsqrt", ElementKind::Int8) => lower_rsqrt_int8(e),
        ("elu", ElementKind::Int8) => lower_elu_int8(e),
        (name, _) => Err(e.unsupported(format!(
            "{name} of '{}' (TFLite Micro's kernel takes f32{})",
            e.type_text(input),
            match name {
                "abs" => ", int8 and int16",
                "rsqrt" | "elu" => " and int8",
                _ => "",
            }
        ))),
    }
}

/// TFLM's float kernels.
fn lower_f32(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let name = match e.name.as_str() {
        "abs" => "math.absf",
        "rsqrt" => "math.rsqrt",
        "sqrt" => "math.sqrt",
        "exp" => "math.exp",
        "log" => "math.log",
        "sin" => "math.sin",
        "cos" => "math.cos",
        "floor" => "math.floor",
        "ceil" => "math.ceil",
        "square" => return elementwise(e, |e, x| e.binary("arith.mulf", x, x)),
        "round" => return elementwise(e, round_to_nearest),
        "elu" => return elementwise(e, elu),
        other => return Err(e.unsupported(format!("unknown math kernel '{other}'"))),
    };
    elementwise(e, |e, x| {
        let f32 = e.b.ctx.value_type(x);
        e.unary(name, x, f32)
    })
}

/// TFLite's `RoundToNearest` on one `f32`: `floor`, the fraction, and the parity of the floor as
/// `floor(floor / 2) · 2 == floor` (exact, and what TFLM's `static_cast<int>(floor) % 2 == 0`
/// gives wherever the fraction is one half).
fn round_to_nearest(e: &mut KernelEmitter<'_>, x: Value) -> Value {
    let f32 = e.b.ctx.value_type(x);
    let floor = e.unary("math.floor", x, f32);
    let fraction = e.binary("arith.subf", x, floor);
    let (half, two, one) = (e.f32(0.5), e.f32(2.0), e.f32(1.0));
    let halved = e.binary("arith.mulf", floor, half);
    let halved_floor = e.unary("math.floor", halved, f32);
    let doubled = e.binary("arith.mulf", halved_floor, two);
    let even = cmpf(e, "oeq", doubled, floor);
    let below_half = cmpf(e, "olt", fraction, half);
    let at_half = cmpf(e, "oeq", fraction, half);
    let even_half = e.binary("arith.andi", at_half, even);
    let keep = e.binary("arith.ori", below_half, even_half);
    let next = e.binary("arith.addf", floor, one);
    select(&mut e.b, keep, floor, next)
}

/// TFLite's float `Elu`: `expm1(x)` where `x < 0`, `x` elsewhere (NaN included).
fn elu(e: &mut KernelEmitter<'_>, x: Value) -> Value {
    let f32 = e.b.ctx.value_type(x);
    let zero = e.f32(0.0);
    let negative = cmpf(e, "olt", x, zero);
    let expm1 = e.unary("math.expm1", x, f32);
    select(&mut e.b, negative, expm1, x)
}

/// int8 `elu`: TFLM's `Prepare` table of `exp(v) - 1` (below zero) or `v`, one load per element.
fn lower_elu_int8(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let (input_scale, input_zero_point) = e.per_tensor(input)?;
    let (output_scale, output_zero_point) = e.per_tensor(output)?;
    let values = populate_int8(
        (input_scale as f32, input_zero_point as i32),
        (output_scale as f32, output_zero_point as i32),
        |v| if v < 0.0 { v.exp() - 1.0 } else { v },
    );
    lookup_int8(e, "elu_table", &values)
}

/// `AbsEvalQuantized` on int8 or int16 (`bits` and storage range): `|x - in_zp|`, rescaled by
/// `QuantizeMultiplier(in_scale / out_scale)` unless the two f32 scales are equal, plus `out_zp`,
/// clamped.
fn lower_abs_quantized(e: &mut KernelEmitter<'_>, (bits, range): (u32, (i32, i32))) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let (input_scale, input_zero_point) = e.per_tensor(input)?;
    let (output_scale, output_zero_point) = e.per_tensor(output)?;
    let (input_scale, output_scale) = (input_scale as f32, output_scale as f32);
    let rescale =
        (input_scale != output_scale).then(|| quantize_multiplier(f64::from(input_scale) / f64::from(output_scale)));
    let kind = e.kind(input);
    elementwise(e, |e, x| {
        let x = e.extend_i32(x, kind);
        let offset = e.i32(input_zero_point as i32);
        let centered = e.binary("arith.subi", x, offset);
        let i32 = e.b.ctx.value_type(centered);
        let magnitude = e.unary("math.absi", centered, i32);
        match rescale {
            Some(multiplier) => {
                let scale = Scale::constant(e, multiplier);
                requantize(e, magnitude, scale, output_zero_point as i32, range, bits)
            }
            None => {
                let offset = e.i32(output_zero_point as i32);
                let shifted = e.addi(magnitude, offset);
                let (low, high) = (e.i32(range.0), e.i32(range.1));
                let clamped = e.clamp_si(shifted, low, high);
                e.trunci(clamped, bits)
            }
        }
    })
}

/// The shift TFLM's `RsqrtEvalQuantized` keeps the intermediate at (`kShift`).
const RSQRT_SHIFT: i32 = 20;

/// `RsqrtEvalQuantized<int8_t>` for every stored value `-128..=127`, given the input zero point,
/// the `QuantizeMultiplier(1 / (sqrt(in_scale) · out_scale))` and the output zero point.
///
/// # Errors
///
/// A message when the multiplier's shift takes TFLM's second `MultiplyByQuantizedMultiplier`
/// past a 31-bit right shift (an output scale far above the input's).
fn rsqrt_int8_table(
    input_zero_point: i32,
    (multiplier, shift): (i32, i32),
    output_zero_point: i32,
) -> Result<Vec<i64>, String> {
    if shift - RSQRT_SHIFT < -31 {
        return Err(format!(
            "an rsqrt output multiplier of 2^{shift} (TFLite Micro shifts it by {RSQRT_SHIFT} more, past 31 bits)"
        ));
    }
    let (low, high) = INT8_RANGE;
    Ok((low..=high)
        .map(|x| {
            let value = x - input_zero_point;
            if value <= 0 {
                return i64::from(high);
            }
            let (inv_sqrt, inv_shift) = inv_sqrt_quantized_multiplier_exp(value, -1);
            let data = multiply_by_quantized_multiplier(1, inv_sqrt, inv_shift + RSQRT_SHIFT);
            let out = multiply_by_quantized_multiplier(data, multiplier, shift - RSQRT_SHIFT) + output_zero_point;
            i64::from(out.clamp(low, high))
        })
        .collect())
}

/// int8 `rsqrt`: one load from the table of [`rsqrt_int8_table`] per element.
fn lower_rsqrt_int8(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let (input, output) = (e.inputs[0], e.output);
    let (input_scale, input_zero_point) = e.per_tensor(input)?;
    let (output_scale, output_zero_point) = e.per_tensor(output)?;
    let real = 1.0 / (f64::from(input_scale as f32).sqrt() * f64::from(output_scale as f32));
    let values = rsqrt_int8_table(input_zero_point as i32, quantize_multiplier(real), output_zero_point as i32)
        .map_err(|m| e.unsupported(m))?;
    lookup_int8(e, "rsqrt_table", &values)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rsqrt_table_approximates_the_reciprocal_square_root() {
        // Input scale 1/16, zero point -128; output scale 1/32, zero point -128.
        let (input_scale, output_scale) = (1.0f64 / 16.0, 1.0f64 / 32.0);
        let real = 1.0 / (input_scale.sqrt() * output_scale);
        let table = rsqrt_int8_table(-128, quantize_multiplier(real), -128).unwrap();
        for x in -127..=127i32 {
            let real_in = f64::from(x + 128) * input_scale;
            let expected = (1.0 / real_in.sqrt() / output_scale - 128.0).clamp(-128.0, 127.0);
            let got = table[(x + 128) as usize] as f64;
            assert!((got - expected).abs() <= 1.0, "rsqrt({real_in}): {got} against {expected}");
        }
        // The zero point and below: the output's maximum.
        assert_eq!(table[0], 127);
    }

    #[test]
    fn rsqrt_table_refuses_shifts_tflm_cannot_apply() {
        assert!(rsqrt_int8_table(0, (1 << 30, -12), 0).is_err());
        assert!(rsqrt_int8_table(0, (1 << 30, -11), 0).is_ok());
    }
}
