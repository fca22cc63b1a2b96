//! `add`, `sub`, `mul`: elementwise arithmetic with numpy broadcasting (rank ≤ 6), as TFLite
//! Micro's reference kernels compute it.
//!
//! - int8 `add`/`sub` (`reference_integer_ops::AddFunc`, `reference_ops::SubElementwise` and their
//!   broadcasting versions): each input is offset by its zero point, shifted left by 20 and
//!   rescaled by its own multiplier (relative to twice the larger input scale); the sum or
//!   difference is rescaled to the output, offset, clamped to the fused activation. The
//!   multipliers are derived as `CalculateOpDataAdd`/`CalculateOpDataSub` derive them, in
//!   `double` (the installed TFLite Micro does so for `sub` too; a newer upstream
//!   `sub_common.cc` takes the ratios in `float`, which differs by one for some scales).
//! - int8 `mul` (`reference_integer_ops::MulElementwise`): `(x - zx)·(y - zy)` rescaled by
//!   `sx·sy/so` (in `double`), offset and clamped.
//! - `f32`: `x ∘ y` clamped to the fused activation's range (`ActivationFunctionWithMinMax`).
//!
//! ```text
//! loop.for %i ... {                          // one loop per result dimension
//!   %x = loop.load %lhs[...]  -> rescaled     // at the outermost level where its index is known
//!   loop.for %j ... {
//!     %y = loop.load %rhs[...] -> rescaled
//!     %r = combine, requantize, clamp
//!     loop.store %r, %out[%i, %j]
//! ```
//!
//! Buffers may be strided, and the output may be an input (in place): every element is read
//! before the element at its index is written.

use super::broadcast::broadcast_nest;
use super::emitter::{ElementKind, KernelEmitter};
use super::quantization::{
    Scale, clamp_f32, fused_range_f32, fused_range_quantized, quantize_multiplier, requantize_to_i8,
};
use mc_dialects::arith::fixed_point::reference;
use mc_ir::{Diagnostic, Value};

/// Which of the three kernels.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Arith {
    Add,
    Sub,
    Mul,
}

/// Lowers `add`, `sub` or `mul` (by `e.name`).
pub fn lower(e: &mut KernelEmitter<'_>) -> Result<(), Diagnostic> {
    let arith = match e.name.as_str() {
        "add" => Arith::Add,
        "sub" => Arith::Sub,
        "mul" => Arith::Mul,
        other => return Err(e.unsupported(format!("'{other}' is not a binary kernel"))),
    };
    let (lhs, rhs, out) = (e.inputs[0], e.inputs[1], e.output);
    // The verifier of buffer.kernel checks that the operands broadcast to the output.
    let output = e.shape(out);
    match [e.kind(lhs), e.kind(rhs), e.kind(out)] {
        [ElementKind::F32, ElementKind::F32, ElementKind::F32] => lower_f32(e, arith, &output),
        [ElementKind::Int8, ElementKind::Int8, ElementKind::Int8] => lower_int8(e, arith, &output),
        _ => Err(e.unsupported(format!(
            "operand types {}, {} -> {} (only f32 and int8 are lowered)",
            e.type_text(lhs),
            e.type_text(rhs),
            e.type_text(out)
        ))),
    }
}

/// The float kernels: `clamp(x ∘ y)`.
fn lower_f32(e: &mut KernelEmitter<'_>, arith: Arith, output: &[i64]) -> Result<(), Diagnostic> {
    let range = fused_range_f32(e)?;
    let combine = match arith {
        Arith::Add => "arith.addf",
        Arith::Sub => "arith.subf",
        Arith::Mul => "arith.mulf",
    };
    let inputs = [e.inputs[0], e.inputs[1]];
    let out = e.output;
    broadcast_nest(e, output, &inputs, &mut |e, _, buffer, indices| Ok(e.load(buffer, indices)), &mut |e, ivs, xs| {
        let value = e.binary(combine, xs[0], xs[1]);
        let value = clamp_f32(e, value, range);
        e.store(value, out, ivs);
        Ok(())
    })
}

/// What the int8 kernels compute with, fixed at compile time.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct Int8Params {
    /// `-zero_point` of each input.
    input_offsets: [i32; 2],
    /// `(multiplier, shift)` rescaling each input (add/sub only).
    input_multipliers: [(i32, i32); 2],
    /// `(multiplier, shift)` rescaling the result to the output scale.
    output_multiplier: (i32, i32),
    /// The output zero point.
    output_offset: i32,
}

/// `left_shift` of TFLite's int8 add/sub: inputs are scaled up by `2^20` before rescaling.
const LEFT_SHIFT: i32 = 20;

/// TFLite's `QuantizeMultiplierSmallerThanOneExp`: a multiplier below one (shift ≤ 0).
fn smaller_than_one(real: f64) -> Result<(i32, i32), String> {
    let (multiplier, shift) = quantize_multiplier(real);
    if shift > 0 {
        return Err(format!("rescaling by {real} is not below one, which TFLite's int8 add/sub requires"));
    }
    Ok((multiplier, shift))
}

impl Int8Params {
    /// The parameters of `arith` for inputs of scales `s1`, `s2` and zero points `z1`, `z2`
    /// and an output of `(so, zo)`, derived as TFLite Micro's `Prepare` derives them.
    fn new(arith: Arith, (s1, z1): (f32, i32), (s2, z2): (f32, i32), (so, zo): (f32, i32)) -> Result<Self, String> {
        let input_offsets = [-z1, -z2];
        let (input_multipliers, output_multiplier) = match arith {
            Arith::Add | Arith::Sub => {
                // CalculateOpDataAdd / CalculateOpDataSub: everything in double.
                let twice_max = 2.0 * f64::from(s1.max(s2));
                let output = twice_max / (f64::from(1 << LEFT_SHIFT) * f64::from(so));
                (
                    [smaller_than_one(f64::from(s1) / twice_max)?, smaller_than_one(f64::from(s2) / twice_max)?],
                    smaller_than_one(output)?,
                )
            }
            Arith::Mul => {
                // CalculateOpDataMul: input1_scale * input2_scale / output_scale in double.
                let real = f64::from(s1) * f64::from(s2) / f64::from(so);
                ([(0, 0); 2], quantize_multiplier(real))
            }
        };
        Ok(Int8Params { input_offsets, input_multipliers, output_multiplier, output_offset: zo })
    }

    /// add/sub: what input `k` contributes for each of its values -128..=127 (TFLite's
    /// `MultiplyByQuantizedMultiplierSmallerThanOneExp((x + offset) << 20, ...)`).
    fn scaled_input_table(&self, k: usize) -> Vec<i64> {
        let (multiplier, shift) = self.input_multipliers[k];
        (-128..=127)
            .map(|x: i32| {
                let shifted = (x + self.input_offsets[k]) * (1 << LEFT_SHIFT);
                i64::from(reference::multiply_by_quantized_multiplier(shifted, multiplier, shift))
            })
            .collect()
    }
}

/// The int8 kernels.
fn lower_int8(e: &mut KernelEmitter<'_>, arith: Arith, output: &[i64]) -> Result<(), Diagnostic> {
    let inputs = [e.inputs[0], e.inputs[1]];
    let out = e.output;
    let quant = |e: &KernelEmitter<'_>, v: Value| e.per_tensor(v).map(|(s, z)| (s as f32, z as i32));
    let (q1, q2, qo) = (quant(e, inputs[0])?, quant(e, inputs[1])?, quant(e, out)?);
    let p = Int8Params::new(arith, q1, q2, qo).map_err(|m| e.unsupported(m))?;
    let range = fused_range_quantized(e, out)?;
    // add/sub rescale each input by a function of its int8 value alone: a 256-entry table.
    let tables = match arith {
        Arith::Mul => None,
        _ => Some([0, 1].map(|k| e.table("rescaled_input", 32, &p.scaled_input_table(k)))),
    };
    let mut load = |e: &mut KernelEmitter<'_>, k: usize, buffer: Value, indices: &[Value]| {
        let x = e.load(buffer, indices);
        let x = e.extsi_i32(x);
        Ok(match tables {
            Some(tables) => {
                let bias = e.i32(128);
                let entry = e.addi(x, bias);
                let index_type = e.b.ctx.index_type();
                let entry = e.unary("arith.index_cast", entry, index_type);
                e.load(tables[k], &[entry])
            }
            None => {
                let offset = e.i32(p.input_offsets[k]);
                e.addi(x, offset)
            }
        })
    };
    broadcast_nest(e, output, &inputs, &mut load, &mut |e, ivs, xs| {
        let combine = match arith {
            Arith::Add => "arith.addi",
            Arith::Sub => "arith.subi",
            Arith::Mul => "arith.muli",
        };
        let raw = e.binary(combine, xs[0], xs[1]);
        let scale = Scale::constant(e, p.output_multiplier);
        let value = requantize_to_i8(e, raw, scale, p.output_offset, range);
        e.store(value, out, ivs);
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// TFLite's int8 `AddFunc`/`SubFunc`/`MulElementwise` on one pair, from the parameters.
    fn reference_op(arith: Arith, p: &Int8Params, x: i8, y: i8) -> i8 {
        let mbqm = reference::multiply_by_quantized_multiplier;
        let (x, y) = (i32::from(x) + p.input_offsets[0], i32::from(y) + p.input_offsets[1]);
        let raw = match arith {
            Arith::Mul => x * y,
            _ => {
                let [(m1, s1), (m2, s2)] = p.input_multipliers;
                let (x, y) = (mbqm(x << LEFT_SHIFT, m1, s1), mbqm(y << LEFT_SHIFT, m2, s2));
                if arith == Arith::Add { x + y } else { x - y }
            }
        };
        let (m, s) = p.output_multiplier;
        (mbqm(raw, m, s) + p.output_offset).clamp(-128, 127) as i8
    }

    #[test]
    fn parameters_follow_tflite_micro() {
        // Equal scales: each input is rescaled by one half; the output by 2·s / (2^20·so).
        let p = Int8Params::new(Arith::Add, (0.5, 3), (0.5, -7), (0.25, 1)).unwrap();
        assert_eq!(p.input_offsets, [-3, 7]);
        assert_eq!(p.input_multipliers, [(1 << 30, 0), (1 << 30, 0)]);
        assert_eq!(p.output_multiplier, (1 << 30, -17));
        // (2 - 3)·0.5 + (9 + 7)·0.5 = 7.5, over 0.25 plus the zero point 1: 31.
        assert_eq!(reference_op(Arith::Add, &p, 2, 9), 31);
        assert_eq!(
            reference_op(Arith::Sub, &Int8Params::new(Arith::Sub, (0.5, 3), (0.5, -7), (0.25, 1)).unwrap(), 2, 9),
            -33
        );
        // mul: 0.5·0.5/0.25 = 1.
        let p = Int8Params::new(Arith::Mul, (0.5, 3), (0.5, -7), (0.25, 1)).unwrap();
        assert_eq!(p.output_multiplier, (1 << 30, 1));
        assert_eq!(reference_op(Arith::Mul, &p, 5, -5), 5);
        // An output scale so small that the output rescale is not below one is rejected.
        assert!(Int8Params::new(Arith::Add, (1.0, 0), (1.0, 0), (1e-7, 0)).is_err());
    }
}
